"""Attention layers: MultiHeadAttention, GroupedQueryAttention, Attention (dot-product) and
AdditiveAttention.

MultiHeadAttention projects query, key and value with EinsumDense sublayers named `query`,
`key`, `value` (and `gate` with `use_gate`), scores every query position against every key
position per head, and projects the heads back with `attention_output`, as Keras 3 does:
the same weights in the same order, the same einsum equations, and the same two paths
(`keras.ops.dot_product_attention` for 4-D projections without dropout or returned scores,
else an explicit masked softmax). Everything is a composition of registered ops.
"""

from __future__ import annotations

import math
import string
from typing import Any

import numpy as np

from eagerflow._src.core import dtypes as dt
from eagerflow._src.core.shape import TensorShape
from eagerflow._src.core.tensor import convert_to_tensor
from eagerflow._src.keras import constraints, initializers, regularizers
from eagerflow._src.keras.engine.base_layer import Layer
from eagerflow._src.keras.engine.keras_tensor import (
    KerasTensor,
    SymbolicTensor,
    get_mask,
    set_mask,
)
from eagerflow._src.keras.engine.shapes import input_shapes
from eagerflow._src.keras.layers._utils import ser_con, ser_init, ser_reg
from eagerflow._src.keras.layers.activation import Softmax
from eagerflow._src.keras.layers.core import Dropout
from eagerflow._src.keras.layers.einsum_dense import EinsumDense
from eagerflow._src.keras.ops.nn import dot_product_attention
from eagerflow._src.keras.ops.numpy_array import repeat, swapaxes
from eagerflow._src.keras.ops.numpy_linear import einsum
from eagerflow._src.keras.ops.numpy_linear import matmul as ops_matmul
from eagerflow._src.keras.random_seeds import SeedGenerator, seed_pair
from eagerflow._src.ops import array as ta
from eagerflow._src.ops import math as tm
from eagerflow._src.ops import nn as tn
from eagerflow._src.ops import reduce as tr
from eagerflow._src.ops.linalg_band_part import band_part
from eagerflow._src.ops.math_base import cast, where
from eagerflow._src.ops.stacking import stack

_LETTERS = string.ascii_lowercase


def _proj_equation(free_dims: int, bound_dims: int, output_dims: int) -> tuple:
    """(equation, bias axes, output rank) of a projection that keeps `free_dims` leading
    axes, contracts `bound_dims` and adds `output_dims` new ones: `abc,cde->abde`."""
    free = _LETTERS[:free_dims]
    bound = _LETTERS[free_dims:free_dims + bound_dims]
    out = _LETTERS[free_dims + bound_dims:free_dims + bound_dims + output_dims]
    return f"{free}{bound},{bound}{out}->{free}{out}", out, free_dims + output_dims


def _partial_shape(output_rank: int, known_last_dims: list) -> list:
    return [None] * (output_rank - len(known_last_dims)) + list(known_last_dims)


def _attention_equations(rank: int, attn_axes: tuple) -> tuple:
    """(query-key product equation, combination equation, scores' rank) for projected
    tensors of `rank` (batch, ..., heads, channels) attending over `attn_axes`."""
    target = _LETTERS[:rank]
    # (NumPy's delete, as Keras 3's: a negative axis counts from the end, an axis out of
    # range is NumPy's IndexError)
    batch_dims = [int(i) for i in np.delete(range(rank), tuple(attn_axes) + (rank - 1,))]
    source, offset = "", rank
    for i in range(rank):
        if i in batch_dims or i == rank - 1:
            source += target[i]
        else:
            source += _LETTERS[offset]
            offset += 1
    product = "".join([target[i] for i in batch_dims] + [target[i] for i in attn_axes]
                      + [source[i] for i in attn_axes])
    return f"{source},{target}->{product}", f"{product},{source}->{target}", len(product)


def _lower_band(t: Any, s: Any, below: int, above: int) -> Any:
    """A (1, t, s) boolean mask, True within `below` diagonals under and `above` over the
    main one (-1: all of them)."""
    return band_part(ta.ones(stack([1, t, s]), "bool"), below, above)


