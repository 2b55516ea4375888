// What a click, a drop or a double-click means, as an intent for Python to judge, for either game.
// Pure functions: legality is never decided here; the legal moves Python publishes only steer
// selection and highlighting, and any attempted move goes to Python, which refuses it with the
// engine's sentence. What differs between the games comes from Python too, in `meta`: the stock's
// moves (Windmill's deal; Crazy Quilt's turn and redeal), the foundations, the preferred target.

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
 * What the stock does when clicked: the first of the game's stock moves that is legal now (Crazy
 * Quilt turns while the stock has cards, then redeals); the first one, for the engine to explain why
 * not, when none is; null before the game's facts (`meta`, sent by Python) arrive.
 */
export function stockMove(state, meta) {
  const moves = meta?.stockMoves ?? [];
  const legal = state?.legal ?? [];
  return moves.find((m) => legal.includes(m)) ?? moves[0] ?? null;
}

/** The stock's click as an action: its move, or nothing when the game has not said what it is. */
function stockAction(state, meta) {
  const move = stockMove(state, meta);
  return move ? { kind: "move", move } : { kind: "none" };
}

/**
 * A click (or Enter/Space) on `pile` with `selected` already lifted. Returns one of
 *   {kind: "move", move} (the stock's move too) | {kind: "select", pile} | {kind: "deselect"} |
 *   {kind: "none"}
 */
export function clickAction(state, selected, pile, meta) {
  if (!pile) return selected ? { kind: "deselect" } : { kind: "none" };
  if (pile === "stock") return stockAction(state, meta);
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

/** The foundation a card is sent to for the engine to explain why it cannot go home: `meta.home` is a
 * pile name (Windmill's centre) or a map from the card's suit to one (Crazy Quilt's Ace foundations). */
function homeFor(state, pile, meta) {
  const home = meta?.home ?? null;
  if (home === null || typeof home === "string") return home;
  const id = state?.piles?.[pile]?.at(-1);
  const face = meta?.faces?.[id] ?? "";
  return home[face[1]] ?? null;
}

/**
 * Double-click on `pile`: to the foundation that takes it. The game's preferred foundation first
 * (Windmill's centre), else the only foundation that takes it; with several choices (a Crazy Quilt
 * card that fits both foundations of its suit) the card is just picked up so the player chooses;
 * with none, the move home is sent so the engine says why not.
 */
export function doubleClickAction(state, pile, meta) {
  if (pile === "stock") return stockAction(state, meta);
  if (!canPickUp(state, pile)) return { kind: "none" };
  // The game's facts (Python's board_facts) name the foundations: no game's are assumed here.
  const foundations = meta?.foundations ?? [];
  const targets = targetsFrom(state?.legal, pile);
  const homes = foundations.filter((f) => targets.has(f));
  const preferred = meta?.preferred;
  if (preferred && homes.includes(preferred)) return { kind: "move", move: `${pile}>${preferred}` };
  if (homes.length === 1) return { kind: "move", move: `${pile}>${homes[0]}` };
  if (homes.length > 1) return { kind: "select", pile };
  if (foundations.includes(pile)) return { kind: "none" }; // a foundation card with nowhere to go
  const home = homeFor(state, pile, meta);
  return home ? { kind: "move", move: `${pile}>${home}` } : { kind: "select", pile };
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
    case "t":
    case "T":
      return "stock";
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
