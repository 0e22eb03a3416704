"""tf.functions that take a GradientTape's gradient, whose traced graphs' operations
test_tape_graph_names.py compares with TF 2.21's (make_tape_graph_golden.py records them):
gradients named under "gradient_tape/" and the name scope their forward op was made in,
the default output gradient ("ones", or "ones_like" of a dynamic shape), an unconnected
output's "zeros", one AddN per tensor used more than once. Imports neither framework:
TF's interpreter loads this file too.

Each case is source exec'd with `tf` bound; it defines `f` and `SPECS`."""

import textwrap

from tests.function.graph_op_cases import _node

CASES = {
    "operators_in_scope": """
        v = tf.Variable([2.0, 1.0])
        def f(x):
            with tf.name_scope("outer"):
                with tf.GradientTape() as t:
                    t.watch(x)
                    y = tf.sin(x) * x + v
            return t.gradient(y, [x, v])
        SPECS = [tf.TensorSpec([None])]
    """,
    "addn_of_three_uses": """
        def f(x):
            with tf.GradientTape() as t:
                t.watch(x)
                y = tf.sin(x) + tf.cos(x) + tf.exp(x)
            return t.gradient(y, x)
        SPECS = [tf.TensorSpec([2])]
    """,
    "dynamic_shape_seed_and_unconnected": """
        def f(x):
            with tf.GradientTape(persistent=True) as t:
                t.watch(x)
                y = tf.sin(x)
                a, b = tf.unstack(tf.reshape(y, [2, -1]))
            return t.gradient(y, x), t.gradient(a, x)
        SPECS = [tf.TensorSpec([None])]
    """,
    "static_shape_split": """
        def f(x):
            with tf.GradientTape() as t:
                t.watch(x)
                a, b = tf.split(x * 3.0, 2)
            return t.gradient(a, x)
        SPECS = [tf.TensorSpec([4])]
    """,
    "cond": """
        def f(x):
            with tf.GradientTape() as t:
                t.watch(x)
                y = tf.cond(x > 0, lambda: x * x, lambda: -x)
            return t.gradient(y, x)
        SPECS = [tf.TensorSpec([])]
    """,
    "matmul_and_add": """
        w = tf.Variable([[1.0, 2.0], [3.0, 4.0]])
        def f(x):
            with tf.GradientTape() as t:
                y = tf.add(tf.matmul(x, w), 1.0)
            return t.gradient(y, w)
        SPECS = [tf.TensorSpec([3, 2])]
    """,
    "dense_layer_loss": """
        w = tf.Variable([[1.0], [2.0]])
        b = tf.Variable([0.5])
        def f(x, y):
            with tf.GradientTape() as t:
                pred = tf.nn.relu(x @ w + b)
                loss = tf.reduce_mean(tf.square(pred - y))
            return t.gradient(loss, [w, b])
        SPECS = [tf.TensorSpec([4, 2]), tf.TensorSpec([4, 1])]
    """,
    "nested_scopes_and_tape_in_scope": """
        def f(x):
            with tf.GradientTape() as t:
                t.watch(x)
                with tf.name_scope("block"):
                    y = x * x - x / 2.0
            with tf.name_scope("grads"):
                return t.gradient(y, x)
        SPECS = [tf.TensorSpec([3])]
    """,
    "reductions_with_axes": """
        def f(x):
            with tf.GradientTape() as t:
                t.watch(x)
                y = tf.reduce_sum(x * x, axis=1) + tf.reduce_mean(tf.exp(x), axis=[0, 1])
                z = tf.reduce_sum(tf.reduce_mean(y, axis=0, keepdims=True))
            return t.gradient(z, x)
        SPECS = [tf.TensorSpec([2, 3, 4])]
    """,
    "softmax_cross_entropy": """
        w = tf.Variable([[0.5, -1.0, 0.25], [1.0, 0.5, -0.5]])
        def f(x, labels):
            with tf.GradientTape() as t:
                logits = tf.matmul(x, w)
                loss = tf.reduce_mean(tf.nn.softmax_cross_entropy_with_logits(
                    labels=labels, logits=logits))
            return t.gradient(loss, w)
        SPECS = [tf.TensorSpec([4, 2]), tf.TensorSpec([4, 3])]
    """,
    "sparse_softmax_cross_entropy": """
        def f(logits, labels):
            with tf.GradientTape() as t:
                t.watch(logits)
                loss = tf.nn.sparse_softmax_cross_entropy_with_logits(
                    labels=labels, logits=logits)
            return t.gradient(loss, logits)
        SPECS = [tf.TensorSpec([4, 3]), tf.TensorSpec([4], tf.int32)]
    """,
    "activations": """
        def f(x):
            with tf.GradientTape() as t:
                t.watch(x)
                y = tf.sigmoid(x) + tf.tanh(x) + tf.nn.relu(x)
            return t.gradient(y, x)
        SPECS = [tf.TensorSpec([3])]
    """,
    "conv2d_bias_add": """
        k = tf.Variable(tf.ones([2, 2, 1, 2]))
        b = tf.Variable([0.1, -0.1])
        def f(x):
            with tf.GradientTape() as t:
                y = tf.nn.relu(tf.nn.bias_add(
                    tf.nn.conv2d(x, k, strides=1, padding="SAME"), b))
            return t.gradient(y, [k, b])
        SPECS = [tf.TensorSpec([1, 4, 4, 1])]
    """,
    "conv2d_input_and_filter_unknown_batch": """
        k = tf.Variable(tf.ones([2, 2, 1, 2]))
        def f(x):
            with tf.GradientTape() as t:
                t.watch(x)
                y = tf.nn.conv2d(x, k, strides=2, padding="VALID")
            return t.gradient(y, [x, k])
        SPECS = [tf.TensorSpec([None, 4, 4, 1])]
    """,
    "concat_reshape_transpose": """
        def f(x, y):
            with tf.GradientTape() as t:
                t.watch([x, y])
                z = tf.transpose(tf.reshape(tf.concat([x, y], axis=1), [3, -1]))
            return t.gradient(z, [x, y])
        SPECS = [tf.TensorSpec([2, 3]), tf.TensorSpec([2, 6])]
    """,
    "concat_unknown_dims": """
        def f(x, y):
            with tf.GradientTape() as t:
                t.watch([x, y])
                z = tf.concat([x, y], axis=-1)
            return t.gradient(z, [x, y])
        SPECS = [tf.TensorSpec([None, 3]), tf.TensorSpec([2, None])]
    """,
    "runtime_concat_axis_and_perm": """
        def f(x, y, axis, perm):
            with tf.GradientTape() as t:
                t.watch([x, y])
                z = tf.transpose(tf.concat([x, y], axis), perm)
            return t.gradient(z, [x, y])
        SPECS = [tf.TensorSpec([2, 3]), tf.TensorSpec([2, 3]), tf.TensorSpec([], tf.int32),
                 tf.TensorSpec([2], tf.int32)]
    """,
    "gather": """
        p = tf.Variable([[1.0, 2.0], [3.0, 4.0], [5.0, 6.0]])
        def f(i):
            with tf.GradientTape() as t:
                y = tf.gather(p, i) * 2.0
            return t.gradient(y, p)
        SPECS = [tf.TensorSpec([2], tf.int32)]
    """,
    "gather_of_tensor": """
        def f(x, i):
            with tf.GradientTape() as t:
                t.watch(x)
                y = tf.gather(x, i, axis=1)
            return t.gradient(y, x)
        SPECS = [tf.TensorSpec([2, 3]), tf.TensorSpec([2], tf.int32)]
    """,
    "gather_of_tensor_unknown_shape": """
        def f(x, i):
            with tf.GradientTape() as t:
                t.watch(x)
                y = tf.gather(x, i, axis=-1)
            return t.gradient(y, x)
        SPECS = [tf.TensorSpec([None, 3, None]), tf.TensorSpec([None, 2], tf.int64)]
    """,
    "fused_batch_norm_training": """
        def f(x, scale, offset):
            with tf.GradientTape() as t:
                t.watch([x, scale, offset])
                y, m, v = tf.compat.v1.nn.fused_batch_norm(x, scale, offset)
            return t.gradient(y, [x, scale, offset])
        SPECS = [tf.TensorSpec([2, 3, 2, 4]), tf.TensorSpec([4]), tf.TensorSpec([4])]
    """,
    "fused_batch_norm_inference_nchw": """
        def f(x, scale, offset, mean, variance):
            with tf.GradientTape() as t:
                t.watch([x, scale, offset])
                y, m, v = tf.compat.v1.nn.fused_batch_norm(
                    x, scale, offset, mean, variance, is_training=False, data_format="NCHW")
            return t.gradient(y, [x, scale, offset])
        SPECS = [tf.TensorSpec([2, 4, 3, 2])] + [tf.TensorSpec([4])] * 4
    """,
    "max_pool_v2_second_order": """
        def f(x):
            with tf.GradientTape() as t2:
                t2.watch(x)
                with tf.GradientTape() as t:
                    t.watch(x)
                    y = tf.raw_ops.MaxPoolV2(input=x, ksize=[1, 2, 2, 1], strides=[1, 1, 1, 1],
                                             padding="VALID")
                g = t.gradient(y, x)
            return g, t2.gradient(g, x)
        SPECS = [tf.TensorSpec([1, 4, 4, 2])]
    """,
    "max_pools_in_their_scopes": """
        def f(x, s):
            with tf.GradientTape() as t:
                t.watch([x, s])
                y = tf.nn.max_pool2d(x, 2, 1, "VALID") + tf.nn.max_pool2d(x, 2, 1, "VALID",
                                                                          name="mp")
                z = tf.nn.max_pool1d(s, 2, 1, [[0, 0], [1, 0], [0, 0]], name="p1") + \
                    tf.nn.max_pool1d(s, 1, 1, "SAME")
            return t.gradient([y, z], [x, s])
        SPECS = [tf.TensorSpec([1, 4, 4, 2]), tf.TensorSpec([2, 4, 3])]
    """,
    "bias_add_v1": """
        def f(x, b):
            with tf.GradientTape() as t:
                t.watch([x, b])
                y = tf.raw_ops.BiasAddV1(value=x, bias=b)
            return t.gradient(y, [x, b])
        SPECS = [tf.TensorSpec([2, 3, 4]), tf.TensorSpec([4])]
    """,
    "bias_add_v1_unknown_rank": """
        def f(x, b):
            with tf.GradientTape() as t:
                t.watch([x, b])
                y = tf.raw_ops.BiasAddV1(value=x, bias=b)
            return t.gradient(y, [x, b])
        SPECS = [tf.TensorSpec(None), tf.TensorSpec([None])]
    """,
    "fused_batch_norm_v1_v2": """
        def f(x, s):
            with tf.GradientTape() as t:
                t.watch([x, s])
                y = tf.raw_ops.FusedBatchNorm(x=x, scale=s, offset=s, mean=[], variance=[])[0]
                y2 = tf.raw_ops.FusedBatchNormV2(x=x, scale=s, offset=s, mean=[],
                                                 variance=[])[0]
            return t.gradient([y, y2], [x, s])
        SPECS = [tf.TensorSpec([2, 2, 2, 3]), tf.TensorSpec([3])]
    """,
    "unary_gradients_wait_on_grad": """
        def f(x):
            with tf.GradientTape() as t:
                t.watch(x)
                y = tf.math.log(x) + tf.math.tan(x) + tf.math.expm1(x) + tf.math.sinh(x)
                y = y + tf.math.erf(x) + tf.math.lgamma(x) + tf.math.atan(x)
            return t.gradient(y, x)
        SPECS = [tf.TensorSpec([3])]
    """,
    "segment_sum_mean": """
        def f(x, ids):
            with tf.GradientTape() as t:
                t.watch(x)
                y = tf.math.segment_sum(x, ids) + tf.math.segment_mean(x, ids)
            return t.gradient(y, x)
        SPECS = [tf.TensorSpec([None, 2]), tf.TensorSpec([None], tf.int32)]
    """,
    "segment_max_min": """
        def f(x, ids):
            with tf.GradientTape() as t:
                t.watch(x)
                y = tf.math.segment_max(x, ids) * tf.math.segment_min(x, ids)
            return t.gradient(y, x)
        SPECS = [tf.TensorSpec([4, 3]), tf.TensorSpec([4], tf.int64)]
    """,
    "segment_prod": """
        def f(x, ids):
            with tf.GradientTape() as t:
                t.watch(x)
                y = tf.math.segment_prod(x, ids)
            return t.gradient(y, x)
        SPECS = [tf.TensorSpec([None]), tf.TensorSpec([None], tf.int32)]
    """,
    "segment_prod_static_shape": """
        def f(x, ids):
            with tf.GradientTape() as t:
                t.watch(x)
                y = tf.math.segment_prod(x, ids)
            return t.gradient(y, x)
        SPECS = [tf.TensorSpec([3, 2]), tf.TensorSpec([3], tf.int64)]
    """,
}


def operations(tf, src: str) -> list:
    """The traced graph's operations as "name:Type(input, ...)" (NodeDef inputs)."""
    env = {"tf": tf}
    exec(textwrap.dedent(src), env)  # noqa: S102 - the cases above, nothing else
    graph = tf.function(env["f"]).get_concrete_function(*env["SPECS"]).graph
    return [_node(op) for op in graph.get_operations()]
