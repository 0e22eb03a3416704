"""passes/fuse.py: Conv2D -> BiasAdd (-> Relu) chains become one _FusedConv2D exactly
where no one else reads the intermediates; results and gradients are unchanged."""

import numpy as np
import pytest

import eagerflow as tf
from eagerflow._src.graph.passes import fuse_conv, optimize
from tests.graph.graph_helpers import build_like, run, types

RNG = np.random.default_rng(0)
X = RNG.standard_normal((3, 9, 8, 2)).astype(np.float32)
K = RNG.standard_normal((3, 3, 2, 4)).astype(np.float32)
B = RNG.standard_normal(4).astype(np.float32)


def layer(x, k, b, relu=True, strides=1, padding="SAME"):
    y = tf.nn.bias_add(tf.nn.conv2d(x, k, strides, padding), b)
    return tf.nn.relu(y) if relu else y


@pytest.mark.parametrize("relu", [True, False])
@pytest.mark.parametrize("strides,padding", [(1, "SAME"), (2, "VALID")])
def test_chain_is_fused_with_identical_results(relu, strides, padding):
    g = build_like(lambda x, k, b: layer(x, k, b, relu, strides, padding), X, K, B)
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
    g = optimize(build_like(lambda x, k, b: [tf.nn.relu(tf.nn.bias_add(tf.nn.conv2d(
        x, k, 1, "SAME"), b)), tf.nn.conv2d(x, k, 1, "SAME") * 2.0], X, K, B))
    assert "_FusedConv2D" not in types(g)
    # the bias-add output has a second reader: conv + bias fuse, the ReLU stays apart

    def two_readers(x, k, b):
        y = tf.nn.bias_add(tf.nn.conv2d(x, k, 1, "SAME"), b)
        return [tf.nn.relu(y), y * 2.0]
    g = optimize(build_like(two_readers, X, K, B))
    fused = [o for o in g.operations if o.type == "_FusedConv2D"]
    assert len(fused) == 1 and fused[0].attrs["fused_ops"] == ("BiasAdd",)
    assert "Relu" in types(g)
    outs = run(g, X, K, B)
    ref = two_readers(tf.constant(X), tf.constant(K), tf.constant(B))
    for a, b in zip(outs, ref):
        np.testing.assert_array_equal(a, b.numpy())


def test_other_layouts_and_dtypes_are_left_alone():
    xc = X.transpose(0, 3, 1, 2).copy()
    g = optimize(build_like(lambda x, k, b: tf.nn.relu(tf.nn.bias_add(
        tf.nn.conv2d(x, k, 1, "SAME", data_format="NCHW"), b, data_format="NCHW")),
        xc, K, B))
    assert "_FusedConv2D" not in types(g)
    x16, k16, b16 = X.astype(np.float16), K.astype(np.float16), B.astype(np.float16)
    g = optimize(build_like(layer, x16, k16, b16))
    assert "_FusedConv2D" not in types(g)
    g = build_like(lambda x, k: tf.nn.relu(tf.nn.conv2d(x, k, 1, "SAME")), X, K)  # no bias
    assert "_FusedConv2D" not in types(fuse_conv(g))


def test_training_step_in_tf_function_is_fused_and_matches_eager():
    def make():
        tf.keras.utils.set_random_seed(3)  # Keras 3: initializers seed from Python random
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
            assert code.count("# _FusedConv2D") == 2  # with ReLU, and without
    np.testing.assert_allclose(losses["function"], losses["eager"], rtol=1e-6)


@pytest.mark.parametrize("activation,ops", [("relu", ("BiasAdd", "Relu")), (None, ("BiasAdd",)),
                                            ("sigmoid", ("BiasAdd",))])
@pytest.mark.parametrize("dtype", ["float32", "float64"])
def test_keras_conv2d_layer_runs_fused_with_identical_values_and_grads(activation, ops, dtype):
    # relu / no activation: the layer binds _FusedConv2D itself (eager too); sigmoid: the
    # layer binds three ops, and in tf.function the pass fuses conv + bias
    layer = tf.keras.layers.Conv2D(4, 3, padding="same", activation=activation, dtype=dtype)
    x = tf.constant(X.astype(dtype))
    layer(x)
    k, b = layer.kernel, layer.bias
    b.assign(np.linspace(-1, 1, 4).astype(dtype))
    with tf.GradientTape(persistent=True) as tape:
        tape.watch(x)
        y = layer(x)
        loss = tf.reduce_sum(y * y)
    with tf.GradientTape(persistent=True) as tape2:  # the same layer written out
        tape2.watch(x)
        z = tf.nn.bias_add(tf.nn.conv2d(x, k, 1, "SAME"), b)
        z = {"relu": tf.nn.relu, None: lambda v: v, "sigmoid": tf.math.sigmoid}[activation](z)
        loss2 = tf.reduce_sum(z * z)
    np.testing.assert_array_equal(y.numpy(), z.numpy())
    for g1, g2 in zip(tape.gradient(loss, [x, k, b]), tape2.gradient(loss2, [x, k, b])):
        np.testing.assert_array_equal(g1.numpy(), g2.numpy())
    g = tf.function(lambda v: layer(v)).get_concrete_function(x)
    fused = [o for o in optimize(g.graph).operations if o.type == "_FusedConv2D"]
    assert len(fused) == 1 and fused[0].attrs["fused_ops"] == ops
    assert ("Sigmoid" in g.generated_code) == (activation == "sigmoid")


