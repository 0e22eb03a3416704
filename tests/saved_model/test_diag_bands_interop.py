"""A TF 2.21 SavedModel whose functions hold MatrixDiagPartV3, MatrixDiagV3 and
MatrixSetDiagV3 nodes over bands of diagonals (k=(lower, upper)) with each `align`, sizes
and paddings (tf.linalg.diag_part, diag, set_diag, tridiagonal_solve's "matrix" format, and
their gradients) loads and runs here, with TF's results."""

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
    @tf.function(input_signature=[tf.TensorSpec([2, 3, 4], tf.float64),
                                  tf.TensorSpec([3, 3], tf.float64),
                                  tf.TensorSpec([4, 4], tf.float64),
                                  tf.TensorSpec([4, 2], tf.float64)])
    def bands(self, x, d, m, r):
        w = tf.constant(np.arange(24.0).reshape(2, 3, 4))
        with tf.GradientTape(persistent=True) as t:
            t.watch([x, d])
            part = tf.linalg.diag_part(x, k=(-1, 1), align="LEFT_RIGHT", padding_value=7.0)
            built = tf.linalg.diag(d, k=(-1, 1), num_rows=4, padding_value=-2.0)
            put = tf.linalg.set_diag(x[0], d, k=(-1, 1), align="LEFT_LEFT")
            up = tf.linalg.diag_part(x, k=(0, 2), align="RIGHT_RIGHT")
            losses = [part * w[:, :, :3], built * w[0, :, :3][0], put * w[0]]
        return (part, built, put, up, t.gradient(losses[0], x), t.gradient(losses[1], d),
                t.gradient(losses[2], [x, d]),
                tf.linalg.tridiagonal_solve(m, r, diagonals_format="matrix"),
                tf.linalg.diag(d[0], k=1, num_cols=5))

x = np.array(json.loads(sys.argv[2]))
d = np.array(json.loads(sys.argv[3]))
m = np.array(json.loads(sys.argv[4]))
r = np.array(json.loads(sys.argv[5]))
mod = M()
tf.saved_model.save(mod, sys.argv[1])
print(json.dumps([v.numpy().tolist() for v in tf.nest.flatten(mod.bands(x, d, m, r))]))
"""


def test_tensorflows_saved_band_diagonal_functions_load(tmp_path):
    rng = np.random.default_rng(7)
    x = rng.normal(size=(2, 3, 4))
    d = rng.normal(size=(3, 3))
    m = rng.normal(size=(4, 4)) + 4 * np.eye(4)
    r = rng.normal(size=(4, 2))
    path = str(tmp_path / "m")
    run = subprocess.run([TF_PYTHON, "-c", textwrap.dedent(SAVE), path,
                          *(json.dumps(a.tolist()) for a in (x, d, m, r))],
                         capture_output=True, text=True, env=TF_ENV, timeout=300)
    assert run.returncode == 0, run.stderr[-3000:]
    want = json.loads(run.stdout.splitlines()[-1])
    loaded = tf.saved_model.load(path)
    got = tf.nest.flatten(loaded.bands(x, d, m, r))
    assert len(got) == len(want)
    for g, w in zip(got, want):
        np.testing.assert_allclose(g.numpy(), w, rtol=1e-10, atol=1e-12)
