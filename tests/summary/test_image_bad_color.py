"""ImageSummary's `bad_color` as TF 2.21 takes it (image_bad_color_golden.json, recorded by
record_image_bad_color_golden.py): values past uint8 keep their low 8 bits, values past
int32 refused as the proto refuses them, another type or rank refused before any input is
looked at, a short one only for float images; eagerly, and in a TF 1 Session (the error
when the op runs). Was: an OverflowError from NumPy, only when a pixel took the color."""

import json
import re
from pathlib import Path

import numpy as np
import pytest

import eagerflow as tf
from eagerflow._src.ops.dispatch import bind
from eagerflow._src.summary import media_ops
from tests.summary.image_bad_color_cases import CASES

GOLDEN = json.loads((Path(__file__).parent / "image_bad_color_golden.json").read_text())
ERRORS = {"InvalidArgumentError": tf.errors.InvalidArgumentError, "ValueError": ValueError}


def image(kind):
    if kind == "uint8":
        return np.zeros((1, 2, 2, 3), np.uint8)
    return np.full((1, 2, 2, 3), np.nan, np.float32)


def first_pixel(summary):
    png = tf.compat.v1.Summary.FromString(summary).value[0].image.encoded_image_string
    return tf.io.decode_png(png).numpy()[0, 0].tolist()


def summarize(value, kind):
    return bind(media_ops.IMAGE_SUMMARY, (tf.constant("t"), tf.constant(image(kind))),
                {"max_images": 3, "bad_color": value})


@pytest.mark.parametrize("key", sorted(CASES))
def test_eager(key):
    value, kind = CASES[key]
    want = GOLDEN[key]
    if "pixel" in want:
        assert first_pixel(summarize(value, kind).numpy()) == want["pixel"]
        return
    cls, msg = want["error"]
    with pytest.raises(ERRORS[cls]) as e:
        summarize(value, kind)
    assert type(e.value) is ERRORS[cls]
    assert msg in str(e.value)


@pytest.mark.parametrize("key", ["over_255", "short", "float_uint8_image", "matrix"])
def test_session(key):
    value, kind = CASES[key]
    want = GOLDEN[key]
    with tf.Graph().as_default():
        s = summarize(value, kind)  # (TF's checks are the kernel's: the graph builds)
        with tf.compat.v1.Session() as sess:
            if "error" in want:
                msg = re.escape(want["error"][1])
                with pytest.raises(tf.errors.InvalidArgumentError, match=msg):
                    sess.run(s)
                return
            raw = sess.run(s)
    assert first_pixel(raw) == want["pixel"]


def test_not_a_number():
    with pytest.raises(TypeError, match="Don't know how to convert 'red' to a TensorProto "
                                        "for argument 'bad_color'"):
        summarize("red", "float")


def test_graph_import_keeps_the_attr():
    """A TF graph's float bad_color reaches the kernel as it is, to be refused as TF does."""
    from types import SimpleNamespace
    node = SimpleNamespace(inputs=(tf.constant("t"), tf.constant(image("float"))),
                           attrs={"max_images": 3,
                                  "bad_color": np.array([1, 0, 0, 1], np.float32)})
    with pytest.raises(tf.errors.InvalidArgumentError, match="bad_color must be uint8, got "
                                                             "float"):
        media_ops._image_from_tf(node)
    node.attrs["bad_color"] = np.array([9, 8, 7, 6], np.uint8)
    assert first_pixel(media_ops._image_from_tf(node).numpy()) == [9, 8, 7]
