// The game's own part of the screen in Grundy's game, the same on the page
// and in the <grundy-game> element: status line, notices, the heaps (canvas
// and one button per heap), the heaps set aside, the split control, the game
// buttons and the progress of a long computation. It turns clicks, taps and
// keys into calls on the controller and paints the controller's state.

import { say, showNotices } from '../shared/i18n.js';
import { ProgressView } from '../shared/progress.js';
import { setFittedText, keepTextFitted } from '../shared/fit.js';
import { reveals } from '../shared/reveal-select.js';
import { setHidden } from '../shared/focus.js';
import { HeapsView } from './view.js';
import { asideLine, asideGroupsLine, moveLine } from './status.js';
import { leavesTwo } from './rule-words.js';

/** @typedef {import('./controller.js').Option} Option */
/** @typedef {import('./controller.js').Choice} Choice */

/** @typedef {import('./controller.js').GrundyController} GrundyController */
/** @typedef {import('../shared/i18n.js').Translate} Translate */
/** @typedef {import('../shared/i18n.js').Line} Line */

/**
 * The line naming split `cut` and how to play it (`key`: click again, tap
 * again, or Split for the slider, the number field and a chosen heap).
 * @param {'g.preview' | 'g.previewTouch' | 'g.previewControls'} key @param {{ big: number, small: number }} cut
 * @returns {Line}
 */
const splitSaid = (key, cut) => [key, { count: cut.big + cut.small, big: cut.big, small: cut.small }];

/**
 * The line naming another rule's move `m` and how to play it (`key`: click
 * again, tap again, or Play for the lists and a chosen heap).
 * @param {'h.preview' | 'h.previewTouch' | 'h.previewControls'} key @param {Choice} m
 * @returns {Line}
 */
const moveSaid = (key, m) => [key, { move: { line: moveLine(m) } }];
/**
 * @typedef {object} GrundyNodes
 * @property {HTMLElement} status   aria-live status line
 * @property {HTMLElement} notice   notices (bad settings, restarts)
 * @property {HTMLCanvasElement} canvas the heaps' drawing
 * @property {HTMLElement} heaps    one button per heap that can still be split
 * @property {HTMLElement} aside    the heaps set aside, in words
 * @property {{ box: HTMLElement, label: HTMLElement, range: HTMLInputElement, number: HTMLInputElement,
 *   out: HTMLElement, play: HTMLButtonElement }} split the split control
 * @property {{ hint: HTMLButtonElement, undo: HTMLButtonElement, redo: HTMLButtonElement, restart: HTMLButtonElement,
 *   again: HTMLButtonElement, continue: HTMLButtonElement }} buttons
 * @property {import('../shared/progress.js').ProgressNodes} progress
 */

export class GrundyPanel {
  /**
   * @param {GrundyController} game @param {GrundyNodes} nodes
   * @param {() => Translate} tr the language to speak (the page's or the element's)
   * @param {{ values?: () => boolean, room?: () => number }} [options]
   *   `values`: whether the Grundy values are shown under the heaps; `room`: the height the drawing may take
   */
  constructor(game, nodes, tr, options = {}) {
    this.game = game;
    this.nodes = nodes;
    this.tr = tr;
    this.showValues = options.values ?? (() => false);
    /**
     * The control the person used went (Play again, Continue, the split
     * played): the keyboard goes to a heap as soon as one can be chosen.
     */
    this.focusHeaps = false;
    /** The heap the person chose whose first listed move the status line should name when the list comes. @type {number | null} */
    this.nameDefault = null;
    this.view = new HeapsView(nodes.canvas, options.room, tr);
    this.move = this.makeMovePick();
    this.progress = new ProgressView(nodes.progress, () => game.cancel(), { label: 'g.progress', start: 'g.progressStart', tr });
    keepTextFitted(nodes.status);
    this.wire();
    game.addEventListener('change', () => {
      // The slider follows the cut previewed (on the canvas, or by the hint).
      const split = game.preview && game.splitAt(game.preview);
      if (split) {
        // Its most first: a value past the slider's old most would be cut down to it.
        nodes.split.range.max = String(game.snap?.max_small[split.heap] ?? split.small);
        nodes.split.range.value = String(split.small);
      }
      this.render();
    });
  }

