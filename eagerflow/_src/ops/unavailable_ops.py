"""TF 2.21's raw ops that no kernel of TF's runs: tf.raw_ops offers them, and calling one
raises TF's error for it.

Ops layer, loaded on first use (op_index.py lists its ops). Three kinds:

- ops TF removed from its GraphDefs at some version (BatchMatrixInverse at 13, TopK at 7):
  their OpDef records the version and TF's advice (`deprecation`, kept in
  saved_model/tf_op_signatures.json, which is read from here). Eagerly each raises
  UnimplementedError "Op X is not available in GraphDef version 2474. It has been removed
  in version 13. <advice>." from inside the op's function (TF's prefix), after TF's checks
  of its attrs' types; adding one to a graph (a tf.function, a TF 1 graph) raises Python's
  NotImplementedError with those words. Some fail eagerly before that check, on TF's
  kernel lookup: TopK and TileGrad have CPU kernels for another index type only (an
  InvalidArgumentError quoting the kernel's constraint), the BatchFFT family none at all
  (NotFoundError).
- ops with no kernel on any device of TF 2.21's build (SegmentSumV2 and its kin: XLA
  only; CTCLossV2 and the CudnnRNN family, cuDNN's, which eagerflow does not give a GPU
  either; FilterByLastComponentDataset, which TF defines and runs nowhere): eagerly
  NotFoundError naming the node and its attrs and the kernels TF registers; a graph
  holding one traces, and fails when run with TF's InvalidArgumentError for it.
- AccumulateNV2, refused eagerly as those, which TF's graph passes rewrite into a sum
  (below). (FFTND and its kin, which TF registers for GPUs only, are tf.fftnd's
  functions: saved_model/tf_composites.py; the CSR matrix ops TF has GPU kernels for
  only, csr_gpu_ops.py.)

None of them but AccumulateNV2 and CudnnRNN (V2, V3) has a gradient: TF registers none
that could run, and CudnnRNN's, its Backprop op, runs nowhere either (a traced
gradient holds it, as TF's does).
"""

from __future__ import annotations

import base64
from typing import Any

import numpy as np

from eagerflow._src.core import dtypes as dt
from eagerflow._src.core.context import _state
from eagerflow._src.core.errors import InvalidArgumentError, NotFoundError, UnimplementedError
from eagerflow._src.core.versions import GRAPH_DEF_VERSION
from eagerflow._src.ops import checks as C
from eagerflow._src.ops import tf_op_defs
from eagerflow._src.ops.dispatch import bind
from eagerflow._src.ops.registry import BadSample, OpDef, Resource, TFForm, register
from eagerflow._src.ops.runtime_raw_ops import TensorMapValue


def _tracing(inputs: tuple) -> bool:
    return _state.graph is not None or any(C.is_graph_tensor(x) for x in inputs)


def _check_types(op: str, inputs: tuple) -> None:
    """TF's checks of the inputs' dtypes against the op's type attrs, which come first."""
    for i, x in enumerate(inputs):
        attr = tf_op_defs.input_type_attr(op, i)
        listed = tf_op_defs.allowed_types(op, attr) if attr else None
        if listed and C.dt_enum(x._dtype) not in listed:
            raise C.fail(op, f"Value for attr '{attr}' of {C.dtype_word(x._dtype)} is not in "
                             f"the list of allowed values: {tf_op_defs.type_words(listed)}\n\t"
                             f"; NodeDef: {{{{node {op}}}}}")


def _no_kernels(op: str, node_attrs: str, registered: str = "") -> NotFoundError:
    """TF's NotFoundError for an op with no kernel for this node (`registered`: the lines
    of the kernels it has, as TF lists them)."""
    return NotFoundError(None, None, f"Could not find device for node: {{{{node {op}}}}} = "
                                     f"{op}[{node_attrs}]\nAll kernels registered for op "
                                     f"{op}:\n{registered or '  <no registered kernels>'}\n "
                                     f"[Op:{op}]")


