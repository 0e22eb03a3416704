"""TF's first SequenceExample parsing ops: ParseSequenceExample and
ParseSingleSequenceExample.

Ops layer, after parsing_ops and parsing_sequence. TF 1's graphs hold these nodes; TF
2.21's public functions write ParseSequenceExampleV2. Each SequenceExample is split as
ParseSequenceExampleV2 splits it (parsing_sequence.py): its context, parsed as an Example
by ParseExampleV2's kernel, and each feature list's values with its steps. The lists come
out as TF's do: a VarLenFeature's as a SparseTensor's parts, [batch, step, value]
indices, a FixedLenSequenceFeature's as a dense tensor padded over the steps with zeros
(and, from the batch op, each one's number of steps). ParseSequenceExample takes its keys
as attrs; ParseSingleSequenceExample as string tensors, one scalar each.
"""

from __future__ import annotations

from typing import Any

import numpy as np

from eagerflow._src.core import dtypes as dt
from eagerflow._src.core.context import CPU_DEVICE
from eagerflow._src.core.errors import InvalidArgumentError
from eagerflow._src.core.lazy import lazy_module
from eagerflow._src.core.tensor import check_finite_size
from eagerflow._src.ops import checks as C
from eagerflow._src.ops import parsing_ops as P
from eagerflow._src.ops import parsing_sequence as S
from eagerflow._src.ops.dispatch import bind
from eagerflow._src.ops.eager_errors import wrapped_name
from eagerflow._src.ops.registry import BadSample, OpDef, Sample, TFForm, register

example_pb = lazy_module("eagerflow._src.io.example_pb")

_BATCH = "ParseSequenceExample"
_SINGLE = "ParseSingleSequenceExample"
_KEYS = ("context_sparse_keys", "context_dense_keys", "feature_list_sparse_keys",
         "feature_list_dense_keys")


def _check(op: str, serialized: Any, defaults: tuple, a: dict, single: bool) -> list:
    """The attrs checked as TF's kernel checks them; the dense context features' and the
    dense feature lists' (shape, sequence?) and per-step shapes."""
    if serialized._dtype is not dt.string:
        raise C.wrong_input_dtype(op, 0, dt.string, serialized._dtype)
    for what in ("context_sparse_types", "feature_list_sparse_types",
                 "feature_list_dense_types"):
        P.check_types(op, a[what], ())
    P.check_types(op, (), tuple(d._dtype for d in defaults))
    pairs = (("context_sparse_keys", "context_sparse_types"),
             ("context_dense_keys", "context_dense_shapes"),
             ("feature_list_sparse_keys", "feature_list_sparse_types"),
             ("feature_list_dense_keys", "feature_list_dense_types"),
             ("feature_list_dense_keys", "feature_list_dense_shapes"))
    for keys, other in pairs:
        if len(a[keys]) != len(a[other]):
            raise C.fail(op, f"len({keys}) != len({other}): {len(a[keys])} vs. "
                             f"{len(a[other])}")
    if len(defaults) != len(a["context_dense_keys"]):
        raise C.fail(op, f"len(context_dense_keys) != len(context_dense_defaults): "
                         f"{len(a['context_dense_keys'])} vs. {len(defaults)}")
    shape = serialized._shape
    if single and shape is not None and len(shape) != 0:
        raise C.fail(op, f"Expected serialized to be a scalar, got shape: {P.shape_text(shape)}")
    if not single and shape is not None and len(shape) > 1:
        raise C.fail(op, f"Expected serialized to be a vector, got shape: {P.shape_text(shape)}")
    context = P.check_dense(op, a["context_dense_shapes"], defaults)
    for i, s in enumerate(a["feature_list_dense_shapes"]):
        if not isinstance(s, tuple) or None in s or any(v < 0 for v in s):
            raise C.fail(op, f"feature_list_dense_shapes[{i}] is not fully defined: "
                             f"{P.shape_text(s if isinstance(s, tuple) else ())}")
        check_finite_size(op, s, a["feature_list_dense_types"][i])
    return context


