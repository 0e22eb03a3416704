"""Layer cases run the same way by real Keras 3 (record_golden.py, on TensorFlow 2.21) and by
eagerflow (test_layers_golden.py): build the layer, set every weight to fixed values, call
it, and report its outputs, the gradients of their sum (with respect to the float inputs
and the trainable weights), its weights' paths and shapes, its config, build config and
compute_output_shape, or the error raised.

`run(tf, keras, case)` is the one procedure both sides use, with `tf`/`keras` being real
TensorFlow or eagerflow.
"""

import contextlib
import io

import numpy as np

SEED = 1234


def data(shape, offset=0.0, scale=1.0):
    """Fixed, varied float32 values of `shape`."""
    n = int(np.prod(shape))
    return (np.sin(np.arange(n) * 0.731 + offset) * scale).reshape(shape).astype("float32")


def weight_values(shapes):
    """One fixed array per weight (each of a different pattern)."""
    return [data(s, offset=1.3 * i + 0.2, scale=0.6) for i, s in enumerate(shapes)]


def case(cid, cls, kwargs=None, args=(), call=None, **extra):
    """`args`: the positional inputs (arrays, or lists of arrays for list-input layers);
    `call`: keyword arguments of the call (arrays or plain values)."""
    return {"id": cid, "cls": cls, "kwargs": kwargs or {}, "args": list(args),
            "call": call or {}, **extra}


Q, V, K = data((2, 4, 5)), data((2, 6, 7), 0.5), data((2, 6, 3), 1.1)
SELF = data((2, 4, 5), 2.0)
MASK_TS = np.array([[[1, 1, 0, 1, 0, 1]] * 4, [[1, 0, 0, 0, 0, 0], [0] * 6,
                                              [1, 1, 1, 1, 1, 1], [0, 1, 0, 1, 0, 1]]], bool)
MASK_TT = np.tril(np.ones((4, 4), bool))[None].repeat(2, 0)
MASK_TT[1, 2] = False  # a wholly masked row
VALUE_MASK = np.array([[1, 1, 1, 0, 0, 0], [1, 1, 1, 1, 1, 0]], bool)
QUERY_MASK = np.array([[1, 1, 0, 0], [1, 1, 1, 1]], bool)

MHA = "MultiHeadAttention"
ATTENTION_CASES = [
    case("mha_scores", MHA, {"num_heads": 2, "key_dim": 3}, [Q, V],
         {"return_attention_scores": True}),
    case("mha_fused", MHA, {"num_heads": 2, "key_dim": 3}, [Q, V]),
    case("mha_key", MHA, {"num_heads": 3, "key_dim": 2, "value_dim": 4}, [Q, V, K]),
    case("mha_key_kw", MHA, {"num_heads": 1, "key_dim": 4}, [Q], {"value": V, "key": K}),
    case("mha_mask_fused", MHA, {"num_heads": 2, "key_dim": 3}, [Q, V],
         {"attention_mask": MASK_TS}),
    case("mha_mask_scores", MHA, {"num_heads": 2, "key_dim": 3}, [Q, V],
         {"attention_mask": MASK_TS, "return_attention_scores": True}),
    case("mha_mask_2d", MHA, {"num_heads": 2, "key_dim": 3}, [Q, V],
         {"attention_mask": MASK_TS[0], "return_attention_scores": True}),
    case("mha_mask_int", MHA, {"num_heads": 2, "key_dim": 3}, [Q, V],
         {"attention_mask": MASK_TS.astype("int32")}),
    case("mha_causal_fused", MHA, {"num_heads": 2, "key_dim": 3}, [SELF, SELF],
         {"use_causal_mask": True}),
    case("mha_causal_scores", MHA, {"num_heads": 2, "key_dim": 3}, [SELF, SELF],
         {"use_causal_mask": True, "return_attention_scores": True}),
    case("mha_causal_rect", MHA, {"num_heads": 2, "key_dim": 3}, [Q, V],
         {"use_causal_mask": True}),
    case("mha_causal_and_mask", MHA, {"num_heads": 2, "key_dim": 2}, [SELF, SELF],
         {"use_causal_mask": True, "attention_mask": MASK_TT}),
    case("mha_causal_and_mask_scores", MHA, {"num_heads": 2, "key_dim": 2}, [SELF, SELF],
         {"use_causal_mask": True, "attention_mask": MASK_TT, "return_attention_scores": True}),
    case("mha_value_mask", MHA, {"num_heads": 2, "key_dim": 3}, [Q, V],
         {"value_mask": VALUE_MASK, "return_attention_scores": True}),
    case("mha_query_mask_arg_ignored", MHA, {"num_heads": 2, "key_dim": 3}, [Q, V],
         {"query_mask": QUERY_MASK}),
    case("mha_output_shape", MHA, {"num_heads": 2, "key_dim": 3, "output_shape": (2, 3),
                                   "use_bias": False}, [Q, V]),
    case("mha_output_shape_int", MHA, {"num_heads": 2, "key_dim": 3, "output_shape": 6},
         [Q, V]),
    case("mha_attention_axes", MHA, {"num_heads": 2, "key_dim": 2, "attention_axes": (1, 2)},
         [data((2, 3, 4, 5)), data((2, 3, 4, 6), 0.3)], {"return_attention_scores": True}),
    case("mha_attention_axes_int", MHA, {"num_heads": 2, "key_dim": 2, "attention_axes": 2},
         [data((2, 3, 4, 5)), data((2, 3, 2, 6), 0.3)]),
    case("mha_attention_axes_neg", MHA, {"num_heads": 1, "key_dim": 2,
                                         "attention_axes": [-2]},
         [data((2, 3, 4, 5)), data((2, 3, 2, 6), 0.3)]),
    case("mha_sliding", MHA, {"num_heads": 2, "key_dim": 2, "sliding_window": 2}, [SELF, SELF],
         {"use_causal_mask": True, "return_attention_scores": True}),
    case("mha_sliding_fused", MHA, {"num_heads": 2, "key_dim": 2, "sliding_window": 3},
         [Q, V]),
    case("mha_gate", MHA, {"num_heads": 2, "key_dim": 3, "use_gate": True}, [Q, V]),
    case("mha_dropout_inference", MHA, {"num_heads": 2, "key_dim": 3, "dropout": 0.5}, [Q, V],
         {"attention_mask": MASK_TS}),
    case("mha_dropout_training", MHA, {"num_heads": 2, "key_dim": 3, "dropout": 0.5,
                                       "seed": 3}, [Q, V], {"training": True},
         grad=False),
    case("mha_float64", MHA, {"num_heads": 2, "key_dim": 3, "dtype": "float64"},
         [Q.astype("float64"), V.astype("float64")], {"return_attention_scores": True}),
    case("mha_regularized", MHA, {"num_heads": 2, "key_dim": 3, "kernel_regularizer": "l2",
                                  "activity_regularizer": "l1", "kernel_constraint":
                                  "non_neg", "bias_initializer": "ones"}, [Q, V],
         losses=True),
    case("mha_functional_masks", "model:masked_self_attention", {},
         [np.array([[3, 1, 4, 0, 0], [2, 7, 1, 8, 2]], "int32")], grad=False),
    # failures
    case("mha_bad_heads", MHA, {"num_heads": 0, "key_dim": 3}, [Q, V]),
    case("mha_bad_key_dim", MHA, {"num_heads": 2, "key_dim": 2.5}, [Q, V]),
    case("mha_bad_value_dim", MHA, {"num_heads": 2, "key_dim": 2, "value_dim": -1}, [Q, V]),
    case("mha_bad_axes", MHA, {"num_heads": 2, "key_dim": 2, "attention_axes": "x"}, [Q, V]),
    case("mha_bad_window", MHA, {"num_heads": 2, "key_dim": 2, "sliding_window": 0},
         [Q, V]),
    case("mha_key_value_mismatch", MHA, {"num_heads": 2, "key_dim": 2},
         [Q, V, data((2, 5, 3))]),
    # Attention and AdditiveAttention
    case("att_dot", "Attention", {}, [[data((2, 3, 4)), data((2, 5, 4), 0.4)]],
         {"return_attention_scores": True}),
    case("att_scale_key", "Attention", {"use_scale": True},
         [[data((2, 3, 4)), data((2, 5, 6), 0.4), data((2, 5, 4), 0.9)]]),
    case("att_concat", "Attention", {"score_mode": "concat", "use_scale": True},
         [[data((2, 3, 4)), data((2, 5, 4), 0.4)]], {"return_attention_scores": True}),
    case("att_masks", "Attention", {}, [[data((2, 4, 4)), data((2, 6, 4), 0.4)]],
         {"mask": [QUERY_MASK, VALUE_MASK], "return_attention_scores": True}),
    case("att_causal", "Attention", {}, [[data((2, 4, 4)), data((2, 4, 4), 0.4)]],
         {"use_causal_mask": True, "return_attention_scores": True}),
    case("att_causal_value_mask", "Attention", {}, [[data((2, 4, 4)), data((2, 6, 4), 0.4)]],
         {"mask": [None, VALUE_MASK], "use_causal_mask": True}),
    case("att_dropout_inference", "Attention", {"dropout": 0.3},
         [[data((2, 3, 4)), data((2, 5, 4), 0.4)]]),
    case("additive", "AdditiveAttention", {}, [[data((2, 3, 4)), data((2, 5, 4), 0.4)]],
         {"return_attention_scores": True}),
    case("additive_noscale_masks", "AdditiveAttention", {"use_scale": False},
         [[data((2, 4, 4)), data((2, 6, 4), 0.4), data((2, 6, 4), 0.8)]],
         {"mask": [QUERY_MASK, VALUE_MASK]}),
    case("additive_causal", "AdditiveAttention", {},
         [[data((2, 4, 4)), data((2, 4, 4), 0.4)]], {"use_causal_mask": True}),
    case("att_not_list", "Attention", {}, [data((2, 3, 4))]),
    case("att_one_input", "Attention", {}, [[data((2, 3, 4))]]),
    case("att_bad_mode", "Attention", {"score_mode": "cosine"}, [[Q, Q]]),
    case("att_mask_not_list", "Attention", {}, [[Q, Q]], {"mask": QUERY_MASK}),
]

