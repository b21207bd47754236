// The worksheet's lesson in the page: paste its Chomp(2,3) dict, step through
// the kernel algorithm, then the strategy and the nimbers.
import { test, expect, showGraph } from './fixture.mjs';
import { edgesOff } from './geometry.mjs';

const WORKSHEET = `d = { 0: [1, 2, 3, 4, 5], 1: [4, 5, 6], 2: [1, 3, 4, 5],
      3: [5, 6, 7], 4: [7, 8], 5: [8], 6: [5, 7], 7: [8], 8: [] }`;

test('the worksheet dict: kernel step by step, strategy, nimbers', async ({ page }) => {
  await page.goto('/?rows=2&cols=3');
  await showGraph(page);
  await expect(page.locator('#graph-figure svg')).toBeVisible();
  await page.locator('#graph-text').fill(WORKSHEET);
  await page.getByRole('button', { name: 'Analyse' }).click();
  const caption = page.locator('#graph-caption');
  await expect(caption).toHaveText('9 vertices. Press “Next step” to run the kernel algorithm.');
  await expect(page.locator('#graph-figure g.vertex')).toHaveCount(9);
  // A vertex's name says its moves, the arrows the eye follows.
  await expect(page.locator('#graph-figure g.vertex[data-vertex="1"]')).toHaveAccessibleName('Vertex 1. Moves to 4, 5, 6.');
  await expect(page.locator('#graph-figure g.vertex[data-vertex="8"]')).toHaveAccessibleName('Vertex 8. No move.');
  const next = page.getByRole('button', { name: 'Next step' });
  await expect(page.getByRole('button', { name: 'Previous step' })).toBeDisabled();
  await next.click();
  await expect(caption).toContainText('Step 1: 8 has no successor left');
  await expect(caption).toContainText('Its predecessors 4, 5, 7 are deleted');
  await next.click();
  await expect(caption).toContainText('Step 2: 6 has no successor left');
  await next.click();
  await expect(caption).toContainText('Step 3: 2 has no successor left');
  const kernel = page.locator('#graph-figure g.vertex.kernel');
  await expect(kernel).toHaveCount(3);
  expect((await kernel.evaluateAll((gs) => gs.map((g) => g.getAttribute('data-vertex')))).sort()).toEqual(['2', '6', '8']);
  await next.click();
  await expect(caption).toHaveText(
    'Kernel: 8, 6, 2. The winning strategy (thick green arrows) always moves into the kernel: 0 → 2, 1 → 6, 3 → 6, 4 → 8, 5 → 8, 7 → 8.',
  );
  await expect(page.locator('#graph-figure .arc.strategy')).toHaveCount(6);
  await next.click();
  await expect(caption).toContainText('The vertices with nimber 0 are exactly the kernel');
  await expect(page.locator('#graph-figure text.nimber')).toHaveCount(9);
  // The nimbers are the last step: Next is off there, as Previous is at the start.
  await expect(next).toBeDisabled();
  // Back one step, then French.
  await page.getByRole('button', { name: 'Previous step' }).click();
  await expect(page.locator('#graph-figure text.nimber')).toHaveCount(0);
  await page.getByLabel('Language').selectOption('fr');
  await expect(caption).toContainText('Noyau : 8, 6, 2.');
});

// Through the steps with the keyboard alone: at the nimbers Next is
// disabled, and the focus goes to Previous rather than to the page's top;
// back at the start, to Next.
test("the lesson's steps by keyboard: the focus stays on a step button at either end; copying the dict keeps the step's caption", async ({ page }) => {
  await page.goto('/?rows=2&cols=3');
  await showGraph(page);
  await expect(page.locator('#graph-figure svg')).toBeVisible();
  const [prev, next] = [page.getByRole('button', { name: 'Previous step' }), page.getByRole('button', { name: 'Next step' })];
  const caption = page.locator('#graph-caption');
  /** Enter on `button` (focused) until it is disabled, each step seen in the caption. @param {import('@playwright/test').Locator} button */
  const pressThrough = async (button) => {
    for (let i = 0; i < 40 && (await button.isEnabled()); i++) {
      const before = await caption.textContent();
      await page.keyboard.press('Enter');
      await expect(caption).not.toHaveText(before ?? '');
    }
    await expect(button).toBeDisabled();
  };
  // Copying the dict says so under the buttons, and the step's caption stays.
  await page.context().grantPermissions(['clipboard-read', 'clipboard-write']);
  await next.click();
  const step = await caption.textContent();
  await page.getByRole('button', { name: 'Copy the dict' }).click();
  await expect(page.locator('#graph-share-status')).toHaveText('The dict text is copied.');
  await expect(caption).toHaveText(step ?? '');
  await next.focus();
  await pressThrough(next);
  await expect(prev).toBeFocused();
  await pressThrough(prev);
  await expect(next).toBeFocused();
});

