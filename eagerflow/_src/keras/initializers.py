"""Keras initializers: callables `(shape, dtype) -> Tensor` giving weights their first values.

Sits on backend and serialization. As in Keras 3 on TensorFlow, a random initializer
without a seed takes one from Python's `random` module when it is made (so
keras.utils.set_random_seed, which seeds that module, fixes every layer's initial
weights) and draws TF's stateless ops with the seed pair [seed mod (2**31 - 2), 0]: the
same instance gives the same values on every call, bit for bit TF's.
"""

from __future__ import annotations

import math
from typing import Any

import numpy as np

from eagerflow._src.core import dtypes as dt
from eagerflow._src.core.shape import TensorShape
from eagerflow._src.core.tensor import Tensor, convert_to_tensor
from eagerflow._src.keras import backend as kb
from eagerflow._src.keras import serialization as ser
from eagerflow._src.keras import variables
from eagerflow._src.keras.random_seeds import SeedGenerator, make_default_seed, seed_pair
from eagerflow._src.ops import linalg_decomp
from eagerflow._src.ops import random_stateless as rs
from eagerflow._src.ops.array import ones as tf_ones
from eagerflow._src.ops.array import zeros as tf_zeros
from eagerflow._src.ops.initializers import fans
from eagerflow._src.ops.math import multiply
from eagerflow._src.ops.math_base import cast


def _shape_tuple(shape: Any) -> tuple:
    if isinstance(shape, Tensor):
        shape = shape.numpy().tolist()
    return tuple(TensorShape(shape).as_list())


def _float_dtype(dtype: Any, who: str) -> dt.DType:
    d = kb.standardize_dtype(dtype)
    if not d.is_floating:
        raise ValueError(f"Expected floating point type, got {d.name}")
    return d


def _draw_dtype(dtype: Any) -> dt.DType:
    """The dtype a random initializer draws in, unchecked as Keras 3 leaves it: TF's random
    op then refuses what it cannot draw (an integer normal: converting its mean fails)."""
    return kb.standardize_dtype(dtype)


def _wrap(value: np.ndarray, dtype: dt.DType) -> Tensor:
    return convert_to_tensor(np.asarray(value, dtype=dtype.as_numpy_dtype), dtype=dtype)


def compute_fans(shape: tuple, input_axes: Any = None, output_axes: Any = None) -> tuple:
    """(fan_in, fan_out) of a weight shape, as Keras counts them (the products over
    `input_axes` and `output_axes` when both are given)."""
    shape = tuple(shape)
    if input_axes is not None and output_axes is not None:
        return (int(np.prod([shape[a] for a in input_axes])),
                int(np.prod([shape[a] for a in output_axes])))
    fan_in, fan_out = fans(shape)
    return int(fan_in), int(fan_out)  # (Keras 3's ints: an unknown size refused by int())


class Initializer:
    """Base class: subclasses implement `__call__(shape, dtype=None, **kwargs)`."""

    def __call__(self, shape: Any, dtype: Any = None, **kwargs: Any) -> Tensor:
        raise NotImplementedError(f"Initializer {type(self).__name__} does not implement "
                                  "__call__().")

    def get_config(self) -> dict:
        return {}

    @classmethod
    def from_config(cls, config: dict) -> Initializer:
        config = dict(config)
        config.pop("dtype", None)
        return cls(**config)

    def clone(self) -> Initializer:
        return type(self).from_config(self.get_config())


class Zeros(Initializer):
    def __call__(self, shape: Any, dtype: Any = None, **kwargs: Any) -> Tensor:
        d = kb.standardize_dtype(dtype)
        if d is dt.string:  # (Keras 3's ops.zeros: TF's empty strings)
            return tf_zeros(_shape_tuple(shape), d)
        return _wrap(np.zeros(_shape_tuple(shape)), d)


class Ones(Initializer):
    def __call__(self, shape: Any, dtype: Any = None, **kwargs: Any) -> Tensor:
        d = kb.standardize_dtype(dtype)
        if d is dt.string:  # (Keras 3's ops.ones: TF's TypeError converting 1)
            return tf_ones(_shape_tuple(shape), d)
        return _wrap(np.ones(_shape_tuple(shape)), d)


