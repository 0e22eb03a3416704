"""keras.metrics.Sum and Mean built with odd dtypes, as Keras 3.15 (TF 2.21) runs them
(recorded with /work/tfref): a string metric starts at b"", its updates cast the values
as Keras does (TF's Cast refusing numbers into strings), an integer one truncates floats,
and Mean's result of an integer metric is a floatx division."""

from __future__ import annotations

import re

import numpy as np
import pytest

import eagerflow as tf

keras = tf.keras
CAST = "Cast {} to {} is not supported"


@pytest.mark.parametrize("cls,n_vars", [(keras.metrics.Sum, 1), (keras.metrics.Mean, 2)])
def test_string_metrics_hold_empty_strings(cls, n_vars):
    m = cls(dtype="string")
    assert m.dtype == "string" and [v.dtype for v in m.variables] == ["string"] * n_vars
    for values, word in (([1, 2, 3], "int32"), ([1.5, 2.5], "float")):
        with pytest.raises(tf.errors.UnimplementedError,
                           match=re.escape(CAST.format(word, "string"))):
            m.update_state(values)
    with pytest.raises(tf.errors.InvalidArgumentError,
                       match="Value for attr 'T' of string is not in the list"):
        m.update_state(["a", "b"])
    if cls is keras.metrics.Sum:
        assert m.result().numpy() == b"" and m.result().dtype == tf.string
    else:
        with pytest.raises(ValueError, match=re.escape(
                "dtype='string' is not a valid dtype for Keras type promotion.")):
            m.result()
    m.reset_state()
    assert [v.numpy() for v in m.variables] == [b""] * n_vars


@pytest.mark.parametrize("dtype,word", [("int32", "int32"), ("int64", "int64"),
                                        ("uint8", "uint8"), ("float16", "half"),
                                        ("mixed_float16", "half")])
def test_numeric_metrics_cast_their_values(dtype, word):
    s, m = keras.metrics.Sum(dtype=dtype), keras.metrics.Mean(dtype=dtype)
    for metric in (s, m):
        metric.update_state([1, 2, 3])
        metric.update_state([1.5, 2.5])  # (an integer metric: 1 and 2)
        with pytest.raises(tf.errors.UnimplementedError,
                           match=re.escape(CAST.format("string", word))):
            metric.update_state(["a", "b"])
    integral = dtype not in ("float16", "mixed_float16")
    assert s.result().dtype.name == ("float16" if not integral else dtype)
    assert float(s.result()) == (9 if integral else 10)
    # (Keras promotes an integer total and count with a float: float32)
    assert m.result().dtype == (tf.float32 if integral else tf.float16)
    np.testing.assert_allclose(float(m.result()), 9 / 5 if integral else 2.0, rtol=1e-3)


def test_a_bool_mean_is_a_float32_zero():
    m = keras.metrics.Mean(dtype="bool")
    assert m.result().dtype == tf.float32 and float(m.result()) == 0.0
