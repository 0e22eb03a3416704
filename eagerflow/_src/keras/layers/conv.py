"""Convolution layers: Conv1D, Conv2D, Conv3D, Conv1D/2D/3DTranspose, DepthwiseConv1D/2D,
SeparableConv1D/2D (channels_last computations; channels_first is transposed around them,
but where TF's CPU kernel refuses it)."""

from __future__ import annotations

from typing import Any

from eagerflow._src.core import context
from eagerflow._src.core.errors import OpError
from eagerflow._src.core.shape import TensorShape
from eagerflow._src.keras import activations, constraints, initializers, regularizers
from eagerflow._src.keras.engine.base_layer import Layer
from eagerflow._src.keras.engine.input_spec import InputSpec
from eagerflow._src.keras.engine.layer_helpers import standardize_shape
from eagerflow._src.keras.layers import lora
from eagerflow._src.keras.layers._utils import (
    init_args,
    kernel_bias_config,
    normalize_data_format,
    normalize_padding,
    normalize_tuple,
    ser_act,
    ser_con,
    ser_init,
    ser_reg,
    set_kernel_bias_args,
)
from eagerflow._src.keras.ops.nn_conv import (
    conv_transpose,
    depthwise_conv,
    refuse_variable_of_other_dtype,
    separable_conv,
    tf_format,
)
from eagerflow._src.keras.utils.conv_utils import (
    check_output_size,
    conv_output_length,
    deconv_output_length,
)
from eagerflow._src.ops import array as ta
from eagerflow._src.ops import nn as tn
from eagerflow._src.ops import nn_extras, nn_fused
from eagerflow._src.ops.eager_errors import slow_path
from eagerflow._src.ops.nn_args import ONEDNN_T
from eagerflow._src.ops.padding import pad as tf_pad


def to_channels_last(x: Any, rank: int) -> Any:
    return ta.transpose(x, [0] + list(range(2, rank + 2)) + [1])


def to_channels_first(x: Any, rank: int) -> Any:
    return ta.transpose(x, [0, rank + 1] + list(range(1, rank + 1)))


