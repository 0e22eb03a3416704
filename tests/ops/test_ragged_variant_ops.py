"""RaggedTensorToVariant, RaggedTensorFromVariant, RaggedTensorToVariantGradient and the
CompositeTensorVariant ops as TF 2.21 runs them eagerly (texts, messages and values recorded
from TF), their gradients, and a SavedModel of TF's tf.map_fn and tf.data pipelines over
ragged tensors (saved_model/golden/make_ragged_map_fn.py recorded it) imported and run."""

import json
import os
import subprocess
from pathlib import Path

import numpy as np
import pytest

import eagerflow as tf
from tests.golden_io import decode_array
from tests.tf_reference import TF_ENV, TF_PYTHON

R = tf.raw_ops
GOLDEN = Path(__file__).resolve().parents[1] / "saved_model" / "golden"


def _rt():
    return tf.ragged.constant([[1.0, 2.0], [], [3.0]])


def test_texts_as_tf():
    rt = _rt()
    v = R.RaggedTensorToVariant(rt_nested_splits=[rt.row_splits], rt_dense_values=rt.values,
                                batched_input=False)
    assert repr(v) == ("<tf.Tensor: shape=(), dtype=variant, value=<RaggedTensorVariant("
                       "dtype=float, ragged_rank=1, splits_dtype=int64>>")
    v = R.RaggedTensorToVariant(rt_nested_splits=[rt.row_splits], rt_dense_values=rt.values,
                                batched_input=True)
    row = "<RaggedTensorVariant(dtype=float, ragged_rank=0, splits_dtype=INVALID>"
    assert repr(v) == f"<tf.Tensor: shape=(3,), dtype=variant, value=[{row} {row} {row}]>"
    v = R.RaggedTensorToVariant(rt_nested_splits=[tf.constant([0, 1])],
                                rt_dense_values=tf.constant([1.0], tf.float64),
                                batched_input=False)
    assert "dtype=double, ragged_rank=1, splits_dtype=int32>" in repr(v)
    v = R.RaggedTensorToVariant(rt_nested_splits=[], rt_dense_values=[1, 2, 3],
                                batched_input=True)
    assert v.shape == (3,) and "dtype=int32, ragged_rank=0" in repr(v)


def test_round_trips_as_tf():
    rt3 = tf.ragged.constant([[[1, 2], [3]], [], [[4]]])
    v = R.RaggedTensorToVariant(rt_nested_splits=rt3.nested_row_splits,
                                rt_dense_values=rt3.flat_values, batched_input=True)
    assert "ragged_rank=1, splits_dtype=int64" in repr(v)
    splits, values = R.RaggedTensorFromVariant(
        encoded_ragged=tf.reshape(tf.stack([v, v]), [2, 3]), input_ragged_rank=1,
        output_ragged_rank=3, Tvalues=tf.int32, Tsplits=tf.int64)
    assert [s.numpy().tolist() for s in splits] == [[0, 3, 6], [0, 2, 2, 3, 5, 5, 6],
                                                    [0, 2, 3, 4, 6, 7, 8]]
    assert values.numpy().tolist() == [1, 2, 3, 4, 1, 2, 3, 4]
    # the encoded splits' dtype is cast to Tsplits; -1 infers the input ragged rank
    splits, values = R.RaggedTensorFromVariant(
        encoded_ragged=v, input_ragged_rank=-1, output_ragged_rank=2, Tvalues=tf.int32,
        Tsplits=tf.int32)
    assert splits[0].dtype == tf.int32 and splits[1].numpy().tolist() == [0, 2, 3, 4]
    splits, values = R.RaggedTensorFromVariant(
        encoded_ragged=v[:0], input_ragged_rank=1, output_ragged_rank=2, Tvalues=tf.int32)
    assert [s.numpy().tolist() for s in splits] == [[0], [0]] and values.shape == (0,)


@pytest.mark.parametrize("call, message", [
    (lambda: R.RaggedTensorToVariant(rt_nested_splits=[tf.constant([0, 2, 1, 3], tf.int64)],
                                     rt_dense_values=[1.0, 2.0, 3.0], batched_input=True),
     "Invalid ragged splits: ragged splits must be monotonically increasing, but "
     "ragged_splits[2]=1 is smaller than row_splits[1]=2 [Op:RaggedTensorToVariant]"),
    (lambda: R.RaggedTensorToVariant(rt_nested_splits=[tf.constant([[0, 3]], tf.int64)],
                                     rt_dense_values=[1.0, 2.0, 3.0], batched_input=True),
     "Invalid ragged splits: ragged splits must be rank 1 but is rank 2"),
    (lambda: R.RaggedTensorToVariant(rt_nested_splits=[tf.constant([0, 1], tf.int64),
                                                       tf.constant([0, 1])],
                                     rt_dense_values=[1.0], batched_input=False),
     "cannot compute RaggedTensorToVariant as input #1(zero-based) was expected to be a "
     "int64 tensor but is a int32 tensor"),
    (lambda: R.RaggedTensorFromVariant(encoded_ragged=tf.constant(1.0), input_ragged_rank=1,
                                       output_ragged_rank=1, Tvalues=tf.float32),
     "cannot compute RaggedTensorFromVariant as input #0(zero-based) was expected to be a "
     "variant tensor but is a float tensor"),
])
def test_errors_as_tf(call, message):
    with pytest.raises(tf.errors.InvalidArgumentError) as e:
        call()
    assert message in str(e.value)


