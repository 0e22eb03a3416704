"""A Python int given for a type attr is what TF 2.21 makes of it: on its eager fast
path a DataType enum (low 32 bits; a reference type's or no type's enum the op's
InvalidArgumentError, with the op's signature), on its slow path as_dtype's base type.
type_enum_cases.py holds the cases; type_enum_attrs_golden.json is TF's answer
(record_type_enum_attrs.py)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

import eagerflow as tf
from tests.ops.type_enum_cases import outcomes

GOLDEN = json.loads((Path(__file__).parent / "type_enum_attrs_golden.json").read_text())

pytestmark = pytest.mark.usefixtures("cpu_kernels")


@pytest.fixture(scope="module")
def ours():
    return outcomes(tf)


@pytest.mark.parametrize("case", sorted(GOLDEN))
def test_type_enum_as_tfs(case, ours):
    assert ours[case] == GOLDEN[case]
