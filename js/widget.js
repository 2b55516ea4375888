// anywidget glue for the board of either game: builds the DOM, turns pointer and keyboard input into
// intents for Python, and repaints when Python publishes a new state. Each view keeps only what is
// local to it (selection, drag, animation); the game lives in Python, which also says which game it is
// (`meta.game`): the geometry comes from that game's module, everything else is shared.

import "./widget.css";
import { CELEBRATION_MS, MOVE_MS, celebrationFrames, framePositions, planAnimations } from "./animate.js";
import { drawReviewChart, drawScene } from "./draw.js";
import {
  canPickUp,
  clickAction,
  doubleClickAction,
  dropAction,
  keyAction,
  targetsFrom,
} from "./intents.js";
import {
  chartLayout,
  chartPointAt,
  computeLayout,
  fitLayout,
  neighbour,
  outOfView,
  pileAt,
  readingOrder,
  topCardRect,
} from "./layout.js";
import { parentAcross, readTheme } from "./theme.js";

const COMMANDS = [
  ["new_game", "Next deal", "Deal the next number (n); Undo comes back to this one"],
  ["restart", "Restart", "Restart this deal from its start; Undo comes back to where you were"],
  ["undo", "Undo", "Undo (u or Ctrl+Z)"],
  ["redo", "Redo", "Redo (r or Ctrl+Y)"],
  ["hint", "Hint", "Show the suggested move and why (h)"],
  ["review", "Review", "Review the game: the winning chance along it, the mistakes and the better moves"],
];
// After the stock's buttons: what plays for the player.
const PLAY_FOR_ME = [
  ["finish", "Finish for me", "Play the sure moves that are left (enabled when only sure moves are left)"],
  ["autoplay", "Autoplay", "Let the chosen player play, at the chosen speed (Esc stops it)"],
  ["stop", "Stop", "Stop autoplay (Esc)"],
];
const SPEED_LABELS = { slow: "Slow", normal: "Normal", fast: "Fast" };
const DRAG_THRESHOLD_PX = 5;
// Room kept free around a board fitted to the window's height (a cell's padding, a little air).
const FIT_MARGIN_PX = 12;
const DROP_REPLY_TIMEOUT_MS = 3000;
const REFUSALS = new Set(["refused", "stale", "error"]);

function element(tag, props = {}, ...children) {
  const el = document.createElement(tag);
  for (const [k, v] of Object.entries(props)) {
    if (k === "dataset") Object.assign(el.dataset, v);
    else if (k in el && !k.includes("-")) el[k] = v;
    else el.setAttribute(k, v);
  }
  el.append(...children);
  return el;
}

/** What a screen reader hears for a pile, e.g. "Sail n1: 7 of hearts", "Cell c4: 9 of hearts, free". */
function pileLabel(name, state, meta) {
  const label = meta.labels?.[name] ?? name;
  if (name === "stock") {
    const n = state.piles?.stock ?? 0;
    return `${label}: ${n} card${n === 1 ? "" : "s"}`;
  }
  const ids = state.piles?.[name] ?? [];
  if (!ids.length) return `${label}: empty`;
  const top = meta.names?.[ids.at(-1)] ?? "a card";
  const cap = meta.caps?.[name];
  if (cap) return `${label}: ${ids.length} of ${cap} cards, ${top} on top`;
  if (name === "waste") return `${label}: ${ids.length} card${ids.length === 1 ? "" : "s"}, ${top} on top`;
  if (Array.isArray(state.free) && meta.cells?.includes(name)) {
    return `${label}: ${top}, ${state.free.includes(name) ? "free" : "blocked"}`;
  }
  return `${label}: ${top}`;
}

/** "a", "a or b", "a, b or c". */
function orList(items) {
  return items.length < 2 ? items.join("") : `${items.slice(0, -1).join(", ")} or ${items.at(-1)}`;
}

/** The piles a hint points at: "n1>c" -> {src: "n1", dst: "c"}; a stock move -> the stock alone. */
function hintPiles(hint) {
  if (!hint) return null;
  if (!hint.includes(">")) return { src: "stock", dst: null };
  const [src, dst] = hint.split(">");
  return { src, dst };
}

/**
 * What shows the board, and the height of it a player can see without scrolling: the nearest ancestor (out of any
 * shadow root) that scrolls its content (JupyterLab's and Notebook 7's notebook panel, marimo's capped
 * cell outputs), or the window's height where the page itself scrolls (Voila, a plain page). An output
 * area that says `overflow: auto` but grows with its content (JupyterLab's) is no limit: only a box
 * whose content overflows it, or that caps its height, is.
 */
