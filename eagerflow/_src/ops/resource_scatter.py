"""TF's sparse updates of a variable's rows: ResourceScatterAdd, Sub, Mul, Div, Min, Max
and Update, the ops `Variable.scatter_add`, ..., `scatter_update` (and tf.compat.v1's
scatter functions) emit, and tf.raw_ops runs.

Sits in ops/ over variables.py, below variable_scatter.py, which installs the Variable
methods over these. An op's first input is the variable: its handle (a raw call, a
registry sample; in a kernel the handle's array) or, in a graph, the variable itself,
which a function captures as TF's does ("ResourceScatterAdd/resource"). The kernel
follows TF's CPU kernel: the rows `indices` of the variable combined in turn with the
rows of `updates` (a scalar update applies to every row picked), repeated rows
accumulating (Update: the last one wins), and the variable's array replaced by the new
one. Its checks and their words are TF's; an update whose shape is not
indices.shape + params.shape[1:] is refused (TF's kernel checks its rank only). On a GPU,
the updates run as TF's GPU kernel: an index out of range is skipped, not refused, and a
division checks no divisor. Add, Sub, Min, Max and Update (and the ResourceScatterNd
five) scatter where the indices are, reading nothing back (Keras's optimizers add a
sparse gradient, an Embedding's, this way every step): a repeated row's Min and Max fold
as TF's atomics do, a NaN losing to a number, and which of its Updates lands is left
open, as on a GPU (the stand-in: NumPy's last). Mul and Div apply their rows in order
(device_scatter.py). An integer or bool variable's ResourceScatter update and every update
under op determinism run as TF runs them, on its CPU kernel (DoScatterOnCpu): in order,
and an index out of range is refused, the variable left unchanged.
"""

from __future__ import annotations

import math
from typing import Any, Callable

import numpy as np

from eagerflow._src.backend import to_host
from eagerflow._src.core import device as D
from eagerflow._src.core import dtypes as dt
from eagerflow._src.core.context import _state
from eagerflow._src.core.errors import InvalidArgumentError
from eagerflow._src.core.runtime_options import op_determinism_enabled
from eagerflow._src.core.shape import TensorShape
from eagerflow._src.core.tensor import Tensor, convert_to_tensor
from eagerflow._src.ops.checks import dt_enum, fail, not_supported, shape_str, wrong_input_dtype
from eagerflow._src.ops.device_scatter import update_rows
from eagerflow._src.ops.dispatch import bind, bind_at
from eagerflow._src.ops.nd_indexing import _check_policy as check_policy
from eagerflow._src.ops.nd_indexing import _nd_bounds as nd_bounds
from eagerflow._src.ops.nd_indexing import scatter_skipping
from eagerflow._src.ops.registry import (
    BadSample,
    OpDef,
    Resource,
    Sample,
    TFForm,
    ref_form,
    register,
)
from eagerflow._src.ops.variables import _unread, op_variable, variable_of

_INDICES = frozenset((dt.int32, dt.int64))
# TF's CPU kernels of the arithmetic updates (its OpDef lists the quantized types too)
_NUMBERS = frozenset((dt.float16, dt.bfloat16, dt.float32, dt.float64, dt.complex64,
                      dt.complex128, dt.int8, dt.int16, dt.int32, dt.int64, dt.uint8,
                      dt.uint16, dt.uint32, dt.uint64))
_REALS = _NUMBERS - {dt.complex64, dt.complex128}
# Bools added or subtracted as the integers 1 and 0, the result's nonzero cells true
# (NumPy's bool add is that already; its subtract refuses bools)
_BOOL_AS_INT = {"add": "logical_or", "subtract": "not_equal"}


def _int_div(xp: Any, a: Any, b: Any) -> Any:
    """C++'s integer division, truncating toward zero (NumPy's floors)."""
    q = xp.abs(a) // xp.abs(b)
    return xp.where((a < 0) != (b < 0), -q, q).astype(a.dtype)


def _div(xp: Any, a: Any, b: Any) -> Any:
    return _int_div(xp, a, b) if a.dtype.kind in "iu" else a / b


def _ufunc(name: str) -> Callable:
    """The combination by the array module's ufunc `name` (the variable's device's)."""
    return lambda xp, a, b: getattr(xp, name)(a, b)


# op -> (how a row combines with an update over an array module, the dtypes TF has
# kernels for)
_COMBINE: dict[str, tuple] = {
    "ResourceScatterAdd": (_ufunc("add"), _NUMBERS),
    "ResourceScatterSub": (_ufunc("subtract"), _NUMBERS),
    "ResourceScatterMul": (_ufunc("multiply"), _NUMBERS),
    "ResourceScatterDiv": (_div, _NUMBERS),
    "ResourceScatterMin": (_ufunc("minimum"), _REALS),
    "ResourceScatterMax": (_ufunc("maximum"), _REALS),
    "ResourceScatterUpdate": (lambda xp, a, b: b, None),
}


