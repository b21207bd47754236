// Heap games of any rule in a sum: Kayles, Dawson's Kayles and the matches
// game beside Nim heaps, each worth its Grundy value; pins played by pointer
// and keyboard, the take count chosen where a move may leave two rows, a bad
// rule refused in both languages, the sum kept by the address.
import { test, expect } from './fixture.mjs';

/** The status once the worker has answered the last request. @param {import('@playwright/test').Page} page */
const settled = (page) => page.locator('#status:not([aria-busy="true"])');

// Against the computer the line above the games says the person's move,
// then the reply (it said the reply alone), as the Chomp and Grundy pages do.
test('the status says your move, then the computer’s reply', async ({ page }) => {
  await page.goto('/sum.html?chomp=2x3&nim=3&first=human&level=perfect&lang=en');
  await expect(settled(page)).toContainText('Your turn');
  // A token of the Nim heap: the heap left below it.
  await page.locator('.sum-nim .token').last().click();
  await expect(page.locator('#moves li')).toHaveCount(2);
  await expect(settled(page)).toContainText(/^You: game 2, [^.]*\. The computer: game \d, [^.]*\. The nim-sum is now 0\. Your turn/);
});

// A click before the worker has set the game up found no game to ask: the
// page said it was busy, then the start's own status replaced that, and the
// click was lost. Until the first snapshot the game's buttons are disabled.
test('the game buttons wait for the game: disabled until it is set up, then a hint is answered', async ({ page }) => {
  /** @type {() => void} */
  let release = () => {};
  const held = new Promise((resolve) => {
    release = () => resolve(null);
  });
  await page.route(/\.wasm$/, async (route) => {
    await held;
    await route.continue();
  });
  await page.goto('/sum.html?heaps=kayles:5&nim=2&lang=en');
  // The sum's own words while it is set up (it has no Chomp bar to speak of).
  await expect(page.locator('#status')).toHaveText('Setting up the games: solving their positions…');
  for (const name of ['Hint', 'Undo', 'Redo', 'Restart']) await expect(page.getByRole('button', { name, exact: true })).toBeDisabled();
  release();
  await page.getByRole('button', { name: 'Hint' }).click();
  await expect(settled(page)).toContainText('Winning move');
});

test('Kayles, the matches game and a Nim heap: named, valued, and won by following the hints', async ({ page }) => {
  await page.goto('/sum.html?heaps=kayles:5%2B3,0.333:9&nim=2&lang=en');
  const cards = page.locator('#components .sum-card');
  await expect(cards).toHaveCount(3);
  await expect(cards.nth(0).locator('h2')).toHaveText('Game 1: Kayles (0.77)');
  await expect(cards.nth(1).locator('h2')).toHaveText('Game 2: Matches, take 1 to 3 (0.333)');
  await expect(cards.nth(0).locator('.sum-rule-words')).toContainText('Take 1 or 2');
  // Kayles: G(5) = 4, G(3) = 3, so 7; the matches game's 9 is worth 1; Nim's 2.
  await expect(page.locator('#nim-sum')).toHaveText('Nim-sum: 7 xor 1 xor 2 = 4');
  await expect(cards.nth(0).locator('.sum-heap-label')).toHaveText(['heap of 5 (G = 4)', 'heap of 3 (G = 3)']);
  // Two Kayles rows of 4: the same winning move in words is said once, both rows ringed.
  await page.goto('/sum.html?heaps=kayles:4%2B4%2B7,0.333:10,dawson:6%2B3&nim=3&lang=en');
  await page.getByRole('button', { name: 'Hint' }).click();
  await expect(settled(page)).toContainText('Winning moves');
  const said = (await settled(page).textContent()) ?? '';
  expect(said.split('take 2 of 4, leaving 1 + 1').length - 1).toBe(1);
  await page.goto('/sum.html?heaps=kayles:5%2B3,0.333:9&nim=2&lang=en');
  const status = settled(page);
  const moves = page.locator('#moves li');
  for (let i = 0; i < 30; i++) {
    await expect(status).toContainText(/Your turn|You won/);
    if ((await status.textContent())?.includes('won')) break;
    const played = await moves.count();
    await page.getByRole('button', { name: 'Hint' }).click();
    await expect(status).toContainText(/Winning moves?/);
    // A Kayles move taking another count than the one chosen: choose it first.
    const pin = page.locator('#components button.hinted:not(.sum-take-count)');
    if ((await pin.count()) === 0) await page.locator('#components .sum-take-count.hinted').first().click();
    await pin.first().click();
    // The status says so only until the computer answers, half a second later; the list keeps it.
    await expect(moves.nth(played)).toContainText(/^\d+\. You: .* → 0\)/);
  }
  await expect(status).toContainText('You won');
  expect(await moves.count()).toBeGreaterThan(3);
});

