"""Ops whose device kernel is one generated launch where their xp composition would make
several (ops/elementwise.py: one_launch), and the CUDA expressions that tf.function's
fusion (graph/fusion.py) builds kernels from: each checked against the CPU's kernel on the
strict stand-in, whose ElementwiseKernel runs the CUDA C over NumPy with C's rules."""

import numpy as np
import pytest

import eagerflow as tf
from eagerflow._src.backend import strict, strict_streams
from eagerflow._src.core import device
from eagerflow._src.graph import fusion
from eagerflow._src.ops import math as M
from eagerflow._src.ops.dispatch import bind
from eagerflow._src.ops.registry import all_ops

xp = strict.xp


@pytest.fixture
def gpu():
    with device.standin_gpus(1):
        yield


def _expression_cases() -> list:
    """(op, sample inputs) for each op with its own CUDA expression and a sample of real
    floats without attrs (the inputs a fused kernel gets)."""
    cases = []
    for op in all_ops():
        if op.cuda is None:
            continue
        for i, s in enumerate(op.samples):
            arrays = [np.asarray(a) for a in s.inputs]
            if not s.attrs and all(a.dtype.kind == "f" for a in arrays):
                cases.append(pytest.param(op, arrays, id=f"{op.name}-{i}"))
    return cases


@pytest.mark.parametrize("op, arrays", _expression_cases())
@pytest.mark.parametrize("dtype", [np.float32, np.float64])
def test_a_cuda_expression_computes_its_ops_kernel(op, arrays, dtype):
    arrays = [a.astype(dtype) for a in arrays]
    names = [f"x{i}" for i in range(len(arrays))]
    kernel = xp.ElementwiseKernel(", ".join(f"T {n}" for n in names), "T z",
                                  "z = " + op.cuda.format(*names), "eagerflow_test")
    got = kernel(*[xp.asarray(a) for a in arrays]).get()
    want = np.asarray(op.kernel(np, *arrays))
    np.testing.assert_allclose(got, want, rtol=2e-6 if dtype == np.float32 else 1e-14)



def _fusable_float_cases() -> list:
    """(op, sample inputs) for each op fusion takes (a CUDA expression, its own or its
    ufunc's) on its samples of real floats without attrs."""
    cases = []
    for op in sorted(all_ops(), key=lambda o: o.name):
        if not op.gpu or fusion.cuda_expression(op) is None:
            continue
        for i, s in enumerate(op.samples):
            arrays = [np.asarray(a) for a in s.inputs]
            if not s.attrs and arrays and all(a.dtype.kind == "f" for a in arrays):
                cases.append(pytest.param(op, arrays, id=f"{op.name}-{i}"))
    return cases


# ops whose own kernel on a device rounds a half type once, as a fused kernel does (a
# ufunc, a selection, a quotient); the others compose several rounded steps there
_ROUNDED_ONCE = ("Relu", "ReluGrad", "SelectV2", "RealDiv")


@pytest.mark.parametrize("op, arrays", _fusable_float_cases())
@pytest.mark.parametrize("half", ["float16", "bfloat16"])
def test_a_fused_half_op_is_its_own_kernel_rounded_once(gpu, op, arrays, half):
    """Each fusable op in float16 and bfloat16, fused with a negation (exact) under
    tf.function, against its own kernel run eagerly on the device: the same bits where
    that kernel rounds once, within one unit in the last place where it composes steps
    (the fused kernel computes in float and rounds once: Rsqrt, Sigmoid, the safe
    gradients, SquaredDifference)."""
    if half == "bfloat16" and strict.BFLOAT16 is None:
        pytest.skip("ml_dtypes is not installed")
    dtype = np.float16 if half == "float16" else strict.BFLOAT16
    xs = [tf.constant(a.astype(dtype)) for a in arrays]

    def chain(*xs):
        y = bind(op, xs, {})
        if y.dtype == tf.bool:
            return tf.equal(y, False)
        return tf.abs(y) if op.name == "Neg" else -y  # (a double negation is removed)

    try:
        want = chain(*xs)
    except (TypeError, ValueError, tf.errors.OpError):
        pytest.skip(f"{op.name} takes no {half}")
    traced = tf.function(chain)
    got = traced(*xs)
    prog = traced.get_concrete_function(*xs)._on_device[(device.current_device().canonical,
                                                         False)]
    assert [len(g.nodes) for g in prog.groups] == [2]
    assert got.dtype == want.dtype and got.device.endswith("GPU:0")
    a, b = (t.numpy().astype(np.float64) for t in (got, want))
    if op.cuda is None or op.name in _ROUNDED_ONCE:
        np.testing.assert_array_equal(a, b)
    else:
        eps = 2.0 ** (-10 if half == "float16" else -7)
        np.testing.assert_allclose(a, b, rtol=2 * eps, atol=0)

