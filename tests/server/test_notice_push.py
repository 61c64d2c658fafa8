"""Web Push end to end (issue 31 §3; docs/server.md, "Web Push"): a push service this test
runs on 127.0.0.1 (push_service.py) checks every message's VAPID token against the
server's key and decrypts it with the device's keys, as a browser's push service and the
browser would; the notice arrives on each device in the account's language and links to
the game; a subscription the push service says is gone (410) is removed; the
subscriptions API refuses what is not a subscription, naming the field; the VAPID key is
made once and kept."""
import base64
import sqlite3
import time

import pytest

from diplomacy_helpers import POWERS
from push_service import PushService
from serverlib import Server, new_user, wait_until

PUBLIC = "https://diplomacy.example.org"


@pytest.fixture
def push(tmp_path):
    service = PushService(str(tmp_path)).start()
    yield service
    service.stop()


def push_server(database, push, allow_private=True):
    args = ["--public-url", PUBLIC, "--web-push"] + (["--push-private-addresses"] if allow_private else [])
    return Server(database, args=args, extra_env={"STRATAGEM_PUSH_CA_FILE": push.cert})


def server_key(client):
    return base64.urlsafe_b64decode(client.ok("GET", "/api/v1/push/key")["public_key"] + "=")


def seven_people(server, languages):
    """Seven people, and the body of a game that starts when the last of them joins."""
    players = {power: new_user(server, power.lower(), language=languages.get(power, "en")) for power in POWERS}
    body = {"game": "diplomacy", "name": "Friday game", "players": 7, "press": "full",
            "deadlines": {"movement_seconds": 86400, "retreat_seconds": 3600, "adjustment_seconds": 3600}}
    return players, body


def test_a_notice_reaches_every_device_signed_and_encrypted_in_the_accounts_language(tmp_path, push):
    server = push_server(f"sqlite:{tmp_path / 'db.sqlite'}", push).start()
    try:
        players, body = seven_people(server, {"FRANCE": "ja", "GERMANY": "zh-Hant"})
        france, germany, england = players["FRANCE"], players["GERMANY"], players["ENGLAND"]
        assert "push" in france.ok("GET", "/api/v1/me/notices")["channels"]
        key = server_key(france)
        assert len(key) == 65 and key[0] == 4
        phone = france.ok("POST", "/api/v1/me/push_subscriptions", push.subscribe("france-phone"), status=201)
        assert phone["subscription"]["endpoint"] == f"{push.origin()}/push/france-phone"
        france.ok("POST", "/api/v1/me/push_subscriptions", push.subscribe("france-laptop"), status=201)
        germany.ok("POST", "/api/v1/me/push_subscriptions", push.subscribe("germany-phone"), status=201)
        # England has a device but did not ask for pushes: nothing goes to it.
        england.ok("POST", "/api/v1/me/push_subscriptions", push.subscribe("england-phone"), status=201)
        for client in (france, germany):
            client.ok("PATCH", "/api/v1/me/notices", {"events": {"game_status": ["push"]}})
        assert [s["endpoint"].rsplit("/", 1)[1] for s in france.ok("GET", "/api/v1/me/push_subscriptions")["subscriptions"]] \
            == ["france-phone", "france-laptop"]

        game_id = england.ok("POST", "/api/v1/games", body, status=201)["id"]
        for power, client in players.items():
            client.ok("POST", f"/api/v1/games/{game_id}/join", {"power": power})
        push.wait_for(3)
        time.sleep(2)  # and nothing more: not England's phone
        received = {m["device"]: m for m in push.received()}
        assert sorted(received) == ["france-laptop", "france-phone", "germany-phone"], push.received()
        for message in received.values():
            assert "problem" not in message, message
            assert message["signed_by"] == key  # the key GET /push/key gives, the one browsers subscribed with
            assert message["claims"]["sub"] == PUBLIC
            assert message["headers"]["TTL"] == "86400"
            assert message["message"]["url"] == f"{PUBLIC}/games/{game_id}"
            assert message["message"]["tag"] == f"{game_id}-game_status"
        assert received["france-phone"]["message"]["title"] == "Friday gameが始まりました"
        assert received["france-phone"]["message"]["body"] == "対局が始まりました。国が決まり、最初のフェイズが始まっています。"
        assert received["france-phone"]["message"]["lang"] == "ja"
        assert received["france-laptop"]["message"] == received["france-phone"]["message"]
        assert received["germany-phone"]["message"]["title"] == "Friday game已開始"
        assert received["germany-phone"]["message"]["lang"] == "zh-Hant"
    finally:
        assert server.stop() == 0


