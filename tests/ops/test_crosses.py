"""TF's SparseCrossHashed (farmhash, or SipHash keyed by a salt) and RaggedCross, as
eagerflow's registered ops, against what TF 2.21's ops gave for the same inputs
(cross_golden.json, written by record_cross_golden.py from cross_cases.py)."""

import json
import os

import numpy as np
import pytest

import eagerflow as tf
from eagerflow._src.ops.crosses import RAGGED_CROSS, SPARSE_CROSS_HASHED
from eagerflow._src.ops.dispatch import bind
from tests.ops import cross_cases as K

with open(os.path.join(os.path.dirname(__file__), "cross_golden.json"), encoding="utf-8") as f:
    GOLDEN = json.load(f)


def _t(values):
    flat = np.asarray(values, object).reshape(-1)
    if flat.size and isinstance(flat[0], str):
        return tf.constant(np.vectorize(str.encode, otypes=[object])(np.asarray(values, object)))
    return tf.constant(np.asarray(values, np.int64).reshape(np.shape(values)))


def _parts(x):
    if x[0] == "sparse":
        return [tf.constant(np.asarray(x[1], np.int64).reshape(-1, 2)), _t(x[2]),
                tf.constant(x[3], tf.int64)]
    if x[0] == "ragged":
        return [_t(x[1]), tf.constant(x[2], tf.int64)]
    return [_t(x[1])]


def _result(fn):
    try:
        out = fn()
    except tf.errors.InvalidArgumentError as e:
        return ["InvalidArgumentError", str(e)]
    return ["OK", [[v.decode() if isinstance(v, bytes) else v for v in t.numpy().tolist()]
                   if t.dtype == tf.string else t.numpy().tolist() for t in out]]


@pytest.mark.parametrize("i", range(len(K.SPARSE_CROSS_HASHED)))
def test_sparse_cross_hashed_matches_tf(i):
    inputs, num_buckets, strong, salt = K.SPARSE_CROSS_HASHED[i]
    ordered = [x for x in inputs if x[0] == "sparse"] + [x for x in inputs if x[0] == "dense"]
    tensors = tuple(t for x in ordered for t in _parts(x))
    attrs = {"layout": tuple(x[0] for x in ordered), "num_buckets": max(num_buckets, 0),
             "hash_key": None, "salt": tuple(salt) if strong else None}
    assert _result(lambda: bind(SPARSE_CROSS_HASHED, tensors, attrs)) == \
        GOLDEN["SparseCrossHashed"][i]


@pytest.mark.parametrize("i", range(len(K.RAGGED_CROSS)))
def test_ragged_cross_matches_tf(i):
    inputs, hashed, num_buckets, hash_key = K.RAGGED_CROSS[i]
    parts = {k: [_parts(x) for x in inputs if x[0] == k] for k in ("ragged", "sparse", "dense")}
    flat = [p[j] for j in range(2) for p in parts["ragged"]] + \
        [p[j] for j in range(3) for p in parts["sparse"]] + [p[0] for p in parts["dense"]]
    attrs = {"input_order": "".join(x[0][0].upper() for x in inputs),
             "hashed_output": hashed, "num_buckets": num_buckets,
             "hash_key": hash_key & ((1 << 64) - 1),
             "out_values_type": tf.int64 if hashed else tf.string,
             "out_row_splits_type": tf.int64}
    got = _result(lambda: bind(RAGGED_CROSS, tuple(flat), attrs))
    want = GOLDEN["RaggedCross"][i]
    assert got == want


def test_public_ragged_cross_keeps_the_inputs_order_and_casts_numbers():
    r = tf.ragged.constant([["a"], ["b", "c"]], row_splits_dtype=tf.int32)
    d = tf.constant([[1], [2]], tf.int32)
    assert tf.ragged.cross([d, r]).to_list() == [[b"1_X_a"], [b"2_X_b", b"2_X_c"]]
    assert tf.ragged.cross([d, r]).row_splits.dtype == tf.int32
    hashed = tf.ragged.cross_hashed([r, d], num_buckets=10)
    assert hashed.values.dtype == tf.int64 and hashed.row_splits.dtype == tf.int32


def test_ragged_cross_in_a_tf_function_is_the_ragged_cross_op():
    f = tf.function(lambda x, y: tf.ragged.cross([x, y]))
    x, y = tf.ragged.constant([["a"], ["b", "c"]]), tf.constant([["d"], ["e"]])
    assert f(x, y).to_list() == [[b"a_X_d"], [b"b_X_e", b"c_X_e"]]
    ops = {o.type for o in f.get_concrete_function(x, y).graph.get_operations()}
    assert "RaggedCross" in ops


def test_salted_dense_numbers_are_refused():
    # (TF's kernel crashes on them)
    with pytest.raises(tf.errors.InvalidArgumentError, match="numbers of dense inputs"):
        bind(SPARSE_CROSS_HASHED, (tf.constant([[4]], tf.int64),),
             {"layout": ("dense",), "num_buckets": 0, "hash_key": None, "salt": (1, 2)})


def test_mixed_splits_dtypes_cross_into_int64_splits():
    r32 = tf.ragged.constant([["a"], ["b"]], row_splits_dtype=tf.int32)
    r64 = tf.ragged.constant([["c"], ["d", "e"]])
    out = tf.ragged.cross([r32, r64])
    assert out.row_splits.dtype == tf.int64
    assert out.to_list() == [[b"a_X_c"], [b"b_X_d", b"b_X_e"]]
