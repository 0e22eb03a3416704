"""TF 1's distributions over the simplex and over counts drawn from it: Dirichlet (with
its KL divergence) and DirichletMultinomial.

Distributions (distributions/): compositions of eagerflow's ops.
"""

from __future__ import annotations

from typing import Any

import numpy as np

from eagerflow._src.core import dtypes as dt
from eagerflow._src.distributions.dist_util import (
    check_categorical_event_shape,
    check_counts,
    check_nonnegative_integer_form,
    gen_new_seed,
    log_combinations,
)
from eagerflow._src.distributions.distribution import (
    FULLY_REPARAMETERIZED,
    NOT_REPARAMETERIZED,
    Distribution,
    deprecation_notice,
    scope,
    tensor,
    with_dependencies,
)
from eagerflow._src.distributions.kullback_leibler import RegisterKL
from eagerflow._src.ops.array import concat, fill, ones
from eagerflow._src.ops.debugging import (
    assert_less_v1,
    assert_near_v1,
    assert_positive_v1,
    assert_rank_at_least,
)
from eagerflow._src.ops.linalg import matmul
from eagerflow._src.ops.linalg_diag import set_diag
from eagerflow._src.ops.math import exp, log, rsqrt, sqrt
from eagerflow._src.ops.math_base import cast, where
from eagerflow._src.ops.math_special import digamma, xlogy
from eagerflow._src.ops.misc_ops import lbeta
from eagerflow._src.ops.random import categorical as random_categorical
from eagerflow._src.ops.random_gamma import gamma as random_gamma
from eagerflow._src.ops.reduce import reduce_all, reduce_sum
from eagerflow._src.ops.reshaping import reshape
from eagerflow._src.ops.shape_queries import shape
from eagerflow._src.ops.unique_one_hot import one_hot


def simplex_event(cls: type) -> type:
    """A class decorator for a distribution of events along its concentration's last axis
    (the batch the rest): the shared properties and shapes, installed, since TF's classes
    derive from Distribution directly."""
    shared = {
        "concentration": property(lambda self: self._concentration),
        "total_concentration": property(lambda self: self._total_concentration),
        "_batch_shape_tensor": lambda self: shape(self.total_concentration),
        "_batch_shape": lambda self: self.total_concentration.shape,
        "_event_shape_tensor": lambda self: shape(self.concentration)[-1:],
        "_event_shape": lambda self: self.concentration.shape.with_rank_at_least(1)[-1:],
        "_covariance": _covariance}
    for key, value in shared.items():
        setattr(cls, key, value)
    return cls


def _covariance(self: Distribution) -> Any:
    x = self._variance_scale_term() * self._mean()
    return set_diag(-matmul(x[..., None], x[..., None, :]), self._variance())


@simplex_event
class Dirichlet(Distribution):
    """The Dirichlet distribution of `concentration` (its last axis the event)."""

    def __init__(self, concentration: Any, validate_args: bool = False,
                 allow_nan_stats: bool = True, name: str = "Dirichlet") -> None:
        deprecation_notice("Dirichlet.__init__", "dirichlet")
        parameters = dict(locals())
        with scope(name) as name:
            self._concentration = self._valid_concentration(
                tensor(concentration, "concentration"), validate_args)
            self._total_concentration = reduce_sum(self._concentration, -1)
        super().__init__(dtype=self._concentration.dtype, validate_args=validate_args,
                         allow_nan_stats=allow_nan_stats,
                         reparameterization_type=FULLY_REPARAMETERIZED, parameters=parameters,
                         graph_parents=[self._concentration, self._total_concentration],
                         name=name)

    @staticmethod
    def _valid_concentration(c: Any, validate_args: bool) -> Any:
        if not validate_args:
            return c
        return with_dependencies([
            assert_positive_v1(c, message="Concentration parameter must be positive."),
            assert_rank_at_least(c, 1,
                                 message="Concentration parameter must have >=1 dimensions."),
            assert_less_v1(1, shape(c)[-1],
                           message="Concentration parameter must have event_size >= 2."),
        ], c)

    def _sample_n(self, n: Any, seed: Any = None) -> Any:
        g = random_gamma(shape=[n], alpha=self.concentration, dtype=self.dtype, seed=seed)
        return g / reduce_sum(g, -1, keepdims=True)

    def _valid_sample(self, x: Any) -> Any:
        if not self.validate_args:
            return x
        return with_dependencies([
            assert_positive_v1(x, message="samples must be positive"),
            assert_near_v1(ones([], dtype=self.dtype), reduce_sum(x, -1),
                           message="sample last-dimension must sum to `1`"),
        ], x)

    def _log_prob(self, x: Any) -> Any:
        x = self._valid_sample(x)
        unnormalized = reduce_sum(xlogy(self.concentration - 1.0, x), -1)
        return unnormalized - self._log_normalization()

    def _prob(self, x: Any) -> Any:
        return exp(self._log_prob(x))

    def _log_normalization(self) -> Any:
        return lbeta(self.concentration)

    def _k(self) -> Any:
        return cast(self.event_shape_tensor()[0], self.dtype)

    def _entropy(self) -> Any:
        total = self.total_concentration
        return (self._log_normalization() + (total - self._k()) * digamma(total)
                - reduce_sum((self.concentration - 1.0) * digamma(self.concentration),
                             axis=-1))

    def _mean(self) -> Any:
        return self.concentration / self.total_concentration[..., None]

    def _variance(self) -> Any:
        scale = self._variance_scale_term()
        x = scale * self._mean()
        return x * (scale - x)

    def _variance_scale_term(self) -> Any:
        return rsqrt(1.0 + self.total_concentration[..., None])

    def _mode(self) -> Any:
        mode = (self.concentration - 1.0) / (self.total_concentration[..., None] - self._k())
        if self.allow_nan_stats:
            nan = fill(shape(mode), np.array(np.nan, self.dtype.as_numpy_dtype), name="nan")
            return where(reduce_all(self.concentration > 1.0, axis=-1), mode, nan)
        return with_dependencies([assert_less_v1(
            ones([], self.dtype), self.concentration,
            message="Mode undefined when any concentration <= 1")], mode)


