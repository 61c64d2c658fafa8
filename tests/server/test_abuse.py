"""The server under abuse (issue 17): descriptor exhaustion, slow and silent clients, an
event stream that stops reading at shutdown, login guessing from one address, numbers
beyond a double, a new seat holder replaying hidden events, NUL in a path, HEAD, and
recipients repeated thousands of times."""
import json
import os
import resource
import signal
import socket
import threading
import time

import h11
import pytest

from diplomacy_helpers import seven_player_game
from serverlib import EventReader, Server, new_user, wait_until


def cpu_seconds(pid):
    """User + system CPU time of a process, from /proc."""
    with open(f"/proc/{pid}/stat") as stat:
        fields = stat.read().rsplit(")", 1)[1].split()
    ticks = os.sysconf("SC_CLK_TCK")
    return (int(fields[11]) + int(fields[12])) / ticks


def lower_descriptor_limit(limit):
    def apply():
        resource.setrlimit(resource.RLIMIT_NOFILE, (limit, limit))
    return apply


def raw_request(port, text, source="127.0.0.1", timeout=10):
    """Sends raw HTTP text; the whole answer until the server closes (or the timeout)."""
    sock = socket.create_connection(("127.0.0.1", port), timeout=timeout, source_address=(source, 0))
    try:
        sock.sendall(text.encode() if isinstance(text, str) else text)
        data = b""
        while True:
            chunk = sock.recv(65536)
            if not chunk:
                return data
            data += chunk
    finally:
        sock.close()


def strict_get(port, path, source="127.0.0.1", timeout=10):
    """GET `path` and read the whole reply with h11, a strict HTTP/1.1 parser: a header
    out of form or a body shorter or longer than its Content-Length is an error here.
    (status, headers as a dict of lower-case names, body)."""
    connection = h11.Connection(our_role=h11.CLIENT)
    sock = socket.create_connection(("127.0.0.1", port), timeout=timeout, source_address=(source, 0))
    try:
        sock.sendall(connection.send(h11.Request(method="GET", target=path, headers=[("Host", "x")])) +
                     connection.send(h11.EndOfMessage()))
        status, headers, body = None, {}, b""
        while True:
            event = connection.next_event()
            if event is h11.NEED_DATA:
                connection.receive_data(sock.recv(65536))
            elif isinstance(event, h11.Response):
                status = event.status_code
                headers = {name.decode(): value.decode() for name, value in event.headers}
            elif isinstance(event, h11.Data):
                body += event.data
            elif isinstance(event, h11.EndOfMessage):
                return status, headers, body
    finally:
        sock.close()


def assert_too_many_connections(reply):
    status, headers, body = reply
    assert status == 503
    assert headers["retry-after"] == "5"
    assert headers["connection"] == "close"
    assert headers["content-length"] == str(len(body))
    assert json.loads(body) == {"error": {"code": "unavailable",
                                          "message": "too many connections; try again in a few seconds"}}


@pytest.fixture
def more_descriptors():
    """This test process opens over a thousand sockets."""
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    resource.setrlimit(resource.RLIMIT_NOFILE, (min(hard, 8192), hard))
    yield
    resource.setrlimit(resource.RLIMIT_NOFILE, (soft, hard))


def test_idle_connections_beyond_the_descriptor_limit_are_refused_without_spinning(tmp_path, more_descriptors):
    # The probe: `ulimit -n 1024` and 1,100 idle connections from one client burned a core
    # and wrote 433 MB of "Too many open files".
    server = Server(f"sqlite:{tmp_path / 'db'}", preexec_fn=lower_descriptor_limit(1024),
                    args=["--max-connections-per-address", "2000"]).start()
    try:
        before = cpu_seconds(server.process.pid)
        idle = []
        for _ in range(1100):
            idle.append(socket.create_connection(("127.0.0.1", server.port), timeout=10))
        time.sleep(3)
        # Over the cap, a newcomer hears 503 at once instead of timing out.
        assert_too_many_connections(strict_get(server.port, "/api/v1/openapi.json", timeout=5))
        spent = cpu_seconds(server.process.pid) - before
        assert spent < 1.5, f"the server spent {spent:.2f} s of CPU holding idle connections"
        for sock in idle:
            sock.close()
        # Room again: requests are served.
        client = server.client()
        wait_until(lambda: client.get("/api/v1/openapi.json").status == 200, timeout=10, what="service again")
    finally:
        status = server.stop()
    log = server.log.decode()
    assert status == 0, log[-2000:]
    assert len(server.log) < 20_000, f"{len(server.log)} bytes of log: {log[:1000]}"
    assert "Too many open files" not in log
    assert "refused" in log  # once, not once per connection
    assert log.count("refused") < 10


