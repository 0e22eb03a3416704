"""Seeds that are not ints, as TF 2.21 takes them (ops/random.py: set_seed, get_seed),
against seed_kinds_golden.json (recorded by record_seed_kinds.py)."""

from __future__ import annotations

import json
from pathlib import Path

import numpy as np
import pytest

import eagerflow as tf
from tests.ops.seed_kinds_cases import SEEDS, WAYS, run

GOLDEN = json.loads((Path(__file__).parent / "seed_kinds_golden.json").read_text())["results"]


def test_every_case_is_recorded():
    assert len(GOLDEN) == len(SEEDS) * len(WAYS)


@pytest.mark.parametrize("way", WAYS)
def test_seed_kinds_as_tf(way):
    got = {e: run(tf, np, e, way) for e in SEEDS}
    differ = {e: (g, GOLDEN[f"{e} {way}"]) for e, g in got.items() if g != GOLDEN[f"{e} {way}"]}
    assert not differ, differ
