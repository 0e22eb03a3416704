"""Layers' refusals of bad constructor arguments and of inputs their arguments do not fit, in
Keras 3's words (each message recorded from TF 2.21 + Keras 3.15)."""

import numpy as np
import pytest

import eagerflow as tf
from eagerflow import keras

L = keras.layers

_EITHER_2D = ("`{0}` should be either an int, a tuple of 2 ints (symmetric_height_crop, "
              "symmetric_width_crop), or a tuple of 2 tuples of 2 ints ((top_crop, bottom_crop), "
              "(left_crop, right_crop)). Received: {0}=1.5.")


@pytest.mark.parametrize("make, message", [
    (lambda: L.ZeroPadding2D((1, 2, 3)),
     "`padding` should have two elements. Received: padding=(1, 2, 3)."),
    (lambda: L.Cropping2D([1, 2, 3]),
     "`cropping` should have two elements. Received: cropping=[1, 2, 3]."),
    (lambda: L.ZeroPadding3D((1, 2)), "`padding` should have 3 elements. Received: (1, 2)."),
    (lambda: L.Cropping3D((1, 2)), "`cropping` should have 3 elements. Received: (1, 2)."),
    (lambda: L.ZeroPadding2D(1.5), _EITHER_2D.format("padding")),
    (lambda: L.Cropping2D(1.5), _EITHER_2D.format("cropping")),
    (lambda: L.ZeroPadding3D(None),
     "`padding` should be either an int, a tuple of 3 ints (symmetric_dim1_pad, "
     "symmetric_dim2_pad, symmetric_dim3_pad), or a tuple of 3 tuples of 2 ints "
     "((left_dim1_pad, right_dim1_pad), (left_dim2_pad, right_dim2_pad), (left_dim3_pad, "
     "right_dim2_pad)). Received: padding=None."),
    (lambda: L.Cropping3D(1.5),
     "`cropping` should be either an int, a tuple of 3 ints (symmetric_dim1_crop, "
     "symmetric_dim2_crop, symmetric_dim3_crop), or a tuple of 3 tuples of 2 ints "
     "((left_dim1_crop, right_dim1_crop), (left_dim2_crop, right_dim2_crop), (left_dim3_crop, "
     "right_dim2_crop)). Received: 1.5."),
    (lambda: L.Cropping2D(-1), "`cropping` cannot be negative. Received: cropping=-1."),
    (lambda: L.Cropping3D(-1), "`cropping` cannot be negative. Received: cropping=-1."),
    (lambda: L.ZeroPadding2D(((1, 2), (3,))),
     "The `2nd entry of padding` argument must be a tuple of 2 integers. Received 2nd entry of "
     "padding=(3,)"),
    (lambda: L.Cropping2D(((1, -2), 3)),
     "The `1st entry of cropping` argument must be a tuple of 2 integers. Received 1st entry "
     "of cropping=(1, -2), including values {-2} that do not satisfy `value >= 0`"),
    (lambda: L.ZeroPadding3D(((1, 2, 3), 1, 1)),
     "The `1st entry of padding` argument must be a tuple of 2 integers. Received 1st entry of "
     "padding=(1, 2, 3)"),
    (lambda: L.ReLU(max_value=-1),
     "max_value of a ReLU layer cannot be a negative value. Received: max_value=-1"),
    (lambda: L.ReLU(negative_slope=-1),
     "negative_slope of a ReLU layer cannot be None or a negative value. Received: "
     "negative_slope=-1"),
    (lambda: L.ReLU(threshold=None),
     "threshold of a ReLU layer cannot be None or a negative value. Received: threshold=None"),
    (lambda: L.Conv2D(3, 3, groups=2),
     "The number of filters must be evenly divisible by the number of groups. Received: "
     "groups=2, filters=3."),
    (lambda: L.Conv2D(3, 3, data_format="FOO"),
     "The `data_format` argument must be one of {'channels_first', 'channels_last'}. "
     "Received: data_format=foo"),
    (lambda: L.UpSampling2D(data_format="foo"),
     "The `data_format` argument must be one of {'channels_first', 'channels_last'}. "
     "Received: data_format=foo"),
])
def test_constructor_refusals(make, message):
    with pytest.raises(ValueError) as info:
        make()
    assert str(info.value) == message


def test_negative_int_padding_is_taken_as_keras3_takes_it():
    assert L.ZeroPadding2D(-1).padding == ((-1, -1), (-1, -1))
    assert L.ZeroPadding2D((1, (2, 3))).padding == ((1, 1), (2, 3))


