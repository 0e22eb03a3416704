"""tf.test.TestCase: unittest's TestCase with TF's assertions on tensors and nested values,
`evaluate`, sessions and temporary directories, and the absl assertions TF's tests use;
tf.test.main.

Testing layer (top of the pipeline). TF's TestCase derives from absl's; absl is not a
dependency here, so its assertions that TF test suites commonly call are written here
over unittest's.
"""

from __future__ import annotations

import contextlib
import math
import os
import re
import shutil
import tempfile
import threading
import unittest
from collections.abc import Mapping
from typing import Any, Callable, Iterator

import numpy as np

from eagerflow._src.core import nest
from eagerflow._src.core.device import canonical_name
from eagerflow._src.core.errors import InvalidArgumentError, OpError
from eagerflow._src.core.sparse_tensor import SparseTensor
from eagerflow._src.core.tensor import EagerTensor, Tensor
from eagerflow._src.data.optional import SparseTensorValue
from eagerflow._src.ops.ragged import RaggedTensor
from eagerflow._src.ops.variables import Variable
from eagerflow._src.v1.ragged_v1 import RaggedTensorValue


def _evaluate_one(x: Any) -> Any:
    if x is None:
        return None
    if callable(x) and not isinstance(x, (Tensor, Variable)):
        return x()
    if isinstance(x, RaggedTensor):
        return RaggedTensorValue(_evaluate_one(x.values), x.row_splits.numpy())
    if isinstance(x, SparseTensor):
        return SparseTensorValue(x.indices.numpy(), x.values.numpy(), x.dense_shape.numpy())
    if isinstance(x, (EagerTensor, Variable)):
        return x.numpy()
    raise ValueError(f"Unsupported type {type(x)}.")


def _is_value(x: Any) -> bool:
    return isinstance(x, (Tensor, Variable, RaggedTensor, SparseTensor))


def _where(cond: np.ndarray) -> tuple:
    return tuple(np.nonzero(cond))


