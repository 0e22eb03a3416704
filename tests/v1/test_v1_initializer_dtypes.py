"""TF 1's initializers check their dtype as TF 2.21's do (facts recorded from
tf.compat.v1 in TF 2.21): the ones that draw or scale floats refuse another dtype when
made; glorot_uniform/normal_initializer drop the dtype they are given (their values are
float32 unless a call asks for another); orthogonal's shape check words TF's."""

import pytest

import eagerflow as tf

v1 = tf.compat.v1
FLOAT_ONLY = ["random_normal_initializer", "truncated_normal_initializer",
              "variance_scaling_initializer", "orthogonal_initializer",
              "uniform_unit_scaling_initializer", "initializers.identity"]
ANY_DTYPE = ["zeros_initializer", "ones_initializer", "constant_initializer",
             "random_uniform_initializer"]


def _factory(name):
    namespace, _, attr = name.rpartition(".")
    return getattr(getattr(v1, namespace) if namespace else v1, attr)


@pytest.mark.parametrize("name", FLOAT_ONLY)
@pytest.mark.parametrize("dtype", [tf.int32, tf.string, tf.bool])
def test_float_initializers_refuse_other_dtypes_when_made(name, dtype):
    with pytest.raises(ValueError) as e:
        _factory(name)(dtype=dtype)
    assert str(e.value) == ("Argument `dtype` is expected to be floating point. Received: "
                            f"<dtype: '{dtype.name}'>.")


@pytest.mark.parametrize("name", FLOAT_ONLY)
def test_float_initializers_take_half_precision(name):
    assert _factory(name)(dtype=tf.float16)([2, 2]).dtype == tf.float16


@pytest.mark.parametrize("name", ANY_DTYPE)
def test_the_others_take_integers(name):
    # (minval 0.0 refuses an int32 draw in TF too: both bounds as integers)
    kwargs = {"minval": 0, "maxval": 5} if name == "random_uniform_initializer" else {}
    assert _factory(name)(dtype=tf.int32, **kwargs)([2, 2]).dtype == tf.int32


@pytest.mark.parametrize("name", ["glorot_uniform_initializer", "glorot_normal_initializer"])
@pytest.mark.parametrize("dtype", [tf.float16, tf.int32, tf.string])
def test_glorot_drops_the_dtype_it_is_given(name, dtype):
    init = _factory(name)(seed=1, dtype=dtype)
    assert init.dtype == tf.float32
    assert init.get_config() == {"seed": 1, "dtype": "float32"}
    assert init([2, 2]).dtype == tf.float32
    assert init([2, 2], dtype=tf.float16).dtype == tf.float16


def test_orthogonal_refuses_a_vector_in_tfs_words():
    with pytest.raises(ValueError, match=r"^The tensor to initialize, specified by argument "
                                         r"`shape` must be at least two-dimensional\. "
                                         r"Received shape=\[2\]$"):
        v1.orthogonal_initializer()([2])