_Y = np.array([[0.5, 0.0, np.inf, np.nan, 2.0, 1.5]], np.float64)
_DY = np.array([[0.0, 0.0, 0.0, 0.0, -1.5, 3.0]], np.float64)


@pytest.mark.parametrize("op", [M.SQRT_GRAD, M.RSQRT_GRAD, M.RECIPROCAL_GRAD],
                         ids=lambda op: op.name)
@pytest.mark.parametrize("dtype", [np.float32, np.float64])
def test_safe_gradients_are_one_launch_with_the_cpus_zeros(gpu, op, dtype):
    y, dy = _Y.astype(dtype), _DY.astype(dtype)
    with tf.device("/CPU:0"):
        cpu = bind(op, (tf.constant(y), tf.constant(dy)), {}).numpy()
    yt, dyt = tf.constant(y), tf.constant(dy)
    with strict.count_launches() as n:
        dev = bind(op, (yt, dyt), {})
    assert dict(n) == {"kernel": 1, "total": 1}
    assert dev.device.endswith("GPU:0")
    # zero wherever dy is, even where y is 0, inf or NaN (TF's safe kernels)
    assert dev.numpy()[0, :4].tolist() == [0.0] * 4
    np.testing.assert_allclose(dev.numpy(), cpu, rtol=1e-6 if dtype == np.float32 else 1e-15)


def test_a_complex_safe_gradient_keeps_its_composition(gpu):
    y = tf.constant(np.array([1 + 1j, 2 - 1j], np.complex64))
    dy = tf.constant(np.array([0j, 1 + 0j], np.complex64))
    with tf.device("/CPU:0"):
        cpu = bind(M.RSQRT_GRAD, (tf.constant(y.numpy()), tf.constant(dy.numpy())), {})
    np.testing.assert_allclose(bind(M.RSQRT_GRAD, (y, dy), {}).numpy(), cpu.numpy(), rtol=1e-6)


@pytest.mark.parametrize("fn, args", [
    (tf.math.rsqrt, ([0.25, 4.0, 0.0, -1.0, np.inf],)),
    (tf.math.squared_difference, ([[1.0, -2.0, np.nan]], [[0.5], [3.0]])),
], ids=["Rsqrt", "SquaredDifference"])
@pytest.mark.parametrize("dtype", [np.float32, np.float64])
def test_ops_of_a_composed_kernel_are_one_launch_on_a_device(gpu, fn, args, dtype):
    arrays = [np.array(a, dtype) for a in args]
    with tf.device("/CPU:0"):
        cpu = fn(*[tf.constant(a) for a in arrays]).numpy()
    ts = [tf.constant(a) for a in arrays]
    with strict.count_launches() as n:
        dev = fn(*ts)
    assert dict(n) == {"kernel": 1, "total": 1}
    np.testing.assert_allclose(dev.numpy(), cpu, rtol=1e-6)
    assert dev.dtype == tf.as_dtype(dtype) and dev.shape == cpu.shape


def test_a_float_mean_is_one_reduction_and_its_gradient_copies_nothing_in(gpu):
    x = np.random.default_rng(0).normal(size=(4, 3, 5)).astype(np.float32)
    with tf.device("/CPU:0"):
        xc = tf.constant(x)
        with tf.GradientTape() as tape:
            tape.watch(xc)
            cpu = tf.reduce_mean(xc, axis=[0, 2], keepdims=True)
        cpu_grad = tape.gradient(cpu, xc)
    xt = tf.constant(x)
    with strict.count_launches() as n:
        dev = tf.reduce_mean(xt, axis=[0, 2], keepdims=True)
    assert dict(n) == {"reduction": 1, "total": 1}
    np.testing.assert_allclose(dev.numpy(), cpu.numpy(), rtol=1e-6)
    with tf.GradientTape() as tape:
        tape.watch(xt)
        y = tf.reduce_mean(xt, axis=[0, 2], keepdims=True)
    with strict.count_launches() as n, strict_streams.count_transfers() as moved:
        grad = tape.gradient(y, xt)
    # the seed gradient's ones, the division, the broadcast: the ratio of sizes is a
    # kernel argument, neither filled on the device (as before) nor copied in
    assert dict(n) == {"fill": 1, "elementwise": 1, "copy": 1, "total": 3}
    assert moved["to_device"] == 0
    np.testing.assert_allclose(grad.numpy(), cpu_grad.numpy(), rtol=1e-6)
    # an empty mean is NaN on both (TF's), and an integer one TF's floor toward zero
    empty = tf.reduce_mean(tf.zeros((0, 3)), axis=0)
    assert np.isnan(empty.numpy()).all()
    assert tf.reduce_mean(tf.constant([-3, 1, 1])).numpy() == 0


