"""Kernel launches on a GPU, counted on the strict stand-in (strict.count_launches), and
the stand-in's CuPy ElementwiseKernel/ReductionKernel (backend/strict_cuda.py: their CUDA
C run over NumPy with C's rules), which the fused device kernels (an Adam update, ReluGrad,
DivNoNan) and tf.function's fused groups launch. Each fused kernel is checked against the
CPU path's result; the counts of the guide CNN's and the MLP's steps are bounded."""

import importlib.util
import weakref
from pathlib import Path

import numpy as np
import pytest

import eagerflow as tf
from eagerflow._src.backend import strict, strict_streams
from eagerflow._src.backend.strict_cuda import CompileException
from eagerflow._src.core import device
from eagerflow._src.graph import device_program as DP

xp = strict.xp


@pytest.fixture
def gpu():
    with device.standin_gpus(1):
        yield


def _dev(a):
    return xp.asarray(np.asarray(a))


def _launches(fn):
    with strict.count_launches() as n:
        fn()
    return {k: v for k, v in n.items() if k != "total"}


# -- what counts as a launch -------------------------------------------------------------

def test_launches_by_kind():
    a = _dev(np.arange(6, dtype=np.float32).reshape(2, 3))
    assert _launches(lambda: a + a) == {"elementwise": 1}
    assert _launches(lambda: xp.exp(a)) == {"elementwise": 1}
    assert _launches(lambda: a.sum(axis=0)) == {"reduction": 1}
    assert _launches(lambda: xp.matmul(a, a.T)) == {"matmul": 1}
    assert _launches(lambda: xp.zeros((3,), np.float32)) == {"fill": 1}
    assert _launches(lambda: xp.empty((3,), np.float32)) == {}  # (allocation only)
    idx = _dev([1, 0])
    assert _launches(lambda: a[idx]) == {"gather": 1}
    assert _launches(lambda: a[1:, ::2]) == {}  # basic indexing: a view


def test_views_launch_nothing_and_copies_one():
    a = _dev(np.ones((2, 3), np.float32))
    assert _launches(lambda: a.reshape(3, 2)) == {}
    assert _launches(lambda: xp.transpose(a)) == {}
    assert _launches(lambda: a.astype(np.float32, copy=False)) == {}  # does nothing
    assert _launches(lambda: a.astype(np.float32)) == {"copy": 1}  # CuPy copies by default
    assert _launches(lambda: a.astype(np.float64, copy=False)) == {"copy": 1}
    assert _launches(lambda: xp.ascontiguousarray(a.T)) == {"copy": 1}  # could not be a view


def test_launch_sites_name_eagerflow_lines(gpu):
    x = tf.constant([[1.0, -2.0]])
    with strict.count_launches(where=True) as n:
        tf.nn.relu(x)
    sites = [k for k in n if isinstance(k, tuple)]
    assert sites == [("elementwise", sites[0][1])] and "ops/nn.py" in sites[0][1]
    assert n["total"] == 1  # max(x, 0) with 0 a scalar argument: no fill of a 0-d zero
    # (reductions, copies and fills too: counted in strict_streams, named by the op's line)
    x = tf.constant([[1.0, -2.0], [3.0, 4.0]])
    with strict.count_launches(where=True) as n:
        tf.reduce_sum(x, axis=0)
        tf.concat([x, x], axis=1)
    sites = [k for k in n if isinstance(k, tuple)]
    assert sorted(kind for kind, _ in sites) == ["copy", "reduction"], sites
    assert all("ops/" in where and "strict" not in where for _, where in sites), sites


def test_a_device_op_on_device_inputs_skips_run_on(gpu, monkeypatch):
    """bind's device path answers run_on's placement checks from the tensors themselves
    when every input already lives on the device (tf.add: 310 -> 278 eagerflow bytecodes
    on the stand-in); any other input still goes through run_on and is copied there."""
    from eagerflow._src.ops import dispatch

    a = tf.constant(np.array([[1.0, -2.0], [3.0, 0.5]], np.float32))
    b = tf.constant(np.array([[0.25, 4.0], [-1.0, 2.0]], np.float32))
    tf.add(a, b)  # (float32 known to the device: run_on's dtype check, once)
    calls = []
    real = dispatch.run_on
    monkeypatch.setattr(dispatch, "run_on", lambda *a: calls.append(1) or real(*a))
    with strict.count_launches() as n:
        c = tf.add(a, b)
        r = tf.nn.relu(a)
        m = tf.matmul(a, b)
    assert calls == [] and n["total"] == 3
    for t, want in ((c, a.numpy() + b.numpy()), (r, np.maximum(a.numpy(), 0)),
                    (m, a.numpy() @ b.numpy())):
        assert t.device.endswith("GPU:0") and type(t._arr) is xp.ndarray
        np.testing.assert_array_equal(t.numpy(), want)
    with tf.device("/CPU:0"):
        h = tf.constant(np.ones((2, 2), np.float32))
    with strict_streams.count_transfers() as moved:
        d = tf.add(a, h)
    assert calls == [1] and moved["to_device"] == 1 and d.device.endswith("GPU:0")
    np.testing.assert_array_equal(d.numpy(), a.numpy() + 1)


# -- the stand-in's ElementwiseKernel, as CuPy's ----------------------------------------

def test_elementwise_kernel_types_broadcast_and_outputs():
    k = xp.ElementwiseKernel("T x, T y, float32 c", "T z, bool w",
                             "T t = x * c + y; z = t > 0 ? t : (T)0.5f; w = max(x, y) > 1.0",
                             "eagerflow_test")
    x = _dev(np.array([1.0, -2.0, np.nan], np.float32))
    y = _dev(np.array([[0.5], [3.0]], np.float32))
    with strict.count_launches() as n:
        z, w = k(x, y, 2.0)
    assert n["kernel"] == 1 and n["total"] == 1
    assert z.dtype == np.float32 and z.shape == (2, 3)
    np.testing.assert_array_equal(z.get(), [[2.5, 0.5, 0.5], [5.0, 0.5, 0.5]])
    # max of floats is CUDA's fmaxf: a NaN operand loses
    np.testing.assert_array_equal(w.get(), [[False, False, False], [True, True, True]])
    # outputs given: written in place, returned
    z2, w2 = xp.empty((2, 3), np.float32), xp.empty((2, 3), np.bool_)
    out = k(x, y, 2.0, z2, w2)
    assert out[0] is z2 and out[1] is w2
    np.testing.assert_array_equal(z2.get(), z.get())


