"""tf.autodiff.ForwardAccumulator: every registered op's Jacobian-vector product against
central differences (float64), on each op's first sample with a gradient, and the nesting
with tapes (the guide cells against TF are tests/guides/guide_autodiff_forward.py)."""

import numpy as np
import pytest

import eagerflow as tf
from eagerflow._src.core.tensor import EagerTensor
from eagerflow._src.ops.dispatch import bind
from eagerflow._src.ops.registry import all_ops
from eagerflow._src.testing import op_harness as H

# Ops whose JVP TF 2.21 can't compute either: forward mode transposes their gradient,
# whose op has no gradient (test_jvp_refused_as_tfs, test_sparse_segment_jvp_refused_as_tfs)
_SPARSE_SEGMENT = ("SparseSegmentSum", "SparseSegmentMean", "SparseSegmentSqrtN")
_NO_TF_JVP = {"MaxPoolGradV2", "MaxPoolWithArgmax", "SparseSoftmax", *_SPARSE_SEGMENT,
              *(f"{op}WithNumSegments" for op in _SPARSE_SEGMENT)}

CASES = []
for _op in sorted(all_ops(), key=lambda o: o.name):
    for _s in _op.samples:
        # (a sample over a variable, ReadVariableOp's: the tapes' suite checks its gradient)
        if _op.grad is not None and _s.grad and H.grad_positions(_s) and \
                not H.has_resources(_s.inputs) and _op.name not in _NO_TF_JVP:
            CASES.append((_op, _s))
            break


def _nan_in_empty_segments(want, t, sample):
    """Sorted segment max/min/mean: their gradient divides by each segment's row count,
    whose transpose (the JVP) is 0/0 in a segment of no rows (NaN, as TF 2.21 gives)."""
    out = want.copy()
    out[np.setdiff1d(np.arange(out.shape[0]), np.asarray(sample.inputs[1]))] = np.nan
    return out


# Outputs whose JVP is TF's rather than the derivative: TF's forward mode transposes the
# gradient, and SoftmaxCrossEntropyWithLogits' gradient through its backprop output reaches
# the logits only, so that output's JVP misses the labels' tangent (-t; TF 2.21 gives 0)
_TF_JVPS = {("SoftmaxCrossEntropyWithLogits", 1): lambda want, t, s: want + t[1] if 1 in t
            else want,
            **{(op, 0): _nan_in_empty_segments for op in ("SegmentMax", "SegmentMin",
                                                           "SegmentMean")},
            # SparseAdd's values: its gradient is SparseAddGrad, which TF marks not
            # differentiable, so their transpose is zero (TF 2.21 gives 0)
            ("SparseAdd", 1): lambda want, t, s: np.zeros_like(want)}


def test_softmax_xent_backprop_jvp_misses_the_labels_tangent_as_tfs():
    z = tf.constant(np.random.RandomState(0).standard_normal((2, 3)))
    p = tf.constant(np.full((2, 3), 1 / 3))
    tp = tf.constant(np.random.RandomState(1).standard_normal((2, 3)))
    with tf.autodiff.ForwardAccumulator([z, p], [tf.zeros_like(z), tp]) as acc:
        loss, bp = tf.raw_ops.SoftmaxCrossEntropyWithLogits(features=z, labels=p)
    # TF 2.21 gives zeros here (the derivative is -tp), and the loss's JVP in full
    np.testing.assert_array_equal(acc.jvp(bp, unconnected_gradients="zero").numpy(), 0)
    want = -np.sum(tp.numpy() * tf.nn.log_softmax(z).numpy(), axis=1)
    np.testing.assert_allclose(acc.jvp(loss).numpy(), want, rtol=1e-12)


def test_jvp_refused_as_tfs():
    # MaxPoolGradV2's gradient is MaxPoolGradGradV2, which TF registers no gradient for
    x = tf.constant(np.random.RandomState(0).permutation(32).reshape(1, 4, 4, 2) * 1.0)
    a = {"ksize": [1, 2, 2, 1], "strides": [1, 1, 1, 1], "padding": "VALID"}
    y = tf.raw_ops.MaxPool(input=x, **a)
    g = tf.ones_like(y)
    with pytest.raises(LookupError, match="gradient registry has no entry for: "
                                          "MaxPoolGradGradV2"):
        with tf.autodiff.ForwardAccumulator([g], [tf.ones_like(g)]) as acc:
            out = tf.raw_ops.MaxPoolGradV2(orig_input=x, orig_output=y, grad=g, **a)
        acc.jvp(out)


def test_max_pool_with_argmax_jvp_refused_as_tfs():
    # its gradient is MaxPoolGradWithArgmax, which TF registers no gradient for
    x = tf.constant(np.random.RandomState(0).permutation(32).reshape(1, 4, 4, 2) * 1.0)
    with pytest.raises(LookupError, match="gradient registry has no entry for: "
                                          "MaxPoolGradWithArgmax$"):
        with tf.autodiff.ForwardAccumulator([x], [tf.ones_like(x)]) as acc:
            y, _ = tf.nn.max_pool_with_argmax(x, 2, 1, "VALID")
        acc.jvp(y)


