"""Notices by e-mail through a real SMTP server started here (python3-aiosmtpd on
127.0.0.1, STARTTLS with a certificate made for the test, AUTH): confirmation, languages,
headers and links, one-click unsubscribe, the mail server down then up, kill -9 while
sending, two processes on PostgreSQL, refusals, and a flood of press gathered."""
import json
import os
import re
import sqlite3
import time
import urllib.parse

import pytest

from diplomacy_helpers import POWERS, seven_player_game
from serverlib import Server, new_user, wait_until
from smtp_sink import SmtpServer

PUBLIC = "https://diplomacy.example.org"
KINDS = ["orders_due", "deadline_near", "press", "game_status", "civil_disorder"]


@pytest.fixture
def smtp(tmp_path):
    server = SmtpServer(str(tmp_path)).start()
    yield server
    server.stop()


def mail_server(database, smtp, lease=None, extra=None):
    args = ["--smtp", smtp.url(), "--public-url", PUBLIC, "--mail-from", "Stratagem <notices@diplomacy.example.org>"]
    if lease:
        args += ["--outbox-lease", str(lease)]
    return Server(database, args=args + (extra or []), extra_env=smtp.environment())


def text_of(message, subtype):
    return message.get_body(preferencelist=(subtype,)).get_content()


def link(message, prefix):
    found = re.search(re.escape(PUBLIC + prefix) + r"([0-9a-f]+)", text_of(message, "plain"))
    assert found, text_of(message, "plain")
    return found.group(1)


def confirm(client, smtp, address, seen=0):
    """Adds and confirms the address through the mail's link."""
    assert client.ok("PUT", "/api/v1/me/email", {"address": address}, status=202) == {"address": address,
                                                                                     "confirmed": False}
    mail = smtp.sink.wait_for(seen + 1, to=address)[seen]["message"]
    token = link(mail, "/confirm-email/")
    assert server_post(client, "/api/v1/email/confirm", {"token": token}) == {"address": address, "confirmed": True}
    return mail


def server_post(client, path, body):
    return client.ok("POST", path, body)


def test_a_confirmed_address_gets_notices_in_its_language_with_headers_and_links(tmp_path, smtp):
    server = mail_server(f"sqlite:{tmp_path / 'db.sqlite'}", smtp).start()
    try:
        game_id, players = seven_player_game(server)
        # Notices are fanned out by the readers' settings when they are dispatched: the
        # game's start is dispatched before France chooses what to hear, or it would be told.
        db = sqlite3.connect(str(tmp_path / "db.sqlite"))
        wait_until(lambda: db.execute("SELECT COUNT(*) FROM notices").fetchone()[0] == 0, timeout=20,
                   what="the game's start dispatched")
        france = players["FRANCE"]  # writes Japanese
        assert france.ok("GET", "/api/v1/me/notices")["channels"] == ["email"]
        # Choosing e-mail before there is a confirmed address is refused, saying why.
        refused = france.request("PATCH", "/api/v1/me/notices", {"events": {"press": ["email"]}})
        assert refused.status == 409 and "「events.press」" in refused.message and "メールアドレスがありません" in refused.message
        mail = confirm_step_one(france, smtp, "france@example.org")
        assert mail["Subject"] == "Stratagem のメールアドレスの確認"
        assert mail["List-Unsubscribe"] is None  # a confirmation is not a subscription
        refused = france.request("PATCH", "/api/v1/me/notices", {"events": {"press": ["email"]}})
        assert refused.status == 409 and "france@example.org はまだ確認されていません" in refused.message
        token = link(mail, "/confirm-email/")
        anonymous = server.client(language="ja")
        assert anonymous.ok("POST", "/api/v1/email/confirm", {"token": token}) == {"address": "france@example.org",
                                                                                  "confirmed": True}
        again = anonymous.request("POST", "/api/v1/email/confirm", {"token": token})
        assert again.status == 404 and "使用済み" in again.message
        france.ok("PATCH", "/api/v1/me/notices", {"events": {"press": ["email"], "orders_due": ["email"]}})
        assert france.ok("GET", "/api/v1/me/notices")["email"] == {"address": "france@example.org", "confirmed": True}

        players["GERMANY"].ok("POST", f"/api/v1/games/{game_id}/messages",
                              {"from": "GERMANY", "to": ["FRANCE"], "text": "ブルゴーニュは空けておきます"}, status=201)
        [received] = [m for m in smtp.sink.wait_for(2, to="france@example.org")[1:]]
        assert received["tls"] and received["authenticated"]
        message = received["message"]
        assert message["Subject"] == "Friday game：新しいメッセージ"
        assert message["From"] == "Stratagem <notices@diplomacy.example.org>"
        assert re.fullmatch(r"<\d+\.press@diplomacy\.example\.org>", message["Message-ID"])
        assert message["Content-Language"] == "ja"
        assert message.get_content_type() == "multipart/alternative"
        plain, html = text_of(message, "plain"), text_of(message, "html")
        assert "ドイツ：ブルゴーニュは空けておきます" in plain and "ドイツ：ブルゴーニュは空けておきます" in html
        assert f"対局を開く：{PUBLIC}/games/{game_id}" in plain
        assert f'<a href="{PUBLIC}/games/{game_id}">' in html
        unsubscribe = message["List-Unsubscribe"]
        assert re.fullmatch(r"<" + re.escape(PUBLIC) + r"/api/v1/email/unsubscribe/[0-9a-f]{64}>", unsubscribe)
        assert message["List-Unsubscribe-Post"] == "List-Unsubscribe=One-Click"
        assert f"{PUBLIC}/unsubscribe/" in plain

        # RFC 8058: the mail program POSTs to the header's address, no sign-in.
        path = urllib.parse.urlparse(unsubscribe.strip("<>")).path
        stopped = server.client().request("POST", path, raw=b"List-Unsubscribe=One-Click",
                                          headers={"Content-Type": "application/x-www-form-urlencoded"})
        assert stopped.status == 200 and stopped.json() == {"address": "france@example.org", "unsubscribed": True}
        assert france.ok("GET", "/api/v1/me/notices")["email"] is None
        assert server.client().request("POST", path).status == 404
        players["GERMANY"].ok("POST", f"/api/v1/games/{game_id}/messages",
                              {"from": "GERMANY", "to": ["FRANCE"], "text": "?"}, status=201)
        time.sleep(3)
        assert len(smtp.sink.received("france@example.org")) == 2
    finally:
        assert server.stop() == 0


