// The "Game graph" section: where a graph comes from (a Chomp arena, the
// position on the board, or a pasted dict), the step controls, and exports.

import { t } from './i18n.js';
import { GraphView } from './graph-view.js';
import { rasterizeSvg } from './svg-raster.js';

/** Most vertices drawn; larger graphs are refused with the reason. */
export const MAX_DRAWN = 300;

/**
 * @param {object} deps
 * @param {import('./solver-client.js').SolverClient} deps.solver
 * @param {() => number[] | null} deps.boardPosition the position on the main board
 * @param {(rows: number[]) => void} deps.playFrom starts a game from a position
 * @param {(dict: string) => void} [deps.onDraw] told the dict text of each graph drawn
 */
export function setupGraphPanel({ solver, boardPosition, playFrom, onDraw }) {
  const $ = (/** @type {string} */ id) => /** @type {HTMLElement} */ (document.getElementById(id));
  const text = /** @type {HTMLTextAreaElement} */ ($('graph-text'));
  const errorEl = $('graph-error');
  const playButton = /** @type {HTMLButtonElement} */ ($('graph-play'));
  const speed = /** @type {HTMLSelectElement} */ ($('graph-speed'));
  const view = new GraphView($('graph-figure'), $('graph-caption'), (rows) => {
    playFrom(rows);
    document.getElementById('board-wrap')?.scrollIntoView({ block: 'center' });
  });
  /** @type {ReturnType<typeof setInterval> | null} */
  let timer = null;
  /** The dict text of the graph on show (the textarea may have been edited since). */
  let shown = /** @type {string | null} */ (null);

  /** @param {string | null} message */
  function showError(message) {
    errorEl.hidden = message === null;
    errorEl.textContent = message ?? '';
  }

  function stop() {
    if (timer !== null) clearInterval(timer);
    timer = null;
    playButton.textContent = t('graph.play');
  }

  /** @param {string} dict @param {number[][] | null} positions */
  async function draw(dict, positions) {
    stop();
    try {
      const analysis = await solver.graph(dict);
      if (analysis.vertices.length > MAX_DRAWN) {
        throw new Error(t('graph.tooBig', { count: analysis.vertices.length, max: MAX_DRAWN }));
      }
      text.value = dict;
      showError(null);
      view.show(analysis, positions);
      shown = dict;
      onDraw?.(dict);
    } catch (err) {
      showError(err instanceof Error ? err.message : String(err));
    }
  }

  /** @param {{ boxRows?: number, boxCols?: number, rows?: number[] }} what */
  async function drawArena(what) {
    try {
      const arena = await solver.arena(what);
      await draw(arena.text, arena.positions);
    } catch (err) {
      showError(err instanceof Error ? err.message : String(err));
    }
  }

  $('graph-arena-form').addEventListener('submit', (e) => {
    e.preventDefault();
    const data = new FormData(/** @type {HTMLFormElement} */ (e.target));
    void drawArena({ boxRows: Number(data.get('rows')), boxCols: Number(data.get('cols')) });
  });
  $('graph-from-board').addEventListener('click', () => {
    const rows = boardPosition();
    if (rows) void drawArena({ rows });
  });
  $('graph-text-form').addEventListener('submit', (e) => {
    e.preventDefault();
    void draw(text.value, null);
  });
  $('graph-prev').addEventListener('click', () => {
    stop();
    view.go(view.step - 1);
  });
  $('graph-next').addEventListener('click', () => {
    stop();
    view.go(view.step + 1);
  });
  playButton.addEventListener('click', () => {
    if (timer !== null) return stop();
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
      showError(null);
      $('graph-caption').textContent = t('graph.copied');
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

  return {
    /** Redraws the texts after a language switch. */
    retranslate() {
      if (view.analysis) view.paint();
      if (timer === null) playButton.textContent = t('graph.play');
    },
    /** The dict text of the graph on show, null before the first drawing. */
    dict: () => shown,
    /**
     * Draws `dict` (a shared link's graph, left in the text box to be fixed
     * when it does not parse), else the worksheet's first example so the
     * section is never empty.
     * @param {string | null} [dict]
     */
    start(dict) {
      if (dict === null || dict === undefined) return drawArena({ boxRows: 2, boxCols: 3 });
      text.value = dict;
      return draw(dict, null);
    },
  };
}
