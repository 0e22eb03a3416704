"""Edge cases of tf.debugging's asserts, tf.math, tf.io decoding, tf.image and tf.signal
against TF 2.21's recorded outcomes (`<suite>_golden.json`, by record_edges.py from the
expressions of `<suite>_cases.py`): values, or the error's class and message.

Image and signal values are compared to within 2 float32 ulps: TF's cosine is Eigen's
polynomial, NumPy's another, and they round the last bit differently."""

import ast
import importlib
import json
import os

import numpy as np
import pytest

import eagerflow as tf
from tests.golden_io import recorded_outcome
from tests.gpu_target import on_recording_device
from tests.ops.assert_messages_cases import outcome
from tests.ops.record_edges import SUITES

HERE = os.path.dirname(__file__)
NEAR = {"image_edges", "signal_edges"}  # (values within 2 ulps)


def _cases() -> list:
    out = []
    for suite in SUITES:
        with open(os.path.join(HERE, f"{suite}_golden.json")) as f:
            golden = json.load(f)["cases"]
        cases = importlib.import_module(f"tests.ops.{suite}_cases").CASES
        out += [pytest.param(suite, c, golden[c], id=f"{suite}:{c}") for c in cases]
    return out


@pytest.mark.parametrize("suite, case, want", _cases())
def test_matches_tf(suite, case, want):
    with on_recording_device(case, want):
        got = recorded_outcome(outcome(tf, case))
    if suite in NEAR and "value" in want and "value" in got and case.endswith(".tolist()"):
        np.testing.assert_allclose(ast.literal_eval(got["value"]),
                                   ast.literal_eval(want["value"]), rtol=2.4e-7, atol=6e-8)
    else:
        assert got == want


def test_format_of_a_sparse_tensor_is_tfs_conversion_error():
    # was: a RecursionError between the ragged handler and the dense form; TF 2.21 raises
    # its ValueError (whose message names its own SparseTensor class path)
    with pytest.raises(ValueError, match=r"^Attempt to convert a value \(SparseTensor\("):
        tf.strings.format("{}", tf.sparse.SparseTensor([[0]], [1], [2]))
