"""Recurrent layers: SimpleRNN, LSTM, GRU (and their cells), RNN, StackedRNNCells.

The time loop is a Python loop over the unstacked time steps (eager; tf.function
traces it into straight-line code). Masked steps carry the previous state and
output forward, as Keras does.

Dropout is Keras 3's: before the loop, RNN draws each built-in cell's masks from the
cell's seed generator (always, in inference too, so the generator moves on as Keras's
does), the cells apply them while training and RNN clears them after the loop. An LSTM or
GRU with recurrent dropout runs Keras's "implementation 1": one mask per gate.
"""

from __future__ import annotations

from typing import Any

import numpy as np

from eagerflow._src.core import nest
from eagerflow._src.core.device import list_logical_devices
from eagerflow._src.core.errors import OutOfRangeError
from eagerflow._src.core.shape import TensorShape
from eagerflow._src.core.trackable import ListWrapper
from eagerflow._src.keras import activations, constraints, initializers, regularizers
from eagerflow._src.keras import serialization as ser
from eagerflow._src.keras.backend import init_scope, to_snake_case
from eagerflow._src.keras.engine.base_layer import Layer
from eagerflow._src.keras.engine.call_errors import with_call_info
from eagerflow._src.keras.engine.input_spec import InputSpec
from eagerflow._src.keras.engine.shapes import input_shapes
from eagerflow._src.keras.layers._utils import init_args, ser_act, ser_con, ser_init, ser_reg
from eagerflow._src.keras.layers.rnn_loop import run_while
from eagerflow._src.keras.layers.rnn_stacked import Spec as _Spec
from eagerflow._src.keras.layers.rnn_stacked import StackedRNNCells as StackedRNNCells
from eagerflow._src.keras.layers.rnn_stacked import accepts_training as _accepts_training
from eagerflow._src.keras.layers.rnn_stacked import flat_sizes
from eagerflow._src.keras.layers.rnn_stacked import output_size as _output_size
from eagerflow._src.keras.layers.rnn_stacked import zero_states as zero_states
from eagerflow._src.keras.ops import nn as knn
from eagerflow._src.keras.ops import numpy_math as knp
from eagerflow._src.keras.random_seeds import SeedGenerator, seed_pair
from eagerflow._src.keras.variables import keras_variable
from eagerflow._src.ops import array as ta
from eagerflow._src.ops import math as tmath
from eagerflow._src.ops import nn as tn
from eagerflow._src.ops import stacking
from eagerflow._src.ops.linalg import matmul
from eagerflow._src.ops.math_base import cast, ones_like, zeros_like
from eagerflow._src.ops.ragged import RaggedTensor
from eagerflow._src.ops.variables import Variable

_INIT_REG_CON = ("kernel_initializer", "recurrent_initializer", "bias_initializer",
                 "kernel_regularizer", "recurrent_regularizer", "bias_regularizer",
                 "kernel_constraint", "recurrent_constraint", "bias_constraint")
_INIT_REG_CON_ACT = _INIT_REG_CON[:6] + ("activity_regularizer",) + _INIT_REG_CON[6:]



def _float_input(x: Any, cell: Layer) -> Any:
    """An integer or bool input in the cell's compute dtype, as Keras 3's ops.matmul
    promotes it against the float kernel (an int32 sequence gives a float32 LSTM)."""
    return x if x.dtype.is_floating else cast(x, cell.compute_dtype)

class DropoutRNNCell:
    """What every built-in recurrent cell (these and ConvLSTMCell) shares: its weights'
    initializers, regularizers and constraints, its dropout rates and seed generator
    (`_set_cell_args`), and its dropout masks as Keras 3's DropoutRNNCell keeps them:
    drawn from the seed generator for an RNN call's first step, `dropout_mask_count`
    masks per draw (one per gate) or one, kept for every step, reset after the call."""

    dropout_mask_count: int | None = None
    _dropout_mask: Any = None
    _recurrent_dropout_mask: Any = None

    def _set_cell_args(self, seed_first: bool, dropout: float, recurrent_dropout: float,
                       seed: Any, **weight_args: Any) -> None:
        """`weight_args`: `kernel_initializer=...`, ... in Keras's order. The seed
        generator comes before or after the initializers as in the cell's Keras class:
        each takes a seed from Python's random, so the order matters."""
        if seed_first:
            self.seed_generator = SeedGenerator(seed)
        for name, value in weight_args.items():
            setattr(self, name, _GETTERS[name.rsplit("_", 1)[1]](value))
        self.dropout = min(1.0, max(0.0, dropout))
        self.recurrent_dropout = min(1.0, max(0.0, recurrent_dropout))
        self.seed = seed
        if not seed_first:
            self.seed_generator = SeedGenerator(seed)

    def _create_dropout_mask(self, like: Any, rate: float) -> Any:
        if self.dropout_mask_count is None:
            return _cell_dropout(self, like, rate)
        return [_cell_dropout(self, like, rate) for _ in range(self.dropout_mask_count)]

    def get_dropout_mask(self, step_input: Any) -> Any:
        if self._dropout_mask is None and self.dropout > 0:
            self._dropout_mask = self._create_dropout_mask(step_input, self.dropout)
        return self._dropout_mask

    def get_recurrent_dropout_mask(self, step_input: Any) -> Any:
        if self._recurrent_dropout_mask is None and self.recurrent_dropout > 0:
            self._recurrent_dropout_mask = self._create_dropout_mask(step_input,
                                                                     self.recurrent_dropout)
        return self._recurrent_dropout_mask

    def reset_dropout_mask(self) -> None:
        self._dropout_mask = None

    def reset_recurrent_dropout_mask(self) -> None:
        self._recurrent_dropout_mask = None

    def _masks(self, inputs: Any, h_prev: Any, training: Any) -> tuple:
        """(input masks, recurrent masks) a gated step applies: None unless training with
        a rate strictly between 0 and 1."""
        dp = self.get_dropout_mask(inputs) if training and 0.0 < self.dropout < 1.0 else None
        rec = self.get_recurrent_dropout_mask(h_prev) \
            if training and 0.0 < self.recurrent_dropout < 1.0 else None
        return dp, rec


