"""Loops: tf.while_loop, and the higher-order functions over the leading axis built on
it (tf.map_fn, tf.vectorized_map, tf.scan, tf.foldl, tf.foldr).

Sits in control_flow/, above while_op.py. Eagerly while_loop is a Python loop and
tapes record the ops that ran; while a graph is built it becomes one "While" op holding
the traced condition and body (while_op.build_while). When the leading dimension is
known (always eagerly, usually while tracing) map_fn, scan and the folds run in Python
over the unstacked elements and stack the results, so tapes and graph gradients see
ordinary ops; when it is unknown while tracing, map_fn is a while_loop that reads
elements with gather and collects results in TensorArrays.
"""

from __future__ import annotations

from typing import Any, Callable

from eagerflow._src.control_flow.while_op import as_args, build_while
from eagerflow._src.core import dtypes as dt
from eagerflow._src.core import nest
from eagerflow._src.core.context import _state
from eagerflow._src.core.errors import InvalidArgumentError
from eagerflow._src.core.name_scope import name_scope
from eagerflow._src.core.sparse_tensor import SparseTensorSpec
from eagerflow._src.core.tensor import convert_to_tensor
from eagerflow._src.core.tensor_spec import TensorSpec
from eagerflow._src.ops import checks as C
from eagerflow._src.ops.array import constant, shape, zeros
from eagerflow._src.ops.composite_dispatch import dispatch_binding
from eagerflow._src.ops.eager_errors import raised_eagerly
from eagerflow._src.ops.extension_type import (
    ExtensionType,
    ExtensionTypeSpec,
    check_batchable,
    flatten_extensions,
    pack_extensions,
)
from eagerflow._src.ops.indexing import gather
from eagerflow._src.ops.ragged import RaggedTensor, RaggedTensorSpec
from eagerflow._src.ops.ragged import stack as ragged_stack
from eagerflow._src.ops.ragged_tensor import type_spec_from_value
from eagerflow._src.ops.ragged_variant_ops import decode_ragged, encode_ragged
from eagerflow._src.ops.random_unroll import unrolled_loop
from eagerflow._src.ops.sparse_functions import concat_sparse
from eagerflow._src.ops.sparse_functions import expand_dims as sparse_expand_dims
from eagerflow._src.ops.stacking import stack, unstack
from eagerflow._src.ops.tensor_array import TensorArray

__all__ = ["foldl", "foldr", "map_fn", "scan", "vectorized_map", "while_loop"]


# ---------------------------------------------------------------------------------------
# while_loop
# ---------------------------------------------------------------------------------------

def while_loop(cond: Callable, body: Callable, loop_vars: Any, shape_invariants: Any = None,
               parallel_iterations: int = 10, back_prop: bool = True, swap_memory: bool = False,
               maximum_iterations: Any = None, name: str | None = None) -> Any:
    """Repeats `loop_vars = body(*loop_vars)` while `cond(*loop_vars)`."""
    if not callable(cond):
        raise TypeError("'cond' must be callable.")
    if not callable(body):
        raise TypeError("'body' must be callable.")
    if parallel_iterations < 1:
        raise TypeError("'parallel_iterations' must be a positive integer.")
    if _state.graph is None:
        return _eager_while(cond, body, loop_vars, maximum_iterations)
    return build_while(cond, body, loop_vars, shape_invariants, maximum_iterations,
                       name or "while")


def _eager_while(cond: Callable, body: Callable, loop_vars: Any, maximum_iterations: Any) -> Any:
    single = not (isinstance(loop_vars, (list, tuple)) and not hasattr(loop_vars, "_fields"))
    limit = None if maximum_iterations is None else int(convert_to_tensor(maximum_iterations))
    # TF's eager loop checks each body result against the specs of the loop variables as a
    # list, its iteration counter first when there is a limit (its messages show both)
    structure = None if single else nest.map_structure(
        type_spec_from_value, list(loop_vars) if limit is None else [0, loop_vars])
    vars_ = loop_vars
    i = 0
    while limit is None or i < limit:
        c = cond(*as_args(vars_)) if not single else cond(vars_)
        if not bool(convert_to_tensor(c)._numpy()):
            break
        out = body(*as_args(vars_)) if not single else body(vars_)
        if structure is not None:
            nest.assert_same_structure(structure, list(out) if limit is None else [i + 1, out])
        vars_ = out
        i += 1
    # the results are tensors, as TF's eager loop converts them (TensorArrays stay)
    return pack_extensions(vars_, [v if isinstance(v, TensorArray) else convert_to_tensor(v)
                                   for v in flatten_extensions(vars_)])