def test_a_batch_normalization_training_step_launches_fewer(gpu):
    """Keras's BatchNormalization forward and backward in training (moments, the
    normalization, the moving averages, their gradients) and a sum: 59 launches before
    the one-launch kernels above, 47 after."""
    bn = tf.keras.layers.BatchNormalization()
    x = tf.constant(np.random.default_rng(0).normal(size=(2, 4, 4, 3)).astype("float32"))

    def step():
        with tf.GradientTape() as tape:
            tape.watch(x)
            y = tf.reduce_sum(bn(x, training=True))
        return tape.gradient(y, [x] + bn.trainable_variables)

    with tf.device("/CPU:0"):
        bn_cpu = tf.keras.layers.BatchNormalization()
        xc = tf.constant(x.numpy())
        with tf.GradientTape() as tape:
            tape.watch(xc)
            y = tf.reduce_sum(bn_cpu(xc, training=True))
        want = tape.gradient(y, [xc] + bn_cpu.trainable_variables)
    got = step()
    for g, w in zip(got, want):
        np.testing.assert_allclose(g.numpy(), w.numpy(), atol=1e-5)
    with strict.count_launches() as n, strict_streams.count_transfers() as moved:
        step()
    assert n["total"] <= 47 and moved["to_device"] == 0


def _sgd_run(nesterov: bool) -> tuple:
    """Three steps of SGD with momentum over small float32 variables on the current
    device (one written from outside after the first): the values, and each step's
    launches."""
    rng = np.random.default_rng(8)
    variables = [tf.Variable(rng.normal(size=s).astype(np.float32))
                 for s in [(), (3,), (4, 5), (7,)]]
    opt = tf.keras.optimizers.SGD(0.05, momentum=0.9, nesterov=nesterov)
    out, launches = [], []
    for step in range(3):
        grads = [tf.constant(rng.normal(size=v.shape).astype(np.float32)) for v in variables]
        with strict.count_launches() as n:
            opt.apply_gradients(zip(grads, variables))
        launches.append(n["total"])
        out.append([x.numpy() for v in variables for x in (v, opt.get_slot(v, "momentum"))])
        if step == 0:
            variables[1].assign(np.full(3, 0.25, np.float32))
    return out, launches


@pytest.mark.parametrize("nesterov", [False, True])
def test_sgd_with_momentum_updates_a_devices_small_variables_together(gpu, monkeypatch,
                                                                      nesterov):
    """keras/optimizers/flat.py's path for SGD with momentum: the gradients gathered by
    one concatenation and one _FusedSGD kernel for the group (a kernel per variable
    before: ResNet-50's step 214 -> 1), bit for bit the per-variable path's values."""
    from eagerflow._src.keras.optimizers import flat

    got, launches = _sgd_run(nesterov)
    monkeypatch.setattr(flat, "SMALL", -1)  # every variable on its own
    per_variable, each = _sgd_run(nesterov)
    # the step count's increment, then the group's gather and kernel (after the outside
    # write, the variables and momentums gathered afresh too), where each variable took
    # a kernel
    assert launches[1:] == [5, 3] and each[1:] == [5, 5]
    for a, b in zip(got, per_variable):
        for x, y in zip(a, b):
            np.testing.assert_array_equal(x, y)
    monkeypatch.undo()
    with tf.device("/CPU:0"):
        cpu, _ = _sgd_run(nesterov)
    for a, b in zip(got, cpu):
        for x, y in zip(a, b):
            np.testing.assert_allclose(x, y, rtol=1e-6, atol=1e-7)
