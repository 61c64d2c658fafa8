"""The issue's events that the other notice tests do not send end to end, over real HTTP
to the real SMTP server the tests start (smtp_sink.py) and a group chat on the local HTTPS
receiver (https_sink.py): the reminder N hours before a deadline, sent at that time and
only to whoever has not said ready; a seat falling into civil disorder, told to the person
who missed; and a game's end, mailed to its players and posted to its chat; each in the
reader's language, naming the game and the phase, and linking into the game."""
import time

import pytest

from diplomacy_helpers import LANGUAGES, POWERS
from https_sink import HttpsSink
from serverlib import Server
from smtp_sink import SmtpServer
from test_notice_mail import PUBLIC, seven_confirmed, text_of

FRIENDS = {"ENGLAND": "en", "FRANCE": "ja", "GERMANY": "zh-Hant", "ITALY": "zh-Hans"}


@pytest.fixture
def receivers(tmp_path):
    (tmp_path / "smtp").mkdir()
    (tmp_path / "chat").mkdir()
    smtp = SmtpServer(str(tmp_path / "smtp")).start()
    chat = HttpsSink(str(tmp_path / "chat")).start()
    yield smtp, chat
    chat.stop()
    smtp.stop()


def notice_server(tmp_path, smtp, chat):
    args = ["--smtp", smtp.url(), "--public-url", PUBLIC, "--mail-from", "Stratagem <notices@diplomacy.example.org>",
            "--webhook-private-addresses"]
    env = dict(smtp.environment(), STRATAGEM_WEBHOOK_CA_FILE=chat.cert)
    return Server(f"sqlite:{tmp_path / 'db.sqlite'}", args=args, extra_env=env)


def of_kind(smtp, address, kind):
    return [m["message"] for m in smtp.sink.received(address) if f".{kind}@" in m["message"]["Message-ID"]]


def new_game(people, deadlines, extra=None):
    body = {"game": "diplomacy", "name": "Friday game", "players": 7, "press": "full", "deadlines": deadlines,
            **(extra or {})}
    game_id = people["ENGLAND"][0].ok("POST", "/api/v1/games", body, status=201)["id"]
    for power, (client, _) in people.items():
        client.ok("POST", f"/api/v1/games/{game_id}/join", {"power": power})
    return game_id