def test_keras_layers_outside_the_fused_case_keep_separate_ops():
    x = tf.constant(X)
    for layer in (tf.keras.layers.Conv2D(4, 3, use_bias=False, activation="relu"),
                  tf.keras.layers.Conv2D(4, 3, strides=2, dilation_rate=1, activation="relu",
                                         dtype="float16"),
                  tf.keras.layers.DepthwiseConv2D(3, activation="relu"),
                  tf.keras.layers.Conv2DTranspose(4, 3, activation="relu"),
                  tf.keras.layers.Conv1D(4, 3, activation="relu")):
        inp = x if not isinstance(layer, tf.keras.layers.Conv1D) else x[:, 0]
        if layer.dtype == "float16":
            inp = tf.cast(inp, tf.float16)
        code = tf.function(lambda v, layer=layer: layer(v)).get_concrete_function(
            inp).generated_code
        assert "# _FusedConv2D" not in code, layer


def test_max_pool_keeps_its_argmax_where_its_gradient_is_in_the_graph():
    x = tf.constant(RNG.standard_normal((2, 8, 8, 3)).astype(np.float32))

    def grad(x):
        with tf.GradientTape() as tape:
            tape.watch(x)
            y = tf.nn.max_pool2d(x, 2, 2, "VALID")
            loss = tf.reduce_sum(y * y)
        return tape.gradient(loss, x)
    f = tf.function(grad).get_concrete_function(x)
    assert "MaxPool" in types(f.graph) and "_MaxPoolKeepArgmax" not in types(f.graph)
    assert "_MaxPoolKeepArgmax" in types(optimize(f.graph))  # (the compiled copy only)
    np.testing.assert_array_equal(f(x).numpy(), grad(x).numpy())
    forward = tf.function(lambda x: tf.nn.max_pool2d(x, 2, 2, "VALID")).get_concrete_function(x)
    assert "_MaxPoolKeepArgmax" not in types(optimize(forward.graph))  # inference: no keep


def test_relu_grad_and_bias_grad_become_one_op_that_reads_the_unbroadcast_gradient():
    # a Dense layer's ReLU backward (ReluGrad -> BiasAddGrad, the result also read by the
    # matmul gradients) and a global average pooling's broadcast gradient into it
    w = RNG.standard_normal((6, 5)).astype(np.float32)
    b = np.linspace(-1, 1, 5).astype(np.float32)
    x2 = RNG.standard_normal((7, 6)).astype(np.float32)

    def dense_grads(x, w, b):
        with tf.GradientTape() as tape:
            tape.watch([x, w, b])
            loss = tf.reduce_sum(tf.nn.relu(tf.nn.bias_add(tf.matmul(x, w), b)) ** 2)
        return tape.gradient(loss, [x, w, b])

    def pooled_grads(x, k, b):
        # (a loss whose gradient depends on the input: a constant one is folded whole)
        with tf.GradientTape() as tape:
            tape.watch([k, b])
            loss = tf.reduce_sum(tf.square(tf.reduce_mean(layer(x, k, b), axis=[1, 2])))
        return tape.gradient(loss, [k, b])

    def summed_grads(x, k, b):  # (TF's Sum gradient: a Tile, no division after it)
        with tf.GradientTape() as tape:
            tape.watch([k, b])
            loss = tf.reduce_sum(tf.square(tf.reduce_sum(layer(x, k, b), axis=[1, 2])))
        return tape.gradient(loss, [k, b])

    for fn, args in ((dense_grads, (x2, w, b)), (pooled_grads, (X, K, B)),
                     (summed_grads, (X, K, B))):
        g = build_like(fn, *args)
        fused = optimize(g)
        nodes = [n for n in fused.operations if n.type == "_ReluGradBiasAddGrad"]
        assert len(nodes) == 1 and "ReluGrad" not in types(fused)
        if fn is not dense_grads:  # the gradient as it was before the broadcast
            assert nodes[0].inputs[0].shape.as_list() == [3, 1, 1, 4]
        for a, e in zip(run(fused, *args), run(g, *args)):
            np.testing.assert_array_equal(a, e)  # the separate kernels' bits

    def relu_only(x, w):
        with tf.GradientTape() as tape:
            tape.watch(x)
            loss = tf.reduce_sum(tf.nn.relu(tf.matmul(x, w)))
        return tape.gradient(loss, x)
    assert "ReluGrad" in types(optimize(build_like(relu_only, x2, w)))  # no bias: as it was


ADAM_X = RNG.standard_normal((6, 5)).astype(np.float32)
ADAM_Y = RNG.standard_normal((6, 2)).astype(np.float32)


