"""TF's ParseSequenceExampleV2, and the public tf.io.parse_sequence_example and
parse_single_sequence_example that write it.

Ops layer, after parsing_sequence_v1, whose parser it runs (the context parsed as an
Example by ParseExampleV2's, each feature list read with its steps). The op is TF's:
serialized, then debug_name, the six key lists and feature_list_dense_missing_assumed_empty
(held here as attrs, which TF's graphs hold as constants), then one default per dense
context feature; TF's attrs and its fourteen output lists. A RaggedFeature's keys are read
as TF reads them: a context one's values with their row splits over the batch, a feature
list's values with its outer (steps per SequenceExample) and inner (values per step)
splits. For one SequenceExample (a scalar), TF's kernel leaves the row splits and outer
splits over the batch an uninitialized scalar (its shape function says a vector); here
they are an empty vector.

The public functions put composite features together from the op's outputs with ordinary
ops, as parse_example does (parsing_features.py), so a traced call is saved as TF saves
it.
"""

from __future__ import annotations

from typing import Any

import numpy as np

from eagerflow._src.core import dtypes as dt
from eagerflow._src.core.errors import InvalidArgumentError, OpError
from eagerflow._src.ops import checks as C
from eagerflow._src.ops import parsing_features as F
from eagerflow._src.ops import parsing_ops as P
from eagerflow._src.ops import parsing_sequence as S
from eagerflow._src.ops import parsing_sequence_v1 as V1
from eagerflow._src.ops.array import shape as shape_of
from eagerflow._src.ops.composite_dispatch import dispatch_binding
from eagerflow._src.ops.dispatch import bind
from eagerflow._src.ops.eager_errors import slow_path
from eagerflow._src.ops.math_base import cast
from eagerflow._src.ops.registry import BadSample, OpDef, Sample, register

_OP = "ParseSequenceExampleV2"
_KEY_ATTRS = ("context_sparse_keys", "context_dense_keys", "context_ragged_keys",
              "feature_list_sparse_keys", "feature_list_dense_keys", "feature_list_ragged_keys")


# ---------------------------------------------------------------------------------------
# The op
# ---------------------------------------------------------------------------------------

def _v1_attrs(a: dict) -> dict:
    """The attrs of TF 1's op (parsing_sequence_v1) that parse what this op's do, with the
    context's ragged keys read as sparse ones (their row splits come from the indices)."""
    keys = [P.text(k) for k in a["feature_list_dense_keys"]]
    return {"context_sparse_keys": _texts(a["context_sparse_keys"] + a["context_ragged_keys"]),
            "context_sparse_types": a["context_sparse_types"] + a["context_ragged_value_types"],
            "context_dense_keys": _texts(a["context_dense_keys"]),
            "context_dense_shapes": a["context_dense_shapes"],
            "feature_list_sparse_keys": _texts(a["feature_list_sparse_keys"]),
            "feature_list_sparse_types": a["feature_list_sparse_types"],
            "feature_list_dense_keys": tuple(keys),
            "feature_list_dense_types": a["feature_list_dense_types"],
            "feature_list_dense_shapes": a["feature_list_dense_shapes"],
            "feature_list_dense_missing_assumed_empty": tuple(
                k for k, empty in zip(keys, a["feature_list_dense_missing_assumed_empty"])
                if empty)}


def _texts(keys: tuple) -> tuple:
    return tuple(P.text(k) for k in keys)