def _message(fn):
    with pytest.raises(ValueError) as info:
        fn()
    return str(info.value)


def test_cropping_that_leaves_nothing():
    over = ("Values in `cropping` argument should be smaller than the corresponding spatial "
            "dimension of the input. Received: ")
    x4 = np.zeros((2, 4, 4, 3), "float32")
    assert over + "inputs.shape=(2, 4, 4, 3), cropping=((1, 1), (3, 1))" in _message(
        lambda: L.Cropping2D(((1, 1), (3, 1)))(x4))
    assert over + "input_shape=(None, 4, 4, 1), cropping=((2, 2), (2, 2))" in _message(
        lambda: L.Cropping2D(2)(keras.Input((4, 4, 1))))
    assert over + "inputs.shape=(1, 4, 4, 4, 1), cropping=((2, 2), (2, 2), (2, 2))" in _message(
        lambda: L.Cropping3D(2)(np.zeros((1, 4, 4, 4, 1), "float32")))
    short = "`cropping` parameter of `Cropping1D` layer must be smaller than the input length. "
    assert short + "Received: inputs.shape=(1, 4, 1), cropping=(2, 2)" in _message(
        lambda: L.Cropping1D(2)(np.zeros((1, 4, 1), "float32")))
    assert short + "Received: input_shape=(None, 4, 1), cropping=(2, 2)" in _message(
        lambda: L.Cropping1D(2)(keras.Input((4, 1))))
    assert L.Cropping1D((1, 2))(np.zeros((1, 4, 1), "float32")).shape == (1, 1, 1)


def test_concatenate_given_one_tensor():
    x3 = np.zeros((2, 5, 3), "float32")
    assert _message(lambda: L.Concatenate()(x3)) == (
        "A `Concatenate` layer should be called on a list of at least 1 input. Received: "
        "input_shape=(2, 5, 3)")
    assert _message(lambda: L.Concatenate()(keras.Input((5, 3)))) == (
        "A `Concatenate` layer should be called on a list of at least 1 input. Received: "
        "input_shape=(None, 5, 3)")
    assert _message(lambda: L.Concatenate().compute_output_shape((2, 5, 3))) == (
        "A `Concatenate` layer should be called on a list of inputs. Received: "
        "input_shape=(2, 5, 3)")


def test_reshape_target_checks():
    assert _message(lambda: L.Reshape((-1, 2, -1))) == (
        "There must be at most one unknown dimension (-1) in `target_shape`. Received: "
        "target_shape=(-1, 2, -1).")
    assert _message(lambda: L.Reshape((-2, 3))) == (
        "Each dimension in `target_shape` must be a non-negative integer, or `-1` for a single "
        "unknown dimension. Received: target_shape=(-2, 3).")
    indivisible = ("The total size of the tensor must be unchanged, however, the input size "
                   "cannot by divided by the specified dimensions in target_shape. Received: "
                   "input_shape=(4, 3), target_shape=(5, -1)")
    assert indivisible in _message(lambda: L.Reshape((5, -1))(np.zeros((2, 4, 3), "float32")))
    assert indivisible in _message(lambda: L.Reshape((5, -1))(keras.Input((4, 3))))
    assert ("The total size of the tensor must be unchanged. Received: input_shape=(4, 3), "
            "target_shape=(5,)") in _message(lambda: L.Reshape((5,))(keras.Input((4, 3))))
    assert L.Reshape((-1, 6)).compute_output_shape((None, 4, 3)) == (None, 2, 6)


# recorded from TF 2.21: UpSampling2D resizes by keras.ops.image.resize for any of its methods
_UPSAMPLED = {
    "bicubic": [0.5666091442108154, 1.7220590114593506, 4.013235569000244, 5.168685436248779,
                0.8359243869781494, 2.078622579574585, 4.542806148529053, 5.7855048179626465,
                1.3699581623077393, 2.785663366317749, 5.5929083824157715, 7.0086140632629395,
                1.6392736434936523, 3.1422271728515625, 6.122479438781738, 7.625433921813965],
    "area": [1.0, 1.0, 5.0, 5.0, 1.0, 1.0, 5.0, 5.0, 2.0, 2.0, 7.0, 7.0, 2.0, 2.0, 7.0, 7.0],
    "lanczos3": [0.15340346097946167, 1.7151412963867188, 3.758425235748291, 5.320163249969482,
                 0.49009591341018677, 2.2185821533203125, 4.480030059814453, 6.2085161209106445,
                 0.930604100227356, 2.877254009246826, 5.424133777618408, 7.37078332901001,
                 1.2672964334487915, 3.38069486618042, 6.145738124847412, 8.259136199951172],
}


