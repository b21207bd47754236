// Every piece of text the page shows, in English and French. Nothing else in
// www/ writes user-visible words: it asks t(key, values).

import { teachEn, teachFr } from './i18n-teach.js';

/** @typedef {'en' | 'fr'} Lang */

const en = {
  'doc.title': 'Chomp — play it, understand it',
  'app.title': 'Chomp',
  'app.tagline': 'Eat the chocolate; leave the poisoned square to your opponent.',
  'lang.label': 'Language',
  'view.group': 'Classroom display',
  'view.projector': 'Projector',
  'view.projectorTitle': 'Very large board and text, high contrast, colour-blind-safe colours',
  'view.fullscreen': 'Fullscreen',
  'view.exitFullscreen': 'Exit fullscreen',
  'view.noFullscreen': 'Fullscreen is not available here (this browser or the frame around the page does not allow it); the browser’s own key, often F11, may still work.',
  'view.fullscreenRefused': 'The browser refused fullscreen; its own key, often F11, may still work.',
  'board.label': 'Chocolate bar, {rows} rows by {cols} columns',
  'cell.plain': 'row {row}, column {col}',
  'cell.poison': 'row 1, column 1, poisoned square',
  'cell.eaten': 'row {row}, column {col}, eaten',
  'cell.hint': 'row {row}, column {col}, winning move',
  'controls.hint': 'Hint',
  'controls.undo': 'Undo',
  'controls.redo': 'Redo',
  'controls.restart': 'Restart',
  'form.legend': 'New game',
  'form.rows': 'Rows',
  'form.cols': 'Columns',
  'form.first': 'Who starts',
  'form.first.human': 'You (or player 1)',
  'form.first.computer': 'The computer (or player 2)',
  'form.opponent': 'Opponent',
  'level.perfect': 'Computer, perfect play',
  'level.original': 'Computer, like the original page (kernel move, else random)',
  'level.random': 'Computer, random moves',
  'level.human': 'Another person on this device',
  'form.start': 'New game',
  'progress.label': 'Solving {total} positions: {percent}%',
  'g.progress': 'Computing the Grundy values up to {total}: {percent}%',
  'progress.eta': '{label} (about {seconds} s left)',
  'progress.cancel': 'Cancel',
  'status.solving': 'Getting the bar ready: solving its positions…',
  'status.cancelled': 'Solving cancelled. Choose a smaller bar and start a new game.',
  'status.yourTurn': 'Your turn: pick a square to eat.',
  'status.computerThinking': 'The computer is thinking…',
  'status.computerPlayed': 'The computer ate row {row}, column {col}.',
  'status.playerTurn': 'Player {player}, your turn.',
  'status.playerPlayed': 'Player {player} ate row {row}, column {col}.',
  'status.youPlayed': 'You ate row {row}, column {col}.',
  'status.youWon': 'You won! Only the poisoned square is left for the computer.',
  'status.computerWon': 'The computer won: only the poisoned square is left for you.',
  'status.playerWon': 'Player {player} won! Only the poisoned square is left for player {loser}.',
  'status.solved': '{positions} positions solved in {ms} ms ({kernel} in the kernel).',
  'status.threeRows': 'Exact play at any width: for each pair of lower rows, at most one first-row length is a losing position, and a table of them decides every move.',
  'status.open': 'This bar is past exact solving: the computer uses closed forms (two rows, L-shapes, the square’s (2, 2)), exact solves of small parts and a bounded search, and says when it is not sure.',
  'status.computerUnsure': 'The computer is not sure of this move: it could not solve this position exactly.',
  'hint.someUnsure': 'Winning moves known: {list}. The bar is past exact solving: other squares may win too.',
  'hint.unknown': 'No winning move is known here: the bar is past exact solving. The computer would play row {row}, column {col}.',
  'hint.some': 'Winning moves: {list}. Each leaves a position in the kernel.',
  'hint.none': 'No winning move: this position is in the kernel, so every bite loses against perfect play. The best resistance is row {row}, column {col}.',
  'hint.move': 'row {row}, column {col}',
  'hint.unavailable': 'No hint: the game is over.',
  'error.busy': 'Wait for the solver to finish.',
  'status.solveFailed': 'This bar cannot be played: {reason}',
  'notation.invalid': 'Cannot read that position: {reason}',
  'g.badHeaps': 'These heaps cannot be played: {reason}',
  'g.failed': 'The computer could not move: {reason}',
  'worker.restarted': 'The solver stopped unexpectedly and was started again; the game goes on from where it was.',
  'err.plain': '{message}',
  'err.atCharacter': 'At character {at}: {reason}',
  'err.atPlace': 'Line {line}, column {column}: {reason}',
  'err.worker.gone': 'The solver was stopped before it answered.',
  'err.input.not_object': 'Expected a value like {expected}.',
  'err.input.missing': 'The value {field} is missing.',
  'err.input.not_whole': '{field} is {value}: expected a whole number from {min} to {max}.',
  'err.input.unknown': '{field} is “{value}”: expected one of {expected}.',
  'err.input.too_many': '{field} has {count} entries: at most {max} are allowed.',
  'err.position.empty': 'The position is empty: row 1 always keeps at least the poisoned square.',
  'err.position.increasing': 'Row {row} has {len} squares but the row above has {above}: row lengths must not increase from top to bottom.',
  'err.position.too_many_rows': '{count} rows is too many: at most {max}.',
  'err.position.row_too_long': 'A row of {len} squares is too long: at most {max}.',
  'err.position.outside_box': 'The position does not fit in a {rows}×{cols} board.',
  'err.move.off_board': 'There is no square at row {row}, column {col}: rows and columns are numbered from 1.',
  'err.move.eaten': 'Row {row}, column {col} has already been eaten.',
  'err.move.poison': 'The poisoned square is never eaten by choice: the game ends when it is the only square left.',
  'err.notation.unclosed': '“{open}” is never closed by “{close}”.',
  'err.notation.number_expected': 'A number is missing before “{found}”.',
  'err.notation.negative': 'Negative numbers are not allowed: lengths are whole numbers, 0 or more.',
  'err.notation.decimal': 'Lengths are whole numbers, without a decimal point.',
  'err.notation.bad_char': '“{found}” is not a digit, space or comma.',
  'err.notation.no_numbers': 'No numbers were given.',
  'err.notation.row_too_large': 'Row {index} is {value} long: at most {max} squares.',
  'err.notation.column_too_large': 'Column {index} is {value} high: at most {max} squares.',
  'err.notation.rows_increasing': 'Row {index} has {value} squares but row {previous} has {before}: rows must not grow from top to bottom.',
  'err.notation.columns_increasing': 'Column {index} has {value} squares but column {previous} has {before}: columns must not grow from left to right.',
  'err.notation.too_many_rows': 'More than {max} rows.',
  'err.notation.too_many_columns': 'More than {max} columns.',
  'err.notation.first_row_empty': 'Row 1 holds the poisoned square, so it cannot be empty.',
  'err.notation.first_column_empty': 'Column 1 holds the poisoned square, so it cannot be empty.',
  'err.board.empty': 'A board needs at least one row and one column.',
  'err.board.too_large': 'A {rows}×{cols} board has {positions} positions; exact solving is limited to {max}.',
  'err.board.out_of_memory': 'This device could not give the {bytes} bytes a {rows}×{cols} table needs.',
  'err.setting.shape': 'A {rows}×{cols} board is not offered: boards go up to {max}×{max}, or {thin} columns (rows) when there are at most 3 rows (columns).',
  'err.setting.position_fit': 'This position needs a {need_rows}×{need_cols} bar but the board is {rows}×{cols}.',
  'err.record.syntax': 'Move {index} of the record is “{text}”: write each move as row,column, such as 2,3.',
  'err.record.illegal': 'Move {index} of the record (row {row}, column {col}) cannot be played there; the moves before it are kept.',
  'err.record.split_syntax': 'Move {index} of the record is “{text}”: write each split as big+small, such as 13+7.',
  'err.record.split_illegal': 'Move {index} of the record ({big} + {small}) cannot be played there: no heap of {size} can be split so. The moves before it are kept.',
  'err.heaps.none': 'A game needs at least one heap.',
  'err.heaps.too_many': '{count} heaps is too many: at most {max}.',
  'err.heaps.empty_heap': 'Heap {heap} is empty: every heap has at least 1 match.',
  'err.heaps.too_large': 'Heap {heap} has {size} matches, more than the largest heap offered ({max}).',
  'err.heaps.not_a_number': 'Heap {heap}: “{word}” is not a whole number of matches.',
  'err.heaps.not_computed': 'The value of a heap of {size} is not computed yet.',
  'err.heaps.cancelled': 'The computation of Grundy values was stopped.',
  'err.split.no_heap': 'There is no heap {heap} (there are {count}).',
  'err.split.too_small': 'A heap of {size} cannot be split: its two parts would have to be different and non-empty.',
  'err.split.empty_part': 'Both parts of a split must have at least one match.',
  'err.split.wrong_sum': '{big} + {small} is not {size}: the two parts must add up to the heap.',
  'err.split.equal': '{size} cannot be split into two equal heaps of {half}: the parts must differ.',
  'err.split.order': 'The larger part comes first.',
  'err.graph.empty': 'The text is empty: paste a dict like d = { 0: [1, 2], 1: [], 2: [] }.',
  'err.graph.too_long': 'The text has {chars} characters: at most {max} are read.',
  'err.graph.too_many_vertices': 'More than {max} vertices.',
  'err.graph.too_many_arcs': 'More than {max} arcs.',
  'err.graph.expected_dict': 'Expected “=” and the dict after {name}, like {name} = { 0: [1, 2], 1: [] }.',
  'err.graph.expected_open_brace': 'Expected “{” to open the dict, found {found}.',
  'err.graph.expected_key': 'Expected a vertex name (a whole number or a quoted name) or “}”, found {found}.',
  'err.graph.expected_colon': 'Expected “:” after the vertex {vertex}, found {found}.',
  'err.graph.expected_open_bracket': 'Expected “[” to open the successors of {vertex}, found {found}.',
  'err.graph.expected_successor': 'Expected a successor of {vertex} (a whole number or a quoted name) or “]”, found {found}.',
  'err.graph.expected_comma_in_list': 'Expected “,” or “]” in the successors of {vertex}, found {found}.',
  'err.graph.expected_comma_in_dict': 'Expected “,” or “}” after the successors of {vertex}, found {found}.',
  'err.graph.unclosed_dict': 'The text ends before the dict opened at line {open_line}, column {open_column} is closed with “}”.',
  'err.graph.unclosed_list': 'The text ends before the successors of {vertex}, opened at line {open_line}, column {open_column}, are closed with “]”.',
  'err.graph.unclosed_string': 'This quoted name is not closed: put a {quote} before the end of the line.',
  'err.graph.bad_escape': 'The escape {escape} cannot be read: write the character itself, or \\xhh, \\uhhhh or \\Uhhhhhhhh.',
  'err.graph.negative_number': '{digits} is negative: a vertex is a whole number from 0 or a quoted name.',
  'err.graph.leading_zero': '{digits} starts with 0, which Python 3 refuses: write the number without leading zeros, or ‘{digits}’ in quotes for a name.',
  'err.graph.number_too_large': '{digits} is too large for a vertex number: write it in quotes for a name.',
  'err.graph.trailing_text': 'Unexpected {found} after the end of the dict.',
  'err.graph.no_vertex': 'The dict has no vertex.',
  'err.graph.duplicate_key': 'Vertex {vertex} is listed twice (first at line {first_line}, column {first_column}).',
  'err.graph.unknown_successor': '{name}, a successor of {vertex}, is not a vertex: add a key {name}: [...] to the dict.',
  'err.graph.successor_type_mismatch': '{name} is not a vertex, but {key} is: in Python a number and a quoted name are different keys, so write both the same way.',
  'err.graph.self_loop': 'Vertex {vertex} lists itself as a successor: a move must change the position.',
  'err.graph.duplicate_arc': '{name} appears twice among the successors of {vertex}.',
  'err.graph.cycle': 'The graph has a cycle: {cycle}. A game on it could go on forever, and a graph with a cycle may have no kernel or several, so the worksheet’s algorithms do not apply.',
  'err.graph.too_big_to_show': 'This graph has {count} vertices: too many to draw (at most {max}).',
  'err.arena.empty': 'A board needs at least one row and one column.',
  'err.arena.too_big': 'This arena has {count} vertices, more than {max}: too many to build.',
  'err.arena.too_many_arcs': 'This arena has {count} arcs, more than {max}: too many to build.',
  'err.session.no_game': 'No game has been started yet.',
  'err.session.stale': 'The position changed before this answer came.',
  'err.turn.game_over': 'The game is over. Start a new game or undo.',
  'err.turn.computer': 'Wait: it is the computer’s turn.',
  'err.turn.demo': 'The computer plays both sides in the demo: leave the demo to play.',
  'err.turn.not_computer': 'It is not the computer’s turn.',
  'err.oracle.unknown': 'This position is past exact reach: no winning move is known, and it may have none.',
  'err.lab.too_deep': 'v{version} runs on heaps of at most {max} matches: its search is a recursion as deep as the heap.',
  'url.bad': 'Ignored “{name}={value}”: {reason} Using {used}.',
  'url.badPlain': 'Ignored “{name}={value}”: {reason}',
  'embed.badAttribute': 'Ignored the attribute {name}="{value}": {reason} Using {used}.',
  'embed.badAttributePlain': 'Ignored the attribute {name}="{value}": {reason}',
  'url.expect.lang': 'expected “en” or “fr”.',
  'url.expect.demo': 'expected 1 (the demo) or 0.',
  'url.expect.speed': 'expected “slow”, “normal” or “fast”.',
  'url.usedFullBar': 'the full {rows}×{cols} bar',
  'demo.start': 'Demo: computer vs computer',
  'demo.leave': 'Leave the demo',
  'demo.bar': 'Demo controls',
  'demo.play': 'Play',
  'demo.pause': 'Pause',
  'demo.step': 'Step',
  'demo.speed': 'Speed',
  'demo.slow': 'Slow',
  'demo.normal': 'Normal',
  'demo.fast': 'Fast',
  'demo.started': 'Demo: the perfect computer plays both sides.',
  'demo.toMove': 'Player {player} (computer) to move.',
  'demo.noBite': 'The computer plays both sides in the demo: leave the demo to play.',
  'demo.played': 'Player {player} (computer) ate row {row}, column {col}.',
  'demo.whyWin': 'This leaves a P-position (in the kernel): every reply loses.',
  'demo.whyWinIn': 'This leaves a P-position (in the kernel): every reply loses, and perfect play ends the game in {moves} more moves.',
  'demo.whyResist': 'It was in a P-position, where every bite loses: it resists as long as it can.',
  'demo.whyResistIn': 'It was in a P-position, where every bite loses: it resists as long as it can (the game ends in {moves} more moves).',
  'demo.whyResistLast': 'It was in a P-position, where every bite loses: the opponent now wins at once.',
  'demo.won': 'Player {player} (computer) wins: only the poisoned square is left for player {loser} (computer).',
  'share.copy': 'Copy',
  'share.copyRows': 'Copy the row lengths',
  'share.copyColumns': 'Copy the column heights',
  'share.link': 'Copy link to this position',
  'share.linkLabel': 'Link to this position',
  'share.linkCopied': 'Link copied.',
  'share.textCopied': 'Copied: {text}',
  'share.pressCtrlC': 'The browser refused to copy: the text is selected, press Ctrl+C (⌘C on a Mac) to copy it.',
  'share.title': 'Share',
  'notation.legend': 'Position',
  'notation.rows': 'Row lengths, top row first',
  'notation.columns': 'Column heights, left column first (as in the original page)',
  'notation.load': 'Play from this position',
  'notation.loaded': 'Playing from the position {rows}.',
  'rules.title': 'How to play',
  'rules.text': 'Players take turns. A turn eats one square together with every square below it and to its right. The top-left square is poisoned: whoever is left with only that square loses. The first player always has a winning move on a full rectangle (Gale’s strategy-stealing argument), but finding it takes a search of every position: the solver does exactly that.',
  'graph.title': 'Game graph: kernel, strategy, nimbers',
  'graph.intro': 'Every position is a vertex and every move an arrow. The kernel is found as in the worksheet: take a vertex without successor, put it in the kernel, delete it and its predecessors, and start again. The kernel positions are the losing ones; a winning strategy always moves into the kernel; the kernel is also where the Sprague–Grundy number (nimber) is 0.',
  'graph.arenaTitle': 'Arena of a Chomp bar',
  'graph.drawArena': 'Draw the arena',
  'graph.fromBoard': 'Graph of the position on the board',
  'graph.dictTitle': 'Your own graph',
  'graph.dictLabel': 'A Python dict, as in the worksheet: d = { 0: [1, 2], 1: [2], 2: [] }',
  'graph.analyse': 'Analyse',
  'graph.prev': 'Previous step',
  'graph.next': 'Next step',
  'graph.play': 'Play',
  'graph.pause': 'Pause',
  'graph.speed': 'Speed',
  'graph.slow': 'Slow',
  'graph.normal': 'Normal',
  'graph.fast': 'Fast',
  'graph.copy': 'Copy the dict',
  'graph.copied': 'The dict text is copied.',
  'graph.svg': 'Download SVG',
  'graph.png': 'Download PNG',
  'graph.figure': 'Game graph',
  'graph.vertexTitle': 'Vertex {name}',
  'graph.start': '{count} vertices. Press “Next step” to run the kernel algorithm.',
  'graph.step': 'Step {n}: {sink} has no successor left, so it joins the kernel (a losing position). Its predecessors {removed} are deleted: they are winning, since they can move to {sink}.',
  'graph.stepAlone': 'Step {n}: {sink} has no successor left, so it joins the kernel (a losing position). It has no predecessor left to delete.',
  'graph.strategy': 'Kernel: {kernel}. The winning strategy (thick green arrows) always moves into the kernel: {pairs}.',
  'graph.nimbers': 'Nimbers: each vertex gets the smallest number not among its successors’ nimbers. The vertices with nimber 0 are exactly the kernel.',
  'graph.link': 'Copy link to this graph',
  'graph.linkLabel': 'Link to this graph',
  'graph.linkNone': 'No graph is drawn yet: there is nothing to link to.',
  'graph.linkTextTooLong': 'The graph in this link is {length} characters long, more than a link holds ({max}): it was not analysed.',
  'graph.linkTooLong': 'A link to this graph would be {length} characters long; links past {max} characters are often cut by servers and mail or chat tools. Copy the dict text instead.',
  'nav.chomp': 'Chomp',
  'nav.grundy': 'Grundy’s game',
  'g.doc.title': 'Grundy’s game — play it, understand it',
  'g.title': 'Grundy’s game',
  'g.tagline': 'Split a heap of matches into two unequal heaps. Whoever cannot split any heap loses.',
  'g.board': 'Heaps of matches',
  'g.heapLabel': 'Heap {n}: {count} matches',
  'g.heapValue': 'Grundy value {g}',
  'g.splitLabel': 'Split heap {n} into',
  'g.split': 'Split',
  'g.pick': 'Choose a heap (click, tap or arrow keys), then where to split it.',
  'g.preview': 'Split {count} into {big} + {small}? Click again (or press Enter) to play.',
  'g.yourTurn': 'Your turn: split a heap into two unequal heaps.',
  'g.playerTurn': '{player}: split a heap into two unequal heaps.',
  'g.thinking': 'The computer is thinking…',
  'g.computerPlayed': 'The computer split {count} into {big} + {small}.',
  'g.youPlayed': 'You split {count} into {big} + {small}.',
  'g.youWin': 'No heap can be split: the computer is stuck. You win!',
  'g.youLose': 'No heap can be split: you are stuck. The computer wins.',
  'g.playerWins': 'No heap can be split: {player} wins.',
  'g.hintWin': 'Hint: split {count} (heap {n}) into {big} + {small}: the nim-sum becomes 0.',
  'g.hintLose': 'Hint: the nim-sum is 0, so every split loses against perfect play. Make the game long and hope for a mistake.',
  'g.hintLoseResist': 'Hint: the nim-sum is 0, so every split loses against perfect play. The longest resistance: split {count} into {big} + {small}.',
  'g.playerPlayed': '{player} split {count} into {big} + {small}.',
  'g.computing': 'Computing the Grundy values of the heaps…',
  'g.cancelled': 'Computing the values was stopped. Choose smaller heaps and start a new game.',
  'g.computeFailed': 'These heaps cannot be played: {reason}',
  'g.setAsideShort': 'set aside (G = 0)',
  'g.setAsideLabel': 'Heaps set aside: {twos} of 2 matches, {ones} of 1 match. They can never be split, and their Grundy value is 0.',
  'g.showValues': 'Show Grundy values and the nim-sum',
  'g.nimSum': 'Nim-sum: {values} = {sum}',
  'g.nimSumWin': 'Not zero: the player to move can win.',
  'g.nimSumLose': 'Zero: the player to move loses against perfect play.',
  'g.explain': 'Every heap of n matches behaves like a Nim heap of size G(n), its Grundy value: G(n) is the smallest number that is not the value of a position reachable in one move (a split into a and b has value G(a) xor G(b)). A position of several heaps is worth the xor of their values (its nim-sum), and it is lost for the player to move exactly when this xor is 0. That is the seed’s theorem 3.4 (a losing heap, of value 0, changes nothing) and its “types” (two heaps of the same type cancel out, since x xor x = 0). To win, split so that the nim-sum becomes 0.',
  'g.form.heap': 'One heap of',
  'g.form.custom': 'or heaps (e.g. 17, 5)',
  'g.level.perfect': 'Computer, perfect play (wins if it can, else resists longest)',
  'g.level.seed': 'Computer, like the seed (winning move, else random)',
  'g.level.random': 'Computer, random splits',
  'g.history': 'Moves',
  'g.player': 'Player {n}',
  'g.demo.played': 'Player {player} (computer) split {count} into {big} + {small}.',
  'g.demo.toZero': 'The nim-sum becomes {sum}: every reply loses.',
  'g.demo.resist': 'The nim-sum was 0, so no split wins: it resists as long as it can.',
  'g.demo.wins': 'No heap can be split: player {player} (computer) wins.',
  'lab.title': 'Lab: the seed’s five solvers, measured',
  'lab.intro': 'Each version answers “is there a winning split of one heap of n?” from scratch, for n = 3, 4, 5, … until one run takes longer than the budget. v0 is plain recursion; v1 remembers losing positions; v2 also winning ones; v3 drops losing heaps (theorem 3.4); v4 cancels pairs of heaps of the same type; v5 is Sprague–Grundy (the xor of Grundy values).',
  'lab.budget': 'Time budget per run (ms)',
  'lab.maxN': 'Largest n',
  'lab.run': 'Run the lab',
  'lab.stop': 'Stop',
  'lab.csv': 'Download CSV',
  'lab.time': 'Time (ms, log scale)',
  'lab.ops': 'Operations (log scale)',
  'lab.n': 'heap n',
  'lab.running': 'Running {version} on a heap of {n}…',
  'lab.done': 'Done: {runs} runs.',
  'lab.stopped': 'Stopped after {runs} runs.',
  'lab.bounded': '{version} stopped at n = {n}: its search is a recursion as deep as the heap, and the browser’s stack is small.',
  'lab.col.version': 'Version',
  'lab.col.n': 'n',
  'lab.col.won': 'Winning?',
  'lab.col.ms': 'Time (ms)',
  'lab.col.ops': 'Operations',
  'lab.yes': 'yes',
  'lab.no': 'no',
  'you': 'You',
  'computer': 'Computer',
  ...teachEn,
};

