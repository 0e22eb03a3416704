"""tf.debugging asserts, check_numerics, Assert, and tf.print's output."""

import logging
import sys

import numpy as np
import pytest

import eagerflow as tf


def test_comparison_asserts_pass_and_fail_with_tf_messages():
    assert tf.debugging.assert_equal([1, 2], [1, 2]) is None
    with pytest.raises(tf.errors.InvalidArgumentError) as e:
        tf.debugging.assert_equal(tf.constant([1, 2]), tf.constant([1, 3]))
    assert str(e.value) == ("Condition x == y did not hold.\nIndices of first 1 different "
                            "values:\n[[1]]\nCorresponding x values:\n[2]\nCorresponding y "
                            "values:\n[3]\nFirst 2 elements of x:\n[1 2]\nFirst 2 elements of "
                            "y:\n[1 3]")
    with pytest.raises(tf.errors.InvalidArgumentError) as e:
        tf.debugging.assert_less(tf.range(10), 3, summarize=2, message="hello")
    assert str(e.value) == ("hello\nCondition x < y did not hold.\nFirst 2 elements of x:\n"
                            "[0 1]\nFirst 1 elements of y:\n[3]")
    tf.debugging.assert_less([1, 2], [2, 3])
    tf.debugging.assert_greater_equal([2, 2], 2)
    for f in (tf.debugging.assert_greater, tf.debugging.assert_less_equal,
              tf.debugging.assert_none_equal):
        with pytest.raises(tf.errors.InvalidArgumentError, match="did not hold"):
            f([1, 3], [1, 2])
    with pytest.raises(tf.errors.InvalidArgumentError, match=r"Incompatible shapes: \[2\] vs. "
                                                             r"\[3\]"):
        tf.assert_equal(tf.constant([1, 2]), tf.constant([1, 2, 3]))


def test_sign_asserts():
    tf.debugging.assert_non_negative([1, 2])
    with pytest.raises(tf.errors.InvalidArgumentError) as e:
        tf.debugging.assert_positive(tf.range(-5, 5))
    assert str(e.value) == ("\nCondition x > 0 did not hold element-wise:\nx (shape=(10,) "
                            "dtype=int32) = \n['-5', '-4', '-3', '...']")
    for f, v in ((tf.debugging.assert_negative, [-1, 0]),
                 (tf.debugging.assert_non_positive, [1, -1])):
        with pytest.raises(tf.errors.InvalidArgumentError):
            f(v)


def test_assert_near():
    tf.debugging.assert_near([1.0, 2.0], [1.0, 2.000001])
    with pytest.raises(tf.errors.InvalidArgumentError) as e:
        tf.debugging.assert_near(tf.constant([1.0, 2.0], tf.float64),
                                 tf.constant([1.0, 2.1], tf.float64))
    assert str(e.value).startswith("Expected 'tf.Tensor(False, shape=(), dtype=bool)' to be "
                                   "true. Summarized data: b''\nb'x and y not equal to tolerance "
                                   "rtol = tf.Tensor(2.220446049250313e-15")
    assert str(e.value).endswith("b'y (shape=(2,) dtype=float64) = '\n1.0, 2.1")
    tf.debugging.assert_near([1.0, 2.0], [1.0, 2.1], rtol=0.1, atol=0.0)
    with pytest.raises(ValueError, match=r"^data type <class 'numpy.int32'> not inexact$"):
        tf.debugging.assert_near(tf.constant([1, 2]), tf.constant([1, 3]))


