"""Layer wrappers: TimeDistributed, Bidirectional and SpectralNormalization."""

from __future__ import annotations

from typing import Any

from eagerflow._src.core.name_scope import name_scope
from eagerflow._src.core.shape import TensorShape
from eagerflow._src.keras import backend as kb
from eagerflow._src.keras import dtype_policy as dtype_policies
from eagerflow._src.keras import initializers
from eagerflow._src.keras import serialization as ser
from eagerflow._src.keras.engine.base_layer import Layer
from eagerflow._src.keras.engine.call_spec import call_spec
from eagerflow._src.keras.engine.input_spec import InputSpec
from eagerflow._src.keras.engine.symbolic_calls import output_shape_of
from eagerflow._src.keras.layers._utils import dims_of
from eagerflow._src.keras.ops.core import cond
from eagerflow._src.keras.ops.dtypes import result_type
from eagerflow._src.keras.ops.nn import normalize
from eagerflow._src.ops import array as ta
from eagerflow._src.ops import math as tm
from eagerflow._src.ops import reduce as tr
from eagerflow._src.ops import stacking
from eagerflow._src.ops.linalg import matmul
from eagerflow._src.ops.math_base import cast, stop_gradient
from eagerflow._src.ops.slicing import strided_slice


class Wrapper(Layer):
    def __init__(self, layer: Layer, **kwargs: Any) -> None:
        if not isinstance(layer, Layer):
            raise ValueError(f"Layer {layer} supplied to Wrapper isn't a supported layer type. "
                             "Please ensure wrapped layer is a valid Keras layer.")
        super().__init__(**kwargs)
        self.layer = layer

    def build(self, input_shape: Any = None) -> None:
        if not self.layer.built:
            with self.layer._own_scope():
                self.layer._maybe_build(_Shaped(TensorShape(input_shape)))
        self.built = True

    def get_config(self) -> dict:
        # (the inner layer serialized before the wrapper's own config, as Keras's: in a
        # `.keras` file, that order decides which configs of a shared object are marked)
        layer = ser.serialize_keras_object(self.layer)
        config = super().get_config()
        config["layer"] = layer
        return config

    @classmethod
    def from_config(cls, config: dict, custom_objects: dict | None = None) -> Wrapper:
        # (read in full, as Keras does: a built layer's build_config builds it; the
        # caller's dict loses its "layer", as Keras 3's from_config takes it out)
        layer = ser.deserialize_keras_object(config.pop("layer"), custom_objects)
        return cls(layer, **config)


