"""backend/cudnn.py without a GPU: which convolutions take the cuDNN path, and the layout
descriptions it gives cuDNN, checked end to end on the strict stand-in by a stand-in for
the binding (`FakeCudnn`) that computes what cuDNN's graph API defines (its tensors
named in NC(D)HW / KC(T)RS order over any strides, a cross-correlation with pre and
post padding, strides and dilations) with NumPy: a wrong dim or stride gives wrong
numbers. Results are compared with the im2col path on the CPU."""

import ctypes
import itertools

import numpy as np
import pytest

import eagerflow as tf
from eagerflow._src import backend as B
from eagerflow._src.backend import cudnn as C
from eagerflow._src.backend import strict, strict_streams, strict_tf32
from eagerflow._src.core import device as D


class _Tensor:
    uids = itertools.count(1)

    def __init__(self, dim=None, stride=None, op=None):
        self.dim, self.stride, self.op, self.output = dim, stride, op, False
        self.uid = next(self.uids)

    def get_uid(self):
        return self.uid

    def set_output(self, flag):
        self.output = flag
        return self

    def set_dim(self, dim):
        self.dim = list(dim)
        return self

    def set_stride(self, stride):
        self.stride = list(stride)
        return self

    def set_data_type(self, dt):
        return self


def _view(ptr, dim, stride, dtype):
    """The elements a cuDNN tensor of these dims and strides names from device address
    `ptr` (the stand-in's device memory is the host's)."""
    itemsize = np.dtype(dtype).itemsize
    span = 1 + sum((d - 1) * s for d, s in zip(dim, stride))
    flat = np.frombuffer((ctypes.c_char * (span * itemsize)).from_address(ptr), dtype)
    return np.lib.stride_tricks.as_strided(flat, dim, [s * itemsize for s in stride])


