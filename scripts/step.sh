#!/usr/bin/env bash
# Usage: step.sh NAME "what it does" CMD...
# Runs one long set-up step quietly but not silently: a line saying what it does, a line every 20 s
# with the time so far and what it is at (pip's "Collecting ...", "Building ..."), then how long it took.
# The command's whole output goes to build/logs/NAME.log; if it fails, its last lines are shown.
set -uo pipefail
name=$1
what=$2
shift 2
mkdir -p build/logs
log=build/logs/$name.log
echo "==> $what (log: $log)"
start=$SECONDS
"$@" >"$log" 2>&1 &
pid=$!
ticks=0
while kill -0 "$pid" 2>/dev/null; do
    sleep 1
    ticks=$((ticks + 1))
    if [ $((ticks % 20)) -eq 0 ] && kill -0 "$pid" 2>/dev/null; then
        at=$(grep -E '^(Collecting|Downloading|Building|Installing|Successfully|> )' "$log" | tail -n 1 | cut -c1-90)
        echo "    ... $((SECONDS - start)) s${at:+: $at}"
    fi
done
wait "$pid"
rc=$?
if [ "$rc" -ne 0 ]; then
    echo "==> FAILED after $((SECONDS - start)) s: $what. The end of $log:"
    tail -n 30 "$log"
    exit "$rc"
fi
echo "    done in $((SECONDS - start)) s"