def _flat_elems(elems: Any, what: str = "elems", map_checks: bool = False) -> list:
    flat = [convert_to_tensor(e) for e in nest.flatten(elems)]
    if not flat:
        raise ValueError(f"{what} must be a Tensor or (possibly nested) sequence of Tensors. "
                         f"Got {elems}, which does not contain any Tensors.")
    scalar = [e._shape is not None and len(e._shape) == 0 for e in flat]
    # (map_fn reads only the first element's rank here: the others' come with their lengths)
    if scalar[0] or (not map_checks and any(scalar)):
        raise ValueError("Elements in elems must be 1+ dimensional Tensors, not scalars")
    if map_checks:
        _first_dims_agree(flat)
    return flat


def _first_dims_agree(flat: list) -> None:
    """TF's map_fn checks each element's first dimension against the first element's: a
    scalar there has no rank to read ("Shape () must have rank at least 1"), a different
    known length is incompatible."""
    first = flat[0]._shape
    n = None if first is None else first[0]
    for e in flat[1:]:
        if e._shape is None:
            continue
        if len(e._shape) == 0:
            raise ValueError("Shape () must have rank at least 1")
        if n is not None and e._shape[0] is not None and e._shape[0] != n:
            raise ValueError(f"Dimensions {n} and {e._shape[0]} are not compatible")


def _leading(flat: list) -> int | None:
    """The static number of elements (None if unknown while tracing)."""
    dims = {e._shape[0] for e in flat if e._shape is not None}
    known = {d for d in dims if d is not None}
    if len(known) > 1:
        raise ValueError(f"Elements in elems must have the same first dimension, got "
                         f"{sorted(known)}")
    return known.pop() if known and None not in dims else None


def _expected_dtypes(signature: Any, elems: Any) -> Any:
    """The dtypes fn's results must have: from fn_output_signature, else those of elems."""
    if signature is None:
        return nest.map_structure(lambda e: convert_to_tensor(e)._dtype, elems)
    return nest.map_structure(
        lambda s: s.dtype if hasattr(s, "dtype") and not isinstance(s, dt.DType)
        else dt.as_dtype(s), signature)


def _expected_shapes(signature: Any, n: int) -> list:
    """The element shapes fn_output_signature's TensorSpecs give (None where it has none)."""
    if signature is None:
        return [None] * n
    return [getattr(s, "shape", None) for s in nest.flatten(signature)]


def _check_dtypes(results: list, dtypes: list, shapes: list | None = None) -> list:
    out = []
    for k, (r, d) in enumerate(zip(results, dtypes)):
        t = convert_to_tensor(r, dtype_hint=d)
        if t._dtype is not d:
            raise InvalidArgumentError(None, None, f"TensorArray dtype is {d.name} but Op is "
                                                   f"trying to write dtype {t._dtype.name} ")
        want = shapes[k] if shapes is not None else None
        if want is not None and not want.is_compatible_with(t.shape):
            raise ValueError(f"Incompatible shape for value ({t.shape}), expected ({want})")
        out.append(t)
    return out


# AutoGraph's conversion of a function argument (autograph/api.py's tf_convert, registered
# when AutoGraph loads: it sits above control flow)
AUTOGRAPH_CONVERT: list[Callable[[Callable], Callable]] = []


def autographed(fn: Callable, by_default: bool = False) -> Callable:
    """fn as TF's map_fn (and strategy.run) calls it: converted by AutoGraph while its
    status is enabled (in code AutoGraph converted, as a tf.function with autograph on
    traces), else as it is; `by_default`: where the status is unspecified too (eagerly),
    as map_fn's tf_convert converts by default."""
    status = _state.autograph
    if (status or by_default and status is None) and AUTOGRAPH_CONVERT:
        return AUTOGRAPH_CONVERT[0](fn)
    return fn


