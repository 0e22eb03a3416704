"""Feature crosses: tf.sparse.cross / cross_hashed and tf.ragged.cross / cross_hashed.

Ops layer, after sparse_functions. Four TF ops, each a primitive here: SparseCrossV2
(strings joined by a separator), SparseCrossHashed (TF's SparseCross with hashed output
and a hash key, or TF's SparseCrossHashed: farmhash or, salted, SipHash-2-4 fingerprints)
and RaggedCross (strings or hashes, ragged, sparse and dense inputs in the caller's order).
A cross of one row is every combination of one feature from each input, the last input
varying fastest; hashed crosses chain the features' fingerprints with TF's
FingerprintCat64.
"""

from __future__ import annotations

import itertools
import struct
from typing import Any, Callable

import numpy as np
import siphashc

from eagerflow._src.core import dtypes as dt
from eagerflow._src.core.context import _state
from eagerflow._src.core.lazy import lazy_module
from eagerflow._src.core.sparse_tensor import SparseTensor
from eagerflow._src.core.tensor import Tensor, check_finite_size, convert_to_tensor
from eagerflow._src.ops import attr_values as AV
from eagerflow._src.ops import checks as C
from eagerflow._src.ops import tf_op_defs
from eagerflow._src.ops.composite_dispatch import dispatch_binding
from eagerflow._src.ops.dispatch import bind
from eagerflow._src.ops.eager_errors import counted_as, raised_eagerly
from eagerflow._src.ops.hash_ops import fingerprint64
from eagerflow._src.ops.math_base import cast
from eagerflow._src.ops.ragged import RaggedTensor
from eagerflow._src.ops.registry import BadSample, OpDef, Sample, TFForm, register

_I64 = dt.int64
# (its name scope helper, api_scope: loaded by the first ragged cross)
sparse_count_ops = lazy_module("eagerflow._src.ops.sparse_count_ops")

_WIDTH = {"sparse": 3, "ragged": 2, "dense": 1}  # tensors per input of each kind

# ---------------------------------------------------------------------------------------
# Crosses: SparseCrossV2 and SparseCrossHashed.
# ---------------------------------------------------------------------------------------

_MASK = (1 << 64) - 1
_DEFAULT_KEY = 0xDECAFCAFFE  # TF's hash_key when none is given
_MUL = 0xC6A4A7935BD1E995


def _shift_mix(v: int) -> int:
    return v ^ (v >> 47)


def fingerprint_cat64(fp1: int, fp2: int) -> int:
    """TF's FingerprintCat64: two 64-bit fingerprints combined (order matters)."""
    r = fp1 ^ _MUL
    r ^= (_shift_mix((fp2 * _MUL) & _MASK) * _MUL) & _MASK
    r = (r * _MUL) & _MASK
    r = (_shift_mix(r) * _MUL) & _MASK
    return _shift_mix(r)


def _sparse_rows(rows: list, batch: int, ragged: bool) -> list:
    """Each batch row's (start, stop) among a sparse input's entries, as TF's kernels read
    indices they take to be ordered by row (unordered ones, or rows outside the batch,
    are read so, unchecked). SparseCross: a cursor takes, row after row, the entries at it
    of that row (an entry out of order stops the row and is never read); RaggedCross: row
    b > 0 starts where a cursor moved past the entries of rows before b stops (row 0 at
    the first entry; the end, past those before the batch's end)."""
    out, at, n = [], 0, len(rows)
    if ragged:
        splits = [0]  # (row 0 starts at the first entry, whatever its row)
        for b in range(1, batch + 1):
            while at < n and rows[at] < b:
                at += 1
            splits.append(at)
        return list(zip(splits[:-1], splits[1:]))
    for b in range(batch):
        start = at
        while at < n and rows[at] == b:
            at += 1
        out.append((start, at))
    return out


def _column_rows(layout: tuple, arrays: tuple, batch: int, ragged: bool = False) -> list:
    """Per column, per row, the row's features (sparse columns by their indices' rows, read
    as TF's SparseCross, or `ragged`, RaggedCross, reads them; ragged ones, values then row
    splits, by their splits)."""
    cols, k = [], 0
    for kind in layout:
        if kind == "ragged":
            vals, splits = arrays[k].tolist(), arrays[k + 1].tolist()
            k += 2
            rows = [vals[a:b] for a, b in zip(splits[:-1], splits[1:])]
        elif kind == "sparse":
            idx, vals, _ = arrays[k:k + 3]
            k += 3
            ids = idx[:, 0].tolist() if idx.size else []
            vals = vals.tolist()
            rows = [vals[a:b] for a, b in _sparse_rows(ids, batch, ragged)]
        else:
            dense = arrays[k]
            k += 1
            rows = dense.reshape(dense.shape[0], -1).tolist() if dense.ndim else [[]]
        cols.append(rows)
    return cols


def _batch_size(op: str, sparse: list, dense: list) -> None:
    """TF's batch size: the first sparse input's rows (its dense shape's first value), else
    the first dense input's; each input of another size is named by its place among the
    sparse inputs ("at position i") or the dense ones ("at dense tensor i")."""
    def rows(shape: Any) -> Any:
        a = getattr(shape, "_arr", None)
        return None if a is None or a.shape != (2,) else int(a[0])
    sizes = [(rows(p[2]), f"at position {i}") for i, p in enumerate(sparse)] + \
        [(None if d._shape is None else d._shape[0], f"at dense tensor {i}")
         for i, d in enumerate(dense)]
    if not sizes or sizes[0][0] is None:
        return
    batch = sizes[0][0]
    for n, where in sizes:
        if n is not None and n != batch:
            raise C.fail(op, f"Expected batch size {batch} got {n} {where}")


