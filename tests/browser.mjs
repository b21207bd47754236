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
