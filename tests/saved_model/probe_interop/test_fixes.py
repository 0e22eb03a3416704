"""What the probe set (test_probe_interop.py, against real TensorFlow) found, checked here
without TensorFlow: signature calls named as TF names them, keyword-only defaults in a
saved FunctionSpec, a loaded signature's refusal of positional arguments, a namedtuple's
placeholders named by its fields, ConcatV2 of an input of unknown rank, and the TF ops
eagerflow runs on import (SparseReorder, RaggedBincount)."""

from __future__ import annotations

import collections
import os
import types

import numpy as np
import pytest

import eagerflow as tf
from eagerflow._src.saved_model.protos import pb


def _meta_graph(path):
    sm = pb().SavedModel()
    with open(os.path.join(path, "saved_model.pb"), "rb") as f:
        sm.ParseFromString(f.read())
    return sm.meta_graphs[0]


class _Two(tf.Module):
    def __init__(self):
        super().__init__()
        self.v = tf.Variable(2.0)

    @tf.function(input_signature=[tf.TensorSpec([None], tf.float32)])
    def scaled(self, x):
        return x * self.v

    @tf.function(input_signature=[tf.TensorSpec([None], tf.float32),
                                  tf.TensorSpec([], tf.int32)])
    def pure(self, x, n):
        return x + tf.cast(n, tf.float32), x * x


def test_signature_calls_are_named_in_key_order_by_statefulness(tmp_path):
    m = _Two()
    # given out of key order: TF writes the calls in key order, a function touching no
    # state called by a PartitionedCall
    tf.saved_model.save(m, str(tmp_path), signatures={"z_scaled": m.scaled, "a_pure": m.pure,
                                                      "m_scaled": m.scaled})
    defs = _meta_graph(tmp_path).signature_def
    assert [defs["a_pure"].outputs[k].name for k in ("output_0", "output_1")] == \
        ["PartitionedCall:0", "PartitionedCall:1"]
    assert defs["m_scaled"].outputs["output_0"].name == "StatefulPartitionedCall:0"
    assert defs["z_scaled"].outputs["output_0"].name == "StatefulPartitionedCall_1:0"
    loaded = tf.saved_model.load(str(tmp_path))
    out = loaded.signatures["a_pure"](x=tf.constant([1.0, 3.0]), n=tf.constant(2))
    np.testing.assert_allclose(out["output_1"].numpy(), [1.0, 9.0])


class _Kw(tf.Module):
    @tf.function
    def affine(self, x, *, scale, shift=None):
        y = x * scale
        return y if shift is None else y + shift


def test_keyword_only_defaults_are_saved_and_filled_on_load(tmp_path):
    m = _Kw()
    m.affine.get_concrete_function(tf.TensorSpec([None], tf.float32),
                                   scale=tf.TensorSpec([], tf.float32))
    tf.saved_model.save(m, str(tmp_path))
    spec = next(n.function.function_spec for n in _meta_graph(tmp_path).object_graph_def.nodes
                if n.WhichOneof("kind") == "function")
    fields = {v.key: v.value for v in spec.fullargspec.named_tuple_value.values}
    assert list(fields["kwonlydefaults"].dict_value.fields) == ["shift"]
    loaded = tf.saved_model.load(str(tmp_path))
    # `shift` left out: its default (None) selects the saved trace
    got = loaded.affine(tf.constant([1.0, 2.0]), scale=tf.constant(3.0))
    np.testing.assert_allclose(got.numpy(), [3.0, 6.0])
    got = loaded.affine(x=tf.constant([1.0]), scale=tf.constant(-1.0), shift=None)
    np.testing.assert_allclose(got.numpy(), [-1.0])


def test_a_loaded_signature_takes_keywords_only(tmp_path):
    m = _Two()
    tf.saved_model.save(m, str(tmp_path), signatures={"pure": m.pure})
    sig = tf.saved_model.load(str(tmp_path)).signatures["pure"]
    with pytest.raises(TypeError, match=r"too many positional arguments(.|\n)*Fallback to flat "
                                        r"signature also failed due to: signature_wrapper_pure\(n"
                                        r", x\) takes 0 positional arguments, got 1\."):
        sig(tf.constant([1.0]), n=tf.constant(1))
    assert sorted(sig(x=tf.constant([1.0]), n=tf.constant(1))) == ["output_0", "output_1"]


Point = collections.namedtuple("Point", ["x", "y"])


def test_a_namedtuples_placeholders_are_named_by_its_fields():
    f = tf.function(lambda inp: inp["p"].x + inp["p"].y)
    spec = {"p": Point(tf.TensorSpec([], tf.float32), tf.TensorSpec([], tf.float32)),
            "q": [tf.TensorSpec([], tf.float32)]}
    (arg,), _ = f.get_concrete_function(spec).structured_input_signature
    assert [arg["p"].x.name, arg["p"].y.name, arg["q"][0].name] == \
        ["inp_p_x", "inp_p_y", "inp_q_0"]


