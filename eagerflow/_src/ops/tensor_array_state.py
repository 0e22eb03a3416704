"""The states of TF 1's resource TensorArrays and stacks: an array's entries, flags and
TF's checks of its writes and reads, a stack's items.

Ops layer, under tensor_array_v1.py, whose ops hold these as their resources' states
(the targets of their handles). An array's entries are arrays of the device it lives on
(written there; an entry made elsewhere is copied where it is read: item_for); TF's
messages are its kernels' own.
"""

from __future__ import annotations

from typing import Any

import numpy as np

from eagerflow._src.core import dtypes as dt
from eagerflow._src.core.errors import InvalidArgumentError, shape_str
from eagerflow._src.ops import checks as C
from eagerflow._src.ops.tensor_list_kernels import item_for

# The dtypes TF's TensorArray cannot make the zeros of an unwritten entry of (its
# TensorSetZero takes numbers and bool)
_NO_ZEROS = frozenset((dt.string, dt.variant, dt.resource))


def dims_text(dims: tuple | None) -> str:
    """A partial shape as TF's PartialTensorShape prints it: "[?,2]", "<unknown>"."""
    return "<unknown>" if dims is None else shape_str(dims)


def fully_defined(dims: tuple | None) -> bool:
    return dims is not None and all(d is not None for d in dims)


class _Entry:
    __slots__ = ("value", "written", "read", "cleared")

    def __init__(self) -> None:
        self.value: Any = None
        self.written = self.read = self.cleared = False


class TensorArrayState:
    """One TensorArray: its entries and TF's flags."""

    def __init__(self, key: str, dtype: dt.DType, size: int, element_shape: tuple | None,
                 dynamic_size: bool, clear_after_read: bool, identical: bool,
                 aggregate: bool = False) -> None:
        self.key, self.dtype = key, dtype
        self.entries: list = [None] * size  # (an _Entry once written or read)
        self.element_shape = element_shape
        self.dynamic_size, self.clear_after_read = dynamic_size, clear_after_read
        self.identical, self.aggregate = identical, aggregate
        self.closed = False
        self.grads: dict = {}  # source -> the gradient TensorArrayState

    def fail(self, op: str, message: str) -> InvalidArgumentError:
        return C.fail(op, f"TensorArray {self.key}: {message}")

    def check_dtype(self, op: str, d: dt.DType, writing: bool) -> None:
        if d is not self.dtype:
            what = "Op is trying to write dtype" if writing else "Op requested dtype"
            raise C.fail(op, f"TensorArray dtype is {C.dtype_word(self.dtype)} but {what} "
                             f"{C.dtype_word(d)}.")

    def merge_shape(self, op: str, dims: tuple | None) -> None:
        """The element shape merged with `dims` (what a gather says its elements are)."""
        have = self.element_shape
        if dims is None or have == dims:
            return
        if have is not None and not C.compatible(have, dims):
            raise C.fail(op, f"PartialTensorShape: Incompatible shapes during merge: "
                             f"{dims_text(have)} vs. "
                             f"{dims_text(dims)}")
        self.element_shape = dims if have is None else \
            tuple(a if a is not None else b for a, b in zip(have, dims))

    def check_write(self, op: str, index: int, shape: tuple) -> None:
        """TF's checks of a write of a value of `shape` to `index` (the array already
        grown to hold it)."""
        n = len(self.entries)
        if index < 0 or (not self.dynamic_size and index >= n):
            raise self.fail(op, f"Tried to write to index {index} but array is not "
                                f"resizeable and size is: {n}")
        if not C.compatible(shape, self.element_shape):
            raise self.fail(op, f"Could not write to TensorArray index {index} because the "
                                f"value shape is {shape_str(shape)} which is incompatible "
                                f"with the TensorArray's inferred element shape: "
                                f"{dims_text(self.element_shape)} (consider setting "
                                f"infer_shape=False).")
        e = self.entries[index] if index < n else None
        if e is None:
            return
        if e.read:
            raise self.fail(op, f"Could not write to TensorArray index {index} because it "
                                "has already been read.")
        if e.written and not self.aggregate:
            raise self.fail(op, f"Could not write to TensorArray index {index} because it "
                                "has already been written to.")
        if e.written and e.value.shape != shape:
            raise self.fail(op, f"Could not aggregate to TensorArray index {index} because "
                                f"the existing shape is {shape_str(e.value.shape)} but the "
                                f"new input shape is {shape_str(shape)}.")

    def write(self, op: str, index: int, value: Any, xp: Any = np) -> None:
        """Writes `value` (an array of `xp`, the kernel's) to `index`; a gradient array
        adds it to what is there."""
        self.check_write(op, index, tuple(value.shape))
        self.grow(op, index + 1)
        if self.identical and not fully_defined(self.element_shape):
            self.element_shape = tuple(value.shape)
        e = self.entry(index)
        e.value = item_for(xp, e.value) + value if e.written else value
        e.written = True

    def grow(self, op: str, n: int) -> None:
        """At least `n` entries (a dynamically sized array's growth)."""
        if n > len(self.entries):
            C.check_size(op, (n,), dt.int64)
            self.entries.extend([None] * (n - len(self.entries)))

    def entry(self, index: int) -> _Entry:
        e = self.entries[index]
        if e is None:
            e = self.entries[index] = _Entry()
        return e

    def read(self, op: str, index: int, xp: Any) -> Any:
        """Entry `index` as an array of `xp` (zeros where it was never written)."""
        n = len(self.entries)
        if not 0 <= index < n:
            raise C.fail(op, f"Tried to read from index {index} but array size is: {n}")
        e = self.entry(index)
        if e.cleared:
            raise self.fail(op, f"Could not read index {index} twice because it was cleared "
                                "after a previous read (perhaps try setting clear_after_read "
                                "= false?).")
        value = e.value
        if not e.written:
            if not fully_defined(self.element_shape):
                raise self.fail(op, f"Could not read from TensorArray index {index}.  "
                                    "Furthermore, the element shape is not fully defined: "
                                    f"{dims_text(self.element_shape)}.  It is possible you "
                                    "are working with a resizeable TensorArray and "
                                    "stop_gradients is not allowing the gradients to be "
                                    "written.  If you set the full element_shape property on "
                                    "the forward TensorArray, the proper all-zeros tensor "
                                    "will be returned instead of incurring this error.")
            C.check_size(op, self.element_shape, self.dtype)
            if self.dtype in _NO_ZEROS:
                if self.dtype is dt.string:
                    # (TF's read keeps the entry it allocated and could not fill: written,
                    # its strings empty)
                    e.value, e.written = np.full(self.element_shape, b"", object), True
                raise C.fail(op, f"tensor_array::TensorSetZero type not supported: "
                                 f"{C.dtype_word(self.dtype)}")
            value = xp.zeros(self.element_shape, self.dtype.as_numpy_dtype)
        if self.clear_after_read:
            e.value, e.cleared = None, True
        e.read = True
        return item_for(xp, value)


class StackState:
    """One stack: its elements (arrays), its dtype and its bound (-1: none)."""

    def __init__(self, key: str, dtype: dt.DType, max_size: int) -> None:
        self.key, self.dtype, self.max_size = key, dtype, max_size
        self.items: list = []
        self.closed = False

    def fail(self, op: str, message: str) -> InvalidArgumentError:
        return C.fail(op, f"Stack[{self.key}] {message}")
