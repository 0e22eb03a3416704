"""tf.compat.v1.gfile, flags and app.run as TF 2.21 (golden/v1_app_gfile.json, recorded by
record_app_gfile_golden.py): app_gfile_program.py run by eagerflow prints what TF's run
printed (file operations' results and TF's errors, flag values parsed implicitly and by
app.run, the arguments left to main), logs TF's notices and exits with main's result."""

import json
import sys
from pathlib import Path

import pytest

from tests.v1.record_app_gfile_golden import run

GOLDEN = json.loads((Path(__file__).parent / "golden" / "v1_app_gfile.json").read_text())

pytest.importorskip("absl", reason="tf.compat.v1.flags needs absl-py, as TF's")


@pytest.fixture(scope="module")
def ours():
    return run(sys.executable, "eagerflow")


def test_exit_status_and_notices(ours):
    assert ours["returncode"] == GOLDEN["returncode"]
    assert ours["stderr"] == GOLDEN["stderr"]


@pytest.mark.parametrize("key", sorted(json.loads(GOLDEN["stdout"])))
def test_program_output(ours, key):
    assert json.loads(ours["stdout"])[key] == json.loads(GOLDEN["stdout"])[key]
