"""SparseMatMul, and tf.matmul's and `@`'s routes to it, as TF 2.21 takes them: a bfloat16
matrix beside another dtype (but int8/uint8) and float32/bfloat16 operands flagged
a_is_sparse/b_is_sparse multiply in float32 there. The expected values and messages are
TF 2.21's (its CPU build, oneDNN off where the message names its kernel)."""

import logging

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import eagerflow as tf
from eagerflow._src.core import tf_logging

A = [[1.5, 2.0], [3.0, -1.0]]
B = [[1.0, 0.5], [2.0, 0.25]]
ATTR = ("Value for attr '{}' of {} is not in the list of allowed values: float, bfloat16\n"
        "\t; NodeDef: {{{{node SparseMatMul}}}}; Op<name=SparseMatMul; signature=a:Ta, b:Tb "
        "-> product:float; attr=transpose_a:bool,default=false; attr=transpose_b:bool,"
        "default=false; attr=a_is_sparse:bool,default=false; attr=b_is_sparse:bool,"
        "default=false; attr=Ta:type,default=DT_FLOAT,allowed=[DT_FLOAT, DT_BFLOAT16]; "
        "attr=Tb:type,default=DT_FLOAT,allowed=[DT_FLOAT, DT_BFLOAT16]> [Op:SparseMatMul] "
        "name: ")
KERNEL = ("{{function_node __wrapped__SparseMatMul_device_/job:localhost/replica:0/task:0/"
          "device:CPU:0}} ")


def _bf16(x):
    return tf.constant(x, tf.bfloat16)


def _f32(x):
    return tf.constant(x, tf.float32)


def _outcome(fn):
    try:
        r = fn()
    except Exception as e:  # noqa: BLE001 - the outcome is the error's class and text
        return type(e).__name__, str(e)
    return r.dtype.name, r.numpy().astype(np.float64).tolist()