def test_elementwise_kernel_computes_in_c_types():
    one = _dev(np.array([1.0], np.float32))
    # a double literal makes the sum double, stored back as float: 1e-10 survives
    k = xp.ElementwiseKernel("float32 x", "float32 y", "y = (x + 1e-10) - x", "c_double")
    assert k(one).get()[0] == np.float32((np.float64(1) + 1e-10) - 1) != 0
    # a float literal keeps it float: 1 + 1e-10 rounds to 1
    k = xp.ElementwiseKernel("float32 x", "float32 y", "y = (x + 1e-10f) - x", "c_float")
    assert k(one).get()[0] == 0.0
    # integers divide and take remainders toward zero; (double) casts
    k = xp.ElementwiseKernel("int32 a, int32 b", "int32 q, int32 r, float64 f",
                             "q = a / b; r = a % b; f = (double)a / b", "c_int")
    q, r, f = k(_dev(np.array([-7, 7], np.int32)), _dev(np.array([2, -2], np.int32)))
    assert q.get().tolist() == [-3, -3] and r.get().tolist() == [-1, 1]
    assert f.get().tolist() == [-3.5, -3.5]


def test_elementwise_kernel_constants_are_cupys_not_math_hs():
    """NVRTC defines no math.h macros: a kernel's NaN and infinities are the constants of
    CuPy's math_constants.h (included in every kernel CuPy compiles), float or double as
    there, and NAN or INFINITY is an undefined name, as NVRTC reports it (the real
    compiler runs in tests/backend/test_cuda_toolchain.py)."""
    x = _dev(np.array([1.0, -2.0], np.float32))
    k = xp.ElementwiseKernel("float32 x", "float32 a, float64 b, float64 c",
                             "a = x * CUDART_NAN_F; b = -CUDART_INF + x; "
                             "c = x > 0 ? CUDART_INF_F : CUDART_NAN", "consts")
    a, b, c = k(x)
    assert np.isnan(a.get()).all() and b.get().tolist() == [-np.inf, -np.inf]
    assert c.get()[0] == np.inf and np.isnan(c.get()[1])
    for name in ("NAN", "INFINITY"):
        with pytest.raises(CompileException, match=f"identifier '{name}' is undefined"):
            xp.ElementwiseKernel("float32 x", "float32 y", f"y = x + {name}", "c_macro")(x)


def test_elementwise_kernel_math_functions_take_floats_only_as_nvrtcs():
    """CUDA's device math has float and double overloads only (an integer argument matches
    both: NVRTC's 'more than one instance of overloaded function'), except abs, max and
    min, which integers have too."""
    i = _dev(np.array([-3, 4], np.int32))
    for body in ("y = fabs(x)", "y = sqrt(x)", "y = exp(x)", "y = fmax(x, x)",
                 "y = pow(x, x)"):
        with pytest.raises(CompileException, match="more than one instance"):
            xp.ElementwiseKernel("int32 x", "int32 y", body, "c_int_math")(i)
    k = xp.ElementwiseKernel("T x", "T y, T z", "y = abs(x); z = max(x, (T)0)", "c_abs")
    y, z = k(i)
    assert y.get().tolist() == [3, 4] and z.get().tolist() == [0, 4]
    y, z = k(_dev(np.array([-0.0, -2.5, np.nan], np.float32)))
    assert np.signbit(y.get()).tolist() == [False, False, False] and y.get()[1] == 2.5
    assert np.isnan(y.get()[2])


def test_elementwise_kernel_preamble_functions():
    k = xp.ElementwiseKernel(
        "float64 x", "float64 y", "y = twice_plus(x, 1)", "with_preamble",
        preamble="__device__ __forceinline__ double twice_plus(double a, int b) {\n"
                 "    double t = a * 2;  // a comment\n    return t + b;\n}\n")
    assert k(_dev([1.5, -1.0])).get().tolist() == [4.0, -1.0]


def test_elementwise_kernel_refuses_as_cupy():
    k = xp.ElementwiseKernel("T x, T y", "T z", "z = x + y", "add2")
    a32, a64 = _dev(np.ones(2, np.float32)), _dev(np.ones(2))
    with pytest.raises(TypeError, match="Type is mismatched. y float64 float32 T"):
        k(a32, a64)
    with pytest.raises(TypeError, match="Unsupported type <class 'numpy.ndarray'>"):
        k(a32, np.ones(2, np.float32))
    with pytest.raises(TypeError, match=r"Wrong number of arguments for 'add2'. It must be "
                                        r"either 2 or 3 \(with outputs\), but given 1."):
        k(a32)
    with pytest.raises(ValueError, match="Out shape is mismatched"):
        k(a32, a32, xp.empty((1,), np.float32))  # (outputs broadcast with the inputs)
    with pytest.raises(ValueError, match=r"operands could not be broadcast together with "
                                         r"shapes \(2,\) \(2,\) \(3,\)"):
        k(a32, a32, xp.empty((3,), np.float32))
    with pytest.raises(ValueError, match="Can not use 'i' as a parameter name"):
        xp.ElementwiseKernel("T i", "T z", "z = i", "bad")
    with pytest.raises(CompileException, match="undefined"):
        xp.ElementwiseKernel("T x", "T z", "z = x + nothing", "bad")(a32)
    with pytest.raises(CompileException, match="modifiable lvalue"):
        xp.ElementwiseKernel("T x", "T z", "x = 1; z = x", "bad")(a32)


def test_elementwise_kernel_scalars_take_the_parameter_type():
    k = xp.ElementwiseKernel("T x, T c", "T z", "z = x * c", "scale")
    out = k(_dev(np.array([3.0], np.float32)), 0.1)
    assert out.dtype == np.float32 and out.get()[0] == np.float32(3) * np.float32(0.1)
    k = xp.ElementwiseKernel("int8 x, int8 c", "int8 z", "z = x + c", "small")
    with pytest.raises(OverflowError):
        k(_dev(np.array([1], np.int8)), 300)