def _check_counts(defaults: tuple, a: dict) -> None:
    """TF's checks of the count attrs against the lists they count, and of the ragged
    keys' types."""
    for what in _KEY_ATTRS + ("debug_name", "feature_list_dense_missing_assumed_empty"):
        if what == "debug_name" and P.fed(a[what]):
            continue  # (an input)
        if not isinstance(a[what], tuple):
            raise TypeError(f"Expected list for argument '{what}' not {a[what]!r}. [Op:{_OP}]")
    for n, keys in (("Ncontext_sparse", "context_sparse_keys"),
                    ("Nfeature_list_sparse", "feature_list_sparse_keys"),
                    ("Nfeature_list_dense", "feature_list_dense_keys")):
        if a[n] != len(a[keys]):
            raise C.fail(_OP, f"Expected len({keys}) == {n} but got: {len(a[keys])} vs. {a[n]}")
    for side in ("context", "feature_list"):
        keys, values, splits = (a[f"{side}_ragged_{k}"] for k in ("keys", "value_types",
                                                                  "split_types"))
        for d in values:
            if C.dtype_attr(_OP, d, f"{side}_ragged_value_types") not in P._TYPES:
                raise C.not_supported(_OP, d, P._TYPES, f"{side}_ragged_value_types")
        for d in splits:
            if C.dtype_attr(_OP, d, f"{side}_ragged_split_types") not in P._SPLIT_TYPES:
                raise C.not_supported(_OP, d, P._SPLIT_TYPES, f"{side}_ragged_split_types")
        if not len(keys) == len(values) == len(splits):
            raise C.fail(_OP, f"Expected len({side}_ragged_keys) == len({side}_ragged_value_"
                              f"types) == len({side}_ragged_split_types) but got: {len(keys)}, "
                              f"{len(values)}, {len(splits)}")
    if len(a["feature_list_dense_missing_assumed_empty"]) != a["Nfeature_list_dense"]:
        raise C.fail(_OP, "Expected len(feature_list_dense_missing_assumed_empty) == "
                          "Nfeature_list_dense")


def _infer(serialized: Any, *defaults: Any, **a: Any) -> list:
    P.check_serialized(_OP, serialized)
    defaults, names = P.runtime_names(defaults, a["debug_name"])
    if names is not None and names._dtype is not dt.string:
        raise C.wrong_input_dtype(_OP, 1, dt.string, names._dtype)
    _check_counts(defaults, a)
    a1 = _v1_attrs(a)
    context = V1._check(_OP, serialized, defaults, a1, False)
    shape = serialized._shape
    batch = () if shape is not None and len(shape) == 0 else \
        (None if shape is None else shape[0],)
    specs = V1._specs(batch, context, defaults, a1, True)
    ncs, ncr = a["Ncontext_sparse"], len(a["context_ragged_keys"])
    n_context = 3 * (ncs + ncr) + len(defaults)
    # the context's ragged keys, read as sparse ones: their values and row splits instead
    context_specs = specs[:n_context]
    dense = context_specs[3 * (ncs + ncr):]
    # (one SequenceExample: TF's shape function says a vector; its kernel leaves them an
    # uninitialized scalar, here they are empty)
    splits = (0,) if not batch else (None if batch[0] is None else batch[0] + 1,)
    sparse = [context_specs[i * (ncs + ncr): i * (ncs + ncr) + ncs] for i in range(3)]
    out = [*sparse[0], *sparse[1], *sparse[2], *dense,
           *[((None,), d) for d in a["context_ragged_value_types"]],
           *[(splits, d) for d in a["context_ragged_split_types"]], *specs[n_context:]]
    out += [((None,), d) for d in a["feature_list_ragged_value_types"]]
    out += [(splits, d) for d in a["feature_list_ragged_split_types"]]
    out += [((None,), d) for d in a["feature_list_ragged_split_types"]]
    return out


def _kernel(xp: Any, serialized: Any, *defaults: Any, **a: Any) -> tuple:
    defaults, fed = P.runtime_names(defaults, a["debug_name"])
    names = _texts(a["debug_name"]) if fed is None else \
        tuple(P.text(v) for v in np.asarray(fed, dtype=object).reshape(-1))
    if names and len(names) != np.size(serialized):
        raise C.fail(_OP, "example_names must be empty or have the correct number of "
                          "elements")
    single = np.ndim(serialized) == 0
    ragged = tuple(zip(_texts(a["feature_list_ragged_keys"]),
                       a["feature_list_ragged_value_types"]))
    outs, lengths, lists = V1._parts(_OP, serialized, defaults, _v1_attrs(a), single,
                                     names=names, lists=ragged)
    return _arranged(outs, lengths, lists, len(defaults), a, single, np.size(serialized))