class Conv(Layer):
    """The N-D convolution base (`rank` spatial dims)."""

    # Keras 3's attribute (its transposed and depthwise convolutions keep `kernel`)
    _checkpoint_names = {"kernel": "_kernel"}

    _causal_padding = True  # a 1-D one may pad causally
    _strides_with_dilation = False  # Keras refuses strides and dilations both over 1
    _checks_kernel_rank = True  # (a transposed one takes its rank from the input)
    _validates_in_build = True  # its build asks the output shape (an empty one refused)

    def __init__(self, rank: int, filters: int, kernel_size: Any, strides: Any = 1,
                 padding: str = "valid", data_format: str | None = None,
                 dilation_rate: Any = 1, groups: int = 1, activation: Any = None,
                 use_bias: bool = True, kernel_initializer: Any = "glorot_uniform",
                 bias_initializer: Any = "zeros", kernel_regularizer: Any = None,
                 bias_regularizer: Any = None, activity_regularizer: Any = None,
                 kernel_constraint: Any = None, bias_constraint: Any = None,
                 trainable: bool = True, name: str | None = None, **kwargs: Any) -> None:
        super().__init__(trainable=trainable, name=name,
                         activity_regularizer=activity_regularizer, **kwargs)
        self.rank = rank
        if filters is not None and filters <= 0:
            raise ValueError("Invalid value for argument `filters`. Expected a strictly "
                             f"positive value. Received filters={filters}.")
        self.filters = filters
        self.groups = groups or 1
        self.kernel_size = normalize_tuple(kernel_size, rank, "kernel_size")
        self.strides = normalize_tuple(strides, rank, "strides")
        self.padding = normalize_padding(padding, allow_causal=self._causal_padding
                                         and rank == 1)
        self.data_format = normalize_data_format(data_format)
        self.dilation_rate = normalize_tuple(dilation_rate, rank, "dilation_rate")
        set_kernel_bias_args(self, activation, use_bias, kernel_initializer, bias_initializer,
                             kernel_regularizer, bias_regularizer, kernel_constraint,
                             bias_constraint)
        self.input_spec = InputSpec(min_ndim=rank + 2)
        if self.filters is not None and self.filters % self.groups != 0:
            raise ValueError("The number of filters must be evenly divisible by the number of "
                             f"groups. Received: groups={self.groups}, filters={self.filters}.")
        if not self._strides_with_dilation and max(self.strides) > 1 and \
                max(self.dilation_rate) > 1:
            raise ValueError("`strides > 1` not supported in conjunction with `dilation_rate > "
                             f"1`. Received: strides={self.strides} and "
                             f"dilation_rate={self.dilation_rate}")

    @property
    def _channel_axis(self) -> int:
        return 1 if self.data_format == "channels_first" else -1

    def _input_channels(self, input_shape: TensorShape) -> int | None:
        # (an unknown count is Keras 3's too: the arithmetic on it, or the kernel's shape,
        # refuses it)
        return input_shape[self._channel_axis]

    def _check_groups(self, in_ch: int | None, input_shape: TensorShape) -> None:
        if in_ch % self.groups != 0:
            raise ValueError("The number of input channels must be evenly divisible by the "
                             f"number of groups. Received groups={self.groups}, but the input "
                             f"has {in_ch} channels (full input shape is {input_shape}).")

    def _kernel_shape(self, in_ch: int) -> tuple:
        return self.kernel_size + (in_ch // self.groups, self.filters)

    def build(self, input_shape: Any) -> None:
        input_shape = TensorShape(input_shape)
        in_ch = self._input_channels(input_shape)
        self._check_groups(in_ch, input_shape)
        # (a float `filters` is kept, as Keras 3 keeps it, for the kernel's shape to refuse)
        kernel_shape = standardize_shape(self._kernel_shape(in_ch))
        if self._validates_in_build:  # raises for outputs that would be empty
            self.compute_output_shape(input_shape)
        self.kernel = self.add_weight(name="kernel", shape=kernel_shape,
                                      initializer=self.kernel_initializer,
                                      regularizer=self.kernel_regularizer,
                                      constraint=self.kernel_constraint, trainable=True,
                                      dtype=self.dtype)
        self._add_bias()
        self._set_channels_spec(in_ch)

    # Keras 3's BaseConv saves its kernel and bias alone (its transposed, depthwise and
    # separable convolutions, not subclasses of it there, save all their variables)
    _saves_kernel_and_bias = True

    def _saved_variables(self) -> list | None:
        if not (self._saves_kernel_and_bias and self.built):
            return None
        return [self.kernel] + ([self.bias] if self.use_bias else [])

    def _add_bias(self) -> None:
        """`bias` (filters,), or None without use_bias."""
        self.bias = self.add_weight(name="bias", shape=(self.filters,),
                                    initializer=self.bias_initializer,
                                    regularizer=self.bias_regularizer,
                                    constraint=self.bias_constraint, trainable=True,
                                    dtype=self.dtype) if self.use_bias else None

    def _set_channels_spec(self, in_ch: int) -> None:
        self.input_spec = InputSpec(min_ndim=self.rank + 2, axes={self._channel_axis: in_ch})
        self.built = True

    def _spatial_out(self, dims: list) -> list:
        return [conv_output_length(d, self.kernel_size[i], self.padding, self.strides[i],
                                   self.dilation_rate[i]) for i, d in enumerate(dims)]

    def compute_output_shape(self, input_shape: Any) -> TensorShape:
        """Keras 3's rule and checks (compute_conv_output_shape): one spatial axis per
        kernel axis, and no empty output."""
        s = tuple(TensorShape(input_shape).as_list())
        first = self.data_format == "channels_first"
        kernel_shape = self.kernel_size + (s[1] if first else s[-1], self.filters)
        if self._checks_kernel_rank and len(kernel_shape) != len(s):
            raise ValueError("Kernel shape must have the same length as input, but received "
                             f"kernel of shape {kernel_shape} and input of shape {s}.")
        out = self._spatial_out(list(s[2:] if first else s[1:-1]))
        check_output_size(s, kernel_shape, self.dilation_rate, self.strides, self.padding, out)
        return TensorShape([s[0], self.filters, *out] if first else [s[0], *out, self.filters])

    def convolution_op(self, inputs: Any, kernel: Any) -> Any:
        """Keras 3's hook: `inputs` (in the layer's data format) convolved with `kernel`.
        A subclass may change the kernel it is given (keras.io's PixelCNN masks it); the
        layer's call goes through an overriding hook."""
        first = self.data_format == "channels_first"
        out = self._conv_with(to_channels_last(inputs, self.rank) if first else inputs, kernel)
        return to_channels_first(out, self.rank) if first else out

    def _conv(self, x: Any) -> Any:
        if type(self).convolution_op is Conv.convolution_op:
            return self._conv_with(x, self.kernel)
        # (the hook sees the layer's own layout; x here is channels-last)
        first = self.data_format == "channels_first"
        out = self.convolution_op(to_channels_first(x, self.rank) if first else x, self.kernel)
        return to_channels_last(out, self.rank) if first else out

    def _conv_with(self, x: Any, kernel: Any) -> Any:
        padding = self.padding
        if padding == "causal":  # pad the start only, so no output sees a later step
            left = (self.kernel_size[0] - 1) * self.dilation_rate[0]
            x = tf_pad(x, [[0, 0], [left, 0], [0, 0]])
            padding = "valid"
        refuse_variable_of_other_dtype(kernel, x)  # (Keras's kernel: TF's op's slow path)
        return self._as_keras_runs(x, lambda x, data_format: nn_extras.convolution(
            x, kernel, strides=list(self.strides), padding=padding.upper(),
            dilations=list(self.dilation_rate), data_format=tf_format(data_format, x.ndim)))

    def _refused_channels_first(self) -> bool:
        """Whether TF's CPU kernels refuse this layer's channels-first op (but for oneDNN's
        float32 and bfloat16): Keras runs a 3-D or grouped one under XLA, which takes it."""
        return self.rank < 3 and self.groups == 1

    def _as_keras_runs(self, x: Any, run: Any) -> Any:
        """`run(x, data_format)` of channels-last `x`, channels-last. TF's Keras hands a
        channels_first layer's data to TF's op as it is, which TF's CPU kernel may refuse
        (_refused_channels_first): such data of the dtypes it refuses go to the op
        channels-first, so that it is refused as there (and computed on a GPU); the
        others are transposed around the channels-last op, which computes the same."""
        if self.data_format == "channels_last" or not self._refused_channels_first() \
                or x.dtype.name in ONEDNN_T:
            return run(x, "channels_last")
        try:
            out = run(to_channels_first(x, self.rank), "channels_first")
        except OpError as e:
            if self.rank == 2:  # (Keras hands a 2-D op its KerasVariable kernel as it is,
                slow_path(e)  # which sends TF's op wrapper down its slow path: no name)
            raise
        return to_channels_last(out, self.rank)

    def _fusable(self, x: Any) -> bool:
        """Whether conv + bias (+ ReLU) can run as one _FusedConv2D: a plain channels-last
        2-D convolution of a float32/float64 layer, with a bias, ReLU or no activation.
        Eager only: a traced graph keeps TF's Conv2D/BiasAdd/Relu ops (what users see in
        `get_operations()`), and the graph's fuse pass joins them when compiling. Not
        dilated: TF's is SpaceToBatchND around an undilated Conv2D (nn_extras.convolution),
        whose ops a fused dilated kernel would not follow."""
        d = getattr(x, "_dtype", None)
        cls = type(self)
        # (every call of a Conv2D: the eager test and the common (1, 1) dilation read
        # without a call or a generator, the general test where the tuple is not that one)
        return (context._state.graph is None and self.rank == 2
                and (self.dilation_rate == (1, 1) or all(r == 1 for r in self.dilation_rate))
                and cls._conv is Conv._conv
                and cls.convolution_op is Conv.convolution_op
                and self.use_bias and self.data_format == "channels_last"
                and self.padding in ("same", "valid")
                and self.activation in (activations.relu, activations.linear)
                and d in nn_fused.TYPES  # (and Keras variables' dtypes are names)
                and self.kernel.dtype == d.name and self.bias.dtype == d.name)

    def call(self, inputs: Any) -> Any:
        x = inputs
        if self.data_format == "channels_first":
            x = to_channels_last(x, self.rank)
        if self._fusable(x):  # one kernel, one tape record (see ops/nn_fused.py)
            return nn_fused.conv2d_bias_act(
                x, self.kernel, self.bias, list(self.strides), self.padding.upper(),
                list(self.dilation_rate), relu=self.activation is activations.relu)
        out = self._conv(x)
        if self.use_bias:
            out = tn.bias_add(out, self.bias)
        if self.data_format == "channels_first":
            out = to_channels_first(out, self.rank)
        if self.activation is not None:
            out = self.activation(out)
        return out

    def get_config(self) -> dict:
        config = super().get_config()
        config.update({
            "filters": self.filters, "kernel_size": self.kernel_size, "strides": self.strides,
            "padding": self.padding, "data_format": self.data_format,
            "dilation_rate": self.dilation_rate, "groups": self.groups,
            **kernel_bias_config(self),
        })
        return config

    @classmethod
    def from_config(cls, config: dict) -> Conv:
        return cls(**config)


class _LoraConv(Conv):
    """Keras 3's BaseConv (Conv1D, Conv2D, Conv3D): LoRA on the kernel (`lora_rank`,
    `lora_alpha`, `enable_lora`), which then reads as the frozen variable plus
    `lora_alpha / lora_rank * a @ b` (lora.py); a file holds that merged kernel."""

    def __init__(self, rank: int, filters: int, kernel_size: Any, *args: Any,
                 lora_rank: int | None = None, lora_alpha: float | None = None,
                 **kwargs: Any) -> None:
        super().__init__(rank, filters, kernel_size, *args, **kwargs)
        lora.init_args(self, lora_rank, lora_alpha)

    @property
    def kernel(self) -> Any:
        if "_kernel" not in self.__dict__:
            raise AttributeError("You must build the layer before accessing `kernel`.")
        w = self.__dict__["_kernel"]
        return lora.merged_float(self, "conv", w) if self.__dict__.get("lora_enabled") else w

    @kernel.setter
    def kernel(self, value: Any) -> None:
        self._kernel = value

    def build(self, input_shape: Any) -> None:
        super().build(input_shape)
        if self.lora_rank:  # (Keras 3's BaseConv passes its alpha, unlike Dense)
            self.enable_lora(self.lora_rank, lora_alpha=self.lora_alpha)

    def enable_lora(self, rank: int, lora_alpha: float | None = None,
                    a_initializer: Any = "he_uniform", b_initializer: Any = "zeros") -> None:
        """Freezes the kernel and trains `lora_alpha / rank * a @ b` added to it."""
        lora.enable(self, "conv", rank, lora_alpha, a_initializer, b_initializer)

    def _saved_variables(self) -> list | None:
        if not (self.built and self.lora_enabled):
            return super()._saved_variables()
        return [self._kernel] + ([self.bias] if self.use_bias else [])  # (loaded into)

    def _saved_values(self) -> list:
        if not self.lora_enabled:
            return self._saved_variables()
        return lora.saved_values(self, "conv", ("kernel", "bias") if self.use_bias
                                 else ("kernel",))

    def _after_load(self) -> list:
        return lora.reset_after_load(self, "conv") if self.lora_enabled else []

    def _fusable(self, x: Any) -> bool:  # (the fused op reads a kernel variable)
        return not self.lora_enabled and super()._fusable(x)

    def get_config(self) -> dict:
        config = super().get_config()
        if self.lora_rank:
            config.update({"lora_rank": self.lora_rank, "lora_alpha": self.lora_alpha})
        return config


class Conv1D(_LoraConv):
    """`Conv1D(filters, kernel_size, strides=1, padding='valid', data_format=None,
    dilation_rate=1, groups=1, ...)` (the arguments are Conv's); padding may be causal."""

    def __init__(self, filters: int, kernel_size: Any, strides: Any = 1,
                 padding: str = "valid", data_format: str | None = None,
                 dilation_rate: Any = 1, groups: Any = 1, activation: Any = None,
                 use_bias: bool = True, kernel_initializer: Any = "glorot_uniform",
                 bias_initializer: Any = "zeros", kernel_regularizer: Any = None,
                 bias_regularizer: Any = None, activity_regularizer: Any = None,
                 kernel_constraint: Any = None, bias_constraint: Any = None,
                 **kwargs: Any) -> None:
        super().__init__(1, **init_args(locals()))


class Conv2D(_LoraConv):
    """`Conv2D(filters, kernel_size, strides=(1, 1), padding='valid', data_format=None,
    dilation_rate=(1, 1), groups=1, ...)` (the arguments are Conv's)."""

    def __init__(self, filters: int, kernel_size: Any, strides: Any = (1, 1),
                 padding: str = "valid", data_format: str | None = None,
                 dilation_rate: Any = (1, 1), groups: Any = 1, activation: Any = None,
                 use_bias: bool = True, kernel_initializer: Any = "glorot_uniform",
                 bias_initializer: Any = "zeros", kernel_regularizer: Any = None,
                 bias_regularizer: Any = None, activity_regularizer: Any = None,
                 kernel_constraint: Any = None, bias_constraint: Any = None,
                 **kwargs: Any) -> None:
        super().__init__(2, **init_args(locals()))


class Conv3D(_LoraConv):
    """`Conv3D(filters, kernel_size, strides=(1, 1, 1), padding='valid', data_format=None,
    dilation_rate=(1, 1, 1), groups=1, ...)` (the arguments are Conv's)."""

    def __init__(self, filters: int, kernel_size: Any, strides: Any = (1, 1, 1),
                 padding: str = "valid", data_format: str | None = None,
                 dilation_rate: Any = (1, 1, 1), groups: Any = 1, activation: Any = None,
                 use_bias: bool = True, kernel_initializer: Any = "glorot_uniform",
                 bias_initializer: Any = "zeros", kernel_regularizer: Any = None,
                 bias_regularizer: Any = None, activity_regularizer: Any = None,
                 kernel_constraint: Any = None, bias_constraint: Any = None,
                 **kwargs: Any) -> None:
        super().__init__(3, **init_args(locals()))


class ConvTranspose(Conv):
    """The N-D transposed convolution base; kernel shape (*kernel_size, filters,
    in_channels), computed by keras.ops.conv_transpose as Keras 3 does."""

    _checkpoint_names: dict = {}
    _saves_kernel_and_bias = False

    _causal_padding = False
    _checks_kernel_rank = False

    def __init__(self, rank: int, filters: int, kernel_size: Any, strides: Any = 1,
                 padding: str = "valid", output_padding: Any = None,
                 data_format: str | None = None, dilation_rate: Any = 1,
                 activation: Any = None, use_bias: bool = True,
                 kernel_initializer: Any = "glorot_uniform", bias_initializer: Any = "zeros",
                 kernel_regularizer: Any = None, bias_regularizer: Any = None,
                 activity_regularizer: Any = None, kernel_constraint: Any = None,
                 bias_constraint: Any = None, **kwargs: Any) -> None:
        super().__init__(rank, filters, kernel_size, strides, padding, data_format,
                         dilation_rate, 1, activation, use_bias, kernel_initializer,
                         bias_initializer, kernel_regularizer, bias_regularizer,
                         activity_regularizer, kernel_constraint, bias_constraint, **kwargs)
        self.output_padding = None if output_padding is None else normalize_tuple(
            output_padding, rank, "output_padding", allow_zero=True)
        for i, (op, stride) in enumerate(zip(self.output_padding or (), self.strides)):
            if op >= stride:
                raise ValueError("`output_padding` must be strictly less than `strides` for "
                                 f"all dimensions. At dimension {i}, `output_padding` is {op} "
                                 f"but `strides` is {stride}. Received: "
                                 f"output_padding={self.output_padding}, "
                                 f"strides={self.strides}")

    # (Keras 3's transposed build asks no output shape: a bad rank fails in the call)
    _validates_in_build = False

    def compute_output_shape(self, input_shape: Any) -> list:
        # (Keras 3.15's transposed convolutions give their shape as a list)
        return list(super().compute_output_shape(input_shape))

    def _kernel_shape(self, in_ch: int) -> tuple:
        return self.kernel_size + (self.filters, in_ch)

    def _check_groups(self, in_ch: int | None, input_shape: TensorShape) -> None:
        pass  # (one group: Keras 3's transposed convolutions check none)

    def _spatial_out(self, dims: list) -> list:
        ops = self.output_padding or (None,) * self.rank
        return [deconv_output_length(d, self.kernel_size[i], self.padding, ops[i],
                                     self.strides[i], self.dilation_rate[i])
                for i, d in enumerate(dims)]

    def _refused_channels_first(self) -> bool:
        return True  # (Keras's conv_transpose runs TF's op whatever the rank)

    def _conv(self, x: Any) -> Any:
        return self._as_keras_runs(x, lambda x, data_format: conv_transpose(
            x, self.kernel, strides=list(self.strides), padding=self.padding,
            output_padding=self.output_padding, data_format=data_format,
            dilation_rate=self.dilation_rate))

    def get_config(self) -> dict:
        config = Layer.get_config(self)
        config.update({
            "filters": self.filters, "kernel_size": self.kernel_size, "strides": self.strides,
            "padding": self.padding, "output_padding": self.output_padding,
            "data_format": self.data_format, "dilation_rate": self.dilation_rate,
            **kernel_bias_config(self),
        })
        return config


class Conv1DTranspose(ConvTranspose):
    """`Conv1DTranspose(filters, kernel_size, strides=1, padding='valid',
    output_padding=None, data_format=None, dilation_rate=1, ...)` (the arguments are
    ConvTranspose's)."""

    def __init__(self, filters: int, kernel_size: Any, strides: Any = 1,
                 padding: str = "valid", output_padding: Any = None,
                 data_format: str | None = None, dilation_rate: Any = 1,
                 activation: Any = None, use_bias: bool = True,
                 kernel_initializer: Any = "glorot_uniform", bias_initializer: Any = "zeros",
                 kernel_regularizer: Any = None, bias_regularizer: Any = None,
                 activity_regularizer: Any = None, kernel_constraint: Any = None,
                 bias_constraint: Any = None, **kwargs: Any) -> None:
        super().__init__(1, **init_args(locals()))


class Conv2DTranspose(ConvTranspose):
    """`Conv2DTranspose(filters, kernel_size, strides=(1, 1), padding='valid',
    output_padding=None, data_format=None, dilation_rate=(1, 1), ...)`."""

    def __init__(self, filters: int, kernel_size: Any, strides: Any = (1, 1),
                 padding: str = "valid", output_padding: Any = None,
                 data_format: str | None = None, dilation_rate: Any = (1, 1),
                 activation: Any = None, use_bias: bool = True,
                 kernel_initializer: Any = "glorot_uniform", bias_initializer: Any = "zeros",
                 kernel_regularizer: Any = None, bias_regularizer: Any = None,
                 activity_regularizer: Any = None, kernel_constraint: Any = None,
                 bias_constraint: Any = None, **kwargs: Any) -> None:
        super().__init__(2, **init_args(locals()))


class Conv3DTranspose(ConvTranspose):
    """`Conv3DTranspose(filters, kernel_size, strides=(1, 1, 1), padding='valid',
    output_padding=None, data_format=None, dilation_rate=(1, 1, 1), ...)`."""

    def __init__(self, filters: int, kernel_size: Any, strides: Any = (1, 1, 1),
                 padding: str = "valid", data_format: str | None = None,
                 output_padding: Any = None, dilation_rate: Any = (1, 1, 1),
                 activation: Any = None, use_bias: bool = True,
                 kernel_initializer: Any = "glorot_uniform", bias_initializer: Any = "zeros",
                 kernel_regularizer: Any = None, bias_regularizer: Any = None,
                 activity_regularizer: Any = None, kernel_constraint: Any = None,
                 bias_constraint: Any = None, **kwargs: Any) -> None:
        super().__init__(3, **init_args(locals()))


def _set_kernel_args(layer: Conv, kernel: str, initializer: Any, regularizer: Any,
                     constraint: Any) -> None:
    """A named kernel's (`depthwise`, `pointwise`) initializer, regularizer, constraint."""
    setattr(layer, f"{kernel}_initializer", initializers.get(initializer))
    setattr(layer, f"{kernel}_regularizer", regularizers.get(regularizer))
    setattr(layer, f"{kernel}_constraint", constraints.get(constraint))


def _add_kernel(layer: Conv, kernel: str, name: str, shape: tuple) -> Any:
    return layer.add_weight(name=name, shape=shape,
                            initializer=getattr(layer, f"{kernel}_initializer"),
                            regularizer=getattr(layer, f"{kernel}_regularizer"),
                            constraint=getattr(layer, f"{kernel}_constraint"))


class _DepthwiseFamily(Conv):
    """Depthwise (and, with a pointwise kernel, separable) convolutions of rank 1 or 2:
    each input channel convolved with its own `depth_multiplier` filters, by
    keras.ops.depthwise_conv / separable_conv. Strides and dilations may both exceed 1."""

    _checkpoint_names: dict = {}
    _saves_kernel_and_bias = False

    _kernels: tuple = ("depthwise",)  # the named kernels, in Keras's config order
    _causal_padding = False
    _strides_with_dilation = True

    def __init__(self, rank: int, filters: int | None, kernel_size: Any, strides: Any,
                 padding: str, data_format: str | None, dilation_rate: Any,
                 depth_multiplier: int, activation: Any, use_bias: bool,
                 bias_initializer: Any, bias_regularizer: Any, activity_regularizer: Any,
                 bias_constraint: Any, kernel_args: dict, **kwargs: Any) -> None:
        super().__init__(rank, filters, kernel_size, strides, padding, data_format,
                         dilation_rate, activation=activation, use_bias=use_bias,
                         kernel_initializer=None,  # no plain kernel: no seed drawn for one
                         bias_initializer=bias_initializer, bias_regularizer=bias_regularizer,
                         activity_regularizer=activity_regularizer,
                         bias_constraint=bias_constraint, **kwargs)
        if depth_multiplier is not None and depth_multiplier <= 0:
            raise ValueError("Invalid value for argument `depth_multiplier`. Expected a "
                             "strictly positive value. Received "
                             f"depth_multiplier={depth_multiplier}.")
        self.depth_multiplier = depth_multiplier
        for kernel in self._kernels:
            _set_kernel_args(self, kernel, *(kernel_args[f"{kernel}_{kind}"]
                                             for kind in ("initializer", "regularizer",
                                                          "constraint")))

    def get_config(self) -> dict:
        config = Layer.get_config(self)
        config["depth_multiplier"] = self.depth_multiplier
        if "pointwise" in self._kernels:
            config["filters"] = self.filters
        config.update({
            "kernel_size": self.kernel_size, "strides": self.strides, "padding": self.padding,
            "data_format": self.data_format, "dilation_rate": self.dilation_rate,
            "activation": ser_act(self.activation), "use_bias": self.use_bias})
        for kind, to_config in (("initializer", ser_init), ("regularizer", ser_reg),
                                ("constraint", ser_con)):
            for kernel in self._kernels + ("bias",):
                config[f"{kernel}_{kind}"] = to_config(getattr(self, f"{kernel}_{kind}"))
            if kind == "regularizer":
                config["activity_regularizer"] = ser_reg(self.activity_regularizer)
        return config


class DepthwiseConv(_DepthwiseFamily):
    """The depthwise convolution base; kernel (*kernel_size, channels, depth_multiplier)
    (named plainly `kernel`, as Keras 3 does), outputs channels * depth_multiplier."""

    def __init__(self, rank: int, kernel_size: Any, strides: Any = 1, padding: str = "valid",
                 depth_multiplier: int = 1, data_format: str | None = None,
                 dilation_rate: Any = 1, activation: Any = None, use_bias: bool = True,
                 depthwise_initializer: Any = "glorot_uniform", bias_initializer: Any = "zeros",
                 depthwise_regularizer: Any = None, bias_regularizer: Any = None,
                 activity_regularizer: Any = None, depthwise_constraint: Any = None,
                 bias_constraint: Any = None, **kwargs: Any) -> None:
        super().__init__(rank, None, kernel_size, strides, padding, data_format, dilation_rate,
                         depth_multiplier, activation, use_bias, bias_initializer,
                         bias_regularizer, activity_regularizer, bias_constraint,
                         {"depthwise_initializer": depthwise_initializer,
                          "depthwise_regularizer": depthwise_regularizer,
                          "depthwise_constraint": depthwise_constraint}, **kwargs)

    def build(self, input_shape: Any) -> None:
        input_shape = TensorShape(input_shape)
        in_ch = self._input_channels(input_shape)
        self.filters = self.depth_multiplier * in_ch  # (Keras's order: its error's words)
        self.compute_output_shape(input_shape)
        self.kernel = _add_kernel(self, "depthwise", "kernel",
                                  self.kernel_size + (in_ch, self.depth_multiplier))
        self._add_bias()
        self._set_channels_spec(in_ch)

    def compute_output_shape(self, input_shape: Any) -> TensorShape:
        in_ch = TensorShape(input_shape).as_list()[self._channel_axis]
        saved = self.filters
        self.filters = in_ch * self.depth_multiplier if in_ch is not None else None
        try:
            return super().compute_output_shape(input_shape)
        finally:
            self.filters = saved

    def _conv(self, x: Any) -> Any:
        return depthwise_conv(x, self.kernel, self.strides, self.padding, "channels_last",
                              self.dilation_rate)


class DepthwiseConv1D(DepthwiseConv):
    """`DepthwiseConv1D(kernel_size, strides=1, padding='valid', depth_multiplier=1,
    data_format=None, dilation_rate=1, ...)` (the arguments are DepthwiseConv's)."""

    def __init__(self, kernel_size: Any, strides: Any = 1, padding: str = "valid",
                 depth_multiplier: Any = 1, data_format: str | None = None,
                 dilation_rate: Any = 1, activation: Any = None, use_bias: bool = True,
                 depthwise_initializer: Any = "glorot_uniform",
                 bias_initializer: Any = "zeros", depthwise_regularizer: Any = None,
                 bias_regularizer: Any = None, activity_regularizer: Any = None,
                 depthwise_constraint: Any = None, bias_constraint: Any = None,
                 **kwargs: Any) -> None:
        super().__init__(1, **init_args(locals()))


class DepthwiseConv2D(DepthwiseConv):
    """`DepthwiseConv2D(kernel_size, strides=(1, 1), padding='valid', depth_multiplier=1,
    data_format=None, dilation_rate=(1, 1), ...)` (the arguments are DepthwiseConv's)."""

    def __init__(self, kernel_size: Any, strides: Any = (1, 1), padding: str = "valid",
                 depth_multiplier: Any = 1, data_format: str | None = None,
                 dilation_rate: Any = (1, 1), activation: Any = None, use_bias: bool = True,
                 depthwise_initializer: Any = "glorot_uniform",
                 bias_initializer: Any = "zeros", depthwise_regularizer: Any = None,
                 bias_regularizer: Any = None, activity_regularizer: Any = None,
                 depthwise_constraint: Any = None, bias_constraint: Any = None,
                 **kwargs: Any) -> None:
        super().__init__(2, **init_args(locals()))


class SeparableConv(_DepthwiseFamily):
    """A depthwise convolution followed by a pointwise (1x...x1) one: kernels
    `depthwise_kernel` (*kernel_size, channels, depth_multiplier) and `pointwise_kernel`
    (1, ..., channels * depth_multiplier, filters)."""

    _kernels = ("depthwise", "pointwise")

    def __init__(self, rank: int, filters: int, kernel_size: Any, strides: Any = 1,
                 padding: str = "valid", data_format: str | None = None,
                 dilation_rate: Any = 1, depth_multiplier: int = 1, activation: Any = None,
                 use_bias: bool = True, depthwise_initializer: Any = "glorot_uniform",
                 pointwise_initializer: Any = "glorot_uniform", bias_initializer: Any = "zeros",
                 depthwise_regularizer: Any = None, pointwise_regularizer: Any = None,
                 bias_regularizer: Any = None, activity_regularizer: Any = None,
                 depthwise_constraint: Any = None, pointwise_constraint: Any = None,
                 bias_constraint: Any = None, **kwargs: Any) -> None:
        super().__init__(rank, filters, kernel_size, strides, padding, data_format,
                         dilation_rate, depth_multiplier, activation, use_bias,
                         bias_initializer, bias_regularizer, activity_regularizer,
                         bias_constraint,
                         {"depthwise_initializer": depthwise_initializer,
                          "depthwise_regularizer": depthwise_regularizer,
                          "depthwise_constraint": depthwise_constraint,
                          "pointwise_initializer": pointwise_initializer,
                          "pointwise_regularizer": pointwise_regularizer,
                          "pointwise_constraint": pointwise_constraint}, **kwargs)

    def build(self, input_shape: Any) -> None:
        input_shape = TensorShape(input_shape)
        in_ch = self._input_channels(input_shape)
        # (both shapes first, as Keras 3: an unknown channel count fails the product)
        pointwise = (1,) * self.rank + (self.depth_multiplier * in_ch, self.filters)
        self.compute_output_shape(input_shape)
        self.depthwise_kernel = _add_kernel(self, "depthwise", "depthwise_kernel",
                                            self.kernel_size + (in_ch, self.depth_multiplier))
        self.pointwise_kernel = _add_kernel(self, "pointwise", "pointwise_kernel", pointwise)
        self._add_bias()
        self._set_channels_spec(in_ch)

    def _conv(self, x: Any) -> Any:
        return separable_conv(x, self.depthwise_kernel, self.pointwise_kernel, self.strides,
                              self.padding, "channels_last", self.dilation_rate)


class SeparableConv1D(SeparableConv):
    """`SeparableConv1D(filters, kernel_size, strides=1, padding='valid', data_format=None,
    dilation_rate=1, depth_multiplier=1, ...)` (the arguments are SeparableConv's)."""

    def __init__(self, filters: int, kernel_size: Any, strides: Any = 1,
                 padding: str = "valid", data_format: str | None = None,
                 dilation_rate: Any = 1, depth_multiplier: Any = 1, activation: Any = None,
                 use_bias: bool = True, depthwise_initializer: Any = "glorot_uniform",
                 pointwise_initializer: Any = "glorot_uniform",
                 bias_initializer: Any = "zeros", depthwise_regularizer: Any = None,
                 pointwise_regularizer: Any = None, bias_regularizer: Any = None,
                 activity_regularizer: Any = None, depthwise_constraint: Any = None,
                 pointwise_constraint: Any = None, bias_constraint: Any = None,
                 **kwargs: Any) -> None:
        super().__init__(1, **init_args(locals()))


class SeparableConv2D(SeparableConv):
    """`SeparableConv2D(filters, kernel_size, strides=(1, 1), padding='valid',
    data_format=None, dilation_rate=(1, 1), depth_multiplier=1, ...)` (the arguments are
    SeparableConv's)."""

    def __init__(self, filters: int, kernel_size: Any, strides: Any = (1, 1),
                 padding: str = "valid", data_format: str | None = None,
                 dilation_rate: Any = (1, 1), depth_multiplier: Any = 1,
                 activation: Any = None, use_bias: bool = True,
                 depthwise_initializer: Any = "glorot_uniform",
                 pointwise_initializer: Any = "glorot_uniform",
                 bias_initializer: Any = "zeros", depthwise_regularizer: Any = None,
                 pointwise_regularizer: Any = None, bias_regularizer: Any = None,
                 activity_regularizer: Any = None, depthwise_constraint: Any = None,
                 pointwise_constraint: Any = None, bias_constraint: Any = None,
                 **kwargs: Any) -> None:
        super().__init__(2, **init_args(locals()))


Convolution1D = Conv1D
Convolution2D = Conv2D
Convolution3D = Conv3D
Convolution1DTranspose = Conv1DTranspose
Convolution2DTranspose = Conv2DTranspose
Convolution3DTranspose = Conv3DTranspose
SeparableConvolution1D = SeparableConv1D
SeparableConvolution2D = SeparableConv2D
