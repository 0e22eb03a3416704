"""TF's first parsing ops: ParseExample and ParseSingleExample.

Ops layer, after parsing_ops. The graphs of TF 1 (an Estimator's serving signature, a
SavedModel of TF 2.0-2.2) hold these nodes; TF 2.21's public functions write
ParseExampleV2 instead. Each op parses with ParseExampleV2's kernel (parsing_ops.py),
its errors named after the op: what differs is the signature. ParseExample takes its
keys as string tensors (lists of Nsparse and Ndense scalars) and its names as a vector;
ParseSingleExample takes one scalar Example and its keys as attrs. Both take a dense
feature's default as a tensor (empty: the feature is required) and read a dense shape
whose first dimension is unknown (-1 in a GraphDef) as a FixedLenSequenceFeature's,
padded with the default's one value.
"""

from __future__ import annotations

from typing import Any

import numpy as np

from eagerflow._src.core import dtypes as dt
from eagerflow._src.core.errors import InvalidArgumentError
from eagerflow._src.ops import checks as C
from eagerflow._src.ops import parsing_ops as P
from eagerflow._src.ops.dispatch import bind
from eagerflow._src.ops.registry import BadSample, OpDef, Sample, TFForm, register

_V1 = "ParseExample"
_SINGLE = "ParseSingleExample"


# ---------------------------------------------------------------------------------------
# ParseExample: serialized, names, sparse_keys (Nsparse), dense_keys (Ndense),
# dense_defaults (Tdense), flat
# ---------------------------------------------------------------------------------------

def _split(ins: tuple, Nsparse: int, Ndense: int) -> tuple:
    return (ins[2:2 + Nsparse], ins[2 + Nsparse:2 + Nsparse + Ndense],
            ins[2 + Nsparse + Ndense:])


def _v1_infer(serialized: Any, names: Any, *keys_defaults: Any, Nsparse: int, Ndense: int,
              sparse_types: tuple, dense_shapes: tuple) -> list:
    ins = (serialized, names) + keys_defaults
    sparse_keys, dense_keys, defaults = _split(ins, Nsparse, Ndense)
    for i, x in enumerate(ins):
        if x._dtype is not dt.string and not (i >= 2 + Nsparse + Ndense):
            raise C.wrong_input_dtype(_V1, i, dt.string, x._dtype)
    P.check_types(_V1, sparse_types, tuple(d._dtype for d in defaults))
    if len(sparse_types) != Nsparse:
        raise C.fail(_V1, "len(sparse_keys) != len(sparse_types)")
    if len(dense_shapes) != Ndense:
        raise C.fail(_V1, "len(dense_keys) != len(dense_shapes)")
    if len(defaults) != Ndense:
        raise C.fail(_V1, "len(dense_keys) != len(dense_defaults)")
    shape = serialized._shape
    if shape is not None and len(shape) != 1:
        raise C.fail(_V1, f"Expected serialized to be a vector, got shape: {P.shape_text(shape)}")
    n = names._shape
    if n is not None and shape is not None and C.num_elements(n) != 0 and \
            None not in n + shape and tuple(n) != tuple(shape):
        raise C.fail(_V1, f"Expected names have the same shape as serialized: name.shape="
                          f"{P.shape_text(n)}, serialized.shape={P.shape_text(shape)}")
    dense = P.check_dense(_V1, dense_shapes, defaults)
    return P.output_specs((None if shape is None else shape[0],), sparse_types, dense, defaults)


def _v1_kernel(xp: Any, serialized: Any, names: Any, *keys_defaults: Any, Nsparse: int,
               Ndense: int, sparse_types: tuple, dense_shapes: tuple) -> tuple:
    sparse_keys, dense_keys, defaults = _split((serialized, names) + keys_defaults, Nsparse,
                                               Ndense)
    names = np.asarray(names, dtype=object).reshape(-1)
    if names.size and names.size != np.size(serialized):
        raise C.fail(_V1, f"Expected names have the same shape as serialized: name.shape="
                          f"[{names.size}], serialized.shape=[{np.size(serialized)}]")
    return P.parse_tf(xp, _V1, serialized, tuple(P.first_key(k) for k in sparse_keys),
                      sparse_types, tuple(P.first_key(k) for k in dense_keys), dense_shapes,
                      defaults, False, tuple(P.text(v) for v in names))


def _v1_ref(serialized: Any, names: Any, *keys_defaults: Any, Nsparse: int, Ndense: int,
            sparse_types: tuple, dense_shapes: tuple) -> tuple:
    sparse_keys, dense_keys, defaults = _split((serialized, names) + keys_defaults, Nsparse,
                                               Ndense)
    return P.parse_tf(None, _V1, serialized, tuple(P.first_key(k) for k in sparse_keys),
                      sparse_types, tuple(P.first_key(k) for k in dense_keys), dense_shapes,
                      defaults, False, reference=True)


