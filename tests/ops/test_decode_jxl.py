"""tf.io.decode_jxl (TF's DecodeJxl) and JPEG XL under every decode op, against TF 2.21's
recorded pixels and errors (jxl_golden.json, by record_jxl_golden.py from jxl_cases.py)."""

import base64
import json
from pathlib import Path

import numpy as np
import pytest

import eagerflow as tf
from tests.golden_io import call_outcomes, decode_array, eager_body
from tests.ops.jxl_cases import calls, traced_shapes

pytest.importorskip("imagecodecs")
GOLDEN = json.loads((Path(__file__).parent / "jxl_golden.json").read_text())
FILES = {k: base64.b64decode(v) for k, v in GOLDEN["files"].items()}
# libjxl's conversion of a lossy or 16-bit image to 8 bits differs between its versions by
# one level (TF's libjxl and imagecodecs' are not the same release)
WITHIN_ONE = ("lossy/", "deep/")


@pytest.fixture(scope="module")
def outcomes():
    return call_outcomes(calls(tf, FILES))


@pytest.mark.parametrize("case", sorted(GOLDEN["cases"]))
def test_case_as_tf(outcomes, case):
    want, got = GOLDEN["cases"][case], outcomes[case]
    if "error" in want:
        assert "error" in got, f"{case}: TF raised {want['error']}: {want['message']}"
        assert got["error"] == want["error"]
        assert eager_body(got["message"]) == eager_body(want["message"])
        return
    assert "value" in got, f"{case}: {got.get('error')}: {got.get('message')}"
    (expect,), (value,) = [decode_array(v) for v in want["value"]], got["value"]
    assert (value.dtype, value.shape) == (expect.dtype, expect.shape)
    if case.startswith(WITHIN_ONE):
        assert np.abs(value.astype(int) - expect.astype(int)).max() <= 1
    else:
        np.testing.assert_array_equal(value, expect)


def test_traced_shapes_as_tf():
    assert json.loads(json.dumps(traced_shapes(tf))) == GOLDEN["traced"]


def test_decode_jxl_in_a_function_and_dataset():
    f = tf.function(lambda x: tf.io.decode_jxl(x, channels=4))
    np.testing.assert_array_equal(f(FILES["rgba"]), tf.io.decode_jxl(FILES["rgba"]))
    ds = tf.data.Dataset.from_tensor_slices([FILES["rgb"], FILES["rgb"]]).map(tf.io.decode_jxl)
    assert [x.shape for x in ds] == [(5, 7, 3), (5, 7, 3)]