def _check_shapes(op: str, sparse: list, dense: list) -> None:
    """TF's ValidateInput, in its order: every sparse input's indices, then their values,
    then their dense shapes, then the dense inputs (each named by its place among its kind)."""
    def known(t: Any) -> Any:
        return t._shape if t._shape is not None and None not in t._shape else None
    for i, (idx, _, _) in enumerate(sparse):
        shape = known(idx)
        if shape is not None and len(shape) != 2:
            raise C.fail(op, f"Input indices should be a matrix but received shape "
                             f"{C.shape_str(shape)} at position {i}")
        if shape is not None and shape[1] != 2:
            raise C.fail(op, f"Expected D2 of index to be 2 got {shape[1]} at position {i}")
    for i, (idx, vals, _) in enumerate(sparse):
        shape = known(vals)
        if shape is not None and len(shape) != 1:
            raise C.fail(op, f"Input values should be a vector but received shape "
                             f"{C.shape_str(shape)} at position {i}")
        if shape is not None and known(idx) is not None and idx._shape[0] != shape[0]:
            raise C.fail(op, f"Expected size of values to be {idx._shape[0]} got {shape[0]} "
                             f"at position {i}")
    for i, (_, _, dshape) in enumerate(sparse):
        shape = known(dshape)
        if shape is not None and len(shape) != 1:
            raise C.fail(op, f"Input shapes should be a vector but received shape "
                             f"{C.shape_str(shape)} at position {i}")
        if shape is not None and shape[0] != 2:
            raise C.fail(op, f"shape should imply a 2D tensor, but got {C.shape_str(shape)} "
                             f"at position {i}")
    for i, d in enumerate(dense):
        if d._shape is not None and len(d._shape) != 2:
            raise C.fail(op, f"Dense inputs should be a matrix but received shape "
                             f"{C.shape_str(d._shape)} at position {i}")


def _cross_infer(op: str, inputs: tuple, layout: tuple, out_dtype: dt.DType) -> list:
    if not isinstance(layout, tuple) or any(k not in ("sparse", "dense") for k in layout) or \
            len(inputs) != sum(3 if k == "sparse" else 1 for k in layout):
        raise C.fail(op, f"inputs do not match the layout {layout!r}")
    sparse, dense, k = [], [], 0
    for kind in layout:
        parts = inputs[k:k + (3 if kind == "sparse" else 1)]
        k += len(parts)
        values = parts[1] if kind == "sparse" else parts[0]
        if values._dtype not in (dt.string, dt.int64, dt.int32):
            raise C.fail(op, f"Unexpected dtype {values._dtype.name}: crosses take int64 or "
                             "string features")
        if kind == "sparse":
            if parts[0]._dtype is not _I64 or parts[2]._dtype is not _I64:
                raise C.fail(op, "sparse indices and shapes must be int64")
            sparse.append(parts)
        else:
            dense.append(values)
    _check_shapes(op, sparse, dense)
    _batch_size(op, sparse, dense)
    return [((None, 2), _I64), ((None,), out_dtype), ((2,), _I64)]


def _cross_kernel(xp: Any, layout: tuple, arrays: tuple, feature: Callable,
                  combine: Callable, ragged: bool = False) -> tuple:
    batch = 0
    k = 0
    for kind in layout:
        batch = max(batch, int(arrays[k + 2][0]) if kind == "sparse" else
                    arrays[k + 1].size - 1 if kind == "ragged" else arrays[k].shape[0])
        k += _WIDTH[kind]
    cols = _column_rows(layout, arrays, batch, ragged)
    per_row = [int(np.prod([len(c[r]) for c in cols], dtype=np.int64)) for r in range(batch)]
    check_finite_size("SparseCrossV2", (sum(per_row), 2), _I64)
    idx, vals = [], []
    for r in range(batch):
        for j, combo in enumerate(itertools.product(*[[feature(v) for v in c[r]]
                                                      for c in cols])):
            idx.append((r, j))
            vals.append(combine(combo))
    width = max(per_row, default=0)
    return (np.array(idx, np.int64).reshape(-1, 2), vals, np.array([batch, width], np.int64))


def _text(v: Any) -> bytes:
    return v if isinstance(v, bytes) else str(v).encode()


def _cross_text_kernel(xp: Any, *arrays: Any, layout: tuple, sep: bytes) -> tuple:
    idx, vals, shape = _cross_kernel(xp, layout, arrays, _text, sep.join)
    out = np.empty(len(vals), object)
    out[:] = vals
    return idx, out, shape


def _hash_feature(v: Any) -> int:
    return fingerprint64(v) if isinstance(v, bytes) else int(v) & _MASK


def _siphash_feature(salt: tuple) -> Callable:
    key = struct.pack("<QQ", salt[0] & _MASK, salt[1] & _MASK)
    return lambda v: siphashc.siphash(key, v)


def _chain(hash_key: int | None, num_buckets: int) -> Callable:
    """The crosses' hash of a row's features' fingerprints: FingerprintCat64 chained from
    `hash_key` (TF's SparseCross and RaggedCross), or from the first feature's own
    fingerprint when it is None (TF's SparseCrossHashed); then the bucket."""
    def combine(features: tuple) -> int:
        h, rest = (hash_key, features) if hash_key is not None else \
            (features[0], features[1:])
        for f in rest:
            h = fingerprint_cat64(h, f)
        # Without buckets TF still folds the unsigned fingerprint below 2**63 - 1.
        return h % (num_buckets if num_buckets > 0 else (1 << 63) - 1)
    return combine


