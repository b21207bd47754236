// Grundy's game page: a thin shell around the game controller and the panel
// it shares with <grundy-game> (heaps, split control, game buttons); the page
// adds Grundy values on demand, the analysis board, the new-game form, the
// demo, sharing and the lab below, which has its own worker.

import { t, setLang, browserLang, translate, lang, LANGS, say, errorLine } from '../shared/i18n.js';
import { readDisplay, gamePairs, queryString, pageParam } from '../shared/url.js';
import { setupClassroom, projectorPlace } from '../shared/classroom.js';
import { registerOfflineApp } from '../shared/offline-app.js';
import { AddressBar } from '../shared/address.js';
import { DemoRunner, demoControls } from '../shared/demo.js';
import { Sharer, linkTo } from '../shared/share.js';
import { GrundyController } from './controller.js';
import { problemLine, moveLine } from './status.js';
import { CLASSICS, ruleWords } from './rule-words.js';
import { GrundyPanel } from './panel.js';
import { pageProgressNodes } from '../shared/progress.js';
import { RecordView } from '../shared/record-view.js';
import { RevealSelect, reveals, levelName } from '../shared/reveal-select.js';
import { fitToScreen, keepOnOneLine } from '../shared/fit.js';
import { optionNote } from '../shared/option-note.js';
import { showQr } from '../shared/qr.js';

// The solver's worker starts first: its script and the wasm load and compile
// on another core while this page sets itself up.
const game = new GrundyController('url.bad');
game.warmUp();

const $ = (/** @type {string} */ id) => /** @type {HTMLElement} */ (document.getElementById(id));
const showValues = /** @type {HTMLInputElement} */ ($('show-values'));
const valuesPanel = $('values-panel');
const form = /** @type {HTMLFormElement} */ ($('new-game'));
const langSelect = /** @type {HTMLSelectElement} */ ($('lang'));
const heapN = /** @type {HTMLInputElement} */ ($('heap-n'));
const heapList = /** @type {HTMLInputElement} */ ($('heap-list'));
const canvas = /** @type {HTMLCanvasElement} */ ($('heaps-canvas'));
const rulePick = /** @type {HTMLSelectElement} */ ($('rule-pick'));
const ruleCode = /** @type {HTMLInputElement} */ ($('rule-code'));
const misereBox = /** @type {HTMLInputElement} */ ($('misere'));

setupClassroom();
/** The height the heaps' drawing may take under the header (fit.js). */
let room = Infinity;
fitToScreen($('play-fit'), /** @type {HTMLElement} */ (canvas.parentElement), {
  above: [document.querySelector('header.top'), $('notice')],
  // A new room: the heaps are drawn anew to fit it (its first report comes after the panel is made).
  onFit: (fit) => {
    room = fit.room;
    panel.view.draw();
  },
});
const panel = new GrundyPanel(
  game,
  {
    status: $('status'),
    notice: $('notice'),
    canvas,
    heaps: $('heaps'),
    aside: $('set-aside'),
    split: {
      box: $('split'),
      label: $('split-label'),
      range: /** @type {HTMLInputElement} */ ($('split-range')),
      number: /** @type {HTMLInputElement} */ ($('split-n')),
      out: $('split-out'),
      play: /** @type {HTMLButtonElement} */ ($('split-play')),
    },
    buttons: {
      hint: /** @type {HTMLButtonElement} */ ($('hint')),
      undo: /** @type {HTMLButtonElement} */ ($('undo')),
      redo: /** @type {HTMLButtonElement} */ ($('redo')),
      restart: /** @type {HTMLButtonElement} */ ($('restart')),
      again: /** @type {HTMLButtonElement} */ ($('again')),
      continue: /** @type {HTMLButtonElement} */ ($('continue')),
    },
    progress: pageProgressNodes(),
  },
  () => t,
  // On a short screen the drawing shrinks to the room the game leaves it.
  { values: () => showValues.checked, room: () => room },
);
const demo = new DemoRunner((alive) => game.demoMove(alive), () => render());
const demoUi = demoControls(demo, syncUrl);
const share = new Sharer($('share-status'));
const reveal = new RevealSelect((level) => void game.setReveal(level));
$('an-tools').append(reveal.label);
const record = new RecordView($('record'), {
  tr: () => t,
  say: (line) => say(line),
  onJump: (ply) => {
    demo.pause();
    void game.goTo(ply);
  },
  onImport: (text) => void importRecord(text),
  link: () => {
    const s = game.snap;
    return s ? linkTo(queryString([...s.start_params, ['moves', s.record], ['lang', lang()]])) : null;
  },
  listId: 'moves',
  field: 'an.g.recordField',
  example: 'an.g.recordExample',
});
projectorPlace(record.chartBox, $('chart-slot'));
// Shift with ←, →, Home or End steps through the game from the heaps and the game's buttons.
$('play-fit').addEventListener('keydown', (e) => record.boardKey(e));
// "Why?" sits under the move list and the chart, above the record's export.
const whyBox = $('why');
record.io.before(whyBox);
game.sliderSmall = () => Number(/** @type {HTMLInputElement} */ ($('split-range')).value) || 1;
$('why-position').addEventListener('click', () => game.explainPosition());

