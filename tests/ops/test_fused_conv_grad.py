"""_FusedConv2DGrad (ops/nn_fused.py): a fused convolution's eager first-order gradient as
one op call. Its gradients are bit for bit those of the ops it stands for (Conv2D, BiasAdd
and Relu, differentiated op by op); a tape that records the gradient (higher order) and a
traced gradient keep the three ops; an input no gradient is wanted for gets none computed.
The registry suites check its kernel against plain loops, its inference and bad input."""

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import eagerflow as tf
from eagerflow._src import backend as B
from eagerflow._src.backend import strict_counts, strict_streams
from eagerflow._src.core import device as D
from eagerflow._src.core import tf_logging
from eagerflow._src.ops import nn_fused
from eagerflow._src.ops.dispatch import bind

ONES = (1, 1, 1, 1)


def _fused(x, w, b, strides, padding, relu):
    return nn_fused.conv2d_bias_act(x, w, b, strides, padding, ONES, relu)


def _composite(x, w, b, strides, padding, relu):
    y = tf.nn.bias_add(tf.nn.conv2d(x, w, strides, padding), b)
    return tf.nn.relu(y) if relu else y


def _grads(layer, x, w, b, weights, watch_x=True, **conv):
    with tf.GradientTape() as tape:
        tape.watch([x, w, b] if watch_x else [w, b])
        loss = tf.reduce_sum(layer(x, w, b, **conv) * weights)
    return tape.gradient(loss, [x, w, b])


def _case(rng, n, h, wd, c, k, o, strides):
    x = tf.constant(rng.uniform(-1, 1, (n, h, wd, c)))
    w = tf.constant(rng.uniform(-1, 1, (k, k, c, o)))
    b = tf.constant(rng.uniform(-0.5, 0.5, o))
    return x, w, b


@settings(max_examples=25, deadline=None)
@given(n=st.integers(1, 2), h=st.integers(3, 7), wd=st.integers(3, 7), c=st.integers(1, 3),
       k=st.integers(1, 3), o=st.integers(1, 3), stride=st.integers(1, 2),
       padding=st.sampled_from(["SAME", "VALID"]), relu=st.booleans(),
       dtype=st.sampled_from([np.float32, np.float64]), seed=st.integers(0, 99))
def test_the_eager_gradient_is_the_three_ops_gradients_bit_for_bit(n, h, wd, c, k, o, stride,
                                                                   padding, relu, dtype, seed):
    rng = np.random.default_rng(seed)
    x, w, b = (tf.cast(t, dtype) for t in _case(rng, n, h, wd, c, k, o, stride))
    strides = (1, stride, stride, 1)
    y = _composite(x, w, b, strides, padding, relu)
    weights = tf.constant(rng.uniform(-1, 1, y.shape).astype(dtype))
    got = _grads(_fused, x, w, b, weights, strides=strides, padding=padding, relu=relu)
    want = _grads(_composite, x, w, b, weights, strides=strides, padding=padding, relu=relu)
    for g, v in zip(got, want):
        assert g.dtype == v.dtype and g.shape == v.shape
        np.testing.assert_array_equal(g.numpy(), v.numpy())


def test_an_input_no_gradient_is_wanted_for_gets_none_and_no_backprop_input():
    rng = np.random.default_rng(1)
    x, w, b = (tf.cast(t, tf.float32) for t in _case(rng, 2, 6, 6, 3, 3, 4, 1))
    weights = tf.ones((2, 6, 6, 4))
    conv = {"strides": ONES, "padding": "SAME", "relu": True}
    with D.standin_gpus(1):
        xd, wd, bd = tf.identity(x), tf.identity(w), tf.identity(b)
        _grads(_fused, xd, wd, bd, weights, **conv)
        with strict_counts.count_launches() as with_x:
            full = _grads(_fused, xd, wd, bd, weights, **conv)
        with strict_counts.count_launches() as without_x:
            part = _grads(_fused, xd, wd, bd, weights, watch_x=False, **conv)
    assert part[0] is None and full[0] is not None
    assert sum(without_x.values()) < sum(with_x.values())
    for g, v in zip(part[1:], full[1:]):
        np.testing.assert_array_equal(g.numpy(), v.numpy())