test('bad graphs are explained with their place', async ({ page }) => {
  await page.goto('/?rows=2&cols=3');
  await showGraph(page);
  await expect(page.locator('#graph-figure svg')).toBeVisible();
  const alert = page.locator('#graph-error');
  await page.locator('#graph-text').fill('{0: [1],\n 1: [7]}');
  await page.getByRole('button', { name: 'Analyse' }).click();
  await expect(alert).toHaveText('Line 2, column 6: 7, a successor of 1, is not a vertex: add a key 7: [...] to the dict.');
  await page.locator('#graph-text').fill('{0: [1], 1: [2], 2: [0]}');
  await page.getByRole('button', { name: 'Analyse' }).click();
  await expect(alert).toContainText('The graph has a cycle: 0 → 1 → 2 → 0');
  // An error clears the previous drawing: no figure contradicts the message,
  // and nothing is left to play, save or print (an empty SVG was saved).
  await expect(page.locator('#graph-figure svg')).toHaveCount(0);
  for (const id of ['graph-play', 'graph-svg', 'graph-png', 'graph-print']) await expect(page.locator(`#${id}`)).toBeDisabled();
  await page.locator('#graph-arena-form input[name="rows"]').fill('8');
  await page.locator('#graph-arena-form input[name="cols"]').fill('8');
  await page.getByRole('button', { name: 'Draw the arena' }).click();
  await expect(alert).toHaveText('This graph has 12,869 vertices: too many to draw (at most 1000).');
  await page.locator('#graph-arena-form input[name="rows"]').fill('2');
  await page.getByRole('button', { name: 'Draw the arena' }).click();
  await expect(page.locator('#graph-figure svg')).toBeVisible();
  for (const id of ['graph-play', 'graph-svg', 'graph-png', 'graph-print']) await expect(page.locator(`#${id}`)).toBeEnabled();
  // A long word is said back cut short, and the page keeps its width (its
  // 300,000 letters, twice, made it 3.9 million pixels wide).
  await page.locator('#graph-text').fill('x'.repeat(300_000));
  await page.getByRole('button', { name: 'Analyse' }).click();
  await expect(alert).toContainText(`${'x'.repeat(59)}…`);
  expect((await alert.textContent())?.length, 'the message\'s length').toBeLessThan(300);
  expect(await page.evaluate(() => document.documentElement.scrollWidth - innerWidth), 'the page wider than the window by').toBeLessThanOrEqual(0);
  // A link's long value too, in the page's notice.
  await page.goto(`/grundy.html?heaps=${'9'.repeat(2000)}a&lang=en`);
  await expect(page.locator('#notice')).toContainText(`Ignored “heaps=${'9'.repeat(59)}…”`);
  expect(await page.evaluate(() => document.documentElement.scrollWidth - innerWidth), 'the Grundy page wider than the window by').toBeLessThanOrEqual(0);
});

test('a vertex of a Chomp arena starts a game from its position', async ({ page }) => {
  await page.goto('/?rows=4&cols=4');
  await showGraph(page);
  await expect(page.locator('#status')).toHaveText('Your turn: pick a square to eat.');
  await page.locator('#grid [data-row="2"][data-col="3"]').click();
  await expect(page.locator('#status')).toContainText('The computer ate');
  await page.getByRole('button', { name: 'Graph of the position on the board' }).click();
  const first = page.locator('#graph-figure g.vertex[data-vertex="0"]');
  await expect(first).toBeVisible();
  // Vertex 0 is the board's own position; vertex 1 is one move further.
  await page.locator('#graph-figure g.vertex[data-vertex="1"]').click();
  await expect(page.getByRole('alert').first()).toContainText('Playing from the position');
  // From the keyboard: Enter on a vertex plays it, and the keyboard goes to
  // the board the page scrolls to (it stayed on the vertex, off screen).
  await page.getByRole('button', { name: 'Graph of the position on the board' }).click();
  await expect(first).toBeVisible();
  await page.locator('#graph-figure g.vertex[data-vertex="1"]').focus();
  await page.keyboard.press('Enter');
  await expect.poll(() => page.evaluate(() => !!document.activeElement?.closest('#grid'))).toBe(true);
});

