"""TF 1's distributions over classes and counts, given logits or probabilities:
Bernoulli, Categorical and Multinomial, with the KL divergences of the first two.

Distributions (distributions/): compositions of eagerflow's ops.
"""

from __future__ import annotations

from typing import Any

from eagerflow._src.control_flow.loops import map_fn
from eagerflow._src.core import dtypes as dt
from eagerflow._src.core.context import executing_eagerly
from eagerflow._src.core.shape import TensorShape
from eagerflow._src.distributions.dist_util import (
    check_categorical_event_shape,
    check_counts,
    check_integer_casting_closed,
    check_nonnegative_integer_form,
    get_logits_and_probs,
    log_combinations,
)
from eagerflow._src.distributions.distribution import (
    NOT_REPARAMETERIZED,
    Distribution,
    deprecation_notice,
    scope,
    tensor,
)
from eagerflow._src.distributions.kullback_leibler import RegisterKL
from eagerflow._src.distributions.location_scale import (
    _scalar_event,
    param_property,
    param_shapes,
)
from eagerflow._src.ops.array import concat, constant, ones
from eagerflow._src.ops.indexing import sequence_mask
from eagerflow._src.ops.linalg import matmul
from eagerflow._src.ops.linalg_diag import set_diag
from eagerflow._src.ops.math import (
    less,
    maximum,
    sigmoid,
)
from eagerflow._src.ops.math_base import (
    cast,
    identity,
    ones_like,
    where,
    zeros_like,
)
from eagerflow._src.ops.nn import log_softmax, softmax, softplus
from eagerflow._src.ops.nn_loss import (
    sigmoid_cross_entropy_with_logits,
    sparse_softmax_cross_entropy_with_logits,
)
from eagerflow._src.ops.random import categorical as random_categorical
from eagerflow._src.ops.random import uniform as random_uniform
from eagerflow._src.ops.reduce import argmax, reduce_max, reduce_sum
from eagerflow._src.ops.reshaping import reshape
from eagerflow._src.ops.sequences import range as range_
from eagerflow._src.ops.shape_queries import shape
from eagerflow._src.ops.transposing import transpose
from eagerflow._src.ops.unique_one_hot import one_hot


class Bernoulli(Distribution):
    """1 with probability `probs` (sigmoid(`logits`)), else 0."""

    def __init__(self, logits: Any = None, probs: Any = None, dtype: Any = dt.int32,
                 validate_args: bool = False, allow_nan_stats: bool = True,
                 name: str = "Bernoulli") -> None:
        deprecation_notice("Bernoulli.__init__", "bernoulli")
        parameters = dict(locals())
        with scope(name) as name:
            self._logits, self._probs = get_logits_and_probs(
                logits=logits, probs=probs, validate_args=validate_args)
        super().__init__(dtype=dtype, reparameterization_type=NOT_REPARAMETERIZED,
                         validate_args=validate_args, allow_nan_stats=allow_nan_stats,
                         parameters=parameters, graph_parents=[self._logits, self._probs],
                         name=name)

    @staticmethod
    def _param_shapes(sample_shape: Any) -> dict:
        return param_shapes(("logits",), sample_shape)

    logits = param_property("logits")
    probs = param_property("probs")

    def _batch_shape_tensor(self) -> Any:
        return shape(self._logits)

    def _batch_shape(self) -> TensorShape:
        return self._logits.shape

    def _event_shape_tensor(self) -> Any:
        return _scalar_event()

    def _event_shape(self) -> TensorShape:
        return TensorShape([])

    def _sample_n(self, n: Any, seed: Any = None) -> Any:
        draw_shape = concat([[n], self.batch_shape_tensor()], 0)
        u = random_uniform(draw_shape, seed=seed, dtype=self.probs.dtype)
        return cast(less(u, self.probs), self.dtype)

    def _log_prob(self, event: Any) -> Any:
        if self.validate_args:
            event = check_integer_casting_closed(event, target_dtype=dt.bool)
        event = cast(event, self.logits.dtype)
        logits = self.logits
        if not (event.shape.is_fully_defined() and logits.shape.is_fully_defined()
                and event.shape == logits.shape):
            logits, event = ones_like(event) * logits, ones_like(logits) * event
        return -sigmoid_cross_entropy_with_logits(labels=event, logits=logits)

    def _entropy(self) -> Any:
        return -self.logits * (sigmoid(self.logits) - 1) + softplus(-self.logits)

    def _mean(self) -> Any:
        return identity(self.probs)

    def _variance(self) -> Any:
        return self._mean() * (1.0 - self.probs)

    def _mode(self) -> Any:
        return cast(self.probs > 0.5, self.dtype)


@RegisterKL(Bernoulli, Bernoulli)
def _kl_bernoulli_bernoulli(a: Bernoulli, b: Bernoulli, name: str | None = None) -> Any:
    delta_probs0 = softplus(-b.logits) - softplus(-a.logits)
    delta_probs1 = softplus(b.logits) - softplus(a.logits)
    return sigmoid(a.logits) * delta_probs0 + sigmoid(-a.logits) * delta_probs1