def map_fn(fn: Callable, elems: Any, dtype: Any = None, parallel_iterations: Any = None,
           back_prop: bool = True, swap_memory: bool = False, infer_shape: bool = True,
           name: str | None = None, fn_output_signature: Any = None) -> Any:
    """Stacks fn(elem) over the elements of `elems` along axis 0 (nested structures too)."""
    if not callable(fn):
        raise TypeError(f"fn must be callable. Received: {fn}")
    fn = autographed(fn, by_default=True)
    signature = fn_output_signature if fn_output_signature is not None else dtype
    if any(isinstance(x, ExtensionType) and x._type_spec._own_rows
           for x in nest.flatten(elems)):
        return _map_rows(fn, elems, signature)
    if _any_ragged(elems) or _any_ragged(signature):
        return _map_ragged(fn, elems, signature)
    if any(isinstance(x, (ExtensionType, ExtensionTypeSpec))
           for x in nest.flatten(elems) + nest.flatten(signature)):
        return _map_extension(fn, elems, signature)
    flat = _flat_elems(elems, map_checks=True)
    if any(isinstance(s, SparseTensorSpec) for s in nest.flatten(signature)):
        return _map_to_sparse(fn, elems, flat, signature)
    dtypes = _expected_dtypes(signature, elems)
    flat_dtypes = nest.flatten(dtypes)
    n = _leading(flat)
    if n is None:
        with name_scope(name or "map"):  # (TF's: "map/while", "map/TensorArrayV2")
            return _map_dynamic(fn, elems, flat, dtypes, flat_dtypes)
    if n == 0:
        return nest.pack_sequence_as(dtypes, [zeros([0], dtype=d) for d in flat_dtypes])
    columns = [unstack(e, num=n) for e in flat]
    rows = []
    shapes = _expected_shapes(signature, len(flat_dtypes))
    with unrolled_loop(parallel_iterations) as loop:
        for i in range(n):
            loop.next_iteration()
            out = fn(nest.pack_sequence_as(elems, [c[i] for c in columns]))
            # (TF's check: against the signature, else the elements themselves)
            nest.assert_same_structure(elems if signature is None else signature, out,
                                       check_types=False)
            rows.append(_check_dtypes(nest.flatten(out), flat_dtypes, shapes))
            if infer_shape:
                # (TF's TensorArray merges its element shape, the signature's if any, with
                # each result's)
                shapes = [t.shape if w is None else w.merge_with(t.shape)
                          for w, t in zip(shapes, rows[-1])]
    # (eagerly, TF's TensorArray converts its list of results to one tensor: Pack "packed")
    packed = "packed" if _state.graph is None else "stack"
    return nest.pack_sequence_as(dtypes, [stack([r[k] for r in rows], name=packed)
                                          for k in range(len(flat_dtypes))])


def _check_result(spec: Any, value: Any) -> None:
    """TF's check of a result against a ragged or sparse fn_output_signature entry."""
    if isinstance(spec, (RaggedTensorSpec, SparseTensorSpec)) and \
            not spec.is_compatible_with(value):
        raise ValueError(f"Error in map_fn:\n  Expected `fn` to return a:\n    {spec}\n  But "
                         f"it returned a:\n    {type_spec_from_value(value)}\n    (value="
                         f"{value!s})\n  To fix, update the `fn_output_signature` (or `dtype`) "
                         "argument to `map_fn`.")


def _map_to_sparse(fn: Callable, elems: Any, flat: list, signature: Any) -> Any:
    """map_fn whose fn_output_signature holds SparseTensorSpecs: each sparse result gets
    the row's index in front of its indices (the stacked dense shape the largest of each
    dimension, as TF's DeserializeSparse of the encoded results); the rest are stacked."""
    n = _leading(flat)
    if n is None:
        raise ValueError("map_fn to sparse results needs the number of elements known "
                         "while tracing")
    if n == 0:  # (TF decodes no serialized results: DeserializeSparse's check fails)
        raise raised_eagerly(C.fail("DeserializeSparse", "Serialized sparse should have 3 as "
                                                         "the last dimension [0]"), "")
    columns = [unstack(e, num=n) for e in flat]
    outs = _unrolled(fn, [nest.pack_sequence_as(elems, [c[i] for c in columns])
                          for i in range(n)])
    specs = nest.flatten(signature)
    for o in outs:
        nest.assert_same_structure(signature, o, check_types=False)
    result = []
    for k, spec in enumerate(specs):
        parts = [nest.flatten(o, expand_composites=False)[k] for o in outs]
        for p in parts:
            _check_result(spec, p)
        if isinstance(spec, SparseTensorSpec):
            result.append(concat_sparse(0, [sparse_expand_dims(p, 0) for p in parts],
                                        expand_nonconcat_dims=True))
        else:
            d = spec.dtype if hasattr(spec, "dtype") else dt.as_dtype(spec)
            result.append(stack(_check_dtypes(parts, [d] * len(parts))))
    return nest.pack_sequence_as(signature, result)


