#!/usr/bin/env bash
# The browser tests drive Debian's chromium (Playwright cannot download its own browser here).
# Installs it with apt-get when /usr/bin/chromium is missing; a no-op otherwise.
set -euo pipefail

CHROMIUM=${WINDMILL_CHROMIUM:-/usr/bin/chromium}
if [ -x "$CHROMIUM" ]; then
    exit 0
fi

echo "ensure-chromium: $CHROMIUM is missing; installing Debian's chromium with apt-get"
SUDO=""
if [ "$(id -u)" -ne 0 ]; then
    SUDO="sudo"
fi
export DEBIAN_FRONTEND=noninteractive
$SUDO apt-get update -qq
# fonts-dejavu-core gives the board's labels a font even on a minimal image.
$SUDO apt-get install -y -qq --no-install-recommends chromium fonts-dejavu-core >/dev/null
test -x "$CHROMIUM"
echo "ensure-chromium: $("$CHROMIUM" --version 2>/dev/null || echo chromium installed)"
