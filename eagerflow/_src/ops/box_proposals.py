"""GenerateBoundingBoxProposals (ops layer): Faster R-CNN's region proposals, as TF 2.21's
GPU kernel makes them. TF registers no CPU kernel for the op, so on CPU:0 it is refused
(NotFoundError naming the node, before any input is read); on a GPU it runs here, over
the device's arrays, per image:

1. the H*W*A anchor boxes ranked by score, highest first, and the first `pre_nms_topn`
   kept: a stable sort in which -0.0 equals 0.0, as CUB's radix sort (TF's) ranks floats;
2. each decoded from its anchor (y1, x1, y2, x2: `anchors` is (H, W, 4A)) and its deltas
   (dy, dx, dh, dw), the size deltas capped at log(1000 / 16): the centre moved by the
   deltas times the anchor's size, the size scaled by exp(delta); then clipped to the
   image (`image_info` rows are height, width, scale, ...) and marked dropped when its
   shorter side is below `min_size` times the scale;
3. greedy non-max suppression over those kept, in rank order: a box goes when its
   intersection exceeds `nms_threshold` times its union with a box kept before it (a box
   of zero area neither suppresses nor is suppressed), until `post_nms_topn` are kept;
4. written as (y1, x1, y2, x2) with their scores, the rows past them zero.

The arithmetic is TF's float32 in its order of operations (its fmin/fmax, which drop a
NaN operand); a GPU may contract a product and a sum into one fused multiply-add where
TF's kernel may too, so results agree with TF's to float rounding. The ranking and the
suppression are TF's GPU ones (ops/nms_gpu.py), the corners taken as decoded.
"""

from __future__ import annotations

import math
from typing import Any

import numpy as np

from eagerflow._src.backend import to_host
from eagerflow._src.core import device as D
from eagerflow._src.core import dtypes as dt
from eagerflow._src.core.errors import NotFoundError, OutOfRangeError
from eagerflow._src.core.tensor import Tensor, convert_to_tensor
from eagerflow._src.ops import attr_values as AV
from eagerflow._src.ops import checks as C
from eagerflow._src.ops import nms_gpu
from eagerflow._src.ops.composite_dispatch import dispatch_binding
from eagerflow._src.ops.dispatch import bind
from eagerflow._src.ops.eager_errors import eager_api
from eagerflow._src.ops.registry import BadSample, OpDef, register

_OP = "GenerateBoundingBoxProposals"
_INPUTS = ((dt.float32,) * 5) + (dt.int32, dt.float32)
# TF's cap on the decoded log-size deltas (computed in double, kept as a float)
_XFORM_CLIP = np.float32(math.log(1000.0 / 16.0))
_HALF = np.float32(0.5)


def _infer(scores: Any, *inputs: Any, post_nms_topn: int = 300) -> list:
    n = None if scores._shape is None or not scores._shape else scores._shape[0]
    return [((n, post_nms_topn, 4), dt.float32), ((n, post_nms_topn), dt.float32)]


def _kernel(xp: Any, scores: Any, deltas: Any, info: Any, anchors: Any, nms_threshold: Any,
            pre_nms_topn: Any, min_size: Any, post_nms_topn: int = 300) -> tuple:
    if xp is np:
        raise _no_cpu_kernel(post_nms_topn)
    threshold, pre, least = _checked(scores, deltas, info, anchors, nms_threshold,
                                     pre_nms_topn, min_size, post_nms_topn)
    n, height, width, a = scores.shape
    k = height * width * a
    rois = xp.zeros((n, post_nms_topn, 4), np.float32)
    probs = xp.zeros((n, post_nms_topn), np.float32)
    top = min(k, pre)
    if n == 0 or top == 0:
        return rois, probs
    flat = scores.reshape(n, k)
    order = nms_gpu.ranked(xp, flat)[:, :top]
    ranked = xp.take_along_axis(flat, order, axis=1)
    boxes, big = _decoded(xp, order, deltas.reshape(n, k, 4), anchors.reshape(k, 4), info,
                          least)
    big = to_host(big)  # (one read for every image's marks)
    for i in range(n):
        at = np.flatnonzero(big[i])
        if not at.size:
            continue
        candidates = boxes[i][xp.asarray(at)]
        picked = xp.asarray(at[nms_gpu.greedy(nms_gpu.suppressed(xp, candidates, threshold),
                                              post_nms_topn)])
        chosen = boxes[i][picked]  # (x1, y1, x2, y2): written as (y1, x1, y2, x2)
        rois[i, :picked.size] = xp.stack([chosen[:, j] for j in (1, 0, 3, 2)], axis=1)
        probs[i, :picked.size] = ranked[i][picked]
    return rois, probs