def test_connections_per_address_are_capped(server):
    # The fixture's server allows 256 connections from one address (the default).
    held = [socket.create_connection(("127.0.0.1", server.port), timeout=10) for _ in range(256)]
    try:
        assert_too_many_connections(strict_get(server.port, "/api/v1/openapi.json", timeout=5))
        # Another address is not held back by this one.
        other = raw_request(server.port, "GET /api/v1/openapi.json HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n",
                            source="127.0.0.2", timeout=5)
        assert other.startswith(b"HTTP/1.1 200"), other[:200]
    finally:
        for sock in held:
            sock.close()


def test_a_connection_that_sends_no_request_is_closed_after_the_request_limit(server):
    sock = socket.create_connection(("127.0.0.1", server.port), timeout=30)
    started = time.monotonic()
    sock.sendall(b"GET /api/v1/openapi.json HTTP/1.1\r\nHost: x\r\n")  # the header never ends
    assert sock.recv(100) == b""
    waited = time.monotonic() - started
    sock.close()
    assert 8 <= waited < 20, f"closed after {waited:.1f} s (the limit is 10 s, not the 75 s keep-alive)"


def test_sigterm_ends_the_server_while_an_event_stream_does_not_read(tmp_path):
    # The probe: a stream with a small receive window, 400 large messages, SIGTERM: still
    # running 30 s later.
    server = Server(f"sqlite:{tmp_path / 'db'}").start()
    game_id, players = seven_player_game(server, press="full")
    england = players["ENGLAND"]
    sock = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
    sock.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, 4096)
    sock.connect(("127.0.0.1", server.port))
    sock.sendall((f"GET /api/v1/games/{game_id}/events?last_event_id=0 HTTP/1.1\r\nHost: x\r\n"
                  f"Authorization: Bearer {england.token}\r\n\r\n").encode())
    # More than the kernel's largest send buffer (4 MiB) can hold for it: the write blocks.
    text = "x" * 4000
    for _ in range(1200):
        england.ok("POST", f"/api/v1/games/{game_id}/messages", {"from": "ENGLAND", "to": "all", "text": text},
                   status=201)
    started = time.monotonic()
    status = server.stop(signal.SIGTERM, timeout=30)
    took = time.monotonic() - started
    sock.close()
    assert status == 0, server.log.decode()[-2000:]
    assert took < 8, f"shutdown took {took:.1f} s"


def test_a_stream_that_stops_reading_is_dropped_and_resumes_with_last_event_id(server):
    game_id, players = seven_player_game(server, press="full")
    england = players["ENGLAND"]
    sock = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
    sock.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, 4096)
    sock.connect(("127.0.0.1", server.port))
    sock.sendall((f"GET /api/v1/games/{game_id}/events?last_event_id=0 HTTP/1.1\r\nHost: x\r\n"
                  f"Authorization: Bearer {england.token}\r\n\r\n").encode())
    # More than the kernel's largest send buffer (4 MiB) can hold for it.
    text = "y" * 4000
    for _ in range(1500):
        england.ok("POST", f"/api/v1/games/{game_id}/messages", {"from": "ENGLAND", "to": "all", "text": text},
                   status=201)
    # The write limit is 10 s: by then the server has given up on this reader.
    time.sleep(13)
    sock.settimeout(10)
    received = b""
    try:
        while True:
            chunk = sock.recv(1 << 20)
            if not chunk:
                break
            received += chunk
    except (ConnectionResetError, socket.timeout):
        pass
    sock.close()
    assert received.count(b"event: message") < 1500, "the slow reader was not dropped"
    # It reconnects from the last event it has and gets the rest, in order.
    last_id = max(int(line[4:]) for line in received.decode(errors="replace").splitlines()
                  if line.startswith("id: ") and line[4:].isdigit())
    reader = EventReader(server.port, f"/api/v1/games/{game_id}/events", token=england.token, last_event_id=last_id)
    ids = []
    while len(ids) < 1500 - received.count(b"event: message"):
        event = reader.next_event(timeout=20)
        if event["event"] == "message":
            ids.append(int(event["id"]))
    reader.close()
    assert ids == sorted(ids) and ids[0] > last_id