def _constraint(op: str, attr: str, node_attrs: str, kernel_def: str) -> InvalidArgumentError:
    """TF's eager refusal of a node no CPU kernel's constraint on `attr` admits: the first
    kernel it tried. (TF prints the KernelDef after a marker whose spacing varies.)"""
    return C.fail(op, f"OpKernel '{op}' has constraint on attr '{attr}' not in NodeDef "
                      f"'[{node_attrs}]', KernelDef: 'goo.gle/debugonly  op: \"{op}\" "
                      f"device_type: \"CPU\" {kernel_def}'")


def _bool(b: Any) -> str:
    return "true" if b else "false"


# -- the removed ops ------------------------------------------------------------------------

def _removed(op: str, eager: Any = None) -> Any:
    """The infer of removed op `op`: its refusal (`eager(inputs, attrs)`: the error TF's
    kernel lookup raises first eagerly, if any)."""
    def infer(*inputs: Any, **attrs: Any) -> list:
        _check_types(op, inputs)
        if _tracing(inputs):
            raise NotImplementedError(tf_op_defs.removed_message(op))
        if eager is not None:
            raise eager(inputs, attrs)
        raise UnimplementedError(None, None, f"{tf_op_defs.removed_message(op)} [Op:{op}]")
    return infer


def _unreachable(xp: Any, *arrays: Any, **attrs: Any) -> Any:
    raise AssertionError("infer refuses every call")  # pragma: no cover


def _topk_refusal(inputs: tuple, attrs: dict) -> InvalidArgumentError:
    t = C.dt_enum(inputs[0]._dtype)
    return _constraint("TopK", "index_type",
                       f"T={t}, k={attrs.get('k')}, sorted={_bool(attrs.get('sorted', True))}",
                       f"constraint {{ name: \"T\" allowed_values {{ list {{ type: {t} }} }} }} "
                       "constraint { name: \"index_type\" allowed_values { list { type: "
                       "DT_INT64 } } }")


def _tile_grad_refusal(inputs: tuple, attrs: dict) -> InvalidArgumentError:
    return _constraint("TileGrad", "Tmultiples", f"T={C.dt_enum(inputs[0]._dtype)}",
                       "constraint { name: \"Tmultiples\" allowed_values { list { type: "
                       "DT_INT64 } } } host_memory_arg: \"multiples\"")


def _batch_fft_refusal(op: str) -> Any:
    return lambda inputs, attrs: _no_kernels(op, "")


def _f32(*shape: int) -> np.ndarray:
    return np.ones(shape, np.float32)


def _ints(*values: int) -> np.ndarray:
    return np.array(values, np.int32)


