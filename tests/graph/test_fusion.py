"""tf.function's kernel fusion for GPUs (graph/fusion.py): which ops fuse, the generated
CUDA source, and the results of fused programs on the strict stand-in GPU (which runs a
group's generated CUDA C through its ElementwiseKernel/ReductionKernel) against eager
execution."""

import numpy as np
import pytest

import eagerflow as tf
from eagerflow._src.core import device as D
from eagerflow._src.graph import fusion
from eagerflow._src.graph.device_program import DeviceProgram


def _program(fn, *args):
    cf = fn.get_concrete_function(*args)
    fn(*args)
    return cf._on_device[(D.current_device().canonical, False)]


@pytest.fixture
def gpu():
    with D.standin_gpus(1):
        yield


def test_chains_fuse_and_a_reduction_joins_its_chain(gpu):
    @tf.function
    def f(x, y):
        z = tf.nn.relu(x * 2.0 + y)
        return tf.reduce_mean(tf.square(z - 1.0)), tf.exp(-z) / (1.0 + z)

    x = tf.constant(np.arange(6, dtype=np.float32).reshape(2, 3) - 2.5)
    y = tf.constant([1.0, -2.0, 3.0])
    prog = _program(f, x, y)
    # (1 + z, a branch of one op, joins the quotient that alone reads it: a tree)
    assert [g.ops for g in prog.groups] == [["Mul", "AddV2", "Relu"], ["Sub", "Square", "Mean"],
                                            ["Neg", "Exp", "AddV2", "RealDiv"]]
    assert [g.source["kind"] for g in prog.groups] == ["elementwise", "reduction",
                                                       "elementwise"]
    got = f(x, y)
    with tf.device("/cpu:0"):
        want = f(x, y)
    for a, b in zip(got, want):
        assert a.device.endswith("GPU:0")
        np.testing.assert_allclose(a.numpy(), b.numpy(), rtol=1e-6)


def test_a_tree_fuses_its_branches_into_the_op_that_alone_reads_them(gpu):
    """An AddN of gradients, say: each branch whose end only it reads joins its kernel, in
    graph order (a batch norm's composite backward in a traced step: ~25% fewer bytes
    moved, benchmarks/graph_traffic.py); AddN adds left to right, as its kernel does."""
    @tf.function
    def f(x, y):
        return tf.add_n([tf.exp(x) * 2.0, tf.square(y) - 1.0, x * y])

    x = tf.constant(np.linspace(-2, 2, 12, dtype=np.float32).reshape(3, 4))
    y = tf.constant(np.linspace(1, 3, 12, dtype=np.float32).reshape(3, 4))
    (g,) = _program(f, x, y).groups
    assert sorted(g.ops) == sorted(["Exp", "Mul", "Square", "Sub", "Mul", "AddN"])
    assert g.ops[-1] == "AddN" and len(g.inputs) == 2
    # (its inputs in grappler's canonical order, by name: mul, mul_1, sub)
    assert "((t1 + t4) + t3)" in g.source["preamble"]
    with tf.device("/cpu:0"):
        want = f(x, y)
    np.testing.assert_allclose(f(x, y).numpy(), want.numpy(), rtol=1e-6)


def test_a_tile_of_size_one_dims_is_read_as_a_broadcast(gpu):
    """A Mean's gradient is a Tile of the small gradient to the input's shape: inside a
    kernel whose other inputs have that shape, the small tensor is read broadcast and the
    full-size tile never written. Where nothing else gives the kernel that shape, or the
    group ends in a reduction, the Tile stays an op of its own."""
    @tf.function
    def f(x, v):
        t = tf.tile(tf.reshape(v, [1, 1, 1, 3]), [2, 4, 5, 1])
        return t / 4.0 * x + x, tf.tile(v[None], [6, 1]) * 2.0

    x = tf.constant(np.random.default_rng(0).normal(size=(2, 4, 5, 3)).astype(np.float32))
    v = tf.constant([1.0, -2.0, 0.5])
    groups = _program(f, x, v).groups
    assert [g.ops for g in groups] == [["Tile", "RealDiv", "Mul", "AddV2"]]
    assert [tuple(t.shape) for t in groups[0].inputs] == [(1, 1, 1, 3), (2, 4, 5, 3)]
    with tf.device("/cpu:0"):
        want = f(x, v)
    for a, b in zip(f(x, v), want):
        np.testing.assert_array_equal(a.numpy(), b.numpy())