def _specs(batch: tuple, context: list, defaults: tuple, a: dict, lengths: bool) -> list:
    specs = P.output_specs(batch, a["context_sparse_types"], context, defaults)
    n = len(a["feature_list_sparse_types"])
    specs += [((None, len(batch) + 2), dt.int64)] * n
    specs += [((None,), d) for d in a["feature_list_sparse_types"]]
    specs += [((len(batch) + 2,), dt.int64)] * n
    specs += [(batch + (None,) + tuple(s), d) for s, d in
              zip(a["feature_list_dense_shapes"], a["feature_list_dense_types"])]
    if lengths:
        specs += [(batch, dt.int64)] * len(a["feature_list_dense_keys"])
    return specs


def _context_checks(op: str, messages: list, keys: tuple, shapes: tuple, defaults: tuple,
                    single: bool, name: str) -> None:
    """TF words the context's own failures apart from an Example's: a value of another
    type, and a required feature that is missing."""
    for key, shape, d in zip(keys, shapes, defaults):
        want = dt.as_dtype(np.asarray(d).dtype) if np.asarray(d).dtype != object else dt.string
        for m in messages:
            f = m.context.feature
            kind = f[key].WhichOneof("kind") if key in f else None
            if kind is not None and kind != P._KIND[want]:
                raise C.fail(op, f"Name: {name}, Context feature: {key}.  Data types don't "
                                 f"match. Expected type: {P._WORD[want]}")
            if kind is None and np.size(d) == 0:
                if single:
                    raise C.fail(op, f"Name: {name}, Context feature '{key}' is required "
                                     "but could not be found.")
                if op == "ParseSequenceExampleV2" and any(
                        _count(o.context.feature, key) is not None for o in messages):
                    continue  # (V2 finds the largest number first: _context_counts)
                per_row = int(np.prod(shape, dtype=np.int64)) if shape else 1
                raise C.fail(op, f"Inconsistent max number of elements for feature {key}: "
                                 f"expected {per_row}, but found 0")


def _context_counts(op: str, messages: list, keys: tuple, shapes: tuple, defaults: tuple,
                    names: tuple) -> None:
    """ParseSequenceExampleV2's checks of the dense context features' numbers of values, as
    TF's kernel makes them feature by feature: first the largest number over the batch,
    which may not pass the feature's size (nor differ from it, for a required feature);
    then each example's, which must be that size."""
    for key, shape, d in zip(keys, shapes, defaults):
        size = int(np.prod(shape, dtype=np.int64)) if shape else 1
        found = [_count(m.context.feature, key) for m in messages]
        top = max((n for n in found if n is not None), default=None)
        if top is not None and (top > size or (np.size(d) == 0 and top != size)):
            raise C.fail(op, f"Inconsistent max number of elements for feature {key}: "
                             f"expected {size}, but found {top}")
        for i, n in enumerate(found):
            if n is None and np.size(d) == 0:
                want = dt.string if np.asarray(d).dtype == object else \
                    dt.as_dtype(np.asarray(d).dtype)
                raise C.fail(op, f"Feature: {key} (data type: {P._WORD[want]}) is required but "
                                 "could not be found.")
            if n is not None and n != size:
                raise C.fail(op, f"Unexpected number of elements in example {names[i]}")


def _count(features: Any, key: str) -> int | None:
    """How many values a context's feature `key` holds; None where it has none set."""
    kind = features[key].WhichOneof("kind") if key in features else None
    return None if kind is None else len(getattr(features[key], kind).value)


def _unparsed(op: str, value: bytes, arity: dict) -> str:
    """The single op's message for `value`, which does not parse: TF's C message quotes
    its bytes and is read as UTF-8, cut at a NUL (invalid UTF-8 is Python's
    UnicodeDecodeError, as TF's, of the whole message: its positions count from the eager
    function's prefix, CPU:0's, whose name holds the op's `arity`)."""
    raw = b"Could not parse example input, value: '%s'" % value
    head = f"{{{{function_node {wrapped_name(op, arity)}_device_{CPU_DEVICE}}}}} ".encode()
    return (head + raw.split(b"\0")[0]).decode("utf-8")[len(head):]


