// How every test and script starts Chromium: Debian's /usr/bin/chromium,
// headless, with the flags that keep it off the network (this machine has none).
export const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

export const launchOptions = {
  executablePath: CHROMIUM,
  headless: true,
  args: [
    '--no-sandbox',
    '--disable-gpu',
    '--disable-dev-shm-usage',
    '--disable-quic',
    '--no-first-run',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
  ],
};

// The end-to-end tests' Chromium: Debian's headless shell (package
// chromium-headless-shell), the same Blink and V8 as /usr/bin/chromium without
// the browser's window and user interface, which Playwright itself uses for
// headless runs. Each test starts a fresh page, and the shell does it in about
// half the CPU time of the whole browser: on two cores that time is the test
// run's length. The cross-engine scenarios (tests/engines/) use it too; the
// benchmarks and wasm-bindgen-test keep the whole browser.
export const CHROMIUM_SHELL = process.env.CHROMIUM_SHELL_PATH ?? '/usr/bin/chromium-headless-shell';

export const shellLaunchOptions = { ...launchOptions, executablePath: CHROMIUM_SHELL };
