// Test-only: the cross-engine suite's ear in the page. The test server puts
// it first in every page's <head> (a same-origin script file, so the site's
// strict CSP lets it run), and into a copy of each single file, so it hears
// what goes wrong from the first line of the page on, in every engine,
// including WebKitWebDriver's, whose protocol cannot read the console.
(() => {
  /** @type {string[]} */
  const heard = [];
  /** @type {any} */ (window).__testProblems = heard;
  const say = (/** @type {string} */ kind, /** @type {unknown} */ what) => heard.push(`${kind}: ${String(what)}`);
  const describe = (/** @type {any} */ e) => (e && (e.stack || e.message)) || String(e);
  addEventListener(
    'error',
    (e) => {
      const el = /** @type {any} */ (e.target);
      if (el && el !== window && el.tagName) say('failed to load', el.src || el.href || el.tagName);
      // Browsers fire this one at window when a ResizeObserver's callback
      // resizes what it observes (the notifications wait one frame); it is
      // no exception, and Chromium's console does not report it. WebKit, on
      // a file:// page, says it as a muted "Script error." with no source:
      // that one is told apart by coming right after resize callbacks.
      else if (/^ResizeObserver loop/.test(e.message) || (resizing && e.message === 'Script error.' && !e.filename && !e.error)) return;
      else say('uncaught', e.message || describe(e.error));
    },
    true,
  );
  addEventListener('unhandledrejection', (e) => say('unhandled rejection', describe(e.reason)));
  addEventListener('securitypolicyviolation', (e) => say('CSP violation', `${e.violatedDirective} ${e.blockedURI}`));
  for (const level of /** @type {const} */ (['error'])) {
    const original = console[level].bind(console);
    console[level] = (...args) => {
      say(`console.${level}`, args.map(describe).join(' '));
      original(...args);
    };
  }
  // Set while resize callbacks are being delivered (until the next task).
  let resizing = false;
  const NativeResizeObserver = window.ResizeObserver;
  window.ResizeObserver = class extends NativeResizeObserver {
    /** @param {ResizeObserverCallback} callback */
    constructor(callback) {
      super((entries, observer) => {
        resizing = true;
        setTimeout(() => (resizing = false));
        callback(entries, observer);
      });
    }
  };
  // An uncaught error inside a worker arrives at its Worker object only.
  const NativeWorker = window.Worker;
  window.Worker = class extends NativeWorker {
    /** @param {string | URL} url @param {WorkerOptions} [options] */
    constructor(url, options) {
      super(url, options);
      this.addEventListener('error', (e) => say('worker error', e.message));
    }
  };
})();