def _map_rows(fn: Callable, elems: Any, signature: Any) -> Any:
    """map_fn over values whose spec takes them apart into rows and stacks them back
    (StructuredTensors): fn runs on each row, its results are stacked like the elements
    they came from (a ragged field stays ragged), or as fn_output_signature says."""
    leaves = nest.flatten(elems)
    rows = []
    for x in leaves:
        if isinstance(x, ExtensionType) and x._type_spec._own_rows:
            rows.append(x._type_spec._map_rows(x))
        elif isinstance(x, ExtensionType):
            raise ValueError("map_fn cannot map over a StructuredTensor and another extension "
                             "type together")
        else:
            rows.append(list(x) if isinstance(x, RaggedTensor) else
                        unstack(convert_to_tensor(x)))
    counts = sorted({len(r) for r in rows})
    if len(counts) > 1:
        raise ValueError(f"Elements in elems must have the same first dimension, got {counts}")
    outs = _unrolled(fn, [nest.pack_sequence_as(elems, [r[i] for r in rows])
                          for i in range(counts[0])])
    if not outs:
        raise ValueError("map_fn over extension types needs a known, nonzero number of "
                         "elements")
    for o in outs[1:]:
        nest.assert_same_structure(outs[0], o, check_types=False)
    flat = [nest.flatten(o) for o in outs]
    like = leaves if len(flat[0]) == len(leaves) else None
    specs = nest.flatten(signature) if signature is not None else None
    if specs is not None and len(specs) != len(flat[0]):
        specs = None
    stacked = []
    for k in range(len(flat[0])):
        column = [f[k] for f in flat]
        first = column[0]
        spec = None if specs is None else specs[k]
        if isinstance(first, ExtensionType) and first._type_spec._own_rows:
            stacked.append(first._type_spec._stack_rows(column, None if like is None
                                                        else like[k]))
        elif isinstance(spec, RaggedTensorSpec) or (spec is None and (
                isinstance(first, RaggedTensor) or len({c.shape for c in column}) > 1)):
            # (splits as the signature's, else the rows' own, else a spec's default int64:
            # stacking dense rows alone gives int32 ones)
            splits = spec.row_splits_dtype if isinstance(spec, RaggedTensorSpec) else \
                first.row_splits.dtype if isinstance(first, RaggedTensor) else dt.int64
            stacked.append(ragged_stack(column).with_row_splits_dtype(splits))
        else:
            stacked.append(stack(column))
    return nest.pack_sequence_as(outs[0], stacked)


def _map_extension(fn: Callable, elems: Any, signature: Any) -> Any:
    """map_fn over extension values, or to them (their tensors unstacked, fn's results
    stacked the same way): unrolled over a known number of elements, else a while_loop
    over TensorArrays of the results' components, packed by fn_output_signature (by
    default the structure of one element of `elems`)."""
    check_batchable(elems, "_unbatch")
    flat = _flat_elems(flatten_extensions(elems))
    n = _leading(flat)
    if not n:
        return _map_extension_dynamic(fn, elems, flat, signature)
    columns = [unstack(e, num=n) for e in flat]
    outs = _unrolled(fn, [pack_extensions(elems, [c[i] for c in columns], _unbatched)
                          for i in range(n)])
    check_batchable(outs[0], "_batch")
    rows = [flatten_extensions(o) for o in outs]
    for o in outs[1:]:
        nest.assert_same_structure(outs[0], o, check_types=False)
    return pack_extensions(outs[0], [stack([r[k] for r in rows]) for k in range(len(rows[0]))],
                           lambda spec: spec._batch(n))


def _unbatched(spec: Any) -> Any:
    return spec._unbatch()


def _row_spec(x: Any) -> Any:
    """The spec of one element of `x` (a batch): an extension value's spec unbatched."""
    if isinstance(x, ExtensionType):
        return x._type_spec._unbatch()
    t = convert_to_tensor(x)
    return TensorSpec(t.shape[1:], t._dtype)