test('a crowded graph is drawn reduced, its labels at their size: every arc routed, it would be shrunk past reading', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 720 });
  // 54 vertices and 306 arcs, under the size that reduces a drawing: its
  // long arcs crossed its 12 layers, laid out 3,324 units across in a wide
  // box, labels 2 px high.
  await page.goto('/?rows=4&cols=7&level=human&moves=3,4 2,6 1,7 2,3&lang=en');
  await showGraph(page);
  await page.getByRole('button', { name: 'Graph of the position on the board' }).click();
  await expect(page.getByText('Large graph (54 vertices, 306 arrows)')).toBeVisible();
  await expect(page.locator('#graph-figure g.vertex')).toHaveCount(54);
  const heights = await page.locator('#graph-figure .tag-text').evaluateAll((texts) => texts.map((t) => t.getBoundingClientRect().height));
  expect(Math.min(...heights), 'the vertices\' numbers, in pixels').toBeGreaterThanOrEqual(13);
  // A smaller one drawn reduced (33 vertices, 165 arcs) is seen whole in its
  // box when that keeps its labels legible, not cut at the box's edge.
  await page.goto('/?rows=3&cols=4&level=human&moves=3,4&lang=en');
  await showGraph(page);
  await page.getByRole('button', { name: 'Graph of the position on the board' }).click();
  await expect(page.getByText('Large graph (33 vertices, 165 arrows)')).toBeVisible();
  const figure = await page.locator('#graph-figure').evaluate((f) => ({ over: [f.scrollWidth - f.clientWidth, f.scrollHeight - f.clientHeight], svg: f.querySelector('svg')?.getBoundingClientRect().height ?? 0, box: f.getBoundingClientRect().height }));
  expect(figure.over, 'the figure scrolls by').toEqual([0, 0]);
  expect(figure.svg, 'the drawing fills its box').toBeGreaterThan(figure.box - 4);
  const fitted = await page.locator('#graph-figure .tag-text').evaluateAll((texts) => texts.map((t) => t.getBoundingClientRect().height));
  expect(Math.min(...fitted), 'its numbers, in pixels').toBeGreaterThanOrEqual(10);
  // The 2×3 board's graph (9 vertices) keeps every arc.
  await page.goto('/?rows=2&cols=3&lang=en');
  await showGraph(page);
  await page.getByRole('button', { name: 'Graph of the position on the board' }).click();
  await expect(page.locator('#graph-figure g.vertex')).toHaveCount(9);
  await expect(page.locator('#graph-figure .arc')).toHaveCount(21);
  await expect(page.getByText(/Large graph/)).toHaveCount(0);
});

