// Kaartspel's board (#board, an SVG, with #board-list saying the same in words): the 16
// spaces clockwise with their cards, owners' chips and Yahtzee tokens, the JOKER corners in
// the seats' colours, the yellow track whose pawns walk square by square (or jump, under
// prefers-reduced-motion), and the tray: whose turn, the red die, the Casino banner.
import { $, el, t } from "./common.js";
import { PIPS } from "./pips.js";

const SVG = "http://www.w3.org/2000/svg";
// The seats' colours (a seat's JOKER corner, chips and pawn).
const COLORS = ["#c8322b", "#2456b8", "#23803f", "#d99a00"];
// Each space's (row, column) on a 5 x 5 ring, clockwise from the top-left corner.
const GRID = [[0, 0], [0, 1], [0, 2], [0, 3], [0, 4], [1, 4], [2, 4], [3, 4],
  [4, 4], [4, 3], [4, 2], [4, 1], [4, 0], [3, 0], [2, 0], [1, 0]];
const CELL = 100;          // an outer space
const TRACK0 = 110;        // the yellow track's ring starts here
const TRACK = 56;          // a track square
const STEP_MS = 230;       // a pawn's step from square to square
const TRAY_TEXT = 150;     // the widest name the Casino tray shows at its own size
const reducedMotion = window.matchMedia("(prefers-reduced-motion: reduce)");

/**
 * @typedef {import("./api.js").KaartspelSpace} Space
 * @typedef {{ spaces: Space[], players: { name: string, pawn: number }[], to_move: number | null,
 *   red?: number | null, casino?: boolean, status: string }} BoardState what the board draws
 *   (a table's state, or a puzzle's position)
 */

/**
 * @param {string} tag
 * @param {Record<string, unknown>} [attrs]
 * @param {...any} children nodes and texts (lists of them too); null and undefined left out
 * @returns {SVGElement}
 */
function svg(tag, attrs = {}, ...children) {
  const node = document.createElementNS(SVG, tag);
  for (const [name, value] of Object.entries(attrs)) {
    if (value !== null && value !== undefined) node.setAttribute(name, String(value));
  }
  children.flat().forEach((c) => { if (c !== null && c !== undefined) node.append(c); });
  return node;
}

/** A card's name in the page's language.
 * @param {string | null} card */
export function cardName(card) {
  return t(`kaart.card.${card}`);
}

/** A take in words: the card, placed, stolen or raised (`option.kind`) to `option.score`,
 * marked when a Yahtzee takes it or a token goes on it.
 * @param {string} card
 * @param {{ kind?: string, score?: number | null, yahtzee?: boolean, token?: boolean }} option */
export function takeLabel(card, option) {
  let text = t(`kaart.take_${option.kind}`, { card: cardName(card), score: option.score });
  if (option.yahtzee) text = `${t("kaart.take_yahtzee")} ${text}`;
  if (option.token) text += ` (${t("kaart.take_token")})`;
  return text;
}

/** What the seat to move (`seat`) throws the black dice for, or its choice next to an own
 * card (`canRaise`: a raise is open); `playerName(seat)` names a card's owner.
 * @param {{ spaces: Space[], players: { pawn: number }[], phase: string, target?: string | null }} state
 * @param {number} seat
 * @param {boolean} canRaise
 * @param {(seat: number) => string} playerName */
export function aimLine(state, seat, canRaise, playerName) {
  const here = state.spaces[state.players[seat].pawn];
  if (state.phase === "choose") {
    const params = { card: cardName(here.card), score: here.score };
    return canRaise ? t("kaart.phase.choose", params) : t("kaart.phase.choose_no_raise", params);
  }
  if (state.target === "steal") {
    return t("kaart.phase.steal", { card: cardName(here.card), name: playerName(/** @type {number} */ (here.owner)), score: here.score });
  }
  if (state.target === "raise") return t("kaart.phase.raise", { card: cardName(here.card), score: here.score });
  return t(`kaart.phase.${state.target === "joker" ? "joker" : "space"}`);
}

/** The board of the table's players; `playerName(seat)` names a seat. Returns
 * `{ draw(state) }`, called with every state.
 * @param {(seat: number) => string} playerName */
