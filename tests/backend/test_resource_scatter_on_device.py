"""The ResourceScatter and ResourceScatterNd updates TF's GPU kernels make unchecked (Add,
Sub, Min, Max, Update; scatter_functor_gpu.cu.h, scatter_nd_op_gpu.cu.cc) run on a device
as those kernels do, reading nothing back: an index out of range is skipped, a repeated
row's Min and Max fold as CUDA's fmax/fmin (a NaN loses to a number). Which of a
repeated row's Updates lands TF's GPU kernel leaves open; eagerflow's lands the last, as
the CPU (nd_indexing.last_updates), whatever order the device's stores take: here they
land the first (the stand-in's scatter). Checked on the strict stand-in GPU against the CPU's
kernels where indices are distinct and in range, and against plain loops of the GPU
kernels' rules elsewhere."""

import re

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import eagerflow as tf
from eagerflow._src.backend import strict, strict_streams
from eagerflow._src.core import device
from eagerflow._src.ops.resource_scatter import scatter

GPU0 = "/job:localhost/replica:0/task:0/device:GPU:0"
ROWS = ("ResourceScatterAdd", "ResourceScatterSub", "ResourceScatterMin",
        "ResourceScatterMax", "ResourceScatterUpdate")
SLICES = ("ResourceScatterNdAdd", "ResourceScatterNdSub", "ResourceScatterNdMin",
          "ResourceScatterNdMax", "ResourceScatterNdUpdate")


pytestmark = pytest.mark.usefixtures("standin_gpu")  # (conftest.py)


def _kind(op):
    return op.replace("ResourceScatter", "").replace("Nd", "")


def _on_device(op, start, indices, updates):
    """`start` as a variable on GPU:0 after `op`: its values, and the copies to the host."""
    v = tf.Variable(start)
    ids, upd = tf.constant(indices), tf.constant(updates)
    with strict_streams.count_transfers() as n:
        scatter(op, v, ids, upd)
    assert v.device == GPU0 and isinstance(v._arr, strict.StrictArray), op
    return v.numpy(), n["to_host"]


def _on_host(op, start, indices, updates):
    with tf.device("CPU:0"):
        v = tf.Variable(start)
        scatter(op, v, tf.constant(indices), tf.constant(updates))
        return v.numpy()


def _gpu_rule(op, start, vectors, slices):
    """A plain loop of TF's GPU kernel of `op`: each index vector (a row of `vectors`) in
    range takes its slice (Add, Sub, CUDA's fmax/fmin; Update: the last lands, as on the
    CPU), one out of range is skipped."""
    out = start.copy()
    for vec, s in zip(vectors.tolist(), slices):
        if not all(0 <= i < d for i, d in zip(vec, start.shape)):
            continue
        at = tuple(vec)
        kind = _kind(op)
        if kind == "Add":
            out[at] = out[at] + s
        elif kind == "Sub":
            out[at] = out[at] - s
        elif kind == "Max":
            out[at] = np.fmax(out[at], s)
        elif kind == "Min":
            out[at] = np.fmin(out[at], s)
        else:
            out[at] = s
    return out


def _check(op, got, start, vectors, slices):
    np.testing.assert_array_equal(got, _gpu_rule(op, start, vectors, slices), err_msg=op)


@pytest.mark.parametrize("op", ROWS + SLICES)
@pytest.mark.parametrize("dtype", ["float32", "float64"])
def test_distinct_indices_in_range_give_the_cpus_values_reading_nothing(op, dtype):
    start = np.linspace(-2.0, 3.5, 12).reshape(4, 3).astype(dtype)
    updates = np.array([[0.5, -1.0, 2.0], [1.5, 0.25, -3.0]], dtype)
    indices = np.array([[2], [0]], np.int32) if op in SLICES else np.array([2, 0], np.int32)
    got, reads = _on_device(op, start, indices, updates)
    assert reads == 0, op
    np.testing.assert_array_equal(got, _on_host(op, start, indices, updates), err_msg=op)


