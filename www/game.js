// The course of one game: the positions played so far, whose turn it is,
// undo/redo, and who won. Positions are row lengths, top row first; the
// solver (in the worker) owns what is winning, this module only keeps score.

/** @typedef {'perfect' | 'original' | 'random' | 'human'} Level */
/** @typedef {'human' | 'computer'} First */
/** @typedef {{ rows: number, cols: number, first: First, level: Level }} Settings */
/** @typedef {{ row: number, col: number }} Move */
/** Side 'A' is the person at the page (player 1); 'B' is the computer or player 2. */
/** @typedef {'A' | 'B'} Side */

/**
 * The board after eating (row, col) and everything below and right of it.
 * @param {number[]} rows @param {Move} move
 */
export function bite(rows, { row, col }) {
  return rows.map((len, i) => (i + 1 >= row ? Math.min(len, col - 1) : len)).filter((len) => len > 0);
}

/**
 * Why `move` is not legal in `rows`, or null when it is.
 * @param {number[]} rows @param {Move} move
 * @returns {'poison' | 'eaten' | null}
 */
export function illegal(rows, { row, col }) {
  if (row < 1 || col < 1 || row > rows.length || col > rows[row - 1]) return 'eaten';
  if (row === 1 && col === 1) return 'poison';
  return null;
}

/** @param {number} rows @param {number} cols */
export function fullBar(rows, cols) {
  return Array.from({ length: rows }, () => cols);
}

export class Game {
  /** @param {Settings} settings @param {number[]} [start] */
  constructor(settings, start) {
    this.settings = settings;
    /** @type {{ rows: number[], move: Move | null }[]} */
    this.history = [{ rows: start ?? fullBar(settings.rows, settings.cols), move: null }];
    this.index = 0;
    /** In the demo the computer plays both sides: turns, undo and redo go as between two players. */
    this.demo = false;
  }

  get vsComputer() {
    return !this.demo && this.settings.level !== 'human';
  }

  get rows() {
    return this.history[this.index].rows;
  }

  get lastMove() {
    return this.history[this.index].move;
  }

  /** Who moves at history step `i`. @returns {Side} */
  sideAt(i = this.index) {
    const firstSide = this.settings.first === 'human' ? 'A' : 'B';
    return i % 2 === 0 ? firstSide : firstSide === 'A' ? 'B' : 'A';
  }

  /** True when only the poisoned square is left: the side to move has lost. */
  get over() {
    return this.rows.length === 1 && this.rows[0] === 1;
  }

  /** The side that made the last move wins once the game is over. @returns {Side | null} */
  get winner() {
    if (!this.over) return null;
    return this.sideAt(this.index - 1);
  }

  get computerToMove() {
    return this.vsComputer && !this.over && this.sideAt() === 'B';
  }

  /** @param {Move} move */
  play(move) {
    const why = illegal(this.rows, move);
    if (why) throw new Error(why);
    this.history.length = this.index + 1;
    this.history.push({ rows: bite(this.rows, move), move });
    this.index += 1;
  }

  /** Steps the person may go back to: against the computer, only their own turns. */
  undoTarget() {
    for (let i = this.index - 1; i >= 0; i--) {
      if (!this.vsComputer || this.sideAt(i) === 'A') return i;
    }
    return null;
  }

  redoTarget() {
    for (let i = this.index + 1; i < this.history.length; i++) {
      if (!this.vsComputer || this.sideAt(i) === 'A' || i === this.history.length - 1) return i;
    }
    return null;
  }

  undo() {
    const i = this.undoTarget();
    if (i !== null) this.index = i;
  }

  redo() {
    const i = this.redoTarget();
    if (i !== null) this.index = i;
  }

  restart() {
    this.history.length = 1;
    this.index = 0;
  }
}
