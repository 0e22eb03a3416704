"""The snippets of cases.py (with cases_*.py's) print on eagerflow what real TF 2.21 +
Keras 3 printed (golden.json, written by kprobe/record_golden.py kprobe19).

KNOWN lists the snippets that still print otherwise, each with what differs: they run as
strict xfails, so one that starts to match fails until it is taken off the list."""

import pytest

from tests.keras.kprobe.snippets import check_snippet, golden_beside
from tests.keras.kprobe19.cases import SNIPPETS

GOLDEN = golden_beside(__file__)
KNOWN = {
    "conv_transpose_channels_first": "recorded with oneDNN off, where TF's CPU kernels refuse "
                                     "NCHW/NCDHW transposed convolutions; eagerflow computes "
                                     "them, as TF's default (oneDNN) build does",
    "validation_split_of_dataset": "the error names the dataset's class by its module: TF's "
                                   "tensorflow.python.data.ops.batch_op._BatchDataset, "
                                   "eagerflow's eagerflow._src.data.batching.BatchDataset",
}


@pytest.mark.parametrize("name", sorted(SNIPPETS))
def test_prints_what_keras3_printed(name, monkeypatch, capsys, tmp_path, request):
    if name in KNOWN:
        request.applymarker(pytest.mark.xfail(reason=KNOWN[name], strict=True))
    monkeypatch.chdir(tmp_path)  # (a snippet's files go to its own temporary folder)
    check_snippet(SNIPPETS[name], GOLDEN["snippets"][name], monkeypatch, capsys)


def test_known_differences_are_snippets():
    assert set(KNOWN) <= set(SNIPPETS)
