"""BatchNormalization, LayerNormalization, UnitNormalization, GroupNormalization and
RMSNormalization."""

from __future__ import annotations

import warnings
from typing import Any

import numpy as np

from eagerflow._src.core import dtypes as dt
from eagerflow._src.core.context import _state
from eagerflow._src.core.shape import TensorShape
from eagerflow._src.core.tensor import Tensor, convert_to_tensor
from eagerflow._src.core.trackable import TrackableList
from eagerflow._src.keras import constraints, initializers, regularizers
from eagerflow._src.keras.engine.base_layer import Layer
from eagerflow._src.keras.engine.input_spec import InputSpec
from eagerflow._src.keras.layers._utils import ser_con, ser_init, ser_reg
from eagerflow._src.keras.ops import dtypes as kd
from eagerflow._src.keras.ops.nn import rms_normalization, synchronized_moments, warn_rms_scaling
from eagerflow._src.keras.ops.numpy_math import square as ops_square
from eagerflow._src.keras.ops.numpy_reduce import sum as ops_sum
from eagerflow._src.ops import array as ta
from eagerflow._src.ops import math as tm
from eagerflow._src.ops import nn_batchnorm, nn_norm
from eagerflow._src.ops import reduce as tr
from eagerflow._src.ops.math_base import cast, ones_like, stop_gradient
from eagerflow._src.ops.stacking import stack


def _axes_list(axis: Any) -> list:
    return list(axis) if isinstance(axis, (list, tuple)) else [axis]


def _set_affine_args(layer: Layer, beta_initializer: Any, gamma_initializer: Any,
                     beta_regularizer: Any, gamma_regularizer: Any, beta_constraint: Any,
                     gamma_constraint: Any) -> None:
    """The offset's (beta) and scale's (gamma) initializers, regularizers and constraints."""
    layer.beta_initializer = initializers.get(beta_initializer)
    layer.gamma_initializer = initializers.get(gamma_initializer)
    layer.beta_regularizer = regularizers.get(beta_regularizer)
    layer.gamma_regularizer = regularizers.get(gamma_regularizer)
    layer.beta_constraint = constraints.get(beta_constraint)
    layer.gamma_constraint = constraints.get(gamma_constraint)


def _affine_config(layer: Layer) -> dict:
    """The offset's and scale's initializers, regularizers and constraints, serialized in
    Keras 3's order (LayerNormalization's and GroupNormalization's configs)."""
    return {"beta_initializer": ser_init(layer.beta_initializer),
            "gamma_initializer": ser_init(layer.gamma_initializer),
            "beta_regularizer": ser_reg(layer.beta_regularizer),
            "gamma_regularizer": ser_reg(layer.gamma_regularizer),
            "beta_constraint": ser_con(layer.beta_constraint),
            "gamma_constraint": ser_con(layer.gamma_constraint)}


def _add_affine_weights(layer: Layer, shape: Any, **kwargs: Any) -> tuple:
    """`(gamma, beta)`: the scale weight where `layer.scale`, the offset where
    `layer.center` (None otherwise), created in that order as Keras does."""
    gamma = layer.add_weight(name="gamma", shape=shape, initializer=layer.gamma_initializer,
                             regularizer=layer.gamma_regularizer,
                             constraint=layer.gamma_constraint, trainable=True,
                             **kwargs) if layer.scale else None
    beta = layer.add_weight(name="beta", shape=shape, initializer=layer.beta_initializer,
                            regularizer=layer.beta_regularizer,
                            constraint=layer.beta_constraint, trainable=True,
                            **kwargs) if layer.center else None
    return gamma, beta


def _clone(initializer: Any) -> Any:
    """An initializer object's copy (a new seed each time it is called, as Keras 3 clones
    the initializers it calls twice); a function as it is."""
    return initializer.clone() if isinstance(initializer, initializers.Initializer) \
        else initializer


