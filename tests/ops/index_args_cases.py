"""Bad Python values for the index-like arguments of TF's most used functions (a shape, an
axis, multiples, paddings, k, depth, num...), recorded by record_index_args.py
(index_args_golden.json) and checked by test_index_args.py.

TF hands most of these arguments to an op as a tensor input: it converts the Python value
without a dtype ("a" a string tensor, 1.5 a float32 one) and the op's type attr refuses a
dtype it does not allow. Each call is a statement over `tf`, `np`, `x` (a 3x4 float32
matrix) and `v` (the bad value); its outcome is the error's class and the first line of its
message, or the result's shape and dtype.
"""

from __future__ import annotations

from typing import Any

# name -> expression of the bad value, over `tf` and `np`
BAD = {
    "None": "None",
    "str": "'a'",
    "float": "1.5",
    "inf": "float('inf')",
    "neg": "-7",
    "list2": "[1, 2]",
    "tensorf": "tf.constant(1.5)",
    "nparr": "np.array([1, 2])",
    "bool": "True",
    "huge": "2**40",
    "nested": "[[1], [2, 3]]",
}

# name (function.argument) -> the call, over `tf`, `np`, `x` and `v`
CALLS = {
    "reshape.shape": "tf.reshape(x, v)",
    "concat.axis": "tf.concat([x, x], v)",
    "stack.axis": "tf.stack([x, x], v)",
    "gather.axis": "tf.gather(x, [0], axis=v)",
    "gather.indices": "tf.gather(x, v)",
    "reduce_sum.axis": "tf.reduce_sum(x, v)",
    "reduce_max.keepdims": "tf.reduce_max(x, 0, keepdims=v)",
    "cast.dtype": "tf.cast(x, v)",
    "one_hot.depth": "tf.one_hot([0, 1], v)",
    "pad.paddings": "tf.pad(x, v)",
    "pad.mode": "tf.pad(x, [[1, 1], [1, 1]], mode=v)",
    "tile.multiples": "tf.tile(x, v)",
    "squeeze.axis": "tf.squeeze(x, v)",
    "expand_dims.axis": "tf.expand_dims(x, v)",
    "transpose.perm": "tf.transpose(x, v)",
    "split.num": "tf.split(x, v)",
    "top_k.k": "tf.math.top_k(x, v)",
    "argmax.axis": "tf.argmax(x, v)",
    "argmax.out": "tf.argmax(x, 0, output_type=v)",
    "softmax.axis": "tf.nn.softmax(x, v)",
    "range.limit": "tf.range(v)",
    "linspace.num": "tf.linspace(0.0, 1.0, v)",
    "fill.dims": "tf.fill(v, 1.0)",
    "zeros.shape": "tf.zeros(v)",
    "eye.n": "tf.eye(v)",
    "sort.direction": "tf.sort(x, direction=v)",
    "clip.min": "tf.clip_by_value(x, v, 5.0)",
    "random.normal.shape": "tf.random.normal(v)",
    "random.uniform.maxval": "tf.random.uniform([2], maxval=v, dtype=tf.int32)",
    "image.resize.size": "tf.image.resize(tf.zeros([1, 4, 4, 1]), v)",
    "conv2d.strides": "tf.nn.conv2d(tf.zeros([1, 4, 4, 1]), tf.zeros([2, 2, 1, 1]), v, 'VALID')",
    "conv2d.padding": "tf.nn.conv2d(tf.zeros([1, 4, 4, 1]), tf.zeros([2, 2, 1, 1]), 1, v)",
    "max_pool2d.ksize": "tf.nn.max_pool2d(tf.zeros([1, 4, 4, 1]), v, 1, 'VALID')",
    "unique.out_idx": "tf.unique([1, 2], out_idx=v)",
    "slice.begin": "tf.slice(x, v, [1, 1])",
    "boolean_mask.axis": "tf.boolean_mask(x, [True, False, True], axis=v)",
    "einsum.eq": "tf.einsum(v, x)",
    "norm.ord": "tf.norm(x, ord=v)",
    "segment_sum.ids": "tf.math.segment_sum(x, v)",
    "cumsum.axis": "tf.cumsum(x, v)",
    # more of the most used ones
    "broadcast_to.shape": "tf.broadcast_to(x, v)",
    "repeat.repeats": "tf.repeat(x, v, axis=0)",
    "repeat.axis": "tf.repeat(x, 2, axis=v)",
    "roll.shift": "tf.roll(x, v, 0)",
    "roll.axis": "tf.roll(x, 1, v)",
    "reverse.axis": "tf.reverse(x, v)",
    "reduce_mean.axis": "tf.reduce_mean(x, v)",
    "reduce_prod.axis": "tf.math.reduce_prod(x, v)",
    "reduce_any.axis": "tf.reduce_any(x > 1, v)",
    "avg_pool2d.ksize": "tf.nn.avg_pool2d(tf.zeros([1, 4, 4, 1]), v, 1, 'VALID')",
    "crop.offset": "tf.image.crop_to_bounding_box(tf.zeros([4, 4, 1]), v, 0, 2, 2)",
    "strings.split.maxsplit": "tf.strings.split(['a b c'], maxsplit=v)",
    "sequence_mask.maxlen": "tf.sequence_mask([1, 2], v)",
    "bincount.minlength": "tf.math.bincount([1, 2], minlength=v)",
}


def scope(tf: Any) -> dict:
    """The names the calls use, over the module `tf` (TensorFlow or eagerflow)."""
    import numpy as np

    return {"tf": tf, "np": np,
            "x": tf.constant(np.arange(12, dtype=np.float32).reshape(3, 4))}


def outcome(env: dict, call: str, bad: str) -> str:
    """What `CALLS[call]` does with `BAD[bad]`: "ClassName: first line of the message", or
    "ok shape dtype" (or "ok TypeName" for a result that is no tensor)."""
    local = dict(env)
    try:
        local["v"] = eval(BAD[bad], local)
        r = eval(CALLS[call], local)
    except Exception as e:  # noqa: BLE001 (the error is the outcome)
        return f"{type(e).__name__}: {str(e).splitlines()[0] if str(e) else ''}"
    if hasattr(r, "shape") and hasattr(r, "dtype"):
        return f"ok {list(r.shape)} {r.dtype.name}"
    return f"ok {type(r).__name__}"
