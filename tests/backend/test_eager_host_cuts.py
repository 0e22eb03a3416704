"""The eager step's host work cut by helper eagerhost7 (docs/performance.md), and what must
not change with it: a Keras variable's assignment written directly where its class runs
the plain coercion and tf.Variable's assign (a batch norm's moving statistics), a
variable's first read under a tape watching it without a call where its class is a plain
source, and a Conv2D's fusion test without a call or a generator for its common dilation."""


import numpy as np
import pytest

import eagerflow as tf
from eagerflow._src.autodiff import tape as tape_mod
from eagerflow._src.keras import variables as kv
from eagerflow._src.ops import variables as tf_variables
from tests.call_counts import calls_of

# -- a Keras variable's assign -----------------------------------------------------------

def test_an_assignment_of_the_variables_dtype_and_shape_writes_directly():
    v = tf.keras.Variable(np.zeros((2, 3), "float32"), trainable=False)
    value = tf.constant(np.arange(6, dtype="float32").reshape(2, 3))
    # neither the coercion nor tf.Variable's assign runs (each ran once, the coercion twice)
    assert calls_of(kv._COERCE.__code__, lambda: v.assign(value)) == 0
    assert calls_of(kv._TF_ASSIGN.__code__, lambda: v.assign(value, read_value=False)) == 0
    got = v.assign(value * 2)
    assert got.__class__ is type(value) and got.dtype == tf.float32  # the value, as before
    np.testing.assert_array_equal(v.numpy(), np.arange(6).reshape(2, 3) * 2)
    assert v.assign(value, read_value=False) is None
    np.testing.assert_array_equal(v.numpy(), np.arange(6).reshape(2, 3))
    value_np = value.numpy()
    v.assign(v + 1.0)  # (the variable's own array stays apart from the value's)
    np.testing.assert_array_equal(value.numpy(), value_np)


def test_other_values_are_coerced_as_before():
    v = tf.keras.Variable(np.zeros((2,), "float32"))
    got = v.assign(tf.constant([1.5, 2.5], tf.float64))  # (Keras 3 casts it)
    assert got.dtype == tf.float32 and v.numpy().tolist() == [1.5, 2.5]
    v.assign([3.0, 4.0])
    assert v.numpy().tolist() == [3.0, 4.0]
    with pytest.raises(ValueError, match="must match"):
        v.assign(tf.constant([1.0, 2.0, 3.0]))
    i = tf.keras.Variable(np.zeros((2,), "int32"))
    i.assign(tf.constant([1.9, -2.9]))  # (floats truncated into an int variable)
    assert i.numpy().tolist() == [1, -2]


def test_an_assignment_under_a_tape_watches_a_trainable_variable():
    v = tf.keras.Variable(np.ones((2,), "float32"))
    frozen = tf.keras.Variable(np.ones((2,), "float32"), trainable=False)
    with tf.GradientTape() as tape:
        v.assign(tf.constant([2.0, 3.0]))
        frozen.assign(tf.constant([2.0, 3.0]))
    assert [w.name for w in tape.watched_variables()] == [v.value.name]


def test_a_stateless_scope_collects_the_assignment():
    v = tf.keras.Variable(np.zeros((2,), "float32"))
    value = tf.constant([1.0, 2.0])
    with tf.keras.StatelessScope() as scope:
        got = v.assign(value)
        np.testing.assert_array_equal(v.numpy(), [1.0, 2.0])  # (read as assigned there)
    assert got is value and v.numpy().tolist() == [0.0, 0.0]
    np.testing.assert_array_equal(scope.get_current_value(v).numpy(), [1.0, 2.0])


def test_a_class_with_its_own_coercion_or_assign_still_runs_them():
    """Below the Keras class: a tf.Variable subclass's own assign; above it: a Keras
    variable class's own _coerce, called twice as before (its own, then the
    tf.Variable's assign's)."""
    seen = []

    class Logged(tf_variables.Variable):
        def assign(self, value, use_locking=None, name=None, read_value=True):
            seen.append(("assign", value.numpy().tolist()))
            return super().assign(value, use_locking, name, read_value)

    v = kv.keras_variable(Logged(np.zeros((2,), "float32")), name="logged")
    v.assign(tf.constant([1.0, 2.0]))
    assert seen == [("assign", [1.0, 2.0])] and v.numpy().tolist() == [1.0, 2.0]

    w = tf.keras.Variable(np.zeros((2,), "float32"))

    class Coercing(type(w)):
        def _coerce(self, value, op):
            seen.append(op)
            return super()._coerce(value, op)

    w.__class__ = Coercing
    seen.clear()
    w.assign(tf.constant([3.0, 4.0]))
    assert seen == ["assign", "assign"] and w.numpy().tolist() == [3.0, 4.0]


