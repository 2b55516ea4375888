// Bundles js/widget.js (and the CSS it imports) into windmill_widget/static/ for anywidget.
// `npm run build` makes the minified bundle the wheel ships; `npm run dev` rebuilds on every save,
// which anywidget picks up live when the kernel runs with ANYWIDGET_HMR=1.
import * as esbuild from "esbuild";

const watch = process.argv.includes("--watch");

const options = {
  entryPoints: ["js/widget.js"],
  bundle: true,
  format: "esm",
  target: ["es2020"],
  outdir: "windmill_widget/static",
  minify: !watch,
  sourcemap: watch ? "inline" : false,
  logLevel: "info",
};

if (watch) {
  const ctx = await esbuild.context(options);
  await ctx.watch();
} else {
  await esbuild.build(options);
}