class TensorFlowTestCase(unittest.TestCase):
    """A TestCase whose assertions take tensors, NumPy arrays and nested structures
    (tf.test.TestCase: TF's class of that name)."""

    # -- values ---------------------------------------------------------------------------

    def evaluate(self, tensors: Any) -> Any:
        """The NumPy values of a (nested) structure of tensors."""
        return nest.map_structure(_evaluate_one, tensors)

    def evaluate_if_both_tensors(self, a: Any, b: Any) -> tuple:
        if _is_value(a) and _is_value(b):
            return self.evaluate(a), self.evaluate(b)
        return a, b

    def _array(self, a: Any) -> np.ndarray:
        if _is_value(a):
            a = self.evaluate(a)
        if isinstance(a, np.ndarray):
            return a
        try:
            return np.array(a)
        except ValueError as e:  # ragged nested lists: an object array, as TF makes
            if "inhomogeneous" not in str(e):
                raise
            return np.array(a, dtype=object)

    # -- sessions, for TF 1.x-style tests: eagerly, `sess.run` is evaluate -----------------

    @contextlib.contextmanager
    def session(self, graph: Any = None, config: Any = None,
                use_gpu: bool = True, force_gpu: bool = False) -> Iterator[Any]:
        yield _EagerSession(self)

    cached_session = session
    # a property, so that test runners (unittest, pytest) don't take it for a test
    test_session = property(lambda self: self.session)

    # -- temporary files -----------------------------------------------------------------

    def get_temp_dir(self) -> str:
        """A directory for this test, made on first use and removed after the test."""
        if getattr(self, "_temp_dir", None) is None:
            self._temp_dir = tempfile.mkdtemp(prefix=f"{type(self).__name__}.")
            self.addCleanup(shutil.rmtree, self._temp_dir, True)
        return self._temp_dir

    def create_tempdir(self, name: str | None = None) -> _TempPath:
        path = os.path.join(self.get_temp_dir(), name) if name else \
            tempfile.mkdtemp(dir=self.get_temp_dir())
        os.makedirs(path, exist_ok=True)
        return _TempPath(path)

    def create_tempfile(self, file_path: str | None = None, content: Any = None,
                        mode: str = "w", encoding: str = "utf8") -> _TempPath:
        if file_path is None:
            fd, path = tempfile.mkstemp(dir=self.get_temp_dir())
            os.close(fd)
        else:
            path = os.path.join(self.get_temp_dir(), file_path)
            os.makedirs(os.path.dirname(path), exist_ok=True)
        binary = "b" in mode
        data = content if content is not None else (b"" if binary else "")
        with open(path, mode, encoding=None if binary else encoding) as f:
            f.write(data)
        return _TempPath(path)

    def checkedThread(self, target: Callable, args: tuple = (),
                      kwargs: dict | None = None) -> _CheckedThread:
        """A thread whose exception fails the test when it is joined."""
        return _CheckedThread(self, target, args, kwargs)

    # -- closeness -------------------------------------------------------------------------

    def _assert_arrays_close(self, a: Any, b: Any, rtol: float, atol: float,
                             msg: str | None) -> None:
        a, b = self.evaluate_if_both_tensors(a, b)
        a, b = self._array(a), self._array(b)
        contents = f" with contents {b}" if b.ndim <= 3 or b.size < 500 else ""
        self.assertEqual(a.shape, b.shape, f"Shape mismatch: expected {a.shape}, got "
                                           f"{b.shape}{contents}.")
        a_dtype = a.dtype
        # NumPy's closeness tests don't promote ml_dtypes' bfloat16: compare in float32
        a = a.astype(np.float32) if a.dtype.name == "bfloat16" else a
        b = b.astype(np.float32) if b.dtype.name == "bfloat16" else b
        if np.allclose(a, b, rtol=rtol, atol=atol, equal_nan=True):
            return
        bad = (np.abs(a - b) > atol + rtol * np.abs(b)) | (np.isnan(a) != np.isnan(b))
        x, y = (a[_where(bad)], b[_where(bad)]) if a.ndim else (a, b)
        lines = [msg or ""] + ([f"not close where = {_where(bad)}"] if a.ndim else []) + [
            f"not close lhs = {x}", f"not close rhs = {y}", f"not close dif = {np.abs(x - y)}",
            f"not close tol = {atol + rtol * np.abs(y)}", f"dtype = {a_dtype}, shape = {a.shape}"]
        np.testing.assert_allclose(a, b, rtol=rtol, atol=atol, err_msg="\n".join(lines),
                                   equal_nan=True)

    def _assert_close_nested(self, a: Any, b: Any, rtol: float, atol: float,
                             path: list, msg: str) -> None:
        where = "".join(f"[{p}]" for p in path)
        if isinstance(a, RaggedTensor) or isinstance(b, RaggedTensor):
            self._assert_close_nested(_ragged_list(a), _ragged_list(b), rtol, atol, path, msg)
            return
        a = a._asdict() if hasattr(a, "_asdict") else a
        b = b._asdict() if hasattr(b, "_asdict") else b
        if isinstance(a, Mapping) != isinstance(b, Mapping):
            raise ValueError(f"Can't compare dict to non-dict, a{where} vs b{where}. {msg}")
        if isinstance(a, Mapping):
            self.assertCountEqual(a.keys(), b.keys(), f"mismatched keys: a{where} has keys "
                                  f"{a.keys()}, but b{where} has keys {b.keys()}. {msg}")
            for k in a:
                self._assert_close_nested(a[k], b[k], rtol, atol, path + [k], msg)
            return
        value_msg = f"Mismatched value: a{where} is different from b{where}. {msg}"
        if isinstance(a, (list, tuple)):
            try:  # a list of numbers compares as one array, cheaply
                self._assert_arrays_close(a, b, rtol, atol, value_msg)
                return
            except (ValueError, TypeError, NotImplementedError):
                pass
            if len(a) != len(b):
                raise ValueError(f"Mismatched length: a{where} has {len(a)} items, but "
                                 f"b{where} has {len(b)} items. {msg}") from None
            for i, (x, y) in enumerate(zip(a, b)):
                self._assert_close_nested(x, y, rtol, atol, path + [str(i)], msg)
            return
        try:
            self._assert_arrays_close(a, b, rtol, atol, value_msg)
        except TypeError as e:
            raise TypeError(f"Error: a{where} has {type(a)}, but b{where} has {type(b)}. "
                            f"{msg}\n{e}") from None

    def assertAllClose(self, a: Any, b: Any, rtol: float = 1e-6,
                       atol: float = 1e-6, msg: str | None = None) -> None:
        """`a` and `b` (tensors, arrays, or nested lists, tuples, dicts, namedtuples of
        them) are equal within `atol + rtol * |b|` elementwise; NaNs match NaNs."""
        self._assert_close_nested(a, b, rtol, atol, [], msg or "")

    def assertAllCloseAccordingToType(self, a: Any, b: Any, rtol: float = 1e-6,
                                      atol: float = 1e-6, float_rtol: float = 1e-6,
                                      float_atol: float = 1e-6, half_rtol: float = 1e-3,
                                      half_atol: float = 1e-3, bfloat16_rtol: float = 1e-2,
                                      bfloat16_atol: float = 1e-2,
                                      msg: str | None = None) -> None:
        """assertAllClose with the tolerance widened to the least precise dtype's."""
        a, b = self.evaluate_if_both_tensors(a, b)
        a, b = self._array(a), self._array(b)
        names = {a.dtype.name, b.dtype.name}
        # the least precise dtype present sets the tolerance
        for wide, r, t in ((("float32", "complex64"), float_rtol, float_atol),
                           (("float16",), half_rtol, half_atol),
                           (("bfloat16",), bfloat16_rtol, bfloat16_atol)):
            if names & set(wide):
                rtol, atol = max(rtol, r), max(atol, t)
        self.assertAllClose(a, b, rtol=rtol, atol=atol, msg=msg)

    def assertNotAllClose(self, a: Any, b: Any, rtol: float = 1e-6,
                          atol: float = 1e-6, msg: str | None = None) -> None:
        try:
            self.assertAllClose(a, b, rtol=rtol, atol=atol, msg=msg)
        except AssertionError:
            return
        raise AssertionError(msg or "The two values are close at all elements.")

    def assertNear(self, f1: float, f2: float, err: float,
                   msg: str | None = None) -> None:
        f1, f2 = np.squeeze(f1), np.squeeze(f2)
        if f1 != f2:  # inf == inf has no finite difference
            diff = math.fabs(f1 - f2)
            self.assertTrue(diff <= err, f"{f1:f} != {f2:f} +/- {err:f} (difference: "
                                         f"{diff:g})" + (f" ({msg})" if msg is not None else ""))

    def assertArrayNear(self, farray1: Any, farray2: Any, err: float,
                        msg: str | None = None) -> None:
        self.assertEqual(len(farray1), len(farray2), msg=msg)
        for f1, f2 in zip(farray1, farray2):
            self.assertNear(float(f1), float(f2), err, msg=msg)

    def assertNDArrayNear(self, ndarray1: Any, ndarray2: Any, err: float,
                          msg: str | None = None) -> None:
        a, b = self._array(ndarray1), self._array(ndarray2)
        self.assertTrue(bool(np.linalg.norm(a - b) < err), msg=msg)

    # -- equality and order ------------------------------------------------------------------

    def assertAllEqual(self, a: Any, b: Any, msg: str | None = None) -> None:
        """`a` and `b` have the same shape and the same values (NaN equals NaN)."""
        if isinstance(a, RaggedTensor) or isinstance(b, RaggedTensor):
            self.assertEqual(_ragged_list(a), _ragged_list(b), msg)
            return
        msg = msg or ""
        a, b = self.evaluate_if_both_tensors(a, b)
        a, b = self._array(a), self._array(b)
        contents = f" Contents: {b!r}. \n{msg}." if b.ndim <= 3 or b.size < 500 else f" {msg}"
        self.assertEqual(a.shape, b.shape, f"Shape mismatch: expected {a.shape}, got "
                                           f"{b.shape}.{contents}")
        same = a == b
        if a.dtype.kind in "fc":
            same = same | (np.isnan(a) & np.isnan(b))
        if np.all(same):
            return
        bad = ~np.asarray(same)
        x, y = (a[_where(bad)], b[_where(bad)]) if a.ndim else (a, b)
        lines = [msg] + ([f"not equal where = {_where(bad)}"] if a.ndim else []) + [
            f"not equal lhs = {x!r}", f"not equal rhs = {y!r}"]
        np.testing.assert_array_equal(a, b, err_msg="\n".join(lines))

    def assertNotAllEqual(self, a: Any, b: Any, msg: str | None = None) -> None:
        try:
            self.assertAllEqual(a, b)
        except AssertionError:
            return
        raise AssertionError(f"The two values are equal at all elements. {msg or ''}")

    def _assert_all(self, a: Any, target: Any, cmp: Callable, what: str) -> None:
        a = self._array(a)
        if not np.all(cmp(a, target)):
            raise AssertionError(f"{a} is not {what} {target}")

    def assertAllGreater(self, a: Any, comparison_target: Any) -> None:
        self._assert_all(a, comparison_target, np.greater, "greater than")

    def assertAllGreaterEqual(self, a: Any, comparison_target: Any) -> None:
        self._assert_all(a, comparison_target, np.greater_equal, "greater than or equal to")

    def assertAllLess(self, a: Any, comparison_target: Any) -> None:
        self._assert_all(a, comparison_target, np.less, "less than")

    def assertAllLessEqual(self, a: Any, comparison_target: Any) -> None:
        self._assert_all(a, comparison_target, np.less_equal, "less than or equal to")

    def assertAllInRange(self, target: Any, lower_bound: Any, upper_bound: Any,
                         open_lower_bound: bool = False, open_upper_bound: bool = False) -> None:
        """Every element lies in the range (NaN never does)."""
        target = self._array(target)
        if target.dtype.kind not in "iuf":
            raise AssertionError(f"The value of {target} does not have an ordered numeric "
                                 f"type, instead it has type: {target.dtype}")
        nans = np.isnan(target) if target.dtype.kind == "f" else np.zeros(target.shape, bool)
        if nans.any():
            raise AssertionError(f"{int(nans.sum())} of the {target.size} element(s) are NaN. "
                                 "Subscripts(s) and value(s) of the NaN element(s):\n"
                                 + _subscripts(nans, target))
        low = target <= lower_bound if open_lower_bound else target < lower_bound
        high = target >= upper_bound if open_upper_bound else target > upper_bound
        out = low | high
        if out.any():
            bounds = ("(" if open_lower_bound else "[") + f"{lower_bound}, {upper_bound}" + \
                (")" if open_upper_bound else "]")
            raise AssertionError(f"{int(out.sum())} of the {target.size} element(s) are "
                                 f"outside the range {bounds}. Subscript(s) and value(s) of "
                                 "the offending elements:\n" + _subscripts(out, target))

    def assertAllInSet(self, target: Any, expected_set: Any) -> None:
        target = self._array(target)
        diff = np.setdiff1d(target.flatten(), list(expected_set))
        if diff.size:
            raise AssertionError(f"{diff.size} unique element(s) are not in the set "
                                 f"{expected_set}: {diff}")

    def assertDTypeEqual(self, target: Any, expected_dtype: Any) -> None:
        self.assertEqual(self._array(target).dtype, expected_dtype)

    def assertShapeEqual(self, input_a: Any, input_b: Any,
                         msg: str | None = None) -> None:
        """The static shapes of two arrays or tensors are equal."""
        for name, x in (("input_a", input_a), ("input_b", input_b)):
            if not isinstance(x, (np.ndarray, np.generic, Tensor)):
                raise TypeError(f"{name} must be a Numpy ndarray, Numpy scalar, or a "
                                f"Tensor.Instead received {type(x)}")
        shape = lambda x: x.shape.as_list() if isinstance(x, Tensor) else x.shape  # noqa: E731
        self.assertAllEqual(shape(input_a), shape(input_b), msg=msg)

    def assertDeviceEqual(self, device1: Any, device2: Any,
                          msg: str | None = None) -> None:
        d1, d2 = canonical_name(device1), canonical_name(device2)
        self.assertEqual(d1, d2, f"Devices {d1} and {d2} are not equal. {msg}")

    # -- errors ------------------------------------------------------------------------

    @contextlib.contextmanager
    def assertRaisesWithPredicateMatch(self, exception_type: type,
                                       expected_err_re_or_predicate: Any) -> Iterator[None]:
        """The block raises `exception_type`, whose message matches the regex (searched
        anywhere in it) or satisfies the predicate."""
        if callable(expected_err_re_or_predicate):
            matches = expected_err_re_or_predicate
        else:
            def matches(e: BaseException) -> bool:
                text = e.message if isinstance(e, OpError) else str(e)
                return re.search(expected_err_re_or_predicate, text) is not None
        try:
            yield
        except Exception as e:  # noqa: BLE001 - checked below, re-raised if unexpected
            if not isinstance(e, exception_type) or not matches(e):
                raise AssertionError(f"Exception of type {type(e)}: {e}") from e
            return
        self.fail(exception_type.__name__ + " not raised")

    def assertRaisesOpError(self, expected_err_re_or_predicate: Any) -> Any:
        return self.assertRaisesWithPredicateMatch(OpError, expected_err_re_or_predicate)

    def assertRaisesIncompatibleShapesError(
            self, exception_type: type = InvalidArgumentError) -> Any:
        return self.assertRaisesWithPredicateMatch(
            exception_type, r"Incompatible shapes|Dimensions must be equal|"
                            r"required broadcastable shapes")

    @contextlib.contextmanager
    def assertRaisesWithLiteralMatch(self, expected_exception: type,
                                     expected_exception_message: str) -> Iterator[None]:
        with self.assertRaises(expected_exception) as cm:
            yield
        self.assertEqual(str(cm.exception), expected_exception_message)

    # -- absl's assertions that TF's tests use -------------------------------------------

    def assertLen(self, container: Any, expected_len: int,
                  msg: str | None = None) -> None:
        if len(container) != expected_len:
            self.fail(msg or f"{container!r} has length of {len(container)}, expected "
                             f"{expected_len}.")

    def assertEmpty(self, container: Any, msg: str | None = None) -> None:
        if len(container):
            self.fail(msg or f"{container!r} has length of {len(container)}.")

    def assertNotEmpty(self, container: Any, msg: str | None = None) -> None:
        if not len(container):
            self.fail(msg or f"{container!r} has length of 0.")

    def assertStartsWith(self, actual: str, expected_start: str,
                         msg: str | None = None) -> None:
        if not actual.startswith(expected_start):
            self.fail(msg or f"{actual!r} does not start with {expected_start!r}")

    def assertEndsWith(self, actual: str, expected_end: str,
                       msg: str | None = None) -> None:
        if not actual.endswith(expected_end):
            self.fail(msg or f"{actual!r} does not end with {expected_end!r}")

    def assertItemsEqual(self, first: Any, second: Any,
                         msg: str | None = None) -> None:
        self.assertCountEqual(first, second, msg)

    def assertSameElements(self, expected_seq: Any, actual_seq: Any,
                           msg: str | None = None) -> None:
        missing = [x for x in expected_seq if x not in actual_seq]
        extra = [x for x in actual_seq if x not in expected_seq]
        if missing or extra:
            self.fail(msg or f"Expected, but missing:\n  {missing!r}\nUnexpected, but "
                             f"present:\n  {extra!r}")

    def assertContainsSubset(self, expected_subset: Any, actual_set: Any,
                             msg: str | None = None) -> None:
        missing = set(expected_subset) - set(actual_set)
        if missing:
            self.fail(msg or f"Missing elements {missing} from {set(actual_set)}")

    def assertNoCommonElements(self, expected_seq: Any, actual_seq: Any,
                               msg: str | None = None) -> None:
        common = set(expected_seq) & set(actual_seq)
        if common:
            self.fail(msg or f"Common elements {common} found in {expected_seq!r} and "
                             f"{actual_seq!r}")

    def assertBetween(self, value: Any, minv: Any, maxv: Any,
                      msg: str | None = None) -> None:
        if not minv <= value <= maxv:
            self.fail(msg or f"{value!r} is not in range [{minv!r}, {maxv!r}]")

    def assertRegexMatch(self, actual_str: str, regexes: list,
                         message: str | None = None) -> None:
        if not any(re.search(r, actual_str) for r in regexes):
            self.fail(message or f"{actual_str!r} does not match any of {regexes!r}")

    def assertSequenceStartsWith(self, prefix: Any, whole: Any,
                                 msg: str | None = None) -> None:
        if list(whole[:len(prefix)]) != list(prefix):
            self.fail(msg or f"{whole!r} does not start with {prefix!r}")

    def assertSameStructure(self, a: Any, b: Any, aname: str = "a", bname: str = "b",
                            msg: str | None = None) -> None:
        try:
            nest.assert_same_structure(a, b)
        except (ValueError, TypeError) as e:
            self.fail(msg or f"{aname} and {bname} differ in structure: {e}")
        for x, y in zip(nest.flatten(a), nest.flatten(b)):
            if x != y:
                self.fail(msg or f"{aname} has {x!r}, but {bname} has {y!r}")