def _checked_clipping(clipping: dict) -> dict:
    """BatchNormalization's `renorm_clipping`, checked as Keras 3 checks it (its messages
    leave the values' names in braces)."""
    keys = ["rmax", "rmin", "dmax"]
    if set(clipping) - set(keys):
        raise ValueError("Received invalid keys for `renorm_clipping` argument: "
                         f"{clipping}. Supported values: {keys}.")
    rmax, rmin, dmax = (clipping.get(k) for k in keys)
    if rmax is not None and rmin is not None and rmax < rmin:
        raise ValueError("rmax should be greater than rmin in the `renorm_clipping` "
                         "argument. Received: rmax={rmax}, rmin={rmin}.")
    if dmax is not None and dmax < 0:
        raise ValueError("dmax should be non-negative in the `renorm_clipping` "
                         "argument. Received: dmax={dmax}.")
    return clipping


class BatchNormalization(Layer):
    """`BatchNormalization(axis=-1, momentum=0.99, epsilon=0.001, center=True, scale=True, ...)`.

    Training normalizes with the batch's mean and variance and moves the moving
    statistics towards them (`moving = moving * momentum + batch * (1 - momentum)`);
    inference (the default, and always when the layer is frozen) uses the moving
    statistics. As in Keras 3, the moving variance moves towards the batch variance
    itself (no Bessel correction). The moving statistics aggregate by MEAN: under
    MirroredStrategy each replica's update is averaged across the replicas, so every
    replica keeps the same moving statistics.
    """

    def __init__(self, axis: Any = -1, momentum: float = 0.99, epsilon: float = 1e-3,
                 center: bool = True, scale: bool = True, beta_initializer: Any = "zeros",
                 gamma_initializer: Any = "ones", moving_mean_initializer: Any = "zeros",
                 moving_variance_initializer: Any = "ones", beta_regularizer: Any = None,
                 gamma_regularizer: Any = None, beta_constraint: Any = None,
                 gamma_constraint: Any = None, renorm: bool = False,
                 renorm_clipping: Any = None, renorm_momentum: float = 0.99,
                 synchronized: bool = False, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        if renorm:
            renorm_clipping = _checked_clipping(renorm_clipping or {})
        self.renorm, self.renorm_clipping = renorm, renorm_clipping
        self.renorm_momentum = renorm_momentum
        self.axis = int(axis)  # (Keras 3's takes one axis: a list refused by int())
        self.momentum = momentum
        self.epsilon = epsilon
        self.center = center
        self.scale = scale
        self.synchronized = synchronized
        _set_affine_args(self, beta_initializer, gamma_initializer, beta_regularizer,
                         gamma_regularizer, beta_constraint, gamma_constraint)
        self.moving_mean_initializer = initializers.get(moving_mean_initializer)
        self.moving_variance_initializer = initializers.get(moving_variance_initializer)
        self.supports_masking = True

    def build(self, input_shape: Any) -> None:
        input_shape = TensorShape(input_shape)
        if input_shape.rank is None:
            raise ValueError(f"Input has undefined rank. Received: input_shape={input_shape}.")
        ndims = input_shape.rank
        axis = self.axis + ndims if self.axis < 0 else self.axis
        if not 0 <= axis < ndims:
            # (Keras 3 indexes the input's shape tuple with the axis, unchecked)
            raise IndexError("tuple index out of range")
        # (a tuple: a layer walk passes it by, where it looks into a list each time)
        self._axes = (axis,)
        # (an unknown size is refused by the first weight's shape, as in Keras 3)
        self.input_spec = InputSpec(ndim=ndims, axes={axis: input_shape[axis]})
        param_shape = (input_shape[axis],)
        pdtype = "float32" if self.dtype in ("float16", "bfloat16") else self.dtype
        # autocast=False: under a mixed policy the statistics stay float32 (as Keras 3)
        self.gamma, self.beta = _add_affine_weights(self, param_shape, dtype=pdtype,
                                                    autocast=False)
        self.moving_mean = self.add_weight(name="moving_mean", shape=param_shape, dtype=pdtype,
                                           initializer=self.moving_mean_initializer,
                                           trainable=False,
                                           autocast=False)
        self.moving_variance = self.add_weight(name="moving_variance", shape=param_shape,
                                               dtype=pdtype,
                                               initializer=self.moving_variance_initializer,
                                               trainable=False,
                                               autocast=False)
        if self.renorm:
            self._add_renorm_weights(param_shape, pdtype)
        self.built = True

    def _add_renorm_weights(self, shape: tuple, dtype: Any) -> None:
        """Batch renormalization's statistics, as Keras 3 keeps them: the moving standard
        deviation (the moving variance is derived from it), and the mean and standard
        deviation the corrections are taken against; the deviations start at the square
        root of the moving variance's initializer."""
        def stddev_init(shape: Any, dtype: Any = None) -> Any:
            return tm.sqrt(_clone(self.moving_variance_initializer)(
                shape, dtype=dtype))
        kw = dict(shape=shape, dtype=dtype, trainable=False, autocast=False)
        self.moving_stddev = self.add_weight(name="moving_stddev", initializer=stddev_init,
                                             **kw)
        self.renorm_mean = self.add_weight(
            name="renorm_mean",
            initializer=_clone(self.moving_mean_initializer), **kw)
        self.renorm_stddev = self.add_weight(name="renorm_stddev", initializer=stddev_init,
                                             **kw)

    def _broadcast(self, v: Any, ndims: int) -> Any:
        if v is None or len(self._axes) != 1 or self._axes[0] == ndims - 1:
            return v
        shape = [1] * ndims
        shape[self._axes[0]] = -1
        return ta.reshape(v, shape)

    def _fuses(self, x: Any, ndims: int) -> bool:
        """Whether a training step normalizes with one op (ops/nn_batchnorm.py): eagerly
        on a device (where each op of the composite is a launch), over every axis but the
        last, with scale and offset, in float32 or float64."""
        return (_state.graph is None and _state.xp is not np and self.scale and self.center
                and self._axes == (ndims - 1,) and ndims >= 2 and not self.synchronized
                and x.dtype in (dt.float32, dt.float64))

    def _batch_step(self, x: Any, mask: Any, ndims: int, reduction: list, gamma: Any,
                    beta: Any) -> tuple:
        """(output, batch mean, batch variance) as Keras 3 computes them: tf.nn.moments
        (or the mask's weighted moments), then tf.nn.batch_normalization."""
        mean, var = self._keepdims_moments(x, mask, ndims, reduction)
        out = nn_norm.batch_normalization(x, mean, var, beta, gamma, self.epsilon)
        pshape = self.moving_mean.shape.as_list()
        return out, ta.reshape(mean, pshape), ta.reshape(var, pshape)

    def _keepdims_moments(self, x: Any, mask: Any, ndims: int, reduction: list) -> tuple:
        """The batch's mean and variance over `reduction` (weighted by the mask's steps),
        their axes kept."""
        if mask is None and self.synchronized:
            return synchronized_moments(x, list(reduction), keepdims=True)
        if mask is None:
            return nn_norm.moments(x, list(reduction), keepdims=True)
        w = cast(ta.expand_dims(mask, -1) if mask.shape.rank < ndims else mask,
                 x.dtype) * ones_like(x)
        n = tr.reduce_sum(w, axis=reduction, keepdims=True)
        mean = tr.reduce_sum(x * w, axis=reduction, keepdims=True) / n
        var = tr.reduce_sum(tm.square(x - mean) * w, axis=reduction, keepdims=True) / n
        return mean, var

    def _moments(self, x: Any, mask: Any, ndims: int, reduction: list) -> tuple:
        """The batch's mean and variance in the statistics' shape."""
        pshape = self.moving_mean.shape.as_list()
        return tuple(ta.reshape(v, pshape)
                     for v in self._keepdims_moments(x, mask, ndims, reduction))

    def call(self, inputs: Any, training: Any = None, mask: Any = None) -> Any:
        if mask is not None and len(mask.shape) != len(inputs.shape) - 1:
            raise ValueError("The mask provided should be one dimension less than the inputs. "
                             f"Received: mask.shape={mask.shape}, inputs.shape={inputs.shape}")
        ndims = inputs.shape.rank
        compute = inputs.dtype
        x = inputs if compute is self.moving_mean._dtype else self._in_stats_dtype(inputs)
        # the statistics read first, as Keras 3 reads them (then gamma and beta): a traced
        # function captures the variables in that order
        moving_mean = convert_to_tensor(self.moving_mean)
        moving_variance = convert_to_tensor(self.moving_variance)
        train = training and self.trainable
        if train and self.renorm:
            return self._as_compute(self._renorm_call(x, mask, ndims))
        if train and mask is None and self._fuses(x, ndims):
            # (over the last axis: gamma and beta as they are, read by the op)
            out, _, _, new_mean, new_variance = nn_batchnorm.batch_norm_training(
                x, self.gamma, self.beta, moving_mean, moving_variance, self.epsilon,
                self.momentum)
        else:
            out, new_mean, new_variance = self._composite(x, mask, ndims, train, moving_mean,
                                                          moving_variance)
        if train:
            self.moving_mean.assign(new_mean)
            self.moving_variance.assign(new_variance)
        return self._as_compute(out)

    def _as_compute(self, out: Any) -> Any:
        """`out` in the layer's compute dtype, as Keras 3 casts it (an integer input gives
        floats)."""
        if getattr(out.dtype, "name", out.dtype) != self.compute_dtype:
            out = cast(out, self.compute_dtype)
        return out

    def _renorm_call(self, x: Any, mask: Any, ndims: int) -> Any:
        """A training step with batch renormalization, as Keras 3 takes it: the batch's
        moments normalize, then the corrections r = stddev / renorm_stddev and
        d = (mean - renorm_mean) / renorm_stddev (clipped, no gradient) scale and shift,
        composed into gamma and beta; then the renorm and moving statistics move."""
        reduction = [i for i in range(ndims) if i not in self._axes]
        mean, var = self._moments(x, mask, ndims, reduction)
        stddev = tm.sqrt(var + self.epsilon)
        floor = tm.sqrt(cast(self.epsilon, mean.dtype))  # (no division by zero early on)
        renorm_stddev = tm.maximum(convert_to_tensor(self.renorm_stddev), floor)
        r = stddev / renorm_stddev
        d = (mean - convert_to_tensor(self.renorm_mean)) / renorm_stddev
        clip = self.renorm_clipping
        if clip.get("rmin") is not None:
            r = tm.maximum(r, cast(clip["rmin"], r.dtype))
        if clip.get("rmax") is not None:
            r = tm.minimum(r, cast(clip["rmax"], r.dtype))
        if clip.get("dmax") is not None:
            d = tm.minimum(tm.maximum(d, cast(-clip["dmax"], d.dtype)),
                           cast(clip["dmax"], d.dtype))
        r, d = stop_gradient(r), stop_gradient(d)
        gamma = r * self.gamma if self.gamma is not None else r
        beta = d * self.gamma if self.gamma is not None else d
        if self.beta is not None:
            beta = beta + self.beta
        b = self._broadcast
        out = nn_norm.batch_normalization(x, b(mean, ndims), b(var, ndims), b(beta, ndims),
                                          b(gamma, ndims), self.epsilon)
        self._move_renorm_statistics(mean, stddev)
        return out

    def _move_renorm_statistics(self, mean: Any, stddev: Any) -> None:
        """Keras 3's updates: the renorm statistics by `renorm_momentum`, the moving mean
        and deviation by `momentum`, the moving variance the deviation squared less epsilon
        (not below 0)."""
        rm, m = self.renorm_momentum, self.momentum
        self.renorm_mean.assign(convert_to_tensor(self.renorm_mean) * rm + mean * (1.0 - rm))
        self.renorm_stddev.assign(convert_to_tensor(self.renorm_stddev) * rm
                                  + stddev * (1.0 - rm))
        self.moving_mean.assign(convert_to_tensor(self.moving_mean) * m + mean * (1.0 - m))
        new_stddev = convert_to_tensor(self.moving_stddev) * m + stddev * (1.0 - m)
        self.moving_stddev.assign(new_stddev)
        self.moving_variance.assign(tm.maximum(new_stddev * new_stddev - self.epsilon, 0.0))

    def _in_stats_dtype(self, inputs: Any) -> Any:
        """`inputs` cast to the moving statistics' dtype where it has another (a Keras
        variable's dtype is its name; a symbolic input's may be a name too)."""
        compute, stats_dtype = inputs.dtype, self.moving_mean.dtype
        return cast(inputs, stats_dtype) \
            if getattr(compute, "name", compute) != stats_dtype else inputs

    def _composite(self, x: Any, mask: Any, ndims: int, train: Any, moving_mean: Any,
                   moving_variance: Any) -> tuple:
        """(output, new moving mean, new moving variance: None in inference) of the layer
        as Keras 3 composes it, where it is not one op (_fuses)."""
        gamma = self._broadcast(self.gamma, ndims)
        beta = self._broadcast(self.beta, ndims)
        if not train:
            mean = self._broadcast(moving_mean, ndims)
            var = self._broadcast(moving_variance, ndims)
            return nn_norm.batch_normalization(x, mean, var, beta, gamma, self.epsilon), \
                None, None
        m = self.momentum
        reduction = [i for i in range(ndims) if i not in self._axes]
        out, mean_r, var_r = self._batch_step(x, mask, ndims, reduction, gamma, beta)
        return (out, moving_mean * m + stop_gradient(mean_r) * (1 - m),
                moving_variance * m + stop_gradient(var_r) * (1 - m))

    def compute_output_shape(self, input_shape: Any) -> TensorShape:
        return TensorShape(input_shape)

    def _saved_model_children(self) -> dict:
        out = super()._saved_model_children()
        if self.built:  # (Keras 3's build keeps its reduction axes in a list)
            out["_reduction_axes"] = TrackableList([])
        return out

    def get_config(self) -> dict:
        config = super().get_config()
        config.update({
            "axis": self.axis, "momentum": self.momentum, "epsilon": self.epsilon,
            "center": self.center, "scale": self.scale,
            "beta_initializer": ser_init(self.beta_initializer),
            "gamma_initializer": ser_init(self.gamma_initializer),
            "moving_mean_initializer": ser_init(self.moving_mean_initializer),
            "moving_variance_initializer": ser_init(self.moving_variance_initializer),
            "beta_regularizer": ser_reg(self.beta_regularizer),
            "gamma_regularizer": ser_reg(self.gamma_regularizer),
            "beta_constraint": ser_con(self.beta_constraint),
            "gamma_constraint": ser_con(self.gamma_constraint),
            "synchronized": self.synchronized, "renorm": self.renorm,
            "renorm_clipping": self.renorm_clipping, "renorm_momentum": self.renorm_momentum,
        })
        return config


class LayerNormalization(Layer):
    """`LayerNormalization(axis=-1, epsilon=0.001, center=True, scale=True, ...)`."""

    def __init__(self, axis: Any = -1, epsilon: float = 1e-3, center: bool = True,
                 scale: bool = True, beta_initializer: Any = "zeros",
                 gamma_initializer: Any = "ones", beta_regularizer: Any = None,
                 gamma_regularizer: Any = None, beta_constraint: Any = None,
                 gamma_constraint: Any = None, **kwargs: Any) -> None:
        # (a keyword only in Keras 3, which deprecates it)
        rms_scaling = kwargs.pop("rms_scaling", False)
        if rms_scaling:
            warnings.warn("You passed `rms_scaling=True`, which is deprecated. This argument "
                          "incorrectly scales the input by the variance, not the root mean "
                          "square. To correctly use RMS Normalization, please use "
                          "`keras.layers.RMSNormalization` instead.", stacklevel=2)
        # (as Keras 3's: a mixed policy's float32 input is normalized as float32, only
        # the result cast to the compute dtype)
        kwargs["autocast"] = False
        super().__init__(**kwargs)
        if isinstance(axis, (list, tuple)):
            self.axis = list(axis)
        elif isinstance(axis, int):
            self.axis = axis
        else:
            raise TypeError("Expected an int or a list/tuple of ints for the argument 'axis', "
                            f"but received: {axis!r}")
        self.epsilon = epsilon
        self.center = center
        self.scale = scale
        self.rms_scaling = rms_scaling
        _set_affine_args(self, beta_initializer, gamma_initializer, beta_regularizer,
                         gamma_regularizer, beta_constraint, gamma_constraint)
        self.supports_masking = True

    def build(self, input_shape: Any) -> None:
        input_shape = TensorShape(input_shape)
        ndims = input_shape.rank
        # (int(): an axis of True is axis 1, as Keras takes it)
        axes = [int(a) + ndims if a < 0 else int(a) for a in _axes_list(self.axis)]
        if any(a < 0 or a >= ndims for a in axes):
            # (Keras 3 indexes the input's shape tuple with the axis, unchecked)
            raise IndexError("tuple index out of range")
        self._axes = sorted(axes)
        # Keras 3's build leaves the axis a (sorted) list: what get_config then reports
        self.axis = sorted(self.axis) if isinstance(self.axis, (list, tuple)) else [self.axis]
        param_shape = [input_shape[a] for a in self._axes]
        # rms_scaling (deprecated in Keras 3) keeps a scale and drops the offset
        self.gamma = self.add_weight(name="gamma", shape=param_shape,
                                     initializer=self.gamma_initializer,
                                     regularizer=self.gamma_regularizer,
                                     constraint=self.gamma_constraint, trainable=True,
                                     autocast=False) \
            if self.scale or self.rms_scaling else None
        self.beta = self.add_weight(name="beta", shape=param_shape,
                                    initializer=self.beta_initializer,
                                    regularizer=self.beta_regularizer,
                                    constraint=self.beta_constraint, trainable=True,
                                    autocast=False) \
            if self.center and not self.rms_scaling else None
        self.built = True

    def call(self, inputs: Any) -> Any:
        ndims = inputs.shape.rank
        dims = inputs.shape.as_list()
        shape = [dims[i] if i in self._axes else 1 for i in range(ndims)]
        x = inputs
        original = x.dtype
        # Keras 3 computes in at least float32 (integers too), casts the result back to the
        # input's dtype (an integer input's values truncated), then to the layer's
        if original in (dt.float16, dt.bfloat16) or not original.is_floating:
            x = cast(x, dt.float32)
        mean, var = nn_norm.moments(x, list(self._axes), keepdims=True)
        # (in float32 with a half-precision input: a bfloat16 policy's weights too)
        gamma = cast(ta.reshape(self.gamma, shape), x.dtype) if self.gamma is not None \
            else None
        beta = cast(ta.reshape(self.beta, shape), x.dtype) if self.beta is not None else None
        if self.rms_scaling:  # Keras 3's (deprecated) form: x / sqrt(var + eps) * gamma
            warn_rms_scaling()  # (Keras's layer calls the op, which warns each call)
            out = x * tm.rsqrt(var + self.epsilon)
            out = out * cast(gamma, out.dtype) if gamma is not None else out
        else:
            out = nn_norm.batch_normalization(x, mean, var, beta, gamma, self.epsilon)
        out = cast(out, original) if out.dtype != original else out
        return cast(out, self.compute_dtype) if out.dtype.name != self.compute_dtype else out

    def compute_output_shape(self, input_shape: Any) -> TensorShape:
        return TensorShape(input_shape)

    def get_config(self) -> dict:
        config = super().get_config()
        config.update({
            "axis": self.axis, "epsilon": self.epsilon, "center": self.center,
            "scale": self.scale, "rms_scaling": self.rms_scaling, **_affine_config(self),
        })
        return config


class UnitNormalization(Layer):
    """`UnitNormalization(axis=-1)`: scales each sample to unit L2 norm over `axis`
    (`x * min(rsqrt(sum(x ** 2)), 1e12)`, as Keras 3's `ops.normalize`)."""

    def __init__(self, axis: Any = -1, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        if isinstance(axis, (list, tuple)):
            self.axis = list(axis)
        elif isinstance(axis, int):  # (a bool too, as in Keras)
            self.axis = axis
        else:
            raise TypeError("Invalid value for `axis` argument: expected an int or a "
                            f"list/tuple of ints. Received: axis={axis}")
        self.supports_masking = True
        self._build_at_init()

    def call(self, inputs: Any) -> Any:
        x = inputs if inputs.shape.rank else ta.expand_dims(inputs, 0)
        # (keras.ops' square and sum, as Keras 3's normalize: a bool squares to int32, a
        # uint8 sums to uint32, before rsqrt refuses them)
        square_sum = ops_sum(ops_square(x), axis=self.axis, keepdims=True)
        return x * tm.minimum(tm.rsqrt(square_sum), cast(1e12, x.dtype))

    def compute_output_shape(self, input_shape: Any) -> TensorShape:
        shape = TensorShape(input_shape)
        for axis in _axes_list(self.axis):
            if axis >= shape.rank or axis < -shape.rank:
                raise ValueError(f"Axis {self.axis} is out of bounds for input shape "
                                 f"{tuple(shape.as_list())}.")
        return shape

    def get_config(self) -> dict:
        config = super().get_config()
        config["axis"] = self.axis
        return config


class GroupNormalization(Layer):
    """`GroupNormalization(groups=32, axis=-1, epsilon=0.001, center=True, scale=True, ...)`:
    the channels of `axis` split into `groups`, each normalized over its channels and every
    non-batch axis (`groups=-1`: one group per channel, instance normalization)."""

    def __init__(self, groups: int = 32, axis: int = -1, epsilon: float = 1e-3,
                 center: bool = True, scale: bool = True, beta_initializer: Any = "zeros",
                 gamma_initializer: Any = "ones", beta_regularizer: Any = None,
                 gamma_regularizer: Any = None, beta_constraint: Any = None,
                 gamma_constraint: Any = None, **kwargs: Any) -> None:
        if not isinstance(groups, int) or (groups <= 0 and groups != -1):
            raise ValueError("Received an invalid value for argument `groups`, expected a "
                             "positive integer (or `-1` for instance normalization). "
                             f"Received: groups={groups}")
        kwargs["autocast"] = False  # the inputs are normalized in their own dtype
        super().__init__(**kwargs)
        self.supports_masking = True
        self.groups = groups
        self.axis = axis
        self.epsilon = epsilon
        self.center = center
        self.scale = scale
        _set_affine_args(self, beta_initializer, gamma_initializer, beta_regularizer,
                         gamma_regularizer, beta_constraint, gamma_constraint)

    def build(self, input_shape: Any) -> None:
        dim = input_shape[self.axis]
        if dim is None:
            raise ValueError(f"Axis {self.axis} of input tensor should have a defined "
                             "dimension but the layer received an input with shape "
                             f"{tuple(input_shape)}.")
        if self.groups == -1:
            self.groups = dim
        if dim < self.groups:
            raise ValueError(f"Number of groups ({self.groups}) cannot be more than the "
                             f"number of channels ({dim}).")
        if dim % self.groups != 0:
            raise ValueError(f"Number of groups ({self.groups}) must be a multiple of the "
                             f"number of channels ({dim}).")
        self.input_spec = InputSpec(ndim=len(input_shape), axes={self.axis: dim})
        self.gamma, self.beta = _add_affine_weights(self, (dim,), autocast=False)

    def _split_channels(self, shape: list, channels: Any) -> list:
        """`shape` with the channel axis as (groups, channels per group)."""
        out = list(shape)
        out[self.axis] = channels // self.groups
        out.insert(self.axis, self.groups)  # (list.insert's reading of a negative axis)
        return out

    def call(self, inputs: Any) -> Any:
        dims = [d if d is not None else ta.shape(inputs)[i]
                for i, d in enumerate(inputs.shape.as_list())]
        grouped = self._split_channels([-1] + dims[1:], dims[self.axis])
        x = ta.reshape(inputs, stack(grouped) if any(isinstance(d, Tensor) for d in grouped)
                       else grouped)
        dtype = x.dtype
        # (Keras 3 computes in result_type(dtype, float32): half precision and integers
        # in float32; the result cast back to the input's dtype, then the compute dtype)
        x = cast(x, kd.result_type(dtype.name, "float32"))
        axes = list(range(1, x.shape.rank))
        axes.pop(-2 if self.axis == -1 else self.axis - 1)  # the groups' axis is kept
        mean, variance = nn_norm.moments(x, axes, keepdims=True)
        inv = tm.rsqrt(variance + self.epsilon)
        bshape = self._split_channels([1] * inputs.shape.rank, inputs.shape[self.axis])
        if self.gamma is not None:
            inv = inv * cast(ta.reshape(self.gamma, bshape), x.dtype)
        offset = -mean * inv
        if self.beta is not None:
            offset = offset + cast(ta.reshape(self.beta, bshape), x.dtype)
        out = cast(x * inv + offset, dtype)
        return cast(ta.reshape(out, ta.shape(inputs)), self.compute_dtype)

    def compute_output_shape(self, input_shape: Any) -> Any:
        _check_axes_in(self.axis, input_shape)
        return input_shape

    def get_config(self) -> dict:
        return {**super().get_config(), "groups": self.groups, "axis": self.axis,
                "epsilon": self.epsilon, "center": self.center, "scale": self.scale,
                **_affine_config(self)}


def _check_axes_in(axis: Any, input_shape: Any) -> None:
    shape = tuple(input_shape)
    for a in _axes_list(axis):
        if a >= len(shape) or a < -len(shape):
            raise ValueError(f"Axis {a} is out of bounds for input shape {shape}. "
                             f"Received: axis={axis}")


class RMSNormalization(Layer):
    """`RMSNormalization(axis=-1, epsilon=1e-06)`: `x * rsqrt(mean(x ** 2) + epsilon) *
    scale` over `axis`, with a learned `scale` (ones at first)."""

    def __init__(self, axis: Any = -1, epsilon: float = 1e-6, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.axis = axis
        self.epsilon = epsilon

    def build(self, input_shape: Any) -> None:
        if isinstance(self.axis, (list, tuple)):
            self.axis = sorted(self.axis)
            shape = tuple(input_shape[a] for a in self.axis)
        else:
            shape = (input_shape[self.axis],)
            self.axis = [self.axis]
        self.scale = self.add_weight(name="scale", shape=shape, initializer="ones")

    def call(self, x: Any) -> Any:
        return rms_normalization(x, scale=self.scale, axis=self.axis, epsilon=self.epsilon)

    def compute_output_shape(self, input_shape: Any) -> Any:
        _check_axes_in(self.axis, input_shape)
        return input_shape

    def get_config(self) -> dict:
        return {**super().get_config(), "axis": self.axis, "epsilon": self.epsilon}