def _dims(shape: Any) -> str:
    return "[" + ",".join("?" if d is None else str(d) for d in shape) + "]"


def _check_shapes(op: str, params: Any, indices: Any, updates: Any) -> None:
    """TF's kernel's shape check (shapes as tuples, None where unknown)."""
    if params is None or indices is None or updates is None:
        return
    if updates == () and len(params) >= 1:
        return
    want = tuple(indices) + tuple(params[1:])
    if len(params) == 0 or len(updates) != len(want) or any(
            a is not None and b is not None and a != b for a, b in zip(updates, want)):
        raise fail(op, f"Must have updates.shape = indices.shape + params.shape[1:] or "
                       f"updates.shape = [], got updates.shape {_dims(updates)}, indices.shape "
                       f"{_dims(indices)}, params.shape {_dims(params)}")


def _variable_and_dtype(op: str, h: Any, indices: Any, updates: Any) -> tuple:
    """The variable `h` names (None: a handle known only when a graph runs) and the dtype the op
    updates, after TF's check of the indices' dtype."""
    var = op_variable(h, op)
    if indices._dtype not in _INDICES:
        raise not_supported(op, indices._dtype, _INDICES, "Tindices")
    return var, dt.as_dtype(var.dtype).base_dtype if var is not None else updates._dtype


def _infer(op: str) -> Callable:
    kinds = _COMBINE[op][1]

    def infer(h: Any, indices: Any, updates: Any, **_attrs: Any) -> list:
        var, dtype = _variable_and_dtype(op, h, indices, updates)
        if kinds is not None and dtype not in kinds:
            if dtype.is_complex:  # (TF's op takes them; it has no CPU kernel for them)
                raise fail(op, f"No OpKernel was registered to support Op '{op}' used by "
                               f"{{{{node {op}}}}} with these attrs: [Tindices="
                               f"{dt_enum(indices._dtype)}, dtype={dt_enum(dtype)}]")
            raise not_supported(op, dtype, kinds, "dtype")
        if var is not None and updates._dtype is not dtype:
            raise fail(op, "DType of scatter resource and updates does not match.")
        _check_shapes(op, None if var is None else var.shape._dims, indices._shape,
                      updates._shape)
        return []
    return infer


def _where_it_lives(op: str, h: Any, indices: Any, updates: Any) -> tuple:
    """(variable, its device, indices on the host, on its device (None where they are not
    there), updates on its device): TF's kernel runs where the variable lives, so its
    array never leaves it; the indices, read for their checks and order, come to the
    host, and a GPU scatters with them where they are already on it (as_is_inputs)."""
    var = op_variable(h, op)
    place = D.lookup(var._device)
    there = indices if place.xp is not np and place.backend.holds(indices, place.physical) \
        else None
    return var, place, to_host(indices), there, D.to_device(updates, place)


def _table(arr: Any, k: int) -> Any:
    """A copy of `arr` as a table: a row per index of its first `k` dimensions."""
    new = arr.copy()
    return new, new.reshape(int(np.prod(arr.shape[:k], dtype=np.int64)),
                            int(np.prod(arr.shape[k:], dtype=np.int64)))


# The updates TF's GPU kernels make where the indices are, unchecked (an index out of
# range skipped: scatter_functor_gpu.cu.h, scatter_nd_op_gpu.cu.cc) and order-free or
# racy, so nothing is read back: op -> nd_indexing.scatter_skipping's mode, and whether
# the rows are negated first. Add and Sub are atomic adds; Min and Max atomic folds by
# CUDA's fmaxf/fminf (a NaN loses to a number); Update a plain store (TF's leaves open
# which of a repeated row's updates lands; eagerflow's lands the last, as the CPU:
# nd_indexing.last_updates). Mul and Div stay ordered (device_scatter.py):
# TF's atomic products and quotients are order-dependent in their rounding.
_UNCHECKED = {"ResourceScatterAdd": ("add", False), "ResourceScatterSub": ("add", True),
              "ResourceScatterUpdate": ("update", False),
              "ResourceScatterMin": ("fmin", False), "ResourceScatterMax": ("fmax", False),
              "ResourceScatterNdAdd": ("add", False), "ResourceScatterNdSub": ("add", True),
              "ResourceScatterNdUpdate": ("update", False),
              "ResourceScatterNdMin": ("fmin", False), "ResourceScatterNdMax": ("fmax", False)}