  /** True when the person may split now (not the computer's turn, not a demo, not over). */
  personToMove() {
    const s = this.game.snap;
    return !!s && !this.game.solving && !s.over && !s.demo && !s.computer_to_move;
  }

  render() {
    const { game, nodes } = this;
    const tr = this.tr();
    const s = game.snap;
    // Before the status line, which may name it.
    const list = this.firstListed();
    setFittedText(nodes.status, game.status.map((line) => say(line, tr)).join(' '));
    // Busy while the worker has not answered the last click.
    nodes.status.setAttribute('aria-busy', String(game.pending > 0));
    showNotices(nodes.notice, game.notices, tr);
    this.progress.show(game.solving, game.progress);
    this.progress.searching(game.thinkingSince);
    nodes.canvas.classList.toggle('not-ready', !s || game.solving);
    const { buttons, split } = nodes;
    if (!s) {
      // No game (a start was cancelled): nothing drawn that could be played.
      this.view.show({ heaps: [], ones: 0, twos: 0, selected: null, preview: null, hint: null, values: null });
      nodes.heaps.replaceChildren();
      nodes.aside.hidden = true;
      this.splitIdle(true);
      for (const b of [buttons.undo, buttons.redo, buttons.hint, buttons.restart]) b.disabled = true;
      buttons.again.hidden = buttons.continue.hidden = true;
      return;
    }
    const playing = this.personToMove();
    const values = this.showValues() ? s.values : null;
    const other = s.rule !== 'grundy';
    const groups = /** @type {[number, number][]} */ ([]);
    for (let i = 0; i + 1 < s.aside.length; i += 2) groups.push([s.aside[i], s.aside[i + 1]]);
    const block = (/** @type {Choice | null} */ c) => (c ? { heap: c.heap, from: c.from, take: c.take } : null);
    this.view.show({
      heaps: s.heaps,
      ones: s.ones,
      twos: s.twos,
      selected: playing ? game.selected : null,
      preview: playing && !other ? game.preview : null,
      hint: playing && !other ? game.hintCut : null,
      values,
      style: other && leavesTwo(s.rule) ? 'pins' : 'matches',
      take: playing && other ? block(game.choice) : null,
      hintTake: playing && other ? block(game.hintMove) : null,
      groups: other ? groups : null,
      asideWord: other ? tr('h.setAsideShort') : undefined,
      tokens: other,
    });
    // The heaps' buttons are written anew: the keyboard stays on the heap it was on.
    const scope = /** @type {Document | ShadowRoot} */ (nodes.heaps.getRootNode());
    const active = /** @type {HTMLElement | null} */ (scope.activeElement);
    const focusedHeap = active && nodes.heaps.contains(active) ? Number(active.dataset.heap) : null;
    nodes.heaps.replaceChildren(
      ...s.heaps.map((n, i) => {
        const b = document.createElement('button');
        b.type = 'button';
        b.className = 'heap-button';
        b.textContent = String(n);
        const g = values ? `, ${tr('g.heapValue', { g: values[i] })}` : '';
        b.setAttribute('aria-label', tr(n === 1 ? 'g.heapLabelOne' : 'g.heapLabel', { n: i + 1, count: n }) + g);
        b.setAttribute('aria-pressed', String(i === game.selected));
        b.dataset.heap = String(i);
        b.tabIndex = i === (game.selected ?? 0) ? 0 : -1;
        b.disabled = !playing;
        return b;
      }),
    );
    const heapButtons = /** @type {HTMLButtonElement[]} */ ([...nodes.heaps.querySelectorAll('button')]);
    if (focusedHeap !== null) {
      const again = heapButtons[Math.min(focusedHeap, heapButtons.length - 1)];
      if (again && !again.disabled) again.focus();
      else this.focusHeaps = true;
    }
    nodes.aside.hidden = other ? s.aside.length === 0 : s.ones + s.twos === 0;
    nodes.aside.textContent = say(other ? asideGroupsLine(s.aside) : asideLine(s.ones, s.twos), tr);
    const selected = game.selected;
    const most = selected === null ? 0 : s.max_small[selected] ?? 0;
    // The split control's room (heaps.css) is set by the digits of the
    // game's largest split, the same for every heap chosen: the number
    // field's width, the sum's, one row or two; the room they do not need
    // goes to the slider and the label ("Séparer le tas 2 en" was cut on a
    // 1280-pixel touch screen).
    const widest = s.max_small.reduce((a, b) => Math.max(a, b), 1);
    const digits = String(String(widest).length);
    split.box.style.setProperty('--digits', digits);
    split.box.dataset.digits = digits;
    this.renderMove(other, playing, list);
    if (other) {
      this.splitIdle(true);
      split.box.hidden = true;
    } else if (playing && selected !== null && most >= 1) {
      const n = s.heaps[selected];
      this.splitIdle(false);
      split.label.textContent = tr('g.splitLabel', { n: selected + 1 });
      split.range.max = split.number.max = String(most);
      const small = Math.min(most, Math.max(1, Number(split.range.value)));
      split.range.value = String(small);
      // Not rewritten while being typed in (a half-typed number would jump).
      const root = /** @type {Document | ShadowRoot} */ (split.number.getRootNode());
      if (root.activeElement !== split.number) split.number.value = String(small);
      split.out.textContent = `${n - small} + ${small}`;
    } else {
      this.splitIdle(true);
      // Hidden, it keeps the room of a label (its last heap's, the widest):
      // empty before any heap was chosen, two rows grew by 31 px at the first
      // choice and moved the buttons below.
      split.label.textContent = tr('g.splitLabel', { n: s.heaps.length });
    }
    buttons.undo.disabled = game.solving || !s.can_undo;
    buttons.redo.disabled = game.solving || !s.can_redo;
    buttons.hint.disabled = !playing || !reveals(s.reveal, 'moves');
    buttons.restart.disabled = game.solving;
    const toHeaps = () => {
      this.focusHeaps = true;
    };
    setHidden(buttons.again, game.solving || !s.over || s.demo, toHeaps);
    setHidden(buttons.continue, game.solving || !s.computer_waits, toHeaps);
    if (this.focusHeaps && playing) {
      this.focusHeaps = false;
      // Unless the person went elsewhere meanwhile.
      const now = scope.activeElement;
      if (!now || now === document.body || now === buttons.again || now === buttons.continue || split.box.contains(now) || this.move.box.contains(now)) {
        (heapButtons.find((b) => b.tabIndex === 0) ?? heapButtons[0])?.focus();
      }
    }
  }

