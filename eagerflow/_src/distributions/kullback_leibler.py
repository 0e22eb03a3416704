"""KL divergences between TF 1's distributions: `RegisterKL` (a decorator filling the
table of KL functions by pair of classes), `kl_divergence` (the registered function
nearest both classes' method resolution orders) and `cross_entropy`.

Distributions (distributions/): compositions of eagerflow's ops.
"""

from __future__ import annotations

import inspect
from typing import Any, Callable

from eagerflow._src.core.context import executing_eagerly
from eagerflow._src.distributions import distribution
from eagerflow._src.distributions.distribution import deprecation_notice, scope
from eagerflow._src.ops.control_deps import control_dependencies
from eagerflow._src.ops.debugging import Assert
from eagerflow._src.ops.math import is_nan, logical_not
from eagerflow._src.ops.math_base import identity
from eagerflow._src.ops.reduce import reduce_any

_DIVERGENCES: dict = {}


def _registered_kl(type_a: type, type_b: type) -> Callable | None:
    """The KL function registered for the pair of ancestors nearest (type_a, type_b): the
    least sum of their distances along the two MROs."""
    best, best_dist = None, None
    for i, parent_a in enumerate(inspect.getmro(type_a)):
        for j, parent_b in enumerate(inspect.getmro(type_b)):
            fn = _DIVERGENCES.get((parent_a, parent_b))
            if not best or (fn and i + j < best_dist):
                best, best_dist = fn, i + j
    return best


def kl_divergence(distribution_a: Any, distribution_b: Any, allow_nan_stats: bool = True,
                  name: str | None = None) -> Any:
    """KL(distribution_a || distribution_b), batchwise. With allow_nan_stats=False a NaN in
    it is TF's InvalidArgumentError."""
    deprecation_notice("kl_divergence", "kullback_leibler")
    kl_fn = _registered_kl(type(distribution_a), type(distribution_b))
    if kl_fn is None:
        raise NotImplementedError(
            "No KL(distribution_a || distribution_b) registered for distribution_a type "
            f"{type(distribution_a).__name__} and distribution_b type "
            f"{type(distribution_b).__name__}")
    with scope("KullbackLeibler"):
        kl_t = kl_fn(distribution_a, distribution_b, name=name)
        if allow_nan_stats:
            return kl_t
        kl_t = identity(kl_t, name="kl")
        check = Assert(logical_not(reduce_any(is_nan(kl_t))), [
            f"KL calculation between {distribution_a.name} and {distribution_b.name} returned "
            "NaN values (and was called with allow_nan_stats=False). Values:", kl_t])
        if executing_eagerly():
            return identity(kl_t, name="checked_kl")
        with control_dependencies([check]):
            return identity(kl_t, name="checked_kl")


def cross_entropy(ref: Any, other: Any, allow_nan_stats: bool = True,
                  name: str | None = None) -> Any:
    """H[ref, other] = H[ref] + KL(ref || other)."""
    return ref.entropy() + kl_divergence(ref, other, allow_nan_stats=allow_nan_stats)


class RegisterKL:
    """`@RegisterKL(A, B)`: the decorated function computes KL(a || b) for a of class A
    and b of class B (and their subclasses, where nothing nearer is registered)."""

    def __init__(self, dist_cls_a: type, dist_cls_b: type) -> None:
        self._key = (dist_cls_a, dist_cls_b)

    def __call__(self, kl_fn: Callable) -> Callable:
        if not callable(kl_fn):
            raise TypeError(f"kl_fn must be callable, received: {kl_fn}")
        if self._key in _DIVERGENCES:
            raise ValueError(f"KL({self._key[0].__name__} || {self._key[1].__name__}) has "
                             f"already been registered to: {_DIVERGENCES[self._key]}")
        _DIVERGENCES[self._key] = kl_fn
        return kl_fn


distribution.KL_HOOKS.update(kl_divergence=kl_divergence, cross_entropy=cross_entropy)
