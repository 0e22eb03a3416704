"""pad, reverse, roll, reverse_sequence, repeat, meshgrid."""

import numpy as np
import pytest
from hypothesis import given
from hypothesis import strategies as st

import eagerflow as tf


@given(st.sampled_from(["CONSTANT", "REFLECT", "SYMMETRIC"]), st.integers(0, 2),
       st.integers(0, 2), st.integers(0, 2), st.integers(0, 2))
def test_pad_matches_numpy(mode, a, b, c, d):
    x = np.arange(12, dtype=np.float32).reshape(3, 4)
    np_mode = {"CONSTANT": "constant", "REFLECT": "reflect", "SYMMETRIC": "symmetric"}[mode]
    want = np.pad(x, [[a, b], [c, d]], mode=np_mode)
    np.testing.assert_array_equal(tf.pad(x, [[a, b], [c, d]], mode=mode).numpy(), want)


def test_pad_constant_values_modes_and_errors():
    assert tf.pad([1.0, 2.0], [[1, 1]], constant_values=0.5).numpy().tolist() == \
        [0.5, 1.0, 2.0, 0.5]
    assert tf.pad(["a"], [[1, 0]]).numpy().tolist() == [b"", b"a"]
    assert tf.pad([[1, 2], [3, 4]], [[1, 1], [0, 0]], mode="reflect").shape == (4, 2)
    with pytest.raises(ValueError, match="Value of argument `mode` expected to be one of"):
        tf.pad([1], [[1, 1]], mode="foo")
    with pytest.raises(tf.errors.InvalidArgumentError, match="Paddings must be non-negative"):
        tf.pad([[1, 2]], [[-1, 1], [0, 0]])
    with pytest.raises(tf.errors.InvalidArgumentError, match="paddings must be less than"):
        tf.pad([[1, 2], [3, 4]], [[2, 0], [0, 0]], mode="REFLECT")



def test_pad_value_refused_as_tf_refuses_it():
    # recorded from TF 2.21: PadV2's value is its input #2 (after the paddings); traced, a
    # Python value goes to the graph builder (its TypeError naming the parameter), and the
    # value's rank is the kernel's check when the graph runs, not the shape function's
    x = tf.constant([[1, 2]])
    for value, got in ((tf.constant(1.5), "float"), (tf.constant(1, tf.int64), "int64")):
        with pytest.raises(tf.errors.InvalidArgumentError,
                           match=rf"^cannot compute PadV2 as input #2\(zero-based\) was expected "
                                 rf"to be a int32 tensor but is a {got} tensor \[Op:PadV2\]"):
            tf.pad(x, [[1, 0], [0, 1]], constant_values=value)

    def traced(t, value):
        return tf.function(lambda t: tf.pad(t, [[1, 0], [0, 1]], constant_values=value))(t)

    for t, value, want in ((x, 1.5, "Expected int32 passed to parameter 'constant_values' of "
                                    "op 'PadV2', got 1.5 of type 'float' instead. Error: "
                                    "Expected int32, but got 1.5 of type 'float'."),
                           (tf.constant([1.0]), "a", "Expected float32 passed to parameter "
                                                     "'constant_values' of op 'PadV2', got 'a' "
                                                     "of type 'str' instead. Error: Expected "
                                                     "float32, but got a of type 'str'.")):
        with pytest.raises(TypeError) as info:
            traced(t, value)
        assert str(info.value).strip().endswith(want), info.value
    with pytest.raises(ValueError, match="Tried to convert 'constant_values' to a tensor and "
                                         "failed. Error: None values not supported."):
        traced(x, None)
    assert traced(x, np.float64(1.5)).numpy().tolist() == [[1, 1, 1], [1, 2, 1]]
    assert traced(tf.constant([[1.0, 2.0]]), True).numpy().tolist() == [[1, 1, 1], [1, 2, 1]]
    with pytest.raises(tf.errors.InvalidArgumentError, match=r"^\{\{function_node __inference_"
                                                             r".*\}\} constant_values must be "
                                                             r"a scalar. Found: \[1\]"):
        traced(x, [1])

def test_mirror_pad_gradient_folds_back():
    x = tf.constant([1.0, 2.0, 3.0])
    with tf.GradientTape() as tape:
        tape.watch(x)
        y = tf.reduce_sum(tf.pad(x, [[2, 1]], mode="REFLECT"))  # [3 2 | 1 2 3 | 2]
    assert tape.gradient(y, x).numpy().tolist() == [1.0, 3.0, 2.0]


def test_reverse_roll():
    m = [[1, 2], [3, 4]]
    assert tf.reverse(m, [1]).numpy().tolist() == [[2, 1], [4, 3]]
    assert tf.reverse(m, [0, -1]).numpy().tolist() == [[4, 3], [2, 1]]
    with pytest.raises(tf.errors.InvalidArgumentError, match="specified more than once"):
        tf.reverse(m, [0, 0])
    with pytest.raises(tf.errors.InvalidArgumentError, match="'dims' must be 1-dimension"):
        tf.reverse(m, 0)
    assert tf.roll([1, 2, 3, 4], 1, 0).numpy().tolist() == [4, 1, 2, 3]
    assert tf.roll([1, 2, 3, 4], 5, 0).numpy().tolist() == [4, 1, 2, 3]
    assert tf.roll(m, [1, -1], [0, 1]).numpy().tolist() == [[4, 3], [2, 1]]
    with pytest.raises(tf.errors.InvalidArgumentError, match="shift and axis must have the same"):
        tf.roll([1, 2], [1, 2], [0])