_GETTERS = {"initializer": initializers.get, "regularizer": regularizers.get,
            "constraint": constraints.get}


def add_lstm_bias(cell: Any, units: int) -> None:
    """An LSTM-style cell's `bias` (4 * units, gates i, f, c, o), its forget gate's
    quarter starting at ones with `unit_forget_bias`; None without `use_bias`."""
    if not cell.use_bias:
        cell.bias = None
        return
    init = base = cell.bias_initializer
    if cell.unit_forget_bias:
        def init(shape: Any, dtype: Any = None, **kw: Any) -> Any:
            return ta.concat([base((units,), dtype=dtype),
                              initializers.Ones()((units,), dtype=dtype),
                              base((2 * units,), dtype=dtype)], axis=0)
    cell.bias = cell.add_weight(name="bias", shape=(units * 4,), initializer=init,
                                regularizer=cell.bias_regularizer,
                                constraint=cell.bias_constraint)


class _CellBase(DropoutRNNCell, Layer):
    """Shared weights/config plumbing of SimpleRNNCell, LSTMCell and GRUCell."""

    _gates = 1
    # a step with no effect beyond its result: the RNN skips the extra first-step call
    # Keras 3's backend makes before its loop (for the outputs' shape), which a user's
    # cell sees (prints, random draws, added losses)
    _pure_step = True
    # Keras 3 makes SimpleRNNCell's seed generator before its initializers and the LSTM and
    # GRU cells' after: each takes a seed from Python's random, so the order matters.
    _seed_generator_first = False

    def __init__(self, units: int, activation: Any = "tanh", use_bias: bool = True,
                 kernel_initializer: Any = "glorot_uniform",
                 recurrent_initializer: Any = "orthogonal", bias_initializer: Any = "zeros",
                 kernel_regularizer: Any = None, recurrent_regularizer: Any = None,
                 bias_regularizer: Any = None, kernel_constraint: Any = None,
                 recurrent_constraint: Any = None, bias_constraint: Any = None,
                 dropout: float = 0.0, recurrent_dropout: float = 0.0, seed: Any = None,
                 **kwargs: Any) -> None:
        if units <= 0:  # (Keras 3's check: None or a string fails the comparison there)
            raise ValueError("Received an invalid value for argument `units`, expected a "
                             f"positive integer, got {units}.")
        super().__init__(**kwargs)
        self.units = units
        self.activation = activations.get(activation)
        self.use_bias = use_bias
        self._set_cell_args(
            self._seed_generator_first, dropout, recurrent_dropout, seed,
            kernel_initializer=kernel_initializer, recurrent_initializer=recurrent_initializer,
            bias_initializer=bias_initializer, kernel_regularizer=kernel_regularizer,
            recurrent_regularizer=recurrent_regularizer, bias_regularizer=bias_regularizer,
            kernel_constraint=kernel_constraint, recurrent_constraint=recurrent_constraint,
            bias_constraint=bias_constraint)

    @property
    def output_size(self) -> int:
        return self.units

    def _gated_init(self, args: dict, own: str) -> None:
        """LSTMCell's and GRUCell's constructor: `args` their arguments by name (init_args),
        `own` the one the cell keeps besides the base's and its recurrent activation."""
        implementation = args.pop("implementation", 2)  # (Keras's keyword)
        recurrent_activation = args.pop("recurrent_activation")
        value = args.pop(own)
        _CellBase.__init__(self, **args)
        self.recurrent_activation = activations.get(recurrent_activation)
        setattr(self, own, value)
        self._set_implementation(implementation)

    def _set_implementation(self, implementation: int) -> None:
        """Recurrent dropout runs Keras's implementation 1 (per-gate matmuls and masks)."""
        self.implementation = 1 if self.recurrent_dropout != 0.0 else implementation
        if self.implementation == 1:
            self.dropout_mask_count = self._gates

    def _build_kernels(self, input_dim: int) -> None:
        g = self._gates
        self.kernel = self.add_weight(name="kernel", shape=(input_dim, self.units * g),
                                      initializer=self.kernel_initializer,
                                      regularizer=self.kernel_regularizer,
                                      constraint=self.kernel_constraint)
        self.recurrent_kernel = self.add_weight(name="recurrent_kernel",
                                                shape=(self.units, self.units * g),
                                                initializer=self.recurrent_initializer,
                                                regularizer=self.recurrent_regularizer,
                                                constraint=self.recurrent_constraint)

    def get_initial_state(self, batch_size: Any = None) -> list:
        """Zeros of [batch_size, size] for each state (Keras 3's signature: a list)."""
        return zero_states(batch_size, self.state_size, self.compute_dtype)

    # the config entries in Keras 3's order: the cell's own, and those of the layer that
    # runs it (SimpleRNN, LSTM, GRU)
    _cell_keys: tuple = ("units", "activation", "use_bias") + _INIT_REG_CON + (
        "dropout", "recurrent_dropout", "seed")
    _layer_keys: tuple = ("units", "activation", "use_bias") + _INIT_REG_CON_ACT + (
        "dropout", "recurrent_dropout")

    def config_values(self) -> dict:
        """Every config entry of the cell (serialized), in no particular order."""
        out = {"units": self.units, "use_bias": self.use_bias, "dropout": self.dropout,
               "recurrent_dropout": self.recurrent_dropout, "seed": self.seed}
        for kind, to_config in (("activation", ser_act), ("initializer", ser_init),
                                ("regularizer", ser_reg), ("constraint", ser_con)):
            for name in (("activation", "recurrent_activation") if kind == "activation" else
                         (f"kernel_{kind}", f"recurrent_{kind}", f"bias_{kind}")):
                if hasattr(self, name):
                    out[name] = to_config(getattr(self, name))
        for name in ("unit_forget_bias", "reset_after"):
            if hasattr(self, name):
                out[name] = getattr(self, name)
        return out

    def get_config(self) -> dict:
        config = super().get_config()
        values = self.config_values()
        config.update({k: values[k] for k in self._cell_keys})
        return config


