"""Calls of tf.matmul with flags of other types than bool (grad_a/grad_b, the transposes
and adjoints, the sparse hints), eagerly and traced, each a function of the `tf` module it
runs on: TF 2.21's outcomes are matmul_flags_golden.json (record_matmul_flags_golden.py),
and test_matmul_flags.py checks eagerflow's against them."""

import numpy as np

A = [[1.0, 2.0], [3.0, 4.0]]
B = [[5.0, 6.0], [7.0, 8.0]]


def outcome(call):
    """{"value": the result as lists, "dtype": its name} or {"error": class name,
    "message": the last line of str(error)} (a traced call's error holds TF's frames)."""
    try:
        r = call()
    except Exception as e:  # noqa: BLE001 - the error is the recorded outcome
        return {"error": type(e).__name__, "message": str(e).strip().splitlines()[-1].strip()}
    return {"value": np.asarray(r).tolist(), "dtype": r.dtype.name}


def _operands(tf):
    c = tf.constant
    return {"2d": (c(A), c(B)), "3d": (c([A, B]), c([B, A])),
            "v3": (c([[1, 2], [3, 4]], tf.int8), c([[5, 6], [7, 8]], tf.int8)),
            "v3_3d": (c([[[1, 2], [3, 4]]], tf.int8), c([[5, 6], [7, 8]], tf.int8)),
            "bf16_mix": (c(A, tf.bfloat16), c(B)),
            "int8_bf16": (c([[1, 2], [3, 4]], tf.int8), c(B, tf.bfloat16))}


def eager_cases(tf):
    """Each operand kind with each flag value: TF's wrappers take a Python bool or None
    only, and name the attr of the op they run (grad_a of MatMul, grad_x of the batch
    products); SparseMatMul takes no grad hint."""
    ops = _operands(tf)
    v3 = {"output_type": tf.int32}
    kinds = {"2d": {}, "3d": {}, "v3": v3, "v3_3d": v3, "bf16_mix": {}, "sparse": {}}
    values = {"true": True, "none": None, "one": 1, "np_true": np.bool_(True),
              "tensor": tf.constant(True), "variable": tf.Variable(False)}
    out = {}
    for kind, extra in kinds.items():
        x, y = ops["2d" if kind == "sparse" else kind]
        if kind == "sparse":
            extra = {"a_is_sparse": True}
        for vname, v in values.items():
            for flag in ("grad_a", "grad_b"):
                out[f"{kind}_{flag}_{vname}"] = (
                    lambda x=x, y=y, kw={**extra, flag: v}: tf.linalg.matmul(x, y, **kw))
    a, b = ops["2d"]
    a3, b3 = ops["3d"]
    i8, j8 = ops["v3"]
    k8, _ = ops["v3_3d"]
    mm = tf.linalg.matmul
    out.update({
        # which flag TF names first: its op's attr order, before shapes and dtypes
        "transpose_before_grad": lambda: mm(a, b, transpose_a=1, grad_a=2),
        "grad_a_before_grad_b": lambda: mm(a, b, grad_a=2, grad_b=3),
        "grad_before_shape": lambda: mm(a, tf.ones([3, 3]), grad_a=2),
        "grad_before_dtype": lambda: mm(a, tf.ones([2, 2], tf.float64), grad_b=2),
        "grad_before_int8_dtype": lambda: mm(i8, j8, grad_a=2, output_type=tf.int8),
        "int8_bf16_grad": lambda: mm(*ops["int8_bf16"], grad_a=2),
        "int8_bf16_v3_grad": lambda: mm(*ops["int8_bf16"], grad_a=2, output_type=tf.bfloat16),
        "v3_dtype_name_grad": lambda: mm(i8, j8, grad_a=2, output_type="int16"),
        "adjoint_then_grad": lambda: mm(a, b, adjoint_a=True, grad_a=2),
        "list_operands_grad": lambda: mm([[1.0, 2.0]], [[1.0], [2.0]], grad_a=2),
        "tf_matmul_grad_b": lambda: tf.matmul(a, b, grad_b=2),
        # a batch product's adj_x is the adjoint, or True for a transpose true in Python
        "3d_transpose_truthy": lambda: mm(a3, b3, transpose_a=2),
        "3d_transpose_then_grad": lambda: mm(a3, b3, transpose_a=1, grad_a=2),
        "3d_adjoint_int": lambda: mm(a3, b3, adjoint_a=2),
        "3d_adjoint_np_bool": lambda: mm(a3, b3, adjoint_b=np.bool_(True)),
        "3d_adjoint_then_grad": lambda: mm(a3, b3, adjoint_b=True, grad_b=2),
        # a matrix product makes a true adjoint a transpose; V3's adj_x is `adjoint or
        # transpose`
        "2d_adjoint_truthy": lambda: mm(a, b, adjoint_a=2),
        "v3_transpose_int": lambda: mm(i8, j8, transpose_a=1, output_type=tf.int32),
        "v3_adjoint_int": lambda: mm(i8, j8, adjoint_b=1, output_type=tf.int32),
        "v3_3d_adjoint_np_bool": lambda: mm(k8, j8, adjoint_a=np.bool_(True),
                                            output_type=tf.int32),
        "v3_3d_transpose_then_grad": lambda: mm(k8, j8, transpose_a=1, grad_a=2,
                                                output_type=tf.int32),
        "sparse_transpose_int": lambda: mm(a, b, a_is_sparse=True, transpose_a=1, grad_a=2),
        "both_grads_true": lambda: mm(a, b, transpose_a=True, grad_a=True, grad_b=True),
        "3d_both_grads_true": lambda: mm(a3, b3, transpose_b=True, grad_a=True, grad_b=True),
    })
    return out