/** @type {typeof en} */
const fr = {
  'doc.title': 'Chomp — jouer et comprendre',
  'app.title': 'Chomp',
  'app.tagline': 'Mangez le chocolat ; laissez le carré empoisonné à l’adversaire.',
  'lang.label': 'Langue',
  'view.group': 'Affichage en classe',
  'view.projector': 'Projecteur',
  'view.projectorTitle': 'Plateau et texte très grands, fort contraste, couleurs lisibles par les daltoniens',
  'view.fullscreen': 'Plein écran',
  'view.exitFullscreen': 'Quitter le plein écran',
  'view.noFullscreen': 'Le plein écran n’est pas disponible ici (ce navigateur ou le cadre de la page ne le permet pas) ; la touche du navigateur, souvent F11, peut encore fonctionner.',
  'view.fullscreenRefused': 'Le navigateur a refusé le plein écran ; sa propre touche, souvent F11, peut encore fonctionner.',
  'board.label': 'Tablette de chocolat, {rows} lignes sur {cols} colonnes',
  'cell.plain': 'ligne {row}, colonne {col}',
  'cell.poison': 'ligne 1, colonne 1, carré empoisonné',
  'cell.eaten': 'ligne {row}, colonne {col}, mangé',
  'cell.hint': 'ligne {row}, colonne {col}, coup gagnant',
  'controls.hint': 'Indice',
  'controls.undo': 'Annuler',
  'controls.redo': 'Rétablir',
  'controls.restart': 'Recommencer',
  'form.legend': 'Nouvelle partie',
  'form.rows': 'Lignes',
  'form.cols': 'Colonnes',
  'form.first': 'Qui commence',
  'form.first.human': 'Vous (ou joueur 1)',
  'form.first.computer': 'L’ordinateur (ou joueur 2)',
  'form.opponent': 'Adversaire',
  'level.perfect': 'Ordinateur, jeu parfait',
  'level.original': 'Ordinateur, comme la page d’origine (coup du noyau, sinon au hasard)',
  'level.random': 'Ordinateur, coups au hasard',
  'level.human': 'Une autre personne sur cet appareil',
  'form.start': 'Nouvelle partie',
  'progress.label': 'Résolution de {total} positions : {percent} %',
  'g.progress': 'Calcul des valeurs de Grundy jusqu’à {total} : {percent} %',
  'progress.eta': '{label} (encore {seconds} s environ)',
  'progress.cancel': 'Annuler',
  'status.solving': 'Préparation de la tablette : résolution de ses positions…',
  'status.cancelled': 'Résolution annulée. Choisissez une tablette plus petite et lancez une nouvelle partie.',
  'status.yourTurn': 'À vous : choisissez un carré à manger.',
  'status.computerThinking': 'L’ordinateur réfléchit…',
  'status.computerPlayed': 'L’ordinateur a mangé ligne {row}, colonne {col}.',
  'status.playerTurn': 'Joueur {player}, à vous.',
  'status.playerPlayed': 'Le joueur {player} a mangé ligne {row}, colonne {col}.',
  'status.youPlayed': 'Vous avez mangé ligne {row}, colonne {col}.',
  'status.youWon': 'Gagné ! Il ne reste que le carré empoisonné pour l’ordinateur.',
  'status.computerWon': 'L’ordinateur a gagné : il ne vous reste que le carré empoisonné.',
  'status.playerWon': 'Le joueur {player} a gagné ! Il ne reste que le carré empoisonné pour le joueur {loser}.',
  'status.solved': '{positions} positions résolues en {ms} ms ({kernel} dans le noyau).',
  'status.threeRows': 'Jeu exact à toute largeur : pour chaque paire de lignes du bas, une seule longueur de première ligne au plus donne une position perdante, et leur table décide chaque coup.',
  'status.open': 'Cette tablette dépasse la résolution exacte : l’ordinateur utilise des formules (deux lignes, équerres, le (2, 2) du carré), des résolutions exactes de parties plus petites et une recherche bornée, et dit quand il n’est pas sûr.',
  'status.computerUnsure': 'L’ordinateur n’est pas sûr de ce coup : il n’a pas pu résoudre cette position exactement.',
  'hint.someUnsure': 'Coups gagnants connus : {list}. La tablette dépasse la résolution exacte : d’autres carrés peuvent aussi gagner.',
  'hint.unknown': 'Aucun coup gagnant connu ici : la tablette dépasse la résolution exacte. L’ordinateur jouerait ligne {row}, colonne {col}.',
  'hint.some': 'Coups gagnants : {list}. Chacun laisse une position du noyau.',
  'hint.none': 'Aucun coup gagnant : cette position est dans le noyau, tout coup perd contre un jeu parfait. La meilleure résistance : ligne {row}, colonne {col}.',
  'hint.move': 'ligne {row}, colonne {col}',
  'hint.unavailable': 'Pas d’indice : la partie est finie.',
  'error.busy': 'Attendez la fin de la résolution.',
  'status.solveFailed': 'Impossible de jouer cette tablette : {reason}',
  'notation.invalid': 'Impossible de lire cette position : {reason}',
  'g.badHeaps': 'Impossible de jouer ces tas : {reason}',
  'g.failed': 'L’ordinateur n’a pas pu jouer : {reason}',
  'worker.restarted': 'Le solveur s’est arrêté brusquement et a été relancé ; la partie reprend où elle en était.',
  'err.plain': '{message}',
  'err.atCharacter': 'Au caractère {at} : {reason}',
  'err.atPlace': 'Ligne {line}, colonne {column} : {reason}',
  'err.worker.gone': 'Le solveur a été arrêté avant de répondre.',
  'err.input.not_object': 'Il faut une valeur comme {expected}.',
  'err.input.missing': 'La valeur {field} manque.',
  'err.input.not_whole': '{field} vaut {value} : il faut un nombre entier de {min} à {max}.',
  'err.input.unknown': '{field} vaut « {value} » : il faut l’une des valeurs {expected}.',
  'err.input.too_many': '{field} a {count} éléments : {max} au plus.',
  'err.position.empty': 'La position est vide : la ligne 1 garde toujours au moins le carré empoisonné.',
  'err.position.increasing': 'La ligne {row} a {len} carrés mais celle du dessus en a {above} : les longueurs ne doivent pas augmenter de haut en bas.',
  'err.position.too_many_rows': '{count} lignes, c’est trop : {max} au plus.',
  'err.position.row_too_long': 'Une ligne de {len} carrés est trop longue : {max} au plus.',
  'err.position.outside_box': 'La position ne tient pas dans une tablette {rows}×{cols}.',
  'err.move.off_board': 'Il n’y a pas de carré ligne {row}, colonne {col} : lignes et colonnes sont numérotées à partir de 1.',
  'err.move.eaten': 'La case ligne {row}, colonne {col} est déjà mangée.',
  'err.move.poison': 'On ne mange jamais le carré empoisonné volontairement : la partie s’arrête quand il est seul.',
  'err.notation.unclosed': '« {open} » n’est jamais fermé par « {close} ».',
  'err.notation.number_expected': 'Il manque un nombre avant « {found} ».',
  'err.notation.negative': 'Pas de nombres négatifs : les longueurs sont des entiers positifs ou nuls.',
  'err.notation.decimal': 'Les longueurs sont des nombres entiers, sans virgule décimale.',
  'err.notation.bad_char': '« {found} » n’est ni un chiffre, ni une espace, ni une virgule.',
  'err.notation.no_numbers': 'Aucun nombre n’a été donné.',
  'err.notation.row_too_large': 'La ligne {index} a une longueur de {value} : {max} carrés au plus.',
  'err.notation.column_too_large': 'La colonne {index} a une hauteur de {value} : {max} carrés au plus.',
  'err.notation.rows_increasing': 'La ligne {index} a {value} carrés mais la ligne {previous} en a {before} : les lignes ne doivent pas s’allonger de haut en bas.',
  'err.notation.columns_increasing': 'La colonne {index} a {value} carrés mais la colonne {previous} en a {before} : les colonnes ne doivent pas grandir de gauche à droite.',
  'err.notation.too_many_rows': 'Plus de {max} lignes.',
  'err.notation.too_many_columns': 'Plus de {max} colonnes.',
  'err.notation.first_row_empty': 'La ligne 1 porte le carré empoisonné : elle ne peut pas être vide.',
  'err.notation.first_column_empty': 'La colonne 1 porte le carré empoisonné : elle ne peut pas être vide.',
  'err.board.empty': 'Une tablette a au moins une ligne et une colonne.',
  'err.board.too_large': 'Une tablette {rows}×{cols} a {positions} positions ; la résolution exacte s’arrête à {max}.',
  'err.board.out_of_memory': 'Cet appareil n’a pas pu donner les {bytes} octets qu’une table {rows}×{cols} demande.',
  'err.setting.shape': 'Une tablette {rows}×{cols} n’est pas proposée : les tablettes vont jusqu’à {max}×{max}, ou {thin} colonnes (lignes) s’il y a au plus 3 lignes (colonnes).',
  'err.setting.position_fit': 'Cette position demande une tablette {need_rows}×{need_cols} mais la tablette est de {rows}×{cols}.',
  'err.record.syntax': 'Le coup {index} de la partie est « {text} » : écrivez chaque coup ligne,colonne, comme 2,3.',
  'err.record.illegal': 'Le coup {index} de la partie (ligne {row}, colonne {col}) ne peut pas être joué à cet endroit ; les coups précédents sont gardés.',
  'err.record.split_syntax': 'Le coup {index} de la partie est « {text} » : écrivez chaque séparation grand+petit, comme 13+7.',
  'err.record.split_illegal': 'Le coup {index} de la partie ({big} + {small}) ne peut pas être joué à cet endroit : aucun tas de {size} ne se sépare ainsi. Les coups précédents sont gardés.',
  'err.heaps.none': 'Une partie demande au moins un tas.',
  'err.heaps.too_many': '{count} tas, c’est trop : {max} au plus.',
  'err.heaps.empty_heap': 'Le tas {heap} est vide : chaque tas a au moins 1 allumette.',
  'err.heaps.too_large': 'Le tas {heap} a {size} allumettes, plus que le plus grand tas proposé ({max}).',
  'err.heaps.not_a_number': 'Tas {heap} : « {word} » n’est pas un nombre entier d’allumettes.',
  'err.heaps.not_computed': 'La valeur d’un tas de {size} n’est pas encore calculée.',
  'err.heaps.cancelled': 'Le calcul des valeurs de Grundy a été arrêté.',
  'err.split.no_heap': 'Il n’y a pas de tas {heap} (il y en a {count}).',
  'err.split.too_small': 'Un tas de {size} ne se sépare pas : ses deux parts devraient être différentes et non vides.',
  'err.split.empty_part': 'Les deux parts d’une séparation ont au moins une allumette.',
  'err.split.wrong_sum': '{big} + {small} ne fait pas {size} : les deux parts doivent faire le tas.',
  'err.split.equal': '{size} ne se sépare pas en deux tas égaux de {half} : les parts doivent être différentes.',
  'err.split.order': 'La plus grande part vient d’abord.',
  'err.graph.empty': 'Le texte est vide : collez un dictionnaire comme d = { 0: [1, 2], 1: [], 2: [] }.',
  'err.graph.too_long': 'Le texte a {chars} caractères : {max} au plus sont lus.',
  'err.graph.too_many_vertices': 'Plus de {max} sommets.',
  'err.graph.too_many_arcs': 'Plus de {max} arcs.',
  'err.graph.expected_dict': 'Il faut « = » et le dictionnaire après {name}, comme {name} = { 0: [1, 2], 1: [] }.',
  'err.graph.expected_open_brace': 'Il faut « { » pour ouvrir le dictionnaire ; trouvé : {found}.',
  'err.graph.expected_key': 'Il faut un nom de sommet (un nombre entier ou un nom entre guillemets) ou « } » ; trouvé : {found}.',
  'err.graph.expected_colon': 'Il faut « : » après le sommet {vertex} ; trouvé : {found}.',
  'err.graph.expected_open_bracket': 'Il faut « [ » pour ouvrir les successeurs de {vertex} ; trouvé : {found}.',
  'err.graph.expected_successor': 'Il faut un successeur de {vertex} (un nombre entier ou un nom entre guillemets) ou « ] » ; trouvé : {found}.',
  'err.graph.expected_comma_in_list': 'Il faut « , » ou « ] » dans les successeurs de {vertex} ; trouvé : {found}.',
  'err.graph.expected_comma_in_dict': 'Il faut « , » ou « } » après les successeurs de {vertex} ; trouvé : {found}.',
  'err.graph.unclosed_dict': 'Le texte s’arrête avant que le dictionnaire ouvert ligne {open_line}, colonne {open_column} soit fermé par « } ».',
  'err.graph.unclosed_list': 'Le texte s’arrête avant que les successeurs de {vertex}, ouverts ligne {open_line}, colonne {open_column}, soient fermés par « ] ».',
  'err.graph.unclosed_string': 'Ce nom entre guillemets n’est pas fermé : mettez un {quote} avant la fin de la ligne.',
  'err.graph.bad_escape': 'L’échappement {escape} est illisible : écrivez le caractère lui-même, ou \\xhh, \\uhhhh ou \\Uhhhhhhhh.',
  'err.graph.negative_number': '{digits} est négatif : un sommet est un nombre entier à partir de 0 ou un nom entre guillemets.',
  'err.graph.leading_zero': '{digits} commence par 0, ce que Python 3 refuse : écrivez le nombre sans zéros en tête, ou ‘{digits}’ entre guillemets pour un nom.',
  'err.graph.number_too_large': '{digits} est trop grand pour un numéro de sommet : écrivez-le entre guillemets pour un nom.',
  'err.graph.trailing_text': '{found} inattendu après la fin du dictionnaire.',
  'err.graph.no_vertex': 'Le dictionnaire n’a aucun sommet.',
  'err.graph.duplicate_key': 'Le sommet {vertex} figure deux fois (la première ligne {first_line}, colonne {first_column}).',
  'err.graph.unknown_successor': '{name}, successeur de {vertex}, n’est pas un sommet : ajoutez une clé {name}: [...] au dictionnaire.',
  'err.graph.successor_type_mismatch': '{name} n’est pas un sommet, mais {key} en est un : en Python un nombre et un nom entre guillemets sont des clés différentes, écrivez les deux de la même façon.',
  'err.graph.self_loop': 'Le sommet {vertex} est son propre successeur : un coup doit changer la position.',
  'err.graph.duplicate_arc': '{name} figure deux fois parmi les successeurs de {vertex}.',
  'err.graph.cycle': 'Le graphe a un cycle : {cycle}. Une partie pourrait y durer sans fin, et un graphe avec un cycle peut n’avoir aucun noyau ou en avoir plusieurs : les algorithmes du TP ne s’appliquent pas.',
  'err.graph.too_big_to_show': 'Ce graphe a {count} sommets : trop pour le dessiner ({max} au plus).',
  'err.arena.empty': 'Une tablette a au moins une ligne et une colonne.',
  'err.arena.too_big': 'Cette arène a {count} sommets, plus de {max} : trop pour la construire.',
  'err.arena.too_many_arcs': 'Cette arène a {count} arcs, plus de {max} : trop pour la construire.',
  'err.session.no_game': 'Aucune partie n’a encore commencé.',
  'err.session.stale': 'La position a changé avant l’arrivée de cette réponse.',
  'err.turn.game_over': 'La partie est finie. Lancez une nouvelle partie ou annulez.',
  'err.turn.computer': 'Patience : c’est au tour de l’ordinateur.',
  'err.turn.demo': 'L’ordinateur joue les deux camps pendant la démo : quittez la démo pour jouer.',
  'err.turn.not_computer': 'Ce n’est pas au tour de l’ordinateur.',
  'err.oracle.unknown': 'Cette position dépasse la résolution exacte : aucun coup gagnant n’est connu, et il n’y en a peut-être pas.',
  'err.lab.too_deep': 'v{version} ne joue que sur des tas d’au plus {max} allumettes : sa recherche est une récursion aussi profonde que le tas.',
  'url.bad': '« {name}={value} » ignoré : {reason} Valeur utilisée : {used}.',
  'url.badPlain': '« {name}={value} » ignoré : {reason}',
  'embed.badAttribute': 'Attribut {name}="{value}" ignoré : {reason} Valeur utilisée : {used}.',
  'embed.badAttributePlain': 'Attribut {name}="{value}" ignoré : {reason}',
  'url.expect.lang': 'il faut « en » ou « fr ».',
  'url.expect.demo': 'il faut 1 (la démo) ou 0.',
  'url.expect.speed': 'il faut « slow », « normal » ou « fast ».',
  'url.usedFullBar': 'la tablette {rows}×{cols} entière',
  'demo.start': 'Démo : ordinateur contre ordinateur',
  'demo.leave': 'Quitter la démo',
  'demo.bar': 'Commandes de la démo',
  'demo.play': 'Lecture',
  'demo.pause': 'Pause',
  'demo.step': 'Un coup',
  'demo.speed': 'Vitesse',
  'demo.slow': 'Lente',
  'demo.normal': 'Normale',
  'demo.fast': 'Rapide',
  'demo.started': 'Démo : l’ordinateur parfait joue des deux côtés.',
  'demo.toMove': 'Au joueur {player} (ordinateur) de jouer.',
  'demo.noBite': 'Dans la démo, l’ordinateur joue des deux côtés : quittez la démo pour jouer.',
  'demo.played': 'Le joueur {player} (ordinateur) a mangé ligne {row}, colonne {col}.',
  'demo.whyWin': 'Ce coup laisse une P-position (dans le noyau) : toute réponse perd.',
  'demo.whyWinIn': 'Ce coup laisse une P-position (dans le noyau) : toute réponse perd, et le jeu parfait finit la partie en {moves} coups.',
  'demo.whyResist': 'Il était dans une P-position, où toute bouchée perd : il résiste le plus longtemps possible.',
  'demo.whyResistIn': 'Il était dans une P-position, où toute bouchée perd : il résiste le plus longtemps possible (la partie finit dans {moves} coups).',
  'demo.whyResistLast': 'Il était dans une P-position, où toute bouchée perd : l’adversaire gagne maintenant au coup suivant.',
  'demo.won': 'Le joueur {player} (ordinateur) gagne : il ne reste que le carré empoisonné pour le joueur {loser} (ordinateur).',
  'share.copy': 'Copier',
  'share.copyRows': 'Copier les longueurs de lignes',
  'share.copyColumns': 'Copier les hauteurs de colonnes',
  'share.link': 'Copier le lien vers cette position',
  'share.linkLabel': 'Lien vers cette position',
  'share.linkCopied': 'Lien copié.',
  'share.textCopied': 'Copié : {text}',
  'share.pressCtrlC': 'Le navigateur a refusé la copie : le texte est sélectionné, appuyez sur Ctrl+C (⌘C sur Mac) pour le copier.',
  'share.title': 'Partager',
  'notation.legend': 'Position',
  'notation.rows': 'Longueurs des lignes, de haut en bas',
  'notation.columns': 'Hauteurs des colonnes, de gauche à droite (comme la page d’origine)',
  'notation.load': 'Jouer depuis cette position',
  'notation.loaded': 'Partie reprise depuis la position {rows}.',
  'rules.title': 'Règle du jeu',
  'rules.text': 'Chacun son tour, on mange un carré ainsi que tous les carrés situés en dessous et à sa droite. Le carré en haut à gauche est empoisonné : celui à qui il ne reste que ce carré a perdu. Sur une tablette rectangulaire pleine, le premier joueur a toujours un coup gagnant (argument de vol de stratégie de Gale), mais le trouver demande d’examiner toutes les positions : c’est ce que fait le solveur.',
  'graph.title': 'Graphe du jeu : noyau, stratégie, nimbers',
  'graph.intro': 'Chaque position est un sommet et chaque coup une flèche. Le noyau se calcule comme dans le TP : on prend un sommet sans successeur, on l’ajoute au noyau, on le supprime avec ses prédécesseurs, et on recommence. Les positions du noyau sont les positions perdantes ; une stratégie gagnante joue toujours vers le noyau ; le noyau est aussi l’ensemble des sommets de nombre de Sprague–Grundy (nimber) 0.',
  'graph.arenaTitle': 'Arène d’une tablette de Chomp',
  'graph.drawArena': 'Dessiner l’arène',
  'graph.fromBoard': 'Graphe de la position du plateau',
  'graph.dictTitle': 'Votre propre graphe',
  'graph.dictLabel': 'Un dictionnaire Python, comme dans le TP : d = { 0: [1, 2], 1: [2], 2: [] }',
  'graph.analyse': 'Analyser',
  'graph.prev': 'Étape précédente',
  'graph.next': 'Étape suivante',
  'graph.play': 'Lecture',
  'graph.pause': 'Pause',
  'graph.speed': 'Vitesse',
  'graph.slow': 'Lente',
  'graph.normal': 'Normale',
  'graph.fast': 'Rapide',
  'graph.copy': 'Copier le dictionnaire',
  'graph.copied': 'Le dictionnaire est copié.',
  'graph.svg': 'Télécharger en SVG',
  'graph.png': 'Télécharger en PNG',
  'graph.figure': 'Graphe du jeu',
  'graph.vertexTitle': 'Sommet {name}',
  'graph.start': '{count} sommets. Appuyez sur « Étape suivante » pour dérouler l’algorithme du noyau.',
  'graph.step': 'Étape {n} : {sink} n’a plus de successeur, il entre dans le noyau (position perdante). Ses prédécesseurs {removed} sont supprimés : ils sont gagnants, puisqu’ils peuvent aller en {sink}.',
  'graph.stepAlone': 'Étape {n} : {sink} n’a plus de successeur, il entre dans le noyau (position perdante). Il n’a plus de prédécesseur à supprimer.',
  'graph.strategy': 'Noyau : {kernel}. La stratégie gagnante (flèches vertes épaisses) joue toujours vers le noyau : {pairs}.',
  'graph.nimbers': 'Nimbers : chaque sommet reçoit le plus petit nombre absent des nimbers de ses successeurs. Les sommets de nimber 0 forment exactement le noyau.',
  'graph.link': 'Copier le lien vers ce graphe',
  'graph.linkLabel': 'Lien vers ce graphe',
  'graph.linkNone': 'Aucun graphe n’est encore dessiné : il n’y a rien à partager.',
  'graph.linkTextTooLong': 'Le graphe de ce lien fait {length} caractères, plus qu’un lien n’en contient ({max}) : il n’a pas été analysé.',
  'graph.linkTooLong': 'Un lien vers ce graphe ferait {length} caractères ; au-delà de {max}, serveurs, messageries et courriels coupent souvent les liens. Copiez plutôt le texte du dictionnaire.',
  'nav.chomp': 'Chomp',
  'nav.grundy': 'Jeu de Grundy',
  'g.doc.title': 'Jeu de Grundy — jouer et comprendre',
  'g.title': 'Jeu de Grundy',
  'g.tagline': 'Séparez un tas d’allumettes en deux tas inégaux. Celui qui ne peut plus séparer aucun tas a perdu.',
  'g.board': 'Tas d’allumettes',
  'g.heapLabel': 'Tas {n} : {count} allumettes',
  'g.heapValue': 'valeur de Grundy {g}',
  'g.splitLabel': 'Séparer le tas {n} en',
  'g.split': 'Séparer',
  'g.pick': 'Choisissez un tas (clic, toucher ou flèches), puis où le séparer.',
  'g.preview': 'Séparer {count} en {big} + {small} ? Cliquez encore (ou Entrée) pour jouer.',
  'g.yourTurn': 'À vous : séparez un tas en deux tas inégaux.',
  'g.playerTurn': '{player} : séparez un tas en deux tas inégaux.',
  'g.thinking': 'L’ordinateur réfléchit…',
  'g.computerPlayed': 'L’ordinateur a séparé {count} en {big} + {small}.',
  'g.youPlayed': 'Vous avez séparé {count} en {big} + {small}.',
  'g.youWin': 'Plus aucun tas ne peut être séparé : l’ordinateur est bloqué. Vous gagnez !',
  'g.youLose': 'Plus aucun tas ne peut être séparé : vous êtes bloqué. L’ordinateur gagne.',
  'g.playerWins': 'Plus aucun tas ne peut être séparé : {player} gagne.',
  'g.hintWin': 'Indice : séparez {count} (tas {n}) en {big} + {small} : la somme de nim devient 0.',
  'g.hintLose': 'Indice : la somme de nim vaut 0, toute séparation perd contre un jeu parfait. Faites durer la partie en espérant une erreur.',
  'g.hintLoseResist': 'Indice : la somme de nim vaut 0, toute séparation perd contre un jeu parfait. La plus longue résistance : séparer {count} en {big} + {small}.',
  'g.playerPlayed': '{player} a séparé {count} en {big} + {small}.',
  'g.computing': 'Calcul des valeurs de Grundy des tas…',
  'g.cancelled': 'Le calcul des valeurs a été arrêté. Choisissez des tas plus petits et lancez une nouvelle partie.',
  'g.computeFailed': 'Impossible de jouer ces tas : {reason}',
  'g.setAsideShort': 'mis de côté (G = 0)',
  'g.setAsideLabel': 'Tas mis de côté : {twos} de 2 allumettes, {ones} de 1 allumette. Ils ne se séparent jamais et leur valeur de Grundy est 0.',
  'g.showValues': 'Afficher les valeurs de Grundy et la somme de nim',
  'g.nimSum': 'Somme de nim : {values} = {sum}',
  'g.nimSumWin': 'Non nulle : le joueur qui doit jouer peut gagner.',
  'g.nimSumLose': 'Nulle : le joueur qui doit jouer perd contre un jeu parfait.',
  'g.explain': 'Un tas de n allumettes se comporte comme un tas de Nim de taille G(n), sa valeur de Grundy : G(n) est le plus petit nombre qui n’est pas la valeur d’une position atteignable en un coup (une séparation en a et b vaut G(a) xor G(b)). Une position de plusieurs tas vaut le xor de leurs valeurs (sa somme de nim), et elle est perdante pour le joueur qui doit jouer exactement quand ce xor vaut 0. C’est le théorème 3.4 du document (un tas perdant, de valeur 0, ne change rien) et ses « types » (deux tas de même type s’annulent, car x xor x = 0). Pour gagner, séparez de sorte que la somme de nim devienne 0.',
  'g.form.heap': 'Un tas de',
  'g.form.custom': 'ou des tas (ex. 17, 5)',
  'g.level.perfect': 'Ordinateur, jeu parfait (gagne s’il le peut, sinon résiste le plus longtemps)',
  'g.level.seed': 'Ordinateur, comme le document (coup gagnant, sinon au hasard)',
  'g.level.random': 'Ordinateur, séparations au hasard',
  'g.history': 'Coups',
  'g.player': 'Joueur {n}',
  'g.demo.played': 'Le joueur {player} (ordinateur) a séparé {count} en {big} + {small}.',
  'g.demo.toZero': 'La somme de nim devient {sum} : toute réponse perd.',
  'g.demo.resist': 'La somme de nim valait 0, aucune séparation ne gagne : il résiste le plus longtemps possible.',
  'g.demo.wins': 'Plus aucun tas ne peut être séparé : le joueur {player} (ordinateur) gagne.',
  'lab.title': 'Labo : les cinq solveurs du document, mesurés',
  'lab.intro': 'Chaque version répond à « existe-t-il une séparation gagnante d’un tas de n ? » en partant de zéro, pour n = 3, 4, 5, … jusqu’à ce qu’un essai dépasse le budget. v0 est la récursion simple ; v1 mémorise les positions perdantes ; v2 aussi les gagnantes ; v3 enlève les tas perdants (théorème 3.4) ; v4 annule les paires de tas de même type ; v5 est Sprague–Grundy (le xor des valeurs de Grundy).',
  'lab.budget': 'Budget de temps par essai (ms)',
  'lab.maxN': 'n maximal',
  'lab.run': 'Lancer le labo',
  'lab.stop': 'Arrêter',
  'lab.csv': 'Télécharger le CSV',
  'lab.time': 'Temps (ms, échelle log)',
  'lab.ops': 'Opérations (échelle log)',
  'lab.n': 'tas n',
  'lab.running': '{version} sur un tas de {n}…',
  'lab.done': 'Terminé : {runs} essais.',
  'lab.stopped': 'Arrêté après {runs} essais.',
  'lab.bounded': '{version} s’arrête à n = {n} : sa recherche est une récursion aussi profonde que le tas, et la pile du navigateur est petite.',
  'lab.col.version': 'Version',
  'lab.col.n': 'n',
  'lab.col.won': 'Gagnant ?',
  'lab.col.ms': 'Temps (ms)',
  'lab.col.ops': 'Opérations',
  'lab.yes': 'oui',
  'lab.no': 'non',
  'you': 'Vous',
  'computer': 'Ordinateur',
  ...teachFr,
};

