// The state of a game of Grundy's game: heaps, whose turn, and the move
// history for undo/redo. The rules themselves live in the Rust crate.

/** @typedef {{ heap: number, big: number, small: number, by: 0 | 1 }} Played */

export class GrundyGame {
  /** @param {number[]} heaps @param {0 | 1} first  player who moves first */
  constructor(heaps, first) {
    this.start = heaps.slice();
    this.first = first;
    /** @type {number[][]} positions after each move, the start first */
    this.positions = [heaps.slice()];
    /** @type {Played[]} */
    this.moves = [];
    /** @type {{ position: number[], move: Played }[]} */
    this.undone = [];
  }

  get heaps() {
    return this.positions[this.positions.length - 1];
  }

  /** Player to move: 0 or 1. */
  get turn() {
    return /** @type {0 | 1} */ ((this.first + this.moves.length) % 2);
  }

  get over() {
    return this.heaps.every((h) => h <= 2);
  }

  /** @param {number[]} next @param {{ heap: number, big: number, small: number }} split */
  play(next, split) {
    this.moves.push({ ...split, by: this.turn });
    this.positions.push(next);
    this.undone = [];
  }

  undo() {
    const move = this.moves.pop();
    const position = this.positions.pop();
    if (move && position) this.undone.push({ position, move });
  }

  redo() {
    const next = this.undone.pop();
    if (!next) return;
    this.moves.push(next.move);
    this.positions.push(next.position);
  }
}
