"""Records what TensorFlow 2.21 writes and computes for tf.nn.ctc_loss on dense labels in
a saved function, for tests/saved_model/test_ctc_dense_form.py.

Run with the reference interpreter: `$EAGERFLOW_TF_PYTHON
tests/saved_model/golden/make_ctc_dense_form.py`. Writes ctc_dense_tf/ (TF's SavedModel of
one function, `f(logits, labels, label_length, logit_length)`, time major, blank 0, four
classes, any batch, time and label width) and ctc_dense_form.json: the op types of its
FunctionDefs (TF's composite: while loops of primitive ops, no CTCLoss), and per case the
inputs, the loss and the gradient with respect to the logits that TF's eager call gives
(TF's loaded function gives the same: checked here), then, for the dense loss's two
refusals, what TF does: float64 logits (an error) and a second derivative (NaN).
"""

import os
import shutil
import sys

import numpy as np
import tensorflow as tf
from tensorflow.core.protobuf import saved_model_pb2

sys.path.insert(0, os.path.join(os.path.dirname(__file__), "..", "..", ".."))
from tests.golden_io import encode_array, write_json  # noqa: E402

HERE = os.path.dirname(os.path.abspath(__file__))
_rng = np.random.default_rng(11)
_I = np.int32


def _logits(steps: int, batch: int) -> np.ndarray:
    return _rng.uniform(-2, 2, (steps, batch, 4)).astype(np.float32)


# (labels, label lengths, logit lengths): rows of different lengths; labellings no path
# yields (more labels than steps, a repeat with no step for its blank): TF's finite ~707;
# no labels at all (width 0), and a row of length 0
CASES = {
    "mixed": (_logits(5, 3), np.array([[1, 2, 2], [3, 3, 0], [1, 0, 0]], _I),
              np.array([3, 2, 1], _I), np.array([5, 4, 5], _I)),
    "impossible": (_logits(3, 2), np.array([[1, 2, 3], [2, 2, 0]], _I),
                   np.array([3, 2], _I), np.array([2, 2], _I)),
    "no_labels": (_logits(3, 2), np.zeros((2, 0), _I), np.array([0, 0], _I),
                  np.array([3, 1], _I)),
    "zero_length": (_logits(4, 2), np.array([[2, 1], [1, 3]], _I), np.array([0, 2], _I),
                    np.array([4, 4], _I)),
}
SPECS = [tf.TensorSpec([None, None, 4], tf.float32), tf.TensorSpec([None, None], tf.int32),
         tf.TensorSpec([None], tf.int32), tf.TensorSpec([None], tf.int32)]


def ctc(logits, labels, label_length, logit_length):
    return tf.nn.ctc_loss(labels, logits, label_length, logit_length, logits_time_major=True,
                          blank_index=0)


def value_and_grad(fn, logits, *rest):
    x = tf.constant(logits)
    with tf.GradientTape() as tape:
        tape.watch(x)
        loss = fn(x, *rest)
    return loss.numpy(), tape.gradient(loss, x).numpy()


def refusals() -> dict:
    logits, labels, ll, tl = CASES["mixed"]
    try:
        ctc(logits.astype(np.float64), labels, ll, tl)
        f64 = None
    except Exception as e:  # noqa: BLE001 (recorded as it is)
        f64 = {"class": type(e).__name__, "message": str(e).split("\n")[0]}
    x = tf.constant(logits)
    with tf.GradientTape() as outer:
        outer.watch(x)
        with tf.GradientTape() as inner:
            inner.watch(x)
            loss = ctc(x, labels, ll, tl)
        g = tf.reduce_sum(inner.gradient(loss, x))
    second = outer.gradient(g, x)
    return {"float64": f64, "second": None if second is None else encode_array(second.numpy())}


def main() -> None:
    out_dir = os.path.join(HERE, "ctc_dense_tf")
    shutil.rmtree(out_dir, ignore_errors=True)
    m = tf.Module()
    m.f = tf.function(ctc, input_signature=SPECS)
    tf.saved_model.save(m, out_dir)
    sm = saved_model_pb2.SavedModel()
    with open(os.path.join(out_dir, "saved_model.pb"), "rb") as f:
        sm.ParseFromString(f.read())
    ops = {n.op for f in sm.meta_graphs[0].graph_def.library.function for n in f.node_def}
    loaded = tf.saved_model.load(out_dir)
    golden = {"ops": sorted(ops), "cases": {}, **refusals()}
    for name, (logits, labels, ll, tl) in CASES.items():
        loss, grad = value_and_grad(ctc, logits, labels, ll, tl)
        saved_loss, saved_grad = value_and_grad(loaded.f, logits, labels, ll, tl)
        np.testing.assert_allclose(saved_loss, loss, rtol=1e-5)
        np.testing.assert_allclose(saved_grad, grad, rtol=1e-4, atol=1e-6)
        golden["cases"][name] = {
            "logits": encode_array(logits), "labels": encode_array(labels),
            "label_length": encode_array(ll), "logit_length": encode_array(tl),
            "loss": encode_array(loss), "grad": encode_array(grad)}
    write_json(os.path.join(HERE, "ctc_dense_form.json"), golden, indent=1)


if __name__ == "__main__":
    main()
