"""tf.lite.TFLiteConverter: lowers a traced eagerflow function (a ConcreteFunction, a Keras
model's call, a SavedModel's signature) to a float TFLite flatbuffer of builtin operators.

The lowering walks the function's graph in order. Tensors computable without the inputs
(constants, variables' values, ops of constants, shapes that are fully known) are folded
into constant buffers; every other op maps to one TFLite builtin, with the weights moved
to TFLite's layouts (FULLY_CONNECTED [out, in], CONV_2D [out, h, w, in],
DEPTHWISE_CONV_2D [1, h, w, in * multiplier]). A bias add or a relu/relu6 whose input
feeds nothing else is fused into the op before it, as TF's converter does.
"""

from __future__ import annotations

import os
import tempfile
from typing import Any

import numpy as np

from eagerflow._src.core import dtypes as dt
from eagerflow._src.core import nest
from eagerflow._src.core.tensor_spec import TensorSpec
from eagerflow._src.function.function_type import endpoint_text, saved_artifact_text
from eagerflow._src.function.polymorphic import function as tf_function
from eagerflow._src.graph.interpreter import run_op
from eagerflow._src.graph.ir import has_effects
from eagerflow._src.lite import control as CF
from eagerflow._src.lite import patterns as P
from eagerflow._src.lite import quantize as Qz
from eagerflow._src.lite import schema as S
from eagerflow._src.lite.options import OpsSet, RepresentativeDataset, TargetSpec
from eagerflow._src.lite.writer import ConverterError as ConverterError
from eagerflow._src.lite.writer import Op as _Op
from eagerflow._src.lite.writer import Tensor as _Tensor
from eagerflow._src.lite.writer import serialize
from eagerflow._src.ops.slicing import spec_vectors
from eagerflow._src.saved_model.load import load

_PADDINGS = {"SAME": S.SAME, "VALID": S.VALID}
_BINARY = {"Add": S.ADD, "AddV2": S.ADD, "Sub": S.SUB, "Mul": S.MUL, "RealDiv": S.DIV,
           "BiasAdd": S.ADD}
_UNARY = {"Relu": S.RELU, "Relu6": S.RELU6, "Tanh": S.TANH, "Sigmoid": S.LOGISTIC,
          "Elu": S.ELU, "Rsqrt": S.RSQRT, "Sqrt": S.SQRT, "Exp": S.EXP, "Log": S.LOG,
          "Neg": S.NEG, "Square": S.SQUARE, "Sin": S.SIN, "Abs": S.ABS, "LogSoftmax": S.LOG_SOFTMAX}
_BINARY_PLAIN = {"SquaredDifference": S.SQUARED_DIFFERENCE, "Maximum": S.MAXIMUM,
                 "Minimum": S.MINIMUM, "Pow": S.POW}
_REDUCERS = {"Mean": S.MEAN, "Sum": S.SUM, "Max": S.REDUCE_MAX, "Min": S.REDUCE_MIN,
             "Prod": S.REDUCE_PROD}
_COMPARE = {"Less": S.LESS, "Greater": S.GREATER, "LessEqual": S.LESS_EQUAL,
            "GreaterEqual": S.GREATER_EQUAL, "Equal": S.EQUAL, "NotEqual": S.NOT_EQUAL,
            "LogicalAnd": S.LOGICAL_AND, "LogicalOr": S.LOGICAL_OR}
# dtypes TFLite's ADD/SUB/MUL/DIV take besides float32
_INT_ARITH = (dt.int32, dt.int64)
_ALIASES = {"Identity", "IdentityN", "StopGradient", "PreventGradient", "Snapshot"}
_FUSE_ACT = {"Relu": S.ACT_RELU, "Relu6": S.ACT_RELU6}
# (not CONCATENATION: TF's float kernel ignores its fused activation)
_FUSES_ACT = {S.FULLY_CONNECTED, S.CONV_2D, S.DEPTHWISE_CONV_2D, S.ADD, S.SUB, S.MUL, S.DIV,
              S.MAX_POOL_2D, S.AVERAGE_POOL_2D, S.TRANSPOSE_CONV}


# The input that holds the bias, of the operators a bias add fuses into.
_BIAS_SLOT = {S.FULLY_CONNECTED: 2, S.CONV_2D: 2, S.DEPTHWISE_CONV_2D: 2, S.TRANSPOSE_CONV: 3}


class _NoValue(Exception):
    """A tensor that has no TFLite value (its op could not be lowered)."""


def _static(shape: Any) -> tuple[tuple, tuple | None]:
    """TFLite's shape (unknown dimensions as 1) and shape signature (-1 for them; None when
    every dimension is known)."""
    dims = tuple(shape) if shape is not None else ()
    if any(d is None for d in dims):
        return tuple(1 if d is None else int(d) for d in dims), \
            tuple(-1 if d is None else int(d) for d in dims)
    return tuple(int(d) for d in dims), None


