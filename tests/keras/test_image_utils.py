"""keras.utils.load_img / img_to_array / array_to_img / save_img: Keras 3's pixels,
shapes, dtypes and errors on a fixed image (image_utils_golden.json)."""

import json
from pathlib import Path

import numpy as np
import pytest

import eagerflow as tf
from tests.keras.image_utils_cases import CASES, make_image

pytest.importorskip("PIL")
GOLDEN = json.loads(Path(__file__).with_name("image_utils_golden.json").read_text())


def _plain(v):
    if isinstance(v, np.ndarray):
        return {"value": v.tolist(), "dtype": v.dtype.name, "shape": list(v.shape)}
    return {"value": list(v) if isinstance(v, tuple) else v}


def test_the_golden_file_covers_every_case():
    assert list(GOLDEN) == CASES


@pytest.mark.parametrize("expr", CASES)
def test_image_files_are_keras(expr, tmp_path):
    env = {"u": tf.keras.utils, "np": np, "path": make_image(tmp_path), "tmp": str(tmp_path)}
    try:
        got = _plain(eval(expr, env))
    except Exception as e:  # noqa: BLE001 (the class and message are compared)
        got = {"error": type(e).__name__, "message": str(e)}
    assert got == GOLDEN[expr]


def test_same_functions_in_keras_preprocessing_image():
    assert tf.keras.preprocessing.image.load_img is tf.keras.utils.load_img
    assert tf.keras.preprocessing.image.img_to_array is tf.keras.utils.img_to_array