class MultiHeadAttention(Layer):
    """`MultiHeadAttention(num_heads, key_dim, value_dim=None, dropout=0.0, use_bias=True,
    output_shape=None, attention_axes=None, sliding_window=None, ...)`, called as
    `layer(query, value, key=None, attention_mask=None, return_attention_scores=False,
    training=None, use_causal_mask=False)`."""

    def __init__(self, num_heads: int, key_dim: int, value_dim: int | None = None,
                 dropout: float = 0.0, use_bias: bool = True, output_shape: Any = None,
                 attention_axes: Any = None, sliding_window: int | None = None,
                 flash_attention: bool | None = None,
                 kernel_initializer: Any = "glorot_uniform", bias_initializer: Any = "zeros",
                 kernel_regularizer: Any = None, bias_regularizer: Any = None,
                 activity_regularizer: Any = None, kernel_constraint: Any = None,
                 bias_constraint: Any = None, use_gate: bool = False, seed: int | None = None,
                 **kwargs: Any) -> None:
        self._check_dims(num_heads, key_dim, value_dim)
        super().__init__(**kwargs)
        self.supports_masking = True
        self._num_heads, self._key_dim = num_heads, key_dim
        self._kv_heads = num_heads  # the key and value projections' heads
        self._value_dim = value_dim if value_dim else key_dim
        self._dropout, self._use_bias, self._use_gate = dropout, use_bias, use_gate
        if output_shape:
            if isinstance(output_shape, int):
                output_shape = (output_shape,)
            try:
                output_shape = tuple(output_shape)
            except TypeError:
                raise ValueError(f"Invalid `output_shape`: {output_shape}. When specified, the "
                                 "`output_shape` should be of type tuple, list, or int.") \
                    from None
        self._output_shape = output_shape
        self._flash_attention = flash_attention or None
        self._kernel_initializer = initializers.get(kernel_initializer)
        self._bias_initializer = initializers.get(bias_initializer)
        self._kernel_regularizer = regularizers.get(kernel_regularizer)
        self._bias_regularizer = regularizers.get(bias_regularizer)
        # the projections' (Keras 3 does not apply it to the layer's own output)
        self._activity_reg = regularizers.get(activity_regularizer)
        self._kernel_constraint = constraints.get(kernel_constraint)
        self._bias_constraint = constraints.get(bias_constraint)
        if isinstance(attention_axes, int):
            attention_axes = (attention_axes,)
        elif attention_axes and not isinstance(attention_axes, (list, tuple)):
            raise ValueError("`attention_axes` must be an int, list, or tuple."
                             f"Received: attention_axes={attention_axes}")
        self._attention_axes = attention_axes
        if sliding_window is not None and (not isinstance(sliding_window, int)
                                           or sliding_window <= 0):
            raise ValueError("`sliding_window` must be `None` or a positive integer. "
                             f"Received: sliding_window={sliding_window}")
        self._sliding_window = sliding_window
        self.seed = seed
        self._inverse_sqrt_key_dim = 1.0 / math.sqrt(float(key_dim))
        if self._flash_attention and dropout > 0.0:
            raise ValueError("Dropout is not supported when flash attention is enabled. "
                             "Please set dropout to 0.0 to use flash attention.")

    # Keras's MultiHeadAttention takes the query's mask from the tensor, whatever
    # `query_mask` says; GroupQueryAttention takes the argument first
    _query_mask_from_tensor = True

    @staticmethod
    def _check_dims(num_heads: Any, key_dim: Any, value_dim: Any) -> None:
        _check_positive("num_heads", num_heads, "expected a positive integer")
        _check_positive("key_dim", key_dim, "expected a positive integer")
        if value_dim is not None:
            _check_positive("value_dim", value_dim, "expected a positive integer or `None`")

    num_heads = property(lambda self: self._num_heads)
    key_dim = property(lambda self: self._key_dim)
    value_dim = property(lambda self: self._value_dim)
    dropout = property(lambda self: self._dropout)
    use_bias = property(lambda self: self._use_bias)
    attention_axes = property(lambda self: self._attention_axes)
    query_dense = property(lambda self: self._query_dense)
    key_dense = property(lambda self: self._key_dense)
    value_dense = property(lambda self: self._value_dense)
    output_dense = property(lambda self: self._output_dense)

    # -- building ----------------------------------------------------------------------
    def _sublayer_kwargs(self) -> dict:
        """Each projection's regularizers, constraints and policy, and fresh copies of the
        initializers (one shared seedless initializer would give every kernel one draw)."""
        return dict(kernel_regularizer=self._kernel_regularizer,
                    bias_regularizer=self._bias_regularizer,
                    activity_regularizer=self._activity_reg,
                    kernel_constraint=self._kernel_constraint,
                    bias_constraint=self._bias_constraint, dtype=self.dtype_policy,
                    kernel_initializer=type(self._kernel_initializer).from_config(
                        self._kernel_initializer.get_config()),
                    bias_initializer=type(self._bias_initializer).from_config(
                        self._bias_initializer.get_config()))

    def _projection(self, shape: Any, name: str, last_dims: list, bound_dims: int = 1,
                    activation: Any = None) -> EinsumDense:
        equation, bias_axes, out_rank = _proj_equation(len(shape) - 1, bound_dims,
                                                       len(last_dims))
        return EinsumDense(equation, output_shape=_partial_shape(out_rank - 1, last_dims),
                           bias_axes=bias_axes if self._use_bias else None,
                           activation=activation, name=name, **self._sublayer_kwargs())

    def build(self, query_shape: Any, value_shape: Any, key_shape: Any = None) -> None:
        key_shape = value_shape if key_shape is None else key_shape
        if tuple(value_shape[1:-1]) != tuple(key_shape[1:-1]):
            raise ValueError("All dimensions of `value` and `key`, except the last one, must "
                             f"be equal. Received: value_shape={value_shape} and "
                             f"key_shape={key_shape}")
        heads = self._num_heads
        self._query_dense = self._projection(query_shape, "query", [heads, self._key_dim])
        self._query_dense.build(query_shape)
        self._key_dense = self._projection(key_shape, "key", [self._kv_heads, self._key_dim])
        self._key_dense.build(key_shape)
        if self._use_gate:
            self._gate_dense = self._projection(query_shape, "gate", [heads, self._value_dim],
                                                activation="sigmoid")
            self._gate_dense.build(query_shape)
        self._value_dense = self._projection(value_shape, "value",
                                             [self._kv_heads, self._value_dim])
        self._value_dense.build(value_shape)
        self._build_attention(len(query_shape) + 1)
        last = list(self._output_shape) if self._output_shape else [query_shape[-1]]
        self._output_dense = self._projection(query_shape, "attention_output", last,
                                              bound_dims=2)
        out_in = list(self._query_dense.compute_output_shape(query_shape))
        out_in[-1] = self._value_dim
        self._output_dense.build(tuple(out_in))

    def _build_attention(self, rank: int) -> None:
        """The einsum equations, softmax and dropout for projected tensors of `rank`."""
        if self._attention_axes is None:
            self._attention_axes = tuple(range(1, rank - 2))
        else:
            self._attention_axes = tuple(a if a >= 0 else (rank - 1) + a
                                         for a in self._attention_axes)
        self._dot_product_equation, self._combine_equation, scores_rank = \
            _attention_equations(rank, self._attention_axes)
        norm_axes = tuple(range(scores_rank - len(self._attention_axes), scores_rank))
        self._softmax = Softmax(axis=norm_axes, dtype=self.dtype_policy)
        self._dropout_layer = Dropout(rate=self._dropout, dtype=self.dtype_policy,
                                      seed=self.seed)

    def _maybe_build(self, inputs: Any, rest: Any = (), kwargs: dict | None = None,
                     eager: bool = True) -> None:
        """Keras 3 builds with one shape per tensor argument: `build(query_shape,
        value_shape[, key_shape])`."""
        if self.built:
            return
        _, value, key = self._tensor_args(inputs, rest, kwargs or {})
        shapes = {"query_shape": input_shapes(inputs), "value_shape": input_shapes(value)}
        if key is not None:
            shapes["key_shape"] = input_shapes(key)
        object.__setattr__(self, "_build_shapes_dict", shapes)
        self.build(**shapes)

    @staticmethod
    def _tensor_args(query: Any, rest: Any, kwargs: dict) -> tuple:
        rest = list(rest)
        value = rest[0] if rest else kwargs.get("value")
        key = rest[1] if len(rest) > 1 else kwargs.get("key")
        return query, value, key

    # -- calling -----------------------------------------------------------------------
    def call(self, query: Any, value: Any, key: Any = None, query_mask: Any = None,
             value_mask: Any = None, key_mask: Any = None, attention_mask: Any = None,
             return_attention_scores: bool = False, training: Any = None,
             use_causal_mask: bool = False) -> Any:
        if key is None:
            key = value
        else:
            key_mask = key_mask if key_mask is not None else get_mask(key)
        # the inputs' masks are the layer's to use (Keras 3 reads the query's from the
        # tensor itself, ignoring `query_mask`); the output carries the query's
        if self._query_mask_from_tensor or query_mask is None:
            query_mask = get_mask(query)
        value_mask = value_mask if value_mask is not None else get_mask(value)
        for t in (query, value, key):  # Keras 3 takes the masks off the inputs themselves
            set_mask(t, None)
        causal_only = (use_causal_mask and query_mask is None and value_mask is None
                       and key_mask is None and attention_mask is None
                       and self._sliding_window is None
                       and type(self)._compute_attention
                       is MultiHeadAttention._compute_attention)
        if not causal_only:
            attention_mask = self._compute_attention_mask(
                query, value, query_mask=query_mask, value_mask=value_mask,
                key_mask=key_mask, attention_mask=attention_mask,
                use_causal_mask=use_causal_mask)
        gate = self._gate_dense(query) if self._use_gate else None
        query = self._query_dense(query)
        key, value = self._project_key_value(key, value)
        extra = {"use_causal_mask": True} if causal_only else {}
        output, scores = self._compute_attention(query, key, value, attention_mask, training,
                                                 return_attention_scores, **extra)
        output = self._output_dense(output * gate if gate is not None else output)
        if query_mask is not None:
            set_mask(output, query_mask)
        return (output, scores) if return_attention_scores else output

    def _project_key_value(self, key: Any, value: Any) -> tuple:
        return self._key_dense(key), self._value_dense(value)

    def _compute_attention_mask(self, query: Any, value: Any, query_mask: Any = None,
                                value_mask: Any = None, key_mask: Any = None,
                                attention_mask: Any = None,
                                use_causal_mask: bool = False) -> Any:
        """The (B, T, S) boolean mask: the query's mask as (B, T, 1), the value's and key's
        as (B, 1, S), the causal and sliding-window bands as (1, T, S), and
        `attention_mask`, all AND-ed."""
        parts = []
        if query_mask is not None:
            parts.append(ta.expand_dims(cast(query_mask, "bool"), -1))
        for m in (value_mask, key_mask):
            if m is not None:
                parts.append(ta.expand_dims(cast(m, "bool"), -2))
        if use_causal_mask:
            parts.append(self._compute_causal_mask(query, value))
        if self._sliding_window is not None:
            w = self._sliding_window - 1
            parts.append(_lower_band(ta.shape(query)[1], ta.shape(value)[1], w, w))
        auto = None
        for p in parts:
            auto = p if auto is None else tm.logical_and(auto, p)
        if attention_mask is not None:
            attention_mask = cast(attention_mask, "bool")
        if auto is not None:
            attention_mask = auto if attention_mask is None \
                else tm.logical_and(attention_mask, auto)
        return attention_mask

    def _compute_causal_mask(self, query: Any, value: Any = None) -> Any:
        """(1, T, S): True where the key position is not after the query position."""
        t = ta.shape(query)[1]
        s = t if value is None else ta.shape(value)[1]
        return _lower_band(t, s, -1, 0)

    def _masked_softmax(self, scores: Any, attention_mask: Any = None) -> Any:
        if attention_mask is not None:
            axis = -len(self._attention_axes) * 2 - 1  # the heads' axis
            for _ in range(scores.shape.rank - attention_mask.shape.rank):
                attention_mask = ta.expand_dims(attention_mask, axis)
        return self._softmax(scores, mask=attention_mask)

    def _compute_attention(self, query: Any, key: Any, value: Any, attention_mask: Any = None,
                           training: Any = None, return_attention_scores: bool = False,
                           use_causal_mask: bool = False) -> tuple:
        """(output, scores) from projected query (B, T, N, key_dim), key (B, S, N, key_dim)
        and value (B, S, N, value_dim); scores are None on the fused path."""
        if self._flash_attention and return_attention_scores:
            raise ValueError("Returning attention scores is not supported when flash "
                             "attention is enabled. Please disable flash attention to access "
                             "attention scores.")
        if not (self._dropout > 0.0 or return_attention_scores or query.shape.rank != 4):
            if attention_mask is not None:
                axis = -len(self._attention_axes) * 2 - 1
                for _ in range(4 - attention_mask.shape.rank):
                    attention_mask = ta.expand_dims(attention_mask, axis)
                attention_mask = cast(attention_mask, "bool")
            output = dot_product_attention(query, key, value, mask=attention_mask,
                                           scale=self._inverse_sqrt_key_dim,
                                           is_causal=use_causal_mask and attention_mask is None,
                                           flash_attention=self._flash_attention)
            return output, None
        if use_causal_mask:  # the fused path was not taken: the band made explicitly
            causal = self._compute_causal_mask(query, value)
            attention_mask = causal if attention_mask is None else \
                tm.logical_and(cast(attention_mask, "bool"), causal)
        query = query * cast(self._inverse_sqrt_key_dim, query.dtype)
        scores = einsum(self._dot_product_equation, key, query)
        scores = self._masked_softmax(scores, attention_mask)
        dropped = self._dropout_layer(scores, training=training) if self._dropout > 0.0 \
            else scores
        return einsum(self._combine_equation, dropped, value), scores

    def compute_output_shape(self, query_shape: Any, value_shape: Any,
                             key_shape: Any = None) -> tuple:
        query_shape, value_shape = tuple(query_shape), tuple(value_shape)
        key_shape = value_shape if key_shape is None else tuple(key_shape)
        if value_shape[1:-1] != key_shape[1:-1]:
            raise ValueError("All dimensions of `value` and `key`, except the last one, must "
                             f"be equal. Received: value_shape={value_shape} and "
                             f"key_shape={key_shape}")
        return query_shape[:-1] + self._output_shape if self._output_shape else query_shape

    def _static_shapes(self) -> bool:
        return False  # the functional API traces `call` (two or three tensor arguments)

    def compute_output_spec(self, query: Any, *args: Any, **kwargs: Any) -> Any:
        out = super().compute_output_spec(query, *args, **kwargs)
        return self._stated_scores(out, query, args, kwargs, KerasTensor)

    def _symbolic_outputs(self, inputs: Any, rest: tuple, kwargs: dict, spec: Any) -> Any:
        out = super()._symbolic_outputs(inputs, rest, kwargs, spec)
        return self._stated_scores(out, inputs, rest, kwargs, SymbolicTensor)

    def _stated_scores(self, out: Any, query: Any, rest: tuple, kwargs: dict,
                       kind: type) -> Any:
        """(output, scores) with the scores' shape as Keras 3's compute_output_spec states
        it, rather than as `call` makes it."""
        if not isinstance(out, (tuple, list)) or len(out) != 2:
            return out
        _, value, key = self._tensor_args(query, rest, kwargs)
        return type(out)((out[0], kind(self._scores_shape(query, value, key), out[1].dtype)))

    def _scores_shape(self, query: Any, value: Any, key: Any) -> tuple:
        # Keras 3 gives the query's length twice, whatever the value's
        return (query.shape[0], self._num_heads, query.shape[1], query.shape[1])

    def get_config(self) -> dict:
        return {**super().get_config(), "num_heads": self._num_heads, "key_dim": self._key_dim,
                "value_dim": self._value_dim, "dropout": self._dropout,
                "use_bias": self._use_bias, "use_gate": self._use_gate,
                "output_shape": self._output_shape, "attention_axes": self._attention_axes,
                "sliding_window": self._sliding_window,
                "kernel_initializer": ser_init(self._kernel_initializer),
                "bias_initializer": ser_init(self._bias_initializer),
                "kernel_regularizer": ser_reg(self._kernel_regularizer),
                "bias_regularizer": ser_reg(self._bias_regularizer),
                "activity_regularizer": ser_reg(self._activity_reg),
                "kernel_constraint": ser_con(self._kernel_constraint),
                "bias_constraint": ser_con(self._bias_constraint),
                "seed": self.seed}