@pytest.mark.parametrize("op", ROWS + SLICES)
@pytest.mark.parametrize("bad", [4, 9, -1])
def test_an_index_out_of_range_is_skipped(op, bad):
    """TF's CPU kernels refuse such an index; its GPU kernels skip it, nothing raised."""
    start = np.arange(12.0, dtype=np.float32).reshape(4, 3)
    updates = np.array([[1.0, 2.0, 3.0], [-5.0, -5.0, -5.0], [0.5, 9.0, -1.0]], np.float32)
    flat = np.array([1, bad, 3], np.int64)
    indices = flat[:, None] if op in SLICES else flat
    got, reads = _on_device(op, start, indices, updates)
    assert reads == 0, op
    want = start.copy()  # (rows 1 and 3 take their update by the op's rule, row `bad` none)
    for row, u in ((1, updates[0]), (3, updates[2])):
        want[row] = {"Add": start[row] + u, "Sub": start[row] - u, "Max": np.maximum(
            start[row], u), "Min": np.minimum(start[row], u), "Update": u}[_kind(op)]
    np.testing.assert_array_equal(got, want, err_msg=op)


@pytest.mark.parametrize("op", ["ResourceScatterMax", "ResourceScatterMin",
                                "ResourceScatterNdMax", "ResourceScatterNdMin"])
@pytest.mark.parametrize("dtype", ["float32", "float64"])
def test_min_and_max_fold_repeated_rows_with_nans_as_the_gpus_atomics(op, dtype):
    """CUDA's fmax/fmin in TF's atomic CAS loops: a NaN, in the variable or an update,
    loses to any number; a cell is NaN only where it and all its updates are."""
    nan = np.nan
    start = np.array([[nan, 1.0, nan], [2.0, nan, 4.0]], dtype)
    updates = np.array([[3.0, nan, nan], [nan, 5.0, -7.0], [-1.0, nan, nan],
                        [nan, nan, 8.0]], dtype)
    flat = np.array([0, 0, 1, 1], np.int32)
    indices = flat[:, None] if op.startswith("ResourceScatterNd") else flat
    got, reads = _on_device(op, start, indices, updates)
    assert reads == 0, op
    _check(op, got, start, flat[:, None], updates)
    # (a NaN cell takes a number; NaN updates leave a number; all NaN stays NaN)
    assert got[0, 0] == 3 and got[0, 2] == -7 and got[1, 0] == (2 if op.endswith("Max")
                                                                  else -1)
    assert np.isnan(got[1, 1])


def test_a_repeated_row_of_an_update_holds_its_last_update_as_on_the_cpu():
    start = np.zeros((3, 4), np.float32)
    updates = np.arange(20, dtype=np.float32).reshape(5, 4)
    flat = np.array([1, 1, 2, 1, 2], np.int32)
    for op, indices in (("ResourceScatterUpdate", flat),
                        ("ResourceScatterNdUpdate", flat[:, None])):
        got, reads = _on_device(op, start, indices, updates)
        assert reads == 0
        np.testing.assert_array_equal(got, _on_host(op, start, indices, updates))
        np.testing.assert_array_equal(got[1:], updates[[3, 4]])


def test_a_repeated_cell_of_a_slice_update_and_a_tensor_scatter_update_hold_the_last():
    """Index vectors of two coordinates, and a scalar update broadcast: the registry's
    sample that a real GPU (H200) answered with the first update."""
    start = np.linspace(-2.0, 3.5, 12).reshape(4, 3)
    indices = np.array([[2, 1], [0, 0], [2, 1]], np.int32)
    updates = np.array([0.5, -1.5, 2.0])
    got, reads = _on_device("ResourceScatterNdUpdate", start, indices, updates)
    assert reads == 0 and got[2, 1] == 2.0
    np.testing.assert_array_equal(got, _on_host("ResourceScatterNdUpdate", start, indices,
                                                updates))
    t = tf.tensor_scatter_nd_update(tf.constant(start), indices, updates)
    assert t.device == GPU0 and t.numpy()[2, 1] == 2.0 and t.numpy()[0, 0] == -1.5