@pytest.mark.parametrize("dtype", [tf.float16, tf.bfloat16])
def test_a_half_addn_rounds_each_sum_as_its_kernel(gpu, dtype):
    f = tf.function(lambda x, y: tf.add_n([tf.abs(x), y * 3.0, x - y, y]))
    rng = np.random.default_rng(2)
    x, y = (tf.cast(tf.constant(rng.normal(size=(40, 7))), dtype) for _ in range(2))
    (g,) = _program(f, x, y).groups
    assert g.ops[-1] == "AddN"
    half = dtype.name
    assert f"(float)({half})(((float)({half})((float)({half})(t0 + t1) + t2) + x1))" in \
        g.source["preamble"]
    eager = f.python_function(x, y)  # (unfused: AddN's kernel adds in the half type)
    np.testing.assert_array_equal(f(x, y).numpy().astype(np.float32),
                                  eager.numpy().astype(np.float32))


def test_a_tree_stops_growing_at_a_kernels_parameters(gpu):
    """Each branch exp(x) * y joining the AddN trades one parameter (its result) for two:
    of 20 branches 4 join (20 + 4 = MAX_INPUTS), the others stay kernels of their own. An
    AddN of MAX_INPUTS tensors or more is no kernel of a group."""
    n = 20
    f = tf.function(lambda xs, ys: tf.add_n([tf.exp(x) * y for x, y in zip(xs, ys)]))
    xs = [tf.constant(np.full((2, 3), i / n, np.float32)) for i in range(n)]
    ys = [tf.constant(np.full((2, 3), 2.0, np.float32)) for _ in range(n)]
    groups = _program(f, xs, ys).groups
    (big,) = [g for g in groups if "AddN" in g.ops]
    assert big.ops[-1] == "AddN" and big.ops.count("Exp") == 4
    assert len(big.inputs) == fusion.MAX_INPUTS
    assert [g.ops for g in groups if g is not big] == [["Exp", "Mul"]] * (n - 4)
    want = sum(2 * np.exp(np.float32(i / n)) for i in range(n))
    np.testing.assert_allclose(f(xs, ys).numpy(), np.full((2, 3), want), rtol=1e-5)
    many = [tf.constant(np.ones((2, 3), np.float32))] * fusion.MAX_INPUTS
    g = tf.function(lambda xs: tf.add_n([tf.exp(x) * 2.0 for x in xs]))
    assert all("AddN" not in grp.ops for grp in _program(g, many).groups)


def test_the_generated_source(gpu):
    @tf.function
    def f(x, y):
        return tf.nn.relu(x * 2.0 + y)

    prog = _program(f, tf.constant([1.0]), tf.constant([2.0]))
    (g,) = prog.groups
    name = g.source["name"]
    assert name.startswith("eagerflow_fused_")
    assert g.source["in_params"] == "float32 x0, float32 x1"
    assert g.source["out_params"] == "float32 y"
    assert g.source["operation"] == f"y = {name}_f(x0, x1)"
    assert g.source["preamble"] == (
        f"__device__ __forceinline__ float {name}_f(float x0, float x1) {{\n"
        "    float t0 = (x0 * ((float)2.0));  // Mul\n"
        "    float t1 = (t0 + x1);  // AddV2\n"
        "    float t2 = ((t1 > 0 || t1 != t1) ? t1 : 0);  // Relu\n"
        "    return t2;\n}\n")


def test_reduction_source_and_float64_literals(gpu):
    @tf.function
    def f(x):
        return tf.reduce_sum(tf.square(x - 0.5), axis=1, keepdims=True)

    x = tf.constant(np.arange(6.0).reshape(2, 3))
    (g,) = _program(f, x).groups
    assert g.ops == ["Sub", "Square", "Sum"]
    assert g.source["axis"] == (1,) and g.source["keepdims"] is True
    assert "double t0 = (x0 - ((double)0.5));" in g.source["preamble"]
    assert g.source["post_map_expr"] == "y = a" and g.source["reduce_expr"] == "a + b"
    np.testing.assert_allclose(f(x).numpy(), [[2.75], [38.75]])