def _read_messages(op: str, serialized: Any, single: bool, names: tuple,
                   arity: dict | None = None) -> list:
    """The SequenceExamples; one that does not parse is named as TF's ops name it: the
    single op quotes its bytes (read as UTF-8, cut at a NUL), the batch op its name."""
    from google.protobuf.message import DecodeError

    out = []
    for i, b in enumerate(np.asarray(serialized).reshape(-1)):
        msg = example_pb.SequenceExample()
        try:
            msg.ParseFromString(bytes(b))
        except (DecodeError, TypeError, ValueError):
            if single:
                raise C.fail(op, _unparsed(op, bytes(b), arity)) from None
            raise C.fail(op, "Invalid protocol message input, example id: "
                             f"{names[i] if names else '<unknown>'}") from None
        out.append(msg)
    return out


def _parts(op: str, serialized: Any, defaults: tuple, a: dict, single: bool,
           name: str = "<unknown>", names: tuple = (), lists: tuple = ()) -> tuple:
    """All outputs: context sparse and dense, feature lists sparse and dense, and each dense
    list's number of steps; then, for each (key, dtype) of `lists`, that feature list's
    (values, steps per message (-1: none), values per step). `single`: one
    SequenceExample (no batch dimension)."""
    if single and not lists and not any(a[k] for k in _KEYS):
        # (TF's single op asks for nothing: it never parses the input, any bytes pass; a
        # ragged feature list, V2's, is asked for)
        messages = [example_pb.SequenceExample()]
    else:
        messages = _read_messages(op, serialized, single, names,
                                  _lengths(a, len(defaults)))
    _context_checks(op, messages, a["context_dense_keys"], a["context_dense_shapes"],
                    defaults, single, name)
    if op == "ParseSequenceExampleV2":
        _context_counts(op, messages, a["context_dense_keys"], a["context_dense_shapes"],
                        defaults, names or (name,) * len(messages))
    ctx = np.empty(len(messages), dtype=object)
    ctx[:] = [example_pb.Example(features=m.context).SerializeToString() for m in messages]
    context = P.parse_tf(None, op, ctx[0, ...] if single else ctx, a["context_sparse_keys"],
                       a["context_sparse_types"], a["context_dense_keys"],
                       a["context_dense_shapes"], defaults, single)

    def read() -> tuple:
        sparse = [S._read(messages, k, d) for k, d in
                  zip(a["feature_list_sparse_keys"], a["feature_list_sparse_types"])]
        dense = [S._read(messages, k, d) for k, d in
                 zip(a["feature_list_dense_keys"], a["feature_list_dense_types"])]
        for k, s, d, (_, steps, counts) in zip(a["feature_list_dense_keys"],
                                               a["feature_list_dense_shapes"],
                                               a["feature_list_dense_types"], dense):
            at = 0
            for i, n in enumerate(steps):  # message by message: its name is in the message
                try:
                    S._check_steps(k, s, k not in a["feature_list_dense_missing_assumed_empty"],
                                   [n], counts[at:at + max(n, 0)])
                except InvalidArgumentError as e:
                    # (the single op counts the values by their type)
                    text = e.message.replace("Number of values", f"Number of {P._WORD[d]} "
                                             "values") if single else e.message
                    raise InvalidArgumentError(None, None, text.replace(
                        "Name: <unknown>, ", f"Name: {names[i] if names else name}, ")) \
                        from None
                at += max(n, 0)
        return sparse, dense

    sparse, dense = P.renamed(op, read)
    out, lengths = _lists(sparse, a["feature_list_sparse_types"], dense,
                          a["feature_list_dense_types"], a["feature_list_dense_shapes"], single)
    return tuple(context) + out, lengths, [S._read(messages, k, d) for k, d in lists]


