"""TF's 29 BoostedTrees ops (the 27 BoostedTrees* ops of tf.estimator's gradient boosted
trees: the tree ensemble and quantile stream resources, their stats, split, update and
prediction ops; and IsBoostedTrees*Initialized), as TF 2.21 answers them: it defines every
one and registers no kernel for any (none since TF 2.16, which dropped tf.estimator), so
tf.raw_ops offers them and every call is refused.

Ops layer, loaded on first use (op_index.py lists its ops), after unavailable_ops, whose
ops are refused the same way. Eagerly a call raises TF's kernel-lookup error once TF's
checks of its attrs passed (tf.raw_ops' own): InvalidArgumentError "No OpKernel was
registered to support Op ..." where an input is a resource tensor (TF places such an op by
its handle's device first), else NotFoundError "Could not find device for node ...";
TF checks no input's dtype before that. Inside a tf.function the op traces, its outputs
shaped as TF's shape functions shape them, and running the function raises TF's
InvalidArgumentError for the node. The node's attrs are listed as TF lists them, every
attr of the op's definition with its default filled, in TF's hash-map order, which
varies from one TF process to the next (here: sorted).

While a graph is built TF's shape functions check the inputs' ranks and sizes first
(`_CHECKS`: a ValueError naming the node, as graph/shape_errors.py words it).
"""

from __future__ import annotations

import base64
from collections.abc import Callable
from typing import Any

from eagerflow._src.core import dtypes as dt
from eagerflow._src.core.context import _state
from eagerflow._src.core.errors import InvalidArgumentError, NotFoundError
from eagerflow._src.ops import checks as C
from eagerflow._src.ops import tf_op_defs
from eagerflow._src.ops.dispatch import bind
from eagerflow._src.ops.registry import BadSample, OpDef, TFForm, register

_NO_KERNELS = "  <no registered kernels>"


def _tracing(inputs: tuple) -> bool:
    return _state.graph is not None or any(C.is_graph_tensor(x) for x in inputs)


def _attr_text(kind: str, value: Any) -> str:
    if kind == "string":
        return f'"{value.decode() if isinstance(value, bytes) else value}"'
    if kind == "bool":
        return "true" if value else "false"
    return str(int(value))


def _default(a: dict) -> Any:
    v = a.get("defaultValue", {})
    if "s" in v:
        return base64.b64decode(v["s"]).decode()
    return v.get("b", False) if "b" in v else int(v.get("i", 0))


def node_attrs(op: str, inputs: tuple, attrs: dict) -> str:
    """The node's attrs as TF's errors list them: each attr of TF's definition (a list's
    length counted from the inputs), its default where the call set none, sorted."""
    sig = tf_op_defs.signatures().get(op, {})
    counts = _list_lengths(sig, len(inputs))
    words = []
    for a in sorted(sig.get("attr", ()), key=lambda a: a["name"]):
        name = a["name"]
        value = attrs.get(name, counts.get(name))
        words.append(f"{name}={_attr_text(a['type'], _default(a) if value is None else value)}")
    return ", ".join(words)


