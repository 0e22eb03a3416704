"""The tf.linalg matrix-function calls whose TF 2.21 results linalg_matfunc_golden.json
records (by make_linalg_matfunc_golden.py) and test_linalg_matfunc.py checks eagerflow
against: expm, sqrtm, logm and eigh_tridiagonal, their gradients at chosen points, and
their errors.

`cases(tf)` runs them with whichever module is passed as `tf`; a failing call records its
error class and message instead."""

import numpy as np

from tests.golden_io import call_outcomes


def _grad(tf, fn, x):
    x = tf.constant(x)
    with tf.GradientTape() as tape:
        tape.watch(x)
        y = fn(x)
    return tape.gradient(y, x)


def calls(tf):
    """name -> a function of no arguments making the call."""
    rng = np.random.RandomState(11)
    m3 = rng.uniform(-1, 1, (3, 3))
    spd = m3 @ m3.T + 3 * np.eye(3)
    cplx = (rng.uniform(-1, 1, (2, 2, 2)) + 1j * rng.uniform(-1, 1, (2, 2, 2))
            + 2 * np.eye(2))
    big = rng.uniform(-4, 4, (4, 4))
    mixed = np.stack([np.diag([n, 0.0, 0.0]) + 0.1 * n * np.triu(np.ones((3, 3)), 1)
                      for n in (0.01, 0.2, 0.8, 1.8, 4.0, 9.0)])
    return {
        "expm_f64": lambda: tf.linalg.expm(m3),
        "expm_f32": lambda: tf.linalg.expm(m3.astype(np.float32)),
        "expm_big": lambda: tf.linalg.expm(big),
        "expm_rot": lambda: tf.linalg.expm(np.array([[0.0, 30.0], [-30.0, 0.0]])),
        "expm_c64": lambda: tf.linalg.expm(cplx.astype(np.complex64)),
        "expm_batch": lambda: tf.linalg.expm(rng.uniform(-1, 1, (2, 3, 2, 2))),
        # one matrix per Padé degree (each takes its own), and one past the top bound
        "expm_mixed_norms": lambda: tf.linalg.expm(mixed),
        "expm_mixed_norms_f32": lambda: tf.linalg.expm(mixed.astype(np.float32)),
        # a norm of exactly twice the top bound: floor(log2(2)) = 1 squaring
        "expm_twice_bound": lambda: tf.linalg.expm(np.diag([2 * 5.371920351148152, 1.0])),
        # a matrix whose norm is not finite makes the whole batch NaN
        "expm_batch_nan": lambda: tf.linalg.expm(np.stack([m3, m3 * np.nan])),
        "expm_batch_inf_c64": lambda: tf.linalg.expm(
            np.stack([cplx[0], cplx[1] * np.inf]).astype(np.complex64)),
        "expm_empty": lambda: tf.linalg.expm(np.zeros((0, 0))),
        "expm_int": lambda: tf.linalg.expm(np.eye(2, dtype=np.int64)),
        "expm_rank1": lambda: tf.linalg.expm(np.ones(3)),
        "expm_nonsquare": lambda: tf.linalg.expm(np.ones((2, 2, 3))),
        "expm_grad": lambda: _grad(tf, tf.linalg.expm, m3),
        "expm_grad_zero": lambda: _grad(tf, tf.linalg.expm, np.zeros((2, 2))),
        "expm_grad_big": lambda: _grad(tf, tf.linalg.expm, big),
        "expm_grad_c128": lambda: _grad(tf, tf.linalg.expm, cplx),
        "sqrtm_spd": lambda: tf.linalg.sqrtm(spd),
        "sqrtm_f32": lambda: tf.linalg.sqrtm(spd.astype(np.float32)),
        "sqrtm_tri": lambda: tf.linalg.sqrtm(np.array([[4.0, 1.0], [0.0, 9.0]])),
        "sqrtm_defective": lambda: tf.linalg.sqrtm(np.array([[4.0, 1.0], [0.0, 4.0]])),
        "sqrtm_negative": lambda: tf.linalg.sqrtm(np.array([[-4.0, 0.0], [0.0, 9.0]])),
        "sqrtm_rotation": lambda: tf.linalg.sqrtm(np.array([[0.0, -2.0], [2.0, 0.0]])),
        "sqrtm_semisimple_zero": lambda: tf.linalg.sqrtm(np.diag([0.0, 4.0])),
        "sqrtm_c128": lambda: tf.linalg.sqrtm(cplx),
        "sqrtm_c_negative": lambda: tf.linalg.sqrtm(np.diag([-4.0, 1.0]).astype(np.complex128)),
        "sqrtm_nonsquare": lambda: tf.linalg.sqrtm(np.ones((2, 3))),
        "sqrtm_int": lambda: tf.linalg.sqrtm(np.ones((2, 2), np.int32)),
        "sqrtm_half": lambda: tf.linalg.sqrtm(np.eye(2, dtype=np.float16)),
        "sqrtm_grad": lambda: _grad(tf, tf.linalg.sqrtm, spd),
        "sqrtm_grad_tri": lambda: _grad(tf, tf.linalg.sqrtm, np.array([[4.0, 1.0], [2.0, 3.0]])),
        "sqrtm_grad_identity": lambda: _grad(tf, tf.linalg.sqrtm, np.eye(3)),
        "sqrtm_grad_c128": lambda: _grad(tf, tf.linalg.sqrtm, cplx),
        "matrix_square_root": lambda: tf.matrix_square_root(spd),
        "logm_c128": lambda: tf.linalg.logm(cplx),
        "logm_c64": lambda: tf.linalg.logm(np.array([[2, 1], [0, 3]], np.complex64)),
        "logm_defective": lambda: tf.linalg.logm(np.array([[2, 1], [0, 2]], np.complex128)),
        "logm_negative": lambda: tf.linalg.logm(np.diag([-1.0, 1.0]).astype(np.complex128)),
        "logm_real": lambda: tf.linalg.logm(np.eye(2)),
        "logm_nonsquare": lambda: tf.linalg.logm(np.ones((1, 3), np.complex64)),
        "eht": lambda: tf.linalg.eigh_tridiagonal([1.0, 2.0, 3.0], [0.5, 0.5]),
        "eht_vectors": lambda: tf.linalg.eigh_tridiagonal(
            np.array([1.0, -2.0, 3.0, 0.5]), np.array([0.5, 1.5, -0.7]), eigvals_only=False),
        "eht_i": lambda: tf.linalg.eigh_tridiagonal([1.0, 2.0, 3.0], [0.5, 0.5], select="i",
                                                    select_range=[1, 2]),
        "eht_v": lambda: tf.linalg.eigh_tridiagonal([1.0, 2.0, 3.0], [0.5, 0.5], select="v",
                                                    select_range=[0.0, 2.5]),
        "eht_complex": lambda: tf.linalg.eigh_tridiagonal(
            np.array([1.0, 2.0, 3.0], np.complex128), np.array([0.5j, 0.5 + 0.2j])),
        "eht_one": lambda: tf.linalg.eigh_tridiagonal([5.0], [], eigvals_only=False),
        "eht_select": lambda: tf.linalg.eigh_tridiagonal([1.0, 2.0], [1.0], select="x"),
        "eht_int": lambda: tf.linalg.eigh_tridiagonal([1, 2], [1]),
    }


def cases(tf):
    """name -> {"value": [arrays]} or {"error": class name, "message": ...}."""
    return call_outcomes(calls(tf))
