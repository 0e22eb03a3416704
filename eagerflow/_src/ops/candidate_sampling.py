"""Candidate sampling: tf.random's (and tf.nn's) uniform, log-uniform and all-candidate
samplers, with TF's draws for a given seed, tf.nn.compute_accidental_hits, and the sampled
losses built on them, tf.nn.nce_loss and sampled_softmax_loss.

Sits in the ops layer after random.py, whose stateful streams (Philox-4x32-10 from the op's
(seed, seed2), moving on call after call) the samplers draw from; loads on first use
(op_index.py). Each call of a sampler reserves 2048 words per sampled candidate of its
stream, as TF's kernel does, and reads them in order: a uniform candidate is a 64-bit word
pair modulo the range, a log-uniform one is floor(exp(u * log(range + 1))) - 1 for a double
u made of two words. With `unique`, a candidate already drawn is drawn again (rejection),
and the expected counts account for the number of tries, as TF's do. The kernels are a
Python loop over the draws (host only: the rejection loop is sequential).
"""

from __future__ import annotations

import collections
import math
from typing import Any, Callable

import numpy as np

from eagerflow._src.core import dtypes as dt
from eagerflow._src.core.errors import InvalidArgumentError
from eagerflow._src.core.tensor import Tensor, convert_to_tensor
from eagerflow._src.ops import attr_values as AV
from eagerflow._src.ops import checks as C
from eagerflow._src.ops import philox, wrapper_inputs
from eagerflow._src.ops import random_reference as ref
from eagerflow._src.ops.array import concat, expand_dims, reshape, shape, transpose
from eagerflow._src.ops.composite_dispatch import dispatch_binding
from eagerflow._src.ops.dispatch import bind
from eagerflow._src.ops.linalg import matmul
from eagerflow._src.ops.math import log
from eagerflow._src.ops.math_base import _t, cast, ones_like, stop_gradient, zeros_like
from eagerflow._src.ops.nn import lookup_parts
from eagerflow._src.ops.nn_loss import (
    sigmoid_cross_entropy_with_logits,
    softmax_cross_entropy_with_logits,
)
from eagerflow._src.ops.random import _op_seeds, _reserve
from eagerflow._src.ops.registry import BadSample, OpDef, Sample, register
from eagerflow._src.ops.slice_op import slice as slice_
from eagerflow._src.ops.sparse_ops import SPARSE_TO_DENSE
from eagerflow._src.ops.stacking import stack
from eagerflow._src.ops.wrapper_inputs import passed_raw

_WORDS_PER_SAMPLE = 2048  # what TF's kernel reserves of its stream per sampled candidate
_LOWEST_F32 = float(np.finfo(np.float32).min)


