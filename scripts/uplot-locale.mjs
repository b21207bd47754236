// uPlot builds a number format from navigator.language when its module is
// evaluated, unchecked: a browser started with LANG=C.UTF-8 (WebKitGTK says
// "C") throws a RangeError there, and took the whole Grundy page down with it
// (and the single file, where the lab's module is evaluated at load). The
// build gives it a checked tag instead; the lab formats every number it shows
// in the page's own language anyway (www/grundy/lab-chart.js).

const UNCHECKED = "new Intl.NumberFormat(domEnv ? nav.language : 'en-US')";
const CHECKED =
  "new Intl.NumberFormat((() => { try { return Intl.getCanonicalLocales(domEnv ? nav.language : 'en-US')[0] ?? 'en-US'; } catch { return 'en-US'; } })())";

/** A Vite plugin: uPlot's format, with the tag checked. Fails the build if uPlot no longer reads it this way. */
export const uplotCheckedLocale = {
  name: 'uplot-checked-locale',
  /** @param {string} code @param {string} id */
  transform(code, id) {
    if (!/[\\/]uplot[\\/]dist[\\/]uPlot\.esm\.js$/.test(id)) return null;
    if (!code.includes(UNCHECKED)) {
      throw new Error('uPlot no longer builds its number format as scripts/uplot-locale.mjs expects: check how it reads navigator.language');
    }
    return { code: code.replace(UNCHECKED, CHECKED), map: null };
  },
};
