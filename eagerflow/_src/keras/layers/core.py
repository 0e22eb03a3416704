"""Core layers: Dense, Activation, Dropout (and SpatialDropout1D/2D/3D), Flatten, Reshape,
Permute, RepeatVector, Lambda, Masking, Embedding, ReversibleEmbedding, ActivityRegularization,
Identity."""

from __future__ import annotations

import inspect
import warnings
from collections.abc import Callable
from typing import Any

import numpy as np

from eagerflow._src.core import dtypes as dt
from eagerflow._src.core import nest
from eagerflow._src.core.shape import TensorShape
from eagerflow._src.core.sparse_tensor import SparseTensor
from eagerflow._src.core.tensor import Tensor
from eagerflow._src.keras import activations, constraints, initializers, regularizers, tree
from eagerflow._src.keras import backend as kb
from eagerflow._src.keras import quantization_config as qconfig
from eagerflow._src.keras import serialization as ser
from eagerflow._src.keras.engine.base_layer import Layer
from eagerflow._src.keras.engine.input_spec import InputSpec
from eagerflow._src.keras.engine.keras_tensor import SymbolicTensor, set_mask
from eagerflow._src.keras.engine.layer_helpers import standardize_shape
from eagerflow._src.keras.layers import lora, quantized, quantized_reversible
from eagerflow._src.keras.layers._utils import (
    kernel_bias_config,
    normalize_data_format,
    ser_act,
    ser_con,
    ser_init,
    ser_reg,
    set_kernel_bias_args,
)
from eagerflow._src.keras.ops import dtypes as kd
from eagerflow._src.keras.ops import numpy_linear as knl
from eagerflow._src.keras.ops.core import convert_to_tensor
from eagerflow._src.keras.ops.numpy_array import take
from eagerflow._src.keras.ops.numpy_array import where as ops_where
from eagerflow._src.keras.ops.numpy_math import not_equal
from eagerflow._src.keras.ops.numpy_reduce import any as ops_any
from eagerflow._src.keras.random_seeds import SeedGenerator, seed_pair
from eagerflow._src.keras.variables import cast_operand
from eagerflow._src.ops import array as ta
from eagerflow._src.ops import math as tm
from eagerflow._src.ops import nn as tn
from eagerflow._src.ops.linalg import matmul
from eagerflow._src.ops.math_base import cast, zeros_like
from eagerflow._src.ops.stacking import stack
from eagerflow._src.ops.tiling import tile


def _dims(x: Any) -> list:
    return list(x.shape.as_list())


def _with_batch(x: Any, rest: list) -> Any:
    """The shape [batch] + rest for reshaping x, as Keras 3 writes it: an unknown batch
    read at run time (tf.shape(x)[0] packed with the rest: Shape, StridedSlice, Pack),
    so a traced graph keeps a dynamic batch as TF's does."""
    batch = _dims(x)[0]
    if batch is not None or not hasattr(x, "graph"):
        return [batch if batch is not None else -1] + list(rest)
    return stack([ta.shape(x)[0]] + [np.int32(d) for d in rest])


