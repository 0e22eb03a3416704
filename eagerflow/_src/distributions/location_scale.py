"""TF 1's scalar distributions drawn from one uniform or normal op: Normal, Laplace,
Uniform and StudentT (whose draw adds a gamma), with Normal's KL divergence.

Distributions (distributions/): compositions of eagerflow's ops.
"""

from __future__ import annotations

import math
from typing import Any

import numpy as np

from eagerflow._src.core import dtypes as dt
from eagerflow._src.core.shape import TensorShape
from eagerflow._src.distributions import special_math
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
from eagerflow._src.ops.array import concat, constant, fill, ones, zeros
from eagerflow._src.ops.debugging import (
    assert_less_v1,
    assert_positive_v1,
    assert_same_float_dtype,
)
from eagerflow._src.ops.math import (
    abs as abs_,
)
from eagerflow._src.ops.math import (
    exp,
    greater,
    is_nan,
    less,
    log,
    log1p,
    logical_or,
    rsqrt,
    sign,
    square,
    squared_difference,
)
from eagerflow._src.ops.math_base import (
    identity,
    ones_like,
    where,
    zeros_like,
)
from eagerflow._src.ops.math_special import digamma, lgamma
from eagerflow._src.ops.misc_ops import (
    broadcast_dynamic_shape,
    broadcast_static_shape,
    lbeta,
)
from eagerflow._src.ops.random import normal as random_normal
from eagerflow._src.ops.random import uniform as random_uniform
from eagerflow._src.ops.random_gamma import gamma as random_gamma
from eagerflow._src.ops.shape_queries import shape
from eagerflow._src.ops.special_incomplete import betainc


def param_shapes(names: tuple, sample_shape: Any) -> dict:
    """Each parameter of the shape of the samples asked for (TF's `_param_shapes`)."""
    t = tensor(sample_shape, "sample_shape", dt.int32)
    return dict.fromkeys(names, t)


def _checked(checks: Any, **params: Any) -> list:
    """The parameters as tensors (identities of them), after `checks` in a graph."""
    out = [identity(v, name=k) for k, v in params.items()]
    return [with_dependencies(checks, t) for t in out]


def _scalar_event() -> Any:
    return constant([], dtype=dt.int32)


def _batch_shape_tensor(self: Distribution) -> Any:
    params = self._params()
    out = shape(params[-1])
    for p in reversed(params[:-1]):
        out = broadcast_dynamic_shape(shape(p), out)
    return out


def _batch_shape(self: Distribution) -> TensorShape:
    params = self._params()
    out = params[0].shape
    for p in params[1:]:
        out = broadcast_static_shape(out, p.shape)
    return out


def _event_shape(self: Distribution) -> TensorShape:
    return TensorShape([])


def _draw_shape(self: Distribution, n: Any) -> Any:
    return concat([[n], self.batch_shape_tensor()], 0)


def param_property(name: str) -> property:
    """The read-only property `name` of the parameter held as `_name`."""
    attr = "_" + name
    return property(lambda self: getattr(self, attr))


def scalar_event(*names: str) -> Any:
    """A class decorator for a distribution of scalar events whose batch shape broadcasts
    its parameters `names` (held as `_name`, read as the property `name`). TF's classes
    derive from Distribution directly, so this installs the shared methods rather than
    adding a base class."""
    def install(cls: type) -> type:
        shared = {
            **{n: param_property(n) for n in names},
            "_param_names": names,
            "_param_shapes": staticmethod(lambda sample_shape: param_shapes(names, sample_shape)),
            "_params": lambda self: [getattr(self, "_" + n) for n in names],
            "_batch_shape_tensor": _batch_shape_tensor, "_batch_shape": _batch_shape,
            "_event_shape_tensor": lambda self: _scalar_event(), "_event_shape": _event_shape,
            "_draw_shape": _draw_shape}
        for key, value in shared.items():
            if key not in cls.__dict__:
                setattr(cls, key, value)
                if isinstance(value, property):  # (named, as a class body's: its errors say)
                    value.__set_name__(cls, key)
        return cls
    return install