def test_elementwise_kernel_raw_arrays_and_the_index():
    # a raw parameter is read by flat index (C order); `i` is the loop's index
    k = xp.ElementwiseKernel("T e, raw L labels, int64 k", "T z",
                             "z = e - (T)(i % k == labels[i / k]) + (T)_ind.size()", "raw_i")
    e = _dev(np.zeros((2, 3), np.float32))
    z = k(e, _dev(np.array([2, 0], np.int64)), 3)
    assert z.get().tolist() == [[6, 6, 5], [5, 6, 6]]
    k = xp.ElementwiseKernel("raw T x", "T y", "y = x[i] * 2", "sized")
    assert k(_dev([1.0, 2.0, 3.0]), xp.empty((2,), np.float64)).get().tolist() == [2.0, 4.0]
    assert k(_dev([1.0, 2.0, 3.0]), size=3).get().tolist() == [2.0, 4.0, 6.0]
    with pytest.raises(ValueError, match="Loop size is Undecided"):
        k(_dev([1.0]))
    with pytest.raises(IndexError, match="undefined behaviour"):
        k(_dev([1.0]), size=2)  # (a GPU reads past the end silently)


def test_elementwise_kernel_raw_outputs_written_by_index_under_if():
    # a raw output is passed in and written by flat index (C order of its own shape), by
    # the elements an `if` lets through (batch norm's per-channel results: the first row)
    first_row = xp.ElementwiseKernel("T x, T s, int64 c", "T y, raw T first",
                                     "y = x * s; if (i < c) { first[i] = x + s; }",
                                     "first_row")
    x, s = _dev(np.arange(6.0).reshape(3, 2)), _dev([10.0, 20.0])
    y, first = xp.empty((3, 2), np.float64), xp.zeros((2,), np.float64)
    got = first_row(x, s, 2, y, first)
    assert got[0] is y and got[1] is first
    assert y.get().tolist() == [[0, 20], [20, 60], [40, 100]]
    assert first.get().tolist() == [10.0, 21.0]
    k = xp.ElementwiseKernel("T x", "raw T m", "if (i % 2 == 1) m[i / 2] = x * x", "odd")
    m = xp.zeros((2, 3), np.float64).T  # (a transposed array: written in its C order)
    k(_dev(np.arange(12.0)), m)
    assert m.get().tolist() == [[1, 9], [25, 49], [81, 121]]
    with pytest.raises(ValueError, match="Output array size is Undecided"):
        k(_dev(np.arange(12.0)))
    with pytest.raises(IndexError, match="undefined behaviour"):
        k(_dev(np.arange(14.0)), m)  # (a GPU writes past the end silently)
    with pytest.raises(CompileException, match="only raw arrays' writes under `if`"):
        xp.ElementwiseKernel("T x", "T y", "if (i < 1) { y = x; }", "bad")(x)
    with pytest.raises(CompileException, match=r"modifiable lvalue: x\[\.\.\.\]"):
        xp.ElementwiseKernel("raw T x", "T y", "x[i] = y", "bad")(x, y)
    with pytest.raises(CompileException, match="no `else`"):
        xp.ElementwiseKernel("T x", "raw T m", "if (i < 1) m[i] = x; else m[i] = 0",
                             "bad")(x, m)
    twos = _dev(np.full(12, 2.0))
    stream = strict_streams.Stream(non_blocking=True)
    with stream:  # (captured, the writes come with the graph's launch)
        stream.begin_capture()
        k(twos, m)
        first_row(x * 0, s, 2, y, first)  # (given outputs, raw or not, kept as they were)
        graph = stream.end_capture()
    assert m.get().tolist() == [[1, 9], [25, 49], [81, 121]]
    assert y.get().tolist() == [[0, 20], [20, 60], [40, 100]]
    assert first.get().tolist() == [10.0, 21.0]
    graph.launch()
    assert m.get().tolist() == [[4, 4], [4, 4], [4, 4]]
    assert y.get().tolist() == [[0, 0]] * 3 and first.get().tolist() == [10.0, 20.0]


def test_elementwise_kernel_under_capture_replays():
    k = xp.ElementwiseKernel("T x", "T y", "y = x * x + (T)1", "sq1")
    x = _dev(np.array([1.0, 2.0]))
    stream = strict_streams.Stream(non_blocking=True)
    with stream:
        stream.begin_capture()
        y = k(x)
        graph = stream.end_capture()
    assert np.isnan(y.get()).all()  # not run yet (a GPU's buffer holds anything)
    x[...] = xp.asarray(np.array([3.0, 4.0]))
    graph.launch()
    assert y.get().tolist() == [10.0, 17.0]


def test_reduction_kernel_mean_and_max():
    x = _dev(np.arange(6.0).reshape(2, 3))
    k = xp.ReductionKernel("T x", "T y", "x * x", "a + b", "y = a / (T)(_in_ind.size() / "
                           "_out_ind.size())", "0", "mean_sq")
    with strict.count_launches() as n:
        m = k(x, axis=1, keepdims=True)
    assert n["kernel"] == 1 and n["total"] == 1
    np.testing.assert_allclose(m.get(), [[5 / 3], [50 / 3]])
    k = xp.ReductionKernel("T x", "T y", "x", "max(a, b)", "y = a", "-INFINITY", "mx")
    assert k(_dev([1.0, np.nan, 3.0])).get() == 3.0  # fmax: NaN loses


# -- fused kernels against the CPU path ---------------------------------------------------

def _both(fn, *arrays):
    """fn's results on CPU:0 and on the stand-in GPU (inputs made on each)."""
    with tf.device("/CPU:0"):
        cpu = fn(*[tf.constant(a) for a in arrays])
    dev = fn(*[tf.constant(a) for a in arrays])
    return cpu, dev


def test_relu_grad_and_div_no_nan_are_one_launch(gpu):
    rng = np.random.default_rng(0)
    g = rng.normal(size=(4, 5)).astype(np.float32)
    y = rng.normal(size=(4, 5)).astype(np.float32)
    g[0, 0], y[0, 0] = np.nan, -1.0  # NaN * 0 stays NaN, as TF's product
    from eagerflow._src.ops import nn
    from eagerflow._src.ops.dispatch import bind

    def relu_grad(a, b):
        return bind(nn.RELU_GRAD, (a, b), {})
    cpu, dev = _both(relu_grad, g, y)
    np.testing.assert_array_equal(dev.numpy(), cpu.numpy())
    gt, yt = tf.constant(g), tf.constant(y)
    with strict.count_launches() as n:
        relu_grad(gt, yt)
    assert dict(n) == {"kernel": 1, "total": 1}

    x = np.array([1.0, np.inf, -2.0, 0.0, np.nan], np.float64)
    d = np.array([0.0, 0.0, 4.0, 0.0, 1.0], np.float64)
    cpu, dev = _both(tf.math.divide_no_nan, x, d)
    np.testing.assert_array_equal(dev.numpy(), cpu.numpy())
    assert dev.numpy().tolist()[:4] == [0.0, 0.0, -0.5, 0.0]
    xt, dt_ = tf.constant(x), tf.constant(d)
    with strict.count_launches() as n:
        tf.math.divide_no_nan(xt, dt_)
    assert dict(n) == {"kernel": 1, "total": 1}


