"""Graph constants as the axis, size, shape and count arguments of API functions inside
a tf.function, against what TF 2.21 recorded (golden/const_args.json, written by
make_const_args_golden.py over const_arg_cases.py): the static shapes TF's shape
inference gives, the values, and TF's errors where its wrapper compares the argument
with Python ints or takes it as an op attr. Each case reads its constant explicitly
(ops/checks.py: known) or builds the dynamic op; a symbolic tensor has no value for
anyone, eagerflow's own code included."""

from __future__ import annotations

import json
from pathlib import Path

import numpy as np
import pytest

import eagerflow as tf
from tests.function import const_arg_cases

GOLDEN = json.loads((Path(__file__).parent / "golden" / "const_args.json").read_text())

# Static shapes eagerflow's shape inference knows otherwise than TF's here (as it did
# before graph constants were Const nodes; values equal TF's): rot90 of a known k
# (TF's goes through a case, its dims unknown), and unsorted_segment_join,
# RaggedTensor.to_tensor and sobol_sample, whose sizes TF's infers from the constants.
STATIC_SHAPE_DIFFERS = {"image_signal", "strings", "ragged_rows", "sobol"}


def _compatible(got, want):
    if isinstance(want, list) and want and isinstance(want[0], list):
        return len(got) == len(want) and all(_compatible(g, w) for g, w in zip(got, want))
    return tf.TensorShape(got).is_compatible_with(tf.TensorShape(want))


def _close(got, want):
    if isinstance(want, list):
        assert isinstance(got, list) and len(got) == len(want)
        for g, w in zip(got, want):
            _close(g, w)
    elif isinstance(want, dict) and "value" in want:
        assert (got["dtype"], got["shape"]) == (want["dtype"], want["shape"])
        np.testing.assert_allclose(np.asarray(got["value"], dtype=float),
                                   np.asarray(want["value"], dtype=float), rtol=1e-6,
                                   atol=1e-6)
    else:
        assert got == want


@pytest.mark.parametrize("case", sorted(const_arg_cases.CASES))
def test_case_is_tfs(case):
    got, want = const_arg_cases.run_case(tf, const_arg_cases.CASES[case]), GOLDEN[case]
    if "error" in want:
        assert got == want
        return
    assert "error" not in got, got
    if case in STATIC_SHAPE_DIFFERS:
        assert _compatible(got["shapes"], want["shapes"])
    else:
        assert got["shapes"] == want["shapes"]
    _close(got["values"], want["values"])


def test_golden_covers_every_case():
    assert sorted(GOLDEN) == sorted(const_arg_cases.CASES)


def test_symbolic_tensor_has_no_value_for_eagerflow_code():
    """The dunders behave the same whoever calls them: an op wrapper given a constant
    reads it through C.known, and a tensor known only at run time stays a tensor."""
    from eagerflow._src.ops import checks as C

    seen = {}

    @tf.function(autograph=False)
    def f(x):
        c = tf.constant([2, 3])
        seen["known"] = C.known(c)
        seen["unknown"] = C.known(x)
        # (TF 2.21's message: its SymbolicTensor has no __int__, Python words it)
        with pytest.raises(TypeError, match="int\\(\\) argument must be a string, a "
                           "bytes-like object or a real number, not 'SymbolicTensor'"):
            int(tf.constant(1))
        with pytest.raises(NotImplementedError, match="Cannot convert a symbolic tf.Tensor"):
            np.asarray(c)
        with pytest.raises(AttributeError, match="has no attribute 'numpy'"):
            c.numpy()
        with pytest.raises(tf.errors.OperatorNotAllowedInGraphError):
            bool(tf.constant(True))
        return x

    x = tf.constant(1.0)
    f(x)
    np.testing.assert_array_equal(seen["known"], [2, 3])
    assert isinstance(seen["unknown"], tf.Tensor) and seen["unknown"].dtype == tf.float32
