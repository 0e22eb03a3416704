"""CTC beam search decoding, TF's CTCBeamSearchDecoder: a prefix beam search over the
log-softmax of each time step with TF's default scorer, in float32 as TF's CPU kernel
computes it. Its shape function, decoder_shape_fn, is the greedy decoder's too (nn_ctc.py).

Sits in the ops layer beside nn_ctc.py.
"""

from __future__ import annotations

import ctypes
import functools
import math as _pymath
from typing import Any

import numpy as np

from eagerflow._src.core import dtypes as dt
from eagerflow._src.core.context import _state
from eagerflow._src.core.errors import FailedPreconditionError, InvalidArgumentError
from eagerflow._src.core.sparse_tensor import SparseTensor
from eagerflow._src.core.tensor import EagerTensor
from eagerflow._src.ops import attr_values as AV
from eagerflow._src.ops import checks as C
from eagerflow._src.ops import wrapper_inputs
from eagerflow._src.ops.composite_dispatch import dispatch_binding
from eagerflow._src.ops.dispatch import bind
from eagerflow._src.ops.eager_errors import eager_api
from eagerflow._src.ops.nn import _f64
from eagerflow._src.ops.nn_args import fail
from eagerflow._src.ops.registry import (
    BadSample,
    OpDef,
    Sample,
    is_filled_zeros,
    register,
)
from eagerflow._src.ops.stl_topn import TopN

# ---------------------------------------------------------------------------------------
# Fused softmax cross-entropies: (loss, backprop), as TF's kernels.
# ---------------------------------------------------------------------------------------

def _is_zero(g: Any) -> bool:
    """True for an eager all-zeros gradient, or the zeros a tape feeds an unused output
    (known without a read back on a device, and in a trace, where the softmax gradient
    would otherwise be traced and run for nothing), or None: the tape's way of saying so
    (OpDef.none_grads)."""
    if g is None:
        return True
    if is_filled_zeros(g):
        return True
    if not isinstance(g, EagerTensor):
        return False
    a = g._arr
    # (count_nonzero is one C call; ndarray.any goes through NumPy's Python reduction)
    return not (np.count_nonzero(a) if type(a) is np.ndarray else a.any())


_NEG_INF = float("-inf")


def _f32(x: float) -> float:
    """x rounded to float32 (a Python float again)."""
    return float(np.float32(x))


def _same(x: float) -> float:
    return x


@functools.cache
def _c_float_math() -> tuple:
    """(expf, logf, log1pf): the C math library's float32 functions, which TF's beam search
    calls (glibc's log1pf is not correctly rounded: a float64 log1p rounded to float32 differs
    from it in ~8% of arguments, enough to move a score by 1e-8); float64 ones rounded
    to float32 where the C library cannot be reached."""
    try:
        libm = ctypes.CDLL(None)
        fns = libm.expf, libm.logf, libm.log1pf
    except (OSError, AttributeError):
        return tuple(lambda x, f=f: _f32(f(x)) for f in (_pymath.exp, _pymath.log,
                                                           _pymath.log1p))
    for fn in fns:
        fn.argtypes, fn.restype = [ctypes.c_float], ctypes.c_float
    return fns


def _log_add(a: float, b: float, r: Any) -> float:
    """log(exp(a) + exp(b)) as TF's beam search computes it: its correction term
    log1p(exp(lo - hi)) takes the C float32 functions (log1pf, expf) whatever the dtype,
    so float64 scores carry their float32 rounding. `r` rounds to the input's dtype."""
    if a == _NEG_INF:
        return b
    if b == _NEG_INF:
        return a
    expf, _, log1pf = _c_float_math()
    hi, lo = (a, b) if a > b else (b, a)
    return r(hi + log1pf(expf(r(lo - hi))))


class _Prefix:
    """A labelling in the beam: probabilities (total, ending in blank, ending in its
    label) before this step (`old`) and after it (`new`); `new[0]` -inf means inactive.
    Children (the labelling extended by one label) are made when first reached."""

    __slots__ = ("parent", "label", "children", "old", "new")

    def __init__(self, parent: _Prefix | None, label: int) -> None:
        self.parent, self.label, self.children = parent, label, {}
        self.old = [_NEG_INF] * 3
        self.new = [_NEG_INF] * 3

    def labels(self, merge_repeated: bool) -> list:
        out, node = [], self
        while node.parent is not None:
            if not merge_repeated or not out or out[-1] != node.label:
                out.append(node.label)
            node = node.parent
        return out[::-1]


