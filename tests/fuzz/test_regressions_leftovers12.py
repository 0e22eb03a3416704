"""Regression tests for the earlier rounds' left-alone differences (leftovers12), each
matched at its root and recorded from TF 2.21 (record_leftovers12.py: the error class and
whole message, or the result's dtype, shape and values).

- Eager errors' " name: " (leftovers12_cases.py says how TF's wrappers decide it), found by
  a sweep of every public function of TF's tensor namespaces given lists, NumPy scalars,
  strings and tensors of refused dtypes, with and without a name.
- A name ending in "]" (name=['a']) is worded once: eagerflow's wording had read a message
  ending in "]" as one not yet worded.
- DecodeBase64 reads whole groups of four before the last: "%" is the length's error.
- MatrixBandPart has no CPU kernel for strings: TF's NotFoundError, before the shape check.
- (fractional_avg_pool of a bool tensor and too short a pooling_ratio: TF names the attr
  its attr map yields first, which changes with the process's history (T, then
  pooling_ratio's length, in two recordings of one script); not recorded.)
- (decode_json_example's parse errors are protobuf's JSON parser's, which TF's build words
  with whitespace of its own choosing: only the name part of such a call is compared.)
"""

from __future__ import annotations

import json
import re
from pathlib import Path

import numpy as np
import pytest
from leftovers12_cases import KERNEL_CASES, NAME_CASES
from recorded import outcome

import eagerflow as tf

GOLDEN = json.loads(Path(__file__).with_name("leftovers12_golden.json").read_text())
# (protobuf's JSON error text: the message differs, the op's wording of its end does not)
_JSON_PARSE = re.compile(r"\}\} .* \[Op:DecodeJSONExample\]", re.S)


def _full(source: str) -> list:
    """As record_leftovers12.full: the error's whole message."""
    try:
        value = eval(source, {"tf": tf, "np": np})
    except Exception as e:  # noqa: BLE001 - the error is the recorded answer
        return ["raise", type(e).__name__, str(e)]
    return json.loads(json.dumps(outcome(lambda: value), default=repr))


def _comparable(source: str, got: list) -> list:
    if "decode_json_example" in source and got[0] == "raise":
        return got[:2] + [_JSON_PARSE.sub("}} <JSON error> [Op:DecodeJSONExample]", got[2])]
    return got


@pytest.mark.parametrize("source", NAME_CASES + KERNEL_CASES)
def test_as_tf(source):
    assert _comparable(source, _full(source)) == _comparable(source, GOLDEN[source])


def test_name_scoped_functions_name_nothing_while_traced_errors_keep_theirs():
    # (a traced function's error is the graph's, not the eager wrapper's: no " name: ")
    @tf.function
    def f(x):
        return tf.abs(x, name="nm")

    with pytest.raises(TypeError, match="Value passed to parameter 'x' has DataType bool"):
        f(tf.constant([True]))
