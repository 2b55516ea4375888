// anywidget glue for the Windmill board: builds the DOM, turns pointer and keyboard input into
// intents for Python, and repaints when Python publishes a new state. Each view keeps only
// what is local to it (selection, drag, animation); the game lives in Python.

import "./widget.css";
import { MOVE_MS, framePositions, planAnimations } from "./animate.js";
import { drawScene } from "./draw.js";
import { canPickUp, clickAction, doubleClickAction, dropAction, keyAction, targetsFrom } from "./intents.js";
import { PILE_NAMES, computeLayout, neighbour, pileAt, readingOrder, topCardRect } from "./layout.js";
import { readTheme } from "./theme.js";

const TOOLBAR = [
  ["new_game", "New game", "New game (n)"],
  ["undo", "Undo", "Undo (u or Ctrl+Z)"],
  ["redo", "Redo", "Redo (r or Ctrl+Y)"],
  ["hint", "Hint", "Show the suggested move (h)"],
  ["deal", "Deal", "Deal a card from the stock (d)"],
  ["stop", "Stop", "Stop autoplay (Esc)"],
];
const DRAG_THRESHOLD_PX = 5;
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

/** What a screen reader hears for a pile, e.g. "Sail n1: 7 of hearts". */
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
  return `${label}: ${top}`;
}

/** The piles a hint points at: "n1>c" -> {src: "n1", dst: "c"}; "deal" -> the stock alone. */
function hintPiles(hint) {
  if (!hint) return null;
  if (hint === "deal") return { src: "stock", dst: null };
  const [src, dst] = hint.split(">");
  return { src, dst };
}

