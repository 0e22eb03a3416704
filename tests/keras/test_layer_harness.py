"""The layer harness (run_layer_test-like) applied to every built-in layer."""

import numpy as np
import pytest

from eagerflow import keras
from eagerflow._src.testing.layer_harness import layer_test

L = keras.layers


def _double(x):
    return x * 2.0


CASES = [
    # (class, kwargs, input_shape, bad_input_shape, n_trainable, n_non_trainable, extra)
    (L.Dense, {"units": 3}, (2, 4), (4,), 2, 0, {}),
    (L.Dense, {"units": 3, "use_bias": False, "activation": "relu"}, (2, 5, 4), (4,), 1, 0, {}),
    (L.Activation, {"activation": "tanh"}, (2, 3), None, 0, 0, {}),
    (L.Dropout, {"rate": 0.5}, (2, 3), None, 0, 0, {}),
    (L.SpatialDropout1D, {"rate": 0.5}, (2, 3, 4), (2, 3), 0, 0, {}),
    (L.SpatialDropout2D, {"rate": 0.5}, (2, 3, 4, 5), (2, 3), 0, 0, {}),
    (L.Flatten, {}, (2, 3, 4), None, 0, 0, {}),
    (L.Reshape, {"target_shape": (6, -1)}, (2, 3, 4), None, 0, 0, {}),
    (L.Permute, {"dims": (2, 1)}, (2, 3, 4), (2, 3), 0, 0, {}),
    (L.RepeatVector, {"n": 3}, (2, 4), (2, 3, 4), 0, 0, {}),
    (L.Lambda, {"function": _double}, (2, 3), None, 0, 0,
     {"custom_objects": {"_double": _double}}),
    (L.Masking, {"mask_value": 0.0}, (2, 3, 4), None, 0, 0, {}),
    (L.Embedding, {"input_dim": 10, "output_dim": 4}, (2, 5), None, 1, 0,
     {"input_dtype": "int32"}),
    (L.ActivityRegularization, {"l1": 0.1}, (2, 3), None, 0, 0, {}),
    (L.Conv1D, {"filters": 3, "kernel_size": 2}, (2, 6, 4), (2, 6), 2, 0, {}),
    (L.Conv1D, {"filters": 2, "kernel_size": 3, "padding": "causal", "dilation_rate": 2},
     (2, 7, 3), (2, 6), 2, 0, {}),
    (L.Conv2D, {"filters": 3, "kernel_size": 3}, (2, 5, 5, 2), (2, 5, 5), 2, 0, {}),
    (L.Conv2D, {"filters": 4, "kernel_size": (2, 3), "strides": 2, "padding": "same",
                "data_format": "channels_first"}, (2, 2, 5, 6), (2, 5, 5), 2, 0, {}),
    (L.Conv2D, {"filters": 4, "kernel_size": 2, "groups": 2}, (1, 4, 4, 4), (2, 5, 5), 2, 0,
     {}),
    (L.Conv2DTranspose, {"filters": 3, "kernel_size": 3, "strides": 2}, (2, 3, 3, 2),
     (2, 3, 3), 2, 0, {}),
    (L.Conv2DTranspose, {"filters": 2, "kernel_size": 3, "strides": 2, "padding": "same"},
     (1, 4, 3, 2), (2, 3, 3), 2, 0, {}),
    (L.DepthwiseConv2D, {"kernel_size": 2, "depth_multiplier": 2}, (2, 4, 4, 3), (2, 4, 4),
     2, 0, {}),
    (L.SeparableConv2D, {"filters": 4, "kernel_size": 3, "padding": "same"}, (2, 5, 5, 3),
     (2, 5, 5), 3, 0, {}),
    (L.MaxPooling1D, {"pool_size": 2}, (2, 6, 3), (2, 6), 0, 0, {}),
    (L.AveragePooling1D, {"pool_size": 3, "strides": 1, "padding": "same"}, (2, 5, 3),
     (2, 6), 0, 0, {}),
    (L.MaxPooling2D, {"pool_size": 2}, (2, 5, 5, 3), (2, 5, 5), 0, 0, {}),
    (L.MaxPooling2D, {"pool_size": 3, "strides": 2, "padding": "same"}, (2, 5, 4, 3),
     (2, 5, 5), 0, 0, {}),
    (L.AveragePooling2D, {"pool_size": (2, 2), "padding": "same"}, (2, 5, 5, 3), (2, 5, 5),
     0, 0, {}),
    (L.GlobalAveragePooling1D, {}, (2, 5, 3), (2, 5), 0, 0, {}),
    (L.GlobalAveragePooling2D, {}, (2, 4, 5, 3), (2, 5), 0, 0, {}),
    (L.GlobalMaxPooling1D, {}, (2, 5, 3), (2, 5), 0, 0, {}),
    (L.GlobalMaxPooling2D, {"keepdims": True}, (2, 4, 5, 3), (2, 5), 0, 0, {}),
    (L.ZeroPadding1D, {"padding": 2}, (2, 4, 3), (2, 4), 0, 0, {}),
    (L.ZeroPadding2D, {"padding": ((1, 2), (0, 1))}, (2, 3, 4, 2), (2, 4), 0, 0, {}),
    (L.Cropping1D, {"cropping": (1, 2)}, (2, 6, 3), (2, 6), 0, 0, {}),
    (L.Cropping2D, {"cropping": ((1, 0), (1, 2))}, (2, 5, 6, 2), (2, 5), 0, 0, {}),
    (L.UpSampling1D, {"size": 3}, (2, 4, 3), (2, 4), 0, 0, {}),
    (L.UpSampling2D, {"size": (2, 3)}, (2, 3, 4, 2), (2, 4), 0, 0, {}),
    (L.BatchNormalization, {}, (4, 3), None, 2, 2, {"training": True}),
    (L.BatchNormalization, {"axis": 1}, (4, 3, 2, 2), None, 2, 2, {"training": True}),
    (L.LayerNormalization, {}, (2, 3, 4), None, 2, 0, {}),
    (L.LayerNormalization, {"axis": [1, 2]}, (2, 3, 4), None, 2, 0, {}),
    (L.SimpleRNN, {"units": 3}, (2, 4, 5), (2, 5), 3, 0, {}),
    (L.SimpleRNN, {"units": 3, "return_sequences": True, "go_backwards": True}, (2, 4, 5),
     (2, 5), 3, 0, {}),
    (L.LSTM, {"units": 3}, (2, 4, 5), (2, 5), 3, 0, {}),
    (L.LSTM, {"units": 2, "return_sequences": True, "return_state": True}, (2, 4, 5),
     (2, 5), 3, 0, {}),
    (L.GRU, {"units": 3}, (2, 4, 5), (2, 5), 3, 0, {}),
    (L.GRU, {"units": 3, "reset_after": False, "return_state": True}, (2, 4, 5), (2, 5), 3,
     0, {}),
    (L.ReLU, {"max_value": 1.0}, (2, 3), None, 0, 0, {}),
    (L.LeakyReLU, {"alpha": 0.1}, (2, 3), None, 0, 0, {}),
    (L.PReLU, {}, (2, 3, 4), None, 1, 0, {}),
    (L.PReLU, {"shared_axes": [1]}, (2, 3, 4), None, 1, 0, {}),
    (L.ELU, {"alpha": 0.5}, (2, 3), None, 0, 0, {}),
    (L.Softmax, {"axis": 1}, (2, 3, 4), None, 0, 0, {}),
    (L.ThresholdedReLU, {"theta": 0.5}, (2, 3), None, 0, 0, {}),
    (L.Rescaling, {"scale": 1.0 / 255, "offset": -1.0}, (2, 3), None, 0, 0, {}),
    (L.Normalization, {"mean": 1.0, "variance": 4.0}, (2, 3), None, 0, 0, {}),
    (L.EinsumDense, {"equation": "ab,bc->ac", "output_shape": 4, "bias_axes": "c"}, (2, 3),
     None, 2, 0, {}),
    (L.EinsumDense, {"equation": "abc,cde->abde", "output_shape": (5, 3, 2),
                     "activation": "relu"}, (2, 5, 4), (2, 4), 1, 0, {}),
    (L.EinsumDense, {"equation": "...b,bc->...c", "output_shape": 3, "bias_axes": "c"},
     (2, 4, 5), None, 2, 0, {}),
    (L.UnitNormalization, {}, (2, 3), None, 0, 0, {}),
    (L.UnitNormalization, {"axis": [1, 2]}, (2, 3, 4), None, 0, 0, {}),
    (L.ZeroPadding3D, {"padding": ((1, 0), (0, 2), (1, 1))}, (2, 2, 3, 2, 2), (2, 3), 0, 0, {}),
    (L.Cropping3D, {"cropping": 1, "data_format": "channels_first"}, (2, 2, 4, 3, 5), (2, 3),
     0, 0, {}),
    (L.UpSampling3D, {"size": (2, 1, 3)}, (2, 2, 3, 2, 2), (2, 3), 0, 0, {}),
]


def _ids():
    return [f"{c[0].__name__}-{i}" for i, c in enumerate(CASES)]


@pytest.mark.parametrize("case", CASES, ids=_ids())
def test_layer_harness(case):
    cls, kwargs, shape, bad, n_tr, n_ntr, extra = case
    layer_test(cls, kwargs, shape, bad_input_shape=bad, expected_num_trainable_weights=n_tr,
               expected_num_non_trainable_weights=n_ntr, **extra)


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