test('the drawing downloads as SVG and PNG', async ({ page }) => {
  await page.goto('/?rows=2&cols=3');
  await showGraph(page);
  await expect(page.locator('#graph-figure svg')).toBeVisible();
  const [svg] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Download SVG' }).click()]);
  expect(svg.suggestedFilename()).toBe('game-graph.svg');
  const svgText = await (await svg.createReadStream()).toArray().then((chunks) => Buffer.concat(chunks).toString('utf8'));
  expect(svgText).toContain('<svg');
  expect(svgText).toContain('data-vertex="8"');
  // The last step shows everything: kernel halos, green strategy arrows, nimbers.
  const next = page.getByRole('button', { name: 'Next step' });
  for (let i = 0; i < 20 && (await page.locator('#graph-figure text.nimber').count()) === 0; i++) await next.click();
  await expect(page.locator('#graph-figure g.vertex.kernel').first()).toBeVisible();
  const [png] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Download PNG' }).click()]);
  expect(png.suggestedFilename()).toBe('game-graph.png');
  const bytes = await (await png.createReadStream()).toArray().then((chunks) => Buffer.concat(chunks));
  expect(bytes.subarray(1, 4).toString('ascii')).toBe('PNG');
  // Decode it in the page and look at the pixels, with the colours the page
  // itself computed for the drawing.
  const seen = await page.evaluate(async (base64) => {
    const png = Uint8Array.from(atob(base64), (c) => c.charCodeAt(0));
    const bitmap = await createImageBitmap(new Blob([png], { type: 'image/png' }));
    const canvas = new OffscreenCanvas(bitmap.width, bitmap.height);
    const ctx = /** @type {OffscreenCanvasRenderingContext2D} */ (canvas.getContext('2d'));
    ctx.drawImage(bitmap, 0, 0);
    const { data } = ctx.getImageData(0, 0, bitmap.width, bitmap.height);
    const svg = /** @type {SVGSVGElement} */ (document.querySelector('#graph-figure svg'));
    const style = (/** @type {string} */ selector) => getComputedStyle(/** @type {Element} */ (svg.querySelector(selector)));
    const rgb = (/** @type {string} */ css) => /** @type {number[]} */ (css.match(/\d+/g)?.slice(0, 3).map(Number));
    const background = [255, 250, 243];
    const arcStyle = style('.arc:not(.strategy)');
    const arcAlpha = Number(arcStyle.opacity);
    const colours = {
      kernel: rgb(style('g.vertex.kernel .halo').stroke),
      nimber: rgb(style('text.nimber').fill),
      // Plain arcs are translucent: their colour over the background.
      arc: rgb(arcStyle.stroke).map((c, i) => c * arcAlpha + background[i] * (1 - arcAlpha)),
      background,
    };
    const near = (/** @type {number} */ at, /** @type {number[]} */ c) =>
      Math.hypot(data[at] - c[0], data[at + 1] - c[1], data[at + 2] - c[2]) < 40;
    /** @type {Record<string, number>} */
    const counts = { kernel: 0, nimber: 0, arc: 0, background: 0 };
    for (let at = 0; at < data.length; at += 4) {
      for (const [name, c] of Object.entries(colours)) if (near(at, c)) counts[name]++;
    }
    // Four points on each vertex's halo ring (radius 26), at scale 2: green
    // exactly on the kernel vertices, so the drawing is where the page has it.
    const rings = [...svg.querySelectorAll('g.vertex')].map((g) => {
      const m = /** @type {SVGTransform} */ (/** @type {SVGGElement} */ (g).transform.baseVal.consolidate()).matrix;
      const green = [[0, -26], [26, 0], [0, 26], [-26, 0]].filter(([dx, dy]) =>
        near((Math.round(2 * (m.f + dy)) * bitmap.width + Math.round(2 * (m.e + dx))) * 4, colours.kernel),
      ).length;
      return { vertex: g.getAttribute('data-vertex'), kernel: g.classList.contains('kernel'), green };
    });
    // Plain arcs are 1.6 wide, so over 3 pixels across at scale 2 in their
    // translucent colour; drawn opaque, only their blurred edges would match.
    const length = [...svg.querySelectorAll('.arc:not(.strategy)')].reduce((sum, arc) => sum + /** @type {SVGGeometryElement} */ (arc).getTotalLength(), 0);
    const box = svg.viewBox.baseVal;
    return { width: bitmap.width, height: bitmap.height, box: [box.width, box.height], counts, pixels: data.length / 4, rings, arcLength: length };
  }, bytes.toString('base64'));
  expect([seen.width, seen.height]).toEqual([2 * seen.box[0], 2 * seen.box[1]]);
  expect(seen.rings.filter((r) => r.kernel).length).toBeGreaterThan(0);
  for (const ring of seen.rings) expect(ring, `halo of vertex ${ring.vertex}`).toMatchObject({ green: ring.kernel ? 4 : 0 });
  // Mostly background, but with plenty of arcs, nimbers and kernel green.
  expect(seen.counts.background).toBeGreaterThan(seen.pixels / 2);
  expect(seen.counts.background).toBeLessThan(seen.pixels * 0.97);
  expect(seen.counts.arc).toBeGreaterThan(2 * seen.arcLength);
  expect(seen.counts.nimber).toBeGreaterThan(100 * seen.rings.length);
  expect(seen.counts.kernel).toBeGreaterThan(2000 * seen.rings.filter((r) => r.kernel).length);
});

/**
 * Waits until the page stops scrolling (a step brings the lesson on screen,
 * smoothly unless motion is unwelcome).
 * @param {import('@playwright/test').Page} page
 */