export function kaartBoard(playerName) {
  /** @type {number[]} */
  const pawnAt = [];      // the square each pawn is drawn on now
  /** @type {number[][]} */
  const pawnTimers = [];  // each pawn's steps still to walk

  // The board: 16 spaces round the edge, the yellow track inside, the tray in the middle.
  /** @param {number} space */
  function spaceBox(space) {
    const [row, col] = GRID[space];
    return { x: col * CELL, y: row * CELL };
  }
  /** @param {number} square */
  function trackCentre(square) {
    const [row, col] = GRID[square];
    return { x: TRACK0 + col * TRACK + TRACK / 2, y: TRACK0 + row * TRACK + TRACK / 2 };
  }
  /**
   * @param {number} seat
   * @param {number} square
   */
  function pawnPoint(seat, square) {
    const c = trackCentre(square);
    const dx = [-10, 10, -10, 10][seat];
    const dy = [-10, -10, 10, 10][seat];
    return { x: c.x + dx, y: c.y + dy };
  }

  function buildBoard() {
    const board = $("board");
    if (board.querySelector(".spaces")) return;
    const spaces = svg("g", { class: "spaces" });
    const track = svg("g", { class: "track" });
    for (let s = 0; s < 16; s += 1) {
      const { x, y } = spaceBox(s);
      spaces.append(svg("g", { class: "space", "data-space": s, transform: `translate(${x} ${y})` }));
      const c = trackCentre(s);
      track.append(svg("rect", { class: "track-square", x: c.x - TRACK / 2 + 2, y: c.y - TRACK / 2 + 2,
        width: TRACK - 4, height: TRACK - 4, rx: 6 }),
      svg("text", { class: "track-number", x: c.x - TRACK / 2 + 6, y: c.y - TRACK / 2 + 14 }, String(s)));
    }
    const tray = svg("g", { class: "tray" },
      svg("rect", { class: "tray-felt", x: 168, y: 168, width: 164, height: 164, rx: 12 }),
      svg("text", { class: "tray-player", x: 250, y: 192, "text-anchor": "middle" }),
      svg("g", { class: "red-die", role: "img", transform: "translate(222 206)" }),
      svg("text", { class: "casino-banner", x: 250, y: 312, "text-anchor": "middle" }));
    board.append(spaces, track, tray, svg("g", { class: "pawns" }));
  }

  /**
   * @param {Element} group
   * @param {Space} info
   */
  function drawSpace(group, info) {
    group.replaceChildren();
    const n = info.space;
    if (info.kind === "joker") {
      const color = info.corner_of === null ? "#8d8274" : COLORS[info.corner_of];
      group.append(svg("rect", { class: "joker", x: 3, y: 3, width: CELL - 6, height: CELL - 6, rx: 10, fill: color }),
        svg("text", { class: "joker-label", x: 50, y: 56, "text-anchor": "middle" }, t("kaart.joker")),
        svg("text", { class: "space-number light", x: 8, y: 18 }, String(n)));
      return;
    }
    if (!info.card) {
      group.append(svg("rect", { class: "space-empty", x: 3, y: 3, width: CELL - 6, height: CELL - 6, rx: 8 }),
        svg("path", { class: "ruit", d: "M50 22 L76 50 L50 78 L24 50 Z" }),
        svg("text", { class: "space-number", x: 8, y: 18 }, String(n)));
      return;
    }
    const color = COLORS[/** @type {number} */ (info.owner)];
    group.append(svg("rect", { class: "space-card", x: 3, y: 3, width: CELL - 6, height: CELL - 6, rx: 8, stroke: color }),
      cardLabel(t(`kaart.short.${info.card}`)),
      svg("circle", { class: `chip${info.token ? " token" : ""}`, cx: 50, cy: 62, r: 21, fill: color }),
      svg("text", { class: "chip-score", x: 50, y: 69, "text-anchor": "middle" }, String(info.score)),
      svg("text", { class: "space-number", x: 8, y: 18 }, String(n)));
    if (info.token) {
      group.append(svg("text", { class: "token-mark", x: 84, y: 90, "text-anchor": "middle" }, "Y"));
    }
  }

  // A card's name on its space, squeezed to fit when it is long.
  /** @param {string} text */
  function cardLabel(text) {
    const label = svg("text", { class: "card-name", x: 50, y: 32, "text-anchor": "middle" }, text);
    if (text.length > 8) {
      label.setAttribute("textLength", String(Math.min(84, text.length * 9)));
      label.setAttribute("lengthAdjust", "spacingAndGlyphs");
    }
    return label;
  }

  /** @param {Space} info */
  function spaceLabel(info) {
    const n = info.space;
    let text;
    if (info.kind === "joker") {
      text = info.corner_of === null ? t("kaart.space_joker", { n })
        : t("kaart.space_joker_of", { n, name: playerName(info.corner_of) });
    } else if (!info.card) {
      text = t("kaart.space_empty", { n });
    } else {
      text = t("kaart.space_card", { n, card: cardName(info.card), name: playerName(/** @type {number} */ (info.owner)), score: info.score });
      if (info.token) text += ` (${t("kaart.space_token")})`;
    }
    if (info.pawns.length) text += `; ${t("kaart.pawns_here", { names: info.pawns.map(playerName).join(", ") })}`;
    return text;
  }

  /** @param {BoardState} state */
  function draw(state) {
    buildBoard();
    const board = $("board");
    state.spaces.forEach((info) => {
      const group = board.querySelector(`.space[data-space="${info.space}"]`);
      group.classList.toggle("here", state.to_move !== null
        && state.players[state.to_move].pawn === info.space);
      drawSpace(group, info);
    });
    $("board-list").replaceChildren(...state.spaces.map((info) => el("li", { text: spaceLabel(info) })));
    // the tray: whose turn, the red die, the Casino banner
    const mover = state.to_move;
    const who = board.querySelector(".tray-player");
    who.textContent = mover === null ? "" : playerName(mover);
    who.setAttribute("fill", mover === null ? "#fff" : COLORS[mover]);
    // a long name is narrowed to the felt (164 wide), never drawn over the board
    who.removeAttribute("textLength");
    if (who.getComputedTextLength() > TRAY_TEXT) {
      who.setAttribute("textLength", String(TRAY_TEXT));
      who.setAttribute("lengthAdjust", "spacingAndGlyphs");
    }
    const red = board.querySelector(".red-die");
    red.replaceChildren(svg("rect", { class: "red-body", width: 56, height: 56, rx: 10 }));
    if (state.red) {
      PIPS[state.red].forEach((cell) => red.append(svg("circle", {
        class: "red-pip", cx: 12 + (cell % 3) * 16, cy: 12 + Math.floor(cell / 3) * 16, r: 5,
      })));
    }
    red.setAttribute("aria-label", state.red ? t("kaart.red_value", { n: state.red }) : t("kaart.red"));
    board.querySelector(".casino-banner").textContent = state.casino && state.status !== "finished"
      ? t("kaart.casino_banner") : "";
    drawPawns(state);
  }

  /** @param {BoardState} state */
  function drawPawns(state) {
    const layer = $("board").querySelector(".pawns");
    state.players.forEach((p, seat) => {
      let pawn = layer.querySelector(`[data-seat="${seat}"]`);
      if (!pawn) {
        pawn = svg("g", { class: "pawn", "data-seat": seat },
          svg("circle", { r: 12, fill: COLORS[seat] }),
          svg("text", { class: "pawn-initial", y: 5, "text-anchor": "middle" }, p.name.slice(0, 1).toUpperCase()));
        layer.append(pawn);
        placePawn(pawn, seat, p.pawn);
        return;
      }
      pawn.classList.toggle("moving-now", seat === state.to_move);
      movePawn(pawn, seat, p.pawn);
    });
  }

  /**
   * @param {HTMLElement | SVGElement} pawn
   * @param {number} seat
   * @param {number} square
   */
  function placePawn(pawn, seat, square) {
    const { x, y } = pawnPoint(seat, square);
    pawn.style.transform = `translate(${x}px, ${y}px)`;
    pawn.dataset.square = String(square);
    pawnAt[seat] = square;
  }

  // A pawn walks square by square (a red-die move) or goes straight to a card it took.
  /**
   * @param {HTMLElement | SVGElement} pawn
   * @param {number} seat
   * @param {number} square
   */
  function movePawn(pawn, seat, square) {
    (pawnTimers[seat] || []).forEach((id) => window.clearTimeout(id));
    pawnTimers[seat] = [];
    const from = pawnAt[seat];
    if (from === square) return;
    const distance = (square - from + 16) % 16;
    if (reducedMotion.matches || distance > 6) {
      placePawn(pawn, seat, square);
      return;
    }
    for (let k = 1; k <= distance; k += 1) {
      pawnTimers[seat].push(window.setTimeout(() => placePawn(pawn, seat, (from + k) % 16), (k - 1) * STEP_MS));
    }
  }

  return { draw };
}
