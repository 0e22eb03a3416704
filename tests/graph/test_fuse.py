"""passes/fuse.py: Conv2D -> BiasAdd (-> Relu) chains become one _FusedConv2D exactly
where no one else reads the intermediates; results and gradients are unchanged."""

import numpy as np
import pytest

import eagerflow as tf
from eagerflow._src.function.concrete import tracing_scope
from eagerflow._src.graph import codegen
from eagerflow._src.graph.ir import FuncGraph
from eagerflow._src.graph.passes import fuse_conv, optimize
from eagerflow._src.graph.verify import verify

RNG = np.random.default_rng(0)
X = RNG.standard_normal((3, 9, 8, 2)).astype(np.float32)
K = RNG.standard_normal((3, 3, 2, 4)).astype(np.float32)
B = RNG.standard_normal(4).astype(np.float32)


def build(fn, *arrays):
    g = FuncGraph("test")
    with tracing_scope(g):
        phs = [g.placeholder(a.shape, tf.as_dtype(a.dtype), f"x{i}", is_input=True)
               for i, a in enumerate(arrays)]
        out = fn(*phs)
        g.outputs = [g.capture(o) for o in (out if isinstance(out, (list, tuple)) else [out])]
    verify(g)
    return g


def types(g):
    return [o.type for o in g.operations if o.type != "Placeholder"]


def run(g, *arrays):
    return codegen.generate(g).fn(*arrays)


def layer(x, k, b, relu=True, strides=1, padding="SAME"):
    y = tf.nn.bias_add(tf.nn.conv2d(x, k, strides, padding), b)
    return tf.nn.relu(y) if relu else y


@pytest.mark.parametrize("relu", [True, False])
@pytest.mark.parametrize("strides,padding", [(1, "SAME"), (2, "VALID")])
def test_chain_is_fused_with_identical_results(relu, strides, padding):
    g = build(lambda x, k, b: layer(x, k, b, relu, strides, padding), X, K, B)
    want = run(g, X, K, B)[0]
    fused = optimize(g)
    assert types(fused) == ["_FusedConv2D"]
    assert fused.operations[-1].attrs["fused_ops"] == (("BiasAdd", "Relu") if relu
                                                       else ("BiasAdd",))
    got = run(fused, X, K, B)[0]
    np.testing.assert_array_equal(got, want)  # the same float operations, in place
    eager = layer(tf.constant(X), tf.constant(K), tf.constant(B), relu, strides, padding)
    np.testing.assert_array_equal(got, eager.numpy())


def test_intermediates_read_elsewhere_are_not_fused():
    # the conv output is also returned: nothing to fuse at all
    g = optimize(build(lambda x, k, b: [tf.nn.relu(tf.nn.bias_add(tf.nn.conv2d(
        x, k, 1, "SAME"), b)), tf.nn.conv2d(x, k, 1, "SAME") * 2.0], X, K, B))
    assert "_FusedConv2D" not in types(g)
    # the bias-add output has a second reader: conv + bias fuse, the ReLU stays apart

    def two_readers(x, k, b):
        y = tf.nn.bias_add(tf.nn.conv2d(x, k, 1, "SAME"), b)
        return [tf.nn.relu(y), y * 2.0]
    g = optimize(build(two_readers, X, K, B))
    fused = [o for o in g.operations if o.type == "_FusedConv2D"]
    assert len(fused) == 1 and fused[0].attrs["fused_ops"] == ("BiasAdd",)
    assert "Relu" in types(g)
    outs = run(g, X, K, B)
    ref = two_readers(tf.constant(X), tf.constant(K), tf.constant(B))
    for a, b in zip(outs, ref):
        np.testing.assert_array_equal(a, b.numpy())


def test_other_layouts_and_dtypes_are_left_alone():
    xc = X.transpose(0, 3, 1, 2).copy()
    g = optimize(build(lambda x, k, b: tf.nn.relu(tf.nn.bias_add(
        tf.nn.conv2d(x, k, 1, "SAME", data_format="NCHW"), b, data_format="NCHW")),
        xc, K, B))
    assert "_FusedConv2D" not in types(g)
    x16, k16, b16 = X.astype(np.float16), K.astype(np.float16), B.astype(np.float16)
    g = optimize(build(layer, x16, k16, b16))
    assert "_FusedConv2D" not in types(g)
    g = build(lambda x, k: tf.nn.relu(tf.nn.conv2d(x, k, 1, "SAME")), X, K)  # no bias
    assert "_FusedConv2D" not in types(fuse_conv(g))


def test_training_step_in_tf_function_is_fused_and_matches_eager():
    def make():
        tf.random.set_seed(3)
        model = tf.keras.Sequential([
            tf.keras.Input((10, 9, 2)), tf.keras.layers.Conv2D(4, 3, activation="relu"),
            tf.keras.layers.Conv2D(3, 2), tf.keras.layers.GlobalAveragePooling2D(),
            tf.keras.layers.Dense(2)])
        return model, tf.keras.optimizers.SGD(0.1)

    x = RNG.standard_normal((4, 10, 9, 2)).astype(np.float32)
    y = np.array([0, 1, 1, 0])
    losses = {}
    for mode in ("eager", "function"):
        model, opt = make()

        def step(x, y, model=model, opt=opt):
            with tf.GradientTape() as tape:
                loss = tf.reduce_mean(tf.nn.sparse_softmax_cross_entropy_with_logits(
                    y, model(x, training=True)))
            grads = tape.gradient(loss, model.trainable_variables)
            opt.apply_gradients(zip(grads, model.trainable_variables))
            return loss
        f = tf.function(step) if mode == "function" else step
        losses[mode] = [float(f(tf.constant(x), tf.constant(y))) for _ in range(3)]
        if mode == "function":
            code = f.get_concrete_function(tf.constant(x), tf.constant(y)).generated_code
            assert code.count("_FusedConv2D") == 2  # with ReLU, and without
    np.testing.assert_allclose(losses["function"], losses["eager"], rtol=1e-6)
