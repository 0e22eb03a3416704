"""A variable's sliced assignment, `v[key].assign(value)` (TF's ResourceStridedSliceAssign),
and TensorStridedSliceUpdate under it: against TF 2.21's recorded results
(slice_assign_golden.json, by record_slice_assign_golden.py), NumPy's assignment for random
keys, inside tf.function, through gradients and SavedModels. The registry suites test the
op's kernel, shapes and finite-difference gradients from its samples."""

import json
import shutil
import subprocess
from pathlib import Path

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import eagerflow as tf
from tests.ops.slice_assign_cases import CASES
from tests.tf_reference import HAVE_TF_PYTHON, TF_ENV, TF_PYTHON

GOLDEN = json.loads(Path(__file__).with_name("slice_assign_golden.json").read_text())
TF_SAVED = Path(__file__).resolve().parents[1] / "saved_model" / "golden" / "tf_slice_assign"
needs_tf = pytest.mark.skipif(not HAVE_TF_PYTHON, reason="needs TensorFlow (EAGERFLOW_TF_PYTHON)")


def run_tf(code: str) -> str:
    proc = subprocess.run([TF_PYTHON, "-c", code], capture_output=True, text=True, env=TF_ENV,
                          timeout=300)
    assert proc.returncode == 0, proc.stderr[-3000:]
    return proc.stdout


@pytest.mark.parametrize("case,want", list(zip(CASES, GOLDEN["cases"])),
                         ids=[f"{c[2]}={c[3]!r}" for c in CASES])
def test_as_tf(case, want):
    start, dtype, key, value = case
    v = tf.Variable(start, dtype=getattr(tf, dtype))
    scope = {"v": v, "k": tf.constant(1)}
    if "error" in want:
        with pytest.raises(getattr(tf.errors, want["error"], None) or eval(want["error"])) as e:
            eval(key, scope).assign(value)
        # (normalized as the recorder normalizes TF's: no eager prefix, no " name: ...")
        assert str(e.value).split("}} ")[-1].split(" name: ")[0] == want["message"]
        np.testing.assert_array_equal(v.numpy(), start)  # nothing written
        return
    out = eval(key, scope).assign(value)
    got = v.numpy()
    if dtype == "string":
        got = got.astype(str)
    np.testing.assert_array_equal(got, want["value"])
    assert type(out).__name__ == want["returned"]
    np.testing.assert_array_equal(out.numpy(), v.numpy())


def test_returns_the_variable_unread():
    v = tf.Variable([[1.0, 2.0], [3.0, 4.0]])
    out = v[0].assign([5.0, 6.0], name="set_row")
    v.assign_add(tf.ones([2, 2]))
    np.testing.assert_array_equal(out.numpy(), [[6, 7], [4, 5]])  # read when used
    out.assign_add(tf.ones([2, 2]))
    np.testing.assert_array_equal(v.numpy(), [[7, 8], [5, 6]])


def test_only_variable_slices_take_assign():
    v = tf.Variable([1.0, 2.0, 3.0])
    assert hasattr(v[0], "assign")
    assert not hasattr(tf.constant([1.0])[0], "assign")
    assert not hasattr(v[0] + 1.0, "assign")
    assert not hasattr(v[tf.constant([True, False, True])], "assign")  # a mask's rows
    with pytest.raises(AttributeError, match="'EagerTensor' object has no attribute 'assign'"):
        tf.constant([1, 2])[0].assign(3)


def test_slice_still_reads_the_value_taken():
    v = tf.Variable([1.0, 2.0, 3.0])
    s = v[1:]
    v.assign([7.0, 8.0, 9.0])
    np.testing.assert_array_equal(s.numpy(), [2.0, 3.0])  # a tensor: the value when sliced
    s.assign([0.0, 0.0])  # ... whose assign writes the variable as it is now
    np.testing.assert_array_equal(v.numpy(), [7.0, 0.0, 0.0])


def _keys(shape):
    """Hypothesis keys for `shape`: an int or a slice (any step) per axis, then maybe a
    None inserted and the last axes' parts replaced by an Ellipsis."""
    def axis(d):
        bound = st.integers(-d - 2, d + 2) | st.none()
        return st.integers(-d, d - 1) | st.builds(
            slice, bound, bound, st.sampled_from([None, 1, 2, -1, -2, 3]))

    def shuffle(key, new_at, cut):
        key = key[:cut] + ((Ellipsis,) if cut < len(key) else ())
        return key if new_at is None else key[:new_at] + (None,) + key[new_at:]
    n = len(shape)
    return st.builds(shuffle, st.tuples(*[axis(d) for d in shape]),
                     st.none() | st.integers(0, n), st.integers(0, n))


@settings(max_examples=60, deadline=None)
@given(data=st.data(), shape=st.lists(st.integers(1, 4), min_size=1, max_size=3))
def test_against_numpy_assignment(data, shape):
    key = data.draw(_keys(shape))
    start = np.arange(np.prod(shape), dtype=np.float32).reshape(shape)
    target = start[key].shape
    scalar = data.draw(st.booleans())
    value = np.float32(-1.0) if scalar else -np.arange(np.prod(target), dtype=np.float32).reshape(
        target) - 1
    want = start.copy()
    want[key] = value
    v = tf.Variable(start)
    v[key].assign(value)
    np.testing.assert_array_equal(v.numpy(), want)
    traced = tf.Variable(start)

    @tf.function
    def assign():
        traced[key].assign(value)

    assign()
    np.testing.assert_array_equal(traced.numpy(), want)


