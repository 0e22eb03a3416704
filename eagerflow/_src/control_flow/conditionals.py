"""Conditionals: tf.cond, tf.case and tf.switch_case.

Sits in control_flow/, above subgraph_ops.py. Eagerly these are plain Python: the
predicate's value picks a branch and tapes record the ops that actually ran. While a
graph is built a cond becomes one "If" op holding both branches traced as sub-graphs
(subgraph_ops.build_cond), a switch_case one "Case" op holding every branch
(case_op.build_case); case is a chain of conds, as TF's.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from eagerflow._src.control_flow.case_op import build_case
from eagerflow._src.control_flow.subgraph_ops import build_cond
from eagerflow._src.core import dtypes as dt
from eagerflow._src.core.context import _state
from eagerflow._src.core.errors import InvalidArgumentError
from eagerflow._src.core.name_scope import name_scope
from eagerflow._src.core.tensor import Tensor, convert_to_tensor
from eagerflow._src.ops.composite_dispatch import dispatch_binding
from eagerflow._src.ops.debugging import Assert
from eagerflow._src.ops.math_base import cast
from eagerflow._src.ops.reduce import reduce_sum
from eagerflow._src.ops.stacking import stack

__all__ = ["case", "cond", "switch_case"]


# ---------------------------------------------------------------------------------------
# cond
# ---------------------------------------------------------------------------------------

@dispatch_binding
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
    if isinstance(pred, bool) and _state.graph is not None:  # (eagerly TF takes one)
        raise TypeError("pred must not be a Python bool", pred)
    if _state.graph is None:
        # (the tensor's truth value: one element of any rank; NumPy's errors otherwise)
        return true_fn() if bool(convert_to_tensor(pred)._numpy()) else false_fn()
    return build_cond(convert_to_tensor(pred), true_fn, false_fn, name or "cond")


def switch_case(branch_index: Any, branch_fns: Any, default: Callable | None = None,
                name: str = "switch_case") -> Any:
    """Runs `branch_fns[branch_index]()` (an index out of range runs `default`, or the last
    branch); in a graph, one "Case" op holding every branch (case_op.py)."""
    fns = _indexed_branches(branch_fns, default, branch_index)
    with name_scope(name or "case"):
        if _state.graph is None:
            i = int(branch_index._numpy())
            return fns[i if 0 <= i < len(fns) else -1]()
        return build_case(branch_index, fns)


def _indexed_branches(branch_fns: Any, default: Callable | None, branch_index: Any) -> list:
    """The branches of tf.switch_case, checked and ordered as TF's (`default` last)."""
    if not isinstance(branch_index, Tensor):
        raise TypeError(f"'branch_index' must be a Tensor, got {type(branch_index)}")
    if not branch_index.dtype.is_integer:
        raise TypeError(f"'branch_index' must be an integer Tensor, got {branch_index.dtype}")
    if not branch_fns:
        raise ValueError("Must provide at least one item in 'branch_fns'")
    if not isinstance(branch_fns, (list, tuple, dict)):
        raise TypeError("'branch_fns' must be a list, tuple, or dict")
    pairs = list(branch_fns.items()) if isinstance(branch_fns, dict) else list(branch_fns)
    if all(callable(fn) for fn in pairs):
        pairs = list(enumerate(pairs))
    for pair in pairs:
        if not isinstance(pair, tuple) or len(pair) != 2:
            raise TypeError(f"Each entry in 'branch_fns' must be a 2-tuple. Received {pair}.")
        key, fn = pair
        if not isinstance(key, int):
            raise TypeError(f"key must be a Python `int`, got {type(key)}")
        if not callable(fn):
            raise TypeError(f"fn for key {key} must be callable.")
    keys = [k for k, _ in pairs]
    if min(keys) < 0 or max(keys) >= len(keys) or len(set(keys)) != len(keys):
        raise ValueError(f"branch indices (keys) must form contiguous range of [0 to "
                         f"{len(keys)}) but found {{{','.join(map(str, sorted(keys)))}}}")
    fns = [fn for _, fn in sorted(pairs, key=lambda kv: kv[0])]
    if default is not None:
        fns.append(default)
    return fns


@dispatch_binding
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
            raise InvalidArgumentError(
                None, None, "Input error: exclusive=True: more than 1 conditions evaluated as "
                "True: " + ", ".join(str(v) for v in values))
        for v, (_, fn) in zip(values, pairs):
            if v:
                return fn()
        if default is None:
            raise InvalidArgumentError(None, None, "Input error: None of conditions evaluated "
                                                   "as True: " + ", ".join(str(v) for v in values))
        return default()
    if default is None:
        default = pairs[-1][1]
        pairs = pairs[:-1]
        preds = preds[:-1]
    with name_scope(name or "case"):  # (TF's conds: "case/cond", "case/cond/cond")
        if exclusive and len(preds) > 1:
            count = reduce_sum(cast(stack(preds), dt.int32))
            Assert(count <= 1, ["Input error: exclusive=True: more than 1 conditions evaluated "
                                "as True"])

        def chain(k: int) -> Callable:
            if k == len(pairs):
                return default
            return lambda: cond(preds[k], pairs[k][1], chain(k + 1))
        return chain(0)()

