"""Every registered op against real TensorFlow 2.21: forward values and first-order gradients.

Each op's samples run in eagerflow and, through tf_worker.py in TensorFlow's own interpreter
(tests/tf_reference.py finds it; skipped without it), as TF's raw op with the same inputs
(tf_calls.py maps the attrs). Besides the samples themselves, each sample is varied into the
points the numeric-gradient suites never visit: all zeros, ties, special values (0, -0, ±inf,
NaN) with a cotangent that is 0 in places (TF's NaN pattern under tf.where), float32, empty
inputs and broadcasting. Both must fail, or both must give the same dtypes, shapes, values
(NaN where TF has NaN, the same infinities) and gradients (None where TF has None).

The short run (make test) takes one seed and a rotating subset of the variants; `make fuzz`
(EAGERFLOW_FUZZ=long) runs every variant over several seeds. A difference is either fixed or
listed in KNOWN with the reason it is TF's own inconsistency (or out of scope).
"""

from __future__ import annotations

import os
import pickle
import re
import sys
import threading
from pathlib import Path

import numpy as np
import pytest
import tf_calls
from tf_runner import run_workers

from eagerflow._src.autodiff.tape import GradientTape
from eagerflow._src.backend import to_host
from eagerflow._src.core.tensor import EagerTensor, convert_to_tensor
from eagerflow._src.ops.dispatch import bind
from eagerflow._src.ops.reduce import reduce_sum
from eagerflow._src.ops.registry import Resource, Table, all_ops
from eagerflow._src.testing.op_harness import as_tensors, sample_device
from tests.optional_samples import without_samples
from tests.tf_reference import TF_PYTHON

LONG = os.environ.get("EAGERFLOW_FUZZ", "") == "long"
# EAGERFLOW_DIFF_SEEDS=n: seeds 0 to n-1; "5,7": those seeds alone (a new one's variants
# without the earlier runs' again)
_SEEDS = os.environ.get("EAGERFLOW_DIFF_SEEDS", "6")
SEEDS = ((tuple(int(s) for s in _SEEDS.split(",") if s) if "," in _SEEDS else
          range(int(_SEEDS))) if LONG else (0,))
# EAGERFLOW_DIFF_OPS=regex: only the ops whose names match (to replay a few differences)
ONLY = re.compile(os.environ.get("EAGERFLOW_DIFF_OPS", ""))
# How long TF may take over all the cases (the long mode's ~8,000 cases take TF about 12
# minutes on a loaded two-core machine, 90 ms a case), and over any one: a TF kernel that
# never returns on a case (StatefulRandomBinomial on inf counts) is killed there, the case
# recorded as a hang, and a new worker goes on after it.
TF_SECONDS = int(os.environ.get("EAGERFLOW_DIFF_TF_SECONDS", 1800 if LONG else 600))
CASE_SECONDS = float(os.environ.get("EAGERFLOW_DIFF_CASE_SECONDS", "60"))
HUNG = "TFHang"  # the error class recorded for a case TF never finished

# Stateful random ops continue their stream from call to call (TF keeps it in the kernel),
# so here only shapes and dtypes: their values are compared with TF's, call after call, in
# tests/ops/test_random_golden.py. The stateless ones are compared here by value.
RANDOM = {"RandomUniform", "RandomStandardNormal", "TruncatedNormal", "RandomUniformInt",
          "RandomShuffle", "Multinomial", "RandomGamma", "RandomPoissonV2",
          "ParameterizedTruncatedNormal",
          # its calls in a row: tests/ops/test_image_extra.py (the first version's first
          # call: tests/fuzz/test_regressions_inputs.py)
          "SampleDistortedBoundingBoxV2", "SampleDistortedBoundingBox",
          # the candidate samplers' calls in a row: tests/ops/test_tfnn_golden.py
          "UniformCandidateSampler", "LogUniformCandidateSampler",
          "FixedUnigramCandidateSampler", "LearnedUnigramCandidateSampler",
          "ThreadUnsafeUnigramCandidateSampler"}

# Where eagerflow differs from TF on purpose, or TF from itself: (case id regex, difference
# regex, why). A case id is "Op-sample-variant-seed".
_CONV = ("(Conv2D|Conv3D|Conv2DBackprop\\w+|Conv3DBackprop\\w+|_FusedConv2D(Grad)?|"
         "DepthwiseConv2dNative\\w*)")
