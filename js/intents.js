// What a click, a drop or a double-click means, as an intent for Python to judge. Pure functions:
// legality is never decided here; the legal moves Python publishes only steer selection and
// highlighting, and any attempted move goes to Python, which refuses it with the engine's sentence.

/** The piles a move from `src` may go to, according to Python's list of legal moves. */
export function targetsFrom(legal, src) {
  const out = new Set();
  if (!src) return out;
  for (const m of legal ?? []) {
    const [from, to] = m.split(">");
    if (from === src && to) out.add(to);
  }
  return out;
}

/** Piles that are the source of at least one legal move. */
export function sources(legal) {
  const out = new Set();
  for (const m of legal ?? []) {
    const [from, to] = m.split(">");
    if (to) out.add(from);
  }
  return out;
}

/** Can the player pick up the top card of `pile`? Any non-empty pile but the stock (which deals). */
export function canPickUp(state, pile) {
  if (!pile || pile === "stock") return false;
  const ids = state?.piles?.[pile];
  return Array.isArray(ids) && ids.length > 0;
}

/**
 * A click (or Enter/Space) on `pile` with `selected` already lifted. Returns one of
 *   {kind: "deal"} | {kind: "select", pile} | {kind: "deselect"} | {kind: "move", move} | {kind: "none"}
 */
export function clickAction(state, selected, pile) {
  if (!pile) return selected ? { kind: "deselect" } : { kind: "none" };
  if (pile === "stock") return { kind: "deal" };
  if (!selected) return canPickUp(state, pile) ? { kind: "select", pile } : { kind: "none" };
  if (pile === selected) return { kind: "deselect" };
  const legal = state?.legal ?? [];
  const move = `${selected}>${pile}`;
  if (legal.includes(move)) return { kind: "move", move };
  // Not a legal target: if the player can start a move from there, they changed their mind.
  if (sources(legal).has(pile)) return { kind: "select", pile };
  // Otherwise let the engine explain why this move is not allowed.
  return { kind: "move", move };
}

/**
 * Double-click on `pile`: to the centre if that is legal, else to the only legal foundation;
 * with several choices the card is just picked up so the player chooses; with none, the
 * move to the centre is sent so the engine says why not.
 */
export function doubleClickAction(state, pile) {
  if (pile === "stock") return { kind: "deal" };
  if (!canPickUp(state, pile)) return { kind: "none" };
  const legal = state?.legal ?? [];
  const toCentre = `${pile}>c`;
  if (legal.includes(toCentre)) return { kind: "move", move: toCentre };
  const targets = [...targetsFrom(legal, pile)];
  if (targets.length === 1) return { kind: "move", move: `${pile}>${targets[0]}` };
  if (targets.length > 1) return { kind: "select", pile };
  if (pile === "c") return { kind: "none" };
  return { kind: "move", move: toCentre };
}

/** A drop of the card lifted from `src` on `dst` (or outside every pile, `dst` null). */
export function dropAction(src, dst) {
  if (!dst || dst === src) return { kind: "cancel" };
  return { kind: "move", move: `${src}>${dst}` };
}

/** The keys of the board, as named actions; null for keys the board leaves alone. */
export function keyAction(event) {
  const key = event.key;
  const mod = event.ctrlKey || event.metaKey;
  if (event.altKey) return null;
  if (mod) {
    if (key === "z" || key === "Z") return event.shiftKey ? "redo" : "undo";
    if (key === "y" || key === "Y") return "redo";
    return null;
  }
  switch (key) {
    case "d":
    case "D":
      return "deal";
    case "u":
    case "U":
      return "undo";
    case "r":
    case "R":
      return "redo";
    case "h":
    case "H":
      return "hint";
    case "n":
    case "N":
      return "new_game";
    case "Escape":
      return "cancel";
    case "Enter":
    case " ":
      return "activate";
    case "ArrowLeft":
      return "left";
    case "ArrowRight":
      return "right";
    case "ArrowUp":
      return "up";
    case "ArrowDown":
      return "down";
    default:
      return null;
  }
}