class Constant(Initializer):
    def __init__(self, value: Any = 0.0) -> None:
        self.value = value

    def __call__(self, shape: Any, dtype: Any = None, **kwargs: Any) -> Tensor:
        d = kb.standardize_dtype(dtype)
        v = np.asarray(self.value.numpy() if hasattr(self.value, "numpy") else self.value)
        if v.dtype == np.float64 and not isinstance(self.value, (np.ndarray, np.generic)) \
                and not hasattr(self.value, "numpy"):
            # Keras casts the value as TF converts a Python float, to float32 first: a
            # float64 weight of Constant(1.3) is float32's 1.29999995
            v = v.astype(np.float32)
        shape = _shape_tuple(shape)
        if d is dt.string or v.dtype.kind in "SU":  # (Keras 3's cast of the value times
            # ones: TF's errors, a string cast to a number refused by TF's Cast)
            return multiply(cast(convert_to_tensor(self.value), d), tf_ones(shape, d))
        value = _wrap(v, d)
        try:
            np.broadcast_shapes(v.shape, shape)
        except ValueError:  # (Keras 3 multiplies the value by ones of the shape: TF's Mul)
            return multiply(value, _wrap(np.ones(shape), d))
        return _wrap(v * np.ones(shape, v.dtype), d)

    def get_config(self) -> dict:
        # (an array or tensor value as Keras 3 serializes it: a '__numpy__'/'__tensor__' dict)
        return {"value": ser.serialize_keras_object(self.value)}

    @classmethod
    def from_config(cls, config: dict) -> Constant:
        # the value read by key, as Keras 3's: get("constant"), an empty config, is KeyError
        return cls(ser.deserialize_keras_object(config["value"]))


class _Random(Initializer):
    def __init__(self, seed: int | None = None) -> None:
        if seed is not None and not isinstance(seed, SeedGenerator) and (
                not isinstance(seed, int) or isinstance(seed, bool)):
            raise ValueError("`seed` argument should be an instance of "
                             "`keras.random.SeedGenerator()` or an integer. Received: "
                             f"seed={seed}")
        self._init_seed = seed  # what the config holds
        self.seed = make_default_seed() if seed is None else seed  # what the draws use

    def get_config(self) -> dict:
        return {"seed": self._init_seed}


class RandomNormal(_Random):
    def __init__(self, mean: float = 0.0, stddev: float = 0.05, seed: int | None = None) -> None:
        super().__init__(seed)
        self.mean, self.stddev = mean, stddev

    def __call__(self, shape: Any, dtype: Any = None, **kwargs: Any) -> Tensor:
        d = _draw_dtype(dtype)
        return rs.stateless_normal(_shape_tuple(shape), seed_pair(self.seed), self.mean,
                                   self.stddev, dtype=d)

    def get_config(self) -> dict:
        return {"seed": self._init_seed, "mean": self.mean, "stddev": self.stddev}


class RandomUniform(_Random):
    def __init__(self, minval: float = -0.05, maxval: float = 0.05,
                 seed: int | None = None) -> None:
        super().__init__(seed)
        self.minval, self.maxval = minval, maxval

    def __call__(self, shape: Any, dtype: Any = None, **kwargs: Any) -> Tensor:
        d = _draw_dtype(dtype)
        return _uniform(_shape_tuple(shape), self.minval, self.maxval, d, self.seed)

    def get_config(self) -> dict:
        return {"seed": self._init_seed, "minval": self.minval, "maxval": self.maxval}


def _uniform(shape: tuple, minval: Any, maxval: Any, d: dt.DType, seed: Any) -> Tensor:
    """keras.random.uniform on TF: the bounds cast to the dtype, then a stateless draw."""
    lo, hi = cast(convert_to_tensor(minval), d), cast(convert_to_tensor(maxval), d)
    return rs.stateless_uniform(shape, seed_pair(seed), lo, hi, dtype=d)


class TruncatedNormal(_Random):
    def __init__(self, mean: float = 0.0, stddev: float = 0.05, seed: int | None = None) -> None:
        super().__init__(seed)
        self.mean, self.stddev = mean, stddev

    def __call__(self, shape: Any, dtype: Any = None, **kwargs: Any) -> Tensor:
        d = _draw_dtype(dtype)
        return rs.stateless_truncated_normal(_shape_tuple(shape), seed_pair(self.seed),
                                             self.mean, self.stddev, dtype=d)

    def get_config(self) -> dict:
        return {"seed": self._init_seed, "mean": self.mean, "stddev": self.stddev}