# op -> (number of outputs, stateful, what TF's kernel lookup raises eagerly first, a
# bad sample's inputs, its attrs)
_REMOVED: dict[str, tuple] = {
    "AdjustContrast": (1, False, None, lambda: (_f32(2, 2, 3),) + (np.float32(1.0),) * 3, {}),
    "BatchCholesky": (1, False, None, lambda: (_f32(2, 2),), {}),
    "BatchCholeskyGrad": (1, False, None, lambda: (_f32(2, 2), _f32(2, 2)), {}),
    "BatchMatrixBandPart": (1, False, None, lambda: (_f32(2, 2), np.int64(0), np.int64(0)),
                            {}),
    "BatchMatrixDeterminant": (1, False, None, lambda: (_f32(2, 2),), {}),
    "BatchMatrixDiag": (1, False, None, lambda: (_f32(2, 2),), {}),
    "BatchMatrixDiagPart": (1, False, None, lambda: (_f32(2, 2),), {}),
    "BatchMatrixInverse": (1, False, None, lambda: (_f32(2, 2),), {"adjoint": False}),
    "BatchMatrixSetDiag": (1, False, None, lambda: (_f32(2, 2), _f32(2)), {}),
    "BatchMatrixSolve": (1, False, None, lambda: (_f32(2, 2), _f32(2, 1)), {}),
    "BatchMatrixSolveLs": (1, False, None, lambda: (_f32(2, 2), _f32(2, 1), np.float64(0.0)),
                           {"fast": True}),
    "BatchMatrixTriangularSolve": (1, False, None, lambda: (_f32(2, 2), _f32(2, 1)), {}),
    "BatchNormWithGlobalNormalization": (
        1, False, None, lambda: (_f32(1, 1, 1, 2),) + (_f32(2),) * 4,
        {"variance_epsilon": 0.1, "scale_after_normalization": True}),
    "BatchNormWithGlobalNormalizationGrad": (
        5, False, None, lambda: (_f32(1, 1, 1, 2),) + (_f32(2),) * 3 + (_f32(1, 1, 1, 2),),
        {"variance_epsilon": 0.1, "scale_after_normalization": True}),
    "BatchSelfAdjointEig": (1, False, None, lambda: (_f32(2, 2),), {}),
    "BatchSelfAdjointEigV2": (2, False, None, lambda: (_f32(2, 2),), {}),
    "BatchSvd": (3, False, None, lambda: (_f32(2, 2),), {}),
    "Conv3DBackpropFilter": (1, False, None, lambda: (_f32(1, 2, 2, 2, 1), _f32(1, 1, 1, 1, 1),
                                                      _f32(1, 2, 2, 2, 1)),
                             {"strides": (1, 1, 1, 1, 1), "padding": "SAME"}),
    "Conv3DBackpropInput": (1, False, None, lambda: (_f32(1, 2, 2, 2, 1), _f32(1, 1, 1, 1, 1),
                                                     _f32(1, 2, 2, 2, 1)),
                            {"strides": (1, 1, 1, 1, 1), "padding": "SAME"}),
    "PlaceholderV2": (1, False, None, lambda: (), {"dtype": dt.float32, "shape": (2,)}),
    "QuantizeAndDequantize": (1, False, None, lambda: (_f32(2),), {}),
    "RandomCrop": (1, True, None, lambda: (_f32(3, 3, 1), np.array([2, 2], np.int64)), {}),
    "RandomPoisson": (1, True, None, lambda: (_ints(2), np.float32(1.0)), {}),
    "SelfAdjointEig": (1, False, None, lambda: (_f32(2, 2),), {}),
    "StatefulStandardNormal": (1, True, None,
                               lambda: (Resource(np.zeros(3, np.int64)), _ints(2)), {}),
    "TopK": (2, False, _topk_refusal, lambda: (_f32(3),), {"k": 2, "sorted": True}),
    "TileGrad": (1, False, _tile_grad_refusal, lambda: (_f32(2, 2), _ints(1, 1)), {}),
    **{op: (1, False, _batch_fft_refusal(op), lambda: (_f32(2) + 0j,), {})
       for op in ("BatchFFT", "BatchFFT2D", "BatchFFT3D", "BatchIFFT", "BatchIFFT2D",
                  "BatchIFFT3D")},
}


def _removed_bad(op: str, inputs: Any, attrs: dict, first: Any) -> Any:
    def build() -> list:
        if first is _topk_refusal or first is _tile_grad_refusal:
            return [BadSample(inputs(), attrs, InvalidArgumentError,
                              f"OpKernel '{op}' has constraint on attr")]
        if first is not None:
            return [BadSample(inputs(), attrs, NotFoundError,
                              f"Could not find device for node: {{{{node {op}}}}} = {op}[]\n"
                              f"All kernels registered for op {op}:\n  <no registered "
                              "kernels>\n")]
        return [BadSample(inputs(), attrs, UnimplementedError,
                          f"Op {op} is not available in GraphDef version {GRAPH_DEF_VERSION}. "
                          "It has been removed in version ")]
    return build


