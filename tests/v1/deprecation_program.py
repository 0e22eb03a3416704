"""TF 2.21's deprecated `tf.compat.v1` functions, run under TF (record_deprecations.py
keeps its stderr in golden/deprecations.txt) and under eagerflow (test_deprecations.py):
each one's result, and its deprecation notice through the "tensorflow" logger, worded as
TF words it (name, TF module, removal date, instructions), once per function.

    python tests/v1/deprecation_program.py tf|ef
"""

import sys

if sys.argv[1] == "tf":
    import tensorflow as tf
else:
    import eagerflow as tf
v1 = tf.compat.v1


def show(step, fn):
    print(f"--- {step}", file=sys.stderr, flush=True)
    try:
        result = fn()
        print("result", repr(result.numpy()) if hasattr(result, "numpy") else
              type(result).__name__, file=sys.stderr)
    except Exception as e:  # noqa: BLE001 - the error is what is compared
        print(f"{type(e).__name__}: {e}", file=sys.stderr)


show("to_float", lambda: v1.to_float(tf.constant(1)))
show("to_float again (no second notice)", lambda: v1.to_float(tf.constant([1, 2])))
show("to_double", lambda: v1.to_double(tf.constant(1)))
show("to_int32", lambda: v1.to_int32(tf.constant(1.7)))
show("to_int64", lambda: v1.to_int64(tf.constant(-1.7)))
show("to_bfloat16", lambda: v1.to_bfloat16(tf.constant(1.0)))
show("to_complex64", lambda: v1.to_complex64(tf.constant(1.0)))
show("to_complex128", lambda: v1.to_complex128(tf.constant(1.0)))
show("div of floats", lambda: v1.div(tf.constant(7.0), 2.0))
show("div of integers (floored)", lambda: v1.div(tf.constant(-7), 2))
show("div of an int tensor by a float tensor", lambda: v1.div(tf.constant(7), tf.constant(2.0)))
show("div of an int tensor by a float", lambda: v1.div(tf.constant(7), 2.5))
show("arg_max", lambda: v1.arg_max(tf.constant([[1, 5], [7, 2]]), 1))
show("arg_min", lambda: v1.arg_min(tf.constant([[1, 5], [7, 2]]), 0, output_type=tf.int32))
show("multinomial", lambda: v1.multinomial(tf.math.log([[0.0, 1.0]]), 3))
show("sparse_to_dense", lambda: v1.sparse_to_dense([[0], [2]], [4], [5, 6], default_value=-1))
show("sparse_to_dense of a vector of indices", lambda: v1.sparse_to_dense([1, 2], [3], 9))
show("sparse_to_dense of one index", lambda: v1.sparse_to_dense(1, [3], 9))
show("py_func", lambda: v1.py_func(lambda x: x * 2, [tf.constant(1.5)], tf.float32))
show("batch_gather", lambda: v1.batch_gather(tf.constant([[1, 2, 3], [4, 5, 6]]),
                                             tf.constant([[2, 0], [1, 1]])))
show("initialize_all_variables", lambda: v1.initialize_all_variables())
show("all_variables", lambda: v1.all_variables())
show("initialize_variables", lambda: v1.initialize_variables([]))
show("initialize_local_variables", lambda: v1.initialize_local_variables())
show("guarantee_const", lambda: v1.guarantee_const(tf.constant(3)))
show("nn.softmax_cross_entropy_with_logits", lambda: v1.nn.softmax_cross_entropy_with_logits(
    labels=[[0.0, 1.0]], logits=[[1.0, 2.0]]))
show("its gradient stops at the labels", lambda: (lambda lab, t: [
    t.__enter__(), t.watch(lab), loss := v1.nn.softmax_cross_entropy_with_logits(
        labels=lab, logits=[[1.0, 2.0]]), t.__exit__(None, None, None),
    t.gradient(loss, lab)][-1])(tf.constant([[0.0, 1.0]]), tf.GradientTape()))
