"""tf.lite.Interpreter: runs a .tflite model's main subgraph with NumPy kernels (float,
hybrid, and TFLite's integer kernels for int8/uint8/int16 tensors), with TF's API (tensor
details, set/get/invoke, resizing, signature runners) and TF's errors. IF and WHILE run
other subgraphs of the model as functions of their inputs (_Subgraphs.call).

allocate_tensors prepares an execution plan, as TFLite's Prepare does: each operator becomes
one function of its input arrays (the integer kernels' multipliers and tables computed
there, their checks failing there with TFLite's RuntimeError), so invoke only calls them."""

from __future__ import annotations

from typing import Any, Callable

import numpy as np

from eagerflow._src.lite import model as M
from eagerflow._src.lite import qkernels as QK
from eagerflow._src.lite import schema as S
from eagerflow._src.lite.kernels import KERNELS, NAMES, dequantize

# The largest tensor an interpreter holds (1 GiB): a corrupt or resized shape past it fails
# allocation with RuntimeError instead of exhausting the machine's memory.
MAX_TENSOR_BYTES = 1 << 30

# Operators with hybrid kernels (float activations, INT8 weights).
_HYBRID = (S.FULLY_CONNECTED, S.CONV_2D, S.DEPTHWISE_CONV_2D)
# Tensor types of quantized activations (int8, uint8, int16).
_QTYPES = (9, 3, 7)


def _is_quantized(op: M.OperatorInfo, tensors: list) -> bool:
    """Whether `op` runs an integer kernel: it reads or writes a quantized integer tensor
    (and is not a hybrid op, whose activations are float)."""
    if "_weight_scales" in op.options:
        return False
    return any(i >= 0 and tensors[i].type in _QTYPES and tensors[i].scales.size
               for i in op.inputs + op.outputs)


def _details(t: M.TensorInfo, index: int, shape: tuple) -> dict:
    scale = float(t.scales[0]) if t.scales.size else 0.0
    zp = int(t.zero_points[0]) if t.zero_points.size else 0
    sig = t.shape_signature if t.shape_signature is not None else t.shape
    dtype = S.TENSOR_TYPES.get(t.type)
    return {"name": t.name, "index": index, "shape": np.array(shape, np.int32),
            "shape_signature": np.array(sig, np.int32),
            "dtype": dtype if dtype is not None else np.object_,
            "quantization": (scale, zp),
            "quantization_parameters": {"scales": t.scales.copy(),
                                        "zero_points": t.zero_points.copy(),
                                        "quantized_dimension": t.quantized_dimension,
                                        "block_size": 0},
            "sparsity_parameters": {}}


def _check_quantization(i: int, t: M.TensorInfo) -> None:
    """TFLite's checks of a tensor's quantization parameters when a model is loaded."""
    n = t.scales.size
    if not n:
        return
    qd = t.quantized_dimension
    if qd < 0 or (t.shape and qd >= len(t.shape)):
        raise ValueError(f"quantized_dimension must be in range [0, {len(t.shape)}). Was "
                         f"{qd}.Tensor {i} has invalid quantization parameters.")
    if n != 1 and t.shape and n != t.shape[qd]:
        raise ValueError(f"num_scales must be 1 for per-layer quantization, or "
                         f"{t.shape[qd]} for per-axis quantization, but got {n}.Tensor {i} "
                         "has invalid quantization parameters.")
    if t.zero_points.size != n:
        raise ValueError(f"num_zero_points must equal num_scales ({t.zero_points.size} != "
                         f"{n}).Tensor {i} has invalid quantization parameters.")


def _initial(g: M.SubGraphInfo) -> list:
    """Each tensor's value before a run: a constant's data; zeros for a variable (an LSTM's
    state) without one, as TFLite resets variables."""
    return [np.zeros(t.shape, S.TENSOR_TYPES[t.type]) if t.is_variable and t.data is None
            else t.data for t in g.tensors]


# Operators that write their variable inputs (input index -> the state it updates).
_STATE_INPUTS = {S.UNIDIRECTIONAL_SEQUENCE_LSTM: (18, 19)}


# How deep IF/WHILE may nest subgraph calls (a corrupt file's IF calling its own subgraph
# fails with RuntimeError instead of recursing without end).
MAX_CALL_DEPTH = 64


