"""TF 1's distributions drawn from gamma variates: Gamma, Exponential (a Gamma of
concentration 1, drawn from a uniform instead) and Beta, with their KL divergences.

Distributions (distributions/): compositions of eagerflow's ops.
"""

from __future__ import annotations

from typing import Any

import numpy as np

from eagerflow._src.core.shape import TensorShape
from eagerflow._src.distributions.dist_util import gen_new_seed
from eagerflow._src.distributions.distribution import (
    FULLY_REPARAMETERIZED,
    Distribution,
    deprecation_notice,
    scope,
    tensor,
    with_dependencies,
)
from eagerflow._src.distributions.kullback_leibler import RegisterKL
from eagerflow._src.distributions.location_scale import _checked, _scalar_event, param_shapes
from eagerflow._src.ops.array import concat, fill, ones
from eagerflow._src.ops.debugging import (
    assert_less_v1,
    assert_positive_v1,
    assert_same_float_dtype,
)
from eagerflow._src.ops.math import exp, log, log1p, logical_and, sqrt, square
from eagerflow._src.ops.math_base import ones_like, where
from eagerflow._src.ops.math_special import digamma, lgamma, xlogy
from eagerflow._src.ops.misc_ops import broadcast_dynamic_shape, broadcast_static_shape
from eagerflow._src.ops.random import uniform as random_uniform
from eagerflow._src.ops.random_gamma import gamma as random_gamma
from eagerflow._src.ops.shape_queries import shape
from eagerflow._src.ops.special_incomplete import betainc, igamma


def _nan_fill(d: Distribution, shape_t: Any) -> Any:
    return fill(shape_t, np.array(np.nan, d.dtype.as_numpy_dtype), name="nan")


class Gamma(Distribution):
    """The gamma distribution of `concentration` (shape) and `rate` (inverse scale)."""

    def __init__(self, concentration: Any, rate: Any, validate_args: bool = False,
                 allow_nan_stats: bool = True, name: str = "Gamma") -> None:
        deprecation_notice("Gamma.__init__", "gamma")
        parameters = dict(locals())
        with scope(name) as name:
            checks = ([assert_positive_v1(concentration), assert_positive_v1(rate)]
                      if validate_args else [])
            self._concentration, self._rate = _checked(checks, concentration=concentration,
                                                       rate=rate)
            assert_same_float_dtype([self._concentration, self._rate])
        super().__init__(dtype=self._concentration.dtype, validate_args=validate_args,
                         allow_nan_stats=allow_nan_stats,
                         reparameterization_type=FULLY_REPARAMETERIZED, parameters=parameters,
                         graph_parents=[self._concentration, self._rate], name=name)

    @staticmethod
    def _param_shapes(sample_shape: Any) -> dict:
        return param_shapes(("concentration", "rate"), sample_shape)

    @property
    def concentration(self) -> Any:
        return self._concentration

    @property
    def rate(self) -> Any:
        return self._rate

    def _batch_shape_tensor(self) -> Any:
        return broadcast_dynamic_shape(shape(self.concentration), shape(self.rate))

    def _batch_shape(self) -> TensorShape:
        return broadcast_static_shape(self.concentration.shape, self.rate.shape)

    def _event_shape_tensor(self) -> Any:
        return _scalar_event()

    def _event_shape(self) -> TensorShape:
        return TensorShape([])

    def _sample_n(self, n: Any, seed: Any = None) -> Any:
        return random_gamma(shape=[n], alpha=self.concentration, beta=self.rate,
                            dtype=self.dtype, seed=seed)

    def _valid_sample(self, x: Any) -> Any:
        assert_same_float_dtype(tensors=[x], dtype=self.dtype)
        if not self.validate_args:
            return x
        return with_dependencies([assert_positive_v1(x)], x)

    def _log_prob(self, x: Any) -> Any:
        x = self._valid_sample(x)
        unnormalized = xlogy(self.concentration - 1.0, x) - self.rate * x
        return unnormalized - self._log_normalization()

    def _log_normalization(self) -> Any:
        return lgamma(self.concentration) - self.concentration * log(self.rate)

    def _cdf(self, x: Any) -> Any:
        x = self._valid_sample(x)
        return igamma(self.concentration, self.rate * x)

    def _entropy(self) -> Any:
        c = self.concentration
        return c - log(self.rate) + lgamma(c) + (1.0 - c) * digamma(c)

    def _mean(self) -> Any:
        return self.concentration / self.rate

    def _variance(self) -> Any:
        return self.concentration / square(self.rate)

    def _stddev(self) -> Any:
        return sqrt(self.concentration) / self.rate

    def _mode(self) -> Any:
        mode = (self.concentration - 1.0) / self.rate
        if self.allow_nan_stats:
            return where(self.concentration > 1.0, mode,
                         _nan_fill(self, self.batch_shape_tensor()))
        check = assert_less_v1(ones([], self.dtype), self.concentration,
                               message="mode not defined when any concentration <= 1")
        return with_dependencies([check], mode)