def test_concat_of_an_input_of_unknown_rank():
    f = tf.function(lambda a, b: tf.concat([a, b], 0))
    cf = f.get_concrete_function(tf.TensorSpec([2], tf.int64), tf.TensorSpec(None, tf.int64))
    assert cf.structured_outputs.shape.as_list() == [None]
    cf = f.get_concrete_function(tf.TensorSpec(None, tf.int64), tf.TensorSpec([2, 3], tf.int64))
    assert cf.structured_outputs.shape.as_list() == [None, 3]
    got = cf(tf.constant(np.ones((1, 3), np.int64)), tf.constant(np.zeros((2, 3), np.int64)))
    np.testing.assert_array_equal(got.numpy(), [[1, 1, 1], [0, 0, 0], [0, 0, 0]])


def _node(inputs, **attrs):
    return types.SimpleNamespace(inputs=[tf.constant(x) for x in inputs], attrs=attrs)


def test_sparse_reorder_on_import_sorts_row_major():
    # (the registry's SparseReorder, which an imported node runs as tf.raw_ops does)
    idx = np.array([[2, 1], [0, 3], [2, 0], [0, 1]], np.int64)
    vals = np.array([10.0, 20.0, 30.0, 40.0], np.float32)
    got_idx, got_vals = tf.raw_ops.SparseReorder(input_indices=idx, input_values=vals,
                                                 input_shape=np.array([3, 4], np.int64))
    order = sorted(range(4), key=lambda i: tuple(idx[i]))
    np.testing.assert_array_equal(got_idx.numpy(), idx[order])
    np.testing.assert_array_equal(got_vals.numpy(), vals[order])


@pytest.mark.parametrize("binary", [False, True])
@pytest.mark.parametrize("weighted", [False, True])
def test_ragged_bincount_on_import_counts_each_row(binary, weighted):
    splits = np.array([0, 3, 3, 7], np.int64)
    values = np.array([1, 4, 1, 0, 2, 2, 9], np.int32)
    weights = np.arange(1, 8, dtype=np.float32) if weighted else np.zeros(0, np.float32)
    got = tf.raw_ops.RaggedBincount(splits=splits, values=values, size=np.int32(5),
                                    weights=weights, binary_output=binary).numpy()
    want = np.zeros((3, 5), np.float32)
    for row in range(3):
        for k in range(splits[row], splits[row + 1]):
            if values[k] < 5:  # (values past the size are left out)
                add = weights[k] if weighted and not binary else 1.0
                want[row, values[k]] = 1.0 if binary else want[row, values[k]] + add
    np.testing.assert_array_equal(got, want)


def test_ragged_bincount_on_import_takes_values_and_size_of_unknown_rank():
    # (a TextVectorization's counts of a table lookup's ids: TF's graph leaves the
    # lookup's shape unknown, and the op must still take and count them)
    splits = np.array([0, 2, 5], np.int64)
    values = np.array([3, 0, 3, 3, 7], np.int64)

    @tf.function(input_signature=[tf.TensorSpec(None, tf.int64), tf.TensorSpec(None, tf.int64)])
    def count(v, size):
        return tf.raw_ops.RaggedBincount(splits=tf.constant(splits), values=v, size=size,
                                         weights=tf.zeros([0], tf.float32))

    got = count(tf.constant(values), tf.constant(4, tf.int64)).numpy()
    want = np.zeros((2, 4), np.float32)
    for row in range(2):
        for k in range(splits[row], splits[row + 1]):
            if values[k] < 4:
                want[row, values[k]] += 1.0
    np.testing.assert_array_equal(got, want)


class _Aliased(tf.Module):
    @tf.function
    def f(self, x):
        return x * 2


def test_function_aliases_load_as_the_restored_functions(tmp_path):
    m = _Aliased()
    one = m.f.get_concrete_function(tf.TensorSpec([], tf.float32))
    m.f.get_concrete_function(tf.TensorSpec([], tf.int32))
    m.g = tf.function(lambda x: x + 1, input_signature=[tf.TensorSpec([], tf.float32)])
    options = tf.saved_model.SaveOptions(function_aliases={"whole": m.g, "part": one})
    tf.saved_model.save(m, str(tmp_path), options=options)
    assert not hasattr(tf.saved_model.load(str(tmp_path)), "function_aliases")
    loaded = tf.saved_model.load(str(tmp_path), options=tf.saved_model.LoadOptions(
        experimental_load_function_aliases=True))
    aliases = loaded.function_aliases
    # all of a function's traces aliased: the restored function itself; some: a list of
    # the aliased concrete functions
    assert aliases["whole"] is loaded.g
    assert aliases["whole"](tf.constant(1.5)).numpy() == 2.5
    (cf,) = aliases["part"]
    assert cf(tf.constant(3.0)).numpy() == 6.0