def test_a_subscription_the_push_service_says_is_gone_is_removed(tmp_path, push):
    server = push_server(f"sqlite:{tmp_path / 'db.sqlite'}", push).start()
    try:
        players, body = seven_people(server, {})
        england = players["ENGLAND"]
        england.ok("POST", "/api/v1/me/push_subscriptions", push.subscribe("old-phone"), status=201)
        england.ok("POST", "/api/v1/me/push_subscriptions", push.subscribe("new-phone"), status=201)
        england.ok("PATCH", "/api/v1/me/notices", {"events": {"game_status": ["push"]}})
        push.answers["old-phone"] = [410]
        game_id = england.ok("POST", "/api/v1/games", body, status=201)["id"]
        for power, client in players.items():
            client.ok("POST", f"/api/v1/games/{game_id}/join", {"power": power})
        push.wait_for(2)
        assert {(m["device"], m["status"]) for m in push.received()} == {("old-phone", 410), ("new-phone", 201)}
        wait_until(lambda: len(england.ok("GET", "/api/v1/me/push_subscriptions")["subscriptions"]) == 1,
                   what="the gone subscription removed")
        [left] = england.ok("GET", "/api/v1/me/push_subscriptions")["subscriptions"]
        assert left["endpoint"].endswith("/new-phone")
    finally:
        assert server.stop() == 0


def test_a_busy_push_service_is_waited_for_and_each_notice_arrives_once(tmp_path, push):
    """429 with Retry-After, then 503, then 201: the notice goes again only after the wait
    the push service asked for (longer than the outbox's own first wait of 10 s), then
    after the outbox's growing wait (20 s), and arrives once; the other device, answered
    at once, gets it once; nothing more comes afterwards."""
    database = f"sqlite:{tmp_path / 'db.sqlite'}"
    server = push_server(database, push).start()
    try:
        players, body = seven_people(server, {"ENGLAND": "zh-Hans"})
        england = players["ENGLAND"]
        england.ok("POST", "/api/v1/me/push_subscriptions", push.subscribe("busy-phone"), status=201)
        england.ok("POST", "/api/v1/me/push_subscriptions", push.subscribe("quiet-laptop"), status=201)
        england.ok("PATCH", "/api/v1/me/notices", {"events": {"game_status": ["push"]}})
        push.answers["busy-phone"] = [(429, {"Retry-After": "15"}), 503]
        game_id = england.ok("POST", "/api/v1/games", body, status=201)["id"]
        for power, client in players.items():
            client.ok("POST", f"/api/v1/games/{game_id}/join", {"power": power})
        push.wait_for(3, device="busy-phone", timeout=90)
        time.sleep(3)  # and nothing more
        tries = push.received("busy-phone")
        assert [m["status"] for m in tries] == [429, 503, 201], tries
        assert all("problem" not in m for m in tries), tries
        assert tries[1]["at"] - tries[0]["at"] >= 15  # Retry-After, not the first wait of 10 s
        assert tries[2]["at"] - tries[1]["at"] >= 20  # the outbox's second wait
        # The same notice each time, the last one kept.
        assert tries[0]["message"] == tries[1]["message"] == tries[2]["message"]
        assert tries[2]["message"]["title"] == "Friday game已开始"
        assert tries[2]["message"]["url"] == f"{PUBLIC}/games/{game_id}"
        [laptop] = push.received("quiet-laptop")
        assert laptop["status"] == 201 and laptop["message"] == tries[2]["message"]
    finally:
        assert server.stop() == 0
    # Nothing left to send: each delivery was recorded as delivered (and so removed).
    db = sqlite3.connect(tmp_path / "db.sqlite")
    try:
        assert db.execute("SELECT COUNT(*) FROM deliveries WHERE channel = 'push'").fetchone()[0] == 0
    finally:
        db.close()