def test_a_sum_over_leading_axes_is_left_to_its_product_with_ones(gpu):
    """A batch norm's moments and gradients sum (0, 1, 2) of NHWC: a reduction kernel gives
    each channel one block reading it a row apart (18 ms on an H200 for (64, 112, 112,
    64)), the Sum op a product with ones (0.08 ms), so a large one stays its own op, the
    chain before it one elementwise kernel; a small one, or one over the last axis, fuses."""
    @tf.function
    def f(x):
        return tf.reduce_mean(tf.square(x - 0.5), axis=[0, 1, 2]), \
            tf.reduce_sum(tf.exp(x) * 2.0, axis=3)

    x = tf.constant(np.random.default_rng(0).normal(size=(4, 16, 16, 32)).astype(np.float32))
    groups = _program(f, x).groups
    assert [(g.ops, g.source["kind"]) for g in groups] == [
        (["Sub", "Square"], "elementwise"), (["Exp", "Mul", "Sum"], "reduction")]
    with tf.device("/cpu:0"):
        want = f(x)
    for a, b in zip(f(x), want):
        np.testing.assert_allclose(a.numpy(), b.numpy(), rtol=2e-5)
    small = tf.constant(np.ones((2, 4, 4, 8), np.float32))
    assert [g.ops for g in _program(f, small).groups][0] == ["Sub", "Square", "Mean"]


@pytest.mark.parametrize(("shape", "axes", "dtype", "want"), [
    ((64, 112, 112, 64), (0, 1, 2), np.float32, True),
    ((None, 56, 56, 256), (0, 1, 2), np.float32, True),   # (a batch not known yet: large)
    ((64, 56, 56, 256), (-4, -3, -2), np.float64, True),
    ((8, 224, 224, 64), (1, 2), np.float32, True),        # (a global pool's, long rows)
    ((64, 7, 7, 2048), (1, 2), np.float32, False),        # (short rows: a reduction's)
    ((2, 4, 4, 8), (0, 1, 2), np.float32, False),         # (small: one reduction)
    ((64, 56, 56, 256), (3,), np.float32, False),         # (the last axis: CuPy's is fine)
    ((64, 56, 56, 256), (0, 2), np.float32, False),       # (not a run)
    ((64, 56, 56, 256), (0, 1, 2), np.float16, False),    # (half types: their own sums)
    ((64, 56, 56, 256), (), np.float32, False)])
def test_which_sums_run_as_products(shape, axes, dtype, want):
    from eagerflow._src.backend import sums_as_product

    assert sums_as_product(shape, dtype, axes) is want


def test_values_used_twice_or_returned_do_not_fuse_away(gpu):
    @tf.function
    def shared(x):
        a = x * 2.0
        return a + 1.0, a * 3.0

    @tf.function
    def returned(x):
        a = tf.exp(x)
        return a, a + 1.0

    x = tf.constant([0.0, 1.0])
    assert _program(shared, x).groups == [] and _program(returned, x).groups == []
    np.testing.assert_allclose(returned(x)[1].numpy(), np.exp([0.0, 1.0]) + 1, rtol=1e-6)


def test_ops_without_cuda_or_with_other_dtypes_stay_apart(gpu):
    @tf.function
    def f(x, n):
        y = tf.cast(x, tf.complex64) * tf.constant(2.0, tf.complex64)  # complex: not fused
        return tf.reduce_max(tf.abs(x) + 1.0), y + 1, n * 2 + 1

    prog = _program(f, tf.constant([1.0, -2.0]), tf.constant([3]))
    assert [g.ops for g in prog.groups] == [["Abs", "AddV2"], ["Mul", "AddV2"]]  # Max: no
    assert "int t0 = (x0 * ((int)2));" in prog.groups[1].source["preamble"]  # int32 too