/** What each split of the chosen heap leaves, for the position it was asked at. @type {{ key: string, sums: number[] | null, error: import('../shared/i18n.js').Line | null } | null} */
let splitValues = null;
/** The page's own parts; the panel paints the game's (it listens first). */
function render() {
  const s = game.snap;
  demoUi.render({ available: !!s && !game.solving, over: !!s?.over });
  if (!s) return;
  showTitle(s);
  const playing = panel.personToMove();
  const name = (/** @type {1 | 2} */ p) => (s.vs_computer ? t(p === 1 ? 'you' : 'computer') : t('g.player', { n: p }));
  valuesPanel.hidden = !showValues.checked;
  showValues.disabled = s.reveal === 'off';
  $('nim-sum').textContent = !s.values
    ? t(s.misere ? 'h.valuesMisere' : 'an.g.valuesHidden')
    : s.values.length === 0
      ? t('g.nimSumNone')
      : t('g.nimSum', { values: s.values.join(' xor '), sum: s.nim_sum ?? 0 });
  $('nim-verdict').hidden = s.nim_sum === null;
  $('nim-verdict').textContent = t(s.nim_sum === 0 ? 'g.nimSumLose' : 'g.nimSumWin');
  const explain = $('g-explain');
  // Grundy's split, another rule's move; misère play has no values to explain.
  explain.hidden = !reveals(s.reveal, 'explain') || s.misere;
  explain.dataset.i18n = s.rule === 'grundy' ? 'g.explain' : 'h.explain';
  if (explain.textContent !== t(/** @type {import('../shared/i18n.js').Key} */ (explain.dataset.i18n))) explain.textContent = t(/** @type {import('../shared/i18n.js').Key} */ (explain.dataset.i18n));
  renderSplits(s, playing);
  renderWhy(s);
  reveal.render({ level: s.reveal, limit: s.reveal_limit, disabled: game.solving, keep: game.pending > 0 }, t);
  const note = $('an-note');
  note.hidden = s.reveal_limit === 'explain';
  note.textContent = t('an.limited', { level: levelName(s.reveal_limit, t) });
  record.show({
    items: [...s.moves, ...s.undone].map((m) => ({
      move: m.take === 0
        ? ['an.g.move', { size: m.size, big: m.big, small: m.small }]
        : ['an.h.move', { size: m.size, take: m.take, left: m.big === 0 ? '0' : m.small === 0 ? String(m.big) : `${m.big} + ${m.small}` }],
      by: m.by,
      mark: m.mark,
      delta: null,
      winning: m.winning === true,
    })),
    cursor: s.moves.length,
    history: s.history,
    first: s.first,
    name,
    line: s.record_line,
    busy: game.solving,
  });
}

/**
 * What each split of the chosen heap leaves (asked of the session once per
 * heap and position): win or lose, and the nim-sum when numbers are shown.
 * @param {import('../pkg/impartial.js').GrundySnapshot} s @param {boolean} playing
 */