X4 = data((2, 3, 5, 6), 0.7, 2.0) + 0.5
X5 = data((2, 4, 5, 3, 4), 0.2)
NORM_CASES = [
    case("group_norm", "GroupNormalization", {"groups": 2}, [X4]),
    case("group_norm_instance", "GroupNormalization", {"groups": -1}, [X4]),
    case("group_norm_axis1", "GroupNormalization", {"groups": 3, "axis": 1, "epsilon": 0.1},
         [X4]),
    case("group_norm_axis_neg2", "GroupNormalization", {"groups": 5, "axis": -2}, [X4]),
    case("group_norm_plain", "GroupNormalization", {"groups": 3, "center": False,
                                                    "scale": False}, [X4]),
    case("group_norm_rank3", "GroupNormalization", {"groups": 1, "beta_regularizer": "l2"},
         [data((2, 7, 4))], losses=True),
    case("group_norm_float16", "GroupNormalization", {"groups": 2, "dtype": "float16"},
         [X4.astype("float16")], grad=False),
    case("group_norm_mixed", "GroupNormalization", {"groups": 2, "dtype": "mixed_float16"},
         [X4], grad=False),
    case("group_norm_bad_groups", "GroupNormalization", {"groups": 0}, [X4]),
    case("group_norm_indivisible", "GroupNormalization", {"groups": 4}, [X4]),
    case("group_norm_too_many", "GroupNormalization", {"groups": 8}, [X4]),
    case("rms_norm", "RMSNormalization", {}, [X4]),
    case("rms_norm_axes", "RMSNormalization", {"axis": [2, 1], "epsilon": 0.01}, [X4]),
    case("rms_norm_axis1", "RMSNormalization", {"axis": 1}, [data((3, 4))]),
]

POOL_CASES = [
    case("max_pool3d", "MaxPooling3D", {}, [X5]),
    case("max_pool3d_same", "MaxPooling3D", {"pool_size": (2, 3, 2), "strides": (1, 2, 2),
                                             "padding": "same"}, [X5]),
    case("max_pool3d_cf", "MaxPool3D", {"pool_size": 2, "data_format": "channels_first"},
         [X5]),
    case("avg_pool3d", "AveragePooling3D", {"pool_size": 2, "strides": 1}, [X5]),
    case("avg_pool3d_same", "AvgPool3D", {"pool_size": 3, "strides": 2, "padding": "same"},
         [X5]),
    case("avg_pool3d_cf", "AveragePooling3D", {"pool_size": (2, 2, 1),
                                               "data_format": "channels_first"}, [X5]),
    case("avg_pool3d_no_size", "AveragePooling3D", {}, [X5]),
    case("gmax_pool3d", "GlobalMaxPooling3D", {}, [X5]),
    case("gmax_pool3d_keep", "GlobalMaxPool3D", {"keepdims": True,
                                                 "data_format": "channels_first"}, [X5]),
    case("gavg_pool3d", "GlobalAveragePooling3D", {}, [X5]),
    case("gavg_pool3d_keep", "GlobalAvgPool3D", {"keepdims": True}, [X5]),
    case("max_pool3d_rank4", "MaxPooling3D", {}, [X4]),
    case("max_pool3d_too_small", "MaxPooling3D", {"pool_size": 4}, [X5]),
]

CONV_T_CASES = [
    case("conv1d_t", "Conv1DTranspose", {"filters": 3, "kernel_size": 3}, [data((2, 5, 4))]),
    case("conv1d_t_strided", "Conv1DTranspose", {"filters": 2, "kernel_size": 3, "strides": 2,
                                                 "padding": "same", "activation": "relu"},
         [data((2, 5, 4))]),
    case("conv1d_t_outpad", "Convolution1DTranspose", {"filters": 2, "kernel_size": 4,
                                                       "strides": 3, "output_padding": 1},
         [data((2, 5, 4))]),
    case("conv1d_t_dilated_cf", "Conv1DTranspose", {"filters": 2, "kernel_size": 2,
                                                    "dilation_rate": 2,
                                                    "data_format": "channels_first",
                                                    "use_bias": False},
         [data((2, 4, 5))], cpu_error=True),
    case("conv3d_t", "Conv3DTranspose", {"filters": 2, "kernel_size": 2}, [X5]),
    case("conv3d_t_strided_same", "Conv3DTranspose", {"filters": 3, "kernel_size": (2, 3, 2),
                                                      "strides": (2, 1, 2),
                                                      "padding": "same"}, [X5]),
    case("conv3d_t_outpad_cf", "Convolution3DTranspose", {
        "filters": 2, "kernel_size": 3, "strides": 2, "output_padding": (1, 0, 1),
        "data_format": "channels_first"}, [X5], cpu_error=True),
    case("conv2d_t_outpad", "Conv2DTranspose", {"filters": 2, "kernel_size": 3, "strides": 2,
                                                "output_padding": 1}, [X4]),
    case("conv1d_t_bad_outpad", "Conv1DTranspose", {"filters": 2, "kernel_size": 3,
                                                    "strides": 2, "output_padding": 2},
         [data((2, 5, 4))]),
    case("conv3d_t_bad_filters", "Conv3DTranspose", {"filters": 0, "kernel_size": 3}, [X5]),
    case("conv3d_t_rank4", "Conv3DTranspose", {"filters": 2, "kernel_size": 2}, [X4]),
    case("conv1d_t_stride_dilation", "Conv1DTranspose", {"filters": 2, "kernel_size": 2,
                                                         "strides": 2, "dilation_rate": 2},
         [data((2, 5, 4))]),
]

SEQ2 = data((2, 3, 5, 4, 2), 0.3)
CONV_LSTM_CASES = [
    case("conv_lstm1d", "ConvLSTM1D", {"filters": 3, "kernel_size": 2}, [data((2, 4, 6, 3))]),
    case("conv_lstm1d_seq_state", "ConvLSTM1D", {"filters": 2, "kernel_size": 3,
                                                 "padding": "same", "return_sequences": True,
                                                 "return_state": True},
         [data((2, 4, 6, 3))]),
    case("conv_lstm2d", "ConvLSTM2D", {"filters": 2, "kernel_size": 2}, [SEQ2]),
    case("conv_lstm2d_options", "ConvLSTM2D", {
        "filters": 3, "kernel_size": (3, 2), "strides": 2, "padding": "same",
        "activation": "relu", "recurrent_activation": "hard_sigmoid",
        "unit_forget_bias": False, "go_backwards": True, "return_sequences": True}, [SEQ2]),
    case("conv_lstm2d_dilated_nobias", "ConvLSTM2D", {"filters": 2, "kernel_size": 2,
                                                      "dilation_rate": 2, "use_bias": False,
                                                      "return_state": True}, [SEQ2]),
    case("conv_lstm2d_cf", "ConvLSTM2D", {"filters": 2, "kernel_size": 2,
                                          "data_format": "channels_first",
                                          "return_sequences": True},
         [data((2, 3, 2, 5, 4), 0.9)], cpu_error=True),
    case("conv_lstm2d_mask", "ConvLSTM2D", {"filters": 2, "kernel_size": 2,
                                            "return_sequences": True},
         [SEQ2], {"mask": np.array([[1, 1, 0], [1, 0, 1]], bool)}),
    case("conv_lstm2d_initial_state", "ConvLSTM2D", {"filters": 2, "kernel_size": 2,
                                                     "padding": "same"},
         [SEQ2], {"initial_state": [data((2, 5, 4, 2), 1.5), data((2, 5, 4, 2), 2.5)]}),
    case("conv_lstm2d_dropout_inference", "ConvLSTM2D", {"filters": 2, "kernel_size": 2,
                                                         "dropout": 0.4,
                                                         "recurrent_dropout": 0.3}, [SEQ2]),
    case("conv_lstm2d_dropout_training", "ConvLSTM2D", {
        "filters": 2, "kernel_size": 2, "dropout": 0.4, "recurrent_dropout": 0.3, "seed": 5},
        [data((4, 2, 4, 4, 2))], {"training": True}, grad=False),
    case("conv_lstm1d_dropout_twice", "model:conv_lstm_dropout_twice", {},
         [data((3, 4, 5, 2))], grad=False),
    case("conv_lstm3d", "ConvLSTM3D", {"filters": 2, "kernel_size": 2, "padding": "same",
                                       "return_sequences": True},
         [data((2, 2, 3, 4, 3, 2), 0.6)]),
    case("conv_lstm2d_regularized", "ConvLSTM2D", {
        "filters": 2, "kernel_size": 2, "kernel_regularizer": "l2",
        "recurrent_regularizer": "l1", "bias_regularizer": "l2",
        "activity_regularizer": "l1"}, [SEQ2], losses=True),
    case("conv_lstm2d_bad_rank", "ConvLSTM2D", {"filters": 2, "kernel_size": 2}, [X4]),
    case("conv_lstm2d_stride_dilation", "ConvLSTM2D", {"filters": 2, "kernel_size": 2,
                                                       "strides": 2, "dilation_rate": 2},
         [SEQ2]),
]

CONV_LSTM_CASES.append(case("functional_transposed", "model:transposed_convolutions", {},
                            [data((3, 5, 4))]))

GQA = "GroupQueryAttention"
GQ, GV = data((2, 4, 6)), data((2, 5, 6), 0.5)
GQA_CASES = [
    case("gqa", GQA, {"head_dim": 3, "num_query_heads": 4, "num_key_value_heads": 2},
         [GQ, GV]),
    case("gqa_scores_key", GQA, {"head_dim": 2, "num_query_heads": 3,
                                 "num_key_value_heads": 1}, [GQ, GV, data((2, 5, 3), 1.1)],
         {"return_attention_scores": True}),
    case("gqa_mask", GQA, {"head_dim": 2, "num_query_heads": 4, "num_key_value_heads": 2},
         [GQ, GV], {"attention_mask": MASK_TS[:, :, :5]}),
    case("gqa_masks_args", GQA, {"head_dim": 2, "num_query_heads": 2,
                                 "num_key_value_heads": 2},
         [GQ, GV], {"query_mask": QUERY_MASK, "value_mask": VALUE_MASK[:, :5],
                    "return_attention_scores": True}),
    case("gqa_causal", GQA, {"head_dim": 2, "num_query_heads": 4, "num_key_value_heads": 1},
         [GQ, GQ], {"use_causal_mask": True}),
    case("gqa_causal_scores", GQA, {"head_dim": 2, "num_query_heads": 4,
                                    "num_key_value_heads": 2},
         [GQ, GV], {"use_causal_mask": True, "return_attention_scores": True}),
    case("gqa_sliding_gate", GQA, {"head_dim": 3, "num_query_heads": 2,
                                   "num_key_value_heads": 1, "sliding_window": 2,
                                   "use_gate": True, "use_bias": False}, [GQ, GQ]),
    case("gqa_dropout_training", GQA, {"head_dim": 2, "num_query_heads": 4,
                                       "num_key_value_heads": 2, "dropout": 0.3, "seed": 7},
         [GQ, GV], {"training": True}, grad=False),
    case("gqa_regularized", GQA, {"head_dim": 2, "num_query_heads": 2,
                                  "num_key_value_heads": 1, "kernel_regularizer": "l2",
                                  "bias_initializer": "ones"}, [GQ, GV], losses=True),
    case("gqa_functional_masks", "model:masked_grouped_attention", {},
         [np.array([[3, 1, 4, 0, 0], [2, 7, 1, 8, 2]], "int32")], grad=False),
    case("gqa_indivisible", GQA, {"head_dim": 2, "num_query_heads": 3,
                                  "num_key_value_heads": 2}, [GQ, GV]),
    case("gqa_bad_window", GQA, {"head_dim": 2, "num_query_heads": 2,
                                 "num_key_value_heads": 1, "sliding_window": -1}, [GQ, GV]),
]