def confirm_step_one(client, smtp, address):
    assert client.ok("PUT", "/api/v1/me/email", {"address": address}, status=202) == {"address": address,
                                                                                     "confirmed": False}
    return smtp.sink.wait_for(1, to=address)[0]["message"]


def test_every_language_names_the_game_the_phase_and_links_to_it(tmp_path, smtp):
    server = mail_server(f"sqlite:{tmp_path / 'db.sqlite'}", smtp).start()
    try:
        languages = {"ENGLAND": "en", "FRANCE": "ja", "GERMANY": "zh-Hant", "ITALY": "zh-Hans"}
        people = {power: new_user(server, power.lower(), language=language) for power, language in languages.items()}
        for power, client in people.items():
            confirm(client, smtp, f"{power.lower()}@example.org")
            client.ok("PATCH", "/api/v1/me/notices", {"events": {"orders_due": ["email"], "game_status": ["email"]}})
        game_id, players = seven_player_game(server, prefix="x", extra={})
        # The seats of the game are others; the four join a game of their own.
        body = {"game": "diplomacy", "name": "週末の対局", "players": 4, "press": "full",
                "deadlines": {"movement_seconds": 86400, "retreat_seconds": 3600, "adjustment_seconds": 3600}}
        game = people["ENGLAND"].ok("POST", "/api/v1/games", body, status=201)["id"]
        for client in people.values():
            client.ok("POST", f"/api/v1/games/{game}/join", {})
        expected = {
            "en": ("週末の対局: orders for Spring 1901, movement", "Your orders for Spring 1901, movement", "Open the game:"),
            "ja": ("週末の対局：1901年春 移動フェイズの命令", "の締め切りは", "対局を開く："),
            "zh-Hant": ("週末の對局", "請在", "開啟對局："),
            "zh-Hans": ("週末の对局", "请在", "打开对局："),
        }
        for power, language in languages.items():
            mails = smtp.sink.wait_for(3, to=f"{power.lower()}@example.org")
            subjects = [m["message"]["Subject"] for m in mails[1:]]
            due = [m["message"] for m in mails[1:] if m["message"]["Message-ID"].split(".")[1].startswith("orders_due")]
            assert len(due) == 1, subjects
            plain = text_of(due[0], "plain")
            assert f"{PUBLIC}/games/{game}" in plain, plain
            assert expected[language][2] in plain, (language, plain)
            assert due[0]["Content-Language"] == language
    finally:
        assert server.stop() == 0


