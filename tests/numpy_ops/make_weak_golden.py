"""Records weak_golden.json: every case of weak_cases.py run by real TF 2.21 in its auto
dtype conversion modes ("all" and "safe"), WeakTensor and all.

    /work/tfref/bin/python tests/numpy_ops/make_weak_golden.py

An entry is [dtype, weak, values] for a tensor (values as nested lists, a complex number as
[real, imag]), ["var", dtype, values] for a variable, or ["!", error class, message index]
(the messages are listed once, under "messages"), in the order of weak_cases.cases().
"""

from __future__ import annotations

import os
import sys

sys.path.insert(0, os.path.join(os.path.dirname(__file__), "..", ".."))

import numpy as np  # noqa: E402
import tensorflow as tf  # noqa: E402
from tensorflow.python.framework import weak_tensor  # noqa: E402

from tests.golden_io import printed_by, write_json  # noqa: E402
from tests.numpy_ops import weak_cases as W  # noqa: E402


def values(a: np.ndarray) -> object:
    a = np.asarray(a)
    if a.dtype.kind == "c":
        return np.stack([a.real, a.imag], -1).tolist()
    if a.dtype.kind == "f" or a.dtype.name == "bfloat16":
        return a.astype(np.float64).tolist()
    return a.tolist()


def encode(r: object) -> list:
    if isinstance(r, weak_tensor.WeakTensor):
        return [r.dtype.name, True, values(r.numpy())]
    if isinstance(r, tf.Variable):
        return ["var", r.dtype.name, values(r.numpy())]
    if isinstance(r, tf.Tensor):
        return [r.dtype.name, False, values(r.numpy())]
    return ["py", repr(r)]


def main() -> None:
    tnp = tf.experimental.numpy
    messages: list = []
    index: dict = {}
    table: list = []
    for mode, call, names in W.cases():
        tnp.experimental_enable_numpy_behavior(dtype_conversion_mode=mode)
        try:
            ops = [W.operand(n, tf, weak_tensor.WeakTensor.from_tensor) for n in names]
            if call in W.BINARY:
                r = W.BINARY[call](tf, *ops)
            elif call in W.UNARY:
                r = W.UNARY[call](tf, *ops)
            else:
                r = W.ASSIGN[call](*ops)
            entry = encode(r)
        except Exception as e:  # noqa: BLE001  (recording what TF raises is the point)
            msg = str(e)
            if msg not in index:
                index[msg] = len(messages)
                messages.append(msg)
            entry = ["!", type(e).__name__, index[msg]]
        table.append(entry)
    # the lattice itself: TF's result_type of every pair of (dtype, weak) in each mode
    from tensorflow.python.framework import flexible_dtypes

    kinds = [(d, False) for d in W.DTYPES] + [(d, True) for d in W.WEAK]

    def make(d: str, weak: bool) -> object:
        t = tf.zeros([], getattr(tf, d))
        return weak_tensor.WeakTensor.from_tensor(t) if weak else t

    lattice = []
    for mode in ("all", "safe"):
        tnp.experimental_enable_numpy_behavior(dtype_conversion_mode=mode)
        for a in kinds:
            for b in kinds:
                try:
                    d, weak = flexible_dtypes.result_type(make(*a), make(*b))
                    lattice.append([d.name, weak])
                except TypeError as e:
                    lattice.append(["!", str(e)])
    snippets = {}
    for name, code in W.SNIPPETS.items():
        snippets[name] = printed_by(code, {"tf": tf, "tnp": tnp, "np": np})
    tnp.experimental_enable_numpy_behavior(dtype_conversion_mode="legacy")
    write_json(os.path.join(os.path.dirname(__file__), "weak_golden.json"),
               {"messages": messages, "table": table, "lattice": lattice,
                "snippets": snippets}, end="\n",
               separators=(",", ":"))


if __name__ == "__main__":
    main()
