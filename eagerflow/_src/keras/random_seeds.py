"""Keras 3's seeds on TensorFlow: SeedGenerator, default seeds and the seed pairs of draws.

Sits on backend, under initializers and layers. Every random draw of Keras 3 is a
stateless TF op given an int32 pair [seed, counter], each int64 entry reduced modulo
2**31 - 2 (Keras's TF backend does so): an int seed s draws with [s, 0], always the same
numbers; a SeedGenerator holds [seed, counter] in an int64 variable and moves the
counter on at each draw; no seed draws from the global generator, whose state moves
(state + 1) * 5387 % 933199. An object made without a seed takes one from Python's
`random` module (randint(1, 10**9)), which keras.utils.set_random_seed seeds: that is
what makes a model's initial weights and masks repeat.
"""

from __future__ import annotations

import random as _pyrandom
from typing import Any

import numpy as np

from eagerflow._src.core import dtypes as dt
from eagerflow._src.core.name_scope import name_scope as tf_name_scope
from eagerflow._src.core.tensor import Tensor, convert_to_tensor
from eagerflow._src.core.type_names import type_repr
from eagerflow._src.keras import backend as kb
from eagerflow._src.keras.variables import keras_variable
from eagerflow._src.ops.math import add, floormod, multiply
from eagerflow._src.ops.math_base import cast
from eagerflow._src.ops.variables import Variable


def make_default_seed() -> int:
    """A seed from Python's random module, as Keras draws one for an unseeded object."""
    return _pyrandom.randint(1, int(1e9))


class SeedGenerator:
    """The state of a stream of seeds: draws with it give new numbers each time."""

    def __init__(self, seed: int | None = None, name: str | None = None,
                 **kwargs: Any) -> None:
        self.name = kb.auto_name(type(self).__name__) if name is None else name
        kwargs.pop("backend", None)
        if kwargs:
            raise ValueError(f"Unrecognized keyword arguments: {kwargs}")
        self._initial_seed = seed
        if seed is None:
            seed = make_default_seed()
        if not isinstance(seed, int) or isinstance(seed, bool):
            raise ValueError(f"Argument `seed` must be an integer. Received: seed={seed}")
        with tf_name_scope(self.name):  # (its TF name, as Keras 3's name scope opens it)
            variable = Variable(np.array([seed, 0], np.int64), trainable=False,
                                name="seed_generator_state")
        self.state = keras_variable(variable, name="seed_generator_state",
                                    path=f"{self.name}/seed_generator_state")

    def next(self, ordered: bool = True) -> Tensor:
        """The current [seed, counter]; the counter moves on (or, unordered, the whole
        state, to a sequence of near-unique numbers below 933199)."""
        value = multiply(self.state.read_value(), np.int64(1))  # a copy
        if ordered:
            self.state.assign_add(np.array([0, 1], np.int64))
        else:
            self.state.assign(floormod(multiply(add(value, np.int64(1)), np.int64(5387)),
                                       np.int64(933199)))
        return value

    def get_config(self) -> dict:
        return {"seed": self._initial_seed, "name": self.name}

    @classmethod
    def from_config(cls, config: dict) -> SeedGenerator:
        return cls(**config)


_GLOBAL: list = [None]


def global_seed_generator() -> SeedGenerator:
    """The generator behind draws without a seed (made on first use)."""
    if _GLOBAL[0] is None:
        _GLOBAL[0] = SeedGenerator()
    return _GLOBAL[0]


def reset_global_seed_generator(seed: Any = None) -> None:
    """keras.utils.set_random_seed: the next seedless draw makes a new global generator."""
    _GLOBAL[0] = None


def draw_seed(seed: Any) -> Tensor:
    """The int64 [seed, counter] of one draw."""
    if isinstance(seed, SeedGenerator) or hasattr(seed, "next"):
        return seed.next()
    if isinstance(seed, int) and not isinstance(seed, bool):
        return convert_to_tensor(np.array([seed, 0], np.int64))
    if seed is None:
        return global_seed_generator().next(ordered=False)
    raise ValueError("Argument `seed` must be either an integer or an instance of "
                     f"`SeedGenerator`. Received: seed={seed} (of type {type_repr(seed)})")


def seed_pair(seed: Any) -> Tensor:
    """The int32 pair a stateless op takes for `seed` (Keras's TF backend's cast)."""
    return cast(floormod(draw_seed(seed), np.int64(2**31 - 2)), dt.int32)
