"""keras.ops.nn, part two: convolutions (plain, depthwise, separable, transposed),
pooling (fixed and adaptive), sliding blocks (unfold/fold, image patches), depth/space
moves, and CTC (loss and greedy decoding).

Keras's `data_format` ("channels_last"/"channels_first", default from
keras.config.image_data_format()) maps onto TF's NWC/NHWC/NDHWC names; pooling and the
depthwise family run channels-last and transpose around, as Keras does on CPUs.
"""

from __future__ import annotations

from typing import Any

import numpy as np

from eagerflow._src.core import errors
from eagerflow._src.core.tensor import Tensor, convert_to_tensor
from eagerflow._src.keras.engine.keras_tensor import in_symbolic_scope
from eagerflow._src.keras.ops import dtypes as kd
from eagerflow._src.keras.ops.core import shape as static_shape
from eagerflow._src.keras.ops.specs_nn import check_channels, standardize_data_format
from eagerflow._src.keras.ops.symbolic import keras_op
from eagerflow._src.keras.utils.conv_utils import transposed_size
from eagerflow._src.ops import array as ta
from eagerflow._src.ops import indexing as ti
from eagerflow._src.ops import math as tm
from eagerflow._src.ops import math_base, nn_conv, nn_conv_variants, nn_extras, nn_pool
from eagerflow._src.ops import nd_indexing as tnd
from eagerflow._src.ops import reduce as tr
from eagerflow._src.ops.checks import dt_enum
from eagerflow._src.ops.image_patches import extract_patches as tf_extract_patches
from eagerflow._src.ops.math_base import cast, zeros_like
from eagerflow._src.ops.nn_ctc import ctc_loss as tf_ctc_loss
from eagerflow._src.ops.nn_ctc_beam import ctc_beam_search_decoder
from eagerflow._src.ops.nn_space import depth_to_space as tf_depth_to_space
from eagerflow._src.ops.nn_space import space_to_depth as tf_space_to_depth
from eagerflow._src.ops.padding import pad as tf_pad
from eagerflow._src.ops.scans import cumsum
from eagerflow._src.ops.sequences import range as tf_range
from eagerflow._src.ops.stacking import stack
from eagerflow._src.ops.stacking import stack as tf_stack


def tf_format(data_format: str, ndim: int) -> str:
    if ndim not in (3, 4, 5):
        raise ValueError(f"Input rank not supported: {ndim}. Expected values are [3, 4, 5]")
    spatial = {3: "W", 4: "HW", 5: "DHW"}[ndim]
    return f"N{spatial}C" if data_format == "channels_last" else f"NC{spatial}"


def to_channels_last(x: Any) -> Any:
    n = len(x.shape)
    return ta.transpose(x, [0] + list(range(2, n)) + [1])


def to_channels_first(x: Any) -> Any:
    n = len(x.shape)
    return ta.transpose(x, [0, n - 1] + list(range(1, n - 1)))


def batched_channels_last(fn: Any, x: Any, data_format: str | None, spatial: int = 2) -> Any:
    """fn applied to x as a channels-last batch: a single example gets a batch axis, and
    channels-first data is transposed there and back."""
    single = len(x.shape) == spatial + 1
    if single:
        x = ta.expand_dims(x, 0)
    first = data_format == "channels_first"
    out = fn(to_channels_last(x) if first else x)
    out = to_channels_first(out) if first else out
    return ta.squeeze(out, [0]) if single else out


def _tuple(value: Any, n: int) -> tuple:
    return (value,) * n if isinstance(value, int) else tuple(value)


# ---------------------------------------------------------------------------------------
# Convolutions
# ---------------------------------------------------------------------------------------

@keras_op
def conv(inputs: Any, kernel: Any, strides: Any = 1, padding: str = "valid",
         data_format: str | None = None, dilation_rate: Any = 1) -> Any:
    data_format = standardize_data_format(data_format)
    given, given_kernel = inputs, kernel
    inputs, kernel = kd.to_tensor(inputs), kd.to_tensor(kernel)
    if in_symbolic_scope():  # Keras's output spec wants the channels equal (no groups)
        check_channels(inputs, kernel, data_format)
    else:
        if all(int(d) == 1 for d in _tuple(dilation_rate, len(inputs.shape) - 2)):
            _check_conv_depth(inputs, kernel, strides, padding, data_format)
        refuse_variable_of_other_dtype(given_kernel, inputs)
    out = nn_extras.convolution(inputs, kernel, strides, padding.upper(),
                                data_format=tf_format(data_format, len(inputs.shape)),
                                dilations=dilation_rate)
    check_not_empty(given, inputs, out.shape)
    return out


