// The guides' tables of names (URL parameters, element attributes), found
// by the comment that introduces each: `<!-- params: chomp -->` or
// `<!-- attributes: chomp-game -->` right before the table.
import { guideFiles, readGuide } from '../../scripts/docs.mjs';

/**
 * Every table introduced by `<!-- {kind}: name -->` in the guides: its name,
 * where it is, and the names of its first column (each `code` span there:
 * `` `rows`, `cols` `` is two).
 * @param {'params' | 'attributes'} kind
 * @returns {Promise<{ name: string, where: string, names: string[] }[]>}
 */
export async function nameTables(kind) {
  const out = [];
  const marker = new RegExp(`^\\s*<!--\\s*${kind}:\\s*([\\w-]+)\\s*-->\\s*$`);
  for (const file of await guideFiles()) {
    const { tokens } = await readGuide(file);
    tokens.forEach((token, i) => {
      const m = token.type === 'html_block' ? marker.exec(token.content) : null;
      if (!m) return;
      // The table must follow at once: a marker before anything else is stale.
      const open = tokens.findIndex((t, j) => j > i && t.type !== 'paragraph_close' && t.type !== 'list_item_open');
      if (tokens[open]?.type !== 'table_open') throw new Error(`${file}:${(token.map?.[0] ?? 0) + 1}: ${kind} marker not followed by a table`);
      /** @type {string[]} */
      const names = [];
      let firstCell = false;
      for (let j = open; tokens[j].type !== 'table_close'; j++) {
        const t = tokens[j];
        if (t.type === 'tr_open') firstCell = true;
        if (t.type === 'td_open' && firstCell) {
          firstCell = false;
          for (const c of tokens[j + 1].children ?? []) if (c.type === 'code_inline') names.push(c.content);
        }
      }
      out.push({ name: m[1], where: `${file}:${(token.map?.[0] ?? 0) + 1}`, names });
    });
  }
  return out;
}