class SimpleRNNCell(_CellBase):
    """`h = activation(x @ kernel + h_prev @ recurrent_kernel + bias)`."""

    _layer_keys = _CellBase._layer_keys  # SimpleRNN lists no seed
    _seed_generator_first = True

    @property
    def state_size(self) -> int:
        return self.units

    def build(self, input_shape: Any) -> None:
        self._build_kernels(TensorShape(input_shape)[-1])
        self.bias = self.add_weight(name="bias", shape=(self.units,),
                                    initializer=self.bias_initializer,
                                    regularizer=self.bias_regularizer,
                                    constraint=self.bias_constraint) if self.use_bias else None
        self.built = True

    def call(self, sequence: Any, states: Any, training: Any = False) -> tuple:
        # (`sequence`: Keras 3's name for this cell's input, shown in its call errors)
        sequence = _float_input(sequence, self)
        prev = states[0] if isinstance(states, (list, tuple)) else states
        dp, rec = self.get_dropout_mask(sequence), self.get_recurrent_dropout_mask(prev)
        if training and dp is not None:
            sequence = sequence * dp
        h = matmul(sequence, self.kernel)
        if self.bias is not None:
            h = h + self.bias
        if training and rec is not None:
            prev = prev * rec
        out = h + matmul(prev, self.recurrent_kernel)
        if self.activation is not None:
            out = self.activation(out)
        return out, [out] if isinstance(states, (list, tuple)) else out


class LSTMCell(_CellBase):
    """Gates i, f, c, o: `c = f * c_prev + i * tanh(zc)`, `h = o * tanh(c)`."""

    _gates = 4
    _cell_keys = ("units", "activation", "recurrent_activation", "use_bias",
                  "unit_forget_bias") + _INIT_REG_CON + ("dropout", "recurrent_dropout", "seed")
    _layer_keys = ("units", "activation", "recurrent_activation", "use_bias",
                   "kernel_initializer", "recurrent_initializer", "bias_initializer",
                   "unit_forget_bias") + _INIT_REG_CON_ACT[3:] + (
        "dropout", "recurrent_dropout", "seed")

    def __init__(self, units: int, activation: Any = "tanh",
                 recurrent_activation: Any = "sigmoid", use_bias: bool = True,
                 kernel_initializer: Any = "glorot_uniform",
                 recurrent_initializer: Any = "orthogonal", bias_initializer: Any = "zeros",
                 unit_forget_bias: bool = True, kernel_regularizer: Any = None,
                 recurrent_regularizer: Any = None, bias_regularizer: Any = None,
                 kernel_constraint: Any = None, recurrent_constraint: Any = None,
                 bias_constraint: Any = None, dropout: float = 0.0,
                 recurrent_dropout: float = 0.0, seed: Any = None,
                 **kwargs: Any) -> None:
        self._gated_init(init_args(locals()), "unit_forget_bias")

    @property
    def state_size(self) -> list:
        return [self.units, self.units]

    def build(self, input_shape: Any) -> None:
        self._build_kernels(TensorShape(input_shape)[-1])
        add_lstm_bias(self, self.units)
        self.built = True

    def call(self, inputs: Any, states: Any, training: Any = False) -> tuple:
        h_prev, c_prev = states[0], states[1]
        inputs = _float_input(inputs, self)
        dp, rec = self._masks(inputs, h_prev, training)
        if self.implementation == 1:
            z0, z1, z2, z3 = self._gate_inputs(inputs, h_prev, dp, rec)
        else:
            if dp is not None:
                inputs = inputs * dp
            z = matmul(inputs, self.kernel) + matmul(h_prev, self.recurrent_kernel)
            if self.bias is not None:
                z = z + self.bias
            z0, z1, z2, z3 = ta.split(z, 4, axis=1)
        i = self.recurrent_activation(z0)
        f = self.recurrent_activation(z1)
        c = f * c_prev + i * self.activation(z2)
        o = self.recurrent_activation(z3)
        h = o * self.activation(c)
        return h, [h, c]

    def _gate_inputs(self, inputs: Any, h_prev: Any, dp: Any, rec: Any) -> list:
        """Implementation 1: each gate's own matmuls, of its own masked input and state."""
        ks = ta.split(self.kernel, 4, axis=1)
        rks = ta.split(self.recurrent_kernel, 4, axis=1)
        bs = ta.split(self.bias, 4, axis=0) if self.bias is not None else [None] * 4
        out = []
        for g in range(4):
            x = matmul(inputs * dp[g] if dp is not None else inputs, ks[g])
            if bs[g] is not None:
                x = x + bs[g]
            out.append(x + matmul(h_prev * rec[g] if rec is not None else h_prev, rks[g]))
        return out


