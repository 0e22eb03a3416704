"""Writes down test_api_fuzz.py's calls and eagerflow's outcomes, to replay them in real TF.

With EAGERFLOW_FUZZ_RECORD=PATH, each call whose arguments can travel (api_codec's tags for
tensors, DTypes, TensorShapes and fuzzlib's junk; small arrays only) is appended to PATH as
one pickle record (qual, args, kwargs, eagerflow's outcome leaves). tests/fuzz/api_replay.py
replays the file in TensorFlow's own interpreter and lists each call whose outcome differs.
"""

from __future__ import annotations

import os
import pickle
from typing import Any, BinaryIO

import api_codec as C
import numpy as np
from fuzzlib import FuzzFailure, Opaque, guarded

import eagerflow as tf
from eagerflow._src.core import dtypes as dt
from eagerflow._src.core.tensor import EagerTensor

PATH = os.environ.get("EAGERFLOW_FUZZ_RECORD", "")
_OUT: list[BinaryIO] = []


class Unrecordable(Exception):
    """An argument that can't travel to TF as data (too large, or no known kind)."""


def encode(value: Any) -> Any:
    """`value` as plain data for TF's side (api_codec's tags); Unrecordable otherwise."""
    if isinstance(value, EagerTensor):
        arr = value.numpy()
        if np.size(arr) > C.SMALL:
            raise Unrecordable("a large tensor")
        return (C.TENSOR, np.asarray(arr))
    if isinstance(value, dt.DType):
        return (C.DTYPE, value.name)
    if isinstance(value, tf.TensorShape):
        return (C.SHAPE, None if value.rank is None else value.as_list())
    if isinstance(value, Opaque):
        return (C.OPAQUE,)
    if value is object:
        return (C.OBJECT,)
    if isinstance(value, list):
        return [encode(v) for v in value]
    if isinstance(value, tuple):
        return tuple(encode(v) for v in value)
    if isinstance(value, dict):
        return {k: encode(v) for k, v in value.items()}
    if isinstance(value, np.ndarray) and value.size > C.SMALL:
        raise Unrecordable("a large array")
    if value is None or isinstance(value, (bool, int, float, complex, str, bytes, slice,
                                           type(Ellipsis), np.generic, np.ndarray, np.dtype,
                                           type)):
        return value
    raise Unrecordable(type(value).__name__)


def _tensor(array: np.ndarray) -> Any:
    return EagerTensor(array) if array.dtype != object else tf.convert_to_tensor(array)


def decode(value: Any) -> Any:
    """An encoded argument as eagerflow's value again (`encode`'s inverse)."""
    return C.decode(value, tf, _tensor, Opaque)


def rerun(qual: str, args: list, kwargs: dict) -> list:
    """A recorded call made again by today's eagerflow: its outcome leaves."""
    fn = tf
    for part in qual.split("."):
        fn = getattr(fn, part)
    try:  # (under the fuzz guards: the allocation cap, the timer)
        outcome, value = guarded(qual, (), fn, *decode(args), contract=False,
                                 **decode(kwargs))
    except FuzzFailure as f:
        return [("E", "FuzzFailure", str(f).splitlines()[0])]
    finally:
        if qual.endswith("set_seed"):
            tf.random.set_seed(None)
    return C.summarize(value) if outcome == "ok" else C.error(value)


def encode_call(args: list, kwargs: dict) -> tuple | None:
    """The call's arguments as data, or None when some can't travel (or none are asked)."""
    if not PATH:
        return None
    try:
        return encode(list(args)), encode(dict(kwargs))
    except Unrecordable:
        return None


def write(qual: str, call: tuple, outcome: str, value: Any) -> None:
    """Appends the call and eagerflow's outcome (its leaves, api_codec.summarize)."""
    if not _OUT:
        _OUT.append(open(PATH, "ab"))  # noqa: SIM115 - open for the whole session
    leaves = C.summarize(value) if outcome == "ok" else C.error(value)
    try:
        pickle.dump((qual, call[0], call[1], leaves), _OUT[0])
    except (pickle.PicklingError, TypeError, AttributeError):
        return
    _OUT[0].flush()