def _signed(values: list) -> np.ndarray:
    return np.array([v - (1 << 64) if v >= 1 << 63 else v for v in values], np.int64)


def _cross_hashed_kernel(xp: Any, *arrays: Any, layout: tuple, num_buckets: int,
                         hash_key: int | None, salt: tuple | None = None) -> tuple:
    if hash_key is None:
        _check_features(layout, arrays, salt is not None)
        arrays = _sparse_numbers_as_bytes(layout, arrays)
    feature = _hash_feature if salt is None else _siphash_feature(salt)
    idx, vals, shape = _cross_kernel(xp, layout, arrays, feature,
                                     _chain(hash_key, num_buckets))
    return idx, _signed(vals), shape


def _check_features(layout: tuple, arrays: tuple, salted: bool) -> None:
    """Numbers of dense inputs are refused with strong_hash (TF's kernel crashes on them)."""
    k = 0
    for kind in layout:
        if kind == "dense" and arrays[k].dtype != object and salted:
            raise C.fail("SparseCrossHashed", "strong_hash (SipHash with a salt) does not "
                                              "cross numbers of dense inputs (TF's kernel "
                                              "crashes on them)")
        k += _WIDTH[kind]


def _sparse_numbers_as_bytes(layout: tuple, arrays: tuple) -> tuple:
    """TF's SparseCrossHashed hashes a sparse input's int64 value as the bytes of its low
    32 bits, little-endian (4 -> b"\\x04\\0\\0\\0": 2**40 hashes as 0 does), where a dense
    input's number is its own fingerprint. Found from TF 2.21's outputs (cross_golden)."""
    out, k = list(arrays), 0
    for kind in layout:
        if kind == "sparse" and arrays[k + 1].dtype != object:
            low = (arrays[k + 1].astype(np.int64) & 0xFFFFFFFF).astype("<u4")
            as_bytes = np.empty(low.shape, object)
            as_bytes[:] = [v.tobytes() for v in low]
            out[k + 1] = as_bytes
        k += _WIDTH[kind]
    return tuple(out)


def _cross_ref(kernel: Callable) -> Callable:
    return lambda *arrays, **attrs: kernel(np, *arrays, **attrs)


_XS = (np.array([[0, 0], [0, 1], [1, 0]], np.int64), np.array([b"a", b"b", b"c"], object),
       np.array([2, 2], np.int64), np.array([[b"d"], [b"e"]], object),
       np.array([[3], [4]], np.int64))
_LAYOUT = ("sparse", "dense", "dense")

def _cross_text_infer(*xs: Any, layout: tuple, sep: bytes) -> list:
    if not isinstance(sep, bytes):
        raise TypeError(f"Expected string for argument 'sep' not {sep!r}. [Op:SparseCrossV2]")
    return _cross_infer("SparseCrossV2", xs, layout, dt.string)


def _cross_hashed_infer(*xs: Any, layout: tuple, num_buckets: int, hash_key: int | None,
                        salt: tuple | None = None) -> list:
    # (with a hash key TF runs SparseCross, whose errors name it)
    op = "SparseCrossHashed" if hash_key is None else "SparseCross"
    for what, v in (("num_buckets", num_buckets), ("hash_key", hash_key)):
        if (v is not None or what == "num_buckets") and \
                (type(v) is not int or not 0 <= v <= _MASK):
            raise C.fail(op, f"{what} must be a non-negative 64-bit integer, got {v!r}")
    if salt is not None:
        if hash_key is not None:
            raise C.fail(op, "a salt (TF's SparseCrossHashed) chains no hash_key")
        if not isinstance(salt, tuple) or any(type(v) is not int for v in salt):
            raise C.fail(op, f"salt must be a tuple of two integers, got {salt!r}")
        if len(salt) != 2:
            raise C.fail(op, f'Input "salt" must have length 2 but has length {len(salt)}')
    return _cross_infer(op, xs, layout, _I64)


# TF's SparseCross ops take the sparse inputs' indices, values and shapes as three lists,
# then the dense inputs, and cross the sparse columns first: eagerflow's `layout` must list
# its sparse inputs first to have that form (tf.sparse.cross orders them so; tf.ragged.cross
# keeps the caller's order, which TF writes as RaggedCross).

def _tf_groups(op: Any, b: Any) -> tuple:
    layout = op.attrs["layout"]
    n = layout.count("sparse")
    if any(k == "sparse" for k in layout[n:]):
        raise ValueError(f"{op.type} with a dense input before a sparse one (tf.ragged.cross) "
                         "has no SparseCross form: TF writes it as RaggedCross")
    ins = [b.input(i) for i in range(len(op.inputs))]
    # TF's op takes int64 and string features: int32 ones cast, as tf.sparse.cross does
    ins = [b.node("Cast", [r], {"DstT": _I64})[0] if r.dtype is dt.int32 else r for r in ins]
    return ins[0:3 * n:3], ins[1:3 * n:3], ins[2:3 * n:3], ins[3 * n:]


def _cross_export(op: Any, b: Any) -> list:
    sep = np.empty((), object)
    sep[()] = op.attrs["sep"]
    return b.node("SparseCrossV2", [*_tf_groups(op, b), b.const(sep, dt.string)],
                  name=op.name)