class GRUCell(_CellBase):
    """Gates z, r, h (`reset_after=True`, Keras 2's default, applies r after the matmul)."""

    _gates = 3
    _cell_keys = ("units", "activation", "recurrent_activation", "use_bias") + _INIT_REG_CON + (
        "dropout", "recurrent_dropout", "reset_after", "seed")
    _layer_keys = ("units", "activation", "recurrent_activation", "use_bias") + \
        _INIT_REG_CON_ACT + ("dropout", "recurrent_dropout", "reset_after", "seed")

    def __init__(self, units: int, activation: Any = "tanh",
                 recurrent_activation: Any = "sigmoid", use_bias: bool = True,
                 kernel_initializer: Any = "glorot_uniform",
                 recurrent_initializer: Any = "orthogonal", bias_initializer: Any = "zeros",
                 kernel_regularizer: Any = None, recurrent_regularizer: Any = None,
                 bias_regularizer: Any = None, kernel_constraint: Any = None,
                 recurrent_constraint: Any = None, bias_constraint: Any = None,
                 dropout: float = 0.0, recurrent_dropout: float = 0.0,
                 reset_after: bool = True, seed: Any = None,
                 **kwargs: Any) -> None:
        self._gated_init(init_args(locals()), "reset_after")

    @property
    def state_size(self) -> int:
        return self.units

    def build(self, input_shape: Any) -> None:
        self._build_kernels(TensorShape(input_shape)[-1])
        if self.use_bias:
            shape = (2, 3 * self.units) if self.reset_after else (3 * self.units,)
            self.bias = self.add_weight(name="bias", shape=shape, initializer=self.bias_initializer,
                                        regularizer=self.bias_regularizer,
                                        constraint=self.bias_constraint)
        else:
            self.bias = None
        self.built = True

    def call(self, inputs: Any, states: Any, training: Any = False) -> tuple:
        h_prev = states[0] if isinstance(states, (list, tuple)) else states
        inputs = _float_input(inputs, self)
        dp, rec = self._masks(inputs, h_prev, training)
        if self.implementation == 1:
            h = self._step_by_gate(inputs, h_prev, dp, rec)
            return h, [h] if isinstance(states, (list, tuple)) else h
        if dp is not None:
            inputs = inputs * dp
        u = self.units
        mx = matmul(inputs, self.kernel)
        if self.bias is not None:
            in_bias = self.bias[0] if self.reset_after else self.bias
            mx = mx + in_bias
        x_z, x_r, x_h = ta.split(mx, 3, axis=-1)
        if self.reset_after:
            inner = matmul(h_prev, self.recurrent_kernel)
            if self.bias is not None:
                inner = inner + self.bias[1]
            # the state's gates sliced apart, as Keras 3's cell slices them
            r_z, r_r, r_h = inner[:, :u], inner[:, u:2 * u], inner[:, 2 * u:]
            z = self.recurrent_activation(x_z + r_z)
            r = self.recurrent_activation(x_r + r_r)
            hh = self.activation(x_h + r * r_h)
        else:
            inner = matmul(h_prev, self.recurrent_kernel[:, :2 * u])
            r_z, r_r = inner[:, :u], inner[:, u:2 * u]
            z = self.recurrent_activation(x_z + r_z)
            r = self.recurrent_activation(x_r + r_r)
            hh = self.activation(x_h + matmul(r * h_prev, self.recurrent_kernel[:, 2 * u:]))
        h = z * h_prev + (1.0 - z) * hh
        return h, [h] if isinstance(states, (list, tuple)) else h

    def _step_by_gate(self, inputs: Any, h_prev: Any, dp: Any, rec: Any) -> Any:
        """Implementation 1: gates z, r, h from their own masked input and state."""
        u = self.units
        kz, kr, kh = (self.kernel[:, g * u:(g + 1) * u] for g in range(3))
        rkz, rkr, rkh = (self.recurrent_kernel[:, g * u:(g + 1) * u] for g in range(3))
        xs = [matmul(inputs * dp[g] if dp is not None else inputs, k)
              for g, k in enumerate((kz, kr, kh))]
        hs = [h_prev * rec[g] if rec is not None else h_prev for g in range(3)]
        in_bias = rec_bias = None
        if self.bias is not None:
            in_bias, rec_bias = (self.bias[0], self.bias[1]) if self.reset_after \
                else (self.bias, None)
            xs = [x + in_bias[g * u:(g + 1) * u] for g, x in enumerate(xs)]
        r_z, r_r = matmul(hs[0], rkz), matmul(hs[1], rkr)
        if rec_bias is not None:
            r_z, r_r = r_z + rec_bias[:u], r_r + rec_bias[u:2 * u]
        z = self.recurrent_activation(xs[0] + r_z)
        r = self.recurrent_activation(xs[1] + r_r)
        if self.reset_after:
            r_h = matmul(hs[2], rkh)
            if rec_bias is not None:
                r_h = r_h + rec_bias[2 * u:]
            hh = self.activation(xs[2] + r * r_h)
        else:
            hh = self.activation(xs[2] + matmul(r * hs[2], rkh))
        return z * h_prev + (1.0 - z) * hh