class VarianceScaling(_Random):
    def __init__(self, scale: float = 1.0, mode: str = "fan_in",
                 distribution: str = "truncated_normal", seed: int | None = None,
                 input_axes: Any = None, output_axes: Any = None) -> None:
        if scale <= 0.0:
            raise ValueError(f"Argument `scale` must be positive float. Received: scale={scale}")
        allowed_modes = {"fan_in", "fan_out", "fan_avg"}
        if mode not in allowed_modes:
            raise ValueError(f"Invalid `mode` argument: {mode}. Please use one of "
                             f"{allowed_modes}")
        distribution = distribution.lower()
        if distribution == "normal":
            distribution = "truncated_normal"
        allowed = {"uniform", "truncated_normal", "untruncated_normal"}
        if distribution not in allowed:
            raise ValueError(f"Invalid `distribution` argument: {distribution}."
                             f"Please use one of {allowed}")
        self.scale, self.mode, self.distribution = scale, mode, distribution
        self.input_axes, self.output_axes = input_axes, output_axes
        # the seed drawn last, as Keras 3's: a refused argument draws no default seed, so
        # it leaves the Python generator (and later unseeded initializers) as it was
        super().__init__(seed)

    def __call__(self, shape: Any, dtype: Any = None, **kwargs: Any) -> Tensor:
        d = _draw_dtype(dtype)
        shape = _shape_tuple(shape)
        fan_in, fan_out = compute_fans(shape, self.input_axes, self.output_axes)
        scale = self.scale
        if self.mode == "fan_in":
            scale /= max(1.0, fan_in)
        elif self.mode == "fan_out":
            scale /= max(1.0, fan_out)
        else:
            scale /= max(1.0, (fan_in + fan_out) / 2.0)
        pair = seed_pair(self.seed)
        if self.distribution == "truncated_normal":
            # the stddev of a unit normal truncated at 2 sigma is 0.8796...
            return rs.stateless_truncated_normal(shape, pair, 0.0,
                                                 math.sqrt(scale) / 0.87962566103423978, d)
        if self.distribution == "untruncated_normal":
            return rs.stateless_normal(shape, pair, 0.0, math.sqrt(scale), d)
        limit = math.sqrt(3.0 * scale)
        return _uniform(shape, -limit, limit, d, self.seed)

    def get_config(self) -> dict:
        return {"seed": self._init_seed, "scale": self.scale, "mode": self.mode,
                "distribution": self.distribution, "input_axes": self.input_axes,
                "output_axes": self.output_axes}


def _preset(name: str, scale: float, mode: str, distribution: str) -> type:
    def __init__(self: Any, seed: int | None = None, input_axes: Any = None,  # noqa: N807
                 output_axes: Any = None) -> None:
        VarianceScaling.__init__(self, scale=scale, mode=mode, distribution=distribution,
                                 seed=seed, input_axes=input_axes, output_axes=output_axes)

    def get_config(self: Any) -> dict:
        return {"seed": self._init_seed, "input_axes": self.input_axes,
                "output_axes": self.output_axes}

    return type(name, (VarianceScaling,), {"__init__": __init__, "get_config": get_config,
                                           "__doc__": f"VarianceScaling({scale}, {mode!r}, "
                                                      f"{distribution!r})."})


GlorotUniform = _preset("GlorotUniform", 1.0, "fan_avg", "uniform")
GlorotNormal = _preset("GlorotNormal", 1.0, "fan_avg", "truncated_normal")
HeNormal = _preset("HeNormal", 2.0, "fan_in", "truncated_normal")
HeUniform = _preset("HeUniform", 2.0, "fan_in", "uniform")
LecunNormal = _preset("LecunNormal", 1.0, "fan_in", "truncated_normal")
LecunUniform = _preset("LecunUniform", 1.0, "fan_in", "uniform")
for _c in (GlorotUniform, GlorotNormal, HeNormal, HeUniform, LecunNormal, LecunUniform):
    _c.__module__ = __name__


class Orthogonal(_Random):
    def __init__(self, gain: float = 1.0, seed: int | None = None) -> None:
        super().__init__(seed)
        self.gain = gain

    def __call__(self, shape: Any, dtype: Any = None, **kwargs: Any) -> Tensor:
        d = _draw_dtype(dtype)
        shape = _shape_tuple(shape)
        if len(shape) < 2:
            raise ValueError("The tensor to initialize must be at least two-dimensional. "
                             f"Received: shape={shape} of rank {len(shape)}.")
        rows = int(np.prod(shape[:-1]))
        cols = shape[-1]
        a = rs.stateless_normal((max(rows, cols), min(rows, cols)), seed_pair(self.seed),
                                dtype=d)
        # (TF's Qr: its errors, as a bfloat16's, and its numbers)
        q, r = (t.numpy() for t in linalg_decomp.qr(a))
        q = q * np.sign(np.diag(r))
        if rows < cols:
            q = q.T
        return _wrap(self.gain * q.reshape(shape), d)

    def get_config(self) -> dict:
        return {"seed": self._init_seed, "gain": self.gain}


class Identity(Initializer):
    def __init__(self, gain: float = 1.0) -> None:
        self.gain = gain

    def __call__(self, shape: Any, dtype: Any = None, **kwargs: Any) -> Tensor:
        d = kb.standardize_dtype(dtype)
        shape = _shape_tuple(shape)
        if len(shape) != 2:
            raise ValueError("Identity matrix initializer can only be used for 2D matrices. "
                             f"Received: shape={shape} of rank {len(shape)}.")
        if not d.is_floating:  # (Keras 3 multiplies an eye of `d` by the gain: TF converts
            convert_to_tensor(self.gain, dtype=d)  # the gain to `d`, refusing 1.0 for ints)
        return _wrap(self.gain * np.eye(*shape), d)


