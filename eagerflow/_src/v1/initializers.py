"""TF 1's initializers (`tf.compat.v1.zeros_initializer`, `glorot_uniform_initializer`, ...).

Sits in v1/, over ops/initializers.py and the random ops. TF 1's take their dtype when
made (`Zeros(dtype=tf.float32)`) and are called as `init(shape, dtype=None,
partition_info=None)`, which is how get_variable calls them; the random ones draw with
the stateful random ops (TF 1's `seed` is an op seed), so in a graph they draw each time
their variable's initializer runs.
"""

from __future__ import annotations

import math
from typing import Any

import numpy as np

from eagerflow._src.core import dtypes as dt
from eagerflow._src.core.tf_logging import deprecated_call
from eagerflow._src.ops.array import constant, ones, reshape, transpose, zeros
from eagerflow._src.ops.initializers import fans
from eagerflow._src.ops.linalg import diag_part
from eagerflow._src.ops.linalg_decomp import qr
from eagerflow._src.ops.math import sign
from eagerflow._src.ops.random import normal, set_seed, truncated_normal, uniform


def set_random_seed(seed: Any) -> None:
    """`tf.compat.v1.set_random_seed`: the seed of the default graph (its random ops'
    graph-level seed, with an op seed counted per graph), or eagerly tf.random.set_seed."""
    set_seed(seed)


class Initializer:
    """TF 1's initializer base: `(shape, dtype=None, partition_info=None) -> Tensor`."""

    def __call__(self, shape: Any, dtype: Any = None, partition_info: Any = None) -> Any:
        raise NotImplementedError

    def get_config(self) -> dict:
        return {}

    @classmethod
    def from_config(cls, config: dict) -> Initializer:
        config = dict(config)
        if "dtype" in config:
            config["dtype"] = dt.as_dtype(config["dtype"])
        return cls(**config)


def _dtype(own: dt.DType, given: Any) -> dt.DType:
    return own if given is None else dt.as_dtype(given)


def _float_dtype(dtype: Any) -> dt.DType:
    """The dtype of an initializer that draws or scales floats, checked when it is made."""
    dtype = dt.as_dtype(dtype)
    if not dtype.is_floating:
        raise ValueError(f"Argument `dtype` is expected to be floating point. Received: "
                         f"{dtype}.")
    return dtype


class Zeros(Initializer):
    def __init__(self, dtype: Any = dt.float32) -> None:
        self.dtype = dt.as_dtype(dtype)

    def __call__(self, shape: Any, dtype: Any = None, partition_info: Any = None) -> Any:
        return zeros(shape, _dtype(self.dtype, dtype))

    def get_config(self) -> dict:
        return {"dtype": self.dtype.name}


class Ones(Zeros):
    def __call__(self, shape: Any, dtype: Any = None, partition_info: Any = None) -> Any:
        return ones(shape, _dtype(self.dtype, dtype))


class Constant(Initializer):
    def __init__(self, value: Any = 0, dtype: Any = dt.float32, verify_shape: bool = False
                 ) -> None:
        if not (np.isscalar(value) or isinstance(value, (list, tuple, np.ndarray))):
            raise TypeError(f"Invalid type for initial value: {type(value).__name__} (expected "
                            "Python scalar, list or tuple of values, or numpy.ndarray).")
        self.value = value
        self.dtype = dt.as_dtype(dtype)
        self._verify_shape = verify_shape

    def __call__(self, shape: Any, dtype: Any = None, partition_info: Any = None,
                 verify_shape: Any = None) -> Any:
        return constant(self.value, dtype=_dtype(self.dtype, dtype), shape=shape)

    def get_config(self) -> dict:
        return {"value": self.value, "dtype": self.dtype.name}


class RandomUniform(Initializer):
    def __init__(self, minval: Any = 0.0, maxval: Any = None, seed: Any = None,
                 dtype: Any = dt.float32) -> None:
        self.minval, self.maxval, self.seed = minval, maxval, seed
        self.dtype = dt.as_dtype(dtype)

    def __call__(self, shape: Any, dtype: Any = None, partition_info: Any = None) -> Any:
        return uniform(shape, self.minval, self.maxval, _dtype(self.dtype, dtype), self.seed)

    def get_config(self) -> dict:
        return {"minval": self.minval, "maxval": self.maxval, "seed": self.seed,
                "dtype": self.dtype.name}


