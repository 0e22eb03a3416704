"""Array-likes through `__array__` (a pandas DataFrame or Series) as TF 2.21 and Keras 3.15
take them: convert_to_tensor converts the array `__array__()` gives, keeping its dtype
(before: eagerflow read a sequence-like one element by element, int64 becoming int32 and
float64 float32, and refused one that is no sequence); tf.function takes one as that
tensor (before: a Python object, by identity); a Keras layer converts one, and
fit/evaluate/predict slice a DataFrame as an array and a Series as one column (before: a
DataFrame was iterated as a generator, its column names for batches).

array_protocol_cases.py holds the programs; array_protocol_golden.json is TF 2.21's answer
(record_array_protocol.py)."""

import json
from pathlib import Path

import pytest

import eagerflow as tf
from tests.core.array_protocol_cases import pandas, run

GOLDEN = json.loads((Path(__file__).parent / "array_protocol_golden.json").read_text())


@pytest.fixture(scope="module")
def got():
    return json.loads(json.dumps(run(tf)))


@pytest.mark.parametrize("case", sorted(GOLDEN))
def test_array_likes_convert_as_tfs(got, case):
    if case.startswith("pandas") and pandas is None:
        pytest.skip("pandas is not installed")
    assert got[case] == GOLDEN[case]
