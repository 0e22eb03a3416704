"""The layer harness (run_layer_test-like) applied to every built-in layer."""

import numpy as np
import pytest

from eagerflow import keras
from eagerflow._src.testing.layer_harness import layer_test
from tests.keras.harness_cases import CASES

L = keras.layers


def _ids():
    return [f"{c[0]}-{i}" for i, c in enumerate(CASES)]


@pytest.mark.parametrize("case", CASES, ids=_ids())
def test_layer_harness(case):
    name, kwargs, shape, bad, n_tr, n_ntr, extra = case
    layer_test(getattr(L, name), kwargs, shape, bad_input_shape=bad,
               expected_num_trainable_weights=n_tr, expected_num_non_trainable_weights=n_ntr,
               **extra)


MERGE = [(L.Add, {}), (L.Subtract, {}), (L.Multiply, {}), (L.Average, {}), (L.Maximum, {}),
         (L.Minimum, {}), (L.Concatenate, {"axis": 1}), (L.Dot, {"axes": 1})]


@pytest.mark.parametrize("cls,kwargs", MERGE, ids=[m[0].__name__ for m in MERGE])
def test_merge_layer_harness(cls, kwargs):
    rng = np.random.default_rng(0)
    data = [rng.standard_normal((2, 3)).astype("float32") for _ in range(2)]
    layer_test(cls, kwargs, input_data=data, expected_num_trainable_weights=0)


def test_wrappers_harness():
    layer_test(L.TimeDistributed, {"layer": L.Dense(2)}, (2, 3, 4), bad_input_shape=(2, 4),
               expected_num_trainable_weights=2)
    layer_test(L.Bidirectional, {"layer": L.LSTM(2, return_sequences=True)}, (2, 3, 4),
               bad_input_shape=(2, 4), expected_num_trainable_weights=6,
               expected_output_shape=(2, 3, 4))
    layer_test(L.Bidirectional, {"layer": L.GRU(2), "merge_mode": "sum"}, (2, 3, 4),
               expected_num_trainable_weights=6, expected_output_shape=(2, 2))
