// The "Game graph" section: where a graph comes from (a Chomp arena, the
// position on the board, or a pasted dict), the step controls, and exports.
// It has its own worker and GraphSession, so a big graph never holds up the
// game above it.

import { t, say, errorLine, num, clip } from '../shared/i18n.js';
import { SolverClient, CancelledError } from '../shared/solver-client.js';
import { Sharer } from '../shared/share.js';
import { GraphView } from './view.js';
import { keepTextFitted } from '../shared/fit.js';
import { rasterizeSvg } from './svg-raster.js';
import { printGraphWorksheet } from './worksheet.js';

/**
 * Most vertices drawn; larger graphs are refused with the reason. Past
 * REDUCED_VERTICES the drawing keeps every vertex but only the chosen
 * vertex's arrows (see view.js), so the default 4×7 board's graph (329
 * vertices) and every box up to 6×6 (923) are drawn.
 */
export const MAX_DRAWN = 1000;

/** Longest link to a graph offered: past about 8 KB, servers and mail or chat tools cut links. */
const MAX_GRAPH_LINK = 8000;

/** @typedef {import('../pkg/impartial_study.js').GraphView} Analysis */
/** @typedef {import('../shared/i18n.js').Line} Line */

/**
 * @param {object} deps
 * @param {() => number[] | null} deps.boardPosition the position on the main board
 * @param {(rows: number[]) => void} deps.playFrom starts a game from a position
 * @param {(name: string) => void} [deps.onDraw] told what a link calls each graph drawn (`arena:3x3`, `position:3,3,2` or a dict)
 * @param {(name: string) => string | null} deps.graphLink the address that opens a graph so named in this section (null from a file)
 */