_NOT_FINITE = "-\\d+-special"
KNOWN: list = [
    # the reference TF runs without oneDNN (tests/tf_reference.py), whose plain fused batch
    # norm kernels leave inference's reserve spaces uninitialized, shape the unused ones
    # otherwise and refuse NCHW inference gradients; eagerflow follows oneDNN, TF's default
    ("FusedBatchNorm(V2|V3)?-", "output [345]: (values|shape|NaN pattern|infinities)",
     "reserve spaces: "
     "TF's plain kernels' uninitialized memory and shapes (oneDNN off)"),
    ("FusedBatchNormGrad(V2|V3)?-", "output [34]: shape|only support NHWC", "reserve "
     "spaces and NCHW inference: TF's plain kernels (oneDNN off), uninitialized or refused"),
    ("QuantizedAvgPool-", "output 0: values", "the means: oneDNN's kernel (TF's default, "
     "tests/ops/quantized_ops_golden.json) rounds them half to even, the plain one (oneDNN "
     "off) otherwise"),
    ("KmeansPlusPlusInitialization-.*-special-", "output 0: (values|NaN pattern)", "points "
     "not finite leave no candidate a finite potential: TF goes on from uninitialized "
     "distances (ops/clustering_ops.py)"),
    ("NearestNeighbors-.*-special-", "output [01]: (values|NaN pattern)", "NaN distances: "
     "TF ranks them by its top-k heap's and Eigen's vectorized min's internals"),
    # TF's own inconsistencies
    ("IsotonicRegression-6-", "gradient: eagerflow succeeded, TF.*IndexError", "a scalar "
     "input: TF's gradient indexes the last axis it does not have; eagerflow's is 1 (the "
     "scalar is its own block)"),
    ("CTCLoss-[02]-", "output [01]: values", "TF's float64 CTC loss is off by ~4e-9 relative "
     "and its gradient output by ~1e-7 (its kernel's log-space sums lose precision); "
     "eagerflow's equal the exact sums over every alignment (CTCLoss's reference) to 1e-15"),
    ("BesselI1-", "gradient 0", "TF's gradient at x = 0 is 1 (it takes I1(x) / x as 0 there); "
     "the derivative there, and eagerflow's, is 1/2"),
    ("MatrixExponential-2-f32-", "gradient 0: values", "TF differentiates its float32 "
     "Pade approximant (degree 7, with squarings), 1e-4 off the derivative; eagerflow's is "
     "the exact adjoint Frechet derivative (scipy's expm_frechet agrees to 1e-7)"),
    ("AudioSpectrogram" + _NOT_FINITE, "output 0: NaN pattern", "inf or NaN samples: which "
     "bins the FFT turns to NaN or inf follows its butterflies' order (TF's Ooura real FFT, "
     "NumPy's pocketfft here); finite inputs agree"),
    ("AdjustHue-[012]-special-", HUNG, "an infinite delta: TF's kernel wraps the hue into [0, 6) "
     "by adding or subtracting 6 in a loop that never ends; eagerflow's hue is NaN there"),
    ("CropAndResizeGradBoxes" + _NOT_FINITE, "eagerflow raised.*not finite", "boxes not finite: "
     "TF's CropAndResizeGradBoxes does not check them and casts NaN to pixel indices (it "
     "crashes the process on some, returns numbers on others); eagerflow refuses them with "
     "CropAndResize's error"),
    ("Conv-1-empty-", "output 0: shape", "an empty batch with batch_dims=2: TF's Conv kernel "
     "returns early in the shape it merges the batch dims into (one fewer dim); its "
     "non-empty output keeps them all, as eagerflow's always does"),
    ("FusedBatchNormGradV3-4-empty-", "output 0: shape", "an empty 5-D batch: TF's kernel "
     "returns early in the 4-D shape it reshapes NDHWC into; its non-empty output is 5-D, "
     "as eagerflow's always is"),
    ("IsotonicRegression-0-empty-", "gradient: eagerflow succeeded.*num_split", "an empty "
     "input: TF's gradient splits it into 0 pieces, which Split refuses; eagerflow's is "
     "the empty gradient"),
    ("ExtractImagePatches-\\d-empty-", "gradient: eagerflow succeeded.*UnsortedSegmentSum",
     "an empty input: TF's gradient reshapes the empty patches so that UnsortedSegmentSum "
     "refuses them; eagerflow's is the empty gradient"),
    ("ExtractGlimpseV2-2-ties-", "output 0: values", "a glimpse outside the image with "
     "noise='uniform': TF fills it with its own unseeded random numbers"),
    ("ExtractGlimpseV2-2-special-", "output 0: (values|NaN pattern|infinities)", "a glimpse "
     "outside an image holding NaN and infinities with noise='uniform': TF's unseeded noise "
     "spans the image's range, whose Eigen min and max keep or drop the NaN by packet "
     "(differential seed 575234263: TF's inf where eagerflow's NaN)"),
    ("MatrixSolveLs-.*-ties-", "gradient", "fast=True on a matrix with tied columns: its "
     "Gram matrix is singular, and the Cholesky solves through it give rounding noise that "
     "depends on the order of the sums (differential seed 575234263: -0.75 vs TF's "
     "-0.71875)"),
    ("QuantizeAndDequantizeV[24]-1-special-", "output 0: (NaN pattern|infinities|values)",
     "a channel holding NaN, its range not given: whether TF's vectorized Eigen min and max "
     "reductions keep that NaN depends on where it falls in their packets; eagerflow's never "
     "take it (as their scalar loop; seed 6661371's V4 channel [-0.297, nan, -1.197] scales "
     "as TF's once the NaN is -0.5)"),
    ("Cholesky-", "output 0", "a matrix that is not positive definite: TF returns partly "
     "uninitialized memory, eagerflow NaN"),
    ("SoftmaxCrossEntropyWithLogits-", "gradient 1", "TF's gradient wrt labels leaves out the "
     "backprop output's dependence on them and keeps the broadcast shape; eagerflow's is exact "
     "and shaped like labels (the two agree when only the loss is differentiated, all that "
     "tf.nn.softmax_cross_entropy_with_logits returns)"),
    ("SoftmaxCrossEntropyWithLogits-.*-broadcast", "gradient 0: shape", "TF's gradient wrt "
     "broadcast logits keeps the broadcast shape"),
    ("TopKV2-2-", "gradient: eagerflow succeeded", "TF's gradient fails for index_type=int64 "
     "(it adds int32 offsets to int64 indices)"),
    ("(Svd-3|SelfAdjointEigV2-1|Eig-2)-", "output [12]: shape \\(0,\\) vs TF \\(\\)", "without "
     "vectors TF's unused outputs are uninitialized scalars; eagerflow's are empty"),
    ("BandedTriangularSolve-", r"gradient 0: shape \(1, \d+\) vs TF \(\d+,\)", "a single band "
     "(a diagonal): TF's gradient drops the band axis, so it is not shaped like the bands"),
    ("Lu" + _NOT_FINITE, "NaN pattern", "inf and NaN inputs: where they spread in the "
     "elimination follows TF's Eigen loop there, a row-at-a-time elimination here"),
    ("SparseSegment(Sum|Mean|SqrtN)Grad-(2-|1-empty-)", "output 0: (values|NaN pattern|"
     "infinities)", "no indices: TF's dense sparse-segment gradient kernels return their "
     "output uninitialized memory; eagerflow's is zeros"),
    ("DepthwiseConv2dNative-0-empty", "gradient 1", "an empty batch: TF's filter gradient is "
     "uninitialized memory"),
    ("DepthwiseConv2dNativeBackprop(Filter|Input)-2-", "values|NaN pattern", "with dilations, "
     "TF's CPU backprop kernels ignore them (its forward kernel refuses them): TF's numbers "
     "are those of an undilated convolution"),
    ("(AvgPoolGrad|Conv2DBackpropInput|Conv3DBackpropInputV2|"
     "DepthwiseConv2dNativeBackpropInput|Einsum)-.*-empty", "eagerflow raised", "emptying one "
     "input leaves shapes that disagree: TF does not check them when one is empty, "
     "eagerflow raises InvalidArgumentError"),
    ("(MatrixDeterminant|LogMatrixDeterminant)" + _NOT_FINITE, "gradient: eagerflow succeeded",
     "TF's gradient inverts the matrix and raises when that fails; eagerflow's gives NaN"),
    ("MatrixSquareRoot-.*-(ties|special)-", "output 0: NaN pattern", "a singular matrix or one "
     "holding inf: TF's Schur recurrence divides by its zero or infinite diagonal and leaves "
     "inf in places; eagerflow's eigendecomposition route makes the whole root NaN"),
    ("MatrixSquareRoot-.*-ties-", "gradient 0: values .*e\\+16", "a singular square root: "
     "the Kronecker sum its gradient solves is singular to rounding, so TF's and eagerflow's "
     "gradients are ~1e16 of rounding's sign (LU pivots' last bits)"),
    ("UniformQuantized(DotHybrid|ConvolutionHybrid)" + _NOT_FINITE,
     "NaN pattern|values|infinities",
     "a NaN or infinite float lhs: TF quantizes it on the fly, its range's and its values' "
     "conversions to int8 those of C++ on NaN and inf (undefined behaviour: finite garbage, "
     "or inf through the scale); eagerflow's rows holding them come out 0 (seeds 5, 13)"),
    ("DrawBoundingBoxes(V2)?" + _NOT_FINITE, "NaN pattern|values|infinities",
     "a non-finite box corner: "
     "TF casts it to a pixel index as C++ happens to (undefined behaviour), and may draw; "
     "eagerflow draws no such box"),
    ("BandedTriangularSolve" + _NOT_FINITE, "not invertible", "NaN on the diagonal: whether "
     "TF finds a zero pivot depends on the order of its vectorized minimum; eagerflow raises "
     "exactly when a diagonal entry is 0"),
    ("Svd-.*-ties", "output [12]: values", "repeated singular values: their vectors are not "
     "unique (beyond signs); LAPACK and Eigen pick different ones"),
    ("(Stateful|Stateless)RandomBinomial" + _NOT_FINITE, f"{HUNG}|values", "a NaN count or "
     "probability: TF's sampler never returns (its rejection loop can't accept) or returns "
     "what its loop left; eagerflow's returns, with NaN cast to the integer dtype there"),
    ("(RandomPoissonV2|StatelessRandomPoisson)" + _NOT_FINITE, f"{HUNG}|values", "a rate of inf "
     "or NaN: TF's sampler never returns on some, gives 0 on others; eagerflow's gives NaN "
     "(cast to the integer dtype)"),
    ("HistogramFixedWidth" + _NOT_FINITE, HUNG, "an infinite value_range: TF's kernel turns "
     "a value's offset over the infinite bin width (NaN) into a bin index and crashes the "
     "process; eagerflow counts such a value in the first bin"),
    ("LRN-1-(special|sample)", "output 0: values", "float16: TF sums some rows' squares "
     "through its half-precision band-matrix product in an order (its GEMM's blocking) the "
     "kernel does not replay; 1 ulp apart"),
    ("CTCBeamSearchDecoder-.*-zeros", "output [0-5]: values", "all-zero logits make "
     "labellings of one length exactly equally likely: TF ranks exact ties as its unstable "
     "std::sort and heap leave them, eagerflow by when they entered the beam (the scores "
     "agree; with ties short of exact, tests/ops/test_ctc_decode.py matches TF bit for bit)"),
    ("_BatchNormTrainingGrad-.*-broadcast", "eagerflow raised.*same size and shape",
     "eagerflow's internal batch norm gradient (not a TF op) takes the gradient shaped like "
     "its input, as its forward's tape passes it; the TF composite it is compared with "
     "broadcasts other shapes"),
    ("_BatchNormTrainingGrad" + _NOT_FINITE, "output 1: NaN pattern", "eagerflow's internal "
     "batch norm gradient (not a TF op) sums dy (x - mean), the TF composite it is compared "
     "with sum(dy x) - mean sum(dy): at inf inputs 0 * inf meets them in different places"),
    ("_FusedAdam-.*-broadcast", "eagerflow raised.*same size and shape", "eagerflow's "
     "internal Adam step (not a TF op) takes one variable's moments and gradient, all of "
     "its shape, as Keras's optimizer passes them; the TF composite it is compared with "
     "broadcasts other shapes, where Keras's assign to the moments would then refuse them"),
    ("_FusedAdamApply-.*-broadcast", "eagerflow raised.*same size and shape", "eagerflow's "
     "internal Adam step applied to a variable's value (not a TF op): one shape, as "
     "_FusedAdam (see there)"),
    ("_FusedRMSprop-.*-broadcast", "eagerflow raised.*same size and shape", "eagerflow's "
     "internal RMSprop step (not a TF op) takes one variable's rms and gradient of its "
     "shape, as _FusedAdam does (see there)"),
    ("_FusedSGD-.*-broadcast", "eagerflow raised.*same size and shape", "eagerflow's "
     "internal SGD step (not a TF op) takes one variable, its momentum and gradient of its "
     "shape, as _FusedAdam does (see there)"),
    ("ImageSummary-", "eagerflow succeeded.*UnimplementedError.*bad_color has unhandled type",
     "TF 2.21's eager kernel cannot take its tensor attr bad_color (graphs can: "
     "tests/v1/test_v1_image_audio compares ours with TF's graph run byte for byte)"),
    # TF has no kernel or gradient where eagerflow has one
    ("Dilation2DBackprop(Input|Filter)-", "gradient: eagerflow succeeded.*LookupError", "TF "
     "registers no gradient for the Dilation2D backprop ops; eagerflow's (their adjoint, "
     "Dilation2DWinnerGather) gives dilation2d second-order and forward-mode derivatives"),
    ("(Ragged|Sparse)FillEmptyRowsGrad-", "gradient: eagerflow succeeded.*LookupError", "TF "
     "registers no gradient for them; eagerflow's (their adjoint) gives RaggedFillEmptyRows "
     "and SparseFillEmptyRows their forward-mode derivative"),
    ("SparseSliceGrad-", "gradient: eagerflow succeeded.*LookupError", "TF registers no "
     "gradient for it; eagerflow's (its adjoint) gives SparseSlice its forward-mode "
     "derivative"),
    ("MaxPoolGradWithArgmax-", "gradient: eagerflow succeeded.*LookupError", "TF registers no "
     "gradient for MaxPoolGradWithArgmax; eagerflow's gathers at the argmax"),
    ("MaxPool(Grad)?WithArgmax-1-", "eagerflow succeeded.*NotFoundError", "TF's CPU "
     "MaxPoolGradWithArgmax takes only int64 argmax (this sample's is int32)"),
    ("TruncateMod-", "gradient: eagerflow succeeded.*LookupError", "TF registers no gradient "
     "for TruncateMod; eagerflow's is that of x - trunc(x / y) * y"),
    ("(ResizeArea|ResizeBicubicGrad|ResizeNearestNeighborGrad|ScaleAndTranslateGrad)-",
     "LookupError", "TF registers no gradient for this op; eagerflow's is exact"),
    ("HSVToRGB-", "gradient 0: a value vs TF None", "TF registers no gradient for HSVToRGB; "
     "eagerflow's op stays differentiable (the derivative of its formulas, as the composite "
     "it replaced was)"),
    ("ResizeBilinearGrad-", "gradient 0: a value vs TF None", "TF gives no gradient wrt the "
     "gradient input of ResizeBilinearGrad; eagerflow's is exact (ResizeBilinear)"),
    ("(ResizeBilinear|ResizeBicubic|ResizeArea|ScaleAndTranslate)-", "output 0: dtype float64 vs "
     "TF float32", "the raw op on float64 images: TF's computes and returns float32, "
     "eagerflow's keeps float64 (tf.image.resize returns float32 in both)"),
    ("(ResizeBilinearGrad|ResizeBicubicGrad|ScaleAndTranslateGrad)-", "TF raised.*(double|float)",
     "TF's resize gradient kernels take float32 only; eagerflow's take float64 too"),
    ("Conv-", "Grouped/Depthwise Convolutions are not supported", "TF's CPU Conv kernel "
     "refuses groups; its XLA kernel computes them as eagerflow (tests/ops/opsgap_golden.json)"),
    ("Conv-3-", "output 0: shape", "TF's CPU Conv kernel mishandles 3-D explicit padding (a "
     "wrong shape here, a process abort elsewhere); eagerflow pads as the op documents"),
    ("Conv2DBackprop(Filter|Input)V2-", "eagerflow succeeded.*NotFoundError", "TF 2.21 registers "
     "no kernel for the V2 backprops; eagerflow computes the Conv2D backprops they document"),
    ("Conv2D-", "Gradients for grouped convolutions are not supported", "TF's CPU kernels "
     "have no gradient for grouped convolutions; eagerflow's is exact"),
    ("(Conv2D|Conv2DBackpropFilter|Conv2DBackpropInput)-", "dilation rates larger than 1",
     "TF's CPU backprop kernels refuse dilations > 1 (its GPU kernels take them); eagerflow "
     "computes them"),
    ("DepthwiseConv2dNative(BackpropFilter|BackpropInput)?-", "TF raised.*(supports equal|"
     "does not support dilations|only supported|Depthwise)|gradient: .*Unimplemented",
     "TF's CPU depthwise kernels refuse unequal strides and dilations; eagerflow computes them"),
    # non-finite inputs, where kernels built on BLAS/LAPACK spread NaN further than TF's
    (_CONV + _NOT_FINITE, "NaN pattern", "inf or NaN inputs: eagerflow's convolutions are BLAS "
     "products over im2col columns, so 0 * inf makes NaN in outputs TF's kernels leave finite"),
    ("ResizeNearestNeighborGrad" + _NOT_FINITE, "NaN pattern", "inf or NaN gradients: "
     "eagerflow's resize gradients are matrix products, so 0 * inf spreads NaN"),
    ("(Qr|Svd|LogMatrixDeterminant|MatrixDeterminant)" + _NOT_FINITE,
     "NaN pattern", "a matrix holding inf or NaN: eagerflow's result for it is all NaN "
     "(LAPACK fails on it), where Eigen's factorization in TF leaves some entries finite"),
    ("Qr-.*-(ties|zeros)", "gradient 0", "a rank-deficient matrix: its QR is not unique "
     "(beyond signs); LAPACK and Eigen pick different ones"),
    ("(LSTMBlockCell|BlockLSTM|BlockLSTMV2)-4-|(LSTMBlockCellGrad|BlockLSTMGrad|"
     "BlockLSTMGradV2)-3-", "values", "half data: TF's Eigen kernels round every step of the "
     "fused LSTM (its half matmul too) to half; eagerflow computes in float32 and rounds the "
     "outputs (steps' states included) once, so some values differ by an ulp"),
    ("BlockLSTM(V2)?-2-", "output [02345]: ", "steps past seq_len_max: TF leaves the "
     "gates' outputs there uninitialized (its cs and h are zeros); eagerflow's are zeros"),
    ("FakeParam-", "output 0: values", "TF's values are uninitialized memory; eagerflow's "
     "are zeros"),
]