def _component_specs(spec: Any) -> list:
    if isinstance(spec, ExtensionTypeSpec):
        return list(spec._component_specs)
    if isinstance(spec, TensorSpec):
        return [spec]
    return [TensorSpec(None, dt.as_dtype(spec))]


def _map_extension_dynamic(fn: Callable, elems: Any, flat: list, signature: Any) -> Any:
    """The while_loop form of _map_extension (the number of elements unknown, or 0)."""
    if signature is None:
        signature = nest.map_structure(_row_spec, elems)
    check_batchable(signature, "_batch")
    leaves = nest.flatten(signature)
    specs = [s for leaf in leaves for s in _component_specs(leaf)]
    arrays = [TensorArray(s.dtype, size=0, dynamic_size=True, element_shape=s.shape)
              for s in specs]
    dtypes = [s.dtype for s in specs]
    shapes = [s.shape for s in specs]

    def body(i: Any, *tas: Any) -> tuple:
        out = fn(pack_extensions(elems, [gather(e, i) for e in flat]))
        nest.assert_same_structure(signature, out, check_types=False)
        vals = _check_dtypes(flatten_extensions(out), dtypes, shapes)
        return (i + 1,) + tuple(ta.write(i, v) for ta, v in zip(tas, vals))

    count = shape(flat[0])[0]
    res = while_loop(lambda i, *tas: i < count, body, (convert_to_tensor(0),) + tuple(arrays))
    stacked = iter([ta.stack() for ta in res[1:]])
    out = []
    for leaf in leaves:
        if isinstance(leaf, ExtensionTypeSpec):
            batched = leaf._batch(None)
            out.append(batched._from_components([next(stacked) for _ in
                                                 leaf._component_specs]))
        else:
            out.append(next(stacked))
    return nest.pack_sequence_as(signature, out)


def _row_spec_of(rt: RaggedTensor) -> RaggedTensorSpec:
    """The spec of one row of `rt`: one dimension and one ragged level fewer."""
    return RaggedTensorSpec(rt.shape[1:], rt.dtype, rt.ragged_rank - 1, rt.row_splits.dtype)


def _any_ragged(x: Any) -> bool:
    return any(isinstance(v, (RaggedTensor, RaggedTensorSpec)) for v in nest.flatten(x))


def _map_ragged(fn: Callable, elems: Any, signature: Any) -> Any:
    """map_fn over rows of RaggedTensors, or to ragged results (fn_output_signature holds a
    RaggedTensorSpec): fn runs on each row, and ragged results are stacked as rows of a
    RaggedTensor (a signature of ragged_rank 0 takes tensors of any lengths)."""
    flat = nest.flatten(elems)
    counts = [v.shape[0] for v in flat]
    n = counts[0]
    if n is None:
        return _map_ragged_dynamic(fn, elems, signature)
    rows = [[v[i] for i in range(n)] if isinstance(v, RaggedTensor) else unstack(v, num=n)
            for v in flat]
    outs = _unrolled(fn, [nest.pack_sequence_as(elems, [r[i] for r in rows])
                          for i in range(n)])
    for o in outs:  # (TF's check: against the signature, else the elements themselves)
        nest.assert_same_structure(elems if signature is None else signature, o,
                                   check_types=False)
    given = signature is not None
    if not given:  # (one element's: a row of a ragged tensor is ragged too)
        signature = nest.map_structure(lambda v: _row_spec_of(v)
                                       if isinstance(v, RaggedTensor) else v.dtype, elems)
    specs = nest.flatten(signature)
    columns = [nest.flatten(o) for o in outs]
    result = []
    for k, spec in enumerate(specs):
        parts = [c[k] for c in columns]
        for p in parts:  # (TF's default signature, the elements' most general one, takes any)
            if given:
                _check_result(spec, p)
        if isinstance(spec, RaggedTensorSpec) and parts and not all(
                isinstance(p, RaggedTensor) for p in parts):
            # TF encodes each result and decodes them stacked: its kernel refuses scalars
            # and dense results whose inner dims differ; it decodes dense results of a
            # spec of ragged_rank 0 into rows of ragged_rank 1
            decoded = decode_ragged(stack([encode_ragged(p, False) for p in parts]),
                                    spec.ragged_rank, spec.ragged_rank + 1, spec.dtype,
                                    spec.row_splits_dtype)
            if spec.ragged_rank == 0:
                result.append(decoded)
                continue
        if isinstance(spec, RaggedTensorSpec):
            result.append(_stacked_as(spec, parts) if parts else RaggedTensor.from_row_splits(
                zeros([0], dtype=spec.dtype), convert_to_tensor([0], spec.row_splits_dtype)))
        else:
            d = spec.dtype if hasattr(spec, "dtype") else dt.as_dtype(spec)
            # (TF's TensorArray: each result's shape merged into the one it holds)
            result.append(stack(_check_dtypes(parts, [d] * len(parts), _merged_shapes(
                spec, parts))) if parts else zeros([0], dtype=d))
    return nest.pack_sequence_as(signature, result)


