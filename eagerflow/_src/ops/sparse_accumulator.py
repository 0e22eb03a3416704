"""tf.compat.v1.SparseConditionalAccumulator: sparse gradients (indices, rows of values)
summed or averaged row by row until enough have come, as TF's SparseConditionalAccumulator,
SparseAccumulatorApplyGradient and SparseAccumulatorTakeGradient keep them.

Ops layer, loaded on first use, after accumulator_ops (whose AccumulatorState, global step
and waits it shares). TF's accumulator is a reference (a TF 1 mutable string handle), with
no resource form: tf.raw_ops refuses the ops eagerly and in tf.function as TF does
(saved_model/raw_ops.py), and so does the class eagerly; a TF 1 graph's creator node (the
class's in graph mode, or an imported one) makes a `SparseAccumulatorState`, one per
Session, which the ops take as their `accumulator` attr. TF 1's AccumulatorNumAccumulated
and AccumulatorSetGlobalStep act on it as on a dense one.

TF's rules: a gradient's rows are checked against the accumulator's shape (its values'
rank and trailing dims, the dense shape given, each index below the first dim) even when
its local step is stale; the first gradient's rows are kept in its order and each later
one merged in as TF merges it (one pass over both, as if each were sorted); a take gives
each row's mean over the gradients that had its index (reduction "MEAN") or its sum, and
the accumulator's shape with -1 for a first dim it does not know.
"""

from __future__ import annotations

from typing import Any

import numpy as np

from eagerflow._src.core import dtypes as dt
from eagerflow._src.core.context import _state
from eagerflow._src.core.resource import cpu_handle
from eagerflow._src.core.shape import TensorShape
from eagerflow._src.core.tensor import convert_to_tensor
from eagerflow._src.ops import accumulator_ops as A
from eagerflow._src.ops import checks as C
from eagerflow._src.ops import queue_handles as H
from eagerflow._src.ops.dispatch import bind
from eagerflow._src.ops.indexed_slices import IndexedSlices
from eagerflow._src.ops.math_base import cast
from eagerflow._src.ops.registry import BadSample, OpDef, Sample, TFForm, register

_CREATE, _APPLY, _TAKE = ("SparseConditionalAccumulator", "SparseAccumulatorApplyGradient",
                          "SparseAccumulatorTakeGradient")


class SparseAccumulatorState(A.AccumulatorState):
    """One sparse accumulator: each index's running row total and its count, in the order
    the indices came."""

    def __init__(self, dtype: dt.DType, shape: tuple | None, reduction: str) -> None:
        super().__init__(dtype, shape, reduction)
        self.rows: list = []  # (index, [row total, count]), in TF's order
        self.row_shape: tuple | None = None  # the values' dims past the first, once known

    def apply_sparse(self, local_step: int, indices: np.ndarray, values: np.ndarray,
                     given: np.ndarray | None, op: str) -> None:
        with self._cond:
            self._check(indices, values, given, op)
            if local_step < self.global_step:  # (a stale gradient: dropped, as TF does)
                return
            self.row_shape = values.shape[1:]
            new = [(i, [row.copy(), 1]) for i, row in zip(indices.tolist(), values)]
            self.rows = new if self.count == 0 else _merge(self.rows, new)
            self.count += 1
            self._cond.notify_all()

    def _check(self, indices: np.ndarray, values: np.ndarray, given: np.ndarray | None,
               op: str) -> None:
        want = self.shape
        rank = len(want) if want is not None else \
            None if self.row_shape is None else len(self.row_shape) + 1
        if rank is not None and values.ndim != rank:
            raise C.fail(op, f"Shape mismatch: expected values rank {rank}, got {values.ndim}")
        if given is not None and want is not None:
            if given.size != len(want):
                raise C.fail(op, f"Shape mismatch: expected shape rank {len(want)}, got "
                                 f"{given.size}")
            for i, (w, g) in enumerate(zip(want, given.tolist())):
                if w is not None and w != g:
                    raise C.fail(op, f"Shape mismatch: expected shape dim {i} to be {w}, got "
                                     f"{g}")
        dims = list(want[1:]) if want is not None else [None] * (values.ndim - 1)
        if self.row_shape is not None:
            dims = [d if d is not None else r for d, r in zip(dims, self.row_shape)]
        for i, (w, g) in enumerate(zip(dims, values.shape[1:]), 1):
            if w is not None and w != g:
                raise C.fail(op, f"Shape mismatch: expected values dim {i} to be {w}, got {g}")
        if values.ndim == 0 or len(indices) != values.shape[0]:
            got = values.shape[0] if values.ndim else 0
            raise C.fail(op, f"Expected {len(indices)} non-empty input values, got {got}")
        limit = want[0] if want is not None and want and want[0] is not None else \
            None if given is None or given.size == 0 else int(given[0])
        for k, i in enumerate(indices.tolist()):
            if limit is not None and i >= limit:
                raise C.fail(op, f"Shape mismatch: index of slice {k} exceeded limits of "
                                 f"shape; index is {i} exceeded {limit}")

    def take_sparse(self, n: int, op: str) -> tuple:
        if n < 1:
            raise C.fail(op, f"Argument num_required must be positive, but was {n}")
        with self._cond:
            self._cond.wait_for(lambda: self.count >= n)
            row_shape = self.row_shape or ()
            keys = [i for i, _ in self.rows]
            rows = [t / np.asarray(c, t.dtype) if self.reduction == "MEAN" else t
                    for _, (t, c) in self.rows]
            values = np.stack(rows) if rows else \
                np.zeros((0,) + tuple(row_shape), self.dtype.as_numpy_dtype)
            shape = list(self.shape) if self.shape is not None else [None] + list(row_shape)
            shape = [d if d is not None else (-1 if i == 0 else row_shape[i - 1])
                     for i, d in enumerate(shape)]
            self.rows, self.count, self.row_shape = [], 0, None
            self.global_step += 1
            return (np.asarray(keys, np.int64), values.astype(self.dtype.as_numpy_dtype),
                    np.asarray(shape, np.int64))