VARIANTS = ("sample", "f32", "zeros", "ties", "special", "empty", "broadcast")
# the variants whose inputs depend on the seed: the long mode's further seeds run only these
# (the others would repeat the same inputs with other cotangent weights)
_RANDOM_VARIANTS = ("ties", "special")


def _floats(inputs: tuple) -> list:
    return [i for i, a in enumerate(inputs) if np.asarray(a).dtype.kind == "f"]


def _vary(kind: str, inputs: tuple, rng: np.random.Generator) -> tuple | None:
    """The sample's inputs turned into variant `kind`, or None where it does not apply."""
    xs = [np.array(a) for a in inputs]
    fl = _floats(inputs)
    if kind == "sample":
        return tuple(xs)
    if not fl:
        return None
    if kind == "f32":
        return tuple(x.astype(np.float32) if i in fl and x.dtype == np.float64 else x
                     for i, x in enumerate(xs))
    if kind == "zeros":
        return tuple(np.zeros_like(x) if i in fl else x for i, x in enumerate(xs))
    if kind == "ties":
        return tuple(rng.integers(-1, 2, x.shape).astype(x.dtype) if i in fl else x
                     for i, x in enumerate(xs))
    if kind == "special":
        out = []
        for i, x in enumerate(xs):
            if i in fl and x.size:
                x = x.copy()
                hit = rng.uniform(size=x.shape) < 0.35
                vals = np.array([0.0, -0.0, np.inf, -np.inf, np.nan, 1.0])
                x[hit] = rng.choice(vals, size=int(hit.sum()))
            out.append(x)
        return tuple(out)
    first = xs[fl[0]]
    same = [i for i, x in enumerate(xs) if x.shape == first.shape and x.ndim]
    if kind == "empty":
        if not first.ndim:
            return None
        return tuple(x[:0] if i in same else x for i, x in enumerate(xs))
    if kind == "broadcast":
        pair = [i for i in same if i in fl]
        if len(pair) < 2 or first.ndim < 2:
            return None
        a, b = pair[:2]
        xs[a], xs[b] = xs[a][..., :1, :], xs[b][..., :1]
        return tuple(xs)
    raise ValueError(kind)