@scalar_event("loc", "scale")
class Normal(Distribution):
    """The normal distribution N(loc, scale**2)."""

    def __init__(self, loc: Any, scale: Any, validate_args: bool = False,
                 allow_nan_stats: bool = True, name: str = "Normal") -> None:
        deprecation_notice("Normal.__init__", "normal")
        parameters = dict(locals())
        with scope(name) as name:
            checks = [assert_positive_v1(scale)] if validate_args else []
            self._loc, self._scale = _checked(checks, loc=loc, scale=scale)
            assert_same_float_dtype([self._loc, self._scale])
        super().__init__(dtype=self._scale.dtype, reparameterization_type=FULLY_REPARAMETERIZED,
                         validate_args=validate_args, allow_nan_stats=allow_nan_stats,
                         parameters=parameters, graph_parents=[self._loc, self._scale],
                         name=name)

    def _sample_n(self, n: Any, seed: Any = None) -> Any:
        sampled = random_normal(self._draw_shape(n), mean=0.0, stddev=1.0, dtype=self.loc.dtype,
                                seed=seed)
        return sampled * self.scale + self.loc

    def _z(self, x: Any) -> Any:
        with scope("standardize"):
            return (x - self.loc) / self.scale

    def _log_prob(self, x: Any) -> Any:
        return -0.5 * square(self._z(x)) - self._log_normalization()

    def _log_normalization(self) -> Any:
        return 0.5 * math.log(2.0 * math.pi) + log(self.scale)

    def _log_cdf(self, x: Any) -> Any:
        return special_math.log_ndtr(self._z(x))

    def _cdf(self, x: Any) -> Any:
        return special_math.ndtr(self._z(x))

    def _log_survival_function(self, x: Any) -> Any:
        return special_math.log_ndtr(-self._z(x))

    def _survival_function(self, x: Any) -> Any:
        return special_math.ndtr(-self._z(x))

    def _entropy(self) -> Any:
        scale = self.scale * ones_like(self.loc)
        return 0.5 * math.log(2.0 * math.pi * math.e) + log(scale)

    def _mean(self) -> Any:
        return self.loc * ones_like(self.scale)

    def _quantile(self, p: Any) -> Any:
        z = special_math.ndtri(p)
        with scope("reconstruct"):
            return z * self.scale + self.loc

    def _stddev(self) -> Any:
        return self.scale * ones_like(self.loc)

    def _mode(self) -> Any:
        return self._mean()


@RegisterKL(Normal, Normal)
def _kl_normal_normal(n_a: Normal, n_b: Normal, name: str | None = None) -> Any:
    one, two, half = (np.array(v, n_a.dtype.as_numpy_dtype) for v in (1, 2, 0.5))
    s_a_squared = square(n_a.scale)
    s_b_squared = square(n_b.scale)
    ratio = s_a_squared / s_b_squared
    return (squared_difference(n_a.loc, n_b.loc) / (two * s_b_squared)
            + half * (ratio - one - log(ratio)))


