"""The snippets of cases.py (with cases_*.py's) print on eagerflow what real TF 2.21 +
Keras 3 printed (golden.json, written by kprobe/record_golden.py kprobe14)."""

import pytest

from tests.keras.kprobe.snippets import check_snippet, golden_beside
from tests.keras.kprobe14.cases import SNIPPETS

GOLDEN = golden_beside(__file__)
# TF's GPU kernel of SparseSoftmaxCrossEntropyWithLogits gives NaN rows for labels out of
# range where its CPU kernel, the golden's, raises (as TF's documentation says)
HOST = {"sparse_labels_of_every_dtype"}


@pytest.mark.parametrize("name", sorted(SNIPPETS))
def test_prints_what_keras3_printed(name, monkeypatch, capsys, tmp_path):
    monkeypatch.chdir(tmp_path)  # (a snippet's files go to its own temporary folder)
    check_snippet(SNIPPETS[name], GOLDEN["snippets"][name], monkeypatch, capsys,
                  host=name in HOST)
