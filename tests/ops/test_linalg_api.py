"""Public linear algebra: tensordot, einsum, norms, clipping, inv/det, diagonals, eye."""

import re

import numpy as np
import pytest
from hypothesis import given
from hypothesis import strategies as st

import eagerflow as tf

rng = np.random.default_rng(0)


def _r(*shape):
    return rng.normal(size=shape).astype(np.float32)


def test_tensordot_matches_numpy():
    a, b = _r(2, 3, 4), _r(4, 3, 5)
    np.testing.assert_allclose(tf.tensordot(a, b, [[1, 2], [1, 0]]).numpy(),
                               np.tensordot(a, b, [[1, 2], [1, 0]]), rtol=1e-5)
    c, d = _r(2, 3), _r(3, 4)
    np.testing.assert_allclose(tf.tensordot(c, d, 1).numpy(), c @ d, rtol=1e-5)
    assert tf.tensordot(tf.ones([2]), tf.ones([3]), 0).shape == (2, 3)
    with pytest.raises(tf.errors.InvalidArgumentError, match="Matrix size-incompatible"):
        tf.tensordot(tf.ones([2, 3]), tf.ones([4, 4]), 1)


@pytest.mark.parametrize("eq,shapes", [
    ("ij,jk->ik", [(2, 3), (3, 4)]), ("bij,bjk->bik", [(2, 2, 3), (2, 3, 1)]),
    ("ij->ji", [(2, 3)]), ("ij->", [(2, 3)]), ("i,j->ij", [(3,), (4,)]),
    ("...ij,...jk->...ik", [(5, 2, 3), (3, 4)]), ("ij,jk", [(2, 3), (3, 4)]),
    ("ii->i", [(3, 3)]), ("ii", [(3, 3)]),
])
def test_einsum_matches_numpy(eq, shapes):
    xs = [_r(*s) for s in shapes]
    np.testing.assert_allclose(tf.einsum(eq, *xs).numpy(), np.einsum(eq, *xs), rtol=1e-5,
                               atol=1e-6)


def test_einsum_gradient_and_errors():
    a, b = tf.constant(_r(2, 3)), tf.constant(_r(3, 4))
    with tf.GradientTape() as tape:
        tape.watch([a, b])
        y = tf.reduce_sum(tf.einsum("ij,jk->ik", a, b))
    ga, gb = tape.gradient(y, [a, b])
    np.testing.assert_allclose(ga.numpy(), np.ones((2, 4)) @ b.numpy().T, rtol=1e-5)
    np.testing.assert_allclose(gb.numpy(), a.numpy().T @ np.ones((2, 4)), rtol=1e-5)
    with pytest.raises(tf.errors.InvalidArgumentError, match="Expected dimension 3 at axis 0"):
        tf.einsum("ij,jk->ik", tf.ones([2, 3]), tf.ones([4, 4]))
    with pytest.raises(ValueError, match='Got 1 inputs for equation "ij,jk", expecting 2'):
        tf.einsum("ij,jk", tf.ones([2, 3]))


@pytest.mark.parametrize("ord_,axis,ref", [
    ("euclidean", None, lambda x: np.sqrt((x ** 2).sum())),
    ("euclidean", 1, lambda x: np.sqrt((x ** 2).sum(1))),
    (1, 1, lambda x: np.abs(x).sum(1)),
    (np.inf, None, lambda x: np.abs(x).max()),
    (3, 0, lambda x: (np.abs(x) ** 3).sum(0) ** (1 / 3)),
    ("fro", [0, 1], lambda x: np.linalg.norm(x, "fro")),
    (1, [0, 1], lambda x: np.linalg.norm(x, 1)),
    (np.inf, [-2, -1], lambda x: np.linalg.norm(x, np.inf)),
])
def test_norm_matches_numpy(ord_, axis, ref):
    x = _r(3, 4)
    np.testing.assert_allclose(tf.norm(x, ord=ord_, axis=axis).numpy(), ref(x), rtol=1e-5)
    assert tf.linalg.norm(x, ord=ord_, axis=axis).shape == np.shape(ref(x))


def test_norm_keepdims_complex_and_errors():
    assert tf.norm([[3.0, 4.0]], axis=1, keepdims=True).numpy().tolist() == [[5.0]]
    assert tf.norm([[3.0, -4.0]], ord=1, axis=[0, 1], keepdims=True).shape == (1, 1)
    c = tf.norm(tf.constant([3.0 + 4j]))
    assert c.dtype is tf.complex128 and c.numpy() == 5
    with pytest.raises(ValueError, match="'ord' must be a supported vector norm, got fro"):
        tf.norm([3.0, -4.0], ord="fro", axis=0)
    with pytest.raises(ValueError, match="'axis' must be None, an integer, or a tuple of 2"):
        tf.norm([3.0], axis=[0, 1, 2])


