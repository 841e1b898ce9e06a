"""The service's thread for a table without a screen: what the card feed posts from its
source's thread is run here, in order, when the headless table asks for it."""

from __future__ import annotations

import queue
import time
from collections.abc import Callable


class HeadlessLoop:
    """A queue of callables, run on the thread that calls `run_pending` or `run_until`."""

    def __init__(self) -> None:
        self._queue: queue.Queue[Callable[[], None]] = queue.Queue()

    def post(self, fn: Callable[[], None]) -> None:
        """Run `fn` on the loop's thread (safe to call from any thread)."""
        self._queue.put(fn)

    def run_pending(self, wait: float = 0.0) -> int:
        """Run what is queued, waiting up to `wait` seconds for the first; how many ran."""
        ran = 0
        try:
            fn = self._queue.get(timeout=wait) if wait > 0 else self._queue.get_nowait()
        except queue.Empty:
            return 0
        while True:
            fn()
            ran += 1
            try:
                fn = self._queue.get_nowait()
            except queue.Empty:
                return ran

    def run_until(self, done: Callable[[], bool], timeout: float) -> bool:
        """Run posted callables until `done()` holds; False if `timeout` seconds pass first."""
        deadline = time.monotonic() + timeout
        while not done():
            left = deadline - time.monotonic()
            if left <= 0:
                return False
            self.run_pending(wait=min(left, 0.05))
        return True