function renderSplits(s, playing) {
  if (s.rule !== 'grundy') {
    renderOptions(s, playing);
    return;
  }
  const box = $('split-values');
  const title = $('split-title');
  const heap = game.selected;
  const wanted = showValues.checked && playing && heap !== null && reveals(s.reveal, 'moves') && (s.max_small[heap] ?? 0) > 0;
  box.hidden = title.hidden = !wanted;
  if (!wanted || heap === null) return;
  const key = `${s.record}|${heap}|${s.reveal}`;
  if (splitValues?.key !== key) {
    splitValues = { key, sums: null, error: null };
    game
      .query('splits', heap)
      .then((sums) => {
        if (splitValues?.key !== key || !sums) return;
        splitValues.sums = /** @type {number[]} */ (sums);
        render();
      })
      .catch((/** @type {unknown} */ err) => {
        if (splitValues?.key !== key) return;
        splitValues.error = errorLine(err);
        render();
      });
  }
  const size = s.heaps[heap];
  title.textContent = t('an.g.splits', { n: heap + 1, size });
  if (splitValues.error) {
    box.replaceChildren(Object.assign(document.createElement('li'), { textContent: say(splitValues.error) }));
    return;
  }
  const sums = splitValues.sums ?? [];
  const numbers = reveals(s.reveal, 'values');
  const items = sums.map((x, i) => {
    const small = i + 1;
    const parts = { big: size - small, small, x };
    const li = document.createElement('li');
    li.dataset.win = String(x === 0);
    const key = x === 0 ? (numbers ? 'an.g.splitWin' : 'an.g.splitWinPlain') : numbers ? 'an.g.splitNim' : 'an.g.splitLosePlain';
    li.textContent = `${x === 0 ? '✓' : '✗'} ${t(key, parts)}`;
    return li;
  });
  const more = (s.max_small[heap] ?? 0) - sums.length;
  if (splitValues.sums && more > 0) items.push(Object.assign(document.createElement('li'), { textContent: t('an.g.splitsMore', { count: more }) }));
  box.replaceChildren(...items);
}

/**
 * Another rule's moves of the chosen heap (the session's options), each
 * with what it leaves: win or lose, and the nim-sum when numbers are shown.
 * @param {import('../pkg/impartial.js').GrundySnapshot} s @param {boolean} playing
 */
function renderOptions(s, playing) {
  const box = $('split-values');
  const title = $('split-title');
  const heap = game.selected;
  const wanted = showValues.checked && playing && heap !== null && heap < s.heaps.length && reveals(s.reveal, 'moves');
  box.hidden = title.hidden = !wanted;
  if (!wanted || heap === null) return;
  const list = game.optionsOf(heap);
  title.textContent = t('an.h.options', { n: heap + 1, size: s.heaps[heap] });
  const error = game.moveOptions?.error;
  if (error) {
    box.replaceChildren(Object.assign(document.createElement('li'), { textContent: say(error) }));
    return;
  }
  const numbers = reveals(s.reveal, 'values') && !s.misere;
  const items = (list ?? []).map((o) => {
    const li = document.createElement('li');
    li.dataset.win = String(o.x === 0);
    const move = say(moveLine(o));
    const key = o.x === 0 ? (numbers ? 'an.h.optWin' : 'an.h.optWinPlain') : numbers ? 'an.h.optNim' : 'an.h.optLosePlain';
    li.textContent = `${o.x === 0 ? '✓' : '✗'} ${t(key, { move, x: o.x })}`;
    return li;
  });
  box.replaceChildren(...items);
}

/** @typedef {import('../pkg/impartial.js').Split} Split */

/** Another rule's move in words ("take 2 of 7, leaving 3 + 2"). @param {{ take: number, big: number, small: number }} m */
const moveWords = (m) => say(moveLine(m));

/** A split in words: "13 into 8 + 5". @param {Split} m */
const splitWords = (m) => t('an.g.whySplitWords', { size: m.big + m.small, big: m.big, small: m.small });

/**
 * The Grundy values of a position as an xor ("G = 3 xor 0 xor 0"), the first
 * 12 heaps of a long list and an ellipsis.
 * @param {number[]} values
 */
function xorOf(values) {
  if (values.length === 0) return 'G = 0';
  const shown = values.slice(0, 12).join(' xor ');
  return `G = ${shown}${values.length > 12 ? ' xor …' : ''}`;
}

/** @param {string} text @param {string} [cls] */
function para(text, cls) {
  const p = document.createElement('p');
  p.textContent = text;
  if (cls) p.className = cls;
  return p;
}

/**
 * "Why?" (explanations level): for the split previewed, the move played
 * last (chosen in the move list) or the position, as the session explains it.
 * @param {import('../pkg/impartial.js').GrundySnapshot} s
 */
