"""A whole scripted 7-player Diplomacy game over real HTTP: orders written in English,
Japanese and Chinese, phases processed when everyone is ready, results checked, orders
hidden until processed, and press visibility (a third power sees nothing private)."""
from diplomacy_helpers import POWERS, play_phase, seven_player_game
from serverlib import EventReader


def messages_of(client, game_id):
    return client.ok("GET", f"/api/v1/games/{game_id}/messages")


def units_of(view):
    return {power: sorted(units) for power, units in view["units"].items()}


def results_by_order(phase_entry):
    return {entry["order"]: entry["result"] for entries in phase_entry["orders"].values() for entry in entries}


def test_scripted_game_in_three_languages(server):
    game_id, players = seven_player_game(server)
    england = players["ENGLAND"]
    view = england.ok("GET", f"/api/v1/games/{game_id}")
    assert (view["status"], view["phase"]) == ("active", "S1901M")
    assert view["my_powers"] == ["ENGLAND"]
    assert {power: seat["player"] for power, seat in view["powers"].items()} == {p: p.lower() for p in POWERS}

    spring = play_phase(game_id, players, "S1901M", {
        "ENGLAND": ["F Lon-Nth", "F Edinburgh - Norwegian Sea", "A Lvp-Yor"],
        "FRANCE": ["陸軍 パリ 移動 ブルゴーニュ", "陸軍 マルセイユ 移動 スペイン", "海軍 ブレスト 移動 中大西洋"],
        "GERMANY": ["陸軍慕尼黑移動魯爾", "艦隊基爾移動丹麥", "陸軍柏林移動基爾"],
        "ITALY": ["陆军威尼斯移动蒂罗尔", "陆军罗马移动阿普利亚", "舰队那不勒斯移动爱奥尼亚海"],
        "AUSTRIA": ["A Vie-Gal", "A Bud-Ser", "F Tri-Alb"],
        "RUSSIA": ["A Mos-Ukr", "A War-Gal", "F Sev-Bla", "F StP/sc-Bot"],
        "TURKEY": ["F Ank-Bla", "A Con-Bul", "A Smy-Arm"],
    })
    # Every order was read, whatever its language, and echoed in canonical form.
    assert [o["order"] for o in spring["FRANCE"]] == ["A PAR - BUR", "A MAR - SPA", "F BRE - MAO"]
    assert [o["order"] for o in spring["GERMANY"]] == ["A MUN - RUH", "F KIE - DEN", "A BER - KIE"]
    assert [o["order"] for o in spring["ITALY"]] == ["A VEN - TYR", "A ROM - APU", "F NAP - ION"]
    assert spring["FRANCE"][0]["input"] == "陸軍 パリ 移動 ブルゴーニュ"

    view = england.ok("GET", f"/api/v1/games/{game_id}")
    assert view["phase"] == "F1901M"
    assert units_of(view) == {
        "AUSTRIA": ["A SER", "A VIE", "F ALB"], "ENGLAND": ["A YOR", "F NTH", "F NWG"],
        "FRANCE": ["A BUR", "A SPA", "F MAO"], "GERMANY": ["A KIE", "A RUH", "F DEN"],
        "ITALY": ["A APU", "A TYR", "F ION"], "RUSSIA": ["A UKR", "A WAR", "F BOT", "F SEV"],
        "TURKEY": ["A ARM", "A BUL", "F ANK"]}
    phases = england.ok("GET", f"/api/v1/games/{game_id}/phases")
    assert [p["phase"] for p in phases] == ["S1901M"]
    assert phases[0]["next_phase"] == "F1901M"
    results = results_by_order(phases[0])
    assert results["A VIE - GAL"] == "bounce" and results["A WAR - GAL"] == "bounce"
    assert results["F SEV - BLA"] == "bounce" and results["F ANK - BLA"] == "bounce"
    assert results["A PAR - BUR"] == "ok" and results["F KIE - DEN"] == "ok"

    fall = play_phase(game_id, players, "F1901M", {
        "ENGLAND": ["F North Sea - Norway", "F Nwg S F Nth-Nwy", "A Yor-Edi"],
        "FRANCE": ["陸軍 ブルゴーニュ 移動 ベルギー", "陸軍 スペイン 移動 ポルトガル", "海軍 中大西洋 維持"],
        "GERMANY": ["陸軍魯爾移動荷蘭", "艦隊丹麥移動瑞典", "陸軍基爾移動柏林"],
        "ITALY": ["陆军蒂罗尔移动慕尼黑", "舰队爱奥尼亚海移动突尼斯"],
        "AUSTRIA": ["A Ser-Gre", "F Alb S A Ser-Gre", "A Vie-Bud"],
        "RUSSIA": ["A Ukr-Rum", "F Bot-Swe", "A War-Gal"],
        "TURKEY": ["F Ank-Con", "A Bul H", "A Arm H"],
    })
    assert [o["order"] for o in fall["ENGLAND"]] == ["F NTH - NWY", "F NWG S F NTH - NWY", "A YOR - EDI"]
    view = england.ok("GET", f"/api/v1/games/{game_id}")
    assert view["phase"] == "W1901A"
    assert sorted(view["centers"]["ENGLAND"]) == ["EDI", "LON", "LVP", "NWY"]
    assert sorted(view["centers"]["FRANCE"]) == ["BEL", "BRE", "MAR", "PAR", "POR"]
    assert sorted(view["centers"]["GERMANY"]) == ["BER", "HOL", "KIE", "MUN"] or \
        sorted(view["centers"]["ITALY"]) == ["MUN", "NAP", "ROM", "TUN", "VEN"]
    phases = england.ok("GET", f"/api/v1/games/{game_id}/phases")
    fall_results = results_by_order(phases[1])
    assert fall_results["F BOT - SWE"] == "bounce" and fall_results["F DEN - SWE"] == "bounce"
    assert fall_results["A TYR - MUN"] == "ok"

    # Winter: builds written in Japanese and Chinese; Italy has a build it does not use.
    winter = play_phase(game_id, players, "W1901A", {
        "ENGLAND": ["F Lon B"],
        "FRANCE": ["陸軍 パリ 建設", "海軍 ブレスト 建設"],
        "GERMANY": ["艦隊 基爾 建造"],
        "ITALY": [],
        "AUSTRIA": ["A Tri B"],
        "RUSSIA": [],
        "TURKEY": ["F Smy B"],
    })
    assert [o["order"] for o in winter["FRANCE"]] == ["A PAR B", "F BRE B"]
    assert [o["order"] for o in winter["GERMANY"]] == ["F KIE B"]
    view = england.ok("GET", f"/api/v1/games/{game_id}")
    assert view["phase"] == "S1902M"
    assert "A PAR" in view["units"]["FRANCE"] and "F BRE" in view["units"]["FRANCE"]
    assert "F KIE" in view["units"]["GERMANY"] and "F LON" in view["units"]["ENGLAND"]

    # 1902: a convoy written in English and a support in Japanese.
    play_phase(game_id, players, "S1902M", {
        "ENGLAND": ["F Nwg - Nth", "A Edi H", "F Lon - Eng", "F Nwy H"],
        "FRANCE": ["陸軍 ベルギー 維持", "海軍 ブレスト 移動 イギリス海峡", "陸軍 パリ 支援 (ベルギー 維持)",
                   "陸軍 ポルトガル 維持", "海軍 中大西洋 維持"],
    })
    phases = england.ok("GET", f"/api/v1/games/{game_id}/phases")
    assert [p["phase"] for p in phases] == ["S1901M", "F1901M", "W1901A", "S1902M"]
    spring_1902 = results_by_order(phases[3])
    assert spring_1902["F LON - ENG"] == "bounce" and spring_1902["F BRE - ENG"] == "bounce"
    assert spring_1902["F NWG - NTH"] == "ok"
    view = england.ok("GET", f"/api/v1/games/{game_id}")
    assert view["phase"] == "F1902M"

    # On to 1904: every power says it is ready each phase without new orders (units hold,
    # builds are waived), with a message in each player's language on the way.
    greetings = {"ENGLAND": "Good year", "FRANCE": "良い年を", "GERMANY": "新年快樂", "ITALY": "新年快乐"}
    for _ in range(12):
        view = england.ok("GET", f"/api/v1/games/{game_id}")
        if view["phase"] == "S1904M":
            break
        for power, text in greetings.items():
            players[power].ok("POST", f"/api/v1/games/{game_id}/messages",
                              {"from": power, "to": "all", "text": f"{text} {view['phase']}"}, status=201)
        play_phase(game_id, players, view["phase"], {})
        after = england.ok("GET", f"/api/v1/games/{game_id}")
        assert after["phase"] != view["phase"], "the phase was not processed once everyone was ready"
    assert view["phase"] == "S1904M"
    phases = england.ok("GET", f"/api/v1/games/{game_id}/phases")
    names = [p["phase"] for p in phases]
    assert names[:4] == ["S1901M", "F1901M", "W1901A", "S1902M"]
    assert {"F1902M", "S1903M", "F1903M"} <= set(names) and names[-1][1:5] == "1903"
    assert len(names) == len(set(names))  # each phase processed once
    texts = [m["text"] for m in messages_of(england, game_id)]
    assert "良い年を F1902M" in texts and "新年快乐 S1903M" in texts


