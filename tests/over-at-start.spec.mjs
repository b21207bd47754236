// A game over at its start (a 1×1 Chomp bar, Grundy heaps of 2 and 1, a sum
// of nim=0): the player to move has no move, so that player loses and the
// other wins, as after any last move. The pages say who won, in both
// languages; there is nothing to undo and Restart gives the same; the
// elements tell their host page the winner.
import { test, expect } from './fixture.mjs';

/**
 * Each page's game over at its start, and what its status says: against the
 * computer with the person first (the person loses), with the computer first
 * (the person wins), and between two people (player 2 wins).
 * @type {{ page: string, game: string, said: Record<'en' | 'fr', [string, string, string]> }[]}
 */
const PAGES = [
  {
    page: '/index.html',
    game: 'rows=1&cols=1',
    said: {
      en: [
        'You have to eat the poisoned square: the computer wins.',
        'The computer has to eat the poisoned square: you win!',
        'Player 1 has to eat the poisoned square: player 2 wins.',
      ],
      fr: [
        'Vous devez manger le carré empoisonné : l’ordinateur gagne.',
        'L’ordinateur doit manger le carré empoisonné : vous gagnez !',
        'Le joueur 1 doit manger le carré empoisonné : le joueur 2 gagne.',
      ],
    },
  },
  {
    page: '/grundy.html',
    game: 'heaps=2,1',
    said: {
      en: [
        'No heap can be split: you are stuck. The computer wins.',
        'No heap can be split: the computer is stuck. You win!',
        'No heap can be split: Player 2 wins.',
      ],
      fr: [
        'Plus aucun tas ne peut être séparé : vous êtes bloqué. L’ordinateur gagne.',
        'Plus aucun tas ne peut être séparé : l’ordinateur est bloqué. Vous gagnez !',
        'Plus aucun tas ne peut être séparé : Joueur 2 gagne.',
      ],
    },
  },
  {
    page: '/sum.html',
    game: 'nim=0',
    said: {
      en: [
        'You have no move in any game: the computer wins.',
        'The computer has no move in any game: you win!',
        'Player 1 has no move in any game: player 2 wins.',
      ],
      fr: [
        'Vous n’avez de coup dans aucun jeu : l’ordinateur gagne.',
        'L’ordinateur n’a de coup dans aucun jeu : vous gagnez !',
        'Le joueur 1 n’a de coup dans aucun jeu : le joueur 2 gagne.',
      ],
    },
  },
];

const SETTINGS = ['first=human&level=perfect', 'first=computer&level=perfect', 'first=human&level=human'];

for (const { page: path, game, said } of PAGES) {
  for (const lang of /** @type {const} */ (['en', 'fr'])) {
    test(`${path} (${lang}): a game over at its start is lost by the player to move; nothing to undo, Restart gives the same`, async ({ page }) => {
      for (const [i, settings] of SETTINGS.entries()) {
        await page.goto(`${path}?${game}&${settings}&lang=${lang}`);
        const status = page.locator('#status');
        await expect(status).toHaveText(said[lang][i]);
        await expect(page.locator('#undo')).toBeDisabled();
        await expect(page.locator('#redo')).toBeDisabled();
        // The session answers Restart with the same game: the status says the same once it has.
        await page.locator('#restart').click();
        await expect(status).toHaveAttribute('aria-busy', 'false');
        await expect(status).toHaveText(said[lang][i]);
        await expect(page.locator('#undo')).toBeDisabled();
      }
    });
  }
}

/** Adds `tag` with `attrs` to the embed demo's article, its events recorded in window.events. */
async function addElement(page, tag, attrs) {
  await page.evaluate(
    ([tag, attrs]) => {
      const g = document.createElement(tag);
      g.id = 'at-start';
      for (const [k, v] of Object.entries(attrs)) g.setAttribute(k, v);
      /** @type {any} */ (window).events = [];
      for (const type of ['move', 'gameover']) {
        // Listened for before the element enters the page: its first snapshot may already be over.
        g.addEventListener(type, (e) => /** @type {any} */ (window).events.push({ type, ...(/** @type {CustomEvent} */ (e).detail) }));
      }
      document.querySelector('article')?.prepend(g);
    },
    [tag, attrs],
  );
  return page.locator(`#at-start`);
}

const events = (page) => page.evaluate(() => /** @type {any} */ (window).events);

for (const lang of ['en', 'fr']) {
  test(`<chomp-game> and <grundy-game> (${lang}) over at their start tell the host page the winner, once`, async ({ page }) => {
    await page.goto('/embed-demo.html');
    const chomp = await addElement(page, 'chomp-game', { rows: '1', cols: '1', first: 'human', level: 'perfect', lang });
    const status = chomp.locator('.status');
    await expect(status).toHaveText(lang === 'en' ? 'You have to eat the poisoned square: the computer wins.' : 'Vous devez manger le carré empoisonné : l’ordinateur gagne.');
    await expect.poll(() => events(page)).toEqual([{ type: 'gameover', winner: 2, computer: true, moves: 0, record: '1x1:' }]);
    await expect(chomp.getByRole('button', { name: lang === 'en' ? 'Undo' : 'Annuler' })).toBeDisabled();
    // Restart: the same game, over as it was; no second gameover.
    await chomp.getByRole('button', { name: lang === 'en' ? 'Restart' : 'Recommencer' }).click();
    await expect(status).toHaveAttribute('aria-busy', 'false');
    await expect(status).toContainText(lang === 'en' ? 'the computer wins' : 'l’ordinateur gagne');
    expect(await events(page)).toHaveLength(1);
    await chomp.evaluate((el) => el.remove());

    const grundy = await addElement(page, 'grundy-game', { heaps: '2,1', first: 'computer', level: 'human', lang });
    await expect(grundy.locator('.status')).toHaveText(lang === 'en' ? 'No heap can be split: Player 1 wins.' : 'Plus aucun tas ne peut être séparé : Joueur 1 gagne.');
    await expect.poll(() => events(page)).toEqual([{ type: 'gameover', winner: 1, computer: false, moves: 0, record: expect.stringMatching(/^[12],[12]:$/) }]);
  });
}