  /**
   * The split control keeps its row while no heap is chosen (hidden and out
   * of reach, not removed), so choosing one does not move or shrink the
   * heaps above it.
   * @param {boolean} idle
   */
  splitIdle(idle) {
    const box = this.nodes.split.box;
    const scope = /** @type {Document | ShadowRoot} */ (box.getRootNode());
    // The split played: the keyboard goes back to the heaps.
    if (idle && !box.inert && scope.activeElement && box.contains(scope.activeElement)) this.focusHeaps = true;
    box.hidden = false;
    box.classList.toggle('idle', idle);
    box.inert = idle;
  }

  /**
   * Another rule's chosen heap: its moves as the session lists them (null
   * until they come, or for Grundy's game, or when the person is not to
   * move), and its first one chosen until the player picks one, named on
   * the status line when the heap was just chosen.
   * @returns {Option[] | null}
   */
  firstListed() {
    const { game } = this;
    const s = game.snap;
    const heap = game.selected;
    if (!s || s.rule === 'grundy' || !this.personToMove() || heap === null || heap >= s.heaps.length) return null;
    const list = game.optionsOf(heap);
    if (!list) return null;
    const o = list[0];
    if (o && game.choice?.heap !== heap) {
      game.choice = { heap, take: o.take, big: o.big, small: o.small, from: o.big };
      if (this.nameDefault === heap) game.status = [moveSaid('h.previewControls', game.choice)];
    }
    this.nameDefault = null;
    return list;
  }

