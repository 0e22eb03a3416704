"""tf.test.TestCase: TF's assertions pass and fail where TF's do, with TF's messages."""

from __future__ import annotations

import collections
import os
import unittest

import numpy as np
import pytest

import eagerflow as tf

Point = collections.namedtuple("Point", ["x", "y"])


class _Case(tf.test.TestCase):
    def runTest(self):
        pass


@pytest.fixture
def case():
    c = _Case()
    yield c
    c.doCleanups()


def test_close_and_equal_over_nested_structures(case):
    case.assertAllClose({"a": tf.constant([1.0, 2.0]), "b": [1, (2, Point(3, 4))]},
                        {"a": np.array([1.0, 2.0]), "b": [1, (2, Point(3.0000001, 4))]})
    case.assertAllClose([np.nan, 1.0], [np.nan, 1.0])
    case.assertAllEqual(tf.constant([[1, 2]]), [[1, 2]])
    case.assertAllEqual([np.nan], [np.nan])
    case.assertAllEqual(tf.ragged.constant([[1], [2, 3]]), [[1], [2, 3]])
    case.assertNotAllClose([1.0], [2.0])
    case.assertNotAllEqual([1], [2])
    case.assertAllCloseAccordingToType(tf.constant([1.0], tf.float16), [1.0005])
    case.assertNear(1.0, 1.05, 0.1)
    case.assertArrayNear([1.0, 2.0], [1.01, 2.0], 0.1)
    case.assertNDArrayNear(np.ones(3), np.ones(3) + 1e-4, 1e-3)


def test_failures_say_where_and_by_how_much(case):
    with pytest.raises(AssertionError) as e:
        case.assertAllClose([1.0, 2.0], [1.0, 2.1])
    text = str(e.value)
    assert "not close where = (array([1]),)" in text and "not close lhs = [2.]" in text
    assert "not close rhs = [2.1]" in text and "dtype = float64, shape = (2,)" in text
    with pytest.raises(AssertionError, match=r"Shape mismatch: expected \(2,\), got \(3,\)"):
        case.assertAllClose([1.0, 2.0], [1.0, 2.0, 3.0])
    with pytest.raises(AssertionError, match=r"Shape mismatch: expected \(2,\), got \(3,\) with "
                                             r"contents \[list\(\[1\]\) list\(\[2, 3\]\)"):
        case.assertAllClose([1, [[1], [2, 3]]], [1, [[1], [2, 3], [4]]])
    with pytest.raises(ValueError, match=r"Can't compare dict to non-dict, a\[k\] vs b\[k\]"):
        case.assertAllClose({"k": {"z": 1}}, {"k": [1]})
    with pytest.raises(AssertionError, match="not equal where"):
        case.assertAllEqual([1, 2], [1, 3])
    with pytest.raises(AssertionError, match="The two values are close at all elements."):
        case.assertNotAllClose([1.0], [1.0])
    with pytest.raises(AssertionError, match=r"1.000000 != 2.000000 \+/- 0.100000 "
                                             r"\(difference: 1\) \(why\)"):
        case.assertNear(1.0, 2.0, 0.1, msg="why")


def test_ranges_sets_and_orders(case):
    case.assertAllInRange(tf.constant([0.5, 1.0]), 0, 1)
    with pytest.raises(AssertionError, match=r"1 of the 2 element\(s\) are outside the range "
                                             r"\(0, 1\)\. .*\n  \[1\] : 1.0"):
        case.assertAllInRange([0.5, 1.0], 0, 1, open_lower_bound=True, open_upper_bound=True)
    with pytest.raises(AssertionError, match=r"1 of the 2 element\(s\) are NaN"):
        case.assertAllInRange([0.5, np.nan], 0, 1)
    with pytest.raises(AssertionError, match="does not have an ordered numeric type"):
        case.assertAllInRange(["a"], 0, 1)
    case.assertAllInSet(tf.constant([1, 2, 1]), {1, 2})
    with pytest.raises(AssertionError, match=r"1 unique element\(s\) are not in the set"):
        case.assertAllInSet([1, 3], [1, 2])
    case.assertAllGreater([2, 3], 1)
    case.assertAllLessEqual(tf.constant([1, 2]), 2)
    with pytest.raises(AssertionError, match="is not less than"):
        case.assertAllLess([1, 3], 2)
    case.assertDTypeEqual(tf.constant([1.0]), np.float32)
    case.assertShapeEqual(np.zeros((2, 3)), tf.zeros([2, 3]))
    with pytest.raises(TypeError, match="input_a must be a Numpy ndarray, Numpy scalar, or a "
                                        "Tensor.Instead received <class 'list'>"):
        case.assertShapeEqual([1], np.zeros(1))
    case.assertDeviceEqual("/cpu:0", "/device:CPU:0")