def _broadcast_event_and_params(event: Any, params: Any, base_dtype: Any) -> tuple:
    """Class indices `event` (ints; floats cast to int32) and `params` (batch + classes)
    broadcast against each other's batch shape."""
    if event.dtype.is_integer:
        pass
    elif event.dtype.is_floating:
        event = cast(event, dt.int32)
    else:
        raise TypeError(f"`value` should have integer `dtype` or `self.dtype` ({base_dtype})")
    static = (params.shape.ndims is not None and params.shape[:-1].is_fully_defined()
              and event.shape.is_fully_defined())
    if not static or params.shape[:-1] != event.shape:
        params = params * ones_like(event[..., None], dtype=params.dtype)
        event = event * ones(shape(params)[:-1], dtype=event.dtype)
    return event, params


class Categorical(Distribution):
    """One of the last axis' classes, by `probs` or softmax(`logits`)."""

    def __init__(self, logits: Any = None, probs: Any = None, dtype: Any = dt.int32,
                 validate_args: bool = False, allow_nan_stats: bool = True,
                 name: str = "Categorical") -> None:
        deprecation_notice("Categorical.__init__", "categorical")
        parameters = dict(locals())
        with scope(name) as name:
            self._logits, self._probs = get_logits_and_probs(
                logits=logits, probs=probs, validate_args=validate_args,
                multidimensional=True)
            if validate_args:
                self._logits = check_categorical_event_shape(self._logits)
            static = self._logits.shape.with_rank_at_least(1)
            self._batch_rank = static.ndims - 1 if static.ndims is not None else None
            size = static[-1] if static.ndims is not None else None
            self._event_size = (tensor(size, "event_size", dt.int32) if size is not None
                                else shape(self._logits)[-1])
            self._batch_shape_val = (constant(static[:-1].as_list(), dtype=dt.int32)
                                     if static[:-1].is_fully_defined()
                                     else shape(self._logits)[:-1])
        super().__init__(dtype=dtype, reparameterization_type=NOT_REPARAMETERIZED,
                         validate_args=validate_args, allow_nan_stats=allow_nan_stats,
                         parameters=parameters, graph_parents=[self._logits, self._probs],
                         name=name)

    @property
    def event_size(self) -> Any:
        return self._event_size

    logits = param_property("logits")
    probs = param_property("probs")

    def _batch_shape_tensor(self) -> Any:
        return identity(self._batch_shape_val)

    def _batch_shape(self) -> TensorShape:
        return self.logits.shape[:-1]

    def _event_shape_tensor(self) -> Any:
        return _scalar_event()

    def _event_shape(self) -> TensorShape:
        return TensorShape([])

    def _sample_n(self, n: Any, seed: Any = None) -> Any:
        if self.logits.shape.ndims == 2:
            logits_2d = self.logits
        else:
            logits_2d = reshape(self.logits, [-1, self.event_size])
        sample_dtype = dt.int64 if self.dtype.size > 4 else dt.int32
        draws = random_categorical(logits_2d, n, dtype=sample_dtype, seed=seed)
        draws = reshape(transpose(draws), concat([[n], self.batch_shape_tensor()], 0))
        return cast(draws, self.dtype)

    def _checked_k(self, k: Any) -> Any:
        k = tensor(k, "k")
        if self.validate_args:
            k = check_integer_casting_closed(k, target_dtype=dt.int32)
        return k

    def _cdf(self, k: Any) -> Any:
        k, probs = _broadcast_event_and_params(self._checked_k(k), self.probs,
                                               base_dtype=self.dtype)
        flat_probs = reshape(probs, (-1, self._event_size))
        flat_k = reshape(k, [-1])
        to_sum = where(sequence_mask(flat_k, self._event_size), flat_probs,
                       zeros_like(flat_probs))
        return reshape(reduce_sum(to_sum, axis=-1), shape(k))

    def _log_prob(self, k: Any) -> Any:
        k, logits = _broadcast_event_and_params(self._checked_k(k), self.logits,
                                                base_dtype=self.dtype)
        return -sparse_softmax_cross_entropy_with_logits(labels=k, logits=logits)

    def _entropy(self) -> Any:
        return -reduce_sum(log_softmax(self.logits) * self.probs, axis=-1)

    def _mode(self) -> Any:
        axis = self._batch_rank if self._batch_rank is not None else -1
        return cast(argmax(self.logits, axis=axis), self.dtype)


@RegisterKL(Categorical, Categorical)
def _kl_categorical_categorical(a: Categorical, b: Categorical,
                                name: str | None = None) -> Any:
    delta_log_probs1 = log_softmax(a.logits) - log_softmax(b.logits)
    return reduce_sum(softmax(a.logits) * delta_log_probs1, axis=-1)