class _Absent:
    """A base class's attribute a subclass does not have: reading it raises Python's
    AttributeError, so `hasattr` is False."""

    def __set_name__(self, owner: type, name: str) -> None:
        self._name = name

    def __get__(self, obj: Any, owner: type | None = None) -> Any:
        raise AttributeError(f"'{(owner if obj is None else type(obj)).__name__}' object has "
                             f"no attribute '{self._name}'")


# the keywords MultiHeadAttention takes that GroupedQueryAttention does not, and those
# the base Layer takes
_MHA_ONLY = frozenset({"num_heads", "key_dim", "value_dim", "output_shape", "attention_axes"})
_LAYER_KWARGS = frozenset({"activity_regularizer", "trainable", "dtype", "autocast", "name",
                           "input_shape", "input_dim"})


class GroupedQueryAttention(MultiHeadAttention):
    """`GroupQueryAttention(head_dim, num_query_heads, num_key_value_heads, dropout=0.0,
    use_bias=True, sliding_window=None, flash_attention=None, ..., use_gate=False,
    seed=None)`: multi-head attention over (batch, T, dim) inputs whose
    `num_key_value_heads` key and value heads are each shared by a group of
    num_query_heads // num_key_value_heads query heads (Keras 3's GroupedQueryAttention:
    the same sublayers, weights and paths as MultiHeadAttention's, with fewer key/value
    heads, repeated before the attention)."""

    _query_mask_from_tensor = False

    def __init__(self, head_dim: int, num_query_heads: int, num_key_value_heads: int,
                 dropout: float = 0.0, use_bias: bool = True, sliding_window: int | None = None,
                 flash_attention: bool | None = None,
                 kernel_initializer: Any = "glorot_uniform", bias_initializer: Any = "zeros",
                 kernel_regularizer: Any = None, bias_regularizer: Any = None,
                 activity_regularizer: Any = None, kernel_constraint: Any = None,
                 bias_constraint: Any = None, use_gate: bool = False, seed: int | None = None,
                 **kwargs: Any) -> None:
        # MultiHeadAttention's own arguments are unknown to Keras's GroupedQueryAttention
        # (no MultiHeadAttention): the base layer's refusal of unknown keywords, not a
        # clash of arguments here
        if _MHA_ONLY & set(kwargs):
            rest = {k: v for k, v in kwargs.items() if k not in _LAYER_KWARGS}
            raise ValueError(f"Unrecognized keyword arguments passed to {type(self).__name__}:"
                             f" {rest}")
        if num_query_heads % num_key_value_heads != 0:
            # (checked once the layer has its name, as Keras checks it: the name is taken,
            # yet no initializer made, so none draws its seed)
            Layer.__init__(self, **kwargs)
            raise ValueError("`num_query_heads` must be divisible by `num_key_value_heads`.")
        super().__init__(num_query_heads, head_dim, None, dropout, use_bias, None, None,
                         sliding_window, flash_attention, kernel_initializer,
                         bias_initializer, kernel_regularizer, bias_regularizer,
                         activity_regularizer, kernel_constraint, bias_constraint, use_gate,
                         seed, **kwargs)
        self._kv_heads = num_key_value_heads
        self.num_repeats = num_query_heads // num_key_value_heads

    @staticmethod
    def _check_dims(num_heads: Any, key_dim: Any, value_dim: Any) -> None:
        """(Keras checks only that the query heads group evenly.)"""

    def build(self, query_shape: Any, value_shape: Any, key_shape: Any = None) -> None:
        # Keras's projections are of (batch, length, dim) inputs alone ("bqm,muh->bquh"
        # and its kin): a shorter query, key or value fails as its EinsumDense builds
        for shape in (query_shape, value_shape if key_shape is None else key_shape,
                      value_shape):
            if len(shape) < 3:
                raise IndexError("tuple index out of range")
        super().build(query_shape, value_shape, key_shape)

    head_dim = property(lambda self: self._key_dim)
    num_query_heads = property(lambda self: self._num_heads)
    num_key_value_heads = property(lambda self: self._kv_heads)
    # (Keras's GroupedQueryAttention is no MultiHeadAttention: none of these, so `.keras`
    # files name its sublayers `_query_dense`, ... as Keras's)
    num_heads = _Absent()
    key_dim = _Absent()
    value_dim = _Absent()
    attention_axes = _Absent()
    query_dense = _Absent()
    key_dense = _Absent()
    value_dense = _Absent()
    output_dense = _Absent()

    def _project_key_value(self, key: Any, value: Any) -> tuple:
        """(batch, S, num_query_heads, head_dim) keys and values: each projected head
        repeated for its group of query heads."""
        key, value = super()._project_key_value(key, value)
        return repeat(key, self.num_repeats, axis=2), repeat(value, self.num_repeats, axis=2)

    def _scores_shape(self, query: Any, value: Any, key: Any) -> tuple:
        length = (value if key is None else key).shape[1]
        return (query.shape[0], self._num_heads, query.shape[1], length)

    def compute_output_shape(self, query_shape: Any, value_shape: Any,
                             key_shape: Any = None) -> tuple:
        query_shape, value_shape = tuple(query_shape), tuple(value_shape)
        if query_shape[-1] != value_shape[-1]:
            raise ValueError("The last dimension of `query_shape` and `value_shape` must be "
                             f"equal, but are {query_shape[-1]}, {value_shape[-1]}. Received: "
                             f"query_shape={query_shape}, value_shape={value_shape}")
        return super().compute_output_shape(query_shape, value_shape, key_shape)

    def get_config(self) -> dict:
        config = super().get_config()
        keep = ("use_bias", "use_gate", "sliding_window", "dropout", "kernel_initializer",
                "bias_initializer", "kernel_regularizer", "bias_regularizer",
                "activity_regularizer", "kernel_constraint", "bias_constraint", "seed")
        return {**Layer.get_config(self), "head_dim": self._key_dim,
                "num_query_heads": self._num_heads, "num_key_value_heads": self._kv_heads,
                **{k: config[k] for k in keep}}


