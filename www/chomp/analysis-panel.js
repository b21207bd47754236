// The analysis board's side of the Chomp screen, the same in the page and
// in <chomp-game>: the Analysis switch, the reveal level, the position
// editor's button, the position's value, "Why?" and the game record with
// its chart. Built into an empty container; it shows what the controller
// holds (all from the Rust session) and turns clicks into its calls.

import { RecordView } from '../shared/record-view.js';
import { reveals, levelName, RevealSelect } from '../shared/reveal-select.js';
import { linkTo } from '../shared/share.js';
import { queryString } from '../shared/url.js';

/** @typedef {import('./controller.js').ChompController} ChompController */
/** @typedef {import('../pkg/impartial.js').ChompSnapshot} Snapshot */
/** @typedef {import('../pkg/impartial.js').ChompWhy} Why */
/** @typedef {import('../shared/i18n.js').Translate} Translate */
/** @typedef {import('../shared/i18n.js').Line} Line */
/** @typedef {import('../shared/i18n.js').Key} Key */
/** @typedef {import('./controller.js').Move} Move */

/**
 * @template {keyof HTMLElementTagNameMap} K
 * @param {K} tag @param {string} [cls] @returns {HTMLElementTagNameMap[K]}
 */
function make(tag, cls) {
  const node = document.createElement(tag);
  if (cls) node.className = cls;
  return node;
}

/**
 * The words for a player: "You" and "The computer" against the computer,
 * else "Player 1" and "Player 2".
 * @param {Snapshot} s @param {Translate} tr @returns {(p: 1 | 2) => string}
 */
export function playerName(s, tr) {
  return (p) => (s.vs_computer ? tr(p === 1 ? 'an.you' : 'an.computer') : tr('an.player', { n: p }));
}

/**
 * The words for a square's value on the analysis board (its tooltip and its
 * label for screen readers). Moves are counted to the end, this bite included.
 * @param {import('../pkg/impartial.js').ChompSquareValue} v @param {Translate} tr
 */
export function squareWords(v, tr) {
  const at = { row: v.row, col: v.col };
  if (v.winning === null) return tr('an.cellUnknown', at);
  if (v.remoteness === null) return tr(v.winning ? 'an.cellWin' : 'an.cellLose', at);
  const moves = v.remoteness + 1;
  /** @type {Key} */
  let key;
  if (v.winning) key = v.delta ? 'an.cellWinSlower' : 'an.cellWinBest';
  else key = v.delta ? 'an.cellLoseShorter' : 'an.cellLoseLongest';
  return tr(key, { ...at, moves, delta: v.delta ?? 0 });
}

export class AnalysisPanel {
  /**
   * @param {ChompController} game @param {HTMLElement} root an empty container
   * @param {() => Translate} tr the language to speak
   * @param {(line: Line) => string} say a line in that language
   * @param {{ link?: (snap: Snapshot) => string | null }} [options] `link`: the address that replays a game (the page's)
   */
  constructor(game, root, tr, say, options = {}) {
    this.game = game;
    this.tr = tr;
    this.say = say;
    root.classList.add('analysis');
    this.heading = make('h2', 'an-heading');
    const tools = make('div', 'an-tools');
    const toggle = make('label', 'toggle');
    this.switch = make('input', 'an-switch');
    this.switch.type = 'checkbox';
    this.switchText = make('span');
    toggle.append(this.switch, ' ', this.switchText);
    this.reveal = new RevealSelect((level) => void game.setReveal(level));
    this.editButton = make('button');
    this.editButton.type = 'button';
    // The editor's button joins the game buttons (the panel places it).
    tools.append(this.reveal.label);
    // The heading and the switch share a row, so the list and the chart fit beside a bar at 1366×768.
    const head = make('div', 'an-head');
    head.append(this.heading, toggle);
    this.note = make('p', 'an-note');
    this.summary = make('p', 'an-summary');
    // What the marks on the squares mean, folded: the board itself shows them.
    this.legend = make('details', 'an-legend');
    this.legendTitle = make('summary');
    this.legendText = make('p');
    this.legend.append(this.legendTitle, this.legendText);
    this.whyBox = make('section', 'an-why');
    this.whyBox.setAttribute('aria-live', 'polite');
    this.whyTitle = make('h3', 'an-title');
    this.whyBody = make('div', 'an-why-body');
    this.whyPosition = make('button', 'an-why-position');
    this.whyPosition.type = 'button';
    this.whyBox.append(this.whyTitle, this.whyBody, this.whyPosition);
    const recordBox = make('section', 'an-record');
    root.append(head, tools, this.note, this.summary, recordBox, this.whyBox, this.legend);
    this.record = new RecordView(recordBox, {
      tr,
      say,
      onJump: (ply) => void game.goTo(ply),
      onImport: (text) => void game.importRecord(text),
      link: options.link ? () => (game.snap ? /** @type {NonNullable<typeof options.link>} */ (options.link)(game.snap) : null) : undefined,
    });
    // The list and the chart first, then "Why?", then export and import.
    this.homeWhy();
    this.switch.addEventListener('change', () => void game.setAnalysis(this.switch.checked));
    this.editButton.addEventListener('click', () => void game.editBegin());
    this.whyPosition.addEventListener('click', () => game.explainPosition());
  }

