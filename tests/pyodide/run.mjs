// The kit in Pyodide under Node (Pyodide's Python, newer than the machine's), from the npm `pyodide`
// package: nothing is fetched. micropip, the kit's wheel and its pure-Python dependencies are installed
// from a local folder (scripts/pyodide_wheels.py fills it from PyPI at set-up), then
// tests/installed/smoke.py's checks run there: a game of each game played by the greedy strategy, both
// boards' display bundles, a small play_many and compare (serially, as no process can start), the
// board's autoplay on the event loop, a sealed tournament refused, a late position solved as Python.
//
//     node tests/pyodide/run.mjs WHEELS_DIR
import { readdirSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { loadPyodide } from "pyodide";

const here = path.dirname(fileURLToPath(import.meta.url));
const wheels = path.resolve(process.argv[2] ?? "build/pyodide-wheels");
const started = performance.now();
const pyodide = await loadPyodide({ stdout: console.log, stderr: console.error });
const micropip = readdirSync(wheels).find((name) => name.startsWith("micropip-"));
if (!micropip) throw new Error(`no micropip wheel in ${wheels}`);
await pyodide.loadPackage(path.join(wheels, micropip));

const { FS } = pyodide;
for (const [from, to] of [[wheels, "/wheels"], [path.join(here, "..", "installed"), "/smoke"]]) {
  FS.mkdirTree(to);
  FS.mount(FS.filesystems.NODEFS, { root: from }, to);
}
await pyodide.runPythonAsync(`
import os, sys, time
import micropip
# Every wheel of the folder, with no resolution: the folder holds the kit's dependencies already, and
# micropip would otherwise look in Pyodide's lock file for the ones Pyodide also ships, whose files
# npm's package does not carry.
t0 = time.perf_counter()
await micropip.install([f"emfs:/wheels/{n}" for n in sorted(os.listdir("/wheels")) if not n.startswith("micropip-")], deps=False)
print(f"ok  Python {sys.version.split()[0]} on {sys.platform}: {len(micropip.list())} packages installed from local wheels ({time.perf_counter() - t0:.1f} s)")
sys.path.insert(0, "/smoke")
import smoke
smoke.installed_alone()
smoke.play_each_game()
smoke.display_bundles()
smoke.tournament()  # in this process: no process pool can start here
await smoke.autoplay_on_the_loop()
smoke.sealed_refused()
smoke.late_solve()
`);
console.log(`The kit works in Pyodide under Node (${((performance.now() - started) / 1000).toFixed(1)} s).`);
