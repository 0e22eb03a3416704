"""The kprobe suites' check (tests/keras/kprobe, kprobe3): a snippet of a suite's cases.py
prints on eagerflow what real TF 2.21 + Keras 3 printed, as the suite's golden.json
(written by kprobe/record_golden.py) holds it."""

import contextlib
import json
import os
from collections.abc import Callable
from typing import Any

import numpy as np
import pytest

import eagerflow as tf
from eagerflow import keras
from tests.golden_io import as_recorded
from tests.gpu_target import gpu_less as machine_without_gpu
from tests.gpu_target import on_recording_device

# Snippets ("suite/name") whose printout TF recorded on a machine without a GPU and a GPU
# changes by design: where a GPU is the default device (`make test-gpu`) they run on CPU:0,
# where the recording's kernels are
CPU_RECORDED = {
    # the CPU kernels' rounding (training steps' sums, float16 math, reductions): a GPU's
    # kernels sum and round in their own order
    "kprobe16/loss_reductions_and_options", "kprobe17/evaluate_predict_steps_and_batches",
    "kprobe17/train_test_predict_on_batch", "kprobe18/constant_initializer_configs",
    "kprobe28/integrated_gradients_riemann_trapezoidal", "kprobe29/ops_nn_activation_edges",
    "kprobe33/nn_conv_transpose_padding_dilation", "kprobe37/ops_float16_precision_results",
    "kprobe37/ops_unary_math_odd_dtypes", "kprobe40/compile_loss_strings_sweep",
    "kprobe44/losses_bad_args", "kprobe46/tf_nn_moments", "kprobe47b/ops_odd_dtypes",
    "kprobe48b/evaluate_verbose_two_outputs", "kprobe48b/dict_inputs_outputs_fit_evaluate_predict",
    "kprobe48b/sample_weight_dict_per_output",
    # (bfloat16 log-cosh and Ftrl's sign of a zero update: the GPU's kernels' rounding)
    "kprobe49/metrics_updated_with_each_dtype", "kprobe49/optimizer_none_and_zero_gradients",
    # (gradients at special points: CUDA's expf/log1pf/expm1f round their own way, and
    # Relu of -0.0 is +0 on a GPU, as kprobe46/tf_nn_activations below)
    "kprobe49b/grad_activations_elu_selu_at_zero", "kprobe49b/grad_bce_probabilities_at_bounds",
    "kprobe49b/grad_relu_family_kinks", "kprobe49b/grad_activations_misc_special",
    "kprobe49b/grad_ops_divide_no_nan_and_where", "kprobe49b/grad_ops_sqrt_abs_norm_at_zero",
    # ties the CPU's kernels break their own way: Maximum/Minimum of +0 and -0 (test_minmax_
    # ties), a singular matrix's det and slogdet sign of zero (its LU; cuSolver's on a GPU),
    # the place of NaN in a sort (TopKV2's order)
    "kprobe15/layer_Maximum", "kprobe15/layer_Minimum", "kprobe15/layers_namespace",
    "kprobe33/ops_select_slogdet_rot90", "kprobe35/linalg_det_norm_family",
    "kprobe35/np_argsort_sort_each_dtype",
    # (TopKV2 with sorted=False: the CPU kernel's own order; a Qr's signs of zero in
    # Orthogonal's matrix: cuSolver's on a GPU)
    "kprobe48/ops_set_and_search", "kprobe48/initializers_shapes_and_errors",
    # Relu of -0.0: TF's CPU kernel keeps -0 past its packets (Eigen's scalar max), its GPU
    # kernel's max (Eigen's cwiseMax on a GPU: fmaxf, PTX max, -0 below +0) gives +0
    "kprobe46/tf_nn_activations",
    # kernels TF's GPU has where its CPU refuses the dtype (MaxPool3D's half, Reciprocal's
    # int64: pooling_ops_3d.cc, gpu_op_reciprocal.cc)
    "kprobe15/layer_mixed_MaxPool3D", "kprobe15/layer_mixed_MaxPooling3D",
    "kprobe35/promo_unary_dtypes_each_dtype",
    # labels out of range: TF's GPU SparseSoftmaxCrossEntropyWithLogits gives NaN rows
    # where its CPU kernel raises (as tf.nn's documentation says; kprobe14's HOST)
    "kprobe22/fit_given_mismatched_data", "kprobe29/crossentropy_logits_smoothing_combinations",
    "kprobe40/fit_mismatched_y", "kprobe46/tf_nn_losses",
    # an Embedding's ids out of range: TF's GPU GatherV2 gives zero rows where its CPU
    # kernel raises (as tf.gather's documentation says)
    "kprobe48b/embedding_options_in_models",
    # a weighted 1-D count: TF's GPU DenseBincount refuses weights ("Weights should not be
    # passed as it should be handled by unsorted_segment_sum": bincount_op_gpu.cu.cc;
    # tf.math.bincount's docs: on a GPU only under XLA), where Keras casts them to the
    # int32 or float32 its GPU kernels are registered for
    "kprobe37/ops_counting_and_search_odd_dtypes",
    # float-to-integer casts of NaN and values out of range: x86's conversion on TF's CPU
    # (the most negative value), CUDA's on its GPU (saturated, NaN to 0: float_to_int.py)
    "kprobe14/losses_int_dtype_regression", "kprobe29/ops_cast_and_saturate",
    "kprobe38/newer_ops_across_dtypes", "kprobe47b/ops_casts_and_saturation",
}
# ... and whose printout tells the machine has no GPU: they run with none (the stand-in's
# or a real one hidden), as recorded
GPU_LESS = {
    # Keras resolves jit_compile="auto" to on where a GPU is present (Keras 3.15's
    # _resolve_auto_jit_compile; tests/keras/cudnn_jit): compiled models' configs and flags
    "kprobe10/custom_build_assets_compile", "kprobe3/compile_run_eagerly_disables_jit_compile",
    "kprobe34/compiled_model_attributes_before_and_after_fit",
    "kprobe34/compile_jit_compile_flags", "kprobe34/registered_model_subclass_save_load_compiled",
    "kprobe40/model_get_config_exact",
    "kprobe49b/keras_file_compiled_metrics_round_trip",
    # keras.distribution.list_devices() names the machine's GPUs
    "kprobe38/distribution_on_tensorflow",
}


def golden_beside(test_file: str) -> dict:
    """The golden.json of the suite whose test is `test_file`."""
    with open(os.path.join(os.path.dirname(test_file), "golden.json")) as f:
        return json.load(f)


def check_snippet(code: str, expected: str, monkeypatch: Any, capsys: Any,
                  host: bool = False, gpu_less: bool = False) -> None:
    """`code` run as the recorder ran it (80 columns, a fresh session, seed 1) prints
    `expected`; `host`: on the CPU where a GPU is the default device too (a snippet showing
    what TF's CPU kernels do where its GPU kernels differ by design); `gpu_less`: on a
    machine without a GPU, as the recorder's (GPU_LESS)."""
    monkeypatch.setenv("COLUMNS", "80")
    with machine_without_gpu() if gpu_less else contextlib.nullcontext():
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
    suite = os.path.basename(os.path.dirname(test_file))
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
        check_snippet(snippets[name], golden[name], monkeypatch, capsys,
                      host=host(name) or f"{suite}/{name}" in CPU_RECORDED,
                      gpu_less=f"{suite}/{name}" in GPU_LESS)
    return test