  /** Chooses heap `i` and brings its button into focus. @param {number} i */
  select(i) {
    this.nodes.split.range.value = '1';
    this.move.sign = '';
    this.game.select(i);
    // The line above the board names the move Split or Play would play with
    // the controls as they now stand (it said "choose what to take" while
    // the lists already held a move, the only one on a small heap): Grundy's
    // slider at 1 now, another rule's first move once the session lists them.
    this.nameDefault = i;
    const s = this.game.snap;
    if (s?.rule === 'grundy') {
      this.nameDefault = null;
      const cut = this.personToMove() ? this.game.splitAt({ heap: i, cut: 1 }) : null;
      if (cut) {
        this.game.status = [splitSaid('g.previewControls', cut)];
        this.game.changed();
      }
    }
    /** @type {HTMLElement | null} */ (this.nodes.heaps.querySelector(`[data-heap="${i}"]`))?.focus();
  }

  /**
   * The move control of a rule other than Grundy's: how many to take from
   * the chosen heap, what to leave, and Play; made here so that the page and
   * the element have the same (the labels wrap their fields: no ids).
   */
  makeMovePick() {
    const el = (/** @type {string} */ tag, /** @type {string} */ cls = '') => {
      const e = document.createElement(tag);
      if (cls) e.className = cls;
      return e;
    };
    const box = el('div', 'move-pick idle');
    box.inert = true;
    const takeLabel = el('label');
    const takeText = el('span');
    const take = /** @type {HTMLSelectElement} */ (el('select', 'move-take'));
    takeLabel.append(takeText, ' ', take);
    const leaveLabel = el('label');
    const leaveText = el('span');
    const leave = /** @type {HTMLSelectElement} */ (el('select', 'move-leave'));
    leaveLabel.append(leaveText, ' ', leave);
    const play = /** @type {HTMLButtonElement} */ (el('button', 'primary move-play'));
    play.type = 'button';
    box.append(takeLabel, leaveLabel, play);
    box.hidden = true;
    this.nodes.split.box.after(box);
    return { box, take, leave, play, takeText, leaveText, sign: '' };
  }

  /**
   * Paints the move control (another rule's game) from the chosen heap's
   * legal moves, the move chosen selected in it.
   * @param {boolean} other @param {boolean} playing @param {Option[] | null} list
   */
  renderMove(other, playing, list) {
    const { game, move } = this;
    const tr = this.tr();
    move.box.hidden = !other;
    const heap = game.selected;
    const idle = !other || !playing || heap === null || !list || list.length === 0;
    const scope = /** @type {Document | ShadowRoot} */ (move.box.getRootNode());
    if (idle && !move.box.inert && scope.activeElement && move.box.contains(scope.activeElement)) this.focusHeaps = true;
    move.box.classList.toggle('idle', idle);
    move.box.inert = idle;
    move.takeText.textContent = tr('h.takeLabel', { n: (heap ?? 0) + 1 });
    move.leaveText.textContent = tr('h.leaveLabel');
    move.play.textContent = tr('h.play');
    if (idle || heap === null || !list) return;
    const c = game.choice?.heap === heap ? game.choice : null;
    const takes = [...new Set(list.map((o) => o.take))];
    const take = c ? c.take : takes[0];
    const leaves = list.filter((o) => o.take === take);
    const words = (/** @type {Option} */ o) => (o.big === 0 ? tr('h.leaveNone') : o.small === 0 ? String(o.big) : `${o.big} + ${o.small}`);
    // Written anew only when the moves or the language change (a select being used keeps its state).
    const sign = `${game.moveOptions?.key}|${take}|${tr('h.leaveNone')}`;
    if (sign !== move.sign) {
      move.sign = sign;
      move.take.replaceChildren(...takes.map((k) => new Option(String(k), String(k))));
      move.leave.replaceChildren(...leaves.map((o, i) => new Option(words(o), String(i))));
    }
    move.take.value = String(take);
    const at = c ? leaves.findIndex((o) => o.big === c.big && o.small === c.small) : 0;
    move.leave.value = String(Math.max(0, at));
  }