/** @typedef {keyof typeof en} Key */

const tables = { en, fr };
/** @type {Lang} */
let current = 'en';

/** The languages the page speaks. */
export const LANGS = /** @type {Lang[]} */ (['en', 'fr']);

/**
 * The browser's preferred language if we have it, else English.
 * @returns {Lang}
 */
export function browserLang() {
  for (const tag of navigator.languages ?? [navigator.language]) {
    const base = tag.slice(0, 2).toLowerCase();
    if (base === 'fr' || base === 'en') return base;
  }
  return 'en';
}

/** @param {Lang} lang */
export function setLang(lang) {
  current = lang;
  document.documentElement.lang = lang;
}

/** @returns {Lang} */
export function lang() {
  return current;
}

/**
 * The text for `key` in the current language, with `{name}` placeholders filled.
 * @param {Key} key
 * @param {Record<string, string | number>} [values]
 */
export function t(key, values = {}) {
  return fill(tables[current][key] ?? en[key], values, current);
}

/** @typedef {(key: Key, values?: Record<string, string | number>) => string} Translate */

/**
 * A sentence not yet in a language: a key and its values. A value may be a
 * list of squares (said as a list), a nested line, or an error from the
 * solver (said through its code).
 * @typedef {string | number | { row: number, col: number }[] | { line: Line }} LineValue
 * @typedef {[Key, Record<string, LineValue>?]} Line
 */