class _Graph:
    def __init__(self, log, streams, **kw):
        self.log, self.kw, self.built, self.tensors = log, kw, False, {}
        self.streams = streams
        self.dtype = {"HALF": np.float16, "BFLOAT16": C.BFLOAT16}.get(kw["io_data_type"],
                                                                     np.float32)

    def _made(self, t):
        self.tensors[t.uid] = t
        return t

    def tensor(self, name, dim, stride, data_type):
        return self._made(_Tensor(list(dim), list(stride)))

    def conv_fprop(self, x, w, pre_padding, post_padding, stride, dilation,
                   compute_data_type, name):
        return self._made(_Tensor(op=("fprop", x, w, pre_padding, post_padding, stride,
                                      dilation)))

    def conv_dgrad(self, loss, filter, pre_padding, post_padding, stride,  # noqa: A002
                   dilation, compute_data_type, name):
        return self._made(_Tensor(op=("dgrad", loss, filter, pre_padding, post_padding,
                                      stride, dilation)))

    def conv_wgrad(self, image, loss, pre_padding, post_padding, stride, dilation,
                   compute_data_type, name):
        return self._made(_Tensor(op=("wgrad", image, loss, pre_padding, post_padding,
                                      stride, dilation)))

    def bias(self, input, bias, compute_data_type, name):  # noqa: A002
        return self._made(_Tensor(op=("bias", input, bias)))

    def relu(self, input, compute_data_type, name):  # noqa: A002
        return self._made(_Tensor(op=("relu", input)))

    # cuDNN's graph building, in the order the binding takes it; the engine it plans is
    # modelled by what the filters leave: a float32 graph that keeps tensor-core engines
    # runs in TensorFloat-32 (cuDNN's heuristics pick those first from Ampere on)
    def validate(self):
        self.steps = ["validate"]

    def build_operation_graph(self):
        self.steps.append("operation graph")

    def create_execution_plans(self, modes):
        assert list(modes) == ["A", "FALLBACK"]
        self.steps.append("plans")
        self.excluded = []

    def deselect_numeric_notes(self, notes):
        assert self.steps[-1] == "plans", "filters go after the plans are listed"
        self.excluded += notes

    def check_support(self):
        self.steps.append("support")

    def build_plans(self):
        assert self.steps == ["validate", "operation graph", "plans", "support"]
        self.built = True
        self.tf32 = self.dtype == np.float32 and "TENSOR_CORE" not in self.excluded
        self.log.append("build")
        self.log.append(("excluded", tuple(self.excluded)))

    def get_workspace_size(self):
        return 16

    def execute(self, pack, workspace, handle):
        """cuDNN's definitions: y[n,k,*p] = sum_{c,*t} xpad[n,c,*(p*st + t*dl)] w[k,c,*t]
        with xpad x padded by pre/post; dgrad and wgrad its adjoints. `pack` maps tensor
        uids to device addresses, as the binding takes them."""
        assert self.built and type(workspace) is int and workspace
        # (cuDNN runs on the handle's stream: it must be the one eagerflow launches on now)
        assert self.streams[handle] == strict_streams._CURRENT.stream.ptr
        pack = {self.tensors[uid]: ptr for uid, ptr in pack.items()}
        assert all(type(p) is int for p in pack.values())
        self._run(pack)
        cap = strict_streams._CURRENT.stream._capture
        if cap is not None:  # (cuDNN's kernels go to the stream: a capture records them)
            cap.record(lambda: self._run(pack, logged=False), None)

    def _run(self, pack, logged=True):
        log = self.log if logged else []
        (y, out), = [(t, a) for t, a in pack.items() if t.op is not None]
        yv = _view(out, y.dim, y.stride, self.dtype)
        epilogue = []
        while y.op[0] in ("bias", "relu"):  # (pointwise ops after the convolution)
            epilogue.insert(0, y.op)
            y = y.op[1]
        kind, ta, tb, pre, post, st, dl = y.op
        a, b = (_view(pack[t], t.dim, t.stride, self.dtype) for t in (ta, tb))
        if self.tf32:
            a, b = strict_tf32.tf32_round(a), strict_tf32.tf32_round(b)
        if kind == "fprop":
            x, w, dy = a, b, None
        elif kind == "dgrad":
            dy, w, x = a, b, None
        else:
            x, dy, w = a, b, None
        xdims = list(yv.shape) if kind == "dgrad" else list(x.shape)
        kdims = list(yv.shape) if kind == "wgrad" else list(w.shape)
        odims = list(dy.shape) if dy is not None else list(yv.shape)
        padded = xdims[:2] + [s + p + q for s, p, q in zip(xdims[2:], pre, post)]
        xpad = np.pad(x.astype(np.float64), [(0, 0), (0, 0)] + list(zip(pre, post))) \
            if x is not None else np.zeros(padded)
        acc = np.zeros(yv.shape, np.float64)
        for tap in itertools.product(*[range(k) for k in kdims[2:]]):
            sl = (slice(None), slice(None)) + tuple(
                slice(t * d, t * d + (o - 1) * s + 1, s)
                for t, d, s, o in zip(tap, dl, st, odims[2:]))
            k_at = (slice(None), slice(None)) + tap
            if kind == "fprop":
                acc += np.einsum("nc...,kc->nk...", xpad[sl], w[k_at].astype(np.float64))
            elif kind == "dgrad":
                xpad[sl] += np.einsum("nk...,kc->nc...", dy.astype(np.float64),
                                      w[k_at].astype(np.float64))
            else:
                n, k, c = dy.shape[0], dy.shape[1], xpad.shape[1]
                acc[k_at] = np.einsum("nkp,ncp->kc", dy.astype(np.float64).reshape(n, k, -1),
                                      xpad[sl].reshape(n, c, -1))
        if kind == "dgrad":
            acc = xpad[(slice(None), slice(None)) + tuple(
                slice(p, p + s) for p, s in zip(pre, xdims[2:]))]
        for op in epilogue:
            if op[0] == "bias":
                acc = acc + _view(pack[op[2]], op[2].dim, op[2].stride, self.dtype)
            else:
                acc = np.maximum(acc, 0.0)
            log.append(op[0])
        yv[...] = acc.astype(yv.dtype)
        log.append(kind)