def test_batch_norm_moving_statistics_follow_the_steps():
    """The layer's moving statistics, assigned every training call, as computed anew."""
    rng = np.random.default_rng(3)
    layer = tf.keras.layers.BatchNormalization(momentum=0.5)
    mean, var = np.zeros(4), np.ones(4)
    for _ in range(3):
        x = rng.normal(size=(8, 4)).astype("float32") * 3 + 1
        layer(tf.constant(x), training=True)
        mean = mean * 0.5 + x.mean(0) * 0.5
        var = var * 0.5 + x.var(0) * 0.5
    np.testing.assert_allclose(layer.moving_mean.numpy(), mean, rtol=1e-5)
    np.testing.assert_allclose(layer.moving_variance.numpy(), var, rtol=1e-5)


# -- a variable's first read under a tape ------------------------------------------------

def _tape_state(tape):
    return (list(tape._watched_vars.items()), set(tape._tracked), set(tape._roots),
            [(n.op, n.inputs, n.outputs) for n in tape._nodes])


class _ByWatchVariable(tf.GradientTape):
    """A tape whose reads watch through _watch_variable, as every read did before."""

    def _record_read(self, var, t):
        i = id(var)
        if i not in self._watched_vars and self._watch_accessed_variables and var._trainable:
            self._watch_variable(var)
        tracked = self._tracked
        if i in tracked:
            self._nodes.append(tape_mod.Node(tape_mod.READ, (var,), (t,), {}))
            if t._dtype in tape_mod._DIFFERENTIABLE:
                tracked.add(id(t))


def test_a_first_read_watches_as_watch_variable_does():
    """What reads leave in a tape (watched in order, tracked, roots, nodes), against a
    tape watching through _watch_variable, for variables of each kind: plain and Keras,
    float and int, trainable or not, an assignment's result (a view), read once or twice."""
    f = tf.Variable([1.0, 2.0])
    i = tf.Variable([1, 2])
    frozen = tf.Variable(3.0, trainable=False)
    k = tf.keras.Variable(np.ones((2,), "float32"))
    ki = tf.keras.Variable(np.ones((2,), "int32"))
    view = f.assign([4.0, 5.0])
    reads = (f, i, frozen, k, ki, view, k.value, f, k)
    for watch_accessed in (True, False):
        states = []
        for kind in (tf.GradientTape, _ByWatchVariable):
            with kind(watch_accessed_variables=watch_accessed) as tape:
                tape.watch(frozen)
                outs = [tf.convert_to_tensor(v) for v in reads]
            states.append(_tape_state(tape))
            del outs
        assert [v for _, v in states[0][0]] == [v for _, v in states[1][0]]
        assert states[0][2] == states[1][2]  # (roots: the ids of what was watched)
        ids = {id(v) for v in reads}
        assert states[0][1] & ids == states[1][1] & ids  # (tracked variables)
        assert len(states[0][3]) == len(states[1][3])
        assert [n[0] for n in states[0][3]] == [n[0] for n in states[1][3]]
        assert [n[1] for n in states[0][3]] == [n[1] for n in states[1][3]]
    with tf.GradientTape() as tape:
        y = tf.reduce_sum(f * f) + tf.reduce_sum(k * 3.0) + tf.cast(tf.reduce_sum(i), tf.float32)
    gf, gi, gk = tape.gradient(y, [f, i, k])
    assert gf.numpy().tolist() == [8.0, 10.0] and gi is None and gk.numpy().tolist() == [3.0] * 2
    assert [w.name for w in tape.watched_variables()] == [f.name, k.value.name, i.name]


def test_a_read_twice_is_watched_once():
    v = tf.Variable(2.0)
    with tf.GradientTape() as tape:
        y = v * v
    assert len(tape.watched_variables()) == 1 and float(tape.gradient(y, v)) == 4.0
    with tf.GradientTape(watch_accessed_variables=False) as tape:
        y = v * v
    assert tape.watched_variables() == () and tape.gradient(y, v) is None


# -- a Conv2D's fusion test --------------------------------------------------------------

def _conv(**kw):
    layer = tf.keras.layers.Conv2D(2, 3, padding="same", activation="relu", **kw)
    layer(tf.zeros((1, 5, 5, 1)))
    return layer


def test_conv_fuses_for_a_unit_dilation_of_any_sequence():
    x = tf.zeros((1, 5, 5, 1))
    layer = _conv()
    assert layer.dilation_rate == (1, 1) and layer._fusable(x)
    layer.dilation_rate = [1, 1]  # (a list: the general test, as before)
    assert layer._fusable(x)
    layer.dilation_rate = (1.0, 1)
    assert layer._fusable(x)
    layer.dilation_rate = (2, 1)
    assert not layer._fusable(x)
    assert not _conv(dilation_rate=2)._fusable(x)
    assert not _conv(use_bias=False)._fusable(x)
    assert not _conv(dtype="float16")._fusable(tf.zeros((1, 5, 5, 1), tf.float16))


def test_conv_is_not_fused_in_a_graph():
    layer = _conv()
    seen = []

    @tf.function
    def f(x):
        seen.append(layer._fusable(x))
        return layer(x)

    graph = f.get_concrete_function(tf.TensorSpec((1, 5, 5, 1))).graph
    kinds = {op.type for op in graph.get_operations()}
    assert seen == [False] and "Conv2D" in kinds and "_FusedConv2D" not in kinds
    x = tf.constant(np.random.default_rng(0).normal(size=(1, 5, 5, 1)).astype("float32"))
    np.testing.assert_allclose(f(x).numpy(), layer(x).numpy(), rtol=1e-6, atol=1e-6)


