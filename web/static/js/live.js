// The live updates of a table: its server-sent event stream (GET /api/games/<id>/events),
// opened with the seat's token so the server counts this page as present at its seats.
// The browser's EventSource reconnects by itself after each ~25 s response (with
// Last-Event-ID); a stream the browser gave up on is opened again after two seconds.

/** Follow table `gameId` as the holder of `token` (null: a watcher); `show(state)` gets
 * every state the stream sends.
 * @param {string} gameId
 * @param {string | null} token
 * @param {(state: any) => void} show (`state`: the JSON of a GameState) */
export function listen(gameId, token, show) {
  const query = token ? `?token=${encodeURIComponent(token)}` : "";
  const source = new EventSource(`/api/games/${gameId}/events${query}`);
  source.addEventListener("state", (event) => {
    show(JSON.parse(event.data));
  });
  source.addEventListener("error", () => {
    if (source.readyState === EventSource.CLOSED) window.setTimeout(() => listen(gameId, token, show), 2000);
  });
}