TestCase = TensorFlowTestCase


class _EagerSession:
    """`with self.session() as sess:` in an eager test: `sess.run` evaluates."""

    def __init__(self, case: TestCase) -> None:
        self._case = case

    def run(self, fetches: Any, feed_dict: Any = None, **_: Any) -> Any:
        if feed_dict:
            raise ValueError("feed_dict is not supported in eager mode")
        return self._case.evaluate(fetches)


class _TempPath(os.PathLike):
    """A temporary file or directory (absl's `_TempDir`/`_TempFile`): `full_path`, and for
    files `read_text`/`read_bytes`/`write_text`/`write_bytes`."""

    def __init__(self, path: str) -> None:
        self.full_path = path

    def __fspath__(self) -> str:
        return self.full_path

    def __str__(self) -> str:
        return self.full_path

    def read_text(self, encoding: str = "utf8") -> str:
        with open(self.full_path, encoding=encoding) as f:
            return f.read()

    def read_bytes(self) -> bytes:
        with open(self.full_path, "rb") as f:
            return f.read()

    def write_text(self, text: str, encoding: str = "utf8") -> None:
        with open(self.full_path, "w", encoding=encoding) as f:
            f.write(text)

    def write_bytes(self, data: bytes) -> None:
        with open(self.full_path, "wb") as f:
            f.write(data)


