// One rule for every board on a touch screen: the first tap on a square,
// a cut or a token shows what it would do, and a second tap on the same one
// plays it (a finger hides what it touches, and a slip would play at once).
// A mouse click and Enter play at once. The status line says so.

/** Whether the main pointer is a finger (the words say "tap", not "click"). */
export function touchScreen() {
  return matchMedia('(pointer: coarse)').matches;
}
