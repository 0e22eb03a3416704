"""tf.linalg.tridiagonal_solve on a GPU (the stand-in, or CuPy's GPU:0 under
EAGERFLOW_REGISTRY_ON=gpu), as TF's GPU kernel runs it: cuSPARSE's gtsv2 (partial
pivoting), gtsv2_nopivot or gtsv2StridedBatch for 3 rows or more, TF's closed forms for 1
and 2 rows (NaN where singular), no error for a singular system, perturb_singular refused
and the shape checks in the GPU kernel's words; against the CPU kernel's answers."""

import numpy as np
import pytest
from hypothesis import assume, given, settings
from hypothesis import strategies as st

import eagerflow as tf
from eagerflow._src.core import device as D

GPU0 = "/job:localhost/replica:0/task:0/device:GPU:0"
EPS = {np.float32: 1.2e-7, np.complex64: 1.2e-7, np.float64: 2.3e-16, np.complex128: 2.3e-16}
DTYPES = list(EPS)
# TF's tests' system (tridiagonal_solve_op_test.py): its solution and a gradient
DIAGS = np.array([[2.0, 1, 4, 0], [1, 3, 2, 2], [0, 1, -1, 1]])
RHS = np.array([1.0, 2, 3, 4])
SOLUTION = np.array([-9.0, 5, -4, 4])


pytestmark = pytest.mark.usefixtures("on_gpu")  # (tests/backend/conftest.py)


def _on_the_device(t):
    """t lives on GPU:0, its array the device's array type."""
    device_array = type(D.to_device(np.zeros(1), D.lookup(GPU0)))
    return t.device == GPU0 and isinstance(t._arr, device_array)


def _solve(d, rhs, pivoting=True, device=None):
    if device is None:
        x = tf.raw_ops.TridiagonalSolve(diagonals=d, rhs=rhs, partial_pivoting=pivoting)
        assert _on_the_device(x)
        return x.numpy()
    with tf.device(device):
        return tf.raw_ops.TridiagonalSolve(diagonals=d, rhs=rhs,
                                           partial_pivoting=pivoting).numpy()


def _dense(d):
    """The tridiagonal matrices of compact diagonals [..., 3, M]."""
    m = d.shape[-1]
    out = np.zeros(d.shape[:-2] + (m, m), d.dtype)
    for i in range(m):
        out[..., i, i] = d[..., 1, i]
        if i + 1 < m:
            out[..., i, i + 1] = d[..., 0, i]
            out[..., i + 1, i] = d[..., 2, i + 1]
    return out


def _uniform(rng, shape, dtype):
    a = rng.uniform(-1, 1, shape)
    if np.dtype(dtype).kind == "c":
        a = a + 1j * rng.uniform(-1, 1, shape)
    return a.astype(dtype)


@settings(max_examples=40, deadline=None)
@given(seed=st.integers(0, 2**31), m=st.one_of(st.integers(1, 8), st.sampled_from([17, 64])),
       batch=st.sampled_from([(), (1,), (3,), (2, 2)]), dtype=st.sampled_from(DTYPES),
       k=st.integers(1, 3), pivoting=st.booleans())
def test_the_cpus_solutions(seed, m, batch, dtype, k, pivoting):
    rng = np.random.default_rng(seed)
    d = _uniform(rng, batch + (3, m), dtype)
    if not pivoting:  # (diagonally dominant: stable without row swaps)
        d[..., 1, :] += 3 * np.sign(d[..., 1, :].real)
    rhs = _uniform(rng, batch + (m, k), dtype)
    cond = np.linalg.cond(_dense(d).astype(np.complex128)).max()
    assume(cond < 1e4)
    got, want = _solve(d, rhs, pivoting), _solve(d, rhs, pivoting, "/CPU:0")
    assert got.dtype == dtype and got.shape == batch + (m, k)
    tol = EPS[dtype] * 64 * cond
    np.testing.assert_allclose(got, want, rtol=tol, atol=tol * max(1.0, np.abs(want).max()))


@pytest.mark.parametrize("dtype", DTYPES)
@pytest.mark.parametrize("pivoting", [True, False])
def test_tfs_system(dtype, pivoting):
    scale = 1 + 1j if np.dtype(dtype).kind == "c" else 1
    x = tf.linalg.tridiagonal_solve(tf.constant((DIAGS * scale).astype(dtype)),
                                    tf.constant(RHS.astype(dtype)),
                                    partial_pivoting=pivoting)
    assert _on_the_device(x)
    np.testing.assert_allclose(x.numpy(), SOLUTION / scale, rtol=1e-5)


def test_a_system_that_needs_pivoting():
    """TF's case: without row swaps a zero pivot (of the Thomas algorithm) would come."""
    d = np.array([[2.0, -1, 1, 0], [1, 4, 1, -1], [0, 2, -2, 3]])
    np.testing.assert_allclose(_solve(d, np.array([[1.0], [2], [3], [4]])).ravel(),
                               [8, -3.5, 0, -4], atol=1e-12)


