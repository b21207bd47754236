// Every piece of text the page shows, in English and French. Nothing else in
// www/ writes user-visible words: it asks t(key, values).

/** @typedef {'en' | 'fr'} Lang */

const en = {
  'doc.title': 'Chomp — play it, understand it',
  'app.title': 'Chomp',
  'app.tagline': 'Eat the chocolate; leave the poisoned square to your opponent.',
  'lang.label': 'Language',
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
  'progress.label': 'Solving the {rows}×{cols} bar: {percent}%',
  'progress.eta': '{label} (about {seconds} s left)',
  'progress.cancel': 'Cancel',
  'status.solving': 'Solving every position of the {rows}×{cols} bar…',
  'status.cancelled': 'Solving cancelled. Choose a smaller bar and start a new game.',
  'status.solveFailed': 'This bar cannot be solved: {message}',
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
  'error.poison': 'The poisoned square is never eaten by choice: the game ends when it is the only square left.',
  'error.eaten': 'Row {row}, column {col} has already been eaten.',
  'error.notYourTurn': 'Wait: it is the computer’s turn.',
  'error.gameOver': 'The game is over. Start a new game or undo.',
  'error.busy': 'Wait for the solver to finish.',
  'url.bad': 'Ignored “{name}={value}”: {expected} Using {used}.',
  'url.expect.size': 'expected a whole number from 1 to {max}.',
  'url.expect.shape': 'boards go up to {max}×{max}, or {thin} columns (rows) when there are at most 3 rows (columns).',
  'url.expect.first': 'expected “human” or “computer”.',
  'url.expect.level': 'expected “perfect”, “original”, “random” or “human”.',
  'url.expect.lang': 'expected “en” or “fr”.',
  'notation.legend': 'Position',
  'notation.rows': 'Row lengths, top row first',
  'notation.columns': 'Column heights, left column first (as in the original page)',
  'notation.load': 'Play from this position',
  'notation.invalid': 'Cannot read that position: {message}',
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
  'graph.strategy': 'Kernel: {kernel}. The winning strategy (green arrows) always moves into the kernel: {pairs}.',
  'graph.nimbers': 'Nimbers: each vertex gets the smallest number not among its successors’ nimbers. The vertices with nimber 0 are exactly the kernel.',
  'graph.tooBig': 'This graph has {count} vertices: too many to draw (at most {max}).',
  'you': 'You',
  'computer': 'Computer',
};

/** @type {typeof en} */
const fr = {
  'doc.title': 'Chomp — jouer et comprendre',
  'app.title': 'Chomp',
  'app.tagline': 'Mangez le chocolat ; laissez le carré empoisonné à l’adversaire.',
  'lang.label': 'Langue',
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
  'progress.label': 'Résolution de la tablette {rows}×{cols} : {percent} %',
  'progress.eta': '{label} (encore {seconds} s environ)',
  'progress.cancel': 'Annuler',
  'status.solving': 'Résolution de toutes les positions de la tablette {rows}×{cols}…',
  'status.cancelled': 'Résolution annulée. Choisissez une tablette plus petite et lancez une nouvelle partie.',
  'status.solveFailed': 'Impossible de résoudre cette tablette : {message}',
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
  'error.poison': 'On ne mange jamais le carré empoisonné volontairement : la partie s’arrête quand il est seul.',
  'error.eaten': 'La case ligne {row}, colonne {col} est déjà mangée.',
  'error.notYourTurn': 'Patience : c’est au tour de l’ordinateur.',
  'error.gameOver': 'La partie est finie. Lancez une nouvelle partie ou annulez.',
  'error.busy': 'Attendez la fin de la résolution.',
  'url.bad': '« {name}={value} » ignoré : {expected} Valeur utilisée : {used}.',
  'url.expect.size': 'il faut un nombre entier de 1 à {max}.',
  'url.expect.shape': 'les tablettes vont jusqu’à {max}×{max}, ou {thin} colonnes (lignes) s’il y a au plus 3 lignes (colonnes).',
  'url.expect.first': 'il faut « human » ou « computer ».',
  'url.expect.level': 'il faut « perfect », « original », « random » ou « human ».',
  'url.expect.lang': 'il faut « en » ou « fr ».',
  'notation.legend': 'Position',
  'notation.rows': 'Longueurs des lignes, de haut en bas',
  'notation.columns': 'Hauteurs des colonnes, de gauche à droite (comme la page d’origine)',
  'notation.load': 'Jouer depuis cette position',
  'notation.invalid': 'Position illisible : {message}',
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
  'graph.strategy': 'Noyau : {kernel}. La stratégie gagnante (flèches vertes) joue toujours vers le noyau : {pairs}.',
  'graph.nimbers': 'Nimbers : chaque sommet reçoit le plus petit nombre absent des nimbers de ses successeurs. Les sommets de nimber 0 forment exactement le noyau.',
  'graph.tooBig': 'Ce graphe a {count} sommets : trop pour être dessiné (au plus {max}).',
  'you': 'Vous',
  'computer': 'Ordinateur',
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
  const text = tables[current][key] ?? en[key];
  return text.replace(/\{(\w+)\}/g, (_, name) => String(values[name] ?? `{${name}}`));
}

/** Formats a number the way the current language writes it. */
export function num(/** @type {number} */ n) {
  return n.toLocaleString(current === 'fr' ? 'fr-FR' : 'en-US');
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
