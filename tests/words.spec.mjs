// Every sentence a class reads aloud says what the page shows, in both
// languages; on a touch screen every board follows one rule (a first tap
// shows, a second plays) and says so, and a phone sees "Why?" after a move.
import { test, expect, idle } from './fixture.mjs';

const status = (page) => page.locator('#status');
const cell = (page, row, col) => page.locator(`#grid [data-row="${row}"][data-col="${col}"]`);

/** Each sentence in English, then in French. */
const WORDS = {
  outcome: [
    'At this reveal level the squares show no marks: only who wins the position, and the moves that gave a win away.',
    'À ce niveau, les carrés ne portent aucune marque : seulement qui gagne la position, et les coups qui ont laissé filer une victoire.',
  ],
  off: ['Nothing is revealed at this level: no values, no marks, no hint.', 'Rien n’est révélé à ce niveau : ni valeurs, ni marques, ni indice.'],
  shorter: ['1. Player 1: row 1, column 2 (2 moves shorter than the longest resistance)', '1. Joueur 1 : ligne 1, colonne 2 (2 coups de moins que la plus longue résistance)'],
  start: ['At the start:', 'Au départ :'],
  afterOne: ['After 1 move:', 'Après 1 coup :'],
  tall: ['Exact play at any height: for each pair of right-hand columns', 'Jeu exact à toute hauteur : pour chaque paire de colonnes de droite'],
  box16: ['Exact table, solved while you play: 0% of 601,080,389 positions', 'Table exacte, résolue pendant que vous jouez : 0 % de 601 080 389 positions'],
  ready: ['Getting the bar ready…', 'Préparation de la tablette…'],
  reply: ['(ringed and ticked ✓, a winning move; the squares it takes are hatched)', '(cerclée et cochée ✓, un coup gagnant ; les carrés qu’elle prend sont hachurés)'],
  asideOne: ['Heap set aside: 1 of 1 match. It can never be split, and its Grundy value is 0.', 'Tas mis de côté : 1 de 1 allumette. Il ne se sépare jamais et sa valeur de Grundy est 0.'],
  asideBoth: [
    'Heaps set aside: 2 of 2 matches, 1 of 1 match. They can never be split, and their Grundy value is 0.',
    'Tas mis de côté : 2 de 2 allumettes, 1 de 1 allumette. Ils ne se séparent jamais et leur valeur de Grundy est 0.',
  ],
};

