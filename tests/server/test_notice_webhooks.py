"""A game's group-chat webhooks over real HTTPS (a receiver started here on 127.0.0.1 with
a certificate made at test time): Discord's and Slack's formats in the webhook's language,
retries from the outbox while the chat fails, a post the chat refuses for good dropped,
the URL a secret of the player who set it, and the refusals (not https, not public,
unresolvable) naming the field in the caller's language (docs/server.md, "Group chats")."""
import pytest

from diplomacy_helpers import LANGUAGES, POWERS, play_phase
from https_sink import HttpsSink
from serverlib import Server, new_user, wait_until

PUBLIC = "https://diplomacy.example.org"


@pytest.fixture
def chat(tmp_path):
    sink = HttpsSink(str(tmp_path)).start()
    yield sink
    sink.stop()


def chat_server(database, chat, allow_private=True):
    args = ["--public-url", PUBLIC] + (["--webhook-private-addresses"] if allow_private else [])
    return Server(database, args=args, extra_env={"STRATAGEM_WEBHOOK_CA_FILE": chat.cert})


def seated_game(server, name="Friday game"):
    """A seven-player game whose seats are all taken but by France: the game id, the
    players by power and France's client (joining starts the game)."""
    players = {power: new_user(server, power.lower(), language=LANGUAGES[power]) for power in POWERS}
    body = {"game": "diplomacy", "name": name, "players": 7, "press": "full",
            "deadlines": {"movement_seconds": 86400, "retreat_seconds": 3600, "adjustment_seconds": 3600}}
    game_id = players["ENGLAND"].ok("POST", "/api/v1/games", body, status=201)["id"]
    for power, client in players.items():
        if power != "FRANCE":
            client.ok("POST", f"/api/v1/games/{game_id}/join", {"power": power})
    return game_id, players


def test_a_games_chats_hear_its_start_and_phase_results_in_their_format_and_language(tmp_path, chat):
    server = chat_server(f"sqlite:{tmp_path / 'db.sqlite'}", chat).start()
    try:
        game_id, players = seated_game(server, name="@everyone <b>night</b> game")
        discord = players["ENGLAND"].ok("PUT", f"/api/v1/games/{game_id}/webhook",
                                        {"url": chat.url("/discord/abc"), "reminder_hours": 3})
        assert discord == {"webhook": {"url": chat.url("/discord/abc"), "format": "discord", "language": "en",
                                       "reminder_hours": 3}}
        slack = players["GERMANY"].ok("PUT", f"/api/v1/games/{game_id}/webhook",
                                      {"url": chat.url("/slack/xyz"), "format": "slack"})
        assert slack["webhook"]["language"] == "zh-Hant"  # the player's own, when not given
        # The address is a secret: another player sees only their own (none), and no view has it.
        assert players["ITALY"].ok("GET", f"/api/v1/games/{game_id}/webhook") == {"webhook": None}
        assert players["GERMANY"].ok("GET", f"/api/v1/games/{game_id}/webhook") == slack
        assert "/discord/abc" not in players["ITALY"].request("GET", f"/api/v1/games/{game_id}").body.decode()
        outsider = new_user(server, "outsider")
        assert outsider.request("GET", f"/api/v1/games/{game_id}/webhook").status == 403
        # Traditional Chinese with Hong Kong's names (意大利), chosen for the chat or as the
        # player's own language.
        hong_kong = players["TURKEY"].ok("PUT", f"/api/v1/games/{game_id}/webhook",
                                         {"url": chat.url("/discord/hk"), "language": "zh-Hant-HK"})
        assert hong_kong["webhook"]["language"] == "zh-Hant-HK"
        players["RUSSIA"].ok("PATCH", "/api/v1/me", {"language": "zh-Hant-HK"})
        assert players["RUSSIA"].ok("PUT", f"/api/v1/games/{game_id}/webhook",
                                    {"url": chat.url("/discord/hk2")})["webhook"]["language"] == "zh-Hant-HK"

        players["FRANCE"].ok("POST", f"/api/v1/games/{game_id}/join", {"power": "FRANCE"})
        [started] = chat.wait_for(1, path="/discord/abc")
        assert started["headers"]["Content-Type"] == "application/json"
        assert started["body"] == {
            "content": f"**@everyone <b>night</b> game has started**\n"
                       f"The game has started: seats are drawn and the first phase is open.\n{PUBLIC}/games/{game_id}",
            "allowed_mentions": {"parse": []}}
        [started] = chat.wait_for(1, path="/slack/xyz")
        assert started["body"] == {
            "text": f"*@everyone &lt;b&gt;night&lt;/b&gt; game已開始*\n"
                    f"對局已開始：國家已分配，第一個階段已開放。\n{PUBLIC}/games/{game_id}"}

        play_phase(game_id, players, "S1901M", {"FRANCE": ["A PAR - BUR"]})
        posts = chat.wait_for(2, path="/discord/abc")
        result = posts[1]["body"]["content"]
        assert result.startswith("**@everyone <b>night</b> game: Spring 1901, movement processed**\n"), result
        assert "Now Fall 1901, movement; orders are due by " in result and "France 3" in result, result
        taiwan = chat.wait_for(2, path="/slack/xyz")[1]["body"]["text"]
        assert "1901年" in taiwan and "義大利 3" in taiwan and "意大利" not in taiwan, taiwan
        for path in ["/discord/hk", "/discord/hk2"]:
            hong_kong = chat.wait_for(2, path=path)[1]["body"]["content"]
            assert "1901年" in hong_kong and "意大利 3" in hong_kong and "義大利" not in hong_kong, hong_kong

        # DELETE stops the posts to that chat.
        players["ENGLAND"].ok("DELETE", f"/api/v1/games/{game_id}/webhook", status=204)
        assert players["ENGLAND"].ok("GET", f"/api/v1/games/{game_id}/webhook") == {"webhook": None}
        play_phase(game_id, players, "F1901M", {})
        chat.wait_for(3, path="/slack/xyz")
        assert len(chat.received("/discord/abc")) == 2
    finally:
        assert server.stop() == 0


