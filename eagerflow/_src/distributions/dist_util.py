"""The argument handling TF 1's distributions share: logits from probabilities and back,
TF's checks on categorical parameters and integer-valued tensors (embedded as control
dependencies in a graph, raised at once eagerly), log multinomial coefficients and the
salted seeds of a distribution's second random op.

Distributions (distributions/): compositions of eagerflow's ops.
"""

from __future__ import annotations

import hashlib
from typing import Any

import numpy as np

from eagerflow._src.core import dtypes as dt
from eagerflow._src.distributions.distribution import scope, tensor, with_dependencies
from eagerflow._src.ops.debugging import (
    assert_equal_v1,
    assert_less_equal_v1,
    assert_near_v1,
    assert_non_negative_v1,
)
from eagerflow._src.ops.math import log, log1p, sigmoid
from eagerflow._src.ops.math_base import cast
from eagerflow._src.ops.math_special import lgamma
from eagerflow._src.ops.nn import softmax
from eagerflow._src.ops.reduce import reduce_sum


def _known(d: dt.DType) -> bool:
    return d.is_floating or d.is_integer or d == dt.bool


def is_integer_like(d: dt.DType) -> bool:
    if not _known(d):
        raise TypeError(f"Unrecognized dtype: {d.name}")
    return d.is_integer or d == dt.bool


def largest_integer(d: dt.DType) -> int:
    """The largest integer `d` holds exactly (2**(mantissa bits + 1) for a float)."""
    if not _known(d):
        raise TypeError(f"Unrecognized dtype: {d.name}")
    if d.is_floating:
        return int(2 ** (np.finfo(d.as_numpy_dtype).nmant + 1))
    if d.is_integer:
        return int(np.iinfo(d.as_numpy_dtype).max)
    return 1


def get_logits_and_probs(logits: Any = None, probs: Any = None,
                         multidimensional: bool = False, validate_args: bool = False) -> tuple:
    """(logits, probs) from one of them: softmax/log over the last axis when
    `multidimensional`, else sigmoid/logit."""
    if (probs is None) == (logits is None):
        raise ValueError("Must pass probs or logits, but not both.")
    if probs is None:
        logits = tensor(logits, "logits")
        if not logits.dtype.is_floating:
            raise TypeError("logits must having floating type.")
        if multidimensional:
            if validate_args:
                logits = check_categorical_event_shape(logits)
            return logits, softmax(logits, name="probs")
        return logits, sigmoid(logits, name="probs")
    probs = tensor(probs, "probs")
    if not probs.dtype.is_floating:
        raise TypeError("probs must having floating type.")
    if validate_args:
        one = np.array(1.0, probs.dtype.as_numpy_dtype)
        checks = [assert_non_negative_v1(probs)]
        if multidimensional:
            probs = check_categorical_event_shape(probs)
            checks.append(assert_near_v1(reduce_sum(probs, -1), one,
                                         message="probs does not sum to 1."))
        else:
            checks.append(assert_less_equal_v1(probs, one,
                                               message="probs has components greater than 1."))
        probs = with_dependencies(checks, probs)
    if multidimensional:
        return log(probs), probs
    return log(probs) - log1p(-1.0 * probs), probs


def check_categorical_event_shape(param: Any) -> Any:
    """A categorical parameter: at least one dimension, of at least 2 events, no more than
    its float dtype counts exactly."""
    x = tensor(param, "categorical_param")
    max_event_size = largest_integer(x.dtype) if x.dtype.is_floating else 0
    if max_event_size == 0:
        raise TypeError(f"Unable to validate size of unrecognized dtype ({x.dtype.name}).")
    static = x.shape
    if static.ndims is not None and static.ndims < 1:
        raise ValueError("A categorical-distribution parameter must have at least 1 "
                         "dimension.")
    event_size = static[-1] if static.ndims is not None else None
    if event_size is not None:
        if event_size < 2:
            raise ValueError("A categorical-distribution parameter must have at least 2 "
                             "events.")
        if event_size > max_event_size:
            raise ValueError(f"Number of classes exceeds `dtype` precision, i.e., "
                             f"{x.dtype.name} implies shape ({event_size}) cannot exceed "
                             f"{max_event_size}.")
    return x


def assert_integer_form(x: Any, message: str | None = None, int_dtype: Any = None) -> Any:
    """x == cast(cast(x, int), x.dtype) elementwise (nothing to check for an integer x)."""
    if x.dtype.is_integer:
        return None
    message = message or f"{x} has non-integer components"
    if int_dtype is None:
        try:
            int_dtype = {dt.float16: dt.int16, dt.float32: dt.int32,
                         dt.float64: dt.int64}[x.dtype]
        except KeyError:
            raise TypeError(f"Unrecognized type {x.dtype.name}") from None
    return assert_equal_v1(x, cast(cast(x, int_dtype), x.dtype), message=message)


def check_integer_casting_closed(x: Any, target_dtype: dt.DType) -> Any:
    """x unchanged by a cast to `target_dtype` and back: non-negative, integral, in range."""
    x = tensor(x, "x")
    if not is_integer_like(x.dtype) and not x.dtype.is_floating:
        raise TypeError(f"{x.dtype.name}.dtype must be floating- or integer-type.")
    if not is_integer_like(target_dtype) and not target_dtype.is_floating:
        raise TypeError(f"target_dtype ({target_dtype.name}) must be floating- or "
                        "integer-type.")
    if not is_integer_like(x.dtype) and not is_integer_like(target_dtype):
        raise TypeError(f"At least one of {x}.dtype ({x.dtype.name}) and target_dtype "
                        f"({target_dtype.name}) must be integer-type.")
    checks = [assert_non_negative_v1(x, message="Elements must be non-negative.")]
    if x.dtype.is_floating:
        checks.append(assert_integer_form(
            x, int_dtype=target_dtype,
            message=f"Elements must be {target_dtype.name}-equivalent."))
    elif largest_integer(x.dtype) > largest_integer(target_dtype):
        top = largest_integer(target_dtype)
        checks.append(assert_less_equal_v1(x, top, message=f"Elements cannot exceed {top}."))
    return with_dependencies(checks, x)


def check_nonnegative_integer_form(x: Any) -> Any:
    x = tensor(x, "x")
    checks = [assert_non_negative_v1(x, message=f"'{x}' must be non-negative.")]
    if not x.dtype.is_integer:
        checks.append(assert_integer_form(
            x, message=f"'{x}' cannot contain fractional components."))
    return with_dependencies(checks, x)


def check_counts(counts: Any, total_count: Any, validate_args: bool, message: str) -> Any:
    """Counts of draws as TF's multinomials check a sample given them (validate_args): of
    non-negative integer form, the last axis summing to `total_count` (else `message`)."""
    if not validate_args:
        return counts
    counts = check_nonnegative_integer_form(counts)
    return with_dependencies([assert_equal_v1(total_count, reduce_sum(counts, -1),
                                              message=message)], counts)


def log_combinations(n: Any, counts: Any) -> Any:
    """log(n! / prod(counts!)), the counts along the last axis."""
    with scope("log_combinations"):
        n = tensor(n, "n")
        counts = tensor(counts, "counts")
        return lgamma(n + 1) - reduce_sum(lgamma(counts + 1), axis=[-1])


def gen_new_seed(seed: Any, salt: str) -> Any:
    """TF's derived seed: the first 32 bits of md5(str(seed) + salt), as a positive int."""
    if seed is None:
        return None
    digest = hashlib.md5((str(seed) + salt).encode("utf-8")).hexdigest()
    return int(digest[:8], 16) & 0x7FFFFFFF