def _count_draws(logits: Any, n_draw: Any, n: Any, k: Any, seed: Any) -> Any:
    """n rows of class counts from n_draw draws of `logits` (a vector) in one op."""
    x = random_categorical(logits[None, ...], n_draw, seed=seed)
    x = reshape(x, shape=[n, -1])
    return reduce_sum(one_hot(x, depth=k), axis=-2)


def _count_draws_at_once(logits: Any, n_draws: Any, n: Any, k: Any, seed: Any,
                         dtype: Any) -> Any:
    """_count_draws for every row of `logits` from one op (in a graph, where TF's map_fn
    runs the draws' op once per row, each advancing its stream, while eagerflow's unrolls
    it into ops that would repeat one stream): each row draws the most any row needs, and
    its first n_draws draws are counted, n_draws / n to a sample."""
    most = reduce_max(n_draws)
    x = random_categorical(logits, most, seed=seed)  # [rows, most]
    per_sample = maximum(n_draws // n, 1)[..., None]
    index = range_(most)[None, ...]
    group = where(index < n_draws[..., None], index // per_sample, -1)  # -1: not counted
    in_group = one_hot(group, depth=n, dtype=dtype)  # [rows, most, n]
    return matmul(in_group, one_hot(x, depth=k, dtype=dtype), transpose_a=True)


class Multinomial(Distribution):
    """Counts of `total_count` draws among the last axis' classes."""

    def __init__(self, total_count: Any, logits: Any = None, probs: Any = None,
                 validate_args: bool = False, allow_nan_stats: bool = True,
                 name: str = "Multinomial") -> None:
        deprecation_notice("Multinomial.__init__", "multinomial")
        parameters = dict(locals())
        with scope(name) as name:
            self._total_count = tensor(total_count, "total_count")
            if validate_args:
                self._total_count = check_nonnegative_integer_form(self._total_count)
            self._logits, self._probs = get_logits_and_probs(
                logits=logits, probs=probs, multidimensional=True, validate_args=validate_args)
            self._mean_val = self._total_count[..., None] * self._probs
        super().__init__(dtype=self._probs.dtype, reparameterization_type=NOT_REPARAMETERIZED,
                         validate_args=validate_args, allow_nan_stats=allow_nan_stats,
                         parameters=parameters,
                         graph_parents=[self._total_count, self._logits, self._probs],
                         name=name)

    @property
    def total_count(self) -> Any:
        return self._total_count

    logits = param_property("logits")
    probs = param_property("probs")

    def _batch_shape_tensor(self) -> Any:
        return shape(self._mean_val)[:-1]

    def _batch_shape(self) -> TensorShape:
        return self._mean_val.shape.with_rank_at_least(1)[:-1]

    def _event_shape_tensor(self) -> Any:
        return shape(self._mean_val)[-1:]

    def _event_shape(self) -> TensorShape:
        return self._mean_val.shape.with_rank_at_least(1)[-1:]

    def _sample_n(self, n: Any, seed: Any = None) -> Any:
        """Per batch member, n * total_count class draws in one op, counted n at a time."""
        n_draws = cast(self.total_count, dtype=dt.int32)
        k = self.event_shape_tensor()[0]
        n_draws = ones_like(self.logits[..., 0], dtype=n_draws.dtype) * n_draws
        logits = ones_like(n_draws[..., None], dtype=self.logits.dtype) * self.logits
        flat_logits = reshape(logits, [-1, k])
        flat_ndraws = n * reshape(n_draws, [-1])
        if executing_eagerly():  # TF's draws: one op per batch member, in order
            x = map_fn(lambda args: _count_draws(args[0], args[1], n, k, seed),
                       [flat_logits, flat_ndraws], dtype=self.dtype)
        else:
            x = _count_draws_at_once(flat_logits, flat_ndraws, n, k, seed, self.dtype)
        x = transpose(x, perm=[1, 0, 2])
        return reshape(x, concat([[n], self.batch_shape_tensor(), [k]], 0))

    def _valid_sample(self, counts: Any) -> Any:
        return check_counts(counts, self.total_count, self.validate_args,
                            "counts must sum to `self.total_count`")

    def _log_prob(self, counts: Any) -> Any:
        unnormalized = reduce_sum(self._valid_sample(counts) * log_softmax(self.logits), -1)
        normalization = -log_combinations(self.total_count, self._valid_sample(counts))
        return unnormalized - normalization

    def _mean(self) -> Any:
        return identity(self._mean_val)

    def _p(self) -> Any:
        return self.probs * ones_like(self.total_count)[..., None]

    def _covariance(self) -> Any:
        outer = -matmul(self._mean_val[..., None], self._p()[..., None, :])
        return set_diag(outer, self._variance())

    def _variance(self) -> Any:
        return self._mean_val - self._mean_val * self._p()
