"""keras.utils.timeseries_dataset_from_array: Keras 3's windows, targets, batches, order
(shuffled ones included) and argument errors (timeseries_golden.json)."""

import json
from pathlib import Path

import numpy as np
import pytest

import eagerflow as tf
from tests.keras.timeseries_cases import CASES

GOLDEN = json.loads(Path(__file__).with_name("timeseries_golden.json").read_text())


def _batches(ds):
    out = []
    for el in ds:
        parts = el if isinstance(el, tuple) else (el,)
        out.append([[p.numpy().tolist(), p.dtype.name] for p in parts])
    return out


def test_the_golden_file_covers_every_case():
    assert list(GOLDEN) == CASES


@pytest.mark.parametrize("expr", CASES)
def test_windows_are_keras(expr):
    tf.random.set_seed(None)  # as in the fresh process that recorded them (shuffle's seeds)
    f = tf.keras.utils.timeseries_dataset_from_array
    try:
        got = {"batches": _batches(eval(expr, {"f": f, "np": np}))}
    except Exception as e:  # noqa: BLE001 (the class and message are compared)
        got = {"error": type(e).__name__, "message": str(e)}
    assert got == GOLDEN[expr]


def test_also_in_keras_preprocessing():
    assert tf.keras.preprocessing.timeseries_dataset_from_array is \
        tf.keras.utils.timeseries_dataset_from_array
