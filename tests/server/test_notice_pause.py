"""A game's "paused" and "resumed" notices sent end to end, over real HTTP on SQLite and on
PostgreSQL, on every channel at once: mail to the real SMTP server the tests start
(smtp_sink.py), a group-chat webhook to the local HTTPS receiver (https_sink.py) and Web
Push to the local push service that checks VAPID and decrypts (push_service.py); each in
the account's or the webhook's language, naming the game and its phase, with the time left
or the new deadline, and linking into the game (docs/server.md, "Notices")."""
import os
import uuid

import pytest

from diplomacy_helpers import LANGUAGES, POWERS
from https_sink import HttpsSink
from push_service import PushService
from serverlib import Server, new_user
from smtp_sink import SmtpServer
from test_notice_mail import confirm, text_of

PUBLIC = "https://diplomacy.example.org"
DATABASES = ["sqlite"] + (["postgresql"] if os.environ.get("STRATAGEM_TEST_POSTGRESQL") else [])
DAY = {"movement_seconds": 86400, "retreat_seconds": 3600, "adjustment_seconds": 3600}

# What each language says, the game being 「週末の対局」 in Spring 1901 with a day left.
PAUSED = {
    "en": ("週末の対局 is paused",
           "The game is paused in Spring 1901, movement, with 24 h 0 min left before its deadline. "
           "No deadline runs out and computer players wait until it resumes."),
    "ja": ("週末の対局が一時停止されました",
           "対局は1901年 春 移動フェイズで一時停止されました。締め切りまで残り24時間0分です。"
           "再開までは締め切りが来ず、コンピューターも待ちます。"),
    "zh-Hant": ("週末の対局已暫停", "對局在1901年春季，行動期暫停，距截止尚餘24 小時 0 分鐘。恢復前不會到期，電腦弈者也會等待。"),
    "zh-Hans": ("週末の対局已暂停", "对局在1901年春季，行动期暂停，距截止还剩24 小时 0 分钟。恢复前不会到期，电脑玩家也会等待。"),
}
RESUMED = {
    "en": ("週末の対局 has resumed", "The game has resumed in Spring 1901, movement; orders are due by {deadline}."),
    "ja": ("週末の対局が再開されました", "対局は1901年 春 移動フェイズで再開されました。命令の締め切りは{deadline}です。"),
    "zh-Hant": ("週末の対局已繼續", "對局在1901年春季，行動期繼續；指令截止時間為{deadline}。"),
    "zh-Hans": ("週末の対局已继续", "对局在1901年春季，行动期继续；指令截止时间为{deadline}。"),
}


@pytest.fixture(params=DATABASES)
def database(request, tmp_path):
    return f"sqlite:{tmp_path / 'db.sqlite'}" if request.param == "sqlite" else os.environ["STRATAGEM_TEST_POSTGRESQL"]


@pytest.fixture
def channels(tmp_path):
    """The three receivers, each with its own certificate."""
    folders = [tmp_path / name for name in ("smtp", "chat", "push")]
    for folder in folders:
        folder.mkdir()
    smtp = SmtpServer(str(folders[0])).start()
    chat = HttpsSink(str(folders[1])).start()
    push = PushService(str(folders[2])).start()
    yield smtp, chat, push
    push.stop()
    chat.stop()
    smtp.stop()


def readable(deadline):
    """"2026-11-27T12:34:56Z" as the notices write it: "2026-11-27 12:34 UTC"."""
    return f"{deadline[:10]} {deadline[11:16]} UTC"