class FakeCudnn:
    """What eagerflow calls of the `cudnn` module, with cuDNN's semantics."""

    class data_type:  # noqa: N801 - the binding's names
        HALF, FLOAT, BFLOAT16 = "HALF", "FLOAT", "BFLOAT16"

    class heur_mode:  # noqa: N801
        A, FALLBACK = "A", "FALLBACK"

    class numerical_note:  # noqa: N801
        TENSOR_CORE, DOWN_CONVERT_INPUTS = "TENSOR_CORE", "DOWN_CONVERT_INPUTS"
        NONDETERMINISTIC = "NONDETERMINISTIC"

    def __init__(self):
        self.log = []
        self.streams = {}  # handle -> the stream set_stream gave it

    def create_handle(self):
        return object()

    def destroy_handle(self, handle):
        self.log.append("destroy")

    def set_stream(self, handle, stream):
        self.streams[handle] = stream

    def pygraph(self, **kw):
        return _Graph(self.log, self.streams, **kw)


def fake_engines(binding):
    """Engines over `binding` for the stand-in's arrays, as the GPU backend makes them
    (benchmarks/launches.py --fake-cudnn takes them too)."""
    return C.Engines(lambda: binding, strict.xp, strict.BACKEND.stream_ptr,
                     policy=B.math_switches, capturing=strict.BACKEND.capturing_now)


@pytest.fixture
def fake(monkeypatch):
    binding = FakeCudnn()
    engines = fake_engines(binding)
    monkeypatch.setattr(strict.StrictBackend, "conv_engine",
                        lambda self, dtype, rank, groups: engines.get(0, dtype, rank, groups),
                        raising=False)
    with D.standin_gpus(1):
        yield binding


def test_the_path_takes_half_and_single_precision_2d_and_3d_without_groups():
    assert C.supported(np.float32, 2, 1) and C.supported(np.float16, 3, 1)
    assert not C.supported(np.float64, 2, 1) and not C.supported(np.int32, 2, 1)
    assert not C.supported(np.float32, 1, 1) and not C.supported(np.float32, 2, 2)


def test_bfloat16_takes_the_path_on_ampere_or_later_only():
    pytest.importorskip("ml_dtypes")
    binding = FakeCudnn()
    engines = C.Engines(lambda: binding, strict.xp, lambda: 0, {0: 75, 1: 90}.get)
    assert C.supported(C.BFLOAT16, 2, 1)
    assert engines.get(0, C.BFLOAT16, 2, 1) is None  # (sm_75: im2col)
    assert engines.get(1, C.BFLOAT16, 2, 1) is not None
    assert engines.get(0, np.float16, 2, 1) is not None


def test_an_absent_binding_leaves_im2col_for_good():
    calls = []

    def load():
        calls.append(1)
        raise ImportError("No module named 'cudnn'")

    engines = C.Engines(load, strict.xp, lambda: 0)
    assert engines.get(0, np.float32, 2, 1) is None
    assert engines.get(0, np.float32, 2, 1) is None and calls == [1]
    assert engines.get(0, np.float64, 2, 1) is None and calls == [1]  # (not even asked)


@pytest.mark.parametrize("error", [
    RuntimeError("Unable to find symbol cudnnGetVersion"),  # frontend 1.32, no libcudnn
    Exception("Error loading the shared library: libcudnn.so: cannot open shared object "
              "file: No such file or directory"),  # frontend 1.3 at import, no libcudnn
    OSError("libcudnn.so.9: cannot open shared object file")])
def test_a_binding_without_its_library_leaves_im2col(error):
    def load():
        raise error

    assert C.Engines(load, strict.xp, lambda: 0).get(0, np.float16, 2, 1) is None