def refuse_variable_of_other_dtype(kernel: Any, inputs: Any) -> None:
    """TF's raw Conv2D/Conv3D (and their transposes) handed a Keras variable, as Keras's TF
    backend hands its kernel: the op's slow path converts it to the input's dtype, so
    another dtype is the variable's conversion error (ValueError), not the op's dtype
    check (a 1-D convolution's kernel is an expanded tensor by then)."""
    if getattr(kernel, "_keras_variable", False) and len(inputs.shape) in (4, 5) and \
            kd.standardize_dtype(kernel.dtype) != kd.standardize_dtype(inputs.dtype):
        convert_to_tensor(kernel, inputs.dtype)


def check_not_empty(given: Any, inputs: Any, shape: Any) -> None:
    """Keras's check that a convolution of `inputs` (`given` as the caller gave them) did
    not give an empty result of `shape`. Keras reads the input's shape as a TensorShape
    only then: a NumPy array's (a tuple) is Python's AttributeError."""
    dims = shape.as_list() if shape.rank is not None else [None]
    if None in dims or int(np.prod(dims)) != 0:
        return
    given_shape = getattr(given, "shape", None)
    if given_shape is not None and not hasattr(given_shape, "as_list"):
        raise AttributeError(f"'{type(given_shape).__name__}' object has no attribute "
                             "'as_list'")
    if None not in inputs.shape.as_list() and int(np.prod(inputs.shape.as_list())) != 0:
        raise ValueError("The convolution operation resulted in an empty output. Output shape:"
                         f" {shape}. This can happen if the input is too small for the given"
                         " kernel size, strides, dilation rate, and padding mode. Please check "
                         "the input shape and convolution parameters.")


