"""The Keras-side dtype checks that compare dtype names (a Keras variable's dtype is its
name) instead of asking core's as_dtype: the optimizer's gradient/variable check, Conv's
fused path and BatchNormalization's statistics dtype."""

import numpy as np

import eagerflow as tf


def test_gradients_of_another_dtype_are_cast_to_their_variables():
    opt = tf.keras.optimizers.SGD(0.5)
    keras_var = tf.keras.Variable(np.ones(3, "float32"))
    tf_var = tf.Variable(np.ones(2, "float64"))  # (its dtype a DType, not a name)
    same = tf.constant(np.ones(3, "float32"))
    grads, variables = opt._present_gradients([same, tf.constant(np.ones(2, "float32"))],
                                              [keras_var, tf_var])
    assert grads[0] is same  # (a gradient of its variable's dtype is kept as it is)
    assert grads[1].dtype == tf.float64 and variables == [keras_var, tf_var]
    opt.apply_gradients([(tf.constant(np.ones(3, "float64")), keras_var),
                         (tf.constant(np.ones(2, "float32")), tf_var)])
    np.testing.assert_allclose(keras_var.numpy(), [0.5, 0.5, 0.5])
    np.testing.assert_allclose(tf_var.numpy(), [0.5, 0.5])
    assert keras_var.dtype == "float32" and tf_var.dtype == tf.float64


def test_conv_fuses_only_inputs_of_its_variables_dtype():
    conv = tf.keras.layers.Conv2D(2, 3)
    conv.build((None, 5, 5, 1))
    assert conv._fusable(tf.ones((1, 5, 5, 1)))
    assert not conv._fusable(tf.ones((1, 5, 5, 1), dtype=tf.float64))
    wide = tf.keras.layers.Conv2D(2, 3, dtype="float64")
    wide.build((None, 5, 5, 1))
    assert wide._fusable(tf.ones((1, 5, 5, 1), dtype=tf.float64))
    assert not wide._fusable(tf.ones((1, 5, 5, 1)))


def test_batch_normalization_computes_in_its_statistics_dtype():
    bn = tf.keras.layers.BatchNormalization(dtype="mixed_float16")
    x = np.arange(12, dtype="float32").reshape(3, 4)
    out = bn(tf.constant(x, dtype=tf.float16), training=True)
    assert out.dtype == tf.float16 and bn.moving_mean.dtype == "float32"
    reference = tf.keras.layers.BatchNormalization()
    expected = reference(tf.constant(x), training=True)
    np.testing.assert_allclose(out.numpy(), expected.numpy(), atol=2e-3)
    np.testing.assert_allclose(bn.moving_mean.numpy(), reference.moving_mean.numpy(),
                               rtol=1e-6)
    plain = tf.keras.layers.BatchNormalization(autocast=False)
    # cast in, and out to the layer's compute dtype (float32, as TF 2.21's Keras 3 casts it)
    out = plain(tf.constant(x, dtype=tf.float64), training=True)
    assert out.dtype == tf.float32 and plain.moving_mean.dtype == "float32"