def _cases() -> list:
    cases = []
    for op in sorted(all_ops(), key=lambda o: o.name):
        if op.name in tf_calls.NO_TF_OP or ONLY.pattern and not ONLY.fullmatch(op.name):
            continue
        for si, sample in enumerate(op.samples):
            if any(isinstance(a, (Resource, Table)) for a in sample.inputs):
                continue  # (over variables: tests/ops/test_resource_tensors.py compares TF's;
                # over tables: tests/ops/test_table_handles.py)
            for seed in SEEDS:
                rng = np.random.default_rng([seed, si, len(op.name)])
                kinds = ((VARIANTS if seed == 0 else _RANDOM_VARIANTS) if LONG else
                         ("sample", VARIANTS[1 + (si + len(op.name)) % 6]))
                for kind in kinds:
                    inputs = _vary(kind, sample.inputs, rng)
                    if inputs is None:
                        continue
                    attrs = {k: tf_calls.dtype_out(v) for k, v in sample.attrs.items()}
                    cases.append({
                        "id": f"{op.name}-{si}-{kind}-{seed}", "op": op.name, "kind": kind,
                        "inputs": list(inputs), "attrs": attrs,
                        "wseed": 1000 * seed + si, "wzeros": kind == "special",
                        "grad": bool(op.grad) and sample.grad})
    return cases