def test_orders_hidden_until_processed_and_bad_orders_reported(server):
    game_id, players = seven_player_game(server)
    england, italy = players["ENGLAND"], players["ITALY"]
    answer = england.ok("PUT", f"/api/v1/games/{game_id}/orders",
                        {"phase": "S1901M", "orders": {"ENGLAND": ["F Lon-Nth", "A Lvp-Mos", "A Xyz-Yor"]}})
    entries = answer["orders"]["ENGLAND"]
    assert entries[0] == {"input": "F Lon-Nth", "order": "F LON - NTH"}
    assert entries[1]["order"] is None and entries[1]["error"]
    assert entries[2]["order"] is None and "Xyz" in entries[2]["error"]
    # Italy's player writes zh-Hans: a bad order comes back in that language.
    bad = italy.ok("PUT", f"/api/v1/games/{game_id}/orders",
                   {"phase": "S1901M", "orders": {"ITALY": ["陆军罗马移动莫斯科"]}})["orders"]["ITALY"][0]
    assert bad["order"] is None and any("\u4e00" <= c <= "\u9fff" for c in bad["error"])

    mine = england.ok("GET", f"/api/v1/games/{game_id}")
    assert mine["my_orders"] == {"ENGLAND": [{"input": "F Lon-Nth", "order": "F LON - NTH"}]}
    assert mine["powers"]["ENGLAND"]["orders_given"] is True
    theirs = italy.ok("GET", f"/api/v1/games/{game_id}")
    assert "ENGLAND" not in theirs["my_orders"]
    assert "LON - NTH" not in italy.get(f"/api/v1/games/{game_id}").body.decode()
    assert italy.ok("GET", f"/api/v1/games/{game_id}/phases") == []
    # A second submission replaces the first whole.
    england.ok("PUT", f"/api/v1/games/{game_id}/orders", {"phase": "S1901M", "orders": {"ENGLAND": ["F Edi-Nwg"]}})
    assert england.ok("GET", f"/api/v1/games/{game_id}")["my_orders"] == {
        "ENGLAND": [{"input": "F Edi-Nwg", "order": "F EDI - NWG"}]}


