"""The tensor ops Keras layers use, in one place.

Each function calls TF's public op (`tf.nn.conv2d`, `tf.gather`, ...) when the package
that owns it provides it, so layers run on the one registered definition of each op
(and are traced by tf.function like any other code). Where that op has not landed
yet, a composite built from public primitives (slicing, concat, matmul, reductions)
stands in: it has the same semantics and differentiates through the primitives.
All layouts are channels-last; layers transpose channels-first data around calls.
"""

from __future__ import annotations

import importlib
import math as _math
from collections.abc import Sequence
from typing import Any

import numpy as np

from eagerflow._src.core import dtypes as dt
from eagerflow._src.core.tensor import Tensor, convert_to_tensor
from eagerflow._src.keras import backend as kb
from eagerflow._src.ops import array as ta
from eagerflow._src.ops import math as tm
from eagerflow._src.ops import reduce as tr
from eagerflow._src.ops.linalg import matmul

_MISSING = object()
_root_cache: dict = {}


def root_op(name: str) -> Any:
    """`tf.<name>` if some package has put it at the root, else None."""
    f = _root_cache.get(name, _MISSING)
    if f is _MISSING:
        f = getattr(importlib.import_module("eagerflow"), name, None)
        _root_cache[name] = f
    return f


def _shape(x: Any) -> tuple:
    return tuple(x._shape)


def _dims(x: Any, where: str) -> tuple:
    """Static spatial dims that a composite needs (None where unknown)."""
    s = _shape(x)
    if any(d is None for d in s[1:]):
        raise ValueError(f"{where}: the composite fallback needs known non-batch dims, got "
                         f"{s}; it is used only until tf.nn provides the op")
    return s


# ---------------------------------------------------------------------------------------
# Activations.
# ---------------------------------------------------------------------------------------

def relu(x: Any) -> Any:
    f = kb.nn_op("relu")
    if f is not None:
        return f(x)
    x = convert_to_tensor(x)
    return tm.where(tm.greater(x, tm.zeros_like(x)), x, tm.zeros_like(x))


def relu6(x: Any) -> Any:
    f = kb.nn_op("relu6")
    if f is not None:
        return f(x)
    return tm.minimum(relu(x), tm.cast(6.0, convert_to_tensor(x).dtype))


def leaky_relu(x: Any, alpha: float = 0.2) -> Any:
    f = kb.nn_op("leaky_relu")
    if f is not None:
        return f(x, alpha=alpha)
    x = convert_to_tensor(x)
    return tm.where(tm.greater(x, tm.zeros_like(x)), x, x * alpha)


def elu(x: Any, alpha: float = 1.0) -> Any:
    f = kb.nn_op("elu")
    if f is not None and alpha == 1.0:
        return f(x)
    x = convert_to_tensor(x)
    neg = tm.expm1(tm.minimum(x, tm.zeros_like(x)))
    return tm.where(tm.greater(x, tm.zeros_like(x)), x, neg * alpha if alpha != 1.0 else neg)


def selu(x: Any) -> Any:
    f = kb.nn_op("selu")
    if f is not None:
        return f(x)
    alpha, scale = 1.6732632423543772, 1.0507009873554805
    return elu(x, alpha) * scale


def softplus(x: Any) -> Any:
    return tm.softplus(x)


def softsign(x: Any) -> Any:
    f = kb.nn_op("softsign")
    if f is not None:
        return f(x)
    x = convert_to_tensor(x)
    return x / (tm.abs(x) + 1.0)


def sigmoid(x: Any) -> Any:
    return tm.sigmoid(x)


def tanh(x: Any) -> Any:
    return tm.tanh(x)


def swish(x: Any) -> Any:
    x = convert_to_tensor(x)
    return x * tm.sigmoid(x)


def gelu(x: Any, approximate: bool = False) -> Any:
    f = kb.nn_op("gelu")
    if f is not None:
        return f(x, approximate=approximate)
    x = convert_to_tensor(x)
    if approximate:
        c = _math.sqrt(2.0 / _math.pi)
        return 0.5 * x * (1.0 + tm.tanh(c * (x + 0.044715 * x * x * x)))
    return 0.5 * x * (1.0 + tm.erf(x / _math.sqrt(2.0)))


def hard_sigmoid(x: Any) -> Any:
    x = convert_to_tensor(x)
    return tm.clip_by_value(x / 6.0 + 0.5, 0.0, 1.0)


def softmax(x: Any, axis: int = -1) -> Any:
    f = kb.nn_op("softmax")
    if f is not None:
        return f(x, axis=axis)
    x = convert_to_tensor(x)
    e = tm.exp(x - tm.stop_gradient(tr.reduce_max(x, axis=axis, keepdims=True)))
    return e / tr.reduce_sum(e, axis=axis, keepdims=True)