class TimeDistributed(Wrapper):
    """Applies `layer` to every time step (axis 1) of its input. As in Keras 3 it holds no
    input spec: once built, a batch of another length (in batch or time) is taken too."""

    def __init__(self, layer: Layer, **kwargs: Any) -> None:
        if not isinstance(layer, Layer):
            raise ValueError("Please initialize `TimeDistributed` layer with a "
                             f"`keras.layers.Layer` instance. Received: {layer}")
        super().__init__(layer, **kwargs)
        self.supports_masking = True

    @staticmethod
    def _dims(input_shape: Any) -> list:
        """The input's dimensions, refused (as Keras 3 does) below rank 3."""
        s = TensorShape(input_shape).as_list()
        if len(s) < 3:
            shown = input_shape if isinstance(input_shape, (tuple, list)) else tuple(s)
            raise ValueError("`TimeDistributed` Layer should be passed an `input_shape` with at "
                             f"least 3 dimensions, received: {shown}")
        return s

    def _inner_shape(self, s: list) -> TensorShape:
        batch = s[0] * s[1] if s[0] is not None and s[1] is not None else None
        return TensorShape([batch] + s[2:])

    def build(self, input_shape: Any) -> None:
        s = self._dims(input_shape)
        if not self.layer.built:
            with self.layer._own_scope():
                self.layer._maybe_build(_Shaped(self._inner_shape(s)))
        self.built = True

    def compute_output_shape(self, input_shape: Any) -> TensorShape:
        s = self._dims(input_shape)
        inner = TensorShape(output_shape_of(self.layer, self._inner_shape(s))).as_list()
        return TensorShape([s[0], s[1]] + inner[1:])

    def call(self, inputs: Any, training: Any = None, mask: Any = None) -> Any:
        """The layer on every (batch, step) row at once, batch and time merged: the values
        Keras 3's loop over the time steps gives outside training. Where the number of
        steps is unknown (a traced call), Keras 3 maps over as many steps as the batch has
        rows (its `arange(input_shape[0])`): the same here, an index past the last step
        failing."""
        s = inputs.shape.as_list()
        if mask is not None:
            _check_time_mask(TensorShape(mask.shape), inputs.shape)
        kwargs = {}
        if call_spec(self.layer).expects_training:
            kwargs["training"] = training
        # (a layer taking a mask gets each step's part of it, as Keras 3 passes mask[i])
        if mask is None or not call_spec(self.layer).expects_mask:
            mask = None
        if s[1] is not None and training is not None and training is not False:
            # training: one call a step, as Keras 3's loop makes them (a BatchNormalization
            # inside takes each step's batch statistics and moves its averages once a step)
            steps = [_in_autocast_scope(self, self.layer, inputs[:, i], kwargs if mask is None
                                        else {**kwargs, "mask": mask[:, i]})
                     for i in range(s[1])]
            return stacking.stack(steps, axis=1)
        if s[1] is not None:
            batch = -1 if s[0] is None else s[0]
            y = self._on_rows(inputs, kwargs, mask)
            return ta.reshape(y, [batch, s[1]] + dims_of(y)[1:])
        # (steps first: Keras's transpose, then the first `batch` of them)
        steps = dims_of(inputs)[0]
        chosen, chosen_mask = (None if x is None else _first_steps(
            ta.transpose(x, [1, 0] + list(range(2, len(x.shape)))), steps)
            for x in (inputs, mask))
        y = self._on_rows(chosen, kwargs, chosen_mask)
        y = ta.reshape(y, [steps, steps] + dims_of(y)[1:])
        return ta.transpose(y, [1, 0] + list(range(2, len(y.shape))))

    def _on_rows(self, x: Any, kwargs: dict, mask: Any = None) -> Any:
        """The layer on `x`'s first two axes merged into one (and its mask's)."""
        flat = ta.reshape(x, [-1] + dims_of(x)[2:])
        if mask is not None:
            kwargs = {**kwargs, "mask": ta.reshape(mask, [-1] + dims_of(mask)[2:])}
        return _in_autocast_scope(self, self.layer, flat, kwargs)

    def compute_mask(self, inputs: Any, mask: Any = None) -> Any:
        return mask


def _first_steps(x: Any, steps: Any) -> Any:
    """`x`'s first `steps` rows, where Keras 3's vectorized loop reads row i for each i
    below `steps`: where they outnumber x's, the read of the last fails as that loop's
    StridedSlice does ("slice index {steps - 1} of dimension 0 out of bounds.", named as
    TF's node)."""
    last = steps - 1
    with name_scope("loop_body/strided_slice_1/pfor/while"):
        tail = strided_slice(x, ta.expand_dims(last, 0), ta.expand_dims(last + 1, 0), [1],
                             shrink_axis_mask=1, name="StridedSlice")
    head = x[:tm.maximum(steps - 1, 0)]
    return ta.concat([head, ta.expand_dims(tail, 0)[:steps]], 0)


def _check_time_mask(mask_shape: TensorShape, input_shape: TensorShape) -> None:
    """Keras 3's checks of the mask a TimeDistributed is called with: at least
    (batch, timesteps), those two as the input's where both are known."""
    m, x = mask_shape.as_list(), input_shape.as_list()
    if len(m) < 2:
        raise ValueError("The `mask` passed to the `TimeDistributed` layer must be at least 2D "
                         f"(e.g., `(batch_size, timesteps)`), but it has {len(m)} dimension(s) "
                         f"with shape {tuple(m)}.")
    if any(a is not None and b is not None and a != b for a, b in zip(x[:2], m[:2])):
        raise ValueError("The `mask` passed to the `TimeDistributed` layer has a shape "
                         f"{tuple(m)} that is incompatible with the input shape {tuple(x)}. The "
                         "first two dimensions of the mask (batch size and timesteps) must match "
                         "the input's first two dimensions. Expected mask shape prefix: "
                         f"({x[0]}, {x[1]}).")


