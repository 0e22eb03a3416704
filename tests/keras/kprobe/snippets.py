"""The kprobe suites' check (tests/keras/kprobe, kprobe3): a snippet of a suite's cases.py
prints on eagerflow what real TF 2.21 + Keras 3 printed, as the suite's golden.json
(written by kprobe/record_golden.py) holds it."""

import json
import os
from collections.abc import Callable
from typing import Any

import numpy as np
import pytest

import eagerflow as tf
from eagerflow import keras
from tests.golden_io import as_recorded
from tests.gpu_target import on_recording_device


def golden_beside(test_file: str) -> dict:
    """The golden.json of the suite whose test is `test_file`."""
    with open(os.path.join(os.path.dirname(test_file), "golden.json")) as f:
        return json.load(f)


def check_snippet(code: str, expected: str, monkeypatch: Any, capsys: Any,
                  host: bool = False) -> None:
    """`code` run as the recorder ran it (80 columns, a fresh session, seed 1) prints
    `expected`; `host`: on the CPU where a GPU is the default device too (a snippet showing
    what TF's CPU kernels do where its GPU kernels differ by design)."""
    monkeypatch.setenv("COLUMNS", "80")
    keras.backend.clear_session()
    keras.utils.set_random_seed(1)
    with tf.device("/CPU:0") if host else on_recording_device(expected):
        exec(code, {"tf": tf, "keras": keras, "layers": keras.layers, "np": np})
    # (an eager op's error names the device it ran on: the golden's, recorded on CPU:0)
    assert as_recorded(capsys.readouterr().out) == expected


def _never(name: str) -> bool:
    return False


def snippet_test(snippets: dict, test_file: str, known: dict | None = None,
                 host: Callable[[str], bool] = _never, by_build: frozenset = frozenset()
                 ) -> Callable:
    """A suite's test: each snippet of `snippets` prints what the golden beside `test_file`
    holds. The snippets `known` names (with what still differs) run as strict xfails, so
    one that starts to match fails until it is taken off the list, but for those in
    `by_build`, whose difference comes and goes with the machine's LAPACK or BLAS build;
    `host(name)`: the snippet runs on the CPU (check_snippet's `host`)."""
    golden = golden_beside(test_file)["snippets"]
    known = known or {}
    if set(known) - set(snippets) or by_build - set(known):
        raise ValueError(f"KNOWN names no snippet: {sorted(set(known) - set(snippets))}, "
                         f"or by_build one not KNOWN: {sorted(by_build - set(known))}")

    @pytest.mark.parametrize("name", sorted(snippets))
    def test(name: str, monkeypatch: Any, capsys: Any, tmp_path: Any, request: Any) -> None:
        if name in known:
            request.applymarker(pytest.mark.xfail(reason=known[name],
                                                  strict=name not in by_build))
        monkeypatch.chdir(tmp_path)  # (a snippet's files go to its own temporary folder)
        check_snippet(snippets[name], golden[name], monkeypatch, capsys, host=host(name))
    return test