class _Lowering:
    """One subgraph being lowered: the main function's, or (children) an IF branch's or a
    WHILE condition's or body's (control.py)."""

    def __init__(self, graph: Any, parts: Any = None, name: str = "main") -> None:
        self.graph = graph
        self.name = name
        self.parts = parts if parts is not None else CF.Parts()
        self.inputs: list = []
        self.outputs: list = []
        self.const: dict[int, np.ndarray] = {}
        self.tensors: list[_Tensor] = []
        self.of: dict[int, _Tensor] = {}  # graph tensor id -> its TFLite tensor
        self.ops: list[_Op] = []
        self.producer: dict[int, _Op] = {}
        self.uses: dict[int, int] = {}
        self.unsupported: list[str] = []
        self.consts: dict[tuple, _Tensor] = {}
        self.cse: dict[tuple, list] = {}  # (code, input ids) -> the ops emitted so
        self.shared: set[int] = set()  # outputs read for several graph tensors

    # -- tensors -------------------------------------------------------------------------
    def new(self, name: str, shape: Any, dtype: Any, data: np.ndarray | None = None) -> _Tensor:
        s, sig = _static(shape)
        t = _Tensor(name, s, sig, dtype, data)
        self.tensors.append(t)
        return t

    def constant(self, value: np.ndarray, name: str, dtype: Any = None) -> _Tensor:
        v = np.array(value, dtype, order="C")  # (ascontiguousarray would make a scalar 1-D)
        if v.dtype == np.float64:
            v = v.astype(np.float32)
        # equal constants are one tensor, as TF's converter merges them (an unrolled RNN
        # reads its weights once per step: they are stored once)
        key = (v.dtype.str, v.shape, v.tobytes())
        t = self.consts.get(key)
        if t is None:
            t = self.consts[key] = self.new(name, v.shape, v.dtype, v)
        return t

    def tensor(self, x: Any, dtype: Any = None) -> _Tensor:
        """The TFLite tensor of graph tensor `x` (a constant buffer if it folded)."""
        t = self.of.get(id(x))
        if t is not None:
            return t
        if id(x) in self.const:
            t = self.constant(self.const[id(x)], x.name.split(":")[0], dtype)
            self.of[id(x)] = t
            return t
        raise _NoValue(x.name)

    def child(self, name: str) -> _Lowering:
        return _Lowering(None, self.parts, name)

    def _same(self, code: int, inputs: list, options: dict, n_out: int) -> _Op | None:
        """An op emitted before with this code, these inputs and options (as they are now:
        a fusion since may have changed them), whose outputs then stand for the new op's,
        as TF's converter merges equal ops (a Bidirectional layer's two directions read
        one TRANSPOSE and UNPACK of the sequence)."""
        ids = [id(t) for t in inputs]
        for op in self.cse.get((code, tuple(ids)), ()):
            if [id(t) for t in op.inputs] == ids and op.options == options and \
                    len(op.outputs) == n_out:
                self.shared.update(id(t) for t in op.outputs)
                return op
        return None

    def _add(self, op: _Op) -> _Op:
        self.ops.append(op)
        self.cse.setdefault((op.code, tuple(id(t) for t in op.inputs)), []).append(op)
        return op

    def emit_many(self, code: int, inputs: list, outs: list, options: dict) -> _Op:
        op = self._same(code, inputs, dict(options), len(outs))
        if op is None:
            ts = [self.new(o.name.split(":")[0] + (str(k) if k else ""), o._shape,
                           dt.as_dtype(o._dtype).as_numpy_dtype) for k, o in enumerate(outs)]
            op = self._add(_Op(code, inputs, ts, dict(options)))
        for o, t in zip(outs, op.outputs):
            self.producer[id(t)] = op
            self.of[id(o)] = t
        return op

    def emit_while(self, inputs: list, outs: list, lead: int, options: dict) -> _Op:
        """A WHILE whose outputs mirror `inputs`; graph tensors `outs` are the loop
        variables' results, at `lead` on."""
        ts = []
        for k, t in enumerate(inputs):
            o = outs[k - lead] if lead <= k < lead + len(outs) else None
            name = "while" + (str(k) if k else "")
            ts.append(self.new(name, o._shape if o is not None else t.shape, t.dtype)
                      if o is not None else self._like(t, name))
        op = _Op(S.WHILE, inputs, ts, dict(options))
        self.ops.append(op)
        for k, o in enumerate(outs):
            self.of[id(o)] = ts[lead + k]
            self.producer[id(ts[lead + k])] = op
        return op

    def _like(self, t: _Tensor, name: str) -> _Tensor:
        u = _Tensor(name, t.shape, t.signature, t.dtype)
        self.tensors.append(u)
        return u

    def emit(self, code: int, inputs: list, out: Any, options: dict | None = None,
             out_dtype: Any = None) -> _Op:
        op = self._same(code, inputs, dict(options or {}), 1)
        if op is None:
            t = self.new(out.name.split(":")[0], out._shape,
                         out_dtype or dt.as_dtype(out._dtype).as_numpy_dtype)
            op = self._add(_Op(code, inputs, [t], dict(options or {})))
        self.producer[id(op.outputs[0])] = op
        self.of[id(out)] = op.outputs[0]
        return op

    # -- the walk ------------------------------------------------------------------------
    def run(self) -> None:
        self.walk(self.graph)
        self.check()

    def check(self) -> None:
        if self.unsupported:
            names = ", ".join(sorted(set(self.unsupported)))
            raise ConverterError(
                f"Some ops are not supported by eagerflow's TFLite converter (float "
                f"TFLITE_BUILTINS only): {names}")

    def walk(self, g: Any) -> None:
        for node in g.operations:
            for x in node.inputs:
                self.uses[id(x)] = self.uses.get(id(x), 0) + 1
        for x in g.outputs:
            self.uses[id(x)] = self.uses.get(id(x), 0) + 1
        inputs = {id(x) for x in g.fed_inputs}
        for node in g.operations:
            if node.outputs and id(node.outputs[0]) in inputs:
                continue
            try:
                self.lower(node)
            except _NoValue:
                if not self.unsupported:
                    raise ConverterError(f"op {node.name} ({node.type}) reads a tensor "
                                         "eagerflow's converter did not lower") from None

    def inline(self, node: Any) -> None:
        """A call of another traced function, its ops lowered in place."""
        self.inline_graph(node.op.fn.graph, node.inputs, node.outputs)

    def inline_graph(self, inner: Any, inputs: list, outputs: list) -> None:
        """`inner`'s ops lowered in place, its placeholders standing for `inputs` and its
        outputs giving `outputs`."""
        for x, y in zip(inner.fed_inputs, inputs):
            if id(y) in self.const:
                self.const[id(x)] = self.const[id(y)]
            else:
                self.of[id(x)] = self.tensor(y)
        self.walk(inner)
        for x, y in zip(outputs, inner.outputs):
            if id(y) in self.const:
                self.const[id(x)] = self.const[id(y)]
            elif id(y) in self.of:
                self.of[id(x)] = self.of[id(y)]
            # the inner tensor's other readers count as readers of the call's output
            self.uses[id(x)] = self.uses.get(id(x), 0) + self.uses.get(id(y), 1) - 1

    def fold(self, node: Any) -> bool:
        t = node.type
        if t == "Const":
            self.const[id(node.outputs[0])] = np.asarray(node.attrs["value"])
            return True
        if t == "ReadVariableOp":
            self.const[id(node.outputs[0])] = np.asarray(node.inputs[0].numpy())
            return True
        if t == "Shape" and all(d is not None for d in node.inputs[0]._shape or (None,)):
            shape = node.inputs[0]._shape
            self.const[id(node.outputs[0])] = np.array(
                shape, dt.as_dtype(node.outputs[0]._dtype).as_numpy_dtype)
            return True
        if (node.inputs and all(id(x) in self.const for x in node.inputs)
                and not has_effects(node.op)):
            values = {id(x): self.const[id(x)] for x in node.inputs}
            run_op(node, values, np)
            for o in node.outputs:
                self.const[id(o)] = np.asarray(values[id(o)])
            return True
        return False

    def lower(self, node: Any) -> None:
        if not node.outputs or self.fold(node):
            return
        t = node.type
        ins, out, a = node.inputs, node.outputs[0], node.attrs
        f32 = all(dt.as_dtype(o._dtype) == dt.float32 for o in node.outputs)
        if t in ("PartitionedCall", "StatefulPartitionedCall") and \
                getattr(node.op, "fn", None) is not None:
            self.inline(node)
            return
        if t in ("PartitionedCall", "StatefulPartitionedCall") and "f" in a:
            self.inline_graph(a["f"].graph, ins, node.outputs)  # (tf.raw_ops' call)
            return
        if t in ("If", "StatelessIf"):
            CF.lower_if(self, node)
            return
        if t in ("While", "StatelessWhile"):
            CF.lower_while(self, node)
            return
        if t in _ALIASES:
            for x, o in zip(ins, node.outputs):
                self.of[id(o)] = self.tensor(x)
                if id(x) in self.const:
                    self.const[id(o)] = self.const[id(x)]
            return
        if t == "MatMul" and f32 and id(ins[1]) in self.const and not a.get("transpose_a"):
            w = self.const[id(ins[1])]
            w = w if a.get("transpose_b") else w.T
            self.emit(S.FULLY_CONNECTED, [self.tensor(ins[0]), self.constant(
                w, ins[1].name.split(":")[0]), None], out,
                {"fused_activation_function": 0, "weights_format": 0, "keep_num_dims": False})
        elif t in ("MatMul", "BatchMatMul", "BatchMatMulV2", "BatchMatMulV3") and f32:
            adj = ("transpose_a", "transpose_b") if t == "MatMul" else ("adj_x", "adj_y")
            (x, ax), (y, ay) = (self.untransposed(v, bool(a.get(k))) for v, k in zip(ins, adj))
            self.emit(S.BATCH_MATMUL, [x, y], out, {"adj_x": ax, "adj_y": ay})
        elif t in ("Conv2D", "DepthwiseConv2dNative") and f32 and id(ins[1]) in self.const \
                and a.get("data_format", "NHWC") == "NHWC" and a["padding"] in _PADDINGS:
            self.conv(node)
        elif t == "Conv2DBackpropInput" and f32 and id(ins[1]) in self.const \
                and a.get("data_format", "NHWC") == "NHWC" and a["padding"] in _PADDINGS \
                and tuple(a.get("dilations") or (1, 1, 1, 1)) == (1, 1, 1, 1):
            w = self.const[id(ins[1])]  # [h, w, out, in] -> TFLite's [out, h, w, in]
            name = ins[1].name.split(":")[0]
            s = a["strides"]
            op = self.emit(S.TRANSPOSE_CONV, [
                self.tensor(ins[0], np.int32), self.constant(np.transpose(w, (2, 0, 1, 3)), name),
                self.tensor(ins[2]), self.constant(np.zeros(w.shape[2], np.float32),
                                                   name + "/bias")], out,
                {"padding": _PADDINGS[a["padding"]], "stride_w": int(s[2]),
                 "stride_h": int(s[1]), "fused_activation_function": 0})
            op.version = 4  # (TF 2.21's, with its bias input and fused activation)
        elif t in ("MaxPool", "AvgPool") and f32 and a.get("data_format", "NHWC") == "NHWC" \
                and a["padding"] in _PADDINGS:
            k, s = a["ksize"], a["strides"]
            self.emit(S.MAX_POOL_2D if t == "MaxPool" else S.AVERAGE_POOL_2D,
                      [self.tensor(ins[0])], out,
                      {"padding": _PADDINGS[a["padding"]], "stride_w": int(s[2]),
                       "stride_h": int(s[1]), "filter_width": int(k[2]),
                       "filter_height": int(k[1]), "fused_activation_function": 0})
        elif t in _BINARY and not f32 and t != "BiasAdd" and \
                dt.as_dtype(out._dtype) in _INT_ARITH:
            self.emit(_BINARY[t], [self.tensor(ins[0]), self.tensor(ins[1])], out,
                      {"fused_activation_function": 0})
        elif t in _COMPARE and dt.as_dtype(ins[0]._dtype) != dt.string:
            self.emit(_COMPARE[t], [self.tensor(ins[0]), self.tensor(ins[1])], out, {})
        elif t == "LogicalNot":
            self.emit(S.LOGICAL_NOT, [self.tensor(ins[0])], out, {})
        elif t in ("Select", "SelectV2") and dt.as_dtype(out._dtype) != dt.string:
            self.emit(S.SELECT_V2, [self.tensor(x) for x in ins], out, {})
        elif t in _BINARY and f32:
            if not (self.fuse_bias(node) or self.fuse_scale(node)):
                self.emit(_BINARY[t], [self.tensor(ins[0]), self.tensor(ins[1])], out,
                          {"fused_activation_function": 0})
        elif t == "Square" and f32 and self.squared_difference(node):
            pass
        elif t in _UNARY and f32:
            if not self.fuse_act(node):
                self.emit(_UNARY[t], [self.tensor(ins[0])], out)
        elif t in _BINARY_PLAIN and f32:
            self.emit(_BINARY_PLAIN[t], [self.tensor(ins[0]), self.tensor(ins[1])], out, {})
        elif t == "LeakyRelu" and f32:
            self.emit(S.LEAKY_RELU, [self.tensor(ins[0])], out, {"alpha": float(a["alpha"])})
        elif t in ("ResizeBilinear", "ResizeNearestNeighbor") and f32 and \
                (len(ins) == 1 or dt.as_dtype(ins[1]._dtype) == dt.int32):
            # (eagerflow's resizes are tf.image.resize's: half-pixel centers; TF writes
            # version 3 for them)
            size = self.constant(np.array(a["size"], np.int32), out.name.split(":")[0] +
                                 "/size") if len(ins) == 1 else self.tensor(ins[1])
            op = self.emit(S.RESIZE_BILINEAR if t == "ResizeBilinear" else
                           S.RESIZE_NEAREST_NEIGHBOR, [self.tensor(ins[0]), size], out,
                           {"align_corners": False, "half_pixel_centers": True})
            op.version = 3
        elif t == "GatherV2" and not a.get("batch_dims"):
            self.emit(S.GATHER, [self.tensor(ins[0]), self.tensor(ins[1])], out,
                      {"axis": int(a["axis"]), "batch_dims": 0})
        elif t == "Tile":
            self.emit(S.TILE, [self.tensor(ins[0]), self.constant(
                np.array(a["multiples"], np.int32), out.name.split(":")[0] + "/multiples")],
                out, {})
        elif t == "Cast" and np.dtype(dt.as_dtype(out._dtype).as_numpy_dtype) in \
                S.TYPE_OF_DTYPE and np.dtype(dt.as_dtype(ins[0]._dtype).as_numpy_dtype) in \
                S.TYPE_OF_DTYPE:
            self.emit(S.CAST, [self.tensor(ins[0])], out, {
                "in_data_type": S.TYPE_OF_DTYPE[np.dtype(
                    dt.as_dtype(ins[0]._dtype).as_numpy_dtype)],
                "out_data_type": S.TYPE_OF_DTYPE[np.dtype(
                    dt.as_dtype(out._dtype).as_numpy_dtype)]})
        elif t == "Softmax" and f32:
            self.emit(S.SOFTMAX, [self.tensor(ins[0])], out, {"beta": 1.0})
        elif t == "Reshape" and self.keep_num_dims(node):
            pass
        elif t == "Reshape" and (len(ins) == 1 or id(ins[1]) in self.const):
            shape = a["shape"] if len(ins) == 1 else self.const[id(ins[1])]
            self.emit(S.RESHAPE, [self.tensor(ins[0]), self.constant(
                np.array(shape, np.int32), out.name.split(":")[0] + "/shape")], out)
        elif t == "Reshape" and dt.as_dtype(ins[1]._dtype) == dt.int32:
            # a shape computed at run time (SHAPE, STRIDED_SLICE, PACK of a dynamic batch)
            self.emit(S.RESHAPE, [self.tensor(ins[0]), self.tensor(ins[1])], out)
        elif t in ("Squeeze", "ExpandDims") and out._shape is not None and \
                list(out._shape).count(None) <= 1:
            # as TF's converter writes one of a static result: its RESHAPE (here also of
            # one dim unknown, -1)
            self.emit(S.RESHAPE, [self.tensor(ins[0]), self.constant(
                np.array([-1 if d is None else d for d in out._shape], np.int32),
                out.name.split(":")[0] + "/shape")], out)
        elif t == "ConcatV2" and f32:
            self.emit(S.CONCATENATION, [self.tensor(x) for x in ins], out,
                      {"axis": int(a["axis"]), "fused_activation_function": 0})
        elif t in _REDUCERS and f32 and a.get("keepdims") and ins[0]._shape is not None \
                and all(ins[0]._shape[int(k)] == 1 for k in np.ravel(a["axes"])):
            # a reduction over dimensions of size 1 keeping them is its input, as TF's
            # converter drops it (MobileNetV3's squeeze-excite over a 1x1 feature map)
            self.of[id(out)] = self.tensor(ins[0])
        elif t in _REDUCERS and f32:
            self.emit(_REDUCERS[t], [self.tensor(ins[0]), self.constant(
                np.array(a["axes"], np.int32), out.name.split(":")[0] + "/axes")], out,
                {"keep_dims": bool(a.get("keepdims"))})
        elif (t == "Pad" and len(ins) == 1 or t == "PadV2" and id(ins[1]) in self.const
              and float(self.const[id(ins[1])]) == 0.0) and f32:  # (TF's PAD: zeros)
            self.emit(S.PAD, [self.tensor(ins[0]), self.constant(
                np.array(a["paddings"], np.int32), out.name.split(":")[0] + "/paddings")],
                out, {})
        elif t == "Transpose" and self.transposed_back(node):
            pass
        elif t == "Transpose":
            self.emit(S.TRANSPOSE, [self.tensor(ins[0]), self.constant(
                np.array(a["perm"], np.int32), out.name.split(":")[0] + "/perm")], out, {})
        elif t == "StridedSlice" and len(ins) == 1:
            self.strided_slice(node)
        elif t == "Shape":
            out_t = dt.as_dtype(out._dtype)
            self.emit(S.SHAPE, [self.tensor(ins[0])], out,
                      {"out_type": 4 if out_t == dt.int64 else 2})
        elif t == "Unpack":
            self.emit_many(S.UNPACK, [self.tensor(ins[0])], list(node.outputs),
                           {"num": len(node.outputs), "axis": int(a["axis"])})
        elif (t == "SplitV" and len(ins) == 1) or t == "Split":
            self.split(node)
        elif t == "Fill" and len(ins) == 2 and dt.as_dtype(ins[1]._dtype) == dt.int32:
            self.emit(S.FILL, [self.tensor(ins[1]), self.tensor(ins[0])], out, {})
        elif t == "Pack":
            self.emit(S.PACK, [self.tensor(x) for x in ins], out,
                      {"values_count": len(ins), "axis": int(a.get("axis", 0))})
        else:
            self.unsupported.append(t)

    def _sole(self, x: Any, code: int) -> _Op | None:
        """The op of `code` making graph tensor `x` when nothing else reads x."""
        op = self.producer.get(id(self.of[id(x)])) if id(x) in self.of else None
        if op is None or op.code != code or self.uses.get(id(x), 0) != 1 or \
                any(id(t) in self.shared for t in op.outputs):
            return None
        return op

    def untransposed(self, x: Any, adj: bool) -> tuple:
        """(operand, adjoint flag) of a BATCH_MATMUL operand: a TRANSPOSE of its last two
        dimensions read through the flag, as TF's converter folds it."""
        op = self._sole(x, S.TRANSPOSE)
        if op is not None and op.inputs[1].data is not None:
            perm = [int(v) for v in op.inputs[1].data]
            n = len(perm)
            if n >= 2 and perm == list(range(n - 2)) + [n - 1, n - 2]:
                return op.inputs[0], not adj
        return self.tensor(x), adj

    def squared_difference(self, node: Any) -> bool:
        """square(a - b) as one SQUARED_DIFFERENCE, as TF's converter fuses it."""
        sub = self._sole(node.inputs[0], S.SUB)
        if sub is None or sub.options.get("fused_activation_function", 0):
            return False
        self.emit(S.SQUARED_DIFFERENCE, list(sub.inputs), node.outputs[0], {})
        return True

    def keep_num_dims(self, node: Any) -> bool:
        """Reshape(FULLY_CONNECTED(Reshape(x, [-1, k])), x's leading dims + [n]), a Keras
        Dense applied to a tensor of more than two dimensions, as one FULLY_CONNECTED
        keeping x's dimensions (version 5), as TF's converter writes it for static
        shapes."""
        fc = self._sole(node.inputs[0], S.FULLY_CONNECTED)
        if fc is None or fc.options.get("keep_num_dims"):
            return False
        flat = self.producer.get(id(fc.inputs[0]))
        x = flat.inputs[0] if flat is not None and flat.code == S.RESHAPE else None
        want = node.outputs[0]._shape
        if x is None or x.signature is not None or len(x.shape) < 3 or want is None or \
                tuple(want) != tuple(x.shape[:-1]) + (fc.outputs[0].shape[-1],):
            return False
        fc.inputs[0] = x
        fc.options["keep_num_dims"] = True
        fc.version = max(fc.version, 5)
        fc.outputs[0].shape = tuple(int(d) for d in want)
        self.of[id(node.outputs[0])] = fc.outputs[0]
        return True

    def transposed_back(self, node: Any) -> bool:
        """A TRANSPOSE undoing the TRANSPOSE that made its input is its input's input, as
        TF's converter folds it (a stacked RNN's batch-first outputs made time-first
        again)."""
        x = node.inputs[0]
        before = self.producer.get(id(self.of[id(x)])) if id(x) in self.of else None
        if before is None or before.code != S.TRANSPOSE or before.inputs[1].data is None:
            return False
        first = [int(v) for v in before.inputs[1].data]
        perm = [int(v) for v in node.attrs["perm"]]
        if [first[i] for i in perm] != list(range(len(perm))):
            return False
        self.of[id(node.outputs[0])] = before.inputs[0]
        self.shared.add(id(before.inputs[0]))  # read by the first TRANSPOSE too
        return True

    def split(self, node: Any) -> None:
        """tf.split into a count of pieces (TF's Split): SPLIT, the axis first; into sizes
        (SplitV): SPLIT_V."""
        name = node.outputs[0].name.split(":")[0]
        x = self.tensor(node.inputs[0])
        n = {"num_splits": len(node.outputs)}
        if node.type == "Split":
            axis = self.tensor(node.inputs[1]) if len(node.inputs) > 1 else \
                self.constant(np.array(int(node.attrs["axis"]), np.int32), name + "/axis")
            self.emit_many(S.SPLIT, [axis, x], list(node.outputs), n)
            return
        self.emit_many(S.SPLIT_V, [x, self.constant(np.array(node.attrs["sizes"], np.int32),
                                                    name + "/size_splits"),
                                   self.constant(np.array(int(node.attrs["axis"]), np.int32),
                                                 name + "/axis")], list(node.outputs), n)

    def strided_slice(self, node: Any) -> None:
        """eagerflow's static slice spec as TFLite's begin/end/strides and masks."""
        spec = node.attrs["spec"]
        begin, end, strides, masks = spec_vectors(spec)
        for i, entry in enumerate(spec):
            if entry[0] == "i" and end[i] == 0:  # index -1: TF's converter opens its end
                masks["end_mask"] |= 1 << i
        base = node.outputs[0].name.split(":")[0]
        self.emit(S.STRIDED_SLICE, [self.tensor(node.inputs[0])] + [
            self.constant(np.array(v, np.int32), f"{base}/{n}")
            for v, n in ((begin, "begin"), (end, "end"), (strides, "strides"))],
            node.outputs[0], masks | {"offset": False})

    def conv(self, node: Any) -> None:
        a, ins, out = node.attrs, node.inputs, node.outputs[0]
        w = self.const[id(ins[1])]
        s = a["strides"]
        d = a.get("dilations") or (1, 1, 1, 1)
        opts = {"padding": _PADDINGS[a["padding"]], "stride_w": int(s[2]),
                "stride_h": int(s[1]), "fused_activation_function": 0,
                "dilation_w_factor": int(d[2]), "dilation_h_factor": int(d[1])}
        name = ins[1].name.split(":")[0]
        if node.type == "Conv2D":
            wt = self.constant(np.transpose(w, (3, 0, 1, 2)), name)
            n_out = w.shape[3]
            code = S.CONV_2D
        else:
            h, wd, c, m = w.shape
            wt = self.constant(w.reshape(1, h, wd, c * m), name)
            n_out = c * m
            opts["depth_multiplier"] = int(m)
            code = S.DEPTHWISE_CONV_2D
        bias = self.constant(np.zeros(n_out, np.float32), name + "/bias")
        x = self.tensor(ins[0])
        if a["padding"] == "VALID":
            unpadded = self.pad_as_same(ins[0], w.shape[:2], s, d)
            if unpadded is not None:
                x, opts["padding"] = unpadded, S.SAME
        self.emit(code, [x, wt, bias], out, opts)

    def pad_as_same(self, x: Any, kernel: tuple, strides: tuple,
                    dilations: tuple) -> _Tensor | None:
        """The input of the zero PAD making `x` when that PAD adds exactly the rows and
        columns SAME padding would for the convolution reading `x` (and nothing else reads
        it): TF's converter folds it into the convolution (a ZeroPadding2D before a
        strided convolution in MobileNetV2, EfficientNet), which then pads SAME."""
        pad = self.producer.get(id(self.of[id(x)])) if id(x) in self.of else None
        if pad is None or pad.code != S.PAD or self.uses.get(id(x), 0) != 1 or \
                id(pad.outputs[0]) in self.shared or pad.inputs[1].data is None:
            return None
        p = np.asarray(pad.inputs[1].data).reshape(-1, 2)
        src = pad.inputs[0]
        if p.shape != (4, 2) or p[0].any() or p[3].any() or src.signature is not None and \
                any(d < 0 for d in src.signature[1:3]):
            return None
        for axis in (1, 2):
            n, k = src.shape[axis], (int(kernel[axis - 1]) - 1) * int(dilations[axis]) + 1
            st = int(strides[axis])
            total = max((-(-n // st) - 1) * st + k - n, 0)
            if tuple(int(v) for v in p[axis]) != (total // 2, total - total // 2):
                return None
        return src

    def fuse_bias(self, node: Any) -> bool:
        """x + b into the bias of the linear op making x."""
        if node.type not in ("BiasAdd", "Add", "AddV2"):
            return False
        hit = self._linear_producer(node)
        if hit is None:
            return False
        _, bv, producer = hit
        slot = _BIAS_SLOT[producer.code]
        old = producer.inputs[slot]
        base = old.data if old is not None else np.zeros(bv.size, np.float32)
        producer.inputs[slot] = self.constant((base + bv).astype(np.float32),
                                              node.inputs[1].name.split(":")[0])
        self.of[id(node.outputs[0])] = producer.outputs[0]
        producer.outputs[0].name = node.outputs[0].name.split(":")[0]
        return True

    def _linear_producer(self, node: Any) -> tuple | None:
        """(x, c, producer) when `node` (x op c, c a constant) applies a per-channel c to
        the output of a FULLY_CONNECTED/CONV_2D/DEPTHWISE_CONV_2D/TRANSPOSE_CONV that feeds
        nothing else and has no activation; None otherwise."""
        x, c = node.inputs
        if id(c) not in self.const and id(x) in self.const and node.type != "BiasAdd":
            x, c = c, x
        if id(c) not in self.const or self.uses.get(id(x), 0) != 1 or id(x) not in self.of:
            return None
        producer = self.producer.get(id(self.of[id(x)]))
        if producer is None or producer.code not in _BIAS_SLOT or \
                id(producer.outputs[0]) in self.shared or \
                producer.options.get("fused_activation_function", 0) != 0:
            return None
        cv = self.const[id(c)]
        n_out = producer.outputs[0].shape[-1]
        # (a scalar counts: MobileNetV3's hard sigmoid adds 3 to a convolution's output)
        if cv.ndim > len(producer.outputs[0].shape) or \
                (cv.size != 1 and cv.shape[-1:] != (n_out,)) \
                or any(d != 1 for d in cv.shape[:-1]) or \
                tuple(node.outputs[0]._shape or ()) != tuple(x._shape or ()):
            return None
        return x, np.broadcast_to(cv.reshape(-1), (n_out,)).astype(np.float32), producer

    def fuse_scale(self, node: Any) -> bool:
        """x * c folded into the weights and bias of the linear op making x (a batch
        normalization's scale, as TF's converter folds it)."""
        hit = self._linear_producer(node) if node.type == "Mul" else None
        if hit is None:
            return False
        _, c, producer = hit
        w = producer.inputs[1]
        axis = 3 if producer.code == S.DEPTHWISE_CONV_2D else 0
        shape = [1] * w.data.ndim
        shape[axis] = c.size
        producer.inputs[1] = self.constant(w.data * c.reshape(shape), w.name)
        slot = _BIAS_SLOT[producer.code]
        b = producer.inputs[slot] if slot < len(producer.inputs) else None
        if b is not None:
            producer.inputs[slot] = self.constant(b.data * c, b.name)
        self.of[id(node.outputs[0])] = producer.outputs[0]
        producer.outputs[0].name = node.outputs[0].name.split(":")[0]
        return True

    def fuse_act(self, node: Any) -> bool:
        act = _FUSE_ACT.get(node.type)
        x = node.inputs[0]
        if act is None or self.uses.get(id(x), 0) != 1 or id(x) not in self.of:
            return False
        producer = self.producer.get(id(self.of[id(x)]))
        if producer is None or producer.code not in _FUSES_ACT or \
                id(producer.outputs[0]) in self.shared or \
                producer.options.get("fused_activation_function", 0) != 0:
            return False
        producer.options["fused_activation_function"] = act
        self.of[id(node.outputs[0])] = producer.outputs[0]
        producer.outputs[0].name += ";" + node.outputs[0].name.split(":")[0]
        return True


def _names(fn: Any) -> tuple[list, list]:
    """Signature names of the function's inputs and outputs, as TF writes them: the
    arguments' names; the keys of a dict of outputs, else output_0, output_1, ..."""
    ins = [x.name.split(":")[0] for x in fn.graph.fed_inputs]
    spec = getattr(fn, "structured_input_signature", None)
    if spec is not None:
        flat = [s for s in nest.flatten(spec) if isinstance(s, TensorSpec)]
        if len(flat) == len(ins):
            ins = [s.name or n for s, n in zip(flat, ins)]
    outs = fn.structured_outputs
    if isinstance(outs, dict) and len(nest.flatten(outs)) == len(outs):
        names = sorted(outs)
    else:
        names = [f"output_{i}" for i in range(len(fn.graph.outputs))]
    return ins, names


class TFLiteConverter:
    """Converts a float model to TFLite's flatbuffer (`convert()` returns its bytes)."""

    def __init__(self, funcs: list, trackable_obj: Any = None,
                 signature_key: str | None = "serving_default") -> None:
        self._funcs = list(funcs)
        self._trackable_obj = trackable_obj
        self._signature_key = signature_key
        self._keys_given: list | None = None  # from_saved_model's keys
        self._call_name: str | None = None  # the outputs' name prefix, when TF's is known
        self._export_args: list | None = None  # a Keras model's: its export's arguments
        self._output_names: list | None = None  # TF 1's converter's: its output arrays
        self.optimizations: Any = set()
        self.representative_dataset: Any = None
        self.target_spec = TargetSpec()
        self.inference_input_type = dt.float32
        self.inference_output_type = dt.float32
        self.allow_custom_ops = False
        self.exclude_conversion_metadata = False
        self.experimental_new_converter = True
        self.experimental_new_quantizer = True
        self.experimental_enable_resource_variables = True

    @classmethod
    def from_concrete_functions(cls, funcs: list, trackable_obj: Any = None
                                ) -> TFLiteConverter:
        for f in funcs:
            if not hasattr(f, "graph") or not hasattr(f, "structured_outputs"):
                raise ValueError("This function takes in a list of ConcreteFunction.")
        return cls(funcs, trackable_obj)

    @classmethod
    def from_keras_model(cls, model: Any) -> TFLiteConverter:
        inputs = getattr(model, "inputs", None)
        if not inputs:
            raise ValueError("eagerflow's TFLiteConverter needs a model built on known "
                             "inputs (call it or build it first)")
        specs = [TensorSpec(tuple(x.shape), x.dtype, name=x.name.split(":")[0])
                 for x in inputs]

        def call(*args: Any) -> Any:
            return model(list(args) if len(args) > 1 else args[0], training=False)

        fn = tf_function(call, input_signature=specs).get_concrete_function()
        conv = cls([fn], model)
        conv._call_name = "StatefulPartitionedCall_1"  # Keras's export, traced within
        # TF's convert() exports the model through Keras's ExportArchive to a temporary
        # folder first, whose note it prints: its `serve` endpoint takes the inputs as one
        # argument (a list of several)
        conv._export_args = [specs if len(specs) > 1 else specs[0]]
        return conv

    @classmethod
    def from_saved_model(cls, saved_model_dir: str, signature_keys: Any = None,
                         tags: Any = None) -> TFLiteConverter:
        loaded = load(saved_model_dir, tags)
        sigs = dict(getattr(loaded, "signatures", {}) or {})
        keys = list(signature_keys) if signature_keys else list(sigs)
        if not keys:
            raise ValueError("Only support at least one signature key.")
        if len(keys) > 1 and hasattr(loaded, "serve") and \
                not hasattr(loaded, "_default_save_signature") and "serving_default" in sigs:
            keys = ["serving_default"]  # Keras's model.export: its `serve` endpoint, as TF
        for k in keys:
            if k not in sigs:
                raise ValueError(f"Invalid signature key '{k}' found. Valid keys are "
                                 f"'{','.join(sigs)}'.")
        conv = cls([sigs[k] for k in keys], loaded, keys[0])
        conv._keys_given = keys
        if hasattr(loaded, "serve") and not hasattr(loaded, "_default_save_signature"):
            conv._call_name = "StatefulPartitionedCall_1"  # Keras's model.export, as TF
        return conv

    def _quantization(self) -> tuple:
        """(weights kind or None, full-integer bits or None, strict int8), after TF's checks
        of the options."""
        ops = set(self.target_spec.supported_ops)
        # SELECT_TF_OPS beside the builtins only lets TF fall back to TF's kernels for ops
        # with no builtin: a model of builtin ops converts as without it (Keras's litert
        # export asks for both)
        if OpsSet.TFLITE_BUILTINS in ops:
            ops.discard(OpsSet.SELECT_TF_OPS)
        known = {OpsSet.TFLITE_BUILTINS, OpsSet.TFLITE_BUILTINS_INT8,
                 OpsSet.EXPERIMENTAL_TFLITE_BUILTINS_ACTIVATIONS_INT16_WEIGHTS_INT8}
        if ops - known:
            raise ConverterError(
                f"target_spec.supported_ops {sorted(str(o) for o in ops)}: eagerflow's "
                "TFLiteConverter emits TFLITE_BUILTINS, TFLITE_BUILTINS_INT8 and the 16x8 "
                "set only")
        x16 = OpsSet.EXPERIMENTAL_TFLITE_BUILTINS_ACTIVATIONS_INT16_WEIGHTS_INT8 in ops
        kinds = {dt.as_dtype(t) for t in self.target_spec.supported_types or ()}
        int8 = OpsSet.TFLITE_BUILTINS_INT8 in ops or x16 or dt.int8 in kinds
        full = bool(self.optimizations) and self.representative_dataset is not None
        if int8 and not full and self.optimizations:
            raise ValueError("For full integer quantization, a `representative_dataset` "
                             "must be specified.")
        types = [dt.as_dtype(self.inference_input_type), dt.as_dtype(self.inference_output_type)]
        if full:
            allowed = [dt.float32, dt.int16] if x16 else [dt.float32, dt.int8, dt.uint8,
                                                          dt.int16]
            if any(t not in allowed for t in types):
                raise ValueError("The inference_input_type and inference_output_type must "
                                 f"be in {['tf.' + t.name for t in allowed]}.")
            if not x16 and dt.int16 in types:
                raise ConverterError("eagerflow's TFLiteConverter writes int16 inputs and "
                                     "outputs in the 16x8 mode only")
            return None, 16 if x16 else 8, OpsSet.TFLITE_BUILTINS not in ops
        if any(t != dt.float32 for t in types):
            raise ValueError("The inference_input_type and inference_output_type must be "
                             "tf.float32.")
        if not self.optimizations:
            return None, None, False
        if kinds - {dt.float16}:
            raise ConverterError(
                f"target_spec.supported_types {sorted(t.name for t in kinds)}: eagerflow's "
                "TFLiteConverter quantizes weights to int8 or float16 only")
        return "float16" if kinds else "int8", None, False

    def _keys(self) -> list:
        """The signature key of each function (None: no signature, as TF writes a
        concrete function converted without its trackable object)."""
        if self._keys_given is not None:
            return list(self._keys_given)
        if self._trackable_obj is None:
            return [None] * len(self._funcs)
        if len(self._funcs) == 1:
            return [self._signature_key]
        return [f.graph.name for f in self._funcs]

    def convert(self) -> bytes:
        weights, bits, strict = self._quantization()
        if not self._funcs:
            raise ValueError("No ConcreteFunction is specified.")
        if self._export_args is not None:
            folder = tempfile.mkdtemp()
            os.rmdir(folder)  # (TF's is gone once converted)
            fn = self._funcs[0]
            print(saved_artifact_text(folder, [endpoint_text(
                "serve", [(f"args_{i} (POSITIONAL_ONLY)", a)
                          for i, a in enumerate(self._export_args)],
                fn.structured_outputs, fn.function_type.captures)]))
        keys = self._keys()
        if len(self._funcs) > 1 and keys[0] is None:
            raise ValueError("This converter can only convert a single ConcreteFunction. "
                             "Converting multiple functions is under development.")
        parts = CF.Parts()
        mains = []
        calls: dict = {}
        signatures = []
        for fn, key in zip(self._funcs, keys):
            low = _Lowering(fn.graph, parts, "main" if len(self._funcs) == 1 else key)
            for x in fn.graph.fed_inputs:
                d = dt.as_dtype(x._dtype)
                if d != dt.float32 and d not in (dt.int32, dt.int64, dt.bool):
                    raise ConverterError(f"input {x.name} of dtype {d.name}: float32, int32, "
                                         "int64 and bool inputs only")
                low.of[id(x)] = low.new(x.name.split(":")[0], x._shape, d.as_numpy_dtype)
            low.run()
            low.inputs = [low.of[id(x)] for x in fn.graph.fed_inputs]
            low.outputs = [low.tensor(x) for x in fn.graph.outputs]
            for sub in [low] + parts.ordered():
                P.fuse_hard_swish(sub)
            for t in low.outputs:
                if t in low.inputs or t.data is not None:
                    raise ConverterError("an output that is an input or a constant is not "
                                         "supported")
            mains.append(low)
        if weights:
            for low in mains + parts.ordered():
                Qz.quantize_weights(low, weights)
        for fn, key, low in zip(self._funcs, keys, mains):
            in_names, out_names = _names(fn)
            if bits:
                if len(mains) > 1 or parts.ordered():
                    raise ConverterError("eagerflow's TFLiteConverter quantizes a single "
                                         "signature without control flow to full integer")
                data = self.representative_dataset
                gen = data.input_gen if isinstance(data, RepresentativeDataset) else data
                io = {8: np.int8, 16: np.int16}[bits]
                Qz.full_integer(low, low.inputs, low.outputs, in_names, gen,
                                _io_type(self.inference_input_type, io),
                                _io_type(self.inference_output_type, io), bits, strict)
            if key is None:
                for t, n in zip(low.inputs, in_names):
                    t.name = n
                for t, n in zip(low.outputs, self._output_names or ()):
                    t.name = n  # (TF 1's outputs are named after the arrays it was given)
                continue
            call = self._call_name or ("StatefulPartitionedCall" if getattr(
                fn.graph, "variables", None) else "PartitionedCall")
            k = calls[call] = calls.get(call, -1) + 1
            if self._keys_given is None and k:
                call = f"{call}_{k}"
            for t, n in zip(low.inputs, in_names):
                t.name = f"{key}_{n}:0"
            for i, t in enumerate(low.outputs):
                t.name = f"{call}:{i}"
            signatures.append((key, sorted(zip(in_names, low.inputs), key=lambda p: p[0]),
                               list(zip(out_names, low.outputs)), low))
        return serialize(mains + parts.ordered(), signatures)


def _io_type(t: Any, act: Any) -> Any:
    d = dt.as_dtype(t)
    return np.float32 if d == dt.float32 else np.dtype(d.as_numpy_dtype).type