@pytest.mark.parametrize("dtype", [np.float32, np.float64])
def test_sparse_softmax_cross_entropy_on_a_device(gpu, dtype):
    rng = np.random.default_rng(6)
    logits = (rng.normal(size=(5, 7)) * 4).astype(dtype)
    labels = np.array([0, 6, 3, 3, 1], np.int32)

    def xent(x, y):
        return tf.raw_ops.SparseSoftmaxCrossEntropyWithLogits(features=x, labels=y)
    cpu, dev = _both(xent, logits, labels)
    for a, b in zip(dev, cpu):  # the same float operations: the same bits on the stand-in
        np.testing.assert_array_equal(a.numpy(), b.numpy())
    x, y = tf.constant(logits), tf.constant(labels)
    with strict.count_launches() as n:
        xent(x, y)
    # max, exp, sum, loss, backprop (14 as ufuncs); no label check, no read back
    assert dict(n) == {"reduction": 2, "kernel": 3, "total": 5}


@pytest.mark.parametrize("ltype", [np.int32, np.int64])
def test_sparse_softmax_cross_entropy_bad_labels_on_a_device_are_nan_rows(gpu, ltype):
    """TF's GPU kernel (and tf.nn.sparse_softmax_cross_entropy_with_logits's docs): a label
    outside [0, k) gives its row NaN loss and backprop, not the CPU's error."""
    rng = np.random.default_rng(7)
    logits = rng.normal(size=(4, 3)).astype(np.float32)
    labels = np.array([0, 3, -1, 2], ltype)
    from eagerflow._src.ops import nn_loss
    from eagerflow._src.ops.dispatch import bind

    x, y = tf.constant(logits), tf.constant(labels)
    with strict_streams.count_transfers() as moved:  # (tf.raw_ops reads its inputs: bind)
        loss, bp = bind(nn_loss.SPARSE_XENT, (x, y), {})
    assert moved["to_host"] == 0
    ok = bind(nn_loss.SPARSE_XENT, (x, tf.constant(np.array([0, 1, 1, 2], ltype))),
              {})
    for got, want in zip((loss, bp), ok):
        got, want = got.numpy(), want.numpy()
        assert np.isnan(got[1:3]).all()
        np.testing.assert_array_equal(got[[0, 3]], want[[0, 3]])
    with tf.device("/CPU:0"):
        with pytest.raises(tf.errors.InvalidArgumentError,
                           match="Received a label value of -1 which"):
            tf.raw_ops.SparseSoftmaxCrossEntropyWithLogits(features=tf.constant(logits),
                                                           labels=tf.constant(labels))


def test_an_unused_xent_backprop_gradient_is_skipped_unread_and_untraced(gpu):
    """The zeros a tape feeds the unused backprop output are known as such: no read back
    on a device, and no softmax gradient traced into tf.function's graph."""
    rng = np.random.default_rng(9)
    logits = rng.normal(size=(6, 5)).astype(np.float32)
    labels = np.array([0, 4, 2, 2, 1, 3], np.int64)

    def grad(x, y):
        with tf.GradientTape() as tape:
            tape.watch(x)
            loss = tf.reduce_mean(tf.nn.sparse_softmax_cross_entropy_with_logits(y, x))
        return tape.gradient(loss, x)
    cpu, dev = _both(grad, logits, labels)
    np.testing.assert_array_equal(dev.numpy(), cpu.numpy())
    x, y = tf.constant(logits), tf.constant(labels)
    with strict_streams.count_transfers() as moved:
        grad(x, y)
    assert moved["to_host"] == 0
    fn = tf.function(grad)
    ops = [op.type for op in fn.get_concrete_function(x, y).graph.get_operations()]
    assert "SparseSoftmaxCrossEntropyWithLogits" in ops and "Softmax" not in ops
    np.testing.assert_array_equal(fn(x, y).numpy(), cpu.numpy())
    # a gradient fed to the backprop output is still taken through it
    with tf.GradientTape() as tape:
        tape.watch(x)
        _, bp = tf.raw_ops.SparseSoftmaxCrossEntropyWithLogits(features=x, labels=y)
        total = tf.reduce_sum(bp * bp)
    with tf.device("/CPU:0"):
        xc = tf.constant(logits)
        with tf.GradientTape() as tape_c:
            tape_c.watch(xc)
            _, bpc = tf.raw_ops.SparseSoftmaxCrossEntropyWithLogits(
                features=xc, labels=tf.constant(labels))
            total_c = tf.reduce_sum(bpc * bpc)
        want = tape_c.gradient(total_c, xc).numpy()
    np.testing.assert_allclose(tape.gradient(total, x).numpy(), want, rtol=1e-6, atol=1e-7)
    assert np.abs(want).max() > 1e-3


def test_bias_add_grad_and_sum_are_one_product_on_a_device(gpu):
    g = np.random.default_rng(1).normal(size=(64, 9, 9, 16)).astype(np.float32)
    cpu, dev = _both(lambda t: tf.raw_ops.BiasAddGrad(out_backprop=t), g)
    # (sums of 5,184 terms in another order: within float32 rounding of their magnitude)
    np.testing.assert_allclose(dev.numpy(), cpu.numpy(), rtol=1e-5, atol=1e-3)
    gt = tf.constant(g)
    with strict.count_launches() as n:
        tf.raw_ops.BiasAddGrad(out_backprop=gt)
        tf.reduce_sum(gt, axis=[0, 1, 2])
    # (a GEMV against ones each: the device's ones made once, by the first above)
    assert dict(n) == {"matmul": 2, "total": 2}
    small = tf.constant(g[:2, :4])  # (2, 4, 9, 16): below sum_run's size, one reduction
    with strict.count_launches() as n:
        tf.raw_ops.BiasAddGrad(out_backprop=small)
    assert dict(n) == {"reduction": 1, "total": 1}


def _adam_run(steps=3):
    rng = np.random.default_rng(2)
    w = tf.Variable(rng.normal(size=(5, 3)).astype(np.float32))
    b = tf.Variable(np.zeros(3, np.float32))
    opt = tf.keras.optimizers.Adam(learning_rate=0.01)
    x = tf.constant(rng.normal(size=(8, 5)).astype(np.float32))
    for _ in range(steps):
        with tf.GradientTape() as tape:
            loss = tf.reduce_mean(tf.square(tf.matmul(x, w) + b))
        opt.apply_gradients(zip(tape.gradient(loss, [w, b]), [w, b]))
    return w.numpy(), b.numpy(), opt