@pytest.mark.parametrize("pivoting", [True, False])
def test_a_batch_of_single_columns(pivoting):
    """No pivoting, one column, several matrices: cuSPARSE's gtsv2StridedBatch in TF."""
    d = np.stack([DIAGS, -DIAGS, 2 * DIAGS])
    x = _solve(d, np.stack([RHS, RHS, RHS])[..., None], pivoting)
    np.testing.assert_allclose(x[..., 0], [SOLUTION, -SOLUTION, SOLUTION / 2], atol=1e-12)


@pytest.mark.parametrize("dtype", DTYPES)
def test_one_and_two_rows_by_tfs_closed_forms(dtype):
    one = _solve(np.array([[7], [4], [7]], dtype), np.array([[8, -2]], dtype))
    np.testing.assert_array_equal(one, [[2, -0.5]])
    # [[1, 2], [1, 3]] x = [[1, 2], [4, 8]] (TF's test2x2WithMultipleRhs), the determinant 1
    two = _solve(np.array([[2, 0], [1, 3], [0, 1]], dtype), np.array([[1, 2], [4, 8]], dtype))
    np.testing.assert_allclose(two, [[-5, -10], [3, 6]], rtol=1e-6)
    assert two.dtype == dtype


@pytest.mark.parametrize("pivoting", [True, False])
def test_singular_one_and_two_rows_give_nan(pivoting):
    """NaN where the diagonal (1 row) or the determinant (2 rows) is zero, as TF's GPU
    kernel gives (0 for complex numbers); the other matrices of the batch are solved."""
    one = _solve(np.array([[[9.0], [0], [9]], [[0], [2], [0]]]), np.array([[[4.0, 6]], [[4, 6]]]),
                 pivoting)
    assert np.isnan(one[0]).all()
    np.testing.assert_array_equal(one[1], [[2, 3]])
    # [[1, 3], [1, 3]]: the determinant 1 * 3 - 3 * 1
    two = _solve(np.array([[[3.0, 0], [1, 3], [0, 1]], [[2, 0], [1, 3], [0, 1]]]),
                 np.array([[[1.0], [4]], [[1], [4]]]), pivoting)
    assert np.isnan(two[0]).all()
    np.testing.assert_allclose(two[1].ravel(), [-5, 3])
    # (TF's NaN of a std::complex: none, 0)
    c = _solve(np.array([[[3j, 0], [1, 3], [0, -1j]], [[0, 0], [2j, 2], [0, 1]]], np.complex64),
               np.array([[[1], [4]], [[2j], [2]]], np.complex64), pivoting)
    np.testing.assert_array_equal(c[0], [[0], [0]])
    np.testing.assert_allclose(c[1], [[1], [0.5]], rtol=1e-6)


@pytest.mark.parametrize("pivoting", [True, False])
def test_a_singular_system_is_solved_without_an_error(pivoting):
    """cuSPARSE reports no singularity: TF's GPU kernel returns what it left (TF's test:
    nothing finite)."""
    d = np.array([[2.0, -1, 1, 0], [1, 4, 1, -1], [0, 2, 0, 3]])
    x = _solve(d, np.array([[1.0], [2], [3], [4]]), pivoting)
    assert not np.isfinite(x).any()
    assert not np.isfinite(_solve(np.zeros((2, 3, 5)), np.ones((2, 5, 2)), pivoting)).all()


def test_perturb_singular_is_refused_as_tfs_gpu_kernel_refuses_it():
    message = "The solver to support perturb_singular is not implemented on GPU."
    d, r = np.ones((3, 3)), np.ones((3, 1))
    for pivoting in (True, False):  # (the CPU kernel's error for False comes after)
        with pytest.raises(tf.errors.UnimplementedError, match=message):
            tf.raw_ops.TridiagonalSolve(diagonals=d, rhs=r, partial_pivoting=pivoting,
                                        perturb_singular=True)
    with pytest.raises(tf.errors.UnimplementedError, match=message):
        tf.linalg.tridiagonal_solve(tf.constant(d), tf.constant(r), perturb_singular=True)
    with pytest.raises(tf.errors.UnimplementedError, match=message):  # before the shapes
        tf.raw_ops.TridiagonalSolve(diagonals=np.ones(3), rhs=r, perturb_singular=True)
    # a traced call: the graph is made, its node's kernel refuses when it runs
    f = tf.function(lambda d, r: tf.linalg.tridiagonal_solve(d, r, perturb_singular=True))
    f.get_concrete_function(tf.TensorSpec([3, 3], tf.float64), tf.TensorSpec([3, 1], tf.float64))
    with pytest.raises(tf.errors.UnimplementedError, match=message):
        f(d, r)
    with tf.device("/CPU:0"):  # (the CPU kernel has the solver)
        x = tf.linalg.tridiagonal_solve(tf.zeros((3, 1)), tf.constant([[4.0]]),
                                        perturb_singular=True)
    assert x.device.endswith("CPU:0") and np.isfinite(x.numpy()).all()