def _checked_on_device(arr: Any, k: int) -> bool:
    """Whether TF 2.21 runs a scatter into a device variable's `arr`, at index vectors of
    `k` coordinates (0: whole rows), on its CPU kernel (DoScatterOnCpu, DoScatterNdOnCpu),
    in order and checking the indices: for an integer or bool ResourceScatter update, and
    for every update under op determinism. Those take the ordered path, which refuses an
    index out of range there, the variable unchanged."""
    return op_determinism_enabled() or (k == 0 and arr.dtype.kind in "iub")


def _unchecked_on_device(op: str, xp: Any, arr: Any, k: int) -> bool:
    """Whether op `op` on the array `arr` (of array module `xp`) of a variable, at index
    vectors of `k` coordinates (0: whole rows, the ResourceScatter ops), runs as TF's
    unchecked GPU kernel: on a device, over at least one dimension, where TF does not run
    it on its CPU kernel (_checked_on_device)."""
    return op in _UNCHECKED and xp is not np and arr.ndim > 0 and arr.dtype != bool and \
        not _checked_on_device(arr, k)


def _skipping(op: str, place: Any, arr: Any, ids: Any, rows: Any) -> Any:
    """`arr` with `rows` scattered at the index vectors `ids` (n, k) by TF's GPU kernel of
    `op`, an index vector out of range skipped: nothing read back."""
    mode, negated = _UNCHECKED[op]
    ids = D.to_device(ids, place)  # (a host's copied there, not read)
    rows = D.to_device(rows, place)
    if negated:
        rows = place.xp.negative(rows)
    return scatter_skipping(place.xp, arr, arr.shape, arr.dtype, ids, rows, mode)


def _rows_skipping(op: str, h: Any, indices: Any, updates: Any) -> bool:
    """A ResourceScatter update of a variable living on a device as TF's GPU kernel runs
    it, where it makes no check (_unchecked_on_device); False where it does not apply."""
    var = op_variable(h, op)
    place = D.lookup(var._device)
    arr = var._arr
    if not _unchecked_on_device(op, place.xp, arr, 0):
        return False
    _check_shapes(op, arr.shape, tuple(indices.shape), tuple(updates.shape))
    ids = indices.reshape(-1)
    upd = D.to_device(updates, place)
    tail = arr.shape[1:]
    rows = place.xp.broadcast_to(upd, ids.shape + tail) if upd.ndim == 0 else \
        upd.reshape(ids.shape + tail)
    var._arr = _skipping(op, place, arr, ids[:, None], rows)
    return True


def _kernel(op: str) -> Callable:
    combine = _COMBINE[op][0]

    def kernel(xp: Any, h: Any, indices: Any, updates: Any, **_attrs: Any) -> tuple:
        if _rows_skipping(op, h, indices, updates):
            return ()
        var, place, ids, there, upd = _where_it_lives(op, h, indices, updates)
        xp, arr = place.xp, var._arr
        _check_shapes(op, arr.shape, ids.shape, upd.shape)
        flat = ids.reshape(-1)
        rows = xp.broadcast_to(upd, flat.shape + arr.shape[1:]) if upd.ndim == 0 else \
            upd.reshape(flat.shape + arr.shape[1:])
        new, table = _table(arr, 1) if arr.ndim else (arr.copy(), None)
        bad = flat < 0
        bad |= flat >= arr.shape[0]
        k = int(np.argmax(bad)) if bad.any() else len(flat)  # (the first bad index)
        if xp is not np and table is not None:  # a GPU's kernel: batched (device_scatter.py)
            # (TF's GPU kernel skips an index out of range and checks no divisor; where TF
            # runs the update on its CPU kernel, the index is refused, nothing updated)
            if k < len(flat):
                if _checked_on_device(arr, 0):
                    raise _out_of_range(op, flat, k, arr.shape[0])
                keep = np.flatnonzero(~bad)
                flat, there = flat[keep], None
                rows = rows[D.to_device(keep, place)]
            with np.errstate(all="ignore"):
                update_rows(xp, place, table, None if there is None else there.reshape(-1),
                            flat, rows.reshape(flat.size, table.shape[1]), _HOW[op], combine)
            var._arr = new
            return ()
        if op == "ResourceScatterDiv" and not bool(rows.all()):
            raise fail(op, "updates must not contain 0")
        with np.errstate(all="ignore"):
            for j, i in enumerate(flat[:k].tolist()):  # in turn: repeated rows accumulate
                new[i] = combine(xp, new[i], rows[j])
        var._arr = new
        if k < len(flat):  # (TF's kernel stops there, the rows before it updated)
            raise _out_of_range(op, flat, k, arr.shape[0])
        return ()
    return kernel


