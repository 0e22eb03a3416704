"""tf.keras.utils.Progbar: the training progress bar, in TF 2.21 Keras's exact format.

Sits at the bottom of keras (plain Python): verbose=1 redraws one line in place
(`\\b`s and `\\r`, ANSI bold/colour, `━` bar); verbose=2 prints one line when the
target is reached.
"""

from __future__ import annotations

import math
import os
import sys
import time
from typing import Any

import numpy as np

from eagerflow._src.keras.utils.io_utils import print_msg


def _write(message: str) -> None:
    print_msg(message, line_break=False)


class Progbar:
    """Displays a progress bar: `update(current, values)` / `add(n, values)`."""

    def __init__(self, target: int | None, width: int = 20, verbose: int = 1,
                 interval: float = 0.05, stateful_metrics: Any = None,
                 stateless_metrics: Any = None, unit_name: str = "step") -> None:
        if stateful_metrics is not None and stateless_metrics is not None:
            raise ValueError("Only one of `stateful_metrics` or `stateless_metrics` can be "
                             "provided. `stateful_metrics` is used to make metrics stateless by "
                             "default (with an exclusion list), while `stateless_metrics` is "
                             "used to make metrics stateful by default (with an exclusion "
                             "list).")
        self.target = target
        self.width = width
        self.verbose = verbose
        self.interval = interval
        self.unit_name = unit_name
        if stateless_metrics is not None:
            self.stateful_metrics = None
            self.stateless_metrics = set(stateless_metrics)
        else:
            self.stateful_metrics = set(stateful_metrics or ())
            self.stateless_metrics = None
        # Keras redraws in place on any POSIX system, not only on a terminal.
        self._dynamic_display = ((hasattr(sys.stdout, "isatty") and sys.stdout.isatty())
                                 or "ipykernel" in sys.modules or "posix" in sys.modules
                                 or "PYCHARM_HOSTED" in os.environ)
        self._seen_so_far = 0
        self._values: dict = {}
        self._values_order: list = []
        self._start = time.time()
        self._last_update = 0.0
        self._time_at_epoch_start = self._start
        self._time_after_first_step: float | None = None
        self._prev_total_width = 0

    def _is_stateless(self, k: str) -> bool:
        if self.stateful_metrics is not None:
            return k not in self.stateful_metrics
        return k in self.stateless_metrics

    def update(self, current: int, values: Any = None, finalize: bool | None = None) -> None:
        if finalize is None:
            finalize = False if self.target is None else current >= self.target
        for k, v in values or []:
            if k not in self._values_order:
                self._values_order.append(k)
            if self._is_stateless(k):
                if finalize:
                    self._values[k] = [v, 1]
                else:
                    base = max(current - self._seen_so_far, 1)
                    if k not in self._values:
                        self._values[k] = [v * base, base]
                    else:
                        self._values[k][0] += v * base
                        self._values[k][1] += base
            else:
                self._values[k] = [v, 1]
        self._seen_so_far = current
        now = time.time()
        per_unit = self._estimate_step_duration(current, now)
        if self.verbose == 1:
            if now - self._last_update < self.interval and not finalize:
                return
            self._draw(current, now, per_unit, finalize)
        elif self.verbose == 2 and finalize and self.target is not None and self.target > 0:
            digits = int(math.log10(self.target)) + 1
            info = f"%{digits}d/%d" % (current, self.target)
            info += f" - {now - self._start:.0f}s -{self._format_time(per_unit, self.unit_name)}"
            for k in self._values_order:
                info += f" - {k}: {self._fmt_value(k, signed=False)}"
            _write(info + "\n")
        self._last_update = now

    def _fmt_value(self, k: str, signed: bool = True) -> str:
        entry = self._values[k]
        if not isinstance(entry, list):
            return f"{entry}"
        total, count = entry
        if not isinstance(total, float):
            total = np.mean(total)
        avg = total / max(1, count)
        big = abs(avg) > 1e-3 if signed else avg > 1e-3
        return f"{avg:.4f}" if big else f"{avg:.4e}"

    def _draw(self, current: int, now: float, per_unit: float, finalize: bool) -> None:
        message = ("\b" * self._prev_total_width + "\r") if self._dynamic_display else "\n"
        special = 0
        if self.target is not None and self.target > 0:
            digits = int(math.log10(self.target)) + 1
            bar = f"\x1b[1m{f'%{digits}d/%d' % (current, self.target)}\x1b[0m "
            special += 8
            filled = int(self.width * float(current) / self.target)
            if filled > 0:
                bar += f"\x1b[32m{'━' * filled}\x1b[0m"
                special += 9
            bar += f"\x1b[37m{'━' * (self.width - filled)}\x1b[0m"
            special += 9
        else:
            bar = f"{current:7d}/Unknown"
        message += bar
        if self.target is not None and self.target > 0 and not finalize:
            eta = per_unit * (self.target - current)
            if eta > 3600:
                eta_text = f"{int(eta // 3600)}:{int((eta % 3600) // 60):02d}:{int(eta % 60):02d}"
            elif eta > 60:
                eta_text = f"{int(eta // 60)}:{int(eta % 60):02d}"
            else:
                eta_text = f"{int(eta)}s"
            info = f" \x1b[1m{eta_text}\x1b[0m"
        else:
            info = f" \x1b[1m{now - self._start:.0f}s\x1b[0m"
        special += 8
        info += self._format_time(per_unit, self.unit_name)
        for k in self._values_order:
            info += f" - {k}: {self._fmt_value(k)}"
        message += info
        total_width = len(bar) + len(info) - special
        if self._prev_total_width > total_width:
            message += " " * (self._prev_total_width - total_width)
        if finalize:
            message += "\n"
        _write(message)
        self._prev_total_width = total_width

    def add(self, n: int, values: Any = None) -> None:
        self.update(self._seen_so_far + n, values)

    @staticmethod
    def _format_time(per_unit: float, unit_name: str) -> str:
        if per_unit >= 1 or per_unit == 0:
            return f" {per_unit:.0f}s/{unit_name}"
        if per_unit >= 1e-3:
            return f" {per_unit * 1000.0:.0f}ms/{unit_name}"
        return f" {per_unit * 1000000.0:.0f}us/{unit_name}"

    def _estimate_step_duration(self, current: int, now: float) -> float:
        # The first step carries start-up cost: once past it, average the later steps only.
        if current:
            if self._time_after_first_step is not None and current > 1:
                return (now - self._time_after_first_step) / (current - 1)
            per = (now - self._start) / current
            if current == 1:
                self._time_after_first_step = now
            return per
        return 0.0