def _register_removed(op: str, n: int, stateful: bool, first: Any, inputs: Any,
                      attrs: dict) -> OpDef:
    opdef = OpDef(op, _removed(op, first), _unreachable, num_outputs=n, stateful=stateful,
                  bad_samples=_removed_bad(op, inputs, attrs, first),
                  tf=TFForm(load=lambda node: bind(opdef, tuple(node.inputs),
                                                   dict(node.attrs)),
                            takes_handles=op == "StatefulStandardNormal"))
    return register(opdef)


REMOVED = {op: _register_removed(op, *spec) for op, spec in _REMOVED.items()}


# -- the ops without kernels ----------------------------------------------------------------

def _e(d: dt.DType) -> str:
    return C.dt_enum(d)


def _segment_node(ds: list, attrs: dict, graph: bool = False) -> str:
    t, i, n = (f"{a}={_e(d)}" for a, d in zip(("T", "Tindices", "Tnumsegments"), ds))
    return f"{i}, {n}, {t}" if graph else f"{t}, {i}, {n}"


def _segment_xla(types: str) -> str:
    return ("  device='XLA_CPU_JIT'; Tnumsegments in [DT_INT32, DT_INT64]; Tindices in "
            f"[DT_INT32, DT_INT64]; T in [{', '.join(C.enums(types))}]")


_SUM_TYPES = ("FLOAT DOUBLE INT32 UINT8 INT16 INT8 COMPLEX64 INT64 QINT8 QUINT8 QINT32 BFLOAT16 "
              "UINT16 COMPLEX128 HALF UINT32 UINT64")
_MAX_TYPES = "FLOAT DOUBLE INT32 UINT8 INT16 INT8 INT64 BFLOAT16 UINT16 HALF UINT32 UINT64"


def _ctc_node(ds: list, attrs: dict, graph: bool = False) -> str:
    words = [f"{a}={_bool(attrs.get(a, a == 'ctc_merge_repeated'))}"
             for a in ("ctc_merge_repeated", "ignore_longer_outputs_than_inputs",
                       "preprocess_collapse_repeated")]
    return ", ".join(reversed(words) if graph else words)


# op -> (the node's attrs as TF prints them, from the inputs' dtypes and the attrs, in its
# eager error's order or its graph's; the kernels TF lists; the output dtypes; a bad
# sample's inputs, its attrs)
_NO_KERNEL: dict[str, tuple] = {
    **{f"Segment{k}V2": (_segment_node, _segment_xla(types), lambda ds, a: [ds[0]],
                         lambda: (_f32(3, 2), _ints(0, 0, 2), np.int32(3)), {})
       for k, types in (("Sum", _SUM_TYPES), ("Prod", _SUM_TYPES), ("Max", _MAX_TYPES),
                        ("Min", _MAX_TYPES))},
    "CTCLossV2": (_ctc_node, "", lambda ds, a: [dt.float32, dt.float32],
                  lambda: (np.zeros((2, 1, 3), np.float32), np.zeros((1, 2), np.int64),
                           _ints(1), _ints(2)), {}),
}


def _variant() -> np.ndarray:
    out = np.empty((), object)
    out[()] = TensorMapValue()  # (any variant: TF refuses the node before reading it)
    return out


def _dataset_node(ds: list, attrs: dict, graph: bool = False) -> str:
    """A dataset op's node: its components' shapes, then their dtypes."""
    shapes = ", ".join(_shape_text(s) for s in attrs.get("output_shapes", ()))
    types = ", ".join(_e(dt.as_dtype(t)) for t in attrs.get("output_types", ()))
    return f"output_shapes=[{shapes}], output_types=[{types}]"


# FilterByLastComponentDataset, which TF 2.21 defines but registers no kernel for
_NO_KERNEL["FilterByLastComponentDataset"] = (
    _dataset_node, "", lambda ds, a: [dt.variant], lambda: (_variant(),),
    {"output_types": (dt.int32, dt.float32), "output_shapes": ((None, 3), None)})


# GlobalIterId and WorkerHeartbeat, which TF 2.21 defines (for its TPU and distributed
# runtimes) but registers no kernel for (no attrs: an empty node)
_NO_KERNEL["GlobalIterId"] = (lambda ds, a, graph=False: "", "", lambda ds, a: [dt.int64],
                              lambda: (), {})