def _words(key: int, counter: int, n: int) -> Callable[[], int]:
    """The stream's words one at a time (blocks computed as needed, many at once)."""
    buf: list = []
    pos = [0]

    def next_word() -> int:
        if not buf:
            start = pos[0]
            buf.extend(philox.words(np, key, counter + start // 4, 4096).tolist()[::-1])
            pos[0] += 4096
        return buf.pop()
    return next_word


# -- the samplers: (draw one candidate from the words, the probability of a candidate) ----

def _uniform(range_max: int) -> tuple:
    def draw(word: Callable) -> int:
        lo = word()
        return (lo | (word() << 32)) % range_max
    return draw, lambda v: 1.0 / range_max


def _log_uniform(range_max: int) -> tuple:
    log_range = math.log1p(range_max)

    def draw(word: Callable) -> int:
        hi = word()
        return (int(math.exp(ref.double(hi, word()) * log_range)) - 1) % range_max
    return draw, lambda v: math.log((v + 2.0) / (v + 1.0)) / log_range


_SAMPLERS = {"UniformCandidateSampler": _uniform, "LogUniformCandidateSampler": _log_uniform}


def _expected(p: float, batch: int, tries: int) -> float:
    """How many times a candidate of probability p shows up among `tries` draws (unique:
    at least once)."""
    if tries == batch:
        return p * batch
    return -math.expm1(tries * math.log1p(-p))


def _sample(op: str, true: np.ndarray, num_sampled: int, unique: bool, range_max: int,
            word: Callable) -> tuple:
    draw, prob = _SAMPLERS[op](range_max)
    return sample_with(draw, prob, true, num_sampled, unique, word)


def sample_with(draw: Callable, prob: Callable, true: np.ndarray, num_sampled: int,
                unique: bool, word: Callable) -> tuple:
    """(sampled, true expected counts, sampled expected counts) of num_sampled draws of
    `draw(word)` (unique: a candidate drawn again is drawn anew), `prob(v)` each
    candidate's probability."""
    picked: list = []
    seen: set = set()
    tries = 0
    while len(picked) < num_sampled:
        tries += 1
        v = draw(word)
        if not unique or v not in seen:
            seen.add(v)
            picked.append(v)
    expected = [_expected(prob(v), num_sampled, tries) for v in picked]
    true_expected = [[_expected(prob(v), num_sampled, tries) for v in row]
                     for row in true.tolist()]
    return (np.array(picked, np.int64), np.array(true_expected, np.float32).reshape(true.shape),
            np.array(expected, np.float32))


def _check_true(op: str, true: np.ndarray, range_max: int) -> None:
    bad = (true < 0) | (true >= range_max)
    if bad.any():
        raise C.fail(op, f"`true_candidate` out of range [0, {range_max}), received "
                         f"{int(true[bad][0])}")


def _sampler_infer(op: str) -> Callable:
    def infer(true: Any, num_true: int, num_sampled: int, unique: bool, range_max: int = 0,
              seed: int = 0, seed2: int = 0, node: int = 0) -> list:
        if true._dtype is not dt.int64:
            raise C.fail(op, f"cannot compute {op} as input #0(zero-based) was expected to be "
                             f"a int64 tensor but is a {C.dtype_word(true._dtype)} tensor")
        # (TF's kernels hold the counts as int32, the range as int64)
        limits = [("num_true", AV.int_attr(op, num_true, "num_true")),
                  ("num_sampled", AV.int_attr(op, num_sampled, "num_sampled"))]
        if op != "AllCandidateSampler":
            limits.append(("range_max", AV.int_attr(op, range_max, "range_max", bits=64)))
        for name, v in limits:
            C.attr_at_least(op, name, v, 1)
        s = true._shape
        if s is not None and len(s) != 2:
            raise C.fail(op, "true_classes must be a matrix")
        if s is not None and s[1] is not None and s[1] != num_true:
            # (sic: TF's message swaps the two)
            raise C.fail(op, f"true_classes must have num_true columns, expected: {s[1]} "
                             f"was: {num_true}")
        if unique and op != "AllCandidateSampler" and num_sampled > range_max:
            raise C.fail(op, "Sampler's range is too small.")
        return [((num_sampled,), dt.int64), (s, dt.float32), ((num_sampled,), dt.float32)]
    return infer


def _sampler_kernel(op: str) -> Callable:
    def kernel(xp: Any, true: Any, num_true: int, num_sampled: int, unique: bool,
               range_max: int, seed: int, seed2: int, node: int = 0) -> tuple:
        true = np.asarray(true)
        _check_true(op, true, range_max)
        # one stream per kernel, and TF keeps a kernel per set of attrs
        kernel_attrs = f"{num_true}/{num_sampled}/{unique}/{range_max}"
        key, counter = _reserve(op, kernel_attrs, seed, seed2, node,
                                _WORDS_PER_SAMPLE * num_sampled // 4)
        return _sample(op, true, num_sampled, unique, range_max,
                       _words(key, counter, _WORDS_PER_SAMPLE * num_sampled))
    return kernel


def _sampler_ref(op: str) -> Callable:
    """The first call's draws, from the plain-Python Philox of random_reference.py."""
    def reference(true: np.ndarray, num_true: int, num_sampled: int, unique: bool,
                  range_max: int, seed: int, seed2: int, node: int = 0) -> tuple:
        stream = ref.Stream(seed, seed2 << 64)
        return _sample(op, true, num_sampled, unique, range_max, stream.word)
    return reference


def _sampler_attrs(num_sampled: int, unique: bool, range_max: int, num_true: int = 2) -> dict:
    return {"num_true": num_true, "num_sampled": num_sampled, "unique": unique,
            "range_max": range_max, "seed": 3, "seed2": 7, "node": 0}


_TRUE = np.array([[1, 2], [3, 4], [0, 7]], np.int64)


def _sampler_op(op: str) -> OpDef:
    return register(OpDef(
        op, _sampler_infer(op), _sampler_kernel(op), reference=_sampler_ref(op),
        samples=lambda: [
            Sample((_TRUE,), _sampler_attrs(5, False, 10), grad=False),
            Sample((_TRUE,), _sampler_attrs(5, True, 10), grad=False),
            Sample((_TRUE[:, :1],), _sampler_attrs(20, True, 40, num_true=1), grad=False),
            Sample((np.zeros((0, 2), np.int64),), _sampler_attrs(3, False, 10), grad=False)],
        bad_samples=lambda: [
            BadSample((_TRUE,), _sampler_attrs(5, False, 10, num_true=3), InvalidArgumentError,
                      "true_classes must have num_true columns, expected: 2 was: 3"),
            BadSample((_TRUE,), _sampler_attrs(11, True, 10), InvalidArgumentError,
                      "Sampler's range is too small."),
            BadSample((_TRUE,), _sampler_attrs(3, False, 5), InvalidArgumentError,
                      "`true_candidate` out of range [0, 5), received 7"),
            BadSample((_TRUE[0],), _sampler_attrs(3, False, 10), InvalidArgumentError,
                      "true_classes must be a matrix"),
            BadSample((_TRUE.astype(np.int32),), _sampler_attrs(3, False, 10),
                      InvalidArgumentError, "was expected to be a int64 tensor but is a int32"),
            BadSample((_TRUE,), _sampler_attrs(0, False, 10), InvalidArgumentError,
                      "Value for attr 'num_sampled' of 0 must be at least minimum 1")],
        num_outputs=3, stateful=True, gpu=False,
    ))


UNIFORM_CANDIDATE_SAMPLER = _sampler_op("UniformCandidateSampler")
LOG_UNIFORM_CANDIDATE_SAMPLER = _sampler_op("LogUniformCandidateSampler")


def _all_infer(true: Any, num_true: int, num_sampled: int, unique: bool, seed: int = 0,
               seed2: int = 0, node: int = 0) -> list:
    return _sampler_infer("AllCandidateSampler")(true, num_true, num_sampled, unique)


def _all_kernel(xp: Any, true: Any, num_true: int, num_sampled: int, unique: bool,
                seed: int = 0, seed2: int = 0, node: int = 0) -> tuple:
    """Every candidate 0 ... num_sampled - 1, each expected once (no randomness)."""
    true = np.asarray(true)
    _check_true("AllCandidateSampler", true, num_sampled)
    return (np.arange(num_sampled, dtype=np.int64), np.ones(true.shape, np.float32),
            np.ones(num_sampled, np.float32))


ALL_CANDIDATE_SAMPLER = register(OpDef(
    "AllCandidateSampler", _all_infer, _all_kernel,
    reference=lambda true, num_true, num_sampled, unique, **_: (
        np.array(list(range(num_sampled)), np.int64), np.full(true.shape, 1.0, np.float32),
        np.full((num_sampled,), 1.0, np.float32)),
    samples=lambda: [Sample((_TRUE,), {"num_true": 2, "num_sampled": 8, "unique": True,
                                       "seed": 3, "seed2": 7}, grad=False)],
    bad_samples=lambda: [BadSample((_TRUE,), {"num_true": 2, "num_sampled": 4, "unique": True,
                                              "seed": 3, "seed2": 7}, InvalidArgumentError,
                                   "`true_candidate` out of range [0, 4), received 4")],
    num_outputs=3, gpu=False,
))


# -- compute_accidental_hits -------------------------------------------------------------

def _hits_infer(true: Any, sampled: Any, num_true: int, seed: int = 0, seed2: int = 0) -> list:
    op = "ComputeAccidentalHits"
    for i, x in enumerate((true, sampled)):
        if x._dtype is not dt.int64:
            raise C.fail(op, f"cannot compute {op} as input #{i}(zero-based) was expected to "
                             f"be a int64 tensor but is a {C.dtype_word(x._dtype)} tensor")
    s = true._shape
    if s is not None and (len(s) != 2 or s[1] not in (None, num_true)):
        raise C.fail(op, "true_candidates must be a batch_size * num_true matrix")
    if sampled._shape is not None and len(sampled._shape) != 1:
        raise C.fail(op, "sampled_candidates must be a vector, which is typically an output "
                         "from CandidateSampler")
    return [((None,), dt.int32), ((None,), dt.int64), ((None,), dt.float32)]


def _hits(true: np.ndarray, sampled: np.ndarray) -> tuple:
    """(example, position) of each sampled candidate equal to a true one: a candidate drawn
    twice counts at its last position, a true class listed twice counts twice."""
    where = {int(v): i for i, v in enumerate(sampled.tolist())}
    idx, ids = [], []
    for row, classes in enumerate(true.tolist()):
        for c in classes:
            if c in where:
                idx.append(row)
                ids.append(where[c])
    return (np.array(idx, np.int32), np.array(ids, np.int64),
            np.full(len(idx), _LOWEST_F32, np.float32))


def _hits_ref(true: np.ndarray, sampled: np.ndarray, num_true: int, seed: int = 0,
              seed2: int = 0) -> tuple:
    idx, ids = [], []
    for r in range(true.shape[0]):
        for c in true[r]:
            at = np.nonzero(sampled == c)[0]
            if at.size:
                idx.append(r)
                ids.append(at[-1])
    return (np.array(idx, np.int32), np.array(ids, np.int64),
            np.full(len(idx), np.finfo(np.float32).min, np.float32))


COMPUTE_ACCIDENTAL_HITS = register(OpDef(
    "ComputeAccidentalHits", _hits_infer,
    lambda xp, true, sampled, num_true, seed=0, seed2=0: _hits(np.asarray(true),
                                                               np.asarray(sampled)),
    reference=_hits_ref,
    samples=lambda: [
        Sample((_TRUE, np.array([2, 7, 1, 2, 9], np.int64)), {"num_true": 2}, grad=False),
        Sample((np.array([[1, 1], [2, 1]], np.int64), np.array([1, 5, 1], np.int64)),
               {"num_true": 2}, grad=False),
        Sample((_TRUE, np.array([11, 12], np.int64)), {"num_true": 2}, grad=False)],
    bad_samples=lambda: [
        BadSample((_TRUE, np.array([2, 7], np.int64)), {"num_true": 3}, InvalidArgumentError,
                  "true_candidates must be a batch_size * num_true matrix"),
        BadSample((_TRUE, np.array([[2, 7]], np.int64)), {"num_true": 2}, InvalidArgumentError,
                  "sampled_candidates must be a vector"),
        BadSample((_TRUE.astype(np.int32), np.array([2], np.int64)), {"num_true": 2},
                  InvalidArgumentError, "was expected to be a int64 tensor but is a int32")],
    num_outputs=3, gpu=False,
))


# -- public functions ---------------------------------------------------------------------

def _int64(x: Any) -> Any:
    """The labels as int64, as the sampled losses cast them."""
    x = convert_to_tensor(x, dtype_hint=dt.int64)
    return x if x.dtype is dt.int64 else cast(x, dt.int64)


def _op_input(x: Any, slow: bool = False) -> Any:
    """An int64 input as the op's wrapper takes it (no cast): a tensor as it is (the op
    refuses another dtype), anything else converted to int64; TF's slow path (`slow`)
    converts tensors too (a ValueError for another dtype)."""
    return x if isinstance(x, Tensor) and not slow else convert_to_tensor(x, dtype=dt.int64)


# what the samplers return: TF's op wrappers name the three results
_RESULTS = {op: collections.namedtuple(op, ["sampled_candidates", "true_expected_count",
                                           "sampled_expected_count"])
            for op in ("UniformCandidateSampler", "LogUniformCandidateSampler",
                       "LearnedUnigramCandidateSampler", "FixedUnigramCandidateSampler",
                       "ThreadUnsafeUnigramCandidateSampler", "AllCandidateSampler")}
AccidentalHits = collections.namedtuple("ComputeAccidentalHits", ["indices", "ids", "weights"])


def sampler_attrs(num_true: Any, num_sampled: Any, unique: Any, *range_max: Any) -> dict:
    """A sampler's attrs as TF's op wrappers take them, in their order: the counts by int()
    (make_int), `unique` only a Python bool; `range_max`, where the sampler has one. A count
    past int64 overflows only once the others have converted (a later TypeError first)."""
    held: list = []
    attrs = {"num_true": _count(num_true, "num_true", held),
             "num_sampled": _count(num_sampled, "num_sampled", held),
             "unique": AV.bool_attr(unique, "unique")}
    for v in range_max:
        attrs["range_max"] = _count(v, "range_max", held)
    AV.raise_held(held)
    return attrs


def _count(value: Any, what: str, held: list) -> int:
    try:
        return AV.make_int(value, what)
    except OverflowError as e:
        held.append(AV.past_int64(e))
        return -1


def _sampler(op: OpDef, true_classes: Any, attrs: dict, seed: Any, name: str | None,
             slow: bool = False) -> tuple:
    return _RESULTS[op.name]._make(
        bind(op, (_op_input(true_classes, slow),), {**attrs, **_op_seeds(seed)}, name))


@dispatch_binding
def uniform_candidate_sampler(true_classes: Any, num_true: int, num_sampled: int,
                              unique: bool, range_max: int, seed: Any = None,
                              name: str | None = None) -> tuple:
    """num_sampled candidates drawn uniformly from [0, range_max), and the expected count of
    each true and each sampled candidate: (sampled_candidates, true_expected_count,
    sampled_expected_count)."""
    return _sampler(UNIFORM_CANDIDATE_SAMPLER, true_classes,
                    sampler_attrs(num_true, num_sampled, unique, range_max), seed, name)


@dispatch_binding
def log_uniform_candidate_sampler(true_classes: Any, num_true: int, num_sampled: int,
                                  unique: bool, range_max: int, seed: Any = None,
                                  name: str | None = None) -> tuple:
    """Like uniform_candidate_sampler, with P(k) = log((k + 2) / (k + 1)) / log(range_max + 1)
    (Zipf-like: small ids, the frequent words of a sorted vocabulary, come up more)."""
    return _sampler(LOG_UNIFORM_CANDIDATE_SAMPLER, true_classes,
                    sampler_attrs(num_true, num_sampled, unique, range_max), seed, name)


def all_candidate_sampler(true_classes: Any, num_true: int, num_sampled: int, unique: bool,
                          seed: Any = None, name: str | None = None) -> tuple:
    """Every candidate of [0, num_sampled), each with expected count 1."""
    return _sampler(ALL_CANDIDATE_SAMPLER, true_classes,
                    sampler_attrs(num_true, num_sampled, unique), seed, name)


@dispatch_binding
def compute_accidental_hits(true_classes: Any, sampled_candidates: Any, num_true: int,
                            seed: Any = None, name: str | None = None) -> tuple:
    """(indices, ids, weights) of the sampled candidates that are a true class of an
    example: weights are float32's lowest, to mask those logits out."""
    attrs = {"num_true": AV.make_int(num_true, "num_true"),
             **{k: v for k, v in _op_seeds(seed).items() if k != "node"}}
    # (a list given sends TF's wrapper down its slow path, which converts both)
    # (so does an int attr its fast path does not take: AV.fast_path_ints)
    slow = passed_raw(true_classes, sampled_candidates) or not AV.fast_path_ints(num_true)
    return AccidentalHits._make(bind(COMPUTE_ACCIDENTAL_HITS,
                                     (_op_input(true_classes, slow),
                                      _op_input(sampled_candidates, slow)), attrs, name))


# -- sampled losses: nce_loss and sampled_softmax_loss ------------------------------------

def _sum_rows(x: Any) -> Any:
    """Each row's sum, as a matmul with a column of ones (as TF sums them: the gradient is
    then a matmul too)."""
    return reshape(matmul(x, ones_like(transpose(x[:1]))), [-1])


def _sampled_logits(weights: Any, biases: Any, labels: Any, inputs: Any, num_sampled: int,
                    num_classes: int, num_true: int, sampled_values: Any,
                    remove_accidental_hits: bool, seed: Any = None,
                    partition_strategy: str = "div") -> tuple:
    """(logits, labels) of the true classes and the sampled ones, each logit less the log of
    its expected count (the sampled classes' correction for being sampled). A list of
    weights (and of biases) is one table in shards, split by `partition_strategy` (TF 2's
    "div"; TF 1's functions take "mod" by default, as its embedding_lookup)."""
    if not isinstance(weights, list):  # (TF's: a list is a sharded table; a tuple is one)
        weights = [weights]
    wrapper_inputs.read_dtype(labels)  # (TF reads both dtypes as given, to cast them)
    labels = _int64(labels)
    labels_flat = reshape(labels, [-1])
    if sampled_values is None:
        sampled_values = log_uniform_candidate_sampler(labels, num_true, num_sampled, True,
                                                       num_classes, seed=seed)
    sampled, true_expected, sampled_expected = (stop_gradient(_t(s)) for s in sampled_values)
    sampled = cast(sampled, dt.int64)
    all_ids = concat([labels_flat, sampled], 0)
    n_true = shape(labels_flat)[0]
    all_w = lookup_parts(weights, all_ids, partition_strategy, None, None)
    wrapper_inputs.read_dtype(inputs)
    inputs = _t(inputs)
    all_w = cast(all_w, inputs.dtype)
    # (TF's Slices: rows of a 2-D lookup, refused otherwise, as a table of 1-D shards)
    true_w = slice_(all_w, [0, 0], stack([n_true, -1]))
    sampled_w = slice_(all_w, stack([n_true, 0]), [-1, -1])
    sampled_logits = matmul(inputs, sampled_w, transpose_b=True)
    all_b = cast(lookup_parts(biases, all_ids, partition_strategy, None, None), inputs.dtype)
    true_b = slice_(all_b, [0], shape(labels_flat))
    sampled_b = slice_(all_b, shape(labels_flat), [-1])
    dim = shape(true_w)[1:2]
    rows = expand_dims(inputs, 1) * reshape(true_w, concat([[-1, num_true], dim], 0))
    true_logits = reshape(_sum_rows(reshape(rows, concat([[-1], dim], 0))), [-1, num_true])
    true_logits += reshape(true_b, [-1, num_true])
    sampled_logits += sampled_b
    if remove_accidental_hits:
        idx, ids, weights_hit = compute_accidental_hits(labels, sampled, num_true)
        where = concat([reshape(idx, [-1, 1]), reshape(cast(ids, dt.int32), [-1, 1])], 1)
        dense_shape = concat([shape(labels)[:1], [num_sampled]], 0)
        sampled_logits += bind(SPARSE_TO_DENSE, (where, dense_shape,
                                                 cast(weights_hit, sampled_logits.dtype),
                                                 convert_to_tensor(0, sampled_logits.dtype)),
                               {"validate_indices": False})
    true_logits -= log(true_expected)
    sampled_logits -= log(sampled_expected)
    logits = concat([true_logits, sampled_logits], 1)
    targets = concat([ones_like(true_logits) / num_true, zeros_like(sampled_logits)], 1)
    return logits, targets


@dispatch_binding
def nce_loss(weights: Any, biases: Any, labels: Any, inputs: Any, num_sampled: int,
             num_classes: int, num_true: int = 1, sampled_values: Any = None,
             remove_accidental_hits: bool = False, name: str = "nce_loss") -> Any:
    """The noise-contrastive estimation loss per example: logistic losses of the true
    classes against num_sampled classes drawn (log-uniformly by default)."""
    logits, targets = _sampled_logits(weights, biases, labels, inputs, num_sampled,
                                      num_classes, num_true, sampled_values,
                                      remove_accidental_hits)
    return _sum_rows(sigmoid_cross_entropy_with_logits(labels=targets, logits=logits))


@dispatch_binding
def sampled_softmax_loss(weights: Any, biases: Any, labels: Any, inputs: Any,
                         num_sampled: int, num_classes: int, num_true: int = 1,
                         sampled_values: Any = None, remove_accidental_hits: bool = True,
                         seed: Any = None, name: str = "sampled_softmax_loss") -> Any:
    """The softmax cross-entropy per example over the true classes and num_sampled drawn
    ones: an estimate of the full softmax loss for a large number of classes."""
    logits, targets = _sampled_logits(weights, biases, labels, inputs, num_sampled,
                                      num_classes, num_true, sampled_values,
                                      remove_accidental_hits, seed)
    return softmax_cross_entropy_with_logits(labels=stop_gradient(targets), logits=logits)