function renderWhy(s) {
  const shown = game.whyWanted();
  whyBox.hidden = !shown;
  if (!shown) return;
  game.askWhy();
  const target = game.whyTarget();
  const why = game.currentWhy();
  const body = $('why-body');
  $('why-position').hidden = s.over || target?.kind === 'position';
  const title = $('why-title');
  if (s.rule !== 'grundy' && target && target.kind !== 'position') {
    const m = { take: target.take ?? 0, big: target.big ?? target.size - target.small, small: target.small };
    title.textContent = target.kind === 'played' ? t('an.h.whyPlayed', { n: target.ply + 1, move: moveWords(m) }) : t('an.h.whyMove', { move: moveWords(m) });
  } else if (target?.kind === 'played') title.textContent = t('an.g.whyPlayed', { n: target.ply + 1, size: target.size, big: target.size - target.small, small: target.small });
  else if (target?.kind === 'split') title.textContent = t('an.g.whySplit', { size: target.size, big: target.size - target.small, small: target.small });
  else title.textContent = t(target ? 'an.whyThisPosition' : 'an.whyTitle');
  if (!target) body.replaceChildren(para(t('an.summaryOver')));
  else if (!why) body.replaceChildren(para(t('an.whyWait')));
  else if (why.error) body.replaceChildren(para(say(why.error)));
  else if (why.answer) body.replaceChildren(...(s.rule === 'grundy' && !s.misere ? whyParts(why.answer) : whyPartsOther(why.answer, s.misere)));
}

/**
 * The explanation of another rule's move or position: in normal play with
 * the nim-sums, as Grundy's; in misère play (no values) won or lost, as the
 * search found it. Then the replies and their answers to open.
 * @param {import('../pkg/impartial.js').GrundyWhy} w @param {boolean} misere @returns {HTMLElement[]}
 */
function whyPartsOther(w, misere) {
  /** @type {HTMLElement[]} */
  const out = [];
  const m = w.split;
  if (m && w.after) {
    const words = { move: moveWords(m), x: w.after.nim_sum, values: xorOf(w.after.values) };
    if (misere) out.push(para(t(w.winning ? 'an.m.whyWin' : 'an.m.whyLose', words)));
    else if (w.winning) out.push(para(t(w.replies.length ? 'an.h.whyWin' : 'an.h.whyWinNow', words)));
    else out.push(para(t('an.h.whyLose', words)));
    if (!misere && w.parts) {
      const [g, gb, gs] = w.parts;
      out.push(para(t('an.h.whyParts', { size: m.take + m.big + m.small, g, gb, gs, before: w.before.nim_sum }), 'an-why-values'));
    }
    if (!w.winning && w.refutation) {
      out.push(para(t(misere ? 'an.m.whyRefute' : 'an.h.whyRefute', { move: moveWords(w.refutation.mv) })));
      return out;
    }
  } else if (w.winning) {
    // A move's words have their own comma ("take 1 of 12, leaving 11"): moves apart by semicolons.
    const list = w.replies.slice(0, 5).map((r) => moveWords(r.mv)).join(t('h.words.sep'));
    const left = w.replies.length - Math.min(5, w.replies.length) + w.more;
    out.push(para(t(misere ? 'an.m.whyWon' : 'an.h.whyWon', { x: w.before.nim_sum, values: xorOf(w.before.values), list })));
    if (left > 0) out.push(para(t('an.h.whyMoreWins', { count: left })));
    return out;
  } else {
    out.push(para(w.replies.length ? t(misere ? 'an.m.whyLost' : 'an.h.whyLost', { values: xorOf(w.before.values) }) : t('an.summaryOver')));
  }
  if (w.replies.length === 0) return out;
  const details = document.createElement('details');
  const summary = document.createElement('summary');
  const count = w.replies.length + w.more;
  summary.textContent = count === 1 ? t(m ? 'an.h.whyReplyOnly' : 'an.h.whyMoveOnly') : t(m ? 'an.h.whyReplies' : 'an.h.whyMoves', { count });
  const list = document.createElement('ul');
  list.className = 'an-tree';
  for (const r of w.replies) {
    const li = document.createElement('li');
    const words = { move: moveWords(r.mv), answer: r.answer ? moveWords(r.answer) : '', x: r.nim_sum };
    if (m) li.textContent = t(r.answer ? 'an.h.whyReply' : 'an.h.whyReplyEnd', words);
    else li.textContent = t(misere ? 'an.m.whyAnswer' : 'an.h.whyAnswer', words);
    list.append(li);
  }
  if (w.more > 0) list.append(Object.assign(document.createElement('li'), { textContent: t('an.h.whyMore', { count: w.more }) }));
  details.append(summary, list);
  out.push(details);
  return out;
}