_NO_KERNEL["WorkerHeartbeat"] = (lambda ds, a, graph=False: "", "",
                                 lambda ds, a: [dt.string],
                                 lambda: (np.array(b"", object),), {})


# QuantizedReluX, which TF 2.21's CPU build defines but registers no kernel for (its
# siblings QuantizedRelu and QuantizedRelu6 run: quantized_ops.py)
_NO_KERNEL["QuantizedReluX"] = (
    lambda ds, a, graph=False: f"Tinput={_e(ds[0])}, out_type="
                               f"{_e(dt.as_dtype(a.get('out_type', dt.quint8)))}", "",
    lambda ds, a: [dt.as_dtype(a.get("out_type", dt.quint8)), dt.float32, dt.float32],
    lambda: (np.zeros(2, np.uint8).view(dt.quint8.as_numpy_dtype), np.float32(1),
             np.float32(-1), np.float32(1)), {"out_type": dt.quint8})


# cuDNN's recurrent ops, which TF 2.21 registers for GPUs only (eagerflow gives them no GPU
# kernel either): their nodes name every attr of TF's definition, defaults filled

def _attr_text(a: dict, value: Any) -> str:
    kind = a["type"]
    if kind == "type":
        return _e(dt.as_dtype(value))
    if kind == "string":
        return f'"{value}"'
    if kind == "bool":
        return _bool(value)
    if kind == "float":
        return format(float(np.float32(value)), "g")
    return str(int(value))


def _default(a: dict) -> Any:
    v = a.get("defaultValue", {})
    return (base64.b64decode(v["s"]).decode() if "s" in v else v.get("b", False) if "b" in v
            else v.get("f", 0.0) if "f" in v else int(v.get("i", 0)))


def _cudnn_node(op: str) -> Any:
    def node(ds: list, attrs: dict, graph: bool = False) -> str:
        words = []
        for a in sorted(tf_op_defs.signatures()[op]["attr"], key=lambda a: a["name"]):
            name = a["name"]
            if name in attrs:
                value = attrs[name]
            elif a["type"] == "type":  # (the dtype of the inputs it types)
                value = ds[next(i for i in range(len(ds))
                                if tf_op_defs.input_type_attr(op, i) == name)]
            else:
                value = _default(a)
            words.append(f"{name}={_attr_text(a, value)}")
        return ", ".join(words)
    return node


def _cudnn_outputs(n: int, host_reserved: bool = False) -> Any:
    def outputs(ds: list, attrs: dict) -> list:
        return [ds[0]] * n + ([dt.int8] if host_reserved else [])
    return outputs


def _canonical_outputs(ds: list, attrs: dict) -> list:
    n = attrs.get("num_params")
    n = 2 * n if n is not None else attrs["num_params_weights"] + attrs["num_params_biases"]
    return [ds[3]] * n


def _rnn_inputs(extra: int = 0, v3: bool = False) -> Any:
    """CudnnRNN's inputs (time, batch, units 2), params, then `extra` more tensors of T."""
    def inputs() -> tuple:
        head = (_f32(3, 2, 2), _f32(1, 2, 2), _f32(1, 2, 2), _f32(48))
        return head + ((_ints(3, 3),) if v3 else ()) + (_f32(3, 2, 2),) * extra
    return inputs


def _cudnn_shapes(op: str, inputs: tuple, attrs: dict, n: int) -> list:
    """The output shapes TF's shape functions give a traced node."""
    shape = [x._shape for x in inputs]
    if op.startswith("CudnnRNNBackprop"):
        return shape[:4]
    if op == "CudnnRNNParamsSize":
        return [(1,)]
    if op.startswith("CudnnRNNCanonicalToParams"):
        return [(None,)]
    if op.startswith("CudnnRNNParamsToCanonical"):
        w = attrs.get("num_params", attrs.get("num_params_weights"))
        return [(None, None)] * w + [(None,)] * (n - w)
    x, h, c = shape[:3]
    units = None if h is None or len(h) < 3 or h[2] is None else \
        h[2] * (2 if attrs.get("direction") == "bidirectional" else 1)
    out = None if x is None or len(x) < 2 else (x[0], x[1], units)
    lstm = attrs.get("rnn_mode", "lstm") == "lstm"
    # (the first two versions shape output_c as output_h)
    cell = (c if op == "CudnnRNNV3" else h) if lstm else ()
    return [out, h, cell] + [None] * (n - 3)