def test_adam_update_is_one_kernel_per_variable_and_matches_the_cpu(gpu):
    with tf.device("/CPU:0"):
        want = _adam_run()
    got = _adam_run()
    for a, b in zip(got[:2], want[:2]):
        np.testing.assert_allclose(a, b, rtol=1e-6, atol=1e-7)
    opt = tf.keras.optimizers.Adam()
    v = tf.Variable(np.ones((4, 4), np.float32))
    g = tf.constant(np.full((4, 4), 0.5, np.float32))
    opt.apply_gradients([(g, v)])  # builds its slots
    with strict.count_launches(where=True) as n:
        opt.apply_gradients([(g, v)])
    kernels = sorted(k[1].split(" ")[-1] for k in n if isinstance(k, tuple) and
                     k[0] == "kernel")
    # the step size (nine launches before) and m, v and the step (eleven ufuncs before)
    assert kernels == ["_adam_kernel", "_alpha_kernel"]
    assert n["total"] == 4, dict(n)  # and the variable's subtraction, the step count's add


def _adam_group_run(steps=3):
    """Adam over five small variables (one with a constraint: per variable), one of them
    written from outside between steps."""
    rng = np.random.default_rng(9)
    shapes = [(5, 3), (3,), (), (2, 2, 2)]
    variables = [tf.Variable(rng.normal(size=s).astype(np.float32)) for s in shapes]
    variables.append(tf.Variable(np.zeros(3, np.float32),
                                 constraint=lambda x: tf.clip_by_value(x, -0.5, 0.5)))
    opt = tf.keras.optimizers.Adam(learning_rate=0.01)
    out, launches = [], []
    for step in range(steps):
        grads = [tf.constant(rng.normal(size=v.shape).astype(np.float32)) for v in variables]
        with strict.count_launches() as n:
            opt.apply_gradients(zip(grads, variables))
        launches.append(n["total"])
        out.append([x.numpy() for v in variables
                    for x in (v, opt.get_slot(v, "m"), opt.get_slot(v, "v"))])
        if step == 1:
            variables[1].assign(np.full(3, 0.25, np.float32))
    return out, launches


def test_adam_updates_a_devices_small_variables_together(gpu, monkeypatch):
    """On a device too, Adam's small variables take keras/optimizers/flat.py's path: the
    gradients gathered by one concatenation and one update kernel (the step subtracted
    in it) for the group, bit for bit the per-variable path's values (and the CPU's within
    float rounding); the constrained variable keeps its own update."""
    from eagerflow._src.keras.optimizers import flat

    got, launches = _adam_group_run()
    # the step size, the step count, the group's gather and update, the constrained
    # variable's update, subtraction and clip (two ufuncs); after the outside write, the
    # group's variables and slots gathered afresh (three concatenations)
    assert launches[1:] == [8, 11], launches
    monkeypatch.setattr(flat, "SMALL", -1)  # every variable on its own
    per_variable, each = _adam_group_run()
    assert each[1] > launches[1] + 4
    for a, b in zip(got, per_variable):
        for x, y in zip(a, b):
            np.testing.assert_array_equal(x, y)
    monkeypatch.undo()
    with tf.device("/CPU:0"):
        cpu, _ = _adam_group_run()
    for a, b in zip(got, cpu):
        for x, y in zip(a, b):
            np.testing.assert_allclose(x, y, rtol=1e-6, atol=1e-7)


def _in_place_run(make):
    """Five steps of `make()`'s optimizer over two small variables on the device: a read
    of the variable and a read of a slot are held over the third step, a reshape of the
    variable alone over the fourth. Returns the values (with, after the third and fourth
    steps, the held tensors' values then and as first read), each step's launches and
    whether each step kept the variables' arrays (written in place: weak references,
    which hold nothing)."""
    a, b = tf.Variable([1.0, 2.0, 3.0]), tf.Variable([[3.0]])
    opt = make()
    g = [tf.constant([0.5, -1.0, 2.0]), tf.constant([[1.0]])]
    out, launches, kept, held = [], [], [], []
    for step in range(5):
        was = weakref.ref(a._arr)
        with strict.count_launches() as n:
            opt.apply_gradients(zip(g, [a, b]))
        launches.append(n["total"])
        kept.append(was() is a._arr)
        out.append([x.numpy() for x in (a, b, *(opt.get_slot(a, s) for s in _SLOTS(opt)))])
        if held:
            out.append([t.numpy() for t, _ in held] + [v for _, v in held])
        held = []
        if step == 1:  # reads alive across the next step keep their values
            slot = opt.get_slot(a, _SLOTS(opt)[0])
            held = [(t, t.numpy()) for t in (a.read_value(), slot.read_value())]
        if step == 2:  # and so does a view of a read (CuPy's views hold their base)
            held = [(t, t.numpy()) for t in (tf.reshape(a, [3, 1]),)]
    return out, launches, kept


def _SLOTS(opt):  # noqa: N802 - a table's name
    return ("m", "v") if isinstance(opt, tf.keras.optimizers.Adam) else ("momentum",)


@pytest.mark.parametrize("make", [lambda: tf.keras.optimizers.Adam(0.01),
                                  lambda: tf.keras.optimizers.SGD(0.1, momentum=0.9),
                                  lambda: tf.keras.optimizers.SGD(0.1, momentum=0.8,
                                                                  nesterov=True)])
def test_flat_update_on_a_device_writes_in_place_where_no_read_is_alive(gpu, monkeypatch,
                                                                        make):
    """keras/optimizers/flat.py on a device writes the flat buffers in place (the update's
    one kernel, no slicing of new buffers into views) unless a tensor read from a variable
    or slot is alive: then new buffers, and the reads keep their values, as TF's
    copy-on-write updates. The values are the per-variable path's, bit for bit."""
    from eagerflow._src.keras.optimizers import flat

    got, launches, kept = _in_place_run(make)
    # the first step gathers; the third and fourth, with reads alive, make new buffers
    assert kept == [False, True, False, False, True]
    for held, n in ((got[3], 2), (got[5], 1)):
        for now, then in zip(held[:n], held[n:]):
            np.testing.assert_array_equal(now, then)
    assert not np.array_equal(got[2][0], got[3][2])  # (the variable itself moved on)
    monkeypatch.setattr(flat, "SMALL", -1)  # every variable on its own
    per_variable, _ = _in_place_run(make)[:2]
    assert launches[1] == launches[2] == launches[4]
    for a, b in zip(got, per_variable):
        for x, y in zip(a, b):
            np.testing.assert_array_equal(x, y)


