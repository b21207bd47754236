#!/usr/bin/env bash
# Everything CI checks, in order of speed: formatting, lints, native tests,
# the wasm build, JS type checks, the guides' examples and links, the wasm
# API in headless Chromium, the
# end-to-end tests that play the real page, and the same scenarios in the
# three engines a classroom uses (tests/engines/).
set -euo pipefail
cd "$(dirname "$0")/.."
step() { printf '\n\033[1m== %s\033[0m\n' "$*"; }

bash scripts/setup.sh test

step "the lockfile as committed (a clean checkout stays clean after its own install)"
if git rev-parse --is-inside-work-tree >/dev/null 2>&1; then
  git diff --exit-code --stat package-lock.json || {
    echo "error: package-lock.json changed during the install; commit the lock npm writes" >&2
    exit 1
  }
fi

step "cargo fmt --check"
cargo fmt --all --check

step "cargo clippy (native and wasm32, warnings are errors)"
cargo clippy --all-targets -- -D warnings
cargo clippy --target wasm32-unknown-unknown --lib --tests -- -D warnings

step "cargo test (native)"
cargo test

step "build wasm, bundle dist/"
bash scripts/build.sh
node scripts/bundle.mjs

step "tsc --checkJs"
node_modules/.bin/tsc -p jsconfig.json

step "i18n: every sentence in both languages, every error code translated"
node scripts/check-i18n.mjs

step "fuzz both wasm modules in node (the audit's cases, then 40,000 seeded calls)"
node scripts/fuzz-wasm.mjs --calls 40000

step "docs and units: the guides' JavaScript run, their links and parameter tables checked; numbers written as Intl does"
# The embedding guide's HTML runs in the browser, with the end-to-end tests (tests/docs.spec.mjs).
node --test tests/docs/ tests/unit/

step "wasm-bindgen-test in headless Chromium"
# The runner reads crate/webdriver.json (Debian's chromium, headless flags).
(cd crate && CHROMEDRIVER=/usr/bin/chromedriver cargo test --release --target wasm32-unknown-unknown --test web)

step "end-to-end tests (Playwright, /usr/bin/chromium)"
node_modules/.bin/playwright test

step "cross-engine scenarios (Chromium, Firefox ESR, WebKitGTK)"
# A missing engine fails here with the command that installs it.
node --test --test-reporter=spec tests/engines/
