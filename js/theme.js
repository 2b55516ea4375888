// Colours and fonts of the board, taken from JupyterLab's CSS variables where they exist.
// Each fallback is defined once (here, or in core/table.json for the table's own colours), for hosts
// without JupyterLab's theme (VS Code, Colab, marimo).

import table from "../windmill_widget/core/table.json" with { type: "json" };

/** CSS variable -> fallback, light and dark. */
const VARS = Object.freeze({
  background: ["--jp-layout-color0", "#ffffff", "#111111"],
  text: ["--jp-ui-font-color1", "rgba(0,0,0,0.87)", "rgba(255,255,255,0.87)"],
  mutedText: ["--jp-ui-font-color2", "rgba(0,0,0,0.54)", "rgba(255,255,255,0.54)"],
  accent: ["--jp-brand-color1", "#1976d2", "#42a5f5"],
  warn: ["--jp-warn-color1", "#f57c00", "#ffa726"],
  success: ["--jp-success-color1", "#388e3c", "#66bb6a"],
  border: ["--jp-border-color1", "#bdbdbd", "#616161"],
  font: ["--jp-ui-font-family", "system-ui, -apple-system, 'Segoe UI', Roboto, sans-serif", null],
  // The table's own colours (felt, cards, highlights) live in core/table.json, shared with every
  // game's static pictures.
  ...table.colours,
});

/** Relative luminance (0 dark .. 1 light) of a CSS colour in #rgb, #rrggbb or rgb() form. */
export function luminance(colour) {
  const c = String(colour).trim();
  let rgb = null;
  const hex = /^#([0-9a-f]{3}|[0-9a-f]{6})$/i.exec(c);
  if (hex) {
    const h = hex[1].length === 3 ? [...hex[1]].map((d) => d + d).join("") : hex[1];
    rgb = [0, 2, 4].map((i) => Number.parseInt(h.slice(i, i + 2), 16));
  } else {
    const m = /rgba?\(([^)]+)\)/i.exec(c);
    if (m) rgb = m[1].split(/[ ,/]+/).slice(0, 3).map(Number);
  }
  if (!rgb || rgb.some(Number.isNaN)) return null;
  const [r, g, b] = rgb.map((v) => {
    const s = v / 255;
    return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
  });
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

/** The element `node` hangs from, across shadow roots (marimo draws widgets inside one). */
export function parentAcross(node) {
  if (node.parentElement) return node.parentElement;
  const root = node.getRootNode?.();
  return root && root !== node && root.host ? root.host : null;
}

/** The colour the host page paints behind `el`: the first ancestor's opaque background, or null. */
function hostBackground(el) {
  for (let node = el; node && node.nodeType === 1; node = parentAcross(node)) {
    const bg = getComputedStyle(node).backgroundColor;
    const m = /rgba?\(([^)]+)\)/i.exec(bg ?? "");
    if (!m) continue;
    const parts = m[1].split(/[ ,/]+/).map(Number);
    if (parts.length < 4 || parts[3] > 0.5) return bg;
  }
  return null;
}

/** What the page's own classes say: "dark" or "light" theme classes on <html> or <body> (marimo's
 * "light-theme"/"dark-theme", Tailwind's "dark", VS Code's "vscode-dark"), else null. */
function themeClass(doc) {
  for (const node of [doc?.body, doc?.documentElement]) {
    const classes = [...(node?.classList ?? [])];
    if (classes.some((c) => /(^|-)dark($|-)/.test(c))) return "dark";
    if (classes.some((c) => /(^|-)light($|-)/.test(c))) return "light";
  }
  return null;
}

/**
 * Is the page dark? JupyterLab says so on <body data-jp-theme-light="false">; elsewhere (marimo,
 * VS Code, Voila, a plain page) judge by what the host page actually paints behind the board (looking
 * out of any shadow root the board is drawn in), then by the page's theme classes, and only when
 * neither says by the system's colour-scheme preference: a light page stays light on a dark system.
 */
function isDark(el, style) {
  const flag = el.ownerDocument?.body?.dataset?.jpThemeLight;
  if (flag === "true") return false;
  if (flag === "false") return true;
  const lum = luminance(style.getPropertyValue("--jp-layout-color0"));
  if (lum !== null) return lum < 0.4;
  const host = luminance(hostBackground(parentAcross(el)) ?? "");
  if (host !== null) return host < 0.4;
  const named = themeClass(el.ownerDocument);
  if (named) return named === "dark";
  return Boolean(globalThis.matchMedia?.("(prefers-color-scheme: dark)").matches);
}

/** The board's colours and font for the element `el` lives in. */
export function readTheme(el) {
  const style = getComputedStyle(el);
  const dark = isDark(el, style);
  const theme = { dark };
  for (const [key, [name, light, darkFallback]] of Object.entries(VARS)) {
    const value = style.getPropertyValue(name).trim();
    theme[key] = value || (dark && darkFallback ? darkFallback : light);
  }
  return theme;
}