def _out_of_range(op: str, flat: np.ndarray, k: int, rows: int) -> Exception:
    """TF's error for the index flat[k], outside a variable of `rows` rows."""
    return fail(op, f"indices[{k}] = {int(flat[k])} is not in [0, {rows})")


def _reference(op: str) -> Callable:
    """A plain loop over the elements, in the order of the updates."""
    def ref(v: np.ndarray, indices: np.ndarray, updates: np.ndarray, **_a: Any) -> tuple:
        out = v.copy()
        flat = indices.reshape(-1)
        rest = v.shape[1:]
        full = updates.reshape(flat.shape + rest) if updates.ndim else \
            np.broadcast_to(updates, flat.shape + rest)
        for k, i in enumerate(flat):
            for pos in np.ndindex(*rest):
                a, b = out[(i,) + pos], full[(k,) + pos]
                if op == "ResourceScatterAdd":
                    out[(i,) + pos] = a + b
                elif op == "ResourceScatterSub":
                    out[(i,) + pos] = a - b
                elif op == "ResourceScatterMul":
                    out[(i,) + pos] = a * b
                elif op == "ResourceScatterDiv":
                    out[(i,) + pos] = int(a / b) if out.dtype.kind in "iu" else a / b
                elif op == "ResourceScatterMin":
                    out[(i,) + pos] = min(a, b)
                elif op == "ResourceScatterMax":
                    out[(i,) + pos] = max(a, b)
                else:
                    out[(i,) + pos] = b
        return (out,)
    return ref


def _samples(op: str) -> Callable:
    def build() -> list:
        v = np.linspace(-2.0, 3.5, 12).reshape(4, 3)
        rows = np.linspace(0.5, 2.0, 9).reshape(3, 3)
        out = [Sample((Resource(v), np.array([2, 0, 2], np.int32), rows), {}),
               Sample((Resource(v.astype(np.float32)), np.array([[3], [1]], np.int64),
                       rows[:2].reshape(2, 1, 3).astype(np.float32)), {}),
               Sample((Resource(np.array([6, -7, 9, 4], np.int32)), np.array([1, 1, 3], np.int32),
                       np.array([2, -3, 5], np.int32)), {}),
               Sample((Resource(v), np.array([1, 3], np.int32), np.array(1.5)), {})]
        if op == "ResourceScatterUpdate":
            out.append(Sample((Resource(np.array([True, False, True])),
                               np.array([0, 1, 0], np.int32), np.array([False, True, True])), {}))
        return out
    return build


def _bad_samples(op: str) -> Callable:
    def build() -> list:
        IAE = InvalidArgumentError  # noqa: N806
        v = Resource(np.ones((4, 3)))
        rows = np.ones((2, 3))
        out = [
            # (the bad index first: TF's CPU kernel updates the rows before it; its GPU
            # kernel skips such an index)
            BadSample((v, np.array([5, 0], np.int32), rows), {}, IAE,
                      "indices[0] = 5 is not in [0, 4)", cpu_only=True),
            BadSample((v, np.array([-1, 0], np.int64), rows), {}, IAE,
                      "indices[0] = -1 is not in [0, 4)", cpu_only=True),
            BadSample((v, np.array([0, 1], np.int32), np.ones(6)), {}, IAE,
                      "Must have updates.shape = indices.shape + params.shape[1:] or "
                      "updates.shape = [], got updates.shape [6], indices.shape [2], "
                      "params.shape [4,3]"),
            BadSample((Resource(np.array(3.0)), np.array([0], np.int32), np.ones(1)), {},
                      IAE,
                      "got updates.shape [1], indices.shape [1], params.shape []"),
            BadSample((v, np.array([0, 1], np.int32), rows.astype(np.float32)), {}, IAE,
                      "DType of scatter resource and updates does not match."),
            BadSample((v, np.array([0, 1], np.int16), rows), {}, IAE,
                      "Value for attr 'Tindices' of int16 is not in the list of allowed "
                      "values: int32, int64"),
            BadSample((np.ones(2, np.float32), np.array([0], np.int32), np.ones(1, np.float32)),
                      {}, IAE, f"cannot compute {op} as input #0(zero-based) was expected to "
                                f"be a resource tensor but is a float tensor")]
        if op == "ResourceScatterDiv":
            out.append(BadSample((Resource(np.array([1.0, 2.0])), np.array([0], np.int32),
                                  np.zeros(1)), {}, IAE, "updates must not contain 0",
                                 cpu_only=True))  # (TF checks on the CPU only)
        if op != "ResourceScatterUpdate":
            out.append(BadSample((Resource(np.array([True])), np.array([0], np.int32),
                                  np.array([True])), {}, IAE,
                                 "Value for attr 'dtype' of bool is not in the list of allowed "
                                 "values: float, double, int32, uint8"))
        return out
    return build