def _v1_export(op: Any, b: Any) -> list:
    ins = [b.input(i) for i in range(len(op.inputs))]
    a = op.attrs
    sparse_keys, dense_keys, defaults = _split(ins, a["Nsparse"], a["Ndense"])
    return b.node(_V1, [ins[0], ins[1], list(sparse_keys), list(dense_keys), list(defaults)],
                  {"sparse_types": list(a["sparse_types"]),
                   "dense_shapes": list(a["dense_shapes"])}, name=op.name)


def _v1_load(node: Any) -> Any:
    a = node.attrs
    return bind(PARSE_EXAMPLE_V1, tuple(node.inputs), {
        "Nsparse": a["Nsparse"], "Ndense": a["Ndense"],
        "sparse_types": tuple(a["sparse_types"]), "dense_shapes": tuple(a["dense_shapes"])})


def _strings(*items: Any) -> np.ndarray:
    return P._strings(*(v if isinstance(v, bytes) else v.encode() for v in items))


def _scalar(v: bytes) -> np.ndarray:
    return np.array(v, dtype=object)


def _v1_samples() -> list:
    s1 = P._strings(P._ex(a=[1, 2], s=[b"x", b"yz"]), P._ex(a=[3, 4], s=[b"q"]))
    s2 = P._strings(P._ex(f=[1.0, 2.0, 3.0, 4.0], s=[b"a"]), P._ex(f=[5.0, 6.0]))
    none = np.zeros(0, dtype=object)
    return [
        Sample((s1, none, _scalar(b"s"), _scalar(b"a"), np.zeros(0, np.int64)),
               {"Nsparse": 1, "Ndense": 1, "sparse_types": (dt.string,),
                "dense_shapes": ((2,),)}, grad=False),
        Sample((s2, _strings("n1", "n2"), _scalar(b"f"), _scalar(b"zz"),
                np.array([7, 8], np.int64)),
               {"Nsparse": 1, "Ndense": 1, "sparse_types": (dt.float32,),
                "dense_shapes": ((2,),)}, grad=False),
        # a GraphDef's dense shape [-1, 2]: a sequence padded with the default
        Sample((s2, none, _scalar(b"f"), np.array(-1.0, np.float32)),
               {"Nsparse": 0, "Ndense": 1, "sparse_types": (), "dense_shapes": ((None, 2),)},
               grad=False),
    ]


def _v1_bad_samples() -> list:
    s1 = P._strings(P._ex(a=[1, 2], s=[b"x", b"yz"]), P._ex(a=[3, 4], s=[b"q"]))
    none = np.zeros(0, dtype=object)
    dense = {"Nsparse": 0, "Ndense": 1, "sparse_types": (), "dense_shapes": ((3,),)}
    return [
        BadSample((s1, none, _scalar(b"a"), np.zeros(0, np.int64)), dense,
                  InvalidArgumentError, "Number of int64 values != expected"),
        BadSample((s1, none, _scalar(b"q"), np.zeros(0, np.int64)), dense,
                  InvalidArgumentError, "is required but could not be found"),
        BadSample((s1, none, _scalar(b"a"), np.zeros(2, np.int64)), dense,
                  InvalidArgumentError, "is not compatible with dense_shapes_[0] == [3]"),
        BadSample((s1[0], none, _scalar(b"a"), np.zeros(0, np.int64)), dense,
                  InvalidArgumentError, "Expected serialized to be a vector"),
        BadSample((s1, _strings("x"), _scalar(b"a"), np.zeros(0, np.int64)), dense,
                  InvalidArgumentError, "Expected names have the same shape as serialized"),
        BadSample((s1, none, _scalar(b"a"), np.zeros(0, np.float32)),
                  {**dense, "dense_shapes": ((2,),)}, InvalidArgumentError,
                  "Data types don't match"),
        BadSample((s1, none, _scalar(b"a")), {"Nsparse": 1, "Ndense": 0,
                                              "sparse_types": (dt.int32,), "dense_shapes": ()},
                  InvalidArgumentError, "Value for attr 'sparse_types' of int32"),
        BadSample((P._strings(b"\x0a\x7f garbage"), none, _scalar(b"a")),
                  {"Nsparse": 1, "Ndense": 0, "sparse_types": (dt.int64,), "dense_shapes": ()},
                  InvalidArgumentError, "Could not parse example input"),
    ]


PARSE_EXAMPLE_V1 = register(OpDef(
    _V1, _v1_infer, _v1_kernel, reference=_v1_ref, num_outputs=-1, gpu=False,
    arity=lambda ins, attrs: {"Ndense": attrs["Ndense"], "Nsparse": attrs["Nsparse"],
                              "Tdense": len(ins) - 2 - attrs["Nsparse"] - attrs["Ndense"],
                              "sparse_types": len(attrs["sparse_types"])},
    tf=TFForm(export=_v1_export, load=_v1_load),
    samples=_v1_samples, bad_samples=_v1_bad_samples,
))


# ---------------------------------------------------------------------------------------
# ParseSingleExample: serialized (a scalar), dense_defaults; the keys are attrs
# ---------------------------------------------------------------------------------------

