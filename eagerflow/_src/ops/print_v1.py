"""TF 1's Print op (tf.compat.v1.Print): its input passed through, and on each run, for the
first `first_n` runs, its message and each data tensor summarized written to stderr.

Ops layer, after printing (its rendering of elements), loaded on first use. The op is
stateful, so that a traced graph prints on every run. TF's kernel counts its runs per
kernel: eagerly TF caches one kernel per attrs, and so does this op's count; a graph node
of the same attrs shares that count here, where each node of TF's graphs counts its own.
"""

from __future__ import annotations

import sys
import threading
from typing import Any

import numpy as np

from eagerflow._src.core.tensor import convert_to_tensor
from eagerflow._src.ops import attr_values as AV
from eagerflow._src.ops.dispatch import bind
from eagerflow._src.ops.printing import summarize_nested
from eagerflow._src.ops.registry import OpDef, Sample, register

_counts: dict = {}
_counts_lock = threading.Lock()


def _print_text(message: str, arrays: Any, summarize: int) -> str:
    """TF's Print line: the message, then each tensor summarized in brackets."""
    return message + "".join(f"[{summarize_nested(a, summarize)}]" for a in arrays)


def _should_print(key: Any, first_n: int) -> bool:
    """TF's Print kernel counts its runs: only the first `first_n` print (all for < 0)."""
    if first_n < 0:
        return True
    with _counts_lock:
        n = _counts.get(key, 0)
        _counts[key] = n + 1
    return n < first_n


def _print_infer(x: Any, *data: Any, message: str, first_n: int, summarize: int) -> list:
    AV.int_attr("Print", first_n, "first_n")
    AV.int_attr("Print", summarize, "summarize")
    return [(x._shape, x._dtype)]


def _print_kernel(xp: Any, x: Any, *data: Any, message: str, first_n: int,
                  summarize: int) -> Any:
    key = (message, first_n, summarize, x.dtype, tuple(d.dtype for d in data))
    if _should_print(key, first_n):
        sys.stderr.write(_print_text(message, [np.asarray(d) for d in data], summarize) + "\n")
        sys.stderr.flush()
    return x


PRINT = register(OpDef(
    "Print", _print_infer, _print_kernel,
    # TF's gradient passes through to the input, none to the data
    grad=lambda n, g: [g] + [None] * (len(n.inputs) - 1),
    reference=lambda x, *data, **attrs: x,
    samples=lambda: [
        Sample((np.array([1.5, -2.0]), np.arange(4, dtype=np.int32)),
               {"message": "x: ", "first_n": -1, "summarize": 2}, grad_inputs=(0,)),
        Sample((np.array([b"a"], object),), {"message": "", "first_n": 0, "summarize": 3},
               grad=False)],
    stateful=True, gpu=False,
))


def print_v1(input_: Any, data: Any, message: str | None = None, first_n: int | None = None,
             summarize: int | None = None, name: str | None = None) -> Any:
    """TF's Print op over `input_` and the tensors of `data` (tf.compat.v1.Print's)."""
    x = convert_to_tensor(input_)
    tensors = [convert_to_tensor(d) for d in data]
    attrs = {"message": "" if message is None else str(message),
             "first_n": -1 if first_n is None else int(first_n),
             "summarize": 3 if summarize is None else int(summarize)}
    return bind(PRINT, (x, *tensors), attrs, name)