def _load(op: str) -> Callable:
    def load(node: Any) -> list:
        h, indices, updates = node.inputs
        policy = node.attrs.get("bad_indices_policy", "")
        scatter(op, h, indices, updates, bad_indices_policy=policy)
        return []
    return load


def _export(node: Any, w: Any) -> list:
    w.node(node.op.name, [w.resource(node.inputs[0]), w.input(1), w.input(2)],
           dict(node.attrs), name=node.name)
    return []


OPS = {name: register(OpDef(
    name, _infer(name), _kernel(name), num_outputs=0, stateful=True, no_fold=True,
    as_is_inputs=(1,), reference=_reference(name), samples=_samples(name),
    bad_samples=_bad_samples(name),
    tf=TFForm(load=_load(name), export=_export, takes_handles=True),
)) for name in _COMBINE}


# -- ResourceScatterNd{Add,Sub,Update,Max,Min}: slices at index vectors ------------------

# op -> how a slice combines with an update (the array module's ufunc; None: replaced),
# the dtypes TF has kernels for
_ND_COMBINE: dict[str, tuple] = {
    "ResourceScatterNdAdd": ("add", _NUMBERS | {dt.bool}),
    "ResourceScatterNdSub": ("subtract", _NUMBERS | {dt.bool}),
    "ResourceScatterNdUpdate": (None, None),
    "ResourceScatterNdMax": ("maximum", _REALS),
    "ResourceScatterNdMin": ("minimum", _REALS),
}


# How each op's device kernel applies its rows (device_scatter.py), by the ufunc's name
_HOW = {"ResourceScatterAdd": "add", "ResourceScatterSub": "subtract",
        "ResourceScatterMul": "multiply", "ResourceScatterDiv": "divide",
        "ResourceScatterMin": "minimum", "ResourceScatterMax": "maximum",
        "ResourceScatterUpdate": "update", "ResourceScatterNdAdd": "add",
        "ResourceScatterNdSub": "subtract", "ResourceScatterNdUpdate": "update",
        "ResourceScatterNdMax": "maximum", "ResourceScatterNdMin": "minimum"}
_ND_ROUND = {op: (lambda xp, a, b: b) if name is None else _ufunc(name)
             for op, (name, _kinds) in _ND_COMBINE.items()}


def _listed(s: TensorShape) -> str:
    return "[" + ",".join(str(d) for d in s.as_list()) + "]"


def nd_shapes(op: str, params: TensorShape, indices: TensorShape,
               updates: TensorShape) -> None:
    """TF's ResourceScatterNd shape checks, in its kernel's order: a 1-D variable at least,
    the leading (batch) dimensions of indices and updates, then the updates' slices against
    the variable's trailing dimensions. (Where updates lack a batch dimension, TF's message
    shows whatever lies past their shape; here that number is left out.)"""
    if params.rank == 0:
        raise InvalidArgumentError(None, None, f"Output must be at least 1-D, got shape: [] "
                                               f"[Op:{op}]")
    ps, ix, us = params.as_list(), indices.as_list(), updates.as_list()
    slice_dim = ix[-1] if len(ix) > 1 else 1
    batch = len(ix) - 1 if len(ix) > 1 else 1
    for d in range(batch):
        i, u = ix[d] if d < len(ix) else None, us[d] if d < len(us) else None
        if i is None or u is None or i != u:
            raise InvalidArgumentError(
                None, None, f"Dimensions [0,{batch}) of indices[shape={_listed(indices)}]"
                f"{'' if i is None else f' = {i}'} must match dimensions [0,{batch}) of "
                f"updates[shape={_listed(updates)}]{'' if u is None else f' = {u}'} [Op:{op}]")
    if len(ps) < slice_dim + len(us) - batch or len(us) != batch + len(ps) - slice_dim or \
            us[batch:] != ps[slice_dim:]:
        raise InvalidArgumentError(
            None, None, f"Dimensions [{slice_dim},{len(ps)}) of input[shape={_listed(params)}] "
            f"must match dimensions [{slice_dim},{len(us)}) of updates[shape={_listed(updates)}]"
            f" [Op:{op}]")