def _single_infer(serialized: Any, *defaults: Any, num_sparse: int, sparse_keys: tuple,
                  dense_keys: tuple, sparse_types: tuple, dense_shapes: tuple) -> list:
    if serialized._dtype is not dt.string:
        raise C.wrong_input_dtype(_SINGLE, 0, dt.string, serialized._dtype)
    P.check_types(_SINGLE, sparse_types, tuple(d._dtype for d in defaults))
    if num_sparse != len(sparse_keys) or num_sparse != len(sparse_types):
        raise C.fail(_SINGLE, f"num_sparse ({num_sparse}) must match the size of sparse_keys "
                              f"({len(sparse_keys)}) and sparse_types ({len(sparse_types)})")
    if len(dense_keys) != len(defaults):
        raise C.fail(_SINGLE, "len(dense_keys) != len(dense_types)")
    if len(dense_shapes) != len(defaults):
        raise C.fail(_SINGLE, "len(dense_keys) != len(dense_shapes)")
    shape = serialized._shape
    if shape is not None and len(shape) != 0:
        raise C.fail(_SINGLE, f"Expected serialized to be a scalar, got shape: "
                              f"{P.shape_text(shape)}")
    dense = P.check_dense(_SINGLE, dense_shapes, defaults)
    return P.output_specs((), sparse_types, dense, defaults)


def _single_kernel(xp: Any, serialized: Any, *defaults: Any, num_sparse: int,
                   sparse_keys: tuple, dense_keys: tuple, sparse_types: tuple,
                   dense_shapes: tuple) -> tuple:
    if not sparse_keys and not dense_keys:
        return ()  # TF's kernel reads nothing of the Example then: it needn't parse
    return P.parse_tf(xp, _SINGLE, serialized, tuple(P.text(k) for k in sparse_keys),
                      sparse_types, tuple(P.text(k) for k in dense_keys), dense_shapes,
                      defaults, True)


def _single_export(op: Any, b: Any) -> list:
    a = op.attrs
    return b.node(_SINGLE, [b.input(0), [b.input(i) for i in range(1, len(op.inputs))]], {
        k: a[k] if k == "num_sparse" else list(a[k])
        for k in ("num_sparse", "sparse_keys", "dense_keys", "sparse_types", "dense_shapes")},
        name=op.name)


def _single_ref(serialized: Any, *defaults: Any, num_sparse: int, sparse_keys: tuple,
                dense_keys: tuple, sparse_types: tuple, dense_shapes: tuple) -> tuple:
    return P.parse_tf(None, _SINGLE, serialized, tuple(P.text(k) for k in sparse_keys),
                      sparse_types, tuple(P.text(k) for k in dense_keys), dense_shapes,
                      defaults, True, reference=True)


def _single_samples() -> list:
    s = _scalar(P._ex(a=[1, 2], s=[b"x", b"yz"], f=[0.5]))
    return [
        Sample((s, np.zeros(0, np.int64)), {
            "num_sparse": 1, "sparse_keys": ("s",), "dense_keys": ("a",),
            "sparse_types": (dt.string,), "dense_shapes": ((2,),)}, grad=False),
        Sample((s, np.array([[1.5]], np.float32), np.array(b"d", dtype=object)), {
            "num_sparse": 0, "sparse_keys": (), "dense_keys": ("f", "zz"),
            "sparse_types": (), "dense_shapes": ((1, 1), ())}, grad=False),
        Sample((s, np.array(0, np.int64)), {
            "num_sparse": 1, "sparse_keys": ("f",), "dense_keys": ("a",),
            "sparse_types": (dt.float32,), "dense_shapes": ((None,),)}, grad=False),
    ]


def _single_bad_samples() -> list:
    s = _scalar(P._ex(a=[1, 2], s=[b"x", b"yz"]))
    attrs = {"num_sparse": 0, "sparse_keys": (), "dense_keys": ("a",), "sparse_types": (),
             "dense_shapes": ((3,),)}
    return [
        BadSample((s, np.zeros(0, np.int64)), attrs, InvalidArgumentError,
                  "Can't parse serialized Example"),
        BadSample((s, np.zeros(0, np.int64)), {**attrs, "dense_keys": ("q",)},
                  InvalidArgumentError, "is required but could not be found"),
        BadSample((s, np.zeros(0, np.float32)), {**attrs, "dense_shapes": ((2,),)},
                  InvalidArgumentError, "Data types don't match"),
        BadSample((P._strings(s[()]), np.zeros(0, np.int64)), attrs, InvalidArgumentError,
                  "Expected serialized to be a scalar"),
        BadSample((s, np.zeros(0, np.int64)), {**attrs, "num_sparse": 2},
                  InvalidArgumentError, "must match the size of sparse_keys"),
    ]


PARSE_SINGLE_EXAMPLE = register(OpDef(
    _SINGLE, _single_infer, _single_kernel, reference=_single_ref,
    num_outputs=-1, gpu=False,
    arity=lambda ins, attrs: {"Tdense": len(ins) - 1, "num_sparse": attrs["num_sparse"],
                              "sparse_types": len(attrs["sparse_types"])},
    tf=TFForm(export=_single_export), samples=_single_samples, bad_samples=_single_bad_samples,
))