class _CheckedThread:
    """A thread for a TestCase: `join()` re-raises what its target raised."""

    def __init__(self, case: TestCase, target: Callable, args: tuple, kwargs: Any) -> None:
        self._case, self._target, self._args = case, target, args
        self._kwargs = kwargs or {}
        self._error: BaseException | None = None
        self._thread = threading.Thread(target=self._run)

    def _run(self) -> None:
        try:
            self._target(*self._args, **self._kwargs)
        except BaseException as e:  # noqa: BLE001 - reported by join()
            self._error = e

    def start(self) -> None:
        self._thread.start()

    def join(self) -> None:
        self._thread.join()
        if self._error is not None:
            self._case.fail(f"{type(self._error).__name__}: {self._error}")

    def is_alive(self) -> bool:
        return self._thread.is_alive()


def _ragged_list(x: Any) -> Any:
    return x.to_list() if isinstance(x, (RaggedTensor, RaggedTensorValue)) else x


def _subscripts(mask: np.ndarray, values: np.ndarray, limit: int = 10) -> str:
    """The first `limit` offending positions, one "  [i j] : value" line each."""
    if values.ndim == 0:
        return f"  [0] : {values}"
    idx = np.argwhere(mask)
    lines = [f"  {s} : {values[tuple(s)]}" for s in idx[:limit]]
    return "\n".join(lines + (["  ..."] if len(idx) > limit else []))


def main(argv: Any = None) -> None:
    """Runs the tests of the calling module (unittest's runner)."""
    unittest.main(argv=argv)