def _nd_infer(op: str) -> Callable:
    kinds = _ND_COMBINE[op][1]

    def infer(h: Any, indices: Any, updates: Any, bad_indices_policy: str = "",
              **_attrs: Any) -> list:
        var, dtype = _variable_and_dtype(op, h, indices, updates)
        if kinds is not None and dtype not in kinds:
            raise fail(op, f"No OpKernel was registered to support Op '{op}' used by "
                           f"{{{{node {op}}}}} with these attrs: [T={dt_enum(dtype)}, "
                           f'bad_indices_policy="{bad_indices_policy}", use_locking=true, '
                           f"Tindices={dt_enum(indices._dtype)}]")
        if var is not None and updates._dtype is not dtype:
            # (TF 2.21's kernel aborts the process here; its signature's error instead)
            raise wrong_input_dtype(op, 2, dtype, updates._dtype)
        check_policy(op, bad_indices_policy, None, indices)  # (its kernel's constructor's)
        shapes = (None if var is None else var.shape._dims, indices._shape, updates._shape)
        if all(s is not None and None not in s for s in shapes):
            _nd_empty_output(op, shapes[0], shapes[1])
            nd_shapes(op, *(TensorShape(s) for s in shapes))
        return []
    return infer


def _nd_empty_output(op: str, var_shape: tuple, ids_shape: tuple) -> None:
    """TF's first check of a ResourceScatterNd update (CPU's and GPU's alike, before the
    shapes are matched): indices into an empty variable."""
    if not math.prod(var_shape) and math.prod(ids_shape):
        raise fail(op, f"Indices and updates specified for empty output.  indices shape: "
                       f"{shape_str(ids_shape)}")


def _nd_vectors(ids: np.ndarray, upd: np.ndarray, shape: tuple) -> tuple:
    """(index vectors, the update slices) TF's kernel applies: a vector of indices is one
    index of depth 1, its first (TF 2.21 counts the vectors by indices.shape[:-1])."""
    if ids.ndim > 1:
        k = ids.shape[-1]
        flat = ids.reshape(math.prod(ids.shape[:-1]), k)  # (k may be 0: whole slices)
        return flat, upd.reshape((len(flat),) + shape[k:])
    return ids.reshape(-1, 1)[:1], upd.reshape((-1,) + shape[1:])[:1]


def _nd_kernel(op: str) -> Callable:
    combine = _ND_COMBINE[op][0]

    def kernel(xp: Any, h: Any, indices: Any, updates: Any, bad_indices_policy: str = "",
               **_attrs: Any) -> tuple:
        # (`bad_indices_policy`: "IGNORE" skips an index vector out of range everywhere;
        # "ERROR" refuses it on a device too, where TF's GPU kernel otherwise skips it)
        policy = bad_indices_policy
        shape = op_variable(h, op)._arr.shape
        _nd_empty_output(op, shape, tuple(indices.shape))
        if not math.prod(shape):  # (TF's kernel has nothing to update: no index is read)
            nd_shapes(op, TensorShape(shape), TensorShape(tuple(indices.shape)),
                      TensorShape(tuple(updates.shape)))
            return ()
        if policy != "ERROR" and _nd_skipping(op, h, indices, updates):
            return ()
        var, place, ids, there, upd = _where_it_lives(op, h, indices, updates)
        xp, arr = place.xp, var._arr
        nd_shapes(op, TensorShape(arr.shape), TensorShape(ids.shape), TensorShape(upd.shape))
        if ids.ndim > 1 and not ids.shape[-1] and math.prod(ids.shape[:-1]):
            # (index vectors of no coordinates would each write the whole variable)
            raise fail(op, f"Indices and updates specified for empty output.  indices "
                          f"shape: {shape_str(ids.shape)}")
        flat, rows = _nd_vectors(ids, upd, arr.shape)
        bad = ((flat < 0) | (flat >= np.array(arr.shape[:flat.shape[1]]))).any(axis=1)
        refused = bad.any() and policy != "IGNORE"
        if place.xp is not np and refused and (
                policy == "ERROR" or _checked_on_device(arr, flat.shape[1])):
            # (TF runs it on its CPU kernel then, which refuses: nothing copied back)
            nd_bounds(op, flat if ids.ndim < 2 else ids, arr.shape)
        new = arr.copy()
        ufunc = None if combine is None else getattr(xp, combine)
        if arr.dtype == bool and combine in _BOOL_AS_INT:  # (TF's bools add as ints do)
            ufunc = getattr(xp, _BOOL_AS_INT[combine])
        with np.errstate(all="ignore"):
            if xp is np or arr.dtype == bool:  # (the device's batched add has no bools)
                for j in np.flatnonzero(~bad).tolist():  # in turn, as TF's loop
                    at = tuple(flat[j].tolist())
                    new[at] = rows[j] if ufunc is None else ufunc(new[at], rows[j])
            else:  # a GPU's kernel: batched (device_scatter.py)
                new = _nd_on_device(op, place, arr, flat, bad, there, rows)
        var._arr = new
        # (TF's CPU kernel updates the other slices, then refuses; its GPU kernel skips)
        if place.xp is np and refused:
            nd_bounds(op, flat if ids.ndim < 2 else ids, arr.shape)
        return ()
    return kernel