def test_error_assertions(case):
    with case.assertRaisesOpError("Incompatible shapes"):
        tf.constant([1, 2]) + tf.constant([1, 2, 3])
    with case.assertRaisesIncompatibleShapesError():
        tf.constant([1, 2]) + tf.constant([1, 2, 3])
    with case.assertRaisesWithPredicateMatch(ValueError, lambda e: "boom" in str(e)):
        raise ValueError("boom")
    with pytest.raises(AssertionError, match="Exception of type"):
        with case.assertRaisesOpError("nope"):
            tf.constant([1, 2]) + tf.constant([1, 2, 3])
    with pytest.raises(AssertionError, match="OpError not raised"):
        with case.assertRaisesOpError("x"):
            pass
    with case.assertRaisesWithLiteralMatch(ValueError, "exactly this"):
        raise ValueError("exactly this")


def test_evaluate_sessions_and_absl_assertions(case):
    got = case.evaluate({"x": tf.constant(1), "r": tf.ragged.constant([[1], [2, 3]]),
                         "s": tf.sparse.from_dense([[0, 5]]), "v": tf.Variable(2.0),
                         "n": None})
    assert got["x"] == 1 and got["v"] == 2.0 and got["n"] is None
    assert got["r"].to_list() == [[1], [2, 3]] and got["r"].ragged_rank == 1
    assert repr(got["r"]).startswith("tf.RaggedTensorValue(values=array([1, 2, 3]")
    assert got["s"].values.tolist() == [5] and got["s"].dense_shape.tolist() == [1, 2]
    with pytest.raises(ValueError, match="Unsupported type <class 'int'>."):
        case.evaluate(3)
    with case.cached_session() as sess:
        assert sess.run(tf.constant(3)) == 3
    with case.test_session() as sess:
        assert sess.run([tf.constant(1)]) == [1]
    case.assertLen([1, 2], 2)
    case.assertEmpty([])
    case.assertNotEmpty([1])
    case.assertStartsWith("abc", "ab")
    case.assertEndsWith("abc", "bc")
    case.assertItemsEqual([1, 2], [2, 1])
    case.assertSameElements([1, 2], [2, 1, 1])
    case.assertContainsSubset([1], [1, 2])
    case.assertNoCommonElements([1], [2])
    case.assertBetween(2, 1, 3)
    case.assertRegexMatch("abc", ["x", "b"])
    case.assertSequenceStartsWith([1], [1, 2])
    case.assertSameStructure({"a": [1]}, {"a": [1]})
    with pytest.raises(AssertionError, match="has length of 1, expected 2"):
        case.assertLen([1], 2)


def test_temp_files_belong_to_the_test(case):
    d = case.get_temp_dir()
    assert os.path.isdir(d) and case.get_temp_dir() == d
    f = case.create_tempfile("sub/a.txt", "hi")
    assert f.read_text() == "hi" and os.fspath(f).startswith(d)
    assert os.path.isdir(case.create_tempdir("x"))
    case.doCleanups()
    assert not os.path.exists(d)


def test_runners_collect_only_real_tests_and_threads_report_errors():
    class Suite(tf.test.TestCase):
        def test_ok(self):
            t = self.checkedThread(target=lambda: None)
            t.start()
            t.join()

        def test_thread_fails(self):
            def boom():
                raise ValueError("in thread")
            t = self.checkedThread(target=boom)
            t.start()
            t.join()

    names = unittest.TestLoader().getTestCaseNames(Suite)
    assert names == ["test_ok", "test_thread_fails"]  # no test_session
    result = unittest.TestResult()
    unittest.TestLoader().loadTestsFromTestCase(Suite).run(result)
    assert result.testsRun == 2 and len(result.failures) == 1
    assert "ValueError: in thread" in result.failures[0][1]


def test_environment_queries():
    assert tf.test.is_cpu_target_available("x86") in (True, False)
    assert tf.test.is_built_with_rocm() is False
    assert isinstance(tf.test.is_built_with_cuda(), bool)
    assert callable(tf.test.main)
