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


def computer_table(server, deadlines):
    """A person (France) and six computer players."""
    from serverlib import new_user
    person = new_user(server, "marianne")
    game = person.ok("POST", "/api/v1/games", {"game": "diplomacy", "name": "with computers", "players": 7,
                                              "computer_players": 6, "press": "full", "deadlines": deadlines})["id"]
    person.ok("POST", f"/api/v1/games/{game}/join", {"power": "FRANCE"})
    return game, person


def answer_to(person, game, press):
    from serverlib import wait_until
    wait_until(lambda: any(m.get("press", "").endswith(f"(PRP ({press}))") and m["from"] != "FRANCE"
                           for m in person.ok("GET", f"/api/v1/games/{game}/messages")),
               timeout=20, what=f"an answer to {press}")
    return [m for m in person.ok("GET", f"/api/v1/games/{game}/messages")
            if m.get("press", "").endswith(f"(PRP ({press}))") and m["from"] != "FRANCE"][-1]


def test_a_computer_accepts_peace_and_keeps_it(server):
    from serverlib import wait_until
    game, person = computer_table(server, {"movement_seconds": 1, "retreat_seconds": 1, "adjustment_seconds": 1})
    person.ok("POST", f"/api/v1/games/{game}/messages",
              {"from": "FRANCE", "to": ["GERMANY"], "press": "PRP (PCE (FRA GER))", "text": "Peace?"}, status=201)
    answer = answer_to(person, game, "PCE (FRA GER)")
    assert answer["press"] == "YES (PRP (PCE (FRA GER)))" and answer["from"] == "GERMANY"
    assert answer["sentence"].startswith("Germany accepts"), answer["sentence"]
    deals = person.ok("GET", f"/api/v1/games/{game}/deals")
    assert [(d["parties"], d["state"]) for d in deals] == [(["FRANCE", "GERMANY"], "holding")]
    # France orders nothing and holds; three years later Germany, loyal, has attacked none
    # of France's units or centres (the deal is judged after every phase).
    year = lambda: int(person.ok("GET", f"/api/v1/games/{game}")["phase"][1:5])
    wait_until(lambda: year() >= 1904, timeout=120, what="1904")
    deal = person.ok("GET", f"/api/v1/games/{game}/deals")[0]
    assert deal["state"] == "holding", deal
    phases = person.ok("GET", f"/api/v1/games/{game}/phases")
    french_places = set()
    for entry in phases:
        french_places = {u.split()[1].split("/")[0] for u in entry["units"]["FRANCE"]} | set(entry["centers"]["FRANCE"])
        for report in entry["orders"].get("GERMANY", []):
            order = report.get("order") or ""
            if " - " in order:
                assert order.split(" - ")[-1].split("/")[0] not in french_places, (entry["phase"], order)


def test_a_refused_proposal_says_so_in_each_language(server):
    game, person = computer_table(server, {"movement_seconds": 3600, "retreat_seconds": 3600, "adjustment_seconds": 3600})
    # An alliance against Germany itself, offered to Germany: refused.
    person.ok("POST", f"/api/v1/games/{game}/messages",
              {"from": "FRANCE", "to": ["GERMANY"], "press": "PRP (ALY (FRA GER) VSS (GER))"}, status=201)
    answer_to(person, game, "ALY (FRA GER) VSS (GER)")
    sentences = {}
    for language in ["en", "zh-Hant", "zh-Hans", "ja"]:
        person.ok("PATCH", "/api/v1/me", {"language": language})
        refused = [m for m in person.ok("GET", f"/api/v1/games/{game}/messages") if m["press"].startswith("REJ")]
        assert len(refused) == 1 and refused[0]["from"] == "GERMANY"
        sentences[language] = refused[0]["sentence"]
    assert "rejects" in sentences["en"], sentences
    assert "拒絕" in sentences["zh-Hant"] and "拒绝" in sentences["zh-Hans"] and "拒否" in sentences["ja"], sentences
    assert person.ok("GET", f"/api/v1/games/{game}/deals") == []


def test_talkative_computers_propose_and_keep_what_is_accepted(server):
    from serverlib import new_user, wait_until
    person = new_user(server, "lucia", language="zh-Hans")
    game = person.ok("POST", "/api/v1/games", {"game": "diplomacy", "name": "talkative", "players": 7,
                                              "computer_players": 6, "press": "full", "computers_propose": True,
                                              "deadlines": {"movement_seconds": 3600, "retreat_seconds": 3600,
                                                            "adjustment_seconds": 3600}})["id"]
    person.ok("POST", f"/api/v1/games/{game}/join", {"power": "ITALY"})
    # Austria's army in Trieste is next to Italy's in Venice: peace is offered in spring 1901.
    wait_until(lambda: any(m.get("press") == "PRP (PCE (AUS ITA))"
                           for m in person.ok("GET", f"/api/v1/games/{game}/messages")), timeout=20, what="a proposal")
    offer = [m for m in person.ok("GET", f"/api/v1/games/{game}/messages") if m.get("press") == "PRP (PCE (AUS ITA))"][0]
    assert offer["from"] == "AUSTRIA" and offer["to"] == ["ITALY"] and offer["sentence"] == "奥匈提议与意大利和平"
    # In traditional Chinese, Italy is named as Taiwan names it, or as Hong Kong does for an
    # account that chose Hong Kong's names.
    for language, italy in [("zh-Hant", "義大利"), ("zh-Hant-HK", "意大利")]:
        person.ok("PATCH", "/api/v1/me", {"language": language})
        offer = [m for m in person.ok("GET", f"/api/v1/games/{game}/messages") if m.get("press") == "PRP (PCE (AUS ITA))"][0]
        assert offer["sentence"] == f"奧匈帝國提議與{italy}和平", (language, offer["sentence"])
    person.ok("PATCH", "/api/v1/me", {"language": "zh-Hans"})
    assert person.ok("POST", f"/api/v1/games/{game}/messages",
                     {"from": "ITALY", "to": ["AUSTRIA"], "press": "YES (PRP (PCE (AUS ITA)))"}, status=201)["deal"] == "1"
    assert [d["state"] for d in person.ok("GET", f"/api/v1/games/{game}/deals")] == ["holding"]
    # A game's option: computers of another game stay silent unless asked.
    quiet = person.ok("POST", "/api/v1/games", {"game": "diplomacy", "name": "quiet", "players": 7, "computer_players": 6,
                                               "press": "full"})["id"]
    person.ok("POST", f"/api/v1/games/{quiet}/join", {"power": "ITALY"})
    wait_until(lambda: all(s["orders_given"] for p, s in person.ok("GET", f"/api/v1/games/{quiet}")["powers"].items()
                           if p != "ITALY"), timeout=30, what="the computers' orders")
    assert person.ok("GET", f"/api/v1/games/{quiet}/messages") == []


