#!/usr/bin/env bash
# Usage: ensure-apt.sh CMD PACKAGE...
# Installs Debian's PACKAGEs with apt-get when CMD (a command name, or a path) is missing; a no-op
# otherwise. The tests need two: bubblewrap (`bwrap`: sealed tournaments start each strategy's process
# in it, and their tests check it) and chromium (`/usr/bin/chromium`, or $WINDMILL_CHROMIUM: the
# browser tests drive Debian's chromium, since Playwright cannot download its own browser here).
set -euo pipefail

if [ "$#" -lt 2 ]; then
    echo "usage: $0 CMD PACKAGE..." >&2
    exit 2
fi
CMD=$1
shift

found() {
    if [[ "$CMD" == */* ]]; then [ -x "$CMD" ]; else command -v "$CMD" >/dev/null 2>&1; fi
}

if found; then
    exit 0
fi

echo "ensure-apt: $CMD is missing; installing Debian's $* with apt-get"
SUDO=""
if [ "$(id -u)" -ne 0 ]; then
    SUDO="sudo"
fi
export DEBIAN_FRONTEND=noninteractive
$SUDO apt-get update -qq
$SUDO apt-get install -y -qq --no-install-recommends "$@" >/dev/null
if ! found; then
    echo "ensure-apt: $* installed, but $CMD is still missing" >&2
    exit 1
fi
echo "ensure-apt: $CMD installed"
