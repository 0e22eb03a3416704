"""Control flow: tf.cond, tf.case, tf.switch_case and tf.while_loop.

Sits in ops/ but builds on graph/ (imported lazily: only graph mode needs it).
Eagerly these are plain Python: the predicate's value picks a branch, the loop runs
in Python, and tapes record the ops that actually ran. While a graph is built they
become single operations holding sub-graphs ("If", "While"), traced once per
branch/body; their gradients are built from the same sub-graphs replayed under a
tape (a cond's gradient is a cond of the branch gradients; a loop's gradient runs
the body's gradient backwards over the loop variables each iteration saw).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from eagerflow._src.core import dtypes as dt
from eagerflow._src.core import nest
from eagerflow._src.core.context import _state
from eagerflow._src.core.shape import TensorShape
from eagerflow._src.core.tensor import Tensor, convert_to_tensor

__all__ = ["case", "cond", "switch_case", "while_loop"]


def _is_tensor_array(x: Any) -> bool:
    return getattr(x, "_is_tensor_array", False)


def _flatten(structure: Any) -> list:
    """nest.flatten that keeps TensorArrays as leaves."""
    return nest.flatten(structure)


# ---------------------------------------------------------------------------------------
# cond
# ---------------------------------------------------------------------------------------

def cond(pred: Any, true_fn: Callable | None = None, false_fn: Callable | None = None,
         name: str | None = None) -> Any:
    """`true_fn()` if `pred` else `false_fn()`; in a graph, one "If" op holding both."""
    if true_fn is None:
        raise TypeError("cond(): 'true_fn' argument required")
    if false_fn is None:
        raise TypeError("cond(): 'false_fn' argument required")
    if not callable(true_fn):
        raise TypeError("'true_fn' must be callable.")
    if not callable(false_fn):
        raise TypeError("'false_fn' must be callable.")
    if isinstance(pred, bool):
        raise TypeError(("pred must not be a Python bool", pred))
    if _state.graph is None:
        p = convert_to_tensor(pred)
        if p._shape not in ((), None) and p._shape != (1,) * len(p._shape):
            raise ValueError(f"Shape must be rank 0 but is rank {len(p._shape)}")
        return true_fn() if bool(p._numpy().reshape(())) else false_fn()
    from eagerflow._src.ops.control_flow_graph import build_cond

    return build_cond(convert_to_tensor(pred), true_fn, false_fn, name or "cond")


def switch_case(branch_index: Any, branch_fns: Any, default: Callable | None = None,
                name: str = "switch_case") -> Any:
    """Runs `branch_fns[branch_index]()` (out-of-range indices run `default`, or the last
    branch)."""
    if isinstance(branch_fns, dict):
        keys = sorted(branch_fns)
        if keys != list(range(len(keys))):
            raise ValueError(f"branch indices (keys) must form contiguous range of [0 to "
                             f"{len(keys)}) but found {{{','.join(str(k) for k in keys)}}}")
        fns = [branch_fns[k] for k in keys]
    else:
        fns = list(branch_fns)
        if fns and isinstance(fns[0], tuple):
            fns = [f for _, f in sorted(fns, key=lambda kv: kv[0])]
    if not fns:
        raise ValueError("Must provide at least one item in `branch_fns`")
    for f in fns:
        if not callable(f):
            raise TypeError("fn for branch must be callable.")
    if default is None:
        default = fns[-1]
    idx = convert_to_tensor(branch_index)
    if not idx._dtype.is_integer:
        raise TypeError(f"branch_index must be an integer Tensor, got {idx._dtype!r}")
    if _state.graph is None:
        i = int(idx._numpy())
        return fns[i]() if 0 <= i < len(fns) else default()
    from eagerflow._src.ops.math import equal

    # A chain of conds: index i runs branch i; anything else runs `default`.
    def chain(k: int) -> Callable:
        if k == len(fns):
            return default
        return lambda: cond(equal(idx, k), fns[k], chain(k + 1))
    return chain(0)()


def case(pred_fn_pairs: Any, default: Callable | None = None, exclusive: bool = False,
         strict: bool = False, name: str = "case") -> Any:
    """Runs the fn of the first pair whose predicate is true (else `default`)."""
    if isinstance(pred_fn_pairs, dict):
        raise TypeError("Tensor is unhashable. Instead, use tensor.ref() as the key.")
    pairs = list(pred_fn_pairs)
    for p in pairs:
        if not isinstance(p, tuple) or len(p) != 2:
            raise TypeError("Each entry in pred_fn_pairs must be a 2-tuple")
        if not callable(p[1]):
            raise TypeError(f"fn for pred {p[0]} must be callable.")

    preds = [convert_to_tensor(p) for p, _ in pairs]
    if _state.graph is None:
        values = [bool(p._numpy()) for p in preds]
        if exclusive and sum(values) > 1:
            from eagerflow._src.core.errors import InvalidArgumentError

            raise InvalidArgumentError(
                None, None, "Input error: exclusive=True: more than 1 conditions evaluated as "
                "True: " + ", ".join(str(v) for v in values))
        for v, (_, fn) in zip(values, pairs):
            if v:
                return fn()
        if default is None:
            from eagerflow._src.core.errors import InvalidArgumentError

            raise InvalidArgumentError(None, None, "Input error: None of conditions evaluated "
                                                   "as True: " + ", ".join(str(v) for v in values))
        return default()
    if default is None:
        default = pairs[-1][1]
        pairs = pairs[:-1]
        preds = preds[:-1]
    if exclusive and len(preds) > 1:
        from eagerflow._src.ops.array import stack
        from eagerflow._src.ops.math import cast
        from eagerflow._src.ops.reduce import reduce_sum

        count = reduce_sum(cast(stack(preds), dt.int32))
        _assert(count <= 1, "Input error: exclusive=True: more than 1 conditions evaluated "
                            "as True")

    def chain(k: int) -> Callable:
        if k == len(pairs):
            return default
        return lambda: cond(preds[k], pairs[k][1], chain(k + 1))
    return chain(0)()


def _assert(condition: Any, message: str) -> None:
    try:
        from eagerflow._src.ops.debugging import Assert  # the ops stream's tf.debugging.Assert
    except ImportError:
        return
    Assert(condition, [message])


# ---------------------------------------------------------------------------------------
# while_loop
# ---------------------------------------------------------------------------------------

def while_loop(cond: Callable, body: Callable, loop_vars: Any, shape_invariants: Any = None,
               parallel_iterations: int = 10, back_prop: bool = True, swap_memory: bool = False,
               maximum_iterations: Any = None, name: str | None = None) -> Any:
    """Repeats `loop_vars = body(*loop_vars)` while `cond(*loop_vars)`."""
    if not callable(cond):
        raise TypeError("cond must be callable.")
    if not callable(body):
        raise TypeError("body must be callable.")
    if parallel_iterations < 1:
        raise TypeError("parallel_iterations must be a positive integer.")
    if _state.graph is None:
        return _eager_while(cond, body, loop_vars, maximum_iterations)
    from eagerflow._src.ops.control_flow_graph import build_while

    return build_while(cond, body, loop_vars, shape_invariants, maximum_iterations,
                       name or "while")


def _as_args(loop_vars: Any) -> tuple:
    if isinstance(loop_vars, (list, tuple)) and not hasattr(loop_vars, "_fields"):
        return tuple(loop_vars)
    return (loop_vars,)


def _eager_while(cond: Callable, body: Callable, loop_vars: Any, maximum_iterations: Any) -> Any:
    single = not (isinstance(loop_vars, (list, tuple)) and not hasattr(loop_vars, "_fields"))
    limit = None if maximum_iterations is None else int(convert_to_tensor(maximum_iterations))
    vars_ = loop_vars
    i = 0
    while limit is None or i < limit:
        c = cond(*_as_args(vars_)) if not single else cond(vars_)
        if not bool(convert_to_tensor(c)._numpy()):
            break
        out = body(*_as_args(vars_)) if not single else body(vars_)
        if not single and not isinstance(out, (list, tuple)) and len(_as_args(vars_)) == 1:
            out = type(vars_)([out]) if isinstance(vars_, list) else (out,)
        try:
            nest.assert_same_structure(vars_, out, check_types=False)
        except (ValueError, TypeError) as e:
            raise ValueError(f"The two structures don't have the same nested structure. {e}") \
                from None
        vars_ = out
        i += 1
    # the results are tensors, as TF's eager loop converts them (TensorArrays stay)
    return nest.map_structure(lambda v: v if _is_tensor_array(v) else convert_to_tensor(v),
                              vars_)


def shape_of(x: Any) -> TensorShape:
    if isinstance(x, Tensor):
        return x.shape
    return TensorShape(convert_to_tensor(x).shape)