def test_press_visibility(server):
    game_id, players = seven_player_game(server)
    england, france, germany, italy = (players[p] for p in ["ENGLAND", "FRANCE", "GERMANY", "ITALY"])
    italy_events = EventReader(server.port, f"/api/v1/games/{game_id}/events", token=italy.token)
    france_events = EventReader(server.port, f"/api/v1/games/{game_id}/events?token={france.token}")
    assert italy_events.status == 200 and "text/event-stream" in italy_events.head

    private = england.ok("POST", f"/api/v1/games/{game_id}/messages",
                         {"from": "ENGLAND", "to": ["FRANCE"], "text": "Channel stays empty?"}, status=201)
    assert set(private) == {"id", "sent_at", "phase"} and private["phase"] == "S1901M"
    england.ok("POST", f"/api/v1/games/{game_id}/messages",
               {"from": "ENGLAND", "to": ["FRANCE", "GERMANY"], "text": "Triple entente"}, status=201)
    france.ok("POST", f"/api/v1/games/{game_id}/messages",
              {"from": "FRANCE", "to": "all", "text": "皆さん、こんにちは"}, status=201)

    texts = lambda client: [m["text"] for m in client.ok("GET", f"/api/v1/games/{game_id}/messages")]
    assert texts(england) == ["Channel stays empty?", "Triple entente", "皆さん、こんにちは"]
    assert texts(france) == ["Channel stays empty?", "Triple entente", "皆さん、こんにちは"]
    assert texts(germany) == ["Triple entente", "皆さん、こんにちは"]
    assert texts(italy) == ["皆さん、こんにちは"]
    first = england.ok("GET", f"/api/v1/games/{game_id}/messages")[0]
    assert (first["from"], first["to"], first["id"]) == ("ENGLAND", ["FRANCE"], private["id"])

    # The event streams carry the same visibility: Italy's sees only the public message.
    italy_messages = [e for e in italy_events.events_until(lambda e: e["event"] == "message")
                      if e["event"] == "message"]
    assert [e["data"]["text"] for e in italy_messages] == ["皆さん、こんにちは"]
    france_seen = france_events.events_until(
        lambda e: e["event"] == "message" and e["data"]["from"] == "FRANCE")
    assert [e["data"]["text"] for e in france_seen if e["event"] == "message"] == [
        "Channel stays empty?", "Triple entente", "皆さん、こんにちは"]
    # Resuming with Last-Event-ID gives what came after, again filtered.
    resumed = EventReader(server.port, f"/api/v1/games/{game_id}/events", token=france.token,
                          last_event_id=int(france_seen[0]["id"]))
    again = resumed.events_until(lambda e: e["event"] == "message" and e["data"]["from"] == "FRANCE")
    assert [e["data"]["text"] for e in again if e["event"] == "message"] == [
        "Triple entente", "皆さん、こんにちは"]
    for reader in (italy_events, france_events, resumed):
        reader.close()

    # Sending as a power one does not play, and press rules.
    forbidden = italy.post(f"/api/v1/games/{game_id}/messages", {"from": "ENGLAND", "to": "all", "text": "x"})
    assert forbidden.status == 403 and forbidden.code == "forbidden"