@RegisterKL(Gamma, Gamma)
def _kl_gamma_gamma(g0: Gamma, g1: Gamma, name: str | None = None) -> Any:
    c0, c1 = g0.concentration, g1.concentration
    return ((c0 - c1) * digamma(c0) + lgamma(c1) - lgamma(c0) + c1 * log(g0.rate)
            - c1 * log(g1.rate) + c0 * (g1.rate / g0.rate - 1.0))


class Exponential(Gamma):
    """The exponential distribution of `rate`: a Gamma of concentration 1."""

    def __init__(self, rate: Any, validate_args: bool = False, allow_nan_stats: bool = True,
                 name: str = "Exponential") -> None:
        deprecation_notice("Exponential.__init__", "exponential")
        parameters = dict(locals())
        with scope(name) as name:
            self._rate = tensor(rate, "rate")
        super().__init__(concentration=ones([], dtype=self._rate.dtype), rate=self._rate,
                         allow_nan_stats=allow_nan_stats, validate_args=validate_args,
                         name=name)
        self._parameters = parameters
        self._graph_parents += [self._rate]

    @staticmethod
    def _param_shapes(sample_shape: Any) -> dict:
        return param_shapes(("rate",), sample_shape)

    @property
    def rate(self) -> Any:
        return self._rate

    def _log_survival_function(self, value: Any) -> Any:
        return self._log_prob(value) - log(self._rate)

    def _sample_n(self, n: Any, seed: Any = None) -> Any:
        draw_shape = concat([[n], shape(self._rate)], 0)
        u = random_uniform(draw_shape, minval=np.finfo(self.dtype.as_numpy_dtype).tiny,
                           maxval=1.0, seed=seed, dtype=self.dtype)
        return -log(u) / self._rate


