// French sentences keep a narrow no-break space before ? ! ; : and » and
// after «, so that a line never starts with one of them (a projected
// question mark alone at the start of a line read as an error).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { allKeys, translator } from '../../www/shared/i18n.js';

test('French sentences never leave ? ! ; : » after a breakable space, nor a breakable space after «', () => {
  const fr = translator('fr');
  const en = translator('en');
  assert.equal(fr('h.previewControls', { move: 'prendre 1 de 10, laisser 9' }), 'Jouer «\u202fprendre 1 de 10, laisser 9\u202f»\u202f? Appuyez sur «\u202fJouer\u202f» (ou Entrée) pour jouer.');
  // English keeps its own spacing.
  assert.equal(en('h.previewControls', { move: 'take 1 of 10, leaving 9' }), 'Play “take 1 of 10, leaving 9”? Press “Play” (or Enter) to play.');
  const bad = allKeys().filter((key) => / [?!;:»]|« /.test(fr(key)));
  assert.deepEqual(bad, []);
  assert.ok(allKeys().length > 500);
});
