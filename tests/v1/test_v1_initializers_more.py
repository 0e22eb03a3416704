"""TF 1's he_normal/he_uniform/lecun_normal/lecun_uniform and
uniform_unit_scaling(_initializer) as TF 2.21 (golden/v1_initializers_more.json, recorded
by record_initializers_v1_golden.py from initializers_v1_program.py): the values each
gives a variable in a graph seeded by set_random_seed (op seeds given and not), their
configs, initializers.tables_initializer, and TF's notices (none named after the caller:
TF's uniform_unit_scaling notice names TF's own file)."""

import json
import sys
from pathlib import Path

import pytest

from tests.v1.record_initializers_v1_golden import run

GOLDEN = json.loads((Path(__file__).parent / "golden" /
                     "v1_initializers_more.json").read_text())


@pytest.fixture(scope="module")
def ours():
    return run(sys.executable, "eagerflow")


@pytest.mark.parametrize("key", sorted(GOLDEN["results"]))
def test_initializer(ours, key):
    assert ours["results"][key] == GOLDEN["results"][key]


def test_notices(ours):
    assert ours["notices"] == GOLDEN["notices"]
