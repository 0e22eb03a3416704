"""eagerflow's gradients of complex inputs (complex_grad_cases.py) against TensorFlow 2.21's,
as recorded in complex_grad_golden.json by record_complex_grad_golden.py: for a holomorphic
op, TF's gradient is g * conj(f'(x)) (its conjugate was eagerflow's); the same dtypes and
shapes, None where TF has no gradient, values to the dtype's rounding."""

import json
from pathlib import Path

import numpy as np
import pytest

import eagerflow as tf
from tests.golden_io import decode_array
from tests.ops.complex_grad_cases import CASES

GOLDEN = json.loads((Path(__file__).parent / "complex_grad_golden.json").read_text())["cases"]

# Cases eagerflow still computes otherwise than TF (the reason each)
KNOWN: dict = {}


def test_golden_file_covers_every_case():
    assert sorted(GOLDEN) == sorted(CASES)


@pytest.mark.parametrize("traced", [False, True], ids=["eager", "traced"])
@pytest.mark.parametrize("name", sorted(CASES))
def test_matches_tensorflow(name, traced):
    """Eagerly, and traced: the tape's gradients in a tf.function's graph (TF's graph forms
    of the gradients, where they have their own) give the same values."""
    if name in KNOWN:
        pytest.xfail(KNOWN[name])
    case = CASES[name]
    got = tf.function(lambda: case(tf), autograph=False)() if traced else case(tf)
    want = GOLDEN[name]
    assert len(got) == len(want)
    for i, (g, w) in enumerate(zip(got, want)):
        where = f"{name}: output or gradient {i}"
        if w is None:
            assert g is None, f"{where}: TF has no gradient, eagerflow has {g}"
            continue
        assert g is not None, f"{where}: eagerflow has no gradient"
        g, w = np.asarray(g), decode_array(w)
        assert (g.dtype, g.shape) == (w.dtype, w.shape), where
        single = w.dtype in (np.complex64, np.float32)
        tol = 2e-5 if single else 1e-11
        np.testing.assert_allclose(g, w, rtol=tol, atol=tol, err_msg=where)