class RNN(Layer):
    """`RNN(cell, return_sequences=False, return_state=False, go_backwards=False,
    stateful=False, unroll=False, zero_output_for_mask=False)`.

    A stateful RNN keeps its final states in variables (`states`, one per cell state, of
    the fixed batch size) and starts the next call from them, until `reset_states()`.
    """

    def __init__(self, cell: Any, return_sequences: bool = False, return_state: bool = False,
                 go_backwards: bool = False, stateful: bool = False, unroll: bool = False,
                 zero_output_for_mask: bool = False, **kwargs: Any) -> None:
        if isinstance(cell, (list, tuple)):
            cell = StackedRNNCells(cell)
        if not hasattr(cell, "call"):
            raise ValueError("Argument `cell` should have a `call` method. Received: "
                             f"cell={cell}")
        if not hasattr(cell, "state_size"):
            raise ValueError("The RNN cell should have a `state_size` attribute (single "
                             "integer or list of integers, one integer per RNN state). "
                             f"Received: cell={cell}")
        size = getattr(cell, "state_size", None)
        if size is None:
            raise ValueError("state_size must be specified as property on the RNN cell.")
        if not isinstance(size, (list, tuple, int)):
            raise ValueError("state_size must be an integer, or a list/tuple of integers (one "
                             "for each state tensor).")
        super().__init__(**kwargs)
        # the cell's sizes as Keras 3's RNN keeps them: a list, one entry per state
        self.state_size = list(size) if isinstance(size, (list, tuple)) else [size]
        self.single_state = isinstance(size, int)
        self.cell = cell
        self.return_sequences = return_sequences
        self.return_state = return_state
        self.go_backwards = go_backwards
        self.stateful = stateful
        self.unroll = unroll
        self.zero_output_for_mask = zero_output_for_mask
        self.supports_masking = True
        self.input_spec = InputSpec(ndim=3)
        object.__setattr__(self, "_state_vars", None)

    @property
    def states(self) -> Any:
        """The state variables of a stateful RNN (None before it is built), nested as the
        cell's states in TF's ListWrappers (Keras 3 keeps them in a tracked attribute)."""
        if not self._state_vars:
            return self._state_vars
        return ListWrapper([ListWrapper(s) if isinstance(s, list) else s
                            for s in self._pack_states(self._state_vars)])

    def _pack_states(self, states: list) -> list:
        """Flat states nested as Keras 3 gives the cell's (a stack's per cell)."""
        if isinstance(self.cell, StackedRNNCells):
            return self.cell.pack_states(list(states))
        return list(states)

    def _maybe_build(self, inputs: Any, rest: Any = (), kwargs: dict | None = None,
                     eager: bool = True) -> None:
        """Keras 3 records an `initial_state`'s shapes beside the sequences' (its build
        config is then a shapes_dict)."""
        initial_state = (kwargs or {}).get("initial_state", rest[0] if rest else None)
        if not self.built and initial_state is not None:
            object.__setattr__(self, "_build_shapes_dict", {
                "sequences_shape": input_shapes(inputs),
                "initial_state_shape": input_shapes(initial_state)})
        super()._maybe_build(inputs, rest, kwargs, eager)

    def build(self, sequences_shape: Any, initial_state_shape: Any = None) -> None:
        s = TensorShape(_sequences_shape(sequences_shape))
        if self.stateful:
            self._create_state_variables(s.as_list(),
                                         [(s[0], n) for n in self._state_sizes()])
        if isinstance(self.cell, Layer) and not self.cell.built:
            with self.cell._own_scope():
                # (a step's shape, the time axis dropped: a rank-2 input leaves the cell
                # no feature size, and its kernel's shape refuses None, as in Keras 3)
                self.cell._maybe_build(_Spec([s[0]] + s.as_list()[2:]))
        self.built = True

    def _create_state_variables(self, sequence_shape: list, shapes: list) -> None:
        """A stateful RNN's state variables, of `shapes`; its batch size must be static."""
        if sequence_shape[0] is None:
            raise ValueError("When using `stateful=True` in a RNN, the batch size must be "
                             "static. Found dynamic batch size: "
                             f"sequence.shape={tuple(sequence_shape)}")
        # held outside the attribute tracking: Keras 3's RNN states are not weights
        with init_scope():
            states = [keras_variable(Variable(np.zeros(shape, self.variable_dtype),
                                              trainable=False, name="rnn_state"), "rnn_state")
                      for shape in shapes]
        object.__setattr__(self, "_state_vars", states)

    def reset_states(self) -> None:
        """Sets a stateful RNN's states back to zeros: each entry of `states` in turn, as
        Keras 3's (a stack's entry for a cell of several states is a ListWrapper, which
        has no `assign`: AttributeError there, as in Keras 3.15)."""
        for v in self.states or ():
            v.assign(zeros_like(v))

    reset_state = reset_states

    def _state_sizes(self) -> list:
        """The sizes of the cell's states, flat (a stack's nested ones in order)."""
        return flat_sizes(self.cell.state_size)

    def _top_state_sizes(self) -> list:
        s = self.cell.state_size
        return list(s) if isinstance(s, (list, tuple)) else [s]

    def compute_output_shape(self, input_shape: Any) -> Any:
        s = tuple(TensorShape(_sequences_shape(input_shape)).as_list())  # (Keras's tuple)
        batch, steps = s[0], s[1]
        out_size = _output_size(self.cell)
        if self.return_sequences:
            out = [batch, steps, out_size]
        else:
            out = [batch, out_size]
        if self.return_state:
            # one shape per entry of the cell's state_size, a list for a nested one (a
            # stacked cell's), as Keras 3's
            return (TensorShape(out), *(
                [TensorShape([batch, k]) for k in n] if isinstance(n, (list, tuple))
                else TensorShape([batch, n]) for n in self._top_state_sizes()))
        return TensorShape(out)

    def compute_mask(self, inputs: Any, mask: Any = None) -> Any:
        if isinstance(mask, list):
            mask = mask[0]
        out_mask = mask if self.return_sequences else None
        if self.return_state:
            return [out_mask] + [None] * len(self._top_state_sizes())
        return out_mask

    def get_initial_state(self, batch_size: Any) -> list:
        """The cell's initial states for `batch_size` rows, always a list (Keras 3's)."""
        own = getattr(self.cell, "get_initial_state", None)
        if own is None:
            return zero_states(batch_size, self.cell.state_size, self.cell.compute_dtype)
        states = own(batch_size=batch_size)
        return list(states) if isinstance(states, (list, tuple)) else [states]

    def _cell_initial_state(self) -> Any:
        """The cell's get_initial_state when it is its own (not a built-in cell's)."""
        own = getattr(type(self.cell), "get_initial_state", None)
        if own is None or own in (_CellBase.get_initial_state,
                                  StackedRNNCells.get_initial_state):
            return None
        return self.cell.get_initial_state

    def _zero_states(self, batch: Any, x0: Any, sizes: list) -> list:
        """The first step's states: zeros((batch, n)) for each state size n, as Keras 3's
        cells make them (a Fill of a packed shape when the batch is known at run time);
        states of one size share one tensor, as TF's converter merges them."""
        made: dict = {}
        # (an integer sequence's states are floats: the cell's compute dtype)
        dtype = x0.dtype if x0.dtype.is_floating else self.cell.compute_dtype
        for n in sizes:
            if n not in made:
                made[n] = ta.zeros(stacking.stack([batch, n]) if hasattr(batch, "_shape")
                                   else [batch, n], dtype)
        return [made[n] for n in sizes]

    def _refuse_nested_sizes(self, batch: Any, x0: Any) -> None:
        """A cell of the user's whose state_size nests a list fails as in Keras 3, whose
        RNN makes zeros((batch, size)) of each entry: the nested shape is TF's ValueError
        (a stack of cells nests its cells' sizes, and makes its own states)."""
        if isinstance(self.cell, StackedRNNCells):
            return
        for n in self._top_state_sizes():
            if isinstance(n, (list, tuple)):
                ta.zeros((batch, n), x0.dtype)

    def _config_dropout_masks(self, cell: Any, x0: Any, states: list, training: Any) -> None:
        """Draws the masks of every dropout cell (a stack's cells each with its own input)
        before the loop, whatever `training`, as Keras 3 does."""
        if isinstance(cell, DropoutRNNCell):
            cell.get_dropout_mask(x0)
            cell.get_recurrent_dropout_mask(states[0])
        elif isinstance(cell, StackedRNNCells):
            for c, own in zip(cell.cells, cell.split_states(states)):
                self._config_dropout_masks(c, x0, own, training)
                # each cell called on the first step for the next one's input, as Keras 3
                kwargs = {"training": training} if _accepts_training(c) else {}
                x0, _ = c.call(x0, own, **kwargs)

    def _reset_dropout_masks(self, cell: Any) -> None:
        for c in cell.cells if isinstance(cell, StackedRNNCells) else [cell]:
            if isinstance(c, DropoutRNNCell):
                c.reset_dropout_mask()
                c.reset_recurrent_dropout_mask()

    def call(self, sequences: Any, initial_state: Any = None, mask: Any = None,
             training: Any = False) -> Any:
        inputs = sequences
        if isinstance(inputs, list):
            if initial_state is None and len(inputs) > 1:
                initial_state = inputs[1:]
            inputs = inputs[0]
        if isinstance(mask, list):
            mask = mask[0]
        if mask is not None and mask.shape.rank == 3 and mask.shape[-1] == 1:
            mask = ta.squeeze(mask, [-1])  # ((samples, time, 1): Keras 3's backend's form)
        # the batch size read before the time loop, as Keras 3's RNN reads it
        batch = inputs.shape[0]
        if batch is None and initial_state is None and not self.stateful and \
                self._cell_initial_state() is None:
            batch = ta.shape(inputs)[0]
        if isinstance(inputs, RaggedTensor):
            # Keras 3 reads the first step as sequences[:, 0, :] before its loop, which a
            # ragged time dimension refuses (ValueError: an inner ragged dimension)
            inputs[:, 0, :]
        x = ta.transpose(inputs, [1, 0] + list(range(2, inputs.shape.rank)))  # time first
        if x.shape[0] is None:  # steps known only when the graph runs: rnn_loop.py
            steps, x0 = None, x[0]
        else:
            steps = stacking.unstack(x, axis=0)
            if not steps:
                raise ValueError("Cannot run an RNN over a sequence with zero time steps")
            x0 = steps[0]
        sizes = self._state_sizes()
        if self.stateful and initial_state is None:
            expected, got = self._state_vars[0].shape[0], inputs.shape[0]
            if got is not None and got != expected:
                raise ValueError("If an RNN is stateful, the batch size of the input sequences "
                                 "must be the same as the batch size of the initial state. \n"
                                 f"- Expected batch size: {expected}\n- Received batch size: "
                                 f"{got}")
            initial_state = self._pack_states([v.read_value() for v in self._state_vars])
        structure = None
        if initial_state is None and self._cell_initial_state() is not None:
            # a cell of the user's with its own get_initial_state: Keras 3 asks it for the
            # states with the batch size alone (TF's RNN cell wrappers refuse that): the
            # static size where known, else the run-time one, as Keras 3's ops.shape gives
            size = x0.shape[0] if x0.shape[0] is not None else ta.shape(inputs)[0]
            states = self._cell_initial_state()(batch_size=size)
            states = list(states) if isinstance(states, (list, tuple)) else [states]
        elif initial_state is None:
            self._refuse_nested_sizes(batch, x0)
            states = self._zero_states(batch, x0, sizes)
        else:
            # the states returned keep the nesting of the ones given, as Keras 3's
            # (their number unchecked, as Keras 3's: a cell given too few fails on its own,
            # and a step returning fewer than given fails as the loop repacks them)
            given = list(initial_state) if isinstance(initial_state, (list, tuple)) \
                else [initial_state]
            if isinstance(self.cell, StackedRNNCells):
                self.cell.check_given(x0, given, training)
            structure = self._given_states(given)
            states = nest.flatten(structure)
        self._config_dropout_masks(self.cell, x0, states, training)
        kwargs = {"training": training} if _accepts_training(self.cell) else {}
        if steps is None:
            stacked, output, states = run_while(self._step, x, states, mask, kwargs,
                                                self.go_backwards, self.zero_output_for_mask)
        else:
            if not self.unroll and not getattr(self.cell, "_pure_step", False):
                # Keras 3's backend calls the cell on the first step before its loop
                self._step(steps[0], states, kwargs)
            if not self.unroll and mask is not None:
                _check_mask_steps(mask, len(steps))
            stacked, output, states = self._unrolled(steps, states, mask, kwargs)
        self._reset_dropout_masks(self.cell)
        if self.stateful:
            for v, value in zip(self._state_vars, states):
                v.assign(value)
        if self.return_sequences:
            # stacked time first, then batch first, as Keras 3's backend.rnn does
            output = ta.transpose(stacked, [1, 0] + list(range(2, stacked.shape.rank)))
        if self.return_state:  # a tuple, as Keras 3's
            return (output, *(self._pack_states(states) if structure is None
                              else nest.pack_sequence_as(structure, states)))
        return output

    def _given_states(self, states: list) -> list:
        """The states given as `initial_state` that the time loop starts from."""
        return states

    def _step(self, x: Any, states: list, kwargs: dict) -> tuple:
        """One step of the cell on the flat `states`: (output, the new states, a list)."""
        if isinstance(self.cell, StackedRNNCells):
            return self.cell.flat_call(x, list(states), **kwargs)
        # the states as a tuple whatever their number, as Keras 3's backend passes them
        try:
            out, new_states = self.cell.call(x, tuple(states), **kwargs)
        except Exception as e:  # (Keras 3 calls the cell as a layer: its error names it)
            raise with_call_info(e, self.cell, self.cell.call, (x, tuple(states)), kwargs) \
                .with_traceback(e.__traceback__) from None
        new_states = list(new_states) if isinstance(new_states, (list, tuple)) else [new_states]
        if len(new_states) < len(states):  # (Keras 3 repacks them with optree's check)
            raise ValueError(f"Too few leaves for PyTreeSpec; expected: {len(states)}, got: "
                             f"{len(new_states)}.")
        if len(new_states) > len(states):
            raise ValueError(f"Too many leaves for PyTreeSpec; expected: {len(states)}.")
        return out, new_states

    def _unrolled(self, steps: list, states: list, mask: Any, kwargs: dict) -> tuple:
        """The time loop unrolled over `steps`: (the outputs stacked time first where the
        layer returns sequences, the last output, the last states)."""
        masks = None
        if mask is not None:
            m = ta.transpose(mask, [1, 0])
            masks = stacking.unstack(ta.expand_dims(cast(m, "bool"), -1), axis=0)
        order = list(range(len(steps)))
        if self.go_backwards:
            order.reverse()
        outputs = []
        prev_out = None
        for t in order:
            out, new_states = self._step(steps[t], states, kwargs)
            if masks is not None:
                mt = ta.reshape(cast(masks[t], out.dtype), [-1] + [1] * (out.shape.rank - 1))
                if prev_out is None:
                    prev_out = zeros_like(out)
                fill = zeros_like(out) if self.zero_output_for_mask else prev_out
                out = out * mt + fill * (1.0 - mt)
                new_states = [n * mt + o * (1.0 - mt) for n, o in zip(new_states, states)]
            states = new_states
            prev_out = out
            outputs.append(out)
        stacked = stacking.stack(outputs, axis=0) if self.return_sequences else None
        return stacked, outputs[-1], states

    def _rnn_config(self) -> dict:
        return {k: getattr(self, k) for k in _RNN_KEYS}

    def get_config(self) -> dict:
        # (the cell serialized before the layer's own config, as Keras's: in a `.keras`
        # file, that order decides which configs of a shared object are marked)
        cell = ser.serialize_keras_object(self.cell)
        return {**super().get_config(), **self._rnn_config(), "cell": cell}

    @classmethod
    def from_config(cls, config: dict, custom_objects: dict | None = None) -> RNN:
        # (the caller's dict loses its "cell", as Keras 3's from_config takes it out)
        cell = ser.deserialize_layer(config.pop("cell"), custom_objects)
        return cls(cell, **config)