  /**
   * Another rule's move pointed at on the drawing: a pointer on a token
   * chooses the legal move taking it (a take-away game takes it and every
   * token past it; a game that leaves two rows takes the number chosen from
   * there), the same again plays it. Only moves the session listed.
   * @param {{ heap: number, token: number, drawn: boolean }} at @param {boolean} touch
   */
  pointToken(at, touch) {
    const { game } = this;
    const s = game.snap;
    if (!s) return;
    const list = game.selected === at.heap ? game.optionsOf(at.heap) : null;
    if (!list || !at.drawn) {
      // First the heap (its moves are asked of the session).
      if (game.selected !== at.heap) this.select(at.heap);
      return;
    }
    const n = s.heaps[at.heap];
    const cur = game.choice?.heap === at.heap ? game.choice : null;
    const two = list.some((o) => o.small > 0);
    /** @type {Choice | null} */
    let m = null;
    if (!two) {
      // Take the token pointed at and all past it, or the nearest legal number.
      const want = n - at.token;
      const takes = [...new Set(list.map((o) => o.take))];
      const take = takes.reduce((best, k) => (Math.abs(k - want) < Math.abs(best - want) ? k : best), takes[0]);
      const o = list.find((x) => x.take === take);
      if (o) m = { heap: at.heap, take: o.take, big: o.big, small: o.small, from: n - o.take };
    } else {
      const takes = [...new Set(list.map((o) => o.take))];
      const order = cur ? [cur.take, ...takes.filter((k) => k !== cur.take)] : takes;
      for (const take of order) {
        const from = Math.max(0, Math.min(at.token, n - take));
        const big = Math.max(from, n - from - take);
        const small = Math.min(from, n - from - take);
        const o = list.find((x) => x.take === take && x.big === big && x.small === small);
        if (o) {
          m = { heap: at.heap, take, big, small, from };
          break;
        }
      }
    }
    if (!m) return;
    if (cur && cur.take === m.take && cur.from === m.from && cur.big === m.big) {
      void game.playMove(m);
      return;
    }
    game.choose(m);
    game.status = [moveSaid(touch ? 'h.previewTouch' : 'h.preview', m)];
    game.changed();
  }

