"""tf.function's calls replayed as CUDA graphs (graph/device_program.py's GraphReplay), on
the strict stand-in's emulation of CuPy's capture: replays equal the ordinary path's
results call after call, a program the backend refuses to capture (a large float
product, cuSOLVER, a host transfer) or that cannot be captured (host ops, random state,
control flow) runs as it is, new shapes and reassigned variables are captured anew, and
training steps, which assign their variables, replay as the ordinary path runs them.

With CuPy and a GPU, EAGERFLOW_REGISTRY_ON=gpu runs them on the GPU (gpu_check.sh's
`graphs` step): CuPy's own capture, not the stand-in's."""

import gc
import os
import subprocess
import sys
from pathlib import Path

import numpy as np
import pytest

import eagerflow as tf
from eagerflow._src import backend as B
from eagerflow._src.core import device as D
from eagerflow._src.graph import device_program as DP
from tests.gpu_target import ON_GPU, on_the_gpu


@pytest.fixture
def gpu():
    on, DP.CUDA_GRAPHS[0] = DP.CUDA_GRAPHS[0], True
    try:
        with on_the_gpu():
            yield
    finally:
        DP.CUDA_GRAPHS[0] = on


def _kernel_products(monkeypatch):
    """Products captured by the reduction kernel, as on a backend without cuBLAS's
    binding: the current device's backend offers no captured_blas."""
    monkeypatch.setattr(type(D.current_device().backend), "captured_blas", lambda self: None)


def _product_by(monkeypatch, library):
    """Captured products by cuBLAS (the reduction kernel refused) or by the kernel."""
    if library:
        def refused(*args):
            raise AssertionError("a captured product left cuBLAS")
        monkeypatch.setattr(B.DeviceBackend, "kernel_product", refused)
    else:
        _kernel_products(monkeypatch)


@pytest.fixture
def kernel_products(gpu, monkeypatch):
    _kernel_products(monkeypatch)


def _replay(fn, *args):
    cf = fn.get_concrete_function(*args)
    return cf._on_device[(D.current_device().canonical, False)].replay


def _elementwise(x, y):
    z = tf.nn.relu(x * 2.0 + y)
    return tf.reduce_sum(tf.tanh(z) - y, axis=0), tf.transpose(z) * 0.5


def _reference(fn, *arrays):
    with tf.device("/cpu:0"):
        return [t.numpy() for t in fn(*[tf.constant(a) for a in arrays])]


def test_replays_equal_the_ordinary_path_call_after_call(gpu):
    f = tf.function(_elementwise)
    rng = np.random.default_rng(0)
    for k in range(5):
        x, y = rng.normal(size=(3, 4)).astype(np.float32), rng.normal(size=(4,)).astype(
            np.float32)
        got = f(tf.constant(x), tf.constant(y))
        for a, b in zip(got, _reference(_elementwise, x, y)):
            assert a.device.endswith("GPU:0")
            np.testing.assert_allclose(a.numpy(), b, rtol=1e-6)
    r = _replay(f, tf.constant(x), tf.constant(y))
    # run once, captured and launched on the second call, replayed on the other three
    assert r.refused is None and (r.captures, r.launches) == (1, 4)


def test_outputs_are_copies_a_later_replay_leaves_alone(gpu):
    f = tf.function(lambda x: x * 3.0)
    outs = [f(tf.constant([float(k)])) for k in range(4)]
    assert [o.numpy().tolist() for o in outs] == [[0.0], [3.0], [6.0], [9.0]]


def test_a_new_shape_is_captured_anew(gpu):
    f = tf.function(_elementwise, input_signature=[tf.TensorSpec([None, 3]),
                                                   tf.TensorSpec([3])])
    shapes = [(2, 3), (2, 3), (5, 3), (5, 3), (2, 3), (5, 3)]
    for rows, cols in shapes:
        x = np.arange(rows * cols, dtype=np.float32).reshape(rows, cols) / 7.0
        y = np.linspace(-1, 1, cols).astype(np.float32)
        got = f(tf.constant(x), tf.constant(y))
        for a, b in zip(got, _reference(_elementwise, x, y)):
            np.testing.assert_allclose(a.numpy(), b, rtol=1e-6)
    r = _replay(f, tf.constant(x), tf.constant(y))
    assert (r.captures, r.launches, len(r.graphs)) == (2, 4, 2)  # one program, two graphs


