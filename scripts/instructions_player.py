"""The player ``scripts.bench_instructions`` counts: whole solo classic games through the
app of whichever checkout the Python that runs it imports (Werkzeug's test client, the
store at the URL it is given), each box the first the state offers; it prints the actions
it played. The counter runs it by its path with ``-P``, so that neither this checkout nor
the current directory comes before the other checkout's package (the counter checks
which package that Python imports first, ``scripts/served.py``). It imports nothing of
the project but the package, so any checkout can be played: one older than this file
included.
"""

from __future__ import annotations

import os
import random
import sys


def play(url: str, games: int) -> int:
    """Play ``games`` games on a new app over ``url``; the actions played."""
    from wordyahtzee.web import create_app

    seeds = iter(range(1, 1_000_000))
    app = create_app({"DATABASE": url, "RNG_FACTORY": lambda: random.Random(next(seeds)),
                      "WARM_STRATEGIES": (), "COMPUTER_PACE": 0.0,
                      "RATE_LIMITS": {"games": "1000000 per minute"}})
    client = app.test_client()
    actions = 0
    for _ in range(games):
        made = client.post("/api/games", json={"mode": "classic", "kind": "solo",
                                               "players": ["Anna"]})
        game, token = made.json["id"], made.json["links"][0]["token"]
        seat = {"X-Seat-Token": token}
        state = client.get(f"/api/games/{game}", headers=seat).json
        while state["status"] == "active":
            thrown = client.post(f"/api/games/{game}/act/throw", json={"seq": state["seq"]},
                                 headers=seat)
            state = thrown.json["state"]
            box = next(iter(state["options"]))
            claimed = client.post(f"/api/games/{game}/act/claim",
                                  json={"box": box, "seq": state["seq"]}, headers=seat)
            if claimed.status_code != 200:
                raise SystemExit(f"claim refused: {claimed.json}")
            state = claimed.json["state"]
            actions += 2
    return actions


def main() -> None:
    url, games = sys.argv[1], int(sys.argv[2])
    print(f"actions {play(url, games)}", flush=True)
    os._exit(0)  # no wait for the store's background threads


if __name__ == "__main__":
    main()
