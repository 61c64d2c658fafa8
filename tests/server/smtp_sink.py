"""A real SMTP server on 127.0.0.1 for the tests (Debian's python3-aiosmtpd): STARTTLS
with a certificate made at test time, AUTH PLAIN/LOGIN with one user, and every message
kept, parsed, for the test to read."""
import email
import email.policy
import os
import socket
import ssl
import subprocess
import threading
import time

from aiosmtpd.controller import Controller
from aiosmtpd.smtp import AuthResult, LoginPassword, SMTP

USER = "stratagem-mailer"
PASSWORD = "not-on-the-command-line"


def free_port():
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


def make_certificate(folder):
    """A self-signed certificate for 127.0.0.1; the paths of the certificate and its key."""
    cert, key = os.path.join(folder, "smtp-cert.pem"), os.path.join(folder, "smtp-key.pem")
    subprocess.run(["openssl", "req", "-x509", "-newkey", "rsa:2048", "-nodes", "-days", "2", "-subj", "/CN=127.0.0.1",
                    "-addext", "subjectAltName=IP:127.0.0.1", "-keyout", key, "-out", cert],
                   check=True, capture_output=True)
    return cert, key


class Sink:
    """Keeps every message; `hold` seconds before answering DATA when set (a slow server)."""

    def __init__(self):
        self.messages = []
        self.hold = 0.0
        self.lock = threading.Lock()
        self.refuse = set()  # recipients answered 550

    async def handle_RCPT(self, server, session, envelope, address, rcpt_options):
        if address in self.refuse:
            return "550 5.1.1 no such mailbox here"
        envelope.rcpt_tos.append(address)
        return "250 OK"

    async def handle_DATA(self, server, session, envelope):
        message = email.message_from_bytes(envelope.original_content, policy=email.policy.default)
        with self.lock:
            self.messages.append({"to": list(envelope.rcpt_tos), "from": envelope.mail_from, "message": message,
                                  "tls": session.ssl is not None, "authenticated": bool(session.authenticated)})
        if self.hold:
            import asyncio
            await asyncio.sleep(self.hold)
        return "250 Message accepted"

    def received(self, to=None):
        with self.lock:
            return [m for m in self.messages if to is None or to in m["to"]]

    def wait_for(self, count, to=None, timeout=30.0):
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            found = self.received(to)
            if len(found) >= count:
                return found
            time.sleep(0.1)
        raise AssertionError(f"{len(self.received(to))} mails to {to or 'anyone'} after {timeout} s, not {count}")


def _authenticator(server, session, envelope, mechanism, auth_data):
    ok = isinstance(auth_data, LoginPassword) and auth_data.login == USER.encode() and \
        auth_data.password == PASSWORD.encode()
    return AuthResult(success=ok)


class SmtpServer:
    """An SMTP server that requires STARTTLS and authentication (port: self.port)."""

    def __init__(self, folder, port=None):
        self.cert, key = make_certificate(folder)
        self.context = ssl.create_default_context(ssl.Purpose.CLIENT_AUTH)
        self.context.load_cert_chain(self.cert, key)
        self.port = port or free_port()
        self.sink = Sink()
        self.controller = None

    def start(self):
        self.controller = Controller(self.sink, hostname="127.0.0.1", port=self.port, tls_context=self.context,
                                     require_starttls=True, authenticator=_authenticator, auth_required=True,
                                     auth_require_tls=True, ready_timeout=10)
        self.controller.start()
        return self

    def stop(self):
        if self.controller:
            self.controller.stop()
            self.controller = None

    def environment(self):
        """What a stratagem server needs to send through it."""
        return {"STRATAGEM_SMTP_USER": USER, "STRATAGEM_SMTP_PASSWORD": PASSWORD,
                "STRATAGEM_SMTP_CA_FILE": self.cert}

    def url(self):
        return f"smtp://127.0.0.1:{self.port}"