class Dense(lora.QuantizableWeights, Layer):
    """`Dense(units, activation=None, use_bias=True, kernel_initializer='glorot_uniform', ...)`."""

    _checkpoint_names = {"kernel": "_kernel"}  # Keras 3's attribute

    _quantized_saving = (quantized.DENSE_SPEC, "dense")
    _calibrated_quantization = True  # (GPTQ and AWQ quantize it, subclasses included)

    def __init__(self, units: int, activation: Any = None, use_bias: bool = True,
                 kernel_initializer: Any = "glorot_uniform", bias_initializer: Any = "zeros",
                 kernel_regularizer: Any = None, bias_regularizer: Any = None,
                 activity_regularizer: Any = None, kernel_constraint: Any = None,
                 bias_constraint: Any = None, lora_rank: int | None = None,
                 lora_alpha: float | None = None, quantization_config: Any = None,
                 **kwargs: Any) -> None:
        if not isinstance(units, int) or units <= 0:  # (a bool is an int, as in Keras)
            raise ValueError("Received an invalid value for `units`, expected a positive "
                             f"integer. Received: units={units}")
        super().__init__(activity_regularizer=activity_regularizer, **kwargs)
        self.units = units
        self.quantization_config = quantization_config
        lora.init_args(self, lora_rank, lora_alpha)
        set_kernel_bias_args(self, activation, use_bias, kernel_initializer, bias_initializer,
                             kernel_regularizer, bias_regularizer, kernel_constraint,
                             bias_constraint)
        self.input_spec = InputSpec(min_ndim=2)
        self.supports_masking = True

    def build(self, input_shape: Any) -> None:
        dtype = dt.as_dtype(self.dtype)
        if not (dtype.is_floating or dtype.is_complex):
            raise TypeError("A Dense layer can only be built with a floating-point dtype. "
                            f"Received: dtype={dtype.name}")
        if isinstance(input_shape, (Tensor, np.ndarray)):
            # a batch, not its shape: Keras 3 takes its last row for the kernel's first
            # dimension, which the kernel's shape then refuses
            standardize_shape((input_shape[-1], self.units))
        input_shape = TensorShape(input_shape)
        last_dim = input_shape[-1]
        if last_dim is None:  # (Keras 3 builds the kernel and its variable refuses the shape)
            raise ValueError("Shapes used to initialize variables must be fully-defined (no "
                             f"`None` dimensions). Received: shape=(None, {self.units}) for "
                             f"variable path='{self.path}/kernel'")
        self.input_spec = InputSpec(min_ndim=2, axes={-1: last_dim})
        mode = self.quantization_mode
        if mode is not None:  # (a quantized layer loaded from its config)
            quantized.dense_build(self, (last_dim, self.units), mode, self.quantization_config)
        if mode not in ("int8", "int4", *quantized.CALIBRATED_MODES):
            self.kernel = self.add_weight(name="kernel", shape=[last_dim, self.units],
                                          initializer=self.kernel_initializer,
                                          regularizer=self.kernel_regularizer,
                                          constraint=self.kernel_constraint, dtype=self.dtype,
                                          trainable=True)
        if self.use_bias:
            self.bias = self.add_weight(name="bias", shape=[self.units],
                                        initializer=self.bias_initializer,
                                        regularizer=self.bias_regularizer,
                                        constraint=self.bias_constraint, dtype=self.dtype,
                                        trainable=True)
        else:
            self.bias = None
        self.built = True
        if self.lora_rank:
            self.enable_lora(self.lora_rank)  # (Keras 3 passes no alpha here: alpha = rank)

    @property
    def kernel(self) -> Any:
        """The kernel variable (Keras 3's property: an int4 kernel unpacked, and with
        LoRA on, the LoRA product merged in)."""
        return lora.weight_view(self, "dense")

    @kernel.setter
    def kernel(self, value: Any) -> None:
        self._kernel = value

    def enable_lora(self, rank: int, lora_alpha: float | None = None,
                    a_initializer: Any = "he_uniform", b_initializer: Any = "zeros") -> None:
        """Freezes the kernel and trains `lora_alpha / rank * a @ b` added to it."""
        if self.quantization_mode == "gptq":
            raise NotImplementedError("lora is not currently supported with GPTQ "
                                      "quantization.")
        lora.enable(self, "dense", rank, lora_alpha, a_initializer, b_initializer)

    def _lora_output(self, inputs: Any, x: Any) -> Any:
        return lora.dense_output(self, inputs, x)

    def call(self, inputs: Any, training: Any = None) -> Any:
        if isinstance(inputs, (tuple, list)):
            # (Keras 3's Dense hands its input to ops.matmul, which stacks a structure of
            # tensors into one: predict_on_batch's `(x,)`, called on, gives a rank-3 result)
            inputs = convert_to_tensor(inputs)
        if inputs.dtype.name != self.compute_dtype:
            # (Keras 3's matmul promotes the input with the kernel: a string is its error)
            kd.result_type(inputs.dtype.name, self.compute_dtype)
            inputs = cast(inputs, self.compute_dtype)
        if self._dtype_policy.quantization_mode is not None:
            return quantized.dense_call(self, inputs, training)
        # (with LoRA on, merged; traced, read as keras.ops.matmul reads it: under Cast)
        kernel = cast_operand(self.kernel)
        rank = inputs.shape.rank
        if isinstance(inputs, SparseTensor):  # (keras.ops.matmul's sparse product)
            out = knl.matmul(inputs, kernel)
        elif rank == 2 or rank is None:
            out = matmul(inputs, kernel)
        else:
            shape = _dims(inputs)
            flat = ta.reshape(inputs, [-1, shape[-1]])
            if shape[:-1].count(None) <= 1:
                target: Any = [-1 if d is None else d for d in shape[:-1]] + [self.units]
            else:  # (leading axes known only when run: the inputs' own, taken then)
                target = ta.concat([ta.shape(inputs)[:-1], [self.units]], 0)
            out = ta.reshape(matmul(flat, kernel), target)
        if self.use_bias:
            out = tn.bias_add(out, self.bias)
        if self.activation is not None:
            out = self.activation(out)
        return out

    def compute_output_shape(self, input_shape: Any) -> TensorShape:
        # (an unknown last axis too: Keras 3's Dense replaces it, as a functional model
        # called on Input((None,)) needs)
        input_shape = TensorShape(input_shape)
        return TensorShape(input_shape.as_list()[:-1] + [self.units])

    def get_config(self) -> dict:
        config = super().get_config()
        own = kernel_bias_config(self)
        del own["activity_regularizer"]  # only the base config lists it, when set
        config.update({"units": self.units, **own, "quantization_config":
                       ser.serialize_keras_object(self.quantization_config)})
        if self.lora_rank:
            config.update({"lora_rank": self.lora_rank, "lora_alpha": self.lora_alpha})
        return config

    def quantize(self, mode: Any = None, type_check: bool = True, config: Any = None) -> None:
        """Quantizes the kernel (`'int8'`, `'int4'`, `'float8'`; `'gptq'` and `'awq'` make
        their variables, which the model's calibration pass fills); subclasses of Dense
        are not quantized unless `type_check=False`."""
        if type_check and type(self) is not Dense:
            raise qconfig.not_implemented(self, "quantize")
        quantized.dense_quantize(self, mode, config)


