"""tf.image, tf.signal, tf.linalg and tf.math on small user programs, against TensorFlow
2.21's recorded outcomes (mathprobe_golden.json, written by record_mathprobe.py from
mathprobe_cases.py): results' dtypes, shapes and values (bit for bit, or within float
tolerances for the groups of LAPACK and FFT results), errors' classes and messages."""

import json
import math
import sys
from pathlib import Path

import numpy as np
import pytest

import eagerflow as tf
from tests.ops.mathprobe_cases import GROUPS, TOLERANT, run

GOLDEN = json.loads((Path(__file__).resolve().parent / "mathprobe_golden.json").read_text())
# float32 and complex64 results within these of TF's; float64's within 1e-9 and 1e-12
_RTOL, _ATOL = 1e-4, 5e-6


# Cases of exact groups whose last bit is not yet TF's, with why: compared within tolerance
_LAST_BIT = {
    # (tf.norm of complex is TF's sqrt(reduce_sum(x * conj(x))); that complex64 sum adds in
    # NumPy's order, not Eigen's complex packets': 1 ulp here, most random norms TF's bits)
    "norm c64": "complex64 sums in NumPy's order",
}


@pytest.fixture(scope="module")
def got() -> dict:
    with tf.device("/CPU:0"):  # (TF's recordings are its CPU's: its kernels, its device names)
        return run(tf)


def _close(got: object, want: object) -> bool:
    """Whether a recorded outcome matches, floats within their dtype's tolerance."""
    if isinstance(want, dict) and "values" in want and isinstance(got, dict):
        rest = {k: v for k, v in want.items() if k != "values"}
        if {k: v for k, v in got.items() if k != "values"} != rest or "values" not in got:
            return False
        a, b = np.array(got["values"], float), np.array(want["values"], float)
        wide = want["dtype"] not in ("float64", "complex128")
        rtol, atol = (_RTOL, _ATOL) if wide else (1e-9, 1e-12)
        return a.shape == b.shape and bool(np.allclose(a, b, rtol=rtol, atol=atol,
                                                       equal_nan=True))
    if isinstance(want, list) and isinstance(got, list):
        return len(got) == len(want) and all(_close(g, w) for g, w in zip(got, want))
    return got == want


def _same(got: object, want: object) -> bool:
    """Exact equality, NaN equal to NaN."""
    if isinstance(want, float) and isinstance(got, float):
        return got == want or (math.isnan(got) and math.isnan(want))
    if isinstance(want, dict) and isinstance(got, dict):
        return got.keys() == want.keys() and all(_same(got[k], want[k]) for k in want)
    if isinstance(want, list) and isinstance(got, list):
        return len(got) == len(want) and all(_same(g, w) for g, w in zip(got, want))
    return got == want


@pytest.mark.parametrize("group", list(GROUPS))
def test_group_answers_as_tf(got: dict, group: str) -> None:
    want, have = GOLDEN["cases"][group], got[group]
    assert list(have) == list(want), "the group's cases are not the recorded ones"
    if group in TOLERANT:
        bad = [k for k in want if not _close(have[k], want[k])]
    else:
        bad = [k for k in want if not (_close if k in _LAST_BIT else _same)(have[k], want[k])]
    assert not bad, "\n".join(f"{k}:\n  got  {have[k]}\n  want {want[k]}"[:2000] for k in bad)


def test_deprecation_notices_name_tfs_caller(caplog: pytest.LogCaptureFixture) -> None:
    """TF 2.21's notices (recorded from TF): accumulate_n's, and resize_area's, which names
    the caller's line (TF's generated function has no dispatch wrapper of its own)."""
    from eagerflow._src.core import tf_logging

    tf_logging._deprecations_shown.difference_update({"accumulate_n", "resize_area"})
    with caplog.at_level("WARNING", logger="tensorflow"):
        tf.math.accumulate_n([tf.constant([1.0]), tf.constant([2.0])])
        line = sys._getframe().f_lineno + 1
        tf.compat.v1.image.resize_area(tf.ones([1, 2, 2, 1]), [1, 1])
    notices = [r.getMessage() for r in caplog.records]
    assert notices[0].endswith(
        ": accumulate_n (from tensorflow.python.ops.math_ops) is deprecated and will be "
        "removed in a future version.\nInstructions for updating:\nUse `tf.math.add_n` Instead")
    assert notices[1] == (
        f"From {__file__}:{line}: resize_area (from tensorflow.python.ops.gen_image_ops) is "
        "deprecated and will be removed in a future version.\nInstructions for updating:\n"
        "Use `tf.image.resize(...method=ResizeMethod.AREA...)` instead.")