@st.composite
def _cases(draw, ops):
    """(op, dtype, start, index vectors, slices): a variable of 1 to 3 dimensions, index
    vectors of 1 to its rank coordinates (ResourceScatter: 1), repeated and out of range
    (negative ones too); small integers as values, so sums are exact in any order, and
    NaNs among a float's."""
    op = draw(st.sampled_from(ops))
    dtype = draw(st.sampled_from(["float32", "float64", "int32", "int64"]
                                 if op in SLICES else ["float32", "float64"]))
    shape = tuple(draw(st.lists(st.integers(1, 4), min_size=1, max_size=3)))
    k = draw(st.integers(1, len(shape))) if op in SLICES else 1
    n = draw(st.integers(0, 8))
    coords = st.lists(st.integers(-2, 5), min_size=k, max_size=k)
    vectors = np.array(draw(st.lists(coords, min_size=n, max_size=n)), np.int64).reshape(n, k)
    values = st.integers(-9, 9)
    start = np.array(draw(st.lists(values, min_size=int(np.prod(shape)),
                                   max_size=int(np.prod(shape)))), dtype).reshape(shape)
    slices = np.array(draw(st.lists(values, min_size=n * int(np.prod(shape[k:])),
                                    max_size=n * int(np.prod(shape[k:])))),
                      dtype).reshape((n,) + shape[k:])
    if dtype.startswith("float") and draw(st.booleans()):
        start.reshape(-1)[::3] = np.nan
        slices.reshape(-1)[1::4] = np.nan
    return op, dtype, start, vectors, slices


@given(_cases(ROWS + SLICES), st.sampled_from(["int32", "int64"]))
@settings(max_examples=60, deadline=None)
def test_any_update_on_the_device_follows_the_gpu_kernels_rule(case, index_dtype):
    op, _dtype, start, vectors, slices = case
    indices = vectors if op in SLICES else vectors[:, 0]
    with device.standin_gpus(1):
        got, reads = _on_device(op, start, indices.astype(index_dtype), slices)
    assert reads == 0, op
    _check(op, got, start, vectors, slices)


@pytest.mark.parametrize("op", ["ResourceScatterMax", "ResourceScatterUpdate"])
def test_an_integer_variables_row_update_keeps_its_ordered_path(op):
    """TF 2.21 runs an integer variable's ResourceScatter update on the host (DoScatter's
    DoScatterOnCpu: its atomics take few integer types): in order, indices read back."""
    start = np.array([[1, 2], [3, 4]], np.int64)
    updates = np.array([[5, 0], [7, 9], [-1, 8]], np.int64)
    indices = np.array([1, 0, 1], np.int32)
    got, reads = _on_device(op, start, indices, updates)
    assert reads == 1
    np.testing.assert_array_equal(got, _on_host(op, start, indices, updates))


def test_under_op_determinism_updates_keep_their_ordered_path():
    """Under op determinism TF runs every scatter on the host (DoScatterOnCpu,
    DoScatterNdOnCpu): a repeated row's last update lands, as on the CPU."""
    start = np.zeros((2, 2), np.float32)
    updates = np.array([[1, 1], [2, 2], [3, 3]], np.float32)
    indices = np.array([[1], [1], [0]], np.int32)
    tf.config.experimental.enable_op_determinism()  # (tests/conftest.py restores it)
    got, reads = _on_device("ResourceScatterNdUpdate", start, indices, updates)
    assert reads == 1
    np.testing.assert_array_equal(got, [[3, 3], [2, 2]])


@pytest.mark.parametrize("op, start, indices, updates, determinism", [
    ("ResourceScatterAdd", np.arange(8, dtype=np.int64).reshape(4, 2),
     np.array([1, 9], np.int32), np.ones((2, 2), np.int64), False),
    ("ResourceScatterUpdate", np.arange(8, dtype=np.int64).reshape(4, 2),
     np.array([1, -1], np.int32), np.ones((2, 2), np.int64), False),
    ("ResourceScatterMul", np.ones((4, 2), np.float32), np.array([0, 4], np.int32),
     np.full((2, 2), 3.0, np.float32), True),
    ("ResourceScatterNdAdd", np.zeros((4, 2), np.float32), np.array([[1, 0], [4, 1]]),
     np.ones(2, np.float32), True)])
