"""Records image_bad_color_cases.py as TF 2.21 runs them into image_bad_color_golden.json:
each case's first pixel (as the PNG decodes) or its error class and message. TF takes
bad_color as a TensorProto attr: ints go into a uint8 proto's int values (protobuf refuses
one beyond int32), floats into a float proto, bools into a bool proto.

Run: $EAGERFLOW_TF_PYTHON tests/summary/record_image_bad_color_golden.py
"""

from __future__ import annotations

import os
import sys

os.environ.setdefault("TF_CPP_MIN_LOG_LEVEL", "3")
ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
sys.path.insert(0, ROOT)

import numpy as np  # noqa: E402
import tensorflow as tf  # noqa: E402
from tensorflow.core.framework import tensor_pb2, types_pb2  # noqa: E402

from tests.golden_io import write_json  # noqa: E402
from tests.summary.image_bad_color_cases import CASES  # noqa: E402


def proto(value):
    arr = np.asarray(value)
    kind = arr.dtype.kind if arr.size else "i"
    p = tensor_pb2.TensorProto(dtype={"i": types_pb2.DT_UINT8, "f": types_pb2.DT_FLOAT,
                                      "b": types_pb2.DT_BOOL}[kind])
    for d in arr.shape:
        p.tensor_shape.dim.add(size=d)
    flat = arr.reshape(-1).tolist()
    {"i": p.int_val, "f": p.float_val, "b": p.bool_val}[kind].extend(flat)
    return p


def image(kind):
    if kind == "uint8":
        return np.zeros((1, 2, 2, 3), np.uint8)
    return np.full((1, 2, 2, 3), np.nan, np.float32)


def run(value, kind):
    try:
        color = proto(value)
        with tf.Graph().as_default():
            s = tf.raw_ops.ImageSummary(tag="t", tensor=image(kind), max_images=3,
                                        bad_color=color)
            with tf.compat.v1.Session() as sess:
                raw = sess.run(s)
    except tf.errors.OpError as e:
        return {"error": [type(e).__name__, e.message.split("\n")[-2]]}
    except Exception as e:  # noqa: BLE001 (protobuf's own refusal)
        return {"error": [type(e).__name__, str(e)]}
    png = tf.compat.v1.Summary.FromString(raw).value[0].image.encoded_image_string
    return {"pixel": tf.io.decode_png(png).numpy()[0, 0].tolist()}


if __name__ == "__main__":
    out = {k: run(v, kind) for k, (v, kind) in CASES.items()}
    write_json(os.path.join(os.path.dirname(os.path.abspath(__file__)),
                            "image_bad_color_golden.json"), out, indent=1, sort_keys=True)
