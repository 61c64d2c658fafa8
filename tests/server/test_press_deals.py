"""Structured press over the API (issue 19): proposals and answers as DAIDE text or JSON,
shown to each reader as a sentence in their language; the deals agreed, and after each
phase which of them a party's orders kept or broke (GET /games/{id}/deals)."""
from diplomacy_helpers import play_phase, seven_player_game


def send(players, game, power, to, press, text=None, status=201):
    body = {"from": power, "to": to, "press": press}
    if text is not None:
        body["text"] = text
    return players[power].ok("POST", f"/api/v1/games/{game}/messages", body, status=status)


def test_a_peace_proposed_accepted_shown_in_each_language_and_broken(server):
    game, players = seven_player_game(server)
    send(players, game, "FRANCE", ["GERMANY"], "PRP (PCE (FRA GER))")
    # The German player reads zh-Hant, the French one Japanese: the same proposal in words.
    listed = players["GERMANY"].ok("GET", f"/api/v1/games/{game}/messages")
    assert listed[-1]["press"] == "PRP (PCE (FRA GER))"
    assert listed[-1]["sentence"] == "法國提議與德國和平"
    assert listed[-1]["text"] == ""
    assert players["FRANCE"].ok("GET", f"/api/v1/games/{game}/messages")[-1]["sentence"] == "フランスはドイツとの和平を提案"
    assert players["GERMANY"].ok("GET", f"/api/v1/games/{game}/deals") == []
    answer = send(players, game, "GERMANY", ["FRANCE"], "YES (PRP (PCE (FRA GER)))", text="同意")
    assert answer["deal"] == "1"
    deals = players["FRANCE"].ok("GET", f"/api/v1/games/{game}/deals")
    assert [(d["press"], d["parties"], d["agreed_phase"], d["state"]) for d in deals] == \
        [("PRP (PCE (FRA GER))", ["FRANCE", "GERMANY"], "S1901M", "holding")]
    assert deals[0]["sentence"] == "フランスはドイツとの和平を提案"
    # Not a party: nothing to see.
    assert players["ENGLAND"].ok("GET", f"/api/v1/games/{game}/deals") == []
    # Spring: France moves to Burgundy (nobody's), the peace holds.
    play_phase(game, players, "S1901M", {"FRANCE": ["A PAR - BUR"], "GERMANY": ["A MUN - RUH"]})
    assert players["GERMANY"].ok("GET", f"/api/v1/games/{game}/deals")[0]["state"] == "holding"
    # Fall: France supports an attack on German Munich from Burgundy... and moves in.
    play_phase(game, players, "F1901M", {"FRANCE": ["A BUR - MUN"]})
    deal = players["GERMANY"].ok("GET", f"/api/v1/games/{game}/deals")[0]
    assert (deal["state"], deal["broken_by"], deal["broken_phase"]) == ("broken", ["FRANCE"], "F1901M")


def test_answers_rejections_and_bad_press(server):
    game, players = seven_player_game(server)
    send(players, game, "ENGLAND", ["FRANCE", "GERMANY"], {"kind": "propose", "arrangement": {
        "type": "dmz", "powers": ["ENGLAND", "FRANCE", "GERMANY"], "provinces": ["NTH", "ENG"]}})
    listed = players["ENGLAND"].ok("GET", f"/api/v1/games/{game}/messages")
    assert listed[-1]["press"] == "PRP (DMZ (ENG FRA GER) (NTH ECH))"
    # One acceptance of two: no deal yet; a rejection closes the proposal.
    assert "deal" not in send(players, game, "FRANCE", ["ENGLAND"], "YES (PRP (DMZ (ENG FRA GER) (NTH ECH)))")
    send(players, game, "GERMANY", ["ENGLAND"], "REJ (PRP (DMZ (ENG FRA GER) (NTH ECH)))")
    assert players["ENGLAND"].ok("GET", f"/api/v1/games/{game}/deals") == []
    late = players["GERMANY"].post(f"/api/v1/games/{game}/messages", {
        "from": "GERMANY", "to": ["ENGLAND"], "press": "YES (PRP (DMZ (ENG FRA GER) (NTH ECH)))"})
    assert late.status == 400 and "open proposal" in late.message
    # Malformed press: 400 naming what is wrong, in the reader's language.
    bad = players["ENGLAND"].post(f"/api/v1/games/{game}/messages", {"from": "ENGLAND", "to": ["FRANCE"], "press": "PRP (PCE (FRA PAR))"})
    assert bad.status == 400 and "PAR" in bad.message, bad.body
    bad_zh = players["GERMANY"].post(f"/api/v1/games/{game}/messages", {"from": "GERMANY", "to": ["FRANCE"], "press": "PRP ("})
    assert bad_zh.status == 400 and bad_zh.message.startswith("欄位「press」"), bad_zh.body
    # An order promised (XDO) and given: kept once its phase is played.
    send(players, game, "ITALY", ["AUSTRIA"], "PRP (XDO ((ITA AMY VEN) HLD))")
    assert send(players, game, "AUSTRIA", ["ITALY"], "YES (PRP (XDO ((ITA AMY VEN) HLD)))")["deal"] == "1"
    play_phase(game, players, "S1901M", {"ITALY": ["A VEN H"]})
    deals = players["AUSTRIA"].ok("GET", f"/api/v1/games/{game}/deals")
    assert [(d["press"], d["state"]) for d in deals] == [("PRP (XDO ((ITA AMY VEN) HLD))", "kept")]


def test_press_follows_the_games_press_rule(server):
    game, players = seven_player_game(server, press="none")
    refused = players["FRANCE"].post(f"/api/v1/games/{game}/messages",
                                     {"from": "FRANCE", "to": ["GERMANY"], "press": "PRP (PCE (FRA GER))"})
    assert refused.status == 403 and refused.code == "press_not_allowed"