def test_a_correct_password_from_another_address_is_never_refused(server):
    new_user(server, "victim", password="right password")
    client = server.client()
    for _ in range(5):
        assert client.post("/api/v1/sessions", {"name": "victim", "password": "wrong"}).status == 401
    refused = client.post("/api/v1/sessions", {"name": "victim", "password": "right password"})
    assert refused.status == 429  # from the guessing address, even the right password waits
    assert refused.headers["Retry-After"] == "1"
    body = json.dumps({"name": "victim", "password": "right password"})
    answer = raw_request(server.port, f"POST /api/v1/sessions HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\n"
                                      f"Content-Length: {len(body)}\r\nConnection: close\r\n\r\n{body}",
                         source="127.0.0.3")
    assert answer.startswith(b"HTTP/1.1 200"), answer[:300]


def test_login_delays_grow_for_the_guesser(server):
    new_user(server, "guarded", password="right password", language="ja")
    client = server.client(language="ja")
    for _ in range(5):
        assert client.post("/api/v1/sessions", {"name": "guarded", "password": "wrong"}).status == 401
    waits = []
    for _ in range(3):
        refused = client.post("/api/v1/sessions", {"name": "guarded", "password": "wrong"})
        assert refused.status == 429
        assert "秒後" in refused.message
        wait = int(refused.headers["Retry-After"])
        waits.append(wait)
        time.sleep(wait + 0.1)
        assert client.post("/api/v1/sessions", {"name": "guarded", "password": "wrong"}).status == 401
    assert waits == [1, 2, 4]


def test_signups_are_limited_per_address(tmp_path):
    server = Server(f"sqlite:{tmp_path / 'db'}", args=["--signups-per-minute", "5"]).start()
    try:
        client = server.client(language="zh-Hant")
        for i in range(5):
            assert client.post("/api/v1/users", {"name": f"flood{i}", "password": "password1"}).status == 201
        refused = client.post("/api/v1/users", {"name": "flood5", "password": "password1"})
        assert refused.status == 429
        assert int(refused.headers["Retry-After"]) >= 1
        assert "帳號" in refused.message
        body = json.dumps({"name": "elsewhere", "password": "password1"})
        answer = raw_request(server.port, f"POST /api/v1/users HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\n"
                                          f"Content-Length: {len(body)}\r\nConnection: close\r\n\r\n{body}",
                             source="127.0.0.4")
        assert answer.startswith(b"HTTP/1.1 201"), answer[:300]
    finally:
        assert server.stop() == 0


BODIES = [  # every endpoint that reads a body
    ("POST", "/api/v1/users", False), ("POST", "/api/v1/sessions", False), ("PATCH", "/api/v1/me", True),
    ("POST", "/api/v1/games", True), ("POST", "/api/v1/games/{id}/join", True),
    ("PUT", "/api/v1/games/{id}/orders", True), ("POST", "/api/v1/games/{id}/ready", True),
    ("POST", "/api/v1/games/{id}/messages", True), ("POST", "/api/v1/games/{id}/draw_vote", True),
    ("POST", "/api/v1/games/{id}/end_vote", True), ("POST", "/api/v1/games/{id}/alliance_end", True),
    ("POST", "/api/v1/games/{id}/give_up", True), ("POST", "/api/v1/games/{id}/take_seat", True),
    ("POST", "/api/v1/games/{id}/treaties", True), ("POST", "/api/v1/games/{id}/treaties/1/sign", True),
    ("POST", "/api/v1/games/{id}/treaties/1/publish", True), ("POST", "/api/v1/games/{id}/moves", True),
    ("POST", "/api/v1/games/{id}/resign", True), ("POST", "/api/v1/games/{id}/draw", True),
]


def test_numbers_beyond_a_double_are_a_bad_request_naming_the_field_everywhere(server):
    game_id, players = seven_player_game(server)
    england = players["ENGLAND"]
    for method, path, authenticated in BODIES:
        raw = b'{"name": "x", "deep": {"z": [1, 1e400]}}'
        response = (england if authenticated else server.client()).request(method, path.format(id=game_id), raw=raw)
        assert response.status == 400, (method, path, response)
        assert response.code == "bad_request"
        assert "deep.z[1]" in response.message, (method, path, response.message)
    japanese = server.client(language="ja").request("POST", "/api/v1/users", raw=b'{"z": -1e999}')
    assert japanese.status == 400 and japanese.message == "フィールド「z」の数値が大きすぎて読めません"