S1 = data((2, 9, 4), 0.4)
DEPTHWISE_CASES = [
    case("depthwise1d", "DepthwiseConv1D", {"kernel_size": 3}, [S1]),
    case("depthwise1d_options", "DepthwiseConv1D", {
        "kernel_size": 2, "strides": 2, "padding": "same", "depth_multiplier": 2,
        "activation": "relu"}, [S1]),
    case("depthwise1d_stride_dilation", "DepthwiseConv1D", {
        "kernel_size": 3, "strides": 2, "dilation_rate": 2, "use_bias": False}, [S1]),
    case("depthwise1d_cf", "DepthwiseConv1D", {"kernel_size": 2,
                                               "data_format": "channels_first"}, [S1]),
    case("depthwise1d_regularized", "DepthwiseConv1D", {
        "kernel_size": 2, "depthwise_regularizer": "l2", "bias_regularizer": "l1",
        "activity_regularizer": "l2", "depthwise_constraint": "non_neg"}, [S1], losses=True),
    case("depthwise2d_stride_dilation", "DepthwiseConv2D", {
        "kernel_size": 2, "strides": 2, "dilation_rate": 2, "padding": "same"}, [X4]),
    case("depthwise1d_causal", "DepthwiseConv1D", {"kernel_size": 2, "padding": "causal"},
         [S1]),
    case("depthwise1d_bad_multiplier", "DepthwiseConv1D", {"kernel_size": 2,
                                                           "depth_multiplier": 0}, [S1]),
    case("depthwise1d_zero_kernel", "DepthwiseConv1D", {"kernel_size": 0}, [S1]),
    case("depthwise1d_rank4", "DepthwiseConv1D", {"kernel_size": 2}, [X4]),
    case("separable1d", "SeparableConv1D", {"filters": 3, "kernel_size": 3}, [S1]),
    case("separable1d_options", "SeparableConvolution1D", {
        "filters": 2, "kernel_size": 2, "strides": 2, "padding": "same",
        "depth_multiplier": 3, "activation": "tanh"}, [S1]),
    case("separable1d_stride_dilation", "SeparableConv1D", {
        "filters": 2, "kernel_size": 3, "strides": 2, "dilation_rate": 2}, [S1]),
    case("separable1d_cf", "SeparableConv1D", {"filters": 2, "kernel_size": 2,
                                               "data_format": "channels_first"}, [S1]),
    case("separable1d_regularized", "SeparableConv1D", {
        "filters": 2, "kernel_size": 2, "pointwise_regularizer": "l2",
        "depthwise_regularizer": "l1", "pointwise_constraint": "unit_norm"}, [S1],
         losses=True),
    case("separable2d_float64", "SeparableConv2D", {"filters": 2, "kernel_size": 2,
                                                    "dtype": "float64"},
         [X4.astype("float64")]),
    case("separable1d_bad_filters", "SeparableConv1D", {"filters": 0, "kernel_size": 2}, [S1]),
    case("separable1d_too_short", "SeparableConv1D", {"filters": 2, "kernel_size": 12}, [S1]),
]

P1, P2, P3 = data((2, 7, 3), 0.1), data((2, 7, 5, 3), 0.2), data((2, 5, 4, 3, 2), 0.3)
ADAPTIVE_CASES = [
    case("adaptive_avg1d", "AdaptiveAveragePooling1D", {"output_size": 3}, [P1]),
    case("adaptive_max1d_up", "AdaptiveMaxPooling1D", {"output_size": (9,)}, [P1]),
    case("adaptive_avg2d", "AdaptiveAveragePooling2D", {"output_size": (3, 2)}, [P2]),
    case("adaptive_max2d_cf", "AdaptiveMaxPooling2D", {"output_size": 3,
                                                       "data_format": "channels_first"},
         [P2]),
    case("adaptive_avg3d_cf", "AdaptiveAveragePooling3D", {"output_size": (2, 3, 2),
                                                           "data_format": "channels_first"},
         [P3]),
    case("adaptive_max3d", "AdaptiveMaxPooling3D", {"output_size": 2}, [P3]),
    case("adaptive_avg1d_bad_size", "AdaptiveAveragePooling1D", {"output_size": (2, 3)}, [P1]),
    case("adaptive_max2d_bad_size", "AdaptiveMaxPooling2D", {"output_size": 2.5}, [P2]),
    case("adaptive_avg3d_bad_size", "AdaptiveAveragePooling3D", {"output_size": (2, 3)},
         [P3]),
    case("adaptive_max1d_bad_format", "AdaptiveMaxPooling1D", {"output_size": 2,
                                                               "data_format": "nwc"}, [P1]),
    case("adaptive_avg2d_rank2", "AdaptiveAveragePooling2D", {"output_size": 2},
         [data((2, 5))]),
    # sizes Keras's TF backend refuses only deep inside (a division by zero, tf.range's
    # error, a bare assert): the same classes, eagerflow's messages naming output_size
    case("adaptive_avg2d_zero", "AdaptiveAveragePooling2D", {"output_size": (0, 2)}, [P2],
         message=False),
    case("adaptive_max1d_zero", "AdaptiveMaxPooling1D", {"output_size": 0}, [P1],
         message=False),
    case("adaptive_max3d_negative", "AdaptiveMaxPooling3D", {"output_size": (2, -1, 2)},
         [P3], message=False),
    case("adaptive_avg1d_negative", "AdaptiveAveragePooling1D", {"output_size": -3}, [P1],
         message=False),
    case("adaptive_avg2d_bool", "AdaptiveAveragePooling2D", {"output_size": True}, [P2],
         message=False),
    case("adaptive_max2d_float_sizes", "AdaptiveMaxPooling2D", {"output_size": (2.0, 4.0)},
         [P2]),
]

OTHER_CASES = [
    case("spatial_dropout3d_training", "SpatialDropout3D", {"rate": 0.5, "seed": 3},
         [data((2, 3, 2, 2, 4))], {"training": True}),
    case("spatial_dropout3d_cf_training", "SpatialDropout3D", {
        "rate": 0.3, "data_format": "channels_first"}, [data((3, 4, 2, 2, 2))],
         {"training": True}),
    case("spatial_dropout3d_inference", "SpatialDropout3D", {"rate": 0.5},
         [data((2, 3, 2, 2, 4))]),
    case("spatial_dropout3d_rank4", "SpatialDropout3D", {"rate": 0.5}, [X4]),
    case("spatial_dropout3d_bad_rate", "SpatialDropout3D", {"rate": 1.5}, [X5]),
    case("identity", "Identity", {}, [S1]),
    case("identity_list", "Identity", {}, [[S1, X4]]),
    case("spectral_dense_training", "SpectralNormalization", {"layer": "dense"},
         [data((3, 4))], {"training": True}),
    case("spectral_dense_inference", "SpectralNormalization", {"layer": "dense"},
         [data((3, 4))]),
    case("spectral_conv_training", "SpectralNormalization", {
        "layer": "conv2d", "power_iterations": 3}, [X4], {"training": True}),
    case("spectral_embedding_training", "SpectralNormalization", {"layer": "embedding"},
         [np.array([[1, 2, 0], [4, 3, 3]], "int32")], {"training": True}),
    case("spectral_no_kernel", "SpectralNormalization", {"layer": "relu"}, [X4]),
    case("reversible_embedding", "ReversibleEmbedding", {"input_dim": 7, "output_dim": 3},
         [np.array([[1, 0, 6], [2, 5, 5]], "int32")]),
    case("reversible_embedding_reverse", "ReversibleEmbedding", {
        "input_dim": 7, "output_dim": 3, "logit_soft_cap": 0.5}, [data((2, 4, 3))],
         {"reverse": True}),
    case("reversible_embedding_untied", "ReversibleEmbedding", {
        "input_dim": 6, "output_dim": 3, "tie_weights": False, "reverse_dtype": "float64",
        "embeddings_regularizer": "l2"}, [data((2, 3))], {"reverse": True}, losses=True),
    case("reversible_embedding_round_trip", "model:reversible_embedding_round_trip", {},
         [np.array([[1, 0, 4, 0], [3, 2, 2, 1]], "int32")], grad=False),
    case("spectral_bad_iterations", "SpectralNormalization", {"layer": "dense",
                                                              "power_iterations": 0},
         [data((3, 4))]),
]