_RNN_KEYS = ("return_sequences", "return_state", "go_backwards", "stateful", "unroll",
             "zero_output_for_mask")


class _FlatRNN(RNN):
    """SimpleRNN/LSTM/GRU: an RNN whose config is its cell's arguments, flattened."""

    _cell_class: type = SimpleRNNCell

    def __init__(self, units: int, *, rnn_kwargs: dict, cell_kwargs: dict,
                 **kwargs: Any) -> None:
        for k in ("dtype", "trainable"):
            if k in kwargs:
                cell_kwargs[k] = kwargs[k]
        cell_name = self._cell_class.__name__.replace("Cell", "_cell")
        cell = self._cell_class(units, name=_snake(cell_name), **cell_kwargs)
        super().__init__(cell, **rnn_kwargs, **kwargs)

    def _flat_init(self, kwargs: dict, cell_keys: tuple) -> None:
        """The constructor of a subclass listing Keras's parameters: `kwargs` all of them."""
        # (Keras on TF keeps `use_cudnn` as an attribute only; its config leaves it out)
        use_cudnn = kwargs.pop("use_cudnn", "auto")
        units = kwargs.pop("units")
        rnn_kwargs, cell_kwargs = _split_kwargs(kwargs, cell_keys)
        _FlatRNN.__init__(self, units, rnn_kwargs=rnn_kwargs, cell_kwargs=cell_kwargs,
                          **kwargs)
        self.use_cudnn = use_cudnn
        if use_cudnn in (True, "auto") and self._cudnn_ok():
            # (Keras 3 on TF: cuDNN's ops have no XLA form, so a model holding the layer
            # resolves jit_compile="auto" to False where a GPU would run it with cuDNN)
            self.supports_jit = False

    def _cudnn_ok(self) -> bool:
        """Keras 3's test (TF backend) that its fused cuDNN kernel can run the layer: its
        configuration (no other kind takes it) and a GPU."""
        return False

    def __getattr__(self, name: str) -> Any:
        if name.startswith("_") or name in ("cell",):
            raise AttributeError(name)
        cell = self.__dict__.get("cell")
        if cell is not None and hasattr(cell, name):
            return getattr(cell, name)
        raise AttributeError(f"'{type(self).__name__}' object has no attribute '{name}'")

    def call(self, sequences: Any, initial_state: Any = None, mask: Any = None,
             training: Any = False) -> Any:
        return RNN.call(self, sequences, initial_state=initial_state, mask=mask,
                        training=training)

    def get_config(self) -> dict:
        # Keras serializes the layer's own arguments, then (its RNN base's) the cell, whose
        # config it drops, then the layer's dtype: in a `.keras` file the initializers and
        # the dtype policy the cell shares are marked shared, here too
        values = self.cell.config_values()
        ser.serialize_keras_object(self.cell)
        config = Layer.get_config(self)
        config.update(self._rnn_config())
        values["activity_regularizer"] = ser_reg(self.activity_regularizer)
        config.update({k: values[k] for k in self.cell._layer_keys})
        return config

    @classmethod
    def from_config(cls, config: dict, custom_objects: dict | None = None) -> _FlatRNN:
        return cls(**config)


