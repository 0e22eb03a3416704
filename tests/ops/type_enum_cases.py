"""Python ints given for type attrs (argmax's output_type, unique's out_idx, a raw op's
DstT): on TF's eager fast path (every input a tensor) the int is a DataType enum, its low
32 bits read as an int32 (a reference type's enum, or no type's, the op's
InvalidArgumentError); on its slow path (a list among the inputs) as_dtype's base type,
else a TypeError. Shared by test_type_enum_attrs.py (eagerflow) and
record_type_enum_attrs.py (TensorFlow 2.21), each calling `outcomes(tf)` with its own
`tf`. No eagerflow imports: TF's interpreter loads this file too."""

# (0, DT_INVALID, is left out: TF's message then prints a kernel's definition with a
# random debug marker in it)
VALUES = {"int32": 3, "int64": 9, "neg": -7, "no_type": 200, "int32_ref": 103,
          "uint16_ref": 117, "past_uint32": 2**32 + 3, "below_int32": -2**32 + 9,
          "huge_int64": 2**40 + 9}


def _calls(tf):
    x = tf.constant([[1.0, 5.0], [3.0, 2.0]])
    ints = tf.constant([1, 2, 1])
    return {
        "argmax": lambda v: tf.argmax(x, 0, output_type=v),
        "argmax_list": lambda v: tf.argmax([[1.0, 2.0]], 0, output_type=v),
        "argmin": lambda v: tf.math.argmin(x, 0, output_type=v),
        "unique": lambda v: tf.unique(ints, out_idx=v).idx,
        "unique_list": lambda v: tf.unique([1, 2, 1], out_idx=v).idx,
        "unique_with_counts": lambda v: tf.unique_with_counts(ints, out_idx=v).idx,
        "bitcast": lambda v: tf.bitcast(x, v),
        "raw_cast": lambda v: tf.raw_ops.Cast(x=x, DstT=v),
        "raw_argmax": lambda v: tf.raw_ops.ArgMax(input=x, dimension=0, output_type=v),
        "raw_shape": lambda v: tf.raw_ops.Shape(input=x, out_type=v),
        "raw_unique_list": lambda v: tf.raw_ops.Unique(x=[1, 2], out_idx=v).idx,
    }


def outcomes(tf):
    """{"call value": [error class, message] or ["ok", dtype name]}."""
    out = {}
    for call, fn in _calls(tf).items():
        for name, v in VALUES.items():
            try:
                out[f"{call} {name}"] = ["ok", fn(v).dtype.name]
            except Exception as e:  # noqa: BLE001 - the error is the outcome
                out[f"{call} {name}"] = [type(e).__name__, str(e)]
    return out