IMG = (data((4, 5, 6, 3), 0.3) + 1.0) * 127.5  # values in [0, 255]
IMG_CF = np.ascontiguousarray(np.transpose(IMG, (0, 3, 1, 2)))
IMG_U8 = np.round(IMG).astype("uint8")
UNIT = IMG / 255.0
LABELS = np.eye(4, dtype="float32")[[1, 0, 3, 2]]
COLOR_CASES = [  # (training: seeded draws, Keras's numbers; no gradients; on [0, 255]
    # a few ulps of 255 where a difference of near values cancels)
    case(cid, cls, kwargs, args, {"training": True} if cid.endswith("training") else {},
         grad=False, atol=1e-4)
    for cid, cls, kwargs, args in [
        ("brightness_training", "RandomBrightness", {"factor": 0.3, "seed": 4}, [IMG]),
        ("brightness_unit_training", "RandomBrightness", {
            "factor": (-0.2, 0.5), "value_range": (1, 0), "seed": 2}, [UNIT]),
        ("brightness_inference", "RandomBrightness", {"factor": 0.3}, [IMG]),
        ("brightness_bad_range", "RandomBrightness", {"factor": 0.3, "value_range": 5},
         [IMG]),
        ("brightness_bad_factor", "RandomBrightness", {"factor": 1.5}, [IMG]),
        ("grayscale_training", "RandomGrayscale", {"factor": 0.5, "seed": 3}, [IMG]),
        ("grayscale_cf_training", "RandomGrayscale", {
            "factor": 0.7, "data_format": "channels_first", "seed": 1}, [IMG_CF]),
        ("grayscale_bad_factor", "RandomGrayscale", {"factor": 1.2}, [IMG]),
        ("invert_training", "RandomInvert", {"factor": 0.7, "seed": 2}, [IMG]),
        ("invert_rank3_training", "RandomInvert", {"seed": 5}, [IMG[0]]),
        ("invert_inference", "RandomInvert", {}, [IMG]),
        ("solarization_training", "Solarization", {
            "addition_factor": 0.3, "threshold_factor": 0.6, "seed": 5}, [IMG]),
        ("solarization_unit_training", "Solarization", {
            "addition_factor": (0.1, 0.2), "threshold_factor": (0.4, 0.9),
            "value_range": (0, 1), "seed": 6}, [UNIT]),
        ("solarization_bad_factor", "Solarization", {"addition_factor": (0.1,)}, [IMG]),
        ("solarization_bad_threshold", "Solarization", {"threshold_factor": 1.5}, [IMG]),
        ("posterization_training", "RandomPosterization", {"factor": (2, 6), "seed": 3},
         [IMG]),
        ("posterization_unit_training", "RandomPosterization", {
            "factor": 3, "value_range": (0, 1), "seed": 3}, [UNIT]),
        ("posterization_fixed_training", "RandomPosterization", {"factor": (3, 3)}, [IMG]),
        ("posterization_bad_factor", "RandomPosterization", {"factor": 9}, [IMG]),
        ("saturation_training", "RandomSaturation", {"factor": 0.6, "seed": 1}, [IMG]),
        ("saturation_cf_training", "RandomSaturation", {
            "factor": (0.2, 0.9), "value_range": (0, 1), "data_format": "channels_first",
            "seed": 8}, [IMG_CF / 255.0]),
        ("hue_training", "RandomHue", {"factor": 0.4, "seed": 2}, [IMG]),
        ("hue_unit_training", "RandomHue", {"factor": (0.2, 0.8), "value_range": (0, 1),
                                            "seed": 9}, [UNIT]),
        ("hue_bad_factor", "RandomHue", {"factor": -0.2}, [IMG]),
        ("degeneration_training", "RandomColorDegeneration", {"factor": 0.8, "seed": 4},
         [IMG]),
        ("degeneration_cf_training", "RandomColorDegeneration", {
            "factor": (0.1, 0.3), "data_format": "channels_first", "seed": 4}, [IMG_CF]),
        ("sharpness_training", "RandomSharpness", {"factor": 0.7, "seed": 3}, [IMG]),
        ("sharpness_cf_training", "RandomSharpness", {
            "factor": (0.1, 0.4), "data_format": "channels_first", "seed": 3}, [IMG_CF]),
        ("sharpness_bad_factor", "RandomSharpness", {"factor": 2}, [IMG]),
        ("autocontrast", "AutoContrast", {}, [IMG]),
        ("autocontrast_unit", "AutoContrast", {"value_range": (0, 1)}, [UNIT]),
        ("autocontrast_flat", "AutoContrast", {}, [np.full((2, 3, 3, 3), 9.0, "float32")]),
        ("autocontrast_bad_range", "AutoContrast", {"value_range": (0, 1, 2)}, [IMG]),
        ("equalization_training", "Equalization", {}, [IMG]),
        ("equalization_bins_training", "Equalization", {"bins": 16, "value_range": (0, 1)},
         [UNIT]),
        ("equalization_cf_training", "Equalization", {"data_format": "channels_first"},
         [IMG_CF]),
        ("equalization_inference", "Equalization", {}, [IMG]),
        ("equalization_bad_range", "Equalization", {"value_range": 3}, [IMG]),
        ("jitter_training", "RandomColorJitter", {
            "brightness_factor": 0.2, "contrast_factor": 0.3, "saturation_factor": 0.4,
            "hue_factor": 0.2, "seed": 7}, [IMG]),
        ("jitter_some_training", "RandomColorJitter", {
            "value_range": (0, 1), "brightness_factor": (0.1, 0.3), "hue_factor": 0.5,
            "seed": 2}, [UNIT]),
        ("jitter_inference", "RandomColorJitter", {"contrast_factor": 0.3}, [IMG]),
        ("mixup_training", "MixUp", {"alpha": 0.4, "seed": 3}, [IMG]),
        ("mixup_labels_training", "MixUp", {"seed": 1}, [{"images": IMG, "labels": LABELS}]),
        ("mixup_inference", "MixUp", {}, [IMG]),
        ("cutmix_training", "CutMix", {"seed": 2}, [IMG]),
        ("cutmix_labels_training", "CutMix", {"factor": 0.5, "seed": 5},
         [{"images": IMG, "labels": LABELS}]),
        ("cutmix_cf_training", "CutMix", {"data_format": "channels_first", "seed": 4},
         [IMG_CF]),
        ("cutmix_rank3_training", "CutMix", {"seed": 4}, [IMG[0]]),
        ("erasing_training", "RandomErasing", {"seed": 3}, [IMG]),
        ("erasing_fill_training", "RandomErasing", {"factor": 0.8, "scale": (0.2, 0.5),
                                                    "fill_value": 7.0, "seed": 9}, [IMG]),
        ("erasing_cf_training", "RandomErasing", {"data_format": "channels_first",
                                                  "value_range": (0, 1), "seed": 3},
         [IMG_CF / 255.0]),
        ("erasing_rank3_training", "RandomErasing", {"scale": 0.5, "seed": 1}, [IMG[1]]),
        ("erasing_bad_fill_training", "RandomErasing", {"fill_value": (1, 2)}, [IMG]),
        ("erasing_bad_scale", "RandomErasing", {"scale": (0.5, 0.1, 0.2)}, [IMG]),
        ("blur_training", "RandomGaussianBlur", {"seed": 1}, [IMG]),
        ("blur_kernel_training", "RandomGaussianBlur", {
            "factor": 0.6, "kernel_size": 5, "sigma": (0.5, 1.0), "seed": 2}, [IMG]),
        ("blur_cf_training", "RandomGaussianBlur", {
            "kernel_size": (3, 5), "data_format": "channels_first", "seed": 6}, [IMG_CF]),
        ("blur_bad_kernel", "RandomGaussianBlur", {"kernel_size": 4}, [IMG]),
        ("blur_bad_sigma", "RandomGaussianBlur", {"sigma": 1.5}, [IMG]),
        ("shear_training", "RandomShear", {"x_factor": 0.3, "y_factor": (0.1, 0.4),
                                           "seed": 2}, [IMG]),
        ("shear_options_training", "RandomShear", {
            "x_factor": 0.5, "fill_mode": "constant", "fill_value": 9.0,
            "interpolation": "nearest", "data_format": "channels_first", "seed": 3},
         [IMG_CF]),
        ("shear_rank3_training", "RandomShear", {"y_factor": 0.6, "fill_mode": "wrap",
                                                 "seed": 4}, [IMG[2]]),
        ("shear_bad_factor", "RandomShear", {"x_factor": -0.2}, [IMG]),
        ("shear_bad_fill_mode", "RandomShear", {"fill_mode": "mirror"}, [IMG]),
        ("perspective_training", "RandomPerspective", {"seed": 2}, [IMG]),
        ("perspective_options_training", "RandomPerspective", {
            "factor": 0.7, "scale": 0.4, "interpolation": "nearest", "fill_value": 3.0,
            "data_format": "channels_first", "seed": 5}, [IMG_CF]),
        ("perspective_rank3_training", "RandomPerspective", {"scale": 0.5, "seed": 1},
         [IMG[3]]),
        ("perspective_bad_scale", "RandomPerspective", {"scale": 1.5}, [IMG]),
        ("perspective_bad_interpolation", "RandomPerspective", {"interpolation": "area"},
         [IMG]),
        ("elastic_training", "RandomElasticTransform", {"seed": 3}, [IMG]),
        ("elastic_options_training", "RandomElasticTransform", {
            "factor": 0.8, "scale": (0.3, 0.6), "interpolation": "nearest",
            "fill_mode": "constant", "fill_value": 5.0, "data_format": "channels_first",
            "seed": 4}, [IMG_CF]),
        ("elastic_bad_fill_mode", "RandomElasticTransform", {"fill_mode": "edge"}, [IMG]),
        ("brightness_uint8_training", "RandomBrightness", {"factor": 0.3, "seed": 4},
         [IMG_U8]),
        ("invert_uint8_training", "RandomInvert", {"seed": 4}, [IMG_U8]),
        ("equalization_uint8_training", "Equalization", {}, [IMG_U8]),
        ("autocontrast_uint8", "AutoContrast", {}, [IMG_U8]),
        ("posterization_uint8_training", "RandomPosterization", {"factor": 4, "seed": 2},
         [IMG_U8]),
    ]]

# Bounding boxes on IMG (height 5, width 6): inside, straddling an edge, padding (zeros).
BOXES = np.array([[[0.5, 1.0, 3.0, 4.0], [4.0, 0.0, 7.5, 2.5], [0, 0, 0, 0]],
                  [[1.0, 1.0, 2.0, 2.0], [-1.0, 3.0, 2.5, 6.0], [2.0, 0.5, 5.5, 4.5]],
                  [[0.0, 0.0, 6.0, 5.0], [3.0, 2.0, 3.5, 2.5], [0, 0, 0, 0]],
                  [[5.0, 4.0, 6.0, 5.0], [1.5, 0.5, 4.5, 3.5], [0.2, 2.2, 1.2, 4.8]]], "float32")
BOX_LABELS = np.array([[1, 2, -1], [0, 3, 1], [2, -1, -1], [1, 1, 4]], "int32")


def boxed(boxes=BOXES, labels=BOX_LABELS, images=IMG):
    return {"images": images, "bounding_boxes": {"boxes": boxes, "labels": labels}}


def _rel(boxes, fmt):
    """BOXES in another format (height 5, width 6): what a user of that format passes."""
    x1, y1, x2, y2 = np.moveaxis(boxes, -1, 0)
    forms = {"yxyx": (y1, x1, y2, x2), "xywh": (x1, y1, x2 - x1, y2 - y1),
             "center_xywh": ((x1 + x2) / 2, (y1 + y2) / 2, x2 - x1, y2 - y1),
             "rel_xyxy": (x1 / 6, y1 / 5, x2 / 6, y2 / 5),
             "rel_yxyx": (y1 / 5, x1 / 6, y2 / 5, x2 / 6)}
    return np.stack(forms[fmt], axis=-1).astype("float32")


