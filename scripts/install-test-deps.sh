#!/bin/sh
# Installs what the tests need from outside Python: Debian's chromium, for the browser test
# (Playwright drives it; it never downloads a browser of its own). Idempotent and quick when
# chromium is already there. Runs as root (CI) or through sudo.
set -eu
if command -v chromium >/dev/null 2>&1 || [ -x /usr/bin/chromium ]; then
    exit 0
fi
if [ "$(id -u)" -eq 0 ]; then
    SUDO=""
elif command -v sudo >/dev/null 2>&1; then
    SUDO="sudo"
else
    echo "install-test-deps: chromium is missing and this user cannot install it (no root, no sudo)" >&2
    exit 1
fi
if ! command -v apt-get >/dev/null 2>&1; then
    echo "install-test-deps: no apt-get here; install chromium and set LEGENDS_CHROMIUM to it" >&2
    exit 1
fi
export DEBIAN_FRONTEND=noninteractive
# Update the package lists only when installing straight away fails (a fresh machine).
$SUDO apt-get install -y -q chromium >/dev/null 2>&1 || {
    $SUDO apt-get update -q >/dev/null
    $SUDO apt-get install -y -q chromium >/dev/null
}
command -v chromium >/dev/null 2>&1 || [ -x /usr/bin/chromium ]
