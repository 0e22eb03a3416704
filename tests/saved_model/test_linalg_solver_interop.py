"""A TF 2.21 SavedModel whose functions hold TridiagonalSolve, TridiagonalMatMul,
MatrixSolveLs and CholeskyGrad nodes (tf.linalg.tridiagonal_solve and tridiagonal_matmul,
lstsq with fast=False, a tridiagonal solve's gradient) loads and runs here, with TF's
results. Before these ops were registered, loading it failed on the unknown node types.
(The "matrix" format's MatrixDiagPartV3 of a band of diagonals, aligned LEFT_RIGHT, is
test_diag_bands_interop.py's.)"""

import json
import os
import subprocess
import textwrap

import numpy as np
import pytest

import eagerflow as tf
from tests.tf_reference import TF_ENV, TF_PYTHON

pytestmark = pytest.mark.skipif(not os.path.exists(TF_PYTHON), reason="no TensorFlow")

SAVE = """
import json, sys
import numpy as np
import tensorflow as tf

class M(tf.Module):
    @tf.function(input_signature=[tf.TensorSpec([3, 4], tf.float64),
                                  tf.TensorSpec([4, 2], tf.float64)])
    def solve(self, d, r):
        with tf.GradientTape() as t:
            t.watch(d)
            x = tf.linalg.tridiagonal_solve(d, r, perturb_singular=True)
        return x, t.gradient(x, d), tf.linalg.tridiagonal_matmul(d, r)

    @tf.function(input_signature=[tf.TensorSpec([4, 4], tf.float64),
                                  tf.TensorSpec([4, 2], tf.float64)])
    def dense(self, m, r):
        return (tf.linalg.tridiagonal_solve((m[0, :3], m[1], m[2, 1:]), r,
                                            diagonals_format="sequence", partial_pivoting=False),
                tf.linalg.tridiagonal_matmul((m[1], m[0], m[2]), r,
                                             diagonals_format="sequence"),
                tf.linalg.lstsq(m, r, l2_regularizer=0.5, fast=False),
                tf.raw_ops.CholeskyGrad(l=tf.linalg.band_part(m, -1, 0) + 4 * tf.eye(4,
                                        dtype=tf.float64), grad=m))

d = np.array(json.loads(sys.argv[2]))
r = np.array(json.loads(sys.argv[3]))
m = np.array(json.loads(sys.argv[4]))
mod = M()
tf.saved_model.save(mod, sys.argv[1])
out = [[v.numpy().tolist() for v in mod.solve(d, r)],
       [v.numpy().tolist() for v in mod.dense(m, r)]]
print(json.dumps(out))
"""


def test_tensorflows_saved_tridiagonal_and_least_squares_functions_load(tmp_path):
    rng = np.random.default_rng(5)
    d = rng.normal(size=(3, 4))
    d[1] += 3.0
    r = rng.normal(size=(4, 2))
    m = rng.normal(size=(4, 4)) + 4 * np.eye(4)
    path = str(tmp_path / "m")
    run = subprocess.run([TF_PYTHON, "-c", textwrap.dedent(SAVE), path,
                          *(json.dumps(a.tolist()) for a in (d, r, m))],
                         capture_output=True, text=True, env=TF_ENV, timeout=300)
    assert run.returncode == 0, run.stderr[-3000:]
    want = json.loads(run.stdout.splitlines()[-1])
    loaded = tf.saved_model.load(path)
    with tf.device("/CPU:0"):  # (TF's CPU kernels answered; its GPU's refuses perturb_singular)
        got = loaded.solve(d, r) + loaded.dense(m, r)
    for g, tf_value in zip(got, want[0] + want[1]):
        np.testing.assert_allclose(g.numpy(), tf_value, rtol=1e-10, atol=1e-12)
