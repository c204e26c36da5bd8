// Whose turn it is, seen from this browser, for every mode: from the table's state
// (`to_move`, the same in every mode) and the seats this browser acts for (`table.you`).
// The mode scripts ask these instead of keeping their own copies.
import { announce, t } from "./common.js";

/**
 * The turn questions of `table` (its `state` and `you`); `message(text)` shows a line.
 * @param {{ state: import("./types.js").Shown | null, you: number[] }} table
 * @param {(text: string) => void} message
 */
export function turnOf(table, message) {
  /** Whether a seat this browser acts for is to move in `state` (default: the one shown). */
  function myTurn(state = table.state) {
    return Boolean(state && state.to_move !== null && table.you.includes(state.to_move));
  }

  /** Whether this browser only watches (it acts for no seat, once the table is known). */
  function watching() {
    return table.state !== null && table.you.length === 0;
  }

  /** The table's seat `i` (`computer`, `present` …; {} where the state has no seats).
   * @param {number} i
   * @returns {Partial<import("./api.js").Seat>} */
  function seatOf(i) {
    return table.state?.seats?.[i] || {};
  }

  /** The name of the player at seat `i`.
   * @param {number} i */
  function playerName(i) {
    return table.state?.players[i]?.name ?? "?";
  }

  /** Whether a computer is to move now (the coach advises people only). */
  function computerToMove() {
    const state = table.state;
    return Boolean(state && state.to_move !== null && seatOf(state.to_move).computer);
  }

  /** The line that says whose turn it is: yours, a computer's (with its level), someone
   * you wait for, or someone you watch. "" when nobody is to move. */
  function turnLine(seat = table.state?.to_move) {
    const state = table.state;
    if (!state || seat === null || seat === undefined) return "";
    const name = playerName(seat);
    const level = seatOf(seat).computer;
    if (level) return t("game.computer_turn", { name, level: t(`level.short.${level}`) });
    if (table.you.includes(seat)) {
      return table.you.length > 1 ? t("game.turn_of", { name }) : t("game.your_turn", { name });
    }
    if (table.you.length === 0) return t("game.watching", { name });
    return t("game.waiting_for", { name });
  }

  /** When a turn has just ended: say what it did (`describe(turn)` of the last history
   * entry) and who is to move now, in the live region and the message line. True if so.
   * @template {{ history: unknown[], to_move: number | null }} S
   * @param {S | null} previous
   * @param {S} current
   * @param {(turn: S["history"][number]) => string} describe */
  function announceTurn(previous, current, describe) {
    const done = current.history.length;
    if (!previous || done <= previous.history.length) return false;
    const text = describe(current.history[done - 1]);
    announce(`${text} ${current.to_move === null ? `${t("game.over")}.` : turnLine(current.to_move)}`);
    message(text);
    return true;
  }

  return { myTurn, watching, seatOf, playerName, computerToMove, turnLine, announceTurn };
}