/**
 * The explanation: a sentence with the nim-sums, then the replies and their
 * answers to open (two plies deep).
 * @param {import('../pkg/impartial.js').GrundyWhy} w @returns {HTMLElement[]}
 */
function whyParts(w) {
  /** @type {HTMLElement[]} */
  const out = [];
  const m = w.split;
  if (m && w.after && w.parts) {
    const words = { size: m.big + m.small, big: m.big, small: m.small, x: w.after.nim_sum, values: xorOf(w.after.values) };
    if (w.winning) out.push(para(t(w.replies.length ? 'an.g.whyWin' : 'an.g.whyWinNow', words)));
    else out.push(para(t('an.g.whyLose', words)));
    const [g, gb, gs] = w.parts;
    out.push(para(t('an.g.whyParts', { ...words, g, gb, gs, before: w.before.nim_sum }), 'an-why-values'));
    if (!w.winning && w.refutation) {
      out.push(para(t('an.g.whyRefute', { split: splitWords(w.refutation.mv) })));
      return out;
    }
  } else if (w.winning) {
    const list = w.replies.slice(0, 5).map((r) => splitWords(r.mv)).join(', ');
    const left = w.replies.length - Math.min(5, w.replies.length) + w.more;
    out.push(para(t('an.g.whyWon', { x: w.before.nim_sum, values: xorOf(w.before.values), list })));
    if (left > 0) out.push(para(t(w.more_exact ? 'an.g.whyMoreWins' : 'an.g.whyMoreWinsAtLeast', { count: left })));
    return out;
  } else {
    out.push(para(t(w.replies.length ? 'an.g.whyLost' : 'an.summaryOver', { values: xorOf(w.before.values) })));
  }
  if (w.replies.length === 0) return out;
  const details = document.createElement('details');
  const summary = document.createElement('summary');
  const count = w.replies.length + w.more;
  summary.textContent = count === 1 ? t(m ? 'an.g.whyReplyOnly' : 'an.g.whySplitOnly') : t(m ? 'an.g.whyReplies' : 'an.g.whySplits', { count });
  const list = document.createElement('ul');
  list.className = 'an-tree';
  for (const r of w.replies) {
    const li = document.createElement('li');
    const words = { split: splitWords(r.mv), answer: r.answer ? splitWords(r.answer) : '', x: r.nim_sum };
    li.textContent = t(m ? 'an.g.whyReply' : 'an.g.whyAnswer', words);
    list.append(li);
  }
  if (w.more > 0) list.append(Object.assign(document.createElement('li'), { textContent: t('an.g.whyMore', { count: w.more }) }));
  details.append(summary, list);
  out.push(details);
  return out;
}

/**
 * Loads a record typed or pasted in the page (`20: 13+7 9+4`): played whole
 * or refused with the first split that cannot be played.
 * @param {string} text
 */
async function importRecord(text) {
  const s = game.snap;
  if (!s) return;
  // The game's rule goes on unless the record names its own (`kayles 10: 10-2=5+3`).
  const keep = ['rule', 'misere', 'first', 'level', 'reveal'];
  const kept = [...s.start_params.filter(([n]) => keep.includes(n)), ...game.keptShown()];
  try {
    const started = await startGame([...kept, ['record', text]], true);
    if (started) {
      game.notices = [['an.imported', { count: started.moves.length }]];
      syncPicker(started);
    }
  } catch (err) {
    game.notices = [['an.importBad', { reason: { line: errorLine(err) } }]];
  }
  game.changed();
}

game.addEventListener('change', () => {
  render();
  syncUrl();
});