class _Subgraphs:
    """The model's subgraphs as executors, made on first use, and the calls IF and WHILE
    make into them. `dry` is set while allocate_tensors works out shapes: a WHILE then runs
    its body once instead of looping (its condition may not hold on zeros)."""

    def __init__(self, model: M.ModelInfo) -> None:
        self.model = model
        self.executors: dict = {}
        self.dry = False
        self.depth = 0

    def executor(self, index: int) -> _Executor:
        ex = self.executors.get(index)
        if ex is None:
            if not 0 <= index < len(self.model.subgraphs):
                raise ValueError(f"Invalid subgraph index {index}")
            ex = self.executors[index] = _Executor(self.model.subgraphs[index], self)
        return ex

    def call(self, index: int, args: list) -> list:
        """Subgraph `index` run on `args` (its inputs in order): its outputs."""
        ex = self.executor(index)
        g = ex.graph
        if len(args) != len(g.inputs):
            raise ValueError(f"subgraph {index} takes {len(g.inputs)} inputs, "
                             f"{len(args)} given")
        if ex.plan is None:
            ex.plan = ex.prepare()
        if self.depth >= MAX_CALL_DEPTH:
            raise ValueError(f"subgraph calls nest deeper than {MAX_CALL_DEPTH}")
        vals = _initial(g)
        for i, v in zip(g.inputs, args):
            vals[i] = v
        self.depth += 1
        try:
            ex.execute(vals)
        finally:
            self.depth -= 1
        return [vals[i] for i in g.outputs]

    def if_kernel(self, op: M.OperatorInfo) -> Callable:
        then_i, else_i = (op.options["then_subgraph_index"], op.options["else_subgraph_index"])
        for i in (then_i, else_i):
            self.executor(i)

        def run(ins: list) -> list:
            return self.call(then_i if bool(np.ravel(ins[0])[0]) else else_i, ins[1:])
        return run

    def while_kernel(self, op: M.OperatorInfo) -> Callable:
        cond_i, body_i = (op.options["cond_subgraph_index"], op.options["body_subgraph_index"])
        for i in (cond_i, body_i):
            self.executor(i)

        def run(ins: list) -> list:
            vals = list(ins)
            if self.dry:  # shapes: the body's outputs where they differ from its inputs
                outs = self.call(body_i, vals)
                return [v if np.shape(v) == np.shape(o) else o for v, o in zip(vals, outs)]
            while bool(np.ravel(self.call(cond_i, vals)[0])[0]):
                vals = self.call(body_i, vals)
            return vals
        return run


