"""Notices' settings over HTTP: the account's choices, a game's own, and refusals that
name the field in the caller's language (docs/server.md, "Notices")."""
from serverlib import new_user
from diplomacy_helpers import seven_player_game

KINDS = ["orders_due", "deadline_near", "press", "game_status", "civil_disorder"]


def test_an_account_is_told_nothing_until_it_chooses(server):
    alice = new_user(server, "alice")
    settings = alice.ok("GET", "/api/v1/me/notices")
    assert settings == {"reminder_hours": 2, "press_minutes": 15, "events": {kind: [] for kind in KINDS},
                        "channels": [], "email": None, "calendar_url": None, "games": {}}
    changed = alice.ok("PATCH", "/api/v1/me/notices", {"reminder_hours": 6, "press_minutes": 30})
    assert (changed["reminder_hours"], changed["press_minutes"]) == (6, 30)
    assert alice.ok("GET", "/api/v1/me/notices") == changed
    # A server without a mail server sends on no channel, and says so.
    refused = alice.request("PATCH", "/api/v1/me/notices", {"events": {"press": ["email"]}})
    assert refused.status == 400 and refused.code == "bad_request"
    assert "events.press[0]" in refused.message and "mail server" in refused.message


def test_bad_settings_are_refused_naming_the_field_in_the_callers_language(server):
    alice = new_user(server, "alice", language="ja")
    for body, field in [({"reminder_hours": 0}, "reminder_hours"), ({"press_minutes": 1441}, "press_minutes"),
                        ({"reminder_hours": "2"}, "reminder_hours"), ({"events": []}, "events"),
                        ({"events": {"lunch": []}}, "events.lunch"), ({"events": {"press": "email"}}, "events.press")]:
        refused = alice.request("PATCH", "/api/v1/me/notices", body)
        assert refused.status == 400 and refused.code == "bad_request", body
        assert f"「{field}」" in refused.message, (body, refused.message)
    assert "1 から 168" in alice.request("PATCH", "/api/v1/me/notices", {"reminder_hours": 0}).message
    # Nothing was changed by them.
    assert alice.ok("GET", "/api/v1/me/notices")["reminder_hours"] == 2


def test_a_game_may_have_choices_of_its_own_for_its_players_only(server):
    game_id, players = seven_player_game(server)
    england = players["ENGLAND"]
    assert england.ok("GET", f"/api/v1/games/{game_id}/notices") == {"events": None}
    muted = england.ok("PUT", f"/api/v1/games/{game_id}/notices", {"events": {}})
    assert muted == {"events": {kind: [] for kind in KINDS}}
    assert england.ok("GET", "/api/v1/me/notices")["games"] == {game_id: {"events": {kind: [] for kind in KINDS}}}
    assert england.ok("PUT", f"/api/v1/games/{game_id}/notices", {"events": None}) == {"events": None}
    assert england.ok("GET", "/api/v1/me/notices")["games"] == {}

    outsider = new_user(server, "outsider", language="zh-Hant")
    refused = outsider.request("PUT", f"/api/v1/games/{game_id}/notices", {"events": {}})
    assert refused.status == 403 and refused.code == "forbidden"
    assert refused.message == f"你在對局「{game_id}」中沒有席位"
    assert outsider.request("GET", "/api/v1/games/999999/notices").status == 404
    assert england.request("PUT", f"/api/v1/games/{game_id}/notices", {}).status == 400
    assert server.client().request("GET", "/api/v1/me/notices").status == 401


def test_the_openapi_document_describes_the_notice_settings(server):
    document = server.client().ok("GET", "/api/v1/openapi.json")
    assert set(document["paths"]["/api/v1/me/notices"]) == {"get", "patch"}
    assert set(document["paths"]["/api/v1/games/{id}/notices"]) >= {"get", "put"}
    assert list(document["components"]["schemas"]["NoticeEvents"]["properties"]) == KINDS