def test_a_refused_capture_falls_back_for_good(gpu, kernel_products, monkeypatch):
    monkeypatch.setattr(B, "CAPTURED_PRODUCT_MACS", 7)

    @tf.function
    def f(x, w):
        return tf.tanh(tf.matmul(x, w))  # 8 multiply-adds: more than the kernel takes

    x, w = tf.constant([[1.0, 2.0], [3.0, 4.0]]), tf.constant([[0.5, 0.0], [0.25, 1.0]])
    for _ in range(4):
        np.testing.assert_allclose(f(x, w).numpy(), np.tanh([[1.0, 2.0], [2.5, 4.0]]),
                                   rtol=1e-6)
    r = _replay(f, x, w)
    assert r.refused == ("NotImplementedError: a product of 8 multiply-adds is too large "
                         "for the kernel a CUDA graph captures")
    assert (r.captures, r.launches) == (0, 0)

    @tf.function
    def h(x):
        return tf.linalg.inv(x) * 2.0  # cuSOLVER: CuPy 14 refuses it while capturing

    for _ in range(3):
        np.testing.assert_allclose(h(x).numpy(), np.linalg.inv(x.numpy()) * 2.0, rtol=1e-5)
    refused = _replay(h, x).refused
    assert refused is not None and (
        ON_GPU or refused.startswith("NotImplementedError: calling cuSOLVER API"))

    @tf.function
    def g(i, j):
        return tf.matmul(i, j) + 1  # integers: CuPy's own kernel, captured
    i = tf.constant([[1, 2], [3, 4]])
    for _ in range(3):
        assert g(i, i).numpy().tolist() == [[8, 11], [16, 23]]
    assert _replay(g, i, i).launches == 2


def test_programs_with_host_work_state_or_control_flow_are_not_captured(gpu):
    cases = {
        "AsString runs on the host": lambda x: tf.strings.as_string(x),
        "RandomUniform is stateful": lambda x: x + tf.random.uniform([2]),
        "While runs sub-graphs": lambda x: tf.while_loop(lambda v: tf.reduce_sum(v) < 10.0,
                                                         lambda v: (v * 2.0,), [x])[0],
    }
    x = tf.constant([1.0, 2.0])
    for why, fn in cases.items():
        f = tf.function(fn)
        for _ in range(3):
            f(x)
        r = _replay(f, x)
        assert r.refused is not None and r.refused.endswith(why.split(" ", 1)[1]), r.refused
        assert r.captures == 0


def test_an_input_on_the_host_runs_the_ordinary_path(gpu):
    f = tf.function(lambda x: x + 1.0)
    with tf.device("/cpu:0"):
        x = tf.constant([1.0])
    for _ in range(3):
        assert f(x).numpy().tolist() == [2.0]
    assert _replay(f, x).captures == 0 and _replay(f, x).refused is None


def test_a_variable_assigned_between_calls_is_copied_into_the_graphs_array(gpu):
    """An eager `assign` gives a variable a new array; the next replay copies it into the
    array the graph reads (a metric's reset between epochs costs a copy, not a capture)."""
    v = tf.Variable([1.0, 2.0])
    f = tf.function(lambda x: x * v)
    x = tf.constant([3.0, 4.0])
    assert f(x).numpy().tolist() == [3.0, 8.0]
    assert f(x).numpy().tolist() == [3.0, 8.0]   # captured
    assert f(x).numpy().tolist() == [3.0, 8.0]   # replayed
    r = _replay(f, x)
    read = id(v._arr)
    v.assign([10.0, 20.0])                       # a new array
    assert f(x).numpy().tolist() == [30.0, 80.0]
    assert id(v._arr) == read                    # the graph's again, holding the value
    assert (r.captures, r.launches, r.recaptures) == (1, 3, 0)


