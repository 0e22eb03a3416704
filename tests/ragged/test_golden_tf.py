"""eagerflow against real TensorFlow 2.21 on the API examples of golden_exprs.py (ragged
tensors, string splits, hashing; golden_ragtext.py's sections among them): results stored
in golden_tf.json by tf_golden.py."""

import json
import os

import pytest

import eagerflow as tf
from tests.gpu_target import on_recording_device
from tests.ragged import golden_exprs as G
from tests.ragged.evaluate import environment, evaluate

with open(os.path.join(os.path.dirname(__file__), "golden_tf.json"), encoding="utf-8") as _f:
    GOLDEN = json.load(_f)

CASES = [(section, e) for section, exprs in G.SECTIONS.items() for e in exprs]

# Expressions whose error is not worded as TF's, with why; each must still differ, so that
# a fix takes it out of here.
_CHECKS = ("TF's check compares other tensors than eagerflow's (rank-3 matmul's per-batch "
           "sizes, made in its map_fn), so the data lines of assert_equal's message differ")
KNOWN = {
    **dict.fromkeys([
        ("ragtext_dispatch", "tf.matmul(tf.ragged.constant([[[1., 2.], [3.]], [[1.]]]), rb3)"),
    ], _CHECKS),
    ("image_datasets", "image_batches(ids(shuffle=False, color_mode='grayscale', "
                       "label_mode='categorical'))"):
        "TF names the node of a dataset function's op under its Python function's scope "
        "(decode_image/DecodeImage)",
    ("image_datasets", "image_batches(ids(shuffle=False, color_mode='rgba', labels=None, "
                       "image_size=(3, 2)))"):
        "TF names the node of a dataset function's op under its Python function's scope "
        "(decode_image/DecodeImage)",
}


@pytest.fixture(scope="module")
def env():
    # TF recorded the goldens in a fresh process: Keras's automatic layer names
    # ("resizing_21") count from a cleared session here too, whatever ran before
    tf.keras.backend.clear_session()
    return environment(tf, G.PRELUDE)


@pytest.mark.parametrize("case", CASES, ids=[f"{s}:{e[:60]}" for s, e in CASES])
def test_matches_tensorflow(env, case):
    section, expr = case
    want = GOLDEN[section][expr]
    if case in KNOWN:
        assert evaluate(tf, env, expr) != want, f"worded as TF's now: take {case} out of KNOWN"
        pytest.skip(KNOWN[case])
    with on_recording_device(want, expr):
        assert evaluate(tf, env, expr) == want


def test_known_differences_are_cases():
    assert set(KNOWN) <= set(CASES)


def test_every_expression_has_a_golden_value():
    for section, exprs in G.SECTIONS.items():
        assert sorted(GOLDEN[section]) == sorted(exprs), section
