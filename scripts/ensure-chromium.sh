# shellcheck shell=bash
# ensure_chromium: the browser tests (tests/web) drive Debian's Chromium through Playwright by its
# path (/usr/bin/chromium); Playwright's own browser builds are never downloaded. Installs the
# package when it is missing. Sourced by ./test.
ensure_chromium() {
  if command -v chromium >/dev/null 2>&1; then
    return 0
  fi
  if command -v apt-get >/dev/null 2>&1; then
    echo "Installing Chromium for the browser tests (apt-get install chromium) ..." >&2
    { apt-get update -qq && apt-get install -y -qq chromium >/dev/null; } ||
      { echo "could not install chromium: the browser tests will say so" >&2; return 0; }
  else
    echo "chromium is missing and apt-get is not here: install Chromium for the browser tests" >&2
  fi
}