def test_a_binding_that_makes_no_handle_leaves_im2col_for_good():
    binding, calls = FakeCudnn(), []

    def create_handle():
        calls.append(1)
        raise RuntimeError("Unable to find symbol cudnnCreate")

    binding.create_handle = create_handle
    engines = C.Engines(lambda: binding, strict.xp, lambda: 0)
    assert engines.get(0, np.float32, 2, 1) is None
    assert engines.get(1, np.float32, 3, 1) is None and calls == [1]


def test_engines_free_their_graphs_and_handles_at_exit(monkeypatch):
    # (the binding's objects still alive when its module is torn down are reported as
    # leaks after the program ends; atexit runs while they can still be freed)
    at_exit = []
    monkeypatch.setattr(C.atexit, "register", at_exit.append)
    binding = FakeCudnn()
    engines = C.Engines(lambda: binding, strict.xp, lambda: 0)
    eng = engines.get(0, np.float32, 2, 1)
    assert engines.get(1, np.float32, 2, 1) is not eng and at_exit == [engines.close]
    xp = strict.xp
    x, w = xp.ones((1, 4, 4, 2), np.float32), xp.ones((3, 3, 2, 5), np.float32)
    assert eng.forward(x, w, (2, 2), (1, 1), (1, 1), ((0, 0), (0, 0))) is not None
    assert len(eng.graphs) == 1
    engines.close()
    assert eng.graphs == {} and binding.log.count("destroy") == 2
    assert engines.get(0, np.float32, 2, 1) is not eng  # (a new one, should it be asked)


def test_descriptions_of_tf_layouts():
    # NHWC (2, 5, 7, 3): cuDNN's dims N, C, H, W with the channels innermost
    assert C.data_desc((2, 5, 7, 3)) == ([2, 3, 5, 7], [105, 1, 21, 3])
    assert C.data_desc((1, 4, 5, 6, 2)) == ([1, 2, 4, 5, 6], [240, 1, 60, 12, 2])
    w = np.arange(3 * 2 * 4 * 5).reshape(3, 2, 4, 5)  # HWIO: K=(3, 2), C=4, O=5
    k = C.filter_krsc(np, w)
    assert k.shape == (5, 3, 2, 4) and k.flags.c_contiguous
    assert k[4, 2, 1, 3] == w[2, 1, 3, 4]
    # (a filter in that layout is described as data is: dims O, C, *K)
    assert C.data_desc(k.shape) == ([5, 4, 3, 2], [24, 1, 8, 4])
    assert C.krsc_shape(w.shape) == k.shape


@pytest.mark.parametrize("dtype,shape,fshape,strides,padding,dilations", [
    (np.float32, (2, 7, 6, 3), (3, 3, 3, 4), 1, "SAME", 1),
    (np.float32, (1, 8, 9, 2), (2, 3, 2, 3), 2, "SAME", 1),          # asymmetric pads
    (np.float32, (2, 9, 9, 3), (3, 2, 3, 2), (1, 2), "VALID", (2, 1)),
    (np.float32, (1, 5, 5, 2), (3, 3, 2, 2), 1, [[0, 0], [1, 2], [2, 0], [0, 0]], 1),
    (np.float16, (2, 6, 6, 4), (3, 3, 4, 8), 1, "SAME", 1),
    ("bfloat16", (2, 6, 6, 4), (3, 3, 4, 8), 1, "SAME", 1),
])
def test_conv2d_through_the_cudnn_path_equals_im2col(fake, dtype, shape, fshape, strides,
                                                     padding, dilations):
    if dtype == "bfloat16":
        dtype = C.BFLOAT16 or pytest.importorskip("ml_dtypes")
    rng = np.random.default_rng(1)
    x = rng.normal(size=shape).astype(dtype)
    w = rng.normal(size=fshape).astype(dtype)
    got = tf.nn.conv2d(tf.constant(x), tf.constant(w), strides, padding, dilations=dilations)
    assert got.device.endswith("GPU:0") and fake.log[-1] == "fprop"
    with tf.device("/cpu:0"):
        want = tf.nn.conv2d(tf.constant(x), tf.constant(w), strides, padding,
                            dilations=dilations)
    tol = {np.dtype(np.float16): 1e-2, C.BFLOAT16: 5e-2}.get(np.dtype(dtype), 1e-5)
    np.testing.assert_allclose(got.numpy().astype(np.float32), want.numpy().astype(np.float32),
                               rtol=tol, atol=tol)


