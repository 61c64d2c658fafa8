"""A push service (RFC 8030) on 127.0.0.1 for the tests, standing in for a browser's:
HTTPS with a certificate made at test time, and devices whose keys it holds as a browser
would. Every message is checked as a push service and a browser would check it: the
VAPID token (RFC 8292: an ES256 JWT for this origin, not expired, signed by the key it
names) and the encryption (RFC 8291: aes128gcm, decrypted with the device's private key
and authentication secret). Answers are chosen per device (e.g. 410: the subscription is
gone). Uses Debian's python3-cryptography."""
import base64
import json
import os
import time

from cryptography.exceptions import InvalidSignature
from cryptography.hazmat.primitives import hashes, serialization
from cryptography.hazmat.primitives.asymmetric import ec
from cryptography.hazmat.primitives.asymmetric.utils import encode_dss_signature
from cryptography.hazmat.primitives.ciphers.aead import AESGCM
from cryptography.hazmat.primitives.kdf.hkdf import HKDF

from https_sink import LocalHttpsServer


def b64url(data):
    return base64.urlsafe_b64encode(data).rstrip(b"=").decode()


def unb64url(text):
    return base64.urlsafe_b64decode(text + "=" * (-len(text) % 4))


def hkdf(salt, ikm, info, length):
    return HKDF(hashes.SHA256(), length, salt, info).derive(ikm)


class Device:
    """A browser's subscription: its P-256 key pair and authentication secret."""

    def __init__(self, name):
        self.name = name
        self.key = ec.generate_private_key(ec.SECP256R1())
        self.public = self.key.public_key().public_bytes(serialization.Encoding.X962,
                                                         serialization.PublicFormat.UncompressedPoint)
        self.auth = os.urandom(16)

    def decrypt(self, body):
        """RFC 8291 §3.4 and RFC 8188: the plaintext of one aes128gcm record."""
        salt, record_size, id_length = body[:16], int.from_bytes(body[16:20], "big"), body[20]
        sender = body[21:21 + id_length]
        sealed = body[21 + id_length:]
        assert record_size >= len(sealed) and id_length == 65, (record_size, id_length)
        shared = self.key.exchange(ec.ECDH(), ec.EllipticCurvePublicKey.from_encoded_point(ec.SECP256R1(), sender))
        ikm = hkdf(self.auth, shared, b"WebPush: info\x00" + self.public + sender, 32)
        key = hkdf(salt, ikm, b"Content-Encoding: aes128gcm\x00", 16)
        nonce = hkdf(salt, ikm, b"Content-Encoding: nonce\x00", 12)
        padded = AESGCM(key).decrypt(nonce, sealed, None)
        assert padded.rstrip(b"\x00").endswith(b"\x02"), "not the last record's delimiter"
        return padded.rstrip(b"\x00")[:-1]


def check_vapid(authorization, origin):
    """The token's claims, after checking it as RFC 8292 asks; the key it was signed with."""
    assert authorization.startswith("vapid "), authorization
    parts = dict(part.strip().split("=", 1) for part in authorization[len("vapid "):].split(","))
    token, key = parts["t"], unb64url(parts["k"])
    header, claims, signature = token.split(".")
    assert json.loads(unb64url(header)) == {"typ": "JWT", "alg": "ES256"}
    raw = unb64url(signature)
    assert len(raw) == 64
    public = ec.EllipticCurvePublicKey.from_encoded_point(ec.SECP256R1(), key)
    public.verify(encode_dss_signature(int.from_bytes(raw[:32], "big"), int.from_bytes(raw[32:], "big")),
                  f"{header}.{claims}".encode(), ec.ECDSA(hashes.SHA256()))
    claims = json.loads(unb64url(claims))
    assert claims["aud"] == origin, (claims, origin)
    assert time.time() < claims["exp"] <= time.time() + 24 * 3600, claims
    return claims, key


class PushService(LocalHttpsServer):
    def __init__(self, folder):
        super().__init__(folder)
        self.devices = {}
        self.messages = []  # every request, with what was checked and decrypted
        # device name -> answers still to give, in order (a status, or a status and its
        # headers: (429, {"Retry-After": "12"})); then 201
        self.answers = {}

    def on_post(self, path, headers, body):
        name = path.rsplit("/", 1)[-1]
        record = {"device": name, "headers": dict(headers), "at": time.monotonic()}
        try:
            device = self.devices[name]
            record["claims"], record["signed_by"] = check_vapid(headers["Authorization"], self.origin())
            assert headers["Content-Encoding"] == "aes128gcm"
            record["message"] = json.loads(device.decrypt(body))
        except (AssertionError, InvalidSignature, KeyError, ValueError) as problem:
            record["problem"] = repr(problem)
        with self.lock:
            waiting = self.answers.get(name, [])
            answer = 400 if "problem" in record else (waiting.pop(0) if waiting else 201)
            record["status"] = answer[0] if isinstance(answer, tuple) else answer
            self.messages.append(record)
        return answer

    def subscribe(self, name):
        """A new device: the body a browser's PushSubscription.toJSON() gives."""
        device = Device(name)
        self.devices[name] = device
        return {"endpoint": f"{self.origin()}/push/{name}",
                "keys": {"p256dh": b64url(device.public), "auth": b64url(device.auth)}}

    def received(self, device=None):
        with self.lock:
            return [m for m in self.messages if device is None or m["device"] == device]

    def wait_for(self, count, device=None, timeout=30.0):
        return self.wait_until(lambda: self.received(device), count, f"messages to {device or 'any device'}",
                               self.received, timeout)
