"""Accounts, tokens, the caller's language, the HTTP basics (errors, caps, the OpenAPI
document, static files, shutdown) against a real `stratagem serve`."""
import json
import signal
import socket

import pytest

from serverlib import Client, Server, new_user


def test_create_login_me(server):
    anonymous = server.client()
    created = anonymous.post("/api/v1/users", {"name": "alice", "password": "correct horse", "language": "ja"})
    assert created.status == 201
    body = created.json()
    assert set(body) == {"id", "name", "language", "token"}
    assert (body["name"], body["language"]) == ("alice", "ja")
    assert len(body["token"]) == 64 and int(body["token"], 16) >= 0

    me = server.client(body["token"]).get("/api/v1/me")
    assert me.status == 200
    assert me.json() == {"id": body["id"], "name": "alice", "language": "ja"}

    login = anonymous.post("/api/v1/sessions", {"name": "alice", "password": "correct horse"})
    assert login.status == 200
    token = login.json()["token"]
    assert token != body["token"]
    assert server.client(token).get("/api/v1/me").json()["name"] == "alice"


def test_default_language_and_taken_name(server):
    anonymous = server.client()
    first = anonymous.post("/api/v1/users", {"name": "bob", "password": "12345678"})
    assert first.status == 201 and first.json()["language"] == "en"
    again = anonymous.post("/api/v1/users", {"name": "bob", "password": "another one"})
    assert again.status == 409 and again.code == "conflict"
    assert "bob" in again.message


def test_wrong_password_and_unknown_name(server):
    new_user(server, "carol")
    anonymous = server.client()
    wrong = anonymous.post("/api/v1/sessions", {"name": "carol", "password": "not the password"})
    assert wrong.status == 401 and wrong.code == "unauthenticated"
    unknown = anonymous.post("/api/v1/sessions", {"name": "nobody", "password": "whatever1"})
    assert unknown.status == 401 and unknown.message == wrong.message


def test_tokens_required_and_checked(server):
    anonymous = server.client()
    for path in ["/api/v1/me", "/api/v1/games", "/api/v1/games/1"]:
        response = anonymous.get(path)
        assert response.status == 401 and response.code == "unauthenticated", path
    bad = anonymous.get("/api/v1/me", token="00" * 32)
    assert bad.status == 401


def test_logout_forgets_the_token(server):
    alice = new_user(server, "dora")
    assert alice.request("DELETE", "/api/v1/sessions").status == 204
    assert alice.get("/api/v1/me").status == 401


def test_login_attempts_are_rate_limited_per_name(server):
    new_user(server, "erin")
    anonymous = server.client()
    statuses = [anonymous.post("/api/v1/sessions", {"name": "erin", "password": "guess%04d" % i}).status
                for i in range(7)]
    assert statuses[:5] == [401] * 5
    assert statuses[5:] == [429, 429]
    limited = anonymous.post("/api/v1/sessions", {"name": "erin", "password": "correct horse"})
    assert limited.status == 429 and limited.code == "too_many_requests"
    assert int(limited.headers["Retry-After"]) >= 1
    # Another name from the same address is still let in.
    new_user(server, "fred")
    assert anonymous.post("/api/v1/sessions", {"name": "fred", "password": "correct horse"}).status == 200


@pytest.mark.parametrize("language,accept,expected", [
    (None, None, "no valid token"),
    (None, "ja-JP,ja;q=0.9,en;q=0.8", "トークン"),
    (None, "zh-TW", "憑證"),
    (None, "zh-CN,zh;q=0.9", "令牌"),
    (None, "fr-FR, en;q=0.5", "no valid token"),
])
def test_error_language_from_accept_language(server, language, accept, expected):
    headers = {"Accept-Language": accept} if accept else {}
    response = server.client().get("/api/v1/me", headers=headers)
    assert response.status == 401 and response.code == "unauthenticated"
    assert expected in response.message


