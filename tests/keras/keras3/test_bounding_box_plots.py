"""keras.visualization's bounding boxes: with OpenCV installed, each case prints what TF
2.21 + Keras 3 printed (bounding_box_golden.json, from make_bounding_box_golden.py):
boxes, labels and confidences drawn over images (pixels compared by hash), their
formats and errors, and galleries of them (with matplotlib too); without OpenCV,
drawing raises Keras 3's ImportError."""

import json
import os
import re
import sys

import numpy as np
import pytest

import eagerflow as tf
from tests.golden_io import printed_by

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
import bounding_box_cases as C  # noqa: E402

GOLDEN = json.load(open(os.path.join(HERE, "bounding_box_golden.json")))


def run(code: str, plt: object) -> str:
    return printed_by(C.PRELUDE + code, {"keras": tf.keras, "np": np, "plt": plt})


# An image's pixel sum and hash, as the cases print them: OpenCV's text rendering changes
# between its releases (5.0 -> 5.1 moved the labels' pixels), so another OpenCV than the
# recording's is held to everything but the pixels
_PIXELS = re.compile(r"\d+, '[0-9a-f]{16}'\)")


def comparable(printed: str, name: str) -> tuple:
    """(what eagerflow printed, what Keras 3 printed), pixels masked under another OpenCV."""
    import cv2

    want = GOLDEN["cases"][name]
    if cv2.__version__ != GOLDEN["opencv"]:
        printed, want = _PIXELS.sub("<pixels>)", printed), _PIXELS.sub("<pixels>)", want)
    return printed, want


@pytest.mark.parametrize("name", sorted(C.DRAW))
def test_draws_boxes_as_keras3(name):
    pytest.importorskip("cv2")
    printed, want = comparable(run(C.DRAW[name], None), name)
    assert printed == want


@pytest.mark.parametrize("name", sorted(C.PLOT))
def test_plots_box_galleries_as_keras3(name):
    pytest.importorskip("cv2")
    matplotlib = pytest.importorskip("matplotlib")
    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    printed, want = comparable(run(C.PLOT[name], plt), name)
    assert printed == want


def test_without_opencv_drawing_raises_keras3s_import_error(monkeypatch):
    monkeypatch.setitem(sys.modules, "cv2", None)  # (import fails)
    with pytest.raises(ImportError, match=r"^The `draw_bounding_boxes` function requires the "
                                          r"`cv2` package  \(OpenCV\)\. Please install it with "
                                          r"`pip install opencv-python`\.$"):
        tf.keras.visualization.draw_bounding_boxes(np.zeros((1, 4, 4, 3)), {}, "xyxy")


def test_without_matplotlib_the_gallery_raises_keras3s_import_error(monkeypatch):
    monkeypatch.setitem(sys.modules, "matplotlib", None)
    with pytest.raises(ImportError, match="^The `plot_bounding_box_gallery` function requires "
                                          "the  `matplotlib` package. Please install it with  "
                                          "`pip install matplotlib`.$"):
        tf.keras.visualization.plot_bounding_box_gallery(np.zeros((1, 4, 4, 3)), "xyxy")