def test_static_asserts():
    tf.debugging.assert_rank([1, 2], 1)
    with pytest.raises(ValueError, match=r"^Tensor  must have rank 2.  Received rank 1, shape "
                                         r"\(2,\)$"):
        tf.assert_rank([1, 2], 2)
    with pytest.raises(ValueError, match=r"^m.  Tensor  must have rank 2"):
        tf.debugging.assert_rank([1, 2], 2, message="m")
    with pytest.raises(ValueError, match="must have rank at least 2"):
        tf.debugging.assert_rank_at_least([1, 2], 2)
    with pytest.raises(ValueError, match=r"must have rank in \(0, 2\)"):
        tf.debugging.assert_rank_in([1, 2], [0, 2])
    with pytest.raises(TypeError, match="tensor must be of type tf.float32; got tf.int32"):
        tf.debugging.assert_type(tf.constant(1), tf.float32)
    with pytest.raises(TypeError, match='Expected "x" to be integer type'):
        tf.debugging.assert_integer(tf.constant(1.0))
    with pytest.raises(ValueError, match=r"Expected scalar shape, saw shape: \(1,\)."):
        tf.debugging.assert_scalar(tf.constant([1.0]))
    assert tf.debugging.assert_same_float_dtype([tf.constant(1.0)]) is tf.float32
    assert tf.debugging.is_numeric_tensor(tf.constant(1)) and \
        not tf.debugging.is_numeric_tensor(tf.constant("a"))


def test_assert_shapes():
    tf.debugging.assert_shapes([(tf.ones([2, 3]), ("N", "Q")), (tf.ones([2]), ("N",))])
    tf.debugging.assert_shapes([(tf.ones([2, 3, 4]), (..., 4)), (tf.ones([3]), ("A",))])
    tf.debugging.assert_shapes([(tf.ones([2, 3]), ("N", "."))])
    tf.debugging.assert_shapes([(tf.ones([1]), ())])
    with pytest.raises(ValueError, match=r"Specified by tensor shape=\(2, 3\) dtype=float32 "
                                         r"dimension 0.  Tensor shape=\(3,\) dtype=float32 "
                                         r"dimension 0 must have size 2.  Received size 3"):
        tf.debugging.assert_shapes([(tf.ones([2, 3]), ("N", "Q")), (tf.ones([3]), ("N",))])
    with pytest.raises(ValueError, match="Specified explicitly.  Tensor shape=\\(2, 3\\) "
                                         "dtype=float32 dimension 1 must have size 4"):
        tf.debugging.assert_shapes([(tf.ones([2, 3]), ("N", 4))])
    with pytest.raises(ValueError, match=r"must have rank in \(0, 1\)"):
        tf.debugging.assert_shapes([(tf.ones([2, 3]), ("N",))])
    with pytest.raises(ValueError, match="only allowed as the first entry"):
        tf.debugging.assert_shapes([(tf.ones([2, 3]), ("N", "Q", ...))])


def test_assert_op_eagerly():
    assert tf.debugging.Assert(True, ["x"]) is None
    with pytest.raises(tf.errors.InvalidArgumentError) as e:
        tf.Assert(False, ["x is", tf.range(10)])
    assert str(e.value) == "Expected 'False' to be true. Summarized data: b'x is'\n0, 1, 2, ..."
    with pytest.raises(tf.errors.InvalidArgumentError,
                       match="Expected 'tf.Tensor\\(False, shape=\\(\\), dtype=bool\\)'"):
        tf.debugging.Assert(tf.constant(False), ["x"])
    with pytest.raises(ValueError, match="ambiguous"):
        tf.debugging.Assert(tf.constant([True, False]), ["x"])


def test_check_numerics():
    x = tf.constant([1.0, 2.0])
    assert tf.debugging.check_numerics(x, "ok").numpy().tolist() == [1.0, 2.0]
    for bad, what in (([1.0, np.nan], "NaN"), ([np.inf], "Inf"), ([np.inf, np.nan], "Inf and NaN")):
        with pytest.raises(tf.errors.InvalidArgumentError,
                           match=f"bad! : Tensor had {what} values \\[Op:CheckNumerics\\]"):
            tf.debugging.check_numerics(tf.constant(bad), "bad!")
    with pytest.raises(tf.errors.InvalidArgumentError, match="Tensor had Inf values"):
        tf.debugging.assert_all_finite(tf.constant([np.inf]), "m")
    with tf.GradientTape() as tape:
        tape.watch(x)
        y = tf.reduce_sum(tf.debugging.check_numerics(x, "ok") * 3.0)
    assert tape.gradient(y, x).numpy().tolist() == [3.0, 3.0]