_CUDNN_SIZES = (np.int32(1), np.int32(2), np.int32(2))
_CUDNN: dict[str, tuple] = {
    "CudnnRNN": (_cudnn_outputs(4), _rnn_inputs(), {}),
    "CudnnRNNV2": (_cudnn_outputs(4, True), _rnn_inputs(), {}),
    "CudnnRNNV3": (_cudnn_outputs(4, True), _rnn_inputs(v3=True), {}),
    "CudnnRNNBackprop": (_cudnn_outputs(4), _rnn_inputs(7), {}),
    "CudnnRNNBackpropV2": (_cudnn_outputs(4),
                           lambda: _rnn_inputs(7)() + (np.zeros(1, np.int8),), {}),
    "CudnnRNNBackpropV3": (_cudnn_outputs(4),
                           lambda: _rnn_inputs(7, v3=True)() + (np.zeros(1, np.int8),), {}),
    "CudnnRNNParamsSize": (lambda ds, a: [dt.as_dtype(a["S"])], lambda: _CUDNN_SIZES,
                           {"T": dt.float32, "S": dt.int32}),
    "CudnnRNNCanonicalToParams": (lambda ds, a: [ds[3]],
                                  lambda: _CUDNN_SIZES + (_f32(2, 2),) * 8 + (_f32(2),) * 8,
                                  {"num_params": 8}),
    "CudnnRNNCanonicalToParamsV2": (lambda ds, a: [ds[3]],
                                    lambda: _CUDNN_SIZES + (_f32(2, 2),) * 8 + (_f32(2),) * 8,
                                    {"num_params_weights": 8, "num_params_biases": 8}),
    "CudnnRNNParamsToCanonical": (_canonical_outputs, lambda: _CUDNN_SIZES + (_f32(48),),
                                  {"num_params": 8}),
    "CudnnRNNParamsToCanonicalV2": (_canonical_outputs, lambda: _CUDNN_SIZES + (_f32(48),),
                                    {"num_params_weights": 8, "num_params_biases": 8}),
}
_NO_KERNEL.update({op: (_cudnn_node(op), "", outputs, inputs, attrs)
                   for op, (outputs, inputs, attrs) in _CUDNN.items()})


# The GPU's and TPU's collectives (NCCL's, XLA's), which TF 2.21's CPU build runs nowhere:
# their nodes name every attr, sorted, as the CuDNN ones

def _gpu_collective_node(op: str) -> Any:
    def node(ds: list, attrs: dict, graph: bool = False) -> str:
        words = []
        for a in sorted(tf_op_defs.signatures()[op]["attr"], key=lambda a: a["name"]):
            name = a["name"]
            if a["type"] == "type":
                words.append(f"{name}={_e(ds[0])}")
            elif name == "num_devices" and op == "NcclReduce":  # (its inputs' count)
                words.append(f"{name}={len(ds)}")
            elif a["type"] == "shape":
                words.append(f"{name}={_shape_text(attrs.get(name))}")
            elif name in attrs or "defaultValue" in a:
                words.append(f"{name}={_attr_text(a, attrs.get(name, _default(a)))}")
        return ", ".join(words)
    return node