function render({ model, el }) {
  // ---- DOM --------------------------------------------------------------------------------
  const buttons = {};
  const toolbar = element("div", { className: "windmill-toolbar", role: "toolbar", "aria-label": "Windmill controls" });
  for (const [action, text, title] of TOOLBAR) {
    buttons[action] = element("button", { type: "button", title, dataset: { action } }, text);
    toolbar.append(buttons[action]);
  }
  const info = element("span", { className: "windmill-info" });
  toolbar.append(info);

  const canvas = element("canvas", { "aria-hidden": "true" });
  const pileLayer = element("div", { className: "windmill-piles", role: "group", "aria-label": "Windmill board" });
  const pileEls = {};
  for (const name of PILE_NAMES) {
    pileEls[name] = element("button", { type: "button", className: "windmill-pile", dataset: { pile: name } });
  }
  const bannerTitle = element("h3");
  const bannerText = element("p");
  const bannerNew = element("button", { type: "button", dataset: { action: "new_game" } }, "New game");
  const bannerUndo = element("button", { type: "button", dataset: { action: "undo" } }, "Undo");
  const banner = element("div", { className: "windmill-banner", hidden: true, role: "alert" },
    bannerTitle, bannerText, bannerNew, bannerUndo); // prettier-ignore
  const stage = element("div", { className: "windmill-stage", tabIndex: -1 }, canvas, pileLayer, banner);
  const messageLine = element("div", { className: "windmill-message" });
  const live = element("div", { className: "windmill-sr-only", "aria-live": "polite", role: "status" });
  const root = element("div", { className: "windmill", "data-lm-suppress-shortcuts": "true" },
    toolbar, stage, messageLine, live); // prettier-ignore
  el.append(root);

  // ---- view-local state -------------------------------------------------------------------
  let state = model.get("state") ?? {};
  let meta = model.get("meta") ?? {};
  let layout = computeLayout(el.clientWidth || 640);
  let theme = readTheme(root);
  let selected = null; // pile whose top card is lifted by click or keyboard
  let press = null; // pointer down, maybe becoming a drag
  let drag = null; // {src, id, dx, dy, x, y}
  let pendingDrop = null; // {id, src, rect, messageId, timer}
  let anim = null; // {plans, start}
  let frame = 0;
  let lastAnnounced = state.message?.id ?? null;
  let focusOrder = [];
  let keyActivatedAt = Number.NEGATIVE_INFINITY; // a key's own click event must not act twice

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
    if (pile) {
      const name = (p) => (meta.labels?.[p] ?? p).toLowerCase();
      const targets = [...targetsFrom(state.legal, pile)].map(name);
      const card = meta.names?.[state.piles[pile].at(-1)];
      announce(
        `Picked up the ${card} from ${name(pile)}. ` +
          (targets.length ? `It can go to ${targets.join(", ")}.` : "It has no legal move now."),
      );
    }
    syncPiles();
    schedule();
  }

  function perform(action) {
    switch (action.kind) {
      case "deal":
        selected = null;
        send("deal");
        break;
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
    if (name === "deal") perform({ kind: "deal" });
    else if (["undo", "redo", "hint", "new_game", "stop"].includes(name)) {
      selected = null;
      send(name);
    }
    schedule();
  }

  // ---- geometry ---------------------------------------------------------------------------
  function fit() {
    const width = Math.max(1, Math.floor(root.clientWidth || el.clientWidth || 640));
    layout = computeLayout(width);
    const dpr = window.devicePixelRatio || 1;
    canvas.style.width = `${layout.width}px`;
    canvas.style.height = `${layout.height}px`;
    canvas.width = Math.round(layout.width * dpr);
    canvas.height = Math.round(layout.height * dpr);
    stage.style.height = `${layout.height}px`;
    for (const name of PILE_NAMES) {
      const r = layout.piles[name];
      Object.assign(pileEls[name].style, { left: `${r.x}px`, top: `${r.y}px`, width: `${r.w}px`, height: `${r.h}px` });
    }
    const order = readingOrder(layout);
    if (order.join() !== focusOrder.join()) {
      focusOrder = order;
      pileLayer.replaceChildren(...order.map((n) => pileEls[n]));
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
    const floating = [];
    if (anim) {
      const positions = framePositions(anim.plans, now - anim.start);
      for (const p of positions) if (!p.done) floating.push({ ...p, lifted: true });
      if (positions.every((p) => p.done)) anim = null;
    }
    if (pendingDrop) floating.push({ id: pendingDrop.id, x: pendingDrop.rect.x, y: pendingDrop.rect.y, lifted: true });
    if (drag) floating.push({ id: drag.id, x: drag.x, y: drag.y, lifted: true });
    const source = drag?.src ?? selected;
    const scene = {
      piles: state.piles ?? {},
      faces: meta.faces ?? [],
      caps: meta.caps ?? {},
      labels: { stock: meta.labels?.stock ?? "Stock", waste: meta.labels?.waste ?? "Waste" },
      selected: drag ? null : selected,
      targets: targetsFrom(state.legal, source),
      hint: source ? null : hintPiles(state.hint),
      floating,
      hidden: new Set(floating.map((f) => f.id)),
    };
    const ctx = canvas.getContext("2d");
    const dpr = canvas.width / layout.width;
    ctx.setTransform(dpr, 0, 0, dpr, 0, 0);
    drawScene(ctx, layout, scene, theme);
    if (anim) schedule();
    root.dataset.theme = theme.dark ? "dark" : "light";
    root.dataset.drawnVersion = String(state.version);
    root.dispatchEvent(new CustomEvent("windmill-drawn", { detail: { version: state.version } }));
  }

  // ---- state from Python ------------------------------------------------------------------
  function syncPiles() {
    const targets = targetsFrom(state.legal, selected);
    for (const name of PILE_NAMES) {
      const b = pileEls[name];
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
    buttons.undo.disabled = !state.can_undo;
    buttons.redo.disabled = !state.can_redo;
    buttons.deal.disabled = !(state.legal ?? []).includes("deal");
    buttons.hint.disabled = !playing;
    buttons.stop.hidden = !state.autoplay;
    for (const k of ["undo", "redo", "deal", "hint", "new_game"]) if (state.autoplay) buttons[k].disabled = true;
    const parts = [`Move ${state.moves ?? 0}`];
    if (state.seed !== null && state.seed !== undefined) parts.push(`seed ${state.seed}`);
    if (state.rules) parts.push(`${state.rules} rules`);
    info.textContent = parts.join(" · ");
    const msg = state.message ?? {};
    messageLine.textContent = msg.text ?? "";
    messageLine.dataset.kind = msg.kind ?? "";
    banner.hidden = playing || !state.status;
    banner.dataset.status = state.status ?? "";
    bannerTitle.textContent = state.status === "won" ? "You won!" : "Game over";
    bannerText.textContent = msg.text ?? "";
    bannerUndo.hidden = !state.can_undo || state.status === "won";
    root.dataset.status = state.status ?? "";
    root.dataset.version = String(state.version);
  }

  function onState() {
    const prev = state;
    state = model.get("state") ?? {};
    const msg = state.message ?? {};
    const overrides = new Map();
    if (state.version !== prev.version) {
      selected = null;
      if (pendingDrop) {
        overrides.set(pendingDrop.id, pendingDrop.rect);
        clearPendingDrop();
      }
      const plans = planAnimations(layout, prev.piles, state.piles, overrides);
      anim = plans.length ? { plans, start: performance.now() } : null;
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
  }

  function onMeta() {
    meta = model.get("meta") ?? {};
    syncPiles();
    schedule();
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
    if (event.button !== 0 || event.target.closest(".windmill-banner")) return;
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
    const rect = topCardRect(layout, press.pile, ids.length);
    drag = { src: press.pile, id: ids.at(-1), dx: press.x - rect.x, dy: press.y - rect.y, x: rect.x, y: rect.y };
    drag.x = p.x - drag.dx;
    drag.y = p.y - drag.dy;
    selected = null;
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
    perform(clickAction(state, selected, pile));
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
    const p = localPoint(event);
    perform(doubleClickAction(state, pileAt(layout, p.x, p.y)));
  }

  // Activation without a pointer (assistive technology, element.click()): same as a click there.
  function onClick(event) {
    const action = event.target.closest("button")?.dataset.action;
    if (action) {
      command(action);
      return;
    }
    const pile = event.target.closest(".windmill-pile")?.dataset.pile;
    const fromKey = performance.now() - keyActivatedAt < 500;
    if (pile && event.detail === 0 && !fromKey) perform(clickAction(state, selected, pile));
  }

  // ---- keyboard ---------------------------------------------------------------------------
  function onKeyDown(event) {
    if (event.target.closest?.(".windmill-toolbar, .windmill-banner") && ["Enter", " "].includes(event.key)) return;
    const action = keyAction(event);
    if (!action) return;
    const focused = event.target.closest?.(".windmill-pile")?.dataset.pile ?? null;
    if (["left", "right", "up", "down"].includes(action)) {
      const next = neighbour(layout, focused ?? selected ?? "c", action);
      pileEls[next].focus();
    } else if (action === "activate") {
      if (!focused) return;
      keyActivatedAt = performance.now();
      perform(clickAction(state, selected, focused));
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

  // ---- wiring -----------------------------------------------------------------------------
  const listeners = [
    [stage, "pointerdown", onPointerDown],
    [stage, "pointermove", onPointerMove],
    [stage, "pointerup", onPointerUp],
    [stage, "pointercancel", onPointerCancel],
    [stage, "dblclick", onDoubleClick],
    [root, "click", onClick],
    [root, "keydown", onKeyDown],
  ];
  for (const [target, type, fn] of listeners) target.addEventListener(type, fn);
  model.on("change:state", onState);
  model.on("change:meta", onMeta);

  const resizeObserver = new ResizeObserver(() => fit());
  resizeObserver.observe(root);
  // A theme switch in JupyterLab flips attributes on <body>; the canvas must repaint itself.
  const themeObserver = new MutationObserver(() => {
    theme = readTheme(root);
    schedule();
  });
  themeObserver.observe(document.body, { attributes: true, attributeFilter: ["data-jp-theme-light", "data-jp-theme-name", "class"] });
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

  syncPiles();
  syncChrome();
  fit();
  // Styles may arrive after the first paint (theme CSS loading): read them again once settled.
  const settle = setTimeout(() => {
    theme = readTheme(root);
    schedule();
  }, MOVE_MS);

  return () => {
    for (const [target, type, fn] of listeners) target.removeEventListener(type, fn);
    model.off("change:state", onState);
    model.off("change:meta", onMeta);
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
