"""The snippets of cases.py print on eagerflow what real TF 2.21 + Keras 3 printed
(golden.json, written by kprobe/record_golden.py kprobe11); a progress bar's timings are
compared as placeholders."""

import re

import numpy as np
import pytest

import eagerflow as tf
from eagerflow import keras
from tests.golden_io import as_recorded
from tests.gpu_target import on_recording_device
from tests.keras.kprobe.snippets import golden_beside
from tests.keras.kprobe11.cases import SNIPPETS

GOLDEN = golden_beside(__file__)

# "0s", "41ms/step", "133us/step": how long a step took, which no two runs share
_TIMING = re.compile(r"\b\d+(?:\.\d+)?(?:us|ms|s)(?:/step|/batch|/sample)?\b")


# the backspaces a progress bar erases its line with and the spaces it pads a line with,
# as many as the line before (with its timings) was long
_PADDING = re.compile(r"\x08+| +(?=\n|\r|$)")


# a verbose=1 bar's draws between its first and its last: Keras's Progbar draws a step
# there only once its `interval` (0.05 s) has passed since it last drew, which a loaded
# machine's pause between two updates can make it do
_BETWEEN = re.compile(r"(\r[^\r\n]*)(?:\r[^\r\n]*)*(\r[^\r\n]*)")


def _untimed(text: str) -> str:
    return _BETWEEN.sub(r"\1\2", _PADDING.sub("", _TIMING.sub("T", text)))


@pytest.mark.parametrize("name", sorted(SNIPPETS))
def test_prints_what_keras3_printed(name, monkeypatch, capsys, tmp_path):
    monkeypatch.setenv("COLUMNS", "80")
    monkeypatch.chdir(tmp_path)  # (a snippet may change into its own temporary folder)
    keras.backend.clear_session()
    keras.utils.set_random_seed(1)
    with on_recording_device(GOLDEN["snippets"][name]):  # (TF's CPU checks a GPU's skip)
        exec(SNIPPETS[name], {"tf": tf, "keras": keras, "layers": keras.layers, "np": np})
    out = as_recorded(capsys.readouterr().out)
    assert _untimed(out) == _untimed(GOLDEN["snippets"][name])