  /** Clicks, taps and keys to the controller. */
  wire() {
    const { game, nodes, view } = this;
    const { split, buttons } = nodes;
    nodes.heaps.addEventListener('click', (e) => {
      const b = /** @type {HTMLElement} */ (e.target).closest('button');
      if (b?.dataset.heap) this.select(Number(b.dataset.heap));
    });
    nodes.heaps.addEventListener('keydown', (e) => {
      // Enter on the chosen heap plays the move the line above names ("Press
      // Split (or Enter)"): it chose the heap again, and another rule's move
      // was dropped.
      const b = /** @type {HTMLElement} */ (e.target).closest('button');
      if (e.key === 'Enter' && b?.dataset.heap && Number(b.dataset.heap) === game.selected && game.status.some(([key]) => key === 'g.previewControls' || key === 'h.previewControls')) {
        e.preventDefault();
        // Once: a key held down, or pressed again before the worker answers, would play a second move from a stale line.
        if (e.repeat || e.ctrlKey || e.altKey || e.metaKey || e.shiftKey || game.pending > 0) return;
        (game.snap?.rule === 'grundy' ? split.play : this.move.play).click();
        return;
      }
      // With Shift the arrows step through the game (the page's move list).
      if (e.shiftKey) return;
      const count = game.snap?.heaps.length ?? 0;
      if (count === 0) return;
      const at = game.selected ?? 0;
      const to = { ArrowRight: at + 1, ArrowDown: at + 1, ArrowLeft: at - 1, ArrowUp: at - 1, Home: 0, End: count - 1 }[e.key];
      if (to === undefined) return;
      e.preventDefault();
      this.select((to + count) % count);
    });
    split.range.addEventListener('input', () => this.previewSplit(Number(split.range.value)));
    split.range.addEventListener('keydown', (e) => {
      if (e.key === 'Enter') split.play.click();
    });
    // The slider cannot pick one split among 25,000 with a mouse: the number
    // field (typed, or stepped with its arrows) picks it exactly.
    split.number.addEventListener('input', () => {
      const small = Math.round(Number(split.number.value));
      if (game.selected === null || !(small >= 1 && small <= Number(split.number.max))) return;
      split.range.value = String(small);
      this.previewSplit(small);
    });
    split.number.addEventListener('change', () => {
      split.number.value = split.range.value;
    });
    split.number.addEventListener('keydown', (e) => {
      if (e.key === 'Enter') split.play.click();
    });
    split.play.addEventListener('click', () => {
      const s = game.snap;
      if (!s || game.selected === null) return;
      const small = Number(split.range.value);
      void game.split(game.selected, s.heaps[game.selected] - small, small);
    });

    const move = this.move;
    /** The moves listed for the chosen heap. */
    const listed = () => (game.selected === null ? null : game.optionsOf(game.selected));
    const chooseListed = (/** @type {Option | undefined} */ o) => {
      const s = game.snap;
      if (!o || !s || game.selected === null) return;
      const m = { heap: game.selected, take: o.take, big: o.big, small: o.small, from: o.big };
      // The line above the board names the move that Play plays (as for
      // Grundy's slider, see `previewSplit`).
      game.status = [moveSaid('h.previewControls', m)];
      game.choose(m);
    };
    move.take.addEventListener('change', () => {
      const take = Number(move.take.value);
      chooseListed(listed()?.find((o) => o.take === take));
    });
    move.leave.addEventListener('change', () => {
      const take = Number(move.take.value);
      chooseListed(listed()?.filter((o) => o.take === take)[Number(move.leave.value)]);
    });
    for (const field of [move.take, move.leave]) {
      field.addEventListener('keydown', (e) => {
        if (e.key === 'Enter') move.play.click();
      });
    }
    move.play.addEventListener('click', () => {
      const c = game.choice;
      if (c && c.heap === game.selected) void game.playMove(c);
    });

    let dragging = false;
    nodes.canvas.addEventListener('pointerdown', (e) => {
      if (!this.personToMove()) return;
      dragging = game.isGrundy();
      const at = view.hit(e.clientX, e.clientY);
      if (!at) return;
      if (!game.isGrundy()) {
        this.pointToken(at, e.pointerType === 'touch');
        return;
      }
      const same = game.preview && game.preview.heap === at.heap && game.preview.cut === at.cut;
      const cut = game.splitAt(at);
      if (same && cut) {
        dragging = false;
        void game.split(cut.heap, cut.big, cut.small);
        return;
      }
      if (!cut) {
        // Not a split (an end of the heap, two equal halves): the rule book says why.
        const n = game.snap?.heaps[at.heap] ?? 0;
        const small = Math.min(at.cut, n - at.cut);
        if (small >= 1) void game.split(at.heap, n - small, small);
        else game.select(at.heap);
        return;
      }
      this.previewCut(at, e.pointerType === 'touch' ? 'g.previewTouch' : 'g.preview');
    });
    nodes.canvas.addEventListener('pointermove', (e) => {
      if (!game.isGrundy()) return;
      if (!dragging || (e.pointerType === 'mouse' && e.buttons === 0)) return;
      const at = view.hit(e.clientX, e.clientY);
      if (!at || at.heap !== game.selected || game.preview?.cut === at.cut) return;
      if (game.splitAt(at)) this.previewCut(at, e.pointerType === 'touch' ? 'g.previewTouch' : 'g.preview');
    });
    window.addEventListener('pointerup', () => {
      dragging = false;
    });

    buttons.hint.addEventListener('click', () => void game.hint());
    buttons.undo.addEventListener('click', () => void game.undo());
    buttons.redo.addEventListener('click', () => void game.redo());
    buttons.restart.addEventListener('click', () => void game.restart());
    buttons.again.addEventListener('click', () => game.playAgain());
    buttons.continue.addEventListener('click', () => void game.continueGame());
  }

  /**
   * Previews the split the slider or the number field picked, and says it:
   * the line above the board names the split that Split plays (it named
   * the canvas's last cut, and Split played another).
   * @param {number} small
   */
  previewSplit(small) {
    if (this.game.selected !== null) this.previewCut({ heap: this.game.selected, cut: small }, 'g.previewControls');
  }

  /**
   * Previews the cut `at` and says which split it is, and how to play it
   * (`key`: the same click again, the same tap for a finger, or Split for
   * the slider and the number field).
   * @param {import('./controller.js').Cut} at @param {'g.preview' | 'g.previewTouch' | 'g.previewControls'} key
   */
  previewCut(at, key) {
    const cut = this.game.splitAt(at);
    if (!cut) return;
    this.game.status = [splitSaid(key, cut)];
    this.game.setPreview(at);
  }
}