for (const [i, lang] of /** @type {const} */ (['en', 'fr']).entries()) {
  const say = (/** @type {keyof typeof WORDS} */ key) => WORDS[key][i];

  test(`Chomp (${lang}): the reveal levels' notes, the move list's deltas and the chart's table say what is shown`, async ({ page }) => {
    // 3,1,1 is lost (an L with equal arms): 1,2 resists 2 moves less than the longest resistance.
    await page.goto(`/?position=3,1,1&level=human&lang=${lang}`);
    await idle(page);
    await page.locator('#analysis .an-switch').check();
    await cell(page, 1, 2).click();
    await idle(page);
    await expect(page.locator('#analysis .an-moves li')).toHaveText([say('shorter')]);
    // The chart's table: the start, then after 1 move (not "1 moves").
    const rows = page.locator('#analysis .an-chart-box table tr');
    await expect(rows.nth(1).locator('td').first()).toHaveText(say('start'));
    await expect(rows.nth(2).locator('td').first()).toHaveText(say('afterOne'));
    await cell(page, 1, 1).focus();
    await page.locator('#analysis .an-start').click();
    await idle(page);
    // Who wins: the squares carry no marks, and the note says so.
    await page.locator('#analysis select').selectOption('outcome');
    await idle(page);
    await expect(page.locator('#analysis .an-note')).toHaveText(`${say('outcome')} `);
    await expect(page.locator('#grid [title]')).toHaveCount(0);
    // Nothing: said once.
    await page.locator('#analysis select').selectOption('off');
    await idle(page);
    // French puts a narrow no-break space before its colons: read as a space.
    const text = /** @type {string} */ (await page.locator('#analysis').textContent()).replace(/\u202f/g, ' ');
    expect(text.split(say('off')).length - 1).toBe(1);
  });

  test(`Chomp (${lang}): a tall thin bar's note speaks of columns; a table being built says no "0 positions"; 16×16 counts the positions it solves`, async ({ page }) => {
    // Every text the progress line shows, from the first one.
    await page.addInitScript(() => {
      /** @type {any} */ (window).seen = [];
      new MutationObserver(() => {
        const el = document.getElementById('progress-text');
        const box = document.getElementById('progress');
        if (el && box && !box.hidden && el.textContent) /** @type {any} */ (window).seen.push(el.textContent);
      }).observe(document, { subtree: true, childList: true, characterData: true, attributes: true });
    });
    await page.goto(`/?rows=1000&cols=3&lang=${lang}`);
    await idle(page);
    await expect(page.locator('#solver-info')).toContainText(say('tall'));
    /** @type {string[]} */
    const seen = await page.evaluate(() => /** @type {any} */ (window).seen);
    // The table of a thin bar takes about a second here: its progress line shows, without a count.
    expect(seen.length).toBeGreaterThan(0);
    expect(seen.map((s) => s.replace(/\u202f/g, ' ')).filter((s) => s !== say('ready'))).toEqual([]);
    await page.goto(`/?rows=16&cols=16&lang=${lang}&debug=hold`);
    await expect(page.locator('#progress-text')).toContainText(say('box16'));
    const early = await page.evaluate(() => /** @type {any} */ (window).seen);
    expect(early.filter((/** @type {string} */ s) => / 0 positions|\b0 positions/.test(s))).toEqual([]);
    await page.locator('#cancel').click();
    await expect(page.locator('#progress')).toBeHidden();
  });

  test(`Chomp (${lang}): the perfect computer waiting for the table names the button that stops it, as the bar writes it`, async ({ page }) => {
    await page.goto(`/?rows=16&cols=18&first=human&level=perfect&lang=${lang}&debug=hold`);
    await idle(page);
    await cell(page, 16, 16).click();
    await expect(status(page)).toContainText(lang === 'en' ? 'The perfect computer plays only proven moves' : 'L’ordinateur parfait ne joue que des coups prouvés');
    // "Annuler" is Undo in French: the sentence must say "Arrêter", the bar's button.
    const stop = /** @type {string} */ (await page.locator('#cancel').textContent());
    expect(stop).toBe(lang === 'en' ? 'Cancel' : 'Arrêter');
    await expect(status(page)).toContainText(`${stop} `);
    await expect(status(page)).not.toContainText(lang === 'en' ? 'Undo' : 'Annuler');
  });

  test(`strategy stealing (${lang}): the opponent's reply is drawn as the caption says, ringed and ticked`, async ({ page }) => {
    await page.goto(`/?rows=3&cols=3&lang=${lang}`);
    await page.locator('#steal-start').click();
    // Steps 1 and 2 ask whether the corner wins: a question mark, not a verdict.
    await expect(page.locator('#steal-stage .steal-left .mark-sign')).toHaveText('?');
    await page.locator('#steal-next').click();
    await page.locator('#steal-next').click();
    await expect(page.locator('#steal-caption')).toContainText(say('reply'));
    await expect(page.locator('#steal-stage .steal-left circle.mark')).toHaveClass(/wins/);
    await expect(page.locator('#steal-stage .steal-left .mark-sign')).toHaveText('✓');
  });

  test(`Grundy (${lang}): the heaps set aside name only the sizes there are`, async ({ page }) => {
    await page.goto(`/grundy.html?heaps=1,5&lang=${lang}`);
    await expect(page.locator('#set-aside')).toHaveText(say('asideOne'));
    await page.goto(`/grundy.html?heaps=2,1,2,7&lang=${lang}`);
    await expect(page.locator('#set-aside')).toHaveText(say('asideBoth'));
    await page.goto(`/sum.html?grundy=2%2B1%2B2%2B7&lang=${lang}`);
    await expect(page.locator('.sum-aside .visually-hidden')).toHaveText(say('asideBoth'));
  });
}

