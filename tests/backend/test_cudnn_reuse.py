"""What backend/cudnn.py's Engine makes once instead of per call, on the strict stand-in
with the binding's stand-in (tests/backend/test_cudnn_layout.py's FakeCudnn): a taped
forward convolution's filter copy in cuDNN's layout, taken by its own input gradient
(never by another call, never after the filter may have changed), and the workspace
its graphs share per stream (a capture's own per call)."""

import gc
import threading
import weakref

import numpy as np
import pytest

import eagerflow as tf
from eagerflow._src.backend import cudnn as C
from eagerflow._src.backend import strict
from eagerflow._src.core import device as D
from eagerflow._src.ops import nn_fused
from eagerflow._src.ops import windows as W
from tests.backend.test_cudnn_layout import FakeCudnn, _Graph, fake_engines

GEO = ((1, 1), (1, 1), ((1, 1), (1, 1)))  # (strides, dilations, pads: a 3x3 SAME)


@pytest.fixture
def fake(monkeypatch):
    """The stand-in GPU's convolutions down cuDNN's path, over a new binding stand-in."""
    binding = FakeCudnn()
    engines = fake_engines(binding)
    monkeypatch.setattr(strict.StrictBackend, "conv_engine",
                        lambda self, dtype, rank, groups: engines.get(0, dtype, rank, groups),
                        raising=False)
    with D.standin_gpus(1):
        yield binding


@pytest.fixture
def copies(monkeypatch):
    """The filters filter_krsc copies into cuDNN's layout, in order (weak references: a
    reference of the test's own would stop a variable's writes in place)."""
    made = []
    relayout = C.filter_krsc

    def counted(xp, w):
        made.append(weakref.ref(w))
        return relayout(xp, w)

    monkeypatch.setattr(C, "filter_krsc", counted)
    return made


def _engine():
    return strict.BACKEND.conv_engine(np.float32, 2, 1)


def _data(seed=0):
    rng = np.random.default_rng(seed)
    return (rng.normal(size=(2, 6, 5, 3)).astype(np.float32),
            rng.normal(size=(3, 3, 3, 4)).astype(np.float32),
            rng.normal(size=(4,)).astype(np.float32))


def _fused(x, v, b):
    """Keras's Conv2D layer with a bias and a ReLU (one _FusedConv2D): (the convolution's
    result, the layer's)."""
    y = nn_fused.conv2d_bias_act(x, v, b, (1, 1, 1, 1), "SAME", (1, 1, 1, 1), True)
    return y, y


def _plain(x, v, b):
    """The same as three ops (Conv2D, whose gradient binds Conv2DBackpropInput)."""
    y = tf.nn.conv2d(x, v, 1, "SAME")
    return y, tf.nn.relu(tf.nn.bias_add(y, b))


LAYERS = pytest.mark.parametrize("layer", [_fused, _plain])


def _step(layer, x, v, b, wanted):
    """A layer's eager step: the loss and its gradients for `wanted` (of x, v, b)."""
    with tf.GradientTape() as tape:
        tape.watch(x)
        y = layer(x, v, b)[1]
        loss = tf.reduce_sum(y * y)
    return [loss, *tape.gradient(loss, wanted)]


def _steps(layer, xn, wn, bn, updates):
    """Eager steps, each writing the variable in place (assign_sub) after its gradients,
    and a transposed convolution of the variable after each (the input gradient's
    kernel run as a forward: no forward of its own before it)."""
    x, v, b = tf.constant(xn), tf.Variable(wn), tf.Variable(bn)
    out = []
    for i in range(updates):
        before = weakref.ref(v._arr)  # (a reference of its own would stop the write)
        loss, dx, dw, db = _step(layer, x, v, b, [x, v, b])
        out += [loss, dx, dw, db]
        v.assign_sub(0.1 * dw)
        b.assign_sub(0.1 * db)
        if i:  # (written in place: the same array holds the new values)
            assert v._arr is before()
        out.append(tf.nn.conv2d_transpose(tf.constant(np.ones((2, 6, 5, 4), np.float32)),
                                          v, (2, 6, 5, 3), 1, "SAME"))
    return [t.numpy() for t in out]


@LAYERS
def test_a_taped_forward_copies_its_filter_once_for_both_convolutions(fake, copies, layer):
    xn, wn, bn = _data()
    got = _steps(layer, xn, wn, bn, 3)
    # each step: the forward's copy (its input gradient takes it), then the transposed
    # convolution's own (no forward kept one for it)
    assert fake.log.count("fprop") == 3 and fake.log.count("dgrad") == 6
    assert len(copies) == 6
    assert _engine().kept == {} and W.GRADIENT_OF.made is None  # (taken by the gradients)
    with tf.device("/cpu:0"):
        want = _steps(layer, xn, wn, bn, 3)
    for a, b in zip(got, want):
        np.testing.assert_allclose(a, b, rtol=1e-4, atol=1e-4)


def _written_while_kept(layer, xn, wn, bn):
    """A forward under a tape whose input gradient is not asked for (its copy stays kept
    while its result lives), the filter then written in place, then read by a
    transposed convolution (the input gradient's kernel)."""
    x, v, b = tf.constant(xn), tf.Variable(wn), tf.Variable(bn)
    with tf.GradientTape() as tape:
        y, z = layer(x, v, b)
        loss = tf.reduce_sum(z * z)
    dw, db = tape.gradient(loss, [v, b])
    del z
    del tape
    before = weakref.ref(v._arr)
    v.assign_sub(0.1 * dw)
    assert v._arr is before()
    ones = tf.constant(np.ones((2, 6, 5, 4), np.float32))
    return y, tf.nn.conv2d_transpose(ones, v, (2, 6, 5, 3), 1, "SAME").numpy()


