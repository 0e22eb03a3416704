"""tf.compat.v1.distributions' base: `Distribution` (shapes, sampling, the public methods
that fall back on each other as TF's do: prob from log_prob, stddev from variance, ...),
`ReparameterizationType` and the helpers its subclasses share (their name scopes, TF's
runtime checks embedded as control dependencies, its deprecation notices).

Distributions (distributions/): above v1/, loaded on first use of
tf.compat.v1.distributions. Every computation is a composition of eagerflow's ops.
"""

from __future__ import annotations

import abc
import contextlib
from typing import Any, Iterator

import numpy as np

from eagerflow._src.core import dtypes as dt
from eagerflow._src.core.context import executing_eagerly
from eagerflow._src.core.shape import TensorShape, as_shape
from eagerflow._src.core.tensor import is_tensor
from eagerflow._src.core.tf_logging import deprecated_call
from eagerflow._src.function.compat_v1 import get_static_value
from eagerflow._src.ops.array import concat
from eagerflow._src.ops.control_deps import control_dependencies
from eagerflow._src.ops.graph_constants import convert_to_tensor_v2
from eagerflow._src.ops.math import exp, log, log1p, sqrt, square
from eagerflow._src.ops.math_base import identity
from eagerflow._src.ops.reduce import reduce_prod
from eagerflow._src.ops.reshaping import reshape
from eagerflow._src.ops.shape_queries import shape
from eagerflow._src.v1.tf1_args import name_scope as v1_name_scope

_MOVED = ("The TensorFlow Distributions library has moved to TensorFlow Probability "
          "(https://github.com/tensorflow/probability). You should update all references to "
          "use `tfp.distributions` instead of `tf.distributions`.")


def deprecation_notice(qualname: str, module: str) -> None:
    """TF's notice for a deprecated distributions function, once per function, naming the
    caller of the function that calls this (as TF's decorator names its caller)."""
    deprecated_call(qualname, f"tensorflow.python.ops.distributions.{module}", _MOVED,
                    date="2019-01-01", depth=3)


@contextlib.contextmanager
def scope(name: Any) -> Iterator[Any]:
    """TF's internal `ops.name_scope`: None when executing eagerly (TF's yields no name
    there, so an eager distribution's `name` is None), else the graph's unique scope."""
    if executing_eagerly() or name is None:
        yield None
        return
    with v1_name_scope(name) as s:
        yield s


def with_dependencies(checks: list, x: Any) -> Any:
    """`x` after `checks` have run. Eagerly a check has already raised when it failed; in a
    graph `x` becomes an identity with the checks as control inputs."""
    if executing_eagerly() or not checks:
        return x
    with control_dependencies([c for c in checks if c is not None]):
        return identity(x)


def tensor(value: Any, name: str, dtype: Any = None) -> Any:
    return convert_to_tensor_v2(value, dtype=dtype, name=name)


class ReparameterizationType:
    """How a distribution's samples depend on its parameters (compared by identity)."""

    def __init__(self, rep_type: str) -> None:
        self._rep_type = rep_type

    def __repr__(self) -> str:
        return f"<Reparameterization Type: {self._rep_type}>"

    def __eq__(self, other: object) -> bool:
        return self is other

    __hash__ = object.__hash__


FULLY_REPARAMETERIZED = ReparameterizationType("FULLY_REPARAMETERIZED")
NOT_REPARAMETERIZED = ReparameterizationType("NOT_REPARAMETERIZED")


class _BaseDistribution(metaclass=abc.ABCMeta):  # noqa: B024 - as TF's, none
    """The abstract base TF's Distribution derives from (it shows in the MRO)."""