def test_a_variable_whose_old_array_is_still_held_is_captured_anew(gpu):
    """Where a tensor read before the assignment still holds the old array, the graph's
    array keeps that value: the program is captured again with the new one (after
    MAX_RECAPTURES of those, left uncaptured)."""
    v = tf.Variable([1.0, 2.0])
    f = tf.function(lambda x: x * v)
    x = tf.constant([3.0, 4.0])
    for _ in range(3):
        assert f(x).numpy().tolist() == [3.0, 8.0]
    held = [v.value()]
    v.assign([10.0, 20.0])
    assert f(x).numpy().tolist() == [30.0, 80.0]
    assert f(x).numpy().tolist() == [30.0, 80.0]
    assert held[0].numpy().tolist() == [1.0, 2.0]
    r = _replay(f, x)
    assert (r.captures, r.launches, r.recaptures) == (2, 4, 1)
    for k in range(DP.MAX_RECAPTURES):
        held.append(v.value())
        v.assign([float(k), 1.0])
        assert f(x).numpy().tolist() == [3.0 * k, 4.0]
    assert r.refused == "its variables are assigned or shared between calls"
    assert [t.numpy().tolist() for t in held[:2]] == [[1.0, 2.0], [10.0, 20.0]]


@pytest.mark.parametrize("value, on", [(None, True), ("1", True), ("0", False)])
def test_on_by_default_and_off_with_the_environment_switch(value, on):
    env = {k: v for k, v in os.environ.items() if k != "EAGERFLOW_CUDA_GRAPHS"}
    if value is not None:
        env["EAGERFLOW_CUDA_GRAPHS"] = value
    code = "from eagerflow._src.graph import device_program as DP; print(DP.CUDA_GRAPHS[0])"
    done = subprocess.run([sys.executable, "-c", code], env=env, capture_output=True,
                          text=True, cwd=Path(__file__).resolve().parents[2], timeout=120)
    assert done.stdout.strip() == str(on), done.stderr


def test_switched_off_a_function_runs_its_ops(monkeypatch):
    monkeypatch.setattr(DP, "CUDA_GRAPHS", [False])
    with D.standin_gpus(1):
        f = tf.function(lambda x: x + 1.0)
        x = tf.constant([1.0])
        for _ in range(3):
            f(x)
        assert _replay(f, x) is None


@pytest.mark.parametrize("library", [True, False], ids=["cublas", "kernel"])
def test_float_products_are_captured(gpu, monkeypatch, library):
    """CuPy refuses its cuBLAS handle to a capturing stream: a captured product is cuBLAS's
    on a handle of eagerflow's own (backend/captured_blas.py), or, without the binding,
    one reduction kernel over the broadcast operands (DeviceBackend.kernel_product): the
    same sums either way."""
    _product_by(monkeypatch, library)
    @tf.function
    def f(x, w, batch, v):
        return (tf.matmul(x, w, transpose_b=True), tf.matmul(batch, w),
                tf.linalg.matvec(w, v), tf.tensordot(v, v, 1))

    rng = np.random.default_rng(1)
    for k in range(4):
        args = [rng.normal(size=s).astype(np.float32)
                for s in ((5, 3), (3, 3), (2, 4, 3), (3,))]
        got = f(*[tf.constant(a) for a in args])
        want = _reference(f.python_function, *args)
        for a, b in zip(got, want):
            np.testing.assert_allclose(a.numpy(), b, rtol=1e-5, atol=1e-6)
    r = _replay(f, *[tf.constant(a) for a in args])
    assert r.refused is None and (r.captures, r.launches) == (1, 3)


