"""`Dataset.rejection_resample` and `tf.data.experimental.rejection_resample`.

Data layer, a composition of tf.data transformations and ops, built as TF 2.21 builds it
(so its random draws, from `random.uniform` in a filter and `sample_from_datasets`, are
taken in TF's order): each element is paired with its class, `class_func(element)`, and
either taken from the input as it is (with probability m) or passed through a rejection
filter that keeps class i with probability a_i. With r_i = t_i / (p_i + tiny) (t the
target and p the initial distribution), m = min r and a_i = (r_i - m) / (max r - m):
the mixture then has the target distribution and drops as little as it can. Without an
`initial_dist`, p is estimated as the data goes by: class counts, starting at 10 each,
updated every 32 elements. The result's elements are `(class, element)`.

When the initial distribution is known, m is known before the pipeline runs: m == 1
keeps every element (no filter), m == 0 only filters. Where the filter would reject half
the elements or more, TF's tf.compat.v1.Print says so on stderr, the first 10 times in
each iterator (with Print's deprecation notice, once).
"""

from __future__ import annotations

import sys
from collections.abc import Callable
from typing import Any

import numpy as np

from eagerflow._src.control_flow.py_function import numpy_function
from eagerflow._src.core import dtypes as _dt
from eagerflow._src.core import tf_logging
from eagerflow._src.core.tensor import EagerTensor, convert_to_tensor
from eagerflow._src.core.tf_logging import deprecated_call
from eagerflow._src.data.dataset import EXPERIMENTAL_OPS, DatasetV2
from eagerflow._src.ops.array import expand_dims, fill
from eagerflow._src.ops.indexing import gather
from eagerflow._src.ops.math import less, logical_not, truediv
from eagerflow._src.ops.math_base import cast
from eagerflow._src.ops.printing import PRINT_DEPRECATION, summarize_value
from eagerflow._src.ops.random import uniform
from eagerflow._src.ops.reduce import reduce_max, reduce_min, reduce_sum
from eagerflow._src.ops.tiling import tile
from eagerflow._src.ops.unique_one_hot import one_hot

_ESTIMATION_BATCH = 32  # elements between two updates of the estimated distribution
_SMOOTHING = 10  # the count every class starts from in that estimate
_REPORTS = 10  # the warnings of much rejection an iterator writes (TF's first_n)
_REJECTED = "Proportion of examples rejected by sampler is high: "


def _acceptance_and_mixing(initial: Any, target: Any) -> tuple:
    """(a, m): per-class acceptance probabilities and the probability of an original."""
    tiny = float(np.finfo(initial.dtype.as_numpy_dtype).tiny)
    ratio = target / (initial + tiny)
    hi, lo = reduce_max(ratio), reduce_min(ratio)
    return (ratio - lo) / (hi - lo), lo


def _estimated_initial(target: Any, classes: DatasetV2) -> DatasetV2:
    """The running estimate of the class distribution, one per element of `classes`."""
    n = target.shape[0]
    start = fill([n], np.int64(_SMOOTHING))

    def update(seen: Any, c: Any) -> tuple:
        seen = seen + reduce_sum(one_hot(c, n, dtype=_dt.int64), 0)
        dist = cast(truediv(seen, reduce_sum(seen)), _dt.float32)
        return seen, tile(expand_dims(dist, 0), [_ESTIMATION_BATCH, 1])

    return classes.batch(_ESTIMATION_BATCH).scan(start, update).unbatch()


def _report(high: Any, shown: Any, rejected: Any, initial: Any, accept: Any) -> Any:
    """TF's Print of the three, the first `_REPORTS` times (of an iterator) the filter
    would reject half the elements or more; the count so far."""
    if high:
        if shown < _REPORTS:
            sys.stderr.write(_REJECTED + "".join(
                f"[{summarize_value(a, 100)}]" for a in (rejected, initial, accept)) + "\n")
            sys.stderr.flush()
        shown += 1
    return np.int64(shown)