def seven_confirmed(server, smtp, kinds=("orders_due",), prefix=""):
    """Seven people, each with a confirmed address and `kinds` by e-mail, not yet in a game."""
    from diplomacy_helpers import LANGUAGES
    people = {}
    for power in POWERS:
        client = new_user(server, f"{prefix}{power.lower()}", language=LANGUAGES[power])
        address = f"{prefix}{power.lower()}@example.org"
        assert client.ok("PUT", "/api/v1/me/email", {"address": address}, status=202)
        people[power] = (client, address)
    for power, (client, address) in people.items():
        token = link(smtp.sink.wait_for(1, to=address)[0]["message"], "/confirm-email/")
        client.ok("POST", "/api/v1/email/confirm", {"token": token})
        client.ok("PATCH", "/api/v1/me/notices", {"events": {kind: ["email"] for kind in kinds}})
    return people


def start_game(people, name="Friday game"):
    body = {"game": "diplomacy", "name": name, "players": 7, "press": "full",
            "deadlines": {"movement_seconds": 86400, "retreat_seconds": 3600, "adjustment_seconds": 3600}}
    england = people["ENGLAND"][0]
    game_id = england.ok("POST", "/api/v1/games", body, status=201)["id"]
    for power, (client, _) in people.items():
        client.ok("POST", f"/api/v1/games/{game_id}/join", {"power": power})
    return game_id


def notices_by_id(smtp, kind):
    """Message-ID -> how many times it arrived, for mails of `kind`."""
    counts = {}
    for mail in smtp.sink.received():
        message_id = mail["message"]["Message-ID"]
        if f".{kind}@" in message_id:
            counts[message_id] = counts.get(message_id, 0) + 1
    return counts


def test_mails_wait_while_the_mail_server_is_down_and_go_when_it_is_back(tmp_path):
    smtp = SmtpServer(str(tmp_path))  # not started: its port refuses connections
    server = mail_server(f"sqlite:{tmp_path / 'db.sqlite'}", smtp).start()
    try:
        alice = new_user(server, "alice", language="zh-Hans")
        alice.ok("PUT", "/api/v1/me/email", {"address": "alice@example.org"}, status=202)
        db = sqlite3.connect(str(tmp_path / "db.sqlite"))
        attempts = lambda: db.execute("SELECT attempts, last_error FROM deliveries").fetchall()  # noqa: E731
        # A claim counts the attempt; its error is written once the send has failed.
        wait_until(lambda: attempts() and attempts()[0][1] is not None, timeout=20, what="a failed attempt")
        [(tried, error)] = attempts()
        assert tried == 1 and f"SMTP smtp://127.0.0.1:{smtp.port}" in error, error
        smtp.start()
        try:
            mail = smtp.sink.wait_for(1, to="alice@example.org", timeout=40)[0]["message"]
            assert mail["Subject"] == "确认你在 Stratagem 的电子邮件地址"
            time.sleep(2)
            assert len(smtp.sink.received()) == 1
        finally:
            smtp.stop()
    finally:
        assert server.stop() == 0


def test_kill_9_while_sending_loses_no_notice_and_resends_only_the_unacknowledged(tmp_path, smtp):
    database = f"sqlite:{tmp_path / 'db.sqlite'}"
    server = mail_server(database, smtp, lease=10).start()
    people = seven_confirmed(server, smtp)
    # The mail server now takes 4 s to answer each mail: the server is killed while it waits.
    smtp.sink.hold = 4.0
    game_id = start_game(people)
    wait_until(lambda: notices_by_id(smtp, "orders_due"), timeout=30, what="the first mail")
    server.kill9()
    smtp.sink.hold = 0.0
    server = mail_server(database, smtp, lease=10).start()
    try:
        wait_until(lambda: len(notices_by_id(smtp, "orders_due")) == 7, timeout=60, what="all seven orders_due mails")
        time.sleep(3)
        counts = notices_by_id(smtp, "orders_due")
        # Each notice arrived; the one the mail server had taken but whose answer never
        # reached the killed server came twice, with the same Message-ID; no other did.
        assert len(counts) == 7
        assert sorted(counts.values()) == [1, 1, 1, 1, 1, 1, 2], counts
        for power, (client, address) in people.items():
            mails = [m for m in smtp.sink.received(address) if ".orders_due@" in m["message"]["Message-ID"]]
            assert mails and f"/games/{game_id}" in text_of(mails[0]["message"], "plain")
    finally:
        assert server.stop() == 0


