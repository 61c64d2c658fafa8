#!/usr/bin/python3
"""Outside DAIDE bots at our DAIDE server, or at MILA's (docs/daide.md, "Outside bots").

Each game seats the outside bots given (DumbBot, HoldBot, RandBot of the public
diplomacy/daide-client repository, built by whoever runs this: their code is not ours
and is not in this tree) and our own DAIDE client (`stratagem diplomacy daide`) at one
table, and plays it to the end of END_YEAR. On our server (`stratagem serve --daide`,
a fresh SQLite database per run) every game is then checked: no power missed a phase
(the game's `missed_phases`), and every processed phase, re-adjudicated by `stratagem
diplomacy adjudicate` from the orders given, leads to the next position the server
reached. On MILA's server (`--server mila --mila PATH`: a checkout of diplomacy/diplomacy;
its server runs in this process, needs tornado, ujson, bcrypt, pytz, tqdm, coloredlogs
and dateutil) the game is stopped when END_YEAR ends and its centres are read.

    bench/daide_outside_bots.py --bot /work/ext/daide-client/bin/dumbbot --bot ... (7 seats in all)
        [--ours search] [--games 20] [--end-year 1910] [--server ours|mila] [--mila DIR]

The seats: every --bot (repeatable, a path; `-i127.0.0.1 -pPORT` is appended) and one
client of ours per --ours (repeatable, a player spec; default one `search`), seven in all.
Prints one JSON object: per game the players of each power, the centres at the end, the
phases played, missed phases and phases that did not re-adjudicate; and the mean centres
of each kind of player over all games.
"""
import argparse
import json
import os
import random
import statistics
import subprocess
import sys
import tempfile
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(0, os.path.join(ROOT, "bench"))
sys.path.insert(0, os.path.join(ROOT, "tests", "server"))
from daide_server_bench import http  # noqa: E402
from diplomacy_helpers import adjudicated_next  # noqa: E402
POWERS = ["AUSTRIA", "ENGLAND", "FRANCE", "GERMANY", "ITALY", "RUSSIA", "TURKEY"]


def kind_of(path_or_spec):
    return os.path.basename(path_or_spec).lower()


class Seats:
    """The seven players: outside bots by path, ours by player spec."""

    def __init__(self, bots, ours, stratagem):
        self.bots, self.ours, self.stratagem = bots, ours, stratagem

    def start(self, host, port, game_number, workdir, order_seed):
        """Starts every player (in an order drawn from order_seed); the processes and their kinds."""
        commands = []
        for k, path in enumerate(self.bots):
            # Each outside bot writes its logs into its working folder: one folder per seat.
            folder = os.path.join(workdir, f"game{game_number}-seat{k}")
            os.makedirs(folder, exist_ok=True)
            commands.append((kind_of(path), [os.path.abspath(path), f"-i{host}", f"-p{port}"], folder))
        for k, spec in enumerate(self.ours):
            commands.append((f"stratagem {spec}", [self.stratagem, "diplomacy", "daide", "--host", host, "--port",
                                                   str(port), "--player", spec, "--name", f"stratagem-{k}",
                                                   "--seed", str(game_number + 1), "--quiet"], workdir))
        random.Random(order_seed).shuffle(commands)
        started = []
        for kind, command, folder in commands:
            log = open(os.path.join(folder, f"{os.path.basename(command[0])}-{len(started)}.log"), "wb")
            started.append((kind, subprocess.Popen(command, cwd=folder, stdout=log, stderr=subprocess.STDOUT), log))
            time.sleep(0.2)
        return started


def finish(players, over, timeout):
    """Waits until over() (the game has ended) or the timeout, then for the players to leave:
    DumbBot and its kin stay connected after the summary until the server closes. Returns
    the players that ended before the game did: seat, kind, exit status (a negative one is
    the signal that killed it) and seconds into the game."""
    started = time.monotonic()
    deadline = started + timeout
    left_early = {}
    while not over() and time.monotonic() < deadline:
        for seat, (kind, process, _) in enumerate(players):
            if seat not in left_early and process.poll() is not None:
                left_early[seat] = {"seat": seat, "kind": kind, "exit_status": process.returncode,
                                    "seconds": round(time.monotonic() - started)}
        time.sleep(1)
    for _, process, log in players:
        try:
            process.wait(timeout=10)
        except subprocess.TimeoutExpired:
            process.kill()
            process.wait()
        log.close()
    return list(left_early.values())


