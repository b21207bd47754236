// Work done at the next frame, once however often it is asked for: a change
// writes all it writes first, and the page is laid out once for all of it
// when the work reads the layout (a board's size, a line's overflow). The
// frame's paint comes after, so nothing is seen undone.

export class FrameTask {
  /** @param {() => void} run the work */
  constructor(run) {
    this.run = run;
    /** Whether the work waits for the next frame. */
    this.waiting = false;
  }

  /** Runs the work at the next frame (once, however many asks before it). */
  request() {
    if (this.waiting) return;
    this.waiting = true;
    requestAnimationFrame(() => this.flush());
  }

  /** Runs the waiting work now, if any (a reader that needs it done). */
  flush() {
    if (!this.waiting) return;
    this.waiting = false;
    this.run();
  }
}