def log_softmax(x: Any, axis: int = -1) -> Any:
    f = kb.nn_op("log_softmax")
    if f is not None:
        return f(x, axis=axis)
    x = convert_to_tensor(x)
    return x - tr.reduce_logsumexp(x, axis=axis, keepdims=True)


# ---------------------------------------------------------------------------------------
# Array helpers.
# ---------------------------------------------------------------------------------------

def pad(x: Any, paddings: Sequence, constant_values: float = 0.0) -> Any:
    """Constant padding, `paddings` a list of (before, after) per axis."""
    f = root_op("pad")
    if f is not None:
        return f(x, [list(p) for p in paddings], constant_values=constant_values)
    x = convert_to_tensor(x)
    for axis, (before, after) in enumerate(paddings):
        if not before and not after:
            continue
        shape = list(_shape(x))
        parts = []
        for n in (before, after):
            if n:
                shape[axis] = n
                parts.append(ta.fill([d if d is not None else 1 for d in shape],
                                    tm.cast(constant_values, x.dtype)))
            else:
                parts.append(None)
        if shape[0] is None or any(d is None for d in shape):
            raise ValueError("pad: the composite fallback needs known dims")
        x = ta.concat([p for p in (parts[0], x, parts[1]) if p is not None], axis=axis)
    return x


def gather(params: Any, indices: Any, axis: int = 0) -> Any:
    """Rows of `params` (embeddings) picked by integer `indices`."""
    f = root_op("gather")
    if f is not None:
        return f(params, indices, axis=axis)
    params = convert_to_tensor(params)
    indices = convert_to_tensor(indices)
    n = _shape(params)[0]
    ids = ta.expand_dims(tm.cast(indices, dt.int32), -1)
    onehot = tm.cast(tm.equal(ids, ta.range(n)), params.dtype)
    flat = ta.reshape(onehot, [-1, n])
    out = matmul(flat, ta.reshape(params, [n, -1]))
    return ta.reshape(out, list(_shape(indices)) + list(_shape(params)[1:]))


def bias_add(x: Any, b: Any) -> Any:
    f = kb.nn_op("bias_add")
    if f is not None:
        return f(x, b)
    return x + b


def random_uniform(shape: Sequence, seed: int | None, dtype: Any) -> Any:
    f = kb.random_op("uniform")
    if f is not None:
        return f(list(shape), dtype=dtype, seed=seed)
    rng = kb.numpy_rng(seed)
    return convert_to_tensor(rng.random(tuple(shape)).astype(dt.as_dtype(dtype).as_numpy_dtype))


def dropout(x: Any, rate: float, noise_shape: Sequence | None = None,
            seed: int | None = None) -> Any:
    f = kb.nn_op("dropout")
    if f is not None:
        return f(x, rate=rate, noise_shape=noise_shape, seed=seed)
    x = convert_to_tensor(x)
    shape = list(noise_shape) if noise_shape is not None else list(_shape(x))
    keep = tm.cast(tm.greater_equal(random_uniform(shape, seed, x.dtype), rate), x.dtype)
    return x * keep * (1.0 / (1.0 - rate))


def moments(x: Any, axes: Sequence, keepdims: bool = False) -> tuple:
    f = kb.nn_op("moments")
    if f is not None:
        return f(x, axes=list(axes), keepdims=keepdims)
    mean = tr.reduce_mean(x, axis=list(axes), keepdims=True)
    var = tr.reduce_mean(tm.square(x - tm.stop_gradient(mean)), axis=list(axes), keepdims=True)
    if not keepdims:
        mean = ta.squeeze(mean, list(axes))
        var = ta.squeeze(var, list(axes))
    return mean, var


def batch_normalization(x: Any, mean: Any, variance: Any, offset: Any, scale: Any,
                        variance_epsilon: float) -> Any:
    inv = tm.rsqrt(variance + variance_epsilon)
    if scale is not None:
        inv = inv * scale
    return x * inv + ((offset - mean * inv) if offset is not None else -mean * inv)


# ---------------------------------------------------------------------------------------
# Convolution and pooling (channels last).
# ---------------------------------------------------------------------------------------

def conv_output_length(n: int | None, k: int, padding: str, stride: int,
                       dilation: int = 1) -> int | None:
    if n is None:
        return None
    dk = (k - 1) * dilation + 1
    if padding in ("same", "causal"):
        out = n
    elif padding == "full":
        out = n + dk - 1
    else:
        out = n - dk + 1
    return (out + stride - 1) // stride


