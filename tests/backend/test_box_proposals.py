"""tf.image.generate_bounding_box_proposals on a GPU (the stand-in, or CuPy's GPU:0 under
EAGERFLOW_REGISTRY_ON=gpu), against a reference written box by box from TF's kernel's
steps; refused on the CPU, as TF 2.21 has no CPU kernel for it."""

import math

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import eagerflow as tf
from eagerflow._src.core import device as D
from tests.backend.nms_reference import F, greedy, ranked
from tests.gpu_target import ON_GPU

pytestmark = pytest.mark.usefixtures("on_gpu")  # (tests/backend/conftest.py)


def _decode(anchor, delta, info, min_size):
    y1, x1, y2, x2 = (F(v) for v in anchor)
    dy, dx, dh, dw = (F(v) for v in delta)
    clip = F(math.log(1000.0 / 16.0))
    dw, dh = (d if d <= clip else clip for d in (dw, dh))  # (fmin: a NaN delta is capped)

    def axis(lo, hi, d_centre, d_size):
        size = hi - lo
        centre = (lo + F(0.5) * size) + size * d_centre
        half = F(0.5) * (size * F(np.exp(d_size)))
        return centre - half, centre + half

    x1, x2 = axis(x1, x2, dx, dw)
    y1, y2 = axis(y1, y2, dy, dh)

    def clamp(v, top):  # fmaxf(fminf(v, top), 0): a NaN coordinate becomes the bound
        v = top if math.isnan(v) or v > top else v
        return F(0) if v < 0 else v

    x1, x2 = clamp(x1, F(info[1])), clamp(x2, F(info[1]))
    y1, y2 = clamp(y1, F(info[0])), clamp(y2, F(info[0]))
    return (x1, y1, x2, y2), min(x2 - x1, y2 - y1) >= F(min_size) * F(info[2])


def reference(scores, deltas, info, anchors, nms_threshold, pre_nms_topn, min_size, post):
    n, h, w, a = scores.shape
    rois, probs = np.zeros((n, post, 4), F), np.zeros((n, post), F)
    flat_anchors = anchors.reshape(-1, 4)
    for i in range(n):
        flat, flat_deltas = scores[i].reshape(-1), deltas[i].reshape(-1, 4)
        boxes, box_scores = [], []
        for j in ranked(flat)[:pre_nms_topn]:
            box, big = _decode(flat_anchors[j], flat_deltas[j], info[i], min_size)
            if big:
                boxes.append(box)
                box_scores.append(flat[j])
        for r, k in enumerate(greedy(boxes, nms_threshold, post, ordered=False)):
            x1, y1, x2, y2 = boxes[k]
            rois[i, r] = (y1, x1, y2, x2)
            probs[i, r] = box_scores[k]
    return rois, probs


def _anchors(h, w, sizes, stride=8.0):
    ys, xs = np.meshgrid(np.arange(h) * stride, np.arange(w) * stride, indexing="ij")
    out = np.zeros((h, w, len(sizes), 4), F)
    for k, s in enumerate(sizes):
        out[:, :, k] = np.stack([ys - s / 2, xs - s / 2, ys + s / 2, xs + s / 2], -1)
    return out.reshape(h, w, 4 * len(sizes))


def _case(seed, n=2, h=4, w=5, sizes=(8, 16, 24)):
    rng = np.random.default_rng(seed)
    a = len(sizes)
    scores = rng.uniform(size=(n, h, w, a)).astype(F)
    deltas = rng.normal(0, 0.3, size=(n, h, w, 4 * a)).astype(F)
    info = np.array([[32, 40, 1, 0, 0], [30, 36, 0.5, 0, 0]] * n, F)[:n]
    return scores, deltas, info, _anchors(h, w, sizes)


def _run(scores, deltas, info, anchors, thr=0.7, pre=6000, min_size=16.0, post=300):
    rois, probs = tf.image.generate_bounding_box_proposals(
        scores, deltas, info, anchors, nms_threshold=thr, pre_nms_topn=pre,
        min_size=min_size, post_nms_topn=post)
    assert rois.device.endswith("GPU:0") and probs.device.endswith("GPU:0")
    assert rois.dtype == tf.float32 and rois.shape == (scores.shape[0], post, 4)
    return rois.numpy(), probs.numpy()


