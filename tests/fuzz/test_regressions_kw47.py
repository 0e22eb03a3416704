"""kw47's value and wording fixes against TF 2.21 (kw47_golden.json, recorded by
record_kw47.py from kw47_cases.py): a negative shape past int32 TensorShape refuses is
converted to int32 as TF's zeros/ones do, wrapping (-2**63 is 0: an empty tensor);
tnp.diag's diagonal past a matrix is empty and an empty vector's matrix |k| wide, as TF's
tnp; the matrix diag ops' k (and OneHot's depth) converted to int32, wrapping (2**32 is
0); tnp.average's weighted dtype NumPy's of a, the weights and a float where a is no
inexact dtype; complex inverses and solves of matrices holding infinities as Eigen's LU
and triangular solves take them (std::complex's division: a finite value over an
infinite one is zero), every part's sign compared."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

import eagerflow as tf
from tests.fuzz.kw47_cases import run

GOLDEN = json.loads((Path(__file__).resolve().parent / "kw47_golden.json").read_text())
GOT: dict = {}



@pytest.mark.parametrize("case", sorted(GOLDEN))
def test_outcome_is_tf_2_21s(case):
    if not GOT:
        GOT.update(run(tf))
    assert GOT[case] == GOLDEN[case]