def adjudicated_as_served(stratagem, phases):
    """Phases whose re-adjudication by `stratagem diplomacy adjudicate` differs from the next position served."""
    wrong = []
    for entry, following in zip(phases, phases[1:]):
        expected = adjudicated_next(entry, stratagem)
        if not expected or any(expected[k] != following[k] for k in ("phase", "units", "centers")):
            wrong.append(entry["phase"])
    return wrong


def play_on_ours(args, seats):
    """Every game on one `stratagem serve --daide` process; a list of game reports."""
    workdir = tempfile.mkdtemp(prefix="daide-outside-")
    server = subprocess.Popen([args.stratagem, "serve", "--listen", "127.0.0.1:0", "--database",
                               f"sqlite:{workdir}/games.db", "--daide", "127.0.0.1:0", "--web", workdir],
                              stdout=subprocess.PIPE, stderr=open(os.path.join(workdir, "server.log"), "wb"))
    base = server.stdout.readline().decode().split()[-1]
    daide_port = int(server.stdout.readline().decode().strip().rsplit(":", 1)[1])
    reports = []
    try:
        token = http(base, "POST", "/api/v1/users", {"name": "referee", "password": "correct horse"})["token"]
        for g in range(args.games):
            deadlines = {"movement_seconds": args.deadline, "retreat_seconds": args.deadline,
                         "adjustment_seconds": args.deadline}
            game = http(base, "POST", "/api/v1/games",
                        {"game": "diplomacy", "name": f"outside bots {g}", "players": 7, "press": "none",
                         "daide_players": 7, "end_year": args.end_year, "deadlines": deadlines}, token)["id"]
            started = time.monotonic()
            players = seats.start("127.0.0.1", daide_port, g, workdir, args.seed + g)
            left_early = finish(players, lambda: http(base, "GET", f"/api/v1/games/{game}", token=token)["status"] == "finished",
                                args.game_timeout)
            view = http(base, "GET", f"/api/v1/games/{game}", token=token)
            phases = http(base, "GET", f"/api/v1/games/{game}/phases", token=token)
            centres = {p: len(view["centers"].get(p, [])) for p in POWERS}
            report = {
                "game": g,
                "status": view["status"],
                "result": view.get("result"),
                "players": {p: view["powers"][p].get("daide", view["powers"][p].get("player")) for p in POWERS},
                "centres": centres,
                "phases": len(phases),
                "missed_phases": view.get("missed_phases", []),
                "players_left_early": left_early,
                "not_as_adjudicated": adjudicated_as_served(args.stratagem, phases),
                "seconds": round(time.monotonic() - started, 1),
            }
            reports.append(report)
            print(json.dumps(report), file=sys.stderr, flush=True)
    finally:
        server.terminate()
        server.wait(timeout=30)
    return reports