// Undo, redo and restart pause the demo (the panel sends them to the game).
for (const id of ['undo', 'redo', 'restart']) $(id).addEventListener('click', () => demo.pause());
demoUi.toggle.addEventListener('click', async () => {
  if (!demo.on) {
    if (!game.snap || game.solving) return;
    await game.setDemo(true);
    demo.start(!game.snap?.over);
  } else {
    demo.leave();
    await game.setDemo(false);
  }
  syncUrl();
});
/** The heaps on the table now, with the same player to move (null from a file). */
function hereLink() {
  const s = game.snap;
  if (!s) return null;
  /** @type {[string, string][]} */
  const pairs = [...s.here_params];
  if (demo.on) pairs.push(['demo', '1'], ['speed', demo.speed]);
  pairs.push(['lang', lang()]);
  return linkTo(queryString(pairs));
}
$('share-link').addEventListener('click', () => {
  const s = game.snap;
  if (s) void share.copyLink(hereLink(), s.record_line, /** @type {HTMLInputElement} */ ($('share-url')));
});
$('show-qr').addEventListener('click', () => {
  if (game.snap) showQr(hereLink());
});
showValues.addEventListener('change', () => {
  panel.render();
  render();
});

/** The address bar holds the game as it stands, as the page shows it now. */
const address = new AddressBar(
  game,
  (gamePairs) => {
    const pairs = [...gamePairs];
    // The session's demo, not the runner's: left, the runner stops at once
    // while the session's answer (the game as it goes on) is still to come.
    if (game.snap?.demo) pairs.push(['demo', '1'], ['speed', demo.speed]);
    pairs.push(['lang', lang()]);
    return pairs;
  },
  // Back or forward: the game of that entry, as it stood when it was left.
  (params) => {
    demo.leave();
    void game.start(gamePairs(params, 'grundy'), { resume: true }).then((snap) => {
      if (snap) syncPicker(snap);
    });
  },
);

function syncUrl() {
  address.sync();
}

/**
 * Starts a game; the demo ends with the old game.
 * @param {[string, string][]} pairs @param {boolean} strict
 */
function startGame(pairs, strict) {
  demo.leave();
  return game.start(pairs, { strict });
}

form.addEventListener('submit', async (e) => {
  e.preventDefault();
  const data = new FormData(form);
  const heaps = heapList.value.trim() || heapN.value;
  const rule = pickedRule();
  try {
    const started = await startGame(
      [
        // Grundy's game in normal play writes neither: its addresses stay as they always were.
        ...(rule.toLowerCase() === 'grundy' ? [] : [/** @type {[string, string]} */ (['rule', rule])]),
        ...(misereBox.checked ? [/** @type {[string, string]} */ (['misere', '1'])] : []),
        ['heaps', heaps], ['first', String(data.get('first'))], ['level', String(data.get('level'))], ...game.keptShown()],
      true,
    );
    if (started) syncPicker(started);
    showFormError(null);
  } catch (err) {
    // A bad rule (or misère play past its bounds) is named under the button
    // pressed, where the eyes are (the page's notices are at its top, a
    // screen or two above the form); the game on the board goes on.
    const code = /** @type {{ code?: unknown }} */ (err)?.code;
    const ruled = typeof code === 'string' && /^(rule|misere)\./.test(code);
    showFormError([ruled ? 'h.badRule' : 'g.badHeaps', { reason: { line: errorLine(err) } }]);
  }
});

/** What the form's last refusal said, kept to be said again in another language. @type {import('../shared/i18n.js').Line | null} */
let formProblem = null;
/** Says why the form's game was not started (null: clears it). @param {import('../shared/i18n.js').Line | null} line */
function showFormError(line) {
  formProblem = line;
  const box = $('form-error');
  box.hidden = !line;
  box.textContent = line ? say(line) : '';
}

/** The rule the picker names: a classic's code, or the code typed. */
function pickedRule() {
  const classic = CLASSICS.find((c) => c.id === rulePick.value);
  return classic ? classic.rule : ruleCode.value.trim();
}

/** Keeps the header's title on one line (set at the first title shown). @type {(() => void) | null} */
let fitTitle = null;

/**
 * The header names the game on the board and says its rule: Grundy's game
 * as it always did, another rule by its name (or code) and its words.
 * @param {import('../pkg/impartial.js').GrundySnapshot} s
 */