def _merged_shapes(spec: Any, parts: list) -> list:
    """The shape a TensorArray holds before each of `parts` is written to it: the spec's
    (a TensorSpec's, else none), merged with each part written before, as TF's TensorArray
    (whose writes refuse a part of an incompatible shape)."""
    want = spec.shape if isinstance(spec, TensorSpec) else None
    out = []
    for p in parts:
        out.append(want)
        got = convert_to_tensor(p).shape
        if want is None:
            want = got
        elif want.is_compatible_with(got):
            want = want.merge_with(got)
    return out


def _stacked_as(spec: RaggedTensorSpec, parts: list) -> RaggedTensor:
    """`parts` stacked as the rows of a RaggedTensor of `spec`'s row_splits dtype (TF
    decodes the results by the signature: a spec's own, else the elements'); a row length
    the spec knows stays known (TF's results take the spec's shape)."""
    out = ragged_stack(parts).with_row_splits_dtype(spec.row_splits_dtype)
    rows = spec.shape[0] if spec.shape.rank else None
    if rows is None or spec.ragged_rank < 1:
        return out
    return RaggedTensor.from_uniform_row_length(out.values, rows, nrows=len(parts))


def _map_ragged_dynamic(fn: Callable, elems: Any, signature: Any) -> Any:
    """_map_ragged over a number of rows known only when it runs, as TF's graph has it: each
    ragged element's rows encoded (RaggedTensorToVariant, batched), read back one per
    iteration (RaggedTensorFromVariant), ragged results encoded one by one and the stacked
    encodings decoded into the rows of a RaggedTensor."""
    flat = nest.flatten(elems)
    general = signature is None  # (TF's default: the elements' most general spec)
    if general:
        signature = nest.map_structure(lambda v: _row_spec_of(v)
                                       if isinstance(v, RaggedTensor) else v.dtype, elems)
    specs = nest.flatten(signature)
    ragged = [isinstance(s, RaggedTensorSpec) for s in specs]
    flat_dtypes = [dt.variant if r else s.dtype if hasattr(s, "dtype") else dt.as_dtype(s)
                   for r, s in zip(ragged, specs)]

    def row(k: int, t: Any) -> Any:
        v = flat[k]
        if not isinstance(v, RaggedTensor):
            return t
        rank = v.ragged_rank - 1
        return decode_ragged(t, rank, rank, v.flat_values.dtype, v.row_splits.dtype,
                             v.flat_values.shape[1:])

    def results(out: Any) -> list:
        nest.assert_same_structure(signature, out, check_types=False)
        flat_out = nest.flatten(out)
        if not general:  # (TF's check of each result against the signature, as traced)
            for s, o in zip(specs, flat_out):
                _check_result(s, o)
        return [encode_ragged(o, False) if r else o for o, r in zip(flat_out, ragged)]

    def stacked(k: int, t: Any) -> Any:
        s = specs[k]
        if not ragged[k]:
            return t
        inner = s.shape[s.ragged_rank + 1:] if s.shape.rank is not None and not general \
            else None
        return decode_ragged(t, s.ragged_rank, s.ragged_rank + 1, s.dtype, s.row_splits_dtype,
                             inner)

    with name_scope("map"):
        encoded = [encode_ragged(v, True) if isinstance(v, RaggedTensor) else
                   convert_to_tensor(v) for v in flat]
        return _map_dynamic(fn, elems, encoded, signature, flat_dtypes, (row, results, stacked))