def traced_cases(tf):
    """The same checks while tf.function traces (TF's graph builder names the attr before
    the operands' dtypes and shapes)."""
    def trace(fn, *specs):
        return lambda: tf.function(fn).get_concrete_function(*specs)(
            *[tf.zeros(s.shape, s.dtype) for s in specs])

    f32, i8 = tf.TensorSpec([2, 2]), tf.TensorSpec([2, 2], tf.int8)
    f3, unk = tf.TensorSpec([2, 2, 2]), tf.TensorSpec(None)
    mm = tf.linalg.matmul
    return {
        "traced_grad_true": trace(lambda x, y: mm(x, y, grad_a=True, grad_b=None), f32, f32),
        "traced_int8": trace(lambda x, y: mm(x, y, grad_a=2), i8, i8),
        "traced_int8_bf16": trace(lambda x, y: mm(x, y, grad_a=2), i8,
                                  tf.TensorSpec([2, 2], tf.bfloat16)),
        "traced_dtypes": trace(lambda x, y: mm(x, y, grad_a=2), f32,
                               tf.TensorSpec([2, 2], tf.float64)),
        "traced_shapes": trace(lambda x, y: mm(x, y, grad_b=2), f32, tf.TensorSpec([3, 3])),
        "traced_3d_np_bool": trace(lambda x, y: mm(x, y, grad_b=np.bool_(False)), f3, f3),
        "traced_unknown_rank": trace(lambda x, y: mm(x, y, grad_a=1), unk, unk),
        "traced_3d_adjoint": trace(lambda x, y: mm(x, y, adjoint_a=1), f3, f3),
        "traced_v3": trace(lambda x, y: mm(x, y, grad_a=2, output_type=tf.int32), i8, i8),
        "traced_v3_transpose": trace(lambda x, y: mm(x, y, transpose_b=2,
                                                     output_type=tf.int32), i8, i8),
        "traced_tensor_flag": trace(lambda x, y: mm(x, y, grad_a=tf.constant(True)),
                                    f32, f32),
        "traced_argument_flag": trace(lambda x, y, z: mm(x, y, grad_a=z), f32, f32,
                                      tf.TensorSpec([], tf.bool)),
    }
