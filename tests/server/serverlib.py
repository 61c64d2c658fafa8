"""Runs a real `stratagem serve` and talks HTTP to it (standard library only).

The binary comes from STRATAGEM_BIN (set by CTest). Every server listens on 127.0.0.1 with
port 0 and says its port on stdout, as the contract requires.
"""
import http.client
import json
import os
import signal
import socket
import subprocess
import time

BIN = os.environ.get("STRATAGEM_BIN", "stratagem")


class Server:
    def __init__(self, database, web=None, extra_env=None, args=None, preexec_fn=None):
        self.database = database
        self.web = web
        self.extra_env = extra_env or {}
        # Tests create many accounts from 127.0.0.1: the per-address signup limit is lifted
        # unless a test sets it (test_abuse.py).
        self.args = list(args or [])
        if not any(a.startswith("--signups-per-minute") for a in self.args):
            self.args += ["--signups-per-minute", "100000"]
        self.preexec_fn = preexec_fn
        self.process = None
        self.port = None
        self.log = b""

    def start(self):
        args = [BIN, "serve", "--listen", "127.0.0.1:0", "--database", self.database]
        if self.web:
            args += ["--web", self.web]
        args += self.args
        env = dict(os.environ, **self.extra_env)
        self.process = subprocess.Popen(args, stdout=subprocess.PIPE, stderr=subprocess.PIPE, env=env,
                                        preexec_fn=self.preexec_fn)
        line = self.process.stdout.readline().decode()
        if not line.startswith("listening on http://127.0.0.1:"):
            self.process.kill()
            _, err = self.process.communicate(timeout=10)
            raise RuntimeError(f"server did not start: {line!r} {err.decode()[-2000:]}")
        assert line.endswith("\n")
        self.port = int(line.strip().rsplit(":", 1)[1])
        return self

    def stop(self, sig=signal.SIGTERM, timeout=20):
        """Stops the server; its exit status."""
        if self.process is None:
            return None
        self.process.send_signal(sig)
        try:
            _, err = self.process.communicate(timeout=timeout)
        except subprocess.TimeoutExpired:
            self.process.kill()
            _, err = self.process.communicate()
            raise
        self.log += err
        status = self.process.returncode
        self.process = None
        return status

    def kill9(self):
        return self.stop(signal.SIGKILL)

    def client(self, token=None, language=None):
        return Client(self.port, token, language)


class Response:
    def __init__(self, status, headers, body):
        self.status = status
        self.headers = headers
        self.body = body

    def json(self):
        return json.loads(self.body)

    @property
    def code(self):
        """The error code of an error body."""
        return self.json()["error"]["code"]

    @property
    def message(self):
        return self.json()["error"]["message"]

    def __repr__(self):
        return f"<{self.status} {self.body[:300]!r}>"


class Client:
    def __init__(self, port, token=None, language=None):
        self.port = port
        self.token = token
        self.language = language

    def request(self, method, path, body=None, raw=None, headers=None, token=None):
        connection = http.client.HTTPConnection("127.0.0.1", self.port, timeout=60)
        all_headers = {}
        token = token if token is not None else self.token
        if token:
            all_headers["Authorization"] = f"Bearer {token}"
        if self.language:
            all_headers["Accept-Language"] = self.language
        if body is not None:
            raw = json.dumps(body).encode()
        if raw is not None:
            all_headers["Content-Type"] = "application/json"
        all_headers.update(headers or {})
        try:
            connection.request(method, path, body=raw, headers=all_headers)
            response = connection.getresponse()
            result = Response(response.status, dict(response.getheaders()), response.read())
        finally:
            connection.close()
        return result

    def get(self, path, **kw):
        return self.request("GET", path, **kw)

    def post(self, path, body=None, **kw):
        return self.request("POST", path, body=body, **kw)

    def put(self, path, body=None, **kw):
        return self.request("PUT", path, body=body, **kw)

    def ok(self, method, path, body=None, status=None):
        """A request that must succeed; its JSON."""
        response = self.request(method, path, body=body)
        expected = status or (201 if method == "POST" and path in ("/api/v1/users", "/api/v1/games") else 200)
        assert response.status == expected, f"{method} {path} {body!r}: {response}"
        return response.json() if response.body else None


def new_user(server, name, language=None, password="correct horse"):
    body = {"name": name, "password": password}
    if language:
        body["language"] = language
    created = server.client().ok("POST", "/api/v1/users", body)
    return server.client(created["token"])


def wait_until(predicate, timeout=20.0, interval=0.1, what="condition"):
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        value = predicate()
        if value:
            return value
        time.sleep(interval)
    raise AssertionError(f"timed out waiting for {what}")


class EventReader:
    """A Server-Sent Events stream read with a timeout (a raw socket: http.client buffers)."""

    def __init__(self, port, path, token=None, last_event_id=None, headers=None):
        self.sock = socket.create_connection(("127.0.0.1", port), timeout=10)
        lines = [f"GET {path} HTTP/1.1", "Host: 127.0.0.1", "Accept: text/event-stream"]
        if token:
            lines.append(f"Authorization: Bearer {token}")
        if last_event_id is not None:
            lines.append(f"Last-Event-ID: {last_event_id}")
        for name, value in (headers or {}).items():
            lines.append(f"{name}: {value}")
        self.sock.sendall(("\r\n".join(lines) + "\r\n\r\n").encode())
        self.buffer = b""
        head = self._read_until(b"\r\n\r\n", 10)
        self.status = int(head.split(b" ", 2)[1])
        self.head = head.decode()

    def _read_until(self, marker, timeout):
        deadline = time.monotonic() + timeout
        while marker not in self.buffer:
            remaining = deadline - time.monotonic()
            if remaining <= 0:
                raise TimeoutError(f"no {marker!r} in {self.buffer[-500:]!r}")
            self.sock.settimeout(remaining)
            chunk = self.sock.recv(65536)
            if not chunk:
                raise EOFError(self.buffer[-500:])
            self.buffer += chunk
        index = self.buffer.index(marker) + len(marker)
        out, self.buffer = self.buffer[:index], self.buffer[index:]
        return out

    def next_event(self, timeout=10):
        """The next event as {"id", "event", "data"}; comments are skipped."""
        while True:
            block = self._read_until(b"\n\n", timeout).decode()
            event = {}
            for line in block.splitlines():
                if not line or line.startswith(":"):
                    continue
                name, _, value = line.partition(":")
                event[name] = value[1:] if value.startswith(" ") else value
            if "data" in event:
                event["data"] = json.loads(event["data"])
                return event

    def events_until(self, predicate, timeout=20):
        """Events read until one satisfies predicate (that one included)."""
        deadline = time.monotonic() + timeout
        seen = []
        while True:
            event = self.next_event(max(0.1, deadline - time.monotonic()))
            seen.append(event)
            if predicate(event):
                return seen

    def close(self):
        self.sock.close()
