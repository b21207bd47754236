// What a wasm-bindgen `.d.ts` file declares, for the API guide's check:
// its exported functions and its classes with their methods.

/** The loader's own exports, documented by wasm-bindgen, not by the guide. */
const LOADER = new Set(['initSync']);
/** Methods every class has from wasm-bindgen. */
const BINDGEN = new Set(['free', 'constructor']);

/**
 * @param {string} dts
 * @returns {{ functions: string[], classes: Map<string, Set<string>> }}
 */
export function declarations(dts) {
  const functions = [...dts.matchAll(/^export function (\w+)\(/gm)].map((m) => m[1]).filter((f) => !LOADER.has(f));
  /** @type {Map<string, Set<string>>} */
  const classes = new Map();
  for (const m of dts.matchAll(/^export class (\w+) \{\n([\s\S]*?)^\}/gm)) {
    const methods = [...m[2].matchAll(/^ {4}(?:static )?(\w+)\(/gm)].map((x) => x[1]).filter((x) => !BINDGEN.has(x));
    classes.set(m[1], new Set(methods));
  }
  return { functions, classes };
}