def test_conv3d_and_the_graph_cache(fake):
    rng = np.random.default_rng(2)
    x = rng.normal(size=(1, 4, 5, 6, 2)).astype(np.float32)
    w = rng.normal(size=(2, 3, 2, 2, 3)).astype(np.float32)
    for _ in range(2):
        got = tf.nn.conv3d(tf.constant(x), tf.constant(w), [1, 1, 2, 1, 1], "SAME")
    assert fake.log.count("build") == 1 and fake.log.count("fprop") == 2
    with tf.device("/cpu:0"):
        want = tf.nn.conv3d(tf.constant(x), tf.constant(w), [1, 1, 2, 1, 1], "SAME")
    np.testing.assert_allclose(got.numpy(), want.numpy(), rtol=1e-5, atol=1e-5)


def test_what_the_path_does_not_take_stays_on_im2col(fake):
    x64 = tf.constant(np.ones((1, 4, 4, 2)))
    tf.nn.conv2d(x64, tf.constant(np.ones((2, 2, 2, 1))), 1, "VALID")   # float64
    x = tf.constant(np.ones((1, 4, 4, 4), np.float32))
    out = tf.nn.depthwise_conv2d(x, tf.constant(np.ones((2, 2, 4, 1), np.float32)),
                                 [1, 1, 1, 1], "VALID")                  # groups
    assert fake.log == [] and out.numpy()[0, 0, 0].tolist() == [4.0] * 4


def _conv_and_grads(x, w, strides, padding, dilations=1):
    """conv2d's value, and the gradients of sum(y * y) for its input and its filter."""
    xs, ws = tf.constant(x), tf.constant(w)
    with tf.GradientTape() as tape:
        tape.watch([xs, ws])
        y = tf.nn.conv2d(xs, ws, strides, padding, dilations=dilations)
        loss = tf.reduce_sum(y * y)
    return [y.numpy(), *(t.numpy() for t in tape.gradient(loss, [xs, ws]))]


@pytest.mark.parametrize("strides,padding,dilations", [
    (1, "SAME", 1), (2, "SAME", 1), ((1, 2), "VALID", (2, 1)), (3, "VALID", 1)])  # (3: rows
    # no window reads, whose gradient is zero)
def test_gradients_through_the_cudnn_path_equal_im2col(fake, strides, padding, dilations):
    rng = np.random.default_rng(3)
    x = rng.normal(size=(2, 7, 8, 3)).astype(np.float32)
    w = rng.normal(size=(3, 2, 3, 4)).astype(np.float32)
    got = _conv_and_grads(x, w, strides, padding, dilations)
    assert {"fprop", "dgrad", "wgrad"} <= set(fake.log)
    with tf.device("/cpu:0"):
        want = _conv_and_grads(x, w, strides, padding, dilations)
    for a, b in zip(got, want):
        np.testing.assert_allclose(a, b, rtol=1e-4, atol=1e-4)


def test_the_fake_calls_only_what_the_binding_has():
    cudnn = pytest.importorskip("cudnn")  # the [cudnn] extra
    for name in ("create_handle", "set_stream", "pygraph"):
        assert hasattr(cudnn, name), name
    for name in ("tensor", "conv_fprop", "conv_dgrad", "conv_wgrad", "validate",
                 "build_operation_graph", "create_execution_plans", "deselect_numeric_notes",
                 "check_support", "build_plans", "get_workspace_size", "execute"):
        assert hasattr(cudnn.pygraph, name), name
    for name in ("TENSOR_CORE", "DOWN_CONVERT_INPUTS", "NONDETERMINISTIC"):
        assert hasattr(cudnn.numerical_note, name), name
    assert hasattr(cudnn.data_type, "HALF") and hasattr(cudnn.data_type, "FLOAT")
    assert hasattr(cudnn.heur_mode, "A") and hasattr(cudnn.heur_mode, "FALLBACK")


