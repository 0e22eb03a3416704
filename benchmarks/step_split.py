"""The eager guide CNN step split into its convolution kernels and everything else.

    python benchmarks/step_split.py cpu [STEPS]      # CPU time per step: total, convs, rest
    python benchmarks/step_split.py step K           # K steps after a warm-up (for counting)
    python benchmarks/step_split.py convs K          # the step's convolution kernels, K times

"Convolution kernels" are the engine's three entry points (windows.conv_forward with its
fused bias and ReLU, conv_input_grad, conv_filter_grad), as the step calls them; the rest
is the tape, the layers, the loss, the optimizer, the ReLU and bias gradients and the
global average pooling. Two ways to split, both robust on a loaded machine:

- `cpu`: each entry point is wrapped to add up the process's CPU time spent inside it
  (all threads: the kernels may split blocks over helper threads); per step the rest is
  the step's CPU time less that. Run with OPENBLAS_NUM_THREADS=1 (set here by default),
  in alternating processes for two trees, and compare the best and the median.
- instructions, deterministic under any load: count `step K` and `step 0` under
  valgrind's cachegrind (PYTHONHASHSEED=0, EAGERFLOW_BLAS_THREADS=single: otherwise
  whether the kernels' helper threads run follows the machine's load, and their hand-offs
  count too), and `convs K` and `convs 0` (which replay the
  kernel calls one step made, on the same arrays); (step K - step 0 - (convs K - convs
  0)) / K is the rest per step. `cg_diff` of the same pairs gives it per C function.

IMG=5 shrinks the images to 5x5, which leaves the Python overhead alone.
"""

from __future__ import annotations

import os
import sys
import time
from typing import Any, Callable

os.environ.setdefault("OPENBLAS_NUM_THREADS", "1")

import numpy as np  # noqa: E402
from guide import guide_model, guide_train_step  # noqa: E402

import eagerflow as tf  # noqa: E402
from eagerflow._src.ops import windows as W  # noqa: E402

ENTRY_POINTS = ("conv_forward", "conv_filter_grad", "conv_input_grad")


class _Meter:
    """Wraps the engine's entry points: CPU seconds inside them (outermost calls only:
    conv_input_grad calls conv_forward) and, while `capture` is set, the calls made."""

    def __init__(self) -> None:
        self.cpu = 0.0
        self.depth = 0
        self.capture = False
        self.calls: list = []
        for name in ENTRY_POINTS:
            setattr(W, name, self._wrap(getattr(W, name)))

    def _wrap(self, fn: Callable) -> Callable:
        def timed(*args: Any, **kwargs: Any) -> Any:
            if self.capture and self.depth == 0:
                self.calls.append((fn, args, kwargs))
            self.depth += 1
            t = time.process_time()
            try:
                return fn(*args, **kwargs)
            finally:
                self.depth -= 1
                if self.depth == 0:
                    self.cpu += time.process_time() - t
        return timed


def main() -> int:
    mode = sys.argv[1] if len(sys.argv) > 1 else "cpu"
    k = int(sys.argv[2]) if len(sys.argv) > 2 else (200 if mode == "cpu" else 10)
    size = int(os.environ.get("IMG", "28"))
    rng = np.random.default_rng(2)
    x = tf.constant(rng.random((32, size, size, 1), dtype=np.float32))
    y = tf.constant(rng.integers(0, 10, 32).astype(np.int64))
    step = guide_train_step(tf, guide_model(tf, (size, size, 1)))
    meter = _Meter() if mode in ("cpu", "convs") else None
    for _ in range(5):
        step(x, y)
    if mode == "step":
        for _ in range(k):
            step(x, y)
    elif mode == "convs":
        meter.capture = True
        step(x, y)
        meter.capture = False
        for _ in range(k):
            for fn, args, kwargs in meter.calls:
                fn(*args, **kwargs)
    elif mode == "cpu":
        total, conv = [], []
        for _ in range(k):
            meter.cpu = 0.0
            t = time.process_time()
            step(x, y)
            total.append(time.process_time() - t)
            conv.append(meter.cpu)
        tot, cv = np.array(total) * 1e3, np.array(conv) * 1e3
        rest = tot - cv
        print(f"ms of CPU per step, best / median of {k}: total {tot.min():.3f} / "
              f"{np.median(tot):.3f}; convolution kernels {cv.min():.3f} / {np.median(cv):.3f}; "
              f"the rest {rest.min():.3f} / {np.median(rest):.3f}")
    else:
        print(__doc__)
        return 2
    return 0


if __name__ == "__main__":
    sys.exit(main())