def test_clip_by_norm_and_global_norm():
    assert np.allclose(tf.clip_by_norm([3.0, 4.0], 1.0).numpy(), [0.6, 0.8])
    assert np.allclose(tf.clip_by_norm([3.0, 4.0], 10.0).numpy(), [3.0, 4.0])
    rows = tf.clip_by_norm([[3.0, 4.0], [0.0, 0.0]], 1.0, axes=[1])
    assert np.allclose(rows.numpy(), [[0.6, 0.8], [0.0, 0.0]])
    x = tf.constant([0.0, 0.0])
    with tf.GradientTape() as tape:
        tape.watch(x)
        y = tf.reduce_sum(tf.clip_by_norm(x, 1.0))
    assert np.isfinite(tape.gradient(y, x).numpy()).all()  # no nan at the zero vector
    clipped, norm = tf.clip_by_global_norm([tf.constant([3.0, 4.0]), None, tf.constant([12.0])],
                                           6.5)
    assert norm.numpy() == 13.0 and clipped[1] is None
    assert np.allclose(clipped[0].numpy(), [1.5, 2.0]) and np.allclose(clipped[2].numpy(), [6.0])
    assert tf.linalg.global_norm([tf.constant([3.0, 4.0]), None]).numpy() == 5.0
    inf_list, _ = tf.clip_by_global_norm([tf.constant([1.0])], 1.0,
                                         use_norm=tf.constant(np.inf))
    assert np.isnan(inf_list[0].numpy()).all()
    with pytest.raises(TypeError, match="`t_list` should be a sequence of tensors"):
        tf.clip_by_global_norm(tf.constant([3.0, 4.0]), 1.0)


def test_inv_det_and_their_gradients():
    a = np.array([[2.0, 0.5], [0.3, 1.5]], np.float32)
    np.testing.assert_allclose(tf.linalg.inv(a).numpy(), np.linalg.inv(a), rtol=1e-5)
    np.testing.assert_allclose(tf.linalg.det(a).numpy(), np.linalg.det(a), rtol=1e-5)
    assert tf.linalg.det(tf.zeros([0, 0])).numpy() == 1.0
    assert tf.linalg.det(tf.ones([4, 3, 3])).shape == (4,)
    x = tf.constant(a.astype(np.float64))
    with tf.GradientTape() as tape:
        tape.watch(x)
        d = tf.linalg.det(x)
    np.testing.assert_allclose(tape.gradient(d, x).numpy(),
                               np.linalg.det(a) * np.linalg.inv(a).T, rtol=1e-5)
    with pytest.raises(tf.errors.InvalidArgumentError, match="Input is not invertible."):
        tf.linalg.inv([[1.0, 2.0], [2.0, 4.0]])
    with pytest.raises(tf.errors.InvalidArgumentError, match="Input matrix must be square."):
        tf.linalg.det([[1.0, 2.0, 3.0], [2.0, 4.0, 3.0]])
    with pytest.raises(tf.errors.InvalidArgumentError, match="must have rank >= 2, got 1"):
        tf.linalg.inv([1.0, 2.0])


def test_diagonals_band_trace_transpose():
    assert tf.linalg.diag([1, 2]).numpy().tolist() == [[1, 0], [0, 2]]
    assert tf.linalg.diag([1, 2], k=1).shape == (3, 3)
    assert tf.linalg.diag([1, 2], k=-1, num_rows=4).numpy().tolist() == \
        [[0, 0], [1, 0], [0, 2], [0, 0]]
    assert tf.linalg.diag([1, 2], padding_value=9).numpy().tolist() == [[1, 9], [9, 2]]
    m = [[1, 2, 3], [4, 5, 6]]
    assert tf.linalg.diag_part(m).numpy().tolist() == [1, 5]
    assert tf.linalg.diag_part(m, k=1).numpy().tolist() == [2, 6]
    assert tf.linalg.diag_part(m, k=-1).numpy().tolist() == [4]
    assert tf.linalg.tensor_diag([[1, 2], [3, 4]]).shape == (2, 2, 2, 2)
    assert tf.linalg.tensor_diag_part(tf.linalg.tensor_diag([[1, 2], [3, 4]])).numpy().tolist() \
        == [[1, 2], [3, 4]]
    band = tf.linalg.band_part(tf.ones([3, 4]), 1, 1).numpy()
    np.testing.assert_array_equal(band, np.triu(np.tril(np.ones((3, 4)), 1), -1))
    assert tf.linalg.trace([[1, 2], [3, 4]]).numpy() == 5
    assert tf.linalg.trace(tf.ones([5, 3, 3])).numpy().tolist() == [3.0] * 5
    assert tf.linalg.matrix_transpose(tf.zeros([2, 3, 4])).shape == (2, 4, 3)
    c = tf.linalg.matrix_transpose(tf.constant([[1 + 2j, 3j]]), conjugate=True)
    assert c.numpy().tolist() == [[1 - 2j], [-3j]]
    assert tf.transpose(tf.constant([[1 + 2j]]), conjugate=True).numpy()[0, 0] == 1 - 2j
    with pytest.raises(ValueError, match="should be a \\(batch\\) matrix with rank >= 2"):
        tf.linalg.matrix_transpose([1.0, 2.0])
    with pytest.raises(tf.errors.InvalidArgumentError, match="num_lower must be negative"):
        tf.linalg.band_part(tf.ones([3, 3]), 5, -1)