def test_adam_traced_for_a_device_takes_one_step_size_kernel(gpu, monkeypatch):
    """Under tf.function on a device the step size is _AdamAlpha too (nine launches
    before), with the CPU's values (the generated code's launches: no CUDA graph)."""
    monkeypatch.setattr(DP, "CUDA_GRAPHS", [False])
    def run():
        rng = np.random.default_rng(4)
        w = tf.Variable(rng.normal(size=(5, 3)).astype(np.float32))
        opt = tf.keras.optimizers.Adam(learning_rate=0.01)
        x = tf.constant(rng.normal(size=(8, 5)).astype(np.float32))

        @tf.function
        def step():
            with tf.GradientTape() as tape:
                loss = tf.reduce_mean(tf.square(tf.matmul(x, w)))
            opt.apply_gradients([(tape.gradient(loss, w), w)])
        for _ in range(3):
            step()
        return w.numpy(), step
    with tf.device("/CPU:0"):
        want, _ = run()
    got, step = run()
    np.testing.assert_allclose(got, want, rtol=1e-6, atol=1e-7)
    ops = [op.type for op in step.get_concrete_function().graph.get_operations()]
    assert "_AdamAlpha" in ops and "Pow" not in ops
    with strict.count_launches(where=True) as n:
        step()
    assert sum(v for k, v in n.items() if isinstance(k, tuple) and "_alpha_kernel" in k[1]) == 1


@pytest.mark.parametrize("momentum", [0.0, 0.9])
def test_rmsprop_update_is_one_kernel_per_variable_and_matches_the_cpu(gpu, momentum):
    rng = np.random.default_rng(5)
    w0 = rng.normal(size=(6, 3)).astype(np.float32)
    grads = [rng.normal(size=(6, 3)).astype(np.float32) for _ in range(3)]

    def run():
        v = tf.Variable(w0)
        opt = tf.keras.optimizers.RMSprop(0.01, momentum=momentum)
        for g in grads:
            opt.apply_gradients([(tf.constant(g), v)])
        return v, opt
    with tf.device("/CPU:0"):
        want, _ = run()
    got, opt = run()
    assert got.device.endswith("GPU:0")
    # the stand-in runs the kernel's C in the same float operations: the same bits here
    # (a GPU may contract a product and a sum into one FMA: within rounding there)
    np.testing.assert_array_equal(got.numpy(), want.numpy())
    g = tf.constant(grads[0])
    with strict.count_launches(where=True) as n:
        opt.apply_gradients([(g, got)])
    assert sum(c for k, c in n.items() if isinstance(k, tuple) and k[0] == "kernel") == 1


@pytest.mark.parametrize("nesterov", [False, True])
def test_sgd_momentum_update_is_one_kernel_per_variable_and_matches_the_cpu(gpu, nesterov):
    rng = np.random.default_rng(7)
    w0 = rng.normal(size=(6, 3)).astype(np.float32)
    grads = [rng.normal(size=(6, 3)).astype(np.float32) for _ in range(3)]

    def run():
        v = tf.Variable(w0)
        opt = tf.keras.optimizers.SGD(0.05, momentum=0.9, nesterov=nesterov)
        for g in grads:
            opt.apply_gradients([(tf.constant(g), v)])
        return v, opt
    with tf.device("/CPU:0"):
        want, _ = run()  # (the composite, in place)
    got, opt = run()
    np.testing.assert_array_equal(got.numpy(), want.numpy())  # the same float operations
    g = tf.constant(grads[0])
    with strict.count_launches() as n:
        opt.apply_gradients([(g, got)])
    assert dict(n) == {"kernel": 1, "elementwise": 1, "total": 2}  # (and the step count)


# Convolutions without cuDNN (the stand-in has none): im2col by one gather kernel reading
# the unpadded input, a bias and relu epilogue by one kernel.
_CONVS = [  # (input shape, filter shape, strides, padding, dilations)
    ((2, 9, 8, 1), (3, 3, 1, 4), 1, "VALID", 1),      # one channel (the CPU's tap-major)
    ((2, 9, 8, 3), (3, 2, 3, 5), 1, "SAME", 1),
    ((2, 10, 9, 4), (3, 3, 4, 6), 2, "SAME", 1),      # strided input grad: col2im
    ((1, 11, 10, 2), (3, 3, 2, 3), 1, "SAME", 2),     # dilated
    ((2, 8, 7, 2), (2, 3, 2, 4), 1, [[0, 0], [2, 1], [0, 3], [0, 0]], 1),
    ((2, 7, 6, 4), (3, 3, 2, 4), 1, "SAME", 1),       # two groups
    ((2, 13, 3), (4, 3, 5), 3, "VALID", 1),           # 1-D
    ((1, 5, 6, 4, 2), (2, 3, 2, 2, 3), 1, "SAME", 1),  # 3-D
]


@pytest.mark.parametrize("dtype", ["float32", "float64", "float16", "bfloat16"])
@pytest.mark.parametrize("case", range(len(_CONVS)))
def test_convolution_on_a_device_matches_the_cpu(gpu, case, dtype):
    """Forward, input and filter gradients, on the stand-in GPU (the gather kernel) and
    on CPU (pads, window views and per-tap copies). The half types: the CPU adds in
    float32 and rounds once (TF's kernels), a device's col2im rounds each tap's add."""
    if dtype == "bfloat16" and strict.BFLOAT16 is None:
        pytest.skip("ml_dtypes is not installed")
    dtype = strict.BFLOAT16 if dtype == "bfloat16" else np.dtype(dtype)
    xs, ws, stride, padding, dilation = _CONVS[case]
    rng = np.random.default_rng(case)
    x = rng.normal(size=xs).astype(dtype)
    w = rng.normal(size=ws).astype(dtype)

    def conv(x, w):
        with tf.GradientTape() as tape:
            tape.watch([x, w])
            # (explicit paddings: conv2d's; TF's tf.nn.convolution takes strings only)
            op = tf.nn.conv2d if isinstance(padding, list) else tf.nn.convolution
            y = op(x, w, strides=stride, padding=padding, dilations=dilation)
            loss = tf.reduce_sum(y * tf.cos(y))
        return [y] + tape.gradient(loss, [x, w])
    cpu, dev = _both(conv, x, w)
    # Products summed in another order (BLAS picks its kernels per machine): float32's own
    # error against float64 reaches ~2e-6 of the result's largest magnitude here.
    tol = {"float32": 1e-5, "float64": 1e-12, "float16": 1e-2, "bfloat16": 5e-2}[dtype.name]
    for a, b in zip(dev, cpu):
        assert a.device.endswith("GPU:0") and a.dtype == b.dtype
        got, want = (t.numpy().astype(np.float64) for t in (a, b))
        np.testing.assert_allclose(got, want, rtol=tol,
                                   atol=tol * max(1.0, np.abs(want).max()))


