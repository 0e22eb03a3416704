"""Keras 3's quantization: each case prints what TF 2.21 + Keras 3 printed
(quantize_golden.json, from make_quantize_golden.py): the quantization configs and
quantized dtype policies (configs, reprs, errors), `Model.quantize` and the quantized
Dense and Embedding (their variables' names, paths, dtypes and values, outputs, summary,
config, errors), training a quantized model, and saving and loading one (.keras and
.weights.h5)."""

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
import quantize_cases as C  # noqa: E402

GOLDEN = json.load(open(os.path.join(HERE, "quantize_golden.json")))


def run(code: str, tmp: str) -> str:
    tf.keras.backend.clear_session()
    return printed_by(C.PRELUDE + code, {"tf": tf, "keras": tf.keras, "np": np, "tmp": tmp})


_NUMBER = re.compile(r"-?\d+\.\d*(?:e[-+]?\d+)?")


def same_up_to_float_rounding(got: str, expected: str) -> bool:
    """The printed outputs agree: the text outside decimal numbers exactly (integers,
    the quantized values, included), each decimal number to float32 tolerance, as TF's
    and NumPy's float32 matmuls may round the last place differently. A last-place
    difference can also move a value rounded for printing to the next printed step
    (0.04795 printed to 4 places: 0.048 or 0.0479), so one step of the places a line's
    numbers show is allowed too."""
    if _NUMBER.split(got) != _NUMBER.split(expected):
        return False
    return all(_line_agrees(x, y) for x, y in zip(got.splitlines(), expected.splitlines()))


def _line_agrees(got: str, expected: str) -> bool:
    a_text, b_text = _NUMBER.findall(got), _NUMBER.findall(expected)
    if not a_text:
        return True
    a = np.array([float(v) for v in a_text])
    b = np.array([float(v) for v in b_text])
    step = 10.0 ** -max(_places(v) for v in a_text + b_text)
    return bool(np.all(np.abs(a - b) <= np.maximum(2e-5 + 1e-5 * np.abs(b), step * 1.001)))


def _places(number: str) -> int:
    """The decimal places a printed number shows (its mantissa's, exponent aside)."""
    mantissa, _, exponent = number.partition("e")
    return len(mantissa.split(".")[1]) - int(exponent or 0)


@pytest.mark.parametrize("name", sorted(C.SNIPPETS))
def test_quantizes_as_keras3(name, tmp_path):
    if "h5py" in C.SNIPPETS[name] or ".weights.h5" in C.SNIPPETS[name]:
        pytest.importorskip("h5py")  # (.weights.h5 files, and reading them back)
    got = run(C.SNIPPETS[name], str(tmp_path))
    assert got == GOLDEN[name] or same_up_to_float_rounding(got, GOLDEN[name]), got


def test_the_comparison_tells_values_apart():
    assert same_up_to_float_rounding("a [1.00001, 2] b", "a [1.0, 2] b")
    assert not same_up_to_float_rounding("a [1.001, 2.00001] b", "a [1.0, 2.00001] b")
    # a value printed to 4 places across a rounding step, not two steps or at 5 places
    assert same_up_to_float_rounding("a [0.048, 1.5] b", "a [0.0479, 1.5] b")
    assert not same_up_to_float_rounding("a [0.0481, 1.5] b", "a [0.0479, 1.5] b")
    assert not same_up_to_float_rounding("a [0.048, 1.00001] b", "a [0.0479, 1.00001] b")
    assert not same_up_to_float_rounding("a [1.0, 3] b", "a [1.0, 2] b")
    assert not same_up_to_float_rounding("a [1.0] c", "a [1.0] b")