@pytest.mark.parametrize("fn, want", [
    (lambda: tf.matmul(_bf16(A), _f32(B)), ("float32", [[5.5, 1.25], [1.0, 1.25]])),
    (lambda: tf.matmul(_f32(B), _bf16(A)), ("float32", [[3.0, 1.5], [3.75, 3.75]])),
    (lambda: _bf16(A) @ _f32(B), ("float32", [[5.5, 1.25], [1.0, 1.25]])),
    (lambda: tf.linalg.matmul(_bf16(A), _f32(B), transpose_a=True),
     ("float32", [[7.5, 1.5], [0.0, 0.75]])),
    (lambda: tf.matmul(_bf16(A), _f32(B), adjoint_b=True), ("float32", [[2.5, 3.5], [2.5, 5.75]])),
    (lambda: tf.matmul(_bf16(A), _f32(B), output_type=tf.float64),  # (ignored on this path)
     ("float32", [[5.5, 1.25], [1.0, 1.25]])),
    (lambda: tf.matmul(_bf16(A), _bf16(A), a_is_sparse=True),  # (cast back)
     ("bfloat16", [[8.25, 1.0], [1.5, 7.0]])),
    (lambda: tf.matmul(_f32(B), _f32(B), b_is_sparse=True),
     ("float32", [[2.0, 0.625], [2.5, 1.0625]])),
    (lambda: tf.matmul(tf.ones((2, 2), tf.float64), tf.ones((2, 2), tf.float64),
                       b_is_sparse=True), ("float64", [[2.0, 2.0], [2.0, 2.0]])),
    (lambda: tf.matmul(tf.ones((0, 2), tf.bfloat16), tf.ones((2, 3))), ("float32", [])),
    (lambda: tf.matmul(_bf16(A), [[1.0, 2.0], [3.0, 4.0]]),  # (b converts to a's dtype)
     ("bfloat16", [[7.5, 11.0], [0.0, 2.0]])),
    (lambda: tf.matmul([[1.0, 2.0], [3.0, 4.0]], _bf16(A)),  # (a converts on its own)
     ("float32", [[7.5, 0.0], [16.5, 2.0]])),
    (lambda: tf.matmul(_bf16(A), tf.ones((2, 2), tf.int8), output_type=tf.bfloat16),
     ("bfloat16", [[3.5, 3.5], [2.0, 2.0]])),
    (lambda: tf.matmul(_bf16(A), tf.ones((2, 2), tf.float16)),
     ("InvalidArgumentError", ATTR.format("Tb", "half"))),
    (lambda: tf.matmul(_bf16(A), tf.ones((2, 2), tf.float64)),
     ("InvalidArgumentError", ATTR.format("Tb", "double"))),
    (lambda: tf.matmul(tf.ones((2, 2), tf.int32), _bf16(A)),
     ("InvalidArgumentError", ATTR.format("Ta", "int32"))),
    (lambda: tf.ones((2, 2), tf.uint16) @ _bf16(A),
     ("InvalidArgumentError", ATTR.format("Ta", "uint16"))),
    (lambda: tf.matmul(tf.ones((2, 2, 2), tf.bfloat16), tf.ones((2, 2, 2)), a_is_sparse=True),
     ("InvalidArgumentError", KERNEL + "a is not a matrix [Op:SparseMatMul] name: ")),
    (lambda: tf.matmul(tf.ones((3,), tf.bfloat16), _f32(B)),
     ("InvalidArgumentError", KERNEL + "a is not a matrix [Op:SparseMatMul] name: ")),
    (lambda: tf.matmul(tf.ones((2, 3)), _bf16(A), a_is_sparse=True),
     ("InvalidArgumentError", KERNEL + "Matrix size incompatible: a: [2,3], b: [2,2] "
                                       "[Op:SparseMatMul] name: ")),
    (lambda: tf.matmul(tf.ones((2, 2, 2), tf.bfloat16), tf.ones((2, 2, 2))),  # (batched)
     ("InvalidArgumentError", "cannot compute BatchMatMulV2 as input #1(zero-based) was "
                              "expected to be a bfloat16 tensor but is a float tensor "
                              "[Op:BatchMatMulV2] name: ")),
    (lambda: tf.matmul(_bf16(A), tf.ones((2, 2), tf.int8)),  # (bytes: MatMul's)
     ("InvalidArgumentError", "cannot compute MatMul as input #1(zero-based) was expected to "
                              "be a bfloat16 tensor but is a int8 tensor [Op:MatMul] name: ")),
    (lambda: tf.matmul(tf.ones((2, 2), tf.uint8), tf.ones((2, 2), tf.float16)),
     ("NotFoundError", "Could not find device for node: {{node MatMul}} = MatMul[T=DT_UINT8, "
                       "grad_a=false, grad_b=false, transpose_a=false, transpose_b=false]")),
    (lambda: tf.matmul([[1, 2], [3, 4]], _f32(B)),  # (tf.matmul converts a without a hint)
     ("InvalidArgumentError", "cannot compute MatMul as input #1(zero-based) was expected to "
                              "be a int32 tensor but is a float tensor [Op:MatMul] name: ")),
    (lambda: [[1, 2], [3, 4]] @ _f32(B), ("float32", [[5.0, 1.0], [11.0, 2.5]])),
    (lambda: tf.matmul(_f32(B), _f32(B), transpose_b=True, adjoint_b=True),
     ("ValueError", "Only one of `transpose_b` and `adjoint_b` can be True. Received "
                    "`transpose_b`=True, `adjoint_b`=True.")),
])
def test_matmul_takes_sparse_matmul_where_tf_does(fn, want):
    with tf.device("/CPU:0"):
        got = _outcome(fn)
    if want[0] == "NotFoundError":
        assert got[0] == want[0] and got[1].startswith(want[1]), got
    else:
        assert got == want


