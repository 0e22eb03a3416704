"""Bad calls of public functions TF 2.21 writes in Python under its dispatcher, which binds
a call's arguments first (eagerflow's are marked @dispatch_binding or @binds_first): the
control flow, image augmentations, CTC and candidate-sampling functions, `sequence_mask`,
`py_function`, tf.random's, tf.signal's, tf.sets', tf.io's parsers... called with no
arguments, with an unknown keyword alone and beside arguments, and with too many (shared
by record_dispatcher_binding.py, run under TensorFlow, and test_dispatcher_binding.py,
run under eagerflow)."""

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
