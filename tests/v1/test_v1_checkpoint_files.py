"""TF 1's checkpoint file helpers as TF 2.21 (golden/v1_checkpoint_files.json, recorded
by record_checkpoint_files_golden.py from checkpoint_files_program.py): checkpoint_exists
for V2 prefixes, V1 files and globs, get_checkpoint_mtimes (whole seconds, index and
prefix files), remove_checkpoint of V2 and V1 checkpoints with their MetaGraph files, the
state files update_checkpoint_state writes, generate_checkpoint_state_proto's relative
paths, the conflict error, TF's deprecation notices."""

import json
import sys
from pathlib import Path

import pytest

from tests.v1.record_checkpoint_files_golden import run

GOLDEN = json.loads((Path(__file__).parent / "golden" /
                     "v1_checkpoint_files.json").read_text())


@pytest.fixture(scope="module")
def ours():
    return run(sys.executable, "eagerflow")


@pytest.mark.parametrize("key", sorted(GOLDEN["results"]))
def test_checkpoint_files(ours, key):
    assert ours["results"][key] == GOLDEN["results"][key]


def test_deprecation_notices(ours):
    assert ours["notices"] == GOLDEN["notices"]