function showTitle(s) {
  const h1 = document.querySelector('header.top h1');
  const tagline = document.querySelector('header.top .tagline');
  if (!(h1 instanceof HTMLElement) || !(tagline instanceof HTMLElement)) return;
  fitTitle ??= keepOnOneLine(h1);
  if (s.rule === 'grundy' && !s.misere) {
    h1.dataset.i18n = 'g.title';
    tagline.dataset.i18n = 'g.tagline';
    h1.textContent = t('g.title');
    tagline.textContent = t('g.tagline');
    fitTitle();
    return;
  }
  delete h1.dataset.i18n;
  delete tagline.dataset.i18n;
  const id = boardPick;
  // The picker's name without its code in brackets: a title on one line.
  const name = id === 'code' ? t('h.title.code', { code: s.rule }) : t(/** @type {import('../shared/i18n.js').Key} */ (`h.rule.${id}`)).replace(/\s*\(.*\)$/, '');
  // Misère in the title too (Marienbad's name says it): the rule changes who wins.
  const title = s.misere && id !== 'marienbad' ? t('h.title.misere', { game: name }) : name;
  if (h1.textContent !== title) {
    h1.textContent = title;
    fitTitle();
  }
  const words = ruleWords(s.rule, s.misere, t);
  if (tagline.textContent !== words) tagline.textContent = words;
}

/** The picked rule in words, in the page's language. */
function showRuleWords() {
  $('rule-words').textContent = ruleWords(pickedRule(), misereBox.checked, t);
}

/** The picker's choices, each named in the page's language. */
function fillPicker() {
  rulePick.replaceChildren(
    ...[...CLASSICS.map((c) => c.id), 'code'].map((id) => {
      const option = new Option('', id);
      option.dataset.i18n = `h.rule.${id}`;
      option.textContent = t(/** @type {import('../shared/i18n.js').Key} */ (`h.rule.${id}`));
      return option;
    }),
  );
}

/**
 * The picker shows the game on the board: its classic (Marienbad is Nim in
 * misère play on 1, 3, 5, 7), else its code.
 * @param {import('../pkg/impartial.js').GrundySnapshot} snap
 */
function syncPicker(snap) {
  boardPick = pickOf(snap);
  rulePick.value = boardPick;
  ruleCode.value = snap.rule;
  misereBox.checked = snap.misere;
  showRuleWords();
  showTitle(snap);
  followRule(snap.rule);
}

/** The picker's name of the game on the board (set when a game starts). */
let boardPick = 'grundy';

/** The picker's choice for a game: its classic, else `code`. @param {import('../pkg/impartial.js').GrundySnapshot} snap */
function pickOf(snap) {
  const start = snap.start_params.find(([n]) => n === 'heaps')?.[1];
  const classic =
    CLASSICS.find((c) => c.rule === snap.rule && c.misere === snap.misere && c.id === 'marienbad' && start === c.heaps) ??
    CLASSICS.find((c) => c.rule === snap.rule && c.id !== 'marienbad');
  return classic ? classic.id : 'code';
}

rulePick.addEventListener('change', () => {
  const classic = CLASSICS.find((c) => c.id === rulePick.value);
  if (classic) {
    ruleCode.value = classic.rule;
    misereBox.checked = classic.misere;
    heapList.value = classic.heaps;
  } else {
    ruleCode.focus();
  }
  showRuleWords();
});
ruleCode.addEventListener('input', () => {
  rulePick.value = 'code';
  showRuleWords();
});
misereBox.addEventListener('change', showRuleWords);

langSelect.addEventListener('change', () => {
  setLang(/** @type {import('../shared/i18n.js').Lang} */ (langSelect.value));
  document.title = t('g.doc.title');
  translate(document);
  share.retranslate();
  levelNote();
  showRuleWords();
  valuesRuleNote();
  valuesView?.retranslate();
  if (formProblem) showFormError(formProblem);
  panel.render();
  render();
  syncUrl();
});

/** Fills the form's limits and choices from the rule book. */
async function fillForm() {
  const rules = await game.client.callStatic('GrundySession', 'rules');
  heapN.max = String(rules.max_heap);
  const select = (/** @type {string} */ name, /** @type {string[]} */ values, /** @type {(v: string) => string} */ key) => {
    const el = /** @type {HTMLSelectElement} */ (form.elements.namedItem(name));
    el.replaceChildren(
      ...values.map((v) => {
        const option = new Option('', v);
        option.dataset.i18n = key(v);
        option.textContent = t(/** @type {import('../shared/i18n.js').Key} */ (key(v)));
        return option;
      }),
    );
  };
  select('first', rules.firsts, (v) => `form.first.${v}`);
  select('level', rules.opponents, (v) => (v === 'human' ? 'level.human' : `g.level.${v}`));
  levelNote = optionNote(/** @type {HTMLSelectElement} */ (form.elements.namedItem('level')), $('level-note'), (v) => /** @type {import('../shared/i18n.js').Key} */ (`ui.g.levelNote.${v}`));
}

