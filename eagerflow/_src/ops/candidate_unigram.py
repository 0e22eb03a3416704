"""tf.nn's unigram candidate samplers, with TF's draws for a seed: fixed_unigram (weights
from `unigrams` or a vocabulary file, raised to `distortion`, with reserved ids and
sharding) and learned_unigram (weights learned from the true classes, call after call).

Sits in the ops layer after candidate_sampling.py, whose streams (2048 words reserved per
sampled candidate), rejection loop for `unique` and expected counts these reuse; loads on
first use (op_index.py). How TF draws (learned from its outputs):

- fixed: Walker's alias method over the shard's weights. The table pairs, stack-wise, the
  last underfull bucket with the last overfull one (proportions n * w / sum in double,
  stored as float32); a draw reads a float32 uniform r from one word and a bucket
  word % n from the next, and returns the bucket when r < its probability, else its
  alias. Candidates are indices among the shard's weights: the reserved ids of the shard
  (weight 0) first, then the vocabulary's words, numbered on from the count of those
  reserved ids (TF's numbering), those of the shard in order. range_max must be the
  number of the shard's weights.
- learned: every id starts with weight 1; a draw is an unbiased uniform integer below
  the total weight (words under 2^32 mod total + 1 rejected; a power of two masks), the
  id whose cumulative weight range holds it. After the call each true class (in order)
  gains 1, so the next call draws from the updated counts.
"""

from __future__ import annotations

import math
import threading
from typing import Any, Callable

import numpy as np

from eagerflow._src.core.errors import InvalidArgumentError, NotFoundError
from eagerflow._src.ops import attr_values as AV
from eagerflow._src.ops import candidate_sampling as CS
from eagerflow._src.ops import checks as C
from eagerflow._src.ops import random_reference as ref
from eagerflow._src.ops.composite_dispatch import dispatch_binding
from eagerflow._src.ops.eager_errors import eager_api
from eagerflow._src.ops.random import _reserve, kernel_state
from eagerflow._src.ops.registry import BadSample, OpDef, Sample, register

_INT32_MAX = 2 ** 31 - 1
_LEARNED_LOCK = threading.Lock()  # a learned sampler's draw and update of its counts


# -- the fixed unigram distribution ------------------------------------------------------

def _vocab_weights(path: str, op: str) -> list:
    """The last comma-separated field of each line of a vocabulary file."""
    try:
        with open(path, encoding="utf-8") as f:
            lines = f.read().splitlines()
    except FileNotFoundError:
        raise NotFoundError(None, None, f"{path}; No such file or directory [Op:{op}]") from None
    out = []
    for line in lines:
        try:
            out.append(float(line.split(",")[-1]))
        except ValueError:
            raise C.fail(op, f"Wrong vocabulary format at line: {line}") from None
    return out


