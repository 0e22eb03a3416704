"""The layer harness (run_layer_test-like) applied to every built-in layer."""

import re

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
    # (a TimeDistributed holds no input spec in Keras 3: its rank check is its build's,
    # test_time_distributed_* below)
    layer_test(L.TimeDistributed, {"layer": L.Dense(2)}, (2, 3, 4),
               expected_num_trainable_weights=2)
    layer_test(L.Bidirectional, {"layer": L.LSTM(2, return_sequences=True)}, (2, 3, 4),
               bad_input_shape=(2, 4), expected_num_trainable_weights=6,
               expected_output_shape=(2, 3, 4))
    layer_test(L.Bidirectional, {"layer": L.GRU(2), "merge_mode": "sum"}, (2, 3, 4),
               expected_num_trainable_weights=6, expected_output_shape=(2, 2))


# recorded from TF 2.21: Keras 3's TimeDistributed has no input spec, checks the rank when it
# builds (or computes an output shape) and checks a mask's leading dimensions when called
_TD_RANK = ("`TimeDistributed` Layer should be passed an `input_shape` with at least 3 "
            "dimensions, received: {}")


def test_time_distributed_checks_rank_at_build_and_takes_other_lengths_once_built():
    td = L.TimeDistributed(L.Dense(2))
    assert td.input_spec is None
    with pytest.raises(ValueError, match=re.escape(_TD_RANK.format("(2, 5)"))):
        td(np.zeros((2, 5), "float32"))
    with pytest.raises(ValueError, match=re.escape(_TD_RANK.format("(None, 4)"))):
        L.TimeDistributed(L.Dense(2))(keras.Input((4,)))
    with pytest.raises(ValueError, match=re.escape(_TD_RANK.format("(2, 5)"))):
        L.TimeDistributed(L.Dense(2)).compute_output_shape((2, 5))
    assert td(np.zeros((2, 5, 3), "float32")).shape == (2, 5, 2)
    assert td.input_spec is None
    assert td(np.zeros((3, 6, 3), "float32")).shape == (3, 6, 2)
    with pytest.raises(ValueError, match=re.escape(
            "Please initialize `TimeDistributed` layer with a `keras.layers.Layer` instance. "
            "Received: 3")):
        L.TimeDistributed(3)


def test_time_distributed_checks_its_masks_leading_dimensions():
    x = np.zeros((2, 5, 3), "float32")
    with pytest.raises(ValueError, match=re.escape(
            "The `mask` passed to the `TimeDistributed` layer must be at least 2D (e.g., "
            "`(batch_size, timesteps)`), but it has 1 dimension(s) with shape (2,).")):
        L.TimeDistributed(L.Dense(2))(x, mask=np.ones((2,), bool))
    with pytest.raises(ValueError, match=re.escape(
            "The `mask` passed to the `TimeDistributed` layer has a shape (2, 4) that is "
            "incompatible with the input shape (2, 5, 3). The first two dimensions of the mask "
            "(batch size and timesteps) must match the input's first two dimensions. Expected "
            "mask shape prefix: (2, 5).")):
        L.TimeDistributed(L.Dense(2))(x, mask=np.ones((2, 4), bool))
    assert L.TimeDistributed(L.Dense(2))(x, mask=np.ones((2, 5), bool)).shape == (2, 5, 2)