def _cross_hashed_export(op: Any, b: Any) -> list:
    groups = _tf_groups(op, b)
    key, salt = op.attrs["hash_key"], op.attrs.get("salt")
    if key is None:  # TF's SparseCrossHashed: its hash choices are input tensors
        return b.node("SparseCrossHashed", [*groups, b.const(op.attrs["num_buckets"], _I64),
                                            b.const(salt is not None, dt.bool),
                                            b.const(list(salt or (0, 0)), _I64)],
                      name=op.name)
    # (int64 as soon as one feature is a number, as tf.sparse.cross_hashed sets it)
    numbers = any(r.dtype is not dt.string for r in groups[1] + groups[3])
    return b.node("SparseCross", list(groups), {
        "hashed_output": True, "num_buckets": op.attrs["num_buckets"],
        "hash_key": key - (1 << 64) if key >= 1 << 63 else key,  # an int attr is signed
        "out_type": _I64, "internal_type": _I64 if numbers else dt.string}, name=op.name)


def _tf_inputs(node: Any) -> tuple:
    """(layout, tensors) of an imported TF cross node, in eagerflow's interleaved order."""
    n, m = node.attrs["N"], len(node.attrs["dense_types"])
    ins = node.inputs
    tensors: list = []
    for i in range(n):
        tensors += [ins[i], ins[n + i], ins[2 * n + i]]
    return ("sparse",) * n + ("dense",) * m, tuple(tensors + list(ins[3 * n:3 * n + m]))


def _cross_load(node: Any) -> Any:
    layout, tensors = _tf_inputs(node)
    sep = node.const(len(node.inputs) - 1)
    if sep is None:
        raise node.fail("its separator must be a constant")
    return bind(SPARSE_CROSS, tensors, {"layout": layout, "sep": _text(sep[()])})


def tf_sparse_cross(node: Any) -> Any:
    """TF's SparseCross node (what tf.sparse.cross_hashed writes) as eagerflow's cross."""
    layout, tensors = _tf_inputs(node)
    a = node.attrs
    if not a["hashed_output"]:
        if a["out_type"] is not dt.string:
            raise node.fail("an unhashed SparseCross gives strings")
        return bind(SPARSE_CROSS, tensors, {"layout": layout, "sep": b"_X_"})
    return bind(SPARSE_CROSS_HASHED, tensors, {"layout": layout,
                                               "num_buckets": a["num_buckets"],
                                               "hash_key": a["hash_key"] & _MASK})


def _hashed_load(node: Any) -> Any:
    """TF's SparseCrossHashed node: fingerprints chained from the first feature's, by
    farmhash or (strong_hash) by SipHash keyed with the salt."""
    layout, tensors = _tf_inputs(node)
    at = len(node.inputs) - 3
    buckets, strong, salt = (node.const(at + i) for i in range(3))
    if buckets is None or strong is None or (bool(strong) and salt is None):
        raise node.fail("its num_buckets, strong_hash and salt must be constants")
    return bind(SPARSE_CROSS_HASHED, tensors, {
        "layout": layout, "num_buckets": max(int(buckets), 0), "hash_key": None,
        "salt": tuple(int(v) for v in salt.reshape(-1)) if bool(strong) else None})


def _cross_arity(layout: tuple) -> dict:
    """The lengths of SparseCross's list arguments (its eager errors name them)."""
    n = layout.count("sparse")
    return {"N": n, "sparse_types": n, "dense_types": len(layout) - n}


SPARSE_CROSS = register(OpDef(
    "SparseCrossV2", _cross_text_infer,
    _cross_text_kernel, reference=_cross_ref(_cross_text_kernel), num_outputs=3,
    arity=lambda ins, attrs: _cross_arity(attrs["layout"]),
    gpu=False, tf=TFForm(export=_cross_export, load=_cross_load),
    samples=lambda: [
        Sample(_XS, {"layout": _LAYOUT, "sep": b"_X_"}, grad=False)],
    bad_samples=lambda: [
        BadSample(_XS[:3] + (np.array([[1.5], [2.5]]),), {"layout": ("sparse", "dense"),
                                                          "sep": b"_X_"},
                  C.InvalidArgumentError, "Unexpected dtype")],
))

SPARSE_CROSS_HASHED = register(OpDef(
    "SparseCrossHashed", _cross_hashed_infer,
    _cross_hashed_kernel, reference=_cross_ref(_cross_hashed_kernel), num_outputs=3,
    arity=lambda ins, attrs: _cross_arity(attrs["layout"]),
    gpu=False, tf=TFForm(export=_cross_hashed_export, load=_hashed_load),
    samples=lambda: [
        Sample(_XS, {"layout": _LAYOUT, "num_buckets": 100, "hash_key": 0xDECAFCAFFE},
               grad=False),
        Sample(_XS, {"layout": _LAYOUT, "num_buckets": 0, "hash_key": 7}, grad=False),
        Sample(_XS, {"layout": _LAYOUT, "num_buckets": 0, "hash_key": None}, grad=False),
        Sample(_XS[:4], {"layout": _LAYOUT[:2], "num_buckets": 1000, "hash_key": None,
                         "salt": (1, 2)}, grad=False)],
    bad_samples=lambda: [
        BadSample(_XS, {"layout": _LAYOUT, "num_buckets": 0, "hash_key": None,
                        "salt": (1, 2)}, C.InvalidArgumentError, "numbers of dense inputs"),
        BadSample(_XS[:4], {"layout": _LAYOUT[:2], "num_buckets": 0, "hash_key": None,
                            "salt": (1,)}, C.InvalidArgumentError,
                  'Input "salt" must have length 2 but has length 1')],
))


