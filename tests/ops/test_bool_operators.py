"""Python's operators with a bool tensor on either side against TF 2.21's recorded outcomes
(bool_operator_golden.json, by record_bool_operator_golden.py), eager and traced: which
compute (with TF's dtype and values) and which raise, with TF's error class and message
(the allowed-dtype lists compared as sets: eagerflow lists them in one order for every op,
TF in each op's own)."""

import json
import re
from pathlib import Path

import numpy as np
import pytest

import eagerflow as tf
from tests.ops.bool_operator_cases import outcomes

GOLDEN = json.loads((Path(__file__).parent / "bool_operator_golden.json").read_text())["cases"]

# where eagerflow's error class is not TF's, and why
KNOWN = [
    (r"\| (float|float_half|list_int|none) l \w+", "TF's `|` hands a failed call to the "
     "operand's `__ror__`, which these types lack: an AttributeError"),
]
# where eagerflow's message is not TF's (TF's, eagerflow's, why)
KNOWN_MESSAGES = [
    (r"Value for attr 'T' of uint8 .*\[Op:Pow\]", r"cannot compute Pow .*",
     "TF's Pow has no unsigned kernels; eagerflow's computes them (docs/capabilities.md)"),
    (r"Value for attr 'T' of .*\[Op:(AddV2|FloorDiv|MatMul|Abs|Pow)\]",
     r"Value for attr 'T' of .*\[Op:(AddV2|FloorDiv|MatMul|Abs|Pow)\]",
     "the op's dtypes are not TF's list: eagerflow's AddV2 adds strings (TF's Add does), "
     "Abs and Pow compute unsigned ints; TF's FloorDiv and MatMul list dtypes its CPU has "
     "no kernel for (docs/capabilities.md)"),
]


def _allowed_as_set(message):
    return re.sub(r"(allowed values: )([^\n]*)",
                  lambda m: m.group(1) + ", ".join(sorted(m.group(2).split(", "))), message)


@pytest.fixture(scope="module")
def results():
    return outcomes(tf)


def test_every_recorded_case_is_run(results):
    assert sorted(results) == sorted(GOLDEN)


@pytest.mark.parametrize("key", sorted(GOLDEN))
def test_outcome_matches_tf(results, key):
    want, got = GOLDEN[key], results[key]
    for pattern, why in KNOWN:
        if re.fullmatch(pattern, key):
            assert got.get("error") != want.get("error"), f"fixed? remove KNOWN {pattern!r}"
            pytest.skip(why)
    if "error" in want:
        assert got.get("error") == want["error"], got
        for theirs, ours, why in KNOWN_MESSAGES:
            if re.fullmatch(theirs, want["message"], re.S) and \
                    re.fullmatch(ours, got["message"], re.S):
                pytest.skip(why)
        assert _allowed_as_set(got["message"]) == _allowed_as_set(want["message"])
    else:  # (as JSON text, so a NaN value equals the recorded NaN)
        assert json.dumps(got, sort_keys=True) == json.dumps(want, sort_keys=True), got


def test_bool_product_is_tfs_cast_product():
    # TF's `*` casts to int32 first: a float below 1 truncates to 0
    b = tf.constant([True, True, False])
    np.testing.assert_array_equal((b * tf.constant([0.5, 2.0, 3.0])).numpy(), [False, True, False])
    assert (b * 0.9).dtype == tf.bool and not (b * 0.9).numpy().any()
    with tf.GradientTape() as tape:  # (no gradient through the casts, as in TF)
        x = tf.constant([1.5, 2.0])
        tape.watch(x)
        y = tf.constant([True, False]) * x
    assert tape.gradient(y, x) is None