def _ops_run(fn, capsys, monkeypatch):
    """The ops tf.debugging's placement log names while fn runs."""
    monkeypatch.setitem(tf_logging._AT_IMPORT, "cpp_level", 0)  # (TF's INFO lines shown)
    capsys.readouterr()
    tf.debugging.set_log_device_placement(True)
    try:
        fn()
    finally:
        tf.debugging.set_log_device_placement(False)
    return [ln.split("Executing op ")[1].split(" ")[0]
            for ln in capsys.readouterr().err.splitlines() if "Executing op " in ln]


def test_one_op_call_computes_a_convolutions_gradients_eagerly(capsys, monkeypatch):
    x, w, b = _case(np.random.default_rng(2), 1, 5, 5, 2, 3, 2, 1)
    ops = _ops_run(lambda: _grads(_fused, x, w, b, 1.0, strides=ONES, padding="SAME",
                                  relu=True), capsys, monkeypatch)
    assert "_FusedConv2DGrad" in ops
    assert not {"ReluGrad", "_ReluGradBiasAddGrad", "Conv2DBackpropInput",
                "Conv2DBackpropFilter"} & set(ops)


def test_a_tape_recording_the_gradient_keeps_the_three_ops_and_the_second_order():
    rng = np.random.default_rng(3)
    x, w, b = _case(rng, 1, 5, 5, 2, 3, 2, 1)
    v = tf.constant(rng.uniform(-1, 1, w.shape))

    def hvp(layer):
        with tf.GradientTape() as outer:
            outer.watch(w)
            with tf.GradientTape() as inner:
                inner.watch(w)
                loss = tf.reduce_sum(tf.square(layer(x, w, b, ONES, "SAME", False)))
            dw = inner.gradient(loss, w)
            ops = [n.op.name for n in outer._nodes]
            dot = tf.reduce_sum(dw * v)
        return outer.gradient(dot, w), ops

    got, ops = hvp(_fused)
    want, _ = hvp(_composite)
    assert "Conv2DBackpropFilter" in ops and "_FusedConv2DGrad" not in ops
    np.testing.assert_allclose(got.numpy(), want.numpy(), rtol=1e-12)


def test_a_traced_gradient_keeps_the_three_ops():
    x, w, b = _case(np.random.default_rng(4), 1, 5, 5, 2, 3, 2, 1)

    @tf.function
    def grads(x, w, b):
        return _grads(_fused, x, w, b, 1.0, strides=ONES, padding="VALID", relu=True)

    types = {op.type for op in grads.get_concrete_function(x, w, b).graph.get_operations()}
    assert {"Conv2DBackpropInput", "Conv2DBackpropFilter"} <= types
    assert "_FusedConv2DGrad" not in types
    eager = _grads(_fused, x, w, b, 1.0, strides=ONES, padding="VALID", relu=True)
    for g, v in zip(grads(x, w, b), eager):
        np.testing.assert_allclose(g.numpy(), v.numpy(), rtol=1e-12)


def test_on_a_device_it_reads_nothing_back_and_gives_the_cpus_gradients():
    x, w, b = _case(np.random.default_rng(5), 2, 6, 6, 3, 3, 4, 2)
    conv = {"strides": (1, 2, 2, 1), "padding": "SAME", "relu": True}
    want = _grads(_fused, x, w, b, 1.0, **conv)
    with D.standin_gpus(1):
        xd, wd, bd = tf.identity(x), tf.identity(w), tf.identity(b)
        _grads(_fused, xd, wd, bd, 1.0, **conv)
        with strict_streams.count_transfers() as n:
            got = _grads(_fused, xd, wd, bd, 1.0, **conv)
    assert n["to_host"] == 0
    for g, v in zip(got, want):
        assert g.device.endswith("GPU:0")
        np.testing.assert_allclose(g.numpy(), v.numpy(), rtol=1e-12)


@pytest.mark.parametrize("bad, message", [
    ((1, 3, 2, 2), "gradient shape [1,3,2,2] is not the convolution's output shape [1,2,2,2]"),
])
def test_a_gradient_of_the_wrong_shape_is_refused_naming_the_op(bad, message):
    x, w = tf.ones((1, 4, 4, 2)), tf.ones((3, 3, 2, 2))
    y = tf.ones((1, 2, 2, 2))
    attrs = {"strides": ONES, "padding": "VALID", "explicit_paddings": (),
             "data_format": "NHWC", "dilations": ONES, "fused_ops": nn_fused.FUSIONS[1],
             "input_grad": True}
    with pytest.raises(tf.errors.InvalidArgumentError, match=r"_FusedConv2DGrad") as e:
        bind(nn_fused.FUSED_CONV2D_GRAD, (tf.ones(bad), y, x, w), attrs)
    assert message in str(e.value)