class _Executor:
    """One subgraph's tensors, its prepared plan and the loop that runs it."""

    def __init__(self, graph: M.SubGraphInfo, subgraphs: _Subgraphs) -> None:
        self.graph = graph
        self.subgraphs = subgraphs
        self.shapes = [t.shape for t in graph.tensors]
        self.values: list = _initial(graph)
        self.allocated = False
        self.plan: list | None = None

    def check_index(self, i: Any) -> int:
        n = len(self.graph.tensors)
        if not isinstance(i, (int, np.integer)) or not 0 <= i < n:
            raise ValueError(f"Invalid tensor index {i} exceeds max tensor index {n}")
        return int(i)

    def prepare(self) -> list:
        """The execution plan: per operator (n, name, run, inputs, outputs, output dtypes)."""
        g = self.graph
        plan = []
        for n, op in enumerate(g.operators):
            name = NAMES.get(op.code, op.code)
            if op.code == S.QUANTIZE or (op.code in QK.PREPARE and
                                         _is_quantized(op, g.tensors)):
                try:
                    fn = QK.PREPARE[op.code](op, g.tensors)
                except (QK.PrepareError, IndexError, KeyError, ValueError,
                        OverflowError) as e:
                    raise RuntimeError(f"{e}Node number {n} ({name}) failed to "
                                       "prepare.") from None
            elif op.code in (S.IF, S.WHILE):
                try:
                    fn = (self.subgraphs.if_kernel if op.code == S.IF else
                          self.subgraphs.while_kernel)(op)
                except ValueError as e:
                    raise RuntimeError(f"{e}Node number {n} ({name}) failed to "
                                       "prepare.") from None
            elif op.code == S.DEQUANTIZE:
                t = g.tensors[op.inputs[0]]
                fn = (lambda t: lambda ins: [dequantize(
                    ins[0], t.scales, t.zero_points, t.quantized_dimension)])(t)
            else:
                fn = (lambda k, o: lambda ins: k(ins, o))(KERNELS[op.code], op.options)
            ins = list(op.inputs)
            while ins and ins[-1] < 0:
                ins.pop()  # an absent optional input (a bias of -1)
            outs = [(i, S.TENSOR_TYPES.get(g.tensors[i].type)) for i in op.outputs]
            # the states it keeps: written back after each run, read by the next
            outs += [(ins[k], S.TENSOR_TYPES.get(g.tensors[ins[k]].type))
                     for k in _STATE_INPUTS.get(op.code, ()) if k < len(ins) and ins[k] >= 0]
            plan.append((n, name, fn, ins, outs))
        return plan

    def allocate(self) -> None:
        """Prepares the plan, then works out every tensor's shape for the current input
        shapes by running it on zeros (kernels are exact about shapes; the data-dependent
        ones, RESHAPE of a SHAPE, need the values) and gives each activation zeros of it."""
        g = self.graph
        for i in g.inputs:
            size = int(np.prod(self.shapes[i], dtype=np.float64)) * \
                np.dtype(S.TENSOR_TYPES[g.tensors[i].type]).itemsize
            if size > MAX_TENSOR_BYTES:
                self.allocated = False
                raise RuntimeError(f"Failed to allocate tensors: input {i} of shape "
                                   f"{list(self.shapes[i])} needs {size} bytes, over "
                                   f"eagerflow's limit of {MAX_TENSOR_BYTES}")
        if self.plan is None:
            self.plan = self.prepare()
        try:
            fed = {i: np.zeros(self.shapes[i], S.TENSOR_TYPES[g.tensors[i].type])
                   for i in g.inputs}
            self.values = _initial(g)
            for i, v in fed.items():
                self.values[i] = v
            self.subgraphs.dry = True
            self.run()
        except MemoryError:  # a (corrupt or resized) shape too large to hold
            self.allocated = False
            raise RuntimeError("Failed to allocate tensors: a tensor is too large for "
                               "memory") from None
        finally:
            self.subgraphs.dry = False
        for i, v in enumerate(self.values):
            if v is not None:
                self.shapes[i] = v.shape
            if g.tensors[i].data is None and i not in fed and v is not None:
                self.values[i] = np.zeros(v.shape, v.dtype)
            elif g.tensors[i].is_variable:  # the dry run's state undone
                self.values[i] = g.tensors[i].data
        self.allocated = True

    def run(self) -> None:
        with np.errstate(all="ignore"):  # once per invoke, not per operator
            self.execute(self.values)

    def execute(self, vals: list) -> None:
        """Runs the plan over `vals` (a value per tensor, the inputs set)."""
        for n, name, fn, ins, outs in self.plan:
            try:
                args = [vals[i] if i >= 0 else None for i in ins]
                if any(v is None and i >= 0 for v, i in zip(args, ins)):
                    raise ValueError("an input has no value")
                results = fn(args)
                for (i, want), v in zip(outs, results):
                    v = np.asarray(v, want) if want is not None else np.asarray(v)
                    if v.nbytes > MAX_TENSOR_BYTES:
                        raise ValueError(f"its output of shape {list(v.shape)} is over "
                                         f"eagerflow's limit of {MAX_TENSOR_BYTES} bytes")
                    vals[i] = v
            except QK.PrepareError as e:  # a float kernel's check of TFLite's Prepare
                raise RuntimeError(f"{e}Node number {n} ({name}) failed to prepare.") \
                    from None
            except (IndexError, KeyError, TypeError, AttributeError, ValueError,
                    ZeroDivisionError, OverflowError) as e:
                # A model whose tensors or options do not fit its operators (a corrupt
                # or hand-made file): TF's interpreter fails such a node with RuntimeError.
                raise RuntimeError(f"Node number {n} ({name}) failed to prepare or invoke: "
                                   f"{e}") from None

    def set_tensor(self, i: int, value: Any) -> None:
        t = self.graph.tensors[i]
        if not self.allocated:
            raise ValueError("Cannot set tensor: Tensor is unallocated. Try calling "
                             "allocate_tensors() first")
        value = np.asarray(value)
        want = S.TENSOR_TYPES.get(t.type)
        got = S.TYPE_OF_DTYPE.get(value.dtype)
        if want is None or value.dtype != np.dtype(want):
            got_name = S.TYPE_NAMES.get(got, value.dtype.name.upper())
            raise ValueError(f"Cannot set tensor: Got value of type {got_name} but expected "
                             f"type {S.TYPE_NAMES[t.type]} for input {i}, name: {t.name} ")
        shape = self.shapes[i]
        if value.ndim != len(shape):
            raise ValueError(f"Cannot set tensor: Dimension mismatch. Got {value.ndim} but "
                             f"expected {len(shape)} for input {i}.")
        for d, (a, b) in enumerate(zip(value.shape, shape)):
            if a != b:
                raise ValueError(f"Cannot set tensor: Dimension mismatch. Got {a} but "
                                 f"expected {b} for dimension {d} of input {i}.")
        self.values[i] = value.copy()

    def get_tensor(self, i: int) -> np.ndarray:
        v = self.values[i]
        if v is None or (not self.allocated and self.graph.tensors[i].data is None):
            raise ValueError("Tensor data is null. Run allocate_tensors() first")
        out = np.array(v)
        # (TF's copy is NumPy's PyArray_Return: a 0-d tensor comes back a NumPy scalar)
        return out[()] if out.ndim == 0 else out

    def invoke(self) -> None:
        if not self.allocated:
            raise RuntimeError("Invoke called on model that is not ready.")
        self.run()

    def resize(self, i: int, size: Any, strict: bool) -> None:
        n = len(self.graph.tensors)
        if not isinstance(i, (int, np.integer)) or not 0 <= i < n:
            raise RuntimeError(f"tensor_index < context_.tensors_size && tensor_index >= 0 "
                               f"was not true (tensor index {i}, {n} tensors).")
        new = tuple(int(d) for d in np.array(size, np.int32).reshape(-1))  # TF's cast
        t = self.graph.tensors[i]
        if strict:
            sig = t.shape_signature if t.shape_signature is not None else t.shape
            if len(sig) != len(new) or any(s != -1 and s != d for s, d in zip(sig, new)):
                raise ValueError("ResizeInputTensorStrict only allows mutating unknown "
                                 "dimensions identified by -1.")
        if new != tuple(self.shapes[i]):
            self.shapes[i] = new
            self.allocated = False