def _check_conv_depth(inputs: Any, kernel: Any, strides: Any, padding: str,
                      data_format: str) -> None:
    """Keras's TF backend builds its convolution in a tf.function, so channels the kernel
    cannot take fail there: the ValueError of TF's Conv shape function, its node as Keras's
    graph holds it (a 1-D convolution is a 2-D one over a unit height)."""
    n = len(inputs.shape) - 2
    x_shape, k_shape = list(inputs.shape), list(kernel.shape)
    if n not in (1, 2, 3) or len(k_shape) != n + 2:
        return  # (the op words a wrong rank)
    first = data_format == "channels_first"
    c, depth, filters = x_shape[1] if first else x_shape[-1], k_shape[-2], k_shape[-1]
    if c is None or not depth:
        return
    if c % depth:
        reason = f"Depth of input ({c}) is not a multiple of input depth of filter ({depth})"
    elif filters is not None and filters % (c // depth):
        reason = (f"Depth of output ({filters}) is not a multiple of the number of groups "
                  f"({c // depth})")
    else:
        return
    st = [int(v) for v in _tuple(strides, n)]
    names = "convolution_internal_1/input, convolution_internal/filters"
    if n == 1:
        st, k_shape = [1] + st, [1] + k_shape
        x_shape = x_shape[:2] + [1] + x_shape[2:] if first else x_shape[:1] + [1] + x_shape[1:]
        names = "convolution/ExpandDims, convolution/ExpandDims_1"
    full = [1, 1] + st if first else [1] + st + [1]
    rank = len(full)
    layout = ("NCHW" if first else "NHWC") if rank == 4 else ("NCDHW" if first else "NDHWC")
    ones = ", ".join(["1"] * rank)
    attrs = (f'T={dt_enum(inputs.dtype)}, data_format="{layout}", dilations=[{ones}], '
             + ("explicit_paddings=[], " if rank == 4 else "")
             + f'padding="{padding.upper()}", strides=[{", ".join(map(str, full))}]'
             + (", use_cudnn_on_gpu=true" if rank == 4 else ""))
    shapes = ", ".join("[" + ",".join("?" if d is None else str(d) for d in s) + "]"
                       for s in (x_shape, k_shape))
    raise ValueError(f"{reason} for '{{{{node convolution}}}} = Conv{rank - 2}D[{attrs}]"
                     f"({names})' with input shapes: {shapes}.")


def _depthwise_family(inputs: Any, depthwise_kernel: Any, pointwise_kernel: Any, strides: Any,
                      padding: str, data_format: str | None, dilation_rate: Any) -> Any:
    """Depthwise (then, with a pointwise kernel, separable) convolution of 1-D or 2-D
    inputs, computed channels-last in 2-D (a 1-D input gets a unit height)."""
    data_format = standardize_data_format(data_format)
    inputs, depthwise_kernel = kd.to_tensor(inputs), kd.to_tensor(depthwise_kernel)
    n = len(inputs.shape) - 2
    if n > 2:
        raise ValueError("`inputs` rank must be 3 (1D conv) or 4 (2D conv). Received: "
                         f"{len(inputs.shape)}.")
    check_channels(inputs, depthwise_kernel, data_format)
    strides, dilations = _tuple(strides, n), _tuple(dilation_rate, n)
    x = to_channels_last(inputs) if data_format == "channels_first" else inputs
    if n == 1:
        x = ta.expand_dims(x, 1)
        depthwise_kernel = ta.expand_dims(depthwise_kernel, 0)
        if pointwise_kernel is not None:
            pointwise_kernel = ta.expand_dims(kd.to_tensor(pointwise_kernel), 0)
        strides, dilations = (1,) + strides, (1,) + dilations
    if any(s > 1 for s in strides) and any(d > 1 for d in dilations):
        # TF's depthwise kernels take strides or dilations, not both: dilate at stride 1
        # (with SAME's padding made explicit), then subsample
        if padding.upper() == "SAME":
            x = _pad_same(x, static_shape(depthwise_kernel)[:2], strides, dilations)
        out = nn_extras.depthwise_conv2d(x, depthwise_kernel, (1, 1, 1, 1), "VALID",
                                         data_format="NHWC", dilations=dilations)
        out = out[:, ::strides[0], ::strides[1], :]
        if pointwise_kernel is not None:
            out = nn_conv.conv2d(out, kd.to_tensor(pointwise_kernel), (1, 1, 1, 1), "VALID")
    elif pointwise_kernel is None:
        out = nn_extras.depthwise_conv2d(x, depthwise_kernel, (1,) + strides + (1,),
                                         padding.upper(), data_format="NHWC",
                                         dilations=dilations)
    else:
        out = nn_extras.separable_conv2d(x, depthwise_kernel, kd.to_tensor(pointwise_kernel),
                                         (1,) + strides + (1,), padding.upper(),
                                         data_format="NHWC", dilations=dilations)
    if n == 1:
        out = ta.squeeze(out, [1])
    return to_channels_first(out) if data_format == "channels_first" else out


def _pad_same(x: Any, kernel_size: tuple, strides: tuple, dilations: tuple) -> Any:
    pads = [[0, 0]]
    for i, k in enumerate(kernel_size):
        size = static_shape(x)[1 + i]
        reach = (k - 1) * dilations[i] + 1
        out = (size + strides[i] - 1) // strides[i]
        total = max((out - 1) * strides[i] + reach - size, 0)
        pads.append([total // 2, total - total // 2])
    return tf_pad(x, pads + [[0, 0]])


@keras_op
def depthwise_conv(inputs: Any, kernel: Any, strides: Any = 1, padding: str = "valid",
                   data_format: str | None = None, dilation_rate: Any = 1) -> Any:
    return _depthwise_family(inputs, kernel, None, strides, padding, data_format, dilation_rate)


@keras_op
def separable_conv(inputs: Any, depthwise_kernel: Any, pointwise_kernel: Any, strides: Any = 1,
                   padding: str = "valid", data_format: str | None = None,
                   dilation_rate: Any = 1) -> Any:
    return _depthwise_family(inputs, depthwise_kernel, pointwise_kernel, strides, padding,
                             data_format, dilation_rate)


@keras_op
def conv_transpose(inputs: Any, kernel: Any, strides: Any = 1, padding: str = "valid",
                   output_padding: Any = None, data_format: str | None = None,
                   dilation_rate: Any = 1) -> Any:
    data_format = standardize_data_format(data_format)
    given_kernel = kernel
    inputs, kernel = kd.to_tensor(inputs), kd.to_tensor(kernel)
    check_channels(inputs, kernel, data_format, kernel_axis=-1)
    fmt = tf_format(data_format, len(inputs.shape))  # (Keras's: a rank refused first)
    n = len(inputs.shape) - 2
    dims = list(static_shape(inputs))
    spatial = dims[1:-1] if data_format == "channels_last" else dims[2:]
    strides_n, dilations = _tuple(strides, n), _tuple(dilation_rate, n)
    extra = [None] * n if output_padding is None else _tuple(output_padding, n)
    lengths = [transposed_size(spatial[i], kernel.shape[i], strides_n[i], padding, extra[i],
                               dilations[i]) for i in range(n)]
    filters = kernel.shape[-2]
    out_shape: Any = [dims[0]] + lengths + [filters] if data_format == "channels_last" else \
        [dims[0], filters] + lengths
    if any(isinstance(d, Tensor) for d in out_shape):  # a traced size: a graph value
        out_shape = stack(out_shape)
    if not in_symbolic_scope():
        refuse_variable_of_other_dtype(given_kernel, inputs)
    return nn_conv_variants.conv_transpose(inputs, kernel, out_shape, strides,
                                           padding=padding.upper(),
                                           data_format=fmt, dilations=dilation_rate)


# ---------------------------------------------------------------------------------------
# Pooling
# ---------------------------------------------------------------------------------------

def _pool(tf_fn: Any, inputs: Any, pool_size: Any, strides: Any, padding: str,
          data_format: str | None) -> Any:
    data_format = standardize_data_format(data_format)
    inputs = kd.to_tensor(inputs)
    strides = pool_size if strides is None else strides
    rank = len(inputs.shape)
    # (Keras 3.15 names TF's data format first, so a rank other than 3, 4 or 5 is refused
    # in those words, whatever the data format)
    layout = tf_format("channels_last", rank)
    x = to_channels_last(inputs) if data_format == "channels_first" else inputs
    out = tf_fn(x, pool_size, strides, padding.upper(), layout)
    return to_channels_first(out) if data_format == "channels_first" else out


@keras_op
def max_pool(inputs: Any, pool_size: Any, strides: Any = None, padding: str = "valid",
             data_format: str | None = None) -> Any:
    return _pool(nn_pool.max_pool, inputs, pool_size, strides, padding, data_format)


@keras_op
def average_pool(inputs: Any, pool_size: Any, strides: Any = None, padding: str = "valid",
                 data_format: str | None = None) -> Any:
    return _pool(nn_pool.avg_pool, inputs, pool_size, strides, padding, data_format)


def _adaptive_sizes(name: str, output_size: Any, n: int) -> tuple:
    """output_size as n positive ints, refused with the error class Keras's TF backend
    ends in (there from deep inside: a bare AssertionError for a bool, division by zero
    for 0, tf.range's InvalidArgumentError for a negative size), but naming output_size.
    Integral floats count as ints, as they do in Keras."""
    sizes = (output_size,) * n if isinstance(output_size, (int, float)) else output_size
    if isinstance(sizes, (tuple, list)) and len(sizes) != n:
        sizes = _unpacked_sizes(sizes, n)
    if not isinstance(sizes, (tuple, list)) or len(sizes) != n:
        raise ValueError(f"{name}: `output_size` must be an int or a tuple of {n} ints for "
                         f"{n}D inputs. Received: output_size={output_size}")
    for size in sizes:
        if isinstance(size, bool):
            raise AssertionError(f"{name}: `output_size` entries must be integers, not "
                                 f"bools. Received: output_size={output_size}")
        if isinstance(size, float) and not size.is_integer():
            # (Keras's windows for a fractional size pool the wrong positions)
            raise TypeError(f"{name}: `output_size` entries must be integers. Received: "
                            f"output_size={output_size}")
        if size == 0:
            raise ZeroDivisionError(f"{name}: `output_size` entries must be positive, not "
                                    f"0. Received: output_size={output_size}")
        if size < 0:
            raise errors.InvalidArgumentError(
                None, None, f"{name}: `output_size` entries must be positive. Received: "
                f"output_size={output_size}")
    return tuple(int(size) for size in sizes)


def _unpacked_sizes(sizes: tuple | list, n: int) -> tuple:
    """Sizes of the wrong length, as Keras's TF backend reads them: 1D pooling takes the
    first size only; 2D and 3D unpack them into (height, width) or (depth, height, width),
    so Python's own ValueError refuses a tuple too long or too short."""
    if n == 1:
        return tuple(sizes[:1])
    if n == 2:
        height, width = sizes
        return height, width
    depth, height, width = sizes
    return depth, height, width


def _adaptive_input(inputs: Any, data_format: str) -> Any:
    """The input as a tensor. Keras's TF backend reads an array's shape with TensorShape's
    as_list() before converting it (a channels_first array is transposed, so converted,
    first): a NumPy array in channels_last fails there, with that AttributeError."""
    if not isinstance(inputs, Tensor):
        if not hasattr(inputs, "shape"):
            raise AttributeError(f"'{type(inputs).__name__}' object has no attribute 'shape'")
        if data_format == "channels_last" and 3 <= len(inputs.shape) <= 5:
            raise AttributeError(f"'{type(inputs.shape).__name__}' object has no attribute "
                                 "'as_list'")
    return kd.to_tensor(inputs)


def _adaptive(reduce: Any, name: str, inputs: Any, output_size: Any,
              data_format: str | None) -> Any:
    """Output cell i of an axis of length L pools [floor(i L / n), ceil((i + 1) L / n)),
    one spatial axis at a time."""
    data_format = standardize_data_format(data_format)
    x = _adaptive_input(inputs, data_format)
    n = len(x.shape) - 2
    if n not in (1, 2, 3):
        raise ValueError(f"{name} supports 1D, 2D, or 3D inputs only.")
    sizes = _adaptive_sizes(name, output_size, n)
    if reduce is tr.reduce_mean and not x.dtype.is_floating:
        # (Keras pools with TF's AvgPool, whose OpDef takes float types only: it says so)
        nn_pool.avg_pool(to_channels_last(x) if data_format == "channels_first" else x,
                         1, 1, "VALID", tf_format("channels_last", n + 2))
    if data_format == "channels_first":
        x = to_channels_last(x)
    for axis, out_len in enumerate(sizes, start=1):
        length = static_shape(x)[axis]
        cells = []
        for i in range(out_len):
            lo, hi = (i * length) // out_len, -((-(i + 1) * length) // out_len)
            window = ti.gather(x, tf_range(lo, hi), axis=axis)
            cells.append(reduce(window, axis=axis))
        x = tf_stack(cells, axis=axis)
    return to_channels_first(x) if data_format == "channels_first" else x


@keras_op
def adaptive_average_pool(inputs: Any, output_size: Any, data_format: str | None = None) -> Any:
    return _adaptive(tr.reduce_mean, "adaptive_average_pool", inputs, output_size, data_format)


@keras_op
def adaptive_max_pool(inputs: Any, output_size: Any, data_format: str | None = None) -> Any:
    return _adaptive(tr.reduce_max, "adaptive_max_pool", inputs, output_size, data_format)


# ---------------------------------------------------------------------------------------
# Sliding blocks
# ---------------------------------------------------------------------------------------

def patch_filter(window: tuple, channels: int, dtype: Any) -> Any:
    """The one-hot filter that copies each window position and channel into its own
    output channel, in TF's extract_patches order (positions row-major, then channel)."""
    size = int(np.prod(window))
    eye = np.eye(size * channels, dtype=np.float64).reshape(window + (channels, size * channels))
    return ta.constant(eye, dtype=dtype)


def extract_patches_nd(x: Any, window: tuple, strides: tuple, rates: tuple,
                       padding: str) -> Any:
    """TF's extract_patches for channels-last x of any spatial rank: a convolution with
    the one-hot patch filter (integers are carried through float64, exactly)."""
    dtype = x.dtype
    work = dtype if dtype.is_floating else "float64"
    x = cast(x, work)
    out = nn_conv.convolution(x, patch_filter(window, static_shape(x)[-1], work),
                              strides=strides, padding=padding.upper(), dilations=rates)
    return cast(out, dtype)


@keras_op
def unfold(x: Any, kernel_size: Any, dilation: Any = 1, padding: Any = 0, stride: Any = 1) -> Any:
    """Sliding local blocks of an NCHW batch as columns: (N, C * kH * kW, L)."""
    x = kd.to_tensor(x)
    if len(x.shape) != 4:
        raise ValueError(f"Input must be a 4D tensor. Received: input.shape={x.shape}")
    k, d, p, s = (_tuple(v, 2) for v in (kernel_size, dilation, padding, stride))
    n, c = static_shape(x)[:2]
    if any(v > 0 for v in p):
        x = tf_pad(x, [[0, 0], [0, 0], [p[0], p[0]], [p[1], p[1]]])
    # (TF's ExtractImagePatches, as Keras's TF backend calls it: it has no bool kernel)
    patches = tf_extract_patches(to_channels_last(x), [1, k[0], k[1], 1], [1, s[0], s[1], 1],
                                 [1, d[0], d[1], 1], "VALID")
    nh, nw = static_shape(patches)[1:3]
    patches = ta.reshape(patches, [n, nh, nw, k[0], k[1], c])
    patches = ta.transpose(patches, [0, 5, 3, 4, 1, 2])
    return ta.reshape(patches, [n, c * k[0] * k[1], nh * nw])


@keras_op
def fold(x: Any, output_size: Any, kernel_size: Any, dilation: Any = 1, padding: Any = 0,
         stride: Any = 1) -> Any:
    """The inverse gather of unfold: blocks summed back into (N, C, oH, oW)."""
    x = kd.to_tensor(x)
    if len(x.shape) != 3:
        raise ValueError(f"Input must be a 3D tensor. Received: input.shape={x.shape}")
    k, o, d, p, s = (_tuple(v, 2) for v in (kernel_size, output_size, dilation, padding, stride))
    n, ckk = static_shape(x)[:2]
    c = ckk // (k[0] * k[1])
    nh = (o[0] + 2 * p[0] - d[0] * (k[0] - 1) - 1) // s[0] + 1
    nw = (o[1] + 2 * p[1] - d[1] * (k[1] - 1) - 1) // s[1] + 1
    ph, pw = o[0] + 2 * p[0], o[1] + 2 * p[1]
    # every block entry's destination pixel, as a flat index into the padded image
    i, j, a, b = np.meshgrid(np.arange(k[0]), np.arange(k[1]), np.arange(nh), np.arange(nw),
                             indexing="ij")
    rows, cols = a * s[0] + i * d[0], b * s[1] + j * d[1]
    where = ta.constant((rows * pw + cols).reshape(-1), dtype="int32")
    blocks = ta.reshape(x, [n * c, -1])
    summed = ti.unsorted_segment_sum(ta.transpose(blocks), where, ph * pw)
    out = ta.reshape(ta.transpose(summed), [n, c, ph, pw])
    return out[:, :, p[0]:ph - p[0], p[1]:pw - p[1]]


def _blocks(tf_fn: Any, x: Any, block_size: int, data_format: str) -> Any:
    data_format = standardize_data_format(data_format)
    if block_size < 2:
        raise ValueError(f"`block_size` must be at least 2. Received: block_size={block_size}")
    return batched_channels_last(lambda t: tf_fn(t, block_size, data_format="NHWC"),
                                 kd.to_tensor(x), data_format)


@keras_op
def depth_to_space(x: Any, block_size: int, data_format: str = "channels_last") -> Any:
    return _blocks(tf_depth_to_space, x, block_size, data_format)


@keras_op
def space_to_depth(x: Any, block_size: int, data_format: str = "channels_last") -> Any:
    return _blocks(tf_space_to_depth, x, block_size, data_format)


# ---------------------------------------------------------------------------------------
# CTC
# ---------------------------------------------------------------------------------------

@keras_op
def ctc_loss(target: Any, output: Any, target_length: Any, output_length: Any,
             mask_index: int = 0) -> Any:
    """Negative log-likelihood of each target under CTC: tf.nn.ctc_loss of the batch-major
    scores, as Keras's TF backend calls it (float64 computed in float32; TF's transpose to
    time-major first, so scores of another rank are Transpose's error)."""
    target = cast(kd.to_tensor(target), "int32")
    output = kd.to_tensor(output)
    result = kd.result_type(output.dtype, "float32")
    compute = "float32" if result == "float64" else result
    loss = tf_ctc_loss(labels=target, logits=cast(output, compute),
                       label_length=target_length, logit_length=output_length,
                       blank_index=mask_index, logits_time_major=False)
    return cast(loss, result)


@keras_op
def ctc_decode(inputs: Any, sequence_lengths: Any, strategy: str = "greedy",
               beam_width: int = 100, top_paths: int = 1, merge_repeated: bool = True,
               mask_index: int = 0) -> tuple:
    """CTC decoding of [batch, steps, classes] scores: greedy (the best class per step,
    repeats merged, blanks dropped) or tf.nn.ctc_beam_search_decoder's beam search (the
    `mask_index` class moved last, where TF's blank is); returns ([top_paths, batch,
    steps] labels padded with -1, [batch, top_paths] scores)."""
    inputs = kd.to_tensor(inputs)
    batch, steps = static_shape(inputs)[:2]
    # time-major first, as Keras's TF backend makes them (scores of another rank are
    # Transpose's error; a bad strategy is refused only after)
    inputs = ta.transpose(inputs, (1, 0, 2))
    inputs = kd.cast(inputs, kd.result_type(inputs.dtype, "float32"))
    lengths = kd.to_tensor(sequence_lengths, "int32")
    if strategy not in ("greedy", "beam_search"):
        raise ValueError(f"Invalid strategy {strategy}. Supported values are 'greedy' and "
                         "'beam_search'.")
    if strategy == "beam_search":
        return _ctc_beam_search(inputs, lengths, beam_width, top_paths, mask_index)
    # the best class and its score per step, back to [batch, steps]
    best = ta.transpose(tr.argmax(inputs, axis=-1, output_type="int32"))
    top = ta.transpose(tr.reduce_max(inputs, axis=-1))
    valid = tf_range(steps)[None, :] < lengths[:, None]
    # (0 - sum: TF's greedy decoder adds negated scores to a zero, so no score is -0)
    scores = 0.0 - tr.reduce_sum(math_base.where(valid, top, zeros_like(top)), axis=1,
                                 keepdims=True)
    keep = tm.logical_and(valid, tm.not_equal(best, _greedy_blank(inputs, mask_index)))
    if merge_repeated:
        previous = ta.concat([ta.fill([batch, 1], -1), best[:, :-1]], axis=1)
        keep = tm.logical_and(keep, tm.not_equal(best, previous))
    slot = cumsum(cast(keep, "int32"), axis=1) - 1
    at = math_base.where(keep)
    rows = cast(at[:, 0], "int32")
    where = tf_stack([rows, tnd.gather_nd(slot, at)], axis=1)
    decoded = tnd.tensor_scatter_nd_update(ta.fill([batch, steps], -1), where,
                                          tnd.gather_nd(best, at))
    return ta.expand_dims(decoded, 0), scores


def _greedy_blank(time_major: Any, mask_index: Any) -> Any:
    """The blank class of tf.nn.ctc_greedy_decoder's `blank_index`: None is the last
    class, a negative index counts from the end."""
    if mask_index is not None and mask_index >= 0:
        return mask_index
    classes = static_shape(time_major)[-1]
    classes = classes if classes is not None else ta.shape(time_major)[-1]
    return classes - 1 if mask_index is None else classes + mask_index


def _ctc_beam_search(time_major: Any, lengths: Any, beam_width: int, top_paths: int,
                     mask_index: Any) -> tuple:
    steps, batch, classes = static_shape(time_major)
    if mask_index is not None:
        time_major = ta.concat([time_major[..., :mask_index], time_major[..., mask_index + 1:],
                                time_major[..., mask_index:mask_index + 1]], axis=-1)
    paths, scores = ctc_beam_search_decoder(time_major, lengths, beam_width=beam_width,
                                            top_paths=top_paths)
    dense = tf_stack([tnd.tensor_scatter_nd_update(ta.fill([batch, steps], np.int64(-1)),
                                                  p.indices, p.values) for p in paths], axis=0)
    dense = cast(dense, "int32")
    if mask_index is not None:  # the labels after the moved blank back in their places
        mask_index = mask_index + classes if mask_index < 0 else mask_index
        dense = math_base.where(dense >= mask_index, dense + 1, dense)
    return dense, scores