@pytest.mark.parametrize("dtype", ["float32", "float16", "bfloat16"])
def test_convolution_launches_on_a_device(gpu, dtype):
    """The same launches in every float type: the half types' gather and col2im kernels
    move and add CuPy's half classes (there were a pad, its copy and a copy per tap)."""
    if dtype == "bfloat16" and strict.BFLOAT16 is None:
        pytest.skip("ml_dtypes is not installed")
    dtype = strict.BFLOAT16 if dtype == "bfloat16" else np.dtype(dtype)
    rng = np.random.default_rng(0)
    x = tf.constant(rng.normal(size=(4, 12, 12, 1)).astype(dtype))
    w = tf.constant(rng.normal(size=(3, 3, 1, 8)).astype(dtype))
    g = tf.constant(np.ones((4, 12, 12, 8), dtype))
    with strict.count_launches() as n:
        tf.nn.conv2d(x, w, 1, "SAME")
    # one gather (it was a pad's fill, a copy into it and nine tap copies) and the GEMM
    assert dict(n) == {"kernel": 1, "matmul": 1, "total": 2}
    with strict.count_launches() as n:
        tf.raw_ops.Conv2DBackpropFilter(input=x, filter_sizes=[3, 3, 1, 8], out_backprop=g,
                                        strides=[1, 1, 1, 1], padding="SAME")
    assert dict(n) == {"kernel": 1, "matmul": 1, "total": 2}  # (no zeros to add it to)
    with strict.count_launches() as n:
        tf.raw_ops.Conv2DBackpropInput(input_sizes=[4, 12, 12, 1], filter=w, out_backprop=g,
                                       strides=[1, 1, 1, 1], padding="SAME")
    # the flipped filter's copy, the gather (pads g as it reads), the GEMM
    assert dict(n) == {"copy": 1, "kernel": 1, "matmul": 1, "total": 3}
    g2 = tf.constant(np.ones((4, 6, 6, 8), dtype))
    with strict.count_launches() as n:
        tf.raw_ops.Conv2DBackpropInput(input_sizes=[4, 12, 12, 1], filter=w, out_backprop=g2,
                                       strides=[1, 2, 2, 1], padding="SAME")
    # strided: the columns' GEMM and one col2im kernel (a fill, nine strided adds and the
    # interior's copy before)
    assert dict(n) == {"kernel": 1, "matmul": 1, "total": 2}


@pytest.mark.parametrize("relu", [False, True])
def test_fused_conv_bias_relu_on_a_device(gpu, relu):
    rng = np.random.default_rng(3)
    x = rng.normal(size=(2, 6, 6, 3)).astype(np.float32)
    x[0, 0, 0, 0] = np.nan  # relu keeps a NaN, as the unfused Relu's maximum
    w = rng.normal(size=(3, 3, 3, 4)).astype(np.float32)
    b = rng.normal(size=(4,)).astype(np.float32)
    from eagerflow._src.ops import nn_fused

    def fused(x, w, b):
        return nn_fused.conv2d_bias_act(x, w, b, 1, "SAME", 1, relu)

    def unfused(x, w, b):
        y = tf.nn.bias_add(tf.nn.conv2d(x, w, 1, "SAME"), b)
        return tf.nn.relu(y) if relu else y
    cpu, dev = _both(fused, x, w, b)
    ref, _ = _both(unfused, x, w, b)
    np.testing.assert_allclose(dev.numpy(), cpu.numpy(), rtol=1e-5, atol=1e-5)
    np.testing.assert_allclose(dev.numpy(), ref.numpy(), rtol=1e-5, atol=1e-5)
    assert np.isnan(dev.numpy()).any() and np.isnan(ref.numpy()).any()
    xt, wt, bt = (tf.constant(a) for a in (x, w, b))
    with strict.count_launches() as n:
        fused(xt, wt, bt)
    assert dict(n) == {"kernel": 2, "matmul": 1, "total": 3}  # gather, GEMM, epilogue


# -- whole steps ----------------------------------------------------------------------------