def _check_mask_steps(mask: Any, steps: int) -> None:
    """Keras 3's loop reads the mask's time steps from a TensorArray of the sequence's
    size: TF's errors for a mask of more steps (at its unstack) or fewer (at the read past
    its end)."""
    m = mask.shape[1]
    if m is not None and m > steps:
        raise ValueError(f"Cannot unstack {m} tensors into a TensorArray of static size "
                         f"{steps} ")
    if m is not None and m < steps:
        raise OutOfRangeError(None, None, f"Tried to read from index {m} but array size is: "
                              f"{m} ")


def _sequences_shape(shape: Any) -> Any:
    """The sequences' shape, of a shape or of a list of shapes (sequences, states...)."""
    if isinstance(shape, list) and shape and isinstance(shape[0], (list, tuple, TensorShape)):
        return shape[0]
    return shape


def _snake(name: str) -> str:
    return to_snake_case(name).replace("__", "_")


def _cell_dropout(cell: DropoutRNNCell, like: Any, rate: float) -> Any:
    """A dropout mask shaped like `like`, from the cell's seed generator as Keras 3 draws it."""
    return tn.stateless_dropout(ones_like(like), rate, seed_pair(cell.seed_generator))


def _split_kwargs(kwargs: dict, cell_keys: tuple) -> tuple:
    rnn_kwargs = {k: kwargs.pop(k) for k in list(kwargs) if k in _RNN_KEYS}
    cell_kwargs = {k: kwargs.pop(k) for k in list(kwargs) if k in cell_keys}
    return rnn_kwargs, cell_kwargs


