"""fuzz49b's fixes against TF 2.21 (fuzz49b_golden.json, recorded by record_cases.py fuzz49b
from fuzz49b_cases.py and fuzz49b_more.py, which draw tf.strings, tf.sparse, tf.ragged,
tf.image, tf.sets, partitions, top_k, sort, confusion_matrix, the CTC decoders,
tensor_scatter_nd and fake_quant at their edges, eagerly and traced): DynamicPartition's
num_partitions below its OpDef's minimum; a stitch of no lists (no CPU kernel eagerly, the
op-def library's ValueError traced); SampleDistortedBoundingBox's words for boxes whose last
dimension is not 4 and a min_object_covered not a scalar; CTCGreedyDecoder's empty inputs;
fake_quant's range tensors of another dtype (the op's refusal on TF's fast path);
confusion_matrix of bool (ScatterNd's logical or) and string (ones_like's TypeError); and,
traced, the checks TF makes when the graph runs (FakeQuantWithMinMaxArgs' attrs,
UniqueWithCounts' rank, SparseReduce*'s axes, CTCBeamSearchDecoder's top_paths) or in
the shape functions of Unique, ListDiff, TopKV2 (a scalar input: the rank before k) and
the FakeQuantWithMinMaxVars ops (whose num_bits their kernels check when the graph runs);
and ListDiff's kernel refuses a traced input of unknown rank that is not a vector.

KNOWN lists the differences found and left, each with its reason (strict xfails: a fix
turns them into failures to remove from the list)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

import eagerflow as tf
from tests.fuzz.fuzz49b_cases import run

GOLDEN = json.loads((Path(__file__).resolve().parent / "fuzz49b_golden.json").read_text())
GOT: dict = {}

_SHAPE_FN = ("traced, TF's shape function refuses the node (a ValueError naming the node, "
             "its attrs and its inputs' shapes); eagerflow's infer raises the kernel's "
             "InvalidArgumentError as the graph is built: this op's shape-function words "
             "and node text are not reproduced (graph/shape_errors.py)")
_SCOPE = ("traced, TF names the nodes under the function's name scope "
          "(confusion_matrix/control_dependency:0, Tensordot/MatMul); eagerflow's nodes are "
          "not named under it")


def _traced(src: str) -> str:
    return f"tf.function(lambda: {src})()"


KNOWN: dict = {
    "tf.image.ssim(tf.ones([1, 11, 11, 1]), tf.ones([1, 11, 11, 1]) * 0.5, 1.0)":
        "float32 rounding of the 11x11 Gaussian filter's sums (TF's depthwise convolution "
        "sums in its own order): the variances' and covariance's cancellation leaves "
        "TF cs = 1.0008, eagerflow's 1.0000 (ssim 0.80065 vs 0.80002)",
    **{_traced(s): _SHAPE_FN for s in (
        "tf.dynamic_stitch([[0, 1]], [[1., 2., 3.]])",
        "tf.math.in_top_k([0, 1, 2], T('float32', [2, 3], [1, 2, 3, 4, 5, 6]), 1)",
        "tf.tensor_scatter_nd_update(tf.zeros([4], tf.int32), [[1]], [5, 6])",
        "tf.strings.reduce_join(tf.constant([['a', 'b'], ['c', 'd']]), axis=2)",
        "tf.image.sample_distorted_bounding_box([2, 2, 3], tf.zeros([1, 1, 3]), seed=1)",
        "tf.image.sample_distorted_bounding_box([2, 2, 3], tf.zeros([1, 1, 4]), seed=1, "
        "min_object_covered=[0.1])",
        "tf.image.extract_glimpse(tf.ones([1, 2, 2, 1]), [1, 1], [[0.0, 0.0], [0.0, 0.0]])")},
    _traced("tf.tensor_scatter_nd_update(tf.zeros([4], tf.int32), [[1, 0]], [5])"):
        "traced, TF's shape function (ScatterNdShapeHelper) lets these shapes pass and its "
        "kernel refuses them when the graph runs; eagerflow's infer refuses them as the "
        "graph is built",
    _traced("tf.math.top_k(tf.constant([3.0]), tf.constant(2))"):
        "traced, TF shows a tensor k as the Const node it captured (Const_1); eagerflow, "
        "which reads a constant k as the attr, names it as TF names a Python k (TopKV2/k)",
    _traced("tf.math.confusion_matrix([0, 3], [0, 1], num_classes=2)"): _SCOPE,
    _traced("tf.math.confusion_matrix([0, 1, 2], [0, 1])"): _SCOPE,
    _traced("tf.image.rgb_to_yuv(tf.ones([2, 2]))"): _SCOPE,
    _traced("tf.sparse.reset_shape(tf.sparse.SparseTensor([[1, 2]], [1.0], [2, 3]), [1, 4])"):
        "traced, TF's reset_shape compares the shapes it knows statically (its Python's "
        "ValueError); eagerflow's asserts them when the graph runs",
}


def _got(case: str):
    if not GOT:
        GOT.update(run(tf))
    return GOT[case]


def _params() -> list:
    return [pytest.param(c, marks=pytest.mark.xfail(strict=True, reason=KNOWN[c]))
            if c in KNOWN else c for c in sorted(GOLDEN)]


def test_known_are_cases():
    assert not set(KNOWN) - set(GOLDEN)


@pytest.mark.parametrize("case", _params())
def test_outcome_is_tf_2_21s(case):
    assert _got(case) == GOLDEN[case]
