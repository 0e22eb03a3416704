"""What TF's XLA refuses to compile in a tf.function(jit_compile=True) where TF's eager
kernels compute it (function/xla_refusals.py over the OpDefs' `xla_types` and
`xla_refuses`), against xla_refusals_golden.json (recorded by record_xla_refusals.py):
the error's class and words, the node, where user code made it, and the function."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

import eagerflow as tf
from tests.ops.xla_refusal_cases import CASES, keys, run

GOLDEN = json.loads((Path(__file__).parent / "xla_refusals_golden.json").read_text())
GOLDEN = GOLDEN["results"]


def test_every_case_is_recorded():
    assert sorted(GOLDEN) == sorted(keys())


@pytest.mark.parametrize("fn, dtype, shapes", CASES,
                         ids=[f"{fn.__name__}-{dtype}" for fn, dtype, _ in CASES])
@pytest.mark.parametrize("jit", [True, False])
def test_xla_refusals_as_tf(fn, dtype, shapes, jit):
    assert run(tf, fn, dtype, shapes, jit) == GOLDEN[f"{fn.__name__} {dtype} jit={jit}"]