@scalar_event("loc", "scale")
class Laplace(Distribution):
    """The Laplace distribution: density exp(-|x - loc| / scale) / (2 scale)."""

    def __init__(self, loc: Any, scale: Any, validate_args: bool = False,
                 allow_nan_stats: bool = True, name: str = "Laplace") -> None:
        deprecation_notice("Laplace.__init__", "laplace")
        parameters = dict(locals())
        with scope(name) as name:
            checks = [assert_positive_v1(scale)] if validate_args else []
            self._loc, self._scale = _checked(checks, loc=loc, scale=scale)
            assert_same_float_dtype([self._loc, self._scale])
            super().__init__(dtype=self._loc.dtype,
                             reparameterization_type=FULLY_REPARAMETERIZED,
                             validate_args=validate_args, allow_nan_stats=allow_nan_stats,
                             parameters=parameters, graph_parents=[self._loc, self._scale],
                             name=name)

    def _sample_n(self, n: Any, seed: Any = None) -> Any:
        np_dtype = self.dtype.as_numpy_dtype
        u = random_uniform(self._draw_shape(n), minval=np.nextafter(np_dtype(-1.0), np_dtype(0.0)),
                           maxval=1.0, dtype=self.dtype, seed=seed)
        return self.loc - self.scale * sign(u) * log1p(-abs_(u))

    def _z(self, x: Any) -> Any:
        return (x - self.loc) / self.scale

    def _log_prob(self, x: Any) -> Any:
        return -abs_(self._z(x)) - (math.log(2.0) + log(self.scale))

    def _prob(self, x: Any) -> Any:
        return exp(self._log_prob(x))

    def _log_cdf(self, x: Any) -> Any:
        return special_math.log_cdf_laplace(self._z(x))

    def _log_survival_function(self, x: Any) -> Any:
        return special_math.log_cdf_laplace(-self._z(x))

    def _cdf(self, x: Any) -> Any:
        z = self._z(x)
        return 0.5 + 0.5 * sign(z) * (1.0 - exp(-abs_(z)))

    def _entropy(self) -> Any:
        return math.log(2.0) + 1.0 + log(self.scale + zeros_like(self.loc))

    def _mean(self) -> Any:
        return self.loc + zeros_like(self.scale)

    def _stddev(self) -> Any:
        return math.sqrt(2.0) * self.scale + zeros_like(self.loc)

    def _mode(self) -> Any:
        return self._mean()


@scalar_event("low", "high")
class Uniform(Distribution):
    """The uniform distribution on [low, high)."""

    def __init__(self, low: Any = 0.0, high: Any = 1.0, validate_args: bool = False,
                 allow_nan_stats: bool = True, name: str = "Uniform") -> None:
        deprecation_notice("Uniform.__init__", "uniform")
        parameters = dict(locals())
        with scope(name) as name:
            checks = ([assert_less_v1(low, high,
                                      message="uniform not defined when low >= high.")]
                      if validate_args else [])
            self._low, self._high = _checked(checks, low=low, high=high)
            assert_same_float_dtype([self._low, self._high])
        super().__init__(dtype=self._low.dtype, reparameterization_type=FULLY_REPARAMETERIZED,
                         validate_args=validate_args, allow_nan_stats=allow_nan_stats,
                         parameters=parameters, graph_parents=[self._low, self._high],
                         name=name)

    def range(self, name: str = "range") -> Any:
        """high - low."""
        with self._name_scope(name):
            return self.high - self.low

    def _sample_n(self, n: Any, seed: Any = None) -> Any:
        u = random_uniform(self._draw_shape(n), dtype=self.dtype, seed=seed)
        return self.low + self.range() * u

    def _prob(self, x: Any) -> Any:
        bx = x * ones(self.batch_shape_tensor(), dtype=x.dtype)
        inside = where(logical_or(bx < self.low, bx >= self.high), zeros_like(bx),
                       ones_like(bx) / self.range())
        return where(is_nan(bx), bx, inside)

    def _cdf(self, x: Any) -> Any:
        bshape = broadcast_dynamic_shape(shape(x), self.batch_shape_tensor())
        zero = zeros(bshape, dtype=self.dtype)
        one = ones(bshape, dtype=self.dtype)
        below = where(x < self.low, zero, (x * one - self.low) / self.range())
        return where(x >= self.high, one, below)

    def _entropy(self) -> Any:
        return log(self.range())

    def _mean(self) -> Any:
        return (self.low + self.high) / 2.0

    def _variance(self) -> Any:
        return square(self.range()) / 12.0

    def _stddev(self) -> Any:
        return self.range() / math.sqrt(12.0)