def test_from_variant_refuses_mismatched_rows_as_tf():
    def enc(x):
        return R.RaggedTensorToVariant(rt_nested_splits=[], rt_dense_values=tf.constant(x),
                                       batched_input=False)
    with pytest.raises(tf.errors.InvalidArgumentError, match="Rank of values must match for "
                       r"all components; values shape at index 0: \[1,1\], values shape at "
                       r"index 1: \[1\]"):
        R.RaggedTensorFromVariant(encoded_ragged=tf.stack([enc([[1.0]]), enc([1.0])]),
                                  input_ragged_rank=0, output_ragged_rank=1,
                                  Tvalues=tf.float32)
    # (TF names each shape past its outer dimension: [1, 1] and [1, 2] are [1] and [2])
    with pytest.raises(tf.errors.InvalidArgumentError, match=r"All flat_values must have "
                       r"compatible shapes.  Shape at index 0: \[1\].  Shape at index 1: "
                       r"\[2\].  If you are using tf.map_fn"):
        R.RaggedTensorFromVariant(encoded_ragged=tf.stack([enc([[1.0]]), enc([[1.0, 2.0]])]),
                                  input_ragged_rank=0, output_ragged_rank=1,
                                  Tvalues=tf.float32)


@pytest.mark.parametrize("batched", [False, True])
def test_gradient_through_the_encoding_as_tf(batched):
    x = tf.constant([1.0, 2.0, 3.0])
    splits = tf.constant([0, 2, 2, 3], tf.int64)
    with tf.GradientTape() as t:
        t.watch(x)
        v = R.RaggedTensorToVariant(rt_nested_splits=[splits], rt_dense_values=x,
                                    batched_input=batched)
        out = R.RaggedTensorFromVariant(encoded_ragged=v, input_ragged_rank=0 if batched else 1,
                                        output_ragged_rank=1, Tvalues=tf.float32)
        y = tf.reduce_sum(out[1] * tf.constant([1.0, 2.0, 3.0]))
    np.testing.assert_array_equal(t.gradient(y, x).numpy(), [1.0, 2.0, 3.0])


def test_gradient_graph_names_tf_ops():
    @tf.function
    def f(x):
        with tf.GradientTape() as t:
            t.watch(x)
            v = R.RaggedTensorToVariant(rt_nested_splits=[tf.constant([0, 2, 2, 3], tf.int64)],
                                        rt_dense_values=x, batched_input=True)
            out = R.RaggedTensorFromVariant(encoded_ragged=v, input_ragged_rank=0,
                                            output_ragged_rank=1, Tvalues=tf.float32)
            y = tf.reduce_sum(out[1] * out[1])
        return t.gradient(y, x)

    x = tf.constant([1.0, 2.0, 3.0])
    types = [op.type for op in f.get_concrete_function(x).graph.get_operations()]
    # (TF's gradient of FromVariant encodes the values' gradient again, batched; that of
    # ToVariant reads it back)
    assert types.count("RaggedTensorToVariant") == 2
    assert "RaggedTensorToVariantGradient" in types
    np.testing.assert_array_equal(f(x).numpy(), [2.0, 4.0, 6.0])


def _value(d):
    values = tf.constant(decode_array(d["values"]))
    if "splits" not in d:
        return values
    return tf.RaggedTensor.from_nested_row_splits(values, [decode_array(s)
                                                           for s in d["splits"]])


def _same(got, want):
    if isinstance(want, tf.RaggedTensor):
        assert isinstance(got, tf.RaggedTensor)
        for g, w in zip(got.nested_row_splits, want.nested_row_splits):
            np.testing.assert_array_equal(g.numpy(), w.numpy())
        got, want = got.flat_values, want.flat_values
    assert got.dtype == want.dtype
    np.testing.assert_array_equal(got.numpy(), want.numpy())


@pytest.mark.parametrize("name, arg", [("double", "x1"), ("row_sums", "x1"),
                                       ("nested", "x2"), ("ds_sum", "x1"),
                                       ("ds_batched", "x1")])
