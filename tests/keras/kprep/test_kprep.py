"""The snippets of cases.py print on eagerflow what real TF 2.21 + Keras 3 printed
(golden.json, written by kprobe/record_golden.py kprep): the image preprocessing layers'
transformations (structure, and values where a seed fixes them) and what their
transform_* methods and bounding-box calls return."""

import pytest

from tests.keras.kprep.cases import SNIPPETS
from tests.keras.kprobe.snippets import check_snippet, golden_beside

GOLDEN = golden_beside(__file__)


@pytest.mark.parametrize("name", sorted(SNIPPETS))
def test_prints_what_keras3_printed(name, monkeypatch, capsys):
    check_snippet(SNIPPETS[name], GOLDEN["snippets"][name], monkeypatch, capsys)
