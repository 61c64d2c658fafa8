"""The platform's extensions of the contract over HTTP: giving up and a newcomer taking the
seat, signed treaties and who sees them, draw votes ending the game (which stays
readable), the live timing."""
from diplomacy_helpers import POWERS, seven_player_game
from serverlib import EventReader, new_user, wait_until


def test_give_up_and_a_newcomer_takes_the_seat(server):
    game_id, players = seven_player_game(server)
    italy = players["ITALY"]
    assert italy.post(f"/api/v1/games/{game_id}/give_up", {"power": "ITALY"}).status == 200
    view = italy.ok("GET", f"/api/v1/games/{game_id}")
    assert view["powers"]["ITALY"]["status"] == "civil_disorder" and view["my_powers"] == []
    # Someone who plays another surviving power may not take it; a newcomer may.
    refused = players["FRANCE"].post(f"/api/v1/games/{game_id}/take_seat", {"power": "ITALY"})
    assert refused.status in (403, 409), refused
    newcomer = new_user(server, "newcomer", language="ja")
    assert newcomer.post(f"/api/v1/games/{game_id}/take_seat", {"power": "ITALY"}).status == 200
    view = newcomer.ok("GET", f"/api/v1/games/{game_id}")
    assert view["my_powers"] == ["ITALY"] and view["powers"]["ITALY"]["player"] == "newcomer"
    assert view["powers"]["ITALY"]["status"] == "playing"
    # The game is now in the newcomer's list.
    assert any(g["id"] == game_id for g in newcomer.ok("GET", "/api/v1/games"))


def test_treaties_are_private_until_published(server):
    game_id, players = seven_player_game(server)
    england, france, italy = players["ENGLAND"], players["FRANCE"], players["ITALY"]
    proposed = england.post(f"/api/v1/games/{game_id}/treaties",
                            {"from": "ENGLAND", "parties": ["FRANCE"], "text": "No fleets in the Channel"})
    assert proposed.status == 201, proposed
    treaty_id = proposed.json()["id"]
    treaty_texts = lambda client: [t["text"] for t in client.ok("GET", f"/api/v1/games/{game_id}")["treaties"]]
    assert treaty_texts(france) == ["No fleets in the Channel"]
    assert treaty_texts(italy) == []
    early = england.post(f"/api/v1/games/{game_id}/treaties/{treaty_id}/publish", {"power": "ENGLAND"})
    assert early.status == 409, early
    # A treaty Italy is no party to does not exist for Italy.
    assert italy.post(f"/api/v1/games/{game_id}/treaties/{treaty_id}/sign", {"power": "ITALY"}).status == 404
    france.ok("POST", f"/api/v1/games/{game_id}/treaties/{treaty_id}/sign", {"power": "FRANCE"})
    france.ok("POST", f"/api/v1/games/{game_id}/treaties/{treaty_id}/publish", {"power": "FRANCE"})
    assert treaty_texts(italy) == ["No fleets in the Channel"]
    missing = england.post(f"/api/v1/games/{game_id}/treaties/99/sign", {"power": "ENGLAND"})
    assert missing.status == 404 and "99" in missing.message


def test_draw_vote_ends_the_game_and_it_stays_readable(server):
    game_id, players = seven_player_game(server)
    stream = EventReader(server.port, f"/api/v1/games/{game_id}/events", token=players["TURKEY"].token)
    for power in POWERS:
        players[power].ok("POST", f"/api/v1/games/{game_id}/draw_vote", {"power": power, "draw": True})
    view = players["ENGLAND"].ok("GET", f"/api/v1/games/{game_id}")
    assert view["status"] == "finished"
    assert view["result"]["reason"] == "draw"
    assert sorted(view["result"]["survivors"]) == POWERS
    finished = stream.events_until(lambda e: e["event"] == "game_finished")
    assert finished[-1]["data"]
    stream.close()
    # Finished: still readable, no more orders.
    assert players["FRANCE"].get(f"/api/v1/games/{game_id}/phases").status == 200
    late = players["FRANCE"].put(f"/api/v1/games/{game_id}/orders",
                                 {"phase": "S1901M", "orders": {"FRANCE": ["A Par-Bur"]}})
    assert late.status == 409


def one_person_against_six_computers_ends_nothing(server, prefix=""):
    """The person's draw vote is a proposal: each computer votes on it by its position (in
    1901 every power grows, so all refuse) and says so in the game's press, in the reader's
    language; the game goes on. (test_postgresql runs it on PostgreSQL.)"""
    mei = new_user(server, f"{prefix}mei", language="zh-Hant")
    game_id = mei.ok("POST", "/api/v1/games", {
        "game": "diplomacy", "name": "One against six", "players": 7, "computer_players": 6, "press": "full",
        "deadlines": {"movement_seconds": 3600, "retreat_seconds": 3600, "adjustment_seconds": 3600}})["id"]
    mei.ok("POST", f"/api/v1/games/{game_id}/join", {"power": "FRANCE"})
    mei.ok("POST", f"/api/v1/games/{game_id}/draw_vote", {"power": "FRANCE", "draw": True})

    def votes():
        return [m for m in mei.ok("GET", f"/api/v1/games/{game_id}/messages") if m.get("vote")]
    said = wait_until(lambda: len(votes()) == 6 and votes(), timeout=60, what="six computer votes")
    assert {m["from"] for m in said} == set(POWERS) - {"FRANCE"}
    assert all(m["vote"] == {"on": "draw", "accept": False} and m["to"] == "all" for m in said), said
    assert all(m["sentence"].endswith("投票反對和局") for m in said), said
    view = mei.ok("GET", f"/api/v1/games/{game_id}")
    assert view["status"] == "active" and view["phase"] == "S1901M"


def test_one_person_at_spring_1901_ends_nothing_against_six_computers(server):
    one_person_against_six_computers_ends_nothing(server)


def test_live_timing(server):
    game_id, players = seven_player_game(server, deadlines="live")
    view = players["ENGLAND"].ok("GET", f"/api/v1/games/{game_id}")
    assert view["stage"] == "negotiation" and view["press_open"] is True
    assert view["negotiation_deadline"] is not None
    assert view["options"]["deadlines"] == "live"
    # Negotiation is open: private press goes through.
    assert players["ENGLAND"].post(f"/api/v1/games/{game_id}/messages",
                                   {"from": "ENGLAND", "to": ["FRANCE"], "text": "talk"}).status == 201
