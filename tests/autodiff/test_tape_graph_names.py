"""A GradientTape's gradient inside a tf.function builds the operations TF 2.21 builds
(tape_graph_golden.json, from record_tape_graph_golden.py): each gradient under
"gradient_tape/" and the name scope its forward op was made in ("gradient_tape/outer/
mul/Mul"), the default output gradient "ones" (or Fill "ones_like" of a dynamic shape),
an unused output's "zeros" (or ZerosLike), each tensor's gradients summed by one AddN in
the order TF's tape computes them, and a cond's gradient If named by its type in its
scope. Operations are compared in order with their inputs, control inputs included (the
gradients of Sin, Cos, Log, ... wait on their output gradient as TF's: OpDef.grad_after_grads).

KNOWN lists the cases whose gradient functions build other operations than TF's."""

import json
from pathlib import Path

import pytest

import eagerflow as tf
from tests.autodiff.tape_graph_cases import CASES, operations

GOLDEN = json.loads((Path(__file__).parent / "tape_graph_golden.json").read_text())["cases"]

KNOWN: dict = {}  # (none now)


@pytest.mark.parametrize("case", sorted(CASES))
def test_traced_tape_gradient_ops_are_tfs(case, request):
    if case in KNOWN:
        request.applymarker(pytest.mark.xfail(reason=KNOWN[case], strict=True))
    assert operations(tf, CASES[case]) == GOLDEN[case]


def test_gradient_names_leave_eager_results_alone():
    # (the names are a graph's; the traced gradient's values are the eager ones)
    x = tf.constant([0.5, -1.0, 2.0])

    def grad(x):
        with tf.GradientTape() as t:
            t.watch(x)
            with tf.name_scope("block"):
                y = tf.sin(x) * x + tf.exp(x) / 2.0
        return t.gradient(y, x)

    assert tf.function(grad)(x).numpy().tolist() == grad(x).numpy().tolist()


@pytest.mark.parametrize("axis", [0, 1, -1])
def test_traced_concat_and_transpose_gradients_are_the_eager_ones(axis):
    # (traced, they are Slices at a ConcatOffset and a Transpose by an InvertPermutation;
    # eagerly a split and the inverse perm: the same values)
    def grad(x, y, axis, perm):
        with tf.GradientTape() as t:
            t.watch([x, y])
            z = tf.transpose(tf.concat([x, y], axis), perm)
            z = z * tf.reshape(tf.range(tf.size(z), dtype=tf.float32), tf.shape(z))
        return t.gradient(z, [x, y])

    x, y = tf.reshape(tf.range(6.0), [2, 3]), tf.reshape(tf.range(6.0, 14.0), [2, 4])
    if axis == 0:
        y = y[:, :3]
    args = (x, y, tf.constant(axis), tf.constant([1, 0]))
    want = [g.numpy().tolist() for g in grad(*args)]
    unknown = tf.function(grad, input_signature=[
        tf.TensorSpec([None, None]), tf.TensorSpec([None, None]), tf.TensorSpec([], tf.int32),
        tf.TensorSpec([2], tf.int32)])
    assert [g.numpy().tolist() for g in unknown(*args)] == want
    static = tf.function(lambda x, y: grad(x, y, axis, [1, 0]))
    assert [g.numpy().tolist() for g in static(x, y)] == want


def test_a_negative_perm_has_no_transpose_gradient_as_in_tf():
    # TF's Transpose takes -1 for the last axis; the InvertPermutation of its gradient
    # refuses it, eagerly and traced
    x = tf.ones([2, 3])

    def grad(x):
        with tf.GradientTape() as t:
            t.watch(x)
            y = tf.transpose(x, [-1, 0])
        return t.gradient(y, x)

    for run in (grad, tf.function(grad)):
        with pytest.raises(tf.errors.InvalidArgumentError, match="-1 is not between 0 and 2"):
            run(x)


@pytest.mark.parametrize("axis", [1, -1])
def test_traced_gather_gradient_is_the_eager_one(axis):
    # (traced: TF's UnsortedSegmentSum between two Transposes; eagerly GatherV2Grad)
    def grad(x, i):
        with tf.GradientTape() as t:
            t.watch(x)
            y = tf.gather(x, i, axis=axis)
            y = y * tf.reshape(tf.range(tf.size(y), dtype=tf.float32), tf.shape(y))
        return t.gradient(y, x)

    x, i = tf.reshape(tf.range(24.0), [2, 3, 4]), tf.constant([[2, 0], [2, 1]])
    want = grad(x, i).numpy().tolist()
    for specs in ([tf.TensorSpec([2, 3, 4]), tf.TensorSpec([2, 2], tf.int32)],
                  [tf.TensorSpec([None, 3, None]), tf.TensorSpec([None, 2], tf.int32)]):
        assert tf.function(grad, input_signature=specs)(x, i).numpy().tolist() == want
