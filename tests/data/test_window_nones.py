"""Dataset.window over elements holding a None as TF 2.21's: an iterator of the windows
(or of a dataset passing them on unchanged) is refused as it is made, TF's MakeIterator
error for the component counts differing (the element spec counts the None's window, TF's
kernel makes none); pipelines reading only the tensors' windows iterate (before: every
case iterated, the None's window a dataset of Nones).

window_none_cases.py holds the programs; window_nones_golden.json is TF 2.21's answer
(record_window_nones.py)."""

import json
from pathlib import Path

import pytest

import eagerflow as tf
from tests.data.window_none_cases import run

GOLDEN = json.loads((Path(__file__).parent / "window_nones_golden.json").read_text())


@pytest.fixture(scope="module")
def got():
    return json.loads(json.dumps(run(tf)))


@pytest.mark.parametrize("case", sorted(GOLDEN))
def test_window_nones_as_tfs(got, case):
    assert got[case] == GOLDEN[case]