@LAYERS
def test_a_filter_written_in_place_while_its_copy_is_kept_is_read_anew(fake, copies, layer):
    xn, wn, bn = _data(3)
    y, got = _written_while_kept(layer, xn, wn, bn)
    with tf.device("/cpu:0"):
        _, want = _written_while_kept(layer, xn, wn, bn)
    np.testing.assert_allclose(got, want, rtol=1e-4, atol=1e-4)
    # (the forward's copy was still kept: the transposed convolution made its own)
    assert list(_engine().kept) == [id(y._arr)] and len(copies) == 2


def test_a_kept_copy_serves_only_its_own_forward_and_filter(fake, copies):
    xn, wn, bn = _data(1)
    x, w, b = (strict.xp.asarray(a) for a in (xn, wn, bn))
    engine = _engine()
    y = engine.forward(x, w, (6, 5), *GEO, bias=b, relu=True, keep=True)
    other = engine.forward(x, w, (6, 5), *GEO, bias=b, relu=True)  # (kept nothing)
    assert list(engine.kept) == [id(y)] and len(copies) == 2
    g = strict.xp.ones(y.shape, np.float32)
    w2 = strict.xp.asarray(wn * 2)  # (another filter: its own copy, the kept one left)
    twice = engine.input_grad(w2, g, x.shape, *GEO, made=y).get()
    assert copies[-1]() is w2 and list(engine.kept) == []
    y = engine.forward(x, w, (6, 5), *GEO, bias=b, relu=True, keep=True)
    dx = engine.input_grad(w, g, x.shape, *GEO, made=other).get()  # (not kept for it)
    assert copies[-1]() is w and len(copies) == 5 and list(engine.kept) == [id(y)]
    assert (engine.input_grad(w, g, x.shape, *GEO, made=y).get() == dx).all()
    assert len(copies) == 5 and engine.kept == {}  # (the kept copy taken: none made)
    np.testing.assert_allclose(twice, 2 * dx, rtol=1e-6)


def test_a_kept_copy_goes_with_its_result(fake, copies):
    """A forward whose input gradient is never asked for (the first layer's input, an
    inference under a tape) keeps its copy only while its result lives."""
    xn, wn, bn = _data(2)
    x, v, b = tf.constant(xn), tf.Variable(wn), tf.Variable(bn)
    _step(_fused, x, v, b, [v, b])  # (no input gradient: the kept copy is not taken)
    gc.collect()
    assert _engine().kept == {} and fake.log.count("dgrad") == 0
    with tf.GradientTape():
        y = nn_fused.conv2d_bias_act(x, v, b, (1, 1, 1, 1), "SAME", (1, 1, 1, 1), False)
    assert list(_engine().kept) == [id(y._arr)]
    del y
    gc.collect()
    assert _engine().kept == {}
    y = nn_fused.conv2d_bias_act(x, v, b, (1, 1, 1, 1), "SAME", (1, 1, 1, 1), False)
    assert _engine().kept == {} and y.shape == (2, 6, 5, 4)  # (no tape: nothing kept)


def test_graphs_share_one_workspace_per_stream_grown_on_demand(fake, monkeypatch):
    sizes = iter([16, 8, 64])  # (the workspace each new graph asks for)
    monkeypatch.setattr(_Graph, "get_workspace_size", lambda self: next(sizes))
    engine = _engine()
    x = strict.xp.ones((1, 5, 5, 2), np.float32)
    w = strict.xp.ones((3, 3, 2, 4), np.float32)
    stream = strict.BACKEND.stream_ptr()

    def ran(outs, dilations):
        y = engine.forward(x, w, outs, (1, 1), dilations, ((1, 1), (1, 1)))
        return y is not None and engine.workspaces.by_stream[stream]

    first = ran((5, 5), (1, 1))
    assert first[0] == 16 and ran((5, 5), (1, 1)) is first  # (the same buffer again)
    assert ran((3, 3), (2, 2)) is first  # (a graph asking 8 bytes: served by it)
    grown = ran((1, 1), (3, 3))
    assert grown[0] == 64 and grown[1].nbytes == 64 and grown is not first
    with strict.BACKEND.cuda.Stream() as other:
        assert ran((5, 5), (1, 1)) is grown  # (kept for the null stream, and...)
        assert engine.workspaces.by_stream[other.ptr][0] == 16  # (...one for this stream)
    theirs = {}

    def another_thread():  # (on the same stream, as threads on a per-thread default one)
        assert ran((5, 5), (1, 1))
        theirs.update(engine.workspaces.by_stream)

    thread = threading.Thread(target=another_thread)
    thread.start()
    thread.join()
    assert theirs[stream][0] == 16 and theirs[stream][1] is not grown[1]
    assert engine.workspaces.by_stream[stream] is grown  # (this thread's, as it was)
    assert fake.log.count("fprop") == 6 and fake.log.count("build") == 3


def test_a_capture_takes_a_workspace_of_its_own_per_call(fake):
    engine = _engine()
    x = strict.xp.ones((1, 5, 5, 2), np.float32)
    w = strict.xp.ones((3, 3, 2, 4), np.float32)
    engine.forward(x, w, (5, 5), *GEO)
    held = dict(engine.workspaces.by_stream)
    seen = []
    _, y, _ = strict.BACKEND.capture(
        lambda: [seen.append(engine._workspace(16, strict.BACKEND.stream_ptr()))
                 for _ in range(2)] and engine.forward(x, w, (5, 5), *GEO))
    assert seen[0] is not seen[1] and all(s is not h[1] for s in seen for h in held.values())
    assert engine.workspaces.by_stream == held and y.shape == (1, 5, 5, 4)
