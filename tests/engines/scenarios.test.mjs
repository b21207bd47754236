// The cross-engine suite: the same scenarios in Chromium, Firefox ESR and
// WebKitGTK (engines.mjs), against dist/ served with the strict CSP. Each
// scenario ends with no console error, uncaught exception, unhandled
// rejection or CSP violation heard in the page. ENGINES=webkit runs one.
//   node --test tests/engines/        (after npm run build)
import { describe, test, before, after, afterEach } from 'node:test';
import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { chosenEngines, launch, ENGINES } from './engines.mjs';
import { startSite, singleFileWithCapture, DIST } from './site.mjs';
import { Session } from './session.mjs';

const SHOTS = 'test-results/engines';
mkdirSync(SHOTS, { recursive: true });
const TIMEOUT = 120_000;

/** The single files, copied with capture.js inside (their policy allows it by hash) to a folder of their own. */
function singleFiles() {
  const dir = mkdtempSync(join(tmpdir(), 'usb-stick-'));
  for (const name of ['chomp.html', 'grundy-offline.html']) writeFileSync(join(dir, name), singleFileWithCapture(readFileSync(`${DIST}${name}`, 'utf8')));
  return (/** @type {string} */ name) => pathToFileURL(join(dir, name)).href;
}

/** Wins a Chomp game against the perfect computer by following the hint; checks the board is empty at the end. @param {Session} s */
async function winChompWithHints(s) {
  let text = await s.untilText('#status', /Your turn|You won|computer won/);
  for (let turn = 0; turn < 12 && !/won/.test(text); turn++) {
    await s.click('#hint');
    await s.untilText('#status', /Winning moves?:/);
    await s.click('#grid [data-hint="true"]');
    text = await s.untilText('#status', /computer ate.*Your turn|You won|computer won/);
  }
  assert.match(text, /You won!/);
  assert.equal(await s.count('#grid [data-state="present"]'), 0);
}

/** Plays Grundy's game to its end, each turn the hinted split. @param {Session} s @param {string} [host] inside this element */
async function winGrundyWithHints(s, host) {
  const $ = (/** @type {string} */ sel) => (host ? `${host} >>> ${sel}` : sel);
  const status = host ? $('.status') : '#status';
  let text = await s.untilText(status, /Your turn|You win|computer wins/);
  for (let turn = 0; turn < 12 && !/win/.test(text); turn++) {
    await s.click(host ? $('button|Hint') : '#hint');
    await s.untilText(status, /Hint:/);
    await s.click(host ? $('button|Split') : '#split-play');
    text = await s.untilText(status, /The computer split.*Your turn|You win|computer wins/);
  }
  assert.match(text, /You win/);
}

/**
 * Plays Kayles to its end, each turn the hinted move: the hint chooses it
 * in the move control (the session's legal moves), Play plays it.
 * @param {Session} s
 */
async function winKaylesWithHints(s) {
  let text = await s.untilText('#status', /Your turn|You win|computer wins/);
  for (let turn = 0; turn < 20 && !/win/.test(text); turn++) {
    await s.click('#hint');
    await s.untilText('#status', /Hint:/);
    // The heap's moves have come: the control is usable.
    await s.untilText('.move-pick:not(.idle) .move-take', /\d/);
    await s.click('.move-pick:not(.idle) .move-play');
    text = await s.untilText('#status', /The computer played.*Your turn|You win|computer wins/);
  }
  assert.match(text, /You win/);
}

/** Runs the Grundy lab on small heaps. @param {Session} s @returns {Promise<string>} its last status */
async function runLab(s, maxN = 8) {
  await s.on('#lab-max', (el, v) => (el.value = v), String(maxN));
  await s.on('#lab-budget', (el) => (el.value = '100'));
  await s.click('#lab-run');
  return s.untilText('#lab-status', /Done: \d+ runs|stopped|could not/, 90_000);
}