def test_paused_and_resumed_reach_mail_webhook_and_push_in_each_language(database, channels):
    smtp, chat, push = channels
    prefix = uuid.uuid4().hex[:6]
    args = ["--public-url", PUBLIC, "--smtp", smtp.url(), "--mail-from", "Stratagem <notices@diplomacy.example.org>",
            "--web-push", "--push-private-addresses", "--webhook-private-addresses"]
    env = dict(smtp.environment(), STRATAGEM_PUSH_CA_FILE=push.cert, STRATAGEM_WEBHOOK_CA_FILE=chat.cert)
    server = Server(database, args=args, extra_env=env).start()
    try:
        host = new_user(server, f"{prefix}host", language="ja")
        players = {power: new_user(server, f"{prefix}{power.lower()}", language=LANGUAGES[power]) for power in POWERS}
        # Mail to the four languages' players (England en, France ja, Germany zh-Hant,
        # Italy zh-Hans); pushes to Germany's and France's phones.
        addresses = {power: f"{prefix}{power.lower()}@example.org" for power in ("ENGLAND", "FRANCE", "GERMANY", "ITALY")}
        for power, address in addresses.items():
            confirm(players[power], smtp, address)
        for power in ("GERMANY", "FRANCE"):
            players[power].ok("POST", "/api/v1/me/push_subscriptions", push.subscribe(f"{prefix}-{power}"), status=201)
        for power, client in players.items():
            chosen = (["email"] if power in addresses else []) + (["push"] if power in ("GERMANY", "FRANCE") else [])
            if chosen:
                client.ok("PATCH", "/api/v1/me/notices", {"events": {"game_status": chosen}})
        body = {"game": "diplomacy", "name": "週末の対局", "players": 7, "press": "full", "deadlines": DAY}
        game_id = host.ok("POST", "/api/v1/games", body, status=201)["id"]
        link = f"{PUBLIC}/games/{game_id}"
        for power, client in players.items():
            if power != "TURKEY":
                client.ok("POST", f"/api/v1/games/{game_id}/join", {"power": power})
        # Two chats, one in the game's Japanese from Italy's setting, one in Slack's format in English.
        players["ITALY"].ok("PUT", f"/api/v1/games/{game_id}/webhook", {"url": chat.url("/discord/ja"), "language": "ja"})
        players["AUSTRIA"].ok("PUT", f"/api/v1/games/{game_id}/webhook", {"url": chat.url("/slack/en"), "format": "slack"})
        players["TURKEY"].ok("POST", f"/api/v1/games/{game_id}/join", {"power": "TURKEY"})
        # The start is told first: one mail (after the confirmation), one push, one post each.
        for address in addresses.values():
            smtp.sink.wait_for(2, to=address)
        push.wait_for(2)
        chat.wait_for(1, path="/discord/ja")
        chat.wait_for(1, path="/slack/en")

        assert host.ok("POST", f"/api/v1/games/{game_id}/pause", {"paused": True})["paused"] is True
        for power, address in addresses.items():
            mail = smtp.sink.wait_for(3, to=address)[2]["message"]
            language = LANGUAGES[power]
            title, line = PAUSED[language]
            assert (mail["Subject"], mail["Content-Language"]) == (title, language)
            assert ".game_status@diplomacy.example.org>" in mail["Message-ID"]
            plain, html = text_of(mail, "plain"), text_of(mail, "html")
            assert line in plain and line in html, (language, plain)
            assert link in plain and f'<a href="{link}">' in html
            assert mail["List-Unsubscribe-Post"] == "List-Unsubscribe=One-Click"
        for power in ("GERMANY", "FRANCE"):
            [_, paused] = push.wait_for(2, device=f"{prefix}-{power}")
            assert "problem" not in paused, paused
            language = LANGUAGES[power]
            assert paused["message"] == {"title": PAUSED[language][0], "body": PAUSED[language][1], "url": link,
                                         "tag": f"{game_id}-game_status", "lang": language}, paused["message"]
        [_, post] = chat.wait_for(2, path="/discord/ja")
        assert post["body"] == {"content": f"**{PAUSED['ja'][0]}**\n{PAUSED['ja'][1]}\n{link}",
                                "allowed_mentions": {"parse": []}}
        [_, post] = chat.wait_for(2, path="/slack/en")
        assert post["body"] == {"text": f"*{PAUSED['en'][0]}*\n{PAUSED['en'][1]}\n{link}"}

        assert host.ok("POST", f"/api/v1/games/{game_id}/pause", {"paused": False})["paused"] is False
        deadline = readable(host.ok("GET", f"/api/v1/games/{game_id}")["deadline"])
        for power, address in addresses.items():
            mails = smtp.sink.wait_for(4, to=address)
            resumed = [m["message"] for m in mails[3:]]
            language = LANGUAGES[power]
            title, line = RESUMED[language]
            assert [(m["Subject"], m["Content-Language"]) for m in resumed] == [(title, language)]
            assert line.format(deadline=deadline) in text_of(resumed[0], "plain"), text_of(resumed[0], "plain")
            assert link in text_of(resumed[0], "plain")
        for power in ("GERMANY", "FRANCE"):
            resumed = push.wait_for(3, device=f"{prefix}-{power}")[2]["message"]
            language = LANGUAGES[power]
            assert (resumed["title"], resumed["body"], resumed["url"], resumed["lang"]) == \
                (RESUMED[language][0], RESUMED[language][1].format(deadline=deadline), link, language)
        [*_, post] = chat.wait_for(3, path="/discord/ja")
        assert post["body"]["content"] == f"**{RESUMED['ja'][0]}**\n{RESUMED['ja'][1].format(deadline=deadline)}\n{link}"
        [*_, post] = chat.wait_for(3, path="/slack/en")
        assert post["body"]["text"] == f"*{RESUMED['en'][0]}*\n{RESUMED['en'][1].format(deadline=deadline)}\n{link}"
    finally:
        assert server.stop() == 0
    # Nobody who did not ask was told: no mail to anyone else, no push to anyone else.
    assert {m["device"] for m in push.received()} == {f"{prefix}-GERMANY", f"{prefix}-FRANCE"}
    assert all(len(smtp.sink.received(address)) == 4 for address in addresses.values())
