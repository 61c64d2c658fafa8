"""Seven players at one Diplomacy table, for the server tests; the engine's own adjudication
of a phase the server played (also for bench/daide_outside_bots.py)."""
import json
import subprocess

from serverlib import BIN, new_user

POWERS = ["AUSTRIA", "ENGLAND", "FRANCE", "GERMANY", "ITALY", "RUSSIA", "TURKEY"]
# Who plays what, and in which language they write (seed 002 is Japanese, 001 and 003 Chinese).
LANGUAGES = {"ENGLAND": "en", "FRANCE": "ja", "GERMANY": "zh-Hant", "ITALY": "zh-Hans",
             "AUSTRIA": "en", "RUSSIA": "en", "TURKEY": "en"}


def seven_player_game(server, deadlines=None, press="full", prefix="", extra=None):
    """Creates a game, seats one user per power (each asks for its power); the game id
    and {power: client}."""
    players = {power: new_user(server, f"{prefix}{power.lower()}", language=LANGUAGES[power]) for power in POWERS}
    body = {"game": "diplomacy", "name": "Friday game", "variant": "standard", "rules": "standard",
            "players": 7, "press": press,
            "deadlines": deadlines or {"movement_seconds": 3600, "retreat_seconds": 3600,
                                       "adjustment_seconds": 3600},
            "computer_players": 0}
    body.update(extra or {})
    game_id = players["ENGLAND"].ok("POST", "/api/v1/games", body)["id"]
    for power, client in players.items():
        joined = client.ok("POST", f"/api/v1/games/{game_id}/join", {"power": power})
        assert joined["power"] in (power, None)
    return game_id, players


def play_phase(game_id, players, phase, orders, ready_all=True):
    """Gives every power's orders (a power missing from `orders` gives none) and makes
    every power ready; the answers to the order submissions, by power."""
    answers = {}
    for power, texts in orders.items():
        answers[power] = players[power].ok("PUT", f"/api/v1/games/{game_id}/orders",
                                           {"phase": phase, "orders": {power: texts}})["orders"][power]
    if ready_all:
        view = players["ENGLAND"].ok("GET", f"/api/v1/games/{game_id}")
        for power, seat in view["powers"].items():
            if seat.get("status") == "playing" and seat.get("to_order", True):
                players[power].ok("POST", f"/api/v1/games/{game_id}/ready", {"power": power, "ready": True})
    return answers


def adjudicated_next(entry, binary=BIN):
    """The engine's own next position for a phase entry of the API (`stratagem diplomacy
    adjudicate`, the CLI contract), from the orders given; None if it did not adjudicate."""
    orders = {power: [report["input"] for report in reports if report.get("input")]
              for power, reports in entry["orders"].items()}
    phase_input = {"phase": entry["phase"], "units": entry["units"], "centers": entry["centers"],
                   "retreats": entry["retreats"], "orders": orders}
    done = subprocess.run([binary, "diplomacy", "adjudicate"], input=json.dumps(phase_input).encode(),
                          capture_output=True)
    return json.loads(done.stdout)["next"] if done.returncode == 0 else None
