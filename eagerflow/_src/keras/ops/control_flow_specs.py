"""Output specs of keras.ops' control flow (cond, switch, scan, while_loop, map,
associative_scan, vectorized_map) called on KerasTensors, as Keras 3's operations compute
them: a branch or body is run once on the operands' specs (Keras 3's TF backend traces it
into a scratch graph) and its outputs become KerasTensors. Keras 3 makes a KerasTensor
for each slice it takes (`xs[0]`), each output of the traced function and each spec it
rebuilds, each taking an automatic name, so later names agree only where eagerflow
counts them alike. Sits beside specs.py; core.py attaches these to its ops."""

from __future__ import annotations

from typing import Any, Callable

from eagerflow._src.core import nest
from eagerflow._src.core.sparse_tensor import SparseTensor
from eagerflow._src.core.tensor import is_tensor
from eagerflow._src.keras import backend as kb
from eagerflow._src.keras.engine.keras_tensor import KerasTensor, SymbolicTensor, trace_symbolic


def _as_spec(x: Any) -> Any:
    """A traced output as Keras 3's compute_output_spec returns it: a KerasTensor stays
    itself (here a copy with its name and flags, which becomes the node's output, as Keras
    3 reuses the tensor), a tensor becomes a new KerasTensor."""
    if isinstance(x, KerasTensor):
        return KerasTensor(x._shape, x._dtype, sparse=x.sparse, ragged=x.ragged, name=x.name)
    if is_tensor(x):
        return KerasTensor(x._shape, x._dtype, sparse=isinstance(x, SparseTensor))
    return x


def output_spec(fn: Callable, *args: Any) -> Any:
    """`fn(*args)` traced on the SymbolicTensors among `args` (run as it is where there
    are none: a branch reading KerasTensors it closes over makes their operations)."""
    if any(isinstance(a, SymbolicTensor) for a in nest.flatten(list(args))):
        out = trace_symbolic(fn, args, {})
    else:
        out = fn(*args)
    return nest.map_structure(_as_spec, out)


def _sliced(x: Any, dims: list) -> Any:
    """A slice of a spec (`x[0]`: a GetItem operation in Keras 3, its output named)."""
    kb.auto_name("KerasTensor")
    return SymbolicTensor(dims, x._dtype)


def _first(x: Any) -> Any:
    """`x[0]` as Keras 3 takes it of an operand: a tensor's first slice, a list's item."""
    if isinstance(x, SymbolicTensor):
        return _sliced(x, list(x._shape)[1:])
    return x[0]


def _shape(x: Any) -> tuple:
    return tuple(x._shape) if isinstance(x, (SymbolicTensor, KerasTensor)) else tuple(x.shape)


def _dtype(x: Any) -> Any:
    """A spec's dtype (an array's too: an operand left as it is where the bounds are the
    KerasTensors)."""
    return x._dtype if isinstance(x, (SymbolicTensor, KerasTensor)) else x.dtype


def _batched(n: Any, y: Any) -> Any:
    return nest.map_structure(lambda t: KerasTensor((n, *_shape(t)), t._dtype, sparse=t.sparse,
                                                    ragged=t.ragged), y)


def cond_spec(pred: Any, true_fn: Callable, false_fn: Callable) -> Any:
    """true_fn's outputs, where false_fn's are alike (structure, shapes and dtypes)."""
    true_spec, false_spec = output_spec(true_fn), output_spec(false_fn)
    if not _same_specs(true_spec, false_spec):
        raise ValueError("`true_fn` and `false_fn` should return outputs of the same kind "
                         f"(struct, dtype and shape). Got {true_spec} and {false_spec} "
                         "instead.")
    return true_spec


def _same_specs(a: Any, b: Any) -> bool:
    try:
        nest.assert_same_structure(a, b)
    except (ValueError, TypeError):
        return False
    for x, y in zip(nest.flatten(a), nest.flatten(b)):
        if x is None or y is None:
            if not (x is None and y is None):
                return False
        elif _shape(x) != _shape(y) or x._dtype != y._dtype:
            return False
    return True


def switch_spec(index: Any, branches: list, *operands: Any) -> Any:
    """The first branch's outputs."""
    return output_spec(branches[0], *operands)


def scan_spec(f: Callable, init: Any, xs: Any = None, length: Any = None,
              reverse: bool = False, unroll: Any = 1) -> tuple:
    """The carry as f returns it, and its `y` stacked `length` (else xs' length) times."""
    if xs is None:
        n, x = int(length), None
    else:
        n = int(length) if length is not None else _shape(nest.flatten(xs)[0])[0]
        x = _first(xs)
    carry, y = output_spec(f, init, x)
    return carry, KerasTensor((n, *_shape(y)), y._dtype, sparse=y.sparse)


def while_loop_spec(loop_vars: Any, cond: Callable, body: Callable,
                    maximum_iterations: Any = None) -> Any:
    """The loop variables' shapes and dtypes (the body is not run)."""
    return nest.map_structure(lambda v: KerasTensor(_shape(v), _dtype(v)), loop_vars)


def fori_loop_spec(init_val: Any, lower: Any, upper: Any, body_fun: Callable) -> Any:
    """The initial value's shape and dtype (the body is not run)."""
    return KerasTensor(_shape(init_val), _dtype(init_val))


def map_spec(f: Callable, xs: Any) -> Any:
    """f's outputs on a slice of xs, stacked xs' length times."""
    x = nest.map_structure(_first, xs)
    n = _shape(nest.flatten(xs)[0])[0]
    return _batched(n, output_spec(f, x))


def vectorized_map_spec(elements: Any, function: Callable) -> Any:
    """As map's (the elements first: VectorizedMap's operand)."""
    return map_spec(function, elements)


def associative_scan_spec(f: Callable, elems: Any, reverse: bool = False,
                          axis: int = 0) -> Any:
    """f's outputs' dtypes on a slice of each element along `axis`, in the first element's
    shape (all of one length along `axis`)."""
    flat = nest.flatten(elems)
    lengths = [_shape(e)[axis] for e in flat]
    if len(set(lengths)) != 1:
        raise ValueError("Array inputs to associative_scan must have the same first dimension."
                         f" (saw: {[_shape(e) for e in flat]})")

    def slice_one(e: Any) -> Any:
        dims = list(_shape(e))
        dims[axis] = 1
        return _sliced(e, dims)

    x = nest.pack_sequence_as(elems, [slice_one(e) for e in flat])
    y = output_spec(f, x, x)
    return nest.map_structure(
        lambda t: KerasTensor(_shape(flat[0]), t._dtype, sparse=t.sparse), y)
