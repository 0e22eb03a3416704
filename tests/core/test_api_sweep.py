"""Every public function of TF's tensor namespaces, called with tensors of every dtype, as
TF 2.21 answers (api_sweep_cases.py says how; api_sweep_golden.json is TF's record, made by
tests/record_sweep_goldens.py).

A call matches TF's when its result has the same dtype, shape and values (floats to four
digits), or its error the same class and first line. Two errors that both say arguments
are missing match: Python words that one from the signature, and TF's dispatch wrapper
words it its own way. A function that still differs is listed in KNOWN with why.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

import eagerflow as tf
from tests import sweeps
from tests.core.api_sweep_cases import cases, outcome
from tests.golden_io import ml_dtypes_before_0_7

GOLDEN = json.loads(Path(__file__).with_name("api_sweep_golden.json").read_text())
TEXTS = GOLDEN["texts"]
PLAN = {row[0]: row for row in GOLDEN["plan"]}

# function -> why some of its calls still differ from TF's.
_EITHER_ATTR = ("two type attrs both refused (an input and an axis, a shift and an axis): TF "
                "names the one its attr map's hash order puts first, which varies from run to "
                "run; eagerflow names the first input's")
_DTYPE_TENSOR = ("a tensor given as dtype: TF compares it with the input's dtype by the "
                 "tensor's != and fails converting the DType to a tensor (ValueError); "
                 "eagerflow keeps as_dtype's TypeError, TF's own for a tensor as tf.zeros' "
                 "dtype")
KNOWN: dict = {
    # -- tf (a-m) --
    "tf.argmin":
        "input dtype (T) and axis dtype (Tidx) both refused: TF names Tidx on a first call, T "
        "on later ones (its fast path's cache); eagerflow always names Tidx",
    "tf.assert_rank":
        "a tensor message: TF tests its truth first (NumPy's ambiguity ValueError, an accident "
        "of its Python); eagerflow checks the rank first and refuses it (its dtype, its rank)",
    "tf.batch_to_space":
        "block_shape and crops both of a refused dtype: TF names Tblock_shape or Tcrops as its "
        "hash map orders them (it varies per process); eagerflow names Tblock_shape",
    "tf.cumsum":
        "input dtype (T) and axis dtype (Tidx) both refused: TF names Tidx on a first call, T "
        "on later ones (its fast path's cache); eagerflow always names Tidx",
    "tf.gather_nd":
        "a tensor of several values as batch_dims: TF's Python takes int() of it (NumPy's "
        "TypeError, an accident); eagerflow raises its own TypeError naming batch_dims",
    "tf.grad_pass_through":
        "returns the wrapped callable: TF's is an instance of its decorator class Bind, "
        "eagerflow's a plain function (the calls and gradients are TF's)",
    "tf.make_tensor_proto":
        "a tensor as dtype: TF tests its truth (NumPy's ambiguity ValueError, an accident); "
        "eagerflow refuses it with as_dtype's TypeError, as TF does for other values",
    # -- tf (n-z) --
    "tf.norm":
        "a tensor of several values given as ord: TF tests it with NumPy inside its "
        "Python (an ambiguous truth value); eagerflow refuses it with its ValueError "
        "for an unsupported ord, TF's own",
    "tf.ones_like": _DTYPE_TENSOR,
    "tf.random_index_shuffle": _EITHER_ATTR,
    "tf.reduce_logsumexp": _EITHER_ATTR,
    "tf.reduce_max": _EITHER_ATTR,
    "tf.reduce_mean": _EITHER_ATTR,
    "tf.reduce_min": _EITHER_ATTR,
    "tf.reduce_prod": _EITHER_ATTR,
    "tf.roll": _EITHER_ATTR,
    "tf.space_to_batch": _EITHER_ATTR,
    "tf.space_to_batch_nd": _EITHER_ATTR,
    "tf.zeros_like": _DTYPE_TENSOR,
    # -- tf.image --
    "tf.image.grayscale_to_rgb": "uint16: TF's Tile has no kernel (tf.tile's entry)",
    "tf.image.non_max_suppression_padded": "bad boxes: TF's error is a tf.function traceback",
    "tf.image.stateless_sample_distorted_bounding_box": "T and Tseed both bad: TF names either",
    # -- tf.math --
    "tf.math.bincount":
        "TF checks attrs T, Tidx in an order that varies by process; eagerflow: Tidx first",
    "tf.math.cumprod":
        "TF checks attrs T, Tidx in an order that varies by process; eagerflow: Tidx first",
    "tf.math.cumulative_logsumexp":
        "TF checks attrs T, Tidx in an order that varies by process; eagerflow: Tidx first",
    "tf.math.log_softmax":
        "axis a uint64 tensor: TF overflows converting it; eagerflow as other axis tensors",
    "tf.math.reduce_euclidean_norm":
        "a tensor axis: TF crashes (truth value) or refuses Tidx; eagerflow's reduce axis errors",
    "tf.math.reduce_std":
        "a tensor axis not int32/int64: reduce_mean's TypeError; TF's Mean refuses its Tidx",
    "tf.math.reduce_variance":
        "a tensor axis not int32/int64: reduce_mean's TypeError; TF's Mean refuses its Tidx",
    "tf.math.segment_max":
        "TF checks attrs T, Tindices in an order that varies by process; eagerflow: T first",
    "tf.math.segment_min":
        "TF checks attrs T, Tindices in an order that varies by process; eagerflow: T first",
    "tf.math.segment_prod":
        "TF checks attrs T, Tindices in an order that varies by process; eagerflow: T first",
    "tf.math.softmax":
        "half types: this CPU's TF rounds each Eigen step; halfprec golden's CPU once (kept)",
    "tf.math.top_k":
        "TF checks attrs T, Tk in an order that varies by process; eagerflow: Tk first",
    "tf.math.unsorted_segment_max":
        "TF checks T, Tindices, Tnumsegments in an order varying by process; eagerflow: that one",
    "tf.math.unsorted_segment_mean":
        "TF checks T, Tindices, Tnumsegments in an order varying by process; eagerflow: that one",
    "tf.math.unsorted_segment_min":
        "TF checks T, Tindices, Tnumsegments in an order varying by process; eagerflow: that one",
    "tf.math.unsorted_segment_prod":
        "TF checks T, Tindices, Tnumsegments in an order varying by process; eagerflow: that one",
    "tf.math.unsorted_segment_sqrt_n":
        "TF checks T, Tindices, Tnumsegments in an order varying by process; eagerflow: that one",
    "tf.math.unsorted_segment_sum":
        "TF checks T, Tindices, Tnumsegments in an order varying by process; eagerflow: that one",
    # -- tf.linalg --
    "tf.linalg.eigh":
        "eigenvector signs: TF's Eigen's; eagerflow's largest entry positive on every device",
    "tf.linalg.lu_matrix_inverse":
        "validate_args a tensor: TF crashes on its truth value; eagerflow's ValueError: the ranks",
    "tf.linalg.lu_reconstruct":
        "validate_args a tensor: TF crashes on its truth value; eagerflow's ValueError: the ranks",
    "tf.linalg.normalize":
        "tf.norm's errors: Abs's type list where TF's Sqrt refuses; TF's ord truth-value crash",
    "tf.linalg.qr":
        "float16 Q: TF's Householder in half; complex Q: signs of zero imaginary parts",
    "tf.linalg.svd":
        "complex u: signs of zero imaginary parts (LAPACK's phases, not TF's Eigen's)",
    # -- tf.nn --
    "tf.nn.moments":
        "a tensor axis of no int32/int64 dtype: tf.reduce_mean's check (its entry)",
    # -- tf.signal --
    "tf.signal.fftnd": "an int32 matrix fft_length: NumPy's truth-value error inside TF",
    "tf.signal.ifftnd": "an int32 matrix fft_length: NumPy's truth-value error inside TF",
    "tf.signal.inverse_mdct": "a tensor window_fn: Python's message",
    # -- tf.strings --
    "tf.strings.unsorted_segment_join":
        "segment ids and count both of a refused dtype: "
        "TF reports attr Tindices or Tnumsegments in no "
        "fixed order (its NodeDef's attr map); eagerflow "
        "always Tindices",
    # -- tf.random --
    "tf.random.categorical":
        "a tensor `dtype`: TF's Python tests its truth (NumPy's ambiguous "
        "truth ValueError); eagerflow raises as_dtype's TypeError",
    "tf.random.stateless_categorical":
        "logits and seed both of a refused dtype: TF "
        "reports attr T or Tseed in no fixed order (its "
        "NodeDef's attr map); eagerflow always Tseed",
    "tf.random.stateless_parameterized_truncated_normal":
        "several refused type attrs (S, Tseed, dtype): TF reports them in no fixed order (its "
        "NodeDef's attr map); eagerflow Tseed, dtype, then S",
    "tf.random.stateless_poisson":
        "several refused type attrs (T, Tseed, Rtype): TF "
        "reports them in no fixed order (its NodeDef's attr "
        "map); eagerflow the shape's T first",
}


# The calls whose outcome in TF 2.21 is another with ml_dtypes 0.7 than with 0.6, which the
# golden was recorded with, and TF's with 0.7 (np.finfo of bfloat16 answers since).
SINCE_ML_DTYPES_0_7 = {} if ml_dtypes_before_0_7() else {
    ("tf.linalg.pinv", 1, "m", "bfloat16"):
        "InvalidArgumentError: Value for attr 'T' of bfloat16 is not in the list of allowed "
        "values: double, float, half, complex64, complex128",
}


def differences(full: str) -> list:
    return sweeps.planned_differences(tf, PLAN[full], TEXTS, cases, outcome,
                                      SINCE_ML_DTYPES_0_7)


@pytest.mark.parametrize("full", sorted(PLAN))
def test_calls_answer_as_tfs(full: str) -> None:
    sweeps.check_known(full, differences(full), KNOWN)


def test_known_entries_are_planned() -> None:
    assert not set(KNOWN) - set(PLAN)


if __name__ == "__main__":  # python -m tests.core.test_api_sweep tf.add_n ...: its differences
    import sys

    for name in sys.argv[1:] or sorted(KNOWN):
        for line in differences(name):
            print(f"{name} {line}")
