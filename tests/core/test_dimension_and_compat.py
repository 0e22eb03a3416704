"""tf.compat.v1.Dimension, TensorShape.dims and the tf.compat helpers, as TF 2.21 has them
(values recorded from TF 2.21)."""

from __future__ import annotations

import pathlib
import pickle
import re

import numpy as np
import pytest

import eagerflow as tf

D = tf.compat.v1.Dimension


def test_dimension_arithmetic_and_comparisons_with_unknown_sizes():
    a, b, n = D(3), D(4), D(None)
    assert (repr(a), str(a), str(n), repr(n)) == ("Dimension(3)", "3", "?", "Dimension(None)")
    assert repr(a + b) == "Dimension(7)" and repr(3 + a) == "Dimension(6)"
    assert repr(a * b) == "Dimension(12)" and repr(2 * a) == "Dimension(6)"
    assert repr(a - 1) == "Dimension(2)" and repr(a // 2) == "Dimension(1)"
    assert repr(a % 2) == "Dimension(1)"
    assert repr(a + n) == "Dimension(None)" and repr(a * n) == "Dimension(None)"
    assert (a == 3) is True and (a == n) is None and (n == n) is None
    assert (a < b) is True and (n < a) is None and (a != 4) is True and (a != n) is None
    assert int(a) == 3 and [1, 2, 3, 4][D(1)] == 2 and D(D(3)).value == 3


def test_dimension_errors_are_tfs():
    with pytest.raises(ValueError, match="Dimensions 3 and 4 are not compatible"):
        D(3).merge_with(4)
    with pytest.raises(ValueError, match="Dimension -1 must be >= 0"):
        D(-1)
    with pytest.raises(TypeError, match="must be integer or None or have an __index__ method, "
                                        "got value '1.5' with type '<class 'float'>'"):
        D(1.5)
    with pytest.raises(ValueError, match="Dimension -1 must be >= 0"):
        D(3) - 4
    with pytest.raises(TypeError, match="please use // instead"):
        D(3) / 2
    with pytest.raises(TypeError, match="unhashable"):
        hash(D(3))
    with pytest.raises(TypeError):
        int(D(None))


def test_merge_and_compatibility():
    assert repr(D(None).merge_with(3)) == "Dimension(3)"
    assert D(3).is_compatible_with(None) and not D(3).is_compatible_with(4)
    assert pickle.loads(pickle.dumps(D(5))).value == 5


def test_tensor_shape_dims_are_dimensions_while_iteration_gives_ints():
    s = tf.TensorShape([None, 3])
    assert repr(s.dims) == "[Dimension(None), Dimension(3)]"
    assert list(s) == [None, 3] and s[1] == 3 and s.as_list() == [None, 3]
    assert tf.TensorShape(None).dims is None
    assert tf.TensorShape([D(2), 3]) == tf.TensorShape([2, 3])
    assert pickle.loads(pickle.dumps(s)) == s


def test_dimension_value_and_dimension_at_index():
    assert tf.compat.dimension_value(D(3)) == 3 and tf.compat.dimension_value(None) is None
    assert tf.compat.dimension_value(5) == 5
    assert repr(tf.compat.dimension_at_index(tf.TensorShape([2, 3]), 1)) == "Dimension(3)"
    assert repr(tf.compat.dimension_at_index(tf.TensorShape(None), 3)) == "Dimension(None)"
    with pytest.raises(IndexError):
        tf.compat.dimension_at_index(tf.TensorShape([None, 3]), 5)


def test_compat_text_and_type_helpers():
    assert tf.compat.as_str_any(b"x") == "x" and tf.compat.as_str_any(3) == "3"
    assert tf.compat.path_to_str(pathlib.Path("/a/b")) == "/a/b"
    assert tf.compat.path_to_str(3) == 3
    with pytest.raises(UnicodeDecodeError):
        tf.compat.as_str_any(b"\xff")
    assert tf.compat.bytes_or_text_types == (bytes, str)
    assert isinstance(np.int8(1), tf.compat.integral_types)
    assert isinstance(np.float16(1), tf.compat.real_types)
    assert isinstance(1j, tf.compat.complex_types)


def test_forward_compatibility_horizon(monkeypatch):
    # TF 2.21's horizon: 2026-01-16
    assert tf.compat.forward_compatible(2026, 1, 15)
    assert not tf.compat.forward_compatible(2026, 1, 16)
    with tf.compat.forward_compatibility_horizon(2030, 1, 1):
        assert tf.compat.forward_compatible(2029, 12, 31)
    assert not tf.compat.forward_compatible(2026, 1, 16)
    monkeypatch.setenv("TF_FORWARD_COMPATIBILITY_DELTA_DAYS", "2")
    assert tf.compat.forward_compatible(2026, 1, 17)


def test_tensor_shape_rank_assertions_and_trace_type_as_tf():
    """TF 2.21's results and messages (recorded by hand from tf.TensorShape)."""
    s, unknown, partial = tf.TensorShape([1, 2]), tf.TensorShape(None), tf.TensorShape([None, 2])
    s.assert_has_rank(2)
    unknown.assert_has_rank(4)
    unknown.assert_same_rank(s)
    assert s.with_rank_at_most(3) is s and unknown.with_rank_at_most(1) is unknown
    for call, message in [(lambda: s.assert_has_rank(3), "Shape (1, 2) must have rank 3"),
                          (lambda: s.assert_same_rank([1]),
                           "Shapes (1, 2) and (1,) must have the same rank"),
                          (lambda: s.with_rank_at_most(1),
                           "Shape (1, 2) must have rank at most 1")]:
        with pytest.raises(ValueError, match=f"^{re.escape(message)}$"):
            call()
    assert partial.is_subtype_of(tf.TensorShape([None, None])) and s.is_subtype_of(partial)
    assert not partial.is_subtype_of(s) and s.is_subtype_of(unknown)
    assert not unknown.is_subtype_of(s) and not s.is_subtype_of(tf.TensorShape([1]))
    assert s.most_specific_common_supertype([tf.TensorShape([3, 2])]) == tf.TensorShape([None, 2])
    assert s.most_specific_common_supertype([]) == s
    assert s.most_specific_common_supertype([unknown]).rank is None
