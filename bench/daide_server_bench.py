#!/usr/bin/python3
"""DAIDE server benchmark (docs/daide.md): GAMES games of seven DAIDE players each, plus
observers, on one `stratagem serve --daide` process and a fresh SQLite database, played
at once to END_YEAR. The players are light (every unit holds; every retreat disbands;
builds are waived, removals taken from the NOW), so the figures are the server's: phases
processed per second over all games, and per turn the latency from the last player's
SUB that completed the turn to the first ORD of its results at any player of that game.

    bench/daide_server_bench.py [--build build] [--games 14] [--observers 2] [--end-year 1910]

Prints one JSON object. The wire codec is the server tests' (tests/server/daide_wire.py).
"""
import argparse
import asyncio
import json
import os
import re
import statistics
import subprocess
import sys
import tempfile
import time
import urllib.request

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(0, os.path.join(ROOT, "tests", "server"))
os.environ.setdefault("SHARED_DIR", os.path.join(ROOT, "..", "shared"))
from daide_wire import INITIAL, decode, encode, frame  # noqa: E402

UNIT = re.compile(r"\((\w{3}) (AMY|FLT) (\(\w{3} \w{3}\)|\w{3})( MRT \((?:[^()]|\([^()]*\))*\))?\)")


def http(base, method, path, body=None, token=None):
    request = urllib.request.Request(base + path, method=method, data=json.dumps(body).encode() if body else None,
                                     headers={"content-type": "application/json"})
    if token:
        request.add_header("authorization", "Bearer " + token)
    with urllib.request.urlopen(request) as answer:
        return json.loads(answer.read())


class Turns:
    """Per game and turn: when the last SUB was sent, when the first ORD arrived."""

    def __init__(self):
        self.last_sub = {}
        self.first_ord = {}

    def sub(self, game, turn):
        self.last_sub[(game, turn)] = time.perf_counter()

    def ord(self, game, turn):
        self.first_ord.setdefault((game, turn), time.perf_counter())


async def read_message(reader):
    header = await reader.readexactly(4)
    length = int.from_bytes(header[2:4], "big")
    data = await reader.readexactly(length)
    return header[0], data


async def player(port, name, turns, done):
    reader, writer = await asyncio.open_connection("127.0.0.1", port)
    writer.write(INITIAL)
    writer.write(frame(2, encode(f"NME ('{name}') ('1')")))
    power = None
    while True:
        kind, data = await read_message(reader)
        if kind != 2:
            continue
        text = decode(data)
        command = text[:3]
        if command == "MAP":
            writer.write(frame(2, encode("YES (" + text + ")")))
        elif command == "HLO":
            power = text[5:8]
        elif command == "ORD":
            turns.ord(game_of[name], text[4:text.index(")") + 1])
        elif command == "NOW" and power:
            turn = text[4:text.index(")") + 1]
            orders = []
            for owner, unit_type, where, retreat in UNIT.findall(text):
                if owner != power:
                    continue
                orders.append(f"(({owner} {unit_type} {where}) {'DSB' if retreat else 'HLD'})")
            if turn.startswith("(WIN"):
                orders = []  # answered by MIS below
            if orders or turn.startswith("(WIN"):
                turns.sub(game_of[name], turn)
                writer.write(frame(2, encode("SUB " + turn + " " + " ".join(orders))))
        elif command == "MIS" and power and re.fullmatch(r"MIS \(-?\d+\)", text):
            count = int(text[5:-1])
            turn_orders = [f"({power} WVE)"] * (-count) if count < 0 else []
            if turn_orders:
                writer.write(frame(2, encode("SUB " + " ".join(turn_orders))))
        elif command == "SMR":
            break
        await writer.drain()
    writer.close()
    done.append(name)


async def observer(port, done):
    reader, writer = await asyncio.open_connection("127.0.0.1", port)
    writer.write(INITIAL)
    writer.write(frame(2, encode("OBS")))
    while True:
        kind, data = await read_message(reader)
        if kind == 2 and decode(data).startswith("SMR"):
            break
    writer.close()
    done.append("observer")


game_of = {}


async def play(port, games, observers, turns):
    done = []
    tasks = []
    for g in range(games):
        for seat in range(7):
            name = f"g{g}s{seat}"
            game_of[name] = g
            tasks.append(asyncio.create_task(player(port, name, turns, done)))
        # Join in order: a game fills before the next one (the oldest forming game first).
        await asyncio.sleep(0.05)
    tasks += [asyncio.create_task(observer(port, done)) for _ in range(observers)]
    await asyncio.gather(*tasks)
    return done


def cpu_seconds(pid):
    """User and system CPU time of a process so far (Linux /proc)."""
    with open(f"/proc/{pid}/stat") as stat:
        fields = stat.read().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--build", default=os.path.join(ROOT, "build"))
    parser.add_argument("--games", type=int, default=14)
    parser.add_argument("--observers", type=int, default=2)
    parser.add_argument("--end-year", type=int, default=1910)
    args = parser.parse_args()
    work = tempfile.mkdtemp()
    server = subprocess.Popen([os.path.join(args.build, "stratagem"), "serve", "--listen", "127.0.0.1:0",
                               "--daide", "127.0.0.1:0", "--database", f"sqlite:{work}/bench.db",
                               "--signups-per-minute", "100000"],
                              stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, env=dict(os.environ, SPDLOG_LEVEL="warn"))
    try:
        base = server.stdout.readline().decode().split()[-1]
        port = int(server.stdout.readline().decode().strip().rsplit(":", 1)[1])
        http(base, "POST", "/api/v1/users", {"name": "bench", "password": "correct horse battery"})
        token = http(base, "POST", "/api/v1/sessions", {"name": "bench", "password": "correct horse battery"})["token"]
        ids = [http(base, "POST", "/api/v1/games",
                    {"game": "diplomacy", "name": f"bench {g}", "players": 7, "daide_players": 7, "press": "none",
                     "end_year": args.end_year,
                     "deadlines": {"movement_seconds": 600, "retreat_seconds": 600, "adjustment_seconds": 600}},
                    token)["id"] for g in range(args.games)]
        turns = Turns()
        started = time.perf_counter()
        done = asyncio.run(play(port, args.games, args.observers, turns))
        seconds = time.perf_counter() - started
        server_cpu = cpu_seconds(server.pid)
        phases = sum(len(http(base, "GET", f"/api/v1/games/{i}/phases", token=token)) for i in ids)
        latencies = sorted((turns.first_ord[k] - turns.last_sub[k]) * 1000 for k in turns.first_ord if k in turns.last_sub)
        quantile = lambda q: round(latencies[min(len(latencies) - 1, int(q * len(latencies)))], 2)
        print(json.dumps({
            "games": args.games, "connections": args.games * 7 + args.observers, "finished_connections": len(done),
            "phases": phases, "seconds": round(seconds, 2), "phases_per_second": round(phases / seconds, 1),
            "server_cpu_seconds": round(server_cpu, 2), "client_cpu_seconds": round(time.process_time(), 2),
            "sub_to_ord_ms": {"p50": quantile(0.5), "p90": quantile(0.9), "p99": quantile(0.99),
                              "mean": round(statistics.mean(latencies), 2), "turns": len(latencies)},
        }))
    finally:
        server.terminate()
        server.wait(timeout=20)


if __name__ == "__main__":
    main()