def _better(a: _Prefix, b: _Prefix) -> bool:
    """TF's CTCBeamComparer: a's total is the higher."""
    return a.new[0] > b.new[0]


def _new_beam(width: int) -> TopN:
    """The beam: at most `width` prefixes in TF's gtl::TopN, whose C++ heap and sort moves
    decide which of equally probable prefixes stays and which comes first."""
    return TopN(width, _better)


def _is_candidate(beam: TopN, total: float) -> bool:
    """TF's is_candidate: a nonzero probability that beats the bottom of a full beam (in
    TF's order: a zero one never looks at the bottom)."""
    return total > _NEG_INF and total > _floor(beam)


def _floor(beam: TopN) -> float:
    """The total a prefix must beat to enter (TF's is_candidate: the bottom's total once the
    beam is full; finding it puts the bottom first, as TF's peek_bottom)."""
    return beam.peek_bottom().new[0] if len(beam.items) >= beam.limit else _NEG_INF


def _norm_offset(row: list, r: Any) -> float:
    """max + log(sum(exp(row - max))), summed in order and rounded to the row's dtype at
    each step (as TF's beam search normalizes a step's logits, with the C library's exp
    and log of that dtype)."""
    exp, log = (_c_float_math()[:2] if r is _f32 else (_pymath.exp, _pymath.log))
    m = max(row)
    total = 0.0
    for v in row:
        total = r(total + exp(r(v - m)))
    return r(m + log(total))


def _beam_step(beam: TopN, row: np.ndarray, blank: int, r: Any) -> TopN:
    """One time step: the prefixes extended by blank, by their repeated label, and by
    every label (as TF's CTCBeamSearch::Step with its default scorer), each sum in TF's
    order and rounded (`r`) to the input's dtype."""
    raw = row.tolist()
    norm = _norm_offset(raw, r)
    logp_arr = row - row.dtype.type(norm)  # (in the row's dtype, as TF's)
    logp = logp_arr.tolist()
    branches = beam.extract()
    beam = _new_beam(beam.limit)
    for b in branches:
        b.old = list(b.new)
    for b in branches:
        if b.parent is not None:
            if b.parent.new[0] != _NEG_INF:
                before = b.parent.old[1] if b.label == b.parent.label else b.parent.old[0]
                b.new[2] = _log_add(b.new[2], before, r)
            b.new[2] = r(b.new[2] + logp[b.label])
        b.new[1] = r(r(b.old[0] + raw[blank]) - norm)
        b.new[0] = _log_add(b.new[1], b.new[2], r)
        beam.push(b)
    for b in branches:
        if not _is_candidate(beam, b.old[0]):
            continue
        totals = logp_arr[:blank] + b.old[0]  # (weak Python float: the row's dtype)
        if b.label >= 0:
            totals[b.label] = r(logp[b.label] + b.old[1])
        # the floor only rises while children enter: those under it now never will (a
        # child already made that fails loses its probabilities, as in TF)
        entering = np.flatnonzero(totals > _floor(beam)).tolist()
        for c in sorted(set(entering).union(b.children)):
            child = b.children.get(c)
            if child is not None and child.new[0] != _NEG_INF:
                continue
            total = float(totals[c])
            if _is_candidate(beam, total):
                if child is None:
                    child = b.children[c] = _Prefix(b, c)
                child.new = [total, _NEG_INF, total]
                if len(beam.items) >= beam.limit:  # (the bottom leaves the beam, its totals lost)
                    beam.peek_bottom().new = [_NEG_INF] * 3
                beam.push(child)
            elif child is not None:
                child.old = [_NEG_INF] * 3
    return beam


