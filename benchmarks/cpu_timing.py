"""CPU time of a call in this thread, for the host-cost benchmarks (eager_calls.py,
eager_steps.py): thread CPU rather than wall time, so other processes' load moves it less."""

from __future__ import annotations

import gc
import time
from collections.abc import Callable


def cpu_us(fn: Callable[[], object], per: int, repeats: int) -> float:
    """The fastest of `repeats` batches of `per` calls, in us of this thread's CPU a call
    (after 3 warm-up calls; the collector held off while timing)."""
    for _ in range(3):
        fn()
    best = float("inf")
    gc.disable()
    try:
        for _ in range(repeats):
            t0 = time.thread_time_ns()
            for _ in range(per):
                fn()
            best = min(best, (time.thread_time_ns() - t0) / per / 1e3)
    finally:
        gc.enable()
    return best
