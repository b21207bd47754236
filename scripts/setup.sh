#!/usr/bin/env bash
# Installs whatever this machine is missing, and nothing that is already there.
#   scripts/setup.sh target  the wasm32 target only (npm test adds it first)
#   scripts/setup.sh build   wasm32 target, pinned wasm-bindgen-cli, npm packages
#   scripts/setup.sh test    the same, plus the test browsers from Debian: chromium,
#                            chromium-headless-shell, chromium-driver, firefox-esr,
#                            webkit2gtk-driver and xvfb
# Everything comes from the package registries: Rust's toolchain and crates,
# Debian's packages and npm's; no step downloads a browser or a prebuilt
# binary of its own.
set -euo pipefail
cd "$(dirname "$0")/.."
mode="${1:-build}"
say() { printf '\033[1m[setup]\033[0m %s\n' "$*"; }

# The wasm-bindgen version the crate pins; the CLI must be exactly the same.
WB_VERSION=$(sed -n 's/^wasm-bindgen = "=\([0-9.]*\)"/\1/p' crate/Cargo.toml)
if [ -z "$WB_VERSION" ]; then
  echo "error: crate/Cargo.toml must pin wasm-bindgen exactly (wasm-bindgen = \"=0.2.x\")" >&2
  exit 1
fi

if ! rustup target list --installed | grep -qx wasm32-unknown-unknown; then
  say "adding the wasm32-unknown-unknown target"
  rustup target add wasm32-unknown-unknown
fi
[ "$mode" = target ] && exit 0

install_wasm_bindgen() {
  local installed
  installed=$(wasm-bindgen --version 2>/dev/null | awk '{print $2}' || true)
  if [ "$installed" != "$WB_VERSION" ]; then
    say "installing wasm-bindgen-cli $WB_VERSION (found: ${installed:-none}); this takes a minute or two once"
    # Built unoptimised and without debug info: a third of the build's time
    # (1.9 min of CPU against 6.4 for a release build), and binding our two
    # modules still takes a fraction of a second (0.3 s against 0.07 s).
    # Without its default TLS (rustls and its crypto): the test runner would
    # only use it to download a chromedriver, and ours is Debian's
    # (CHROMEDRIVER); a quarter less CPU (99 s against 129). Without debug
    # assertions and overflow checks either, which only a tool's own
    # developers need: 109 s of CPU against 118 (three builds each).
    CARGO_PROFILE_DEV_DEBUG=0 CARGO_PROFILE_DEV_DEBUG_ASSERTIONS=false CARGO_PROFILE_DEV_OVERFLOW_CHECKS=false \
      cargo install --debug --no-default-features wasm-bindgen-cli --version "$WB_VERSION"
  fi
}

install_browsers() {
  # The three engines of the end-to-end tests, from Debian: Chromium (its
  # headless shell for Playwright, its driver for wasm-bindgen-test), Firefox
  # ESR, and WebKitGTK's WebDriver
  # (with MiniBrowser) and the virtual X server it draws in.
  [ "$mode" = test ] || return 0
  local need=() pair sudo_cmd=""
  for pair in /usr/bin/chromium:chromium /usr/bin/chromium-headless-shell:chromium-headless-shell /usr/bin/chromedriver:chromium-driver /usr/bin/firefox-esr:firefox-esr \
    /usr/bin/WebKitWebDriver:webkit2gtk-driver /usr/bin/Xvfb:xvfb; do
    if [ ! -x "${pair%%:*}" ]; then need+=("${pair#*:}"); fi
  done
  if [ ${#need[@]} -gt 0 ]; then
    say "installing from Debian: ${need[*]}"
    if [ "$(id -u)" != 0 ]; then sudo_cmd="sudo"; fi
    $sudo_cmd apt-get update -qq
    # Without what they only recommend (media codecs, printing, portals,
    # Mesa's drivers: 82 packages instead of 323, 45 s of CPU instead of 72).
    # Of the fonts, only the recommended Noto Mono, Droid's fallback and X's
    # bitmap fonts are left out: the pages' monospace is then DejaVu Sans
    # Mono, as the sans-serif was already.
    DEBIAN_FRONTEND=noninteractive $sudo_cmd apt-get install -y -qq --no-install-recommends "${need[@]}"
  fi
}

install_npm() {
  # Reinstalled when package-lock.json changed since the last install.
  export PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD=1 PUPPETEER_SKIP_DOWNLOAD=1
  if [ ! -f node_modules/.package-lock.json ] || [ package-lock.json -nt node_modules/.package-lock.json ]; then
    say "installing npm packages"
    # Exactly what the lock names, and the lock left as it is (`npm test` checks
    # that it is): it lists the optional builds of every platform, rollup's for
    # macOS, Android, … included, as `npm install` writes it anywhere.
    npm ci --no-audit --no-fund
  fi
}

# The three installs go side by side, each into its own log: building
# wasm-bindgen-cli is the long one, and the Debian and npm downloads fit
# inside it. A failed install prints its log and fails the setup.
logs=$(mktemp -d)
trap 'rm -rf "$logs"' EXIT
names=(wasm-bindgen-cli browsers npm)
install_wasm_bindgen >"$logs/0" 2>&1 &
pids=($!)
install_browsers >"$logs/1" 2>&1 &
pids+=($!)
install_npm >"$logs/2" 2>&1 &
pids+=($!)
failed=0
for i in 0 1 2; do
  if wait "${pids[$i]}"; then
    sed "s/^/[${names[$i]}] /" "$logs/$i"
  else
    echo "error: the ${names[$i]} install failed:" >&2
    sed "s/^/[${names[$i]}] /" "$logs/$i" >&2
    failed=1
  fi
done
exit $failed
