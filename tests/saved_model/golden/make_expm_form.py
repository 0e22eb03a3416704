"""Records what TensorFlow 2.21 writes and computes for tf.linalg.expm in a traced
function, for tests/saved_model/test_expm_form.py.

Run with the reference interpreter: `$EAGERFLOW_TF_PYTHON
tests/saved_model/golden/make_expm_form.py`. Writes expm_form.json: the op types of the
FunctionDefs TF saves for `tf.linalg.expm` (its composite: TF has no MatrixExponential
kernel), and, for each case, the input and what TF's saved function computes.
"""

import os
import sys
import tempfile

import numpy as np
import tensorflow as tf
from tensorflow.core.protobuf import saved_model_pb2

sys.path.insert(0, os.path.join(os.path.dirname(__file__), "..", "..", ".."))
from tests.golden_io import encode_array, write_json  # noqa: E402

HERE = os.path.dirname(os.path.abspath(__file__))
_rng = np.random.default_rng(5)
# (a batch whose matrices take different degrees and squarings; doubles; complex; a
# norm that is not finite: all NaN)
CASES = {
    "float32": np.stack([_rng.uniform(-0.1, 0.1, (3, 3)), _rng.uniform(-1, 1, (3, 3)),
                         _rng.uniform(-30, 30, (3, 3))]).astype(np.float32),
    "float64": np.stack([_rng.uniform(-0.01, 0.01, (2, 2)), _rng.uniform(-8, 8, (2, 2))]),
    "complex64": (_rng.uniform(-2, 2, (2, 4, 4)) + 1j * _rng.uniform(-2, 2, (2, 4, 4))
                  ).astype(np.complex64),
    "not_finite": np.array([[[1.0, np.inf], [0.0, 1.0]], [[1.0, 0.0], [0.0, 1.0]]]),
}


def main() -> None:
    golden = {"cases": {}, "ops": []}
    ops = set()
    for name, x in CASES.items():
        m = tf.Module()
        m.f = tf.function(tf.linalg.expm, input_signature=[tf.TensorSpec(
            [None] + list(x.shape[1:]), tf.as_dtype(x.dtype))])
        d = tempfile.mkdtemp()
        tf.saved_model.save(m, d)
        sm = saved_model_pb2.SavedModel()
        with open(os.path.join(d, "saved_model.pb"), "rb") as f:
            sm.ParseFromString(f.read())
        ops |= {n.op for f in sm.meta_graphs[0].graph_def.library.function for n in f.node_def}
        got = tf.saved_model.load(d).f(x).numpy()
        golden["cases"][name] = {"x": encode_array(x), "want": encode_array(got)}
    golden["ops"] = sorted(ops)
    write_json(os.path.join(HERE, "expm_form.json"), golden, indent=1)


if __name__ == "__main__":
    main()