@pytest.mark.parametrize("dtype", [tf.float16, tf.bfloat16])
def test_half_chains_fuse_rounding_each_op_as_its_kernel(gpu, dtype):
    """A chain of float16 or bfloat16 ops is one kernel reading and writing CuPy's half
    classes, computing in float with each op's result rounded to the half type: its
    values are the unfused kernels' to the bit (the CPU's here). Their Sum stays apart."""
    @tf.function
    def f(x, y):
        z = tf.nn.relu(x * 3.0 + y)
        return tf.exp(-z) / (1.0 + tf.abs(y)), tf.reduce_sum(tf.square(x - 0.1), axis=0)

    rng = np.random.default_rng(0)
    x, y = (tf.cast(tf.constant(rng.normal(size=(64, 33)) * 3), dtype) for _ in range(2))
    prog = _program(f, x, y)
    assert [g.ops for g in prog.groups] == [
        ["Mul", "AddV2", "Relu", "Neg", "Exp", "Abs", "AddV2", "RealDiv"], ["Sub", "Square"]]
    name, half = prog.groups[0].source["name"], dtype.name
    assert prog.groups[0].source["in_params"] == f"{half} x0, {half} x1"
    assert prog.groups[0].source["preamble"].splitlines()[:2] == [
        f"__device__ __forceinline__ float {name}_f(float x0, float x1) {{",
        f"    float t0 = (float)({half})((x0 * ((float)3.0)));  // Mul"]
    got = f(x, y)
    with tf.device("/cpu:0"):
        on_cpu = f(x, y)[0]
    for a, b in zip([*got, got[0]], [*f.python_function(x, y), on_cpu]):  # (eager: unfused)
        assert a.dtype == dtype and a.device.endswith("GPU:0")
        np.testing.assert_array_equal(a.numpy().astype(np.float32),
                                      b.numpy().astype(np.float32))


def test_casts_between_float_types_fuse_with_the_bits_of_the_casts(gpu):
    """Mixed precision's casts (float32 <-> float16 / bfloat16, float32 <-> float64) join
    chains: each is the C conversion, its half result rounded as NumPy's cast rounds it.
    A float64 cast to a half type stays apart (CuPy converts a double through float: two
    roundings), and so does a cast to or from an integer (TF's own rules for NaN and
    overflow)."""
    @tf.function
    def f(x, d):
        a = tf.cast(tf.cast(tf.cast(x, tf.float16), tf.float32) * 3.0, tf.bfloat16)
        b = tf.cast(tf.cast(x, tf.float64) + d, tf.float32) - 1.0
        c = tf.cast(d + 1.0, tf.float16)
        e = tf.cast(tf.cast(x, tf.int32), tf.float32) + 2.0
        return a, b, c, e

    rng = np.random.default_rng(1)
    # (values where float16 and bfloat16 round differently, and past float16's range)
    x = tf.constant((rng.normal(size=(50, 7)) * 10 ** rng.uniform(-9, 6, (50, 7)))
                    .astype(np.float32))
    d = tf.constant(rng.normal(size=(50, 7)))
    prog = _program(f, x, d)
    assert [g.ops for g in prog.groups] == [  # (c's and e's ops: one each, apart)
        ["Cast", "Cast", "Mul", "Cast"], ["Cast", "AddV2", "Cast", "Sub"]]
    got = f(x, d)
    with tf.device("/cpu:0"):
        want = f(x, d)
    for a, b in zip(got, want):
        assert a.dtype == b.dtype and a.device.endswith("GPU:0")
        np.testing.assert_array_equal(a.numpy().astype(np.float64),
                                      b.numpy().astype(np.float64))


def test_cupy_launch_path_is_used_when_the_backend_compiles(gpu, monkeypatch):
    """Where the backend compiles CUDA (CuPy), a group is one launch with its inputs: one
    line of the generated code, which holds no line of the group's own ops."""
    @tf.function
    def f(x, y):
        return tf.exp(x) * y

    x, y = tf.constant([0.0, 1.0]), tf.constant([2.0, 3.0])
    launched = []
    backend = D.current_device().backend

    def launch(source, arrays):
        launched.append((source["name"], [a.shape for a in arrays]))
        return backend.xp.exp(arrays[0]) * arrays[1]

    monkeypatch.setattr(backend, "launch", launch, raising=False)
    prog = _program(f, x, y)
    assert isinstance(prog, DeviceProgram)
    name = prog.groups[0].source["name"]
    assert launched == [(name, [(2,), (2,)])]
    out = prog.fn(x._arr, y._arr)
    assert len(launched) == 2
    np.testing.assert_allclose(out[0].numpy(), np.exp([0.0, 1.0]) * [2.0, 3.0], rtol=1e-6)
    assert "# Mul 'mul'" in prog.source and "'Exp'" not in prog.source