def _error(e: BaseException) -> tuple:
    text = str(e).strip().splitlines()
    return type(e).__name__, text[0] if text else ""


def _ours(op, case: dict, signs: list | None = None) -> dict:
    """eagerflow's result for a case; `signs` multiply the weights of some outputs (see
    _align_signs). A sample TF's GPU kernel refuses runs on CPU:0 (Sample.cpu_only)."""
    sample = op.samples[int(case["id"].split("-")[-3])]
    with sample_device(sample):
        return _ours_here(op, case, dict(sample.attrs), signs)


def _ours_here(op, case: dict, attrs: dict, signs: list | None) -> dict:
    tensors = list(as_tensors(tuple(case["inputs"])))  # (quantized record arrays too)
    diff = [i for i, t in enumerate(tensors) if t.dtype.is_floating or t.dtype.is_complex]
    res = {"out": None, "err": None, "grads": None, "gerr": None}
    try:
        with GradientTape() as tape:
            for i in diff:
                tape.watch(tensors[i])
            out = bind(op, tuple(tensors), attrs)
            outs = [] if out is None else list(out) if isinstance(out, tuple) else [out]
            terms = []
            for k, o in enumerate(outs):
                if o.dtype.is_floating or o.dtype.is_complex:
                    w = tf_calls.weights(case["wseed"] + k, tuple(o._shape), case["wzeros"])
                    if signs and signs[k] is not None:
                        w = w * signs[k]
                    terms.append(reduce_sum(o * EagerTensor(w.astype(o._arr.dtype))))
            loss = None
            for t in terms:
                loss = t if loss is None else loss + t
    except Exception as e:  # noqa: BLE001  (any error is a result to compare)
        res["err"] = _error(e)
        return res
    res["out"] = [to_host(o._arr) for o in outs]
    if case["grad"] and loss is not None and diff:
        try:
            gs = tape.gradient(loss, [tensors[i] for i in diff])
            grads = [None] * len(tensors)
            for i, g in zip(diff, gs):
                # (a gather's gradient is IndexedSlices, as TF's: compared densified)
                grads[i] = None if g is None else to_host(convert_to_tensor(g)._arr)
            res["grads"] = grads
        except Exception as e:  # noqa: BLE001
            res["gerr"] = _error(e)
    return res