def _nd_skipping(op: str, h: Any, indices: Any, updates: Any) -> bool:
    """A ResourceScatterNd update of a variable living on a device as TF's GPU kernel runs
    it, where it makes no check (_unchecked_on_device), for index vectors of one
    coordinate or more; False where it does not apply."""
    var = op_variable(h, op)
    place = D.lookup(var._device)
    arr = var._arr
    k = indices.shape[-1] if indices.ndim > 1 else 0
    if not k or not _unchecked_on_device(op, place.xp, arr, k):
        return False
    nd_shapes(op, TensorShape(arr.shape), TensorShape(tuple(indices.shape)),
              TensorShape(tuple(updates.shape)))
    var._arr = _skipping(op, place, arr, indices.reshape(-1, k),
                         updates.reshape((-1,) + arr.shape[k:]))
    return True


def _nd_on_device(op: str, place: Any, arr: Any, flat: np.ndarray, bad: np.ndarray,
                  there: Any, rows: Any) -> Any:
    """`arr` with the slices at the index vectors `flat` (host; `there`: the indices on the
    device, or None) but the `bad` ones updated by `rows`, batched on a GPU."""
    xp, k = place.xp, flat.shape[1]
    new, table = _table(arr, k)
    at_host = np.ravel_multi_index(tuple(flat[~bad].T), arr.shape[:k]) if k else \
        np.zeros(int((~bad).sum()), np.int64)
    at = None
    if there is not None and not bad.any() and k:
        # (the row numbers made on the device from its copy of the indices)
        vectors = _nd_vectors(there, rows, arr.shape)[0].astype(xp.int64)
        at = vectors[:, k - 1]
        for d in range(k - 2, -1, -1):
            at = at + vectors[:, d] * int(np.prod(arr.shape[d + 1:k], dtype=np.int64))
    good = rows if not bad.any() else rows[D.to_device(np.flatnonzero(~bad), place)]
    update_rows(xp, place, table, at, at_host, good.reshape(len(at_host), table.shape[1]),
                 _HOW[op], _ND_ROUND[op])
    return new


def _nd_reference(op: str) -> Callable:
    def ref(v: np.ndarray, indices: np.ndarray, updates: np.ndarray, **_a: Any) -> tuple:
        out = v.copy()
        # (a vector of indices: its first only, as TF 2.21's kernel)
        n = int(np.prod(indices.shape[:-1])) if indices.ndim > 1 else min(indices.size, 1)
        k = indices.shape[-1] if indices.ndim > 1 else 1
        for j in range(n):
            vec = indices.reshape(-1, k)[j]
            row = updates.reshape((-1,) + v.shape[k:])[j]
            for pos in np.ndindex(*v.shape[k:]):
                at = tuple(int(x) for x in vec) + pos
                a, b = out[at], row[pos]
                out[at] = {"ResourceScatterNdAdd": lambda: a + b,
                           "ResourceScatterNdSub": lambda: a - b,
                           "ResourceScatterNdUpdate": lambda: b,
                           "ResourceScatterNdMax": lambda: max(a, b),
                           "ResourceScatterNdMin": lambda: min(a, b)}[op]()
        return (out,)
    return ref


def _nd_samples() -> list:
    v = np.linspace(-2.0, 3.5, 12).reshape(4, 3)
    return [Sample((Resource(v), np.array([[2, 1], [0, 0], [2, 1]], np.int32),
                    np.array([0.5, -1.5, 2.0])), {}),
            Sample((Resource(v.astype(np.float32)), np.array([[3], [1]], np.int64),
                    np.linspace(0.0, 1.0, 6).reshape(2, 3).astype(np.float32)), {}),
            Sample((Resource(np.array([6, -7, 9], np.int32)), np.array([1, 1, 0], np.int32),
                    np.array([2, -3, 5], np.int32)), {}),
            Sample((Resource(v), np.zeros((0, 2), np.int32), np.zeros(0)), {})]