def test_raw_op_and_its_errors():
    raw = tf.raw_ops.SparseMatMul
    got = raw(a=_bf16(A), b=_f32(B), a_is_sparse=True)
    assert got.dtype == tf.float32 and got.numpy().tolist() == [[5.5, 1.25], [1.0, 1.25]]
    got = raw(a=_f32(B), b=_f32(B), transpose_a=True)
    np.testing.assert_array_equal(got.numpy(), [[5.0, 1.0], [1.0, 0.3125]])
    for kw, message in [({"a": tf.ones((2, 2), tf.float64), "b": _f32(B)},
                         ATTR.format("Ta", "double")),
                        ({"a": tf.ones((2,)), "b": _f32(B)},
                         KERNEL + "a is not a matrix [Op:SparseMatMul] name: "),
                        ({"a": _f32(B), "b": tf.ones((2,))},
                         KERNEL + "b is not a matrix [Op:SparseMatMul] name: "),
                        ({"a": _f32(B), "b": tf.ones((3, 2))},
                         KERNEL + "Matrix size incompatible: a: [2,2], b: [3,2] "
                                  "[Op:SparseMatMul] name: ")]:
        with pytest.raises(tf.errors.InvalidArgumentError) as info:
            raw(**kw)
        assert str(info.value) == message


def test_tf_matmul_logs_the_deprecation_once_and_the_raw_op_never(caplog, monkeypatch):
    monkeypatch.setattr(tf_logging, "_deprecations_shown", set())
    with caplog.at_level(logging.WARNING, logger="tensorflow"):
        tf.raw_ops.SparseMatMul(a=_bf16(A), b=_f32(B))
        assert not caplog.records
        tf.matmul(_bf16(A), _f32(B))
        tf.matmul(_bf16(A), _f32(B))
    (record,) = caplog.records
    text = record.getMessage()
    assert text.startswith("From ") and "eagerflow/_src/ops/linalg.py:" in text
    assert text.endswith(": sparse_mat_mul (from tensorflow.python.ops.gen_math_ops) is "
                         "deprecated and will be removed in a future version.\nInstructions "
                         "for updating:\nUse `tf.linalg.matmul` instead")


def test_gradients_are_tfs():
    """TF's at ones: a bfloat16 operand's gradient is bfloat16, the float32 one's float32;
    each is a product of the incoming gradient with the other operand."""
    a, b = _bf16(A), _f32(B)
    with tf.GradientTape(persistent=True) as tape:
        tape.watch([a, b])
        y = tf.matmul(a, b)
    ga, gb = tape.gradient(y, [a, b])
    assert ga.dtype == tf.bfloat16 and ga.numpy().astype(float).tolist() == \
        [[1.5, 2.25], [1.5, 2.25]]
    assert gb.dtype == tf.float32 and gb.numpy().tolist() == [[4.5, 4.5], [1.0, 1.0]]


@settings(max_examples=30, deadline=None)
@given(st.integers(1, 4), st.integers(1, 4), st.integers(1, 4), st.booleans(), st.booleans())
def test_products_and_gradients_match_numpy(m, k, n, ta, tb):
    rng = np.random.default_rng(m * 100 + k * 10 + n)
    a = rng.uniform(-2, 2, (k, m) if ta else (m, k)).astype(np.float32)
    b = rng.uniform(-2, 2, (n, k) if tb else (k, n)).astype(np.float32)
    g = rng.uniform(-1, 1, (m, n)).astype(np.float32)
    at, bt = tf.constant(a), tf.constant(b)
    with tf.GradientTape(persistent=True) as tape:
        tape.watch([at, bt])
        y = tf.raw_ops.SparseMatMul(a=at, b=bt, transpose_a=ta, transpose_b=tb)
        loss = tf.reduce_sum(y * g)
    a2, b2 = (a.T if ta else a).astype(np.float64), (b.T if tb else b).astype(np.float64)
    np.testing.assert_allclose(y.numpy(), a2 @ b2, rtol=1e-5, atol=1e-5)
    ga, gb = tape.gradient(loss, [at, bt])
    want_a, want_b = g @ b2.T, a2.T @ g
    np.testing.assert_allclose(ga.numpy(), want_a.T if ta else want_a, rtol=1e-5, atol=1e-5)
    np.testing.assert_allclose(gb.numpy(), want_b.T if tb else want_b, rtol=1e-5, atol=1e-5)
    # central differences in float32 (the product is linear: exact up to rounding)
    eps = np.float32(0.25)
    for pos in ((0, 0), (a.shape[0] - 1, a.shape[1] - 1)):
        up, down = a.copy(), a.copy()
        up[pos] += eps
        down[pos] -= eps
        f = [float(tf.reduce_sum(tf.raw_ops.SparseMatMul(a=x, b=bt, transpose_a=ta,
                                                         transpose_b=tb) * g)) for x in (up, down)]
        assert abs((f[0] - f[1]) / (2 * eps) - ga.numpy()[pos]) < 1e-3


