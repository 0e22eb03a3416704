"""Every public function of TF's tensor namespaces, called with NumPy arrays and nested
Python lists instead of tensors, as TF 2.21 answers (numpy_input_sweep_cases.py says how;
numpy_input_sweep_golden.json is TF's record, made by record_numpy_input_sweep.py).

A call matches TF's as in test_api_sweep.py: the same dtype, shape and values (floats to
four digits), or the same error class and first line. A function that still differs is
listed in KNOWN with why.
"""

from __future__ import annotations

import json
import warnings
from pathlib import Path

import numpy as np
import pytest

import eagerflow as tf
from tests import sweeps
from tests.core.numpy_input_sweep_cases import cases, outcome

GOLDEN = json.loads(Path(__file__).with_name("numpy_input_sweep_golden.json").read_text())
TEXTS = GOLDEN["texts"]
PLAN = {row[0]: row for row in GOLDEN["plan"]}

# function -> why some of its calls still differ from TF's.
KNOWN: dict = {
}


def differences(full: str) -> list:
    _, n, shapes, want = PLAN[full]
    texts = dict(zip(cases([[full, n, shapes]]), (TEXTS[i] for i in want)))
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", np.exceptions.ComplexWarning)
        return sweeps.differences(texts, texts.get, sweeps.on_cpu(tf, outcome))


@pytest.mark.parametrize("full", sorted(PLAN))
def test_calls_answer_as_tfs(full: str) -> None:
    sweeps.check_known(full, differences(full), KNOWN)


def test_known_entries_are_planned() -> None:
    assert not set(KNOWN) - set(PLAN)


# -- the findings the sweep generalizes, each as TF 2.21 answers it --

def test_rgb_hsv_take_a_float64_array_as_float32() -> None:
    x = np.full((2, 2, 3), 0.5)
    assert tf.image.rgb_to_hsv(x).dtype == tf.float32
    assert tf.image.hsv_to_rgb(x).dtype == tf.float32
    # a float64 tensor keeps its dtype
    assert tf.image.rgb_to_hsv(tf.constant(x)).dtype == tf.float64


def test_max_pool2d_takes_a_float64_array_as_float32() -> None:
    out = tf.nn.max_pool2d(np.ones((1, 3, 3, 1)), 2, 1, "SAME")
    assert out.dtype == tf.float32 and out.shape == (1, 3, 3, 1)
    assert tf.nn.max_pool2d(tf.constant(np.ones((1, 3, 3, 1))), 2, 1, "SAME").dtype == \
        tf.float64


def test_fft_takes_a_complex128_array_as_complex64() -> None:
    out = tf.signal.fft(np.ones(4, np.complex128))
    assert out.dtype == tf.complex64
    np.testing.assert_allclose(out.numpy(), [4, 0, 0, 0])
    assert tf.signal.fft(tf.constant(np.ones(4, np.complex128))).dtype == tf.complex128


def test_non_max_suppression_takes_float64_arrays() -> None:
    out = tf.image.non_max_suppression(np.array([[0, 0, 1, 1.]]), np.array([0.5]), 1)
    assert out.dtype == tf.int32 and out.numpy().tolist() == [0]
    with pytest.raises(tf.errors.InvalidArgumentError, match="Value for attr 'T' of double"):
        tf.image.non_max_suppression(tf.constant([[0, 0, 1, 1.]], tf.float64),
                                     tf.constant([0.5], tf.float64), 1)


if __name__ == "__main__":  # python -m tests.core.test_numpy_input_sweep tf.add ...
    import sys

    for name in sys.argv[1:] or sorted(KNOWN):
        for line in differences(name):
            print(f"{name} {line}")