def _in_shard(start: int, stop: int, num_shards: int, shard: int) -> int:
    """How many ids in [start, stop) the shard holds (id % num_shards == shard)."""
    def below(n: int) -> int:
        return max(0, (n - shard + num_shards - 1) // num_shards)
    return below(stop) - below(start)


def fixed_weights(range_max: int, vocab_file: str, distortion: float, num_reserved_ids: int,
                  num_shards: int, shard: int, unigrams: tuple) -> tuple:
    """(the shard's float32 weights, their float32 total), checked against range_max."""
    op = "FixedUnigramCandidateSampler"
    if vocab_file and unigrams:
        raise C.fail(op, "Must only provide one of vocab_file and unigrams.")
    if not vocab_file and not unigrams:
        raise C.fail(op, "Must provide either vocab_file or unigrams.")
    raw = _vocab_weights(vocab_file, op) if vocab_file else [float(u) for u in unigrams]
    reserved = _in_shard(0, num_reserved_ids, num_shards, shard)
    size = reserved + _in_shard(reserved, reserved + len(raw), num_shards, shard)
    if size != range_max:  # (counted first: TF builds a reserved range of any size)
        raise C.fail(op, f"range is {range_max} must be equal to weights size  {size}")
    weights: list = []
    total = np.float32(0)
    for word_id, w in enumerate(raw, start=reserved):  # (sic: TF numbers them so)
        if word_id % num_shards == shard:
            w = np.float32(math.pow(np.float32(w), distortion)) if w >= 0 or \
                float(distortion).is_integer() else np.float32(np.nan)
            total = np.float32(total + w)
            weights.append(w)
    return np.concatenate([np.zeros(reserved, np.float32), np.array(weights, np.float32)]), \
        total


def alias_table(weights: np.ndarray) -> tuple:
    """Walker's alias table (probabilities as float32, aliases) as TF pairs the buckets."""
    n = len(weights)
    total = sum(float(w) for w in weights)  # in double, in order
    pr = [float(w) * n / total if total else math.nan for w in weights]
    alias = [-1] * n
    low = [i for i in range(n) if pr[i] < 1.0]
    high = [i for i in range(n) if not pr[i] < 1.0]
    while high and low:
        small, big = low.pop(), high.pop()
        alias[small] = big
        pr[big] -= 1.0 - pr[small]
        (low if pr[big] < 1.0 else high).append(big)
    prob = np.array(pr, np.float32)
    for i in high + low:  # left over by rounding: their own bucket, always taken
        prob[i], alias[i] = 1.0, i
    return prob, alias


def _alias_draw(prob: np.ndarray, alias: list) -> Callable:
    n = len(alias)
    probs = prob.tolist()

    def draw(word: Callable) -> int:
        r = ref.float_bits(word(), 23)
        i = word() % n
        return i if r < probs[i] else alias[i]
    return draw


# -- the learned unigram distribution ----------------------------------------------------

def _unbiased(word: Callable, n: int) -> int:
    """A uniform integer below n from 32-bit words, TF's way (no modulo bias)."""
    if n & (n - 1) == 0:
        return word() & (n - 1)
    rem = ((2 ** 32 - 1) % n) + 1
    w = word()
    while w < rem:
        w = word()
    return w % n


def _learned_draw(weights: np.ndarray) -> tuple:
    cum = np.cumsum(weights)
    total = int(cum[-1])

    def draw(word: Callable) -> int:
        return int(np.searchsorted(cum, _unbiased(word, total), side="right"))

    def prob(v: int) -> float:
        return float(np.float32(np.float32(weights[v]) / np.float32(total)))
    return draw, prob


def _learn(weights: np.ndarray, true: np.ndarray) -> None:
    """Each true class gains 1, as long as the total stays below 2^31 - 1."""
    room = _INT32_MAX - int(weights.sum())
    for v in true.reshape(-1)[:max(0, room)].tolist():
        weights[v] += 1


# -- the ops -----------------------------------------------------------------------------

def _fixed_infer(true: Any, num_true: int, num_sampled: int, unique: bool, range_max: int,
                 vocab_file: str = "", distortion: float = 1.0, num_reserved_ids: int = 0,
                 num_shards: int = 1, shard: int = 0, unigrams: tuple = (), seed: int = 0,
                 seed2: int = 0, node: int = 0) -> list:
    op = "FixedUnigramCandidateSampler"
    for name, v, least in (("num_reserved_ids", num_reserved_ids, 0),
                           ("num_shards", num_shards, 1), ("shard", shard, 0)):
        C.attr_at_least(op, name, v, least)
    return CS._sampler_infer(op)(true, num_true, num_sampled, unique, range_max)


def _fixed_kernel(xp: Any, true: Any, num_true: int, num_sampled: int, unique: bool,
                  range_max: int, vocab_file: str = "", distortion: float = 1.0,
                  num_reserved_ids: int = 0, num_shards: int = 1, shard: int = 0,
                  unigrams: tuple = (), seed: int = 0, seed2: int = 0, node: int = 0) -> tuple:
    op = "FixedUnigramCandidateSampler"
    weights, total = fixed_weights(range_max, vocab_file, distortion, num_reserved_ids,
                                   num_shards, shard, tuple(unigrams))
    true = np.asarray(true)
    CS._check_true(op, true, range_max)
    attrs = (f"{num_true}/{num_sampled}/{unique}/{range_max}/{vocab_file}/{distortion}/"
             f"{num_reserved_ids}/{num_shards}/{shard}/{tuple(unigrams)}")
    words = CS._WORDS_PER_SAMPLE * num_sampled
    key, counter = _reserve(op, attrs, seed, seed2, node, words // 4)
    prob, alias = alias_table(weights)
    with np.errstate(all="ignore"):
        probability = (weights / total).tolist()
    return CS.sample_with(_alias_draw(prob, alias), lambda v: probability[v], true,
                          num_sampled, unique, CS._words(key, counter, words))


def _fixed_ref(true: np.ndarray, num_true: int, num_sampled: int, unique: bool,
               range_max: int, unigrams: tuple = (), distortion: float = 1.0, seed: int = 0,
               seed2: int = 0, **_: Any) -> tuple:
    """The first call's draws for unigrams without reserved ids or shards, the alias
    table built as a dict of bucket -> (threshold, alias) from two explicit stacks."""
    w = [np.float32(math.pow(float(np.float32(u)), distortion)) for u in unigrams]
    n = len(w)
    share = {i: float(x) * n / sum(float(v) for v in w) for i, x in enumerate(w)}
    small = [i for i in share if share[i] < 1.0]
    large = [i for i in share if share[i] >= 1.0]
    table = {}
    while small and large:
        s_, b = small.pop(), large.pop()
        table[s_] = (np.float32(share[s_]), b)
        share[b] = share[b] - (1.0 - share[s_])
        if share[b] < 1.0:
            small.append(b)
        else:
            large.append(b)
    for i in small + large:
        table[i] = (np.float32(1.0), i)
    total = np.float32(0)
    for x in w:
        total = np.float32(total + x)
    stream = ref.Stream(seed, seed2 << 64)

    def draw(word: Callable) -> int:
        r = np.float32(ref.float_bits(word(), 23))
        i = word() % n
        return i if r < table[i][0] else table[i][1]
    return CS.sample_with(draw, lambda v: float(w[v] / total), true, num_sampled, unique,
                          stream.word)


def _learned_infer(op: str) -> Callable:
    def infer(true: Any, num_true: int, num_sampled: int, unique: bool, range_max: int,
              seed: int = 0, seed2: int = 0, node: int = 0) -> list:
        out = CS._sampler_infer(op)(true, num_true, num_sampled, unique, range_max)
        if range_max >= 2**31 - 1:  # (TF's kernel aborts the process here: a CHECK)
            raise C.fail(op, f"range_max must be less than {2**31 - 1}, got {range_max}")
        return out
    return infer


def _learned_kernel(op: str) -> Callable:
    def kernel(xp: Any, true: Any, num_true: int, num_sampled: int, unique: bool,
               range_max: int, seed: int = 0, seed2: int = 0, node: int = 0) -> tuple:
        true = np.asarray(true)
        CS._check_true(op, true, range_max)
        attrs = f"{num_true}/{num_sampled}/{unique}/{range_max}"
        words = CS._WORDS_PER_SAMPLE * num_sampled
        key, counter = _reserve(op, attrs, seed, seed2, node, words // 4)
        with _LEARNED_LOCK:
            weights = kernel_state((op, attrs, seed, seed2, node),
                                   lambda: np.ones(range_max, np.int64))
            draw, prob = _learned_draw(weights.copy())
            out = CS.sample_with(draw, prob, true, num_sampled, unique,
                                 CS._words(key, counter, words))
            _learn(weights, true)
        return out
    return kernel


def _learned_ref(true: np.ndarray, num_true: int, num_sampled: int, unique: bool,
                 range_max: int, seed: int = 0, seed2: int = 0, node: int = 0) -> tuple:
    """The first call: every id has weight 1, so a draw is an unbiased uniform id."""
    stream = ref.Stream(seed, seed2 << 64)
    p = float(np.float32(1.0) / np.float32(range_max))
    return CS.sample_with(lambda word: _unbiased(word, range_max), lambda v: p, true,
                          num_sampled, unique, stream.word)


def _fixed_attrs(num_sampled: int, unique: bool, range_max: int, **kw: Any) -> dict:
    return {**CS._sampler_attrs(num_sampled, unique, range_max), "vocab_file": "",
            "distortion": 1.0, "num_reserved_ids": 0, "num_shards": 1, "shard": 0,
            "unigrams": tuple(float(i % 7 + 1) for i in range(range_max)), **kw}


_TRUE = CS._TRUE

FIXED_UNIGRAM_CANDIDATE_SAMPLER = register(OpDef(
    "FixedUnigramCandidateSampler", _fixed_infer, _fixed_kernel, reference=_fixed_ref,
    samples=lambda: [
        Sample((_TRUE,), _fixed_attrs(5, False, 10), grad=False),
        Sample((_TRUE,), _fixed_attrs(6, True, 12, distortion=0.75), grad=False),
        Sample((_TRUE[:, :1],), _fixed_attrs(4, True, 9, num_true=1), grad=False)],
    bad_samples=lambda: [
        BadSample((_TRUE,), _fixed_attrs(3, False, 10, unigrams=(1.0, 2.0)),
                  InvalidArgumentError, "range is 10 must be equal to weights size  2"),
        BadSample((_TRUE,), _fixed_attrs(3, False, 10, unigrams=()), InvalidArgumentError,
                  "Must provide either vocab_file or unigrams."),
        BadSample((_TRUE,), _fixed_attrs(3, False, 10, vocab_file="v.txt"),
                  InvalidArgumentError, "Must only provide one of vocab_file and unigrams."),
        BadSample((_TRUE,), _fixed_attrs(3, False, 10, num_shards=0), InvalidArgumentError,
                  "Value for attr 'num_shards' of 0 must be at least minimum 1"),
        BadSample((_TRUE,), _fixed_attrs(3, False, 6, unigrams=(1.0,) * 6),
                  InvalidArgumentError, "`true_candidate` out of range [0, 6), received 7")],
    num_outputs=3, stateful=True, gpu=False,
))

def _learned_op(name: str) -> OpDef:
    return register(OpDef(
        name, _learned_infer(name), _learned_kernel(name), reference=_learned_ref,
        samples=lambda: [
            Sample((_TRUE,), CS._sampler_attrs(5, False, 10), grad=False),
            Sample((_TRUE,), CS._sampler_attrs(7, True, 8), grad=False)],
        bad_samples=lambda: [
            BadSample((_TRUE,), CS._sampler_attrs(11, True, 10), InvalidArgumentError,
                      "Sampler's range is too small."),
            BadSample((_TRUE,), CS._sampler_attrs(3, False, 5), InvalidArgumentError,
                      "`true_candidate` out of range [0, 5), received 7")],
        num_outputs=3, stateful=True, gpu=False,
    ))


LEARNED_UNIGRAM_CANDIDATE_SAMPLER = _learned_op("LearnedUnigramCandidateSampler")
# TF's sampler without the learned counts' lock: the same draws and counts (its thread
# safety is the caller's affair there; here the lock costs nothing worth removing)
THREAD_UNSAFE_UNIGRAM_CANDIDATE_SAMPLER = _learned_op("ThreadUnsafeUnigramCandidateSampler")


@dispatch_binding
@eager_api("true_classes", "unigrams:floats")
def fixed_unigram_candidate_sampler(true_classes: Any, num_true: int, num_sampled: int,
                                    unique: bool, range_max: int, vocab_file: str = "",
                                    distortion: float = 1.0, num_reserved_ids: int = 0,
                                    num_shards: int = 1, shard: int = 0, unigrams: Any = (),
                                    seed: Any = None, name: str | None = None) -> tuple:
    """num_sampled candidates drawn with probability proportional to their unigram
    count (from `unigrams` or the last column of `vocab_file`) to the power `distortion`:
    (sampled_candidates, true_expected_count, sampled_expected_count)."""
    # (TF's wrapper converts the attrs in this order, a None as the attr's default)
    attrs = {**CS.sampler_attrs(num_true, num_sampled, unique, range_max),
             "vocab_file": AV.make_str("" if vocab_file is None else vocab_file, "vocab_file"),
             "distortion": AV.float_attr(1.0 if distortion is None else distortion,
                                         "distortion"),
             "num_reserved_ids": AV.make_int(0 if num_reserved_ids is None else num_reserved_ids,
                                           "num_reserved_ids"),
             "num_shards": AV.make_int(1 if num_shards is None else num_shards, "num_shards"),
             "shard": AV.make_int(0 if shard is None else shard, "shard"),
             "unigrams": _unigrams(unigrams)}
    return CS._sampler(FIXED_UNIGRAM_CANDIDATE_SAMPLER, true_classes, attrs, seed, name,
                       slow=True)


def _unigrams(unigrams: Any) -> tuple:
    """The unigrams attr as TF's wrapper takes it: a list, tuple or NumPy array of real
    numbers (None: none), each converted as a float attr."""
    if unigrams is None:
        return ()
    if not isinstance(unigrams, (list, tuple, np.ndarray)):
        raise TypeError(f"Expected list for 'unigrams' argument to "
                        f"'fixed_unigram_candidate_sampler' Op, not {unigrams!r}.")
    return tuple(AV.float_attr(u, "unigrams") for u in unigrams)


@dispatch_binding
@eager_api("true_classes")
def learned_unigram_candidate_sampler(true_classes: Any, num_true: int, num_sampled: int,
                                      unique: bool, range_max: int, seed: Any = None,
                                      name: str | None = None) -> tuple:
    """Like fixed_unigram_candidate_sampler with the counts learned from the true classes
    seen so far by this sampler (each id starts at 1)."""
    return CS._sampler(LEARNED_UNIGRAM_CANDIDATE_SAMPLER, true_classes,
                       CS.sampler_attrs(num_true, num_sampled, unique, range_max), seed, name)

