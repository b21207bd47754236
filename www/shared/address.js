// The address bar keeps the game as it stands, so a reload, a bookmark, a
// shared tab or back and forward land on it: the session says which pairs
// bring its game back (`game_params`: the start, the whole line, where the
// board is in it, the level shown); the page adds its own (language, demo…)
// and the theme joins them. Each move rewrites the entry of its game
// (replaceState); a new game gets an entry of its own (pushState), so the
// history holds one entry per game, not one per move.

import { queryString } from './url.js';
import { withTheme } from './classroom.js';

/** @typedef {[string, string][]} Pairs */

export class AddressBar {
  /**
   * @param {{ snap: { game_params: Pairs } | null, games: number, solving: boolean }} game the page's game controller
   * @param {(gamePairs: Pairs) => Pairs} pairs the address for the game's pairs: they, then the page's own
   * @param {(params: URLSearchParams) => void} restore back or forward reached another entry: set its game up again
   * @param {{ entries?: boolean }} [options] `entries: false`: every game rewrites the same entry (a
   *   page in a frame, whose entries would join the history of the host page's tab)
   */
  constructor(game, pairs, restore, { entries = true } = {}) {
    this.game = game;
    this.pairs = pairs;
    this.entries = entries;
    /** The game whose entry the address is (null before the first is written). @type {number | null} */
    this.written = null;
    addEventListener('popstate', () => {
      // The entry is the game it holds: the next writing rewrites it, not a new one.
      this.written = null;
      restore(new URLSearchParams(location.search));
    });
  }

  /** Writes the game on the board into the address: its own entry when it is a new game. */
  sync() {
    const { snap, games, solving } = this.game;
    if (!snap || solving) return;
    const url = withTheme(queryString(this.pairs(snap.game_params)));
    const same = url === `${location.search}` || (url === location.pathname && !location.search);
    if (this.entries && this.written !== null && this.written !== games) {
      history.pushState(null, '', url);
    } else if (!same) {
      history.replaceState(history.state, '', url);
    }
    this.written = games;
  }
}