class Interpreter:
    """tf.lite.Interpreter: loads a .tflite model (a file or its bytes) and runs it."""

    def __init__(self, model_path: str | None = None, model_content: bytes | None = None,
                 experimental_delegates: Any = None, num_threads: int | None = None,
                 experimental_op_resolver_type: Any = None,
                 experimental_preserve_all_tensors: bool = False,
                 experimental_disable_delegate_clustering: bool = False,
                 experimental_default_delegate_latest_features: bool = False) -> None:
        if model_path and not model_content:
            try:
                with open(model_path, "rb") as f:
                    model_content = f.read()
            except OSError:
                raise ValueError(f"Could not open '{model_path}'.") from None
        elif model_path and model_content:
            raise ValueError("Can't both provide `model_path` and `model_content`")
        elif not model_content:
            raise ValueError("`model_path` or `model_content` must be specified.")
        if num_threads is not None and (not isinstance(num_threads, int) or num_threads < -1):
            raise ValueError("num_threads should >= 1 or just -1 to let TFLite runtime set "
                             "the value.")
        self._model = M.parse(bytes(model_content))
        for g in self._model.subgraphs:
            for op in g.operators:
                if op.code not in KERNELS and op.code not in QK.PREPARE and \
                        op.code not in (S.IF, S.WHILE):
                    name = NAMES.get(op.code, op.custom_code or str(op.code))
                    raise ValueError(f"Didn't find op for builtin opcode '{name}' version "
                                     f"'{op.version}': eagerflow's TFLite interpreter has no "
                                     "kernel for it.")
                w = g.tensors[op.inputs[1]] if len(op.inputs) > 1 and op.inputs[1] >= 0 \
                    else None
                if op.code in _HYBRID and w is not None and w.type == 9 and w.scales.size \
                        and not w.zero_points.any() and g.tensors[op.inputs[0]].type == 0:
                    # dynamic-range quantization: float inputs, INT8 weights with a scale
                    # per output channel (or one for all)
                    n_out = w.shape[3] if op.code == S.DEPTHWISE_CONV_2D else w.shape[0]
                    op.options["_weight_scales"] = np.broadcast_to(
                        w.scales.astype(np.float32), (n_out,)).copy()
                elif _is_quantized(op, g.tensors) and op.code not in QK.PREPARE and \
                        op.code not in QK.PASS_THROUGH and \
                        op.code not in (S.DEQUANTIZE, S.IF, S.WHILE):
                    raise ValueError(
                        f"eagerflow's TFLite interpreter has no integer kernel for "
                        f"{NAMES.get(op.code, op.code)} (it reads or writes a quantized "
                        "tensor)")
            for i, t in enumerate(g.tensors):
                _check_quantization(i, t)
                if t.type not in S.TENSOR_TYPES:
                    raise ValueError(f"eagerflow's TFLite interpreter does not support "
                                     f"tensors of type {S.TYPE_NAMES.get(t.type, t.type)}")
        self._subgraphs = _Subgraphs(self._model)
        self._main = self._subgraphs.executor(0)

    # -- tensors -------------------------------------------------------------------------
    def allocate_tensors(self) -> None:
        self._main.allocate()

    def _details(self, i: int) -> dict:
        return _details(self._main.graph.tensors[i], i, self._main.shapes[i])

    def get_input_details(self) -> list:
        return [self._details(i) for i in self._main.graph.inputs]

    def get_output_details(self) -> list:
        return [self._details(i) for i in self._main.graph.outputs]

    def get_tensor_details(self) -> list:
        return [self._details(i) for i in range(len(self._main.graph.tensors))]

    def set_tensor(self, tensor_index: int, value: Any) -> None:
        self._main.set_tensor(self._main.check_index(tensor_index), value)

    def get_tensor(self, tensor_index: int, subgraph_index: int = 0) -> np.ndarray:
        ex = self._executor(subgraph_index)
        return ex.get_tensor(ex.check_index(tensor_index))

    def tensor(self, tensor_index: int) -> Callable[[], np.ndarray]:
        """A function returning the tensor's current array itself (no copy)."""
        i = self._main.check_index(tensor_index)
        return lambda: self._main.values[i]

    def invoke(self) -> None:
        self._main.invoke()

    def resize_tensor_input(self, input_index: int, tensor_size: Any,
                            strict: bool = False) -> None:
        self._main.resize(input_index, tensor_size, strict)

    def reset_all_variables(self) -> None:
        """The variable tensors (an LSTM's states, which carry over from one invoke to
        the next) back to their initial values: their data, else zeros."""
        for ex in self._subgraphs.executors.values():
            start = _initial(ex.graph)
            for i, t in enumerate(ex.graph.tensors):
                if t.is_variable and ex.values[i] is not None:
                    ex.values[i] = np.array(np.broadcast_to(start[i], ex.values[i].shape))

    # -- signatures ----------------------------------------------------------------------
    def get_signature_list(self) -> dict:
        return {s.key: {"inputs": list(s.inputs), "outputs": list(s.outputs)}
                for s in self._model.signatures}

    def _executor(self, subgraph_index: int) -> _Executor:
        return self._subgraphs.executor(subgraph_index)

    def get_signature_runner(self, signature_key: str | None = None) -> SignatureRunner:
        sigs = {s.key: s for s in self._model.signatures}
        if signature_key is None:
            if len(sigs) != 1:
                raise ValueError(
                    f"SignatureDef signature_key is None and model has {len(sigs)} "
                    "Signatures. None is only allowed when the model has 1 SignatureDef")
            signature_key = next(iter(sigs))
        if signature_key not in sigs:
            raise ValueError(f'Invalid signature_key provided: "{signature_key}".')
        sig = sigs[signature_key]
        return SignatureRunner(self._executor(sig.subgraph_index), sig)