def _no_cpu_kernel(post_nms_topn: int) -> NotFoundError:
    """TF's refusal on CPU:0: the kernels registered for the op are its GPU one, where
    eagerflow has a GPU backend (TF's CUDA build), else none (TF's CPU build)."""
    listed = "  device='GPU'" if D.list_physical_devices("GPU") else "  <no registered kernels>"
    return NotFoundError(None, None, f"Could not find device for node: {{{{node {_OP}}}}} = "
                                     f"{_OP}[post_nms_topn={post_nms_topn}]\nAll kernels "
                                     f"registered for op {_OP}:\n{listed}\n [Op:{_OP}]")


def _checked(scores: Any, deltas: Any, info: Any, anchors: Any, nms_threshold: Any,
             pre_nms_topn: Any, min_size: Any, post_nms_topn: int) -> tuple:
    """(nms_threshold, pre_nms_topn, min_size) as numbers, after TF's checks in its order
    (its signature's dtypes, then its kernel's), and the shape checks its shape function
    makes (its kernel reads the dimensions unchecked)."""
    inputs = (scores, deltas, info, anchors, nms_threshold, pre_nms_topn, min_size)
    for i, (x, want) in enumerate(zip(inputs, _INPUTS)):
        if x.dtype != want._np:
            raise C.wrong_input_dtype(_OP, i, want, dt.as_dtype(x.dtype))
    if post_nms_topn <= 0:
        raise C.fail(_OP, "post_nms_topn can't be 0 or less")
    for what, x, rank in (("scores", scores, 4), ("bbox_deltas", deltas, 4),
                          ("image_info", info, 2), ("anchors", anchors, 3)):
        if x.ndim != rank:
            raise C.fail(_OP, f"{what} must be rank {rank}, got shape "
                              f"{C.shape_str(x.shape)}")
    n, height, width, a = scores.shape
    if a == 0 or anchors.shape[2] != 4 * a:
        raise OutOfRangeError(None, None, f"Box dimensions need to be 4 [Op:{_OP}]")
    if deltas.shape != (n, height, width, 4 * a) or anchors.shape[:2] != (height, width) \
            or info.shape != (n, 5):
        raise C.fail(_OP, f"scores {C.shape_str(scores.shape)}, bbox_deltas "
                          f"{C.shape_str(deltas.shape)}, image_info "
                          f"{C.shape_str(info.shape)} and anchors "
                          f"{C.shape_str(anchors.shape)} do not describe one batch of "
                          f"(N, H, W, A) anchors")
    values = []
    for index, x in ((4, nms_threshold), (5, pre_nms_topn), (6, min_size)):
        if x.ndim:
            raise C.fail(_OP, f"Expected a scalar in input {index}but got shape "
                              f"{C.shape_str(x.shape)}")
        values.append(to_host(x)[()])  # (TF's HostMemory inputs: read on the host)
        if index == 4 and (values[0] < 0 or values[0] > 1):  # (a NaN passes, as in TF)
            raise C.fail(_OP, f"nms_threshold should be between 0 and 1. Got {values[0]:g}")
        if index == 5 and values[1] <= 0:
            raise C.fail(_OP, f"pre_nms_topn should be greater than 0{values[1]}")
    return np.float32(values[0]), int(values[1]), np.float32(values[2])