def _close(got: np.ndarray, want: np.ndarray) -> str:
    """'' when `got` equals TF's `want` to the dtype's tolerance, else what differs."""
    if got.dtype != want.dtype:
        return f"dtype {got.dtype} vs TF {want.dtype}"
    if got.shape != want.shape:
        return f"shape {got.shape} vs TF {want.shape}"
    if got.dtype.kind not in "fc":
        return "" if np.array_equal(got, want) else f"values {got.ravel()[:6]} vs TF " \
                                                   f"{want.ravel()[:6]}"
    with np.errstate(invalid="ignore"):  # (a signaling NaN, as TF's uninitialized memory
        # may hold, warns when cast: the comparison reports it instead)
        g, w = got.astype(np.complex128).ravel(), want.astype(np.complex128).ravel()
    for part in (np.real, np.imag):
        a, b = part(g), part(w)
        if not np.array_equal(np.isnan(a), np.isnan(b)):
            return f"NaN pattern {a[:8]} vs TF {b[:8]}"
        fin = np.isfinite(b)
        if not np.array_equal(a[~fin & ~np.isnan(b)], b[~fin & ~np.isnan(b)]):
            return f"infinities {a[:8]} vs TF {b[:8]}"
        rtol = 1e-5 if got.dtype in (np.float32, np.complex64) else 1e-9
        scale = max(1.0, float(np.max(np.abs(b[fin]), initial=0.0)))
        # relative to the largest value: sums (FFT, convolutions) round to their terms' size
        bad = np.abs(a[fin] - b[fin]) > rtol * scale
        if bad.any():
            k = int(np.argmax(bad))
            return f"values {a[fin][k]!r} vs TF {b[fin][k]!r} (of {a[:6]} vs {b[:6]})"
    return ""


