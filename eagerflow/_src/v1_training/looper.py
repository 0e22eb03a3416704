"""`tf.compat.v1.train.LooperThread`: a daemon thread that runs a function (or its
`run_loop`) over and over, back to back or every `timer_interval_secs` seconds, until its
Coordinator stops; an exception it raises stops the Coordinator (which join raises).

TF 1 training-loop layer (v1_training/), over train/coordinator.py.
"""

from __future__ import annotations

import threading
import time
from typing import Any, Callable

from eagerflow._src.train.coordinator import Coordinator


class LooperThread(threading.Thread):
    """`LooperThread(coord, timer_interval_secs, target=None, args=None, kwargs=None)`,
    registered with `coord`; subclasses may override start_loop/run_loop/stop_loop."""

    def __init__(self, coord: Any, timer_interval_secs: float | None,
                 target: Callable | None = None, args: Any = None,
                 kwargs: Any = None) -> None:
        if not isinstance(coord, Coordinator):
            raise ValueError(f"'coord' argument must be a Coordinator: {coord}")
        super().__init__(daemon=True)
        self._coord = coord
        self._timer_interval_secs = timer_interval_secs
        self._target = target
        if target:
            self._args, self._kwargs = args or (), kwargs or {}
        elif args or kwargs:
            raise ValueError("'args' and 'kwargs' argument require that you also pass "
                             "'target'")
        coord.register_thread(self)

    @staticmethod
    def loop(coord: Any, timer_interval_secs: float | None, target: Callable,
             args: Any = None, kwargs: Any = None) -> LooperThread:
        """A started LooperThread calling `target(*args, **kwargs)`."""
        looper = LooperThread(coord, timer_interval_secs, target=target, args=args,
                              kwargs=kwargs)
        looper.start()
        return looper

    def run(self) -> None:
        with self._coord.stop_on_exception():
            self.start_loop()
            if self._timer_interval_secs is None:
                while not self._coord.should_stop():
                    self.run_loop()
            else:
                # each call at its boundary, counted from the start (late calls catch up)
                due = time.time()
                while not self._coord.wait_for_stop(due - time.time()):
                    due += self._timer_interval_secs
                    self.run_loop()
            self.stop_loop()

    def start_loop(self) -> None:
        """Called once when the thread starts."""

    def stop_loop(self) -> None:
        """Called once when the thread stops (not after an exception)."""

    def run_loop(self) -> None:
        """Called at each boundary: runs the target."""
        if self._target:
            self._target(*self._args, **self._kwargs)