def _check(inputs, thr=0.7, pre=6000, min_size=16.0, post=300):
    got = _run(*inputs, thr, pre, min_size, post)
    want = reference(*inputs, thr, pre, min_size, post)
    np.testing.assert_array_equal(got[1], want[1])  # (the scores: the same boxes, in order)
    np.testing.assert_allclose(got[0], want[0], rtol=1e-6, atol=1e-5)
    return got


def test_proposals_match_the_reference():
    rois, probs = _check(_case(0), thr=0.5, pre=40, min_size=4, post=10)
    assert (probs[:, :-1] >= probs[:, 1:]).all() and probs.min() > 0  # (ten kept each)
    assert (rois[..., 2] >= rois[..., 0]).all() and (rois[..., 3] >= rois[..., 1]).all()


@settings(max_examples=25, deadline=None)
@given(seed=st.integers(0, 2**31), n=st.integers(1, 3), h=st.integers(1, 4),
       w=st.integers(1, 4), a=st.integers(1, 3), thr=st.sampled_from([0.0, 0.3, 0.7, 1.0]),
       pre=st.integers(1, 60), post=st.integers(1, 12),
       min_size=st.sampled_from([0.0, 2.0, 8.0]))
def test_proposals_match_the_reference_across_shapes(seed, n, h, w, a, thr, pre, post,
                                                     min_size):
    _check(_case(seed, n, h, w, (8, 16, 24)[:a]), thr, pre, min_size, post)


def test_equal_scores_rank_by_position_and_negative_zero_equals_zero():
    scores, deltas, info, anchors = _case(1, n=1, h=2, w=2, sizes=(16,))
    deltas[:] = 0
    scores[0] = np.array([[0.0, -0.0], [0.5, 0.0]], F)[..., None]
    _, probs = _check((scores, deltas, info, anchors), thr=1.0, min_size=0, post=4)
    # 0.5 first, then the three zeros in their order (the -0.0 among them, as written)
    assert np.signbit(probs[0]).tolist() == [False, False, True, False]


def test_nan_deltas_are_capped_and_nan_scores_rank_by_sign():
    scores, deltas, info, anchors = _case(2, n=1)
    deltas[0, 0, 0, 2:4] = np.nan  # (dh, dw: capped at log(1000/16), as fminf drops a NaN)
    scores[0, 1, 1, 0] = np.nan  # (a positive NaN ranks first)
    scores[0, 2, 2, 1] = -np.nan
    _check((scores, deltas, info, anchors), thr=0.6, min_size=2, post=20)


def test_what_min_size_drops_leaves_zero_rows():
    inputs = _case(3)
    rois, probs = _check(inputs, min_size=1000.0, post=5)
    assert not rois.any() and not probs.any()
    rois, probs = _check(inputs, thr=0.0, min_size=0.0, post=500)  # (fewer kept than rows)
    assert (probs[:, -1] == 0).all() and (rois[:, -1] == 0).all()


def test_zero_area_boxes_neither_suppress_nor_are_suppressed():
    scores, deltas, info, anchors = _case(4, n=1, h=1, w=1, sizes=(0, 0, 16))
    deltas[:] = 0
    _, probs = _check((scores, deltas, info, anchors), thr=0.0, min_size=0.0, post=3)
    assert (probs > 0).all()  # (two points and a box, none suppressing another)


def test_traced_call_on_the_device_matches_eager():
    inputs = [tf.constant(x) for x in _case(5)]
    fn = tf.function(lambda *xs: tf.image.generate_bounding_box_proposals(
        *xs, nms_threshold=0.5, pre_nms_topn=30, min_size=4, post_nms_topn=8))
    for got, want in zip(fn(*inputs), _run(*_case(5), 0.5, 30, 4.0, 8)):
        np.testing.assert_array_equal(got.numpy(), want)