def _fused_attrs(strides=ONES, padding="VALID", fused_ops=nn_fused.FUSIONS[1],
                 data_format="NHWC"):
    return {"strides": strides, "padding": padding, "explicit_paddings": (),
            "data_format": data_format, "dilations": ONES, "fused_ops": fused_ops}


def _refusal(x, w, b, attrs):
    """The error class and message _FusedConv2D gives (x, w, b) with `attrs`."""
    with pytest.raises(Exception) as e:
        bind(nn_fused.FUSED_CONV2D, (x, w, b), attrs)
    return type(e.value), str(e.value)


# Each a change from the good call (1, 5, 5, 2) * (3, 3, 2, 3) + (3,) that the forward's
# kept checks must see: its error, as a first call gives it, after good calls
@pytest.mark.parametrize("change, error", [
    ({"b": tf.ones(4)}, "Must provide as many biases as the last dimension"),
    ({"b": tf.ones((1, 3))}, "Biases must be 1D"),
    ({"b": tf.ones(3, tf.float64)}, "BiasAdd"),
    ({"w": tf.ones((3, 3, 3, 3))}, "input depth must be evenly divisible"),
    ({"x": tf.ones((1, 5, 5, 2), tf.float64)}, "Conv2D"),
    ({"x": tf.ones((1, 1, 1, 2))}, "Computed output size would be negative: -1"),
    ({"attrs": _fused_attrs(fused_ops=("Relu",))}, "unsupported fused_ops ['Relu']"),
    ({"attrs": _fused_attrs(data_format="NCHW")}, "only NHWC is fused"),
    ({"attrs": _fused_attrs(strides=(1, 0, 1, 1))}, "strides should be larger than 0"),
])
def test_the_forwards_checks_are_kept_and_still_refuse_each_change(change, error):
    good = {"x": tf.ones((1, 5, 5, 2)), "w": tf.ones((3, 3, 2, 3)), "b": tf.ones(3),
            "attrs": _fused_attrs()}
    bad = {**good, **change}
    first = _refusal(bad["x"], bad["w"], bad["b"], bad["attrs"])
    assert error in first[1]
    for padding, shape in (("VALID", (1, 3, 3, 3)), ("SAME", (1, 5, 5, 3))):
        for _ in range(2):  # (the second call's answer is the kept one)
            y = bind(nn_fused.FUSED_CONV2D, (good["x"], good["w"], good["b"]),
                     _fused_attrs(padding=padding))
            assert y.shape == shape and y.dtype == tf.float32
    assert _refusal(bad["x"], bad["w"], bad["b"], bad["attrs"]) == first


def test_the_forwards_result_size_is_checked_on_every_call(monkeypatch):
    x, w, b = tf.ones((1, 5, 5, 2)), tf.ones((3, 3, 2, 3)), tf.ones(3)
    bind(nn_fused.FUSED_CONV2D, (x, w, b), _fused_attrs())
    monkeypatch.setattr(B.Backend, "too_big", lambda self, nbytes: True, raising=False)
    with pytest.raises(tf.errors.ResourceExhaustedError, match="OOM .* shape.1,3,3,3."):
        bind(nn_fused.FUSED_CONV2D, (x, w, b), _fused_attrs())


@pytest.mark.parametrize("watched", [(0, 1, 2), (1, 2), (0, 1), (0, 2), (1,), (2,), (0,)])
@pytest.mark.parametrize("relu", [True, False])
def test_each_set_of_wanted_gradients_is_the_three_ops(watched, relu):
    """_grad reads the tape's wishes once: the one op call where the filter's and bias's
    are wanted, else the ops it stands for, each gradient only where wanted."""
    rng = np.random.default_rng(7)
    x, w, b = _case(rng, 2, 5, 6, 3, 3, 2, 1)
    weights = tf.constant(rng.uniform(-1, 1, (2, 5, 6, 2)))

    def grads(layer):
        ts = [x, w, b]
        with tf.GradientTape() as tape:
            tape.watch([ts[i] for i in watched])
            loss = tf.reduce_sum(layer(x, w, b, ONES, "SAME", relu) * weights)
        return tape.gradient(loss, ts)

    for g, v in zip(grads(_fused), grads(_composite)):
        assert (g is None) == (v is None)
        if v is not None:
            np.testing.assert_array_equal(g.numpy(), v.numpy())
