"""ConvLSTM1D/2D/3D: LSTMs whose input and recurrent transformations are convolutions.

The cell (ConvLSTMCell, `conv_lstm_cell`) holds `kernel` (*kernel_size, channels,
4 * filters), `recurrent_kernel` (*kernel_size, filters, 4 * filters) and `bias`, gates in
Keras's order i, f, c, o; its states h and c are images (batch, *spatial, filters). The
time loop, masks and stateful states are RNN's, the dropout masks the RNN cells' (Keras's
draws, one per gate); the convolutions are keras.ops.conv, so every step is a composition
of registered ops.
"""

from __future__ import annotations

from typing import Any

from eagerflow._src.core.shape import TensorShape
from eagerflow._src.keras import activations
from eagerflow._src.keras.engine.base_layer import Layer
from eagerflow._src.keras.engine.input_spec import InputSpec
from eagerflow._src.keras.layers._utils import (
    normalize_data_format,
    normalize_padding,
    normalize_tuple,
    ser_act,
    ser_con,
    ser_init,
    ser_reg,
)
from eagerflow._src.keras.layers.rnn import (
    RNN,
    DropoutRNNCell,
    _sequences_shape,
    add_lstm_bias,
)
from eagerflow._src.keras.ops.nn_conv import conv
from eagerflow._src.keras.utils.conv_utils import check_output_size, conv_output_length
from eagerflow._src.ops import array as ta
from eagerflow._src.ops.stacking import stack

# the config entries after the cell's geometry, in Keras 3's order
_CELL_KEYS = ("activation", "recurrent_activation", "use_bias", "kernel_initializer",
              "recurrent_initializer", "bias_initializer", "unit_forget_bias",
              "kernel_regularizer", "recurrent_regularizer", "bias_regularizer",
              "kernel_constraint", "recurrent_constraint", "bias_constraint", "dropout",
              "recurrent_dropout")
_SERIALIZERS = {"activation": ser_act, "initializer": ser_init, "regularizer": ser_reg,
                "constraint": ser_con}