def _check_positive(name: str, value: Any, expected: str) -> None:
    if not isinstance(value, int) or value <= 0:  # (a bool is an int, as in Keras)
        raise ValueError(f"Received an invalid value for argument `{name}`, {expected}. "
                         f"Received: {name}={value}")


class Attention(Layer):
    """`Attention(use_scale=False, score_mode='dot', dropout=0.0, seed=None)`: Luong-style
    attention of `[query, value]` or `[query, value, key]` (batch, T, dim) inputs."""

    def __init__(self, use_scale: bool = False, score_mode: str = "dot", dropout: float = 0.0,
                 seed: int | None = None, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.supports_masking = True  # (as Keras 3's; its call and compute_mask take them)
        self.use_scale = use_scale
        self.score_mode = score_mode
        self.dropout = dropout
        self.seed = seed
        if dropout > 0:
            self.seed_generator = SeedGenerator(seed)
        if score_mode not in ("dot", "concat"):
            raise ValueError("Invalid value for argument score_mode. Expected one of "
                             f"{{'dot', 'concat'}}. Received: score_mode={score_mode}")

    def build(self, input_shape: Any) -> None:
        self._validate_inputs(input_shape)
        self.scale = self.add_weight(name="scale", shape=(), initializer="ones",
                                     dtype=self.dtype, trainable=True) \
            if self.use_scale else None
        self.concat_score_weight = self.add_weight(
            name="concat_score_weight", shape=(), initializer="ones", dtype=self.dtype,
            trainable=True) if self.score_mode == "concat" else None

    def _calculate_scores(self, query: Any, key: Any) -> Any:
        """(batch, Tq, Tv) scores of query (batch, Tq, dim) against key (batch, Tv, dim)."""
        if self.score_mode == "dot":
            # the key's last two axes swapped first (Keras 3's swapaxes: a Transpose, which
            # a mismatch's error shows; any rank from 2, a pair without batch too)
            scores = ops_matmul(query, swapaxes(key, -2, -1))
            return scores * self.scale if self.scale is not None else scores
        total = ta.expand_dims(query, -2) + ta.expand_dims(key, -3)
        if self.scale is not None:
            total = self.scale * total
        return self.concat_score_weight * tr.reduce_sum(tm.tanh(total), axis=-1)

    def _apply_scores(self, scores: Any, value: Any, scores_mask: Any = None,
                      training: Any = False) -> tuple:
        if scores_mask is not None:
            big = 65504.0 if scores.dtype.name == "float16" else 1.0e9
            padding = tm.logical_not(scores_mask)
            if padding.shape.rank == 2:
                padding = ta.expand_dims(padding, -2)
            scores = where(padding, scores - big, scores)
        weights = tn.softmax(scores, axis=-1)
        if training and self.dropout > 0:
            weights = tn.stateless_dropout(weights, self.dropout,
                                           seed_pair(self.seed_generator))
        return ops_matmul(weights, value), weights

    def _calculate_score_mask(self, scores: Any, v_mask: Any, use_causal_mask: bool) -> Any:
        if not use_causal_mask:
            return v_mask
        shape = ta.shape(scores)
        causal = _lower_band(shape[-2], shape[-1], -1, 0)
        if v_mask is None:
            return causal
        return tm.logical_and(ta.expand_dims(v_mask, -2), causal)

    def call(self, inputs: Any, mask: Any = None, training: Any = False,
             return_attention_scores: bool = False, use_causal_mask: bool = False) -> Any:
        self._validate_inputs(inputs, mask)
        q, v = inputs[0], inputs[1]
        k = inputs[2] if len(inputs) > 2 else v
        q_mask = mask[0] if mask else None
        v_mask = mask[1] if mask else None
        scores = self._calculate_scores(q, k)
        scores_mask = self._calculate_score_mask(scores, v_mask, use_causal_mask)
        output, weights = self._apply_scores(scores, v, scores_mask, training)
        if q_mask is not None:
            # (a scalar zero, as Keras 3's where: TF's error for a mask of another shape
            # shows else [])
            output = where(ta.expand_dims(q_mask, -1), output,
                           convert_to_tensor(0, dtype=output.dtype))
        return (output, weights) if return_attention_scores else output

    def compute_mask(self, inputs: Any, mask: Any = None) -> Any:
        self._validate_inputs(inputs, mask)
        if mask is None or mask[0] is None:
            return None
        return convert_to_tensor(mask[0])  # (a tensor even for a NumPy mask, as Keras 3's)

    def compute_output_shape(self, input_shape: Any) -> tuple:
        return (*tuple(input_shape[0])[:-1], tuple(input_shape[1])[-1])

    def _static_shapes(self) -> bool:
        return False  # `return_attention_scores` changes the outputs: see _symbolic_outputs

    def _symbolic_outputs(self, inputs: Any, rest: tuple, kwargs: dict, spec: Any) -> Any:
        """As Keras 3's compute_output_spec: the output (and with return_attention_scores
        the scores) in the compute dtype, from the shapes alone (an int32 query's too);
        `call` is traced only for arguments given by position."""
        if rest:
            return super()._symbolic_outputs(inputs, rest, kwargs, spec)
        self._validate_inputs(inputs, kwargs.get("mask"))
        q, v = inputs[0], inputs[1]
        k = inputs[2] if len(inputs) > 2 else v
        dtype = dt.as_dtype(self.compute_dtype)
        out = SymbolicTensor(TensorShape(self.compute_output_shape([q.shape, v.shape])), dtype)
        if kwargs.get("return_attention_scores"):
            scores = TensorShape(q.shape.as_list()[:-1] + [k.shape.as_list()[-2]])
            return out, SymbolicTensor(scores, dtype)
        return out

    def _validate_inputs(self, inputs: Any, mask: Any = None) -> None:
        name = type(self).__name__
        if not isinstance(inputs, list):
            raise ValueError(f"{name} layer must be called on a list of inputs, namely "
                             f"[query, value] or [query, value, key]. Received: "
                             f"inputs={inputs}.")
        if len(inputs) < 2 or len(inputs) > 3:
            raise ValueError(f"{name} layer accepts inputs list of length 2 or 3, namely "
                             "[query, value] or [query, value, key]. Received length: "
                             f"{len(inputs)}.")
        if mask is not None:
            if not isinstance(mask, list):
                raise ValueError(f"{name} layer mask must be a list, namely [query_mask, "
                                 f"value_mask]. Received: mask={mask}.")
            if len(mask) < 2 or len(mask) > 3:
                raise ValueError(f"{name} layer accepts mask list of length 2 or 3. "
                                 f"Received: inputs={inputs}, mask={mask}.")

    def get_config(self) -> dict:
        return {**super().get_config(), "use_scale": self.use_scale,
                "score_mode": self.score_mode, "dropout": self.dropout, "seed": self.seed}


class AdditiveAttention(Attention):
    """`AdditiveAttention(use_scale=True, dropout=0.0)`: Bahdanau-style attention, scores
    `sum(scale * tanh(query + key))` with a learned per-feature scale."""

    def __init__(self, use_scale: bool = True, dropout: float = 0.0, **kwargs: Any) -> None:
        super().__init__(use_scale=use_scale, dropout=dropout, **kwargs)

    def build(self, input_shape: Any) -> None:
        self._validate_inputs(input_shape)
        self.scale = self.add_weight(name="scale", shape=[input_shape[0][-1]],
                                     initializer="glorot_uniform", dtype=self.dtype,
                                     trainable=True) if self.use_scale else None

    def _calculate_scores(self, query: Any, key: Any) -> Any:
        total = tm.tanh(ta.expand_dims(query, -2) + ta.expand_dims(key, -3))
        return tr.reduce_sum(self.scale * total if self.use_scale else total, axis=-1)

    def get_config(self) -> dict:
        config = super().get_config()
        del config["score_mode"]
        return config

