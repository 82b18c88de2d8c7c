#!/bin/sh
# Installs what the tests need from outside Python, from Debian's packages, when missing:
# chromium, for the browser test (Playwright drives it; it never downloads a browser of its
# own), and postgresql, whose initdb and pg_ctl the store tests use to start a throwaway
# database server of their own (tests/pgcluster.py; the installed one is never used); nginx,
# which the deployment tests run in front of several servers with a configuration and folder
# of their own (tests/nginxserver.py; the installed service is never used); a C compiler and
# Python's headers, for the test that builds the compiled kernel with mypyc
# (tests/test_compiled_build.py).
# Idempotent and quick when all are there. Runs as root (CI) or through sudo.
set -eu
have_chromium() {
    command -v chromium >/dev/null 2>&1 || [ -x /usr/bin/chromium ]
}
have_postgresql() {
    # Debian keeps the server programs off PATH, in /usr/lib/postgresql/VERSION/bin.
    for bin in /usr/lib/postgresql/*/bin; do
        if [ -x "$bin/initdb" ] && [ -x "$bin/pg_ctl" ]; then
            return 0
        fi
    done
    command -v initdb >/dev/null 2>&1 && command -v pg_ctl >/dev/null 2>&1
}
have_nginx() {
    # Debian installs the program in /usr/sbin, which may be off a user's PATH.
    command -v nginx >/dev/null 2>&1 || [ -x /usr/sbin/nginx ]
}
have_cc() {
    command -v cc >/dev/null 2>&1 || command -v gcc >/dev/null 2>&1
}
have_python_headers() {
    # The headers of the Python the tests run with (python3 on PATH, or $PYTHON).
    "${PYTHON:-python3}" -c 'import os, sys, sysconfig
sys.exit(not os.path.exists(os.path.join(sysconfig.get_paths()["include"], "Python.h")))'
}
missing=""
have_cc || missing="$missing gcc"
have_python_headers || missing="$missing python3-dev"
have_chromium || missing="$missing chromium"
have_postgresql || missing="$missing postgresql"
have_nginx || missing="$missing nginx"
if [ -z "$missing" ]; then
    exit 0
fi
if [ "$(id -u)" -eq 0 ]; then
    SUDO=""
elif command -v sudo >/dev/null 2>&1; then
    SUDO="sudo"
else
    echo "install-test-deps: missing:$missing, and this user cannot install them (no root, no sudo)" >&2
    exit 1
fi
if ! command -v apt-get >/dev/null 2>&1; then
    echo "install-test-deps: no apt-get here; install$missing (for chromium, or set LEGENDS_CHROMIUM to one)" >&2
    exit 1
fi
export DEBIAN_FRONTEND=noninteractive
# Update the package lists only when installing straight away fails (a fresh machine).
# shellcheck disable=SC2086
$SUDO apt-get install -y -q $missing >/dev/null 2>&1 || {
    $SUDO apt-get update -q >/dev/null
    $SUDO apt-get install -y -q $missing >/dev/null
}
have_chromium && have_postgresql && have_nginx && have_cc && have_python_headers