def _box_case(cid, cls, kwargs, args, training=True):
    return case(cid, cls, {"bounding_box_format": "xyxy", **kwargs}, args,
                {"training": training}, grad=False, atol=1e-4, fresh=True)


BOX_CASES = [  # (the layers' "bounding_boxes" inputs; seeded draws are Keras's)
    _box_case(*c) for c in [
        ("boxes_flip_training", "RandomFlip", {"seed": 3}, [boxed()]),
        ("boxes_flip_horizontal_rel_training", "RandomFlip", {
            "mode": "horizontal", "seed": 1, "bounding_box_format": "rel_xyxy"},
         [boxed(_rel(BOXES, "rel_xyxy"))]),
        ("boxes_flip_vertical_yxyx_training", "RandomFlip", {
            "mode": "vertical", "seed": 2, "bounding_box_format": "yxyx"},
         [boxed(_rel(BOXES, "yxyx"))]),
        ("boxes_flip_inference", "RandomFlip", {"seed": 3}, [boxed()], False),
        ("boxes_flip_rank3_training", "RandomFlip", {"seed": 5},
         [boxed(BOXES[1], BOX_LABELS[1], IMG[1])]),
        ("boxes_flip_cf_training", "RandomFlip", {"seed": 3, "data_format": "channels_first"},
         [boxed(images=IMG_CF)]),
        ("boxes_flip_no_format", "RandomFlip", {"bounding_box_format": None}, [boxed()]),
        ("boxes_flip_no_labels", "RandomFlip", {}, [
            {"images": IMG, "bounding_boxes": {"boxes": BOXES}}]),
        ("boxes_flip_bad_rank", "RandomFlip", {}, [boxed(BOXES[None])]),
        ("boxes_flip_bad_labels", "RandomFlip", {}, [boxed(labels=BOX_LABELS[0])]),
        ("boxes_resizing", "Resizing", {"height": 4, "width": 9}, [boxed()]),
        ("boxes_resizing_crop", "Resizing", {"height": 4, "width": 9,
                                             "crop_to_aspect_ratio": True}, [boxed()]),
        ("boxes_resizing_pad_xywh", "Resizing", {
            "height": 8, "width": 5, "pad_to_aspect_ratio": True,
            "bounding_box_format": "xywh"}, [boxed(_rel(BOXES, "xywh"))]),
        ("boxes_resizing_rank3", "Resizing", {"height": 10, "width": 3},
         [boxed(BOXES[2], BOX_LABELS[2], IMG[2])]),
        ("boxes_center_crop", "CenterCrop", {"height": 3, "width": 4}, [boxed()]),
        ("boxes_center_crop_grow", "CenterCrop", {"height": 7, "width": 9}, [boxed()]),
        ("boxes_center_crop_center_xywh", "CenterCrop", {
            "height": 4, "width": 4, "bounding_box_format": "center_xywh"},
         [boxed(_rel(BOXES, "center_xywh"))]),
        ("boxes_random_crop_training", "RandomCrop", {"height": 3, "width": 4, "seed": 1},
         [boxed()]),
        ("boxes_random_crop_inference", "RandomCrop", {"height": 3, "width": 4}, [boxed()],
         False),
        ("boxes_translation_training", "RandomTranslation", {
            "height_factor": 0.3, "width_factor": 0.2, "seed": 2}, [boxed()]),
        ("boxes_translation_rel_yxyx_training", "RandomTranslation", {
            "height_factor": (-0.4, 0.1), "width_factor": 0.5, "seed": 7,
            "bounding_box_format": "rel_yxyx"}, [boxed(_rel(BOXES, "rel_yxyx"))]),
        ("boxes_zoom_training", "RandomZoom", {"height_factor": 0.3, "seed": 4}, [boxed()]),
        ("boxes_zoom_both_training", "RandomZoom", {
            "height_factor": (-0.3, 0.2), "width_factor": (0.1, 0.4), "seed": 8}, [boxed()]),
        ("boxes_zoom_rank3_training", "RandomZoom", {"height_factor": 0.5, "seed": 3},
         [boxed(BOXES[3], BOX_LABELS[3], IMG[3])]),
        ("boxes_rotation_training", "RandomRotation", {"factor": 0.2, "seed": 5}, [boxed()]),
        ("boxes_rotation_xywh_training", "RandomRotation", {
            "factor": (0.1, 0.3), "seed": 6, "bounding_box_format": "xywh"},
         [boxed(_rel(BOXES, "xywh"))]),
        ("boxes_shear_training", "RandomShear", {"x_factor": 0.3, "y_factor": 0.2, "seed": 6},
         [boxed()]),
        ("boxes_shear_x_training", "RandomShear", {"x_factor": (0.2, 0.6), "seed": 2},
         [boxed()]),
        ("boxes_perspective_training", "RandomPerspective", {"seed": 7}, [boxed()]),
        ("boxes_perspective_half_training", "RandomPerspective", {
            "factor": 0.5, "scale": 0.4, "seed": 1}, [boxed()]),
        ("boxes_mixup_training", "MixUp", {"seed": 2}, [boxed()]),
        ("boxes_cutmix_training", "CutMix", {"seed": 2}, [boxed()]),
        ("boxes_elastic_training", "RandomElasticTransform", {"seed": 2}, [boxed()]),
        ("boxes_brightness_training", "RandomBrightness", {"factor": 0.2, "seed": 2},
         [boxed()]),
        ("boxes_contrast_training", "RandomContrast", {"factor": 0.2, "seed": 2}, [boxed()]),
        ("boxes_erasing_training", "RandomErasing", {"seed": 2}, [boxed()]),
        ("boxes_jitter_training", "RandomColorJitter", {"brightness_factor": 0.2, "seed": 2},
         [boxed()]),
    ]]

AUGMENT_CASES = [  # RandAugment, AugMix, CLAHE, MaxNumBoundingBoxes (seeded draws: Keras's)
    case(cid, cls, kwargs, args, {"training": training}, grad=False, atol=atol, fresh=True)
    for cid, cls, kwargs, args, training, atol in [
        ("augment_randaugment_training", "RandAugment", {"seed": 3}, [IMG], True, 1e-3),
        ("augment_randaugment_options_training", "RandAugment", {
            "num_ops": 4, "factor": 0.8, "value_range": (0, 1), "interpolation": "nearest",
            "seed": 1}, [UNIT], True, 1e-5),
        ("augment_randaugment_rank3_training", "RandAugment", {"seed": 2}, [IMG[0]], True,
         1e-3),
        ("augment_randaugment_cf_training", "RandAugment", {
            "seed": 6, "data_format": "channels_first"}, [IMG_CF], True, 1e-3),
        ("augment_randaugment_inference", "RandAugment", {"seed": 3}, [IMG], False, 1e-4),
        ("augment_randaugment_boxes_training", "RandAugment", {
            "seed": 5, "num_ops": 3, "factor": 0.9, "bounding_box_format": "xyxy"},
         [boxed()], True, 1e-3),
        ("augment_randaugment_bad_factor", "RandAugment", {"factor": 1.5}, [IMG], True, 0),
        ("augment_augmix_training", "AugMix", {"seed": 5}, [IMG], True, 1e-3),
        ("augment_augmix_options_training", "AugMix", {
            "num_chains": 2, "chain_depth": 4, "factor": 0.6, "alpha": 0.5, "all_ops": False,
            "value_range": (0, 1), "seed": 9}, [UNIT], True, 1e-5),
        ("augment_augmix_rank3_training", "AugMix", {"seed": 4}, [IMG[2]], True, 1e-3),
        ("augment_augmix_inference", "AugMix", {"seed": 5}, [IMG], False, 1e-4),
        ("augment_augmix_boxes_training", "AugMix", {
            "seed": 7, "bounding_box_format": "xyxy"}, [boxed()], True, 1e-3),
        ("augment_clahe", "ContrastLimitedAdaptiveHistogramEqualization", {}, [IMG], True,
         1e-3),
        ("augment_clahe_tiles", "ContrastLimitedAdaptiveHistogramEqualization", {
            "tile_grid_size": (2, 3), "clip_limit": 2.0}, [IMG], False, 1e-3),
        ("augment_clahe_unclipped_unit", "ContrastLimitedAdaptiveHistogramEqualization", {
            "tile_grid_size": (3, 2), "clip_limit": 0, "value_range": (0, 1)}, [UNIT], True,
         1e-5),
        ("augment_clahe_uint8_cf", "ContrastLimitedAdaptiveHistogramEqualization", {
            "tile_grid_size": (2, 2), "data_format": "channels_first"},
         [np.round(IMG_CF).astype("uint8")], True, 0),
        ("augment_clahe_rank3", "ContrastLimitedAdaptiveHistogramEqualization", {
            "tile_grid_size": (1, 2)}, [IMG[3]], True, 1e-3),
        ("augment_clahe_boxes", "ContrastLimitedAdaptiveHistogramEqualization", {
            "bounding_box_format": "xyxy"}, [boxed()], True, 0),
        ("augment_max_boxes", "MaxNumBoundingBoxes", {
            "max_number": 2, "bounding_box_format": "xyxy"}, [boxed()], True, 0),
        ("augment_max_boxes_pad", "MaxNumBoundingBoxes", {
            "max_number": 5, "fill_value": -3, "bounding_box_format": "yxyx"}, [boxed()],
         False, 0),
        ("augment_max_boxes_rank3", "MaxNumBoundingBoxes", {
            "max_number": 4, "bounding_box_format": "xyxy"},
         [boxed(BOXES[1], BOX_LABELS[1], IMG_U8[1])], True, 0),
        ("augment_max_boxes_images", "MaxNumBoundingBoxes", {"max_number": 4}, [IMG_U8], True,
         0),
        ("augment_max_boxes_no_format", "MaxNumBoundingBoxes", {"max_number": 4}, [boxed()],
         True, 0),
    ]]

IMG_TALL = (data((2, 9, 7, 3), 1.7) + 1.0) * 127.5


def _geometry_case(cid, cls, kwargs, args, training=True, atol=1e-4):
    return case(cid, cls, kwargs, args, {} if training is None else {"training": training},
                grad=False, atol=atol)


