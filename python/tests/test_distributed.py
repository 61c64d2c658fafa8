"""stratagem.distributed: random self-play over a Dask cluster (a local one here)."""
import json

import pytest

distributed = pytest.importorskip("distributed", reason="Debian's python3-distributed (scripts/install-deps)")

from stratagem import _core  # noqa: E402
from stratagem.distributed import play_seeds, selfplay  # noqa: E402


def test_games_over_a_local_cluster_equal_the_same_seeds_played_here(tmp_path):
    output = tmp_path / "games.jsonl"
    games = selfplay(40, seed=1000, output=str(output), max_year=1905, games_per_task=7)
    assert [g["seed"] for g in games] == list(range(1000, 1040))
    assert games == play_seeds(list(range(1000, 1040)), max_year=1905)
    for game in games:
        assert set(game) == {"seed", "phases", "centres", "winner"}
        assert sum(game["centres"].values()) <= 34 and game["phases"] > 0
    # Streamed as JSON lines, one per game, in the order the tasks finished.
    lines = [json.loads(line) for line in output.read_text().splitlines()]
    assert sorted(lines, key=lambda g: g["seed"]) == games


def test_a_game_is_its_seed_alone():
    assert _core.random_games([7], 1910) == _core.random_games([7], 1910)
    assert _core.random_games([7], 1910) != _core.random_games([8], 1910)


def test_bad_arguments_are_refused():
    with pytest.raises(ValueError, match="games"):
        selfplay(0, seed=1)
    with pytest.raises(ValueError, match="max_year"):
        play_seeds([1], max_year=1800)