def _map_dynamic(fn: Callable, elems: Any, flat: list, dtypes: Any, flat_dtypes: list,
                 codec: tuple | None = None) -> Any:
    """As TF's graph has it: the elements unstacked into TensorArrays of n, each result
    written into one of n, by a while_loop of at most n iterations. `codec`: how element k's
    row is read from what its array holds, fn's results written and result k's stacked
    array read (_map_ragged_dynamic's variant encodings)."""
    row, results, stacked = codec or (lambda k, t: t, None, lambda k, t: t)
    n = shape(flat[0])[0]
    inputs = [TensorArray(e.dtype, size=n) for e in flat]
    inputs = [ta.unstack(e) for ta, e in zip(inputs, flat)]
    start = constant(0)
    arrays = [TensorArray(d, size=n) for d in flat_dtypes]

    def body(i: Any, *tas: Any) -> tuple:
        out = fn(nest.pack_sequence_as(elems, [row(k, ta.read(i))
                                               for k, ta in enumerate(inputs)]))
        vals = _check_dtypes(results(out) if results else nest.flatten(out), flat_dtypes)
        return (i + 1,) + tuple(ta.write(i, v) for ta, v in zip(tas, vals))

    res = while_loop(lambda i, *tas: i < n, body, (start,) + tuple(arrays),
                     maximum_iterations=n)
    return nest.pack_sequence_as(dtypes, [stacked(k, ta.stack())
                                          for k, ta in enumerate(res[1:])])


def _scan_dynamic(fn: Callable, elems: Any, initializer: Any, reverse: bool,
                  keep: bool, name: str | None) -> Any:
    """scan (`keep`: each accumulator kept) or fold over a number of elements known only
    when it runs, as TF's graph has it: the elements unstacked into TensorArrays, read
    from the first (the last when `reverse`) by a while_loop that writes each accumulator
    into TensorArrays of n; without an initializer the first element read starts it. Its
    nodes in TF's name scope ("scan", "foldl", "foldr")."""
    with name_scope(name or ("scan" if keep else "foldr" if reverse else "foldl")):
        return _scan_loop(fn, elems, initializer, reverse, keep)


def _scan_loop(fn: Callable, elems: Any, initializer: Any, reverse: bool, keep: bool) -> Any:
    flat = [convert_to_tensor(e) for e in _flat_elems(elems)]
    n = shape(flat[0])[0]
    inputs = [TensorArray(e.dtype, size=n).unstack(e) for e in flat]

    def item(i: Any) -> Any:
        return nest.pack_sequence_as(elems, [ta.read(i) for ta in inputs])

    first = n - 1 if reverse else constant(0)
    if initializer is None:
        acc, start = item(first), (n - 2 if reverse else constant(1))
    else:
        acc, start = nest.map_structure(convert_to_tensor, initializer), first
    flat_acc = nest.flatten(acc)
    arrays = [TensorArray(a.dtype, size=n, element_shape=a.shape) for a in flat_acc] \
        if keep else []
    if keep and initializer is None:
        arrays = [ta.write(first, a) for ta, a in zip(arrays, flat_acc)]

    def body(i: Any, accs: list, tas: list) -> tuple:
        out = nest.flatten(fn(nest.pack_sequence_as(acc, accs), item(i)))
        return (i - 1 if reverse else i + 1, out, [ta.write(i, v) for ta, v in zip(tas, out)])

    def more(i: Any, accs: list, tas: list) -> Any:
        return i >= 0 if reverse else i < n

    _, accs, tas = while_loop(more, body, (start, flat_acc, arrays))
    return nest.pack_sequence_as(acc, [ta.stack() for ta in tas] if keep else accs)


def _prepare_scan(elems: Any, initializer: Any, reverse: bool) -> tuple:
    flat = _flat_elems(elems)
    n = _leading(flat)
    columns = [unstack(e, num=n) for e in flat]
    items = [nest.pack_sequence_as(elems, [c[i] for c in columns]) for i in range(n)]
    if reverse:
        items = items[::-1]
    if initializer is None:
        if not items:
            raise ValueError("elems must not be empty when no initializer is given")
        return items[0], items[1:], True
    acc = nest.map_structure(convert_to_tensor, initializer)
    return acc, items, False


