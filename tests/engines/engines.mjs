// The three browser engines of the cross-engine suite, as Debian packages
// them, and how each is started. One thin driver interface over two clients:
//   - Chromium and Firefox ESR: puppeteer-core (the DevTools protocol to
//     Chromium; WebDriver BiDi straight to Firefox's own Remote Agent, no
//     geckodriver, which Debian does not package);
//   - WebKitGTK: selenium-webdriver speaking classic WebDriver to Debian's
//     WebKitWebDriver, which drives MiniBrowser in an Xvfb of its own
//     (WebKitGTK 2.50's driver refuses the webSocketUrl capability: no BiDi).
// A missing engine is an error that says how to install it, never a skip.
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import net from 'node:net';
import { CHROMIUM_SHELL, launchOptions } from '../browser.mjs';

export const FIREFOX = process.env.FIREFOX_PATH ?? '/usr/bin/firefox-esr';
export const WEBKIT_DRIVER = process.env.WEBKIT_DRIVER_PATH ?? '/usr/bin/WebKitWebDriver';
export const MINIBROWSER = process.env.MINIBROWSER_PATH ?? '/usr/lib/x86_64-linux-gnu/webkit2gtk-4.1/MiniBrowser';
export const XVFB = '/usr/bin/Xvfb';

/** @typedef {'chromium' | 'firefox' | 'webkit'} EngineName */

/** @type {Record<EngineName, { label: string, files: string[], packages: string }>} */
export const ENGINES = {
  chromium: { label: 'Chromium', files: [CHROMIUM_SHELL], packages: 'chromium-headless-shell' },
  firefox: { label: 'Firefox ESR', files: [FIREFOX], packages: 'firefox-esr' },
  webkit: { label: 'WebKitGTK', files: [WEBKIT_DRIVER, MINIBROWSER, XVFB], packages: 'webkit2gtk-driver xvfb' },
};

/** The engines to run: all three, or those named in ENGINES=chromium,webkit. @returns {EngineName[]} */
export function chosenEngines() {
  const names = (process.env.ENGINES ?? 'chromium,firefox,webkit').split(',').map((s) => s.trim()).filter(Boolean);
  for (const n of names) if (!(n in ENGINES)) throw new Error(`ENGINES names an unknown engine “${n}” (known: ${Object.keys(ENGINES).join(', ')})`);
  return /** @type {EngineName[]} */ (names);
}

/** Why `engine` cannot start on this machine, with the command that installs it; null when it can. @param {EngineName} engine */
export function missing(engine) {
  const e = ENGINES[engine];
  const absent = e.files.filter((f) => !existsSync(f));
  if (absent.length === 0) return null;
  return `${e.label} is not installed (missing: ${absent.join(', ')}). Install it with: sudo apt-get install ${e.packages} (or: bash scripts/setup.sh test)`;
}

/**
 * What a test asks of a browser; every engine answers the same way.
 * @typedef {object} Driver
 * @property {EngineName} engine
 * @property {string} version the engine's own name and version
 * @property {(url: string) => Promise<void>} goto navigates and waits for the load event
 * @property {(fn: Function | string, ...args: any[]) => Promise<any>} evaluate runs `fn` (a function, or its source) in the page
 *   with JSON `args`, awaits what it returns; sent as source, so the page's CSP (no eval) does not apply to it
 * @property {(x: number, y: number) => Promise<void>} clickAt a real pointer click at viewport coordinates
 * @property {(key: string) => Promise<void>} press a real key press to the focused element ('ArrowRight', 'Enter', ' ', 'Tab'…)
 * @property {(path: string) => Promise<void>} screenshot
 * @property {(width: number, height: number) => Promise<void>} resize gives the page a viewport of width × height CSS pixels
 * @property {() => string[]} protocolErrors console errors and uncaught exceptions the protocol saw (none for WebDriver classic)
 * @property {() => Promise<void>} close
 */

