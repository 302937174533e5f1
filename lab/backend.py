"""Where a match's games run: local processes (`--backend local`, the default) or Ray tasks on a
Ray cluster (`--backend ray`, each game a task of `cpus` CPUs whose engines start on the worker).

Both keep a bounded number of games in flight and hand back each record as soon as its game ends,
so that the store, the progress bar and the SPRT see games in the order they finish, and a
decided SPRT cancels the games not yet started.
"""
from __future__ import annotations

from typing import Callable, Iterable, Iterator

RAY_MISSING = ("--backend ray needs Ray: pip install 'mango-go[cluster]' (or pip install 'ray>=2') "
               "on this machine and on every node of the cluster")


TICK_S = 1.0       # how often a local run reports progress within its games


class BackendError(RuntimeError):
    """A backend that cannot run here (Ray missing, or no cluster at the address)."""


def make_backend(name: str, jobs: int = 1, address: str | None = None, cpus: float = 1.0,
                 initializer: Callable | None = None, initargs: tuple = ()):
    """initializer(*initargs) runs in each local worker as it starts (the match shares its
    move counter that way); Ray workers do without."""
    if name == "local":
        return LocalBackend(jobs, initializer, initargs)
    if name == "ray":
        return RayBackend(jobs, address, cpus)
    raise BackendError(f"unknown backend {name!r} (local or ray)")


def _start_worker(initializer: Callable | None, initargs: tuple) -> None:
    """Workers leave Ctrl-C and SIGTERM to the match, which stops them (abort) and keeps what
    finished; a worker killed first would lose its game and leave the match waiting."""
    import signal

    signal.signal(signal.SIGINT, signal.SIG_IGN)
    signal.signal(signal.SIGTERM, signal.SIG_DFL)
    if initializer is not None:
        initializer(*initargs)


class LocalBackend:
    """A pool of `jobs` processes."""

    def __init__(self, jobs: int, initializer: Callable | None = None, initargs: tuple = ()):
        from concurrent.futures import ProcessPoolExecutor

        self.jobs = jobs
        self.pool = ProcessPoolExecutor(max_workers=jobs, initializer=_start_worker,
                                        initargs=(initializer, initargs))

    def run(self, function: Callable, items: Iterable, stop: Callable[[], bool],
            tick: Callable[[], None] | None = None) -> Iterator:
        """Each item's result as its game ends; tick() about every TICK_S seconds meanwhile."""
        from concurrent.futures import FIRST_COMPLETED, wait

        pending_items = iter(items)
        running = set()

        def fill():
            while len(running) < self.jobs and not stop():
                item = next(pending_items, None)
                if item is None:
                    return
                running.add(self.pool.submit(function, item))
        fill()
        while running:
            finished, _ = wait(running, timeout=TICK_S if tick else None,
                               return_when=FIRST_COMPLETED)
            if tick is not None:
                tick()
            for future in finished:
                running.discard(future)
                yield future.result()
            fill()

    def close(self) -> None:
        self.pool.shutdown(wait=True, cancel_futures=True)

    def abort(self) -> None:
        """Stop at once: the games under way are lost (their engines see their pipes close and
        quit); the finished ones were handed back already."""
        processes = list(getattr(self.pool, "_processes", {}).values())   # no public API for it
        self.pool.shutdown(wait=False, cancel_futures=True)
        for process in processes:
            if process.is_alive():
                process.terminate()
        for process in processes:
            process.join(timeout=5)


class RayBackend:
    """Ray tasks on the cluster at `address` (None: RAY_ADDRESS or a new local instance)."""

    def __init__(self, jobs: int | None, address: str | None, cpus: float):
        try:
            import ray
        except ImportError:
            raise BackendError(RAY_MISSING) from None
        self.ray = ray
        self.started = False
        if not ray.is_initialized():
            try:
                ray.init(address=address, log_to_driver=False, include_dashboard=False,
                         configure_logging=False)
            except (ConnectionError, RuntimeError, ValueError) as error:
                raise BackendError(f"cannot reach a Ray cluster at {address}: {error}") from None
            self.started = True
        self.cpus = cpus
        total = ray.cluster_resources().get("CPU", 1)
        self.jobs = jobs if jobs else max(1, int(total // cpus))

    def run(self, function: Callable, items: Iterable, stop: Callable[[], bool],
            tick: Callable[[], None] | None = None) -> Iterator:
        remote = self.ray.remote(num_cpus=self.cpus, max_retries=1)(function)
        pending_items = iter(items)
        running: list = []

        def fill():
            while len(running) < self.jobs and not stop():
                item = next(pending_items, None)
                if item is None:
                    return
                running.append(remote.remote(item))
        fill()
        while running:
            finished, rest = self.ray.wait(running, num_returns=1)
            running[:] = rest
            for ref in finished:
                yield self.ray.get(ref)
            fill()

    def close(self) -> None:
        if self.started:
            self.ray.shutdown()

    def abort(self) -> None:
        self.close()