  /** Puts "Why?" back in the analysis board, between the chart and the record's export. */
  homeWhy() {
    this.whyBox.classList.remove('inline');
    if (this.whyBox.nextElementSibling !== this.record.io) this.record.io.before(this.whyBox);
  }

  render() {
    const { game, say } = this;
    const tr = this.tr();
    const s = game.snap;
    const ready = !!s && !game.solving;
    this.heading.textContent = tr('an.title');
    this.switchText.textContent = tr('an.switch');
    this.editButton.textContent = tr('an.edit');
    this.editButton.hidden = !!game.editing;
    this.whyPosition.textContent = tr('an.whyPosition');
    // While a request is on its way the snapshot is older than the user's
    // click: repainting from it would flip the control back under the finger.
    const settled = game.pending === 0;
    this.reveal.render({ level: s?.reveal ?? 'explain', limit: s?.reveal_limit ?? 'explain', disabled: !ready, keep: !settled }, tr);
    if (settled) this.switch.checked = !!s?.analysis_on;
    this.switch.disabled = !ready;
    this.editButton.disabled = !ready || (!game.editing && (!!s?.demo || (!!s?.computer_to_move && !s.computer_waits)));
    this.note.replaceChildren(...this.notes(s, tr).map((line) => {
      const p = make('span');
      p.textContent = `${say(line)} `;
      return p;
    }));
    this.note.hidden = this.note.childElementCount === 0;
    this.legendTitle.textContent = tr('an.legendTitle');
    this.legendText.textContent = tr('an.legend');
    this.legend.hidden = !s?.analysis_on || !reveals(s.reveal, 'moves');
    // At level off the note already says that nothing is shown: no second sentence.
    this.summary.textContent = s && s.analysis_on && !game.editing && s.reveal !== 'off' ? say(this.summaryLine(s)) : '';
    this.summary.hidden = !this.summary.textContent;
    this.renderWhy(s, tr);
    if (s) {
      const name = playerName(s, tr);
      const line = [...s.moves, ...s.undone];
      this.record.show({
        items: line.map((m) => ({
          move: ['hint.move', { row: m.row, col: m.col }],
          by: m.by,
          mark: m.mark,
          delta: m.delta,
          winning: m.note.winning === true,
          source: m.note.source,
        })),
        cursor: s.moves.length,
        history: s.history,
        first: s.first,
        name,
        line: s.record_line,
        busy: !ready,
      });
    }
  }

  /**
   * Why some things are not shown: the link's limit, the level, the board's table.
   * @param {Snapshot | null} s @param {Translate} tr @returns {Line[]}
   */
  notes(s, tr) {
    if (!s) return [];
    /** @type {Line[]} */
    const lines = [];
    if (s.reveal_limit !== 'explain') lines.push(['an.limited', { level: levelName(s.reveal_limit, tr) }]);
    if (!s.analysis_on) return lines;
    if (s.reveal === 'off') lines.push(['an.offNote']);
    else if (s.reveal === 'outcome') lines.push(['an.outcomeLevel']);
    else if (!reveals(s.reveal, 'values')) lines.push(['an.noNumbersLevel']);
    else if (s.solver.kind === 'open') lines.push(['an.noNumbersOpen']);
    else if (s.solver.kind === 'three-rows') lines.push(['an.noNumbersThree']);
    else if (!s.solver.remoteness) lines.push(['an.noNumbersBits']);
    return lines;
  }

  /** The position's value for the player to move. @param {Snapshot} s @returns {Line} */
  summaryLine(s) {
    const a = s.analysis;
    const who = playerName(s, this.tr())(s.to_move);
    if (s.over) return ['an.summaryOver'];
    if (!a || a.outcome === null) return ['an.summaryUnknown', { who }];
    const win = a.outcome === 'N';
    if (a.remoteness === null) return [win ? 'an.summaryWin' : 'an.summaryLose', { who }];
    if (a.remoteness === 1) return [win ? 'an.summaryWinOne' : 'an.summaryLoseOne', { who }];
    return [win ? 'an.summaryWinIn' : 'an.summaryLoseIn', { who, moves: a.remoteness }];
  }

