"""tf.image.pad_to_bounding_box with a float offset or target (6.0 included): TF stacks them
into Pad's paddings, which Pad refuses (float paddings): eagerly Pad's kernel error, while a
graph is built its op builder's TypeError; integers pad as before. Recorded from TF 2.21."""

import numpy as np
import pytest

import eagerflow as tf

_PAD = ("Value for attr 'Tpaddings' of {} is not in the list of allowed values: int32, int64"
        "\n\t; NodeDef: {{{{node Pad}}}}; Op<name=Pad; signature=input:T, paddings:Tpaddings "
        "-> output:T; attr=T:type; attr=Tpaddings:type,default=DT_INT32,allowed=[DT_INT32, "
        "DT_INT64]> [Op:Pad] name: ")


@pytest.mark.parametrize("shape, args, word", [
    ((4, 4, 3), (1, 1, 6.0, 6), "float"),
    ((2, 4, 4, 3), (1, 1, 6.0, 6), "float"),
    ((4, 4, 3), (1.5, 1, 6, 6), "float"),
    ((4, 4, 3), (np.float64(1), 1, 6, 6), "float"),
    ((4, 4, 3), (np.float32(1), 1, 6, 6), "float"),
    ((4, 4, 3), ("half", 1, 6, 6), "half"),
])
def test_float_paddings_are_pads_error(shape, args, word):
    args = tuple(tf.constant(1.0, tf.float16) if a == "half" else a for a in args)
    with pytest.raises(tf.errors.InvalidArgumentError) as e:
        tf.image.pad_to_bounding_box(tf.ones(shape), *args)
    assert str(e.value) == _PAD.format(word)


def test_checks_come_first_and_integers_pad():
    with pytest.raises(ValueError, match="offset_height must be >= 0"):
        tf.image.pad_to_bounding_box(tf.ones([4, 4, 3]), -1.0, 1, 6, 6)
    with pytest.raises(ValueError, match="height must be <= target - offset"):
        tf.image.pad_to_bounding_box(tf.ones([4, 4, 3]), 1, 1, 3.0, 6)
    out = tf.image.pad_to_bounding_box(tf.ones([4, 4, 3]), 1, 1, np.int64(6), 6)
    assert out.shape == (6, 6, 3) and float(tf.reduce_sum(out)) == 48.0


def test_traced_is_the_op_builders_type_error():
    f = tf.function(lambda x: tf.image.pad_to_bounding_box(x, 1, 1, 6.0, 6))
    with pytest.raises(TypeError, match="Value passed to parameter 'paddings' has DataType "
                                        "float32 not in list of allowed values: int32, int64"):
        f(tf.ones([4, 4, 3]))