# ---------------------------------------------------------------------------------------
# RaggedCross: TF's inputs (ragged values, ragged splits, sparse indices, values and shapes,
# dense), each a list; `input_order` ("R", "S", "D" per input) says how they interleave.
# ---------------------------------------------------------------------------------------

def _by_order(input_order: str, xs: tuple) -> tuple:
    """(layout, tensors) of RaggedCross's inputs, interleaved in the inputs' order."""
    r, n = input_order.count("R"), input_order.count("S")
    lists = {"R": list(zip(xs[:r], xs[r:2 * r])),
             "S": list(zip(xs[2 * r:2 * r + n], xs[2 * r + n:2 * r + 2 * n],
                           xs[2 * r + 2 * n:2 * r + 3 * n])),
             "D": [(x,) for x in xs[2 * r + 3 * n:]]}
    its = {k: iter(v) for k, v in lists.items()}
    kinds = {"R": "ragged", "S": "sparse", "D": "dense"}
    return (tuple(kinds[c] for c in input_order),
            tuple(t for c in input_order for t in next(its[c])))


def _ragged_cross_infer(*xs: Any, input_order: str, hashed_output: bool, num_buckets: int,
                        hash_key: int, out_values_type: dt.DType,
                        out_row_splits_type: dt.DType) -> list:
    op = "RaggedCross"
    if not isinstance(input_order, str) or set(input_order) - set("RSD") or \
            len(xs) != sum(2 if c == "R" else 3 if c == "S" else 1 for c in input_order):
        raise C.fail(op, f"{len(xs)} inputs do not match input_order {input_order!r}")
    if out_values_type is not (_I64 if hashed_output else dt.string) or \
            out_row_splits_type not in (dt.int32, _I64):
        raise C.fail(op, f"out_values_type {out_values_type!r} does not match "
                         f"hashed_output={hashed_output}, or out_row_splits_type "
                         f"{out_row_splits_type!r} is not int32 or int64")
    if type(num_buckets) is int and num_buckets < 0:  # (TF's check of its OpDef's minimum)
        if _state.graph is not None:  # (the graph builder's: a ValueError)
            raise ValueError(f"Attr 'num_buckets' of '{op}' Op passed {num_buckets} less "
                             "than minimum 0.")
        raise C.fail(op, f"Value for attr 'num_buckets' of {num_buckets} must be at least "
                         f"minimum 0\n\t; NodeDef: {{{{node {op}}}}}; "
                         f"{tf_op_defs.summary(op)}")
    for what, v in (("num_buckets", num_buckets), ("hash_key", hash_key)):
        if type(v) is not int or not 0 <= v <= _MASK:
            raise C.fail(op, f"{what} must be a non-negative 64-bit integer, got {v!r}")
    layout, tensors = _by_order(input_order, xs)
    k = 0
    for kind in layout:
        if kind == "ragged":
            values, splits = tensors[k:k + 2]
            if values._dtype not in (dt.string, _I64) or \
                    splits._dtype is not out_row_splits_type or \
                    (values._shape is not None and len(values._shape) != 1) or \
                    (splits._shape is not None and len(splits._shape) != 1):
                # (TF's kernel aborts the process on splits of another dtype)
                raise C.fail(op, "a ragged input is int64 or string values (a vector) and "
                                 "row splits of out_row_splits_type (a vector)")
        k += _WIDTH[kind]
    rest = tuple(t for kind, part in zip(layout, _parts(layout, tensors)) if kind != "ragged"
                 for t in part)
    _cross_infer(op, rest, tuple(k for k in layout if k != "ragged"), _I64)
    rows = _cross_rows(layout, tensors)
    return [((None,), out_values_type), ((None if rows is None else rows + 1,),
                                         out_row_splits_type)]


def _cross_rows(layout: tuple, tensors: tuple) -> int | None:
    """The rows of RaggedCross's result where an input's shape tells them (a ragged
    input's splits, a dense one's first dimension), as TF's shape function reads them."""
    for kind, part in zip(layout, _parts(layout, tensors)):
        shape = part[-1]._shape if kind == "ragged" else part[0]._shape if \
            kind == "dense" else None
        if shape and shape[0] is not None:
            return shape[0] - 1 if kind == "ragged" else shape[0]
    return None


def _parts(layout: tuple, tensors: tuple) -> list:
    out, k = [], 0
    for kind in layout:
        out.append(tensors[k:k + _WIDTH[kind]])
        k += _WIDTH[kind]
    return out


def _ragged_cross_kernel(xp: Any, *xs: Any, input_order: str, hashed_output: bool,
                         num_buckets: int, hash_key: int, out_values_type: dt.DType,
                         out_row_splits_type: dt.DType) -> tuple:
    layout, arrays = _by_order(input_order, xs)
    sizes = {int(p[2][0]) if kind == "sparse" else p[1].size - 1 if kind == "ragged" else
             p[0].shape[0] for kind, p in zip(layout, _parts(layout, arrays))}
    if len(sizes) > 1:
        raise C.fail("RaggedCross", "inputs must all have the same batch dimension size.")
    if hashed_output:
        idx, vals, shape = _cross_kernel(xp, layout, arrays, _hash_feature,
                                         _chain(hash_key, num_buckets), ragged=True)
        values = _signed(vals)
    else:
        idx, vals, shape = _cross_kernel(xp, layout, arrays, _text, b"_X_".join,
                                         ragged=True)
        values = np.empty(len(vals), object)
        values[:] = vals
    counts = np.bincount(idx[:, 0], minlength=int(shape[0]))
    splits = np.concatenate([[0], np.cumsum(counts)])
    return values, splits.astype(out_row_splits_type.as_numpy_dtype)


