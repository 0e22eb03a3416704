"""TF's TensorArray V2 ops, as TF 2.21 runs them: refusals.

Ops layer, loaded on first use (op_index.py), beside tensor_array_v1.py (the V3 ops and
StackV2's family, whose conventions these follow). The V2 versions were removed in GraphDef
version 26, but for TensorArrayCloseV2, which does nothing, and TensorArrayConcatV2, which
looks its string handle up (and finds none: no array has one). The first versions
(TensorArray, ..., Stack, StackPush, ...) have ref-typed handles: tf.raw_ops refuses them
as TF's wrappers do (tf_ops.REF_OPS).
"""

from __future__ import annotations

from typing import Any

import numpy as np

from eagerflow._src.core import dtypes as dt
from eagerflow._src.core.errors import NotFoundError, UnimplementedError, shape_str
from eagerflow._src.ops import checks as C
from eagerflow._src.ops.registry import BadSample, OpDef, Sample, register
from eagerflow._src.ops.tensor_array_v1 import CONTAINER, F32, FLOW0, TA_ATTRS, load_form
from eagerflow._src.ops.tf_op_defs import removed_message

# op -> (its attrs, its outputs: "h" a string
# handle pair, "f" a flow, "v" a value of dtype `dtype` (or `elem_type`), "e" the element
# pushed, "l" the lengths; its inputs, for its samples: "n" a size, "h" a handle, "i" an
# index, "I" indices, "x" a value, "l" lengths, "f" a flow)
_OLDER = {
    "TensorArrayV2": (TA_ATTRS, "h", "n"),
    "TensorArrayReadV2": (("dtype",), "v", "hif"),
    "TensorArrayWriteV2": ((), "f", "hixf"),
    "TensorArrayGatherV2": (("dtype", "element_shape"), "v", "hIf"),
    "TensorArrayScatterV2": ((), "f", "hIxf"),
    "TensorArraySplitV2": ((), "f", "hxlf"),
    "TensorArraySizeV2": ((), "s", "hf"),
    "TensorArrayGradV2": (("source",), "h", "hf"),
    "TensorArrayConcatV2": (("dtype", "element_shape_except0"), "vl", "hf"),
    "TensorArrayCloseV2": ((), "", "h"),
}


def _older_infer(outs: str) -> Any:
    def infer(*ins: Any, **attrs: Any) -> list:
        d = attrs.get("dtype", attrs.get("elem_type"))
        specs = {"h": ((2,), dt.string), "f": F32, "s": ((), dt.int32),
                 "l": ((None,), dt.int64), "e": None,
                 "v": (None, None if d is None else dt.as_dtype(d))}
        return [(ins[1]._shape, ins[1]._dtype) if k == "e" else specs[k] for k in outs]
    return infer


def _older_kernel(op: str) -> Any:
    def kernel(xp: Any, *ins: Any, **attrs: Any) -> tuple:
        if op == "TensorArrayCloseV2":
            return ()
        if op == "TensorArrayConcatV2":
            h = ins[0]
            if np.shape(h) != (2,):
                raise C.fail(op, f"Tensor array handle must be 2-element vector, but had "
                                 f"shape: {shape_str(np.shape(h))}")
            name = "".join(bytes(x).decode("utf-8", "replace") for x in h)
            raise NotFoundError(None, None, f"Resource {CONTAINER}/{name}/"
                                            f"N10tensorflow11TensorArrayE does not exist. "
                                            f"[Op:{op}]")
        raise UnimplementedError(None, None, f"{removed_message(op)} [Op:{op}]")
    return kernel


_OLDER_INPUTS = {"n": np.int32(2), "h": np.array([b"a", b"b"], object), "i": np.int32(0),
                 "I": np.array([0], np.int32), "x": np.array([1.0], np.float32),
                 "l": np.array([1], np.int64), "f": FLOW0}


def _older_samples(op: str, attrs: tuple, ins: str) -> tuple:
    """(samples, bad samples) of an older op: TF's refusal of a call (TensorArrayCloseV2,
    which refuses none, runs; a ref-typed op's refusal names no op, and is no op error)."""
    given = {"dtype": dt.float32} if "dtype" in attrs else \
        {"elem_type": dt.float32} if "elem_type" in attrs else \
        {"source": "g"} if "source" in attrs else {}
    inputs = tuple(_OLDER_INPUTS[k] for k in ins)
    if op == "TensorArrayCloseV2":
        return [Sample(inputs, given, grad=False)], []
    if op == "TensorArrayConcatV2":
        error, words = NotFoundError, "Resource __per_step_0/ab/N10tensorflow11TensorArrayE"
    else:
        error, words = UnimplementedError, f"Op {op} is not available in GraphDef version"
    return [], [BadSample(inputs, given, error, words)]


OLDER = {op: register(OpDef(
    op, _older_infer(outs), _older_kernel(op), num_outputs=len(outs),
    stateful=True, gpu=False, grad=C.no_gradient,
    tf=load_form(lambda op=op: OLDER[op], attrs),
    reference=lambda *_, **__: (),
    samples=lambda op=op, a=attrs, i=ins: _older_samples(op, a, i)[0],
    bad_samples=lambda op=op, a=attrs, i=ins: _older_samples(op, a, i)[1],
)) for op, (attrs, outs, ins) in _OLDER.items()}