def _benchmark(name):
    spec = importlib.util.spec_from_file_location(
        f"benchmark_{name}", Path(__file__).resolve().parents[2] / "benchmarks" / f"{name}.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_step_launches_are_bounded(gpu):
    """benchmarks/launches.py's rows at a small batch: before this counter's first cuts the
    guide CNN's eager step made 183 launches (66 of them Adam's ufuncs) and 5 copies in,
    the MLP's 44; then 95 and 2, and 35; 63 with im2col as one gather kernel, 57 and one read back
    with the label checks gone (a GPU's NaN rows, as TF's), 56 and none with the unused
    backprop gradient's zeros known unread (tf.function 101 -> 59, the MLP's 40 -> 30),
    and tf.function's 54 with Adam's step size one kernel; eagerly 47 and no copy in with
    Adam's flat update on the device (its 6 kernels and 6 subtractions: 3 launches); 45,
    51 traced, the MLP's 30 and 28 with a mean one reduction and its gradient's ratio a
    kernel argument."""
    bench = _benchmark("launches")
    cnn = bench.measure(tf, strict, *bench.cnn_step(tf, 4))
    assert cnn["launches"]["total"] <= 45 and cnn["launches"]["kernel"] >= 14
    assert cnn["to_host"] == 0 and cnn["to_device"] == 0
    fn = bench.measure(tf, strict, *((lambda s, a: (tf.function(s), a))(
        *bench.cnn_step(tf, 4))))
    assert fn["launches"]["total"] <= 51 and fn["to_host"] == 0
    mlp = bench.measure(tf, strict, *bench.mlp_step(tf, 8))
    assert mlp["launches"]["total"] <= 30 and mlp["to_host"] == 0
    mlp_fn = bench.measure(tf, strict, *((lambda s, a: (tf.function(s), a))(
        *bench.mlp_step(tf, 8))))
    assert mlp_fn["launches"]["total"] <= 28


@pytest.mark.parametrize("policy", ["mixed_float16", "mixed_bfloat16"])
def test_mixed_precision_step_launches_are_bounded(gpu, policy):
    """The guide CNN's step under Keras's mixed precision policies: 88 launches eagerly
    and 89 traced in float16 (bfloat16: one more each) while half convolutions built
    their columns by a pad, its copy and a copy per tap and half chains did not fuse;
    64 and 63 after that (21 copies left, casts but two); 54 traced since casts between
    float types fuse and the gradients' casts fold into the Adam update (11 copies). 68
    eagerly since GlobalAveragePooling2D averages half inputs in float32 as Keras 3's
    ops.mean does (a cast up and back, forward and backward)."""
    bench = _benchmark("launches")
    tf.keras.mixed_precision.set_global_policy(policy)
    try:
        eager = bench.measure(tf, strict, *bench.cnn_step(tf, 4))
        traced = bench.measure(tf, strict, *((lambda s, a: (tf.function(s), a))(
            *bench.cnn_step(tf, 4))))
    finally:
        tf.keras.mixed_precision.set_global_policy("float32")
    extra = policy == "mixed_bfloat16"
    assert eager["launches"]["total"] <= 68 + extra
    assert traced["launches"]["total"] <= 54 + extra and traced["launches"]["copy"] <= 11
    for m in (eager, traced):
        assert m["to_host"] == 0 and m["to_device"] == 0


# -- the same kernels on CuPy, where a GPU is (skipped without one) ----------------------

def _cupy_or_skip():
    cupy = pytest.importorskip("cupy")
    try:
        if cupy.cuda.runtime.getDeviceCount() == 0:
            pytest.skip("no CUDA device")
    except cupy.cuda.runtime.CUDARuntimeError:
        pytest.skip("no usable CUDA driver")
    return cupy


def _kernel_cases():
    from eagerflow._src.ops import nn_batchnorm, nn_fused, nn_loss, windows, windows_cuda

    rng = np.random.default_rng(8)
    images = rng.normal(size=(2, 5, 4, 2)).astype(np.float32)
    f = np.float32
    m, g = rng.normal(size=(3, 4)).astype(f), rng.normal(size=(3, 4)).astype(f)
    v, lr = rng.uniform(0, 1, (3, 4)).astype(f), np.array(0.01, f)
    logits = rng.normal(size=(3, 5)).astype(f)
    mx = logits.max(axis=1, keepdims=True)
    e = np.exp(logits - mx)
    total = e.sum(axis=1, keepdims=True)
    labels = np.array([4, 0, 2], np.int64)
    return [
        (nn_fused._ADAM_CUDA, (m, v, g, lr, f(0.1), f(0.001), f(1e-7))),
        (nn_fused._ADAM_APPLY_CUDA, (m, v, g, lr, f(0.1), f(0.001), f(1e-7), g * 2)),
        (nn_fused._ADAM_APPLY_CUDA,  # (a mixed precision step's float16 gradient)
         (m, v, g.astype(np.float16), lr, f(0.1), f(0.001), f(1e-7), g * 2)),
        (nn_fused._RMSPROP_CUDA, (v, g, lr, f(0.9), f(0.1), f(1e-7))),
        (nn_fused._SGD_CUDA[True], (m, v, g, lr, f(0.9))),
        (nn_fused._ALPHA_CUDA, (lr, np.array(41, np.int64), f(0.9), f(0.999))),
        (nn_loss._XENT_EXP, (logits, mx)),
        (nn_loss._XENT_LOSS, (total[:, 0], labels, logits, mx, 5)),
        (nn_loss._XENT_BACKPROP, (e, total, labels, 5)),
        (windows_cuda.gather_source((2, 5, 4, 2), (5, 4), (3, 2), (1, 1), (2, 1),
                                    ((2, 0), (1, 0))),
         (images, np.int64(3), np.empty((37, 12), f))),
        (windows._EPILOGUE_CUDA[True, True], (logits, logits[0])),
        (nn_batchnorm._NORMALIZE, (logits, logits[0], e[0], f(3.0), logits[1], logits[2],
                                   f(1e-3), logits[0] * 0.5, e[0] + 1, f(0.99), f(0.01), 5,
                                   np.empty_like(logits), *(np.empty(5, f) for _ in range(4)))),
        (nn_batchnorm._CENTRED_PRODUCT, (logits, e, logits[2])),
        (nn_batchnorm._INPUT_GRAD, (logits, e, logits[0], e[0], logits[1], logits[2], e[1],
                                    f(1e-3), f(3.0), 5, np.empty_like(logits), np.empty(5, f))),
        (nn_batchnorm._SQUARED_DEVIATION, (logits, logits[0], f(3.0))),
        (windows_cuda.col2im_source((5, 4), 2, (3, 2), (3, 2), (2, 2), (1, 1), (1, 0)),
         (rng.normal(size=(12, 12)).astype(f), np.empty((2, 5, 4, 2), f))),
    ]


def test_the_device_kernels_agree_with_cupy():
    """What the stand-in computes from a kernel's C is what NVRTC's compiled kernel
    computes, within float32 rounding (CUDA may contract a * b + c into an FMA)."""
    cupy = _cupy_or_skip()
    for source, args in _kernel_cases():
        want = xp.ElementwiseKernel(*source)(*[
            _dev(a) if isinstance(a, np.ndarray) else a for a in args])
        got = cupy.ElementwiseKernel(*source)(*[
            cupy.asarray(a) if isinstance(a, np.ndarray) else a for a in args])
        for w, c in zip(want if isinstance(want, tuple) else (want,),
                        got if isinstance(got, tuple) else (got,)):
            np.testing.assert_allclose(cupy.asnumpy(c), w.get(), rtol=2e-6, atol=1e-7,
                                       err_msg=source[3])


def test_assign_add_on_a_device_leaves_a_kept_reshape_of_the_variable(gpu):
    """variables._update_in_place writes a variable's array in place only when nothing
    else refers to it: a reshape of a read is a view, which (as CuPy's views hold their
    base) counts, so it keeps its value; with nothing kept the array is written in place."""
    c = tf.Variable([1.0, 2.0])
    t = tf.reshape(c, [2, 1])
    arr = weakref.ref(c._arr)
    c.assign_add([1.0, 1.0])
    np.testing.assert_array_equal(t.numpy(), [[1.0], [2.0]])
    assert arr() is not c._arr
    del t
    arr = weakref.ref(c._arr)
    c.assign_add([1.0, 1.0])
    assert arr() is c._arr
    np.testing.assert_array_equal(c.numpy(), [3.0, 4.0])
