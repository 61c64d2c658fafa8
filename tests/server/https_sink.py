"""A real HTTPS server on 127.0.0.1 for the tests, standing in for a group chat's incoming
webhook (Discord's or Slack's): a certificate made at test time, every POST kept with its
path, headers and JSON body, and answers chosen per path (e.g. 500 then 204)."""
import json
import ssl
import threading
import time
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

from smtp_sink import make_certificate


class LocalHttpsServer:
    """An HTTPS server on 127.0.0.1 with a certificate made at test time (`cert`): each POST
    is handed to `on_post(path, headers, body)`, which gives the answer's status, or its
    status and headers (e.g. (429, {"Retry-After": "12"}))."""

    def __init__(self, folder):
        self.cert, key = make_certificate(folder)
        context = ssl.create_default_context(ssl.Purpose.CLIENT_AUTH)
        context.load_cert_chain(self.cert, key)
        self.lock = threading.Lock()
        receiver = self

        class Handler(BaseHTTPRequestHandler):
            def do_POST(self):
                body = self.rfile.read(int(self.headers.get("Content-Length", "0")))
                answer = receiver.on_post(self.path, self.headers, body)
                status, headers = answer if isinstance(answer, tuple) else (answer, {})
                self.send_response(status)
                for name, value in headers.items():
                    self.send_header(name, value)
                self.send_header("Content-Length", "0")
                self.end_headers()

            def log_message(self, *args):
                pass

        self.server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        self.server.socket = context.wrap_socket(self.server.socket, server_side=True)
        self.port = self.server.server_address[1]
        self.thread = threading.Thread(target=self.server.serve_forever, daemon=True)

    def on_post(self, path, headers, body):
        raise NotImplementedError

    def start(self):
        self.thread.start()
        return self

    def stop(self):
        self.server.shutdown()
        self.server.server_close()

    def origin(self):
        return f"https://127.0.0.1:{self.port}"

    @staticmethod
    def wait_until(found, count, what, everything, timeout):
        """found() once it holds `count` items; after `timeout` s an AssertionError naming
        `what` and listing everything()."""
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            items = found()
            if len(items) >= count:
                return items
            time.sleep(0.1)
        raise AssertionError(f"{len(found())} {what} after {timeout} s, not {count}: {everything()}")


class HttpsSink(LocalHttpsServer):
    def __init__(self, folder):
        super().__init__(folder)
        self.posts = []
        self.answers = {}  # path -> statuses still to give, in order; then 204

    def on_post(self, path, headers, body):
        with self.lock:
            waiting = self.answers.get(path, [])
            status = waiting.pop(0) if waiting else 204
            self.posts.append({"path": path, "headers": dict(headers), "status": status,
                               "body": json.loads(body) if body else None})
        return status

    def url(self, path):
        return f"{self.origin()}{path}"

    def received(self, path=None, status=None):
        with self.lock:
            return [p for p in self.posts if (path is None or p["path"] == path) and (status is None or p["status"] == status)]

    def wait_for(self, count, path=None, status=None, timeout=30.0):
        return self.wait_until(lambda: self.received(path, status), count, f"posts to {path or 'any path'}",
                               self.received, timeout)