def test_a_failing_chat_is_tried_again_and_one_that_refuses_is_dropped(tmp_path, chat):
    server = chat_server(f"sqlite:{tmp_path / 'db.sqlite'}", chat).start()
    try:
        game_id, players = seated_game(server)
        chat.answers["/busy"] = [500, 429]
        chat.answers["/gone"] = [404]
        players["ENGLAND"].ok("PUT", f"/api/v1/games/{game_id}/webhook", {"url": chat.url("/busy")})
        players["ITALY"].ok("PUT", f"/api/v1/games/{game_id}/webhook", {"url": chat.url("/gone")})
        players["FRANCE"].ok("POST", f"/api/v1/games/{game_id}/join", {"power": "FRANCE"})
        # 500, then 429 (10 s later), then taken (20 s after that): the same post each time.
        posts = chat.wait_for(3, path="/busy", timeout=60)
        assert [p["status"] for p in posts] == [500, 429, 204]
        assert posts[0]["body"] == posts[2]["body"]
        # A 404 is not tried again.
        assert [p["status"] for p in chat.received("/gone")] == [404]
    finally:
        assert server.stop() == 0
    assert b"webhook answered 404" in server.log


def test_webhook_addresses_are_checked_and_refusals_name_the_field(tmp_path, chat):
    # Without the operator's allowance, 127.0.0.1 is not a chat server.
    server = chat_server(f"sqlite:{tmp_path / 'db.sqlite'}", chat, allow_private=False).start()
    try:
        game_id, players = seated_game(server)
        japanese = players["FRANCE"]
        japanese.ok("POST", f"/api/v1/games/{game_id}/join", {"power": "FRANCE"})
        path = f"/api/v1/games/{game_id}/webhook"
        cases = [
            ("http://discord.com/api/webhooks/1/x", "https:// のアドレスでなければなりません"),
            ("https://user:pw@discord.com/api/webhooks/1/x", "webhook のアドレスではありません"),
            ("https://discord.com:99999/x", "webhook のアドレスではありません"),
            ("https://dis cord.com/x", "webhook のアドレスではありません"),
            (chat.url("/x"), "プライベートかローカルのアドレス"),
            ("https://localhost/x", "プライベートかローカルのアドレス"),
            ("https://10.1.2.3/x", "プライベートかローカルのアドレス"),
            ("https://[::1]/x", "プライベートかローカルのアドレス"),
            ("https://169.254.169.254/latest", "プライベートかローカルのアドレス"),
            ("https://no-such-host.invalid/x", "ホスト名を解決できません"),
        ]
        for url, says in cases:
            refused = japanese.request("PUT", path, {"url": url})
            assert refused.status == 400 and refused.code == "bad_request", url
            assert refused.message.startswith("フィールド「url」") and says in refused.message, (url, refused.message)
        for body, field in [({"url": chat.url("/x"), "format": "teams"}, "format"),
                            ({"url": chat.url("/x"), "reminder_hours": 0}, "reminder_hours"),
                            ({"url": chat.url("/x"), "language": "fr"}, "language"), ({}, "url")]:
            refused = japanese.request("PUT", path, body)
            assert refused.status == 400 and f"「{field}」" in refused.message, (body, refused.message)
        assert japanese.ok("GET", path) == {"webhook": None}
        document = server.client().ok("GET", "/api/v1/openapi.json")
        assert set(document["paths"]["/api/v1/games/{id}/webhook"]) - {"parameters"} == {"get", "put", "delete"}
    finally:
        assert server.stop() == 0