GEOMETRY_CASES = [  # RandomShear and RandomPerspective beyond COLOR_CASES'
    _geometry_case(*c) for c in [
        ("geometry_shear_tall_training", "RandomShear", {
            "x_factor": (0.1, 0.9), "y_factor": 0.5, "fill_mode": "nearest", "seed": 8},
         [IMG_TALL]),
        ("geometry_shear_reflect_training", "RandomShear", {
            "x_factor": 0.4, "y_factor": 0.4, "seed": 1}, [IMG_TALL]),
        ("geometry_shear_uint8_training", "RandomShear", {"x_factor": 0.3, "seed": 5},
         [IMG_U8]),
        ("geometry_shear_default_call", "RandomShear", {"x_factor": 0.3, "seed": 5}, [IMG],
         None),
        ("geometry_shear_inference", "RandomShear", {"x_factor": 0.3, "seed": 5}, [IMG_U8],
         False),
        ("geometry_shear_float64_training", "RandomShear", {
            "y_factor": 0.3, "dtype": "float64", "seed": 2}, [IMG.astype("float64")], True,
         1e-9),
        ("geometry_shear_mixed_training", "RandomShear", {
            "x_factor": 0.2, "dtype": "mixed_float16", "seed": 2}, [IMG], True, 0.13),
        ("geometry_shear_cf_rank3_training", "RandomShear", {
            "x_factor": 0.2, "y_factor": 0.3, "data_format": "channels_first",
            "fill_mode": "reflect", "seed": 9}, [IMG_CF[1]]),
        ("geometry_shear_zero_training", "RandomShear", {"seed": 3}, [IMG]),
        ("geometry_shear_bad_interpolation", "RandomShear", {"interpolation": "bicubic"},
         [IMG]),
        ("geometry_shear_factor_above_one", "RandomShear", {"x_factor": 1.5}, [IMG]),
        ("geometry_shear_factor_reversed", "RandomShear", {"y_factor": (0.5, 0.2)}, [IMG]),
        ("geometry_shear_factor_three", "RandomShear", {"x_factor": (0.1, 0.2, 0.3)},
         [IMG]),
        ("geometry_shear_factor_string", "RandomShear", {"x_factor": "0.2"}, [IMG]),
        ("geometry_perspective_tall_training", "RandomPerspective", {
            "scale": 0.8, "seed": 3}, [IMG_TALL]),
        ("geometry_perspective_factor_range_training", "RandomPerspective", {
            "factor": (0.2, 0.6), "scale": 0.6, "seed": 4}, [IMG_TALL]),
        ("geometry_perspective_uint8_training", "RandomPerspective", {"seed": 6},
         [IMG_U8]),
        ("geometry_perspective_default_call", "RandomPerspective", {"seed": 6}, [IMG],
         None),
        ("geometry_perspective_inference", "RandomPerspective", {"seed": 6}, [IMG_U8],
         False),
        # (TF warps in float32 whatever the images' dtype: a float32 homography's rounding)
        ("geometry_perspective_float64_training", "RandomPerspective", {
            "dtype": "float64", "seed": 2}, [IMG.astype("float64")]),
        ("geometry_perspective_mixed_training", "RandomPerspective", {
            "dtype": "mixed_float16", "scale": 0.5, "seed": 2}, [IMG], True, 0.13),
        ("geometry_perspective_cf_rank3_training", "RandomPerspective", {
            "data_format": "channels_first", "scale": 0.7, "seed": 8}, [IMG_CF[2]]),
        ("geometry_perspective_zero_factor_training", "RandomPerspective", {
            "factor": 0.0, "seed": 3}, [IMG]),
        ("geometry_perspective_bad_factor", "RandomPerspective", {"factor": 1.5}, [IMG]),
        ("geometry_perspective_negative_scale", "RandomPerspective", {"scale": -0.1},
         [IMG]),
        ("geometry_perspective_factor_reversed", "RandomPerspective", {
            "factor": (0.6, 0.2)}, [IMG]),
        ("geometry_twice_training", "model:geometry_twice", {}, [IMG_TALL]),
    ]]

COMPOSITE_CASES = [  # RandAugment and AugMix beyond AUGMENT_CASES' (seeded draws: Keras's)
    _geometry_case(cid, cls, kwargs, args, training, atol)
    for cid, cls, kwargs, args, training, atol in [
        *[(f"composite_randaugment_seed{seed}_training", "RandAugment", {
            "num_ops": 3, "factor": 0.7, "seed": seed}, [IMG_TALL], True, 1e-3)
          for seed in (11, 12, 13, 14)],
        ("composite_randaugment_uint8_training", "RandAugment", {"seed": 4}, [IMG_U8],
         True, 1e-3),
        ("composite_randaugment_uint8_inference", "RandAugment", {"seed": 4}, [IMG_U8],
         False, 0),
        ("composite_randaugment_mixed_training", "RandAugment", {
            "dtype": "mixed_float16", "seed": 7}, [IMG], True, 0.26),
        ("composite_randaugment_no_ops_training", "RandAugment", {"num_ops": 0, "seed": 2},
         [IMG], True, 1e-4),
        ("composite_randaugment_factor_range_training", "RandAugment", {
            "factor": (0.2, 0.7), "seed": 8}, [IMG_TALL], True, 1e-3),
        ("composite_randaugment_twice_training", "model:randaugment_twice", {}, [IMG_TALL],
         True, 1e-3),
        *[(f"composite_augmix_seed{seed}_training", "AugMix", {"seed": seed}, [IMG_TALL],
           True, 1e-3) for seed in (21, 22, 23)],
        ("composite_augmix_uint8_training", "AugMix", {"seed": 6}, [IMG_U8], True, 1e-3),
        ("composite_augmix_mixed_training", "AugMix", {
            "dtype": "mixed_float16", "seed": 7}, [IMG], True, 0.26),
        ("composite_augmix_one_chain_training", "AugMix", {
            "num_chains": 1, "chain_depth": 1, "alpha": 0.3, "all_ops": False, "seed": 3},
         [IMG_TALL], True, 1e-3),
        ("composite_augmix_cf_training", "AugMix", {
            "data_format": "channels_first", "interpolation": "nearest", "seed": 8},
         [IMG_CF], True, 1e-3),
        ("composite_augmix_twice_training", "model:augmix_twice", {}, [IMG_TALL], True,
         1e-3),
    ]]

IMG_BIG = (data((2, 16, 12, 3), 2.3) + 1.0) * 127.5
CLAHE = "ContrastLimitedAdaptiveHistogramEqualization"
ELASTIC = "RandomElasticTransform"
EXTRA_CASES = [  # RandomElasticTransform, CLAHE and MaxNumBoundingBoxes beyond their first
    _geometry_case(cid, cls, kwargs, args, training, atol)
    for cid, cls, kwargs, args, training, atol in [
        *[(f"extra_elastic_seed{seed}_training", ELASTIC, {"seed": seed}, [IMG_TALL], True,
           1e-3) for seed in (5, 6)],
        ("extra_elastic_scale_range_training", ELASTIC, {
            "scale": (0.2, 0.9), "fill_mode": "wrap", "seed": 7}, [IMG_TALL], True, 1e-3),
        ("extra_elastic_nearest_fill_training", ELASTIC, {
            "fill_mode": "nearest", "interpolation": "nearest", "seed": 8}, [IMG_TALL],
         True, 1e-3),
        ("extra_elastic_mirror_training", ELASTIC, {"fill_mode": "mirror", "seed": 9},
         [IMG_TALL], True, 1e-3),
        ("extra_elastic_unit_training", ELASTIC, {"value_range": (0, 1), "seed": 2},
         [UNIT], True, 1e-5),
        ("extra_elastic_rank3_training", ELASTIC, {"seed": 4}, [IMG_TALL[1]], True, 1e-3),
        ("extra_elastic_uint8_training", ELASTIC, {"seed": 4}, [IMG_U8], True, 1e-3),
        ("extra_elastic_uint8_inference", ELASTIC, {"seed": 4}, [IMG_U8], False, 0),
        ("extra_elastic_float64_training", ELASTIC, {"dtype": "float64", "seed": 3},
         [IMG.astype("float64")], True, 1e-3),
        ("extra_elastic_mixed_training", ELASTIC, {"dtype": "mixed_float16", "seed": 3},
         [IMG], True, 0.26),
        ("extra_elastic_zero_factor_training", ELASTIC, {"factor": 0.0, "seed": 3}, [IMG],
         True, 1e-4),
        ("extra_elastic_zero_scale_training", ELASTIC, {"scale": 0.0, "seed": 3}, [IMG],
         True, 1e-4),
        ("extra_elastic_twice_training", "model:elastic_twice", {}, [IMG_TALL], True, 1e-3),
        ("extra_elastic_bad_interpolation", ELASTIC, {"interpolation": "bicubic"}, [IMG],
         True, 0),
        ("extra_elastic_bad_scale", ELASTIC, {"scale": 1.5}, [IMG], True, 0),
        ("extra_elastic_bad_scale_three", ELASTIC, {"scale": (0.1, 0.2, 0.3)}, [IMG], True,
         0),
        ("extra_elastic_bad_scale_string", ELASTIC, {"scale": "0.5"}, [IMG], True, 0),
        ("extra_elastic_bad_factor", ELASTIC, {"factor": -0.5}, [IMG], True, 0),
        ("extra_clahe_big", CLAHE, {}, [IMG_BIG], True, 1e-3),
        ("extra_clahe_big_tiles", CLAHE, {"tile_grid_size": (4, 3), "clip_limit": 1.5},
         [IMG_BIG], True, 1e-3),
        ("extra_clahe_uneven_tiles", CLAHE, {"tile_grid_size": (5, 5), "clip_limit": 3.0},
         [IMG_BIG], True, 1e-3),
        ("extra_clahe_one_tile", CLAHE, {"tile_grid_size": (1, 1), "clip_limit": 10.0},
         [IMG_TALL], True, 1e-3),
        ("extra_clahe_gray", CLAHE, {"tile_grid_size": (2, 2)}, [IMG_BIG[..., :1]], True,
         1e-3),
        ("extra_clahe_uint8", CLAHE, {"tile_grid_size": (2, 2)},
         [np.round(IMG_BIG).astype("uint8")], True, 0),
        ("extra_clahe_float64", CLAHE, {"tile_grid_size": (2, 3), "dtype": "float64"},
         [IMG_BIG.astype("float64")], True, 1e-3),
        ("extra_clahe_mixed", CLAHE, {"tile_grid_size": (2, 3), "dtype": "mixed_float16"},
         [IMG_BIG], True, 0.26),
        ("extra_clahe_range_unit", CLAHE, {"tile_grid_size": (3, 3), "value_range": (0, 1)},
         [IMG_BIG / 255.0], True, 1e-5),
        ("extra_clahe_bad_tiles", CLAHE, {"tile_grid_size": 3}, [IMG], True, 0),
        ("extra_max_boxes_ragged", "MaxNumBoundingBoxes", {
            "max_number": 2, "bounding_box_format": "xyxy"},
         [boxed(BOXES[:, :1], BOX_LABELS[:, :1])], True, 0),
        ("extra_max_boxes_float_fill", "MaxNumBoundingBoxes", {
            "max_number": 4.7, "fill_value": -2.5, "bounding_box_format": "xyxy"},
         [boxed()], True, 0),
        ("extra_max_boxes_string_number", "MaxNumBoundingBoxes", {
            "max_number": "3", "bounding_box_format": "xyxy"}, [boxed()], True, 0),
        ("extra_max_boxes_bad_number", "MaxNumBoundingBoxes", {
            "max_number": "three", "bounding_box_format": "xyxy"}, [boxed()], True, 0),
        ("extra_max_boxes_float_boxes", "MaxNumBoundingBoxes", {
            "max_number": 1, "bounding_box_format": "rel_xyxy"},
         [boxed(BOXES / 6.0, BOX_LABELS.astype("float32"))], True, 0),
    ]]

