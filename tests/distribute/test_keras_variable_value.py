"""A Keras variable made in a MirroredStrategy's scope holds the distributed variable as
its `value` (Keras 3 on TF: `type(v.value).__name__ == "MirroredVariable"`, one value per
replica; found by tests/guides/tutorial_distribute_keras.py, recorded from TF 2.21)."""

import numpy as np

import eagerflow as tf


def test_value_of_a_mirrored_keras_variable_is_the_mirrored_variable():
    strategy = tf.distribute.MirroredStrategy(["/cpu:0", "/cpu:1"])
    with strategy.scope():
        layer = tf.keras.layers.Dense(2)
        layer.build((None, 3))
    value = layer.kernel.value
    assert type(value).__name__ == "MirroredVariable"
    assert isinstance(value, tf.Variable)
    assert value.name == "dense/kernel:0" or value.name.endswith("kernel:0")
    assert len(value.values) == 2
    for component in value.values:
        np.testing.assert_array_equal(component.numpy(), layer.kernel.numpy())
    # the view writes through to the Keras variable (and every copy)
    value.assign(tf.ones((3, 2)))
    np.testing.assert_array_equal(layer.kernel.numpy(), np.ones((3, 2)))
    for component in value.values:
        np.testing.assert_array_equal(component.numpy(), np.ones((3, 2)))


def test_value_outside_a_strategy_stays_a_resource_variable():
    layer = tf.keras.layers.Dense(2)
    layer.build((None, 3))
    assert type(layer.kernel.value).__name__ == "ResourceVariable"
    assert not hasattr(layer.kernel.value, "values")