/**
 * The keys each language lacks (for the test suite: every language says everything).
 * @returns {Record<Lang, string[]>}
 */
export function missingKeys() {
  const all = new Set([...Object.keys(en), ...Object.keys(fr)]);
  return {
    en: [...all].filter((k) => !Object.hasOwn(en, k)),
    fr: [...all].filter((k) => !Object.hasOwn(fr, k)),
  };
}

/**
 * Whether the table has `key`.
 * @param {string} key @returns {key is Key}
 */
export function has(key) {
  return Object.hasOwn(en, key);
}

/**
 * The line that says an error of the solver (or any error) in any language:
 * `err.<code>` filled with its params, placed at its character or line when
 * it has one; the English message when the table has no sentence for it.
 * @param {unknown} err @returns {Line}
 */
export function errorLine(err) {
  const e = /** @type {{ code?: string | null, params?: Record<string, string | number>, message?: string }} */ (err ?? {});
  const key = `err.${e.code}`;
  const params = e.params ?? {};
  if (!e.code || !has(key)) return ['err.plain', { message: e.message ?? String(err) }];
  /** @type {Line} */
  const reason = [key, params];
  if (typeof params.at === 'number' && params.at > 0) return ['err.atCharacter', { at: params.at, reason: { line: reason } }];
  if (typeof params.line === 'number' && typeof params.column === 'number') {
    return ['err.atPlace', { line: params.line, column: params.column, reason: { line: reason } }];
  }
  return reason;
}

