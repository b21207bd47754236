// A heap game's rule in words, from its octal digits, in both languages
// (www/grundy/rule-words.js): what the picker writes under the code.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { translator } from '../../www/shared/i18n.js';
import { ruleWords, octalDigits, leavesTwo } from '../../www/grundy/rule-words.js';

const en = translator('en');
const fr = translator('fr');

test('named rules and octal codes in English', () => {
  assert.equal(ruleWords('grundy', false, en), 'Split one heap into two heaps of different sizes. Whoever cannot move loses.');
  assert.equal(ruleWords('nim', true, en), 'Take as many as you like, at least one, from one heap. Misère play: whoever takes the last one loses.');
  assert.equal(ruleWords('0.77', false, en), 'Take 1 or 2, leaving one heap, two, or none. Whoever cannot move loses.');
  assert.equal(ruleWords('kayles', false, en), ruleWords('0.77', false, en));
  assert.equal(ruleWords('0.07', false, en), 'Take 2, leaving one heap, two, or none. Whoever cannot move loses.');
  assert.equal(ruleWords('0.333', true, en), 'Take 1, 2 or 3, leaving one heap or none. Misère play: whoever takes the last one loses.');
  assert.equal(ruleWords('.6', false, en), 'Take 1, leaving one heap or two. Whoever cannot move loses.');
  assert.equal(ruleWords('0.137', false, en), 'Take 1, only a whole heap of that size; take 2, leaving one heap or none; take 3, leaving one heap, two, or none. Whoever cannot move loses.');
});

test('in French, and a code that is not one', () => {
  assert.equal(ruleWords('0.77', false, fr), 'Prendre 1 ou 2, en laissant un tas, deux, ou aucun. Qui ne peut plus jouer a perdu.');
  assert.equal(ruleWords('4.07', true, fr), 'Prendre 2, en laissant un tas, deux, ou aucun\u202f; ou couper un tas en deux sans rien prendre. Misère\u202f: qui prend la dernière a perdu.');
  assert.equal(ruleWords('0.8', false, en), 'An octal code is written like 0.77: digits 0 to 7 after the point.');
  assert.equal(octalDigits('0.8'), null);
  // A digit before the point other than 0 or 4 is refused by the session: no rule's words for it.
  assert.equal(octalDigits('7.1'), null);
  assert.equal(ruleWords('7.1', false, en), ruleWords('0.8', false, en));
  assert.deepEqual(octalDigits('4.07'), [4, 0, 7]);
});

test('which rules are drawn as rows of pins', () => {
  assert.equal(leavesTwo('0.77'), true);
  assert.equal(leavesTwo('0.07'), true);
  assert.equal(leavesTwo('0.333'), false);
  assert.equal(leavesTwo('nim'), false);
});