/** Says what the chosen opponent does (set once the form has its options). */
let levelNote = () => {};

// A hook for the test suite (`?debug=1`): where the drawing put each heap and label.
if (pageParam('debug') === '1') {
  /** @type {any} */ (window).grundyDebug = { boxes: () => panel.view.laidBoxes(), labels: () => panel.view.laidLabels() };
}

async function boot() {
  const params = new URLSearchParams(location.search);
  const display = readDisplay(params, browserLang());
  setLang(display.lang);
  langSelect.replaceChildren(
    ...LANGS.map((code) => new Option(code === 'fr' ? 'Français' : 'English', code, false, code === lang())),
  );
  document.title = t('g.doc.title');
  translate(document);
  demo.speed = display.speed;
  fillPicker();
  // The form's choices and the first game are asked for together.
  const formReady = fillForm();
  const firstGame = startGame(gamePairs(params, 'grundy'), false);
  registerOfflineApp(firstGame);
  const snap = await firstGame;
  await formReady;
  if (snap) {
    const text = params.get('heaps') ?? params.get('n');
    if (text !== null && snap.problems.every((p) => p.name !== 'heaps' && p.name !== 'n')) heapList.value = text;
    const field = (/** @type {string} */ name) => /** @type {HTMLSelectElement} */ (form.elements.namedItem(name));
    field('first').value = snap.start_params.find(([name]) => name === 'first')?.[1] ?? '';
    field('level').value = snap.level;
    levelNote();
    syncPicker(snap);
    game.notices = [...game.notices, ...display.problems.map((p) => problemLine(p, snap, 'url.bad'))];
    game.changed();
    // An address to the values view (grundy.html?rule=kayles#values) opens there once the game is laid out.
    if (location.hash === '#values') $('values').scrollIntoView();
    if (display.demo) {
      await game.setDemo(true);
      demo.start(!game.snap?.over);
    }
  }
}

/**
 * The lab (its runs, its worker, its chart library) is loaded when it is
 * first run, not with the game: nothing in it can hold the game up or take
 * it down. If it cannot load, its status line says why.
 */
function labOnFirstRun() {
  const form = /** @type {HTMLFormElement} */ ($('lab-form'));
  /** @param {SubmitEvent} e */
  const first = async (e) => {
    e.preventDefault();
    form.removeEventListener('submit', first);
    try {
      const { startLab } = await import('./lab.js');
      void startLab().run();
    } catch (err) {
      $('lab-status').textContent = say(['lab.loadFailed', { reason: { line: errorLine(err) } }]);
      form.addEventListener('submit', first);
    }
  };
  form.addEventListener('submit', first);
}

labOnFirstRun();

const valuesRule = /** @type {HTMLInputElement} */ ($('values-rule'));
/** The values view once loaded (its first Compute); null until then. @type {{ run: () => Promise<void>, retranslate: () => void } | null} */
let valuesView = null;
/** The game's rule the values view last took. */
let valuesFollowed = '';

/** The values view follows the game's rule: a new rule on the board is put in its field. @param {string} rule */
function followRule(rule) {
  if (rule === valuesFollowed) return;
  valuesFollowed = rule;
  valuesRule.value = rule;
  valuesRuleNote();
}

/** The rule's words under the values view's field, as under the picker's code. */
function valuesRuleNote() {
  $('values-rule-note').textContent = ruleWords(valuesRule.value, false, t);
}
valuesRule.addEventListener('input', valuesRuleNote);

/**
 * The values view (its module, its chart library, the study worker) is
 * loaded at its first Compute, as the lab is; if it cannot load, its
 * summary line says why.
 */
function valuesOnFirstRun() {
  const form = /** @type {HTMLFormElement} */ ($('values-form'));
  /** @param {SubmitEvent} e */
  const first = async (e) => {
    e.preventDefault();
    form.removeEventListener('submit', first);
    try {
      const { startValues } = await import('./values.js');
      valuesView = startValues();
      void valuesView.run();
    } catch (err) {
      $('values-summary').textContent = say(['v.loadFailed', { reason: { line: errorLine(err) } }]);
      form.addEventListener('submit', first);
    }
  };
  form.addEventListener('submit', first);
}

valuesOnFirstRun();
valuesRuleNote();
void boot();
