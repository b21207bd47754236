// What a scenario does to a page, written once over the Driver of
// engines.mjs: find elements (through shadow roots), click them with the
// pointer, type, wait for the page to say something, and collect every
// problem the page met (capture.js, and the protocol where it can listen).
import assert from 'node:assert/strict';

/**
 * A selector: CSS, `host >>> inner` to look inside an element's shadow
 * root, and `|Text` at the end to pick the match whose text is Text.
 * @typedef {string} Selector
 */

/** Runs in the page: the element `sel` names, or null. @param {string} sel */
function find(sel) {
  /** @type {ParentNode} */
  let root = document;
  /** @type {Element | null} */
  let el = null;
  for (const part of sel.split(' >>> ')) {
    const bar = part.lastIndexOf('|');
    const [css, text] = bar >= 0 ? [part.slice(0, bar), part.slice(bar + 1)] : [part, null];
    const all = [...root.querySelectorAll(css)];
    el = (text === null ? all[0] : all.find((e) => (e.textContent ?? '').trim() === text)) ?? null;
    if (!el) return null;
    root = el.shadowRoot ?? el;
  }
  return el;
}
const FIND = find.toString();

export class Session {
  /** @param {import('./engines.mjs').Driver} driver */
  constructor(driver) {
    this.driver = driver;
    /** @type {string[]} */
    this.heard = [];
  }

  /** Runs `body(el, ...args)` in the page on the element `sel` names (null if none). @param {Selector} sel @param {(el: any, ...args: any[]) => any} body */
  on(sel, body, ...args) {
    return this.driver.evaluate(`(sel, ...args) => (${body})((${FIND})(sel), ...args)`, sel, ...args);
  }

  /** Keeps what the page heard before it is left. */
  async collect() {
    const heard = await this.driver.evaluate(() => /** @type {any} */ (window).__testProblems?.splice(0) ?? null).catch(() => []);
    // A page without capture.js heard nothing we could ask: say so rather than pass.
    if (heard === null) this.heard.push(`no capture.js in ${await this.driver.evaluate(() => location.href).catch(() => '?')}`);
    else this.heard.push(...heard);
    this.heard.push(...this.driver.protocolErrors());
  }

  /** @param {string} url */
  async open(url) {
    if (this.opened) await this.collect();
    this.opened = true;
    await this.driver.goto(url);
  }

  /** Every problem heard since the last call (and clears them). */
  async problems() {
    await this.collect();
    return this.heard.splice(0);
  }

  /**
   * Waits until `check` (run in the page, polled) returns a truthy value; returns it.
   * @template T @param {string} what what is awaited, for the failure message
   * @param {((...args: any[]) => T) | string} check @param {any[]} [args] @param {number} [timeout]
   * @returns {Promise<T>}
   */
  async until(what, check, args = [], timeout = 30_000) {
    const end = Date.now() + timeout;
    /** @type {Error | undefined} */
    let failed;
    for (;;) {
      // A driver may fail one call now and then: WebKitWebDriver once
      // answered "Could not parse script result" to this poll while a
      // single file was opening (stop 62, a bare run). Polled again, the
      // wait fails only if the calls keep failing, and says so.
      try {
        const last = await this.driver.evaluate(check, ...args);
        if (last) return last;
        failed = undefined;
      } catch (err) {
        failed = /** @type {Error} */ (err);
      }
      if (Date.now() > end) {
        const why = failed ? ` (its last call failed: ${failed.message})` : '';
        assert.fail(`${this.driver.engine}: timed out after ${timeout} ms waiting for ${what}${why}`);
      }
      await new Promise((r) => setTimeout(r, 100));
    }
  }

  /** Waits until `sel`'s text matches `pattern`; returns the text. @param {Selector} sel @param {RegExp} pattern @param {number} [timeout] */
  async untilText(sel, pattern, timeout) {
    let seen = '';
    try {
      return await this.until(
        `${sel} to say ${pattern}`,
        `(sel, source, flags) => {
          const el = (${FIND})(sel);
          const text = el?.textContent ?? '';
          return el && new RegExp(source, flags).test(text) && !el.closest?.('[aria-busy="true"]') ? text : '';
        }`,
        [sel, pattern.source, pattern.flags],
        timeout,
      );
    } catch (err) {
      seen = await this.text(sel).catch(() => '?');
      throw new Error(`${/** @type {Error} */ (err).message}; it says “${seen}”`);
    }
  }

  /** @param {Selector} sel */
  text(sel) {
    return this.on(sel, (el) => (el ? el.textContent.trim() : null));
  }

  /** How many elements match a plain CSS selector (inside `host` when given). @param {string} css @param {Selector} [host] */
  count(css, host) {
    return host ? this.on(host, (el, css) => (el?.shadowRoot ?? el)?.querySelectorAll(css).length ?? 0, css) : this.driver.evaluate((css) => document.querySelectorAll(css).length, css);
  }

  /** A real pointer click in the middle of `sel`, scrolled into view first. @param {Selector} sel */
  async click(sel) {
    // A section that loads as it comes near the screen may move the element
    // after the scroll: scroll again until it stands still in the viewport.
    for (let attempt = 0; ; attempt++) {
      const at = await this.on(sel, async (el) => {
        if (!el) return null;
        // Instantly: the page scrolls smoothly, and the pointer goes where the element is now.
        el.scrollIntoView({ block: 'center', inline: 'center', behavior: 'instant' });
        await new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r)));
        const r = el.getBoundingClientRect();
        const x = r.left + r.width / 2;
        const y = r.top + r.height / 2;
        // What the pointer would hit there now: a page still laying itself
        // out (a game starting above) may have moved the element since.
        const root = /** @type {Document | ShadowRoot} */ (el.getRootNode());
        const hit = root.elementFromPoint(x, y);
        const reached = !!hit && (hit === el || el.contains(hit));
        return { x, y, disabled: !!el.disabled, inside: x >= 0 && y >= 0 && x < innerWidth && y < innerHeight && reached };
      });
      assert.ok(at, `${this.driver.engine}: nothing to click at ${sel}`);
      assert.ok(!at.disabled, `${this.driver.engine}: ${sel} is disabled`);
      if (at.inside) {
        await this.driver.clickAt(at.x, at.y);
        return;
      }
      assert.ok(attempt < 10, `${this.driver.engine}: ${sel} stays out of the viewport or under another element`);
      await new Promise((r) => setTimeout(r, 200));
    }
  }

  /** @param {Selector} sel */
  async focus(sel) {
    assert.ok(await this.on(sel, (el) => (el ? (el.focus(), true) : false)), `${this.driver.engine}: nothing to focus at ${sel}`);
  }

  /** The focused element's `attr` (through shadow roots). @param {string} attr */
  focused(attr) {
    return this.driver.evaluate((attr) => {
      let el = document.activeElement;
      while (el?.shadowRoot?.activeElement) el = el.shadowRoot.activeElement;
      return el?.getAttribute(attr) ?? null;
    }, attr);
  }

  /** @param {string} key */
  press(key) {
    return this.driver.press(key);
  }
}