def test_reverse_sequence():
    out = tf.reverse_sequence([[1, 2, 3], [4, 5, 6]], [2, 3], seq_axis=1, batch_axis=0)
    assert out.numpy().tolist() == [[2, 1, 3], [6, 5, 4]]
    # (TF's CPU kernel checks the lengths; its GPU kernel does not: test_host_inputs_round2)
    with tf.device("/CPU:0"), pytest.raises(tf.errors.InvalidArgumentError,
                                             match=r"seq_lens\(0\) > input.dims\(1\)"):
        tf.reverse_sequence([[1, 2, 3], [4, 5, 6]], [4, 3], seq_axis=1, batch_axis=0)


def test_repeat():
    assert tf.repeat([1, 2, 3], 2).numpy().tolist() == [1, 1, 2, 2, 3, 3]
    assert tf.repeat([1, 2, 3], [1, 0, 2]).numpy().tolist() == [1, 3, 3]
    assert tf.repeat([[1, 2], [3, 4]], 2, axis=1).numpy().tolist() == [[1, 1, 2, 2], [3, 3, 4, 4]]
    assert tf.repeat([[1, 2], [3, 4]], [1, 2], axis=0).shape == (3, 2)
    assert tf.repeat([[1, 2], [3, 4]], 2).shape == (8,)
    with pytest.raises(ValueError, match="Dimensions 3 and 2 are not compatible"):
        tf.repeat([1, 2, 3], [1, 2])
    with pytest.raises(tf.errors.InvalidArgumentError, match=r"Expected multiples\[1\] >= 0"):
        tf.repeat([1, 2, 3], -1)
    x = tf.constant([1.0, 2.0])
    with tf.GradientTape() as tape:
        tape.watch(x)
        y = tf.reduce_sum(tf.repeat(x, [3, 1]))
    assert tape.gradient(y, x).numpy().tolist() == [3.0, 1.0]


@pytest.mark.parametrize("shape,spec,axis", [((4, 3), [None, 3], 0),
                                             ((2, 3, 2), [None, None, 2], 2),
                                             ((2, 3, 2), [None, None, 2], None)])
def test_repeat_traced_with_unknown_dimensions(shape, spec, axis):
    """One count for every element, in a tf.function whose input has unknown dimensions:
    the output shape is computed from the graph's shape when more than one is unknown."""
    x = np.arange(np.prod(shape), dtype="float32").reshape(shape)
    traced = tf.function(lambda t: tf.repeat(t, 3, axis=axis),
                         input_signature=[tf.TensorSpec(spec)])
    np.testing.assert_array_equal(traced(x).numpy(), np.repeat(x, 3, axis=axis))


def test_meshgrid():
    xs, ys = tf.meshgrid([1, 2], [3, 4, 5])
    want_x, want_y = np.meshgrid([1, 2], [3, 4, 5])
    assert xs.numpy().tolist() == want_x.tolist() and ys.numpy().tolist() == want_y.tolist()
    i, j = tf.meshgrid([1, 2], [3, 4, 5], indexing="ij")
    assert i.shape == (2, 3) and j.numpy().tolist() == [[3, 4, 5], [3, 4, 5]]
    with pytest.raises(tf.errors.InvalidArgumentError, match="cannot compute Mul"):
        tf.meshgrid([1, 2], [3.0, 4.0])


def test_first_reverse_takes_a_scalar_eagerly_but_not_in_a_graph():
    # TF 2.21: its kernel passes a scalar through whatever the flags; its shape function
    # wants as many flags as dims, a vector of them, at most 8 (a ValueError, node named)
    assert tf.raw_ops.Reverse(tensor=2.0, dims=[True, True]).numpy() == 2.0

    def traced(x, d):
        return tf.function(lambda x, d: tf.raw_ops.Reverse(tensor=x, dims=d)) \
            .get_concrete_function(tf.TensorSpec(x), tf.TensorSpec(d, tf.bool))

    node = "for '{{node Reverse}} = Reverse[T=DT_FLOAT](x, d)' with input shapes:"
    for x, d, words in (((), (2,), "Shape must be rank 2 but is rank 0"),
                        ((2, 3), (1,), "Shape must be rank 1 but is rank 2"),
                        ((2,), (1, 1), "Shape must be rank 1 but is rank 2"),
                        ((1,) * 9, (9,), "reverse does not work on tensors with more than 8 "
                                         "dimensions")):
        with pytest.raises(ValueError) as e:
            traced(x, d)
        assert f"{words} {node}" in str(e.value)
    assert traced((2, 3), (2,)).structured_outputs.shape == (2, 3)