function visibleHost(el) {
  const px = (v) => Number.parseFloat(v || "0") || 0;
  for (let node = parentAcross(el); node; node = parentAcross(node)) {
    if (node === document.body || node === document.documentElement) break;
    const style = getComputedStyle(node);
    if (!["auto", "scroll"].includes(style.overflowY) || !node.clientHeight) continue;
    const max = px(style.maxHeight);
    const overflowing = node.scrollHeight > node.clientHeight + 1;
    // Room below its content: a box its host sizes (a short notebook's panel), not one that grows with us.
    const inner = node.getBoundingClientRect().bottom - px(style.borderBottomWidth) - px(style.paddingBottom);
    const content = Math.max(...[...node.children].map((k) => k.getBoundingClientRect().bottom + px(getComputedStyle(k).marginBottom)));
    const roomy = inner - content > 2;
    if (!max && !overflowing && !roomy) continue;
    const height = (max ? Math.min(max, node.clientHeight) : node.clientHeight) - px(style.paddingTop) - px(style.paddingBottom);
    return { host: node, height: Math.min(height, window.innerHeight) };
  }
  return { host: null, height: window.innerHeight };
}

function render({ model, el }) {
  // ---- DOM --------------------------------------------------------------------------------
  const buttons = {};
  const toolbar = element("div", { className: "windmill-toolbar", role: "toolbar", "aria-label": "Board controls" });
  const info = element("span", { className: "windmill-info" });
  const canvas = element("canvas", { "aria-hidden": "true" });
  const pileLayer = element("div", { className: "windmill-piles", role: "group", "aria-label": "Board" });
  const stage = element("div", { className: "windmill-stage", tabIndex: -1 }, canvas, pileLayer);
  const bannerTitle = element("strong", { className: "windmill-banner-title" });
  const bannerText = element("span", { className: "windmill-banner-text" });
  const bannerNew = element("button", { type: "button", dataset: { action: "new_game" } }, "Next deal");
  const bannerUndo = element("button", { type: "button", dataset: { action: "undo" } }, "Undo");
  // The end of a game is told under the board, never over its cards, and in place of the message line.
  const banner = element("div", { className: "windmill-banner", hidden: true, role: "status" },
    bannerTitle, bannerText, bannerNew, bannerUndo); // prettier-ignore
  const messageLine = element("div", { className: "windmill-message" });
  // A hint's reasoning, on request: the line stays one short sentence.
  const whyButton = element("button", { type: "button", className: "windmill-why-button", hidden: true,
    "aria-expanded": "false", dataset: { action: "why" } }, "Why?"); // prettier-ignore
  const whyText = element("div", { className: "windmill-why", hidden: true });
  const live = element("div", { className: "windmill-sr-only", "aria-live": "polite", role: "status" });
  const scroller = element("div", { className: "windmill-scroll" }, stage);
  // Deals to share: the deal box, and the line that deals this game again.
  const dealInput = element("input", { type: "text", className: "windmill-deal-input", spellcheck: false,
    placeholder: "1234 or pysolfc:12345", "aria-label": "Deal to play (a number, or pysolfc:12345)",
    maxLength: 40 }); // prettier-ignore
  const dealButton = element("button", { type: "submit", dataset: { action: "play_deal" } }, "Play deal");
  const dealForm = element("form", { className: "windmill-deal-form" }, dealInput, dealButton);
  const share = element("output", { className: "windmill-share", title: "This deal and its rules: share it" });
  // The line's controls (a replay, or the game played so far): play or pause, and a slider of the moves.
  const replayButton = element("button", { type: "button", dataset: { action: "replay" } }, "Play");
  const slider = element("input", { type: "range", className: "windmill-slider", min: 0, max: 0, value: 0,
    step: 1, "aria-label": "Move of the line" }); // prettier-ignore
  const sliderText = element("output", { className: "windmill-slider-text" });
  const lineBar = element("div", { className: "windmill-linebar", role: "group", "aria-label": "Deal and replay" },
    replayButton, slider, sliderText, info, dealForm, share); // prettier-ignore
  const playerSelect = element("select", { "aria-label": "Player for autoplay", dataset: { role: "player" } });
  const speedSelect = element("select", { "aria-label": "Autoplay speed", dataset: { role: "speed" } });
  // The review: a summary, the chart of the winning chance (a canvas, keyboard-operable), the marked move's reason.
  const reviewSummary = element("div", { className: "windmill-review-summary" });
  const chartCanvas = element("canvas", { className: "windmill-chart", tabIndex: 0, role: "slider",
    "aria-label": "Winning chance along the game: choose a move (arrows; Page Up and Page Down: marked moves)",
    "aria-valuemin": "0" }); // prettier-ignore
  const reviewNote = element("div", { className: "windmill-review-note", role: "status" });
  const reviewPanel = element("div", { className: "windmill-review", hidden: true }, reviewSummary, chartCanvas, reviewNote);
  const sessionText = element("span", { className: "windmill-banner-session" });
  banner.append(sessionText);
  const root = element("div", { className: "windmill", "data-lm-suppress-shortcuts": "true" },
    toolbar, lineBar, scroller, reviewPanel, banner, messageLine, whyButton, whyText, live); // prettier-ignore
  el.append(root);

  // ---- view-local state -------------------------------------------------------------------
  let state = model.get("state") ?? {};
  let meta = model.get("meta") ?? {};
  let layout = null;
  let pileEls = {};
  let theme = readTheme(root);
  let selected = null; // pile whose top card is picked up by click or keyboard
  let pickedUp = ""; // what the message line says while a card is picked up
  let whyShown = null; // the message whose reasoning the player asked to see
  let press = null; // pointer down, maybe becoming a drag
  let drag = null; // {src, id, dx, dy, x, y}
  let pendingDrop = null; // {id, src, rect, messageId, timer}
  let anim = null; // {plans, start}
  let frame = 0;
  let lastAnnounced = state.message?.id ?? null;
  let dismissed = null; // id of a refusal the player has moved on from (picked up another card)
  let focusOrder = [];
  let keyActivatedAt = Number.NEGATIVE_INFINITY; // a key's own click event must not act twice
  let failure = null; // the game this board cannot draw, said in place of the board
  let watchedHost = null; // the scrolling box a fitted board is sized to
  let celebration = null; // {start, still}: a win being celebrated
  const reducedMotion = () => Boolean(window.matchMedia?.("(prefers-reduced-motion: reduce)").matches);

  // ---- intents ----------------------------------------------------------------------------
  const send = (type, extra = {}) => model.send({ type, version: state.version, ...extra });
  const announce = (text) => {
    // Re-setting the same text would be silent; clear first so repeats are read again.
    live.textContent = "";
    requestAnimationFrame(() => {
      live.textContent = text;
    });
  };

  function select(pile) {
    selected = pile;
    pickedUp = "";
    if (pile) {
      const msg = state.message ?? {};
      // A new attempt: the old refusal, or the hint, no longer applies (its line gives way to this one).
      if (REFUSALS.has(msg.kind) || msg.kind === "hint") dismissed = msg.id;
      const name = (p) => {
        const label = meta.labels?.[p] ?? p;
        return label[0].toLowerCase() + label.slice(1); // "foundation S-", "sail n1"
      };
      const targetPiles = [...targetsFrom(state.legal, pile)];
      // A target out of view is brought into view (the card stays picked up while the page scrolls).
      if (targetPiles.length && targetPiles.every((t) => whereIs(t))) {
        pileEls[targetPiles[0]]?.scrollIntoView?.({ block: "nearest", inline: "nearest" });
      }
      pickedUp = pickedUpLine(pile, targetPiles, name);
      announce(pickedUp);
    }
    syncPiles();
    syncChrome();
    schedule();
  }

  /** Where a pile is, if out of the player's view: "above", "below"... (null when in view). */
  function whereIs(pile) {
    const el = pileEls[pile];
    if (!el || !el.isConnected || el.hidden) return null;
    const { host } = visibleHost(root);
    const page = { left: 0, top: 0, right: window.innerWidth, bottom: window.innerHeight };
    const box = host?.getBoundingClientRect() ?? page;
    const view = { left: Math.max(box.left, 0), top: Math.max(box.top, 0),
      right: Math.min(box.right, page.right), bottom: Math.min(box.bottom, page.bottom) }; // prettier-ignore
    return outOfView(el.getBoundingClientRect(), view);
  }

  /** The message line while a card is picked up: the card, where it is if out of view, where it can go. */
  function pickedUpLine(pile, targetPiles, name) {
    const card = meta.names?.[state.piles[pile].at(-1)];
    const here = whereIs(pile);
    const at = (p) => (whereIs(p) ? `${name(p)} (${whereIs(p)}, out of view)` : name(p));
    // Said on the board too: which piles take it, however far down the board they are.
    return (
      `Picked up the ${card} from ${name(pile)}${here ? ` (${here}, out of view: it stays picked up)` : ""}. ` +
      (targetPiles.length ? `It can go to ${orList(targetPiles.map(at))}.` : "It has no legal move now.")
    );
  }

  /** The page scrolled with a card picked up: say again where it and its targets are. */
  function onScroll() {
    if (!selected || !state.piles?.[selected]) return;
    const name = (p) => {
      const label = meta.labels?.[p] ?? p;
      return label[0].toLowerCase() + label.slice(1);
    };
    const line = pickedUpLine(selected, [...targetsFrom(state.legal, selected)], name);
    if (line !== pickedUp) {
      pickedUp = line;
      syncChrome();
    }
  }

  function perform(action) {
    switch (action.kind) {
      case "select":
        select(action.pile);
        break;
      case "deselect":
        select(null);
        break;
      case "move":
        selected = null;
        send("move", { move: action.move });
        break;
      default:
        break;
    }
    schedule();
  }

  function command(name) {
    if (name === "stock") perform(clickAction(state, null, "stock", meta));
    else if ((meta.stockMoves ?? []).includes(name)) perform({ kind: "move", move: name });
    else if (["undo", "redo", "hint", "new_game", "stop", "restart", "finish", "review"].includes(name)) {
      selected = null;
      send(name);
    } else if (name === "autoplay") {
      selected = null;
      send("autoplay", { player: playerSelect.value, speed: speedSelect.value });
    } else if (name === "replay") {
      send("replay", { speed: speedSelect.value || "normal" });
    } else if (name === "play_deal") {
      const text = dealInput.value.trim();
      if (text) send("play_deal", { deal: text.slice(0, 40) });
    }
    schedule();
  }

  // ---- the game's pieces --------------------------------------------------------------------
  /** (Re)build what depends on the game: the stock's buttons and one focusable element per pile. */
  function build() {
    const stockButtons = (meta.stockMoves ?? []).map((move) => [
      move,
      meta.moveLabels?.[move] ?? move,
      meta.moveTitles?.[move] ?? move,
    ]);
    for (const b of Object.values(buttons)) b.remove();
    for (const key of Object.keys(buttons)) delete buttons[key];
    for (const [action, text, title] of [...COMMANDS, ...stockButtons, ...PLAY_FOR_ME]) {
      buttons[action] = element("button", { type: "button", title, dataset: { action } }, text);
      toolbar.append(buttons[action]);
      if (action === "autoplay") toolbar.append(playerSelect, speedSelect);
    }
    // The players and speeds are Python's (the game's built-in players, the default first).
    playerSelect.replaceChildren(...(meta.players ?? []).map((p) => element("option", { value: p }, p)));
    speedSelect.replaceChildren(...(meta.speeds ?? ["normal"]).map((s) => element("option", { value: s }, SPEED_LABELS[s] ?? s)));
    speedSelect.value = (meta.speeds ?? []).includes("normal") ? "normal" : speedSelect.value;
    toolbar.setAttribute("aria-label", `${meta.title ?? "Board"} controls`);
    pileLayer.setAttribute("aria-label", `${meta.title ?? "Game"} board`);
    pileEls = {};
    for (const name of meta.piles ?? []) {
      pileEls[name] = element("button", { type: "button", className: "windmill-pile", dataset: { pile: name } });
    }
    focusOrder = [];
    root.dataset.game = meta.game ?? "";
  }

  // ---- geometry ---------------------------------------------------------------------------
  function fit() {
    const width = Math.max(1, Math.floor(root.clientWidth || el.clientWidth || 640));
    const game = meta.game ?? "windmill";
    const size = model.get("size") ?? "fit";
    const options = { ...(meta.options ?? {}) };
    const compact = model.get("compact"); // null: whichever gives bigger cards
    if (typeof compact === "boolean") options.compact = compact;
    try {
      if (typeof size === "number") {
        layout = computeLayout(game, width, { ...options, maxCardW: size });
      } else if (size === "width") {
        layout = computeLayout(game, width, options);
      } else {
        // The whole board in view: the host's visible height, less the toolbar and the lines below.
        const chrome = root.offsetHeight - scroller.offsetHeight;
        const { host, height } = visibleHost(root);
        if (host !== watchedHost) {
          // Its height can change without ours (a notebook's header growing): fit again then.
          if (watchedHost) resizeObserver.unobserve(watchedHost);
          if (host) resizeObserver.observe(host);
          watchedHost = host;
        }
        layout = fitLayout(game, width, height - chrome - FIT_MARGIN_PX, options);
      }
      failure = null;
    } catch (err) {
      failure = err.message;
      messageLine.textContent = `${failure} Update windmill_widget (and rebuild its front end).`;
      return;
    }
    const dpr = window.devicePixelRatio || 1;
    canvas.style.width = `${layout.width}px`;
    canvas.style.height = `${layout.height}px`;
    canvas.width = Math.round(layout.width * dpr);
    canvas.height = Math.round(layout.height * dpr);
    stage.style.height = `${layout.height}px`;
    stage.style.width = `${layout.width}px`;
    for (const [name, b] of Object.entries(pileEls)) {
      const r = layout.piles[name];
      b.hidden = !r;
      if (r) Object.assign(b.style, { left: `${r.x}px`, top: `${r.y}px`, width: `${r.w}px`, height: `${r.h}px` });
    }
    const order = readingOrder(layout);
    if (order.join() !== focusOrder.join()) {
      focusOrder = order;
      pileLayer.replaceChildren(...order.map((n) => pileEls[n]).filter(Boolean));
    }
    schedule();
  }

  const localPoint = (event) => {
    const r = canvas.getBoundingClientRect();
    return { x: event.clientX - r.left, y: event.clientY - r.top };
  };

  // ---- drawing ----------------------------------------------------------------------------
  function schedule() {
    if (!frame) frame = requestAnimationFrame(paint);
  }

  function paint(now) {
    frame = 0;
    // Off the page (output cleared, or a cell JupyterLab's windowing took out): nothing to paint.
    // The resize observer repaints it if it comes back.
    if (!layout || !root.isConnected) return;
    const floating = [];
    if (anim) {
      const positions = framePositions(anim.plans, now - anim.start);
      for (const p of positions) if (!p.done) floating.push({ ...p, lifted: true });
      if (positions.every((p) => p.done)) anim = null;
    }
    if (celebration && !celebration.still) {
      const t = now - celebration.start;
      const cards = celebrationFrames(layout, state.piles, meta.foundations ?? [], Math.max(0, t));
      if (t >= CELEBRATION_MS) {
        celebration = null;
        root.dataset.celebration = "done";
      } else {
        floating.push(...cards);
        schedule();
      }
    }
    const centreOf = (id, r) => ({ id, cx: r.x + r.w / 2, cy: r.y + r.h / 2, angle: 0, lifted: true });
    if (pendingDrop) floating.push(centreOf(pendingDrop.id, pendingDrop.rect));
    if (drag) floating.push(centreOf(drag.id, { x: drag.x, y: drag.y, w: layout.cardW, h: layout.cardH }));
    const source = drag?.src ?? selected;
    const labels = {};
    for (const [name, text] of Object.entries(layout.captions ?? {})) if (layout.piles[name]) labels[name] = text;
    const names = model.get("pile_names") !== false;
    if (names) for (const name of layout.namesAbove ?? []) labels[name] = name;
    const scene = {
      piles: state.piles ?? {},
      faces: meta.faces ?? [],
      caps: meta.caps ?? {},
      free: Array.isArray(state.free) ? new Set(state.free) : null,
      cells: new Set(meta.cells ?? []), // the piles that can be blocked (Crazy Quilt's cells)
      names,
      labels,
      selected: drag ? null : selected,
      targets: targetsFrom(state.legal, source),
      hint: source ? null : hintPiles(state.hint),
      floating,
      hidden: new Set(floating.map((f) => f.id)),
      arrows: state.arrows ?? [],
      glow: celebration?.still || root.dataset.celebration === "done" ? meta.foundations ?? [] : null,
    };
    const ctx = canvas.getContext("2d");
    const dpr = canvas.width / layout.width;
    ctx.setTransform(dpr, 0, 0, dpr, 0, 0);
    drawScene(ctx, layout, scene, theme);
    if (anim) schedule();
    root.dataset.theme = theme.dark ? "dark" : "light";
    if (root.dataset.drawnVersion !== String(state.version)) {
      root.dataset.drawnVersion = String(state.version);
      // Tell the host which state this view shows: a synced value that changes with every move, so
      // reactive hosts (marimo) re-run the cells that read the game.
      if (model.get("shown") !== state.version) {
        model.set("shown", state.version);
        model.save_changes();
      }
    }
    root.dispatchEvent(new CustomEvent("windmill-drawn", { detail: { version: state.version } }));
  }

  // ---- state from Python ------------------------------------------------------------------
  function syncPiles() {
    const targets = targetsFrom(state.legal, selected);
    for (const [name, b] of Object.entries(pileEls)) {
      let label = pileLabel(name, state, meta);
      if (name === selected) label += ", picked up";
      else if (targets.has(name)) label += ", can take the picked-up card";
      b.setAttribute("aria-label", label);
      b.setAttribute("aria-pressed", String(name === selected));
      b.dataset.empty = String(name === "stock" ? !state.piles?.stock : !state.piles?.[name]?.length);
    }
  }

  function syncChrome() {
    const playing = state.status === "playing";
    const busy = Boolean(state.autoplay);
    buttons.undo.disabled = busy || !state.can_undo;
    buttons.redo.disabled = busy || !state.can_redo;
    buttons.hint.disabled = busy || !playing;
    buttons.new_game.disabled = busy;
    buttons.restart.disabled = busy || !state.moves;
    buttons.finish.disabled = busy || !state.can_finish;
    buttons.review.disabled = busy || !state.line;
    buttons.autoplay.disabled = busy || !playing || !(meta.players ?? []).length;
    buttons.autoplay.hidden = busy;
    playerSelect.disabled = speedSelect.disabled = busy;
    dealInput.disabled = dealButton.disabled = busy;
    const line = state.line ?? 0;
    slider.max = String(line);
    slider.value = String(state.moves ?? 0);
    slider.disabled = !line || (busy && !replaying());
    slider.setAttribute("aria-valuetext", `Move ${state.moves ?? 0} of ${line}`);
    sliderText.textContent = `Move ${state.moves ?? 0} of ${line}`;
    replayButton.textContent = busy ? "Pause" : "Play";
    replayButton.title = busy ? "Stop at this move" : "Play the line forward from this move";
    replayButton.disabled = busy ? false : !state.can_redo || !line;
    share.textContent = state.share ?? "a staged position";
    sessionText.textContent = state.session && state.session !== "no games yet" ? `This session: ${state.session}.` : "";
    for (const move of meta.stockMoves ?? []) {
      if (buttons[move]) buttons[move].disabled = busy || !(state.legal ?? []).includes(move);
    }
    buttons.stop.hidden = !busy;
    // Beside the slider's "Move 3 of 40" (the deal and its rules are the share line's).
    const left = state.redeals_left;
    info.textContent = left === undefined ? "" : `${left} redeal${left === 1 ? "" : "s"} left`;
    const msg = state.message ?? {};
    const over = Boolean(state.banner);
    banner.hidden = !over;
    if (over) {
      bannerTitle.textContent = state.banner.title;
      bannerText.textContent = state.banner.text;
      bannerUndo.hidden = busy || !state.can_undo || state.status === "won";
      bannerNew.disabled = busy;
    }
    banner.dataset.status = state.status ?? "";
    const stale = msg.id === dismissed;
    messageLine.hidden = over;
    if (selected && pickedUp) {
      messageLine.textContent = pickedUp;
      messageLine.dataset.kind = "pickup";
    } else {
      messageLine.textContent = stale ? "" : (msg.text ?? "");
      messageLine.dataset.kind = stale ? "" : (msg.kind ?? "");
    }
    const detail = !over && !stale && !(selected && pickedUp) ? (msg.detail ?? "") : "";
    whyButton.hidden = !detail;
    whyText.hidden = !detail || whyShown !== msg.id;
    whyText.textContent = detail;
    whyButton.setAttribute("aria-expanded", String(!whyText.hidden));
    root.dataset.status = state.status ?? "";
    root.dataset.version = String(state.version);
  }

  function onState() {
    const prev = state;
    state = model.get("state") ?? {};
    const msg = state.message ?? {};
    const overrides = new Map();
    if (state.version !== prev.version && layout) {
      selected = null;
      if (pendingDrop) {
        overrides.set(pendingDrop.id, pendingDrop.rect);
        clearPendingDrop();
      }
      const plans = planAnimations(layout, prev.piles, state.piles, overrides);
      anim = plans.length ? { plans, start: performance.now() } : null;
      if (prev.status === "playing" && state.status === "won") celebrate();
      else if (state.status !== "won") endCelebration();
    } else if (pendingDrop && msg.id !== pendingDrop.messageId && REFUSALS.has(msg.kind)) {
      snapBack();
    }
    if (selected && !canPickUp(state, selected)) selected = null;
    if (msg.id !== undefined && msg.id !== lastAnnounced) {
      lastAnnounced = msg.id;
      if (msg.text) announce(msg.text);
    }
    syncPiles();
    syncChrome();
    schedule();
    followChart();
  }

  /** A win: the foundations' top cards leap for joy; where reduced motion is asked for, a still glow. */
  function celebrate() {
    const still = reducedMotion();
    celebration = { start: performance.now() + (anim ? MOVE_MS : 0), still };
    root.dataset.celebration = still ? "still" : "running";
    schedule();
  }

  function endCelebration() {
    celebration = null;
    if (root.dataset.celebration) root.dataset.celebration = "";
  }

  function replaying() {
    return Boolean(state.autoplay);
  }

  // ---- the review -------------------------------------------------------------------------
  let chart = null;

  function paintChart() {
    const review = model.get("review_chart") ?? {};
    const chances = review.chances ?? [];
    reviewPanel.hidden = !chances.length || !state.reviewed; // a chart of another game is not shown
    if (!chances.length) return;
    chart = chartLayout(scroller.clientWidth || root.clientWidth || 600, chances.length - 1);
    const dpr = window.devicePixelRatio || 1;
    chartCanvas.style.width = `${chart.width}px`;
    chartCanvas.style.height = `${chart.height}px`;
    chartCanvas.width = Math.round(chart.width * dpr);
    chartCanvas.height = Math.round(chart.height * dpr);
    const ctx = chartCanvas.getContext("2d");
    ctx.setTransform(dpr, 0, 0, dpr, 0, 0);
    drawReviewChart(ctx, chart, review, theme, state.moves ?? 0);
    reviewSummary.textContent = review.summary ?? "";
    reviewNote.textContent = state.review_note ?? "";
    chartCanvas.setAttribute("aria-valuemax", String(chart.moves));
    chartCanvas.setAttribute("aria-valuenow", String(state.moves ?? 0));
    const mark = (review.marks ?? []).find((m) => m.move === (state.moves ?? 0) + 1);
    const c = (review.chances ?? [])[state.moves ?? 0];
    const range = (review.ranges ?? [])[state.moves ?? 0];
    const pc = (x) => `${Math.round(x * 100)}%`;
    const unknown = range ? `chance at least ${pc(range[0])}, at most ${pc(range[1])}` : "chance unknown";
    const chance = c === null || c === undefined ? unknown : `chance ${pc(c)}`;
    chartCanvas.setAttribute("aria-valuetext", `Move ${state.moves ?? 0}, ${chance}${mark ? `; next, a ${mark.band}: ${mark.text}` : ""}`);
  }

  /** To position `i` of the reviewed line; a marked move's point goes to just before it (its arrows show). */
  function seekChart(i, towardMark = false) {
    const marks = model.get("review_chart")?.marks ?? [];
    const to = towardMark && marks.some((m) => m.at === i) ? i - 1 : i;
    if (to !== state.moves && to >= 0 && to <= (state.line ?? 0)) send("seek", { to });
  }

  function onChartClick(event) {
    if (!chart || state.autoplay) return;
    const r = chartCanvas.getBoundingClientRect();
    const i = chartPointAt(chart, event.clientX - r.left, event.clientY - r.top);
    if (i !== null) seekChart(i, true);
  }

  const CHART_KEYS = new Set(["ArrowRight", "ArrowLeft", "Home", "End", "PageDown", "PageUp"]);

  function onChartKey(event) {
    if (!chart || state.autoplay || !CHART_KEYS.has(event.key)) return;
    event.preventDefault();
    event.stopPropagation();
    const now = state.moves ?? 0;
    const marks = (model.get("review_chart")?.marks ?? []).map((m) => m.move - 1);
    const next = { ArrowRight: now + 1, ArrowLeft: now - 1, Home: 0, End: chart.moves,
      PageDown: marks.find((m) => m > now), PageUp: marks.findLast((m) => m < now) }[event.key]; // prettier-ignore
    if (next !== undefined) seekChart(Math.min(chart.moves, Math.max(0, next)));
  }

  /** The chart follows the board and the review (and shows or hides with the reviewed line). */
  let panelHeight = 0;
  function followChart() {
    paintChart();
    // The panel takes its share of the height: fit again when it comes, goes or changes its height (a
    // reason's line), so the whole board and the chart stay in view.
    const height = reviewPanel.hidden ? 0 : reviewPanel.offsetHeight;
    if (height !== panelHeight) {
      panelHeight = height;
      fit();
    }
  }

  function onMeta() {
    meta = model.get("meta") ?? {};
    selected = null;
    build();
    syncPiles();
    syncChrome();
    fit();
  }

  // ---- drag and drop ----------------------------------------------------------------------
  function clearPendingDrop() {
    if (pendingDrop) clearTimeout(pendingDrop.timer);
    pendingDrop = null;
  }

  /** A refused or unanswered drop: the card flies back to where it came from. */
  function snapBack() {
    if (!pendingDrop) return;
    const { id, src, rect } = pendingDrop;
    clearPendingDrop();
    const to = topCardRect(layout, src, state.piles?.[src]?.length ?? 1);
    anim = { plans: [{ id, from: rect, to, delay: 0, pile: src }], start: performance.now() };
    schedule();
  }

  function onPointerDown(event) {
    if (event.button !== 0 || !layout) return;
    const p = localPoint(event);
    const pile = pileAt(layout, p.x, p.y);
    press = { pile, x: p.x, y: p.y, pointerId: event.pointerId };
    if (!pile) stage.focus({ preventScroll: true });
    stage.setPointerCapture?.(event.pointerId);
  }

  function onPointerMove(event) {
    const p = localPoint(event);
    if (drag) {
      drag.x = p.x - drag.dx;
      drag.y = p.y - drag.dy;
      schedule();
      return;
    }
    if (!press || press.pointerId !== event.pointerId) return;
    if (Math.hypot(p.x - press.x, p.y - press.y) < DRAG_THRESHOLD_PX) return;
    if (!canPickUp(state, press.pile) || pendingDrop || state.autoplay) {
      press = null;
      return;
    }
    const ids = state.piles[press.pile];
    const top = topCardRect(layout, press.pile, ids.length);
    // The card comes up into the hand upright, centred where it lay.
    const rect = { x: top.x + top.w / 2 - layout.cardW / 2, y: top.y + top.h / 2 - layout.cardH / 2 };
    drag = { src: press.pile, id: ids.at(-1), dx: press.x - rect.x, dy: press.y - rect.y, x: rect.x, y: rect.y };
    drag.x = p.x - drag.dx;
    drag.y = p.y - drag.dy;
    select(null);
    stage.dataset.dragging = "true";
    schedule();
  }

  function onPointerUp(event) {
    if (!press || press.pointerId !== event.pointerId) return;
    const p = localPoint(event);
    const pile = pileAt(layout, p.x, p.y);
    press = null;
    stage.releasePointerCapture?.(event.pointerId);
    if (drag) {
      const { src, id, x, y } = drag;
      drag = null;
      stage.dataset.dragging = "false";
      const action = dropAction(src, pile);
      const rect = { x, y, w: layout.cardW, h: layout.cardH };
      pendingDrop = { id, src, rect, messageId: state.message?.id, timer: 0 };
      if (action.kind === "move") {
        pendingDrop.timer = setTimeout(snapBack, DROP_REPLY_TIMEOUT_MS);
        perform(action);
      } else {
        snapBack();
      }
      return;
    }
    pileEls[pile]?.focus({ preventScroll: true });
    perform(clickAction(state, selected, pile, meta));
  }

  function onPointerCancel() {
    press = null;
    if (drag) {
      const { src, id, x, y } = drag;
      drag = null;
      stage.dataset.dragging = "false";
      pendingDrop = { id, src, rect: { x, y, w: layout.cardW, h: layout.cardH }, timer: 0 };
      snapBack();
    }
  }

  function onDoubleClick(event) {
    if (!layout) return;
    const p = localPoint(event);
    perform(doubleClickAction(state, pileAt(layout, p.x, p.y), meta));
  }

  // Activation without a pointer (assistive technology, element.click()): same as a click there.
  function onClick(event) {
    const action = event.target.closest("button")?.dataset.action;
    if (action === "why") {
      const id = state.message?.id ?? null;
      whyShown = whyShown === id ? null : id;
      syncChrome();
      return;
    }
    if (action === "play_deal") return; // the deal box's form submits it (Enter too)
    if (action) {
      command(action);
      return;
    }
    const pile = event.target.closest(".windmill-pile")?.dataset.pile;
    const fromKey = performance.now() - keyActivatedAt < 500;
    if (pile && event.detail === 0 && !fromKey) perform(clickAction(state, selected, pile, meta));
  }

  // ---- keyboard ---------------------------------------------------------------------------
  function onKeyDown(event) {
    if (event.target === chartCanvas) {
      onChartKey(event);
      return;
    }
    // Typing in the deal box, or moving the slider or a menu with the keys, is theirs: no board shortcut.
    if (event.target.closest?.("input, select")) {
      event.stopPropagation(); // nor JupyterLab's
      return;
    }
    if (event.target.closest?.(".windmill-toolbar, .windmill-banner, .windmill-linebar") && ["Enter", " "].includes(event.key)) return;
    const action = keyAction(event);
    if (!action || !layout) return;
    const focused = event.target.closest?.(".windmill-pile")?.dataset.pile ?? null;
    if (["left", "right", "up", "down"].includes(action)) {
      const start = focused ?? selected ?? readingOrder(layout)[0];
      pileEls[neighbour(layout, start, action)]?.focus();
    } else if (action === "activate") {
      if (!focused) return;
      keyActivatedAt = performance.now();
      perform(clickAction(state, selected, focused, meta));
    } else if (action === "cancel") {
      if (state.autoplay) command("stop");
      else if (selected) select(null);
      else return;
    } else {
      command(action);
    }
    // Handled here: keep JupyterLab's notebook shortcuts (and page scrolling) out of it.
    event.preventDefault();
    event.stopPropagation();
  }

  // ---- the line bar -------------------------------------------------------------------------
  function onSlider() {
    const to = Number(slider.value);
    if (Number.isInteger(to) && to !== state.moves) send("seek", { to });
  }

  function onDealSubmit(event) {
    event.preventDefault();
    command("play_deal");
  }

  // ---- wiring -----------------------------------------------------------------------------
  const listeners = [
    [stage, "pointerdown", onPointerDown],
    [stage, "pointermove", onPointerMove],
    [stage, "pointerup", onPointerUp],
    [stage, "pointercancel", onPointerCancel],
    [stage, "dblclick", onDoubleClick],
    [root, "click", onClick],
    [root, "keydown", onKeyDown],
    [slider, "change", onSlider],
    [dealForm, "submit", onDealSubmit],
    [chartCanvas, "click", onChartClick],
  ];
  for (const [target, type, fn] of listeners) target.addEventListener(type, fn);
  model.on("change:state", onState);
  model.on("change:meta", onMeta);
  model.on("change:size", fit);
  model.on("change:pile_names", schedule);
  model.on("change:compact", fit);
  model.on("change:review_chart", followChart);
  // The window's height decides a fitted board's size too: follow it (the observer sees widths only).
  window.addEventListener("resize", fit);
  // A card picked up stays picked up while the page scrolls; the line says where it went.
  document.addEventListener("scroll", onScroll, { capture: true, passive: true });

  // Fit again when the room changes: the board's width, or the height of what shows it. Not when the
  // board's own height changes (a longer message line): the cards would jump between two clicks.
  let room = "";
  const resizeObserver = new ResizeObserver(() => {
    if (!root.isConnected) {
      room = ""; // taken off the page: its size is no size to lay out for; put back, fit again
      return;
    }
    const now = `${root.clientWidth} ${watchedHost?.clientHeight ?? window.innerHeight}`;
    if (now === room) return;
    room = now;
    fit();
  });
  resizeObserver.observe(root);
  // A theme switch (JupyterLab, marimo) flips attributes on <html> or <body>: the canvas must repaint.
  const onTheme = () => {
    theme = readTheme(root);
    schedule();
    paintChart();
  };
  const themeObserver = new MutationObserver(onTheme);
  const themeAttributes = ["data-jp-theme-light", "data-jp-theme-name", "class", "data-theme", "style"];
  themeObserver.observe(document.body, { attributes: true, attributeFilter: themeAttributes });
  themeObserver.observe(document.documentElement, { attributes: true, attributeFilter: themeAttributes });
  // Moving to a screen with another pixel ratio needs a sharper (or lighter) backing store.
  let dprQuery = null;
  const onDpr = () => {
    watchDpr();
    fit();
  };
  function watchDpr() {
    dprQuery?.removeEventListener("change", onDpr);
    dprQuery = window.matchMedia?.(`(resolution: ${window.devicePixelRatio || 1}dppx)`) ?? null;
    dprQuery?.addEventListener("change", onDpr);
  }
  watchDpr();

  build();
  syncPiles();
  syncChrome(); // before fitting: the lines under the board take their share of the height
  fit();
  paintChart();
  // Styles may arrive after the first paint (theme CSS loading): read them again once settled.
  const settle = setTimeout(onTheme, MOVE_MS);

  return () => {
    for (const [target, type, fn] of listeners) target.removeEventListener(type, fn);
    model.off("change:state", onState);
    model.off("change:meta", onMeta);
    model.off("change:size", fit);
    model.off("change:pile_names", schedule);
    model.off("change:compact", fit);
    model.off("change:review_chart", followChart);
    window.removeEventListener("resize", fit);
    document.removeEventListener("scroll", onScroll, { capture: true });
    resizeObserver.disconnect();
    themeObserver.disconnect();
    dprQuery?.removeEventListener("change", onDpr);
    if (frame) cancelAnimationFrame(frame);
    frame = 0;
    anim = null;
    clearTimeout(settle);
    clearPendingDrop();
    root.remove();
  };
}

export default { render };