def deconv_output_length(n: int | None, k: int, padding: str, output_padding: int | None,
                         stride: int, dilation: int = 1) -> int | None:
    if n is None:
        return None
    k = (k - 1) * dilation + 1
    if output_padding is None:
        if padding == "valid":
            return n * stride + max(k - stride, 0)
        if padding == "full":
            return n * stride - (stride + k - 2)
        return n * stride
    pad = {"same": k // 2, "valid": 0, "full": k - 1}[padding]
    return (n - 1) * stride + k - 2 * pad + output_padding


def _same_pads(n: int, k: int, stride: int, dilation: int) -> tuple:
    dk = (k - 1) * dilation + 1
    out = (n + stride - 1) // stride
    total = max((out - 1) * stride + dk - n, 0)
    return total // 2, total - total // 2


def _pad_spatial(x: Any, ksize: tuple, strides: tuple, padding: str, dilations: tuple,
                 value: float = 0.0) -> Any:
    if padding == "valid":
        return x
    s = _shape(x)
    pads = [(0, 0)]
    for i, k in enumerate(ksize):
        if padding == "causal":
            pads.append(((k - 1) * dilations[i], 0))
        else:
            pads.append(_same_pads(s[1 + i], k, strides[i], dilations[i]))
    pads.append((0, 0))
    return pad(x, pads, value)


def _windows(x: Any, ksize: tuple, strides: tuple, dilations: tuple) -> tuple:
    """The strided slices of `x` (one per kernel offset) and the output spatial dims."""
    s = _dims(x, "conv/pool")
    nd = len(ksize)
    outs = tuple((s[1 + i] - (ksize[i] - 1) * dilations[i] - 1) // strides[i] + 1
                 for i in range(nd))
    if any(o <= 0 for o in outs):
        raise ValueError(f"Computed output size would be negative: input {s}, kernel {ksize}")
    slices = []
    for offs in np.ndindex(*ksize):
        key = [slice(None)]
        for i, o in enumerate(offs):
            start = o * dilations[i]
            key.append(slice(start, start + strides[i] * (outs[i] - 1) + 1, strides[i]))
        slices.append(x[tuple(key) + (Ellipsis,)])
    return slices, outs


def _tuple(v: Any, n: int) -> tuple:
    return tuple(v) if isinstance(v, (list, tuple)) else (int(v),) * n


def conv(x: Any, kernel: Any, strides: Any = 1, padding: str = "valid", dilations: Any = 1,
         groups: int = 1) -> Any:
    """N-D convolution, channels last: kernel (*K, Cin / groups, Cout)."""
    nd = len(_shape(kernel)) - 2
    strides, dilations = _tuple(strides, nd), _tuple(dilations, nd)
    f = kb.nn_op("convolution") if groups == 1 else None
    if f is not None:
        if padding == "causal":
            x = _pad_spatial(x, tuple(_shape(kernel)[:nd]), strides, padding, dilations)
            padding = "valid"
        return f(x, kernel, strides=list(strides), padding=padding.upper(),
                 dilations=list(dilations))
    ksize = tuple(_shape(kernel)[:nd])
    cin_g, cout = _shape(kernel)[nd], _shape(kernel)[nd + 1]
    x = _pad_spatial(x, ksize, strides, padding, dilations)
    slices, outs = _windows(x, ksize, strides, dilations)
    outputs = []
    for g in range(groups):
        parts = [s[..., g * cin_g:(g + 1) * cin_g] for s in slices] if groups > 1 else slices
        patches = ta.concat(parts, axis=-1) if len(parts) > 1 else parts[0]
        kg = kernel[..., g * (cout // groups):(g + 1) * (cout // groups)] if groups > 1 else kernel
        k2 = ta.reshape(kg, [-1, cout // groups])
        y = matmul(ta.reshape(patches, [-1, int(np.prod(ksize)) * cin_g]), k2)
        outputs.append(ta.reshape(y, [-1, *outs, cout // groups]))
    return ta.concat(outputs, axis=-1) if groups > 1 else outputs[0]


def depthwise_conv(x: Any, kernel: Any, strides: Any = 1, padding: str = "valid",
                   dilations: Any = 1) -> Any:
    """Depthwise convolution, kernel (*K, Cin, multiplier) -> Cin * multiplier channels."""
    nd = len(_shape(kernel)) - 2
    strides, dilations = _tuple(strides, nd), _tuple(dilations, nd)
    f = kb.nn_op("depthwise_conv2d") if nd == 2 else None
    if f is not None:
        return f(x, kernel, strides=[1, *strides, 1], padding=padding.upper(),
                 dilations=list(dilations))
    ksize = tuple(_shape(kernel)[:nd])
    cin, mult = _shape(kernel)[nd], _shape(kernel)[nd + 1]
    x = _pad_spatial(x, ksize, strides, padding, dilations)
    slices, outs = _windows(x, ksize, strides, dilations)
    total = None
    for idx, offs in enumerate(np.ndindex(*ksize)):
        term = ta.expand_dims(slices[idx], -1) * kernel[offs]
        total = term if total is None else total + term
    return ta.reshape(total, [-1, *outs, cin * mult])


def conv_transpose(x: Any, kernel: Any, output_shape: Sequence, strides: Any,
                   padding: str, dilations: Any = 1) -> Any:
    """Transposed convolution (the gradient of `conv`): kernel (*K, Cout, Cin)."""
    nd = len(_shape(kernel)) - 2
    strides, dilations = _tuple(strides, nd), _tuple(dilations, nd)
    f = kb.nn_op("conv_transpose")
    if f is not None:
        return f(x, kernel, output_shape, strides=list(strides), padding=padding.upper(),
                 dilations=list(dilations))
    _dims(x, "conv_transpose")
    ksize = tuple(_shape(kernel)[:nd])
    eff = tuple((k - 1) * d + 1 for k, d in zip(ksize, dilations))
    # spread the input by the strides (zeros in between), then a full correlation with
    # the flipped kernel, then crop (or zero-extend) to the requested output size
    for i in range(nd):
        st = strides[i]
        if st > 1:
            ax = 1 + i
            ex = ta.expand_dims(x, ax + 1)
            pads = [(0, 0)] * len(_shape(ex))
            pads[ax + 1] = (0, st - 1)
            ex = pad(ex, pads)
            cur = list(_shape(ex))
            x = ta.reshape(ex, cur[:ax] + [cur[ax] * st] + cur[ax + 2:])
            key = [slice(None)] * (nd + 2)
            key[ax] = slice(0, (cur[ax] - 1) * st + 1)
            x = x[tuple(key)]
    x = pad(x, [(0, 0)] + [(e - 1, e - 1) for e in eff] + [(0, 0)])
    flipped = kernel[tuple(slice(None, None, -1) for _ in range(nd))]
    full = conv(x, ta.transpose(flipped, list(range(nd)) + [nd + 1, nd]), 1, "valid", dilations)
    key, ends = [slice(None)], [(0, 0)]
    for i in range(nd):
        want = int(output_shape[1 + i])
        before = max(eff[i] - strides[i], 0) // 2 if padding == "same" else 0
        ends.append((0, max(before + want - _shape(full)[1 + i], 0)))
        key.append(slice(before, before + want))
    ends.append((0, 0))
    if any(e[1] for e in ends):
        full = pad(full, ends)
    return full[tuple(key) + (Ellipsis,)]


def pool(x: Any, pool_size: Any, strides: Any, padding: str, kind: str) -> Any:
    """Max or average pooling, channels last (`kind` is "max" or "avg")."""
    nd = len(_shape(x)) - 2
    pool_size, strides = _tuple(pool_size, nd), _tuple(strides, nd)
    f = kb.nn_op("max_pool" if kind == "max" else "avg_pool")
    if f is not None:
        return f(x, ksize=list(pool_size), strides=list(strides), padding=padding.upper())
    ones = (1,) * nd
    if kind == "max":
        xp = _pad_spatial(x, pool_size, strides, padding, ones, value=-np.inf)
        slices, _ = _windows(xp, pool_size, strides, ones)
        return tr.reduce_max(ta.stack(slices, axis=-1), axis=-1)
    xp = _pad_spatial(x, pool_size, strides, padding, ones)
    slices, _ = _windows(xp, pool_size, strides, ones)
    total = tr.reduce_sum(ta.stack(slices, axis=-1), axis=-1)
    if padding == "valid":
        return total / float(np.prod(pool_size))
    # "same": divide by the number of real (unpadded) cells in each window
    s = _shape(x)
    count = np.ones((1,) + tuple(s[1:-1]) + (1,), dtype=np.float64)
    widths = [(0, 0)] + [_same_pads(s[1 + i], pool_size[i], strides[i], 1)
                         for i in range(nd)] + [(0, 0)]
    count = np.pad(count, widths)
    n = np.zeros((1,) + tuple(_shape(total)[1:-1]) + (1,))
    for offs in np.ndindex(*pool_size):
        key = [slice(None)] + [slice(o, o + strides[i] * (n.shape[1 + i] - 1) + 1, strides[i])
                               for i, o in enumerate(offs)] + [slice(None)]
        n = n + count[tuple(key)]
    return total / convert_to_tensor(n.astype(x.dtype.as_numpy_dtype))


def is_tensor_like(x: Any) -> bool:
    return isinstance(x, Tensor) or hasattr(x, "_as_tensor")