def _in_autocast_scope(wrapper: Layer, layer: Layer, inputs: Any, kwargs: dict) -> Any:
    """`layer` called inside `wrapper`'s call as Keras 3 runs it there: its `call` on the
    wrapper's inputs (in the wrapper's compute dtype) with its variables read in the
    wrapper's autocast scope, or in their own dtype outside one, so it computes in the
    dtype those two promote to (a mixed_float16 TimeDistributed of a float32 Dense gives
    float16, a float32 one of a mixed_float16 Dense float32)."""
    policy = layer._dtype_policy
    read = kb.call_context.autocast or policy.variable_dtype
    dtype = result_type(wrapper.compute_dtype, read)
    if dtype == policy.compute_dtype or policy.quantization_mode is not None:
        return layer(inputs, **kwargs)
    object.__setattr__(layer, "_dtype_policy", dtype_policies.get(dtype))
    try:
        return layer(inputs, **kwargs)
    finally:
        object.__setattr__(layer, "_dtype_policy", policy)


class _Shaped:
    def __init__(self, shape: TensorShape) -> None:
        self.shape = shape


class Bidirectional(Wrapper):
    """`Bidirectional(layer, merge_mode='concat', backward_layer=None)` for recurrent layers."""

    def __init__(self, layer: Layer, merge_mode: str | None = "concat", weights: Any = None,
                 backward_layer: Layer | None = None, **kwargs: Any) -> None:
        if not isinstance(layer, Layer):
            raise ValueError("Please initialize `Bidirectional` layer with a "
                             f"`keras.layers.Layer` instance. Received: {layer}")
        if backward_layer is not None and not isinstance(backward_layer, Layer):
            raise ValueError("`backward_layer` need to be a `keras.layers.Layer` instance. "
                             f"Received: {backward_layer}")
        if merge_mode not in ["sum", "mul", "ave", "concat", None]:
            raise ValueError(f"Invalid merge mode. Received: {merge_mode}. Merge mode should be "
                             "one of {\"sum\", \"mul\", \"ave\", \"concat\", None}")
        super().__init__(layer, **kwargs)
        # (copies through the serialized form, as Keras 3 makes them: a layer that takes no
        # `go_backwards` fails as its deserialization does)
        config = ser.serialize_keras_object(layer)
        config["config"]["name"] = "forward_" + layer.name.removeprefix("forward_")
        self.forward_layer = ser.deserialize_keras_object(config)
        if backward_layer is None:
            config = ser.serialize_keras_object(layer)
            config["config"]["go_backwards"] = True
            config["config"]["name"] = "backward_" + layer.name.removeprefix("backward_")
            self.backward_layer = ser.deserialize_keras_object(config)
        else:
            self.backward_layer = backward_layer
            if backward_layer.go_backwards == layer.go_backwards:
                raise ValueError("Forward layer and backward layer should have different "
                                 "`go_backwards` value. Received: forward_layer.go_backwards "
                                 f"{layer.go_backwards}, backward_layer.go_backwards="
                                 f"{backward_layer.go_backwards}")
        for attr in ("stateful", "return_sequences", "return_state"):
            if getattr(self.forward_layer, attr) != getattr(self.backward_layer, attr):
                raise ValueError("Forward layer and backward layer are expected to have the "
                                 f"same value for attribute \"{attr}\", got "
                                 f"\"{getattr(self.forward_layer, attr)}\" for forward layer "
                                 f"and \"{getattr(self.backward_layer, attr)}\" for backward "
                                 "layer")
        # (a built layer's serialized form holds its build config: its copies were built by
        # their deserialization, here at the caller's scope, as Keras 3 builds them (a loaded
        # model's weights are forward_lstm/..., not bidirectional/forward_lstm/...))
        for sub in (self.forward_layer, self.backward_layer):
            if getattr(sub, "zero_output_for_mask", None) is not None:
                sub.zero_output_for_mask = sub.return_sequences  # as Keras 3 forces it
        self.merge_mode = merge_mode
        self.stateful = layer.stateful
        self.return_sequences = layer.return_sequences
        self.return_state = layer.return_state
        self.supports_masking = True
        self._initial = weights
        self.input_spec = InputSpec(ndim=3)
        del self.layer  # the copies are what run (and hold the weights)
        object.__setattr__(self, "_template", layer)

    def reset_state(self) -> None:
        """Both directions' states back to zeros (a stateful wrapper's alone, as Keras 3)."""
        if not self.stateful:
            raise AttributeError("Layer must be stateful.")
        self.forward_layer.reset_state()
        self.backward_layer.reset_state()

    def reset_states(self) -> None:
        self.reset_state()

    @property
    def states(self) -> tuple | None:
        """Both directions' state variables, forward first (a stateful wrapper's; None
        otherwise, as Keras 3)."""
        forward, backward = self.forward_layer.states, self.backward_layer.states
        if forward and backward:
            return tuple(forward + backward)
        return None

    def build(self, input_shape: Any) -> None:
        for sub in (self.forward_layer, self.backward_layer):
            with sub._own_scope():
                sub._maybe_build(_Shaped(TensorShape(input_shape)))
        if self._initial is not None:
            self.set_weights(self._initial)
            self._initial = None
        self.built = True

    def _merge(self, y: Any, y_rev: Any) -> Any:
        if self.merge_mode == "concat":
            return ta.concat([y, y_rev], axis=-1)
        if self.merge_mode == "sum":
            return y + y_rev
        if self.merge_mode == "ave":
            return (y + y_rev) / 2.0
        if self.merge_mode == "mul":
            return y * y_rev
        return (y, y_rev)  # a tuple, as Keras 3's

    def compute_output_shape(self, input_shape: Any) -> Any:
        out = self.forward_layer.compute_output_shape(input_shape)
        states = []
        if self.return_state:
            out, states = out[0], list(out[1:])
        s = TensorShape(out).as_list()
        if self.merge_mode == "concat":
            s[-1] = None if s[-1] is None else s[-1] * 2
            result: Any = TensorShape(s)
        elif self.merge_mode is None:
            result = (TensorShape(s), TensorShape(s))
        else:
            result = TensorShape(s)
        if self.return_state:  # tuples, as Keras 3's
            if self.merge_mode is None:
                return (*result, *states, *states)
            return (result, *states, *states)
        return result

    def call(self, inputs: Any, training: Any = None, mask: Any = None,
             initial_state: Any = None) -> Any:
        fw_state = bw_state = None
        if initial_state is not None:
            half = len(initial_state) // 2
            fw_state, bw_state = initial_state[:half], initial_state[half:]
        # (each layer called as Keras 3 calls it: its own errors name it)
        y = self.forward_layer(inputs, mask=mask, training=training, initial_state=fw_state)
        y_rev = self.backward_layer(inputs, mask=mask, training=training,
                                    initial_state=bw_state)
        states: list = []
        if self.return_state:
            states = list(y[1:]) + list(y_rev[1:])
            y, y_rev = y[0], y_rev[0]
        # (each in this layer's compute dtype, as Keras 3 casts them: a mixed_float16
        # Bidirectional of a float32 layer gives float16)
        y, y_rev = cast(y, self.compute_dtype), cast(y_rev, self.compute_dtype)
        if self.return_sequences:
            y_rev = y_rev[:, ::-1]
        out = self._merge(y, y_rev)
        if self.return_state:  # a tuple, as Keras 3's
            return (*(out if isinstance(out, tuple) else (out,)), *states)
        return out

    def compute_mask(self, inputs: Any, mask: Any = None) -> Any:
        if isinstance(mask, list):
            mask = mask[0]
        out_mask = mask if self.return_sequences else None
        if self.return_state:
            n = len(self.forward_layer._state_sizes()) * 2
            return (out_mask,) * (2 if self.merge_mode is None else 1) + (None,) * n
        return (out_mask, out_mask) if self.merge_mode is None else out_mask

    def get_config(self) -> dict:
        layers = {"merge_mode": self.merge_mode,  # (serialized first, as Wrapper's layer)
                  "layer": ser.serialize_keras_object(self.forward_layer),
                  "backward_layer": ser.serialize_keras_object(self.backward_layer)}
        return {**Layer.get_config(self), **layers}

    @classmethod
    def from_config(cls, config: dict, custom_objects: dict | None = None) -> Bidirectional:
        config = dict(config)
        layer = ser.deserialize_layer(config.pop("layer"), custom_objects)
        back = config.pop("backward_layer", None)
        if back is not None:
            back = ser.deserialize_layer(back, custom_objects)
            back_cfg = back.get_config()
            back_cfg["name"] = back.name
        return cls(layer, backward_layer=back, **config)