def _ragged_cross_ref(*xs: Any, input_order: str, hashed_output: bool, num_buckets: int,
                      hash_key: int, out_values_type: dt.DType,
                      out_row_splits_type: dt.DType) -> tuple:
    """Row by row and input by input, extending each partial cross by every feature."""
    layout, arrays = _by_order(input_order, xs)
    parts = _parts(layout, arrays)
    batch = max((int(p[2][0]) if kind == "sparse" else p[1].size - 1 if kind == "ragged"
                 else p[0].shape[0] for kind, p in zip(layout, parts)), default=0)
    values, splits = [], [0]
    for r in range(batch):
        crosses: list = [()]
        for kind, p in zip(layout, parts):
            if kind == "ragged":
                feats = list(p[0][p[1][r]:p[1][r + 1]])
            elif kind == "sparse":
                feats = [v for i, v in zip(p[0], p[1]) if i[0] == r]
            else:
                feats = list(p[0][r])
            crosses = [c + (f,) for c in crosses for f in feats]
        for c in crosses:
            if hashed_output:
                h = hash_key
                for f in c:
                    h = fingerprint_cat64(h, fingerprint64(f) if isinstance(f, bytes)
                                          else int(f) & _MASK)
                values.append(h % (num_buckets if num_buckets > 0 else (1 << 63) - 1))
            else:
                values.append(b"_X_".join(f if isinstance(f, bytes) else str(f).encode()
                                          for f in c))
        splits.append(len(values))
    out = _signed(values) if hashed_output else np.array(values + [b""], object)[:-1]
    return out, np.array(splits, out_row_splits_type.as_numpy_dtype)


def _ragged_cross_export(op: Any, b: Any) -> list:
    ins = [b.input(i) for i in range(len(op.inputs))]
    a = op.attrs
    r, n = a["input_order"].count("R"), a["input_order"].count("S")
    cuts = [0, r, 2 * r, 2 * r + n, 2 * r + 2 * n, 2 * r + 3 * n, len(ins)]
    key = a["hash_key"]
    return b.node("RaggedCross", [ins[i:j] for i, j in zip(cuts[:-1], cuts[1:])], {
        "input_order": a["input_order"], "hashed_output": a["hashed_output"],
        "num_buckets": a["num_buckets"],
        "hash_key": key - (1 << 64) if key >= 1 << 63 else key,  # an int attr is signed
        "out_values_type": a["out_values_type"],
        "out_row_splits_type": a["out_row_splits_type"]}, name=op.name)


def _ragged_cross_load(node: Any) -> Any:
    a = node.attrs
    return bind(RAGGED_CROSS, tuple(node.inputs), {
        "input_order": a["input_order"], "hashed_output": a["hashed_output"],
        "num_buckets": a["num_buckets"], "hash_key": a["hash_key"] & _MASK,
        "out_values_type": a["out_values_type"],
        "out_row_splits_type": a["out_row_splits_type"]})


_RAGGED_XS = (np.array([b"a", b"b", b"c"], object), np.array([0, 1, 3], np.int64),
              np.array([[0, 0], [1, 0], [1, 1]], np.int64), np.array([5, 6, 7], np.int64),
              np.array([2, 2], np.int64), np.array([[b"d"], [b"e"]], object))


def _ragged_cross_attrs(hashed: bool, **kw: Any) -> dict:
    return {"input_order": "DRS", "hashed_output": hashed, "num_buckets": 0,
            "hash_key": _DEFAULT_KEY, "out_values_type": _I64 if hashed else dt.string,
            "out_row_splits_type": _I64, **kw}


RAGGED_CROSS = register(OpDef(
    "RaggedCross", _ragged_cross_infer, _ragged_cross_kernel, reference=_ragged_cross_ref,
    arity=lambda ins, attrs: {
        "Nsparse": attrs["input_order"].count("S"),
        "sparse_values_types": attrs["input_order"].count("S"),
        "ragged_values_types": attrs["input_order"].count("R"),
        "ragged_splits_types": attrs["input_order"].count("R"),
        "dense_types": attrs["input_order"].count("D")},
    num_outputs=2, gpu=False, tf=TFForm(export=_ragged_cross_export, load=_ragged_cross_load),
    samples=lambda: [
        Sample(_RAGGED_XS, _ragged_cross_attrs(False), grad=False),
        Sample(_RAGGED_XS, _ragged_cross_attrs(True), grad=False),
        Sample(_RAGGED_XS[:1] + (_RAGGED_XS[1].astype(np.int32),) + _RAGGED_XS[2:],
               _ragged_cross_attrs(True, num_buckets=10, hash_key=3,
                                   out_row_splits_type=dt.int32), grad=False)],
    bad_samples=lambda: [
        BadSample(_RAGGED_XS[:2] + (np.array([[b"d"], [b"e"], [b"f"]], object),),
                  _ragged_cross_attrs(False, input_order="RD"), C.InvalidArgumentError,
                  "inputs must all have the same batch dimension size."),
        BadSample(_RAGGED_XS, _ragged_cross_attrs(False, input_order="RD"),
                  C.InvalidArgumentError, "do not match input_order"),
        BadSample(_RAGGED_XS, _ragged_cross_attrs(False, out_row_splits_type=dt.int32),
                  C.InvalidArgumentError, "row splits of out_row_splits_type")],
))