def test_account_language_wins_over_accept_language(server):
    user = new_user(server, "gina", language="zh-Hans")
    response = user.post("/api/v1/games", {"game": "chess"}, headers={"Accept-Language": "ja"})
    assert response.status == 400 and response.code == "bad_request"
    assert "game" in response.message
    changed = user.request("PATCH", "/api/v1/me", body={"language": "ja"})
    assert changed.status == 200 and changed.json()["language"] == "ja"
    bad = user.request("PATCH", "/api/v1/me", body={"language": "fr"})
    assert bad.status == 400 and "language" in bad.message


def test_traditional_chinese_with_hong_kong_names_is_an_account_language(server):
    # zh-Hant-HK: the web client shows Hong Kong's names (意大利, not 義大利); the server's
    # own messages are traditional Chinese, as for zh-Hant.
    user = new_user(server, "wing", language="zh-Hant-HK")
    assert user.request("GET", "/api/v1/me").json()["language"] == "zh-Hant-HK"
    refused = user.post("/api/v1/games", {"game": "chess"}, headers={"Accept-Language": "en"})
    assert refused.status == 400
    assert any("\u4e00" <= ch <= "\u9fff" for ch in refused.message), refused.message
    changed = user.request("PATCH", "/api/v1/me", body={"language": "zh-Hant"})
    assert changed.status == 200 and changed.json()["language"] == "zh-Hant"
    back = user.request("PATCH", "/api/v1/me", body={"language": "zh-Hant-HK"})
    assert back.status == 200 and back.json()["language"] == "zh-Hant-HK"


@pytest.mark.parametrize("body,expected", [
    ({"password": "12345678"}, "'name'"),
    ({"name": "x"}, "'password'"),
    ({"name": 5, "password": "12345678"}, "'name'"),
    ({"name": "x", "password": ["12345678"]}, "'password'"),
    ({"name": "x", "password": "12345678", "language": "fr"}, "'language'"),
    # What a person gets wrong in the form is said as a sentence, not a field name.
    ({"name": "x", "password": "short"}, "a password is 8 to 256 characters"),
    ({"name": "", "password": "12345678"}, "a name is 1 to 32 characters"),
    ({"name": "a b", "password": "12345678"}, "a name is 1 to 32 characters"),
    ({"name": "n" * 33, "password": "12345678"}, "a name is 1 to 32 characters"),
])
def test_user_fields_are_validated(server, body, expected):
    response = server.client().post("/api/v1/users", body)
    assert response.status == 400 and response.code == "bad_request", response
    assert expected in response.message


def test_names_in_other_scripts(server):
    created = server.client().post("/api/v1/users", {"name": "山田太郎", "password": "パスワード1234"})
    assert created.status == 201 and created.json()["name"] == "山田太郎"
    login = server.client().post("/api/v1/sessions", {"name": "山田太郎", "password": "パスワード1234"})
    assert login.status == 200


def test_malformed_json_and_huge_body(server):
    anonymous = server.client()
    malformed = anonymous.post("/api/v1/users", raw=b'{"name": "x", ')
    assert malformed.status == 400 and malformed.code == "bad_request" and "JSON" in malformed.message
    not_object = anonymous.post("/api/v1/users", raw=b"[1, 2]")
    assert not_object.status == 400 and not_object.code == "bad_request"
    huge = anonymous.post("/api/v1/users", raw=b'{"name": "' + b"x" * (1 << 20) + b'"}')
    assert huge.status == 413 and huge.code == "too_large"
    # The server is still there.
    assert anonymous.get("/api/v1/openapi.json").status == 200


def test_unknown_route_and_method(server):
    anonymous = server.client()
    missing = anonymous.get("/api/v1/nothing")
    assert missing.status == 404 and missing.code == "not_found"
    wrong_method = anonymous.request("DELETE", "/api/v1/users")
    assert wrong_method.status == 405