def test_a_new_seat_holder_does_not_replay_the_previous_holders_hidden_events(server):
    game_id, players = seven_player_game(server)
    france = players["FRANCE"]
    france.ok("PUT", f"/api/v1/games/{game_id}/orders", {"phase": "S1901M", "orders": {"FRANCE": ["A PAR-PIC"]}})
    france.ok("POST", f"/api/v1/games/{game_id}/alliance_end", {"power": "FRANCE", "with": ["ENGLAND"]})
    france.ok("POST", f"/api/v1/games/{game_id}/give_up", {"power": "FRANCE"})
    newcomer = new_user(server, "newcomer")
    newcomer.ok("POST", f"/api/v1/games/{game_id}/take_seat", {"power": "FRANCE"})
    newcomer.ok("POST", f"/api/v1/games/{game_id}/ready", {"power": "FRANCE", "ready": False})  # an event to wait for
    reader = EventReader(server.port, f"/api/v1/games/{game_id}/events?last_event_id=0", token=newcomer.token)
    seen = reader.events_until(lambda e: e["event"] == "ready" and e["data"]["power"] == "FRANCE"
                               and e["data"]["ready"] is False)
    reader.close()
    kinds = [event["event"] for event in seen]
    assert "orders" not in kinds and "alliance_end" not in kinds, kinds
    assert "player_status" in kinds  # public events are replayed
    # The previous holder still sees what was addressed to them then.
    old = EventReader(server.port, f"/api/v1/games/{game_id}/events?last_event_id=0", token=france.token)
    mine = old.events_until(lambda e: e["event"] == "alliance_end")
    old.close()
    assert any(e["event"] == "orders" and e["data"]["power"] == "FRANCE" for e in mine)


def test_nul_in_a_path_is_refused(server):
    for path in ("/index.html%00.js", "/api/v1/games/1%00", "/assets/%00"):
        response = server.client().get(path)
        assert response.status == 400, (path, response)
        assert "NUL" in response.message


def test_head_answers_like_get_without_a_body(server):
    got = server.client().get("/api/v1/openapi.json")
    answer = raw_request(server.port, "HEAD /api/v1/openapi.json HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n")
    head, _, body = answer.partition(b"\r\n\r\n")
    assert head.startswith(b"HTTP/1.1 200"), head
    assert f"Content-Length: {len(got.body)}".encode() in head
    assert body == b""
    missing = raw_request(server.port, "HEAD /api/v1/nothing HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n")
    assert missing.startswith(b"HTTP/1.1 404")


def test_a_recipient_named_twice_is_refused(server):
    game_id, players = seven_player_game(server, press="full")
    england = players["ENGLAND"]
    flood = england.post(f"/api/v1/games/{game_id}/messages", {"from": "ENGLAND", "to": ["FRANCE"] * 5000, "text": "hi"})
    assert flood.status == 400 and "to" in flood.message
    twice = england.post(f"/api/v1/games/{game_id}/messages", {"from": "ENGLAND", "to": ["FRANCE", "France"], "text": "hi"})
    assert twice.status == 400
    assert england.get(f"/api/v1/games/{game_id}/messages").json() == []
    england.ok("POST", f"/api/v1/games/{game_id}/messages", {"from": "ENGLAND", "to": ["FRANCE", "GERMANY"], "text": "hi"},
               status=201)


def test_hidden_characters_are_refused_in_names(server):
    for name in ["ali\u202ece", "bob\u0000", "zero\u200bwidth", "c1\u0085"]:
        refused = server.client().post("/api/v1/users", {"name": name, "password": "password1"})
        assert refused.status == 400, (name, refused)
    player = new_user(server, "名前のある人", language="zh-Hant")
    body = {"game": "diplomacy", "name": "Friday\u202e game", "variant": "standard", "rules": "standard", "players": 7,
            "press": "full", "computer_players": 6}
    refused = player.post("/api/v1/games", body)
    assert refused.status == 400
    assert refused.message == "對局名稱須為 1 到 80 個字元，不可含控制字元或文字方向字元"
    long_name = player.post("/api/v1/games", dict(body, name="戰" * 81))
    assert long_name.status == 400
    assert player.post("/api/v1/games", dict(body, name="戰" * 80)).status == 201


def test_a_message_is_counted_in_characters(server):
    game_id, players = seven_player_game(server, press="full")
    germany = players["GERMANY"]  # writes in zh-Hant
    too_long = germany.post(f"/api/v1/games/{game_id}/messages", {"from": "GERMANY", "to": "all", "text": "和" * 4001})
    assert too_long.status == 400 and too_long.message == "訊息須為 1 到 4000 個字元"
    germany.ok("POST", f"/api/v1/games/{game_id}/messages", {"from": "GERMANY", "to": "all", "text": "和" * 4000},
               status=201)