/** @param {NodeJS.ProcessEnv} env */
async function launchPuppeteer(/** @type {'chromium' | 'firefox'} */ engine, env) {
  const { default: puppeteer } = await import('puppeteer-core');
  const browser =
    engine === 'firefox'
      ? await puppeteer.launch({ browser: 'firefox', executablePath: FIREFOX, headless: true, env, defaultViewport: { width: 1280, height: 800 } })
      : // Chromium's headless shell, as the end-to-end tests run it (tests/browser.mjs):
        // the same Blink and V8 as the whole browser, its 14 scenarios in 27 s
        // of CPU rather than 38.
        await puppeteer.launch({ executablePath: CHROMIUM_SHELL, headless: 'shell', args: launchOptions.args, env, defaultViewport: { width: 1280, height: 800 } });
  const page = await browser.newPage();
  /** @type {string[]} */
  const seen = [];
  page.on('console', (m) => {
    if (m.type() === 'error') seen.push(`console error: ${m.text()}`);
  });
  page.on('pageerror', (e) => seen.push(`uncaught: ${e instanceof Error ? e.message : String(e)}`));
  page.setDefaultTimeout(60_000);
  /** @type {Driver} */
  const driver = {
    engine,
    version: await browser.version(),
    goto: async (url) => {
      await page.goto(url, { waitUntil: 'load' });
    },
    evaluate: (fn, ...args) => page.evaluate(`(${fn.toString()}).apply(null, ${JSON.stringify(args)})`),
    clickAt: (x, y) => page.mouse.click(x, y),
    press: (key) => page.keyboard.press(/** @type {any} */ (key)),
    screenshot: async (path) => {
      await page.screenshot({ path: /** @type {`${string}.png`} */ (path) });
    },
    resize: (width, height) => page.setViewport({ width, height }),
    protocolErrors: () => seen.splice(0),
    close: () => browser.close(),
  };
  return driver;
}

/** A port nobody listens on now. @returns {Promise<number>} */
function freePort() {
  return new Promise((resolve, reject) => {
    const s = net.createServer();
    s.on('error', reject);
    s.listen(0, '127.0.0.1', () => {
      const a = s.address();
      s.close(() => resolve(typeof a === 'object' && a ? a.port : 0));
    });
  });
}

/** An X display of our own (Xvfb picks a free number and tells it on a pipe), larger
 * than a full-HD page with WebKit's window frame around it (`resize`). */
function startXvfb() {
  const x = spawn(XVFB, ['-displayfd', '3', '-screen', '0', '2048x1200x24', '-nolisten', 'tcp'], { stdio: ['ignore', 'ignore', 'pipe', 'pipe'] });
  return new Promise((resolve, reject) => {
    let out = '';
    const timer = setTimeout(() => reject(new Error('Xvfb did not start within 10 s')), 10_000);
    x.on('error', reject);
    /** @type {import('node:stream').Readable} */ (x.stdio[3]).on('data', (d) => {
      out += d;
      if (out.includes('\n')) {
        clearTimeout(timer);
        resolve({ display: `:${out.trim()}`, stop: () => x.kill() });
      }
    });
  });
}