# -- an op's record on a device, without record's call for one tape ----------------------

@pytest.fixture
def gpu():
    from eagerflow._src.core import device as D

    with D.standin_gpus(1):
        yield


def _ops_on(device, x, w):
    """A binary op, a unary op, an op through bind and one of several outputs."""
    with tf.device(device):
        x, w = tf.identity(x), tf.identity(w)
        h = tf.nn.relu(tf.matmul(x, w) + x)
        loss = tf.reduce_sum(tf.nn.sparse_softmax_cross_entropy_with_logits(
            labels=tf.constant([0, 1]), logits=h))
        return h, loss


def test_ops_on_a_device_are_recorded_by_one_tape_or_several(gpu):
    rng = np.random.default_rng(5)
    x = tf.constant(rng.normal(size=(2, 2)).astype("float32"))
    w = tf.constant(rng.normal(size=(2, 2)).astype("float32"))
    want = {}
    for device in ("/CPU:0", "/GPU:0"):
        with tf.GradientTape(persistent=True) as outer:
            outer.watch([x, w])
            with tf.GradientTape() as inner:
                inner.watch(w)
                h, loss = _ops_on(device, x, w)
            g_inner = inner.gradient(loss, w)
        g_outer = outer.gradient(loss, [x, w])
        g_h = outer.gradient(h, w)
        with tf.GradientTape() as alone:
            alone.watch(x)
            _, loss1 = _ops_on(device, x, w)
        g_alone = alone.gradient(loss1, x)
        with tf.autodiff.ForwardAccumulator(w, tf.ones_like(w)) as acc:
            _, loss2 = _ops_on(device, x, w)
        got = [g.numpy() for g in (g_inner, *g_outer, g_h, g_alone, acc.jvp(loss2))]
        if device == "/GPU:0":
            assert loss.device.endswith("GPU:0") and g_inner.device.endswith("GPU:0")
        want[device] = got
    for a, b in zip(want["/CPU:0"], want["/GPU:0"]):
        np.testing.assert_allclose(a, b, rtol=1e-6, atol=1e-6)


# -- a merge layer's call on a list of eager tensors -------------------------------------

def test_a_merge_layer_on_unmasked_tensors_reads_no_mask(monkeypatch):
    from eagerflow._src.keras.engine import keras_tensor, layer_helpers

    a, b = tf.constant([[1.0, 2.0]]), tf.constant([[3.0, 4.0]])
    layer = tf.keras.layers.Add()
    layer([a, b])
    monkeypatch.setattr(layer_helpers, "_attached", {})  # (no tensor has an attribute)
    calls = calls_of(keras_tensor.get_mask.__code__, lambda: layer([a, b]))
    assert calls == 1  # (its output's, after the call: none of the inputs')
    monkeypatch.undo()
    out = layer((a, b))
    assert out.numpy().tolist() == [[4.0, 6.0]] and getattr(out, "_keras_mask", None) is None


def test_a_merge_layer_passes_its_inputs_masks_on():
    """As Keras 3.15 (checked with it): one masked input of two gives no output mask,
    two masked inputs give their merge's."""
    from eagerflow._src.keras.engine.keras_tensor import get_mask, set_mask

    a, b = tf.constant([[1.0], [2.0]]), tf.constant([[3.0], [4.0]])
    set_mask(a, tf.constant([True, False]))
    out = tf.keras.layers.Add()([a, b])
    assert out.numpy().tolist() == [[4.0], [6.0]] and get_mask(out) is None
    set_mask(b, tf.constant([False, True]))
    for layer, inputs in ((tf.keras.layers.Maximum(), (a, b)), (tf.keras.layers.Add(), [a, b])):
        assert get_mask(layer(inputs)).numpy().tolist() == [True, True]


def test_a_merge_layer_casts_its_inputs_as_its_policy_says():
    f32 = [tf.constant([1.0, 2.0]), tf.constant([3.0, 4.0])]
    f16 = [tf.cast(t, tf.float16) for t in f32]
    ints = [tf.constant([1, 2]), tf.constant([3, 4])]
    policy = tf.keras.mixed_precision.global_policy()
    tf.keras.mixed_precision.set_global_policy("mixed_float16")
    try:
        mixed = tf.keras.layers.Add()
        no_cast = tf.keras.layers.Add(autocast=False)
    finally:
        tf.keras.mixed_precision.set_global_policy(policy)
    assert mixed(f32).dtype == tf.float16 and mixed(f16).dtype == tf.float16
    assert mixed([f32[0], f16[1]]).dtype == tf.float16
    assert mixed(ints).dtype == tf.int32  # (not floats: not cast)
    assert no_cast(f16).dtype == tf.float16
    assert tf.keras.layers.Add()(f32).dtype == tf.float32
    assert tf.keras.layers.Add()(tuple(f32)).numpy().tolist() == [4.0, 6.0]