def test_openapi_document(server):
    response = server.client().get("/api/v1/openapi.json")
    assert response.status == 200 and response.headers["Content-Type"] == "application/json"
    document = response.json()
    assert document["openapi"].startswith("3.")
    for path in ["/api/v1/users", "/api/v1/sessions", "/api/v1/me", "/api/v1/games", "/api/v1/games/{id}",
                 "/api/v1/games/{id}/join", "/api/v1/games/{id}/orders", "/api/v1/games/{id}/ready",
                 "/api/v1/games/{id}/phases", "/api/v1/games/{id}/messages", "/api/v1/games/{id}/events",
                 "/api/v1/games/{id}/moves", "/api/v1/games/{id}/resign", "/api/v1/games/{id}/draw"]:
        assert path in document["paths"], path


def test_keep_alive_connection_serves_several_requests(server):
    import http.client
    connection = http.client.HTTPConnection("127.0.0.1", server.port, timeout=10)
    for _ in range(3):
        connection.request("GET", "/api/v1/openapi.json")
        response = connection.getresponse()
        assert response.status == 200
        json.loads(response.read())
    connection.close()


@pytest.fixture
def web_server(tmp_path):
    web = tmp_path / "web"
    (web / "assets").mkdir(parents=True)
    (web / "index.html").write_text("<!doctype html><title>Stratagem</title>")
    (web / "assets" / "app-1234.js").write_text("console.log('hi')")
    (web / "assets" / "style.css").write_text("body{}")
    (tmp_path / "secret.txt").write_text("do not serve me")
    (web / "assets" / "escape").symlink_to(tmp_path / "secret.txt")
    running = Server(f"sqlite:{tmp_path / 'db.sqlite'}", web=str(web)).start()
    yield running
    assert running.stop() == 0


def test_static_files(web_server):
    client = web_server.client()
    # The client's own pages, and those a notice's mail links to.
    for path in ["/", "/games/42", "/settings", "/confirm-email/0a1b", "/unsubscribe/0a1b"]:
        page = client.get(path)
        assert page.status == 200 and page.headers["Content-Type"] == "text/html; charset=utf-8", path
        assert b"<title>Stratagem</title>" in page.body
    for path in ["/confirm-email/", "/unsubscribe/a/b", "/settings/x"]:
        assert client.get(path).status == 404, path
    script = client.get("/assets/app-1234.js")
    assert script.status == 200 and script.headers["Content-Type"] == "text/javascript; charset=utf-8"
    assert client.get("/assets/style.css").headers["Content-Type"] == "text/css; charset=utf-8"
    assert client.get("/assets/none.js").status == 404


@pytest.mark.parametrize("target", [
    "/../secret.txt", "/assets/../../secret.txt", "/%2e%2e/secret.txt", "/assets/%2E%2E/%2E%2E/secret.txt",
    "/assets/escape", "//etc/passwd", "/games/1/../../secret.txt",
])
def test_no_path_traversal(web_server, target):
    with socket.create_connection(("127.0.0.1", web_server.port), timeout=10) as sock:
        sock.sendall(f"GET {target} HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n".encode())
        data = b""
        while chunk := sock.recv(65536):
            data += chunk
    assert b"do not serve me" not in data
    assert data.startswith(b"HTTP/1.1 404"), data[:200]


def test_sigint_stops_with_status_0(tmp_path):
    running = Server(f"sqlite:{tmp_path / 'db.sqlite'}").start()
    new_user(running, "hank")
    assert running.stop(signal.SIGINT) == 0


def test_bad_listen_and_database_are_refused(tmp_path):
    import subprocess
    from serverlib import BIN
    bad_listen = subprocess.run([BIN, "serve", "--listen", "nowhere", "--database", f"sqlite:{tmp_path}/a.db"],
                                capture_output=True, timeout=30)
    assert bad_listen.returncode == 2 and b"--listen" in bad_listen.stderr and bad_listen.stdout == b""
    bad_database = subprocess.run([BIN, "serve", "--listen", "127.0.0.1:0", "--database", "mysql://x"],
                                  capture_output=True, timeout=30)
    assert bad_database.returncode == 2 and b"--database" in bad_database.stderr