def test_a_traced_product_is_tfs_node():
    a, b = _bf16(A), _f32(B)

    @tf.function
    def f(x, y):
        return tf.matmul(x, y, b_is_sparse=True) + tf.matmul(x, y, a_is_sparse=True, name="mm")

    ops = [(n.type, n.name) for n in f.get_concrete_function(a, a).graph.get_operations()]
    assert ops[2:6] == [("SparseMatMul", "MatMul"), ("Cast", "MatMul/Cast"),
                        ("SparseMatMul", "mm"), ("Cast", "mm/Cast")]
    ops = [(n.type, n.name) for n in f.get_concrete_function(a, b).graph.get_operations()]
    assert ops[2:4] == [("SparseMatMul", "MatMul"), ("SparseMatMul", "mm")]
    assert f(a, b).numpy().tolist() == [[11.0, 2.5], [2.0, 2.5]]


@pytest.mark.parametrize("a, b, kw, want", [
    ([[0.0, 1.0]], [[np.inf], [2.0]], {}, [[np.nan]]),
    ([[0.0, 1.0]], [[np.inf], [2.0]], {"a_is_sparse": True}, [[2.0]]),
    ([[-0.0, 1.0]], [[np.nan], [2.0]], {"a_is_sparse": True}, [[2.0]]),
    ([[0.0, 1.0]], [[np.inf], [2.0]], {"b_is_sparse": True}, [[np.nan]]),
    ([[0.0, 1.0]], [[np.inf], [2.0]], {"a_is_sparse": True, "b_is_sparse": True}, [[2.0]]),
    ([[np.inf, 1.0]], [[0.0], [2.0]], {"a_is_sparse": True}, [[np.nan]]),
    ([[np.inf, 1.0]], [[0.0], [2.0]], {"b_is_sparse": True}, [[2.0]]),
    ([[np.inf, 1.0]], [[0.0], [2.0]], {"a_is_sparse": True, "b_is_sparse": True}, [[np.nan]]),
    ([[0.0], [1.0]], [[np.inf], [2.0]], {"a_is_sparse": True, "transpose_a": True}, [[2.0]]),
    ([[np.inf, 1.0]], [[0.0, 2.0]], {"b_is_sparse": True, "transpose_b": True}, [[2.0]]),
])
def test_a_flagged_operands_zeros_skip_their_terms(a, b, kw, want):
    """TF's kernel walks the sparse operand's nonzeros (a's where both are flagged), so a
    zero there adds nothing even against inf or NaN; unflagged, 0 * inf is NaN."""
    got = tf.raw_ops.SparseMatMul(a=tf.constant(a, tf.float32), b=tf.constant(b, tf.float32),
                                  **kw)
    np.testing.assert_array_equal(got.numpy(), want)
    big = np.zeros((3, 70), np.float32)
    big[:, 5] = 1
    other = np.ones((70, 4), np.float32)
    other[0] = np.inf
    got = tf.raw_ops.SparseMatMul(a=big, b=other, a_is_sparse=True)
    np.testing.assert_array_equal(got.numpy(), np.ones((3, 4)))


def test_it_runs_on_the_cpu_beside_a_gpu():
    """TF has CPU kernels only for SparseMatMul: soft placement runs it there, and its
    errors name CPU:0."""
    from eagerflow._src.core import device as D

    with D.standin_gpus(1):
        x = tf.constant(B)
        assert "GPU" in x.device
        y = tf.matmul(x, x, a_is_sparse=True)
        assert y.device.endswith("CPU:0") and y.numpy().tolist() == [[2.0, 0.625], [2.5, 1.0625]]
        with pytest.raises(tf.errors.InvalidArgumentError, match="device:CPU:0}} a is not"):
            tf.raw_ops.SparseMatMul(a=tf.ones((2,)), b=x)
