"""Argument normalization and config helpers shared by the built-in layers."""

from __future__ import annotations

from typing import Any

from eagerflow._src.keras import activations, constraints, initializers, regularizers
from eagerflow._src.keras import backend as kb
from eagerflow._src.ops import array as ta


def normalize_tuple(value: Any, n: int, name: str, allow_zero: bool = False) -> tuple:
    """An int or an n-tuple of ints, as an n-tuple (Keras's validation and messages; a
    bool is an int there: kernel_size=True is (True, True))."""
    error = (f"The `{name}` argument must be a tuple of {n} integers. Received {name}={value}")
    if isinstance(value, int):
        out = (value,) * n
    else:
        try:
            out = tuple(value)
        except TypeError:
            raise ValueError(error) from None
        if len(out) != n:
            raise ValueError(error)
        for v in out:
            if not isinstance(v, int):
                try:
                    int(v)
                except (ValueError, TypeError):
                    raise ValueError(error + f"including element {v} of type {type(v)}") \
                        from None
        out = tuple(v if isinstance(v, int) else int(v) for v in out)  # (bools kept)
    bad = [v for v in out if v < 0] if allow_zero else [v for v in out if v <= 0]
    if bad:
        req = ">= 0" if allow_zero else "> 0"
        raise ValueError(error + f", including values {set(bad)} that do not satisfy "
                                 f"`value {req}`")
    return out


def normalize_padding(value: Any, allow_causal: bool = False) -> str:
    padding = value.lower() if isinstance(value, str) else value
    allowed = {"valid", "same", "causal"} if allow_causal else {"valid", "same"}
    if padding not in allowed:
        # (a set, as Keras prints it: its order is the process's string hashing)
        raise ValueError("The `padding` argument must be a list/tuple or one of "
                         f"{allowed}. Received: {value}")
    return padding


def normalize_data_format(value: Any) -> str:
    if value is None:
        value = kb.image_data_format()
    data_format = str(value).lower()
    if data_format not in {"channels_first", "channels_last"}:
        raise ValueError("The `data_format` argument must be one of {'channels_first', "
                         f"'channels_last'}}. Received: data_format={data_format}")
    return data_format


def ser_init(x: Any) -> Any:
    return initializers.serialize(x)


def ser_reg(x: Any) -> Any:
    return regularizers.serialize(x)


def ser_con(x: Any) -> Any:
    return constraints.serialize(x)


def ser_act(x: Any) -> Any:
    return activations.serialize(x)


def set_kernel_bias_args(layer: Any, activation: Any, use_bias: bool, kernel_initializer: Any,
                         bias_initializer: Any, kernel_regularizer: Any, bias_regularizer: Any,
                         kernel_constraint: Any, bias_constraint: Any) -> None:
    """The constructor arguments that `kernel_bias_config` gives back, resolved by name
    (activations, initializers, regularizers, constraints) onto `layer`."""
    layer.activation = activations.get(activation)
    layer.use_bias = use_bias
    layer.kernel_initializer = initializers.get(kernel_initializer)
    layer.bias_initializer = initializers.get(bias_initializer)
    layer.kernel_regularizer = regularizers.get(kernel_regularizer)
    layer.bias_regularizer = regularizers.get(bias_regularizer)
    layer.kernel_constraint = constraints.get(kernel_constraint)
    layer.bias_constraint = constraints.get(bias_constraint)


def kernel_bias_config(layer: Any) -> dict:
    """The config entries of a layer with an activation, a kernel and an optional bias
    (Dense, the convolutions), in Keras's order: activation, use_bias, then the kernel's
    and bias's initializers, regularizers (and the activity regularizer), constraints."""
    return {
        "activation": ser_act(layer.activation), "use_bias": layer.use_bias,
        "kernel_initializer": ser_init(layer.kernel_initializer),
        "bias_initializer": ser_init(layer.bias_initializer),
        "kernel_regularizer": ser_reg(layer.kernel_regularizer),
        "bias_regularizer": ser_reg(layer.bias_regularizer),
        "activity_regularizer": ser_reg(layer.activity_regularizer),
        "kernel_constraint": ser_con(layer.kernel_constraint),
        "bias_constraint": ser_con(layer.bias_constraint),
    }


def init_args(frame_locals: dict) -> dict:
    """A constructor's arguments by name, `**kwargs` merged in: given `locals()` at the top
    of a constructor that lists Keras's parameters explicitly (so positional calls bind as
    in Keras), what it hands on by keyword to the base that does the work."""
    args = {k: v for k, v in frame_locals.items() if k not in ("self", "kwargs", "__class__")}
    args.update(frame_locals.get("kwargs") or {})
    return args


def dims_of(x: Any) -> list:
    """`x`'s dimensions: the static ones as ints, the others read from its shape at run time
    (what a reshape to them needs while tracing)."""
    static = x.shape.as_list()
    if None not in static:
        return static
    dynamic = ta.shape(x)
    return [d if d is not None else dynamic[i] for i, d in enumerate(static)]