@scalar_event("df", "loc", "scale")
class StudentT(Distribution):
    """Student's t distribution with `df` degrees of freedom, shifted and scaled."""

    def __init__(self, df: Any, loc: Any, scale: Any, validate_args: bool = False,
                 allow_nan_stats: bool = True, name: str = "StudentT") -> None:
        deprecation_notice("StudentT.__init__", "student_t")
        parameters = dict(locals())
        with scope(name) as name:
            checks = [assert_positive_v1(df)] if validate_args else []
            self._df, self._loc, self._scale = _checked(checks, df=df, loc=loc, scale=scale)
            assert_same_float_dtype((self._df, self._loc, self._scale))
        super().__init__(dtype=self._scale.dtype, reparameterization_type=FULLY_REPARAMETERIZED,
                         validate_args=validate_args, allow_nan_stats=allow_nan_stats,
                         parameters=parameters,
                         graph_parents=[self._df, self._loc, self._scale], name=name)

    def _batch_ones(self) -> Any:
        return ones(self.batch_shape_tensor(), dtype=self.dtype)

    def _sample_n(self, n: Any, seed: Any = None) -> Any:
        normal = random_normal(self._draw_shape(n), dtype=self.dtype, seed=seed)
        df = self.df * self._batch_ones()
        g = random_gamma([n], 0.5 * df, beta=0.5, dtype=self.dtype,
                         seed=gen_new_seed(seed, salt="student_t"))
        return normal * rsqrt(g / df) * self.scale + self.loc

    def _log_prob(self, x: Any) -> Any:
        y = (x - self.loc) / self.scale
        unnormalized = -0.5 * (self.df + 1.0) * log1p(y ** 2.0 / self.df)
        return unnormalized - self._log_normalization()

    def _log_normalization(self) -> Any:
        return (log(abs_(self.scale)) + 0.5 * log(self.df) + 0.5 * np.log(np.pi)
                + lgamma(0.5 * self.df) - lgamma(0.5 * (self.df + 1.0)))

    def _cdf(self, x: Any) -> Any:
        y = (x - self.loc) / abs_(self.scale)
        x_t = self.df / (y ** 2.0 + self.df)
        neg_cdf = 0.5 * betainc(0.5 * self.df, 0.5, x_t)
        return where(less(y, 0.0), neg_cdf, 1.0 - neg_cdf)

    def _entropy(self) -> Any:
        v = self._batch_ones()[..., None]
        u = v * self.df[..., None]
        beta_arg = concat([u, v], -1) / 2.0
        return (log(abs_(self.scale)) + 0.5 * log(self.df) + lbeta(beta_arg)
                + 0.5 * (self.df + 1.0) * (digamma(0.5 * (self.df + 1.0))
                                           - digamma(0.5 * self.df)))

    def _mean(self) -> Any:
        mean = self.loc * self._batch_ones()
        if self.allow_nan_stats:
            nan = np.array(np.nan, self.dtype.as_numpy_dtype)
            return where(greater(self.df, self._batch_ones()), mean,
                         fill(self.batch_shape_tensor(), nan, name="nan"))
        check = assert_less_v1(ones([], dtype=self.dtype), self.df,
                               message="mean not defined for components of df <= 1")
        return with_dependencies([check], mean)

    def _variance(self) -> Any:
        denom = where(greater(self.df, 2.0), self.df - 2.0, ones_like(self.df))
        var = self._batch_ones() * square(self.scale) * self.df / denom
        inf = np.array(np.inf, self.dtype.as_numpy_dtype)
        defined = where(self.df > fill(self.batch_shape_tensor(), 2.0), var,
                        fill(self.batch_shape_tensor(), inf, name="inf"))
        if self.allow_nan_stats:
            nan = np.array(np.nan, self.dtype.as_numpy_dtype)
            return where(greater(self.df, self._batch_ones()), defined,
                         fill(self.batch_shape_tensor(), nan, name="nan"))
        check = assert_less_v1(ones([], dtype=self.dtype), self.df,
                               message="variance not defined for components of df <= 1")
        return with_dependencies([check], defined)

    def _mode(self) -> Any:
        return identity(self.loc)
