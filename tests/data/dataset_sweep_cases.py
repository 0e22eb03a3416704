"""The argument sweep of tf.data.Dataset's methods, shared by
tests/record_sweep_goldens.py (TF 2.21) and test_dataset_sweep.py (eagerflow): each method
of Dataset.range(7) (and each static constructor) called with one and two arguments of
every kind a user passes by mistake or on purpose (ints, a float, a bool, None, tensors,
a string, a list, a function), its result's first elements or its error as
tests/core/api_sweep_cases.py writes them. Each call of a method that takes a file name
runs in an empty directory of its own, so it reads and writes nothing another call sees.
"""

from __future__ import annotations

import os
import tempfile
from typing import Any

from tests.sweeps import message, show

METHODS = ("batch", "shuffle", "take", "skip", "repeat", "prefetch", "shard", "padded_batch",
           "window", "cache", "map", "filter", "flat_map", "interleave", "unbatch", "rebatch",
           "enumerate", "apply", "concatenate", "zip", "take_while", "scan", "reduce",
           "group_by_window", "bucket_by_sequence_length", "random", "ignore_errors", "unique",
           "rejection_resample", "sample_from_datasets", "choose_from_datasets",
           "from_tensor_slices", "from_tensors", "range", "counter", "cardinality",
           "get_single_element", "with_options", "load", "save", "snapshot", "sparse_batch")
ARGS = ("0", "-1", "2", "2.5", "True", "None", "t2", "t64", "tfloat", "str", "list", "fn")
SECOND = ("0", "2", "2.5", "True", "None", "t2")
# Methods whose elements are random draws: only their dtypes and shapes are compared
RANDOM = frozenset(("shuffle", "random", "sample_from_datasets", "rejection_resample"))
# Methods that read or write the file a string argument names
FILES = frozenset(("cache", "load", "save", "snapshot"))


def cases() -> list:
    return [(m, a) for m in METHODS for a in ARGS] + \
        [(m, a, b) for m in METHODS for a in ARGS for b in SECOND]


def _arg(tf: Any, name: str) -> Any:
    return {"0": 0, "-1": -1, "2": 2, "2.5": 2.5, "True": True, "None": None,
            "t2": tf.constant(2), "t64": tf.constant(2, tf.int64), "tfloat": tf.constant(2.0),
            "str": "a", "list": [1, 2], "fn": lambda *x: x[0]}[name]


def _elements(tf: Any, ds: Any, random: bool, n: int = 6) -> str:
    out, it = [], iter(ds)
    for _ in range(n):
        try:
            s = show(next(it))
        except StopIteration:
            return " ".join([*out, "END"])
        out.append(s.rsplit(",", 1)[0] if random and s.startswith("T(") else s)
    return " ".join(out)


def outcome(tf: Any, method: str, *args: str) -> str:
    if method not in FILES:
        return _call(tf, method, args)
    cwd = os.getcwd()
    with tempfile.TemporaryDirectory() as here:
        os.chdir(here)
        try:
            return _call(tf, method, args)
        finally:
            os.chdir(cwd)


def _call(tf: Any, method: str, args: tuple) -> str:
    try:
        r = getattr(tf.data.Dataset.range(7), method)(*(_arg(tf, a) for a in args))
        if isinstance(r, tf.data.Dataset):
            return _elements(tf, r, method in RANDOM)
        return show(r)
    except Exception as e:  # noqa: BLE001 - the error is the outcome
        return message(e)