def _lists(sparse: list, sparse_types: tuple, dense: list, dense_types: tuple,
           dense_shapes: tuple, single: bool) -> tuple:
    """The feature lists' outputs from each one's (values, steps, values per step)."""
    idx, vals, shapes = [], [], []
    for d, (values, steps, counts) in zip(sparse_types, sparse):
        rows, at = [], 0
        for b, n in enumerate(max(n, 0) for n in steps):
            rows += [(b, t, j) for t in range(n) for j in range(counts[at + t])]
            at += n
        shape = [len(steps), max([max(n, 0) for n in steps] or [0]), max(counts or [0])]
        cut = 1 if single else 0
        idx.append(np.asarray([r[cut:] for r in rows], np.int64).reshape(-1, 3 - cut))
        vals.append(P._array(values, d, (len(values),)))
        shapes.append(np.asarray(shape[cut:], np.int64))
    out, lengths = [], []
    for d, s, (values, steps, _) in zip(dense_types, dense_shapes, dense):
        n = [max(k, 0) for k in steps]
        per = int(np.prod(s, dtype=np.int64)) if s else 1
        longest = max(n or [0])
        pad = b"" if d is dt.string else 0
        flat, at = [], 0
        for k in n:
            flat += values[at:at + k * per] + [pad] * ((longest - k) * per)
            at += k * per
        arr = P._array(flat, d, (len(n), longest) + tuple(s))
        out.append(arr[0, ...] if single else arr)
        lengths.append(np.asarray(n[0] if single else n, np.int64))
    return tuple(idx + vals + shapes + out), tuple(lengths)


# ---------------------------------------------------------------------------------------
# ParseSequenceExample: serialized (a vector), debug_name, context_dense_defaults; the keys
# are attrs
# ---------------------------------------------------------------------------------------

def _batch_infer(serialized: Any, debug_name: Any, *defaults: Any, **a: Any) -> list:
    context = _check(_BATCH, serialized, defaults, a, False)
    shape = serialized._shape
    batch = () if shape is not None and len(shape) == 0 else \
        (None if shape is None else shape[0],)
    return _specs(batch, context, defaults, a, True)


def _batch_kernel(xp: Any, serialized: Any, debug_name: Any, *defaults: Any, **a: Any) -> tuple:
    names = np.asarray(debug_name, dtype=object).reshape(-1)
    if names.size and names.size != np.size(serialized):
        raise C.fail(_BATCH, "example_names must be empty or have the correct number of "
                             "elements")
    scalar = np.ndim(serialized) == 0
    lists, lengths, _ = _parts(_BATCH, serialized, defaults, a, scalar,
                               names=tuple(P.text(v) for v in names))
    return lists + lengths


