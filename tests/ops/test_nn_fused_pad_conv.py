"""FusedPadConv2D / FusedResizeAndPadConv2D (ops/nn_fused_pad_conv.py): TF 2.21's values
for the same calls (asked of TF 2.21), its batch behaviour included."""

import numpy as np
import pytest

import eagerflow as tf

R = tf.raw_ops


def test_every_output_image_is_the_first_images():
    # TF 2.21's CPU kernel reads the batch's first image for each output image
    x = tf.constant(np.arange(1, 13, dtype=np.float32).reshape(3, 2, 2, 1))
    y = R.FusedPadConv2D(input=x, paddings=[[0, 0]] * 4, filter=tf.ones((1, 1, 1, 1)),
                         mode="REFLECT", strides=[1, 1, 1, 1], padding="VALID")
    np.testing.assert_array_equal(y.numpy().reshape(3, 4), [[1, 2, 3, 4]] * 3)
    x = tf.constant(np.arange(1, 25, dtype=np.float32).reshape(2, 3, 4, 1))
    y = R.FusedPadConv2D(input=x, paddings=[[0, 0], [1, 0], [0, 1], [0, 0]],
                         filter=tf.ones((1, 1, 1, 1)), mode="REFLECT", strides=[1, 1, 1, 1],
                         padding="VALID")
    np.testing.assert_array_equal(y.numpy()[..., 0], [[[5, 6, 7, 8, 7], [1, 2, 3, 4, 3],
                                                       [5, 6, 7, 8, 7], [9, 10, 11, 12, 11]]] * 2)


@pytest.mark.parametrize("w,padding,want", [
    ([1., 10., 100.], "SAME", [[510, 620, 730, 840], [951, 1062, 1173, 1284], [95, 106, 117, 128]]),
    ([1., 10.], "SAME", [[51, 62, 73, 84], [95, 106, 117, 128], [9, 10, 11, 12]]),
    ([1., 10.], "VALID", [[51, 62, 73, 84], [95, 106, 117, 128]])])
def test_values(w, padding, want):
    x = tf.constant(np.arange(1, 13, dtype=np.float32).reshape(1, 3, 4, 1))
    y = R.FusedPadConv2D(input=x, paddings=[[0, 0]] * 4,
                         filter=tf.constant(w, shape=(len(w), 1, 1, 1)), mode="REFLECT",
                         strides=[1, 1, 1, 1], padding=padding)
    np.testing.assert_array_equal(y.numpy()[0, ..., 0], want)


def test_resize_and_symmetric():
    x = tf.constant(np.arange(1, 13, dtype=np.float32).reshape(1, 3, 4, 1))
    y = R.FusedPadConv2D(input=x, paddings=[[0, 0], [0, 0], [1, 1], [0, 0]],
                         filter=tf.ones((1, 1, 1, 1)), mode="SYMMETRIC", strides=[1, 1, 1, 1],
                         padding="VALID")
    np.testing.assert_array_equal(y.numpy()[0, ..., 0], [[1, 1, 2, 3, 4, 4], [5, 5, 6, 7, 8, 8],
                                                        [9, 9, 10, 11, 12, 12]])
    y = R.FusedResizeAndPadConv2D(input=x, size=[5, 7], paddings=[[0, 0]] * 4,
                                  filter=tf.ones((1, 1, 1, 1)), mode="REFLECT",
                                  strides=[1, 1, 1, 1], padding="VALID",
                                  resize_align_corners=True)
    np.testing.assert_array_equal(y.numpy()[0, ..., 0], np.arange(1, 12.5, 0.5)[None, :7] +
                                  np.arange(0, 10, 2)[:, None])


def test_errors_and_no_gradient():
    x, w = tf.ones((2, 5, 6, 3)), tf.ones((3, 2, 3, 4))
    with pytest.raises(tf.errors.InvalidArgumentError) as e:
        R.FusedPadConv2D(input=x, paddings=[[1, 0], [0, 0], [0, 0], [0, 0]], filter=w,
                         mode="REFLECT", strides=[1, 1, 1, 1], padding="VALID")
    assert str(e.value) == (
        "{{function_node __wrapped__FusedPadConv2D_device_/job:localhost/replica:0/task:0/"
        "device:CPU:0}} Fused mirror padding only support spatial padding, not batches: "
        "Tensor<type: int32 shape: [4,2] values: [1 0][0...]...> [Op:FusedPadConv2D]")
    with pytest.raises(tf.errors.InvalidArgumentError) as e:
        R.FusedPadConv2D(input=x, paddings=tf.constant([[0, 0]] * 4, tf.int64), filter=w,
                         mode="REFLECT", strides=[1, 1, 1, 1], padding="VALID")
    assert str(e.value) == (
        "cannot compute FusedPadConv2D as input #1(zero-based) was expected to be a int32 "
        "tensor but is a int64 tensor [Op:FusedPadConv2D] name: ")
    with tf.GradientTape() as tape:
        tape.watch(x)
        y = R.FusedResizeAndPadConv2D(input=x, size=[3, 3], paddings=[[0, 0]] * 4, filter=w,
                                      mode="REFLECT", strides=[1, 1, 1, 1], padding="VALID")
    with pytest.raises(LookupError, match="no entry for: FusedResizeAndPadConv2D"):
        tape.gradient(y, x)