def test_the_reminder_comes_hours_before_the_deadline_to_who_is_not_ready_and_the_end_is_told(tmp_path, receivers):
    smtp, chat = receivers
    server = notice_server(tmp_path, smtp, chat).start()
    try:
        people = seven_confirmed(server, smtp, kinds=("deadline_near", "game_status"))
        for client, _ in people.values():
            client.ok("PATCH", "/api/v1/me/notices", {"reminder_hours": 1})
        # The deadline is an hour and 20 seconds away: the reminder is due in 20 s.
        started = time.time()
        game_id = new_game(people, {"movement_seconds": 3620, "retreat_seconds": 3600, "adjustment_seconds": 3600})
        link = f"{PUBLIC}/games/{game_id}"
        england = people["ENGLAND"][0]
        england.ok("PUT", f"/api/v1/games/{game_id}/webhook", {"url": chat.url("/slack/zh"), "format": "slack",
                                                                "language": "zh-Hans"})
        england.ok("PUT", f"/api/v1/games/{game_id}/orders", {"phase": "S1901M", "orders": {"ENGLAND": ["F Lon-Nth"]}})
        england.ok("POST", f"/api/v1/games/{game_id}/ready", {"power": "ENGLAND", "ready": True})
        deadline = england.ok("GET", f"/api/v1/games/{game_id}")["deadline"]
        readable = f"{deadline[:10]} {deadline[11:16]} UTC"
        for power, (_, address) in people.items():
            if power != "ENGLAND":
                smtp.sink.wait_for(3, to=address, timeout=60)  # confirmation, the start, the reminder
        assert time.time() - started >= 19
        time.sleep(2)
        assert of_kind(smtp, people["ENGLAND"][1], "deadline_near") == []  # ready: not reminded
        expected = {
            "ja": ("Friday game：1901年 春 移動フェイズの締め切りが近づいています", f"1901年 春 移動フェイズの締め切りは {readable} ですが、あなたの命令（フランス）はまだです。"),
            "zh-Hant": ("Friday game：1901年春季，行動期的截止時間將至", f"1901年春季，行動期的截止時間是 {readable}，你的指令（德國）尚未遞交。"),
            "zh-Hans": ("Friday game：1901年春季，行动期的截止时间将至", f"1901年春季，行动期的截止时间是 {readable}，你的指令（意大利）尚未提交。"),
            "en": ("Friday game: the deadline for Spring 1901, movement is near",
                   f"The deadline for Spring 1901, movement is {readable}, and your orders (Austria) are not in yet."),
        }
        for power in ("FRANCE", "GERMANY", "ITALY", "AUSTRIA"):
            [reminder] = of_kind(smtp, people[power][1], "deadline_near")
            subject, line = expected[LANGUAGES[power]]
            assert (reminder["Subject"], reminder["Content-Language"]) == (subject, LANGUAGES[power])
            assert line in text_of(reminder, "plain") and link in text_of(reminder, "plain"), text_of(reminder, "plain")

        # Everyone votes a draw: the end is mailed to every player and posted to the chat.
        for power, (client, _) in people.items():
            client.ok("POST", f"/api/v1/games/{game_id}/draw_vote", {"power": power, "draw": True})
        for power, language in FRIENDS.items():
            smtp.sink.wait_for(4 if power != "ENGLAND" else 3, to=people[power][1])
            [ended] = of_kind(smtp, people[power][1], "game_status")[-1:]
            assert ended["Content-Language"] == language
            assert ended["Subject"] == {"en": "Friday game has ended", "ja": "Friday gameが終わりました",
                                        "zh-Hant": "Friday game已結束", "zh-Hans": "Friday game已结束"}[language]
            assert link in text_of(ended, "plain")
        assert "The game has ended in a draw between Austria, England, France, Germany, Italy, Russia, Turkey." \
            in text_of(of_kind(smtp, people["ENGLAND"][1], "game_status")[-1], "plain")
        [*_, post] = chat.wait_for(2, path="/slack/zh")
        assert post["body"]["text"].startswith("*Friday game已结束*\n对局以和局结束，共享者：") and post["body"]["text"].endswith(link)
    finally:
        assert server.stop() == 0


def test_a_seat_falling_into_civil_disorder_is_told_to_the_person_who_missed(tmp_path, receivers):
    smtp, chat = receivers
    server = notice_server(tmp_path, smtp, chat).start()
    try:
        people = seven_confirmed(server, smtp, kinds=("civil_disorder",))
        game_id = new_game(people, {"movement_seconds": 4, "retreat_seconds": 4, "adjustment_seconds": 4},
                           {"civil_disorder_after": 1})
        link = f"{PUBLIC}/games/{game_id}"
        england = people["ENGLAND"][0]
        england.ok("PUT", f"/api/v1/games/{game_id}/orders", {"phase": "S1901M", "orders": {"ENGLAND": ["F Lon-Nth"]}})
        england.ok("POST", f"/api/v1/games/{game_id}/ready", {"power": "ENGLAND", "ready": True})
        expected = {"FRANCE": ("Friday game：フランスが内乱状態になりました", "フランスは命令を出さず、1901年 秋 移動フェイズに内乱状態になりました。"),
                    "GERMANY": ("Friday game：德國陷入內亂", "德國未遞交指令，於1901年秋季，行動期陷入內亂。"),
                    "ITALY": ("Friday game：意大利陷入内乱", "意大利未提交指令，于1901年秋季，行动期陷入内乱。"),
                    "AUSTRIA": ("Friday game: Austria is in civil disorder",
                                "Austria missed its orders and fell into civil disorder in Fall 1901, movement.")}
        for power, (subject, line) in expected.items():
            smtp.sink.wait_for(2, to=people[power][1], timeout=60)
            [told] = of_kind(smtp, people[power][1], "civil_disorder")
            assert (told["Subject"], told["Content-Language"]) == (subject, LANGUAGES[power])
            assert line in text_of(told, "plain") and link in text_of(told, "plain"), text_of(told, "plain")
        # England gave its orders: not in civil disorder for the spring (the autumn, missed
        # later on this fast clock, may tell it of that one).
        assert all("Spring 1901" not in text_of(m, "plain") for m in of_kind(smtp, people["ENGLAND"][1], "civil_disorder"))
    finally:
        assert server.stop() == 0