def test_sparse_softmax_jvp_refused_as_tfs():
    # its gradient adds with SparseDenseCwiseAdd, whose own gradient TF leaves unimplemented
    v = tf.constant([1.0, 2.0, 3.0])
    with pytest.raises(NotImplementedError, match="^Gradient for SparseDenseCwiseAdd is not "
                                                  "implemented.$"):
        with tf.autodiff.ForwardAccumulator([v], [tf.constant([1.0, 0.5, -1.0])]) as acc:
            y = tf.raw_ops.SparseSoftmax(sp_indices=tf.constant([[0, 0], [0, 1], [1, 1]], tf.int64),
                                         sp_values=v, sp_shape=tf.constant([2, 2], tf.int64))
        acc.jvp(y)


@pytest.mark.parametrize("op", _SPARSE_SEGMENT)
@pytest.mark.parametrize("num_segments", [None, 3])
def test_sparse_segment_jvp_refused_as_tfs(op, num_segments):
    # their gradients are the SparseSegment*Grad ops, which TF registers no gradient for
    d = tf.constant(np.arange(12.0).reshape(4, 3))
    kw = {} if num_segments is None else {"num_segments": num_segments}
    fn = getattr(tf.raw_ops, op + ("" if num_segments is None else "WithNumSegments"))
    with pytest.raises(LookupError, match=f"gradient registry has no entry for: {op}Grad$"):
        with tf.autodiff.ForwardAccumulator([d], [tf.ones_like(d)]) as acc:
            y = fn(data=d, indices=[0, 2, 1], segment_ids=[0, 0, 1], **kw)
        acc.jvp(y)


def _outputs(op, sample, arrays):
    out = bind(op, tuple(EagerTensor(a) for a in arrays), dict(sample.attrs))
    return out if isinstance(out, tuple) else (out,)


@pytest.mark.parametrize("case", CASES, ids=[op.name for op, _ in CASES])
def test_jvp_matches_central_differences(case):
    op, sample = case
    base = [np.asarray(a, np.float64) if np.asarray(a).dtype.kind == "f" else np.asarray(a)
            for a in sample.inputs]
    pos = H.grad_positions(sample)
    rng = np.random.default_rng(5)
    tangents = {i: rng.uniform(-1, 1, base[i].shape) for i in pos}
    tensors = [EagerTensor(a) for a in base]
    with tf.autodiff.ForwardAccumulator([tensors[i] for i in pos],
                                        [EagerTensor(tangents[i]) for i in pos]) as acc:
        out = bind(op, tuple(tensors), dict(sample.attrs))
    outs = out if isinstance(out, tuple) else (out,)
    eps = 1e-6
    plus = [a + eps * tangents[i] if i in tangents else a for i, a in enumerate(base)]
    minus = [a - eps * tangents[i] if i in tangents else a for i, a in enumerate(base)]
    for k, (o, hi, lo) in enumerate(zip(outs, _outputs(op, sample, plus),
                                        _outputs(op, sample, minus))):
        if not o.dtype.is_floating:
            continue
        want = (hi.numpy() - lo.numpy()) / (2 * eps)
        if (op.name, k) in _TF_JVPS:
            want = _TF_JVPS[op.name, k](want, tangents, sample)
        got = acc.jvp(o, unconnected_gradients=tf.UnconnectedGradients.ZERO).numpy()
        np.testing.assert_allclose(got, want, rtol=1e-5, atol=1e-6,
                                   err_msg=f"{op.name}: output {k}")


def test_forward_over_backward_is_a_hessian_vector_product():
    x = tf.constant([1.0, 2.0, 3.0], tf.float64)
    v = tf.constant([0.5, -1.0, 2.0], tf.float64)
    with tf.autodiff.ForwardAccumulator(x, v) as acc:
        with tf.GradientTape() as tape:
            tape.watch(x)
            y = tf.reduce_sum(tf.sin(x) * x ** 2)
        g = tape.gradient(y, x)
    xs = x.numpy()
    hess_diag = 2 * np.sin(xs) + 4 * xs * np.cos(xs) - xs ** 2 * np.sin(xs)
    np.testing.assert_allclose(acc.jvp(g).numpy(), hess_diag * v.numpy(), rtol=1e-12)


def test_backward_over_forward_and_variables():
    w = tf.Variable([[1.0, 2.0], [3.0, 4.0]], dtype=tf.float64)
    x = tf.constant([1.0, -1.0], tf.float64)
    with tf.GradientTape() as tape:
        tape.watch(x)
        with tf.autodiff.ForwardAccumulator(w, tf.ones_like(w)) as acc:
            y = tf.reduce_sum(tf.linalg.matvec(w, x) ** 2)
        d = acc.jvp(y)  # 2 <Wx, 1x>, linear in x for the gradient below
    np.testing.assert_allclose(d.numpy(), 2 * (w.numpy() @ x.numpy()).sum() * x.numpy().sum())
    assert tape.gradient(d, x) is not None
    assert acc.jvp(tf.constant(1.0)) is None


def test_structure_errors_and_reentry():
    with pytest.raises(ValueError, match="same nested structure"):
        tf.autodiff.ForwardAccumulator([tf.constant(1.0)], [])
    acc = tf.autodiff.ForwardAccumulator(tf.constant(1.0), tf.constant(1.0))
    with acc:
        with pytest.raises(ValueError, match="already recording"):
            acc.__enter__()
