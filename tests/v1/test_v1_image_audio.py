"""tf.compat.v1.summary.image and .audio as TF 2.21 (golden/v1_image_audio.json, recorded
by record_image_audio_golden.py from image_audio_programs.py): the Summary each run
gives (tags, sizes, colorspaces, the PNG and WAV bytes), node names and collections,
float images scaled into uint8 with non-finite pixels in bad_color, the input
conversions, build-time and run-time errors, TF 2.21's eager refusal of ImageSummary."""

import json
import sys
from pathlib import Path

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from hypothesis.extra import numpy as hnp

from eagerflow._src.summary import media_ops
from tests.v1.record_image_audio_golden import run

GOLDEN = json.loads((Path(__file__).parent / "golden" / "v1_image_audio.json").read_text())


@pytest.fixture(scope="module")
def ours():
    return run(sys.executable, "eagerflow")


@pytest.mark.parametrize("case", sorted(GOLDEN))
def test_case(ours, case):
    assert ours[case] == GOLDEN[case]


@settings(max_examples=40, deadline=None)
@given(hnp.arrays(np.float32, hnp.array_shapes(min_dims=3, max_dims=3, max_side=4).map(
    lambda s: s[:2] + (3,)), elements=st.floats(-1e4, 1e4, width=32) | st.just(np.nan)))
def test_normalized_pixels_span_the_range(img):
    """The scaling keeps the finite values' order and sends the largest magnitude to an
    end of the range (255, or 1 for a negative one around 128); a pixel with a NaN channel
    takes bad_color."""
    out = media_ops.normalize(img, media_ops.BAD_COLOR)
    finite = np.isfinite(img).all(axis=2)
    assert (out[~finite] == np.array([255, 0, 0], np.uint8)).all()
    vals, px = img[finite].ravel(), out[finite].ravel().astype(int)
    order = np.argsort(vals, kind="stable")
    assert (np.diff(px[order]) >= 0).all()
    if vals.size and np.abs(vals).max() >= 1e-6:
        top = np.argmax(np.abs(vals))
        assert px[top] in ((0, 1) if vals[top] < 0 else (254, 255))


def test_eager_calls_forward_to_the_default_writer(tmp_path):
    """Eagerly, with a default writer and a step, they write through tf.summary (TF's TF 2
    forwarding, at the root name scope: the tags are the names, as TF 2.21 writes them)
    and return b""."""
    import eagerflow as tf
    with tf.summary.create_file_writer(str(tmp_path)).as_default(step=3):
        img = tf.compat.v1.summary.image("pic", np.zeros((1, 2, 2, 3), np.uint8))
        snd = tf.compat.v1.summary.audio("snd", np.zeros((1, 4), np.float32), 8000)
        tf.compat.v1.summary.scalar("sc", 1.0)
    assert img.numpy() == b"" and snd.numpy() == b""
    tags = {v.tag for f in tmp_path.iterdir()
            for e in tf.compat.v1.train.summary_iterator(str(f)) for v in e.summary.value}
    assert tags == {"pic", "snd", "sc"}
