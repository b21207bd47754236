// Every sentence in every language: the i18n table has the same keys in
// English and French, and a sentence `err.<code>` for every error code the
// Rust modules can throw (asked of each module itself: the games module and
// the study module), so no error reaches a French page in English. Run after
// scripts/build.sh.
import { readFileSync } from 'node:fs';
import * as games from '../www/pkg/impartial.js';
import * as study from '../www/pkg/impartial_study.js';
import { missingKeys, has } from '../www/shared/i18n.js';

games.initSync({ module: readFileSync(new URL('../www/pkg/impartial_bg.wasm', import.meta.url)) });
study.initSync({ module: readFileSync(new URL('../www/pkg/impartial_study_bg.wasm', import.meta.url)) });
const problems = [];
const missing = missingKeys();
for (const [lang, keys] of Object.entries(missing)) {
  for (const key of keys) problems.push(`${lang} lacks ${key}`);
}
const codes = [...new Set([...games.error_codes(), ...study.error_codes()])];
for (const code of codes) {
  if (!has(`err.${code}`)) problems.push(`no sentence err.${code} for the module's error code ${code}`);
}
if (problems.length > 0) {
  console.error(`[i18n] ${problems.length} problem(s):\n  ${problems.join('\n  ')}`);
  process.exit(1);
}
console.log(`[i18n] en and fr complete; ${codes.length} error codes, each with its sentence.`);