class Distribution(_BaseDistribution):
    """The base of TF 1's distributions: a batch of distributions over events of
    `event_shape`, its public methods calling the subclass's `_method`s."""

    def __init__(self, dtype: Any, reparameterization_type: Any, validate_args: bool,
                 allow_nan_stats: bool, parameters: dict | None = None,
                 graph_parents: list | None = None, name: str | None = None) -> None:
        deprecation_notice("Distribution.__init__", "distribution")
        graph_parents = [] if graph_parents is None else graph_parents
        for i, t in enumerate(graph_parents):
            if t is None or not is_tensor(t):
                raise ValueError(f"Graph parent item {i} is not a Tensor; {t}.")
        if not name or name[-1] != "/":  # not yet a scope: make one
            with scope(name or type(self).__name__) as name:
                pass
        self._dtype = dtype
        self._reparameterization_type = reparameterization_type
        self._allow_nan_stats = allow_nan_stats
        self._validate_args = validate_args
        self._parameters = parameters or {}
        self._graph_parents = graph_parents
        self._name = name

    # -- the parameters dict drops `self` (TF's is `dict(locals())` at __init__) ----------
    @property
    def _parameters(self) -> dict:
        return self._parameter_dict

    @_parameters.setter
    def _parameters(self, value: dict) -> None:
        value.pop("self", None)
        value.pop("__class__", None)
        self._parameter_dict = value

    @classmethod
    def param_shapes(cls, sample_shape: Any, name: str = "DistributionParamShapes") -> dict:
        """The shapes of the parameters that give samples of `sample_shape`."""
        return cls._param_shapes(sample_shape)

    @classmethod
    def param_static_shapes(cls, sample_shape: Any) -> dict:
        if isinstance(sample_shape, TensorShape):
            if not sample_shape.is_fully_defined():
                raise ValueError("TensorShape sample_shape must be fully defined")
            sample_shape = sample_shape.as_list()
        out = {}
        for key, value in cls.param_shapes(sample_shape).items():
            static = get_static_value(value)
            if static is None:
                raise ValueError("sample_shape must be a fully-defined TensorShape or list/tuple")
            out[key] = TensorShape(static)
        return out

    @staticmethod
    def _param_shapes(sample_shape: Any) -> dict:
        raise NotImplementedError("_param_shapes not implemented")

    @property
    def name(self) -> Any:
        return self._name

    @property
    def dtype(self) -> Any:
        return self._dtype

    @property
    def parameters(self) -> dict:
        return {k: v for k, v in self._parameters.items()
                if not k.startswith("__") and k != "self"}

    @property
    def reparameterization_type(self) -> ReparameterizationType:
        return self._reparameterization_type

    @property
    def allow_nan_stats(self) -> bool:
        return self._allow_nan_stats

    @property
    def validate_args(self) -> bool:
        return self._validate_args

    def copy(self, **override_parameters_kwargs: Any) -> Distribution:
        return type(self)(**dict(self.parameters, **override_parameters_kwargs))

    # -- shapes -------------------------------------------------------------------------
    def _batch_shape_tensor(self) -> Any:
        raise NotImplementedError(f"batch_shape_tensor is not implemented: {type(self).__name__}")

    def batch_shape_tensor(self, name: str = "batch_shape_tensor") -> Any:
        with self._name_scope(name):
            if self.batch_shape.is_fully_defined():
                return tensor(self.batch_shape.as_list(), "batch_shape", dt.int32)
            return self._batch_shape_tensor()

    def _batch_shape(self) -> TensorShape:
        return TensorShape(None)

    @property
    def batch_shape(self) -> TensorShape:
        return as_shape(self._batch_shape())

    def _event_shape_tensor(self) -> Any:
        raise NotImplementedError(f"event_shape_tensor is not implemented: {type(self).__name__}")

    def event_shape_tensor(self, name: str = "event_shape_tensor") -> Any:
        with self._name_scope(name):
            if self.event_shape.is_fully_defined():
                return tensor(self.event_shape.as_list(), "event_shape", dt.int32)
            return self._event_shape_tensor()

    def _event_shape(self) -> TensorShape:
        return TensorShape(None)

    @property
    def event_shape(self) -> TensorShape:
        return as_shape(self._event_shape())

    def is_scalar_event(self, name: str = "is_scalar_event") -> Any:
        with self._name_scope(name):
            return tensor(self._is_scalar(self.event_shape, self.event_shape_tensor),
                          "is_scalar_event")

    def is_scalar_batch(self, name: str = "is_scalar_batch") -> Any:
        with self._name_scope(name):
            return tensor(self._is_scalar(self.batch_shape, self.batch_shape_tensor),
                          "is_scalar_batch")

    @staticmethod
    def _is_scalar(static: TensorShape, dynamic: Any) -> Any:
        if static.ndims is not None:
            return static.ndims == 0
        return shape(dynamic())[0] == 0

    # -- sampling -----------------------------------------------------------------------
    def _sample_n(self, n: Any, seed: Any = None) -> Any:
        raise NotImplementedError(f"sample_n is not implemented: {type(self).__name__}")

    def sample(self, sample_shape: Any = (), seed: Any = None, name: str = "sample") -> Any:
        """Samples of shape sample_shape + batch_shape + event_shape: `_sample_n` draws
        prod(sample_shape) of them in one op, reshaped."""
        with self._name_scope(name):
            sample_shape = tensor(sample_shape, "sample_shape", dt.int32)
            sample_shape, n = _as_vector(sample_shape)
            samples = self._sample_n(n, seed)
            final_shape = concat([sample_shape, shape(samples)[1:]], 0)
            return reshape(samples, final_shape)

    # -- the value methods, each falling back on its partner as TF's do -------------------
    def _value(self, value: Any) -> Any:
        return convert_to_tensor_v2(value, dtype_hint=self.dtype, name="value")

    def _first(self, value: Any, primary: str, fallback: str, via: Any) -> Any:
        """`primary(value)`, else `via(fallback(value))`; when neither is implemented, the
        primary's NotImplementedError."""
        try:
            return getattr(self, primary)(value)
        except NotImplementedError as original:
            try:
                return via(getattr(self, fallback)(value))
            except NotImplementedError:
                raise original from None

    def log_prob(self, value: Any, name: str = "log_prob") -> Any:
        with self._name_scope(name):
            return self._first(self._value(value), "_log_prob", "_prob", log)

    def prob(self, value: Any, name: str = "prob") -> Any:
        with self._name_scope(name):
            return self._first(self._value(value), "_prob", "_log_prob", exp)

    def log_cdf(self, value: Any, name: str = "log_cdf") -> Any:
        with self._name_scope(name):
            return self._first(self._value(value), "_log_cdf", "_cdf", log)

    def cdf(self, value: Any, name: str = "cdf") -> Any:
        with self._name_scope(name):
            return self._first(self._value(value), "_cdf", "_log_cdf", exp)

    def log_survival_function(self, value: Any, name: str = "log_survival_function") -> Any:
        with self._name_scope(name):
            return self._first(self._value(value), "_log_survival_function", "cdf",
                               lambda c: log1p(-c))

    def survival_function(self, value: Any, name: str = "survival_function") -> Any:
        with self._name_scope(name):
            return self._first(self._value(value), "_survival_function", "cdf",
                               lambda c: 1.0 - c)

    def quantile(self, value: Any, name: str = "quantile") -> Any:
        with self._name_scope(name):
            return self._quantile(self._value(value))

    def _not_implemented(self, what: str) -> NotImplementedError:
        return NotImplementedError(f"{what} is not implemented: {type(self).__name__}")

    def _log_prob(self, value: Any) -> Any:
        raise self._not_implemented("log_prob")

    def _prob(self, value: Any) -> Any:
        raise self._not_implemented("prob")

    def _log_cdf(self, value: Any) -> Any:
        raise self._not_implemented("log_cdf")

    def _cdf(self, value: Any) -> Any:
        raise self._not_implemented("cdf")

    def _log_survival_function(self, value: Any) -> Any:
        raise self._not_implemented("log_survival_function")

    def _survival_function(self, value: Any) -> Any:
        raise self._not_implemented("survival_function")

    def _quantile(self, value: Any) -> Any:
        raise self._not_implemented("quantile")

    # -- statistics ---------------------------------------------------------------------
    def _entropy(self) -> Any:
        raise self._not_implemented("entropy")

    def _mean(self) -> Any:
        raise self._not_implemented("mean")

    def _variance(self) -> Any:
        raise self._not_implemented("variance")

    def _stddev(self) -> Any:
        raise self._not_implemented("stddev")

    def _covariance(self) -> Any:
        raise self._not_implemented("covariance")

    def _mode(self) -> Any:
        raise self._not_implemented("mode")

    def entropy(self, name: str = "entropy") -> Any:
        with self._name_scope(name):
            return self._entropy()

    def mean(self, name: str = "mean") -> Any:
        with self._name_scope(name):
            return self._mean()

    def variance(self, name: str = "variance") -> Any:
        with self._name_scope(name):
            try:
                return self._variance()
            except NotImplementedError as original:
                try:
                    return square(self._stddev())
                except NotImplementedError:
                    raise original from None

    def stddev(self, name: str = "stddev") -> Any:
        with self._name_scope(name):
            try:
                return self._stddev()
            except NotImplementedError as original:
                try:
                    return sqrt(self._variance())
                except NotImplementedError:
                    raise original from None

    def covariance(self, name: str = "covariance") -> Any:
        with self._name_scope(name):
            return self._covariance()

    def mode(self, name: str = "mode") -> Any:
        with self._name_scope(name):
            return self._mode()

    def cross_entropy(self, other: Distribution, name: str = "cross_entropy") -> Any:
        with self._name_scope(name):
            return self._cross_entropy(other)

    def kl_divergence(self, other: Distribution, name: str = "kl_divergence") -> Any:
        with self._name_scope(name):
            return self._kl_divergence(other)

    def _cross_entropy(self, other: Distribution) -> Any:
        return KL_HOOKS["cross_entropy"](self, other, allow_nan_stats=self.allow_nan_stats)

    def _kl_divergence(self, other: Distribution) -> Any:
        return KL_HOOKS["kl_divergence"](self, other, allow_nan_stats=self.allow_nan_stats)

    # -- reprs as TF prints them ----------------------------------------------------------
    def __str__(self) -> str:
        batch = (f", batch_shape={self.batch_shape}" if self.batch_shape.ndims is not None
                 else "")
        event = (f", event_shape={self.event_shape}" if self.event_shape.ndims is not None
                 else "")
        return (f'tfp.distributions.{type(self).__name__}("{self.name}"{batch}{event}, '
                f"dtype={self.dtype.name})")

    def __repr__(self) -> str:
        return (f"<tfp.distributions.{type(self).__name__} '{self.name}' "
                f"batch_shape={self.batch_shape} event_shape={self.event_shape} "
                f"dtype={self.dtype.name}>")

    @contextlib.contextmanager
    def _name_scope(self, name: str | None = None) -> Iterator[Any]:
        """The scope of a method's ops: `name` under the distribution's own (graphs only)."""
        if executing_eagerly():
            yield None
            return
        with v1_name_scope(self.name):
            with v1_name_scope(name) as s:
                yield s


# kullback_leibler.py sits above this module and fills these in (the methods call them)
KL_HOOKS: dict = {}


def _as_vector(x: Any) -> tuple:
    """`sample_shape` as a vector, and the number of samples it asks for (a NumPy int32
    when known statically, as TF's)."""
    static = get_static_value(x)
    n = reduce_prod(x) if static is None else np.prod(static, dtype=np.int32)
    ndims = x.shape.ndims
    if ndims is None:  # (TF picks [1] or its shape by its rank at run time)
        x = reshape(x, [-1])
    elif ndims == 0:
        x = reshape(x, [1]) if static is None else tensor(np.array([static], np.int32),
                                                          "sample_shape")
    elif ndims != 1:
        raise ValueError("Input is neither scalar nor vector.")
    return x, n