class RandomNormal(Initializer):
    def __init__(self, mean: Any = 0.0, stddev: Any = 1.0, seed: Any = None,
                 dtype: Any = dt.float32) -> None:
        self.mean, self.stddev, self.seed = mean, stddev, seed
        self.dtype = _float_dtype(dtype)

    def __call__(self, shape: Any, dtype: Any = None, partition_info: Any = None) -> Any:
        return normal(shape, self.mean, self.stddev, _dtype(self.dtype, dtype), self.seed)

    def get_config(self) -> dict:
        return {"mean": self.mean, "stddev": self.stddev, "seed": self.seed,
                "dtype": self.dtype.name}


class TruncatedNormal(RandomNormal):
    def __call__(self, shape: Any, dtype: Any = None, partition_info: Any = None) -> Any:
        return truncated_normal(shape, self.mean, self.stddev, _dtype(self.dtype, dtype),
                                self.seed)


class VarianceScaling(Initializer):
    def __init__(self, scale: float = 1.0, mode: str = "fan_in",
                 distribution: str = "truncated_normal", seed: Any = None,
                 dtype: Any = dt.float32) -> None:
        if scale <= 0.0:
            raise ValueError("`scale` must be positive float.")
        if mode not in {"fan_in", "fan_out", "fan_avg"}:
            raise ValueError(f"Invalid `mode` argument: {mode}")
        distribution = distribution.lower()
        if distribution not in {"normal", "uniform", "truncated_normal", "untruncated_normal"}:
            raise ValueError(f"Invalid `distribution` argument: {distribution}")
        self.scale, self.mode, self.distribution, self.seed = scale, mode, distribution, seed
        self.dtype = _float_dtype(dtype)

    def __call__(self, shape: Any, dtype: Any = None, partition_info: Any = None) -> Any:
        d = _dtype(self.dtype, dtype)
        # (a partition's scale is the whole variable's)
        fan_in, fan_out = fans(list(shape if partition_info is None
                                     else partition_info.full_shape))
        fan = {"fan_in": fan_in, "fan_out": fan_out, "fan_avg": (fan_in + fan_out) / 2.0}
        scale = self.scale / max(1.0, fan[self.mode])
        if self.distribution in ("normal", "truncated_normal"):
            # the stddev of a unit normal truncated at two standard deviations
            return truncated_normal(shape, 0.0, math.sqrt(scale) / 0.87962566103423978, d,
                                    self.seed)
        if self.distribution == "untruncated_normal":
            return normal(shape, 0.0, math.sqrt(scale), d, self.seed)
        limit = math.sqrt(3.0 * scale)
        return uniform(shape, -limit, limit, d, self.seed)

    def get_config(self) -> dict:
        return {"scale": self.scale, "mode": self.mode, "distribution": self.distribution,
                "seed": self.seed, "dtype": self.dtype.name}


class GlorotUniform(VarianceScaling):
    def __init__(self, seed: Any = None, dtype: Any = dt.float32) -> None:
        # (TF 1's drops `dtype`: its values are float32 unless a call asks otherwise)
        super().__init__(1.0, "fan_avg", "uniform", seed)

    def get_config(self) -> dict:
        return {"seed": self.seed, "dtype": self.dtype.name}


class GlorotNormal(VarianceScaling):
    def __init__(self, seed: Any = None, dtype: Any = dt.float32) -> None:
        # (TF 1's drops `dtype`: its values are float32 unless a call asks otherwise)
        super().__init__(1.0, "fan_avg", "truncated_normal", seed)

    def get_config(self) -> dict:
        return {"seed": self.seed, "dtype": self.dtype.name}