def _reference(serialized: Any, *defaults: Any, **a: Any) -> tuple:
    """Independent path: TF 1's op's reference (protobuf's JSON mapping of each message) on
    a batch, one message's outputs then taken from a batch of one."""
    defaults, _ = P.runtime_names(defaults, a["debug_name"])  # (names only name errors)
    single = np.ndim(serialized) == 0
    batch = P._strings(serialized[()]) if single else serialized
    a1 = _v1_attrs(a)
    outs = V1._batch_ref(batch, P._strings(), *defaults, **a1)
    nfd = len(a1["feature_list_dense_keys"])
    outs, lengths = list(outs[:len(outs) - nfd]), list(outs[len(outs) - nfd:])
    keys = _texts(a["feature_list_ragged_keys"])
    parts = S._reference(batch, list_keys=keys, list_types=a["feature_list_ragged_value_types"],
                         list_shapes=(), list_required=())
    lists = [tuple(list(x) for x in parts[1 + 3 * i:4 + 3 * i]) for i in range(len(keys))]
    if single:  # each output less its batch dimension (the sparse ones' first column)
        nc, nfs = len(a1["context_sparse_keys"]), len(a1["feature_list_sparse_keys"])
        for first, n in ((0, nc), (3 * nc + len(defaults), nfs)):
            for i in range(n):
                outs[first + i] = outs[first + i][:, 1:]
                outs[first + 2 * n + i] = outs[first + 2 * n + i][1:]
        for i in [*range(3 * nc, 3 * nc + len(defaults)),
                  *range(3 * nc + len(defaults) + 3 * nfs, len(outs))]:
            outs[i] = outs[i][0, ...]
        lengths = [x[0] for x in lengths]
    return _arranged(tuple(outs), tuple(lengths), lists, len(defaults), a, single,
                     np.size(serialized))


def _arranged(outs: tuple, lengths: tuple, lists: list, nd: int, a: dict, single: bool,
              batch: int) -> tuple:
    """TF's outputs from TF 1's op's (the context's ragged keys read as sparse ones) and
    the ragged feature lists' reads."""
    ncs, ncr = a["Ncontext_sparse"], len(a["context_ragged_keys"])
    n = ncs + ncr
    idx, vals, shapes = outs[:n], outs[n:2 * n], outs[2 * n:3 * n]
    context = (*idx[:ncs], *vals[:ncs], *shapes[:ncs], *outs[3 * n:3 * n + nd], *vals[ncs:],
               *[_no_splits(d) if single else P.row_splits(ix, batch, d, False)
                 for ix, d in zip(idx[ncs:], a["context_ragged_split_types"])])
    ragged_out = [_list_splits(read, d, split, single) for read, d, split in zip(
        lists, a["feature_list_ragged_value_types"], a["feature_list_ragged_split_types"])]
    return (*context, *outs[3 * n + nd:], *lengths, *[r[0] for r in ragged_out],
            *[r[1] for r in ragged_out], *[r[2] for r in ragged_out])


def _no_splits(dtype: dt.DType) -> np.ndarray:
    """The row splits over the batch of one SequenceExample: none."""
    return np.zeros(0, dtype.as_numpy_dtype)


def _list_splits(read: tuple, dtype: dt.DType, split: dt.DType, single: bool) -> tuple:
    """A ragged feature list's (values, outer splits, inner splits) from its values, steps
    per message and values per step."""
    values, steps, counts = read
    outer = _no_splits(split) if single else np.concatenate(
        [[0], np.cumsum([max(k, 0) for k in steps])]).astype(split.as_numpy_dtype)
    inner = np.concatenate([[0], np.cumsum(counts)]).astype(split.as_numpy_dtype)
    return P._array(values, dtype, (len(values),)), outer, inner