def _merge(have: list, new: list) -> list:
    """TF's merge of a gradient's rows into the total: one pass over both lists as if
    each were sorted, equal indices added (so the first gradient's order is kept, and
    unsorted indices stay apart as TF's do)."""
    out, i, j = [], 0, 0
    with np.errstate(over="ignore"):  # (summed in the dtype, as TF's: inf past it)
        while i < len(have) and j < len(new):
            (a, (ta, ca)), (b, (tb, cb)) = have[i], new[j]
            if a == b:
                out.append((a, [ta + tb, ca + cb]))
                i, j = i + 1, j + 1
            elif a < b:
                out.append(have[i])
                i += 1
            else:
                out.append(new[j])
                j += 1
    return out + have[i:] + new[j:]


def _state_attr(op: str, accumulator: Any) -> SparseAccumulatorState:
    if not isinstance(accumulator, SparseAccumulatorState):
        raise TypeError(f"{op}: `accumulator` must be a sparse accumulator's state, got "
                        f"{accumulator!r}")
    return accumulator


# ---------------------------------------------------------------------------------------
# The creator: a graph's node, holding the state it made.
# ---------------------------------------------------------------------------------------

def _creator_infer(*, state: Any = None, **attrs: Any) -> list:
    _state_attr(_CREATE, state)
    return [((), dt.resource)]


def _creator_kernel(xp: Any, *, state: SparseAccumulatorState, **attrs: Any) -> np.ndarray:
    return cpu_handle("", "localhost", A.KIND, state.current())


def new_state(attrs: dict) -> SparseAccumulatorState:
    state = A.new_accumulator(attrs, _CREATE, SparseAccumulatorState)
    state.per_session = True
    return state


def _creator_load(node: Any) -> list:
    attrs = {k: node.attrs[k] for k in A.CREATOR_ATTRS if k in node.attrs}
    return [bind(CREATOR, (), dict(attrs, state=new_state(attrs)))]


_SAMPLES: dict = {}


class _Replenished(SparseAccumulatorState):
    """The samples' accumulator: a take finds one gradient, index 1 -> [1, 2], however
    many were taken (the generic suites call a sample many times); gradients are checked,
    then forgotten."""

    def apply_sparse(self, local_step: int, indices: np.ndarray, values: np.ndarray,
                     given: np.ndarray | None, op: str) -> None:
        with self._cond:
            self._check(indices, values, given, op)

    def take_sparse(self, n: int, op: str) -> tuple:
        with self._cond:
            if self.count < n:
                self.rows, self.count, self.row_shape = [(1, [np.float32([1, 2]) * n, n])], n, (2,)
        return super().take_sparse(n, op)