def _compare(ours: dict, theirs: dict) -> str:
    if (ours["err"] is None) != (theirs["err"] is None):
        return f"eagerflow {'raised ' + str(ours['err']) if ours['err'] else 'succeeded'}, " \
               f"TF {'raised ' + str(theirs['err']) if theirs['err'] else 'succeeded'}"
    if ours["err"]:
        return ""
    if len(ours["out"]) != len(theirs["out"]):
        return f"{len(ours['out'])} outputs vs TF {len(theirs['out'])}"
    for k, (g, w) in enumerate(zip(ours["out"], theirs["out"])):
        why = _close(np.asarray(g), np.asarray(w))
        if why:
            return f"output {k}: {why}"
    if (ours["gerr"] is None) != (theirs["gerr"] is None):
        return f"gradient: eagerflow {ours['gerr'] or 'succeeded'}, TF {theirs['gerr'] or 'ok'}"
    if ours["grads"] is None or theirs["grads"] is None:
        return ""
    for i, (g, w) in enumerate(zip(ours["grads"], theirs["grads"])):
        if (g is None) != (w is None):
            return f"gradient {i}: {'None' if g is None else 'a value'} vs TF " \
                   f"{'None' if w is None else 'a value'}"
        if g is not None:
            why = _close(g, w)
            if why:
                return f"gradient {i}: {why}"
    return ""


def _tf_results_of(d: Path, cases: list, hung: list) -> dict:
    results = {}
    with open(d / "results.pkl", "rb") as f:
        while True:
            try:
                key, res = pickle.load(f)
            except EOFError:
                break
            results[key] = res
    for i in hung:
        results[cases[i]["id"]] = {"out": None, "grads": None, "gerr": None,
                                   "err": (HUNG, f"TF did not finish in {CASE_SECONDS}s")}
    return results


@pytest.fixture(scope="module")
def tf_results(tmp_path_factory):
    """(cases, eagerflow's results, TF's results): TF runs in its own process meanwhile."""
    if not Path(TF_PYTHON).exists():
        pytest.skip(f"no TensorFlow interpreter at {TF_PYTHON}")
    d = tmp_path_factory.mktemp("tfdiff")
    cases = _cases()
    with open(d / "cases.pkl", "wb") as f:
        pickle.dump(cases, f)
    report: dict = {"hung": [], "error": None}
    tf_run = threading.Thread(target=run_workers, args=(
        "tf_worker.py", d / "cases.pkl", d / "results.pkl", len(cases), report,
        TF_SECONDS, CASE_SECONDS))
    tf_run.start()
    ops = {o.name: o for o in all_ops()}
    ours = {c["id"]: _ours(ops[c["op"]], c) for c in cases}
    tf_run.join()
    if report["error"] is not None:
        if "No module named 'tensorflow'" in report["error"]:
            pytest.skip("the reference interpreter has no TensorFlow")
        raise AssertionError(f"TensorFlow run failed:\n{report['error']}")
    return cases, ours, _tf_results_of(d, cases, report["hung"])