def _cross_inputs(inputs: Any, refusal: str) -> tuple:
    """(layout, tensors) of a cross's inputs: the sparse ones first, then the dense ones, as
    TF's op crosses them. As TF's Python, only tensors and SparseTensors (`refusal`: its
    TypeError's words otherwise; a list, an array, a RaggedTensor, a variable)."""
    if not isinstance(inputs, (list, tuple)):
        raise TypeError("Inputs must be a list")
    if not all(isinstance(x, (SparseTensor, Tensor)) for x in inputs):
        raise TypeError(refusal)
    layout, tensors = [], []
    for x in sorted(inputs, key=lambda x: not isinstance(x, SparseTensor)):
        if isinstance(x, SparseTensor):
            layout.append("sparse")
            tensors += [x.indices, _as_feature(x.values), x.dense_shape]
        else:
            layout.append("dense")
            tensors.append(_as_feature(x))
    return tuple(layout), tuple(tensors)


def _as_feature(x: Tensor) -> Tensor:
    """A feature tensor as TF's Python hands it to its op: strings as they are, anything
    else cast to int64 (floats truncated, bools 0 and 1)."""
    return x if x.dtype in (dt.string, _I64) else cast(x, _I64)


def cross(inputs: Any, name: str | None = None, separator: str | None = None) -> SparseTensor:
    """`tf.sparse.cross`: per row, every combination of one feature from each input, joined
    with separator ("_X_")."""
    return _cross(inputs, separator, name)


def _cross(inputs: Any, separator: Any, name: str | None) -> SparseTensor:
    # (TF converts the separator to a string tensor first, before it reads the inputs, and
    # its SparseCrossV2 kernel refuses one that is not a scalar)
    sep = convert_to_tensor("_X_" if separator is None else separator, dt.string)
    layout, tensors = _cross_inputs(inputs, "All inputs must be Tensor or SparseTensor.")
    value = getattr(sep, "_arr", None)
    if value is None:
        raise TypeError("tf.sparse.cross needs its separator known when the op is built")
    if sep.shape.rank:
        raise raised_eagerly(C.fail("SparseCrossV2", f"Input separator should be a scalar. "
                                                     f"Received: Tensor<type: string shape: "
                                                     f"{C.shape_str(sep.shape)} values: "
                                                     f"{_debug_values(value)}>"),
                             name, SPARSE_CROSS.arity((), {"layout": layout}), host=True)
    # (TF's hands its op the name: the kernel's errors end with it)
    idx, vals, shape = bind(SPARSE_CROSS, tensors, {"layout": layout, "sep": value[()]}, name)
    return SparseTensor._of(idx, vals, shape)


def _debug_values(a: np.ndarray, limit: int = 3) -> str:
    """A string tensor's values as TF's Tensor::DebugString summarizes them: the first
    `limit` in row-major order, each row of a matrix (or deeper) in brackets, "..." where
    a row is cut short and after all when values were left out."""
    flat = iter(a.reshape(-1))
    count = [0]

    def dim(shape: tuple, top: bool) -> str:
        if count[0] >= limit:
            return ""
        if len(shape) == 1:
            words = []
            for _ in range(shape[0]):
                if count[0] >= limit:
                    return " ".join(words) + ("" if top else "...")
                words.append(next(flat).decode("utf-8", "backslashreplace"))
                count[0] += 1
            return " ".join(words)
        out = ""
        for _ in range(shape[0]):
            opened = count[0] < limit
            inner = dim(shape[1:], False)
            out += f"[{inner}]" if opened else inner
        return out

    return dim(a.shape, True) + ("..." if a.size > limit else "")


def cross_hashed(inputs: Any, num_buckets: int = 0, hash_key: Any = None,
                 name: str | None = None) -> SparseTensor:
    """`tf.sparse.cross_hashed`: the crosses' fingerprints (modulo num_buckets when > 0)."""
    layout, tensors = _cross_inputs(inputs, "All inputs must be SparseTensors")
    arity = _cross_arity(layout)
    num_buckets = _int_attr(num_buckets, "num_buckets")
    if num_buckets < 0:  # (TF's check of SparseCross's OpDef, before its kernel)
        raise raised_eagerly(C.fail("SparseCross", f"Value for attr 'num_buckets' of "
                                                   f"{int(num_buckets)} must be at least "
                                                   "minimum 0\n\t; NodeDef: {{node "
                                                   "SparseCross}}"), name, arity, host=True)
    try:
        idx, vals, shape = bind(SPARSE_CROSS_HASHED, tensors, {
            "layout": layout, "num_buckets": int(num_buckets),
            # (TF's Python: any false key, [] or '' too, is the default)
            "hash_key": _int_attr(hash_key or _DEFAULT_KEY, "hash_key") & _MASK or _DEFAULT_KEY},
            name)
    except C.InvalidArgumentError as e:
        raise counted_as(e, "SparseCross", arity) from None
    return SparseTensor._of(idx, vals, shape)


def _int_attr(value: Any, what: str) -> int:
    """An int attr as TF's op wrapper takes it: int() of anything but a string (what
    int() refuses, a list, its TypeError), within int64."""
    try:
        out = None if isinstance(value, str) else int(value)
    except (TypeError, ValueError):
        out = None
    if out is None:
        raise TypeError(f"Expected int for argument '{what}' not {value!r}.")
    if not -(1 << 63) <= out < 1 << 63:  # (TF's attr is an int64)
        raise OverflowError("int too big to convert")
    return out


