"""Dataset functions returning what no spec describes (an Operation, a Python object,
nothing): shared by test_unsupported_return.py (eagerflow) and
record_unsupported_return_golden.py (TensorFlow 2.21), each calling `outcomes(tf)` with its
own `tf`. No eagerflow imports: TF's interpreter loads this file too."""

import re


class Opaque:
    """A Python object no tensor conversion takes (a fixed repr: no address to mask)."""

    def __repr__(self):
        return "<Opaque>"


def _returns(tf):
    """{name: function of one int64 element}."""

    def check(x):
        return tf.debugging.assert_non_negative(x)

    return {
        "assert_or_x": lambda x: check(x) or x,
        "no_op": lambda x: tf.no_op(),
        "tuple_with_op": lambda x: (x, check(x)),
        "dict_with_op": lambda x: {"a": x, "b": check(x)},
        "list_with_op": lambda x: [x, check(x)],
        "object": lambda x: Opaque(),
        "tuple_with_object": lambda x: (x, Opaque()),
        "inner_list_of_tensor_and_str": lambda x: (x, [x, "a"]),
    }


def _outcome(build):
    try:
        build()
    except Exception as e:  # noqa: BLE001 - the error is the outcome
        # TF names either empty output attr from run to run (output_types, output_shapes)
        return [type(e).__name__, re.sub(r"attr 'output_(types|shapes)'", "attr 'output_*'",
                                         str(e))]
    return ["ok"]


def outcomes(tf):
    """{case: [error class, message] or ["ok"]}."""
    out = {}
    ds = tf.data.Dataset.range(3)
    for name, fn in _returns(tf).items():
        for method in ("map", "flat_map", "filter", "interleave"):
            out[f"{name}|{method}"] = _outcome(lambda m=method, f=fn: getattr(ds, m)(f))
    out["none|map"] = _outcome(lambda: ds.map(lambda x: None))
    out["none_pair|map"] = _outcome(lambda: ds.map(lambda x: (None, None)))
    out["none|map_parallel"] = _outcome(lambda: ds.map(lambda x: None, num_parallel_calls=2))
    return out