/** @param {NodeJS.ProcessEnv} env */
async function launchWebKit(env) {
  const { Builder, Capabilities, Key, Origin } = await import('selenium-webdriver');
  const xvfb = /** @type {{ display: string, stop: () => void }} */ (await startXvfb());
  const port = await freePort();
  // WebKitGTK keeps its accelerated compositing, as a classroom's Epiphany
  // has it. Under Xvfb that compositor runs on Mesa's software rasteriser,
  // and after every load of a page that scrolls it redraws the whole window
  // at 60 frames a second for about 3 s (the overlay scrollbar fading out):
  // 85 core-seconds of WebKit's scenarios, 38 with
  // WEBKIT_DISABLE_COMPOSITING_MODE=1. That setting was tried (2026-11-29):
  // every scenario passed alone, but one loaded npm test hung in the single
  // files' scenario, which no run without it has done; it stays off.
  // What the compositor draws is painted by Skia on the CPU
  // (WEBKIT_SKIA_ENABLE_CPU_RENDERING, as WebKitGTK does on a machine without
  // a GPU) rather than by Skia's GL backend on that same software
  // rasteriser, which then runs on one thread (LP_NUM_THREADS=0; its
  // threads only add their hand-offs here): the same scenarios in about 70
  // core-seconds instead of 85 to 94 (2026-11-29, four runs).
  const gl = { WEBKIT_SKIA_ENABLE_CPU_RENDERING: '1', LP_NUM_THREADS: '0' };
  const service = spawn(WEBKIT_DRIVER, [`--port=${port}`], { env: { ...gl, ...env, DISPLAY: xvfb.display }, stdio: 'ignore' });
  const stop = () => {
    service.kill();
    xvfb.stop();
  };
  try {
    // The driver answers /status once it listens.
    for (let i = 0; ; i++) {
      const ok = await fetch(`http://127.0.0.1:${port}/status`).then((r) => r.ok, () => false);
      if (ok) break;
      if (i > 100) throw new Error('WebKitWebDriver did not answer within 10 s');
      await new Promise((r) => setTimeout(r, 100));
    }
    const caps = new Capabilities({ browserName: 'MiniBrowser', 'webkitgtk:browserOptions': { binary: MINIBROWSER, args: ['--automation'] } });
    const wd = await new Builder().usingServer(`http://127.0.0.1:${port}`).withCapabilities(caps).build();
    await wd.manage().window().setRect({ x: 0, y: 0, width: 1280, height: 800 });
    await wd.manage().setTimeouts({ script: 60_000, pageLoad: 60_000 });
    /** @type {Record<string, string>} */
    const keys = {
      ArrowRight: Key.ARROW_RIGHT, ArrowLeft: Key.ARROW_LEFT, ArrowUp: Key.ARROW_UP, ArrowDown: Key.ARROW_DOWN,
      Enter: Key.ENTER, Tab: Key.TAB, Home: Key.HOME, End: Key.END, Escape: Key.ESCAPE, ' ': Key.SPACE,
    };
    /** @type {Driver} */
    const driver = {
      engine: 'webkit',
      version: `WebKitGTK ${(await wd.getCapabilities()).get('browserVersion')}`,
      goto: async (url) => {
        await wd.get(url);
      },
      // WebDriver awaits a promise the script returns.
      evaluate: (fn, ...args) => wd.executeScript(`return (${fn.toString()}).apply(null, arguments)`, ...args),
      clickAt: (x, y) => wd.actions().move({ x: Math.floor(x), y: Math.floor(y), origin: Origin.VIEWPORT }).click().perform(),
      press: (key) => wd.actions().sendKeys(keys[key] ?? key).perform(),
      screenshot: async (path) => {
        const { writeFile } = await import('node:fs/promises');
        await writeFile(path, Buffer.from(await wd.takeScreenshot(), 'base64'));
      },
      // WebDriver sizes the window: what its frame takes is measured and added.
      // The X server applies a new size after setRect returns: each try waits
      // until the page's size has changed (at most 2 s) before measuring again,
      // or a stale size made the next try undo the last (a page of 1280×678).
      resize: async (width, height) => {
        /** @returns {Promise<number[]>} */
        const inner = () => wd.executeScript('return [innerWidth, innerHeight]');
        for (let i = 0; i < 5; i++) {
          const before = await inner();
          if (before[0] === width && before[1] === height) return;
          const rect = await wd.manage().window().getRect();
          await wd.manage().window().setRect({ x: 0, y: 0, width: rect.width + width - before[0], height: rect.height + height - before[1] });
          await wd
            .wait(async () => {
              const now = await inner();
              return now[0] !== before[0] || now[1] !== before[1];
            }, 2000)
            .catch(() => {});
        }
        const now = await inner();
        if (now[0] !== width || now[1] !== height) throw new Error(`WebKit's page is ${now.join('×')}, not ${width}×${height}`);
      },
      protocolErrors: () => [],
      close: async () => {
        await wd.quit().catch(() => {});
        stop();
      },
    };
    return driver;
  } catch (err) {
    stop();
    throw err;
  }
}

/**
 * Starts `engine` (a fresh profile) with `env` added to this process's
 * environment (LANG=C.UTF-8, say).
 * @param {EngineName} engine @param {Record<string, string>} [env]
 * @returns {Promise<Driver>}
 */
export async function launch(engine, env = {}) {
  const problem = missing(engine);
  if (problem) throw new Error(problem);
  // A locale the page does not decide: the tests say which, unless told.
  const full = { ...process.env, LANG: 'en_US.UTF-8', ...env };
  return engine === 'webkit' ? launchWebKit(full) : launchPuppeteer(engine, full);
}