def test_inside_tf_function_with_tensor_indices():
    v = tf.Variable(tf.zeros([3, 4]))

    @tf.function
    def fill(n):
        for i in tf.range(n):
            v[i, i:].assign(tf.cast(i + 1, tf.float32))
        return v[n - 1] + 0.0

    np.testing.assert_array_equal(fill(tf.constant(3)).numpy(), [0, 0, 3, 3])
    np.testing.assert_array_equal(v.numpy(), [[1, 1, 1, 1], [0, 2, 2, 2], [0, 0, 3, 3]])

    @tf.function
    def bad(x):
        return v[0].assign(x)

    with pytest.raises(tf.errors.InvalidArgumentError,
                       match=r"Cannot broadcast input shape \[2\] into final shape \[4\]"):
        bad(tf.constant([1.0, 2.0]))


def test_keras_variable_slices():
    kv = tf.keras.Variable([[1.0, 2.0], [3.0, 4.0]])
    kv[0].assign([5.0, 6.0])
    np.testing.assert_array_equal(kv.numpy(), [[5, 6], [3, 4]])


@pytest.mark.parametrize("g", GOLDEN["gradients"], ids=lambda g: str(g["attrs"]))
def test_gradients_as_tf(g):
    a = tf.constant([[1.0, 2.0, 3.0], [4.0, 5.0, 6.0]])
    b = tf.constant(g["value"])
    with tf.GradientTape(persistent=True) as t:
        t.watch([a, b])
        y = tf.raw_ops.TensorStridedSliceUpdate(input=a, value=b, **g["attrs"])
        z = tf.reduce_sum(y * tf.constant([[1.0, 2.0, 3.0], [4.0, 5.0, 6.0]]))
    np.testing.assert_array_equal(y.numpy(), g["y"])
    np.testing.assert_array_equal(t.gradient(z, a).numpy(), g["da"])
    np.testing.assert_array_equal(t.gradient(z, b).numpy(), g["db"])


def test_raw_op_errors():
    x = tf.zeros([2, 3])
    with pytest.raises(tf.errors.InvalidArgumentError,
                       match=r"Cannot broadcast input shape \[3,1\] into final shape \[2,3\] "
                             r"\[Op:TensorStridedSliceUpdate\]"):
        tf.raw_ops.TensorStridedSliceUpdate(input=x, begin=[0], end=[2], strides=[1],
                                            value=tf.ones([3, 1]))
    with pytest.raises(tf.errors.InvalidArgumentError,
                       match=r"strides\[0\] must be non-zero \[Op:TensorStridedSliceUpdate\]"):
        tf.raw_ops.TensorStridedSliceUpdate(input=x, begin=[0], end=[2], strides=[0], value=1.0)
    out = tf.raw_ops.TensorStridedSliceUpdate(input=x, begin=[0, 5], end=[2, 6], strides=[1, 1],
                                              value=tf.ones([5]))  # an empty slice: any value
    np.testing.assert_array_equal(out.numpy(), np.zeros([2, 3]))


class _Rows(tf.Module):
    def __init__(self):
        self.v = tf.Variable(tf.zeros([3, 2]))

    @tf.function(input_signature=[tf.TensorSpec([], tf.int32), tf.TensorSpec([2], tf.float32)])
    def set_row(self, i, x):
        self.v[i].assign(x)
        return self.v.read_value()


def test_saved_model_round_trip(tmp_path):
    tf.saved_model.save(_Rows(), str(tmp_path / "m"))
    m = tf.saved_model.load(str(tmp_path / "m"))
    out = m.set_row(tf.constant(2), tf.constant([5.0, 6.0]))
    np.testing.assert_array_equal(out.numpy(), [[0, 0], [0, 0], [5, 6]])


_TF_LOAD = """
import tensorflow as tf
m = tf.saved_model.load({path!r})
print(m.set_row(tf.constant(1), tf.constant([7.0, 8.0])).numpy().tolist())
"""


def test_tf_written_saved_model_runs_its_slice_assignment(tmp_path):
    # record_slice_assign_golden.py saved _Rows with TF: its function holds a
    # ResourceStridedSliceAssign
    shutil.copytree(TF_SAVED, tmp_path / "m")
    m = tf.saved_model.load(str(tmp_path / "m"))
    out = m.set_row(tf.constant(1), tf.constant([7.0, 8.0]))
    np.testing.assert_array_equal(out.numpy(), [[0, 0], [7, 8], [0, 0]])
    np.testing.assert_array_equal(m.v.numpy(), [[0, 0], [7, 8], [0, 0]])


@needs_tf
def test_tf_loads_ours(tmp_path):
    path = str(tmp_path / "ef")
    tf.saved_model.save(_Rows(), path)
    assert run_tf(_TF_LOAD.format(path=path)).strip() == "[[0.0, 0.0], [7.0, 8.0], [0.0, 0.0]]"