class Beta(Distribution):
    """The beta distribution on (0, 1): density x**(c1 - 1) (1 - x)**(c0 - 1) / B(c1, c0)."""

    def __init__(self, concentration1: Any = None, concentration0: Any = None,
                 validate_args: bool = False, allow_nan_stats: bool = True,
                 name: str = "Beta") -> None:
        deprecation_notice("Beta.__init__", "beta")
        parameters = dict(locals())
        with scope(name) as name:
            self._concentration1 = self._valid_concentration(
                tensor(concentration1, "concentration1"), validate_args)
            self._concentration0 = self._valid_concentration(
                tensor(concentration0, "concentration0"), validate_args)
            assert_same_float_dtype([self._concentration1, self._concentration0])
            self._total_concentration = self._concentration1 + self._concentration0
        super().__init__(dtype=self._total_concentration.dtype, validate_args=validate_args,
                         allow_nan_stats=allow_nan_stats,
                         reparameterization_type=FULLY_REPARAMETERIZED, parameters=parameters,
                         graph_parents=[self._concentration1, self._concentration0,
                                        self._total_concentration], name=name)

    @staticmethod
    def _param_shapes(sample_shape: Any) -> dict:
        return param_shapes(("concentration1", "concentration0"), sample_shape)

    @staticmethod
    def _valid_concentration(c: Any, validate_args: bool) -> Any:
        if not validate_args:
            return c
        return with_dependencies([assert_positive_v1(
            c, message="Concentration parameter must be positive.")], c)

    @property
    def concentration1(self) -> Any:
        return self._concentration1

    @property
    def concentration0(self) -> Any:
        return self._concentration0

    @property
    def total_concentration(self) -> Any:
        return self._total_concentration

    def _batch_shape_tensor(self) -> Any:
        return shape(self.total_concentration)

    def _batch_shape(self) -> TensorShape:
        return self.total_concentration.shape

    def _event_shape_tensor(self) -> Any:
        return _scalar_event()

    def _event_shape(self) -> TensorShape:
        return TensorShape([])

    def _sample_n(self, n: Any, seed: Any = None) -> Any:
        like = ones_like(self.total_concentration, dtype=self.dtype)
        g1 = random_gamma(shape=[n], alpha=like * self.concentration1, dtype=self.dtype,
                          seed=seed)
        g2 = random_gamma(shape=[n], alpha=like * self.concentration0, dtype=self.dtype,
                          seed=gen_new_seed(seed, "beta"))
        return g1 / (g1 + g2)

    def _valid_sample(self, x: Any) -> Any:
        if not self.validate_args:
            return x
        return with_dependencies([
            assert_positive_v1(x, message="sample must be positive"),
            assert_less_v1(x, ones([], self.dtype), message="sample must be less than `1`."),
        ], x)

    def _log_prob(self, x: Any) -> Any:
        x = self._valid_sample(x)
        unnormalized = (xlogy(self.concentration1 - 1.0, x)
                        + (self.concentration0 - 1.0) * log1p(-x))
        return unnormalized - self._log_normalization()

    def _prob(self, x: Any) -> Any:
        return exp(self._log_prob(x))

    def _log_cdf(self, x: Any) -> Any:
        return log(self._cdf(x))

    def _cdf(self, x: Any) -> Any:
        return betainc(self.concentration1, self.concentration0, x)

    def _log_normalization(self) -> Any:
        return (lgamma(self.concentration1) + lgamma(self.concentration0)
                - lgamma(self.total_concentration))

    def _entropy(self) -> Any:
        c1, c0, total = self.concentration1, self.concentration0, self.total_concentration
        return (self._log_normalization() - (c1 - 1.0) * digamma(c1)
                - (c0 - 1.0) * digamma(c0) + (total - 2.0) * digamma(total))

    def _mean(self) -> Any:
        return self._concentration1 / self._total_concentration

    def _variance(self) -> Any:
        return self._mean() * (1.0 - self._mean()) / (1.0 + self.total_concentration)

    def _mode(self) -> Any:
        mode = (self.concentration1 - 1.0) / (self.total_concentration - 2.0)
        if self.allow_nan_stats:
            defined = logical_and(self.concentration1 > 1.0, self.concentration0 > 1.0)
            return where(defined, mode, _nan_fill(self, self.batch_shape_tensor()))
        one = ones([], dtype=self.dtype)
        return with_dependencies([
            assert_less_v1(one, self.concentration1,
                           message="Mode undefined for concentration1 <= 1."),
            assert_less_v1(one, self.concentration0,
                           message="Mode undefined for concentration0 <= 1."),
        ], mode)


@RegisterKL(Beta, Beta)
def _kl_beta_beta(d1: Beta, d2: Beta, name: str | None = None) -> Any:
    return (d2._log_normalization() - d1._log_normalization()
            - digamma(d1.concentration1) * (d2.concentration1 - d1.concentration1)
            - digamma(d1.concentration0) * (d2.concentration0 - d1.concentration0)
            + digamma(d1.total_concentration)
            * (d2.total_concentration - d1.total_concentration))