def _sample_state() -> SparseAccumulatorState:
    if "acc" not in _SAMPLES:
        _SAMPLES["acc"] = _Replenished(dt.float32, (3, 2), "MEAN")
    return _SAMPLES["acc"]


CREATOR = register(OpDef(
    _CREATE, _creator_infer, _creator_kernel, stateful=True, gpu=False,
    reference=H.handle_ref(A.KIND),
    samples=lambda: [Sample((), {"dtype": dt.float32, "shape": (3, 2), "shared_name": "",
                                 "state": _sample_state()}, grad=False)],
    tf=TFForm(load=_creator_load, takes_handles=True),
))


# ---------------------------------------------------------------------------------------
# The ops on it.
# ---------------------------------------------------------------------------------------

def _apply_infer(local_step: Any, indices: Any, values: Any, shape: Any, *,
                 accumulator: Any, has_known_shape: bool = True, dtype: Any = None) -> list:
    a = _state_attr(_APPLY, accumulator).current()
    have = [local_step._dtype, indices._dtype, values._dtype, shape._dtype]
    H.match_signature(_APPLY, have, [], [dt.int64, dt.int64, a.dtype, dt.int64], [],
                      handle="string_ref")
    return []


def _apply_kernel(xp: Any, local_step: Any, indices: Any, values: Any, shape: Any, *,
                  accumulator: SparseAccumulatorState, has_known_shape: bool = True,
                  dtype: Any = None) -> tuple:
    C.scalar_input(_APPLY, local_step, "local_step must be a scalar, got shape {shape}")
    idx = np.asarray(indices)
    if idx.ndim != 1:
        raise C.fail(_APPLY, f"Shape mismatch: expected indices to be a vector, got shape "
                             f"{C.shape_str(idx.shape)}")
    given = np.asarray(shape).reshape(-1) if has_known_shape else None
    accumulator.current().apply_sparse(int(np.asarray(local_step).reshape(-1)[0]), idx,
                                       np.asarray(values), given, _APPLY)
    return ()


def _take_infer(num_required: Any, *, accumulator: Any, dtype: Any = None) -> list:
    a = _state_attr(_TAKE, accumulator).current()
    if num_required._dtype is not dt.int32:
        raise C.wrong_input_dtype(_TAKE, 1, dt.int32, num_required._dtype)
    want = a.dtype if dtype is None else dt.as_dtype(dtype)
    H.match_signature(_TAKE, [dt.int32], [dt.int64, want, dt.int64], [dt.int32],
                      [dt.int64, a.dtype, dt.int64], handle="string_ref")
    return [((None,), dt.int64), (None, a.dtype), ((None,), dt.int64)]


def _take_kernel(xp: Any, num_required: Any, *, accumulator: SparseAccumulatorState,
                 dtype: Any = None) -> tuple:
    C.scalar_input(_TAKE, num_required, "num_required must be a scalar, got shape {shape}")
    return accumulator.current().take_sparse(int(np.asarray(num_required).reshape(-1)[0]),
                                             _TAKE)


def _load(opdef: Any, attrs: tuple) -> Any:
    def load(node: Any) -> Any:
        state = H.state_at_import(node, 0, A.KIND, SparseAccumulatorState, (_CREATE,))
        out = bind(opdef(), tuple(node.inputs[1:]),
                   {"accumulator": state, **{k: node.attrs[k] for k in attrs}})
        return list(out) if isinstance(out, tuple) else out
    return load


def _i64(x: Any) -> np.ndarray:
    return np.asarray(x, np.int64)


