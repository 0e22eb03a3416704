"""Noise layers: GaussianNoise, GaussianDropout and AlphaDropout (Dropout is in core.py).

Keras layers over keras/random_seeds.py: each holds a SeedGenerator, made with the layer
(taking its seed from Python's random when none is given, as Keras 3 does), and draws
TF's stateless normals or uniforms with it while training, so that after
keras.utils.set_random_seed the noise is TF's; of the inputs' shape as keras.ops.shape gives
it (a dimension unknown while traced read at run time).
"""

from __future__ import annotations

import math
from typing import Any

from eagerflow._src.core.shape import TensorShape
from eagerflow._src.keras.engine.base_layer import Layer
from eagerflow._src.keras.layers.core import check_between_0_and_1
from eagerflow._src.keras.ops.core import shape as ops_shape
from eagerflow._src.keras.random_seeds import SeedGenerator, seed_pair
from eagerflow._src.ops import math as tm
from eagerflow._src.ops.math_base import cast
from eagerflow._src.ops.random_stateless import stateless_normal, stateless_uniform


class _NoiseLayer(Layer):
    """A layer that adds or multiplies noise while training; `amount` (stddev or rate) 0
    makes it the identity, without a seed generator."""

    _amount = "rate"

    def __init__(self, amount: float, seed: int | None = None, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        check_between_0_and_1(self._amount, amount)
        setattr(self, self._amount, amount)
        self.seed = seed
        if amount > 0:
            self.seed_generator = SeedGenerator(seed)
        self.supports_masking = True
        self._build_at_init()

    def call(self, inputs: Any, training: Any = False) -> Any:
        if training and getattr(self, self._amount) > 0:
            return self._noisy(inputs)
        return inputs

    def compute_output_shape(self, input_shape: Any) -> TensorShape:
        return TensorShape(input_shape)

    def get_config(self) -> dict:
        config = super().get_config()
        config.update({self._amount: getattr(self, self._amount), "seed": self.seed})
        return config


class GaussianNoise(_NoiseLayer):
    """Adds zero-centred Gaussian noise of standard deviation `stddev` while training."""

    _amount = "stddev"

    def __init__(self, stddev: float, seed: int | None = None, **kwargs: Any) -> None:
        super().__init__(stddev, seed, **kwargs)

    def _noisy(self, inputs: Any) -> Any:
        noise = stateless_normal(ops_shape(inputs), seed_pair(self.seed_generator), 0.0,
                                 self.stddev, dtype=self.compute_dtype)
        return tm.add(inputs, noise)


class GaussianDropout(_NoiseLayer):
    """Multiplies by Gaussian noise of mean 1 and variance rate / (1 - rate) while training."""

    def __init__(self, rate: float, seed: int | None = None, **kwargs: Any) -> None:
        super().__init__(rate, seed, **kwargs)

    def _noisy(self, inputs: Any) -> Any:
        stddev = math.sqrt(self.rate / (1.0 - self.rate))
        noise = stateless_normal(ops_shape(inputs), seed_pair(self.seed_generator), 1.0,
                                 stddev, dtype=self.compute_dtype)
        return tm.multiply(inputs, noise)


class AlphaDropout(Layer):
    """tf.keras's AlphaDropout, Keras's legacy layer: dropout that keeps the mean and
    variance of SELU activations (dropped units take SELU's negative saturation value,
    then an affine map restores the moments). Built when made; its rate is not checked
    and its config holds no `noise_shape`, as Keras's."""

    _keras_module = "keras._legacy.layers"

    def __init__(self, rate: float, noise_shape: Any = None, seed: int | None = None,
                 **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.rate, self.seed, self.noise_shape = rate, seed, noise_shape
        self.seed_generator = SeedGenerator(seed)
        self.supports_masking = True
        self.built = True

    def call(self, inputs: Any, training: Any = False) -> Any:
        if not (training and self.rate > 0):
            return inputs
        dims = ops_shape(inputs) if self.noise_shape is None else self.noise_shape
        alpha, scale = 1.6732632423543772848170429916717, 1.0507009873554804934193349852946
        alpha_p = -alpha * scale
        kept = stateless_uniform(dims, seed_pair(self.seed_generator), 0.0, 1.0)
        kept = cast(tm.greater_equal(kept, self.rate), inputs.dtype)
        a = ((1 - self.rate) * (1 + self.rate * alpha_p**2)) ** -0.5
        b = -a * alpha_p * self.rate
        # (operators, as Keras's: a Python scalar first in tm.subtract would be an int32
        # or float32 tensor of its own, which a traced call refuses against `kept`)
        x = inputs * kept + alpha_p * (1 - kept)
        return a * x + b

    def get_config(self) -> dict:
        return {**super().get_config(), "rate": self.rate, "seed": self.seed}

    def compute_output_shape(self, input_shape: Any) -> Any:
        return input_shape