async function settle(page) {
  await page.evaluate(
    () =>
      new Promise((resolve) => {
        let last = -1;
        let same = 0;
        const tick = () => {
          if (scrollY === last && ++same >= 6) return resolve(null);
          if (scrollY !== last) same = 0;
          last = scrollY;
          requestAnimationFrame(tick);
        };
        tick();
      }),
  );
}

/**
 * What a class sees of the lesson at the step shown: where its parts are,
 * every place an arc meets a vertex that is not one of its ends or a label
 * (each arc sampled every unit of its length with getPointAtLength), and the
 * labels' size on screen.
 * @param {import('@playwright/test').Page} page
 */
function lessonGeometry(page) {
  return page.evaluate(() => {
    const box = (/** @type {Element} */ el) => {
      const r = el.getBoundingClientRect();
      return { top: r.top, bottom: r.bottom, left: r.left, right: r.right, width: r.width, height: r.height };
    };
    const svg = /** @type {SVGSVGElement} */ (document.querySelector('#graph-figure svg'));
    const vertices = [...svg.querySelectorAll('g.vertex')].map((g) => {
      const m = /** @type {SVGTransform} */ (/** @type {SVGGElement} */ (g).transform.baseVal.consolidate()).matrix;
      const circle = /** @type {SVGCircleElement} */ (g.querySelector('circle.halo'));
      // The tag (its frame holds the number), K and n=, where the figure has them.
      const labels = [...g.querySelectorAll('.tag, .badge, .nimber')].map((l) => {
        const b = /** @type {SVGGraphicsElement} */ (l).getBBox();
        const text = l.classList.contains('tag') ? `tag ${g.getAttribute('data-vertex')}` : l.textContent;
        return { text, x: b.x + m.e, y: b.y + m.f, w: b.width, h: b.height };
      });
      return { name: g.getAttribute('data-vertex'), x: m.e, y: m.f, r: circle.r.baseVal.value, labels };
    });
    const nearest = (/** @type {DOMPoint} */ p) =>
      vertices.reduce((b, v) => (Math.hypot(v.x - p.x, v.y - p.y) < Math.hypot(b.x - p.x, b.y - p.y) ? v : b));
    /** @type {Set<string>} */
    const hits = new Set();
    const arcs = [...svg.querySelectorAll('.arc')];
    // An arc's samples depend only on its path: the steps of a lesson redraw
    // the same arcs, so each path is sampled once per page (getPointAtLength
    // is most of this function's time).
    const w = /** @type {{ arcSamples?: Map<string, { points: DOMPoint[], end: DOMPoint }> }} */ (/** @type {unknown} */ (window));
    const samples = (w.arcSamples ??= new Map());
    for (const arc of arcs) {
      const path = /** @type {SVGGeometryElement} */ (arc);
      const d = path.getAttribute('d') ?? '';
      let sampled = samples.get(d);
      if (!sampled) {
        const length = path.getTotalLength();
        const points = [];
        for (let s = 0; s <= length; s += 1) points.push(path.getPointAtLength(s));
        sampled = { points, end: path.getPointAtLength(length) };
        samples.set(d, sampled);
      }
      const { points, end } = sampled;
      const half = Number.parseFloat(getComputedStyle(path).strokeWidth) / 2;
      const from = nearest(points[0]);
      const to = nearest(end);
      for (const p of points) {
        for (const v of vertices) {
          if (v !== from && v !== to && Math.hypot(p.x - v.x, p.y - v.y) < v.r + half) hits.add(`${from.name}→${to.name} runs through vertex ${v.name}`);
          for (const l of v.labels) {
            if (p.x > l.x - half && p.x < l.x + l.w + half && p.y > l.y - half && p.y < l.y + l.h + half) {
              hits.add(`${from.name}→${to.name} crosses “${l.text}” of vertex ${v.name}`);
            }
          }
        }
      }
    }
    /** @param {string} selector */
    const sizes = (selector) =>
      [...svg.querySelectorAll(selector)].map((t) => Number.parseFloat(getComputedStyle(t).fontSize) * /** @type {DOMMatrix} */ (/** @type {SVGGraphicsElement} */ (t).getScreenCTM()).a);
    const drawn = [...svg.querySelectorAll('g.vertex')].map(box);
    return {
      viewport: { width: innerWidth, height: innerHeight },
      parts: Object.fromEntries(['#graph-prev', '#graph-next', '#graph-play', '#graph-caption', '#graph-figure'].map((s) => [s, box(/** @type {Element} */ (document.querySelector(s)))])),
      drawing: {
        top: Math.min(...drawn.map((b) => b.top)),
        bottom: Math.max(...drawn.map((b) => b.bottom)),
        left: Math.min(...drawn.map((b) => b.left)),
        right: Math.max(...drawn.map((b) => b.right)),
      },
      arcs: arcs.length,
      hits: [...hits],
      fonts: { number: sizes('.tag-text'), K: sizes('.badge'), n: sizes('.nimber') },
    };
  });
}