class SignatureRunner:
    """Runs one SignatureDef: inputs and outputs by their signature names."""

    def __init__(self, executor: _Executor, sig: M.SignatureInfo) -> None:
        self._ex = executor
        self._sig = sig

    def get_input_details(self) -> dict:
        ex = self._ex
        return {k: _details(ex.graph.tensors[i], i, ex.shapes[i])
                for k, i in self._sig.inputs.items()}

    def get_output_details(self) -> dict:
        ex = self._ex
        return {k: _details(ex.graph.tensors[i], i, ex.shapes[i])
                for k, i in self._sig.outputs.items()}

    def __call__(self, **kwargs: Any) -> dict:
        ins = self._sig.inputs
        if len(kwargs) != len(ins):
            raise ValueError("Invalid number of inputs provided for running a SignatureDef, "
                             f"expected {len(ins)} vs provided {len(kwargs)}")
        for k in kwargs:
            if k not in ins:
                raise ValueError(f"Invalid Input name ({k}) for SignatureDef")
        ex = self._ex
        arrays = {k: np.asarray(v) for k, v in kwargs.items()}
        for k, v in arrays.items():
            ex.resize(ins[k], v.shape, False)
        if not ex.allocated:
            ex.allocate()
        for k, v in arrays.items():
            ex.set_tensor(ins[k], v)
        ex.invoke()
        return {k: ex.get_tensor(i) for k, i in self._sig.outputs.items()}
