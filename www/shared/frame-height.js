// The iframe form of a game (`index.html?embed=1`) tells the page around it
// how tall it is, so the host can size the frame to the game instead of
// guessing (a guess cuts off the buttons or leaves a blank). The message, to
// any origin (it holds nothing but a height):
//   { type: 'impartial-games:height', height: <CSS pixels> }
// and the host page listens (README, "Embedding"):
//   addEventListener('message', (e) => {
//     if (e.data?.type !== 'impartial-games:height') return;
//     for (const f of document.querySelectorAll('iframe')) if (f.contentWindow === e.source) f.style.height = `${e.data.height}px`;
//   });

export const HEIGHT_MESSAGE = 'impartial-games:height';

/** Sends the document's height to the parent frame now and whenever it changes. */
export function tellFrameHeight() {
  if (window.parent === window) return;
  let told = -1;
  const tell = () => {
    const height = Math.ceil(document.documentElement.getBoundingClientRect().height);
    if (height === told) return;
    told = height;
    window.parent.postMessage({ type: HEIGHT_MESSAGE, height }, '*');
  };
  new ResizeObserver(tell).observe(document.documentElement);
  tell();
}

/**
 * Resolves when the page, shown in a frame of another page, comes within a
 * screen's height of being seen (at once when it is a page of its own). A
 * frame hidden (display: none) waits until it is shown. Across origins the
 * browser measures the frame itself, without the margin.
 * @returns {Promise<void>}
 */
export function whenNearScreen() {
  if (window.parent === window) return Promise.resolve();
  return new Promise((resolve) => {
    const observer = new IntersectionObserver(
      (entries) => {
        if (!entries.some((e) => e.isIntersecting)) return;
        observer.disconnect();
        resolve();
      },
      { rootMargin: '100% 0px' },
    );
    observer.observe(document.documentElement);
  });
}
