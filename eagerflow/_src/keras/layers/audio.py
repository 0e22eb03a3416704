"""Audio preprocessing layers: MelSpectrogram and STFTSpectrogram.

Keras layer level, over keras.ops (stft, the mel filter bank built as Keras 3 builds it,
with linspace and extract_sequences; STFTSpectrogram's strided convolutions with the STFT
initializer's DFT kernels), so that the numbers are Keras's on TensorFlow.
"""

from __future__ import annotations

import math
import warnings
from typing import Any

from eagerflow._src.keras import backend as kb
from eagerflow._src.keras.engine.base_layer import Layer
from eagerflow._src.keras.engine.input_spec import InputSpec
from eagerflow._src.keras.initializers import STFT
from eagerflow._src.keras.layers._utils import normalize_data_format
from eagerflow._src.keras.layers.preprocessing_lookup import PreprocessingLayer
from eagerflow._src.keras.ops import dtypes as kd
from eagerflow._src.keras.ops import math as kmath
from eagerflow._src.keras.ops import numpy_array as kn
from eagerflow._src.keras.ops import numpy_linear as kl
from eagerflow._src.keras.ops import numpy_math as km
from eagerflow._src.keras.ops import numpy_reduce as kr
from eagerflow._src.keras.ops.nn_conv import conv
from eagerflow._src.keras.utils.conv_utils import conv_output_length
from eagerflow._src.ops.math_base import cast

MEL_BREAK_FREQUENCY_HERTZ = 700.0
MEL_HIGH_FREQUENCY_Q = 1127.0


def hertz_to_mel(hertz: Any) -> Any:
    return MEL_HIGH_FREQUENCY_Q * km.log(1.0 + hertz / MEL_BREAK_FREQUENCY_HERTZ)


def linear_to_mel_weight_matrix(num_mel_bins: int = 20, num_spectrogram_bins: int = 129,
                                sampling_rate: float = 8000, lower_edge_hertz: float = 125.0,
                                upper_edge_hertz: float = 3800.0,
                                dtype: str = "float32") -> Any:
    """[num_spectrogram_bins, num_mel_bins]: triangular mel filters over the linear
    frequency bins (the DC bin weighs zero), as tf.signal's and Keras's."""
    zero = kd.to_tensor(0.0, dtype)
    nyquist = cast(sampling_rate, dtype) / 2.0
    frequencies = kn.linspace(zero, nyquist, num_spectrogram_bins)[1:]
    bins_mel = kn.expand_dims(hertz_to_mel(frequencies), 1)
    edges = kmath.extract_sequences(
        kn.linspace(hertz_to_mel(kd.to_tensor(lower_edge_hertz, dtype)),
                    hertz_to_mel(kd.to_tensor(upper_edge_hertz, dtype)), num_mel_bins + 2),
        sequence_length=3, sequence_stride=1)
    lower, center, upper = (kn.reshape(t, [1, num_mel_bins]) for t in kn.split(edges, 3, 1))
    rising = (bins_mel - lower) / (center - lower)
    falling = (upper - bins_mel) / (upper - center)
    weights = km.maximum(zero, km.minimum(rising, falling))
    return kn.pad(weights, [[1, 0], [0, 0]])