def op_attrs(cs: tuple = (), cd: tuple = (), cr: tuple = (), fs: tuple = (), fd: tuple = (),
             fr: tuple = (), names: tuple | None = ()) -> dict:
    """The attrs from (key, dtype) of the context's sparse features, (key, shape) of its
    dense ones, (key, dtype, split dtype) of its ragged keys, (key, dtype) of the sparse
    feature lists, (key, dtype, shape, missing assumed empty) of the dense ones and (key,
    dtype, split dtype) of the ragged ones; `names` None: they are the last input."""
    return {"debug_name": None if names is None else tuple(names),
            "context_sparse_keys": tuple(k for k, _ in cs),
            "context_dense_keys": tuple(k for k, _ in cd),
            "context_ragged_keys": tuple(k for k, _, _ in cr),
            "feature_list_sparse_keys": tuple(k for k, _ in fs),
            "feature_list_dense_keys": tuple(k for k, *_ in fd),
            "feature_list_ragged_keys": tuple(k for k, _, _ in fr),
            "feature_list_dense_missing_assumed_empty": tuple(e for *_, e in fd),
            "Ncontext_sparse": len(cs), "context_sparse_types": tuple(d for _, d in cs),
            "context_ragged_value_types": tuple(d for _, d, _ in cr),
            "context_ragged_split_types": tuple(s for _, _, s in cr),
            "context_dense_shapes": tuple(s for _, s in cd),
            "Nfeature_list_sparse": len(fs), "Nfeature_list_dense": len(fd),
            "feature_list_dense_types": tuple(d for _, d, _, _ in fd),
            "feature_list_sparse_types": tuple(d for _, d in fs),
            "feature_list_ragged_value_types": tuple(d for _, d, _ in fr),
            "feature_list_ragged_split_types": tuple(s for _, _, s in fr),
            "feature_list_dense_shapes": tuple(s for _, _, s, _ in fd)}


def _messages() -> np.ndarray:
    return P._strings(
        S._sequence_example({"n": [4], "s": [b"a", b"b"], "cr": [1.0, 2.0]},
                            {"tok": [[1, 2], [3]], "w": [[0.5], [1.5]], "rg": [[1], [], [2, 3]]}),
        S._sequence_example({"n": [6]}, {"w": [[2.5]], "rg": [[4]]}))


def _samples() -> list:
    s = _messages()
    full = op_attrs((("s", dt.string),), (("n", ()),), (("cr", dt.float32, dt.int32),),
                    (("tok", dt.int64),), (("w", dt.float32, (1,), False),),
                    (("rg", dt.int64, dt.int64),))
    return [
        Sample((s, np.zeros(0, np.int64)), full, grad=False),
        Sample((s[0, ...], np.zeros(0, np.int64)), full, grad=False),
        Sample((s, np.array([7], np.int64)),
               op_attrs(cd=(("zz", (1,)),), fd=(("w", dt.float32, (), False),
                                                 ("zz", dt.int64, (2,), True)),
                        names=("x", "y")), grad=False),
        # names known only at run time: the last input
        Sample((s, np.array([7], np.int64), P._strings(b"x", b"y")),
               op_attrs(cd=(("zz", (1,)),), names=None), grad=False),
    ]


def _bad_samples() -> list:
    s = _messages()
    return [
        BadSample((s,), op_attrs(fd=(("zz", dt.int64, (), False),)),
                  InvalidArgumentError, "Feature list 'zz' is required but could not be"),
        BadSample((s,), op_attrs(fs=(("tok", dt.float32),)),
                  InvalidArgumentError, "Data types don't match. Expected type: float"),
        BadSample((s,), op_attrs(fr=(("tok", dt.float32, dt.int32),)),
                  InvalidArgumentError, "Data types don't match. Expected type: float"),
        BadSample((s,), op_attrs(fd=(("w", dt.float32, (2,), False),)),
                  InvalidArgumentError, "Number of values != expected"),
        BadSample((P._strings(b"\xff\xff garbage"),), op_attrs(),
                  InvalidArgumentError, "Invalid protocol message input"),
        BadSample((s,), op_attrs(names=("a",)), InvalidArgumentError,
                  "example_names must be empty or have the correct number of elements"),
        BadSample((s, P._strings(b"a")), op_attrs(names=None), InvalidArgumentError,
                  "example_names must be empty or have the correct number of elements"),
        BadSample((s,), {**op_attrs(), "Ncontext_sparse": 1}, InvalidArgumentError,
                  "Expected len(context_sparse_keys) == Ncontext_sparse but got: 0 vs. 1"),
    ]