def test_saved_map_fn_over_ragged_runs_as_tf(name, arg):
    golden = json.loads((GOLDEN / "ragged_map_fn.json").read_text())
    m = tf.saved_model.load(str(GOLDEN / "ragged_map_fn"))
    _same(getattr(m, name)(_value(golden[arg])), _value(golden[name]))


# TF's metadata of a RaggedTensorSpec([3, None], float32, 1, int64), and of a SparseTensorSpec
# (composite_tensor_ops.composite_tensor_to_variants' node attr)
_RAGGED_META = (b"\n?\x08\x03\x12'\xa2\x03$\n\x14\xfa\x01\x11\x12\x02\x08\x03\x12\x0b\x08"
                b"\xff\xff\xff\xff\xff\xff\xff\xff\xff\x01\n\x03\x80\x02\x01\n\x02`\x02\n\x03"
                b"\x80\x02\t\x1a\x10RaggedTensorSpec \x02")
_FC = R.CompositeTensorVariantFromComponents
_TC = R.CompositeTensorVariantToComponents


def test_composite_variant_texts_as_tf():
    rt = _rt()
    v = _FC(components=[rt.values, rt.row_splits], metadata=_RAGGED_META)
    item = ("<<CompositeTensorVariant type=RAGGED_TENSOR_SPEC, components=[Tensor<type: float "
            "shape: [3] values: 1 2 3>, Tensor<type: int64 shape: [4] values: 0 2 2...>]>>")
    assert repr(v) == f"<tf.Tensor: shape=(), dtype=variant, value={item}>"
    assert repr(tf.stack([v, v])) == \
        f"<tf.Tensor: shape=(2,), dtype=variant, value=[{item} {item}]>"
    # (metadata that can't be read names no class; the components are not checked)
    v = _FC(components=[tf.constant(["a", "b"]), tf.constant([[0, 0], [1, 1]], tf.int64)],
            metadata=b"xx")
    assert repr(v).endswith("value=<<CompositeTensorVariant type=UNKNOWN, components=["
                            "Tensor<type: string shape: [2] values: a b>, Tensor<type: int64 "
                            "shape: [2,2] values: [0 0][1...]...>]>>>")
    assert "components=[]" in repr(_FC(components=[], metadata=_RAGGED_META))


def test_composite_variant_reads_back_as_tf():
    rt = _rt()
    v = _FC(components=[rt.values, rt.row_splits], metadata=_RAGGED_META)
    # (TF reads the first item of a variant of several)
    values, splits = _TC(encoded=tf.stack([v, v]), metadata=_RAGGED_META,
                         Tcomponents=[tf.float32, tf.int64])
    assert values.numpy().tolist() == [1.0, 2.0, 3.0] and splits.numpy().tolist() == [0, 2, 2, 3]
    with pytest.raises(tf.errors.InvalidArgumentError, match=r"Expected a UNKNOWN \(based on "
                       r"`type_spec`\), but `encoded` contains a RAGGED_TENSOR_SPEC"):
        _TC(encoded=v, metadata=b"", Tcomponents=[tf.float32, tf.int64])
    with pytest.raises(TypeError, match="Expected string for argument 'metadata' not 3"):
        _TC(encoded=v, metadata=3, Tcomponents=[tf.float32, tf.int64])


def test_composite_variant_gradient_as_tf():
    @tf.function
    def f(x):
        with tf.GradientTape() as t:
            t.watch(x)
            v = _FC(components=[x, tf.constant([0, 2, 2, 3], tf.int64)], metadata=_RAGGED_META)
            out = _TC(encoded=v, metadata=_RAGGED_META, Tcomponents=[tf.float32, tf.int64])
            y = tf.reduce_sum(out[0] * out[0])
        return t.gradient(y, x)

    x = tf.constant([1.0, 2.0, 3.0])
    types = [op.type for op in f.get_concrete_function(x).graph.get_operations()
             if op.type.startswith("Composite")]
    assert types == ["CompositeTensorVariantFromComponents",
                     "CompositeTensorVariantToComponents"] * 2
    np.testing.assert_array_equal(f(x).numpy(), [2.0, 4.0, 6.0])


def test_traced_map_fn_over_unknown_ragged_rows_names_tf_ops():
    golden = json.loads((GOLDEN / "ragged_map_fn.json").read_text())

    @tf.function(input_signature=[tf.RaggedTensorSpec([None, None, None], tf.int32, 2,
                                                      tf.int64)])
    def nested(rt):
        return tf.map_fn(lambda r: r + 1, rt, fn_output_signature=tf.RaggedTensorSpec(
            [None, None], tf.int32, 1, tf.int64))

    types = {op.type for op in nested.get_concrete_function().graph.get_operations()}
    assert {"RaggedTensorToVariant", "RaggedTensorFromVariant"} <= types
    _same(nested(_value(golden["x2"])), _value(golden["nested"]))

    @tf.function(input_signature=[tf.RaggedTensorSpec([None, None], tf.float32, 1, tf.int64)])
    def row_sums(rt):
        return tf.map_fn(tf.reduce_sum, rt, fn_output_signature=tf.float32)

    _same(row_sums(_value(golden["x1"])), _value(golden["row_sums"]))