@pytest.mark.parametrize("method", sorted(_UPSAMPLED))
def test_upsampling2d_takes_every_resize_method(method):
    x = np.array([1., 5., 2., 7.], "float32").reshape(1, 2, 2, 1)
    got = L.UpSampling2D(interpolation=method.upper())(x).numpy().ravel()
    np.testing.assert_allclose(got, _UPSAMPLED[method], rtol=1e-6, atol=1e-6)


def test_upsampling2d_refuses_an_unknown_method_when_called():
    layer = L.UpSampling2D(interpolation="foo")
    assert "Invalid value for argument `interpolation`. Expected of one ('bilinear', 'nearest', " \
           "'lanczos3', 'lanczos5', 'bicubic', 'area'). Received: interpolation=foo" in _message(
               lambda: layer(np.zeros((1, 2, 2, 1), "float32")))


@pytest.mark.usefixtures("cpu_kernels")  # (the message names the device)
def test_normalization_given_values_that_do_not_fit_fail_as_tfs_ops():
    # recorded from TF 2.21: Keras 3 reshapes and broadcasts them by TF's ops
    x3 = np.arange(24, dtype="float32").reshape(2, 4, 3)
    with pytest.raises(tf.errors.InvalidArgumentError) as info:
        L.Normalization(mean=[1., 2.], variance=[1., 1.])(x3)
    assert str(info.value) == (
        "{{function_node __wrapped__BroadcastTo_device_/job:localhost/replica:0/task:0/device:"
        "CPU:0}} Incompatible shapes: [1,1,2] vs. [1,1,3] [Op:BroadcastTo]")
    assert _message(lambda: L.Normalization(mean=[1., 2., 3.], variance=[1., 1.])) == (
        "When setting values directly, `mean` and `variance` must have the same shape. "
        "Received: mean shape (3,) and variance shape (2,)")
    out = L.Normalization(axis=(1, 2), mean=np.ones((3,)), variance=np.ones((3,)) * 4)(x3)
    np.testing.assert_allclose(out.numpy().ravel()[:3], [-0.5, 0.0, 0.5], rtol=1e-6)


@pytest.mark.parametrize("indices, words", [
    # recorded from TF 2.21: Keras 3 bincounts a 1-D (or scalar) input as it is, rows otherwise
    (np.array([-1]), "Input arr must be non-negative!"),
    (np.array(-1), "Input arr must be non-negative!"),
    (np.array([[-1, 1]]), "Input 'in' must be non-negative! Negative input value found: -1"),
])
@pytest.mark.usefixtures("cpu_kernels")  # (the message names the device)
def test_category_encoding_refuses_negative_indices_in_densebincounts_words(indices, words):
    with pytest.raises(tf.errors.InvalidArgumentError) as info:
        L.CategoryEncoding(3, output_mode="multi_hot")(indices)
    assert ("{{function_node __wrapped__DenseBincount_device_/job:localhost/replica:0/task:0/"
            f"device:CPU:0}}}} {words} [Op:DenseBincount] name: ") in str(info.value)


def test_bidirectional_copies_its_layer_through_deserialization():
    # recorded from TF 2.21: Keras 3 deserializes the backward copy with go_backwards=True, so
    # a layer that takes none fails as its deserialization does
    message = _message_of(TypeError, lambda: L.Bidirectional(L.Dense(2, name="dd")))
    assert "could not be deserialized properly" in message
    assert "'name': 'backward_dd'" in message and "'go_backwards': True}" in message
    assert message.endswith("Exception encountered: Unrecognized keyword arguments passed to "
                            "Dense: {'go_backwards': True}")
    assert _message(lambda: L.Bidirectional(3)) == (
        "Please initialize `Bidirectional` layer with a `keras.layers.Layer` instance. "
        "Received: 3")
    assert _message(lambda: L.Bidirectional(L.LSTM(2), backward_layer=3)) == (
        "`backward_layer` need to be a `keras.layers.Layer` instance. Received: 3")
    lstm = L.LSTM(2)
    lstm(np.zeros((1, 3, 4), "float32"))
    bi = L.Bidirectional(lstm)  # (a built layer's copies come built)
    assert bi.forward_layer.built and bi.backward_layer.built
    assert [w.path for w in bi.weights][:3] == [f"forward_{lstm.name}/lstm_cell/{w}"
                                                for w in ("kernel", "recurrent_kernel", "bias")]


def _message_of(cls, fn):
    with pytest.raises(cls) as info:
        fn()
    return str(info.value)