@pytest.mark.parametrize("library", [True, False], ids=["cublas", "kernel"])
@pytest.mark.parametrize("dtype", ["float16", "bfloat16"])
def test_half_products_are_captured_in_float32(gpu, monkeypatch, dtype, library):
    """A half type's product while capturing: float32 products, added in float32 and
    rounded once (as cuBLAS's half GEMMs accumulate), in the type's own dtype."""
    _product_by(monkeypatch, library)
    if dtype == "bfloat16":
        pytest.importorskip("ml_dtypes")
    d = tf.as_dtype(dtype)
    f = tf.function(lambda x, w: (tf.matmul(x, w), tf.matmul(x[None], w[None])))
    rng = np.random.default_rng(6)
    for _ in range(3):
        x, w = (tf.cast(tf.constant(rng.normal(size=s).astype(np.float32)), d)
                for s in ((5, 40), (40, 3)))
        got = f(x, w)
        want = np.matmul(x.numpy().astype(np.float32), w.numpy().astype(np.float32))
        for g in got:
            assert g.dtype == d
            np.testing.assert_array_equal(
                np.asarray(g.numpy(), np.float32).reshape(5, 3),
                want.astype(d.as_numpy_dtype).astype(np.float32))
    r = _replay(f, x, w)
    assert r.refused is None and (r.captures, r.launches) == (1, 2)


def _mlp_step(params, lr=0.1):
    w1, b1, w2, b2 = params

    def step(x, y):
        with tf.GradientTape() as tape:
            h = tf.nn.relu(tf.matmul(x, w1) + b1)
            loss = tf.reduce_mean(tf.nn.sparse_softmax_cross_entropy_with_logits(
                y, tf.matmul(h, w2) + b2))
        for p, g in zip(params, tape.gradient(loss, params)):
            p.assign_sub(lr * g)
        return loss
    return step


def _mlp_params():
    rng = np.random.default_rng(2)
    return [tf.Variable(rng.normal(0, 0.3, s).astype(np.float32))
            for s in ((6, 8), (8,), (8, 3), (3,))]


def _batches(n):
    rng = np.random.default_rng(3)
    return [(tf.constant(rng.normal(size=(4, 6)).astype(np.float32)),
             tf.constant(rng.integers(0, 3, 4))) for _ in range(n)]


def _trained(replayed):
    DP.CUDA_GRAPHS[0] = replayed
    params = _mlp_params()
    f = tf.function(_mlp_step(params))
    losses = [float(f(x, y)) for x, y in _batches(6)]
    return f, params, losses


def test_a_training_step_assigns_its_variables_in_place_when_replayed(gpu):
    """The captured step ends by copying each new value into its variable's array: each
    replay reads what the last one wrote, and the losses and weights are the ordinary
    path's (within a product's rounding)."""
    _, plain, plain_losses = _trained(False)
    f, params, losses = _trained(True)
    np.testing.assert_allclose(losses, plain_losses, rtol=1e-5)
    for v, p in zip(params, plain):
        np.testing.assert_allclose(v.numpy(), p.numpy(), rtol=1e-5, atol=1e-6)
        assert v.device.endswith("GPU:0")
    r = _replay(f, *_batches(1)[0])
    assert r.refused is None and (r.captures, r.launches) == (1, 5)
    ids = [id(v._arr) for v in params]  # (not the arrays: holding one shares it)
    f(*_batches(1)[0])
    assert r.launches == 6 and [id(v._arr) for v in params] == ids  # written in place


def test_a_tensor_sharing_a_variables_array_keeps_its_value(gpu):
    """An in-place write is made only while nothing but the variable holds its array: a
    value read before the step (TF's snapshot) keeps it, as the call that finds it shared
    runs the ordinary path, which gives the variable a new array."""
    params = _mlp_params()
    f = tf.function(_mlp_step(params))
    batches = _batches(8)
    for x, y in batches[:3]:  # ran, captured, replayed
        f(x, y)
    r = _replay(f, *batches[0])
    assert (r.captures, r.launches) == (1, 2)
    held = params[0].value()
    before = held.numpy().copy()
    f(*batches[3])
    np.testing.assert_array_equal(held.numpy(), before)  # the step did not write it
    assert r.launches == 2  # (the ordinary path ran)
    del held
    for x, y in batches[4:]:
        f(x, y)
    # once the old array is free, the new values are copied into the graph's: replayed
    assert (r.captures, r.launches, r.recaptures) == (1, 6, 0)
    DP.CUDA_GRAPHS[0] = False
    plain = _mlp_params()
    g = tf.function(_mlp_step(plain))
    for x, y in batches:
        g(x, y)
    for v, p in zip(params, plain):
        np.testing.assert_allclose(v.numpy(), p.numpy(), rtol=1e-5, atol=1e-6)