class SpectralNormalization(Wrapper):
    """`SpectralNormalization(layer, power_iterations=1)`: while training, divides the
    wrapped layer's `kernel` (or `embeddings`) by its largest singular value, estimated by
    `power_iterations` steps of power iteration from the kept vector `vector_u`, and keeps
    the divided kernel and the new vector; in inference the layer runs as it is."""

    def __init__(self, layer: Layer, power_iterations: int = 1, **kwargs: Any) -> None:
        super().__init__(layer, **kwargs)
        if power_iterations <= 0:
            raise ValueError("`power_iterations` should be greater than zero. Received: "
                             f"`power_iterations={power_iterations}`")
        self.power_iterations = power_iterations

    def build(self, input_shape: Any) -> None:
        super().build(input_shape)
        self.input_spec = InputSpec(min_ndim=1, axes={-1: TensorShape(input_shape)[-1]})
        for name in ("kernel", "embeddings"):
            if getattr(self.layer, name, None) is not None:
                self.kernel = getattr(self.layer, name)
                break
        else:
            raise ValueError(f"{type(self.layer).__name__} object has no attribute 'kernel' "
                             "nor 'embeddings'")
        self.kernel_shape = self.kernel.shape
        self.vector_u = self.add_weight(
            shape=(1, self.kernel_shape[-1]), initializer=initializers.TruncatedNormal(
                stddev=0.02), trainable=False, name="vector_u", dtype=self.kernel.dtype)

    def call(self, inputs: Any, training: Any = False) -> Any:
        if training:
            vector_u, kernel = cond(tr.reduce_all(tm.equal(self.kernel.read_value(), 0)),
                                    lambda: (self.vector_u.read_value(), self.kernel.read_value()),
                                    self.normalized_weights)
            self.vector_u.assign(vector_u)
            self.kernel.assign(kernel)
        return cast(self.layer(inputs), inputs.dtype)

    def normalized_weights(self) -> tuple:
        """(new vector_u, kernel / sigma): the power iteration on the kernel as a matrix
        (its last axis the columns); u and v are constants to the gradient."""
        weights = ta.reshape(self.kernel.read_value(), [-1, self.kernel_shape[-1]])
        vector_u = self.vector_u.read_value()
        for _ in range(self.power_iterations):
            vector_v = normalize(matmul(vector_u, weights, transpose_b=True), axis=None)
            vector_u = normalize(matmul(vector_v, weights), axis=None)
        vector_u, vector_v = stop_gradient(vector_u), stop_gradient(vector_v)
        sigma = matmul(matmul(vector_v, weights), vector_u, transpose_b=True)
        kernel = ta.reshape(self.kernel.read_value() / sigma, self.kernel_shape)
        return cast(vector_u, self.vector_u.dtype), cast(kernel, self.kernel.dtype)

    def compute_output_shape(self, input_shape: Any) -> Any:
        return self.layer.compute_output_shape(input_shape)

    def get_config(self) -> dict:
        return {**super().get_config(), "power_iterations": self.power_iterations}
