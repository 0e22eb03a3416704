"""Dense context features holding another number of values than their shape, parsed by
`parse_sequence_example` / `parse_single_sequence_example` (TF's ParseSequenceExampleV2),
run by TensorFlow 2.21 (record_sequence_context_counts.py) and by eagerflow
(test_sequence_context_counts.py); `run(tf)` takes the `tf` module it runs under.

TF's kernel first takes each feature's largest number of values over the batch: more
than the feature's size, or (a required feature's) another number, is "Inconsistent max
number of elements for feature x: expected 2, but found 3"; then an example holding
another number than the size is "Unexpected number of elements in example <its name>".
"""

from __future__ import annotations

from typing import Any

# case -> (each example's context {key: (kind, values)}, features {key: (kind, shape,
# default or None)}, single?, example names or None)
CASES = {
    "fewer_first": ([{"x": ("float", [1.0])}, {"x": ("float", [3.0, 4.0])}],
                    {"x": ("float", [2], None)}, False, ["a", "b"]),
    "fewer_last": ([{"x": ("int64", [1, 2])}, {"x": ("int64", [3])}],
                   {"x": ("int64", [2], None)}, False, ["a", "b"]),
    "fewer_all": ([{"x": ("int64", [1])}, {"x": ("int64", [3])}],
                  {"x": ("int64", [2], None)}, False, ["a", "b"]),
    "fewer_all_default": ([{"x": ("int64", [1])}, {"x": ("int64", [3])}],
                          {"x": ("int64", [2], [0, 0])}, False, ["a", "b"]),
    "more": ([{"x": ("bytes", [b"a"])}, {"x": ("bytes", [b"a", b"b", b"c"])}],
             {"x": ("bytes", [2], [b"p", b"q"])}, False, ["a", "b"]),
    "empty_unnamed": ([{"x": ("float", [1.0, 2.0])}, {"x": ("float", [])}],
                      {"x": ("float", [2], None)}, False, None),
    "two_features": ([{"x": ("float", [1.0]), "y": ("int64", [1, 2, 3])},
                      {"x": ("float", [1.0, 2.0]), "y": ("int64", [1])}],
                     {"x": ("float", [2], None), "y": ("int64", [1], None)}, False, ["a", "b"]),
    "matrix": ([{"x": ("float", [1.0] * 5)}, {"x": ("float", [1.0] * 6)}],
               {"x": ("float", [2, 3], None)}, False, ["a", "b"]),
    "single_fewer": ([{"x": ("float", [1.0])}], {"x": ("float", [2], None)}, True, None),
    "single_fewer_default": ([{"x": ("float", [1.0])}], {"x": ("float", [2], [0.0, 0.0])},
                             True, None),
    "single_fewer_named": ([{"x": ("float", [1.0])}], {"x": ("float", [2], [0.0, 0.0])},
                           True, ["s"]),
    "single_more": ([{"x": ("int64", [1, 2, 3])}], {"x": ("int64", [2], [0, 0])}, True, None),
    "good": ([{"x": ("float", [1.0, 2.0])}, {"y": ("int64", [5])}],
             {"x": ("float", [2], [9.0, 9.0]), "y": ("int64", [1], [0])}, False, ["a", "b"]),
}


def _serialized(tf: Any, contexts: list) -> list:
    out = []
    for ctx in contexts:
        feature = {k: tf.train.Feature(**{f"{kind}_list": getattr(
            tf.train, f"{kind.capitalize()}List")(value=v)}) for k, (kind, v) in ctx.items()}
        out.append(tf.train.SequenceExample(
            context=tf.train.Features(feature=feature)).SerializeToString())
    return out


def _features(tf: Any, spec: dict) -> dict:
    types = {"float": tf.float32, "int64": tf.int64, "bytes": tf.string}
    return {k: tf.io.FixedLenFeature(shape, types[kind], default_value=default)
            for k, (kind, shape, default) in spec.items()}


def _call(tf: Any, contexts: list, spec: dict, single: bool, names: list | None) -> list:
    ser, feats = _serialized(tf, contexts), _features(tf, spec)
    if single:
        out = tf.io.parse_single_sequence_example(
            tf.constant(ser[0]), feats,
            example_name=None if names is None else tf.constant(names[0]))[0]
    else:
        out = tf.io.parse_sequence_example(
            tf.constant(ser), feats,
            example_names=None if names is None else tf.constant(names))[0]
    return [[x.decode() if isinstance(x, bytes) else x for x in
             out[k].numpy().reshape(-1).tolist()] for k in sorted(out)]


def run(tf: Any) -> dict:
    """Each case's parsed values, or its error's class and message (TF's function prefix
    and op suffix cut)."""
    got = {}
    for case, args in CASES.items():
        try:
            got[case] = {"values": _call(tf, *args)}
        except Exception as e:  # noqa: BLE001 - the class and message recorded
            text = str(e).strip().splitlines()[0].split("}} ")[-1]
            got[case] = {"error": [type(e).__name__, text.split(" [Op:")[0]]}
    return got