def test_press_rules(server):
    game_id, players = seven_player_game(server, press="public")
    england = players["ENGLAND"]
    refused = england.post(f"/api/v1/games/{game_id}/messages", {"from": "ENGLAND", "to": ["FRANCE"], "text": "psst"})
    assert refused.status == 403 and refused.code == "press_not_allowed"
    assert england.post(f"/api/v1/games/{game_id}/messages",
                        {"from": "ENGLAND", "to": "all", "text": "hello"}).status == 201
    silent_id, silent_players = seven_player_game(server, press="none", prefix="n")
    refused = silent_players["ENGLAND"].post(f"/api/v1/games/{silent_id}/messages",
                                             {"from": "ENGLAND", "to": "all", "text": "hello"})
    assert refused.status == 403 and refused.code == "press_not_allowed"


def test_join_rules(server):
    game_id, players = seven_player_game(server)
    from serverlib import new_user
    late = new_user(server, "latecomer")
    full = late.post(f"/api/v1/games/{game_id}/join", {})
    assert full.status == 409 and full.code == "conflict"
    lobby = late.ok("GET", "/api/v1/games")
    assert all(g["id"] != game_id for g in lobby)  # active, and not the latecomer's
    assert any(g["id"] == game_id for g in players["FRANCE"].ok("GET", "/api/v1/games"))


