"""Random self-play spread over a Dask cluster (shared/contracts/python-api.md).

Dask's distributed scheduler (Debian's ``python3-distributed``) does the spreading; this
module only cuts the work into tasks and gathers what comes back::

    from stratagem.distributed import selfplay
    games = selfplay(10_000, seed=1)                              # a local cluster
    games = selfplay(10_000, seed=1, scheduler="tcp://host:8786")  # a running one
    games = selfplay(10_000, seed=1, output="games.jsonl")         # streamed as JSON lines

Game k is played from seed ``seed + k`` alone, so every game can be replayed by its seed
on any machine and the results do not depend on how the work was spread. Each worker
needs ``stratagem`` importable (the wheel installed, or ``PYTHONPATH``): docs/python.md
says how to start ``dask scheduler`` and ``dask worker`` on several machines.
"""

import json
import os
from typing import Any, Dict, IO, Iterable, List, Optional

from . import _core

__all__ = ["selfplay", "play_seeds"]

# Games per task: a random game takes about half a millisecond, a Dask task a millisecond
# or more of scheduling, so tasks carry many games.
GAMES_PER_TASK = 256


def play_seeds(seeds: List[int], max_year: int = 1930, rules: str = "standard") -> List[Dict[str, Any]]:
    """The games of these seeds (what one task runs): ``[{seed, phases, centres, winner}]``."""
    return _core.random_games(seeds, max_year, rules)


def _chunks(seed: int, games: int, size: int) -> Iterable[List[int]]:
    for start in range(0, games, size):
        yield [seed + k for k in range(start, min(games, start + size))]


def _client(scheduler: Optional[str]):
    try:
        from distributed import Client, LocalCluster
    except ImportError as missing:  # pragma: no cover - depends on the machine
        raise ImportError("stratagem.distributed needs Dask's distributed scheduler: install Debian's "
                          "python3-distributed (scripts/install-deps does)") from missing
    if scheduler is not None:
        return Client(scheduler), None
    # One worker process per core, one thread each: the engine releases the GIL, but
    # processes keep workers apart as they would be on separate machines.
    cluster = LocalCluster(n_workers=os.cpu_count() or 1, threads_per_worker=1, processes=True,
                           dashboard_address=None, silence_logs=40)
    return Client(cluster), cluster


def selfplay(games: int, seed: int, scheduler: Optional[str] = None, output: Optional[str] = None,
             max_year: int = 1930, rules: str = "standard",
             games_per_task: int = GAMES_PER_TASK) -> List[Dict[str, Any]]:
    """Random games ``seed``, ``seed + 1``, ... spread over a Dask cluster.

    ``scheduler``: the address of a running scheduler (``"tcp://host:8786"``), or None for
    a local cluster of this machine's cores, started and stopped here. ``output``: a file
    to which each game is written as one JSON line as soon as its task finishes. Returns
    every game, ordered by seed: ``{"seed", "phases", "centres": {power: count},
    "winner": power or None}``.
    """
    if games < 1:
        raise ValueError(f"games: must be at least 1, got {games}")
    if games_per_task < 1:
        raise ValueError(f"games_per_task: must be at least 1, got {games_per_task}")
    client, cluster = _client(scheduler)
    sink: Optional[IO[str]] = open(output, "w", encoding="utf-8") if output else None
    try:
        from distributed import as_completed
        futures = [client.submit(play_seeds, chunk, max_year, rules, pure=False)
                   for chunk in _chunks(seed, games, games_per_task)]
        played: List[Dict[str, Any]] = []
        for future in as_completed(futures):
            batch = future.result()
            played.extend(batch)
            if sink:
                for game in batch:
                    sink.write(json.dumps(game, sort_keys=True) + "\n")
                sink.flush()
        return sorted(played, key=lambda game: game["seed"])
    finally:
        if sink:
            sink.close()
        client.close()
        if cluster is not None:
            cluster.close()