def _out(capsys, *args, **kwargs):
    tf.print(*args, output_stream=sys.stdout, **kwargs)
    return capsys.readouterr().out


def test_print_formats_like_tf(capsys):
    assert _out(capsys, tf.constant([1, 2, 3])) == "[1 2 3]\n"
    assert _out(capsys, tf.constant([1.5, 2.0, 1e-8, 123456789.0])) == \
        "[1.5 2 1e-08 123456792]\n"
    assert _out(capsys, tf.constant(3.0), tf.constant(2), "hello", 5, [1, tf.constant(2)],
                {"a": tf.constant([1.0])}) == "3 2 hello 5 [1, 2] {'a': [1]}\n"
    assert _out(capsys, tf.range(20)) == "[0 1 2 ... 17 18 19]\n"
    assert _out(capsys, tf.range(20), summarize=2) == "[0 1 ... 18 19]\n"
    assert _out(capsys, tf.range(5), summarize=-1) == "[0 1 2 3 4]\n"
    assert _out(capsys, tf.reshape(tf.range(12), [3, 4])) == \
        "[[0 1 2 3]\n [4 5 6 7]\n [8 9 10 11]]\n"
    assert _out(capsys, tf.reshape(tf.range(8), [2, 2, 2])) == \
        "[[[0 1]\n  [2 3]]\n\n [[4 5]\n  [6 7]]]\n"
    assert _out(capsys, tf.constant([True, False]), tf.constant(["ab", "c"]),
                tf.constant("s")) == '[1 0] ["ab" "c"] "s"\n'
    assert _out(capsys, "a", "b", sep="-", end="!\n") == "a-b!\n"
    assert _out(capsys, tf.constant(np.float64(0.1)), tf.constant(0.1),
                tf.constant(1 / 3)) == "0.1 0.1 0.333333343\n"
    assert _out(capsys, tf.constant([np.nan, np.inf, -np.inf])) == "[nan inf -inf]\n"
    assert _out(capsys, tf.Variable([1.0, 2.0])) == "[1 2]\n"
    big = _out(capsys, tf.reshape(tf.range(400), [20, 20]))
    assert big.splitlines()[0] == "[[0 1 2 ... 17 18 19]" and big.splitlines()[3] == " ..."


def test_print_streams(capsys, tmp_path, caplog):
    tf.print("to stderr")
    assert capsys.readouterr().err == "to stderr\n"
    target = tmp_path / "log.txt"
    tf.print("one", output_stream=f"file://{target}")
    tf.print("two", output_stream=f"file://{target}")
    assert target.read_text() == "one\ntwo\n"
    with caplog.at_level(logging.INFO):
        tf.print("logged", output_stream=tf.compat.v1.logging.info)
    assert "logged" in caplog.text
    # (TF 2.21 takes tf.compat.v1.logging's functions and levels, not the standard module's)
    with pytest.raises(ValueError, match="Unsupported output stream"):
        tf.print("x", output_stream=logging.info)
    assert tf.print("x", output_stream=sys.stdout) is None
    with pytest.raises(ValueError, match="Unsupported output stream, logging level, or file."):
        tf.print("x", output_stream="bogus")


def test_print_and_asserts_run_on_every_call_of_a_traced_function(capsys):
    @tf.function
    def f(x):
        tf.print("x is", x, output_stream=sys.stdout)
        tf.debugging.assert_positive(x)
        return x * 2.0

    f(tf.constant([1.0, 2.0]))
    f(tf.constant([3.0, 4.0]))
    assert capsys.readouterr().out == "x is [1 2]\nx is [3 4]\n"
    with pytest.raises(tf.errors.InvalidArgumentError, match="assertion failed: .*\\[-1 2\\]"):
        f(tf.constant([-1.0, 2.0]))