@dispatch_binding
def scan(fn: Callable, elems: Any, initializer: Any = None, parallel_iterations: int = 10,
         back_prop: bool = True, swap_memory: bool = False, infer_shape: bool = True,
         reverse: bool = False, name: str | None = None) -> Any:
    """The successive accumulators acc = fn(acc, elem), stacked along axis 0."""
    if not callable(fn):
        raise TypeError(f"fn must be callable. Received: {fn}")
    if _leading(_flat_elems(elems)) is None:
        return _scan_dynamic(fn, elems, initializer, reverse, True, name)
    acc, items, first_is_output = _prepare_scan(elems, initializer, reverse)
    outputs = [acc] if first_is_output else []
    with unrolled_loop(parallel_iterations) as loop:
        for item in items:
            loop.next_iteration()
            acc = fn(acc, item)
            outputs.append(acc)
    if reverse:
        outputs = outputs[::-1]
    flat = [nest.flatten(o) for o in outputs]
    return nest.pack_sequence_as(acc, [stack([convert_to_tensor(f[k]) for f in flat])
                                       for k in range(len(flat[0]))])


@dispatch_binding
def foldl(fn: Callable, elems: Any, initializer: Any = None, parallel_iterations: int = 10,
          back_prop: bool = True, swap_memory: bool = False, name: str | None = None) -> Any:
    """acc = fn(acc, elem) over the elements from first to last; returns the last acc."""
    return _fold(fn, elems, initializer, False, parallel_iterations)


@dispatch_binding
def foldr(fn: Callable, elems: Any, initializer: Any = None, parallel_iterations: int = 10,
          back_prop: bool = True, swap_memory: bool = False, name: str | None = None) -> Any:
    """acc = fn(acc, elem) over the elements from last to first; returns the last acc."""
    return _fold(fn, elems, initializer, True, parallel_iterations)


def _fold(fn: Callable, elems: Any, initializer: Any, reverse: bool, parallel: int) -> Any:
    if not callable(fn):
        raise TypeError(f"{fn.__class__.__name__} object is not callable")
    if _leading(_flat_elems(elems)) is None:
        return _scan_dynamic(fn, elems, initializer, reverse, False, None)
    acc, items, _ = _prepare_scan(elems, initializer, reverse=reverse)
    with unrolled_loop(parallel) as loop:
        for item in items:
            loop.next_iteration()
            acc = fn(acc, item)
    return acc


def _unrolled(fn: Callable, elements: list) -> list:
    """fn over the elements, traced as copies of one body (TF's one While op: a stateful
    random op's copies draw from one stream; random_unroll.py)."""
    outs = []
    with unrolled_loop(None) as loop:
        for e in elements:
            loop.next_iteration()
            outs.append(fn(e))
    return outs


def vectorized_map(fn: Callable, elems: Any, fallback_to_while_loop: bool = True,
                   warn: bool = True) -> Any:
    """fn applied to each element along axis 0, results stacked; the output structure and
    dtypes are those fn returns (computed here as a loop, with map_fn's semantics)."""
    if _any_ragged(elems):
        return _vectorized_ragged(fn, elems)
    flat = _flat_elems(elems)
    first = fn(nest.pack_sequence_as(elems, [gather(e, 0) for e in flat])) \
        if _leading(flat) != 0 else None
    signature = None if first is None else nest.map_structure(_result_spec, first)
    return map_fn(fn, elems, fn_output_signature=signature)


def _vectorized_ragged(fn: Callable, elems: Any) -> Any:
    """vectorized_map over elements that hold ragged tensors: fn over their rows, its
    results stacked by the spec of the first row's (a ragged result's of unknown dims)."""
    flat = nest.flatten(elems)
    n = flat[0].shape[0]
    if n == 0 or n is None:
        return map_fn(fn, elems)
    first = fn(nest.pack_sequence_as(elems, [e[0] for e in flat]))
    return map_fn(fn, elems, fn_output_signature=nest.map_structure(_result_spec, first))


def _result_spec(t: Any) -> Any:
    """The signature entry of vectorized_map's results like `t` (one element's result): a
    dtype, or a ragged result's spec of unknown dims."""
    if isinstance(t, RaggedTensor):
        return RaggedTensorSpec([None] * t.shape.rank, t.dtype, t.ragged_rank,
                                t.row_splits.dtype)
    return convert_to_tensor(t)._dtype