def test_a_fused_conv_bias_relu_is_one_cudnn_graph(fake):
    """tf.function fuses Conv2D -> BiasAdd -> Relu (nn_fused.py): on the cuDNN path its
    bias and relu are pointwise ops of the convolution's graph."""
    rng = np.random.default_rng(4)
    x = rng.normal(size=(2, 6, 5, 3)).astype(np.float32)
    w = rng.normal(size=(3, 3, 3, 4)).astype(np.float32)
    b = rng.normal(size=(4,)).astype(np.float32)

    @tf.function
    def f(x, w, b):
        return tf.nn.relu(tf.nn.bias_add(tf.nn.conv2d(x, w, 1, "SAME"), b))

    got = f(tf.constant(x), tf.constant(w), tf.constant(b))
    assert fake.log[-3:] == ["bias", "relu", "fprop"] and fake.log.count("build") == 1
    with tf.device("/cpu:0"):
        want = f(tf.constant(x), tf.constant(w), tf.constant(b))
    assert (want.numpy() == 0).any() and (want.numpy() > 0).any()
    np.testing.assert_allclose(got.numpy(), want.numpy(), rtol=1e-5, atol=1e-5)


def _conv_on_the_path(x, w):
    return tf.nn.conv2d(tf.constant(x), tf.constant(w), 1, "SAME").numpy()


def test_float32_convolutions_take_tensor_cores_only_while_tf32_is_allowed(fake):
    rng = np.random.default_rng(5)
    x = rng.normal(size=(2, 6, 6, 8)).astype(np.float32)
    w = rng.normal(size=(3, 3, 8, 4)).astype(np.float32)
    with tf.device("/cpu:0"):
        exact = _conv_on_the_path(x, w)
        rounded = _conv_on_the_path(strict_tf32.tf32_round(x), strict_tf32.tf32_round(w))
    got = _conv_on_the_path(x, w)  # (the tests run with TF32 off: tests/conftest.py)
    assert fake.log[-2] == ("excluded", ("DOWN_CONVERT_INPUTS", "TENSOR_CORE"))
    np.testing.assert_allclose(got, exact, rtol=1e-5, atol=1e-5)
    tf.config.experimental.enable_tensor_float_32_execution(True)  # (TF's default)
    got = _conv_on_the_path(x, w)
    assert fake.log[-2] == ("excluded", ("DOWN_CONVERT_INPUTS",))  # a graph of its own
    np.testing.assert_allclose(got, rounded, rtol=1e-5, atol=1e-5)
    assert np.abs(got - exact).max() > 1e-3  # (TF32's 10 bits of mantissa)
    assert fake.log.count("build") == 2


def test_half_convolutions_keep_tensor_cores_and_determinism_rules_out_atomics(fake):
    x = np.ones((1, 4, 4, 2), np.float16)
    w = np.ones((3, 3, 2, 2), np.float16)
    _conv_on_the_path(x, w)
    assert fake.log[-2] == ("excluded", ("DOWN_CONVERT_INPUTS",))
    tf.config.experimental.enable_op_determinism()
    got = _conv_on_the_path(x, w)
    assert fake.log[-2] == ("excluded", ("DOWN_CONVERT_INPUTS", "NONDETERMINISTIC"))
    assert got[0, 1, 1].tolist() == [18.0, 18.0] and fake.log.count("build") == 2


def test_notes_excluded_by_dtype_and_switches():
    f32, f16 = np.float32, np.float16
    assert C.excluded_notes(f32, True, False) == ("DOWN_CONVERT_INPUTS",)
    assert C.excluded_notes(f32, False, False) == ("DOWN_CONVERT_INPUTS", "TENSOR_CORE")
    assert C.excluded_notes(f16, False, True) == ("DOWN_CONVERT_INPUTS", "NONDETERMINISTIC")


