"""tf.autodiff.ForwardAccumulator given tangents that don't fit their primals (shape,
dtype, nesting), primals that aren't tensors, and jvp of integer, unconnected or
non-tensor values, each a function of the `tf` module it runs on: TF 2.21's outcomes are
forward_accumulator_edges_golden.json (record_forward_accumulator_edges_golden.py), and
test_forward_accumulator_edges.py checks eagerflow's against them."""

import numpy as np


def outcome(call):
    """{"text": what the call gave (an accumulator: its class name)} or {"error": class
    name, "message": str(error), of a traced call its last line (the rest holds paths)}."""
    try:
        r = call()
    except Exception as e:  # noqa: BLE001 - the error is the recorded outcome
        text = str(e)
        if text.startswith("in user code:"):
            text = text.strip().splitlines()[-1].strip()
        return {"error": type(e).__name__, "message": text}
    if type(r).__name__ == "ForwardAccumulator":
        return {"text": "ForwardAccumulator"}
    return {"text": repr(r)}


def cases(tf):
    fa = tf.autodiff.ForwardAccumulator
    x, s, xi = tf.constant([1.0, 2.0]), tf.constant(3.0), tf.constant([1, 2])

    def jvp_of(primal, tangent, fn, **kw):
        def run():
            with fa(primal, tangent) as acc:
                y = fn()
            return acc.jvp(y, **kw)
        return run

    def variable_jvp():
        v = tf.Variable([1.0, 2.0])
        return jvp_of(v, tf.constant([1.0, 0.0]), lambda: v * v)()

    def traced_dtype_mismatch():
        return tf.function(lambda: fa(x, tf.constant([1.0, 2.0], tf.float64)) and 1)()

    zero = tf.UnconnectedGradients.ZERO
    return {
        # TF checks neither shape: the accumulator is made
        "shape_mismatch": lambda: fa(x, tf.constant([1.0, 2.0, 3.0])),
        "scalar_tangent_for_vector": lambda: fa(x, tf.constant(1.0)),
        "variable_tangent_shape": lambda: fa(tf.Variable([1.0, 2.0]), tf.constant([1.0] * 3)),
        # the tangent converts to the primal's dtype
        "dtype_mismatch": lambda: fa(x, tf.constant([1.0, 2.0], tf.float64)),
        "int_tangent": lambda: fa(x, tf.constant([1, 2])),
        "half_primal_float_tangent": lambda: fa(tf.constant([1.0], tf.float16),
                                                tf.constant([1.0])),
        "complex_primal": lambda: fa(tf.constant([1.0 + 1j]), tf.constant([1.0])),
        "int_primal_float_tangent": lambda: fa(xi, tf.constant([1.0, 1.0])),
        "python_float_tangent": lambda: fa(s, 1.0),
        "python_int_tangent": lambda: fa(s, 1),
        "numpy_tangent": lambda: fa(x, np.array([1.0, 2.0])),
        "none_tangent": lambda: fa(x, None),
        "traced_dtype_mismatch": traced_dtype_mismatch,
        # nest's structure checks
        "list_tangent": lambda: fa(x, [1.0, 2.0]),
        "fewer_tangents": lambda: fa([x, s], [x]),
        "tuple_for_list": lambda: fa([x, s], (x, s)),
        "other_keys": lambda: fa({"a": x}, {"b": x}),
        "tensor_for_list": lambda: fa([x], x),
        "list_for_tensor": lambda: fa(x, [x]),
        # primals are asked for their dtype as given
        "python_primal": lambda: fa(1.0, 1.0),
        "python_list_primal": lambda: fa([1.0, 2.0], [1.0, 1.0]),
        "numpy_primal": lambda: fa(np.array([1.0]), np.array([1.0])),
        "numpy_scalar_primal": lambda: fa(np.float32(1.0), 1.0),
        "bool_primal": lambda: fa(tf.constant([True]), tf.constant([True])),
        "string_primal": lambda: fa(tf.constant(["a"]), tf.constant(["b"])),
        # jvp of integer and unconnected values
        "int_primal_jvp": jvp_of(xi, tf.constant([1, 1]), lambda: xi * 2),
        "int_primal_jvp_zero": jvp_of(xi, tf.constant([1, 1]), lambda: xi * 2,
                                      unconnected_gradients="zero"),
        "int_primal_own_jvp": jvp_of(xi, tf.constant([1, 1]), lambda: xi),
        "int_primal_cast_jvp": jvp_of(xi, tf.constant([1, 1]),
                                      lambda: tf.cast(xi, tf.float32) * 2.0),
        "unconnected": jvp_of(x, tf.ones([2]), lambda: s * 2.0),
        "unconnected_zero": jvp_of(x, tf.ones([2]), lambda: s * 2.0,
                                   unconnected_gradients=zero),
        "unconnected_zero_string": jvp_of(x, tf.ones([2]), lambda: s * 2.0,
                                          unconnected_gradients="zero"),
        "unconnected_none_string": jvp_of(x, tf.ones([2]), lambda: s * 2.0,
                                          unconnected_gradients="none"),
        "unconnected_bad": jvp_of(x, tf.ones([2]), lambda: s, unconnected_gradients="bad"),
        "unconnected_int_flag": jvp_of(x, tf.ones([2]), lambda: s, unconnected_gradients=0),
        "unconnected_int_zero": jvp_of(x, tf.ones([2]), lambda: tf.constant([1, 2]),
                                       unconnected_gradients=zero),
        "structure_zero": jvp_of(x, tf.ones([2]), lambda: [x * 2.0, s, {"a": x}],
                                 unconnected_gradients="zero"),
        "structure_none": jvp_of(x, tf.ones([2]), lambda: [x * 2.0, s]),
        "half": jvp_of(tf.constant([1.0], tf.float16), tf.constant([1.0], tf.float16),
                       lambda: tf.constant([1.0], tf.float16) * 3),
        "variable": variable_jvp,
        # jvp of what isn't a tensor: TF's accumulator asks it for a tensor's id
        "jvp_python_float": jvp_of(x, tf.ones([2]), lambda: 3.0),
        "jvp_numpy": jvp_of(x, tf.ones([2]), lambda: np.array([1.0])),
        "jvp_none": jvp_of(x, tf.ones([2]), lambda: None),
        "jvp_list_of_float": jvp_of(x, tf.ones([2]), lambda: [x, 1.0]),
        "jvp_unwatched_variable": jvp_of(x, tf.ones([2]), lambda: tf.Variable([1.0])),
    }