class Activation(Layer):
    def __init__(self, activation: Any, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.supports_masking = True
        self.activation = activations.get(activation)
        self._build_at_init()

    def call(self, inputs: Any) -> Any:
        return self.activation(inputs)

    def compute_output_shape(self, input_shape: Any) -> TensorShape:
        return TensorShape(input_shape)

    def get_config(self) -> dict:
        config = super().get_config()
        config["activation"] = ser_act(self.activation)
        return config


def check_between_0_and_1(name: str, value: float) -> None:
    """Keras 3's check of a rate or deviation (a string's comparison fails as there)."""
    if not 0 <= value <= 1:
        raise ValueError(f"Invalid value received for argument `{name}`. Expected a float "
                         f"value between 0 and 1. Received: {name}={value}")


class Dropout(Layer):
    """`Dropout(rate, noise_shape=None, seed=None)`: zeroes inputs with probability `rate`
    while training and scales the rest by 1 / (1 - rate); the identity in inference."""

    def __init__(self, rate: float, noise_shape: Any = None, seed: int | None = None,
                 **kwargs: Any) -> None:
        super().__init__(**kwargs)
        check_between_0_and_1("rate", rate)
        self.rate = rate
        self.noise_shape = noise_shape
        self.seed = seed
        if rate > 0:  # (made here: its seed is the next draw of Python's random, as Keras)
            self.seed_generator = SeedGenerator(seed)
        self.supports_masking = True
        self._build_at_init()

    def _get_noise_shape(self, inputs: Any) -> Any:
        if self.noise_shape is None:
            return None
        concrete = _dims(inputs)
        return [concrete[i] if d is None else d for i, d in enumerate(self.noise_shape)]

    def call(self, inputs: Any, training: Any = False) -> Any:
        if not training or self.rate == 0:
            return inputs
        if self.rate == 1:
            return zeros_like(inputs)
        return tn.stateless_dropout(inputs, self.rate, seed_pair(self.seed_generator),
                                    noise_shape=self._get_noise_shape(inputs))

    def compute_output_shape(self, input_shape: Any) -> TensorShape:
        return TensorShape(input_shape)

    def get_config(self) -> dict:
        config = super().get_config()
        config.update({"rate": self.rate, "seed": self.seed, "noise_shape": self.noise_shape})
        return config


class SpatialDropout1D(Dropout):
    def __init__(self, rate: float, seed: int | None = None, name: str | None = None,
                 dtype: Any = None) -> None:
        super().__init__(rate, seed=seed, name=name, dtype=dtype)
        self.input_spec = InputSpec(ndim=3)

    def _get_noise_shape(self, inputs: Any) -> Any:
        s = _dims(inputs)
        return [s[0], 1, s[2]]

    def get_config(self) -> dict:
        # Keras 3's spatial dropouts list only these (their dtype as a plain name)
        return {"rate": self.rate, "seed": self.seed, "name": self.name, "dtype": self.dtype}


class SpatialDropout2D(Dropout):
    def __init__(self, rate: float, data_format: str | None = None, seed: int | None = None,
                 name: str | None = None, dtype: Any = None) -> None:
        super().__init__(rate, seed=seed, name=name, dtype=dtype)
        self.data_format = normalize_data_format(data_format)
        self.input_spec = InputSpec(ndim=4)

    def _get_noise_shape(self, inputs: Any) -> Any:
        s = _dims(inputs)
        ones = [1] * (len(s) - 2)  # one draw per (sample, channel)
        if self.data_format == "channels_first":
            return [s[0], s[1], *ones]
        return [s[0], *ones, s[-1]]

    def get_config(self) -> dict:
        return {**SpatialDropout1D.get_config(self), "data_format": self.data_format}


class SpatialDropout3D(SpatialDropout2D):
    """Drops whole 3-D feature maps: one draw per (sample, channel)."""

    def __init__(self, rate: float, data_format: str | None = None, seed: int | None = None,
                 name: str | None = None, dtype: Any = None) -> None:
        super().__init__(rate, data_format, seed, name, dtype)
        self.input_spec = InputSpec(ndim=5)


class Identity(Layer):
    """Returns its inputs unchanged (a placeholder layer; built at creation)."""

    _keeps_input_dtype = True  # (its Keras 3 compute_output_spec keeps it)

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.supports_masking = True
        self._build_at_init()

    def call(self, inputs: Any) -> Any:
        return inputs

    def compute_output_shape(self, input_shape: Any) -> Any:
        return input_shape


class Flatten(Layer):
    _keeps_input_dtype = True  # (its Keras 3 compute_output_spec keeps it)

    def __init__(self, data_format: str | None = None, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.data_format = normalize_data_format(data_format)
        self.input_spec = InputSpec(min_ndim=1)
        self._channels_first = self.data_format == "channels_first"

    def call(self, inputs: Any) -> Any:
        rank = inputs.shape.rank
        if self._channels_first and rank is not None and rank > 1:
            inputs = ta.transpose(inputs, [0] + list(range(2, rank)) + [1])
        if rank == 1:
            return ta.expand_dims(inputs, 1)
        dims = _dims(inputs)
        rest = dims[1:]
        if None not in rest:
            return ta.reshape(inputs, _with_batch(inputs, [int(np.prod(rest))]))
        if dims[0] is None:  # (Keras 3: (shape(x)[0], -1), the batch read at run time)
            return ta.reshape(inputs, stack([ta.shape(inputs)[0], np.int32(-1)]))
        return ta.reshape(inputs, [dims[0], -1])

    def compute_output_shape(self, input_shape: Any) -> TensorShape:
        s = TensorShape(input_shape).as_list()
        if not s:
            return TensorShape([1])
        if len(s) == 1:
            return TensorShape([s[0], 1])
        rest = s[1:]
        return TensorShape([s[0], int(np.prod(rest)) if None not in rest else None])

    def get_config(self) -> dict:
        config = super().get_config()
        config["data_format"] = self.data_format
        return config


def _check_target_shape(target: tuple) -> None:
    """Keras 3's checks of a Reshape's target: non-negative dimensions but for one -1."""
    for d in target:
        if isinstance(d, (int, np.integer)) and d < -1:
            raise ValueError("Each dimension in `target_shape` must be a non-negative integer, "
                             "or `-1` for a single unknown dimension. Received: "
                             f"target_shape={target}.")
    if sum(1 for d in target if isinstance(d, (int, np.integer)) and d == -1) > 1:
        raise ValueError("There must be at most one unknown dimension (-1) in `target_shape`. "
                         f"Received: target_shape={target}.")


class Reshape(Layer):
    """`Reshape(target_shape)`: reshapes the non-batch dims (one of them may be -1)."""

    _keeps_input_dtype = True  # (its Keras 3 compute_output_spec keeps it)

    def __init__(self, target_shape: Any, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.target_shape = tuple(target_shape)
        _check_target_shape(self.target_shape)
        self.built = True  # as Keras 3's Reshape (so no build_config in its config)

    def _fix_unknown(self, input_rest: list) -> list:
        target = list(self.target_shape)
        known = 1
        unknown = None
        for i, d in enumerate(target):
            if d == -1:
                unknown = i
            else:
                known *= d
        total = int(np.prod(input_rest)) if None not in input_rest else None
        received = f"Received: input_shape={tuple(input_rest)}, target_shape={self.target_shape}"
        if total is None:
            if unknown is not None:
                target[unknown] = None
            return target
        if unknown is not None:
            if known == 0 or total % known != 0:
                raise ValueError("The total size of the tensor must be unchanged, however, the "
                                 "input size cannot by divided by the specified dimensions in "
                                 f"target_shape. {received}")
            target[unknown] = total // known
        elif total != known:
            raise ValueError(f"The total size of the tensor must be unchanged. {received}")
        return target

    def call(self, inputs: Any) -> Any:
        dims = _dims(inputs)
        target = self._fix_unknown(dims[1:])
        batch = dims[0]
        if None in target:
            spec = [batch if batch is not None else -1] + [-1 if d is None else d
                                                            for d in target]
        else:
            spec = _with_batch(inputs, target)
        return ta.reshape(inputs, spec)

    def compute_output_shape(self, input_shape: Any) -> TensorShape:
        s = TensorShape(input_shape).as_list()
        return TensorShape([s[0]] + self._fix_unknown(s[1:]))

    def get_config(self) -> dict:
        config = super().get_config()
        config["target_shape"] = self.target_shape
        return config


class Permute(Layer):
    """`Permute(dims)`: permutes the non-batch axes (1-based), e.g. `Permute((2, 1))`."""

    _keeps_input_dtype = True  # (its Keras 3 compute_output_spec keeps it)

    def __init__(self, dims: Any, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.dims = tuple(dims)
        if sorted(self.dims) != list(range(1, len(self.dims) + 1)):
            raise ValueError("Invalid permutation argument `dims` for Permute Layer. The set "
                             "of indices in `dims` must be consecutive and start from 1. "
                             f"Received dims={dims}")
        self.input_spec = InputSpec(ndim=len(self.dims) + 1)

    def call(self, inputs: Any) -> Any:
        return ta.transpose(inputs, [0] + list(self.dims))

    def compute_output_shape(self, input_shape: Any) -> TensorShape:
        s = tuple(TensorShape(input_shape).as_list())  # (a tuple's IndexError, as Keras's)
        return TensorShape([s[0]] + [s[d] for d in self.dims])

    def get_config(self) -> dict:
        config = super().get_config()
        config["dims"] = self.dims
        return config


class RepeatVector(Layer):
    def __init__(self, n: int, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.n = n
        if not isinstance(n, int) or isinstance(n, bool):  # (Keras refuses a bool here)
            raise TypeError(f"Expected an integer value for `n`, got {type(n)}.")
        if n <= 0:
            raise ValueError(f"Argument `n` should be a positive integer. Received: n={n}")
        self.input_spec = InputSpec(ndim=2)

    def call(self, inputs: Any) -> Any:
        return tile(ta.expand_dims(inputs, 1), [1, self.n, 1])

    def compute_output_shape(self, input_shape: Any) -> TensorShape:
        s = tuple(TensorShape(input_shape).as_list())  # (a tuple's IndexError, as Keras's)
        return TensorShape([s[0], self.n, s[1]])

    def get_config(self) -> dict:
        config = super().get_config()
        config["n"] = self.n
        return config


def _batch_before(batch: int | None, shape: Any) -> TensorShape:
    """`shape` of one of a Lambda's outputs with the batch size before it; a shape not a
    tuple fails with the TypeError of Keras 3's `(batch_size,) + shape`."""
    if not isinstance(shape, tuple):
        raise TypeError(f'can only concatenate tuple (not "{type(shape).__name__}") to tuple')
    return TensorShape((batch,) + shape)


class Lambda(Layer):
    """`Lambda(function, output_shape=None, mask=None, arguments=None)`."""

    def __init__(self, function: Callable, output_shape: Any = None, mask: Any = None,
                 arguments: dict | None = None, **kwargs: Any) -> None:
        if not callable(function):  # Keras 3 inspects its signature first
            raise TypeError("unsupported callable")
        super().__init__(**kwargs)
        self.function = function
        self.arguments = arguments or {}
        self._output_shape = output_shape
        self.mask = mask
        self.supports_masking = mask is not None
        try:
            params = inspect.signature(function).parameters
        except (TypeError, ValueError):
            params = {}
        self._fn_expects_training = "training" in params
        self._fn_expects_mask = "mask" in params

    def call(self, inputs: Any, mask: Any = None, training: Any = None) -> Any:
        kwargs = dict(self.arguments)
        if self._fn_expects_mask:
            kwargs["mask"] = mask
        if self._fn_expects_training:
            kwargs["training"] = training
        return self.function(inputs, **kwargs)

    def compute_mask(self, inputs: Any, mask: Any = None) -> Any:
        if callable(self.mask):
            return self.mask(inputs, mask)
        return self.mask

    def _static_shapes(self) -> bool:
        return False

    def _symbolic_outputs(self, inputs: Any, rest: tuple, kwargs: dict, spec: Any) -> Any:
        if self._output_shape is None:
            try:
                out = super()._symbolic_outputs(inputs, rest, kwargs, spec)
            except Exception:  # noqa: BLE001 - Keras 3's Lambda refuses any failure so
                _count_inferred_tensors(len(nest.flatten(inputs)), [])  # (its inputs' made)
                raise NotImplementedError(
                    "We could not automatically infer the shape of the Lambda's output. "
                    "Please specify the `output_shape` argument for this Lambda layer."
                ) from None
            _count_inferred_tensors(len(nest.flatten(inputs)), out)
        else:  # (Keras 3 asks its compute_output_shape alone: the function is not traced)
            out = self._output_specs_of_shapes(inputs, rest, kwargs)
        # (Keras 3's Lambda has a compute_output_shape, so its outputs take the compute
        # dtype of Layer.compute_output_spec, whatever dtype the function returns)
        compute = dt.as_dtype(self.compute_dtype)
        return nest.map_structure(
            lambda t: t if t.dtype == compute else SymbolicTensor(t.shape, compute), out)

    def compute_output_shape(self, input_shape: Any) -> Any:
        if self._output_shape is None:  # (Keras 3 traces `call` alone: nothing is built)
            out = self._traced_output_shape(input_shape, build=False)
            shapes: list = []
            tree.map_shape_structure(shapes.append, input_shape)
            _count_inferred_tensors(len(shapes), out)
            return out
        if callable(self._output_shape):
            return self._output_shape(input_shape)
        # (Keras 3: the batch size of the first input, where the inputs are several, put
        # before each shape of `output_shape`, which is a tuple or a structure of them: a
        # shape given as an int or a list fails as Keras's `(batch,) + shape` does)
        shapes: list = []
        tree.map_shape_structure(shapes.append, input_shape)
        s = TensorShape(shapes[0]) if shapes else TensorShape(None)
        batch = s[0] if s.rank else None
        return tree.map_shape_structure(lambda shape: _batch_before(batch, shape),
                                        self._output_shape)

    def get_config(self) -> dict:
        """Keras 3's form: a named function by its registered name, a `lambda` as the
        marshalled (code, defaults, closure) that Keras writes (never loaded back here)."""
        config = super().get_config()
        config["function"] = _function_config(self.function)
        if self._output_shape is not None:
            config["output_shape"] = _function_config(self._output_shape) \
                if callable(self._output_shape) else self._output_shape
        if self.mask is not None:
            config["mask"] = _function_config(self.mask) if callable(self.mask) \
                else ser.serialize_keras_object(self.mask)
        config["arguments"] = ser.serialize_keras_object(self.arguments)
        return config

    @classmethod
    def from_config(cls, config: dict, custom_objects: dict | None = None) -> Lambda:
        """A function is found through the registry and custom objects only (nothing the
        config names is imported); a serialized `lambda` is refused, whatever safe_mode."""
        config = dict(config)
        for key in ("function", "output_shape", "mask"):
            value = config.get(key)
            if isinstance(value, dict) and value.get("class_name") == "__lambda__":
                if kb.in_safe_mode() is not False:  # (TF's refusal, word for word)
                    raise ValueError(
                        f"Requested the deserialization of a `Lambda` layer whose `{key}` "
                        "is a Python lambda. This carries a potential risk of arbitrary "
                        "code execution and thus it is disallowed by default. If you trust "
                        "the source of the artifact, you can override this error by passing "
                        "`safe_mode=False` to the loading function, or calling "
                        "`keras.config.enable_unsafe_deserialization().")
                raise ValueError(
                    f"Requested the deserialization of a `Lambda` layer whose `{key}` is a "
                    "Python lambda. This carries a potential risk of arbitrary code "
                    "execution and thus it is disallowed: eagerflow never runs Python "
                    "bytecode read from a file (safe_mode=False included). Define the "
                    "function with `def`, decorate it with "
                    "`@keras.saving.register_keras_serializable()` or pass it in "
                    "`custom_objects`.")
            if key in config and value is not None:
                value = ser.deserialize_keras_object(value, custom_objects=custom_objects)
                if key == "output_shape" and isinstance(value, list):
                    value = tuple(value)
                config[key] = value
        if "arguments" in config:
            config["arguments"] = ser.deserialize_keras_object(
                config["arguments"], custom_objects=custom_objects)
        return cls(**config)


def _count_inferred_tensors(inputs: int, outputs: Any) -> None:
    """Keras 3's Lambda infers its output shape on KerasTensors of its own, one per input
    (`inputs` of them) and one per output, each taking the next automatic name: so the
    KerasTensors made after it are named as there (`keras_tensor_15` where a traced call
    would give 13)."""
    outputs = outputs if isinstance(outputs, (list, tuple, dict)) else [outputs]
    for _ in range(inputs + len(nest.flatten(outputs))):
        kb.auto_name("KerasTensor")


def _function_config(fn: Any) -> Any:
    if getattr(fn, "__name__", None) == "<lambda>":
        code, defaults, closure = ser.func_dump(fn)
        return {"class_name": "__lambda__",
                "config": {"code": code, "defaults": defaults, "closure": closure}}
    if callable(fn):
        return ser.serialize_keras_object(fn)
    raise ValueError(f"Invalid input type for serialization. Received: {fn} of type "
                     f"{type(fn)}.")


class Masking(Layer):
    """`Masking(mask_value=0.0)`: masks timesteps whose features all equal `mask_value`."""

    def __init__(self, mask_value: float = 0.0, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.supports_masking = True
        self.mask_value = mask_value
        self._build_at_init()

    def compute_mask(self, inputs: Any, mask: Any = None) -> Any:
        # keras.ops, as Keras 3: on KerasTensors they are operations of the graph
        return ops_any(not_equal(inputs, self.mask_value), axis=-1)

    def call(self, inputs: Any) -> Any:
        # (keras.ops, as Keras 3: an int input compares with a float mask_value, and a
        # bool input's output is where(keep, inputs, 0)'s int32)
        keep = ops_any(not_equal(inputs, self.mask_value), axis=-1, keepdims=True)
        return ops_where(keep, inputs, 0)

    def compute_output_shape(self, input_shape: Any) -> TensorShape:
        return TensorShape(input_shape)

    def get_config(self) -> dict:
        config = super().get_config()
        config["mask_value"] = self.mask_value
        return config


class Embedding(lora.QuantizableWeights, Layer):
    """`Embedding(input_dim, output_dim, embeddings_initializer='uniform', mask_zero=False)`."""

    _checkpoint_names = {"embeddings": "_embeddings"}  # Keras 3's attribute

    _quantized_saving = (quantized.EMBEDDING_SPEC, "embedding")
    _quantized_modes = ("int8", "int4")

    def __init__(self, input_dim: int, output_dim: int, embeddings_initializer: Any = "uniform",
                 embeddings_regularizer: Any = None, embeddings_constraint: Any = None,
                 mask_zero: bool = False, weights: Any = None, lora_rank: int | None = None,
                 lora_alpha: float | None = None, quantization_config: Any = None,
                 **kwargs: Any) -> None:
        if kwargs.pop("input_length", None) is not None:
            warnings.warn("Argument `input_length` is deprecated. Just remove it.",
                          stacklevel=2)
        for arg, value in (("input_dim", input_dim), ("output_dim", output_dim)):
            if not isinstance(value, int) or isinstance(value, bool) or value <= 0:
                raise ValueError(f"`{arg}` must be a positive integer. Received: "
                                 f"{arg}={value} (of type {type(value).__name__}).")
        kwargs["autocast"] = False
        super().__init__(**kwargs)
        self.input_dim = input_dim
        self.output_dim = output_dim
        self.embeddings_initializer = initializers.get(embeddings_initializer)
        self.embeddings_regularizer = regularizers.get(embeddings_regularizer)
        self.embeddings_constraint = constraints.get(embeddings_constraint)
        self.mask_zero = mask_zero
        self.supports_masking = mask_zero
        self.quantization_config = quantization_config
        lora.init_args(self, lora_rank, lora_alpha)
        if weights is not None:  # (Keras 3's initial embeddings: a matrix, or a list of one)
            self.build()
            self.set_weights(weights if isinstance(weights, list) and len(weights) == 1
                             else [weights])

    def build(self, input_shape: Any = None) -> None:
        if self.quantization_mode is not None:  # (a quantized layer loaded from its config)
            self._quantized_build(self.quantization_mode)
        else:
            self.embeddings = self.add_weight(
                name="embeddings", shape=(self.input_dim, self.output_dim),
                initializer=self.embeddings_initializer,
                regularizer=self.embeddings_regularizer,
                constraint=self.embeddings_constraint)
        self.built = True
        if self.lora_rank:
            self.enable_lora(self.lora_rank)  # (alpha = rank, as Keras 3's build does)

    @property
    def embeddings(self) -> Any:
        """The embeddings variable (Keras 3's property: int4 ones unpacked, and with LoRA
        on, the LoRA product merged in)."""
        return lora.weight_view(self, "embedding")

    @embeddings.setter
    def embeddings(self, value: Any) -> None:
        self._embeddings = value

    def _quantized_build(self, mode: str) -> None:
        quantized.embedding_build(self, (self.input_dim, self.output_dim), mode,
                                  self.quantization_config)

    def enable_lora(self, rank: int, lora_alpha: float | None = None,
                    a_initializer: Any = "he_uniform", b_initializer: Any = "zeros") -> None:
        """Freezes the embeddings and trains `lora_alpha / rank * a @ b` added to them."""
        lora.enable(self, "embedding", rank, lora_alpha, a_initializer, b_initializer)

    def compute_mask(self, inputs: Any, mask: Any = None) -> Any:
        if not self.mask_zero:
            return None
        return not_equal(inputs, 0)  # (an operation of a functional graph)

    def call(self, inputs: Any) -> Any:
        if self._dtype_policy.quantization_mode is not None:
            out = quantized.embedding_call(self, inputs)
            if not self.lora_enabled:
                return out
            if inputs.dtype.name not in ("int32", "int64"):
                inputs = cast(inputs, dt.int32)
            return lora.embedding_output(self, inputs, out)
        if inputs.dtype.name not in ("int32", "int64"):
            inputs = cast(inputs, dt.int32)
        # (Keras's ops.take: negative ids count from the end; with LoRA on, merged)
        out = take(self.embeddings, inputs, axis=0)
        if out.dtype.name != self.compute_dtype:
            out = cast(out, self.compute_dtype)
        return out

    def _output_dtype(self, input_dtype: Any) -> Any:
        return dt.as_dtype(self.compute_dtype)

    def compute_output_shape(self, input_shape: Any) -> TensorShape:
        return TensorShape(TensorShape(input_shape).as_list() + [self.output_dim])

    def get_config(self) -> dict:
        config = super().get_config()
        config.update({
            "input_dim": self.input_dim, "output_dim": self.output_dim,
            "embeddings_initializer": ser_init(self.embeddings_initializer),
            "embeddings_regularizer": ser_reg(self.embeddings_regularizer),
            "activity_regularizer": ser_reg(self.activity_regularizer),
            "embeddings_constraint": ser_con(self.embeddings_constraint),
            "mask_zero": self.mask_zero,
            "quantization_config": ser.serialize_keras_object(self.quantization_config),
        })
        if self.lora_rank:
            config.update({"lora_rank": self.lora_rank, "lora_alpha": self.lora_alpha})
        return config

    def quantize(self, mode: Any = None, type_check: bool = True, config: Any = None) -> None:
        """Quantizes the embeddings (`'int8'`, `'int4'`); subclasses are not quantized
        unless `type_check=False`."""
        if type_check and type(self) is not Embedding:
            raise qconfig.not_implemented(self, "quantize")
        quantized.embedding_quantize(self, mode, config)


class ReversibleEmbedding(Embedding):
    """`ReversibleEmbedding(input_dim, output_dim, tie_weights=True, ...,
    reverse_dtype=None, logit_soft_cap=None)`: an Embedding that, called with
    `reverse=True`, maps (..., output_dim) vectors back to (..., input_dim) logits through
    the transposed embeddings (or, untied, its own `reverse_embeddings`), soft-capped as
    `cap * tanh(logits / cap)` when `logit_soft_cap` is set."""

    def __init__(self, input_dim: int, output_dim: int, tie_weights: bool = True,
                 embeddings_initializer: Any = "uniform", embeddings_regularizer: Any = None,
                 embeddings_constraint: Any = None, mask_zero: bool = False,
                 reverse_dtype: Any = None, logit_soft_cap: float | None = None,
                 **kwargs: Any) -> None:
        super().__init__(input_dim, output_dim, embeddings_initializer=embeddings_initializer,
                         embeddings_regularizer=embeddings_regularizer,
                         embeddings_constraint=embeddings_constraint, mask_zero=mask_zero,
                         **kwargs)
        self.tie_weights = tie_weights
        self.reverse_dtype = reverse_dtype
        self.logit_soft_cap = logit_soft_cap

    def build(self, input_shape: Any = None) -> None:
        # Keras 3.15 cannot build an untied layer with `lora_rank` (its LoRA, enabled in
        # Embedding's build, locks the layer before the reverse weights: `ValueError:
        # None`); here it builds as Keras's one way to that layer does, enable_lora after
        # the build: the reverse weights before the LoRA factors
        rank = self.lora_rank if not self.tie_weights else None
        if rank:
            object.__setattr__(self, "lora_rank", None)
        super().build(input_shape)
        if not self.tie_weights and self.quantization_mode not in ("int8", "int4"):
            self.reverse_embeddings = self.add_weight(
                name="reverse_embeddings", shape=(self.output_dim, self.input_dim),
                initializer=self.embeddings_initializer)
        if rank:
            self.enable_lora(rank)  # (alpha = rank, as Embedding's build)

    def call(self, inputs: Any, reverse: bool = False) -> Any:
        if not reverse:
            out = super().call(inputs)
            mask = super().compute_mask(inputs)
            if mask is not None:
                set_mask(out, mask)
            return out
        if self.quantization_mode is not None:
            logits = quantized_reversible.reverse_call(self, inputs)
        else:
            kernel = ta.transpose(self.embeddings) if self.tie_weights else \
                self.reverse_embeddings
            if self.reverse_dtype is not None:
                inputs, kernel = cast(inputs, self.reverse_dtype), cast(
                    kernel, self.reverse_dtype)
            logits = matmul(inputs, kernel)
        if self.logit_soft_cap is not None:
            cap = self.logit_soft_cap
            logits = tm.tanh(logits / cap) * cap
        return logits

    def compute_mask(self, inputs: Any, mask: Any = None) -> Any:
        return None  # (the forward call sets its output's mask itself)

    def _static_shapes(self) -> bool:
        return False  # the functional API traces `call`: its shape depends on `reverse`

    def compute_output_shape(self, input_shape: Any, reverse: bool = False) -> list:
        shape = TensorShape(input_shape).as_list()  # (a list, as Keras 3.15 gives it)
        return shape[:-1] + [self.input_dim] if reverse else shape + [self.output_dim]

    def get_config(self) -> dict:
        return {**super().get_config(), "tie_weights": self.tie_weights,
                "reverse_dtype": self.reverse_dtype, "logit_soft_cap": self.logit_soft_cap}

    def _quantized_build(self, mode: str) -> None:
        quantized_reversible.build(self, mode, self.quantization_config)

    def quantize(self, mode: Any = None, type_check: bool = True, config: Any = None) -> None:
        """Quantizes the embeddings and (untied) the reverse embeddings (`'int8'`,
        `'int4'`); subclasses are not quantized unless `type_check=False`."""
        if type_check and type(self) is not ReversibleEmbedding:
            raise qconfig.not_implemented(self, "quantize")
        quantized_reversible.quantize(self, mode, config)

    def _saved_variables(self) -> list | None:
        return quantized.saved_variables(self, quantized_reversible.spec(self), ("int8", "int4"))

    def _saved_values(self) -> list:
        if self.lora_enabled:
            return lora.saved_values(self, "embedding",
                                     quantized_reversible.spec(self)[self.quantization_mode])
        return self._saved_variables() or self._trainable_weights + self._non_trainable_weights


class ActivityRegularization(Layer):
    def __init__(self, l1: float = 0.0, l2: float = 0.0, **kwargs: Any) -> None:  # noqa: E741
        super().__init__(activity_regularizer=regularizers.L1L2(l1=l1, l2=l2), **kwargs)
        self.supports_masking = True
        self._build_at_init()
        self.l1, self.l2 = l1, l2

    def call(self, inputs: Any) -> Any:
        return inputs  # (the regularizer is applied to the output by __call__)

    def compute_output_shape(self, input_shape: Any) -> TensorShape:
        return TensorShape(input_shape)

    def get_config(self) -> dict:
        config = super().get_config()
        config.pop("activity_regularizer", None)
        config.update({"l1": self.l1, "l2": self.l2})
        return config