_COMMON = ("activation", "use_bias", "kernel_initializer", "recurrent_initializer",
           "bias_initializer", "kernel_regularizer", "recurrent_regularizer", "bias_regularizer",
           "kernel_constraint", "recurrent_constraint", "bias_constraint", "dropout",
           "recurrent_dropout", "seed")


class SimpleRNN(_FlatRNN):
    """`SimpleRNN(units, activation='tanh', ..., return_sequences=False, return_state=False)`."""

    _cell_class = SimpleRNNCell

    def __init__(self, units: int, activation: Any = "tanh", use_bias: bool = True,
                 kernel_initializer: Any = "glorot_uniform",
                 recurrent_initializer: Any = "orthogonal", bias_initializer: Any = "zeros",
                 kernel_regularizer: Any = None, recurrent_regularizer: Any = None,
                 bias_regularizer: Any = None, activity_regularizer: Any = None,
                 kernel_constraint: Any = None, recurrent_constraint: Any = None,
                 bias_constraint: Any = None, dropout: Any = 0.0, recurrent_dropout: Any = 0.0,
                 return_sequences: bool = False, return_state: bool = False,
                 go_backwards: bool = False, stateful: bool = False, unroll: bool = False,
                 seed: Any = None, **kwargs: Any) -> None:
        self._flat_init(init_args(locals()), _COMMON)


class LSTM(_FlatRNN):
    """`LSTM(units, activation='tanh', recurrent_activation='sigmoid', ...)`."""

    _cell_class = LSTMCell

    def __init__(self, units: int, activation: Any = "tanh",
                 recurrent_activation: Any = "sigmoid", use_bias: bool = True,
                 kernel_initializer: Any = "glorot_uniform",
                 recurrent_initializer: Any = "orthogonal", bias_initializer: Any = "zeros",
                 unit_forget_bias: bool = True, kernel_regularizer: Any = None,
                 recurrent_regularizer: Any = None, bias_regularizer: Any = None,
                 activity_regularizer: Any = None, kernel_constraint: Any = None,
                 recurrent_constraint: Any = None, bias_constraint: Any = None,
                 dropout: Any = 0.0, recurrent_dropout: Any = 0.0, seed: Any = None,
                 return_sequences: bool = False, return_state: bool = False,
                 go_backwards: bool = False, stateful: bool = False, unroll: bool = False,
                 use_cudnn: Any = "auto", **kwargs: Any) -> None:
        self._flat_init(init_args(locals()), _COMMON + (
            "recurrent_activation", "unit_forget_bias", "implementation"))

    def _cudnn_ok(self) -> bool:
        return _cudnn_args(self.cell, self.unroll) and _gpu_seen()

    def _given_states(self, states: list) -> list:
        # Keras 3's LSTM hands states[0] and states[1] to its backend's fused loop first
        # (which TF's CPU declines), so fewer than two fail as an IndexError
        states[0], states[1]  # noqa: B018
        return states


class GRU(_FlatRNN):
    """`GRU(units, activation='tanh', recurrent_activation='sigmoid', reset_after=True, ...)`."""

    _cell_class = GRUCell

    def __init__(self, units: int, activation: Any = "tanh",
                 recurrent_activation: Any = "sigmoid", use_bias: bool = True,
                 kernel_initializer: Any = "glorot_uniform",
                 recurrent_initializer: Any = "orthogonal", bias_initializer: Any = "zeros",
                 kernel_regularizer: Any = None, recurrent_regularizer: Any = None,
                 bias_regularizer: Any = None, activity_regularizer: Any = None,
                 kernel_constraint: Any = None, recurrent_constraint: Any = None,
                 bias_constraint: Any = None, dropout: Any = 0.0, recurrent_dropout: Any = 0.0,
                 seed: Any = None, return_sequences: bool = False, return_state: bool = False,
                 go_backwards: bool = False, stateful: bool = False, unroll: bool = False,
                 reset_after: bool = True, use_cudnn: Any = "auto", **kwargs: Any) -> None:
        self._flat_init(init_args(locals()), _COMMON + (
            "recurrent_activation", "reset_after", "implementation"))

    def _cudnn_ok(self) -> bool:
        return _cudnn_args(self.cell, self.unroll) and self.cell.reset_after and _gpu_seen()

    def _given_states(self, states: list) -> list:
        return [states[0]]  # Keras 3's GRU keeps the first state given, drops the rest


def _cudnn_args(cell: Any, unroll: bool) -> bool:
    """Keras 3's arguments of an LSTM or GRU that cuDNN takes: tanh and sigmoid (Keras's,
    keras.ops' or TF's functions), a bias, not unrolled."""
    return (cell.activation in (activations.tanh, knp.tanh, tmath.tanh)
            and cell.recurrent_activation in (activations.sigmoid, knn.sigmoid, tmath.sigmoid)
            and not unroll and bool(cell.use_bias))


def _gpu_seen() -> bool:
    return bool(list_logical_devices("GPU"))