def _list_lengths(sig: dict, n_inputs: int) -> dict:
    """Each number attr's value: the length of the input lists it counts (every input
    that is not a list is one tensor; the lists of one attr share the rest equally)."""
    args = sig.get("inputArg", ())
    single = sum(1 for a in args if "numberAttr" not in a)
    counted: dict = {}
    for a in args:
        if "numberAttr" in a:
            counted.setdefault(a["numberAttr"], 0)
            counted[a["numberAttr"]] += 1
    if len(counted) != 1:
        return {}
    (name, lists), = counted.items()
    return {name: (n_inputs - single) // lists}


def eager_refusal(op: str, inputs: tuple, attrs: dict) -> Exception:
    """TF 2.21's eager error for a call of `op` (no kernel runs it anywhere)."""
    text = node_attrs(op, inputs, attrs)
    if any(x._dtype is dt.resource for x in inputs):
        return InvalidArgumentError(
            None, None, f"No OpKernel was registered to support Op '{op}' used by {{{{node "
                        f"{op}}}}} with these attrs: [{text}]\nRegistered devices: [CPU]\n"
                        f"Registered kernels:\n{_NO_KERNELS}\n\n\t [[{op}]] [Op:{op}]")
    return NotFoundError(None, None, f"Could not find device for node: {{{{node {op}}}}} = "
                                     f"{op}[{text}]\nAll kernels registered for op {op}:\n"
                                     f"{_NO_KERNELS}\n [Op:{op}]")


# -- TF's shape functions' checks while a graph is built ----------------------------------
# (each refusal is worded as TF's InferenceContext words it; graph/shape_errors.py adds the
# node and its inputs' shapes, as TF's ValueError does)

def _rank_of(x: Any) -> int | None:
    return None if x._shape is None else len(x._shape)




def _rank(op: str, x: Any, rank: int, at_most: bool = False) -> None:
    have = _rank_of(x)
    if have is not None and (have > rank if at_most else have != rank):
        words = "at most rank" if at_most else "rank"
        raise C.fail(op, f"Shape must be {words} {rank} but is rank {have}")


def _same_dim(op: str, a: int | None, b: int | None) -> None:
    if a is not None and b is not None and a != b:
        raise C.fail(op, f"Dimensions must be equal, but are {a} and {b}")


def _scalars(op: str, inputs: tuple, *at: int) -> None:
    for k in at:
        _rank(op, inputs[k], 0)


def _check_range(op: str, x: Any) -> None:
    _rank(op, x, 1)
    C.merge_shapes(op, x._shape, (2,))


def _check_best_gains(op: str, inputs: tuple, attrs: dict) -> None:
    n = len(inputs) - 5
    _check_range(op, inputs[0])
    _rank(op, inputs[1], 3)
    C.merge_shapes(op, inputs[1]._shape, (int(attrs["max_splits"]), None, 2))
    for x in inputs[2:1 + n]:
        _rank(op, x, 3)
        C.merge_shapes(op, inputs[1]._shape, x._shape)
    _scalars(op, inputs, n + 1, n + 2, n + 3)  # (TF leaves min_node_weight unchecked)


def _check_best_split(op: str, inputs: tuple, attrs: dict) -> None:
    _check_range(op, inputs[0])
    _rank(op, inputs[1], 4)
    _scalars(op, inputs, 2, 3, 4, 5)


def _check_best_split_v2(op: str, inputs: tuple, attrs: dict) -> None:
    n = len(inputs) - 7
    _check_range(op, inputs[0])
    for x in inputs[1:1 + n]:
        _rank(op, x, 4)
        C.merge_shapes(op, inputs[1]._shape, x._shape)
    _rank(op, inputs[1 + n], 1)  # split_types
    _rank(op, inputs[2 + n], 1)  # candidate_feature_ids
    _scalars(op, inputs, 3 + n, 4 + n, 5 + n, 6 + n)


def _check_sparse_split(op: str, inputs: tuple, attrs: dict) -> None:
    _check_range(op, inputs[0])
    for k, rank in ((1, 2), (2, 1), (3, 1)):
        _rank(op, inputs[k], rank)
    _scalars(op, inputs, 4, 5, 6, 7)


def _check_stats_summary(op: str, inputs: tuple, attrs: dict) -> None:
    node_ids, grads, hess = inputs[:3]
    for x, rank in ((node_ids, 1), (grads, 2), (hess, 2)):
        _rank(op, x, rank)
    _same_dim(op, _dim(node_ids, 0), _dim(grads, 0))
    C.merge_shapes(op, grads._shape, hess._shape)
    for x in inputs[3:]:
        _rank(op, x, 1)
        _same_dim(op, _dim(node_ids, 0), _dim(x, 0))


def _check_aggregate(op: str, inputs: tuple, attrs: dict) -> None:
    for x, rank in zip(inputs, (1, 2, 2, 2)):
        _rank(op, x, rank)
    for x in inputs[1:4]:
        _same_dim(op, _dim(x, 0), _dim(inputs[0], 0))


def _check_sparse_aggregate(op: str, inputs: tuple, attrs: dict) -> None:
    for x, rank in zip(inputs, (1, 2, 2, 2, 1, 1)):
        _rank(op, x, rank)
    _same_dim(op, _dim(inputs[1], 0), _dim(inputs[0], 0))
    _same_dim(op, _dim(inputs[2], 0), _dim(inputs[0], 0))
    _same_dim(op, _dim(inputs[3], 0), _dim(inputs[4], 0))
    size = _dim(inputs[5], 0)
    if size is not None and size != 2:
        raise C.fail(op, f"Dimension must be 2 but is {size}")


def _check_features(first: int, same_batch: bool) -> Callable:
    """Predict's and its kin's bucketized features (from input `first`): each of rank at
    most 2, of one batch size (TrainingPredict: its cached ids' instead)."""
    def check(op: str, inputs: tuple, attrs: dict) -> None:
        for x in inputs[first:]:
            _rank(op, x, 2, at_most=True)
            if same_batch:
                _same_dim(op, _dim(inputs[first], 0), _dim(x, 0))
        if not same_batch:
            _rank(op, inputs[1], 1)
            _rank(op, inputs[2], 1)
            _same_dim(op, _dim(inputs[1], 0), _dim(inputs[2], 0))
    return check


def _check_update(op: str, inputs: tuple, attrs: dict) -> None:
    n = (len(inputs) - 4) // 5
    _rank(op, inputs[1], 1)
    C.merge_shapes(op, inputs[1]._shape, (n,))
    for k in range(n):
        _rank(op, inputs[2 + k], 1)
        rows = _dim(inputs[2 + k], 0)
        for j, shape in ((1, (rows,)), (2, (rows,)), (3, (rows, 1)), (4, (rows, 1))):
            x = inputs[2 + j * n + k]
            _rank(op, x, len(shape))
            C.merge_shapes(op, x._shape, shape)


def _check_update_v2(op: str, inputs: tuple, attrs: dict) -> None:
    """UpdateEnsembleV2's inputs: the handle, a feature_ids list per group, then seven lists
    per feature and three scalars. (As TF 2.21 checks them: each group's feature ids are as
    many as the nodes of its last feature.)"""
    groups = int(attrs.get("num_groups", 1))
    n = (len(inputs) - 4 - groups) // 7
    per_group = max(n // max(groups, 1), 1)
    ld = int(attrs.get("logits_dimension", 1))
    first = 1 + groups
    for k in range(n):
        _rank(op, inputs[first + k], 1)  # dimension_ids
        _rank(op, inputs[first + n + k], 1)  # node_ids
        rows = _dim(inputs[first + n + k], 0)
        for j, shape in ((2, (rows,)), (3, (rows,)), (4, (rows, ld)), (5, (rows, ld)),
                         (6, (rows,))):
            x = inputs[first + j * n + k]
            _rank(op, x, len(shape))
            C.merge_shapes(op, x._shape, shape)
        g = k // per_group
        if (k + 1) % per_group == 0 and g < groups:
            _rank(op, inputs[1 + g], 1)
            C.merge_shapes(op, (rows,), inputs[1 + g]._shape)


def _check_center_bias(op: str, inputs: tuple, attrs: dict) -> None:
    _rank(op, inputs[1], 2)
    _rank(op, inputs[2], 2)
    C.merge_shapes(op, inputs[1]._shape, inputs[2]._shape)
    _scalars(op, inputs, 3, 4)


def _check_bucketize(op: str, inputs: tuple, attrs: dict) -> None:
    for x in inputs[:len(inputs) // 2]:
        _rank(op, x, 1)
        _same_dim(op, _dim(x, 0), _dim(inputs[0], 0))


def _check_summaries(op: str, inputs: tuple, attrs: dict) -> None:
    _rank(op, inputs[-2], 1)
    for x in inputs[:-2]:
        _rank(op, x, 1)
    _rank(op, inputs[-1], 0)


def _check_add_summaries(op: str, inputs: tuple, attrs: dict) -> None:
    _rank(op, inputs[0], 0)
    for x in inputs[1:]:
        _rank(op, x, 2)


def _check_scalars(count: int) -> Callable:
    """The first `count` inputs are scalars."""
    return lambda op, inputs, attrs: _scalars(op, inputs, *range(min(count, len(inputs))))


# op -> TF's shape function's checks
_CHECKS: dict[str, Callable] = {
    "IsBoostedTreesEnsembleInitialized": _check_scalars(1),
    "IsBoostedTreesQuantileStreamResourceInitialized": _check_scalars(1),
    "BoostedTreesCreateEnsemble": _check_scalars(3),
    "BoostedTreesDeserializeEnsemble": _check_scalars(3),
    "BoostedTreesSerializeEnsemble": _check_scalars(1),
    "BoostedTreesGetEnsembleStates": _check_scalars(1),
    "BoostedTreesPredict": _check_features(1, True),
    "BoostedTreesExampleDebugOutputs": _check_features(1, True),
    "BoostedTreesTrainingPredict": _check_features(3, False),
    "BoostedTreesMakeStatsSummary": _check_stats_summary,
    "BoostedTreesAggregateStats": _check_aggregate,
    "BoostedTreesSparseAggregateStats": _check_sparse_aggregate,
    "BoostedTreesCalculateBestGainsPerFeature": _check_best_gains,
    "BoostedTreesCalculateBestFeatureSplit": _check_best_split,
    "BoostedTreesSparseCalculateBestFeatureSplit": _check_sparse_split,
    "BoostedTreesUpdateEnsemble": _check_update,
    "BoostedTreesUpdateEnsembleV2": _check_update_v2,
    "BoostedTreesCalculateBestFeatureSplitV2": _check_best_split_v2,
    "BoostedTreesCenterBias": _check_center_bias,
    "BoostedTreesBucketize": _check_bucketize,
    "BoostedTreesCreateQuantileStreamResource": _check_scalars(3),
    "BoostedTreesMakeQuantileSummaries": _check_summaries,
    "BoostedTreesQuantileStreamResourceAddSummaries": _check_add_summaries,
    "BoostedTreesQuantileStreamResourceFlush": _check_scalars(2),
    "BoostedTreesQuantileStreamResourceGetBucketBoundaries": _check_scalars(1),
    # (TF checks the handle and the first boundaries only)
    "BoostedTreesQuantileStreamResourceDeserialize": _check_scalars(2),
}

# The words of those refusals (graph/shape_errors.py makes them TF's ValueError)
SHAPE_ERRORS = ("Shape must be ", "Dimensions must be equal", "Shapes must be equal rank",
                "Dimension ")


# -- the outputs TF's shape functions give a traced node ------------------------------------

def _dim(x: Any, i: int) -> int | None:
    shape = x._shape
    return None if shape is None or len(shape) <= i else shape[i]


def _fixed(*specs: tuple) -> Callable:
    return lambda inputs, attrs: list(specs)


def _per_feature(first: int, shape: tuple, dtype: dt.DType, lists: int = 1) -> Callable:
    """`lists` output lists, each one `shape` of `dtype` per feature (input lists of equal
    length from input `first` on; a -1 in `shape` is the feature's first dim)."""
    def outputs(inputs: tuple, attrs: dict) -> list:
        n = (len(inputs) - first) // lists if "num_features" not in attrs else \
            int(attrs["num_features"])
        return [(tuple(_dim(inputs[first + k], 0) if d == -1 else d for d in shape), dtype)
                for k in range(n)]
    return outputs


def _ensemble_batch(first: int) -> Callable:
    def batch(inputs: tuple) -> int | None:
        return _dim(inputs[-1], 0) if len(inputs) > first else None
    return batch


def _predict(inputs: tuple, attrs: dict) -> list:
    return [((_ensemble_batch(1)(inputs), int(attrs["logits_dimension"])), dt.float32)]


def _training_predict(inputs: tuple, attrs: dict) -> list:
    b = _ensemble_batch(3)(inputs)
    return [((b, int(attrs["logits_dimension"])), dt.float32), ((b,), dt.int32),
            ((b,), dt.int32)]


def _debug_outputs(inputs: tuple, attrs: dict) -> list:
    return [((_ensemble_batch(1)(inputs),), dt.string)]


def _stats_summary(inputs: tuple, attrs: dict) -> list:
    n = len(inputs) - 3
    return [((n, int(attrs["max_splits"]), int(attrs["num_buckets"]), 2), dt.float32)]


def _aggregate_stats(inputs: tuple, attrs: dict) -> list:
    g, h = _dim(inputs[1], 1), _dim(inputs[2], 1)
    stats = None if g is None or h is None else g + h
    return [((int(attrs["max_splits"]), _dim(inputs[3], 1), int(attrs["num_buckets"]) + 1,
              stats), dt.float32)]


def _best_gains(inputs: tuple, attrs: dict) -> list:
    n = len(inputs) - 5
    out = []
    for shape, dtype in (((None,), dt.int32), ((None,), dt.float32), ((None,), dt.int32),
                         ((None, 1), dt.float32), ((None, 1), dt.float32)):
        out += [(shape, dtype)] * n
    return out


def _best_split(feature_ids: bool) -> Callable:
    def outputs(inputs: tuple, attrs: dict) -> list:
        contribs = ((None, int(attrs["logits_dimension"])), dt.float32)
        ints = [((None,), dt.int32)] * (3 if feature_ids else 2)
        return [((None,), dt.int32), ((None,), dt.float32), *ints, contribs, contribs,
                ((None,), dt.string)]
    return outputs


_SCALAR_RESOURCE = ((), dt.resource)
_BOOL = ((), dt.bool)
_SUMMARY = (None, 4)

# op -> (TF's output specs of a traced node from its inputs and attrs, stateful)
_OPS: dict[str, tuple] = {
    "BoostedTreesEnsembleResourceHandleOp": (_fixed(_SCALAR_RESOURCE), True),
    "BoostedTreesQuantileStreamResourceHandleOp": (_fixed(_SCALAR_RESOURCE), True),
    "IsBoostedTreesEnsembleInitialized": (_fixed(_BOOL), True),
    "IsBoostedTreesQuantileStreamResourceInitialized": (_fixed(_BOOL), True),
    "BoostedTreesCreateEnsemble": (_fixed(), True),
    "BoostedTreesDeserializeEnsemble": (_fixed(), True),
    "BoostedTreesSerializeEnsemble": (_fixed(((), dt.int64), ((), dt.string)), True),
    "BoostedTreesGetEnsembleStates": (_fixed(((), dt.int64), ((), dt.int32), ((), dt.int32),
                                             ((), dt.int32), ((2,), dt.int32)), True),
    "BoostedTreesPredict": (_predict, True),
    "BoostedTreesTrainingPredict": (_training_predict, True),
    "BoostedTreesExampleDebugOutputs": (_debug_outputs, True),
    "BoostedTreesMakeStatsSummary": (_stats_summary, False),
    "BoostedTreesAggregateStats": (_aggregate_stats, False),
    "BoostedTreesSparseAggregateStats": (_fixed(((None, 4), dt.int32), ((None,), dt.float32),
                                                ((4,), dt.int32)), False),
    "BoostedTreesCalculateBestGainsPerFeature": (_best_gains, False),
    "BoostedTreesCalculateBestFeatureSplit": (_best_split(False), False),
    "BoostedTreesCalculateBestFeatureSplitV2": (_best_split(True), False),
    "BoostedTreesSparseCalculateBestFeatureSplit": (_best_split(False), False),
    "BoostedTreesUpdateEnsemble": (_fixed(), True),
    "BoostedTreesUpdateEnsembleV2": (_fixed(), True),
    "BoostedTreesCenterBias": (_fixed(_BOOL), True),
    "BoostedTreesBucketize": (_per_feature(0, (-1,), dt.int32, lists=2), False),
    "BoostedTreesCreateQuantileStreamResource": (_fixed(), True),
    "BoostedTreesMakeQuantileSummaries": (_per_feature(0, _SUMMARY, dt.float32), False),
    "BoostedTreesQuantileStreamResourceAddSummaries": (_fixed(), True),
    "BoostedTreesQuantileStreamResourceFlush": (_fixed(), True),
    "BoostedTreesQuantileStreamResourceGetBucketBoundaries": (
        _per_feature(1, (None,), dt.float32), True),
    "BoostedTreesQuantileStreamResourceDeserialize": (_fixed(), True),
    "BoostedTreesFlushQuantileSummaries": (_per_feature(1, _SUMMARY, dt.float32), True),
}


def _summaries_outputs(inputs: tuple, attrs: dict) -> list:
    """MakeQuantileSummaries: one summary per float_values input (the last two inputs
    are the weights and epsilon)."""
    return [(_SUMMARY, dt.float32)] * (len(inputs) - 2)


_OPS["BoostedTreesMakeQuantileSummaries"] = (_summaries_outputs, False)


def _check_attrs(op: str, attrs: dict) -> None:
    """TF's checks of the attrs a call sets against the op's definition: a string among
    the values it allows, an int at least its minimum."""
    C.string_attrs_allowed(op, attrs)
    for a in tf_op_defs.signatures().get(op, {}).get("attr", ()):
        value = attrs.get(a["name"])
        if value is not None and a.get("hasMinimum") and a["type"] == "int":
            C.attr_at_least(op, a["name"], int(value), int(a.get("minimum", 0)))


def _infer(op: str) -> Callable:
    outputs = _OPS[op][0]

    def infer(*inputs: Any, **attrs: Any) -> list:
        _check_attrs(op, attrs)
        if not _tracing(inputs):
            raise eager_refusal(op, inputs, attrs)
        check = _CHECKS.get(op)
        if check is not None:
            check(op, inputs, attrs)
        return outputs(inputs, attrs)  # (the node fails when run)
    return infer


def _kernel(op: str) -> Callable:
    """A traced node of the op, run: TF's refusal (its graph's words)."""
    def kernel(xp: Any, *arrays: Any, **attrs: Any) -> Any:
        raise InvalidArgumentError(
            None, None, f"No OpKernel was registered to support Op '{op}' used by {{{{node "
                        f"{op}}}}} with these attrs: [{node_attrs(op, arrays, attrs)}]\n"
                        f"Registered devices: [CPU]\nRegistered kernels:\n{_NO_KERNELS}\n\n"
                        f"\t [[{op}]] [Op:{op}]")
    return kernel


def _bad_samples(op: str) -> Callable:
    """A call TF refuses: the handle ops' (no inputs), whose attrs are plain."""
    if not op.endswith("HandleOp"):
        return lambda: []
    return lambda: [BadSample((), {"container": "", "shared_name": "s"}, NotFoundError,
                              f"Could not find device for node: {{{{node {op}}}}} = {op}["
                              'container="", shared_name="s"]')]


def _register(op: str) -> OpDef:
    outputs, stateful = _OPS[op]
    opdef = OpDef(op, _infer(op), _kernel(op), num_outputs=-1, stateful=stateful, gpu=False,
                  no_fold=True, bad_samples=_bad_samples(op),
                  tf=TFForm(load=lambda node: _load(opdef, node), takes_handles=True,
                             no_kernel=True))
    return register(opdef)


def _load(opdef: OpDef, node: Any) -> Any:
    out = bind(opdef, tuple(node.inputs), dict(node.attrs))
    return list(out) if isinstance(out, (tuple, list)) else out


OPS = {op: _register(op) for op in _OPS}
