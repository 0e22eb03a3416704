"""tf.compat.v1.resource_loader as TF 2.21 (golden/v1_resource_loader.json, recorded by
record_resource_loader_golden.py): the data-file paths of the calling script, readahead's
path, and load_resource / get_root_dir_with_all_resources relative to the library's own
module (a missing resource: FileNotFoundError naming the path looked at)."""

import json
import sys
from pathlib import Path

import pytest

from tests.v1.record_resource_loader_golden import run

GOLDEN = json.loads((Path(__file__).parent / "golden" / "v1_resource_loader.json").read_text())


@pytest.fixture(scope="module")
def ours():
    return run(sys.executable, "eagerflow")


@pytest.mark.parametrize("key", sorted(GOLDEN))
def test_resource_loader(ours, key):
    assert ours[key] == GOLDEN[key]