def test_cuda_text_names_the_ops(gpu):
    @tf.function
    def f(x):
        return tf.reduce_mean(tf.sigmoid(x) * x)

    (g,) = _program(f, tf.constant([1.0, 2.0])).groups
    text = fusion.cuda_text(g)
    assert text.startswith(f"// {g.source['name']}: Sigmoid -> Mul -> Mean\n")
    assert "(1 / (1 + exp(-x0)))" in text and "reduction (float32 x0) -> (float32 y)" in text


def test_nonfinite_constants_are_cupys_constants(gpu):
    """A NaN or infinite constant is CuPy's typed constant in the kernel's C (NVRTC has no
    NAN or INFINITY macro: tests/backend/test_cuda_toolchain.py compiles them)."""
    f = tf.function(lambda x: tf.maximum(x * 2.0, -np.inf) + np.inf)
    g = tf.function(lambda x: tf.where(x > 0.0, x * 3.0, np.nan))
    x32 = tf.constant(np.array([-1.5, 0.0, 2.0], np.float32))
    x64 = tf.constant(np.array([-1.5, 0.0, 2.0]))
    (gf,) = _program(f, x32).groups
    assert "max(t0, ((float)-CUDART_INF_F))" in gf.source["preamble"]
    assert "(t1 + ((float)CUDART_INF_F))" in gf.source["preamble"]
    (gg,) = _program(g, x64).groups
    assert "(t0 ? t1 : ((double)CUDART_NAN))" in gg.source["preamble"]
    for fn, x in ((f, x32), (g, x64)):
        with tf.device("/cpu:0"):
            want = fn(x)
        np.testing.assert_array_equal(fn(x).numpy(), want.numpy())


@pytest.mark.parametrize("dtype", [np.int32, np.int64, np.float32])
def test_abs_fuses_as_cudas_abs_for_integers_and_floats(gpu, dtype):
    """Abs is `abs`, which CUDA overloads for integers as for floats (`fabs` of an integer
    is ambiguous under NVRTC, so an integer chain with Abs did not compile)."""
    f = tf.function(lambda x: tf.abs(x) * x)
    x = tf.constant(np.array([-3, 0, 5], dtype))
    (g,) = _program(f, x).groups
    assert "abs(x0)" in g.source["preamble"] and "fabs" not in g.source["preamble"]
    np.testing.assert_array_equal(f(x).numpy(), np.abs(x.numpy()) * x.numpy())


@pytest.mark.parametrize("dtype", [np.float32, np.float64, np.int32])
def test_fused_maximum_and_minimum_keep_a_nan_as_the_ops_do(gpu, dtype):
    """TF's Maximum and Minimum (NumPy's and CuPy's too) give NaN where either operand is
    one; CUDA's float max and min (fmax, fmin) give the other operand. A fused clamp (the
    Minimum then Maximum a ClipByValue of a function library imports as) keeps t's NaN, as
    unfused, and a NaN bound gives NaN."""
    f = tf.function(lambda x, hi: tf.maximum(tf.minimum(x, hi), tf.zeros_like(hi)))
    nan = np.nan if dtype != np.int32 else 7
    x = tf.constant(np.array([nan, 5, -1, 0], dtype))
    hi = tf.constant(np.array([1, nan, 3, nan], dtype))
    (g,) = _program(f, x, hi).groups
    assert g.ops[-2:] == ["Minimum", "Maximum"]
    with tf.device("/cpu:0"):
        want = f(x, hi)
    np.testing.assert_array_equal(f(x, hi).numpy(), want.numpy())