test('a large graph\'s arrows go round the vertices they do not join, at every step', async ({ page }) => {
  test.setTimeout(60_000);
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto('/?rows=3&cols=3&lang=en');
  await showGraph(page);
  await page.locator('#graph-arena-form input[name="rows"]').fill('3');
  await page.locator('#graph-arena-form input[name="cols"]').fill('3');
  await page.getByRole('button', { name: 'Draw the arena' }).click();
  // Its reduced form: dot laid it out without its long arcs, which went
  // straight, 0 → 4 through vertices 3 and 13.
  await expect(page.getByText('Large graph (19 vertices')).toBeVisible();
  const caption = page.locator('#graph-caption');
  const next = page.locator('#graph-next');
  /** @type {string[]} */
  const hits = [];
  let arcs = 0;
  for (let step = 0; ; step++) {
    const g = await lessonGeometry(page);
    arcs += g.arcs;
    hits.push(...g.hits.map((h) => `step ${step}: ${h}`));
    if (await next.isDisabled()) break;
    const before = await caption.textContent();
    await next.click();
    await expect(caption).not.toHaveText(/** @type {string} */ (before));
  }
  // Every vertex's own arrows, chosen from the keyboard.
  for (let v = 0; v < 19; v++) {
    await page.locator(`#graph-figure g.vertex[data-vertex="${v}"]`).focus();
    const g = await lessonGeometry(page);
    arcs += g.arcs;
    hits.push(...g.hits.map((h) => `chosen ${v}: ${h}`));
  }
  expect(arcs, 'arcs checked').toBeGreaterThan(100);
  expect(hits).toEqual([]);
});

test('a large graph\'s lesson is told whole on a phone, in French: long lists shortened, no caption cut or set small', async ({ page }) => {
  test.setTimeout(60_000);
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/?rows=4&cols=7&lang=fr');
  await showGraph(page);
  await page.getByRole('button', { name: 'Graphe de la position du plateau' }).click();
  const caption = page.locator('#graph-caption');
  await expect(caption).toContainText('329 sommets');
  // Its layers run down the phone, as in English: the French note's 8 lines
  // made the figure wider than tall, and the graph ran across.
  const tops = await page.locator('#graph-figure g.vertex').evaluateAll((gs) =>
    gs.map((g) => ({ v: g.getAttribute('data-vertex'), y: /** @type {SVGGElement} */ (g).transform.baseVal.consolidate()?.matrix.f ?? 0 })),
  );
  const first = tops.find((p) => p.v === '0')?.y ?? 0;
  expect(Math.min(...tops.filter((p) => p.v !== '0').map((p) => p.y)), 'the layer under vertex 0').toBeGreaterThan(first);
  const next = page.locator('#graph-next');
  /** @type {string[]} */
  const bad = [];
  let strategy = '';
  // Step 4 named 24 vertices, 428 characters cut at 10.6 px; the strategy
  // step 30 kernel vertices and 113 moves.
  for (let step = 1; !(await next.isDisabled()); step++) {
    const before = await caption.textContent();
    await next.click();
    await expect(caption).not.toHaveText(/** @type {string} */ (before));
    // Fitted at the next frame.
    await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
    const m = await caption.evaluate((c) => ({ px: Number.parseFloat(getComputedStyle(c).fontSize), over: c.scrollHeight - c.clientHeight, text: c.textContent ?? '' }));
    if (m.px < 13 || m.over > 1) bad.push(`step ${step}: ${m.px} px, ${m.over} px cut, ${m.text.length} characters`);
    if (m.text.startsWith('Noyau')) strategy = m.text;
  }
  expect(bad).toEqual([]);
  expect(strategy).toMatch(/^Noyau\s: (\d+, ){7}\d+ et 22 autres\. .*: (\d+ → \d+, ){7}\d+ → \d+ et 105 autres\.$/);
});

const SCREENS = [
  { width: 1920, height: 1080 },
  { width: 1366, height: 768 },
  { width: 1024, height: 768 },
];

