// Types the browser scripts share, beside the API's own (api.d.ts, generated from the
// OpenAPI document). Written by hand; the scripts read them in JSDoc
// (`@param {import("./types.js").Table} table`), and they cost nothing at run time.
import type { GameState, MoveReply } from "./api.js";
import type { turnOf } from "./turn.js";

/** A state as a page shows it: the server's, or the copy this browser kept for a reload
 * without a connection (`kept_at`: when it was shown, ms; `own`: the seats it held). */
export type Shown<S extends GameState = GameState> = S & { kept_at?: number; own?: number[] };

/** What a page knows of its table (table.js): the seat token, the seats it holds and acts
 * for, the state shown and its sequence number; `S`: the states of the page's mode). */
export interface Table<S extends GameState = GameState> {
  token: string | null;
  own: number[];
  you: number[];
  seq: number;
  busy: boolean;
  age: number;
  state: Shown<S> | null;
  refresh: () => Promise<string | null>;
  start: () => Promise<void>;
}


/** A game page's table (table.js `connectTable`): the table, the turn questions (turn.js)
 * and `act(action, body)`, a move. */
export type PageTable<S extends GameState = GameState> = Table<S> & ReturnType<typeof turnOf> & {
  act: (action: string, body: Record<string, unknown>) => Promise<MoveReply | null>;
};