show("with axis (and dim's default)", lambda: v1.nn.softmax_cross_entropy_with_logits(
    labels=[[0.0, 1.0]], logits=[[1.0, 2.0]], axis=-1))
show("without logits", lambda: v1.nn.softmax_cross_entropy_with_logits(labels=[[0.0, 1.0]]))
show("nn.dropout with keep_prob 1", lambda: v1.nn.dropout(tf.ones([3]), keep_prob=1.0))
show("nn.dropout with keep_prob 0.5 and a seed (shape)",
     lambda: v1.nn.dropout(tf.ones([4]), keep_prob=0.5, seed=1).shape.as_list())
show("nn.dropout with rate", lambda: v1.nn.dropout(tf.ones([3]), rate=0.0))
show("nn.dropout with both", lambda: v1.nn.dropout(tf.ones([3]), keep_prob=0.5, rate=0.5))
show("nn.dropout with neither", lambda: v1.nn.dropout(tf.ones([3])))
show("nn.dropout with a string keep_prob", lambda: v1.nn.dropout(tf.ones([3]), keep_prob="a"))
show("experimental_run_functions_eagerly",
     lambda: tf.config.experimental_run_functions_eagerly(False))
show("experimental_functions_run_eagerly", lambda: tf.config.experimental_functions_run_eagerly())
show("is_gpu_available", lambda: tf.test.is_gpu_available())
# tf.compat.v1's submodule functions (v1/nn_tf1.py, nn_tf1_ops.py, image_v1.py, ...)
img = tf.ones([1, 9, 9, 2])
show("nn.fractional_max_pool", lambda: v1.nn.fractional_max_pool(
    img, [1.0, 1.5, 1.5, 1.0], deterministic=True, seed=1, seed2=2)[0].shape.as_list())
show("nn.fractional_avg_pool", lambda: v1.nn.fractional_avg_pool(
    img, [1.0, 1.5, 1.5, 1.0])[0].shape.as_list())
show("image.sample_distorted_bounding_box", lambda: v1.image.sample_distorted_bounding_box(
    [4, 4, 1], [[[0.0, 0.0, 1.0, 1.0]]], seed=1, seed2=2)[0].shape.as_list())
show("nn.conv1d with data_format NHWC", lambda: v1.nn.conv1d(
    tf.ones([1, 4, 1]), tf.ones([2, 1, 1]), 1, "VALID", data_format="NHWC"))
show("again (no second notice)", lambda: v1.nn.conv1d(
    tf.ones([1, 4, 1]), tf.ones([2, 1, 1]), 1, "VALID", data_format="NHWC").shape.as_list())
show("nn.softmax with dim, eagerly (no notice)", lambda: v1.nn.softmax([1.0, 2.0], dim=0).shape)
with tf.Graph().as_default():
    show("nn.softmax with dim in a graph", lambda: v1.nn.softmax([1.0, 2.0], dim=0).shape)
    show("nn.log_softmax with dim in a graph", lambda: v1.nn.log_softmax([1.0], dim=0).shape)
    show("nn.weighted_cross_entropy_with_logits with targets in a graph",
         lambda: v1.nn.weighted_cross_entropy_with_logits(
             targets=[1.0], logits=[0.5], pos_weight=2.0).shape)
    show("image.crop_and_resize with box_ind in a graph", lambda: v1.image.crop_and_resize(
        tf.ones([1, 4, 4, 1]), [[0.0, 0.0, 1.0, 1.0]], box_ind=[0], crop_size=[2, 2]).shape)
    show("math.reduce_sum with keep_dims in a graph", lambda: v1.math.reduce_sum(
        [[1.0]], 1, keep_dims=True).shape)
tf.get_logger().setLevel("ERROR")
show("arg_max's notice was given; to_double's too", lambda: v1.to_double(tf.constant(2)))
print("--- end", file=sys.stderr)
