// A select's options are kept short so they are never cut off (a phone, the
// side column of a laptop); the line under it says in full what the chosen
// one does, and the select names that line as its description.

import { t } from './i18n.js';

/**
 * Keeps `note` saying what `select`'s chosen option does, in the page's language.
 * @param {HTMLSelectElement} select
 * @param {HTMLElement} note
 * @param {(value: string) => import('./i18n.js').Key} key the sentence for an option's value
 * @returns {() => void} call it after the value or the language changed
 */
export function optionNote(select, note, key) {
  if (!note.id) note.id = `${select.name || select.id}-note`;
  select.setAttribute('aria-describedby', note.id);
  const update = () => {
    note.textContent = select.value ? t(key(select.value)) : '';
  };
  select.addEventListener('change', update);
  update();
  return update;
}
