// Computer-vs-computer demo, shared by both games' pages: one timer at a time,
// and a token that every interruption (pause, undo, new game, leaving) bumps,
// so a move still being computed is dropped instead of landing on a game that
// has moved on.

import { label } from './i18n.js';

/** @typedef {import('./url.js').Speed} Speed */

/**
 * Milliseconds between two moves. The same under prefers-reduced-motion: the
 * pace is the teacher's choice, only animation is the browser's.
 * @type {Record<Speed, number>}
 */
export const DELAYS = { slow: 2500, normal: 1200, fast: 300 };

/**
 * Builds the demo's controls (Play/Pause, Step, Speed) into the page's empty
 * #demo-bar, the same on both games' pages, and wires them to `runner`. The
 * page keeps #demo-toggle's click (entering and leaving differ per game).
 * @param {DemoRunner} runner @param {() => void} onSpeed told after a speed change (to update the address)
 */
export function demoControls(runner, onSpeed) {
  const byId = (/** @type {string} */ id) => /** @type {HTMLElement} */ (document.getElementById(id));
  const bar = byId('demo-bar');
  const toggle = /** @type {HTMLButtonElement} */ (byId('demo-toggle'));
  const button = (/** @type {string} */ id) => {
    const b = document.createElement('button');
    b.type = 'button';
    b.id = id;
    return b;
  };
  const play = button('demo-play');
  const step = button('demo-step');
  label(step, 'demo.step');
  const speedLabel = document.createElement('label');
  speedLabel.className = 'demo-speed';
  const caption = document.createElement('span');
  label(caption, 'demo.speed');
  const select = document.createElement('select');
  select.id = 'demo-speed';
  for (const speed of /** @type {Speed[]} */ (['slow', 'normal', 'fast'])) {
    const option = new Option('', speed, false, speed === 'normal');
    label(option, `demo.${speed}`);
    select.append(option);
  }
  speedLabel.append(caption, select);
  bar.replaceChildren(play, step, speedLabel);

  play.addEventListener('click', () => (runner.playing ? runner.pause() : runner.play()));
  step.addEventListener('click', () => runner.step());
  select.addEventListener('change', () => {
    runner.setSpeed(/** @type {Speed} */ (select.value));
    onSpeed();
  });
  return {
    toggle,
    /**
     * Shows the runner's state.
     * @param {{ available: boolean, over: boolean }} game whether a demo may start now; whether the game is over
     */
    render({ available, over }) {
      label(toggle, runner.on ? 'demo.leave' : 'demo.start');
      toggle.disabled = !available;
      bar.hidden = !runner.on;
      label(play, runner.playing ? 'demo.pause' : 'demo.play');
      play.disabled = !runner.playing && over;
      step.disabled = runner.playing || runner.busy || over;
      select.value = runner.speed;
    },
  };
}

export class DemoRunner {
  /**
   * @param {(alive: () => boolean) => Promise<boolean>} move plays one move;
   *   resolves false when the game cannot go on. `alive()` turns false once the
   *   move is no longer wanted: it must then change nothing.
   * @param {() => void} changed redraws the demo controls
   */
  constructor(move, changed) {
    this.move = move;
    this.changed = changed;
    this.on = false;
    this.playing = false;
    /** A move is being computed. */
    this.busy = false;
    /** @type {Speed} */
    this.speed = 'normal';
    /** @type {ReturnType<typeof setTimeout> | null} */
    this.timer = null;
    this.token = 0;
  }

  /** Enters demo mode; playing starts after one delay, so the first position is seen. */
  start(play = true) {
    this.interrupt();
    this.on = true;
    this.playing = play;
    if (play) this.schedule(DELAYS[this.speed]);
    this.changed();
  }

  leave() {
    this.interrupt();
    this.on = false;
    this.playing = false;
    this.changed();
  }

  pause() {
    if (!this.on) return;
    this.interrupt();
    this.playing = false;
    this.changed();
  }

  play() {
    if (!this.on) return;
    this.interrupt();
    this.playing = true;
    // Pressing Play answers at once; the chosen pace applies between moves.
    this.schedule(0);
    this.changed();
  }

  /** One move, when paused. */
  step() {
    if (!this.on || this.playing || this.busy) return;
    void this.run(this.token, false);
  }

  /** @param {Speed} speed */
  setSpeed(speed) {
    this.speed = speed;
    if (this.playing && this.timer !== null) this.schedule(DELAYS[speed]);
    this.changed();
  }

  interrupt() {
    this.token++;
    if (this.timer !== null) clearTimeout(this.timer);
    this.timer = null;
    this.busy = false;
  }

  /** @param {number} ms */
  schedule(ms) {
    if (this.timer !== null) clearTimeout(this.timer);
    const token = this.token;
    this.timer = setTimeout(() => {
      this.timer = null;
      void this.run(token, true);
    }, ms);
  }

  /** @param {number} token @param {boolean} thenNext */
  async run(token, thenNext) {
    if (token !== this.token) return;
    const alive = () => token === this.token;
    this.busy = true;
    this.changed();
    let more = false;
    try {
      more = await this.move(alive);
    } catch (err) {
      if (alive()) {
        this.busy = false;
        this.playing = false;
        this.changed();
      }
      throw err;
    }
    if (!alive()) return;
    this.busy = false;
    if (!more) this.playing = false;
    else if (thenNext && this.playing) this.schedule(DELAYS[this.speed]);
    this.changed();
  }
}