class ConvLSTMCell(DropoutRNNCell, Layer):
    """One ConvLSTM step: `(x, [h, c]) -> (h, [h, c])` over images of rank `rank`; while
    training, each gate's input and state get their own dropout mask (four per draw)."""

    dropout_mask_count = 4
    _pure_step = True  # (rnn.py's _CellBase)

    def __init__(self, rank: int, filters: int, kernel_size: Any, strides: Any = 1,
                 padding: str = "valid", data_format: str | None = None,
                 dilation_rate: Any = 1, activation: Any = "tanh",
                 recurrent_activation: Any = "sigmoid", use_bias: bool = True,
                 kernel_initializer: Any = "glorot_uniform",
                 recurrent_initializer: Any = "orthogonal", bias_initializer: Any = "zeros",
                 unit_forget_bias: bool = True, kernel_regularizer: Any = None,
                 recurrent_regularizer: Any = None, bias_regularizer: Any = None,
                 kernel_constraint: Any = None, recurrent_constraint: Any = None,
                 bias_constraint: Any = None, dropout: float = 0.0,
                 recurrent_dropout: float = 0.0, seed: int | None = None,
                 **kwargs: Any) -> None:
        super().__init__(**kwargs)
        if rank > 3:
            raise ValueError(f"Rank {rank} convolutions are not currently implemented. "
                             f"Received: rank={rank}")
        self.rank = rank
        self.filters = filters
        self.kernel_size = normalize_tuple(kernel_size, rank, "kernel_size")
        self.strides = normalize_tuple(strides, rank, "strides", allow_zero=True)
        self.padding = normalize_padding(padding)
        self.data_format = normalize_data_format(data_format)
        self.dilation_rate = normalize_tuple(dilation_rate, rank, "dilation_rate")
        if max(self.strides) > 1 and max(self.dilation_rate) > 1:
            raise ValueError("Specifying `strides > 1` is not compatible with `dilation_rate > "
                             "1`. Please provide `strides=1` or `dilation_rate=1`. Received: "
                             f"strides={self.strides} and dilation_rate={self.dilation_rate}")
        self.activation = activations.get(activation)
        self.recurrent_activation = activations.get(recurrent_activation)
        self.use_bias = use_bias
        self.unit_forget_bias = unit_forget_bias
        self._set_cell_args(  # (the seed generator first, as Keras's ConvLSTMCell)
            True, dropout, recurrent_dropout, seed, kernel_initializer=kernel_initializer,
            recurrent_initializer=recurrent_initializer, bias_initializer=bias_initializer,
            kernel_regularizer=kernel_regularizer, recurrent_regularizer=recurrent_regularizer,
            bias_regularizer=bias_regularizer, kernel_constraint=kernel_constraint,
            recurrent_constraint=recurrent_constraint, bias_constraint=bias_constraint)
        self.input_spec = InputSpec(ndim=rank + 2)

    @property
    def state_size(self) -> list:
        return [self.filters, self.filters]  # two image states (their shape: state_shape)

    def _channel_axis(self) -> int:
        return 1 if self.data_format == "channels_first" else -1

    def build(self, inputs_shape: Any, states_shape: Any = None) -> None:
        shape = tuple(TensorShape(inputs_shape).as_list())
        spatial = shape[2:] if self.data_format == "channels_first" else shape[1:-1]
        if None in spatial:
            raise ValueError("ConvLSTM layers only support static input shapes for the "
                             "spatial dimension. Received invalid input shape: "
                             f"input_shape={shape}")
        channels = shape[self._channel_axis()]
        if channels is None:
            raise ValueError("The channel dimension of the inputs (last axis) should be "
                             "defined. Found None. Full input shape received: "
                             f"input_shape={shape}")
        self.spatial_dims = spatial
        self.input_dim = channels
        self.input_spec = InputSpec(ndim=self.rank + 3, shape=(None,) + shape[1:])
        self.kernel = self.add_weight(name="kernel",
                                      shape=self.kernel_size + (channels, self.filters * 4),
                                      initializer=self.kernel_initializer,
                                      regularizer=self.kernel_regularizer,
                                      constraint=self.kernel_constraint)
        self.recurrent_kernel = self.add_weight(
            name="recurrent_kernel", shape=self.kernel_size + (self.filters, self.filters * 4),
            initializer=self.recurrent_initializer, regularizer=self.recurrent_regularizer,
            constraint=self.recurrent_constraint)
        add_lstm_bias(self, self.filters)

    def call(self, inputs: Any, states: Any, training: Any = False) -> tuple:
        h_prev, c_prev = states[0], states[1]
        dp_mask, rec_mask = self._masks(inputs, h_prev, training)
        xs = [inputs * dp_mask[k] if dp_mask is not None else inputs for k in range(4)]
        hs = [h_prev * rec_mask[k] if rec_mask is not None else h_prev for k in range(4)]
        kernels = ta.split(self.kernel, 4, axis=self.rank + 1)
        recurrent = ta.split(self.recurrent_kernel, 4, axis=self.rank + 1)
        biases = ta.split(self.bias, 4) if self.use_bias else [None] * 4
        z = [self._input_conv(xs[k], kernels[k], biases[k]) + self._recurrent_conv(hs[k],
                                                                                  recurrent[k])
             for k in range(4)]
        i = self.recurrent_activation(z[0])
        f = self.recurrent_activation(z[1])
        c = f * c_prev + i * self.activation(z[2])
        o = self.recurrent_activation(z[3])
        h = o * self.activation(c)
        return h, [h, c]

    def _input_conv(self, x: Any, w: Any, b: Any) -> Any:
        out = conv(x, w, strides=self.strides, padding=self.padding,
                   data_format=self.data_format, dilation_rate=self.dilation_rate)
        if b is None:
            return out
        shape = (1,) * (self.rank + 1) + (self.filters,) \
            if self.data_format == "channels_last" else (1, self.filters) + (1,) * self.rank
        return out + ta.reshape(b, shape)

    def _recurrent_conv(self, h: Any, w: Any) -> Any:
        return conv(h, w, strides=(1,) * self.rank, padding="same",
                    data_format=self.data_format)

    def state_shape(self, step_shape: Any) -> tuple:
        """The shape of h and c for one step's input of `step_shape`."""
        s = tuple(TensorShape(step_shape).as_list())
        first = self.data_format == "channels_first"
        spatial = s[2:] if first else s[1:-1]
        out = tuple(conv_output_length(d, self.kernel_size[i], self.padding, self.strides[i],
                                       self.dilation_rate[i]) for i, d in enumerate(spatial))
        # (Keras 3 checks it as its states are made)
        kernel_shape = tuple(self.kernel_size) + (s[1] if first else s[-1], self.filters)
        check_output_size(s, kernel_shape, self.dilation_rate, self.strides, self.padding, out)
        return (s[0], self.filters) + out if first else (s[0],) + out + (self.filters,)

    def compute_output_shape(self, inputs_shape: Any, states_shape: Any = None) -> tuple:
        out = self.state_shape(inputs_shape)
        return out, [out, out]

    def config_values(self) -> dict:
        """The config entries shared with ConvLSTM (serialized), in Keras 3's order."""
        out = {"filters": self.filters, "kernel_size": self.kernel_size,
               "strides": self.strides, "padding": self.padding,
               "data_format": self.data_format, "dilation_rate": self.dilation_rate}
        for key in _CELL_KEYS:
            kind = key.rsplit("_", 1)[-1]
            value = getattr(self, key)
            out[key] = _SERIALIZERS[kind](value) if kind in _SERIALIZERS else value
        return out

    def get_config(self) -> dict:
        return {**super().get_config(), **self.config_values(), "seed": self.seed}