def test_no_gradient_flows_through_proposals():
    """TF registers the op as not differentiable: the gradient is None, not an error."""
    scores, deltas, info, anchors = (tf.constant(x) for x in _case(6))
    with tf.GradientTape() as tape:
        tape.watch(deltas)
        rois, _ = tf.image.generate_bounding_box_proposals(scores, deltas, info, anchors)
    assert tape.gradient(rois, deltas) is None


def test_refused_on_the_cpu_naming_the_gpu_kernel():
    with tf.device("/CPU:0"), pytest.raises(tf.errors.NotFoundError) as info:
        tf.image.generate_bounding_box_proposals(*_case(7), post_nms_topn=12)
    assert str(info.value).startswith(
        "Could not find device for node: {{node GenerateBoundingBoxProposals}} = "
        "GenerateBoundingBoxProposals[post_nms_topn=12]\nAll kernels registered for op "
        "GenerateBoundingBoxProposals:\n  device='GPU'\n [Op:GenerateBoundingBoxProposals]")


@pytest.mark.skipif(ON_GPU, reason="a real GPU is not hidden by the stand-in's switch")
def test_refused_without_a_gpu_as_tf_cpu_build():
    with D.standin_gpus(0), pytest.raises(tf.errors.NotFoundError,
                                          match="\n  <no registered kernels>\n"):
        tf.image.generate_bounding_box_proposals(*_case(7))


_BAD = [
    (dict(post=0), tf.errors.InvalidArgumentError, "post_nms_topn can't be 0 or less"),
    (dict(thr=1.5), tf.errors.InvalidArgumentError,
     "nms_threshold should be between 0 and 1. Got 1.5"),
    (dict(pre=-5), tf.errors.InvalidArgumentError, "pre_nms_topn should be greater than 0-5"),
    (dict(anchors=np.zeros((4, 5, 8), F)), tf.errors.OutOfRangeError,
     "Box dimensions need to be 4"),
    (dict(anchors=np.zeros((15, 4), F)), tf.errors.InvalidArgumentError,
     "anchors must be rank 3, got shape [15,4]"),
    (dict(info=np.ones((2, 4), F)), tf.errors.InvalidArgumentError,
     "do not describe one batch of (N, H, W, A) anchors"),
    (dict(deltas=np.zeros((2, 4, 5, 8), F)), tf.errors.InvalidArgumentError,
     "bbox_deltas [2,4,5,8]"),
    (dict(min_size=np.ones(2, F)), tf.errors.InvalidArgumentError,
     "Expected a scalar in input 6but got shape [2]"),
]


@pytest.mark.parametrize("change,error,match", _BAD, ids=[m[:24] for _, _, m in _BAD])
def test_bad_input_raises_tf_errors(change, error, match):
    scores, deltas, info, anchors = _case(8)
    args = dict(scores=scores, deltas=deltas, info=info, anchors=anchors, thr=0.7, pre=100,
                min_size=F(4), post=5)
    args.update(change)
    with pytest.raises(error) as got:
        tf.image.generate_bounding_box_proposals(
            args["scores"], args["deltas"], args["info"], args["anchors"],
            nms_threshold=args["thr"], pre_nms_topn=args["pre"], min_size=args["min_size"],
            post_nms_topn=args["post"])
    assert match in str(got.value)
    # (an eager op's error, worded as TF words it: the op named at the end)
    assert str(got.value).endswith("[Op:GenerateBoundingBoxProposals] name: "), got.value


def test_a_nan_threshold_passes_as_in_tf():
    _run(*_case(9), thr=float("nan"), post=4)


def test_raw_op_refuses_other_dtypes():
    scores, deltas, info, anchors = _case(10)
    with pytest.raises(tf.errors.InvalidArgumentError,
                       match=r"input #0\(zero-based\) was expected to be a float tensor but "
                             r"is a double tensor"):
        tf.raw_ops.GenerateBoundingBoxProposals(
            scores=tf.constant(scores, tf.float64), bbox_deltas=deltas, image_info=info,
            anchors=anchors, nms_threshold=0.7, pre_nms_topn=10, min_size=1.0)