export function setupGraphPanel({ boardPosition, playFrom, onDraw, graphLink }) {
  const $ = (/** @type {string} */ id) => /** @type {HTMLElement} */ (document.getElementById(id));
  const text = /** @type {HTMLTextAreaElement} */ ($('graph-text'));
  const errorEl = $('graph-error');
  const playButton = /** @type {HTMLButtonElement} */ ($('graph-play'));
  const speed = /** @type {HTMLSelectElement} */ ($('graph-speed'));
  const share = new Sharer($('graph-share-status'));
  const view = new GraphView($('graph-figure'), $('graph-caption'), (rows) => {
    playFrom(rows);
    document.getElementById('board-wrap')?.scrollIntoView({ block: 'center' });
  });
  // The line under the caption: which vertex is on the board, how a large graph is drawn.
  const note = document.createElement('p');
  note.className = 'graph-note';
  note.id = 'graph-note';
  $('graph-caption').after(note);
  keepTextFitted($('graph-caption'));
  // With nothing drawn (a bad dict's message in its place) there is nothing
  // to play, save or print: an empty game-graph.svg was saved.
  const drawnOnly = /** @type {HTMLButtonElement[]} */ (
    ['graph-play', 'graph-svg', 'graph-png', 'graph-print'].map((id) => document.getElementById(id)).filter((b) => b !== null)
  );
  view.onChange = () => {
    note.textContent = view.note();
    // Nothing before the first step, nothing after the nimbers. A button
    // disabled under the keyboard's focus would drop it to the page's top:
    // it goes to the other one (Next at the nimbers, Previous at the start).
    const [prev, next] = /** @type {HTMLButtonElement[]} */ ([$('graph-prev'), $('graph-next')]);
    const focused = document.activeElement;
    prev.disabled = !view.analysis || view.step <= 0;
    next.disabled = !view.analysis || view.step >= view.lastStep;
    for (const [button, other] of [[prev, next], [next, prev]]) {
      if (button.disabled && focused === button && !other.disabled) other.focus();
    }
    for (const button of drawnOnly) button.disabled = !view.analysis || !view.svg;
  };
  view.onChange();
  const client = new SolverClient('study');
  /** @type {Promise<import('../shared/solver-client.js').Remote<import('../pkg/impartial_study.js').GraphSession>> | null} */
  let session = null;
  client.addEventListener('lost', () => {
    session = null;
  });
  const graphs = () => (session ??= client.create('GraphSession'));
  /** @type {ReturnType<typeof setInterval> | null} */
  let timer = null;
  /**
   * The graph on show as a link names it (the textarea may have been edited
   * since): `arena:3x3`, `position:3,3,2` (the board's rows), or its dict.
   * A Chomp graph is named by its position, so the link draws its bars and
   * its vertices play, as the graph did (its dict is only numbers).
   */
  let shown = /** @type {string | null} */ (null);
  /** Its dict, as the solver writes it or as it was typed. */
  let shownDict = '';
  /** @type {Line | null} */
  let error = null;
  /** Bumped by every request, so an older answer is dropped. */
  let token = 0;

  // A graph drawn or a step asked for brings the whole lesson (its buttons,
  // the caption and the figure) on screen: it is sized to fit it. At once,
  // not gliding: a glide would carry Next away from under the pointer of a
  // teacher clicking through the steps (WebKit lets it run on past a click).
  const lesson = $('graph-lesson');
  const bringLesson = () => lesson.scrollIntoView({ block: 'nearest', behavior: 'instant' });

  /** @param {Line | null} line */
  function showError(line) {
    error = line;
    errorEl.hidden = line === null;
    errorEl.textContent = line ? say(line) : '';
  }

  function stop() {
    if (timer !== null) clearInterval(timer);
    timer = null;
    playButton.textContent = t('graph.play');
  }

  /**
   * Draws what `request` answers; an error clears the drawing and says why.
   * @param {(s: import('../shared/solver-client.js').Remote<import('../pkg/impartial_study.js').GraphSession>) => Promise<Analysis>} request
   * @param {string} [typed] the text the graph was read from, kept as written (else the solver's dict)
   * @param {string} [name] what a link calls it, when not its dict (see `shown`)
   * @param {boolean} [linked] it comes from the page's link: an error says so
   * @returns {Promise<boolean>} whether it was drawn
   */
  async function draw(request, typed, name, linked = false) {
    stop();
    const mine = ++token;
    // Text typed while the graph is computed is the person's, kept.
    const asked = text.value;
    try {
      const analysis = await request(await graphs());
      if (mine !== token) return false;
      const dict = typed ?? analysis.dict;
      await view.show(analysis);
      if (mine !== token) return false;
      if (text.value === asked) text.value = dict;
      showError(null);
      shown = name ?? dict;
      shownDict = dict;
      onDraw?.(shown);
      return true;
    } catch (err) {
      if (mine !== token || err instanceof CancelledError) return false;
      view.clear();
      shown = null;
      // The session names its parameters ("rows is 0"): said with the link's words.
      showError(linked && name ? ['graph.linkError', { value: clip(name), reason: { line: errorLine(err) } }] : errorLine(err));
      return false;
    }
  }
  /** A graph asked for by a click is brought on screen once drawn. @param {Promise<boolean>} drawn */
  const thenBring = (drawn) => void drawn.then((ok) => ok && bringLesson());

  $('graph-arena-form').addEventListener('submit', (e) => {
    e.preventDefault();
    const data = new FormData(/** @type {HTMLFormElement} */ (e.target));
    const [rows, cols] = [Number(data.get('rows')), Number(data.get('cols'))];
    thenBring(draw((s) => s.call('arena', rows, cols, MAX_DRAWN), undefined, `arena:${rows}x${cols}`));
  });
  $('graph-from-board').addEventListener('click', () => {
    const rows = boardPosition();
    if (rows) thenBring(draw((s) => s.call('below', rows, MAX_DRAWN), undefined, `position:${rows.join(',')}`));
  });
  $('graph-text-form').addEventListener('submit', (e) => {
    e.preventDefault();
    const dict = text.value;
    thenBring(draw((s) => s.call('parse', dict, MAX_DRAWN), dict));
  });
  $('graph-prev').addEventListener('click', () => {
    stop();
    view.go(view.step - 1);
    bringLesson();
  });
  $('graph-next').addEventListener('click', () => {
    stop();
    view.go(view.step + 1);
    bringLesson();
  });
  playButton.addEventListener('click', () => {
    if (timer !== null) return stop();
    bringLesson();
    if (view.step >= view.lastStep) view.go(0);
    playButton.textContent = t('graph.pause');
    timer = setInterval(() => {
      view.go(view.step + 1);
      if (view.step >= view.lastStep) stop();
    }, Number(speed.value));
  });
  $('graph-copy').addEventListener('click', async () => {
    try {
      await navigator.clipboard.writeText(text.value);
      // Said under the buttons, as a copied link is: the caption is the
      // step's explanation (and what screen readers hear of the lesson).
      share.say('graph.copied');
    } catch {
      // No clipboard permission: select the text so Ctrl+C copies it.
      text.select();
    }
  });
  const download = (/** @type {Blob} */ blob, /** @type {string} */ name) => {
    const a = document.createElement('a');
    a.href = URL.createObjectURL(blob);
    a.download = name;
    a.click();
    setTimeout(() => URL.revokeObjectURL(a.href), 1000);
  };
  $('graph-svg').addEventListener('click', () => {
    download(new Blob([view.svgText()], { type: 'image/svg+xml' }), 'game-graph.svg');
  });
  $('graph-png').addEventListener('click', () => {
    if (!view.svg) return;
    // The picture as seen: the figure's own background under the theme's colours.
    const background = getComputedStyle($('graph-figure')).backgroundColor;
    const canvas = rasterizeSvg(view.svg, { scale: 2, background });
    canvas.toBlob((blob) => blob && download(blob, 'game-graph.png'), 'image/png');
  });
  document.getElementById('graph-print')?.addEventListener('click', () => {
    if (view.analysis && view.svg) void printGraphWorksheet(view.analysis, view.svg, paperOf());
  });
  $('graph-link-copy').addEventListener('click', () => {
    if (shown === null) return share.say('graph.linkNone');
    const link = graphLink(shown);
    // Opened from a file: the dict text, which "Analyse" reads back, instead.
    if (link === null) return void share.copyLink(null, shownDict, /** @type {HTMLInputElement} */ ($('graph-link')));
    if (link.length > MAX_GRAPH_LINK) {
      return share.say('graph.linkTooLong', { length: num(link.length), max: num(MAX_GRAPH_LINK) });
    }
    void share.copy(link, /** @type {HTMLInputElement} */ ($('graph-link')), 'share.linkCopied');
  });

  /** The paper chosen next to the print button. @returns {'a4' | 'letter'} */
  function paperOf() {
    const select = /** @type {HTMLSelectElement | null} */ (document.getElementById('graph-paper'));
    return select?.value === 'letter' ? 'letter' : 'a4';
  }

  return {
    /**
     * Marks the vertex of the board's position (the board and the graph follow each other).
     * @param {number[] | null} rows
     */
    showBoard(rows) {
      view.setBoard(rows);
    },
    /** Redraws the texts after a language switch. */
    retranslate() {
      if (view.analysis) view.paint();
      else view.onChange();
      if (timer === null) playButton.textContent = t('graph.play');
      if (error) showError(error);
      share.retranslate();
    },
    /**
     * Draws a shared link's graph (see `shown`; a dict is left in the text
     * box to be fixed when it does not parse), else the worksheet's first
     * example so the section is never empty.
     * @param {string | null} [dict]
     * @returns {Promise<boolean>} whether it was drawn
     */
    start(dict) {
      // A graph asked for already (a click came first) is not replaced by the example.
      if (dict === null || dict === undefined) return token > 0 ? Promise.resolve(false) : draw((s) => s.call('arena', 2, 3, MAX_DRAWN), undefined, 'arena:2x3');
      // The session checks the sizes and the position, and says what is wrong.
      const arena = /^arena:(\d+)x(\d+)$/.exec(dict);
      if (arena) {
        // The arena's form says which arena is drawn.
        const form = /** @type {HTMLFormElement} */ ($('graph-arena-form'));
        for (const [i, field] of /** @type {const} */ (['rows', 'cols']).entries()) {
          const input = /** @type {HTMLInputElement | null} */ (form.elements.namedItem(field));
          if (input) input.value = arena[i + 1];
        }
        return draw((s) => s.call('arena', Number(arena[1]), Number(arena[2]), MAX_DRAWN), undefined, dict, true);
      }
      const position = /^position:(\d+(?:,\d+)*)$/.exec(dict);
      if (position) return draw((s) => s.call('below', position[1].split(',').map(Number), MAX_DRAWN), undefined, dict, true);
      // Not a dict either: "arena:3x" read as one said "Expected “=” after arena".
      if (/^(arena|position):/.test(dict)) {
        showError(['graph.linkBad', { value: clip(dict) }]);
        return Promise.resolve(false);
      }
      if (dict.length > MAX_GRAPH_LINK) {
        // Only a hand-made link gets here (copied links are checked): it is not analysed.
        showError(['graph.linkTextTooLong', { length: num(dict.length), max: num(MAX_GRAPH_LINK) }]);
        return Promise.resolve(false);
      }
      text.value = dict;
      return draw((s) => s.call('parse', dict, MAX_DRAWN), dict);
    },
  };
}
