"""The cases of test_reader_func.py: `Dataset.load` and `Dataset.snapshot` with a
`reader_func` holding seeded and unseeded shuffles, random maps and side effects, and
readers that return no dataset. TF 2.21 traces a reader_func once, as a flat_map's
function, and instantiates it for each iterator: a seeded shuffle (or one under a global
seed) repeats its order on every pass, an unseeded one draws new seeds each pass.

`outcomes(tf)` runs them with `tf` (TensorFlow's module or eagerflow's) and gives what
they did; record_reader_func_golden.py keeps TF's in reader_func_golden.json.
"""

from __future__ import annotations

import os
import tempfile

PASSES = 3


def _flat(ds):
    return ds.flat_map(lambda shard: shard)


def _readers(tf) -> dict:
    """name -> (reader_func, global seed or None)."""
    def seeded_random(x):
        return tf.random.uniform([], maxval=100, dtype=tf.int64, seed=5)

    def unseeded_random(x):
        return tf.random.uniform([], maxval=100, dtype=tf.int64)

    return {
        "plain": (_flat, None),
        "shuffle_seeded": (lambda ds: _flat(ds).shuffle(12, seed=3), None),
        "shuffle_global_seed": (lambda ds: _flat(ds).shuffle(12), 7),
        "shuffle_no_reshuffle_seeded": (
            lambda ds: _flat(ds).shuffle(12, seed=3, reshuffle_each_iteration=False), None),
        "shards_shuffled_seeded": (lambda ds: _flat(ds.shuffle(3, seed=1)), None),
        "map_random_seeded": (lambda ds: _flat(ds).map(seeded_random), None),
        "map_then_take": (lambda ds: _flat(ds).map(lambda x: x * 2).take(5), None),
        # (new seeds each pass: only how many distinct orders the passes gave is TF's)
        "shuffle_unseeded": (lambda ds: _flat(ds).shuffle(12), None),
        "shuffle_no_reshuffle_unseeded": (
            lambda ds: _flat(ds).shuffle(12, reshuffle_each_iteration=False), None),
        "map_random_unseeded": (lambda ds: _flat(ds).map(unseeded_random), None),
    }


def _error(e: Exception) -> dict:
    lines = str(e).strip().splitlines()
    return {"error": type(e).__name__, "first_line": lines[0] if lines else ""}


def _passes(ds) -> list:
    return [[int(v) for v in ds.as_numpy_iterator()] for _ in range(PASSES)]


def _summary(name: str, passes: list) -> dict:
    if "unseeded" in name:
        # (a shuffle's elements are the saved ones; random values only count)
        return {"distinct_passes": len({tuple(p) for p in passes}),
                "elements": sorted(passes[0]) if "shuffle" in name else len(passes[0])}
    return {"passes": passes}


def _load_cases(tf, saved: str) -> dict:
    out = {}
    for name, (reader, seed) in _readers(tf).items():
        tf.random.set_seed(seed)
        out["load_" + name] = _summary(name, _passes(
            tf.data.Dataset.load(saved, reader_func=reader)))
    tf.random.set_seed(None)
    calls = []

    def noting(ds):
        calls.append(bool(tf.executing_eagerly()))
        return _flat(ds)

    ds = tf.data.Dataset.load(saved, reader_func=noting)
    made = list(calls)
    _passes(ds)
    out["load_calls"] = {"when_made": made, "after_passes": list(calls)}
    return out


def _snapshot_cases(tf, root: str) -> dict:
    out = {}
    for i, (name, (reader, seed)) in enumerate(_readers(tf).items()):
        if name.startswith("map_"):
            continue  # (a snapshot's reader reads (index, element) pairs and must keep them)
        tf.random.set_seed(seed)
        ds = tf.data.Dataset.range(12).snapshot(os.path.join(root, f"snap{i}"),
                                                 reader_func=reader)
        # (the first pass writes the snapshot, giving the input's order; the reads follow)
        first = [int(v) for v in ds.as_numpy_iterator()]
        out["snapshot_" + name] = {"first": first, **_summary(name, _passes(ds))}
    tf.random.set_seed(None)
    calls = []

    def noting(ds):
        calls.append(bool(tf.executing_eagerly()))
        return _flat(ds)

    ds = tf.data.Dataset.range(12).snapshot(os.path.join(root, "snap_calls"),
                                             reader_func=noting)
    made = list(calls)
    _passes(ds)
    out["snapshot_calls"] = {"when_made": made, "after_passes": list(calls)}
    return out


def _refusals(tf, saved: str) -> dict:
    def tuple_of_two(ds):
        return _flat(ds), _flat(ds)

    readers = {"tensor": lambda ds: tf.constant(1), "none": lambda ds: None,
               "tuple_of_two": tuple_of_two}
    out = {}
    for name, reader in readers.items():
        try:
            ds = tf.data.Dataset.load(saved, reader_func=reader)
        except Exception as e:  # noqa: BLE001 - TF's error is the outcome
            out["load_returns_" + name] = {"at": "load", **_error(e)}
            continue
        try:
            iter(ds)
            out["load_returns_" + name] = {"at": "nowhere"}
        except Exception as e:  # noqa: BLE001
            out["load_returns_" + name] = {"at": "iter", **_error(e)}
    return out


def _flat_map_cases(tf) -> dict:
    """A flat_map's function is traced the same way: its unseeded shuffle draws new seeds
    each time the function runs (each pass, and each element)."""
    whole = tf.data.Dataset.from_tensors(tf.data.Dataset.range(12))
    ds = whole.flat_map(lambda d: d.shuffle(12))
    per_element = tf.data.Dataset.range(2).flat_map(
        lambda i: tf.data.Dataset.range(12).shuffle(12))
    halves = [int(v) for v in per_element.as_numpy_iterator()]
    return {"flat_map_shuffle_unseeded": _summary("shuffle_unseeded", _passes(ds)),
            "flat_map_shuffle_unseeded_elements_differ": {
                "differ": halves[:12] != halves[12:],
                "elements": sorted(halves[:12]) == sorted(halves[12:])}}


def _in_function_cases(tf, saved: str, root: str) -> dict:
    """Readers built in a tf.function, reading one of its tensors."""
    @tf.function
    def load(k):
        ds = tf.data.Dataset.load(saved, reader_func=lambda s: _flat(s).shuffle(
            12, seed=3).map(lambda x: x * k))
        return ds.batch(12).get_single_element()

    @tf.function
    def snapshot(k):
        ds = tf.data.Dataset.range(6).snapshot(os.path.join(root, "in_function"),
                                               reader_func=lambda s: _flat(s).take(k))
        return ds.reduce(tf.constant(0, tf.int64), lambda a, b: a + b)

    return {"load_in_function": [load(tf.constant(k, tf.int64)).numpy().tolist()
                                 for k in (2, 3)],
            "snapshot_in_function": [int(snapshot(tf.constant(k, tf.int64)))
                                     for k in (6, 2)]}


def outcomes(tf) -> dict:
    with tempfile.TemporaryDirectory() as root:
        saved = os.path.join(root, "saved")
        tf.data.Dataset.range(12).save(saved, shard_func=lambda x: x % 3)
        out = _load_cases(tf, saved)
        out.update(_snapshot_cases(tf, root))
        out.update(_refusals(tf, saved))
        out.update(_flat_map_cases(tf))
        out.update(_in_function_cases(tf, saved, root))
    return out