@pytest.mark.parametrize("shape, lower, upper, words", [
    ([2], [1, 2], 0, "input must be at least 2-dim, received shape: [2]"),
    ([2, 2], 1, [1], "num_upper must be scalar, got shape [1]"),
    ([2, 2], [[5]], 9, "num_lower must be scalar, got shape [1,1]"),
    ([2, 2], 0, 5, "num_upper must be negative or less or equal to number of columns (2) got: 5"),
])
def test_raw_band_part_bounds_are_checked_as_tfs_kernel_checks_them(shape, lower, upper, words):
    # (TF 2.21's words and order: the input's rank, then each bound's rank and range)
    with pytest.raises(tf.errors.InvalidArgumentError, match=re.escape(words)):
        tf.raw_ops.MatrixBandPart(input=tf.ones(shape), num_lower=tf.constant(lower, tf.int64),
                                  num_upper=tf.constant(upper, tf.int64))


def test_eye_and_matmul_export():
    assert tf.eye(2, 3, dtype=tf.int32).numpy().tolist() == [[1, 0, 0], [0, 1, 0]]
    assert tf.eye(2, batch_shape=[3]).shape == (3, 2, 2)
    assert tf.linalg.eye(3).dtype is tf.float32
    assert tf.linalg.matmul is tf.matmul
    assert tf.linalg.matvec([[1.0, 2.0], [3.0, 4.0]], [1.0, 1.0]).numpy().tolist() == [3.0, 7.0]


@given(st.integers(1, 4), st.integers(1, 4), st.integers(1, 4), st.integers(0, 3))
def test_batched_matmul_broadcasting_matches_numpy(m, k, n, batch):
    a = _r(*([2] * batch), m, k)
    b = _r(*([1] * batch), k, n)
    np.testing.assert_allclose(tf.matmul(a, b).numpy(), np.matmul(a, b), rtol=1e-5, atol=1e-5)


def test_matmul_attrs_are_bools_as_tfs_op_wrapper_asks() -> None:
    # recorded from TF 2.21: MatMul's wrapper refuses a non-bool transpose_a/b (0 too)
    # before the shapes; a batch product reads their truth in Python
    a2 = tf.constant([[1.0, 2.0], [3.0, 4.0]])
    for kw, text in [({"transpose_a": 0}, "'transpose_a' not 0."),
                     ({"transpose_b": [1]}, "'transpose_b' not [1]."),
                     ({"transpose_a": 1, "adjoint_a": 0}, "'transpose_a' not 1."),
                     ({"a_is_sparse": 1}, "'a_is_sparse' not 1.")]:
        with pytest.raises(TypeError, match=re.escape(f"Expected bool for argument {text}")):
            tf.matmul(a2, a2, **kw)
    with pytest.raises(TypeError, match=re.escape("'transpose_a' not [1.0, 2.0].")):
        tf.linalg.matvec(a2, tf.constant([1.0, 2.0]), transpose_a=[1.0, 2.0])
    assert tf.matmul(a2, a2, adjoint_a=1).numpy().tolist() == [[10.0, 14.0], [14.0, 20.0]]
    a3 = tf.reshape(tf.range(8.0), [2, 2, 2])
    assert tf.matmul(a3, a3, transpose_a=1).numpy().tolist() == [
        [[4.0, 6.0], [6.0, 10.0]], [[52.0, 62.0], [62.0, 74.0]]]


def test_norm_checks_matrix_axes_as_given() -> None:
    # recorded from TF 2.21: its Python compares the two axes as given (1 and -1 differ),
    # leaving ranks to the reductions
    x2 = tf.constant([[1.0, 2.0], [3.0, 4.0]])
    assert tf.norm(x2, ord=1, axis=(1, -1)).numpy().tolist() == [3.0, 7.0]
    with pytest.raises(tf.errors.InvalidArgumentError, match="Axes contains duplicate "
                                                            "dimension: 0"):
        tf.norm(x2, ord="fro", axis=(0, -2))
    with pytest.raises(ValueError, match=re.escape("'ord' must be a supported matrix norm in "
                                                   "['euclidean', 'fro', 1, 2, inf], got "
                                                   "[1, 2]")):
        tf.norm(tf.constant([1.0, 2.0]), ord=[1, 2], axis=(1, 2))
    with pytest.raises(ValueError, match="The truth value of an array"):
        tf.norm(x2, ord=[1.0, 2.0])