BAD_SHAPES = pytest.mark.parametrize("d,rhs,message", [
    ((3,), (3, 1), "LHS tensor must have rank >= 2, got 1"),
    ((3, 3), (3,), "LHS and RHS tensors must have the same rank."),
    ((1, 3, 3), (2, 3, 1), "LHS and RHS tensors must have the same batch dimensions."),
    ((4, 3), (3, 1), "Expected diagonals to be provided as a matrix with 3 rows, got 4 rows."),
    ((3, 3), (4, 1), "Expected same matrix size in both arguments, got 3 and 4."),
], ids=["rank", "same-rank", "batch", "rows", "size"])


@BAD_SHAPES
def test_shape_checks_in_the_gpu_kernels_words(d, rhs, message):
    with pytest.raises(tf.errors.InvalidArgumentError) as info:
        tf.raw_ops.TridiagonalSolve(diagonals=np.ones(d), rhs=np.ones(rhs))
    assert message in str(info.value)


@BAD_SHAPES
def test_shapes_known_only_when_a_traced_node_runs_are_checked_there(d, rhs, message):
    """TF's test of its GPU kernel with placeholders of unknown shape: the kernel's own
    checks."""
    spec = tf.TensorSpec(None, tf.float64)
    f = tf.function(lambda d, r: tf.raw_ops.TridiagonalSolve(diagonals=d, rhs=r),
                    input_signature=[spec, spec])
    with pytest.raises(tf.errors.InvalidArgumentError) as info:
        f(np.ones(d), np.ones(rhs))
    assert message in str(info.value)
    x = f(DIAGS, RHS[:, None])
    assert _on_the_device(x)
    np.testing.assert_allclose(x.numpy().ravel(), SOLUTION, atol=1e-12)


@pytest.mark.parametrize("d,rhs", [((0, 3, 4), (0, 4, 2)), ((3, 0), (0, 2)),
                                   ((2, 3, 4), (2, 4, 0))], ids=["batch", "rows", "columns"])
def test_empty_systems(d, rhs):
    x = tf.raw_ops.TridiagonalSolve(diagonals=np.ones(d, np.float32),
                                    rhs=np.ones(rhs, np.float32))
    assert x.shape == rhs and x.dtype == tf.float32 and _on_the_device(x)


def test_a_traced_solve_runs_on_the_device():
    f = tf.function(lambda d, r: tf.linalg.tridiagonal_solve(d, r, partial_pivoting=False))
    d = np.stack([DIAGS, 2 * DIAGS])
    x = f(d, np.stack([RHS, RHS]))
    assert _on_the_device(x)
    np.testing.assert_allclose(x.numpy(), [SOLUTION, SOLUTION / 2], atol=1e-12)


@pytest.mark.parametrize("pivoting", [True, False])
def test_the_gradient_on_the_device(pivoting):
    """TF's gradient (a solve of the transposed system), its values TF's test's."""
    d, r = tf.constant(DIAGS), tf.constant(RHS)
    with tf.GradientTape(persistent=True) as tape:
        tape.watch([d, r])
        x = tf.linalg.tridiagonal_solve(d, r, partial_pivoting=pivoting)
        loss = tf.reduce_sum(x * tf.constant([1.0, 3, 2, 4], tf.float64))
    g_d, g_r = tape.gradient(loss, [d, r])
    assert _on_the_device(g_d) and _on_the_device(g_r)
    np.testing.assert_allclose(g_d.numpy(), [[-5, 0, 4, 0], [9, 0, -4, -16], [0, 0, 5, 16]],
                               atol=1e-12)
    np.testing.assert_allclose(g_r.numpy(), [1, 0, -1, 4], atol=1e-12)


@settings(max_examples=10, deadline=None)
@given(seed=st.integers(0, 2**31), m=st.integers(1, 6), k=st.integers(1, 2))
def test_the_gradient_equals_the_cpus(seed, m, k):
    rng = np.random.default_rng(seed)
    d = rng.uniform(-1, 1, (2, 3, m))
    d[:, 1] += 3
    rhs, w = rng.uniform(-1, 1, (2, m, k)), rng.uniform(-1, 1, (2, m, k))

    def grads():
        dt, rt = tf.constant(d), tf.constant(rhs)
        with tf.GradientTape() as tape:
            tape.watch([dt, rt])
            loss = tf.reduce_sum(tf.linalg.tridiagonal_solve(dt, rt) * w)
        return [g.numpy() for g in tape.gradient(loss, [dt, rt])]
    got = grads()
    with tf.device("/CPU:0"):
        want = grads()
    for g, h in zip(got, want):
        np.testing.assert_allclose(g, h, rtol=1e-10, atol=1e-12)