AUDIO = data((2, 1000), 0.2) * np.linspace(0.1, 1.0, 1000, dtype="float32")
AUDIO_CASES = [
    case("mel", "MelSpectrogram", {"fft_length": 256, "sequence_stride": 64,
                                   "num_mel_bins": 16}, [AUDIO], grad=False, atol=1e-3),
    case("mel_options", "MelSpectrogram", {
        "fft_length": 256, "sequence_length": 128, "sequence_stride": 100,
        "window": "hamming", "sampling_rate": 8000, "num_mel_bins": 10, "min_freq": 50.0,
        "max_freq": 3000.0, "power_to_db": False, "mag_exp": 1.0}, [AUDIO], grad=False,
         atol=1e-4),
    case("mel_db_options", "MelSpectrogram", {
        "fft_length": 128, "sequence_stride": 50, "num_mel_bins": 8, "top_db": 20.0,
        "ref_power": 2.0, "min_power": 1e-6}, [AUDIO], grad=False, atol=1e-3),
    case("mel_rank1", "MelSpectrogram", {"fft_length": 128, "sequence_stride": 32,
                                         "num_mel_bins": 12}, [AUDIO[0]], grad=False,
         atol=1e-3),
    case("mel_bad_lengths", "MelSpectrogram", {"fft_length": 64, "sequence_length": 128},
         [AUDIO]),
    # dtype policies: stft in float32 unless float64, the output in the compute dtype
    case("mel_float64", "MelSpectrogram", {"fft_length": 128, "sequence_stride": 40,
                                           "num_mel_bins": 8, "dtype": "float64"},
         [AUDIO.astype("float64")], grad=False, atol=1e-9),
    case("mel_mixed_float16", "MelSpectrogram", {
        "fft_length": 128, "sequence_stride": 40, "num_mel_bins": 8,
        "dtype": "mixed_float16"}, [AUDIO], grad=False, atol=4e-2),  # (a float16 ulp at 50)
    case("mel_bfloat16", "MelSpectrogram", {
        "fft_length": 128, "sequence_stride": 40, "num_mel_bins": 8, "power_to_db": False,
        "dtype": "bfloat16"}, [AUDIO], grad=False, atol=1e-2),
    case("mel_int_input", "MelSpectrogram", {"fft_length": 64, "sequence_stride": 16,
                                             "num_mel_bins": 6},
         [(AUDIO[:, :200] * 100).astype("int32")], grad=False, atol=1e-3),
    case("mel_window_none", "MelSpectrogram", {
        "fft_length": 100, "sequence_stride": 30, "window": None, "num_mel_bins": 6,
        "sampling_rate": 4000, "max_freq": 1500.0}, [AUDIO], grad=False, atol=1e-3),
    case("mel_bad_window", "MelSpectrogram", {"fft_length": 64, "window": "blackman"},
         [AUDIO]),
    case("mel_top_db_none", "MelSpectrogram", {"fft_length": 64, "top_db": None},
         [AUDIO]),
    case("mel_rank3", "MelSpectrogram", {"fft_length": 64, "sequence_stride": 32,
                                         "num_mel_bins": 4}, [AUDIO[:, :200, None]],
         grad=False, atol=1e-3),
]

SIGNAL = data((2, 60, 2), 0.3)
SIGNAL_CF = np.ascontiguousarray(np.transpose(SIGNAL, (0, 2, 1)))
STFT = "STFTSpectrogram"
STFT_CASES = [  # (the kernels' initial values are the STFT initializer's; then fixed ones)
    case("stft_log", STFT, {"frame_length": 16}, [SIGNAL[..., :1]], atol=1e-5),
    case("stft_magnitude_options", STFT, {
        "mode": "magnitude", "frame_length": 12, "frame_step": 5, "fft_length": 16,
        "window": "hamming", "periodic": True, "scaling": "spectrum", "padding": "same"},
         [SIGNAL], atol=1e-5),
    case("stft_psd_expanded", STFT, {"mode": "psd", "frame_length": 8, "expand_dims": True},
         [SIGNAL], atol=1e-5),
    case("stft_real_cf", STFT, {"mode": "real", "frame_length": 10, "frame_step": 4,
                                "data_format": "channels_first"}, [SIGNAL_CF],
         cpu_error=True),
    case("stft_imag_cf_expanded", STFT, {
        "mode": "imag", "frame_length": 8, "expand_dims": True, "padding": "same",
        "data_format": "channels_first"}, [SIGNAL_CF], cpu_error=True),
    case("stft_angle", STFT, {"mode": "angle", "frame_length": 8, "window": None,
                              "scaling": None}, [SIGNAL], grad=False, atol=1e-5),
    case("stft_stft_expanded", STFT, {"mode": "stft", "frame_length": 8, "frame_step": 3,
                                      "expand_dims": True, "window": "bartlett"}, [SIGNAL]),
    case("stft_window_list", STFT, {"mode": "real", "frame_length": 4,
                                    "window": [0.25, 0.5, 1.0, 0.5]}, [SIGNAL]),
    case("stft_fft_not_power_of_two", STFT, {"mode": "stft", "frame_length": 8,
                                             "fft_length": 12}, [SIGNAL]),
    case("stft_float64", STFT, {"frame_length": 8, "dtype": "float64"},
         [SIGNAL.astype("float64")], atol=1e-9),
    case("stft_float16_input", STFT, {"mode": "magnitude", "frame_length": 8},
         [SIGNAL.astype("float16")], grad=False, atol=1e-5),
    case("stft_mixed_float16", STFT, {"mode": "real", "frame_length": 8,
                                      "dtype": "mixed_float16"}, [SIGNAL], grad=False,
         atol=2e-2),
    # failures
    case("stft_bad_mode", STFT, {"mode": "power"}, [SIGNAL]),
    case("stft_bad_scaling", STFT, {"scaling": "unit"}, [SIGNAL]),
    case("stft_bad_padding", STFT, {"padding": "causal"}, [SIGNAL]),
    case("stft_step_too_long", STFT, {"frame_length": 8, "frame_step": 9}, [SIGNAL]),
    case("stft_step_zero", STFT, {"frame_length": 8, "frame_step": 0}, [SIGNAL]),
    case("stft_fft_too_short", STFT, {"frame_length": 16, "fft_length": 8}, [SIGNAL]),
    case("stft_bad_window", STFT, {"frame_length": 8, "window": "nope"}, [SIGNAL]),
    case("stft_window_wrong_length", STFT, {"frame_length": 8, "window": [1.0, 0.5]},
         [SIGNAL]),
    case("stft_int_input", STFT, {"frame_length": 8}, [(SIGNAL * 10).astype("int32")]),
    case("stft_rank2", STFT, {"frame_length": 8}, [SIGNAL[..., 0]]),
    # (decibels' gradient, 10 / (ln 10 p), magnifies the float32 FFT's rounding in the
    # quiet bins: TF's and eagerflow's both stray ~0.6 from the float64 gradient, of ~250)
    case("audio_model", "model:audio_spectrograms", {}, [data((2, 400), 0.1)], atol=1e-4,
         grad_atol=0.2),
]

CASES = (ATTENTION_CASES + NORM_CASES + POOL_CASES + CONV_T_CASES + CONV_LSTM_CASES
         + GQA_CASES + DEPTHWISE_CASES + ADAPTIVE_CASES + OTHER_CASES + COLOR_CASES
         + AUDIO_CASES + STFT_CASES + BOX_CASES + AUGMENT_CASES + GEOMETRY_CASES
         + COMPOSITE_CASES + EXTRA_CASES)


def _tensor(tf, x):
    return tf.constant(x) if isinstance(x, np.ndarray) else x


def _structure(tf, x):
    if isinstance(x, dict):
        return {k: _structure(tf, v) for k, v in x.items()}
    if isinstance(x, (list, tuple)) and not (x and isinstance(x[0], (int, float))):
        return [_structure(tf, v) for v in x]
    return _tensor(tf, x)


def _flat(x):
    if isinstance(x, dict):
        return [t for k in sorted(x) for t in _flat(x[k])]
    if isinstance(x, (list, tuple)):
        return [t for v in x for t in _flat(v)]
    return [x]


def encode(x):
    a = np.asarray(x)
    return {"dtype": str(a.dtype), "shape": list(a.shape), "values": a.ravel().tolist()}


def _error(e):
    return {"error": type(e).__name__, "message": str(e).strip()[:600]}


def _shape(s):
    return None if s is None else [None if d is None else int(d) for d in s]


def _shapes(s):
    if isinstance(s, (list, tuple)) and s and isinstance(s[0], (list, tuple)):
        return [_shapes(v) for v in s]
    return _shape(s)


def masked_self_attention(keras):
    """Embedding(mask_zero=True) into self-attention: the padding mask reaches the
    attention as the query's and value's Keras masks, and the output carries it."""
    tokens = keras.Input((5,), dtype="int32")
    x = keras.layers.Embedding(10, 4, mask_zero=True)(tokens)
    y = keras.layers.MultiHeadAttention(2, 3)(x, x)
    return keras.Model(tokens, keras.layers.GlobalAveragePooling1D()(y))


def transposed_convolutions(keras):
    """Conv1DTranspose, then a ConvLSTM1D over its output cut into steps, traced with an
    unknown batch size (the transposed convolutions' output shape is a graph value)."""
    x = keras.Input((5, 4))
    y = keras.layers.Conv1DTranspose(6, 3, strides=2, padding="same")(x)
    y = keras.layers.Reshape((2, 5, 6))(y)
    y = keras.layers.ConvLSTM1D(2, 2, return_sequences=True)(y)
    return keras.Model(x, keras.layers.Flatten()(y))


