"""tf.constant of lists holding tensors as TF 2.21's: its Python-sequence conversion takes a
tensor (or variable) it samples, the first element descended, for a sequence and fails at
len() of a scalar, a ValueError holding that TypeError and its traceback (before: eagerflow
packed the tensors, as convert_to_tensor does, and returned [1, 2]); a tensor past the first
element is the error its walk of the elements meets there ("mixed types", "non-rectangular";
before: packed); NumPy object arrays holding tensors and graph constants of lists holding
eager tensors are refused in TF's words. convert_to_tensor still packs them.

constant_tensor_list_cases.py holds the programs; constant_tensor_lists_golden.json is TF
2.21's answer (record_constant_tensor_lists.py)."""

import json
from pathlib import Path

import pytest

import eagerflow as tf
from tests.core.constant_tensor_list_cases import run

GOLDEN = json.loads((Path(__file__).parent / "constant_tensor_lists_golden.json").read_text())


@pytest.fixture(scope="module")
def got():
    return json.loads(json.dumps(run(tf)))


@pytest.mark.parametrize("case", sorted(GOLDEN))
def test_constant_tensor_lists_as_tfs(got, case):
    assert got[case] == GOLDEN[case]