// The dark scheme changes the lesson's colours, not its places or sizes:
// it is measured at the tightest screen only.
for (const theme of /** @type {const} */ (['light', 'dark', 'projector'])) {
  const screens = theme === 'dark' ? SCREENS.slice(-1) : SCREENS;
  test(`every step of the 2×3 arena lesson is on screen and legible, arcs clear of vertices and labels (${theme}, ${screens.map((s) => `${s.width}×${s.height}`).join(', ')})`, async ({ page }) => {
    test.setTimeout(120_000);
    await page.emulateMedia({ colorScheme: theme === 'dark' ? 'dark' : 'light' });
    // Projector text is read from the back of a room.
    const least = theme === 'projector' ? 20 : 13;
    for (const screen of screens) {
      const where = `${screen.width}×${screen.height} ${theme}`;
      await page.setViewportSize(screen);
      await page.goto(`/?rows=2&cols=3${theme === 'projector' ? '&theme=projector' : ''}`);
      await showGraph(page);
      // Drawing the arena brings its lesson on screen. The game's own
      // graph is already the arena's (9 vertices): its drawing must go
      // first, or the checks read it before the new one lands.
      const old = await page.locator('#graph-figure svg').elementHandle();
      await page.getByRole('button', { name: 'Draw the arena' }).click();
      await old?.waitForElementState('hidden');
      const caption = page.locator('#graph-caption');
      await expect(caption).toContainText('9 vertices');
      /** @type {Record<string, number>} */
      const first = {};
      const next = page.locator('#graph-next');
      for (let step = 0; step <= 5; step++) {
        if (step > 0) {
          const before = await caption.textContent();
          await next.click();
          await expect(caption).not.toHaveText(/** @type {string} */ (before));
        }
        await settle(page);
        const g = await lessonGeometry(page);
        const at = `${where}, step ${step}`;
        // Soft: a failing layout is reported whole, every check at every step.
        // Next, the caption and the figure are on screen together, and the drawing inside its figure.
        // Each rule one assertion listing what breaks it (an assertion per
        // part and label would cost the runner more than the page's checks).
        const off = Object.entries(g.parts).flatMap(([name, b]) => edgesOff(b, g.viewport, 1).map((edge) => `${name}: ${edge}`));
        expect.soft(off, `parts off the screen at ${at}`).toEqual([]);
        const figure = g.parts['#graph-figure'];
        expect.soft(g.drawing.top, `drawing in its figure at ${at}`).toBeGreaterThanOrEqual(figure.top - 1);
        expect.soft(g.drawing.bottom, `drawing in its figure at ${at}`).toBeLessThanOrEqual(figure.bottom + 1);
        expect.soft(g.drawing.left, `drawing in its figure at ${at}`).toBeGreaterThanOrEqual(figure.left - 1);
        expect.soft(g.drawing.right, `drawing in its figure at ${at}`).toBeLessThanOrEqual(figure.right + 1);
        // Scaled to the room it has: it fills its figure one way or the other.
        const filled = Math.max((g.drawing.right - g.drawing.left) / figure.width, (g.drawing.bottom - g.drawing.top) / figure.height);
        expect.soft(filled, `room used at ${at}`).toBeGreaterThan(0.75);
        // The worksheet's drawing: no arc through a vertex that is not one of its ends, no label crossed.
        expect.soft(g.arcs, at).toBe(21);
        expect.soft(g.hits, `arcs meeting vertices or labels at ${at}`).toEqual([]);
        // Labels legible, and of the same size from one step to the next.
        /** @type {string[]} */
        const small = [];
        /** @type {string[]} */
        const changed = [];
        for (const [label, sizes] of Object.entries(g.fonts)) {
          for (const size of sizes) {
            if (!(size >= least)) small.push(`${label} ${size} px`);
            first[label] ??= size;
            if (!(Math.abs(size - first[label]) / first[label] < 0.2)) changed.push(`${label} ${size} px, first ${first[label]} px`);
          }
        }
        expect.soft(small, `labels under ${least} px at ${at}`).toEqual([]);
        expect.soft(changed, `labels off their first size by a fifth or more at ${at}`).toEqual([]);
      }
      expect(await page.locator('#graph-figure .nimber').count(), where).toBe(9);
      await expect(next).toBeDisabled();
    }
  });
}