def conv_lstm_dropout_twice(keras):
    """A ConvLSTM1D with dropout called in inference, then twice while training, each call
    on the previous one's output: each call draws its four input and four recurrent masks
    from the cell's seed generator (the inference call too), so the two training calls'
    masks differ. (Chained: Keras runs parallel calls of one depth in an order of its
    own.)"""
    x = keras.Input((4, 5, 2), batch_size=3)
    lstm = keras.layers.ConvLSTM1D(2, 2, padding="same", dropout=0.5, recurrent_dropout=0.4,
                                   seed=9, return_sequences=True)
    first = lstm(x)
    second = lstm(first, training=True)
    return keras.Model(x, [first, second, lstm(second, training=True)])


def reversible_embedding_round_trip(keras):
    """Token ids embedded (mask_zero) and mapped back to logits by one ReversibleEmbedding,
    through an LSTM that sees the padding mask."""
    tokens = keras.Input((4,), dtype="int32")
    embedding = keras.layers.ReversibleEmbedding(5, 3, mask_zero=True)
    hidden = keras.layers.LSTM(3, return_sequences=True)(embedding(tokens))
    return keras.Model(tokens, embedding(hidden, reverse=True))


def masked_grouped_attention(keras):
    """Embedding(mask_zero=True) into GroupQueryAttention: the padding mask reaches it as
    the query's and value's Keras masks."""
    tokens = keras.Input((5,), dtype="int32")
    x = keras.layers.Embedding(10, 4, mask_zero=True)(tokens)
    y = keras.layers.GroupQueryAttention(2, 4, 2)(x, x)
    return keras.Model(tokens, keras.layers.GlobalAveragePooling1D()(y))


def newer_layers(keras):
    """Keras 3.15's newer layers in one two-input model (for its summary)."""
    x = keras.Input((6, 4))
    y = keras.layers.DepthwiseConv1D(3, padding="same")(x)
    y = keras.layers.SeparableConv1D(4, 2, padding="same")(y)
    y = keras.layers.GroupQueryAttention(2, 4, 2)(y, y)
    y = keras.layers.MultiHeadAttention(2, 3)(y, y)
    y = keras.layers.SpectralNormalization(keras.layers.Dense(4))(y)
    y = keras.layers.AdaptiveMaxPooling1D(2)(keras.layers.Identity()(y))
    y = keras.layers.ConvLSTM1D(2, 1, return_sequences=True)(keras.layers.Reshape((2, 4, 1))(y))
    tokens = keras.Input((3,), dtype="int32")
    embedding = keras.layers.ReversibleEmbedding(5, 4)
    return keras.Model([x, tokens], [y, embedding(embedding(tokens), reverse=True)])


def image_augmentation(keras):
    """Keras 3's image augmentation layers in one model (for its summary; not Equalization:
    its output spec is its input's KerasTensor, a cycle to Keras's functional graph; and
    a RandomShear factor of one number, (-f, f), is refused by its own from_config)."""
    L = keras.layers
    x = keras.Input((8, 8, 3))
    y = L.RandomColorJitter(brightness_factor=0.2, contrast_factor=0.2, seed=1)(x)
    y = L.Pipeline([L.RandomGrayscale(), L.RandomHue(0.2), L.RandomSaturation(0.3)])(y)
    for layer in (L.RandomBrightness(0.1), L.RandomInvert(), L.Solarization(0.1),
                  L.RandomPosterization(4), L.RandomColorDegeneration(0.2),
                  L.RandomSharpness(0.3), L.AutoContrast(), L.MixUp(),
                  L.CutMix(), L.RandomErasing(), L.RandomGaussianBlur(), L.RandomShear((0.1, 0.2)),
                  L.RandomPerspective()):
        y = layer(y)
    return keras.Model(x, L.Conv2D(2, 3)(y))


def composite_augmentation(keras):
    """Keras 3.15's composite augmentation layers in one model (for its summary)."""
    L = keras.layers
    x = keras.Input((8, 8, 3))
    y = L.RandAugment(seed=1)(x)
    y = L.AugMix(seed=2, all_ops=False)(y)
    y = L.ContrastLimitedAdaptiveHistogramEqualization(tile_grid_size=(2, 2))(y)
    return keras.Model(x, L.Conv2D(2, 3)(L.MaxNumBoundingBoxes(3)(y)))


def geometry_twice(keras):
    """One RandomShear called twice around a RandomPerspective: each call draws anew from
    the layer's SeedGenerator."""
    L = keras.layers
    x = keras.Input((9, 7, 3))
    shear = L.RandomShear(x_factor=0.3, y_factor=0.2, fill_mode="nearest", seed=4)
    return keras.Model(x, shear(L.RandomPerspective(scale=0.5, seed=5)(shear(x))))


def randaugment_twice(keras):
    """One RandAugment called twice: each call draws its operations anew."""
    layer = keras.layers.RandAugment(num_ops=2, factor=0.6, seed=2)
    x = keras.Input((9, 7, 3))
    return keras.Model(x, layer(layer(x)))


def augmix_twice(keras):
    """One AugMix called twice: each call draws its chains anew."""
    layer = keras.layers.AugMix(num_chains=2, chain_depth=2, seed=3)
    x = keras.Input((9, 7, 3))
    return keras.Model(x, layer(layer(x)))


def elastic_twice(keras):
    """One RandomElasticTransform called twice: each call draws anew."""
    layer = keras.layers.RandomElasticTransform(scale=0.6, seed=5)
    x = keras.Input((9, 7, 3))
    return keras.Model(x, layer(layer(x)))


def audio_spectrograms(keras):
    """MelSpectrogram and STFTSpectrogram of one signal into a small classifier."""
    L = keras.layers
    x = keras.Input((400,))
    mel = L.MelSpectrogram(fft_length=64, sequence_stride=32, num_mel_bins=8)(x)
    stft = L.STFTSpectrogram(frame_length=16, frame_step=8)(L.Reshape((400, 1))(x))
    y = L.Concatenate()([L.GlobalAveragePooling1D()(mel), L.GlobalAveragePooling1D()(stft)])
    return keras.Model(x, L.Dense(2)(y))


def summary(keras, name):
    """What `model.summary()` prints for the model `name` of SUMMARIES (the terminal 80
    columns wide: set COLUMNS)."""
    keras.backend.clear_session()
    out = io.StringIO()
    with contextlib.redirect_stdout(out):
        MODELS[name](keras).summary()
    return out.getvalue()


# (not a model whose Embedding computes its mask: Keras lists that mask's `not_equal` op as
# a node, eagerflow not yet: the README's row of Keras 3's objects)
SUMMARIES = ("newer_layers", "reversible_embedding_round_trip", "image_augmentation",
             "composite_augmentation", "audio_spectrograms")

MODELS = {"newer_layers": newer_layers, "image_augmentation": image_augmentation,
          "composite_augmentation": composite_augmentation,
          "audio_spectrograms": audio_spectrograms, "geometry_twice": geometry_twice,
          "randaugment_twice": randaugment_twice, "augmix_twice": augmix_twice,
          "elastic_twice": elastic_twice,
          "masked_self_attention": masked_self_attention,
          "transposed_convolutions": transposed_convolutions,
          "masked_grouped_attention": masked_grouped_attention,
          "conv_lstm_dropout_twice": conv_lstm_dropout_twice,
          "reversible_embedding_round_trip": reversible_embedding_round_trip}

# the layers SpectralNormalization wraps in the cases
WRAPPED = {"dense": lambda keras: keras.layers.Dense(3),
           "conv2d": lambda keras: keras.layers.Conv2D(2, 2),
           "embedding": lambda keras: keras.layers.Embedding(5, 3),
           "relu": lambda keras: keras.layers.ReLU()}


def make(keras, c):
    """The case's layer (or model), made after keras.utils.set_random_seed(SEED): its
    initial weights are Keras's draws."""
    keras.utils.set_random_seed(SEED)
    if c["cls"].startswith("model:"):
        return MODELS[c["cls"][6:]](keras)
    kwargs = dict(c["kwargs"])
    if "layer" in kwargs:
        kwargs["layer"] = WRAPPED[kwargs["layer"]](keras)
    return getattr(keras.layers, c["cls"])(**kwargs)


def run(tf, keras, c):
    try:
        layer = make(keras, c)
        args = [_structure(tf, a) for a in c["args"]]
        kwargs = {k: _structure(tf, v) for k, v in c["call"].items()}
        layer(*args, **kwargs)  # builds
    except Exception as e:  # the error is the golden value
        return _error(e)
    initial = [encode(w) for w in layer.weights]
    layer.set_weights(weight_values([w.shape for w in layer.weights]))
    if c["id"].endswith("training"):
        keras.utils.set_random_seed(SEED)
    if c.get("fresh"):  # (Keras's image layers write their results into a dict input)
        args = [_structure(tf, a) for a in c["args"]]
    watched = [t for a in args for t in _flat(a) if t.dtype.is_floating]
    with tf.GradientTape() as tape:
        tape.watch(watched)
        out = layer(*args, **kwargs)
        total = sum(tf.reduce_sum(tf.cast(o, "float64")) for o in _flat(out) if o is not None)
    result = {"out": [None if o is None else encode(o) for o in _flat(out)],
              "weights": [[w.path, _shape(w.shape)] for w in layer.weights],
              "config": repr(layer.get_config()),
              "build_config": repr(layer.get_build_config()), "initial": initial}
    if c.get("grad", True):
        grads = tape.gradient(total, watched + list(layer.trainable_weights))
        result["grad"] = [None if g is None else encode(tf.convert_to_tensor(g))
                          for g in grads]  # (an embedding's: IndexedSlices)
    if c.get("losses"):
        result["losses"] = [float(x) for x in layer.losses]
    result["output_shape"] = _output_shape(layer, c)
    return result


def _output_shape(layer, c):
    if c["cls"].startswith("model:") or any(isinstance(x, dict) for x in c["args"]):
        return None
    shapes = [[a.shape for a in x] if isinstance(x, list) else x.shape for x in c["args"]]
    tensor_kw = {f"{k}_shape": v.shape for k, v in c["call"].items() if k in ("value", "key")}
    try:
        if c["cls"] == MHA:
            return _shapes(layer.compute_output_shape(*shapes, **tensor_kw))
        reverse = {k: v for k, v in c["call"].items() if k == "reverse"}
        return _shapes(layer.compute_output_shape(*shapes, **reverse))
    except Exception as e:
        return _error(e)