def test_gradient_through_traced_ragged_map_fn_as_tf():
    @tf.function(input_signature=[tf.TensorSpec([None]), tf.TensorSpec([None], tf.int64)])
    def g(vals, splits):
        with tf.GradientTape() as t:
            t.watch(vals)
            rt = tf.RaggedTensor.from_row_splits(vals, splits)
            out = tf.map_fn(lambda r: r * r, rt, fn_output_signature=tf.RaggedTensorSpec(
                [None], tf.float32, 0, tf.int64))
            y = tf.reduce_sum(out.flat_values * tf.range(1.0, 6.0))
        return t.gradient(y, vals)

    got = g(tf.constant([1.0, 2.0, 3.0, -4.0, 0.5]), tf.constant([0, 2, 2, 5], tf.int64))
    np.testing.assert_array_equal(got.numpy(), [2.0, 8.0, 18.0, -32.0, 5.0])  # (TF's)


_TF_RUNS = """
import json, sys
import tensorflow as tf
m = tf.saved_model.load(sys.argv[1])
rt = m.double(tf.ragged.constant([[1.0, 2.0], [], [3.0]], row_splits_dtype=tf.int64))
(splits, values), (comp,) = m.raw(tf.constant([1.0, 2.0, 3.0]),
                                  tf.constant([0, 2, 2, 3], tf.int64))
print(json.dumps([rt.row_splits.numpy().tolist(), rt.values.numpy().tolist(),
                  splits[0].numpy().tolist(), str(splits[0].dtype.name),
                  comp.numpy().tolist()]))
"""


@pytest.mark.skipif(not os.path.exists(TF_PYTHON), reason="needs TensorFlow's interpreter")
def test_tf_runs_the_encodings_eagerflow_saves(tmp_path):
    spec = tf.RaggedTensorSpec([None, None], tf.float32, 1, tf.int64)

    class M(tf.Module):
        @tf.function(input_signature=[spec])
        def double(self, rt):
            return tf.map_fn(lambda r: r * 2.0 + 1.0, rt, fn_output_signature=tf.RaggedTensorSpec(
                [None], tf.float32, 0, tf.int64))

        @tf.function(input_signature=[tf.TensorSpec([None]), tf.TensorSpec([None], tf.int64)])
        def raw(self, v, s):
            e = R.RaggedTensorToVariant(rt_nested_splits=[s], rt_dense_values=v,
                                        batched_input=True)
            c = _FC(components=[v], metadata=b"")
            return (R.RaggedTensorFromVariant(encoded_ragged=e, input_ragged_rank=0,
                                              output_ragged_rank=1, Tvalues=tf.float32,
                                              Tsplits=tf.int32),
                    _TC(encoded=c, metadata=b"", Tcomponents=[tf.float32]))

    tf.saved_model.save(M(), str(tmp_path / "m"))
    proc = subprocess.run([TF_PYTHON, "-c", _TF_RUNS, str(tmp_path / "m")],
                          capture_output=True, text=True, env=TF_ENV, timeout=300)
    assert proc.returncode == 0, proc.stderr[-3000:]
    assert json.loads(proc.stdout.strip().splitlines()[-1]) == [
        [0, 2, 2, 3], [3.0, 5.0, 7.0], [0, 2, 2, 3], "int32", [1.0, 2.0, 3.0]]


def test_other_variants_as_tf():
    tl = R.EmptyTensorList(element_shape=tf.constant([], tf.int32), max_num_elements=1,
                           element_dtype=tf.float32)
    with pytest.raises(tf.errors.InvalidArgumentError, match=r"Input Variant element at index "
                       r"0 doesn't hold a RaggedTensorVariant: Variant<type: "
                       r"tensorflow::TensorList value: TensorList>"):
        R.RaggedTensorFromVariant(encoded_ragged=tl, input_ragged_rank=0, output_ragged_rank=0,
                                  Tvalues=tf.float32)
    # (a row whose gradient is no RaggedTensorVariant is a zero gradient)
    got = R.RaggedTensorToVariantGradient(encoded_ragged_grad=tf.stack([tl]),
                                          row_splits=tf.constant([0, 1], tf.int64),
                                          dense_values_shape=[1], Tvalues=tf.float32)
    assert got.numpy().tolist() == [0.0]