APPLY = register(OpDef(
    _APPLY, _apply_infer, _apply_kernel, num_outputs=0, stateful=True, gpu=False,
    host_inputs=(0, 1, 3), reference=lambda *a, **k: (),
    samples=lambda: [Sample((np.int64(0), _i64([2, 0]), np.float32([[1, 2], [3, 4]]),
                             _i64([3, 2])), {"accumulator": _sample_state()}, grad=False)],
    bad_samples=lambda: [
        BadSample((np.int64(0), _i64([0]), np.float32([[1, 2, 3]]), _i64([3, 2])),
                  {"accumulator": _sample_state()}, Exception,
                  "Shape mismatch: expected values dim 1 to be 2, got 3"),
        BadSample((np.int64(0), _i64([5]), np.float32([[1, 2]]), _i64([3, 2])),
                  {"accumulator": _sample_state()}, Exception,
                  "Shape mismatch: index of slice 0 exceeded limits of shape; index is 5 "
                  "exceeded 3"),
        BadSample((np.int64(0), _i64([0, 1]), np.float32([[1, 2]]), _i64([3, 2])),
                  {"accumulator": _sample_state()}, Exception,
                  "Expected 2 non-empty input values, got 1")],
    tf=TFForm(load=_load(lambda: APPLY, ("has_known_shape", "dtype")), takes_handles=True),
))

TAKE = register(OpDef(
    _TAKE, _take_infer, _take_kernel, num_outputs=3, stateful=True, gpu=False,
    host_inputs=(0,),
    reference=lambda n, **a: (_i64([1]), np.float32([[1, 2]]), _i64([3, 2])),
    samples=lambda: [Sample((np.int32(1),), {"accumulator": _sample_state()}, grad=False)],
    bad_samples=lambda: [BadSample((np.int32(0),), {"accumulator": _sample_state()},
                                   Exception, "Argument num_required must be positive, but "
                                              "was 0")],
    tf=TFForm(load=_load(lambda: TAKE, ("dtype",)), takes_handles=True),
))


# ---------------------------------------------------------------------------------------
# tf.compat.v1's class.
# ---------------------------------------------------------------------------------------

class SparseConditionalAccumulator(A.ConditionalAccumulatorBase):
    """`tf.compat.v1.SparseConditionalAccumulator`: sparse gradients averaged (or summed)
    row by row once enough have come. TF 1 graphs only: its handle is a reference."""

    def __init__(self, dtype: Any, shape: Any = None, shared_name: str | None = None,
                 name: str = "sparse_conditional_accumulator",
                 reduction_type: str = "MEAN") -> None:
        if _state.graph is None:
            raise RuntimeError("sparse_conditional_accumulator op does not support eager "
                               "execution. Arg 'handle' is a ref.")
        attrs = {"dtype": dt.as_dtype(dtype), "shape": TensorShape(shape),
                 "shared_name": shared_name or "", "reduction_type": reduction_type}
        state = new_state(attrs)
        ref = bind(CREATOR, (), dict(attrs, state=state), name)
        self._accumulator_state = state
        super().__init__(dtype, shape, ref)

    def apply_indexed_slices_grad(self, grad: IndexedSlices, local_step: Any = 0,
                                  name: str | None = None) -> Any:
        """Adds the IndexedSlices `grad`, unless `local_step` is behind the global step."""
        return self.apply_grad(grad.indices, grad.values, grad.dense_shape, local_step, name)

    def apply_grad(self, grad_indices: Any, grad_values: Any, grad_shape: Any = None,
                   local_step: Any = 0, name: str | None = None) -> Any:
        """Adds the rows `grad_values` at `grad_indices`, unless `local_step` is behind
        the global step."""
        step = cast(convert_to_tensor(local_step), dt.int64)
        indices = cast(convert_to_tensor(grad_indices), dt.int64)
        values = convert_to_tensor(grad_values)
        known = grad_shape is not None
        shape = cast(convert_to_tensor(grad_shape if known else []), dt.int64)
        bind(APPLY, (step, indices, values, shape),
             {"accumulator": self._state(), "has_known_shape": known}, name)
        return A.operation()

    def take_grad(self, num_required: Any, name: str | None = None) -> tuple:
        """Waits for `num_required` gradients, then (indices, rows, dense shape) of their
        mean (or sum); empties the accumulator and advances its global step."""
        return bind(TAKE, (convert_to_tensor(num_required, dtype=dt.int32),),
                    {"accumulator": self._state(), "dtype": self._dtype}, name)

    def take_indexed_slices_grad(self, num_required: Any,
                                 name: str | None = None) -> IndexedSlices:
        """take_grad's result as IndexedSlices."""
        indices, values, shape = self.take_grad(num_required, name)
        return IndexedSlices(values, indices, shape)
