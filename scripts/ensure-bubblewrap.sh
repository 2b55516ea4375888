#!/usr/bin/env bash
# Sealed tournaments start each strategy's process with bubblewrap (new user, network, IPC, PID and
# mount namespaces, the file system read-only), and their tests check it. Installs Debian's
# bubblewrap with apt-get when bwrap is missing; a no-op otherwise.
set -euo pipefail

if command -v bwrap >/dev/null 2>&1; then
    exit 0
fi

echo "ensure-bubblewrap: bwrap is missing; installing Debian's bubblewrap with apt-get"
SUDO=""
if [ "$(id -u)" -ne 0 ]; then
    SUDO="sudo"
fi
export DEBIAN_FRONTEND=noninteractive
$SUDO apt-get update -qq
$SUDO apt-get install -y -qq --no-install-recommends bubblewrap >/dev/null
echo "ensure-bubblewrap: $(bwrap --version)"
