"""Kaartspel for the tests: a game on the engine driven event by event, records built,
and a table through the API played to its end."""

from __future__ import annotations

from typing import Any

from wordyahtzee.modes.kaartspel import CARDS, KaartspelGame

from .app import seat

NAMES = ["Anna", "Bram", "Cees", "Dirk"]


def new_game(players: int = 2, starter: int = 0) -> KaartspelGame:
    """A started game for the first ``players`` names."""
    game = KaartspelGame(NAMES[:players])
    game.apply({"type": "start", "starter": starter})
    return game


def red(game: KaartspelGame, roll: int) -> None:
    game.apply({"type": "red", "roll": roll})


def throws(game: KaartspelGame, *dice: str) -> None:
    for d in dice:
        game.apply({"type": "throw", "dice": d})


def take(game: KaartspelGame, card: str | None) -> None:
    game.apply({"type": "take", "card": card})


def step(game: KaartspelGame, roll: int, dice: str | list[str], card: str | None) -> None:
    """A red move and a black-dice step."""
    red(game, roll)
    throws(game, *([dice] if isinstance(dice, str) else dice))
    take(game, card)


def safe_roll(game: KaartspelGame) -> int:
    """The smallest red roll that does not land the pawn next to its own card."""
    seat = game.current_seat
    assert seat is not None
    for roll in range(1, 7):
        card = game.board[(game.pawns[seat] + roll) % 16]
        if card is None or game.cards[card].owner != seat:
            return roll
    raise AssertionError("every landing is an own card")


def place_by_yahtzee(game: KaartspelGame, card: str, dice: str = "66666") -> None:
    """The player to move places ``card`` with a Yahtzee (their token or a chip at max)."""
    step(game, safe_roll(game), dice, card)


def fill_board(game: KaartspelGame, cards: list[str] | None = None) -> None:
    """Place ``cards`` (default: every unplaced card) one per turn by Yahtzees."""
    for card in cards if cards is not None else [c for c in CARDS if c not in game.cards]:
        place_by_yahtzee(game, card)


def record(players: int, turns: list[dict[str, Any]]) -> dict[str, Any]:
    return {"mode": "kaartspel", "players": NAMES[:players], "turns": turns}


def turn(player: str, *steps: Any) -> dict[str, Any]:
    return {"player": player, "steps": list(steps)}


def r(n: int) -> dict[str, int]:
    return {"red": n}


def t(dice: str | list[str], card: str | None) -> dict[str, Any]:
    return {"throws": [dice] if isinstance(dice, str) else dice, "take": card}


def random_action(game: KaartspelGame, rng: Any) -> Any:
    """A random legal action (takes a card most of the time, so games progress)."""
    from wordyahtzee.modes.kaartspel import Roll, Start, Stop, Take, Throw

    names = game.legal_actions()
    if "start" in names:
        return Start()
    if "take" in names and ("throw" not in names or rng.random() < 0.4):
        options = sorted(game.take_options())
        if options and rng.random() < 0.9:
            return Take(rng.choice(options))
        return Take(None)
    if "throw" in names and game.phase == "throw":
        keep = tuple(i for i in range(5) if game.dice and rng.random() < 0.5)
        return Throw(keep[:4] if rng.random() < 0.8 else ())
    choice = rng.choice(names)
    return {"roll": Roll(), "throw": Throw(()), "stop": Stop()}[choice]


def play_random(game: KaartspelGame, rng: Any, max_actions: int = 20000) -> KaartspelGame:
    """Play random legal actions until the game ends."""
    for _ in range(max_actions):
        if game.finished:
            return game
        game.act(random_action(game, rng))
    raise AssertionError("the game did not end")


# -- a table through the API ----------------------------------------------------------------

def new_table(client: Any, players: list[Any], kind: str = "solo", **extra: Any
              ) -> tuple[str, list[dict[str, Any]], dict[str, Any]]:
    r = client.post("/api/games", json={"mode": "kaartspel", "kind": kind,
                                        "players": players, **extra})
    assert r.status_code == 201, r.json
    return r.json["id"], r.json["links"], r.json["state"]


def act(client: Any, gid: str, token: str, action: str, **body: Any) -> Any:
    return client.post(f"/api/games/{gid}/act/{action}", json=body, headers=seat(token))


def settle(app: Any, gid: str) -> None:
    assert app.extensions["wordyahtzee.tables"].settle(gid, 30)


def choose(state: dict[str, Any]) -> tuple[str, dict[str, Any]]:
    """A legal move from the view's options: take the best card shown, else throw on, else
    roll; next to an own card move on."""
    options = {o["action"]: o for o in state["options"]}
    if "take" in options:
        cards = options["take"]["cards"]
        if cards:
            best = max(cards, key=lambda c: cards[c]["score"])
            return "take", {"card": best}
        if "throw" in options:
            return "throw", {"keep": []}
        return "take", {"card": None}
    if "throw" in options and state["phase"] == "throw":
        return "throw", {"keep": []}
    return "roll", {}


def play_to_the_end(client: Any, app: Any, gid: str, tokens: dict[int, str],
                    limit: int = 3000) -> dict[str, Any]:
    for _ in range(limit):
        settle(app, gid)
        state = client.get(f"/api/games/{gid}").json
        if state["status"] == "finished":
            return dict(state)
        token = tokens[state["current_seat"]]
        action, body = choose(state)
        r = act(client, gid, token, action, seq=state["seq"], **body)
        assert r.status_code == 200, r.json
    raise AssertionError("the game did not end")