def _batch_ref(serialized: Any, debug_name: Any, *defaults: Any, **a: Any) -> tuple:
    """Independent path for the lists: ParseSequenceExampleV2's JSON reference."""
    parts = S._reference(serialized, list_keys=a["feature_list_sparse_keys"]
                         + a["feature_list_dense_keys"],
                         list_types=a["feature_list_sparse_types"]
                         + a["feature_list_dense_types"], list_shapes=(), list_required=())
    k = len(a["feature_list_sparse_keys"])
    triples = [tuple(parts[1 + 3 * i:4 + 3 * i]) for i in range((len(parts) - 1) // 3)]
    triples = [(list(v), list(s), list(c)) for v, s, c in triples]
    context = P.parse_tf(None, _BATCH, parts[0], a["context_sparse_keys"],
                       a["context_sparse_types"], a["context_dense_keys"],
                       a["context_dense_shapes"], defaults, False, reference=True)
    lists, lengths = _lists(triples[:k], a["feature_list_sparse_types"], triples[k:],
                            a["feature_list_dense_types"], a["feature_list_dense_shapes"],
                            False)
    return tuple(context) + lists + lengths


def _batch_attrs(cs: tuple = (), cd: tuple = (), fs: tuple = (), fd: tuple = (),
                 empty: tuple = ()) -> dict:
    """The attrs from (key, type) of the context's sparse features, (key, shape) of its
    dense ones, (key, type) of the sparse lists and (key, type, shape) of the dense."""
    return {"feature_list_dense_missing_assumed_empty": empty,
            "context_sparse_keys": tuple(k for k, _ in cs),
            "context_sparse_types": tuple(d for _, d in cs),
            "context_dense_keys": tuple(k for k, _ in cd),
            "context_dense_shapes": tuple(s for _, s in cd),
            "feature_list_sparse_keys": tuple(k for k, _ in fs),
            "feature_list_sparse_types": tuple(d for _, d in fs),
            "feature_list_dense_keys": tuple(k for k, *_ in fd),
            "feature_list_dense_types": tuple(d for _, d, _ in fd),
            "feature_list_dense_shapes": tuple(s for *_, s in fd)}


def _messages() -> np.ndarray:
    return P._strings(S._sequence_example({"n": [4], "s": [b"a", b"b"]},
                                          {"tok": [[1, 2], [3]], "w": [[0.5], [1.5]]}),
                      S._sequence_example({"n": [6]}, {"w": [[2.5]]}))


_NONE = np.zeros(0, dtype=object)


def _batch_samples() -> list:
    s = _messages()
    full = _batch_attrs((("s", dt.string),), (("n", ()),), (("tok", dt.int64),),
                        (("w", dt.float32, (1,)),))
    return [
        Sample((s, _NONE, np.zeros(0, np.int64)), full, grad=False),
        Sample((s, P._strings(b"x", b"y"), np.array([7], np.int64)),
               _batch_attrs((), (("zz", (1,)),), (), (("w", dt.float32, ()),
                                                       ("zz", dt.int64, (2,))), ("zz",)),
               grad=False),
    ]


def _batch_bad_samples() -> list:
    s = _messages()
    return [
        BadSample((s, _NONE), _batch_attrs(fd=(("zz", dt.int64, ()),)),
                  InvalidArgumentError, "Feature list 'zz' is required but could not be"),
        BadSample((s, _NONE), _batch_attrs(fs=(("tok", dt.float32),)),
                  InvalidArgumentError, "Data types don't match. Expected type: float"),
        BadSample((s, _NONE), _batch_attrs(fd=(("w", dt.float32, (2,)),)),
                  InvalidArgumentError, "Number of values != expected"),
        BadSample((s, _NONE, np.zeros(0, np.int64)), _batch_attrs(cd=(("q", ()),)),
                  InvalidArgumentError, "Inconsistent max number of elements for feature q"),
        BadSample((s, _NONE, np.zeros(0, np.float32)), _batch_attrs(cd=(("n", ()),)),
                  InvalidArgumentError, "Context feature: n.  Data types don't match"),
        BadSample((P._strings(b"\xff\xff garbage"), _NONE), _batch_attrs(),
                  InvalidArgumentError, "Invalid protocol message input"),
        BadSample((s, P._strings(b"a")), _batch_attrs(), InvalidArgumentError,
                  "example_names must be empty or have the correct number of elements"),
    ]


def _lengths(a: dict, n_defaults: int) -> dict:
    return {"Ncontext_sparse": len(a["context_sparse_keys"]),
            "Ncontext_dense": len(a["context_dense_keys"]),
            "Nfeature_list_dense": len(a["feature_list_dense_keys"]),
            "Nfeature_list_sparse": len(a["feature_list_sparse_keys"]),
            "Tcontext_dense": n_defaults,
            "context_sparse_types": len(a["context_sparse_types"]),
            "feature_list_dense_types": len(a["feature_list_dense_types"]),
            "feature_list_sparse_types": len(a["feature_list_sparse_types"])}


def _batch_export(op: Any, b: Any) -> list:
    ins = [b.input(i) for i in range(len(op.inputs))]
    counts = {k: v for k, v in _lengths(op.attrs, 0).items() if k in _COUNTS}
    return b.node(_BATCH, [ins[0], ins[1], ins[2:]], {
        **{k: list(v) for k, v in op.attrs.items()}, **counts}, name=op.name)


def _batch_load(node: Any) -> Any:
    keys = set(_batch_attrs())
    return bind(PARSE_SEQUENCE_EXAMPLE_V1, tuple(node.inputs),
                {k: tuple(v) for k, v in node.attrs.items() if k in keys})


PARSE_SEQUENCE_EXAMPLE_V1 = register(OpDef(
    _BATCH, _batch_infer, _batch_kernel, reference=_batch_ref, num_outputs=-1, gpu=False,
    arity=lambda ins, attrs: {k: v for k, v in _lengths(attrs, len(ins) - 2).items()
                              if k != "Ncontext_dense"},
    tf=TFForm(export=_batch_export, load=_batch_load),
    samples=_batch_samples, bad_samples=_batch_bad_samples,
))


# ---------------------------------------------------------------------------------------
# ParseSingleSequenceExample: serialized (a scalar), feature_list_dense_missing_assumed_empty,
# the four lists of keys (one scalar each), context_dense_defaults, debug_name, flat
# ---------------------------------------------------------------------------------------

_COUNTS = ("Ncontext_sparse", "Ncontext_dense", "Nfeature_list_sparse", "Nfeature_list_dense")


def _single_split(ins: tuple, a: dict) -> tuple:
    """(serialized, assumed empty, the four key lists, defaults, debug_name)."""
    at, keys = 2, []
    for n in _COUNTS:
        keys.append(ins[at:at + a[n]])
        at += a[n]
    return ins[0], ins[1], keys, ins[at:-1], ins[-1]


def _single_infer(*ins: Any, **a: Any) -> list:
    serialized, empty, keys, defaults, name = _single_split(ins, a)
    for i, t in enumerate(ins):
        if t._dtype is not dt.string and not any(t is d for d in defaults):
            raise C.wrong_input_dtype(_SINGLE, i, dt.string, t._dtype)
    if empty._shape is not None and len(empty._shape) != 1:
        raise C.fail(_SINGLE, f"Expected feature_list_dense_missing_assumed_empty to be a "
                              f"vector, got shape: {P.shape_text(empty._shape)}")
    if name._shape is not None and len(name._shape) != 0:
        raise C.fail(_SINGLE, f"Expected debug_name to be a scalar, got shape: "
                              f"{P.shape_text(name._shape)}")
    attrs = _attrs_of(a, tuple(("",) * len(k) for k in keys), ())
    context = _check(_SINGLE, serialized, defaults, attrs, True)
    return _specs((), context, defaults, attrs, False)


def _attrs_of(a: dict, keys: tuple, empty: tuple) -> dict:
    return {**{k: v for k, v in a.items() if k not in _COUNTS},
            **dict(zip(_KEYS, keys)), "feature_list_dense_missing_assumed_empty": empty}


def _single_kernel(xp: Any, *ins: Any, **a: Any) -> tuple:
    serialized, empty, keys, defaults, name = _single_split(ins, a)
    attrs = _attrs_of(a, tuple(tuple(P.first_key(k) for k in group) for group in keys),
                      tuple(P.text(v) for v in np.asarray(empty, dtype=object).reshape(-1)))
    return _parts(_SINGLE, serialized, defaults, attrs, True, P.first_key(name))[0]


def _single_ref(*ins: Any, **a: Any) -> tuple:
    serialized, empty, keys, defaults, name = _single_split(ins, a)
    attrs = _attrs_of(a, tuple(tuple(P.first_key(k) for k in group) for group in keys),
                      tuple(P.text(v) for v in np.asarray(empty, dtype=object).reshape(-1)))
    out = _batch_ref(P._strings(serialized[()]), _NONE, *defaults, **attrs)
    k = len(attrs["feature_list_dense_keys"])
    # one message: each output less its batch dimension (the sparse ones' first column)
    ncs, nfs = len(attrs["context_sparse_keys"]), len(attrs["feature_list_sparse_keys"])
    out = list(out[:len(out) - k])
    for first, n in ((0, ncs), (3 * ncs + len(defaults), nfs)):
        for i in range(n):
            out[first + i] = out[first + i][:, 1:]
            out[first + 2 * n + i] = out[first + 2 * n + i][1:]
    dense = [range(3 * ncs, 3 * ncs + len(defaults)),
             range(3 * ncs + len(defaults) + 3 * nfs, len(out))]
    for i in (j for r in dense for j in r):
        out[i] = out[i][0, ...]
    return tuple(out)


def _single_export(op: Any, b: Any) -> list:
    serialized, empty, keys, defaults, name = _single_split(
        tuple(b.input(i) for i in range(len(op.inputs))), op.attrs)
    return b.node(_SINGLE, [serialized, empty, *[list(k) for k in keys], list(defaults), name],
                  {k: list(v) for k, v in op.attrs.items() if k not in _COUNTS},
                  name=op.name)


def _single_load(node: Any) -> Any:
    keep = set(_COUNTS) | {k for k in _batch_attrs() if k.endswith(("_types", "_shapes"))}
    return bind(PARSE_SINGLE_SEQUENCE_EXAMPLE, tuple(node.inputs), {
        k: v if k in _COUNTS else tuple(v) for k, v in node.attrs.items() if k in keep})


def _single_attrs(cs: tuple = (), cd: int = 0, fs: tuple = (), fd: tuple = ()) -> dict:
    return {"Ncontext_sparse": len(cs), "Ncontext_dense": cd, "Nfeature_list_sparse": len(fs),
            "Nfeature_list_dense": len(fd), "context_sparse_types": cs,
            "context_dense_shapes": ((),) * cd, "feature_list_sparse_types": fs,
            "feature_list_dense_types": tuple(d for d, _ in fd),
            "feature_list_dense_shapes": tuple(s for _, s in fd)}


def _key(k: bytes) -> np.ndarray:
    return np.array(k, dtype=object)


def _single_samples() -> list:
    s = _messages()
    return [
        Sample((s[0, ...], _NONE, _key(b"s"), _key(b"n"), _key(b"tok"), _key(b"w"),
                np.zeros(0, np.int64), _key(b"")),
               _single_attrs((dt.string,), 1, (dt.int64,), ((dt.float32, ()),)), grad=False),
        Sample((s[1, ...], P._strings(b"tok"), _key(b"tok"), _key(b"w"), _key(b"")),
               _single_attrs(fd=((dt.int64, ()), (dt.float32, (1,)))), grad=False),
    ]


def _single_bad_samples() -> list:
    s = _messages()
    attrs = _single_attrs(fd=((dt.float32, (2,)),))
    return [
        BadSample((s[0, ...], _NONE, _key(b"w"), _key(b"nm")), attrs, InvalidArgumentError,
                  "Name: nm, Key: w, Index: 0.  Number of float values != expected"),
        BadSample((s[1, ...], _NONE, _key(b"tok"), _key(b"")), attrs, InvalidArgumentError,
                  "Name: , Feature list 'tok' is required but could not be found"),
        BadSample((s, _NONE, _key(b"w"), _key(b"")), attrs, InvalidArgumentError,
                  "Expected serialized to be a scalar, got shape: [2]"),
        BadSample((s[0, ...], P._strings(b"w").reshape(1, 1), _key(b"w"), _key(b"")), attrs,
                  InvalidArgumentError, "Expected feature_list_dense_missing_assumed_empty "
                                        "to be a vector"),
        BadSample((s[0, ...], _NONE, _key(b"q"), np.zeros(0, np.int64), _key(b"")),
                  _single_attrs(cd=1), InvalidArgumentError,
                  "Name: , Context feature 'q' is required but could not be found."),
    ]


PARSE_SINGLE_SEQUENCE_EXAMPLE = register(OpDef(
    _SINGLE, _single_infer, _single_kernel, reference=_single_ref, num_outputs=-1, gpu=False,
    arity=lambda ins, a: _lengths(_attrs_of(a, tuple(
        ("",) * a[n] for n in _COUNTS), ()), a["Ncontext_dense"]),
    tf=TFForm(export=_single_export, load=_single_load),
    samples=_single_samples, bad_samples=_single_bad_samples,
))
