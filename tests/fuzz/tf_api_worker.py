"""Replays recorded API fuzz calls (api_record.py) in real TensorFlow, in its own interpreter.

Usage: python tf_api_worker.py RECORD.pkl RESULTS.pkl START. Each record's function is looked
up by its public name under `tf`, its arguments decoded (api_codec's tags become TF's tensors,
DTypes and TensorShapes) and its outcome summarized as api_codec.summarize does for
eagerflow's. Records from START on run; before each, its index is printed, and its result is
appended to RESULTS.pkl, so the caller can kill a worker stuck in a TF kernel and start
another after that record (as tf_worker.py). Imports TensorFlow, never eagerflow.
"""

from __future__ import annotations

import os
import pickle
import resource
import sys
import warnings

os.environ.setdefault("TF_CPP_MIN_LOG_LEVEL", "3")
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))

import api_codec as C  # noqa: E402
import numpy as np  # noqa: E402
import tensorflow as tf  # noqa: E402

# an address-space cap, so that a call TF sizes past the machine fails in TF's allocator
# instead of taking the (shared) machine's memory
VM_BYTES = int(os.environ.get("EAGERFLOW_REPLAY_VM_GB", "12")) << 30


class Opaque:
    """fuzzlib's object no API accepts, as TF's side sees it."""

    def __repr__(self) -> str:
        return "<Opaque>"


def decode(value: object) -> object:
    return C.decode(value, tf, tf.constant, Opaque)


def lookup(qual: str) -> object:
    obj = tf
    for part in qual.split("."):
        obj = getattr(obj, part)
    return obj


def run(qual: str, args: list, kwargs: dict) -> list:
    try:
        fn = lookup(qual)
    except AttributeError:
        return [("E", "NoSuchFunction", f"TF has no tf.{qual}")]
    try:
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")
            out = fn(*decode(args), **decode(kwargs))
        leaves = C.summarize(out)
    except Exception as e:  # noqa: BLE001 - any error is the outcome to compare
        return C.error(e)
    return leaves


def reset_state() -> None:
    """What tests/conftest.py puts back after each eagerflow test (one test per function):
    the switches a fuzzed call may have turned (check numerics, device placement logs,
    traceback filtering, the global seed)."""
    tf.debugging.disable_check_numerics()
    tf.debugging.set_log_device_placement(False)
    tf.debugging.enable_traceback_filtering()
    tf.random.set_seed(None)


def main() -> None:
    resource.setrlimit(resource.RLIMIT_AS, (VM_BYTES, VM_BYTES))
    records = []
    with open(sys.argv[1], "rb") as f:
        while True:
            try:
                records.append(pickle.load(f))
            except EOFError:
                break
    print("ready", flush=True)
    np.seterr(all="ignore")
    last = None
    with open(sys.argv[2], "ab") as out:
        for i in range(int(sys.argv[3]), len(records)):
            print(i, flush=True)
            qual, args, kwargs, _ = records[i]
            if qual != last:
                reset_state()
                last = qual
            pickle.dump((i, run(qual, args, kwargs)), out)
            out.flush()


if __name__ == "__main__":
    main()