# Decompositions whose vectors are defined up to sign: per op, (vector outputs, and how a
# column's sign shows in each: "col" flips a column, "row" a row), the output whose columns
# decide the signs.
SIGNED = {"Svd": ({1: "col", 2: "col"}, 1), "SelfAdjointEigV2": ({1: "col"}, 1),
          "Qr": ({0: "col", 1: "row"}, 0)}


def _align_signs(op: str, ours: dict, theirs: dict) -> list | None:
    """Per output, the ±1 multipliers that turn eagerflow's vectors into TF's (None where
    they already agree, or do not differ by signs alone)."""
    if op not in SIGNED or ours["out"] is None or theirs["out"] is None:
        return None
    how, key = SIGNED[op]
    a, b = ours["out"][key], theirs["out"][key]
    if a.shape != b.shape or not a.size:
        return None
    flip = np.sign(np.sum(a * b, axis=-2, keepdims=True))  # (..., 1, cols)
    flip = np.where(np.isfinite(flip) & (flip != 0), flip, 1.0)  # NaN columns: as they are
    if not (flip < 0).any():
        return None
    signs = [None] * len(ours["out"])
    for k, kind in how.items():
        out = ours["out"][k]
        n = min(out.shape[-1] if kind == "col" else out.shape[-2], flip.shape[-1])
        f = np.ones(out.shape[:-2] + ((1, out.shape[-1]) if kind == "col" else
                                      (out.shape[-2], 1)))
        if kind == "col":
            f[..., :, :n] = flip[..., :, :n]
        else:
            f[..., :n, :] = np.swapaxes(flip, -1, -2)[..., :n, :]
        signs[k] = f
    return signs


def _known(case_id: str, why: str) -> int | None:
    for i, (id_rx, why_rx, _) in enumerate(KNOWN):
        if re.match(id_rx, case_id) and re.search(why_rx, why):
            return i
    return None


def test_every_op_matches_tensorflow(tf_results):
    cases, our_results, results = tf_results
    ops = {o.name: o for o in all_ops()}
    diffs, hit = [], set()
    for case in cases:
        op = ops[case["op"]]
        ours = our_results[case["id"]]
        theirs = results[case["id"]]
        signs = _align_signs(case["op"], ours, theirs)
        if signs is not None:  # compare with TF's signs, gradients included
            ours = _ours(op, case, signs)
            ours["out"] = [o if f is None else o * f.astype(o.dtype) for o, f in
                           zip(ours["out"], signs)]
        if case["op"] in RANDOM or op.nondeterministic:  # shapes and dtypes only (the clock)
            for r in (ours, theirs):
                r["out"] = None if r["out"] is None else \
                    [np.zeros(o.shape, o.dtype) for o in r["out"]]
        why = _compare(ours, theirs)
        if not why:
            continue
        k = _known(case["id"], why)
        if k is None:
            diffs.append(f"{case['id']}: {why}")
        else:
            hit.add(k)
    if os.environ.get("EAGERFLOW_DIFF_REPORT"):  # every difference, to a file
        Path(os.environ["EAGERFLOW_DIFF_REPORT"]).write_text("\n".join(diffs) + "\n")
    assert not diffs, f"{len(diffs)} differences from TF:\n" + "\n".join(diffs[:60])
    if LONG and not ONLY.pattern and 0 in SEEDS:  # (a few ops or seeds leave most entries
        # unvisited)
        # (where TF returns uninitialized memory it may happen to agree)
        stale = [KNOWN[i][:2] for i in range(len(KNOWN))
                 if i not in hit and "uninitialized" not in KNOWN[i][2]]
        assert not stale, f"KNOWN entries that no longer differ: {stale}"


@pytest.mark.skipif(bool(ONLY.pattern), reason="EAGERFLOW_DIFF_OPS picks a few ops")
@pytest.mark.skipif(0 not in SEEDS, reason="seed 0's variants give every op its cases; a "
                                           "later seed's draw some")
def test_every_op_is_compared_or_has_a_reason():
    names = {o.name for o in all_ops()}
    covered = {c["op"] for c in _cases()}
    missing = sorted(names - covered - set(tf_calls.NO_TF_OP) - without_samples())
    assert not missing, f"ops without a case: {missing}"
    assert sys.version_info >= (3, 10)