def _nd_bad_samples(op: str) -> Callable:
    def build() -> list:
        IAE = InvalidArgumentError  # noqa: N806
        v = Resource(np.zeros((4, 3)))
        return [
            BadSample((v, np.array([[5, 0]], np.int32), np.ones(1)), {}, IAE,
                      "indices[0] = [5, 0] does not index into shape [4,3]",
                      cpu_only=True),  # (TF's GPU kernel skips the vector)
            BadSample((v, np.array([[0, 1], [1, 1]], np.int32), np.ones(1)), {}, IAE,
                      "Dimensions [0,1) of indices[shape=[2,2]] = 2 must match dimensions "
                      "[0,1) of updates[shape=[1]] = 1"),
            BadSample((v, np.array([[0], [1]], np.int32), np.ones((2, 2))), {}, IAE,
                      "Dimensions [1,2) of input[shape=[4,3]] must match dimensions [1,2) of "
                      "updates[shape=[2,2]]"),
            BadSample((Resource(np.array(1.0)), np.array([[0]], np.int32), np.ones(1)), {},
                      IAE, "Output must be at least 1-D, got shape: []"),
            BadSample((v, np.array([[0, 0]], np.int32), np.ones(1)),
                      {"bad_indices_policy": "bad"}, IAE,
                      "Unknown bad indices handling attribute: bad"),
            BadSample((v, np.array([[0]], np.int16), np.ones((1, 3))), {}, IAE,
                      "Value for attr 'Tindices' of int16 is not in the list of allowed "
                      "values: int32, int64"),
            BadSample((np.ones(2, np.float32), np.array([[0]], np.int32),
                       np.ones(1, np.float32)), {}, IAE,
                      f"cannot compute {op} as input #0(zero-based) was expected to be a "
                      f"resource tensor but is a float tensor")]
    return build


ND_OPS = {name: register(OpDef(
    name, _nd_infer(name), _nd_kernel(name), num_outputs=0, stateful=True, no_fold=True,
    as_is_inputs=(1,), reference=_nd_reference(name), samples=_nd_samples,
    bad_samples=_nd_bad_samples(name),
    tf=TFForm(load=_load(name), export=_export, takes_handles=True),
)) for name in _ND_COMBINE}


# TF 1's form of each on reference variables (ScatterUpdate, ScatterNdAdd, ...)
REF_OPS = {name: ref_form(op, name[len("Resource"):]) for name, op in {**OPS, **ND_OPS}.items()}


def scatter(op: str, target: Any, indices: Any, updates: Any, name: str | None = None,
            bad_indices_policy: str = "") -> Any:
    """Runs ResourceScatter or ResourceScatterNd op `op` on `target` (a variable, or a
    resource tensor naming one): eagerly on its handle, in a graph as a node taking the
    variable (its handle's capture named as TF's); returns the node in a graph, else
    None. `bad_indices_policy`: a ResourceScatterNd op's (a raw call's), as TF has it."""
    var = target if not isinstance(target, Tensor) else variable_of(target)
    indices = convert_to_tensor(indices)
    dtype = dt.as_dtype(var.dtype).base_dtype if var is not None else None
    updates = convert_to_tensor(updates, dtype=dtype) if not isinstance(updates, Tensor) \
        else updates
    nd = op in ND_OPS
    attrs = {"T": dtype or updates._dtype, "Tindices": indices._dtype, "use_locking": True} \
        if nd else {"dtype": dtype or updates._dtype, "Tindices": indices._dtype}
    if bad_indices_policy:
        attrs["bad_indices_policy"] = bad_indices_policy
    opdef = ND_OPS[op] if nd else OPS[op]
    if getattr(var, "_ref_nodes", False):  # (a TF 1 reference variable's own graph)
        opdef = REF_OPS[op]
    graph = _state.graph
    if graph is None or var is None:
        if var is None:  # (a handle of no variable: the kernel says so)
            return bind(opdef, (target, indices, updates), attrs, name)
        handle = target if isinstance(target, Tensor) else var.handle
        return bind_at(var._device, opdef, (handle, indices, updates), attrs, name)
    ins = (var, indices, updates) if opdef.ref_output else \
        (var, graph.capture(indices), graph.capture(updates))  # (TF 1's op names its
    # constants after it, "ScatterAdd/indices"; the resource op's are "Const")
    graph.variable_map.setdefault(id(var), var)
    graph.add_op(opdef, ins, attrs, name)
    node = graph.operations[-1]
    if getattr(graph, "building_function", False):
        graph._capture_resource(var, node, "ref" if nd else "resource")
    return node


def scatter_rows(var: Any, indices: Any, updates: Any, op: str,
                 name: str | None = None) -> Any:
    """`var` updated by TF's op `op`: what Variable.scatter_* return (the variable, read
    when used; a TF 1 graph's, read after the op)."""
    node = scatter(op, var, indices, updates, name)
    written = getattr(var, "_written_by", None)
    return written(node) if written is not None and node is not None else _unread(var)