for (const engine of chosenEngines()) {
  describe(`${ENGINES[engine].label}`, { concurrency: false, timeout: 15 * TIMEOUT }, () => {
    /** @type {import('./engines.mjs').Driver} */
    let driver;
    /** @type {Session} */
    let s;
    /** @type {Awaited<ReturnType<typeof startSite>>} */
    let site;
    /** What a scenario expects to be heard (an injected failure), and nothing else. @type {RegExp | null} */
    let expected = null;

    before(async () => {
      site = await startSite();
      driver = await launch(engine);
      s = new Session(driver);
      console.log(`# ${engine}: ${driver.version}`);
    });
    after(async () => {
      await driver?.close();
      await site?.close();
    });
    afterEach(async (t) => {
      await driver.screenshot(`${SHOTS}/${engine}-${t.name.replace(/\W+/g, '-').slice(0, 60)}.png`).catch(() => {});
      const heard = (await s.problems()).filter((p) => !expected?.test(p));
      expected = null;
      assert.deepEqual(heard, [], `${engine}: problems heard in the page`);
    });

    test('Chomp: a whole game won against the perfect computer with the hint, then undo and redo', { timeout: TIMEOUT }, async () => {
      await s.open(`${site.url}index.html?rows=4&cols=5&first=human&level=perfect`);
      await winChompWithHints(s);
      await s.click('#undo');
      await s.untilText('#status', /Your turn/);
      assert.ok((await s.count('#grid [data-state="present"]')) > 0);
      await s.click('#redo');
      await s.untilText('#status', /You won!/);
    });

    test('Chomp by keyboard: arrows move, Enter and Space bite', { timeout: TIMEOUT }, async () => {
      await s.open(`${site.url}index.html?rows=3&cols=4&level=human`);
      await s.untilText('#status', /Player 1, your turn|Your turn/);
      await s.focus('#grid [data-row="1"][data-col="1"]');
      for (const key of ['ArrowDown', 'ArrowRight', 'ArrowRight']) await s.press(key);
      assert.equal(await s.focused('aria-label'), 'row 2, column 3');
      await s.press('Enter');
      await s.untilText('#status', /^Player 1 ate row 2, column 3\. Player 2, your turn\.$/);
      await s.press('ArrowUp');
      await s.press(' ');
      await s.untilText('#status', /^Player 2 ate row 1, column 3\. Player 1, your turn\.$/);
    });

    test('Grundy’s game played to its end with the hint', { timeout: TIMEOUT }, async () => {
      await s.open(`${site.url}grundy.html?heaps=9&first=human&level=random&seed=5`);
      await winGrundyWithHints(s);
      assert.match(await s.text('#moves li'), /You: 9 →/);
    });

    test('Kayles played to its end with the hint: pins, the move control, a take in the move list', { timeout: TIMEOUT }, async () => {
      await s.open(`${site.url}grundy.html?rule=kayles&heaps=7,4&first=human&level=random&seed=5`);
      await winKaylesWithHints(s);
      assert.match(await s.text('#moves li'), /You: \d+ − \d →/);
    });

    test('Nim, and Marienbad in misère play, to their end with the hint', { timeout: 2 * TIMEOUT }, async () => {
      // Each a won game for the player with the hint: Nim's 3, 4, 5 (nim-sum
      // 2), and Marienbad after the computer's first move (1, 3, 5, 7 is lost
      // for the player to move, in misère play too). Dawson's Kayles is drawn
      // and played as Kayles above; the matches game (0.333) as Nim, with the
      // take control Kayles uses: Chromium plays both (tests/heap-rules.spec.mjs).
      for (const [query, taken] of /** @type {const} */ ([
        ['rule=nim&heaps=3,4,5&first=human', /You: \d − \d → \d/],
        ['rule=nim&heaps=1,3,5,7&misere=1&first=computer', /Computer: \d − \d/],
      ])) {
        await s.open(`${site.url}grundy.html?${query}&level=random&seed=5`);
        await winKaylesWithHints(s);
        assert.match(await s.text('#moves li'), taken, query);
      }
    });

    test('a move in a sum of games leaves a nim-sum of 0; its move list goes back and forth', { timeout: TIMEOUT }, async () => {
      await s.open(`${site.url}sum.html?chomp=2x3&grundy=8&nim=3&lang=en`);
      await s.untilText('#nim-sum', /^Nim-sum: 4 xor 2 xor 3 = 5$/);
      await s.click('#hint');
      await s.untilText('#status', /Winning moves?/);
      await s.click('#components button.hinted');
      // Said in the status only until the computer answers, half a second later: read in the list.
      // The move list the Chomp and Grundy pages share: the move marked good, the computer's answer;
      // Start goes back, End from the list forward again.
      await s.untilText('#moves li:first-child', /^1\. You: .* \(5 → 0\) \(✓ good\)$/);
      await s.untilText('#moves li:nth-child(2)', /^2\. Computer: /);
      await s.click('#record .an-start');
      await s.untilText('#nim-sum', /^Nim-sum: 4 xor 2 xor 3 = 5$/);
      await s.untilText('#record .an-start[aria-current="step"]', /Start/);
      await s.focus('#record .an-start');
      await s.press('End');
      await s.untilText('#moves li:nth-child(2) [aria-current="step"]', /^2\. Computer: /);
    });

    test('a sum of Kayles, the matches game and Nim: a hinted pin leaves a nim-sum of 0', { timeout: TIMEOUT }, async () => {
      await s.open(`${site.url}sum.html?heaps=kayles:5,0.333:9&nim=2&lang=en`);
      await s.untilText('#nim-sum', /^Nim-sum: 4 xor 1 xor 2 = 7$/);
      await s.click('#hint');
      await s.untilText('#status', /Winning moves?/);
      // Both winning moves take two pins: that count first, then a ringed pin.
      await s.click('#components .sum-take-count.hinted');
      await s.click('#components button.pin.hinted');
      await s.untilText('#moves li:first-child', /^1\. You: game 1, take 2 of 5, leaving .* \(7 → 0\) \(✓ good\)$/);
    });

    test('five games on a 1280×720 projector after six moves: every game and the nim-sum on screen, the header on two lines', { timeout: TIMEOUT }, async () => {
      // Kayles split under its take choice, Grundy's heaps set aside: 70 px
      // too tall for the window in every engine, the current page's name on
      // a line of its own in the header.
      const moves = '2:9-2%3D5%2B2+1:11%2B1+1:9%2B2+3:11-1+1:7%2B2+3:10-1';
      await s.open(`${site.url}sum.html?theme=projector&heaps=kayles:9,0.333:11,dawson:8&grundy=12&nim=5&moves=${moves}&lang=en`);
      try {
        await driver.resize(1280, 720);
        await s.untilText('#status', /Your turn/);
        await s.until('the five games and the nim-sum inside the window, no page scroll', () => {
          const parts = [...document.querySelectorAll('.sum-card, #nim-bar')].map((e) => e.getBoundingClientRect());
          return parts.length === 6 && scrollY === 0 && parts.every((r) => r.top >= 0 && r.bottom <= innerHeight && r.right <= innerWidth);
        });
        const tops = await s.driver.evaluate(() => [...document.querySelectorAll('nav.games a')].map((a) => Math.round(a.getBoundingClientRect().top)));
        assert.equal(new Set(tops).size, 1, `the games' names on one line (tops ${tops})`);
      } finally {
        await driver.resize(1280, 800);
      }
    });

    test('French pages in the projector theme at 1920×1080: no sideways scroll, the reveal menu inside its panel', { timeout: TIMEOUT }, async () => {
      // WebKit let a menu's longest choice ("les coups gagnants", the level's
      // names) overflow it: the Grundy page was 1,986 px wide.
      try {
        await driver.resize(1920, 1080);
        for (const url of ['grundy.html?rule=nim&misere=1&heaps=1,3,5,7&level=human', 'index.html?rows=5&cols=7']) {
          await s.open(`${site.url}${url}&theme=projector&lang=fr`);
          await s.untilText('#status', /Joueur 1|À vous/);
          await s.until(`${url}: the page no wider than the window, the reveal menu inside the analysis panel`, () => {
            const menu = document.querySelector('#analysis select')?.getBoundingClientRect();
            const panel = document.querySelector('#analysis')?.getBoundingClientRect();
            return !!menu && !!panel && document.documentElement.scrollWidth <= innerWidth && menu.right <= panel.right;
          });
        }
      } finally {
        await driver.resize(1280, 800);
      }
    });

    test('the 2×3 arena lesson, every step', { timeout: TIMEOUT }, async () => {
      await s.open(`${site.url}index.html?rows=2&cols=3`);
      // Once the game is set up above it, the arena's button stays where it is.
      await s.untilText('#status', /Your turn|Player \d:/);
      await s.click('#graph-arena-form button[type="submit"]');
      await s.until('the arena’s 9 vertices', () => document.querySelectorAll('#graph-figure text.tag-text').length === 9);
      const steps = [
        /Step 1: 8 has no successor left.*Its predecessors 4, 5, 7 are deleted/,
        /Step 2: 6 has no successor left/,
        /Step 3: 2 has no successor left.*Its predecessor 0 is deleted: it is winning, since it can move to 2\./,
        /0 → 2, 1 → 6, 3 → 6, 4 → 8, 5 → 8, 7 → 8/,
      ];
      for (const step of steps) {
        await s.click('#graph-next');
        await s.untilText('#graph-caption', step);
      }
      await s.click('#graph-next');
      const nimbers = await s.until('the nimbers', () => {
        const n = [...document.querySelectorAll('#graph-figure g.vertex')].map((g) => `${g.querySelector('.tag-text')?.textContent}:${g.querySelector('.nimber')?.textContent ?? ''}`);
        return n.every((x) => /n=\d/.test(x)) && n.join(' ');
      });
      assert.equal(nimbers, '0:n=4 1:n=3 2:n=0 3:n=2 4:n=2 5:n=1 6:n=0 7:n=1 8:n=0');
      assert.equal(await s.on('#graph-next', (el) => el.disabled), true);
    });

    test('the heaps after five splits and a 16×18 board after moves are seen whole, with the status and the buttons', { timeout: TIMEOUT }, async () => {
      for (const [url, drawing] of [
        ['grundy.html?heaps=17,5,9,12,20,33&first=human&level=human&moves=26%2B7%204%2B1%2016%2B1%2013%2B7%207%2B5', '#heaps-canvas'],
        // Its table held back (?debug=hold): the bar shown, no core spent on it.
        ['index.html?rows=16&cols=18&theme=projector&moves=16,18%201,2&debug=hold', '#board-wrap'],
      ]) {
        await s.open(`${site.url}${url}`);
        await s.untilText('#status', /Your turn|Player \d:/);
        // Once drawn and still (the same box twice running): what cuts the
        // drawing (a box around it that clips), and what is off the screen.
        const found = await s.until(`${drawing} drawn and still`, (/** @type {string} */ sel) => {
          const el = /** @type {HTMLElement | null} */ (document.querySelector(sel));
          if (!el || (el.id === 'board-wrap' && !el.classList.contains('sized')) || !document.querySelector('#heaps button, #grid .cell')) return null;
          const box = el.getBoundingClientRect();
          const sign = [box.left, box.top, box.width, box.height].map(Math.round).join(' ');
          const w = /** @type {any} */ (window);
          if (w.drawnBox !== sign) {
            w.drawnBox = sign;
            return null;
          }
          /** @type {string[]} */
          const problems = [];
          for (let a = el.parentElement; a && a !== document.documentElement; a = a.parentElement) {
            const style = getComputedStyle(a);
            if (style.overflowX === 'visible' && style.overflowY === 'visible') continue;
            const r = a.getBoundingClientRect();
            const top = r.top + a.clientTop;
            const left = r.left + a.clientLeft;
            if (box.left < left - 1 || box.top < top - 1 || box.right > left + a.clientWidth + 1 || box.bottom > top + a.clientHeight + 1) {
              problems.push(`${sel} (${sign}) cut by ${a.className || a.tagName} (${Math.round(a.clientWidth)}×${Math.round(a.clientHeight)})`);
            }
          }
          for (const part of ['#status', sel, '#hint', '#undo', '#restart']) {
            const b = /** @type {Element} */ (document.querySelector(part)).getBoundingClientRect();
            if (b.top < -1 || b.left < -1 || b.bottom > innerHeight + 1 || b.right > innerWidth + 1) problems.push(`${part} off the ${innerWidth}×${innerHeight} screen: ${Math.round(b.top)} to ${Math.round(b.bottom)}`);
          }
          if (scrollY !== 0) problems.push(`the page scrolled by ${scrollY}`);
          return problems;
        }, [drawing]);
        assert.deepEqual(found, [], `${driver.engine}: ${url}`);
      }
    });

    test('<chomp-game> and <grundy-game> on a host page', { timeout: TIMEOUT }, async () => {
      await s.open(`${site.url}embed-demo.html`);
      await s.untilText('chomp-game >>> .status', /Your turn/);
      await s.click('chomp-game >>> button|Hint');
      await s.untilText('chomp-game >>> .status', /Winning moves?:/);
      await s.click('chomp-game >>> [data-hint="true"]');
      await s.untilText('chomp-game >>> .status', /computer ate.*Your turn/);
      await winGrundyWithHints(s, 'grundy-game');
    });

    test('the single files play from file://, under their own policy', { timeout: TIMEOUT }, async () => {
      const file = singleFiles();
      await s.open(`${file('chomp.html')}?rows=4&cols=5&first=human&level=perfect`);
      assert.match(await s.on('meta[http-equiv="Content-Security-Policy"]', (el) => el?.content), /^script-src 'sha256-/);
      await winChompWithHints(s);
      await s.open(`${file('grundy-offline.html')}?heaps=9&first=human&level=random&seed=5`);
      await winGrundyWithHints(s);
      assert.match(await runLab(s, 7), /Done/);
      assert.equal(await s.count('.uplot'), 2);
    });

    test('the chart made to fail: the lab says so, runs on, and the game plays', { timeout: TIMEOUT }, async () => {
      // An origin of its own: no service worker there has the chart's file already.
      const own = await startSite();
      own.failing(/lab-chart/);
      // Each engine says that the chart's files did not come, and nothing else.
      expected = /^failed to load: \S*\/assets\/lab-chart-|^console error: Failed to load resource: .* 503 |^uncaught: Loading module from “\S*\/assets\/lab-chart-\S*” was blocked/;
      try {
        await s.open(`${own.url}grundy.html?heaps=9&first=human&level=random&seed=5`);
        await s.untilText('#status', /Your turn/);
        assert.match(await runLab(s), /Done/);
        assert.match(await s.text('.lab-chart-problem'), /The chart could not be drawn/);
        assert.ok((await s.count('#lab-table tr')) > 1);
        await winGrundyWithHints(s);
      } finally {
        await own.close();
      }
    });

    test('the offline app: after one visit it opens and plays with the network off', { timeout: TIMEOUT }, async (t) => {
      // An origin of its own: its service worker stays out of the other scenarios.
      const own = await startSite();
      try {
        await s.open(`${own.url}index.html?rows=4&cols=5&first=human&level=perfect`);
        await s.untilText('#status', /Your turn/);
        if (!(await driver.evaluate(() => 'serviceWorker' in navigator))) {
          t.skip(`${driver.version} has no service workers`);
          return;
        }
        const wasm = await s.until('the service worker’s precache', async () => {
          await navigator.serviceWorker.ready;
          const urls = [];
          for (const name of await caches.keys()) for (const r of await (await caches.open(name)).keys()) urls.push(r.url);
          return urls.filter((u) => u.endsWith('.wasm')).length;
        });
        assert.equal(wasm, 2);
        own.offline(true);
        // Another game's address: the page comes from the cache whatever its query.
        await s.open(`${own.url}index.html?rows=3&cols=3&first=human&level=perfect`);
        await winChompWithHints(s);
        await s.open(`${own.url}grundy.html?heaps=9`);
        await s.untilText('#status', /Your turn/);
      } finally {
        await own.close();
      }
    });
  });
}

// A browser whose locale is not a language tag (LANG=C.UTF-8, the default of
// many Debian systems and containers: WebKitGTK says navigator.language "C").
for (const engine of chosenEngines().filter((e) => e !== 'firefox')) {
  test(`${ENGINES[engine].label} with LANG=C.UTF-8: Grundy’s game, its lab and chart, and its single file play`, { timeout: 3 * TIMEOUT }, async () => {
    const site = await startSite();
    const driver = await launch(engine, { LANG: 'C.UTF-8', LC_ALL: 'C.UTF-8' });
    const s = new Session(driver);
    try {
      const language = await driver.evaluate(() => navigator.language);
      console.log(`# ${engine} with LANG=C.UTF-8: navigator.language is ${JSON.stringify(language)}`);
      await s.open(`${site.url}grundy.html?heaps=9&first=human&level=random&seed=5`);
      await winGrundyWithHints(s);
      assert.match(await runLab(s, 7), /Done/);
      assert.equal(await s.count('.uplot'), 2);
      await s.open(`${singleFiles()('grundy-offline.html')}?heaps=9&first=human&level=random&seed=5`);
      await s.untilText('#status', /Your turn/);
      await driver.screenshot(`${SHOTS}/${engine}-lang-C.png`);
      assert.deepEqual(await s.problems(), []);
    } finally {
      await driver.close();
      await site.close();
    }
  });
}