  /** @param {Snapshot | null} s @param {Translate} tr */
  renderWhy(s, tr) {
    const { game, say } = this;
    const shown = !!s && game.whyWanted();
    this.whyBox.hidden = !shown;
    if (!shown || !s) return;
    game.askWhy();
    const target = game.whyTarget();
    const why = game.currentWhy();
    this.whyPosition.hidden = s.over || target?.kind === 'position';
    /** @type {Line} */
    let title = ['an.whyTitle'];
    if (target?.kind === 'played' && target.move) title = ['an.whyPlayed', { n: target.ply + 1, row: target.move.row, col: target.move.col }];
    else if (target?.kind === 'square' && target.move) title = ['an.whySquare', { row: target.move.row, col: target.move.col }];
    else if (target?.kind === 'position') title = ['an.whyThisPosition'];
    this.whyTitle.textContent = say(title);
    if (!target) {
      this.whyBody.replaceChildren(this.para(say(['an.summaryOver'])));
      return;
    }
    if (!why) {
      this.whyBody.replaceChildren(this.para(tr('an.whyWait')));
      return;
    }
    if (why.error) {
      this.whyBody.replaceChildren(this.para(say(why.error)));
      return;
    }
    this.whyBody.replaceChildren(...this.whyParts(target.move, /** @type {Why} */ (why.answer)));
  }

  /** @param {string} text */
  para(text) {
    const p = make('p');
    p.textContent = text;
    return p;
  }

  /**
   * The explanation: a sentence, then a short tree to open (replies and answers).
   * @param {Move | null} move @param {Why} w @returns {HTMLElement[]}
   */
  whyParts(move, w) {
    const { say } = this;
    const tr = this.tr();
    const moves = (/** @type {number | null} */ r) => {
      if (r === null || r === 0) return '';
      return ` ${r === 1 ? tr('an.endsInOne') : tr('an.endsIn', { moves: r })}`;
    };
    /** @type {HTMLElement[]} */
    const out = [];
    if (move) {
      const at = { row: move.row, col: move.col };
      if (w.winning === null) return [this.para(tr('an.whyUnknown', at))];
      if (w.winning) {
        out.push(this.para(tr(w.replies.length ? 'an.whyWin' : 'an.whyWinNow', at) + moves(w.remoteness)));
      } else if (w.refutation) {
        const r = w.refutation;
        const leaves = (w.leaves ?? []).join(' ');
        out.push(this.para(tr('an.whyLose', { ...at, arow: r.mv.row, acol: r.mv.col, leaves }) + moves(r.remoteness)));
        return out;
      }
    } else if (w.winning) {
      out.push(this.para(say(['an.whyWon', { list: w.replies.map((r) => r.mv) }])));
      return out;
    } else {
      out.push(this.para(tr(w.replies.length ? 'an.whyKernel' : 'an.summaryOver')));
    }
    if (w.replies.length === 0) return out;
    const details = make('details');
    const summary = make('summary');
    summary.textContent = tr(move ? 'an.whyReplies' : 'an.whyBites', { count: w.replies.length + w.more });
    const list = make('ul', 'an-tree');
    for (const r of w.replies) {
      const li = make('li');
      li.textContent = r.answer
        ? tr(move ? 'an.whyReply' : 'an.whyBite', { row: r.mv.row, col: r.mv.col, arow: r.answer.row, acol: r.answer.col }) + moves(r.remoteness)
        : tr('an.whyReplyLast', { row: r.mv.row, col: r.mv.col });
      list.append(li);
    }
    if (w.more > 0) {
      const li = make('li');
      li.textContent = tr('an.whyMore', { count: w.more });
      list.append(li);
    }
    details.append(summary, list);
    out.push(details);
    return out;
  }
}

/**
 * The address that replays `snap`'s game from its start (the page's link).
 * @param {Snapshot} snap @param {[string, string][]} extra pairs the page adds (language, theme…)
 */
export function replayLink(snap, extra) {
  /** @type {[string, string][]} */
  const pairs = [...snap.start_params, ['moves', snap.record]];
  // How the computer chose the moves played (one mark per move of the game's
  // line, in the address's `marks`): the link replays them marked as played.
  const marks = snap.game_params.find(([name]) => name === 'marks')?.[1].slice(0, snap.moves.length);
  if (marks && /[^-]/.test(marks)) pairs.push(['marks', marks]);
  return linkTo(queryString([...pairs, ...extra]));
}
