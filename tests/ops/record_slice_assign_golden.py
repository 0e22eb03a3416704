"""Records TF 2.21's sliced variable assignment (`v[key].assign(value)`, its
ResourceStridedSliceAssign) for tests/ops/slice_assign_cases.py, and the gradients of
TensorStridedSliceUpdate at a few points, into slice_assign_golden.json; and a SavedModel
whose function assigns to a slice (tests/saved_model/golden/tf_slice_assign).

Run with TensorFlow's interpreter: /work/tfref/bin/python tests/ops/record_slice_assign_golden.py
"""

import sys
from pathlib import Path

import numpy as np
import tensorflow as tf

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))

from tests.golden_io import write_json  # noqa: E402
from tests.ops.slice_assign_cases import CASES  # noqa: E402


def _plain(a):
    a = np.asarray(a)
    return a.astype(str).tolist() if a.dtype == object else a.tolist()


def run(start, dtype, key, value) -> dict:
    v = tf.Variable(start, dtype=getattr(tf, dtype))
    k = tf.constant(1)
    try:
        out = eval(key, {"v": v, "k": k}).assign(value)
    except Exception as e:  # noqa: BLE001  (the error is what is recorded)
        msg = str(e).split("}} ")[-1].split(" name: ")[0]
        return {"error": type(e).__name__, "message": msg}
    return {"value": _plain(v.numpy()), "returned": type(out).__name__}


def gradients() -> list:
    """d/d(input) and d/d(value) of sum(TensorStridedSliceUpdate(...) * w)."""
    out = []
    a = tf.constant([[1.0, 2.0, 3.0], [4.0, 5.0, 6.0]])
    w = tf.constant([[1.0, 2.0, 3.0], [4.0, 5.0, 6.0]])
    for value, kw in [([10.0, 20.0], dict(begin=[0, 1], end=[0, 2], strides=[1, 1],
                                          end_mask=1, shrink_axis_mask=2)),
                      (3.0, dict(begin=[0, 1], end=[0, 2], strides=[1, 1], end_mask=1,
                                 shrink_axis_mask=2)),
                      ([[1.0, 2.0]], dict(begin=[1, 2], end=[2, 0], strides=[1, -2], end_mask=2))]:
        b = tf.constant(value)
        with tf.GradientTape(persistent=True) as t:
            t.watch([a, b])
            y = tf.raw_ops.TensorStridedSliceUpdate(input=a, value=b, **kw)
            z = tf.reduce_sum(y * w)
        out.append({"value": value, "attrs": kw, "y": y.numpy().tolist(),
                    "da": t.gradient(z, a).numpy().tolist(),
                    "db": t.gradient(z, b).numpy().tolist()})
    return out


class Rows(tf.Module):
    """What test_slice_assign.py's _Rows is, saved by TF (its SavedModel test data)."""

    def __init__(self):
        self.v = tf.Variable(tf.zeros([3, 2]))

    @tf.function(input_signature=[tf.TensorSpec([], tf.int32), tf.TensorSpec([2], tf.float32)])
    def set_row(self, i, x):
        self.v[i].assign(x)
        return self.v.read_value()


def main() -> None:
    tf.saved_model.save(Rows(), str(ROOT / "tests" / "saved_model" / "golden" / "tf_slice_assign"))
    data = {"cases": [run(*c) for c in CASES], "gradients": gradients()}
    path = Path(__file__).with_name("slice_assign_golden.json")
    write_json(path, data, "\n", indent=1)
    print(f"{len(CASES)} cases -> {path}")


if __name__ == "__main__":
    main()
