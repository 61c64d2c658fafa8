"""An account's secret iCalendar feed (RFC 5545) of its games' deadlines over HTTP: made,
read without signing in, in the account's language with its reminder hours, moved when a
phase changes, reset (the old address dead at once) and removed (docs/server.md,
"Calendar feed")."""
import re
import urllib.parse
from datetime import datetime

from diplomacy_helpers import play_phase, seven_player_game
from serverlib import Server, new_user

PUBLIC = "https://diplomacy.example.org"


def events_of(feed):
    """The feed's VEVENTs as {property: value}, lines unfolded (RFC 5545 §3.1)."""
    lines = feed.replace("\r\n ", "").split("\r\n")
    assert lines[-1] == "", "the feed ends with CRLF"
    events, current = [], None
    for line in lines[:-1]:
        if line == "BEGIN:VEVENT":
            current = {}
        elif line == "END:VEVENT":
            events.append(current)
            current = None
        elif current is not None and not line.startswith(("BEGIN:VALARM", "END:VALARM", "ACTION:")):
            name, _, value = line.partition(":")
            current.setdefault(name, value)  # the event's DESCRIPTION, not its alarm's
            if name == "TRIGGER":
                current["TRIGGER"] = value
    return events


def feed_at(server, url, status=200):
    path = urllib.parse.urlparse(url).path
    response = server.client().request("GET", path)
    assert response.status == status, (response.status, response.body[:300])
    return response


def test_a_feed_of_the_accounts_deadlines_moves_with_the_phase_and_dies_when_reset(tmp_path):
    server = Server(f"sqlite:{tmp_path / 'db.sqlite'}", args=["--public-url", PUBLIC]).start()
    try:
        game_id, players = seven_player_game(server, deadlines={"movement_seconds": 86400, "retreat_seconds": 3600,
                                                                "adjustment_seconds": 3600})
        france = players["FRANCE"]  # reads Japanese
        assert france.ok("GET", "/api/v1/me/notices")["calendar_url"] is None
        france.ok("PATCH", "/api/v1/me/notices", {"reminder_hours": 5})
        url = france.ok("POST", "/api/v1/me/calendar")["calendar_url"]
        assert re.fullmatch(re.escape(PUBLIC) + r"/api/v1/calendar/[0-9a-f]{64}\.ics", url), url
        assert france.ok("GET", "/api/v1/me/notices")["calendar_url"] == url

        response = feed_at(server, url)  # no sign-in: calendar programs have none
        assert response.headers["Content-Type"] == "text/calendar; charset=utf-8"
        assert response.headers["Cache-Control"] == "no-cache, private"
        feed = response.body.decode()
        assert feed.startswith("BEGIN:VCALENDAR\r\nVERSION:2.0\r\n") and feed.endswith("END:VCALENDAR\r\n")
        assert all(len(line.encode()) <= 75 for line in feed.split("\r\n"))
        deadline = france.ok("GET", f"/api/v1/games/{game_id}")["deadline"]
        stamp = datetime.fromisoformat(deadline.replace("Z", "+00:00")).strftime("%Y%m%dT%H%M%SZ")
        [event] = events_of(feed)
        assert event["UID"] == f"game-{game_id}-S1901M@diplomacy.example.org"
        assert event["DTSTART"] == stamp and event["DTEND"] == event["DTSTART"]
        assert event["SUMMARY"] == "Friday game：1901年 春 移動フェイズの締め切り", event["SUMMARY"]
        assert event["URL"] == f"{PUBLIC}/games/{game_id}"
        assert event["TRIGGER"] == "-PT5H"

        # The phase moves on: the event is the next phase's, at its deadline.
        play_phase(game_id, players, "S1901M", {})
        [event] = events_of(feed_at(server, url).body.decode())
        assert event["UID"] == f"game-{game_id}-F1901M@diplomacy.example.org"

        # Someone else's account has its own feed: France's games are not in it.
        stranger = new_user(server, "stranger", language="en")
        other = stranger.ok("POST", "/api/v1/me/calendar")["calendar_url"]
        assert events_of(feed_at(server, other).body.decode()) == []

        # Reset: a new address, and the old one answers 404 at once, saying why.
        new_url = france.ok("POST", "/api/v1/me/calendar")["calendar_url"]
        assert new_url != url
        gone = server.client(language="ja").request("GET", urllib.parse.urlparse(url).path)
        assert gone.status == 404 and gone.code == "not_found" and "リセットか削除" in gone.message
        assert len(events_of(feed_at(server, new_url).body.decode())) == 1
        france.ok("DELETE", "/api/v1/me/calendar", status=204)
        feed_at(server, new_url, status=404)
        assert france.ok("GET", "/api/v1/me/notices")["calendar_url"] is None
        assert server.client().request("POST", "/api/v1/me/calendar").status == 401
        for path in ["/api/v1/calendar/nothing.ics", "/api/v1/calendar/" + "0" * 64 + ".ics"]:
            assert server.client().request("GET", path).status == 404, path
    finally:
        assert server.stop() == 0