/**
 * Says `line` with `tr` (the page's language by default).
 * @param {Line} line @param {Translate} [tr]
 * @returns {string}
 */
export function say([key, values = {}], tr = t) {
  /** @type {Record<string, string | number>} */
  const filled = {};
  for (const [name, v] of Object.entries(values)) {
    if (Array.isArray(v)) filled[name] = v.map((m) => tr('hint.move', { row: m.row, col: m.col })).join(', ');
    else if (typeof v === 'object' && v !== null) filled[name] = say(v.line, tr);
    else filled[name] = v;
  }
  return tr(key, filled);
}

/**
 * t() for a fixed language, whatever the page speaks: each embedded
 * <chomp-game> has its own `lang`.
 * @param {Lang} lang @returns {Translate}
 */
export function translator(lang) {
  return (key, values = {}) => fill(tables[lang][key] ?? en[key], values, lang);
}

/**
 * Fills `{name}` placeholders; numbers of five digits or more are written
 * with the language's thousands separators (601,080,390; 601 080 390).
 * @param {string} text @param {Record<string, string | number>} values @param {Lang} lang
 */
function fill(text, values, lang) {
  return text.replace(/\{(\w+)\}/g, (_, name) => {
    const v = values[name];
    if (typeof v === 'number' && Math.abs(v) >= 10000) return v.toLocaleString(lang === 'fr' ? 'fr-FR' : 'en-US');
    return String(v ?? `{${name}}`);
  });
}

/** Formats a number the way the current language writes it. */
export function num(/** @type {number} */ n) {
  return n.toLocaleString(current === 'fr' ? 'fr-FR' : 'en-US');
}

/**
 * Shows `key` on `el` and keeps it there across language switches
 * (translate() refills every data-i18n element).
 * @param {HTMLElement} el @param {Key} key
 */
export function label(el, key) {
  el.dataset.i18n = key;
  el.textContent = t(key);
}

/**
 * Fills every element under `root` that has `data-i18n="key"` (its text) or
 * `data-i18n-attr="attr:key"` (an attribute).
 * @param {ParentNode} root
 */
export function translate(root) {
  for (const el of root.querySelectorAll('[data-i18n]')) {
    el.textContent = t(/** @type {Key} */ (el.getAttribute('data-i18n')));
  }
  for (const el of root.querySelectorAll('[data-i18n-attr]')) {
    const [attr, key] = /** @type {string} */ (el.getAttribute('data-i18n-attr')).split(':');
    el.setAttribute(attr, t(/** @type {Key} */ (key)));
  }
}
