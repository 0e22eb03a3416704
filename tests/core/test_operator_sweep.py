"""Every Python operator of a tensor, on every pair of dtypes and with Python and NumPy
values on either side, and `[]` with keys of every kind, as TF 2.21 answers
(operator_sweep_cases.py says how; operator_sweep_golden.json is TF's record, made by
tests/record_sweep_goldens.py). Outcomes match as in test_api_sweep.py; an operator
whose cases still differ is listed in KNOWN with why.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

import eagerflow as tf
from tests import sweeps
from tests.core.operator_sweep_cases import BINARY, UNARY, cases, outcome

GOLDEN = json.loads(Path(__file__).with_name("operator_sweep_golden.json").read_text())
WANT = GOLDEN["outcomes"]

# operator -> why some of its cases still differ from TF's.
KNOWN = {
    "mul": "string * NumPy int: TF's op refuses, then asks NumPy's reflected operator, "
           "which repeats the bytes in an ndarray; eagerflow raises the op's error (and "
           "bool * str: eagerflow's eager Cast error ends in ' name: ', TF's does not)",
    "truediv": "bool / NumPy number: as mul's NumPy case, TF returns NumPy's ndarray",
    "or": "a tensor | a Python float, complex, str or list: TF's own Python fails looking "
          "for the value's __ror__ (AttributeError); eagerflow raises the conversion's "
          "TypeError",
    "getitem": "a 2-D index tensor: TF's index check lets it through to its Pack or "
               "StridedSlice errors, eagerflow refuses it as any non-scalar index; a key "
               "whose first component is a Python bool with a NumPy or int16 index after it: "
               "TF's packing of such mixed lists, not reproduced",
}


def differences(op: str) -> list:
    return sweeps.differences((c for c in cases() if c[0] == op),
                              lambda case: WANT["|".join(map(str, case))],
                              sweeps.on_cpu(tf, outcome))


@pytest.mark.parametrize("op", [*UNARY, *BINARY, "getitem"])
def test_operator_answers_as_tfs(op: str) -> None:
    sweeps.check_known(op, differences(op), KNOWN)


if __name__ == "__main__":  # python -m tests.core.test_operator_sweep add ...: differences
    import sys

    for name in sys.argv[1:] or [*UNARY, *BINARY, "getitem"]:
        for line in differences(name):
            print(f"{name} {line}")