class MelSpectrogram(PreprocessingLayer):
    """`MelSpectrogram(fft_length=2048, sequence_stride=512, sequence_length=None,
    window='hann', sampling_rate=16000, num_mel_bins=128, min_freq=20.0, max_freq=None,
    power_to_db=True, top_db=80.0, mag_exp=2.0, min_power=1e-10, ref_power=1.0)`:
    [batch, samples] audio to [batch, num_mel_bins, frames] (a centred STFT's magnitude
    to the power mag_exp, through the mel filters, in decibels when power_to_db)."""

    def __init__(self, fft_length: int = 2048, sequence_stride: int = 512,
                 sequence_length: int | None = None, window: str = "hann",
                 sampling_rate: int = 16000, num_mel_bins: int = 128, min_freq: float = 20.0,
                 max_freq: float | None = None, power_to_db: bool = True, top_db: float = 80.0,
                 mag_exp: float = 2.0, min_power: float = 1e-10, ref_power: float = 1.0,
                 **kwargs: Any) -> None:
        self.fft_length = fft_length
        self.sequence_stride = sequence_stride
        self.sequence_length = sequence_length or fft_length
        if self.fft_length < self.sequence_length:
            raise ValueError("`fft_length` must be greater than or equal to   "
                             f"`sequence_length`. Received: `sequence_length`="
                             f"{self.sequence_length}, `fft_length`={self.fft_length}.")
        self.window = window
        self.sampling_rate = sampling_rate
        self.num_mel_bins = num_mel_bins
        self.min_freq = min_freq
        self.max_freq = max_freq or int(sampling_rate / 2)
        self.power_to_db = power_to_db
        self.top_db, self.mag_exp = top_db, mag_exp
        self.min_power, self.ref_power = min_power, ref_power
        super().__init__(**kwargs)

    def call(self, inputs: Any) -> Any:
        dtype = self.compute_dtype if self.compute_dtype in ("float32", "float64") \
            else "float32"
        x = kd.cast(kd.to_tensor(inputs), dtype)
        real, imag = kmath.stft(x, sequence_length=self.sequence_length,
                                sequence_stride=self.sequence_stride,
                                fft_length=self.fft_length, window=self.window, center=True)
        power = km.power(km.sqrt(km.add(km.square(real), km.square(imag))), self.mag_exp)
        filters = linear_to_mel_weight_matrix(self.num_mel_bins, power.shape[-1],
                                              self.sampling_rate, self.min_freq,
                                              self.max_freq)
        out = kl.tensordot(power, filters, axes=1)
        if self.power_to_db:
            out = self._decibels(out)
        return kd.cast(kn.swapaxes(out, -1, -2), self.compute_dtype)

    def _decibels(self, power: Any) -> Any:
        db = 10.0 * km.log10(km.maximum(power, self.min_power))
        ref = km.abs(kd.to_tensor(self.ref_power))
        db = db - 10.0 * km.log10(km.maximum(ref, self.min_power))
        return km.maximum(db, kr.max(db) - self.top_db)

    def compute_output_shape(self, input_shape: Any) -> list:
        def frames(n: Any) -> Any:
            return None if n is None else (n + self.sequence_stride + 1) // self.sequence_stride

        if len(input_shape) == 1:
            return [self.num_mel_bins, frames(input_shape[0])]
        return [input_shape[0], self.num_mel_bins, frames(input_shape[1])]

    def get_config(self) -> dict:
        return {**super().get_config(), "fft_length": self.fft_length,
                "sequence_stride": self.sequence_stride,
                "sequence_length": self.sequence_length, "window": self.window,
                "sampling_rate": self.sampling_rate, "num_mel_bins": self.num_mel_bins,
                "min_freq": self.min_freq, "max_freq": self.max_freq,
                "power_to_db": self.power_to_db, "top_db": self.top_db,
                "mag_exp": self.mag_exp, "min_power": self.min_power,
                "ref_power": self.ref_power}


STFT_MODES = ["log", "magnitude", "psd", "real", "imag", "angle", "stft"]