def test_what_an_in_place_write_would_change_is_not_captured(gpu):
    v = tf.Variable([1.0, 2.0])

    @tf.function
    def old_value(x):  # returns the array the step then writes
        before = v.read_value()
        v.assign_add(x)
        return before

    @tf.function
    def reshaped(x):  # a new value of another shape
        v.assign(tf.concat([v, x], 0))
        return tf.reduce_sum(x)

    x = tf.constant([1.0, 1.0])
    assert [old_value(x).numpy().tolist() for _ in range(3)] == [[1.0, 2.0], [2.0, 3.0],
                                                                 [3.0, 4.0]]
    assert _replay(old_value, x).refused == \
        "an output shares the array of a variable it assigns"
    w = tf.Variable([0.5], shape=tf.TensorShape(None))
    v = w
    for _ in range(3):
        reshaped(x)
    assert w.numpy().tolist() == [0.5] + [1.0] * 6
    assert _replay(reshaped, x).refused.endswith("is assigned a value of another shape or "
                                                 "dtype")


def _guide():
    """benchmarks/guide.py's guide_model and guide_train_step (Adam, a from-logits loss)."""
    sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "benchmarks"))
    try:
        from guide import guide_model, guide_train_step
    finally:
        sys.path.pop(0)
    return guide_model, guide_train_step


def _guide_trained(replayed, make_model, data, seed, policy="float32"):
    """(the traced step, the model, its losses over `data`): the guide's train step of
    `make_model()` (made under `policy`), its calls replayed as CUDA graphs or not."""
    DP.CUDA_GRAPHS[0] = replayed
    tf.keras.utils.set_random_seed(seed)
    tf.keras.mixed_precision.set_global_policy(policy)
    try:
        model = make_model()
        step = tf.function(_guide()[1](tf, model))
        return step, model, [float(step(x, y)) for x, y in data]
    finally:
        tf.keras.mixed_precision.set_global_policy("float32")


@pytest.mark.parametrize("policy", ["float32", "mixed_float16", "mixed_bfloat16"])
def test_a_keras_train_step_with_adam_replays_as_it_runs(gpu, policy):
    """The guide CNN's traced step (Adam's slots, its iteration count, convolutions
    through the product kernel on the stand-in) replayed: the ordinary path's losses and
    weights (in a half type, within its rounding: a captured product adds in float32)."""
    if policy == "mixed_bfloat16":
        pytest.importorskip("ml_dtypes")
    rng = np.random.default_rng(4)
    data = [(tf.constant(rng.normal(size=(2, 12, 12, 1)).astype(np.float32)),
             tf.constant(rng.integers(0, 10, 2))) for _ in range(4)]
    guide_model = _guide()[0]

    def train(replayed):
        return _guide_trained(replayed, lambda: guide_model(tf, (12, 12, 1)), data, 5,
                              policy)

    _, plain, plain_losses = train(False)
    step, model, losses = train(True)
    tol = 1e-5 if policy == "float32" else 2e-2
    np.testing.assert_allclose(losses, plain_losses, rtol=tol)
    for a, b in zip(model.weights, plain.weights):
        np.testing.assert_allclose(a.numpy(), b.numpy(), rtol=tol * 10, atol=tol / 10)
    r = _replay(step, *data[0])
    assert r.refused is None and (r.captures, r.launches) == (1, 3)


