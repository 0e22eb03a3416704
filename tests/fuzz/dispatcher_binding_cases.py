"""Bad calls of public functions TF 2.21 writes in Python under its dispatcher, which binds
a call's arguments first (eagerflow's are marked @dispatch_binding or @binds_first): the
control flow, image augmentations, CTC and candidate-sampling functions, `sequence_mask`,
`py_function`, tf.random's, tf.signal's, tf.sets', tf.io's parsers, tf.compat.v1's and
tf.math.special's... called with no arguments, with an unknown keyword alone and beside
arguments, and with too many (shared by record_dispatcher_binding.py, run under
TensorFlow, and test_dispatcher_binding.py, run under eagerflow)."""

from __future__ import annotations

from typing import Any

NAMES = (
    "Assert", "case", "cond", "edit_distance", "fingerprint", "foldl", "foldr", "scan",
    "numpy_function", "py_function", "reverse_sequence", "sequence_mask",
    "image.random_brightness", "image.random_contrast", "image.random_crop",
    "image.random_flip_left_right", "image.random_flip_up_down", "image.random_hue",
    "image.random_jpeg_quality", "image.random_saturation",
    "image.sample_distorted_bounding_box", "image.stateless_random_brightness",
    "image.stateless_random_contrast", "image.stateless_random_crop",
    "image.stateless_random_flip_left_right", "image.stateless_random_flip_up_down",
    "image.stateless_random_hue", "image.stateless_random_jpeg_quality",
    "image.stateless_random_saturation", "image.stateless_sample_distorted_bounding_box",
    "math.reduce_variance", "math.sobol_sample", "nn.ctc_beam_search_decoder",
    "nn.ctc_greedy_decoder", "nn.ctc_loss", "nn.ctc_unique_labels", "nn.dropout",
    "nn.fixed_unigram_candidate_sampler", "nn.learned_unigram_candidate_sampler",
    "nn.nce_loss", "nn.sampled_softmax_loss",
    "io.decode_csv", "io.decode_raw", "io.deserialize_many_sparse", "io.parse_example",
    "io.parse_sequence_example", "io.parse_single_example", "io.parse_single_sequence_example",
    "io.serialize_many_sparse", "io.serialize_sparse", "linalg.set_diag",
    "quantization.dequantize", "quantization.quantize", "quantization.quantize_and_dequantize",
    "quantization.quantize_and_dequantize_v2", "random.categorical", "random.fold_in",
    "random.gamma", "random.log_uniform_candidate_sampler", "random.normal", "random.poisson",
    "random.shuffle", "random.split", "random.stateless_binomial",
    "random.stateless_categorical", "random.stateless_gamma", "random.stateless_normal",
    "random.stateless_parameterized_truncated_normal", "random.stateless_poisson",
    "random.stateless_truncated_normal", "random.stateless_uniform", "random.truncated_normal",
    "random.uniform", "random.uniform_candidate_sampler", "sets.difference",
    "sets.intersection", "sets.size", "sets.union", "signal.dct", "signal.fftshift",
    "signal.frame", "signal.idct", "signal.ifftshift", "signal.inverse_mdct",
    "signal.inverse_stft", "signal.inverse_stft_window_fn",
    "signal.linear_to_mel_weight_matrix", "signal.mdct",
    "signal.mfccs_from_log_mel_spectrograms", "signal.stft",
)
# (kw47: tf.compat.v1's Python functions TF writes under its dispatcher, and
# tf.math.special's; one name for each eagerflow function)
NAMES += (
    "compat.v1.argmax", "compat.v1.argmin", "compat.v1.assert_equal",
    "compat.v1.assert_greater", "compat.v1.assert_greater_equal",
    "compat.v1.assert_integer", "compat.v1.assert_less", "compat.v1.assert_less_equal",
    "compat.v1.assert_near", "compat.v1.assert_negative", "compat.v1.assert_non_negative",
    "compat.v1.assert_non_positive", "compat.v1.assert_none_equal",
    "compat.v1.assert_positive", "compat.v1.assert_rank", "compat.v1.assert_rank_at_least",
    "compat.v1.assert_rank_in", "compat.v1.assert_scalar", "compat.v1.assert_type",
    "compat.v1.batch_gather", "compat.v1.batch_to_space", "compat.v1.bincount",
    "compat.v1.boolean_mask", "compat.v1.clip_by_average_norm", "compat.v1.colocate_with",
    "compat.v1.confusion_matrix", "compat.v1.constant", "compat.v1.convert_to_tensor",
    "compat.v1.count_nonzero", "compat.v1.decode_csv", "compat.v1.decode_raw",
    "compat.v1.depth_to_space", "compat.v1.div", "compat.v1.expand_dims",
    "compat.v1.extract_image_patches", "compat.v1.gather", "compat.v1.gather_nd",
    "compat.v1.image.crop_and_resize", "compat.v1.image.draw_bounding_boxes",
    "compat.v1.image.extract_glimpse", "compat.v1.image.resize",
    "compat.v1.image.resize_area", "compat.v1.image.resize_bicubic",
    "compat.v1.image.resize_bilinear", "compat.v1.image.resize_image_with_pad",
    "compat.v1.image.resize_nearest_neighbor", "compat.v1.losses.compute_weighted_loss",
    "compat.v1.losses.hinge_loss", "compat.v1.losses.huber_loss",
    "compat.v1.losses.log_loss", "compat.v1.losses.mean_pairwise_squared_error",
    "compat.v1.losses.mean_squared_error", "compat.v1.losses.sigmoid_cross_entropy",
    "compat.v1.losses.softmax_cross_entropy",
    "compat.v1.losses.sparse_softmax_cross_entropy", "compat.v1.math.in_top_k",
    "compat.v1.math.log_softmax", "compat.v1.math.softmax", "compat.v1.multinomial",
    "compat.v1.nn.avg_pool", "compat.v1.nn.batch_norm_with_global_normalization",
    "compat.v1.nn.bidirectional_dynamic_rnn", "compat.v1.nn.conv1d", "compat.v1.nn.conv2d",
    "compat.v1.nn.conv2d_backprop_filter", "compat.v1.nn.conv2d_backprop_input",
    "compat.v1.nn.conv2d_transpose", "compat.v1.nn.conv3d", "compat.v1.nn.conv3d_transpose",
    "compat.v1.nn.convolution", "compat.v1.nn.crelu", "compat.v1.nn.depthwise_conv2d",
    "compat.v1.nn.depthwise_conv2d_native", "compat.v1.nn.dilation2d",
    "compat.v1.nn.dynamic_rnn", "compat.v1.nn.embedding_lookup",
    "compat.v1.nn.embedding_lookup_sparse", "compat.v1.nn.erosion2d",
    "compat.v1.nn.fractional_avg_pool", "compat.v1.nn.fractional_max_pool",
    "compat.v1.nn.fused_batch_norm", "compat.v1.nn.max_pool",
    "compat.v1.nn.max_pool_with_argmax", "compat.v1.nn.moments", "compat.v1.nn.pool",
    "compat.v1.nn.quantized_avg_pool", "compat.v1.nn.quantized_conv2d",
    "compat.v1.nn.quantized_max_pool", "compat.v1.nn.quantized_relu_x",
    "compat.v1.nn.raw_rnn", "compat.v1.nn.relu_layer",
    "compat.v1.nn.safe_embedding_lookup_sparse", "compat.v1.nn.separable_conv2d",
    "compat.v1.nn.softmax_cross_entropy_with_logits",
    "compat.v1.nn.softmax_cross_entropy_with_logits_v2",
    "compat.v1.nn.sparse_softmax_cross_entropy_with_logits",
    "compat.v1.nn.static_bidirectional_rnn", "compat.v1.nn.static_rnn",
    "compat.v1.nn.static_state_saving_rnn", "compat.v1.nn.sufficient_statistics",
    "compat.v1.nn.weighted_cross_entropy_with_logits", "compat.v1.nn.weighted_moments",
    "compat.v1.nn.xw_plus_b", "compat.v1.norm", "compat.v1.ones_like", "compat.v1.pad",
    "compat.v1.parse_example", "compat.v1.parse_single_example", "compat.v1.quantize_v2",
    "compat.v1.ragged.constant_value", "compat.v1.ragged.placeholder",
    "compat.v1.random.poisson", "compat.v1.reduce_all", "compat.v1.reduce_any",
    "compat.v1.reduce_join", "compat.v1.reduce_logsumexp", "compat.v1.reduce_max",
    "compat.v1.reduce_mean", "compat.v1.reduce_min", "compat.v1.reduce_prod",
    "compat.v1.reduce_sum", "compat.v1.serialize_many_sparse", "compat.v1.serialize_sparse",
    "compat.v1.setdiff1d", "compat.v1.shape", "compat.v1.size", "compat.v1.space_to_batch",
    "compat.v1.space_to_depth", "compat.v1.sparse_matmul", "compat.v1.sparse_to_dense",
    "compat.v1.squeeze", "compat.v1.string_split", "compat.v1.string_to_hash_bucket",
    "compat.v1.string_to_number", "compat.v1.strings.length", "compat.v1.strings.split",
    "compat.v1.strings.substr", "compat.v1.substr", "compat.v1.to_bfloat16",
    "compat.v1.to_complex128", "compat.v1.to_complex64", "compat.v1.to_double",
    "compat.v1.to_float", "compat.v1.to_int32", "compat.v1.to_int64", "compat.v1.transpose",
    "compat.v1.tuple", "compat.v1.verify_tensor_all_finite", "compat.v1.where",
    "compat.v1.zeros_like", "math.special.bessel_j0", "math.special.bessel_j1",
    "math.special.bessel_k0", "math.special.bessel_k0e", "math.special.bessel_k1",
    "math.special.bessel_k1e", "math.special.bessel_y0", "math.special.bessel_y1",
    "math.special.dawsn", "math.special.expint", "math.special.fresnel_cos",
    "math.special.fresnel_sin",
)
FORMS = {"none": (0, {}), "bogus_kw": (0, {"bogus_kw": 1}), "one and bogus_kw":
         (1, {"bogus_kw": 1}), "too many": (12, {})}


def run(tf: Any) -> dict:
    """"name form" -> [error class, message] (or ["ok"]) for each call."""
    out = {}
    for name in NAMES:
        fn = tf
        for part in name.split("."):
            fn = getattr(fn, part)
        for form, (n, kwargs) in FORMS.items():
            try:
                fn(*[tf.constant([1.0])] * n, **kwargs)
                out[f"{name} {form}"] = ["ok"]
            except Exception as e:  # noqa: BLE001 - the error is the record
                out[f"{name} {form}"] = [type(e).__name__, str(e)]
    return out