def _ragged_cross_inputs(inputs: Any, name: str | None) -> tuple:
    """TF's tf.ragged.cross checks (a list of rank-2 int64/string inputs) and the splits dtype
    of the result: int32 only when every ragged input has int32 splits. (Its kernel's
    errors end with `name`, which TF hands its op.)"""
    if not isinstance(inputs, (list, tuple)):
        raise TypeError("Inputs must be a list")
    splits_dtypes, batch_sizes = set(), set()
    for i, x in enumerate(inputs):
        values = x.values if isinstance(x, SparseTensor) else \
            x.flat_values if isinstance(x, RaggedTensor) else convert_to_tensor(x)
        if values.dtype not in (dt.string, dt.int64, dt.int32):
            raise ValueError(f"Unexpected dtype for inputs[{i}]: {values.dtype}")
        x = x if isinstance(x, (SparseTensor, RaggedTensor)) else values
        rank = x.ragged_rank + values.shape.rank if isinstance(x, RaggedTensor) else \
            x.shape.rank
        if rank is not None and rank != 2:
            # TF checks ragged inputs in Python, the others in its kernel.
            if isinstance(x, RaggedTensor):
                raise ValueError("tf.ragged.cross only supports inputs with rank=2")
            raise raised_eagerly(C.fail("RaggedCross", "tf.ragged.cross only supports inputs "
                                                       "with rank=2."), name, _lengths(inputs),
                                 host=True)
        if isinstance(x, RaggedTensor):
            splits_dtypes.add(x.row_splits.dtype)
        if x.shape.rank and x.shape[0] is not None:
            batch_sizes.add(x.shape[0])
    if len(batch_sizes) > 1:
        raise raised_eagerly(C.fail("RaggedCross", "inputs must all have the same batch "
                                                   "dimension size."), name, _lengths(inputs),
                             host=True)
    return dt.int32 if splits_dtypes == {dt.int32} else _I64


def _lengths(inputs: Any) -> dict:
    """RaggedCross's list lengths for `inputs` (its OpDef's arity, before they are split)."""
    order = "".join("S" if isinstance(x, SparseTensor) else "R" if isinstance(x, RaggedTensor)
                    else "D" for x in inputs)
    return RAGGED_CROSS.arity((), {"input_order": order})


def _ragged_cross(inputs: Any, attrs: dict, name: str | None) -> RaggedTensor:
    """TF's RaggedCross over the inputs in the caller's order (numbers as int64)."""
    splits_dtype = _ragged_cross_inputs(inputs, name)
    if attrs["hashed_output"]:  # (its int attrs, read after the inputs: int64s)
        attrs = dict(attrs, num_buckets=AV.make_int(attrs["num_buckets"], "num_buckets"),
                     hash_key=AV.make_int(attrs["hash_key"], "hash_key") & _MASK)
    if not inputs:
        out = attrs.get("out_values_type", dt.string)
        return RaggedTensor.from_row_splits(convert_to_tensor([], out), [0])
    groups: dict = {"R": ([], []), "S": ([], [], []), "D": ([],)}
    order = ""
    for x in inputs:
        kind = "S" if isinstance(x, SparseTensor) else "R" if isinstance(x, RaggedTensor) \
            else "D"
        parts = (x.values, x.row_splits) if kind == "R" else \
            (x.indices, x.values, x.dense_shape) if kind == "S" else (convert_to_tensor(x),)
        v = 0 if kind == "D" else 1 if kind == "S" else 0
        parts = tuple(cast(p, _I64) if i == v and p.dtype.is_integer and p.dtype is not _I64
                      else p for i, p in enumerate(parts))
        if kind == "R":  # (TF's kernel takes splits of the result's dtype only)
            parts = (parts[0], cast(parts[1], splits_dtype))
        for group, p in zip(groups[kind], parts):
            group.append(p)
        order += kind
    flat = [t for kind in "RSD" for group in groups[kind] for t in group]
    values, splits = bind(RAGGED_CROSS, tuple(flat), dict(
        attrs, input_order=order, out_row_splits_type=splits_dtype), name)
    return RaggedTensor.from_row_splits(values, splits, validate=False)


@dispatch_binding
def ragged_cross(inputs: Any, name: str | None = None) -> RaggedTensor:
    """`tf.ragged.cross`: per row, every combination of one feature from each input (in
    the inputs' order), joined by "_X_"."""
    # (TF's scope, and its op named as the scope: "RaggedCross/RaggedCross", "x/x")
    with sparse_count_ops.api_scope(name or "RaggedCross"):
        return _ragged_cross(inputs, {"hashed_output": False, "num_buckets": 0,
                                      "hash_key": _DEFAULT_KEY, "out_values_type": dt.string},
                             name)


@dispatch_binding
def ragged_cross_hashed(inputs: Any, num_buckets: int = 0, hash_key: Any = None,
                        name: str | None = None) -> RaggedTensor:
    """`tf.ragged.cross_hashed`: the crosses' fingerprints, modulo num_buckets when > 0."""
    key = _DEFAULT_KEY if hash_key is None else hash_key
    if key > 2**63:  # (TF's uint64 key as its int64 attr: from past 2**63, not 2**63 itself)
        key -= 2**64
    with sparse_count_ops.api_scope(name or "RaggedCross"):
        return _ragged_cross(inputs, {"hashed_output": True, "num_buckets": num_buckets,
                                      "hash_key": key, "out_values_type": _I64}, name)