_GPU_COLLECTIVES: dict[str, tuple] = {
    "NcclAllReduce": (lambda: (_f32(2),), {"reduction": "sum", "num_devices": 1,
                                           "shared_name": "a"}),
    "NcclBroadcast": (lambda: (_f32(2),), {"shape": (2,)}),
    "NcclReduce": (lambda: (_f32(2),), {"reduction": "sum"}),
    "CollectivePermute": (lambda: (_f32(2), np.array([[0, 0]], np.int32)), {}),
    "AllToAll": (lambda: (_f32(2), np.array([[0]], np.int32)),
                 {"concat_dimension": 0, "split_dimension": 0, "split_count": 1}),
    "CrossReplicaSum": (lambda: (_f32(2), np.array([[0]], np.int32)), {}),
}
_NO_KERNEL.update({op: (_gpu_collective_node(op), "", lambda ds, a: [ds[0]], inputs, attrs)
                   for op, (inputs, attrs) in _GPU_COLLECTIVES.items()})


def _refusal(op: str, ds: list, attrs: dict) -> NotFoundError:
    node, registered = _NO_KERNEL[op][:2]
    return _no_kernels(op, node(ds, attrs), registered)


def _check_attrs(op: str, inputs: tuple, attrs: dict) -> None:
    """TF's checks of attrs against its definition, in its order: a string among the values
    it allows (an attr the call sets), the inputs' type, a count at least its minimum."""
    C.string_attrs_allowed(op, attrs)
    _check_types(op, inputs)
    for a in tf_op_defs.signatures()[op]["attr"]:
        value = attrs.get(a["name"])
        if a.get("hasMinimum") and a["type"] == "int" and value is not None and \
                value < int(a["minimum"]):
            raise C.fail(op, f"Value for attr '{a['name']}' of {value} must be at least "
                             f"minimum {a['minimum']}\n\t; NodeDef: {{{{node {op}}}}}")


def _kernelless_infer(op: str) -> Any:
    def infer(*inputs: Any, **attrs: Any) -> list:
        ds = [x._dtype for x in inputs]
        if op in _CUDNN or op in _GPU_COLLECTIVES:
            _check_attrs(op, inputs, attrs)
        if not _tracing(inputs):
            raise _refusal(op, ds, attrs)
        dtypes = _NO_KERNEL[op][2](ds, attrs)
        shapes = _cudnn_shapes(op, inputs, attrs, len(dtypes)) if op in _CUDNN else \
            [None] * len(dtypes)
        return list(zip(shapes, dtypes))  # (it fails when run)
    return infer


def _kernelless_kernel(op: str) -> Any:
    """A graph's node of the op, run: TF's refusal then (its words differ from eager's)."""
    def kernel(xp: Any, *arrays: Any, **attrs: Any) -> Any:
        node, registered = _NO_KERNEL[op][:2]
        text = node([dt.as_dtype(a.dtype) for a in arrays], attrs, graph=True)
        raise InvalidArgumentError(
            None, None, f"No OpKernel was registered to support Op '{op}' used by {{{{node "
                        f"{op}}}}} with these attrs: [{text}]\nRegistered devices: [CPU]\n"
                        f"Registered kernels:\n{registered or '  <no registered kernels>'}"
                        f"\n [Op:{op}]")
    return kernel


_BACKPROP_ATTRS = ("dropout", "seed", "seed2", "rnn_mode", "input_mode", "direction")


def _cudnn_rnn_grad(op: str) -> Any:
    """TF's gradient of CudnnRNN (V2, V3): its Backprop op of the same version, over the
    forward's inputs, outputs and reserve space (it runs nowhere, as the forward)."""
    v3 = op == "CudnnRNNV3"
    backprop = "CudnnRNNBackprop" + op[len("CudnnRNN"):]

    def grad(n: Any, *g: Any) -> list:
        if not n.attrs.get("is_training", True):
            raise ValueError(f"To use {op} in gradients, is_training must be set to True.")
        ins, outs = tuple(n.inputs), tuple(n.outputs)
        attrs = {k: n.attrs[k] for k in _BACKPROP_ATTRS + ("time_major", "num_proj")
                 if k in n.attrs and (v3 or k in _BACKPROP_ATTRS)}
        inputs = ins[:5 if v3 else 4] + outs[:3] + g[:3] + outs[3:]
        out = list(bind(NO_KERNEL[backprop], inputs, attrs))
        return out + [None] if v3 else out
    return grad


