// The share buttons' clipboard: when the browser refuses to write (no
// permission, a page that is not a secure context), the text is selected in a
// field instead so Ctrl+C copies it, and an aria-live line says which happened.

import { t } from './i18n.js';

/** @typedef {import('./i18n.js').Key} Key */
/** @typedef {import('./i18n.js').Translate} Translate */

/**
 * The site's public address, for a page opened from a file (the single
 * file on a USB stick): the single-file build writes it from PUBLIC_URL into
 * `<meta name="impartial-public-url">`; without it there is none.
 */
function publicAddress() {
  return document.querySelector('meta[name="impartial-public-url"]')?.getAttribute('content') || null;
}

/**
 * An absolute link to this page with `search` as its query: built on
 * location.href, so it works from whatever folder the site was copied to.
 * A page opened from a file:// address has no link anyone else can open: the
 * public address when the build was given one, else null (the callers then
 * copy the position's text instead).
 * @param {string} search
 * @returns {string | null}
 */
export function linkTo(search) {
  if (location.protocol !== 'file:') return new URL(search, location.href).href;
  const base = publicAddress();
  return base ? new URL(search, base).href : null;
}

export class Sharer {
  /**
   * @param {HTMLElement} statusEl an aria-live region
   * @param {() => Translate} [tr] the language to speak (the page's by default; an element has its own)
   */
  constructor(statusEl, tr = () => t) {
    this.statusEl = statusEl;
    this.tr = tr;
    /** @type {[Key, Record<string, string | number>] | null} */
    this.said = null;
    /** @type {ReturnType<typeof setTimeout> | null} */
    this.timer = null;
  }

  /** @param {Key} key @param {Record<string, string | number>} [values] */
  say(key, values = {}) {
    this.said = [key, values];
    const text = this.tr()(key, values);
    if (this.timer !== null) clearTimeout(this.timer);
    this.timer = null;
    if (this.statusEl.textContent !== text) {
      this.statusEl.textContent = text;
      return;
    }
    // Screen readers skip a live region rewritten with the same words: the
    // second "Link copied" would go unheard without a blank in between.
    this.statusEl.textContent = '';
    this.timer = setTimeout(() => {
      this.timer = null;
      this.statusEl.textContent = text;
    }, 100);
  }

  retranslate() {
    if (this.said && this.timer === null) this.statusEl.textContent = this.tr()(...this.said);
  }

  /**
   * Copies a link, or, when there is none (a page opened from a file), the
   * text that stands for it, saying why.
   * @param {string | null} link
   * @param {string} text what to copy without a link (the position, the record)
   * @param {HTMLInputElement | HTMLTextAreaElement} field as for copy()
   */
  copyLink(link, text, field) {
    if (link) return this.copy(link, field, 'share.linkCopied');
    return this.copy(text, field, 'ui.share.noLink', { text });
  }

  /**
   * @param {string} text
   * @param {HTMLInputElement | HTMLTextAreaElement} field shows and selects `text` when the clipboard refuses
   * @param {Key} copied what to say once copied
   * @param {Record<string, string | number>} [values]
   */
  async copy(text, field, copied, values) {
    try {
      if (!navigator.clipboard) throw new Error('no clipboard here');
      await navigator.clipboard.writeText(text);
      this.say(copied, values);
    } catch {
      field.hidden = false;
      if (field.value !== text) field.value = text;
      field.focus();
      field.select();
      // Without a link, the reason comes first: the text selected is not one.
      this.say(copied === 'ui.share.noLink' ? 'ui.share.noLinkCtrlC' : 'share.pressCtrlC', values);
    }
  }
}