class Orthogonal(Initializer):
    def __init__(self, gain: float = 1.0, seed: Any = None, dtype: Any = dt.float32) -> None:
        self.gain, self.seed = gain, seed
        self.dtype = _float_dtype(dtype)

    def __call__(self, shape: Any, dtype: Any = None, partition_info: Any = None) -> Any:
        d = _dtype(self.dtype, dtype)
        if len(shape) < 2:
            raise ValueError("The tensor to initialize, specified by argument `shape` must be "
                             f"at least two-dimensional. Received shape={shape}")
        shape = list(shape)
        rows = int(np.prod(shape[:-1]))
        cols = shape[-1]
        flat = (max(rows, cols), min(rows, cols))
        a = normal(flat, dtype=d, seed=self.seed)
        q, r = qr(a, full_matrices=False)
        q = q * sign(diag_part(r))
        if rows < cols:
            q = transpose(q)
        return self.gain * reshape(q, shape)

    def get_config(self) -> dict:
        return {"gain": self.gain, "seed": self.seed, "dtype": self.dtype.name}


class Identity(Initializer):
    def __init__(self, gain: float = 1.0, dtype: Any = dt.float32) -> None:
        self.gain = gain
        self.dtype = _float_dtype(dtype)

    def __call__(self, shape: Any, dtype: Any = None, partition_info: Any = None) -> Any:
        shape = list(shape)
        if len(shape) != 2:
            raise ValueError("Identity matrix initializer can only be used for 2D matrices.")
        d = _dtype(self.dtype, dtype)
        return constant(np.eye(*shape) * self.gain, dtype=d)

    def get_config(self) -> dict:
        return {"gain": self.gain, "dtype": self.dtype.name}


zeros_initializer = Zeros
ones_initializer = Ones
constant_initializer = Constant
random_uniform_initializer = RandomUniform
random_normal_initializer = RandomNormal
truncated_normal_initializer = TruncatedNormal
variance_scaling_initializer = VarianceScaling
glorot_uniform_initializer = GlorotUniform
glorot_normal_initializer = GlorotNormal
orthogonal_initializer = Orthogonal
identity_initializer = Identity


class UniformUnitScaling(Initializer):
    """`tf.compat.v1.uniform_unit_scaling_initializer(factor=1.0, seed=None)`: uniform in
    +-factor*sqrt(3 / input size), the input size the product of all but the last
    dimension (a partition's: the whole variable's)."""

    def __init__(self, factor: float = 1.0, seed: Any = None, dtype: Any = dt.float32) -> None:
        # (TF's notice names its own file: its deprecation decorators are stacked)
        deprecated_call("UniformUnitScaling.__init__", "tensorflow.python.ops.init_ops",
                        "Use tf.initializers.variance_scaling instead with distribution="
                        "uniform to get equivalent behavior.", depth=1)
        self.factor, self.seed, self.dtype = factor, seed, _float_dtype(dtype)

    def __call__(self, shape: Any, dtype: Any = None, partition_info: Any = None) -> Any:
        dims = list(shape if partition_info is None else partition_info.full_shape)
        size = max(float(np.prod([float(d) for d in dims[:-1]])), 1.0)
        limit = math.sqrt(3 / size) * self.factor
        return uniform(shape, -limit, limit, _dtype(self.dtype, dtype), self.seed)

    def get_config(self) -> dict:
        return {"factor": self.factor, "seed": self.seed, "dtype": self.dtype.name}


uniform_unit_scaling_initializer = UniformUnitScaling


def he_normal(seed: Any = None) -> VarianceScaling:
    """TF 1's He normal initializer: truncated normal, variance 2 / fan_in."""
    return VarianceScaling(2.0, "fan_in", "truncated_normal", seed)


def he_uniform(seed: Any = None) -> VarianceScaling:
    """TF 1's He uniform initializer: variance 2 / fan_in."""
    return VarianceScaling(2.0, "fan_in", "uniform", seed)


def lecun_normal(seed: Any = None) -> VarianceScaling:
    """TF 1's LeCun normal initializer: truncated normal, variance 1 / fan_in."""
    return VarianceScaling(1.0, "fan_in", "truncated_normal", seed)


def lecun_uniform(seed: Any = None) -> VarianceScaling:
    """TF 1's LeCun uniform initializer: variance 1 / fan_in."""
    return VarianceScaling(1.0, "fan_in", "uniform", seed)