def _arity(ins: tuple, a: dict) -> dict:
    return {"Ncontext_sparse": a["Ncontext_sparse"],
            "Tcontext_dense": len(ins) - 1 - P.fed(a["debug_name"]),
            "context_sparse_types": len(a["context_sparse_types"]),
            "context_ragged_value_types": len(a["context_ragged_value_types"]),
            "context_ragged_split_types": len(a["context_ragged_split_types"]),
            "Nfeature_list_sparse": a["Nfeature_list_sparse"],
            "Nfeature_list_dense": a["Nfeature_list_dense"],
            "feature_list_dense_types": len(a["feature_list_dense_types"]),
            "feature_list_sparse_types": len(a["feature_list_sparse_types"]),
            "feature_list_ragged_value_types": len(a["feature_list_ragged_value_types"]),
            "feature_list_ragged_split_types": len(a["feature_list_ragged_split_types"])}


PARSE_SEQUENCE_EXAMPLE = register(OpDef(
    _OP, _infer, _kernel, reference=_reference, num_outputs=-1, gpu=False, arity=_arity,
    samples=_samples, bad_samples=_bad_samples,  # built when asked: they need protobuf
))


# ---------------------------------------------------------------------------------------
# Public functions
# ---------------------------------------------------------------------------------------

@dispatch_binding
def parse_sequence_example(serialized: Any, context_features: dict | None = None,
                           sequence_features: dict | None = None, example_names: Any = None,
                           name: str | None = None) -> tuple:
    """`tf.io.parse_sequence_example`: (context, feature_lists, feature_list_lengths) of a
    vector of serialized SequenceExamples."""
    with P.graph_scope(name or "ParseSequenceExample"):
        return _parse(serialized, context_features, sequence_features, False, example_names)


@dispatch_binding
def parse_single_sequence_example(serialized: Any, context_features: dict | None = None,
                                  sequence_features: dict | None = None,
                                  example_name: Any = None, name: str | None = None) -> tuple:
    """`tf.io.parse_single_sequence_example`: (context, feature_lists) of one serialized
    SequenceExample."""
    with P.graph_scope(name or "ParseSingleSequenceExample"):
        return _parse(serialized, context_features, sequence_features, True, example_name)[:2]


def _parse(serialized: Any, context_features: Any, sequence_features: Any,
           single: bool, example_names: Any = None) -> tuple:
    # TF's checks: both empty (or None) refused, then the context's keys read and its
    # features' kinds checked before the lists' (a non-dict is .keys()'s AttributeError)
    if not (context_features or sequence_features):
        raise ValueError("Both `context_features` and `sequence_features` argument are None, "
                         "but at least one should have values.")
    S._check_kinds(context_features, (P.VarLenFeature, P.FixedLenFeature, F.RaggedFeature))
    S._check_kinds(sequence_features,
                   (P.VarLenFeature, P.FixedLenSequenceFeature, F.RaggedFeature))
    context_features = context_features or {}
    sequence_features = sequence_features or {}
    reads = S._reads(sequence_features)  # (its checks of the lists)
    cgroups = F.keys_read(context_features) if context_features else \
        {"dense": {}, "sparse": {}, "ragged": {}}
    fgroups = F.keys_read(sequence_features) if sequence_features else \
        {"dense": {}, "sparse": {}, "ragged": {}}
    plain = {k: f for k, f in context_features.items() if not isinstance(f, F.RaggedFeature)}
    sparse, dense = P._attrs_of(plain)
    cragged = F.ragged_reads(context_features, cgroups)
    fragged = F.ragged_reads(sequence_features, fgroups)
    lists = {k: f for k, f in sequence_features.items() if not isinstance(f, F.RaggedFeature)}
    fs = [(k, reads[k][0]) for k in sorted(lists) if isinstance(lists[k], P.VarLenFeature)]
    fd = [(k, reads[k][0], reads[k][1], not reads[k][2]) for k in sorted(lists)
          if isinstance(lists[k], P.FixedLenSequenceFeature)]
    names, extra = P.names_input(example_names, False)  # (a single one's named too)
    attrs = op_attrs(tuple(sparse), tuple((k, shape) for k, _, shape, _, _ in dense),
                     tuple((k, d, s) for k, (d, s) in cragged.items()), tuple(fs), tuple(fd),
                     tuple((k, d, s) for k, (d, s) in fragged.items()), names)
    t = P.serialized_tensor(serialized, single)
    with P.graph_scope("ParseSequenceExample"):  # (TF's scope of the defaults and the node)
        defaults = tuple(P.default_tensor(d, shape, default, False, key,
                                          plain[key].default_value)
                         for key, d, shape, default, _ in dense)
        try:
            outs = bind(PARSE_SEQUENCE_EXAMPLE, (t, *defaults, *extra), attrs)
        except OpError as e:
            slow_path(e)  # (TF's wrapper, handed the keys as Python lists: its slow path)
            raise
    return _results(outs, context_features, sequence_features, attrs, single)