def _decoded(xp: Any, order: Any, deltas: Any, anchors: Any, info: Any,
             min_size: np.float32) -> tuple:
    """((N, top, 4) boxes as (x1, y1, x2, y2), (N, top) whether each is big enough) for
    the ranked anchors `order` (N, top), in TF's float32 steps."""
    y1, x1, y2, x2 = (anchors[:, j][order] for j in range(4))
    picked = xp.take_along_axis(deltas, order[:, :, None], axis=1)
    dy, dx = picked[:, :, 0], picked[:, :, 1]
    dh, dw = (xp.fmin(picked[:, :, j], _XFORM_CLIP) for j in (2, 3))
    x1, x2 = _moved(xp, x1, x2, dx, dw)
    y1, y2 = _moved(xp, y1, y2, dy, dh)
    height, width = info[:, 0:1], info[:, 1:2]
    x1, x2 = (xp.fmax(xp.fmin(v, width), np.float32(0)) for v in (x1, x2))
    y1, y2 = (xp.fmax(xp.fmin(v, height), np.float32(0)) for v in (y1, y2))
    big = xp.fmin(x2 - x1, y2 - y1) >= min_size * info[:, 2:3]
    return xp.stack((x1, y1, x2, y2), axis=2), big


def _moved(xp: Any, lo: Any, hi: Any, d_centre: Any, d_size: Any) -> tuple:
    """One axis of a box moved by its deltas: (new lo, new hi)."""
    size = hi - lo
    centre = lo + _HALF * size + size * d_centre
    half = _HALF * (size * xp.exp(d_size))
    return centre - half, centre + half


def _bad_samples() -> list:
    inputs = (np.ones((1, 2, 2, 1), np.float32), np.zeros((1, 2, 2, 4), np.float32),
              np.array([[20, 20, 1, 0, 0]], np.float32),
              np.zeros((2, 2, 4), np.float32), np.float32(0.7), np.int32(6000),
              np.float32(16))
    return [BadSample(inputs, {"post_nms_topn": 300}, NotFoundError,
                      "Could not find device for node: {{node GenerateBoundingBoxProposals}}",
                      cpu_only=True)]


GENERATE_BOUNDING_BOX_PROPOSALS = register(OpDef(
    _OP, _infer, _kernel, num_outputs=2,
    # (its scalars are TF's HostMemory inputs; never folded at trace time: on CPU:0 it
    # raises when it runs)
    host_inputs=(4, 5, 6), stateful=True, bad_samples=_bad_samples,
))


@dispatch_binding
@eager_api("scores", "bbox_deltas", "image_info", "anchors")
def generate_bounding_box_proposals(scores: Any, bbox_deltas: Any, image_info: Any,
                                    anchors: Any, nms_threshold: Any = 0.7,
                                    pre_nms_topn: Any = 6000, min_size: Any = 16,
                                    post_nms_topn: Any = 300, name: str | None = None) -> tuple:
    """`tf.image.generate_bounding_box_proposals`: (rois, roi_probabilities), computed on
    a GPU and refused on the CPU, as by TF 2.21 (see the op above); its arguments taken as
    TF's wrapper takes them (post_nms_topn an int attr, the rest converted to float32,
    pre_nms_topn to int32)."""
    post = AV.make_int(post_nms_topn, "post_nms_topn")
    args = (scores, bbox_deltas, image_info, anchors, nms_threshold, pre_nms_topn, min_size)
    inputs = tuple(x if isinstance(x, Tensor) else convert_to_tensor(x, dtype=d)
                   for x, d in zip(args, _INPUTS))
    return tuple(bind(GENERATE_BOUNDING_BOX_PROPOSALS, inputs, {"post_nms_topn": post}, name))