class ConvLSTM(RNN):
    """The ConvLSTM1D/2D/3D base: an RNN of a ConvLSTMCell over (batch, time, *image), the
    image's rank its subclass's `_rank`. They all take these arguments, in Keras 3's order."""

    _rank: int

    def __init__(self, filters: int, kernel_size: Any, strides: Any = 1,
                 padding: str = "valid", data_format: str | None = None,
                 dilation_rate: Any = 1, activation: Any = "tanh",
                 recurrent_activation: Any = "sigmoid", use_bias: bool = True,
                 kernel_initializer: Any = "glorot_uniform",
                 recurrent_initializer: Any = "orthogonal", bias_initializer: Any = "zeros",
                 unit_forget_bias: bool = True, kernel_regularizer: Any = None,
                 recurrent_regularizer: Any = None, bias_regularizer: Any = None,
                 activity_regularizer: Any = None, kernel_constraint: Any = None,
                 recurrent_constraint: Any = None, bias_constraint: Any = None,
                 dropout: Any = 0.0, recurrent_dropout: Any = 0.0, seed: Any = None,
                 return_sequences: bool = False, return_state: bool = False,
                 go_backwards: bool = False, stateful: bool = False, **kwargs: Any) -> None:
        rank = self._rank
        cell = ConvLSTMCell(rank, filters, kernel_size, strides, padding, data_format,
                            dilation_rate, activation, recurrent_activation, use_bias,
                            kernel_initializer, recurrent_initializer, bias_initializer,
                            unit_forget_bias, kernel_regularizer, recurrent_regularizer,
                            bias_regularizer, kernel_constraint, recurrent_constraint,
                            bias_constraint, dropout, recurrent_dropout, seed,
                            name="conv_lstm_cell", dtype=kwargs.get("dtype"))
        super().__init__(cell, return_sequences=return_sequences, return_state=return_state,
                         go_backwards=go_backwards, stateful=stateful,
                         activity_regularizer=activity_regularizer, **kwargs)
        self.input_spec = InputSpec(ndim=rank + 3)
        # Keras 3's ConvLSTM cell says its state_size is -1 (its states' shapes come from
        # its inputs), so its RNN keeps [-1] and a single state
        self.state_size = [-1]
        self.single_state = True

    def __getattr__(self, name: str) -> Any:
        cell = self.__dict__.get("cell")
        if not name.startswith("_") and cell is not None and \
                (name in _CELL_KEYS or name in ("filters", "kernel_size", "strides", "padding",
                                                "data_format", "dilation_rate")):
            return getattr(cell, name)
        raise AttributeError(f"'{type(self).__name__}' object has no attribute '{name}'")

    def build(self, sequences_shape: Any, initial_state_shape: Any = None) -> None:
        s = TensorShape(_sequences_shape(sequences_shape)).as_list()
        if not self.cell.built:
            self.cell.build([s[0]] + s[2:])
        if self.stateful:
            shape = self.cell.state_shape([s[0]] + s[2:])
            self._create_state_variables(s, [shape, shape])
        self.built = True

    def _zero_states(self, batch: Any, x0: Any, sizes: list) -> list:
        shape = list(self.cell.state_shape(x0.shape))
        if shape[0] is None:
            shape = stack([batch] + shape[1:])
        return [ta.zeros(shape, x0.dtype) for _ in sizes]

    def compute_output_shape(self, sequences_shape: Any,
                             initial_state_shape: Any = None) -> Any:
        s = tuple(TensorShape(sequences_shape).as_list())
        state = self.cell.state_shape((s[0],) + s[2:])[1:]
        out = (s[0], s[1]) + state if self.return_sequences else (s[0],) + state
        if self.return_state:
            return out, (s[0],) + state, (s[0],) + state
        return out

    def get_config(self) -> dict:
        config = super().get_config()
        del config["cell"]
        values = self.cell.config_values()
        geometry = ("filters", "kernel_size", "strides", "padding", "data_format",
                    "dilation_rate")
        config.update({k: values[k] for k in geometry + _CELL_KEYS[:10]})
        config["activity_regularizer"] = ser_reg(self.activity_regularizer)
        config.update({k: values[k] for k in _CELL_KEYS[10:]})
        config["seed"] = self.cell.seed
        return config

    @classmethod
    def from_config(cls, config: dict, custom_objects: dict | None = None) -> ConvLSTM:
        return cls(**config)


class ConvLSTM1D(ConvLSTM):
    """`ConvLSTM1D(filters, kernel_size, strides=1, padding='valid', ...)` over
    (batch, time, steps, channels) inputs (the arguments are ConvLSTM's)."""

    _rank = 1


class ConvLSTM2D(ConvLSTM):
    """`ConvLSTM2D(filters, kernel_size, strides=1, padding='valid', ...)` over
    (batch, time, rows, cols, channels) inputs (the arguments are ConvLSTM's)."""

    _rank = 2


class ConvLSTM3D(ConvLSTM):
    """`ConvLSTM3D(filters, kernel_size, strides=1, padding='valid', ...)` over
    (batch, time, depth, rows, cols, channels) inputs (the arguments are ConvLSTM's)."""

    _rank = 3
