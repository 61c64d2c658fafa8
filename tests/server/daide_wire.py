"""A DAIDE client for the server tests, speaking the wire protocol byte by byte
(../shared/daide/protocol.html chapter 3) with messages written as text ("NME ('bot')
('1.0')"). Token numbers come from the shared token table, so nothing here repeats the
server's own code."""
import os
import re
import socket
import struct
import time

SHARED = os.environ.get("SHARED_DIR", os.path.join(os.path.dirname(__file__), "..", "..", "..", "shared"))


def _token_table():
    by_name = {}
    with open(os.path.join(SHARED, "daide", "tokens.tsv"), encoding="utf-8") as table:
        for line in table:
            if line.startswith("#") or not line.strip():
                continue
            fields = line.rstrip("\n").split("\t")
            if len(fields) >= 4 and fields[3].startswith("0x"):
                by_name[fields[0]] = int(fields[3], 16)
    return by_name


TOKENS = _token_table()
NAMES = {value: name for name, value in TOKENS.items()}


def encode(text):
    """Text to the octets of a Diplomacy Message's data."""
    out = []
    for match in re.finditer(r"'(?:[^']|'')*'|\(|\)|-?\d+|[A-Z]{3}|\S", text):
        word = match.group(0)
        if word == "(":
            out.append(0x4000)
        elif word == ")":
            out.append(0x4001)
        elif word.startswith("'"):
            out += [0x4B00 | ord(c) for c in word[1:-1].replace("''", "'")]
        elif re.fullmatch(r"-?\d+", word):
            out.append(int(word) & 0x3FFF)
        elif word in TOKENS:
            out.append(TOKENS[word])
        else:
            raise ValueError(f"not a token: {word!r}")
    return b"".join(struct.pack(">H", t) for t in out)


def decode(data):
    """A Diplomacy Message's data as text, as the tests write it."""
    words, text = [], None
    for (token,) in struct.iter_unpack(">H", data):
        if token >> 8 == 0x4B:
            text = (text or "") + chr(token & 0xFF)
            continue
        if text is not None:
            words.append("'" + text + "'")
            text = None
        if token == 0x4000:
            words.append("(")
        elif token == 0x4001:
            words.append(")")
        elif token >> 8 < 0x40:
            value = token & 0x3FFF
            words.append(str(value - 0x4000 if value & 0x2000 else value))
        else:
            words.append(NAMES.get(token, f"0x{token:04X}"))
    if text is not None:
        words.append("'" + text + "'")
    joined = " ".join(words)
    return joined.replace("( ", "(").replace(" )", ")")


def frame(kind, data=b""):
    return struct.pack(">BBH", kind, 0, len(data)) + data


INITIAL = frame(0, struct.pack(">HH", 1, 0xDA10))


class DaideConnection:
    def __init__(self, port, host="127.0.0.1"):
        self.sock = socket.create_connection((host, port), timeout=10)
        self.buffer = b""
        self.log = []

    def send_octets(self, octets):
        self.sock.sendall(octets)

    def say(self, text):
        self.log.append(">> " + text)
        self.sock.sendall(frame(2, encode(text)))

    def read_frame(self, timeout=20):
        deadline = time.monotonic() + timeout
        while True:
            if len(self.buffer) >= 4:
                kind, _, length = struct.unpack(">BBH", self.buffer[:4])
                if len(self.buffer) >= 4 + length:
                    data = self.buffer[4:4 + length]
                    self.buffer = self.buffer[4 + length:]
                    return kind, data
            left = deadline - time.monotonic()
            if left <= 0:
                raise TimeoutError("no whole message from the server in time; got " + repr(self.log[-5:]))
            self.sock.settimeout(left)
            chunk = self.sock.recv(65536)
            if not chunk:
                raise ConnectionError("the server closed the connection; last: " + repr(self.log[-5:]))
            self.buffer += chunk

    def read(self, timeout=20):
        """The next message: Diplomacy Messages as text, the others as 'RM', 'EM 0x0E', 'FM'."""
        kind, data = self.read_frame(timeout)
        if kind == 2:
            text = decode(data)
        elif kind == 4:
            text = "EM 0x%02X" % struct.unpack(">H", data)[0]
        else:
            text = {0: "IM", 1: "RM", 3: "FM"}.get(kind, f"type {kind}")
        self.log.append("<< " + text)
        return text

    def read_until(self, predicate, timeout=30):
        """Messages up to and including the first one the predicate accepts."""
        deadline = time.monotonic() + timeout
        seen = []
        while True:
            message = self.read(max(0.1, deadline - time.monotonic()))
            seen.append(message)
            if predicate(message):
                return seen

    def open(self):
        self.send_octets(INITIAL)
        assert self.read() == "RM"

    def closed_by_server(self, timeout=10):
        self.sock.settimeout(timeout)
        try:
            while True:
                if not self.sock.recv(65536):
                    return True
        except (TimeoutError, socket.timeout):
            return False
        except ConnectionResetError:
            return True

    def close(self):
        self.sock.close()


# Units as NOW writes them, as the API's position does: "(FRA FLT (STP SCS))" -> FRANCE, "F STP/SC".
POWER_NAMES = {"AUS": "AUSTRIA", "ENG": "ENGLAND", "FRA": "FRANCE", "GER": "GERMANY", "ITA": "ITALY",
               "RUS": "RUSSIA", "TUR": "TURKEY"}
PROVINCE_CODES = {"ECH": "ENG", "GOB": "BOT", "GOL": "LYO"}
COASTS = {"NCS": "NC", "SCS": "SC", "ECS": "EC", "WCS": "WC"}


def now_units(now):
    """The phase code and {POWER: sorted unit texts} of a NOW message (dislodged units apart)."""
    match = re.match(r"NOW \((SPR|SUM|FAL|AUT|WIN) (\d+)\)", now)
    season, year = match.group(1), match.group(2)
    phase = {"SPR": "S{}M", "SUM": "S{}R", "FAL": "F{}M", "AUT": "F{}R", "WIN": "W{}A"}[season].format(year)
    units = {}
    for power, kind, where, retreat in re.findall(r"\((\w{3}) (AMY|FLT) (\(\w{3} \w{3}\)|\w{3})( MRT \([^)]*(?:\([^)]*\)[^)]*)*\))?\)", now):
        if retreat:
            continue
        if where.startswith("("):
            province, coast = where[1:-1].split()
            place = PROVINCE_CODES.get(province, province) + "/" + COASTS[coast]
        else:
            place = PROVINCE_CODES.get(where, where)
        units.setdefault(POWER_NAMES[power], []).append(("A " if kind == "AMY" else "F ") + place)
    return phase, {power: sorted(list_) for power, list_ in units.items()}