def _adam_steps(remapping, device="/CPU:0", also_assigned=False):
    """A small model's variables after three traced Keras Adam steps on `device`, with
    TF's remapping switch as given, and the op types of the step's optimized graph.
    `also_assigned`: the step also adds 1 to the first bias (a second writer)."""
    tf.config.optimizer.set_experimental_options({"remapping": remapping})
    try:
        with tf.device(device):
            tf.keras.utils.set_random_seed(4)
            model = tf.keras.Sequential([tf.keras.Input((5,)), tf.keras.layers.Dense(4),
                                         tf.keras.layers.Dense(2)])
            opt = tf.keras.optimizers.Adam(0.01)
            x, y = tf.constant(ADAM_X), tf.constant(ADAM_Y)

            @tf.function
            def step(x, y):
                with tf.GradientTape() as tape:
                    loss = tf.reduce_mean(tf.square(tf.cast(model(x), tf.float32) - y))
                grads = tape.gradient(loss, model.trainable_variables)
                opt.apply_gradients(zip(grads, model.trainable_variables))
                if also_assigned:
                    model.layers[0].bias.assign_add(tf.ones(4))
                return loss

            for _ in range(3):
                step(x, y)
            ops = types(step.get_concrete_function(x, y).optimized_graph())
            return [v.numpy() for v in model.trainable_variables], ops
    finally:
        tf.config.optimizer.set_experimental_options({"remapping": True})


@pytest.mark.parametrize("device", ["/CPU:0", "/GPU:0"])
def test_a_traced_adam_step_subtracts_in_its_update_with_the_same_bits(device):
    from eagerflow._src.core import device as D

    with D.standin_gpus(1):
        got, ops = _adam_steps(True, device)
        want, plain = _adam_steps(False, device)
    assert ops.count("_FusedAdamApply") == 4 and "AssignSubVariableOp" not in ops
    assert plain.count("_FusedAdam") == 4 and plain.count("AssignSubVariableOp") == 4
    for g, w in zip(got, want):
        np.testing.assert_array_equal(g, w)


def test_an_adam_variable_written_elsewhere_keeps_its_assignment():
    got, ops = _adam_steps(True, also_assigned=True)
    want, _ = _adam_steps(False, also_assigned=True)
    assert ops.count("_FusedAdamApply") == 3 and ops.count("_FusedAdam") == 1
    assert ops.count("AssignSubVariableOp") == 1
    for g, w in zip(got, want):
        np.testing.assert_array_equal(g, w)


def _mixed_adam_steps(remapping, device):
    """_adam_steps' model under Keras's mixed_float16 policy (float32 variables, float16
    gradients cast to float32 for the update)."""
    tf.keras.mixed_precision.set_global_policy("mixed_float16")
    try:
        return _adam_steps(remapping, device)
    finally:
        tf.keras.mixed_precision.set_global_policy("float32")


@pytest.mark.parametrize("device", ["/CPU:0", "/GPU:0"])
def test_a_mixed_precision_gradients_cast_folds_into_its_adam_update(device):
    from eagerflow._src.core import device as D

    with D.standin_gpus(1):
        got, ops = _mixed_adam_steps(True, device)
        want, plain = _mixed_adam_steps(False, device)
    # (4 gradient casts and the forward's casts of the 4 variables and the input, and
    # the loss's; the update reads the 4 float16 gradients itself)
    assert ops.count("_FusedAdamApply") == 4 and plain.count("Cast") - ops.count("Cast") == 4
    for g, w in zip(got, want):
        assert g.dtype == np.float32
        np.testing.assert_array_equal(g, w)


def test_the_adam_update_reads_a_half_gradient_as_float32():
    from eagerflow._src.core import device as D
    from eagerflow._src.ops import nn_fused

    rng = np.random.default_rng(3)
    m, v, g, var = (rng.normal(size=(2, 5)) for _ in range(4))
    m, v, var = (tf.constant(a, tf.float32) for a in (m, abs(v), var))
    g16, alpha, args = tf.constant(g, tf.float16), tf.constant(0.01), (0.9, 0.999, 1e-7)
    want = nn_fused.fused_adam_apply(m, v, tf.cast(g16, tf.float32), alpha, var, *args)
    with D.standin_gpus(1):
        for device in ("/CPU:0", "/GPU:0"):
            with tf.device(device):
                got = nn_fused.fused_adam_apply(m, v, g16, alpha, var, *args)
            for a, b in zip(got, want):
                assert a.dtype == tf.float32 and a.device.endswith(device[1:])
                np.testing.assert_array_equal(a.numpy(), b.numpy())
    with pytest.raises(tf.errors.InvalidArgumentError, match="must have the same size and "
                                                           "shape.  Input 0: \\[2,5\\] != "
                                                           "input 1: \\[5\\]"):
        nn_fused.fused_adam_apply(m, v, g16, alpha, var[0], *args)  # (the variable's too)
    with pytest.raises(tf.errors.InvalidArgumentError):  # (but of a float32 update only)
        nn_fused.fused_adam_apply(*(tf.cast(t, tf.float64) for t in (m, v)), g16,
                                  tf.constant(0.01, tf.float64), tf.cast(var, tf.float64),
                                  *args)
