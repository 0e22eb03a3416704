"""File names holding a NUL against TF 2.21's recorded answers (nul_names_golden.json,
written by record_nul_names.py from nul_names_cases.py, run in order in one folder)."""

from __future__ import annotations

import json
import os

import pytest

import eagerflow as tf
from tests.io import nul_names_cases

GOLDEN = json.load(open(os.path.join(os.path.dirname(__file__), "nul_names_golden.json")))
NAMES = [label for label, _ in GOLDEN["cases"]]


@pytest.fixture(scope="module")
def outcomes(tmp_path_factory):
    folder = tmp_path_factory.mktemp("nul")
    here = os.getcwd()
    os.chdir(folder)
    try:
        return dict(nul_names_cases.run(tf))
    finally:
        os.chdir(here)


@pytest.mark.parametrize("case", NAMES)
def test_matches_tf(outcomes, case):
    assert outcomes[case] == dict(GOLDEN["cases"])[case]


def test_every_case_recorded(outcomes):
    assert list(outcomes) == NAMES