class STFTSpectrogram(Layer):
    """`STFTSpectrogram(mode='log', frame_length=256, frame_step=None, fft_length=None,
    window='hann', periodic=False, scaling='density', padding='valid', expand_dims=False)`:
    [batch, time, channels] signals to their short-time Fourier transforms, computed as
    strided convolutions with the DFT kernels (weights `real_kernel`/`imag_kernel`)."""

    def __init__(self, mode: str = "log", frame_length: int = 256,
                 frame_step: int | None = None, fft_length: int | None = None,
                 window: Any = "hann", periodic: bool = False, scaling: str | None = "density",
                 padding: str = "valid", expand_dims: bool = False,
                 data_format: str | None = None, **kwargs: Any) -> None:
        if frame_step is not None and (frame_step > frame_length or frame_step < 1):
            raise ValueError("`frame_step` should be a positive integer not greater than "
                             f"`frame_length`. Received frame_step={frame_step}, "
                             f"frame_length={frame_length}")
        if fft_length is not None and fft_length < frame_length:
            raise ValueError("`fft_length` should be not less than `frame_length`. Received "
                             f"fft_length={fft_length}, frame_length={frame_length}")
        if fft_length is not None and fft_length & -fft_length != fft_length:
            warnings.warn("`fft_length` is recommended to be a power of two. Received "
                          f"fft_length={fft_length}", stacklevel=2)
        if mode not in STFT_MODES:
            raise ValueError(f"Output mode is invalid, it must be one of "
                             f"{', '.join(STFT_MODES)}. Received: mode={mode}")
        if scaling is not None and scaling not in ["density", "spectrum"]:
            raise ValueError("Scaling is invalid, it must be `None`, 'density' or 'spectrum'. "
                             f"Received scaling={scaling}")
        if padding not in ["valid", "same"]:
            raise ValueError("Padding is invalid, it should be 'valid', 'same'. Received: "
                             f"padding={padding}")
        super().__init__(**kwargs)
        self.mode, self.frame_length, self.frame_step = mode, frame_length, frame_step
        self._frame_step = frame_step or frame_length // 2
        self.fft_length = fft_length
        self._fft_length = fft_length or 2 ** int(math.ceil(math.log2(frame_length)))
        self.window, self.periodic, self.scaling = window, periodic, scaling
        self.padding, self.expand_dims = padding, expand_dims
        self.data_format = normalize_data_format(data_format)
        self.input_spec = InputSpec(ndim=3)

    def build(self, input_shape: Any) -> None:
        shape = (self.frame_length, 1, self._fft_length // 2 + 1)
        for side in ("real", "imag"):
            if self.mode != {"real": "imag", "imag": "real"}[side]:
                setattr(self, f"{side}_kernel", self.add_weight(
                    name=f"{side}_kernel", shape=shape,
                    initializer=STFT(side, self.window, self.scaling, self.periodic)))
        self.built = True

    def _conv(self, inputs: Any, kernel: Any) -> Any:
        """[batch, channels, bins, frames]: each channel's frames through the kernel."""
        last = self.data_format == "channels_last"
        dims = inputs.shape.as_list()
        channels, steps = (dims[2], dims[1]) if last else (dims[1], dims[2])
        x = kn.transpose(inputs, [0, 2, 1]) if last else inputs
        x = kn.reshape(x, [-1, steps, 1] if last else [-1, 1, steps])
        out = conv(x, kd.cast(kernel, x.dtype), padding=self.padding, strides=self._frame_step,
                   data_format=self.data_format)
        if last:
            out = kn.transpose(out, [0, 2, 1])
        bins, frames = out.shape.as_list()[1:]
        return kn.reshape(out, [-1, channels, bins, frames])

    def _arrange(self, x: Any) -> Any:
        """[batch, channels, bins, frames] to the layer's output layout."""
        _, channels, bins, frames = x.shape.as_list()
        if self.expand_dims:
            return kn.transpose(x, [0, 3, 2, 1] if self.data_format == "channels_last"
                                else [0, 1, 3, 2])
        x = kn.reshape(x, [-1, channels * bins, frames])
        return kn.transpose(x, [0, 2, 1]) if self.data_format == "channels_last" else x

    def call(self, inputs: Any) -> Any:
        if inputs.dtype.name not in {"float16", "float32", "float64"}:
            raise TypeError("Invalid input type. Expected `float16`, `float32` or `float64`. "
                            f"Received: input type={inputs.dtype}")
        real = None if self.mode == "imag" else self._conv(inputs, self.real_kernel)
        imag = None if self.mode == "real" else self._conv(inputs, self.imag_kernel)
        if self.mode in ("real", "imag"):
            return self._arrange(real if self.mode == "real" else imag)
        if self.mode == "angle":
            return self._arrange(km.arctan2(imag, real))
        if self.mode == "stft":
            return self._arrange(kn.concatenate([real, imag], axis=2))
        power = km.square(real) + km.square(imag)
        if self.mode == "psd":
            return self._arrange(power + kn.pad(power[:, :, 1:-1, :],
                                                [[0, 0], [0, 0], [1, 1], [0, 0]]))
        magnitude = self._arrange(km.sqrt(km.maximum(power, kb.epsilon())))
        if self.mode == "magnitude":
            return magnitude
        return km.log(km.maximum(magnitude, kb.epsilon()))

    def compute_output_shape(self, input_shape: Any) -> tuple:
        last = self.data_format == "channels_last"
        batch = input_shape[0]
        steps, channels = (input_shape[1], input_shape[2]) if last else \
            (input_shape[2], input_shape[1])
        bins = (self._fft_length // 2 + 1) * (2 if self.mode == "stft" else 1)
        frames = conv_output_length(steps, self.frame_length, self.padding, self._frame_step)
        if self.expand_dims:
            return (batch, frames, bins, channels) if last else (batch, channels, frames, bins)
        return (batch, frames, bins * channels) if last else (batch, bins * channels, frames)

    def get_config(self) -> dict:
        return {**super().get_config(), "mode": self.mode, "frame_length": self.frame_length,
                "frame_step": self.frame_step, "fft_length": self.fft_length,
                "window": self.window, "periodic": self.periodic, "scaling": self.scaling,
                "padding": self.padding, "data_format": self.data_format,
                "expand_dims": self.expand_dims}