def play_on_mila(args, seats):
    """Every game on MILA's server run in this process (its DAIDE server on a port per game)."""
    sys.path.insert(0, os.path.abspath(args.mila))
    from tornado import gen
    from tornado.ioloop import IOLoop
    from diplomacy.server.server import Server
    from diplomacy.server.server_game import ServerGame

    workdir = tempfile.mkdtemp(prefix="daide-outside-mila-")
    os.chdir(workdir)  # MILA's server keeps its data in the working folder
    reports = []
    server = Server()
    loop = IOLoop.current()

    @gen.coroutine
    def games():
        server.start(port=random.randint(20000, 29999))
        for g in range(args.games):
            game = ServerGame(map_name="standard", n_controls=7, rules=["NO_PRESS", "IGNORE_ERRORS", "POWER_CHOICE"],
                              deadline=args.deadline, server=server)
            server.add_new_game(game)
            # Adding the game may already have started its DAIDE server (then this says None).
            port = server.start_new_daide_server(game.game_id) or next(
                number for number, daide in server.daide_servers.items() if daide.game_id == game.game_id)
            started = time.monotonic()
            players = seats.start("127.0.0.1", port, g, workdir, args.seed + g)
            waived = []
            phase, phase_started = game.get_current_phase(), time.monotonic()
            while game.status != "completed" and int(game.get_current_phase()[1:5] if game.get_current_phase()[1:5].isdigit() else 0) <= args.end_year \
                    and time.monotonic() - started < args.game_timeout:
                yield gen.sleep(0.5)
                if game.get_current_phase() != phase:
                    phase, phase_started = game.get_current_phase(), time.monotonic()
                elif phase.endswith("A") and time.monotonic() - phase_started > args.deadline:
                    # MILA's DAIDE server refuses WVE (THX (power WVE) (NYU)) and then waits
                    # for the waive forever: enter it through MILA's Game, as the client asked.
                    for name in POWERS:
                        power = game.get_power(name)
                        owed = len(power.centers) - len(power.units) - len(game.get_orders(name))
                        if owed > 0:
                            game.set_orders(name, game.get_orders(name) + ["WAIVE"] * owed)
                            waived.append({"phase": phase, "power": name, "waives": owed})
                    yield server.force_game_processing(game)
                    phase_started = time.monotonic()
            centres = {p: len(game.get_power(p).centers) for p in POWERS}
            played = {p: game.get_power(p).get_controller() for p in POWERS}
            left_early = [{"seat": seat, "kind": kind, "exit_status": process.returncode}
                          for seat, (kind, process, _) in enumerate(players) if process.poll() is not None]
            server.stop_daide_server(game.game_id)
            for _, process, log in players:
                process.kill()
                process.wait()
                log.close()
            report = {"game": g, "phase": game.get_current_phase(), "players": played, "centres": centres,
                      "players_left_early": left_early, "waives_entered_by_the_bench": waived, "seconds": round(time.monotonic() - started, 1)}
            reports.append(report)
            print(json.dumps(report), file=sys.stderr, flush=True)

    loop.run_sync(games)
    return reports


def summary(reports, kinds_by_name):
    by_kind = {}
    for report in reports:
        for power, player in report["players"].items():
            kind = kinds_by_name(player)
            by_kind.setdefault(kind, []).append(report["centres"][power])
    out = {}
    for kind, centres in sorted(by_kind.items()):
        out[kind] = {"seat_games": len(centres), "mean_centres": round(statistics.fmean(centres), 2),
                     "standard_error": round(statistics.stdev(centres) / len(centres) ** 0.5, 2) if len(centres) > 1 else None}
    return out


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--bot", action="append", default=[], help="an outside DAIDE bot's executable (repeatable)")
    parser.add_argument("--ours", action="append", default=None, help="our client's player spec (repeatable; default search)")
    parser.add_argument("--stratagem", default=os.path.join(ROOT, "build", "stratagem"))
    parser.add_argument("--games", type=int, default=20)
    parser.add_argument("--end-year", type=int, default=1910)
    parser.add_argument("--deadline", type=int, default=60, help="seconds of every phase's deadline")
    parser.add_argument("--game-timeout", type=int, default=1800, help="seconds before a game's players are stopped")
    parser.add_argument("--seed", type=int, default=1, help="the order the players join in is drawn from it")
    parser.add_argument("--server", choices=["ours", "mila"], default="ours")
    parser.add_argument("--mila", help="a checkout of diplomacy/diplomacy (for --server mila)")
    args = parser.parse_args()
    ours = args.ours if args.ours is not None else ["search"]
    if len(args.bot) + len(ours) != 7:
        parser.error(f"seven players are needed: {len(args.bot)} --bot and {len(ours)} of ours")
    seats = Seats(args.bot, ours, os.path.abspath(args.stratagem))
    started = time.monotonic()
    if args.server == "mila":
        if not args.mila:
            parser.error("--server mila needs --mila DIR")
        reports = play_on_mila(args, seats)
    else:
        reports = play_on_ours(args, seats)

    def kinds(player):
        text = str(player or "").lower()
        if "stratagem" in text:
            return "stratagem"
        for bot in ("dumbbot", "holdbot", "randbot"):
            if bot in text:
                return bot
        return text

    print(json.dumps({"server": args.server, "games": len(reports), "end_year": args.end_year,
                      "bots": [kind_of(b) for b in args.bot], "ours": ours,
                      "seconds": round(time.monotonic() - started, 1), "by_kind": summary(reports, kinds),
                      "missed_phases": sum(len(r.get("missed_phases", [])) for r in reports),
                      "not_as_adjudicated": sum(len(r.get("not_as_adjudicated", [])) for r in reports),
                      "players_left_early": sum(len(r["players_left_early"]) for r in reports),
                      "reports": reports}, indent=1))


if __name__ == "__main__":
    main()