def test_a_resnet_like_step_in_tf32_replays_the_ordinary_paths_numbers(gpu, monkeypatch):
    """With TensorFloat-32 on (TF's default), a step of ResNet's first layers (a strided
    7x7 convolution with bias, batch norm, a 1x1 convolution, dense) replayed: the
    captured products are the eager calls' (cuBLAS under the same rule; on the stand-in,
    its model sums as the stand-in's eager product, bit for bit)."""
    from eagerflow._src.core import runtime_options

    if not ON_GPU:  # (the suite's NVIDIA_TF32_OVERRIDE=0 would keep the model from TF32)
        monkeypatch.delenv("NVIDIA_TF32_OVERRIDE", raising=False)
    rng = np.random.default_rng(7)
    data = [(tf.constant(rng.normal(size=(2, 22, 22, 3)).astype(np.float32)),
             tf.constant(rng.integers(0, 5, 2))) for _ in range(4)]

    def resnet_like():
        L = tf.keras.layers
        return tf.keras.Sequential([
            tf.keras.Input((22, 22, 3)), L.Conv2D(8, 7, strides=2), L.BatchNormalization(),
            L.ReLU(), L.Conv2D(6, 1), L.GlobalAveragePooling2D(), L.Dense(5)])

    runtime_options.enable_tensor_float_32_execution(True)
    try:
        _, plain, plain_losses = _guide_trained(False, resnet_like, data, 3)
        step, model, losses = _guide_trained(True, resnet_like, data, 3)
    finally:
        runtime_options.enable_tensor_float_32_execution(False)
    weights = [(a.numpy(), b.numpy()) for a, b in zip(model.weights, plain.weights)]
    if ON_GPU:  # (cuBLAS may choose another algorithm for its own handle's call)
        np.testing.assert_allclose(losses, plain_losses, rtol=1e-3)
    else:
        assert losses == plain_losses
        for a, b in weights:
            np.testing.assert_array_equal(a, b)
    r = _replay(step, *data[0])
    assert r.refused is None and (r.captures, r.launches) == (1, 3)


def test_keras_fit_replays_its_train_step_across_epochs(gpu):
    """fit's traced step is captured once: its metrics' resets between epochs are copied
    into the graph's arrays, and the history is the ordinary path's."""
    rng = np.random.default_rng(6)
    x = rng.normal(size=(32, 5)).astype(np.float32)
    y = rng.integers(0, 3, 32)

    def fit(replayed):
        DP.CUDA_GRAPHS[0] = replayed
        tf.keras.utils.set_random_seed(7)
        model = tf.keras.Sequential([tf.keras.Input((5,)), tf.keras.layers.Dense(8, "relu"),
                                     tf.keras.layers.Dense(3)])
        model.compile("adam", tf.keras.losses.SparseCategoricalCrossentropy(from_logits=True),
                      metrics=["accuracy"])
        history = model.fit(x, y, batch_size=8, epochs=3, verbose=0, shuffle=False).history
        return model, history

    plain, plain_history = fit(False)
    before = {id(r) for r in _replays()}
    model, history = fit(True)
    for name in ("loss", "accuracy"):
        np.testing.assert_allclose(history[name], plain_history[name], rtol=1e-5)
    for a, b in zip(model.weights, plain.weights):
        np.testing.assert_allclose(a.numpy(), b.numpy(), rtol=1e-4, atol=1e-6)
    made = [(r.captures, r.launches, r.refused) for r in _replays() if id(r) not in before]
    assert (1, 11, None) in made, made  # 12 steps: one ran, one captured, ten replayed


def _replays():
    gc.collect()
    return [o for o in gc.get_objects() if isinstance(o, DP.GraphReplay)]


def test_variables_that_swap_values_are_written_from_the_values_before(gpu):
    """Each new value is copied into its variable's array at the graph's end: one that is
    another variable's array (a swap) is copied aside first, not read after it was
    written."""
    a, b = tf.Variable([1.0, 2.0]), tf.Variable([3.0, 4.0])

    @tf.function
    def swap():
        old = a.read_value()
        a.assign(b)
        b.assign(old)
        return tf.constant(0.0)

    got = []
    for _ in range(5):
        swap()
        got.append((a.numpy().tolist(), b.numpy().tolist()))
    assert got == [([3.0, 4.0], [1.0, 2.0]), ([1.0, 2.0], [3.0, 4.0])] * 2 + \
        [([3.0, 4.0], [1.0, 2.0])]
    r = _replay(swap)
    assert r.refused is None and r.launches == 4


def _doubled_five_times() -> DP.GraphReplay:
    """The replayer of a function doubling its input, after five calls (each right)."""
    f = tf.function(lambda x: x * 2.0)
    x = tf.constant([1.0])
    for _ in range(5):
        assert f(x).numpy().tolist() == [2.0]
    return _replay(f, x)