def _beam_search(x: np.ndarray, steps: int, width: int, top_paths: int,
                 merge_repeated: bool) -> tuple:
    """The `top_paths` best labellings of one sequence x [time, classes] and their log
    probabilities."""
    r = _f32 if x.dtype == np.float32 else _same
    root = _Prefix(None, -1)
    root.new = [0.0, 0.0, _NEG_INF]
    beam = _new_beam(width)
    beam.push(root)
    for t in range(steps):
        beam = _beam_step(beam, x[t], x.shape[1] - 1, r)
    if len(beam) < top_paths:
        raise fail("CTCBeamSearchDecoder", "Less leaves in the beam search than requested.")
    # (TF's TopPaths: the beam in its vector's order, pushed into a TopN of top_paths,
    # taken out best first)
    top = _new_beam(top_paths)
    for e in beam.extract_unsorted():
        top.push(e)
    best = top.extract()
    return [e.labels(merge_repeated) for e in best], [e.new[0] for e in best]


_CTC_FLOATS = frozenset((dt.float32, dt.float64))


def decoder_shape_fn(op: str, inputs: Any, lengths: Any) -> None:
    """The CTC decoders' shape function, traced (graph/shape_errors.py's ValueError): the
    inputs' rank, the lengths', then the batch merged with the lengths' count."""
    for t, want in ((inputs, 3), (lengths, 1)):
        if t._shape is not None and len(t._shape) != want:
            raise fail(op, f"Shape must be rank {want} but is rank {len(t._shape)}")
    b, n = (None if t._shape is None else t._shape[i] for t, i in ((inputs, 1), (lengths, 0)))
    if None not in (b, n) and b != n:
        raise fail(op, f"Dimensions must be equal, but are {b} and {n}")


def _ctc_beam_infer(inputs: Any, lengths: Any, beam_width: int, top_paths: int,
                    merge_repeated: bool) -> list:
    op = "CTCBeamSearchDecoder"
    C.check_dtype(op, inputs, _CTC_FLOATS)
    if lengths._dtype is not dt.int32:
        raise C.wrong_input_dtype(op, 1, dt.int32, lengths._dtype)
    for attr, v in (("beam_width", beam_width), ("top_paths", top_paths)):
        C.attr_at_least(op, attr, AV.int_attr(op, v, attr), 1)
    xs, ls = inputs._shape, lengths._shape
    if _state.graph is not None:
        decoder_shape_fn(op, inputs, lengths)
    if xs is not None and len(xs) != 3:
        raise fail(op, "inputs is not a 3-Tensor")
    if ls is not None and len(ls) != 1:
        raise fail(op, "sequence_length is not a vector")
    if top_paths > beam_width and _state.graph is None:  # (traced: its kernel's, at run time)
        raise fail(op, "requested more paths than the beam width.")
    batch = None if xs is None else xs[1]
    return ([((None, 2), dt.int64)] * top_paths + [((None,), dt.int64)] * top_paths
            + [((2,), dt.int64)] * top_paths + [((batch, top_paths), inputs._dtype)])


def _ctc_beam_kernel(xp: Any, inputs: Any, lengths: Any, beam_width: int, top_paths: int,
                     merge_repeated: bool) -> tuple:
    op = "CTCBeamSearchDecoder"
    if top_paths > beam_width:  # (its kernel's constructor's check)
        raise fail(op, "requested more paths than the beam width.")
    steps, batch, classes = inputs.shape
    if inputs.size == 0:
        raise fail(op, "inputs must not be empty")
    if lengths.shape[0] != batch:
        raise FailedPreconditionError(None, None, f"len(sequence_length) != batch_size.  "
                                                  f"len(sequence_length):  {lengths.shape[0]} "
                                                  f"batch_size: {batch} [Op:{op}]")
    for b, n in enumerate(lengths.tolist()):
        if n > steps:
            raise FailedPreconditionError(None, None, f"sequence_length({b}) <= {steps} "
                                                      f"[Op:{op}]")
    paths, scores = [], np.zeros((batch, top_paths), inputs.dtype)
    for b, n in enumerate(lengths.tolist()):
        found, scores[b] = _beam_search(inputs[:, b], max(n, 0), beam_width, top_paths,
                                        merge_repeated)
        paths.append(found)
    indices, values, shapes = [], [], []
    for k in range(top_paths):
        rows = [(b, t) for b in range(batch) for t in range(len(paths[b][k]))]
        indices.append(np.array(rows, np.int64).reshape(-1, 2))
        values.append(np.array([v for b in range(batch) for v in paths[b][k]], np.int64))
        shapes.append(np.array([batch, max((len(p[k]) for p in paths), default=0)], np.int64))
    return (*indices, *values, *shapes, scores)


