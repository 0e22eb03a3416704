"""tf.gather's batch_dims and a zero slice step as TF 2.21 takes them (facts recorded from
TF 2.21 in tests/guides/guide_tensor_slicing.out): along axis 0 the public gather gathers
rows and leaves batch_dims unused; GatherV2 takes batch_dims in [-rank(indices),
rank(indices)] and refuses one past the axis; a zero step is named by the input dimension
it would step, after the ellipsis is expanded."""

from __future__ import annotations

import numpy as np
import pytest

import eagerflow as tf

PARAMS = np.arange(24, dtype=np.int32).reshape(2, 3, 4)


def _take_rows(params: np.ndarray, indices: np.ndarray) -> np.ndarray:
    return np.stack([params[i] for i in indices.reshape(-1)]).reshape(
        indices.shape + params.shape[1:])


@pytest.mark.parametrize("batch_dims", [1, 2, 5, -1])
def test_gather_along_axis_0_leaves_batch_dims_unused(batch_dims):
    idx = np.array([[0], [1]], np.int32)
    for axis in (0, tf.constant(0)):
        got = tf.gather(tf.constant(PARAMS), idx, axis=axis, batch_dims=batch_dims)
        np.testing.assert_array_equal(got.numpy(), _take_rows(PARAMS, idx))
    got = tf.gather(tf.Variable(PARAMS), idx, axis=0, batch_dims=batch_dims)
    np.testing.assert_array_equal(got.numpy(), _take_rows(PARAMS, idx))


def _message(fn) -> str:
    with pytest.raises(tf.errors.InvalidArgumentError) as e:
        fn()
    return str(e.value).split("}} ", 1)[-1]


@pytest.mark.parametrize("kw,want", [
    (dict(indices=[[0], [1]], axis=0, batch_dims=1),
     "batch_dims (1) must be less than or equal to axis (0). [Op:GatherV2]"),
    (dict(indices=[[0, 1]], axis=0, batch_dims=-1),
     "batch_dims (1) must be less than or equal to axis (0). [Op:GatherV2]"),
    (dict(indices=[[0]], axis=1, batch_dims=3),
     "Expected batch_dims in the range [-2, 2], but got 3 [Op:GatherV2]"),
    (dict(indices=[[0]], axis=1, batch_dims=-3),
     "Expected batch_dims in the range [-2, 2], but got -3 [Op:GatherV2]"),
    (dict(indices=[[0]], axis=5, batch_dims=3),
     "Shape must be at least rank 6 but is rank 3 [Op:GatherV2]"),
    (dict(indices=[[0]], axis=1, batch_dims=-1),
     "params.shape[0]: 2 should be equal to indices.shape[0]: 1 [Op:GatherV2]"),
])
def test_gatherv2_refuses_batch_dims_as_tf(kw, want):
    assert _message(lambda: tf.raw_ops.GatherV2(params=PARAMS, **kw)) == want


def test_negative_batch_dims_count_from_the_back_of_the_indices():
    idx = np.array([[0], [2]], np.int32)
    got = tf.raw_ops.GatherV2(params=PARAMS, indices=[[[0]], [[1]]], axis=1, batch_dims=-2)
    assert got.shape == (2, 1, 1, 4)
    got = tf.gather(PARAMS, idx, axis=2, batch_dims=-1)
    want = np.stack([PARAMS[b][:, idx[b]] for b in range(2)])
    np.testing.assert_array_equal(got.numpy(), want)
    assert "range [-1, 1], but got 2" in _message(
        lambda: tf.gather(PARAMS, [0, 1], axis=2, batch_dims=2))


@pytest.mark.parametrize("key,dim", [
    ((slice(None, None, 0),), 0), ((1, slice(2, 3, 0)), 1), ((Ellipsis, slice(None, None, 0)), 2),
    ((None, slice(None, None, 0)), 0), ((slice(None, None, 0), 7), 0)])
def test_a_zero_step_names_the_dimension_it_steps(key, dim):
    x = tf.reshape(tf.range(60), [3, 4, 5])
    text = str(pytest.raises(tf.errors.InvalidArgumentError, x.__getitem__, key).value)
    assert text.startswith("{{function_node __wrapped__StridedSlice_device_")
    assert text.endswith(f"}} strides[{dim}] must be non-zero [Op:StridedSlice] "
                         "name: strided_slice/")


def test_two_ellipses_are_refused_before_a_zero_step():
    x = tf.reshape(tf.range(60), [3, 4, 5])
    with pytest.raises(tf.errors.InvalidArgumentError, match="Multiple ellipses"):
        x[..., ::0, ...]