@pytest.mark.parametrize("failing", [1, 99])
def test_a_cuda_error_while_capturing_is_tried_once_more(gpu, monkeypatch, failing):
    """A RuntimeError from the capture (a CUDA error: perhaps a kernel first loaded while
    capturing) is tried again at the next call; a second one refuses for good. (A
    NotImplementedError, a library's refusal, refuses at once.)"""
    backend = D.current_device().backend
    real, tries = backend.capture, []

    def capture(run):
        tries.append(1)
        if len(tries) <= failing:
            raise RuntimeError("cudaErrorStreamCaptureInvalidated: operation failed due to "
                               "a previous error during capture")
        return real(run)

    monkeypatch.setattr(backend, "capture", capture)
    r = _doubled_five_times()
    if failing == 1:
        assert r.refused is None and (r.captures, r.launches, len(tries)) == (1, 3, 2)
    else:
        assert r.refused.startswith("RuntimeError: cudaErrorStreamCaptureInvalidated")
        assert (r.captures, len(tries)) == (0, 2)


def test_the_math_switches_are_read_at_each_call_as_on_the_ordinary_path(gpu, monkeypatch):
    """A graph keeps the kernels TF32's switch chose when it was captured: a call after the
    switch moves replays a graph captured under the new setting, not the old one."""
    from eagerflow._src.core import runtime_options

    if not ON_GPU:  # (the suite's NVIDIA_TF32_OVERRIDE=0 would keep the model from TF32)
        monkeypatch.delenv("NVIDIA_TF32_OVERRIDE", raising=False)

    # (a product large enough that cuBLAS takes a tensor-core kernel, which TF32 is for:
    # a GPU's small ones run in full float32 whatever the switch says)
    f = tf.function(lambda x, w: tf.matmul(x, w))
    x, w = tf.fill((64, 1024), 1.0001), tf.ones((1024, 64))
    got = {}
    try:
        for on in (True, False, True, False):
            runtime_options.enable_tensor_float_32_execution(on)
            got[on] = [float(f(x, w).numpy()[5, 7]) for _ in range(3)]
    finally:
        runtime_options.enable_tensor_float_32_execution(False)
    assert got[False] == [pytest.approx(1024 * 1.0001, rel=1e-6)] * 3
    if not ON_GPU or B.of(D.current_device().backend.xp).has_tf32():
        assert got[True] == [1024.0] * 3  # (1.0001 is 1.0 in TF32's 10 bits)
    r = _replay(f, x, w)
    assert r.refused is None and r.captures == 2


def test_a_capture_out_of_memory_leaves_the_function_on_the_ordinary_path(gpu, monkeypatch):
    """A graph keeps every buffer its capture made: a capture that runs out of memory
    refuses that function's graphs for good (not tried again on every call)."""
    backend = D.current_device().backend
    tries = []

    def capture(run):
        tries.append(1)
        raise MemoryError("Out of memory allocating 1,073,741,824 bytes")

    monkeypatch.setattr(backend, "capture", capture)
    r = _doubled_five_times()
    assert r.refused == "MemoryError: Out of memory allocating 1,073,741,824 bytes"
    assert (r.captures, r.launches, len(tries)) == (0, 0, 1)


def test_a_call_while_another_thread_replays_runs_the_ordinary_path(gpu):
    """A graph's static buffers are its own: while one thread replays (holds the lock), a
    call from another runs the ordinary path, with the same result."""
    v = tf.Variable([1.0, 2.0])

    @tf.function
    def f(x):
        v.assign_add(x)
        return v * 2.0

    x = tf.constant([1.0, 1.0])
    for _ in range(3):
        f(x)
    r = _replay(f, x)
    assert (r.captures, r.launches) == (1, 2)
    with r.lock:  # (as another thread's replay would)
        assert f(x).numpy().tolist() == [10.0, 12.0]
    assert r.launches == 2
    assert f(x).numpy().tolist() == [12.0, 14.0]  # the new array copied in, then replayed
    assert (r.captures, r.launches) == (1, 3)