def test_a_graph_cudnn_plans_no_engine_for_runs_on_im2col(fake, monkeypatch):
    # (cuDNN's "not supported" once its filters leave no engine, say TF32 off and
    # determinism on for an odd geometry: the convolution still runs, on im2col)
    def no_engine(self):
        raise RuntimeError("cudnnGraphNotSupportedError: No valid engine configs")

    monkeypatch.setattr(_Graph, "check_support", no_engine)
    rng = np.random.default_rng(6)
    x = rng.normal(size=(2, 7, 8, 3)).astype(np.float32)
    w = rng.normal(size=(3, 2, 3, 4)).astype(np.float32)
    for _ in range(2):
        got = _conv_and_grads(x, w, 2, "SAME")
    assert "fprop" not in fake.log and "build" not in fake.log
    engine = strict.BACKEND.conv_engine(np.float32, 2, 1)
    assert len(engine.refused) == 3 and all("No valid engine" in m
                                            for m in engine.refused.values())
    with tf.device("/cpu:0"):
        want = _conv_and_grads(x, w, 2, "SAME")
    for a, b in zip(got, want):
        np.testing.assert_allclose(a, b, rtol=1e-4, atol=1e-4)
    # a refused graph is known before anything is made for cuDNN: no output allocated, no
    # filter copied into its layout (the calls launch what im2col's alone launch)
    xs, ws = strict.xp.asarray(x), strict.xp.asarray(w)
    geo = ((2, 2), (1, 1), ((0, 1), (0, 1)))
    with strict.count_launches() as launched:
        assert engine.forward(xs, ws, (4, 4), *geo) is None
        assert engine.input_grad(ws, strict.xp.ones((2, 4, 4, 4), np.float32), x.shape,
                                 *geo) is None
    assert launched["total"] == 1  # (the ones passed in)


def test_a_traced_step_with_cudnn_convolutions_replays_as_it_runs(fake):
    """cuDNN's calls go to the current stream, so a CUDA graph captures them (the fake
    records its work into the stand-in's capture as a stream would): a traced training
    step of convolutions replays the ordinary path's losses and weights."""
    from eagerflow._src.graph import device_program as DP

    rng = np.random.default_rng(8)
    data = [(tf.constant(rng.normal(size=(2, 9, 9, 3)).astype(np.float32)),
             tf.constant(rng.integers(0, 4, 2))) for _ in range(4)]

    def train(replayed):
        DP.CUDA_GRAPHS[0] = replayed
        tf.keras.utils.set_random_seed(2)
        L = tf.keras.layers
        model = tf.keras.Sequential([tf.keras.Input((9, 9, 3)), L.Conv2D(5, 3, strides=2),
                                     L.ReLU(), L.Conv2D(4, 3, padding="same"),
                                     L.GlobalAveragePooling2D()])
        opt = tf.keras.optimizers.SGD(0.1)

        @tf.function
        def step(x, y):
            with tf.GradientTape() as tape:
                loss = tf.reduce_mean(tf.nn.sparse_softmax_cross_entropy_with_logits(
                    y, model(x, training=True)))
            opt.apply_gradients(zip(tape.gradient(loss, model.trainable_variables),
                                    model.trainable_variables))
            return loss
        return step, model, [float(step(x, y)) for x, y in data]

    on = DP.CUDA_GRAPHS[0]
    try:
        _, plain, plain_losses = train(False)
        step, model, losses = train(True)
    finally:
        DP.CUDA_GRAPHS[0] = on
    assert {"fprop", "dgrad", "wgrad"} <= set(fake.log)
    assert losses == plain_losses
    for a, b in zip(model.weights, plain.weights):
        np.testing.assert_array_equal(a.numpy(), b.numpy())
    cf = step.get_concrete_function(*data[0])
    r = cf._on_device[(D.current_device().canonical, False)].replay
    assert r.refused is None and (r.captures, r.launches) == (1, 3)