def _scipy_window(window: str, length: int, fftbins: bool = True) -> np.ndarray:
    """scipy.signal.get_window (scipy is an optional dependency, as in Keras's)."""
    try:
        from scipy import signal
    except ImportError as e:  # pragma: no cover - scipy is in the test extra
        raise ImportError("The STFT initializer and STFTSpectrogram need scipy "
                          "(`pip install eagerflow[scipy]`).") from e
    return signal.get_window(window, length, fftbins)


class STFT(Initializer):
    """`STFT(side='real', window='hann', scaling='density', periodic=False)`: the
    [frame_length, channels, bins] kernel of a windowed DFT's real (cos) or imaginary
    (-sin) part, for STFTSpectrogram's convolutions."""

    def __init__(self, side: str = "real", window: Any = "hann",
                 scaling: str | None = "density", periodic: bool = False) -> None:
        if side not in ["real", "imag"]:
            raise ValueError(f"side should be 'real' or 'imag', not {side}")
        if isinstance(window, str):
            _scipy_window(window, 1)
        if scaling is not None and scaling not in ["density", "spectrum"]:
            raise ValueError("Scaling is invalid, it must be `None`, 'density' or 'spectrum'. "
                             f"Received scaling={scaling}")
        self.side, self.window, self.scaling, self.periodic = side, window, scaling, periodic

    def __call__(self, shape: Any, dtype: Any = None, **kwargs: Any) -> Tensor:
        d = _float_dtype(dtype, "STFT")
        frame_length, _, bins = _shape_tuple(shape)
        work = np.dtype(d.as_numpy_dtype)
        time = np.arange(frame_length, dtype=work).reshape(frame_length, 1, 1)
        freq = np.arange(bins, dtype=work).reshape(1, 1, bins) / work.type((bins - 1) * 2)
        args = (work.type(-2) * time) * freq * np.arccos(work.type(-1))
        kernel = np.cos(args) if self.side == "real" else np.sin(args)
        if self.window is not None:
            win = self.window
            if isinstance(win, str):  # (Keras passes `periodic` as scipy's fftbins)
                win = _scipy_window(win, frame_length, self.periodic)
            win = np.asarray(win, work)
            if win.ndim != 1 or win.shape[-1] != frame_length:
                raise ValueError("The shape of `window` must be equal to [frame_length]."
                                 f"Received: window shape={win.shape}")
            win = win.reshape(frame_length, 1, 1)
            scale = {"density": np.sqrt(np.sum(np.square(win))),
                     "spectrum": np.sum(np.abs(win)), None: work.type(1)}[self.scaling]
            kernel = kernel * win / scale
        return _wrap(kernel.astype(work), d)

    def get_config(self) -> dict:
        return {"side": self.side, "window": self.window, "periodic": self.periodic,
                "scaling": self.scaling}


_TABLE = {
    "Zeros": Zeros, "Ones": Ones, "Constant": Constant, "RandomNormal": RandomNormal,
    "RandomUniform": RandomUniform, "TruncatedNormal": TruncatedNormal,
    "VarianceScaling": VarianceScaling, "GlorotUniform": GlorotUniform,
    "GlorotNormal": GlorotNormal, "HeNormal": HeNormal, "HeUniform": HeUniform,
    "LecunNormal": LecunNormal, "LecunUniform": LecunUniform, "Orthogonal": Orthogonal,
    "Identity": Identity, "STFT": STFT, "stft": STFT,
    "zeros": Zeros, "ones": Ones, "constant": Constant, "random_normal": RandomNormal,
    "random_uniform": RandomUniform, "truncated_normal": TruncatedNormal,
    "variance_scaling": VarianceScaling, "glorot_uniform": GlorotUniform,
    "glorot_normal": GlorotNormal, "he_normal": HeNormal, "he_uniform": HeUniform,
    "lecun_normal": LecunNormal, "lecun_uniform": LecunUniform, "orthogonal": Orthogonal,
    "identity": Identity, "uniform": RandomUniform, "normal": RandomNormal,
    "zero": Zeros, "one": Ones,
}


def serialize(initializer: Any) -> Any:
    return ser.serialize_keras_object(initializer)


def deserialize(config: Any, custom_objects: dict | None = None) -> Any:
    return ser.deserialize_keras_object(config, module_objects=_TABLE,
                                        custom_objects=custom_objects)


def get(identifier: Any) -> Any:
    """An initializer from a name, a config dict, an instance, a class or a callable."""
    return ser.get_from(identifier, _TABLE, deserialize, "initializer", by_config=True)


variables.register_initializers(get)  # keras.Variable(initializer="zeros", ...)