@RegisterKL(Dirichlet, Dirichlet)
def _kl_dirichlet_dirichlet(d1: Dirichlet, d2: Dirichlet, name: str | None = None) -> Any:
    digamma_sum_d1 = digamma(reduce_sum(d1.concentration, axis=-1, keepdims=True))
    digamma_diff = digamma(d1.concentration) - digamma_sum_d1
    concentration_diff = d1.concentration - d2.concentration
    return (reduce_sum(concentration_diff * digamma_diff, axis=-1)
            - lbeta(d1.concentration) + lbeta(d2.concentration))


@simplex_event
class DirichletMultinomial(Distribution):
    """Counts of `total_count` draws by probabilities drawn from a Dirichlet."""

    def __init__(self, total_count: Any, concentration: Any, validate_args: bool = False,
                 allow_nan_stats: bool = True, name: str = "DirichletMultinomial") -> None:
        deprecation_notice("DirichletMultinomial.__init__", "dirichlet_multinomial")
        parameters = dict(locals())
        with scope(name) as name:
            self._total_count = tensor(total_count, "total_count")
            if validate_args:
                self._total_count = check_nonnegative_integer_form(self._total_count)
            c = tensor(concentration, "concentration")
            if validate_args:
                c = check_categorical_event_shape(c)
                c = with_dependencies([assert_positive_v1(
                    c, message="Concentration parameter must be positive.")], c)
            self._concentration = c
            self._total_concentration = reduce_sum(self._concentration, -1)
        super().__init__(dtype=self._concentration.dtype, validate_args=validate_args,
                         allow_nan_stats=allow_nan_stats,
                         reparameterization_type=NOT_REPARAMETERIZED, parameters=parameters,
                         graph_parents=[self._total_count, self._concentration], name=name)

    @property
    def total_count(self) -> Any:
        return self._total_count

    def _sample_n(self, n: Any, seed: Any = None) -> Any:
        n_draws = cast(self.total_count, dtype=dt.int32)
        k = self.event_shape_tensor()[0]
        gammas = random_gamma(shape=[n], alpha=self.concentration, dtype=self.dtype, seed=seed)
        logits = reshape(log(gammas), shape=[-1, k])
        draws = random_categorical(logits, n_draws,
                                   seed=gen_new_seed(seed, salt="dirichlet_multinomial"))
        x = reduce_sum(one_hot(draws, depth=k), -2)
        x = reshape(x, concat([[n], self.batch_shape_tensor(), [k]], 0))
        return cast(x, self.dtype)

    def _valid_sample(self, counts: Any) -> Any:
        return check_counts(counts, self.total_count, self.validate_args,
                            "counts last-dimension must sum to `self.total_count`")

    def _log_prob(self, counts: Any) -> Any:
        counts = self._valid_sample(counts)
        ordered = lbeta(self.concentration + counts) - lbeta(self.concentration)
        return ordered + log_combinations(self.total_count, counts)

    def _prob(self, counts: Any) -> Any:
        return exp(self._log_prob(counts))

    def _mean(self) -> Any:
        return self.total_count * (self.concentration / self.total_concentration[..., None])

    def _variance(self) -> Any:
        scale = self._variance_scale_term()
        x = scale * self._mean()
        return x * (self.total_count * scale - x)

    def _variance_scale_term(self) -> Any:
        c0 = self.total_concentration[..., None]
        return sqrt((1.0 + c0 / self.total_count) / (1.0 + c0))
