"""The snippets of cases.py (with cases_*.py's) print on eagerflow what real TF 2.21 +
Keras 3 printed (golden.json, written by kprobe/record_golden.py kprobe20).

KNOWN lists the snippets that still print otherwise, each with what differs: they run as
strict xfails, so one that starts to match fails until it is taken off the list."""

import pytest

from tests.keras.kprobe.snippets import check_snippet, golden_beside
from tests.keras.kprobe20.cases import SNIPPETS

GOLDEN = golden_beside(__file__)
KNOWN = {
    "lambda_unsafe_load": "by design: eagerflow never runs Python bytecode read from a file, "
                          "so a lambda saved in a .keras file does not load even with "
                          "safe_mode=False (Keras 3 unmarshals and runs it)",
}


@pytest.mark.parametrize("name", sorted(SNIPPETS))
def test_prints_what_keras3_printed(name, monkeypatch, capsys, tmp_path, request):
    if name in KNOWN:
        request.applymarker(pytest.mark.xfail(reason=KNOWN[name], strict=True))
    monkeypatch.chdir(tmp_path)  # (a snippet's files go to its own temporary folder)
    check_snippet(SNIPPETS[name], GOLDEN["snippets"][name], monkeypatch, capsys)


def test_known_differences_are_snippets():
    assert set(KNOWN) <= set(SNIPPETS)