def test_subscriptions_are_checked_kept_per_account_and_the_key_is_kept(tmp_path, push):
    database = f"sqlite:{tmp_path / 'db.sqlite'}"
    server = push_server(database, push, allow_private=False).start()
    try:
        alice = new_user(server, "alice", language="ja")
        bob = new_user(server, "bob")
        key = server_key(alice)
        device = push.subscribe("alice-phone")
        # The tests' push service is on 127.0.0.1: refused unless the operator allows it.
        refused = alice.request("POST", "/api/v1/me/push_subscriptions", device)
        assert (refused.status, refused.code) == (400, "bad_request")
        assert refused.message.startswith("フィールド「endpoint」はプッシュサービスのアドレスではありません")
        for endpoint in ["http://push.example.org/x", "https://user:pw@push.example.org/x", "push.example.org"]:
            refused = bob.request("POST", "/api/v1/me/push_subscriptions", {**device, "endpoint": endpoint})
            assert refused.status == 400 and refused.message.startswith("field 'endpoint' is not a push service's address"), endpoint
    finally:
        assert server.stop() == 0
    server = push_server(database, push).start()
    try:
        alice.port = bob.port = server.port
        assert server_key(alice) == key  # kept in the database across restarts
        device = push.subscribe("alice-phone")
        for keys in [{"p256dh": device["keys"]["p256dh"][:-4], "auth": device["keys"]["auth"]},
                     {"p256dh": device["keys"]["p256dh"], "auth": "c2hvcnQ"}]:
            refused = bob.request("POST", "/api/v1/me/push_subscriptions", {**device, "keys": keys})
            assert refused.status == 400 and refused.message.startswith("field 'keys' is not this browser's key"), keys
        missing = bob.request("POST", "/api/v1/me/push_subscriptions", {"endpoint": device["endpoint"]})
        assert missing.status == 400 and "keys" in missing.message
        mine = alice.ok("POST", "/api/v1/me/push_subscriptions", device, status=201)["subscription"]
        assert bob.ok("GET", "/api/v1/me/push_subscriptions") == {"subscriptions": []}
        others = bob.request("DELETE", f"/api/v1/me/push_subscriptions/{mine['id']}")
        assert (others.status, others.message) == (404, "this account has no such push subscription")
        assert alice.request("DELETE", f"/api/v1/me/push_subscriptions/{mine['id']}").status == 204
        assert alice.ok("GET", "/api/v1/me/push_subscriptions") == {"subscriptions": []}
        assert alice.request("GET", "/api/v1/me/push_subscriptions", token="").status == 401
    finally:
        assert server.stop() == 0
    # Without --web-push: no key, no subscriptions, no push channel.
    server = Server(database, args=["--public-url", PUBLIC]).start()
    try:
        alice.port = server.port
        off = alice.request("GET", "/api/v1/push/key")
        assert (off.status, off.code) == (404, "not_found")
        assert off.message == "this server sends no Web Push notices (it was started without --web-push)"
        refused = alice.request("POST", "/api/v1/me/push_subscriptions", push.subscribe("alice-tablet"))
        assert (refused.status, refused.message) == (404, "このサーバーは Web Push の通知を送りません（--web-push なしで起動されています）")
        assert "push" not in alice.ok("GET", "/api/v1/me/notices")["channels"]
    finally:
        assert server.stop() == 0