def test_a_power_that_broke_its_word_is_not_trusted_again(server):
    from serverlib import wait_until
    game, person = computer_table(server, {"movement_seconds": 3600, "retreat_seconds": 3600, "adjustment_seconds": 3600})
    person.ok("POST", f"/api/v1/games/{game}/messages",
              {"from": "FRANCE", "to": ["GERMANY"], "press": "PRP (PCE (FRA GER))"}, status=201)
    assert answer_to(person, game, "PCE (FRA GER)")["press"].startswith("YES")

    def play(phase, orders):
        person.ok("PUT", f"/api/v1/games/{game}/orders", {"phase": phase, "orders": {"FRANCE": orders}})
        person.ok("POST", f"/api/v1/games/{game}/ready", {"power": "FRANCE", "ready": True})
        wait_until(lambda: person.ok("GET", f"/api/v1/games/{game}")["phase"] != phase, timeout=30, what=f"{phase} played")

    play("S1901M", ["A PAR - BUR"])
    play("F1901M", ["A BUR - MUN"])  # into a German centre: the peace is broken
    deal = person.ok("GET", f"/api/v1/games/{game}/deals")[0]
    assert (deal["state"], deal["broken_by"]) == ("broken", ["FRANCE"])
    # Germany will not take France's word again.
    # (France's retreats or builds, if it has any, waived by saying it is ready.)
    while not (phase := person.ok("GET", f"/api/v1/games/{game}")["phase"]).endswith("M"):
        person.ok("POST", f"/api/v1/games/{game}/ready", {"power": "FRANCE", "ready": True})
        wait_until(lambda: person.ok("GET", f"/api/v1/games/{game}")["phase"] != phase, timeout=30, what=f"{phase} played")
    person.ok("POST", f"/api/v1/games/{game}/messages",
              {"from": "FRANCE", "to": ["GERMANY"], "press": "PRP (PCE (FRA GER))"}, status=201)
    again = [m for m in person.ok("GET", f"/api/v1/games/{game}/messages") if m["from"] == "GERMANY"]
    wait_until(lambda: len([m for m in person.ok("GET", f"/api/v1/games/{game}/messages") if m["from"] == "GERMANY"]) > len(again),
               timeout=20, what="Germany's second answer")
    assert [m for m in person.ok("GET", f"/api/v1/games/{game}/messages") if m["from"] == "GERMANY"][-1]["press"] == \
        "REJ (PRP (PCE (FRA GER)))"


def test_computer_personality_is_an_option(server):
    from serverlib import new_user
    person = new_user(server, "paula")
    bad = person.post("/api/v1/games", {"game": "diplomacy", "name": "x", "computer_players": 6,
                                        "computer_personality": "treacherous"})
    assert bad.status == 400 and "computer_personality" in bad.message
    game = person.ok("POST", "/api/v1/games", {"game": "diplomacy", "name": "x", "computer_players": 6,
                                               "computer_personality": "mixed"})["id"]
    assert person.ok("GET", f"/api/v1/games/{game}")["options"]["computer_personality"] == "mixed"


def test_a_computer_gives_the_support_it_promised(server):
    from serverlib import wait_until
    game, person = computer_table(server, {"movement_seconds": 3600, "retreat_seconds": 3600, "adjustment_seconds": 3600})
    # Germany has ordered already: the support it then promises replaces its own order.
    wait_until(lambda: all(s["orders_given"] for p, s in person.ok("GET", f"/api/v1/games/{game}")["powers"].items()
                           if p != "FRANCE"), timeout=30, what="the computers' orders")
    request = "XDO ((GER AMY MUN) SUP (FRA AMY PAR) MTO BUR)"
    person.ok("POST", f"/api/v1/games/{game}/messages",
              {"from": "FRANCE", "to": ["GERMANY"], "press": f"PRP ({request})"}, status=201)
    assert answer_to(person, game, request)["press"] == f"YES (PRP ({request}))"
    person.ok("PUT", f"/api/v1/games/{game}/orders", {"phase": "S1901M", "orders": {"FRANCE": ["A PAR - BUR"]}})
    person.ok("POST", f"/api/v1/games/{game}/ready", {"power": "FRANCE", "ready": True})
    wait_until(lambda: person.ok("GET", f"/api/v1/games/{game}")["phase"] != "S1901M", timeout=30, what="S1901M played")
    spring = person.ok("GET", f"/api/v1/games/{game}/phases")[0]
    assert "A MUN S A PAR - BUR" in [report.get("order") for report in spring["orders"]["GERMANY"]], spring["orders"]
    assert [d["state"] for d in person.ok("GET", f"/api/v1/games/{game}/deals")] == ["kept"]