def _ctc_beam_ref(inputs: np.ndarray, lengths: np.ndarray, beam_width: int, top_paths: int,
                  merge_repeated: bool) -> tuple:
    """With a beam wide enough to keep every prefix, the search is exact: the labellings
    of highest probability, summed over every alignment (enumerated here)."""
    steps, batch, classes = inputs.shape
    blank = classes - 1
    best = []
    for b in range(batch):
        x = inputs[:, b].astype(np.float64)
        logp = x - np.log(np.exp(x).sum(axis=1, keepdims=True))
        totals: dict = {}
        for path in np.ndindex(*([classes] * int(lengths[b]))):
            collapsed = tuple(c for i, c in enumerate(path)
                              if c != blank and (i == 0 or path[i - 1] != c))
            p = sum(logp[t, c] for t, c in enumerate(path))
            totals[collapsed] = np.logaddexp(totals.get(collapsed, -np.inf), p)
        best.append(sorted(totals.items(), key=lambda kv: -kv[1])[:top_paths])
    indices, values, shapes = [], [], []
    for k in range(top_paths):
        seqs = [list(best[b][k][0]) for b in range(batch)]
        indices.append(np.array([(b, t) for b in range(batch) for t in range(len(seqs[b]))],
                                np.int64).reshape(-1, 2))
        values.append(np.array([v for s in seqs for v in s], np.int64))
        shapes.append(np.array([batch, max(len(s) for s in seqs)], np.int64))
    scores = np.array([[best[b][k][1] for k in range(top_paths)] for b in range(batch)],
                      inputs.dtype)
    return (*indices, *values, *shapes, scores)


CTC_BEAM_SEARCH = register(OpDef(
    "CTCBeamSearchDecoder", _ctc_beam_infer, _ctc_beam_kernel, reference=_ctc_beam_ref,
    arity=lambda ins, attrs: {"top_paths": attrs["top_paths"]},
    samples=lambda: [
        Sample(((_f64(4, 2, 3) * 3).astype(np.float32), np.array([4, 3], np.int32)),
               {"beam_width": 50, "top_paths": 2, "merge_repeated": False}, grad=False),
        Sample((_f64(4, 2, 3) * 3, np.array([2, 4], np.int32)),
               {"beam_width": 50, "top_paths": 1, "merge_repeated": False}, grad=False)],
    bad_samples=lambda: [
        BadSample((np.zeros((3, 4), np.float32), np.array([3], np.int32)),
                  {"beam_width": 2, "top_paths": 1, "merge_repeated": False},
                  InvalidArgumentError, "inputs is not a 3-Tensor"),
        BadSample((np.zeros((3, 2, 4), np.float32), np.array([3, 2], np.int32)),
                  {"beam_width": 2, "top_paths": 3, "merge_repeated": False},
                  InvalidArgumentError, "requested more paths than the beam width."),
        BadSample((np.zeros((3, 2, 4), np.float32), np.array([4, 2], np.int32)),
                  {"beam_width": 2, "top_paths": 1, "merge_repeated": False},
                  FailedPreconditionError, "sequence_length(0) <= 3")],
    num_outputs=4, gpu=False,
))


@dispatch_binding
@eager_api("inputs", "sequence_length")
def ctc_beam_search_decoder(inputs: Any, sequence_length: Any, beam_width: int = 100,
                            top_paths: int = 1) -> tuple:
    """tf.nn.ctc_beam_search_decoder: the `top_paths` most probable labellings of each
    sequence (blank is the last class) as SparseTensors, and their log probabilities."""
    # (TF's wrapper converts the attrs, then the inputs)
    attrs = {"beam_width": AV.make_int(beam_width, "beam_width"),
             "top_paths": AV.make_int(top_paths, "top_paths"), "merge_repeated": False}
    from_op = bind(CTC_BEAM_SEARCH, (wrapper_inputs.op_input("CTCBeamSearchDecoder", inputs),
                                     wrapper_inputs.typed_input(sequence_length, dt.int32)), attrs)
    k = len(from_op) // 3
    decoded = [SparseTensor(from_op[j], from_op[k + j], from_op[2 * k + j]) for j in range(k)]
    return decoded, from_op[-1]