def test_computer_players_fill_seats(server):
    from serverlib import new_user, wait_until
    human = new_user(server, "solo")
    game_id = human.ok("POST", "/api/v1/games", {
        "game": "diplomacy", "name": "one against six", "press": "none", "computer_players": 6,
        "deadlines": {"movement_seconds": 3600, "retreat_seconds": 3600, "adjustment_seconds": 3600}})["id"]
    assert human.ok("POST", f"/api/v1/games/{game_id}/join", {"power": "ENGLAND"})["power"] == "ENGLAND"
    view = human.ok("GET", f"/api/v1/games/{game_id}")
    assert view["status"] == "active"
    assert [p for p, seat in view["powers"].items() if seat["computer"]] == [p for p in POWERS if p != "ENGLAND"]
    # The computers order and are ready on their own; the human's readiness processes the
    # phase long before its one-hour deadline.
    wait_until(lambda: all(seat["ready"] for p, seat in human.ok("GET", f"/api/v1/games/{game_id}")["powers"].items()
                           if p != "ENGLAND"), timeout=60, what="the computers' orders")
    human.ok("PUT", f"/api/v1/games/{game_id}/orders", {"phase": "S1901M", "orders": {"ENGLAND": ["F Lon-Nth"]}})
    human.ok("POST", f"/api/v1/games/{game_id}/ready", {"power": "ENGLAND", "ready": True})
    phases = wait_until(lambda: human.ok("GET", f"/api/v1/games/{game_id}/phases"), timeout=30, what="S1901M")
    assert phases[0]["phase"] == "S1901M"
    assert all(entry["result"] != "invalid" for entries in phases[0]["orders"].values() for entry in entries)
    # And the next phase's computer orders follow by themselves.
    wait_until(lambda: all(seat["ready"] for p, seat in human.ok("GET", f"/api/v1/games/{game_id}")["powers"].items()
                           if p != "ENGLAND" and seat.get("to_order", True)), timeout=60, what="F1901M orders")


def test_view_then_stream_misses_nothing(server):
    game_id, players = seven_player_game(server)
    england, france = players["ENGLAND"], players["FRANCE"]
    view = france.ok("GET", f"/api/v1/games/{game_id}")
    # Something happens between the view and the stream.
    england.ok("POST", f"/api/v1/games/{game_id}/messages", {"from": "ENGLAND", "to": "all", "text": "between"},
               status=201)
    stream = EventReader(server.port, f"/api/v1/games/{game_id}/events?last_event_id={view['last_event_id']}",
                         token=france.token)
    assert stream.next_event()["data"]["text"] == "between"
    stream.close()


def test_event_stream_never_leaks_another_powers_orders(server):
    game_id, players = seven_player_game(server)
    england, italy = players["ENGLAND"], players["ITALY"]
    italy_stream = EventReader(server.port, f"/api/v1/games/{game_id}/events", token=italy.token)
    england_stream = EventReader(server.port, f"/api/v1/games/{game_id}/events", token=england.token)
    england.ok("PUT", f"/api/v1/games/{game_id}/orders", {"phase": "S1901M", "orders": {"ENGLAND": ["F Lon-Nth"]}})
    england.ok("POST", f"/api/v1/games/{game_id}/ready", {"power": "ENGLAND", "ready": True})
    italy.ok("POST", f"/api/v1/games/{game_id}/messages", {"from": "ITALY", "to": "all", "text": "sentinel"},
             status=201)
    seen = italy_stream.events_until(lambda e: e["event"] == "message")
    assert "orders" not in [e["event"] for e in seen]
    assert all("NTH" not in str(e["data"]) for e in seen)
    # Italy does learn that England has given orders and is ready (what the view shows too).
    assert {"orders_given", "ready"} <= {e["event"] for e in seen}
    mine = england_stream.events_until(lambda e: e["event"] == "message")
    orders = [e for e in mine if e["event"] == "orders"]
    assert orders and "F LON - NTH" in str(orders[0]["data"])
    italy_stream.close()
    england_stream.close()
