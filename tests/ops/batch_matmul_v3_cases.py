"""Calls of tf.matmul with an output_type and of tf.raw_ops.BatchMatMulV3 (operands and
result of different dtypes), each a function of the `tf` module it runs on: TF 2.21's
outcomes are batch_matmul_v3_golden.json (record_batch_matmul_v3_golden.py), and
test_batch_matmul_v3.py checks eagerflow's against them."""

import numpy as np

A = np.array([[1, -2, 3], [4, 0, -5]])
B = np.array([[100, -128, 7], [127, 3, -1]])


def outcome(call):
    """{"text": repr of the result} or {"error": class name, "message": str(error)}."""
    try:
        r = call()
    except Exception as e:  # noqa: BLE001 - the error is the recorded outcome
        return {"error": type(e).__name__, "message": str(e)}
    return {"text": repr(r)}


def matmul_cases(tf):
    """tf.matmul given output_type: BatchMatMulV3 where it differs from an operand's dtype,
    whatever the ranks (a 2-D product too); MatMul or BatchMatMulV2 where it doesn't."""
    def c(x, d):
        return tf.constant(x, d)

    i8, u8, bf = tf.int8, tf.uint8, tf.bfloat16
    return {
        "int8_int32": lambda: tf.matmul(c(A, i8), c(B.T, i8), output_type=tf.int32),
        "int8_int32_transpose_b": lambda: tf.matmul(c(A, i8), c(B, i8), transpose_b=True,
                                                    output_type=tf.int32),
        "int8_int32_transpose_a": lambda: tf.matmul(c(A.T, i8), c(B.T, i8), transpose_a=True,
                                                    output_type=tf.int32),
        "int8_uint8_int32": lambda: tf.matmul(c(A, i8), c(np.abs(B.T), u8),
                                              output_type=tf.int32),
        "int8_bfloat16": lambda: tf.matmul(c(A, i8), c(B.T / 8, bf), output_type=bf),
        "batched": lambda: tf.matmul(c(np.stack([A, -A]), i8), c(B.T, i8),
                                     output_type=tf.int32),
        "broadcast": lambda: tf.matmul(c(A[None, None], i8), c(np.stack([B.T] * 3), i8),
                                       output_type=tf.int32),
        "mismatch": lambda: tf.matmul(c(A, i8), c(B, i8), output_type=tf.int32),
        "mismatch_batched": lambda: tf.matmul(c(A[None], i8), c(B[None], i8),
                                              output_type=tf.int32),
        "batch_mismatch": lambda: tf.matmul(c(np.stack([A] * 2), i8),
                                            c(np.stack([B.T] * 3), i8), output_type=tf.int32),
        "vector": lambda: tf.matmul(c(A, i8), c([1, 2, 3], i8), output_type=tf.int32),
        "no_kernel_int64": lambda: tf.matmul(c(A, i8), c(B.T, i8), output_type=tf.int64),
        "no_kernel_float": lambda: tf.matmul(c(A, tf.float32), c(B.T, tf.float32),
                                             output_type=tf.int32),
        "no_kernel_half": lambda: tf.matmul(c(A, tf.float16), c(B.T, tf.float16),
                                            output_type=tf.float32),
        "dtype_name": lambda: tf.matmul(c(A, i8), c(B, i8), output_type="int32"),
        "dtype_name_computes": lambda: tf.matmul(c(A, i8), c(B.T, i8), output_type="int32"),
        "named": lambda: tf.matmul(c(A, i8), c(B, i8), output_type=tf.int32, name="mm"),
        "same_type": lambda: tf.matmul(c(A, tf.int32), c(B.T, tf.int32), output_type=tf.int32),
        "int8_without": lambda: tf.matmul(c(A, i8), c(B.T, i8)),
        "in_function": lambda: tf.function(
            lambda x, y: tf.matmul(x, y, output_type=tf.int32))(c(A, i8), c(B.T, i8)),
    }


def raw_cases(tf):
    """tf.raw_ops.BatchMatMulV3: its attr checks (one failing each: where several fail, the
    one TF names depends on what the process ran before), its kernels."""
    raw = tf.raw_ops.BatchMatMulV3
    i8 = tf.constant(A, tf.int8)
    f = tf.constant(A, tf.float32)
    return {
        "raw_bool_x": lambda: raw(x=tf.constant(A > 0), y=f, Tout=tf.float32),
        "raw_bool_y": lambda: raw(x=f, y=tf.constant(A > 0), Tout=tf.float32),
        "raw_uint16": lambda: raw(x=tf.constant(A, tf.uint16), y=f, Tout=tf.float32),
        "raw_tout_uint8": lambda: raw(x=i8, y=i8, Tout=tf.uint8),
        "raw_adj": lambda: raw(x=i8, y=tf.constant(B, tf.int8), Tout=tf.int32, adj_x=True),
        "raw_adj_y": lambda: raw(x=tf.constant(B, tf.bfloat16), y=i8, Tout=tf.bfloat16,
                                 adj_y=True),
        "raw_int16_wraps": lambda: raw(x=tf.constant(B * 3, tf.int16),
                                       y=tf.constant(B.T * 3, tf.int16), Tout=tf.int16),
        "raw_float": lambda: raw(x=f, y=tf.transpose(f), Tout=tf.float32),
        "raw_complex": lambda: raw(x=tf.complex(f, -f), y=tf.complex(f, f), Tout=tf.complex64,
                                   adj_y=True),
        "raw_vector": lambda: raw(x=tf.constant([1, 2], tf.int8), y=i8, Tout=tf.int32),
    }


def gradient_case(tf):
    """BatchMatMulV3's gradients, float operands broadcast along a batch dimension."""
    x = tf.constant(A / 4, tf.float32)
    y = tf.constant(np.stack([B.T, 2 * B.T]) / 8, tf.float32)
    w = tf.reshape(tf.range(8, dtype=tf.float32), (2, 2, 2))
    with tf.GradientTape() as tape:
        tape.watch([x, y])
        loss = tf.reduce_sum(tf.raw_ops.BatchMatMulV3(x=x, y=y, Tout=tf.float32) * w)
    return [t.numpy().tolist() for t in tape.gradient(loss, [x, y])]