def test_sigterm_ends_event_streams_and_finishes_requests(tmp_path):
    import time
    from serverlib import EventReader
    running = Server(f"sqlite:{tmp_path / 'db.sqlite'}").start()
    user = new_user(running, "ivan")
    game = user.ok("POST", "/api/v1/games", {"game": "dragonchess", "name": "x", "opponent": "human"})["id"]
    stream = EventReader(running.port, f"/api/v1/games/{game}/events", token=user.token)
    assert stream.status == 200
    started = time.monotonic()
    assert running.stop(signal.SIGTERM, timeout=10) == 0
    assert time.monotonic() - started < 8  # not the 15 s of a keep-alive comment, nor forever
    with pytest.raises((EOFError, ConnectionError, OSError)):
        stream.next_event(timeout=5)


def test_login_attempts_are_rate_limited_per_address(server):
    anonymous = server.client()
    statuses = [anonymous.post("/api/v1/sessions", {"name": f"nobody{i}", "password": "whatever1"}).status
                for i in range(40)]
    # 30 failures empty the address's bucket; it refills one every 2 s, so on a slow
    # machine one more attempt may pass before the refusals.
    assert statuses[:30] == [401] * 30
    assert statuses[30:].count(429) >= 8


def raw_exchange(port, data):
    with socket.create_connection(("127.0.0.1", port), timeout=10) as sock:
        sock.sendall(data)
        try:
            sock.shutdown(socket.SHUT_WR)
        except OSError:
            pass
        received = b""
        try:
            while chunk := sock.recv(65536):
                received += chunk
        except (ConnectionResetError, socket.timeout):
            pass
    return received


@pytest.mark.parametrize("data", [
    b"\x00\x01\x02garbage\r\n\r\n",
    b"GET\r\n\r\n",
    b"GET / HTTP/9.9\r\n\r\n",
    b"GET /api/v1/me HTTP/1.1\r\nHost: x\r\nX-Big: " + b"a" * 40000 + b"\r\n\r\n",
    b"POST /api/v1/users HTTP/1.1\r\nHost: x\r\nContent-Length: -5\r\n\r\n",
    b"POST /api/v1/users HTTP/1.1\r\nHost: x\r\nContent-Length: 99999999999999999999\r\n\r\n",
    b"POST /api/v1/users HTTP/1.1\r\nHost: x\r\nContent-Length: 10\r\n\r\nabc",
    b"PUT /api/v1/games/1/orders HTTP/1.1\r\nHost: x\r\nAuthorization: Bearer \xff\xfe\r\nContent-Length: 2\r\n\r\n{}",
    b"POST /api/v1/users HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 23\r\n\r\n"
    b'{"name": "\xff\xfe", "pa": 1}',
])
def test_broken_http_never_harms_the_server(server, data):
    answer = raw_exchange(server.port, data)
    assert answer.startswith(b"HTTP/1.1 4"), answer[:200]
    error = json.loads(answer.split(b"\r\n\r\n", 1)[1])["error"]
    assert error["code"] in ("bad_request", "too_large", "unauthenticated") and error["message"]
    assert server.client().get("/api/v1/openapi.json").status == 200


def test_chunked_body_over_the_cap(server):
    chunk = b"x" * 60000
    body = b"".join(b"%x\r\n%s\r\n" % (len(chunk), chunk) for _ in range(3)) + b"0\r\n\r\n"
    answer = raw_exchange(server.port, b"POST /api/v1/users HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: chunked\r\n\r\n"
                          + body)
    assert answer.startswith(b"HTTP/1.1 413"), answer[:200]
    assert b'"too_large"' in answer
