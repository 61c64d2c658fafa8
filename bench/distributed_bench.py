"""Random self-play over Dask on 1, 2, ... worker processes of this machine (docs/python.md).

    PYTHONPATH=build/python /usr/bin/python3 bench/distributed_bench.py --games 20000 --workers 1 2

Prints, per worker count, the games, phases, wall seconds and phases a second of
stratagem.distributed.selfplay against a local cluster started beforehand (its start-up
is not counted), and the same games played in this process without Dask.
"""
import argparse
import time

from distributed import LocalCluster

from stratagem.distributed import play_seeds, selfplay


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--games", type=int, default=20000)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--max-year", type=int, default=1930)
    parser.add_argument("--workers", type=int, nargs="+", default=[1, 2])
    args = parser.parse_args()
    started = time.perf_counter()
    here = play_seeds(list(range(args.seed, args.seed + args.games)), args.max_year)
    seconds = time.perf_counter() - started
    phases = sum(g["phases"] for g in here)
    print(f"in-process, no Dask: {args.games} games, {phases} phases, {seconds:.2f} s, {phases / seconds:,.0f} phases/s")
    for workers in args.workers:
        with LocalCluster(n_workers=workers, threads_per_worker=1, processes=True, dashboard_address=None,
                          silence_logs=40) as cluster:
            selfplay(workers * 64, args.seed, scheduler=cluster.scheduler_address, max_year=args.max_year)  # warm up
            started = time.perf_counter()
            games = selfplay(args.games, args.seed, scheduler=cluster.scheduler_address, max_year=args.max_year)
            seconds = time.perf_counter() - started
        assert games == here, "the cluster's games differ from the same seeds played here"
        print(f"{workers} worker(s): {args.games} games, {phases} phases, {seconds:.2f} s, {phases / seconds:,.0f} phases/s")


if __name__ == "__main__":
    main()