test('a Kayles row is cut by pointer and keyboard with the count chosen, and the address brings the sum back', async ({ page }) => {
  await page.goto('/sum.html?heaps=kayles:7,dawson:6&level=human&lang=en');
  const kayles = page.locator('#components .sum-card').nth(0);
  const take = kayles.getByRole('group', { name: 'Game 1: how many to take' });
  await expect(take.getByRole('button', { name: '1' })).toHaveAttribute('aria-pressed', 'true');
  await take.getByRole('button', { name: '2' }).click();
  await expect(take.getByRole('button', { name: '2' })).toHaveAttribute('aria-pressed', 'true');
  // Pins 3 and 4 of 7: 2 + 3 left. Pin 7 cannot start a move of 2.
  const pins = kayles.locator('.sum-pins').first().locator('.pin');
  await expect(pins).toHaveCount(7);
  await expect(pins.nth(6)).toHaveClass(/still/);
  await pins.nth(2).click();
  await expect(settled(page)).toContainText('Player 1: game 1, take 2 of 7, leaving 3 + 2.');
  await expect(kayles.locator('.sum-heap-label')).toHaveText(['heap of 3 (G = 3)', 'heap of 2 (G = 2)']);
  // Dawson's Kayles takes 2 only: no count to choose; the keyboard plays its first move.
  const dawson = page.locator('#components .sum-card').nth(1);
  await expect(dawson.locator('.sum-take')).toHaveCount(0);
  await expect(dawson.locator('h2')).toHaveText('Game 2: Dawson’s Kayles (0.07)');
  const first = dawson.locator('button.pin').first();
  await first.focus();
  await page.keyboard.press('Enter');
  await expect(settled(page)).toContainText('Player 2: game 2, take 2 of 6, leaving 4.');
  await expect(page).toHaveURL(/moves=1:7-2%3D3%2B2\+2:6-2/);
  // Reloaded, the same sum at the same place.
  await page.reload();
  await expect(kayles.locator('.sum-heap-label')).toHaveText(['heap of 3 (G = 3)', 'heap of 2 (G = 2)']);
  await expect(dawson.locator('.sum-heap-label')).toHaveText(['heap of 4 (G = 2)']);
  await expect(page.locator('#moves li')).toHaveCount(2);
  // Undo takes the last move back.
  await page.getByRole('button', { name: 'Undo' }).click();
  await expect(dawson.locator('.sum-heap-label')).toHaveText(['heap of 6 (G = 3)']);
});

test('the form starts heap games by their rule; a bad rule is named in English and in French and the sum kept', async ({ page }) => {
  await page.goto('/sum.html?lang=en');
  // The default sum's games are written into the form once it is shown: wait for them, then clear them.
  await expect(page.locator('#new-game input[name="nim"]')).toHaveValue('3');
  await page.locator('#new-game input[name="chomp"]').fill('');
  await page.locator('#new-game input[name="grundy"]').fill('');
  await page.locator('#new-game input[name="nim"]').fill('');
  await page.locator('#new-game input[name="heaps"]').fill('dawson:8, 0.333:5');
  await page.getByRole('button', { name: 'New game' }).click();
  const heads = page.locator('#components .sum-card h2');
  await expect(heads).toHaveText(['Game 1: Dawson’s Kayles (0.07)', 'Game 2: Matches, take 1 to 3 (0.333)']);
  // The matches game takes from the end: its last three matches are its moves.
  await expect(page.locator('#components .sum-card').nth(1).locator('button.pin')).toHaveCount(3);
  await expect(page.locator('#new-game input[name="heaps"]')).toHaveValue('dawson:8,0.333:5');
  await page.locator('#new-game input[name="heaps"]').fill('0.8:5');
  await page.getByRole('button', { name: 'New game' }).click();
  await expect(page.locator('#notice')).toContainText('Digit 1 after the point is 8: an octal code has digits 0 to 7.');
  await page.goto('/sum.html?heaps=5,kayles:3&lang=fr');
  await expect(page.locator('#notice')).toContainText('n’a pas de règle');
  await page.goto('/sum.html?heaps=kayles:61&lang=fr');
  await expect(page.locator('#notice')).toContainText('Un tas de 61 jetons est trop grand');
  // The default sum is played meanwhile.
  await expect(page.locator('#components .sum-card')).toHaveCount(3);
});

for (const size of [
  { width: 1280, height: 720 },
  { width: 390, height: 844 },
]) {
  test(`heap games' cards fit the page at ${size.width}×${size.height}, pins inside their cards`, async ({ page }) => {
    await page.setViewportSize(size);
    await page.goto('/sum.html?heaps=kayles:20%2B13,dawson:17,0.333:21&nim=5&level=human&lang=en&moves=1:20-2%3D9%2B9');
    await expect(page.locator('#components .sum-card').first().locator('.sum-heap-label')).toHaveText(['heap of 9 (G = 4)', 'heap of 9 (G = 4)', 'heap of 13 (G = 1)']);
    const out = await page.evaluate(() => {
      const bad = [];
      for (const card of document.querySelectorAll('#components .sum-card')) {
        const c = card.getBoundingClientRect();
        if (c.left < 0 || c.right > innerWidth + 0.5) bad.push(`card ${c.left}..${c.right}`);
        for (const pin of card.querySelectorAll('.pin')) {
          const p = pin.getBoundingClientRect();
          if (p.left < c.left || p.right > c.right + 0.5 || p.top < c.top || p.bottom > c.bottom + 0.5) bad.push('pin outside its card');
          if (p.width < 10 || p.height < 20) bad.push(`pin ${p.width}×${p.height}`);
        }
      }
      return bad;
    });
    expect(out).toEqual([]);
  });
}

test('a sum left with no game, or with too many, says what is played instead without naming a parameter nobody wrote', async ({ page }) => {
  await page.goto('/sum.html?chomp=0x0&lang=fr');
  const notice = page.locator('#notice');
  await expect(notice).toContainText('« chomp=0x0 » ignoré');
  await expect(notice).toContainText('La somme habituelle est jouée à la place : une tablette de Chomp 2×3, un tas de Grundy de 8 et un tas de Nim de 3.');
  await expect(notice).not.toContainText('+');
  await expect(page.locator('.sum-card')).toHaveCount(3);
  await page.goto(`/sum.html?nim=${Array(12).fill(3).join(',')}&lang=en`);
  await expect(notice).toHaveText('The sum has 12 games: at most 8 are played side by side. The first 8 are played.');
  await expect(page.locator('.sum-card')).toHaveCount(8);
});