test.describe('on a phone', () => {
  test.use({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true });

  test('every board: a first tap shows the move and says so, a second tap on it plays it (Chomp, Grundy, sum), in both languages', async ({ page }) => {
    for (const [lang, chomp, grundy, sum] of [
      ['en', 'Tap the square at row 2, column 3 again to eat it.', 'Split 6 into 4 + 2? Tap the same place again to play.', 'Tap it again to play: game 3, leave 0.'],
      ['fr', 'Touchez à nouveau la case ligne 2, colonne 3 pour la manger.', 'Séparer 6 en 4 + 2 ? Touchez encore au même endroit pour jouer.', 'Touchez-le encore pour jouer : jeu 3, en laisser 0.'],
    ]) {
      await page.goto(`/?rows=3&cols=4&level=human&lang=${lang}`);
      await idle(page);
      await cell(page, 2, 3).tap();
      await expect(status(page)).toContainText(chomp);
      await expect(page.locator('#grid [data-state="eaten"]')).toHaveCount(0);
      await cell(page, 2, 3).tap();
      await expect(page.locator('#grid [data-state="eaten"]')).toHaveCount(4);

      await page.goto(`/grundy.html?heaps=6&level=human&lang=${lang}&debug=1`);
      await idle(page);
      // Where the drawing put the heap's matches, once it is drawn.
      await expect.poll(() => page.evaluate(() => /** @type {any} */ (window).grundyDebug.boxes().length)).toBe(1);
      const { x, y, step } = await page.evaluate(() => /** @type {any} */ (window).grundyDebug.boxes()[0]);
      const canvas = page.locator('#heaps-canvas');
      await canvas.tap({ position: { x: x + 2 * step, y: y + 40 } });
      await expect(status(page)).toHaveText(grundy);
      await canvas.tap({ position: { x: x + 2 * step, y: y + 40 } });
      await expect(page.locator('#moves li')).toHaveCount(1);

      // The sum page used to play at the first tap.
      await page.goto(`/sum.html?chomp=2x3&grundy=8&nim=3&level=human&lang=${lang}`);
      await idle(page);
      const token = page.locator('.sum-nim button.token').first();
      await token.tap();
      await expect(status(page)).toContainText(sum);
      await expect(page.locator('#moves li')).toHaveCount(0);
      await expect(token).toHaveClass(/armed/);
      await token.tap();
      await expect(page.locator('#moves li')).toHaveCount(1);
    }
  });

  test('the editor says tap, not click', async ({ page }) => {
    for (const [lang, words] of [['en', 'tap or drag over squares'], ['fr', 'touchez ou glissez sur les carrés']]) {
      await page.goto(`/?rows=3&cols=4&lang=${lang}`);
      await idle(page);
      await page.locator('#controls').getByRole('button', { name: lang === 'en' ? 'Edit position' : /Modifier/ }).tap();
      await expect(status(page)).toContainText(words);
      await expect(status(page)).not.toContainText(lang === 'en' ? 'click' : 'cliquez');
    }
  });

  test('"Why?" is among the game buttons after a move, values shown or not, and opens right under them', async ({ page }) => {
    await page.goto('/?rows=4&cols=5&seed=2&lang=en');
    await idle(page);
    await cell(page, 4, 5).tap();
    await cell(page, 4, 5).tap();
    await idle(page);
    await expect(page.locator('#analysis .an-switch')).not.toBeChecked();
    const why = page.locator('#controls').getByRole('button', { name: 'Why?' });
    await expect(why).toBeInViewport();
    await why.tap();
    await expect(why).toHaveAttribute('aria-expanded', 'true');
    const box = page.locator('.an-why.inline');
    await expect(box).toBeVisible();
    await expect(box.locator('.an-title')).toHaveText(/Why\? Move 2/);
    await expect(box.locator('.an-why-body')).not.toHaveText(/Waiting|^$/);
    // Right under the buttons, not at the bottom of the analysis board.
    const buttons = /** @type {{ y: number, height: number }} */ (await page.locator('#controls').boundingBox());
    const shown = /** @type {{ y: number }} */ (await box.boundingBox());
    expect(shown.y - (buttons.y + buttons.height)).toBeLessThan(120);
    await expect(box).toBeInViewport();
    // After the next move it explains that one, where it is.
    await why.tap();
    await expect(box).toBeHidden();
  });
});