_OUTPUTS = {"CTCLossV2": 2, "QuantizedReluX": 3}


def _register_kernelless(op: str, outputs: Any, inputs: Any, attrs: dict) -> OpDef:
    opdef = OpDef(op, _kernelless_infer(op), _kernelless_kernel(op),
                  grad=_cudnn_rnn_grad(op) if op in ("CudnnRNN", "CudnnRNNV2", "CudnnRNNV3")
                  else None,
                  num_outputs=_OUTPUTS.get(op, -1 if op in _CUDNN else 1),
                  stateful=True,  # (never run at trace time by a fold: it raises when it runs)
                  bad_samples=lambda: [BadSample(inputs(), attrs, NotFoundError,
                                                 f"Could not find device for node: {{{{node "
                                                 f"{op}}}}} = {op}[")],
                  tf=TFForm(load=lambda node: bind(opdef, tuple(node.inputs),
                                                   dict(node.attrs)),
                            # (a dataset's variant input, as tf.raw_ops takes it)
                            takes_handles=op.endswith("Dataset")))
    return register(opdef)


NO_KERNEL = {op: _register_kernelless(op, spec[2], spec[3], spec[4])
             for op, spec in _NO_KERNEL.items()}


# -- AccumulateNV2 --------------------------------------------------------------------------
# TF has no kernel for it: eagerly it is refused, and a graph's node of it is rewritten by
# TF's graph passes into an accumulation into a temporary variable, which sums the inputs
# (TF 2.21 sums them on a function's first call and fails its later ones, a per-step
# resource left behind, AlreadyExistsError: the sum is given every time here). Its
# gradient hands the output's gradient to each input, as AddN's.

def _shape_text(shape: Any) -> str:
    if shape is None:
        return "<unknown>"
    return "[" + ",".join("?" if d is None or d < 0 else str(d) for d in shape) + "]"


def _accumulate_infer(*inputs: Any, shape: Any = None, **attrs: Any) -> list:
    op = "AccumulateNV2"
    C.same_dtype(op, inputs, C.NUMERIC)
    if not _tracing(inputs):
        raise _no_kernels(op, f"N={len(inputs)}, T={_e(inputs[0]._dtype)}, "
                              f"shape={_shape_text(shape)}")
    out = next((x._shape for x in inputs if x._shape is not None and None not in x._shape),
               inputs[0]._shape)
    return [(out, inputs[0]._dtype)]


def _accumulate_kernel(xp: Any, *arrays: Any, **attrs: Any) -> Any:
    total = arrays[0].copy()
    for a in arrays[1:]:
        if a.shape != total.shape:
            raise C.fail("AccumulateNV2", "Parameters and update must be the same size")
        total += a
    return total


ACCUMULATE_NV2 = register(OpDef(
    "AccumulateNV2", _accumulate_infer, _accumulate_kernel,
    grad=lambda node, g: [g] * len(node.inputs),
    arity=lambda ins, a: {"N": len(ins)},
    bad_samples=lambda: [BadSample((_f32(3, 2), _f32(3, 2)), {"shape": (3, 2)}, NotFoundError,
                                   "Could not find device for node: {{node AccumulateNV2}} = "
                                   "AccumulateNV2[N=2, T=DT_FLOAT, shape=[3,2]]\nAll kernels "
                                   "registered for op AccumulateNV2:\n  <no registered "
                                   "kernels>\n")],
    tf=TFForm(load=lambda node: bind(ACCUMULATE_NV2, tuple(node.inputs),
                                     {"shape": node.attrs.get("shape")})),
))

# the ops that refuse every call: no samples (tests/ops/test_registry.py)
REFUSING = frozenset(REMOVED) | frozenset(NO_KERNEL) | {"AccumulateNV2"}