def test_where_tf_runs_it_on_its_cpu_kernel_an_index_out_of_range_is_refused(
        op, start, indices, updates, determinism):
    """TF's DoScatter runs an integer variable's ResourceScatter update, and every scatter
    under op determinism, on its CPU kernel (DoScatterOnCpu, DoScatterNdOnCpu): an index
    out of range is refused there, and nothing is copied back to the variable."""
    if determinism:
        tf.config.experimental.enable_op_determinism()  # (tests/conftest.py restores it)
    v = tf.Variable(start)
    with pytest.raises(tf.errors.InvalidArgumentError, match=r"is not in \[0, 4\)|"
                       r"does not index into"):
        scatter(op, v, tf.constant(indices), tf.constant(updates))
    assert v.device == GPU0
    np.testing.assert_array_equal(v.numpy(), start)


@pytest.mark.parametrize("op", SLICES)
@pytest.mark.parametrize("dtype", [np.float32, np.int64])
def test_a_slice_scatters_bad_indices_policy_on_the_device(op, dtype):
    """ResourceScatterNd's `bad_indices_policy` on a device: IGNORE skips an index vector
    out of range (an integer variable too, which TF updates on its CPU kernel), ERROR
    refuses it where TF's GPU kernel would skip it (the variable unchanged), and an
    unknown policy is refused by the kernel's constructor, before anything runs."""
    start = np.arange(8, dtype=dtype).reshape(4, 2)
    indices = tf.constant(np.array([[1, 0], [4, 1], [2, 1]], np.int32))
    updates = tf.constant(np.array([5, 6, 7], dtype))
    fn = getattr(tf.raw_ops, op)
    v = tf.Variable(start)
    with strict_streams.count_transfers() as n:
        fn(ref=v.handle, indices=indices, updates=updates, bad_indices_policy="IGNORE")
    assert v.device == GPU0
    want = _on_host(op, start, np.array([[1, 0], [2, 1]], np.int32),
                    np.array([5, 7], dtype))
    np.testing.assert_array_equal(v.numpy(), want)
    if dtype == np.float32:
        assert n["to_host"] == 0  # (the skipping kernel reads nothing back)
    for policy, words in (("ERROR", "indices[1] = [4, 1] does not index into shape [4,2]"),
                          ("bad", "Unknown bad indices handling attribute: bad")):
        with pytest.raises(tf.errors.InvalidArgumentError, match=re.escape(words)):
            fn(ref=v.handle, indices=indices, updates=updates, bad_indices_policy=policy)
        np.testing.assert_array_equal(v.numpy(), want)


@pytest.mark.parametrize("fn, fold", [(tf.tensor_scatter_nd_max, np.fmax),
                                      (tf.tensor_scatter_nd_min, np.fmin)])
def test_tensor_scatter_max_and_min_fold_as_tfs_gpu_atomics(fn, fold):
    """TensorScatterMax/Min on a GPU are GpuAtomicMax/Min: CUDA's fmax/fmin, so a NaN in
    the tensor or an update loses to a number (the CPU's rule keeps the tensor's NaN)."""
    start = np.array([np.nan, 1.0, 5.0, np.nan], np.float32)
    indices = np.array([[0], [1], [2], [2], [3]], np.int32)
    updates = np.array([2.0, np.nan, 7.0, 3.0, np.nan], np.float32)
    with strict_streams.count_transfers() as n:
        got = fn(tf.constant(start), tf.constant(indices), tf.constant(updates))
    assert n["to_host"] == 0 and got.device == GPU0
    want = start.copy()
    for (i,), u in zip(indices.tolist(), updates):
        want[i] = fold(want[i], u)
    np.testing.assert_array_equal(got.numpy(), want)