def _take(outs: tuple, at: int, n: int) -> tuple:
    return outs[at:at + n], at + n


def _results(outs: tuple, context_features: dict, sequence_features: dict, a: dict,
             single: bool) -> tuple:
    ncs, ncd, ncr = (len(a[k]) for k in ("context_sparse_keys", "context_dense_keys",
                                          "context_ragged_keys"))
    nfs, nfd, nfr = (len(a[k]) for k in ("feature_list_sparse_keys", "feature_list_dense_keys",
                                          "feature_list_ragged_keys"))
    at = 0
    ci, at = _take(outs, at, ncs)
    cv, at = _take(outs, at, ncs)
    csh, at = _take(outs, at, ncs)
    cd, at = _take(outs, at, ncd)
    crv, at = _take(outs, at, ncr)
    crs, at = _take(outs, at, ncr)
    fi, at = _take(outs, at, nfs)
    fv, at = _take(outs, at, nfs)
    fsh, at = _take(outs, at, nfs)
    fdv, at = _take(outs, at, nfd)
    fdl, at = _take(outs, at, nfd)
    frv, at = _take(outs, at, nfr)
    fro, at = _take(outs, at, nfr)
    fri, at = _take(outs, at, nfr)
    parsed: dict = {}
    for j, k in enumerate(a["context_sparse_keys"]):
        parsed[k] = P._sparse(ci[j], cv[j], csh[j])
    parsed.update(zip(a["context_dense_keys"], cd))
    parsed.update((k, (crv[j], crs[j])) for j, k in enumerate(a["context_ragged_keys"]))
    context = {}
    for key, f in context_features.items():
        context[key] = F._ragged(key, f, parsed, single) if isinstance(f, F.RaggedFeature) \
            else parsed[key]
    cgroups = F.keys_read(context_features) if context_features else None
    if cgroups is not None:
        context = {k: context[k] for k in F.output_order(context_features, cgroups)}
    lists: dict = {}
    lengths: dict = {}
    for j, k in enumerate(a["feature_list_sparse_keys"]):
        lists[k] = P._sparse(fi[j], fv[j], fsh[j])
    for j, k in enumerate(a["feature_list_dense_keys"]):
        lists[k], lengths[k] = fdv[j], fdl[j]
    parts = {k: _steps(frv[j], fro[j], fri[j], single)
             for j, k in enumerate(a["feature_list_ragged_keys"])}
    for key, f in sequence_features.items():
        if isinstance(f, F.RaggedFeature):
            lists[key] = S._ragged(key, f, parts, single)
    if sequence_features:
        order = F.output_order(sequence_features, F.keys_read(sequence_features))
        lists = {k: lists[k] for k in order}
    return context, lists, lengths


def _steps(values: Any, outer: Any, inner: Any, single: bool) -> tuple:
    """A ragged feature list's (values, steps per SequenceExample, values per step) from
    the op's values and splits."""
    counts = inner[1:] - inner[:-1]
    if single:  # (one SequenceExample: its outer splits say nothing)
        steps = cast(shape_of(counts, out_type=dt.int64)[:1], outer.dtype)
    else:
        steps = outer[1:] - outer[:-1]
    return values, cast(steps, dt.int64), cast(counts, dt.int64)