def test_invalid_addresses_are_refused_and_a_flood_of_press_is_gathered(tmp_path, smtp):
    server = mail_server(f"sqlite:{tmp_path / 'db.sqlite'}", smtp).start()
    try:
        people = seven_confirmed(server, smtp, kinds=("press",))
        english = people["ENGLAND"][0]
        for bad in ["england", "england@localhost", "e ngland@example.org", "england@example.org\r\nBcc: x@example.org"]:
            refused = english.request("PUT", "/api/v1/me/email", {"address": bad})
            assert refused.status == 400 and refused.code == "bad_request", bad
            assert refused.message.startswith("field 'address':") and "is not an e-mail address" in refused.message
        game_id = start_game(people)
        france = people["FRANCE"][0]
        for n in range(30):
            france.ok("POST", f"/api/v1/games/{game_id}/messages",
                      {"from": "FRANCE", "to": ["ENGLAND"], "text": f"message {n}"}, status=201)
        first = smtp.sink.wait_for(2, to="england@example.org")[1]["message"]
        # Five more after the first mail went: they must wait for the next, whichever way
        # the thirty were split (the fan-out once lost the last mail's time when a flood
        # was fanned out in two batches, and the rest went at once).
        for n in range(30, 35):
            france.ok("POST", f"/api/v1/games/{game_id}/messages",
                      {"from": "FRANCE", "to": ["ENGLAND"], "text": f"message {n}"}, status=201)
        time.sleep(4)
        # One mail so far, with the messages that came before it was sent; the rest wait
        # together for the next, 15 minutes after it.
        received = [(m["message"]["Message-ID"], m["message"]["Subject"]) for m in smtp.sink.received("england@example.org")]
        assert len(received) == 2, received
        counted = re.fullmatch(r"Friday game: (\d+) new messages|Friday game: (a) new message", first["Subject"])
        sent = 1 if counted.group(2) else int(counted.group(1))
        plain = text_of(first, "plain")
        assert f"France: message {sent - 1}\n" in plain and f"France: message {sent}\n" not in plain, plain
        db = sqlite3.connect(str(tmp_path / "db.sqlite"))
        [(payload, due_at)] = db.execute("SELECT payload, due_at FROM deliveries WHERE kind = 'press'").fetchall()
        waiting = json.loads(payload)
        assert waiting["count"] == 35 - sent
        assert waiting["messages"][-1]["text"] == "message 34"
        sent_at = db.execute("SELECT delivered_at FROM delivered_gatherings").fetchone()[0]
        assert due_at == sent_at + 15 * 60 * 1000
        # Nothing else went to England: the other six were told nothing (they sent nothing to them).
        assert all(len(smtp.sink.received(address)) == 1 for power, (_, address) in people.items() if power != "ENGLAND")
    finally:
        assert server.stop() == 0


def own_schema(url):
    """The database at `url`, in a schema of this test's own: other tests' servers on the
    same database (ctest runs them side by side) would otherwise fan out this test's
    notices by their own channels, which have no mail."""
    import subprocess
    import uuid
    schema = f"mail_{uuid.uuid4().hex[:12]}"
    subprocess.run(["psql", url, "-q", "-c", f"CREATE SCHEMA {schema}"], check=True, capture_output=True)
    separator = "&" if "?" in url else "?"
    return f"{url}{separator}options=-csearch_path%3D{schema}"


@pytest.mark.skipif(not os.environ.get("STRATAGEM_TEST_POSTGRESQL"), reason="needs STRATAGEM_TEST_POSTGRESQL")
def test_two_processes_on_postgresql_send_each_notice_once(tmp_path, smtp):
    url = own_schema(os.environ["STRATAGEM_TEST_POSTGRESQL"])
    first = mail_server(url, smtp).start()
    second = mail_server(url, smtp).start()
    try:
        people = seven_confirmed(first, smtp, kinds=("orders_due", "game_status"))
        game_ids = [start_game(people, name=f"Game {n}") for n in range(6)]
        wait_until(lambda: len(notices_by_id(smtp, "orders_due")) == 42 and len(notices_by_id(smtp, "game_status")) == 42,
                   timeout=90, what="every notice of six games")
        time.sleep(3)
        assert set(notices_by_id(smtp, "orders_due").values()) == {1}
        assert set(notices_by_id(smtp, "game_status").values()) == {1}
        assert len(game_ids) == 6
    finally:
        assert first.stop() == 0
        assert second.stop() == 0
