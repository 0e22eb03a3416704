"""Records what TensorFlow 2.21 writes and computes for tf.image.non_max_suppression_padded
in a traced function, for tests/saved_model/test_nms_padded_form.py.

Run with the reference interpreter: `$EAGERFLOW_TF_PYTHON
tests/saved_model/golden/make_nms_padded_form.py`. Writes nms_padded_form.json: the op
types of the FunctionDefs TF saves (its tiled algorithm: while loops of primitive ops),
and, for each case, the boxes, scores and arguments and what TF's saved function returns.
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


def _boxes(rng, batch, n):
    """Clustered boxes, so that many overlap across and within tiles."""
    centers = rng.uniform(0, 4, (batch, n, 2))
    sizes = rng.uniform(0.5, 1.5, (batch, n, 2))
    return np.concatenate([centers - sizes / 2, centers + sizes / 2], -1).astype(np.float32)


_rng = np.random.default_rng(11)
# (name -> boxes, scores, max_output_size, iou_threshold, score_threshold, tile_size)
CASES = {
    "batch_tiles": (_boxes(_rng, 2, 40), _rng.uniform(0, 1, (2, 40)).astype(np.float32),
                    10, 0.5, float("-inf"), 8),
    "one_image": (_boxes(_rng, 1, 30)[0], _rng.uniform(0, 1, 30).astype(np.float32),
                  12, 0.3, 0.2, 4),
    "default_tile": (_boxes(_rng, 3, 25), _rng.uniform(0, 1, (3, 25)).astype(np.float32),
                     20, 0.6, float("-inf"), 512),
}


def function(boxes, scores, size, iou, score, tile):
    return tf.function(lambda b, s: tf.image.non_max_suppression_padded(
        b, s, size, iou_threshold=iou, score_threshold=score, pad_to_max_output_size=True,
        tile_size=tile), input_signature=[tf.TensorSpec(boxes.shape, tf.float32),
                                          tf.TensorSpec(scores.shape, tf.float32)])


def main() -> None:
    golden = {"cases": {}, "ops": []}
    ops = set()
    for name, (boxes, scores, *args) in CASES.items():
        m = tf.Module()
        m.f = function(boxes, scores, *args)
        d = tempfile.mkdtemp()
        tf.saved_model.save(m, d)
        sm = saved_model_pb2.SavedModel()
        with open(os.path.join(d, "saved_model.pb"), "rb") as f:
            sm.ParseFromString(f.read())
        ops |= {n.op for f in sm.meta_graphs[0].graph_def.library.function for n in f.node_def}
        idx, valid = tf.saved_model.load(d).f(boxes, scores)
        golden["cases"][name] = {"boxes": encode_array(boxes), "scores": encode_array(scores),
                                 "args": args, "indices": idx.numpy().tolist(),
                                 "num_valid": valid.numpy().tolist()}
    golden["ops"] = sorted(ops)
    write_json(os.path.join(HERE, "nms_padded_form.json"), golden, indent=1)


if __name__ == "__main__":
    main()