def _warned(acceptance: DatasetV2, initial: DatasetV2) -> DatasetV2:
    """The acceptance probabilities, TF's warning written as they go by where the filter
    would reject much (its Print op counts its runs per iterator: a scan here)."""
    deprecated_call("Print", "tensorflow.python.ops.logging_ops", PRINT_DEPRECATION,
                    date="2018-08-20", depth=3)

    def step(shown: Any, pair: tuple) -> tuple:
        accept, init = pair
        rejected = reduce_sum((1 - accept) * init)
        high = logical_not(less(rejected, 0.5))
        shown = numpy_function(_report, [high, shown, rejected, init, accept], _dt.int64,
                               stateful=True)
        shown.set_shape([])
        return shown, accept

    return DatasetV2.zip((acceptance, initial)).scan(np.int64(0), step)


def _filtered(dataset: DatasetV2, acceptance: DatasetV2, initial: DatasetV2,
              class_func: Callable, seed: int | None) -> DatasetV2:
    acceptance = _warned(acceptance, initial)

    def with_class(accept: Any, data: Any) -> tuple:
        c = class_func(*data) if isinstance(data, tuple) else class_func(data)
        return c, gather(accept, c), data

    def keep(c: Any, p: Any, data: Any) -> Any:
        return less(uniform([], seed=seed, dtype=p.dtype), p)

    pairs = DatasetV2.zip((acceptance, dataset)).map(with_class)
    return pairs.filter(keep).map(lambda c, p, data: (c, data))


def rejection_resample(dataset: DatasetV2, class_func: Callable, target_dist: Any,
                       initial_dist: Any = None, seed: int | None = None,
                       name: str | None = None) -> DatasetV2:
    """`dataset.rejection_resample(...)`: see the module's doc."""
    target = cast(convert_to_tensor(target_dist), _dt.float32)
    if initial_dist is not None:
        initial = cast(convert_to_tensor(initial_dist), _dt.float32)
        accept, mix = _acceptance_and_mixing(initial, target)
        initial_ds = DatasetV2.from_tensors(initial).repeat()
        accept_ds = DatasetV2.from_tensors(accept).repeat()
        mix_ds = DatasetV2.from_tensors(mix).repeat()
    else:
        initial_ds = _estimated_initial(target, dataset.map(class_func))
        both = initial_ds.map(lambda p: _acceptance_and_mixing(p, target))
        accept_ds = both.map(lambda a, m: a)
        mix_ds = both.map(lambda a, m: m)
    filtered = _filtered(dataset, accept_ds, initial_ds, class_func, seed).prefetch(3)

    def with_class(*x: Any) -> tuple:
        return (class_func(*x), x[0]) if len(x) == 1 else (class_func(*x), x)

    static = None
    if initial_dist is not None and isinstance(initial, EagerTensor) and \
            isinstance(target, EagerTensor):
        with np.errstate(divide="ignore", invalid="ignore"):
            static = np.min(target.numpy() / initial.numpy())
    if static == 1:
        return dataset.map(with_class)
    if static == 0:
        return filtered
    return DatasetV2.sample_from_datasets(
        [dataset.map(with_class), filtered], weights=mix_ds.map(lambda m: [(m, 1.0 - m)]),
        seed=seed, stop_on_empty_dataset=True)


def experimental_rejection_resample(class_func: Callable, target_dist: Any,
                                    initial_dist: Any = None,
                                    seed: int | None = None) -> Callable:
    """`tf.data.experimental.rejection_resample(...)`: the transformation for `apply`."""
    tf_logging.deprecated_call(
        "rejection_resample", EXPERIMENTAL_OPS + "resampling",
        "Use `tf.data.Dataset.rejection_resample(...)`.")
    def apply(dataset: DatasetV2) -> DatasetV2:
        return rejection_resample(dataset, class_func, target_dist, initial_dist, seed)
    return apply
