"""A tf.Variable's Python protocol at its edges (==/!= with None and other values, hash,
`in`, bool, len, iter, int/float, format, round), each a function of the `tf` module it
runs on: TF 2.21's outcomes are variable_protocol_golden.json
(record_variable_protocol_golden.py), and test_variable_protocol.py checks eagerflow's
against them."""

import numpy as np


def outcome(call):
    """{"text": repr of the result} or {"error": class name, "message": the last line of
    str(error)} (a traced call's error holds TF's frames)."""
    try:
        r = call()
    except Exception as e:  # noqa: BLE001 - the error is the recorded outcome
        return {"error": type(e).__name__, "message": str(e).strip().splitlines()[-1].strip()}
    return {"text": repr(r)}


def cases(tf):
    v, v2 = tf.Variable([1.0, 2.0]), tf.Variable([1.0, 3.0])
    s, s0, vi = tf.Variable(2.0), tf.Variable(0.0), tf.Variable(3)
    t = tf.constant([1.0, 2.0])

    def traced(fn):
        return lambda: tf.function(fn)()

    return {
        "eq_variable": lambda: v == v2,
        "ne_variable": lambda: v != v2,
        "eq_itself": lambda: v == v,
        # TF's Variable hands None to Equal / NotEqual (a tensor's answers False)
        "eq_none": lambda: v == None,  # noqa: E711
        "ne_none": lambda: v != None,  # noqa: E711
        "scalar_eq_none": lambda: s == None,  # noqa: E711
        "none_eq": lambda: None == v,  # noqa: E711
        "none_ne": lambda: None != v,  # noqa: E711
        "dunder_eq_none": lambda: v.__eq__(None),
        "in_list_of_none": lambda: v in [None],
        "list_index_past_none": lambda: [None, v].index(v),
        "traced_eq_none": traced(lambda: v == None),  # noqa: E711
        "traced_ne_none": traced(lambda: v != None),  # noqa: E711
        "value_eq_none": lambda: v.value() == None,  # noqa: E711
        "tensor_eq_none": lambda: t == None,  # noqa: E711
        "eq_string": lambda: v == "a",
        "eq_list": lambda: v == [1.0, 2.0],
        "eq_longer_list": lambda: v == [1.0, 2.0, 3.0],
        "eq_tensor": lambda: v == t,
        "tensor_eq": lambda: t == v,
        "int_eq_float": lambda: vi == 2.5,
        "lt_none": lambda: v < None,
        "hash": lambda: hash(v),
        "hash_scalar": lambda: hash(s),
        "in_set": lambda: v in {v},
        "in_own_list": lambda: v in [v],
        "in_other_list": lambda: v in [v2],
        "scalar_in_list": lambda: s in [s0],
        "bool_scalar": lambda: bool(s),
        "bool_zero": lambda: bool(s0),
        "bool_vector": lambda: bool(v),
        "bool_one_element": lambda: bool(tf.Variable([1.0])),
        "bool_empty": lambda: bool(tf.Variable(tf.zeros([0]))),
        "len_scalar": lambda: len(s),
        "len_vector": lambda: len(v),
        "iter_scalar": lambda: iter(s),
        "list_scalar": lambda: list(s),
        "list_vector": lambda: list(v),
        "traced_iter": traced(lambda: list(v)),
        "int_scalar": lambda: int(s),
        "int_vector": lambda: int(v),
        "float_vector": lambda: float(v),
        "complex_scalar": lambda: complex(s),
        "list_index": lambda: [1, 2, 3, 4][vi],
        "format_spec": lambda: f"{s:.2f}",
        "format_plain": lambda: f"{s}",
        "round": lambda: round(s),
        "divmod": lambda: divmod(vi, 2),
        "array": lambda: np.asarray(v),
        "sorted": lambda: [x.numpy() for x in sorted([s, s0])],
        "getitem_scalar": lambda: s[0],
    }