@pytest.mark.parametrize("strides,padding,relu,input_grad,groups", [
    ((1, 1, 1, 1), "SAME", True, True, 1), ((1, 2, 2, 1), "SAME", False, True, 1),
    ((1, 1, 2, 1), "VALID", True, False, 1), ((1, 2, 1, 1), "SAME", True, True, 2)])
def test_a_fused_convolutions_gradient_on_the_path_is_the_three_ops(
        fake, strides, padding, relu, input_grad, groups):
    """_FusedConv2DGrad's kernel (nn_fused.py) calls the engine's backprops directly: the
    same arrays as ReluGrad's, BiasAddGrad's and the two backprop ops' (grouped ones on
    im2col, as theirs)."""
    from eagerflow._src.ops import nn, nn_conv_variants, nn_fused
    from eagerflow._src.ops.dispatch import bind

    rng = np.random.default_rng(6)
    x = tf.constant(rng.normal(size=(2, 7, 6, 4)).astype(np.float32))
    w = tf.constant(rng.normal(size=(3, 2, 4 // groups, 6)).astype(np.float32))
    b = tf.constant(rng.normal(size=(6,)).astype(np.float32))
    y = nn_fused.conv2d_bias_act(x, w, b, strides, padding, (1, 1, 1, 1), relu)
    g = tf.constant(rng.normal(size=y.shape).astype(np.float32))
    attrs = {"strides": strides, "padding": padding, "explicit_paddings": (),
             "data_format": "NHWC", "dilations": (1, 1, 1, 1),
             "fused_ops": nn_fused.FUSIONS[relu], "input_grad": input_grad}
    for _ in range(2):  # (the second time from kept plans)
        del fake.log[:]
        got = bind(nn_fused.FUSED_CONV2D_GRAD, (g, y, x, w), attrs)
        assert ("wgrad" in fake.log) == (groups == 1)
        assert ("dgrad" in fake.log) == (groups == 1 and input_grad)
        gz = bind(nn.RELU_GRAD, (g, y), {}) if relu else g
        want = [nn_conv_variants.conv2d_backprop_input(x.shape, w, gz, strides, padding),
                nn_conv_variants.conv2d_backprop_filter(x, w.shape, gz, strides, padding),
                bind(nn.BIAS_ADD_GRAD, (gz,), {"data_format": "NHWC"})]
        if not input_grad:
            assert got[0].shape == (0,)
            got, want = got[1:], want[1:]
        for a, v in zip(got, want):
            assert a.device == v.device and a.shape == v.shape and a.dtype == v.dtype
            np.testing.assert_array_equal(a.numpy(), v.numpy())


def test_a_refused_plan_is_kept_and_lists_are_worked_out_every_call(fake, monkeypatch):
    def no_engine(self):
        raise RuntimeError("cudnnGraphNotSupportedError: No valid engine configs")

    planned = []
    plan_now = C.Engine._plan_now
    monkeypatch.setattr(C.Engine, "_plan_now",
                        lambda self, *call: planned.append(call) or plan_now(self, *call))
    engine = strict.BACKEND.conv_engine(np.float32, 2, 1)
    xs, ws = strict.xp.ones((1, 5, 5, 2), np.float32), strict.xp.ones((3, 3, 2, 4), np.float32)
    geo = ((1, 1), (1, 1), ((0, 0), (0, 0)))
    with monkeypatch.context() as m:
        m.setattr(_Graph, "check_support", no_engine)
        for _ in range(2):
            assert engine.forward(xs, ws, (3, 3), *geo) is None
    assert len(planned) == 1  # (None kept: the second call asks no more)
    ws = strict.xp.ones((3, 3, 2, 3), np.float32)
    for i in range(2):  # (a list among the attrs: planned every call, run as a tuple's)
        y = engine.forward(xs, ws, (3, 3), [1, 1], (1, 1), ((0, 0), (0, 0)))
        assert y.shape == (1, 3, 3, 3) and (y.get() == 18).all() and len(planned) == 2 + i
