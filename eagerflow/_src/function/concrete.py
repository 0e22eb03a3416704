"""ConcreteFunction: one trace of a tf.function, compiled, callable, differentiable.

Sits in function/, above graph/. A ConcreteFunction holds the traced graph (what
`.graph` shows), compiles an optimized copy into straight-line Python on first call,
and is itself an op (a "Call"): called while another function is traced, it becomes
one operation of that graph (inlined later by the optimizer); called under a
GradientTape, it is recorded as one node whose gradient is another ConcreteFunction
(the traced function replayed under a tape, then differentiated), so gradients flow
through functions to any order.

A Call's outputs are the function's outputs followed by its "saved" tensors:
variable reads and stateful results (random draws) that a gradient must see as they
were, not recompute.
"""

from __future__ import annotations

import functools
import inspect
import itertools
import re
import sys
import weakref
from typing import Any

import numpy as np

from eagerflow._src.autodiff.tape import GradientTape
from eagerflow._src.backend import ARRAY_TYPES, to_host
from eagerflow._src.control_flow.subgraph_ops import assert_guard
from eagerflow._src.core import dtypes as dt
from eagerflow._src.core import nest, trace_events
from eagerflow._src.core.composite import CompositeSpec, CompositeTensor
from eagerflow._src.core.context import CPU_DEVICE, _state, graph_collection, under_xla
from eagerflow._src.core.device import placed_on
from eagerflow._src.core.dtypes import dtype_word
from eagerflow._src.core.errors import InvalidArgumentError, OpError
from eagerflow._src.core.shape import TensorShape
from eagerflow._src.core.tensor import EagerTensor, Tensor, convert_to_tensor
from eagerflow._src.core.tensor_spec import TensorSpec, VariableSpec, is_tensor_spec
from eagerflow._src.function import function_type as ftype
from eagerflow._src.function import graph_errors, placement, xla_refusals
from eagerflow._src.function import variable_args as varg
from eagerflow._src.function.function_type import (
    AtomicFunction,
    FunctionType,
    Parameter,
    trace_type,
    type_text,
)
from eagerflow._src.function.saved_tensors import collect_saved, has_effects
from eagerflow._src.function.signature import is_iterator_argument, iterator_resources
from eagerflow._src.graph import codegen
from eagerflow._src.graph.device_program import DeviceProgram
from eagerflow._src.graph.ir import FuncGraph, Graph, user_frames
from eagerflow._src.graph.passes import optimize, run_passes
from eagerflow._src.graph.passes.common import copy_graph
from eagerflow._src.graph.replay import replay
from eagerflow._src.graph.symbolic_tensor import SymbolicTensor
from eagerflow._src.numpy_ops import weak
from eagerflow._src.ops import dispatch
from eagerflow._src.ops.debugging import set_assert_guard
from eagerflow._src.ops.dispatch import Node, bind
from eagerflow._src.ops.indexed_slices import IndexedSlices
from eagerflow._src.ops.math import add
from eagerflow._src.ops.math_base import zeros_like
from eagerflow._src.ops.registry import OpDef

_uids = itertools.count(1)


def function_uid() -> int:
    """The next number of the process-wide counter TF's traced functions are named by
    ("__inference_f_<n>"): for a function TF traces where eagerflow runs Python."""
    return next(_uids)

# Set by dtensor/ when it loads: `(function, flat inputs) -> outputs` for an eager call
# with DTensor inputs (or reading DVariables), None for any other call.
LAYOUT_CALL: list = [None]


class _Leaf:
    """A position in the output structure: index into the flat outputs."""

    __slots__ = ("i",)

    def __init__(self, i: int) -> None:
        self.i = i


class _WeakLeaf(_Leaf):
    """A position holding a weak tensor (TF's auto dtype conversion): the output is marked
    weak again when the function returns it."""

    __slots__ = ()


class _Composite:
    """A position in the output structure holding a distributed value (PerReplica,
    Mirrored): rebuilt as its class around its components' outputs."""

    __slots__ = ("cls", "parts")

    def __init__(self, cls: type, parts: list) -> None:
        self.cls, self.parts = cls, parts


class _Rebuilt:
    """A position in the output structure holding a composite tensor (RaggedTensor):
    rebuilt by its spec from its components' outputs."""

    __slots__ = ("spec", "parts")

    def __init__(self, spec: Any, parts: list) -> None:
        self.spec, self.parts = spec, parts


# Every function's graph is traced in a tracing_scope, and TF guards an Assert there with a
# cond ("Assert/AssertGuard"); conds are control flow's, which sits above the ops that
# define Assert, so the guard is handed down here, where function graphs are made.
set_assert_guard(assert_guard)


class tracing_scope:  # noqa: N801 - used like a function
    """Makes `graph` the graph being built, with a fresh tape stack and no name scope."""

    def __init__(self, graph: Graph) -> None:
        self.graph = graph

    def __enter__(self) -> Graph:
        st = _state
        self._saved = (st.graph, st.tapes, st.name_scopes)
        g = self.graph
        self._saved_frames = (g._frames_entry, g._frames_outer, g._frames_seen)
        # where the trace starts: its nodes' creation stacks share what is above it
        g._frames_outer, g._frames_entry = user_frames(), sys._getframe(1)
        g._frames_seen = ([], [], {})
        st.graph, st.tapes, st.name_scopes = g, [], []
        return g

    def __exit__(self, *exc: Any) -> None:
        st = _state
        st.graph, st.tapes, st.name_scopes = self._saved
        # (no frame is kept once the trace is over)
        g = self.graph
        g._frames_entry, g._frames_outer, g._frames_seen = self._saved_frames


def _inputs_of(ref: Any, graph: FuncGraph) -> Any:
    """What a traced graph's `inputs` show: the inputs of its function (`ref`, a weak
    reference), the placeholders fed while it lives."""
    def shown() -> list:
        cf = ref()
        return graph.fed_inputs if cf is None else cf.inputs
    return shown


# Called with each ConcreteFunction made (TF's CONCRETE_FUNCTION_CALLBACKS: tfdbg's dump
# maps a function's call op to its graph).
CREATION_CALLBACKS: list = []


class ConcreteFunction:
    """A traced, compiled function for one input signature."""

    # how many of the flat tensors a call may pass by position (a loaded signature's
    # SavedModel says none); None: all of them
    _allowed_positional: int | None = None

    def __init__(self, graph: FuncGraph, out_template: Any, name: str,
                 structured_input_signature: Any = None, captured_inputs: list | None = None,
                 arg_keywords: list | None = None) -> None:
        self.graph = graph
        self._name = name
        self._out_template = out_template
        self._structured_input_signature = structured_input_signature
        # the outer tensors its graph's last inputs capture (fed after the arguments)
        self._captured_tensors = list(captured_inputs or [])
        self._arg_keywords = arg_keywords or []
        self._n_out = len(graph.outputs)
        self._saved, self._saved_vars = collect_saved(graph)
        self._read_vars = list(graph.read_vars.values())
        # every variable it reads or writes, in the order it first did (its captures)
        self._captured_vars = list(graph.variable_map.values())
        self._has_effects = has_effects(graph)
        # tf.function(jit_compile=True)'s: its code runs as TF's XLA runs it (_generate)
        self._xla = bool(getattr(graph, "jit_compile", None))
        self._fwd = None
        # TF's error for a device its graph names that this process lacks (another
        # job's task), found before the first compile (placement.py); False: none
        self._misplaced: Any = None
        self._fwd_saved = None
        self._fwd_profiled: dict = {}  # device -> its code timing each op (tf.profiler on)
        self._saved_graph: Any = None
        self._on_device: dict = {}  # (device, saved) -> DeviceProgram
        self._optimized: Graph | None = None
        self._op: OpDef | None = None
        self._backward: Any = None
        # where a tape first recorded a call: TF builds the backward function then, and
        # its nodes' creation stack (what its errors list) is that call's
        self._recorded_at: Any = None
        self._backward_mask: list = []
        self._var_slots: list = []  # (flat input position, ArgumentVariable) per variable
        self._uid = next(_uids)
        if isinstance(graph, FuncGraph):
            # its graph's `inputs` show this function's (weakly: no cycle keeps it alive)
            graph._shown_inputs = _inputs_of(weakref.ref(self), graph)
        for callback in CREATION_CALLBACKS:
            callback(self)

    # -- structure ---------------------------------------------------------------------
    @property
    def name(self) -> bytes:
        """TF's name of the function, that of the op calling it: b'__inference_f_N'."""
        return self.function_op_name.encode()

    @property
    def inputs(self) -> list:
        """Its graph's placeholders, as TF lists them: the arguments', then those of what
        it captures, in the order it captured them (a small eager tensor's Const, a
        variable's resource placeholder)."""
        n_args = len(self.graph.fed_inputs) - len(self._captured_tensors)
        return list(self.graph.fed_inputs[:n_args]) + \
            [t for _, t in self._capture_pairs() if t is not None]

    def _capture_pairs(self) -> list:
        """(outer tensor or variable, the tensor of the graph standing for it) for each
        capture, in TF's order: as the trace captured them, then any it did not list (a
        variable reached through a nested function: None for its tensor)."""
        pairs = list(getattr(self.graph, "capture_list", ()))
        seen = {id(o) for o, _ in pairs} | {id(p) for _, p in self._var_slots}
        n_args = len(self.graph.fed_inputs) - len(self._captured_tensors)
        pairs += [(v, None) for v in self._captured_vars if id(v) not in seen]
        pairs += [(t, ph) for t, ph in zip(self._captured_tensors,
                                           self.graph.fed_inputs[n_args:]) if id(t) not in seen]
        return pairs

    @property
    def outputs(self) -> list:
        return list(self.graph.outputs)

    @property
    def structured_input_signature(self) -> Any:
        return self._structured_input_signature

    @property
    def structured_outputs(self) -> Any:
        outs = self.graph.outputs
        return _pack(self._out_template, lambda i: outs[i])

    @property
    def output_dtypes(self) -> Any:
        return nest.map_structure(lambda t: None if t is None else t.dtype,
                                  _components(self.structured_outputs))

    @property
    def output_shapes(self) -> Any:
        return nest.map_structure(lambda t: getattr(t, "shape", TensorShape(None)),
                                  _components(self.structured_outputs))

    @property
    def variables(self) -> tuple:
        return tuple(self.graph.variable_map.values())

    @property
    def trainable_variables(self) -> tuple:
        return tuple(v for v in self.graph.variable_map.values() if v.trainable)

    # -- compilation -------------------------------------------------------------------
    def optimized_graph(self) -> Graph:
        if self._optimized is None:
            # (under XLA as it will run: the folding runs its kernels)
            self._optimized = under_xla(optimize, self.graph) if self._xla else \
                optimize(self.graph)
        return self._optimized

    def _check_placement(self, saved: bool) -> None:
        """Raises TF's error of a first call (and of every call after) where an operation
        names another task's device (checked once) or TF's XLA refuses one (jit_compile:
        xla_refusals.py), naming the function TF runs: the
        forward function that keeps what a gradient needs (`saved`), as TF's
        __forward_f_N, under a tape."""
        if self._misplaced is None:
            if self._xla:  # (TF's XLA refuses a node as it compiles: at each call)
                xla_refusals.check(self.graph, self.function_op_name)
            self._misplaced = placement.function_misplaced(self.graph.operations) or False
        if self._misplaced:
            name = self.function_op_name
            if saved:
                name = name.replace("__inference_", "__forward_", 1)
            raise placement.function_error(self._misplaced, name)

    def _compile(self) -> None:
        g = self.optimized_graph()
        self._fwd = self._generate(g, self._name, wrap=True)

    def _generate(self, g: Graph, name: str, **kw: Any) -> codegen.Generated:
        """NumPy code of `g` (the CPU's path; a GPU's: DeviceProgram), run as TF runs the
        function: under jit_compile=True with this thread's `xla` state up, so that its
        kernels (and those of the functions it calls) compute as TF's XLA does."""
        with placed_on(CPU_DEVICE):
            program = codegen.generate(g, g.outputs, name, **kw)
        if self._xla:
            program.fn = functools.partial(under_xla, program.fn)
        return program

    def _compile_saved(self) -> None:
        g = copy_graph(self.graph)
        for node in g.operations:
            if node.op.save_outputs and "keep_history" in node.attrs:
                node.attrs["keep_history"] = True  # what a loop's gradient will read
        # The saved tensors become extra outputs, so the optimizer keeps and rewires them.
        mapping = {id(a): b for a, b in zip(_all_tensors(self.graph), _all_tensors(g))}
        g.outputs = list(g.outputs) + [mapping[id(s)] for s in self._saved]
        g = under_xla(run_passes, g) if self._xla else run_passes(g)
        self._saved_graph = g
        self._fwd_saved = self._generate(g, self._name + "_with_saved")

    def _forward(self, saved: bool = False) -> Any:
        """The compiled forward function (with the saved tensors as extra outputs when
        `saved`) for this thread's device: generated NumPy code on the CPU, a
        DeviceProgram on a GPU (one per device)."""
        if self._misplaced is not False:
            self._check_placement(saved)
        if _state.xp is np:
            if saved:
                if self._fwd_saved is None:
                    self._compile_saved()
                return self._fwd_saved
            if self._fwd is None:
                self._compile()
            return self._fwd
        place = _state.place
        key = (place.canonical, saved)
        prog = self._on_device.get(key)
        if prog is None:
            if saved:
                if self._fwd_saved is None:
                    self._compile_saved()
                g = self._saved_graph
                prog = DeviceProgram(g, g.outputs, place, name=self._name + "_with_saved")
            else:
                g = self.optimized_graph()
                prog = DeviceProgram(g, g.outputs, place, wrap=True, name=self._name)
            self._on_device[key] = prog
        return prog

    @property
    def generated_code(self) -> str:
        """The Python source the optimized graph was compiled to."""
        if self._fwd is None:
            self._compile()
        return self._fwd.source

    def print_code(self) -> None:
        print(self.generated_code)

    # -- variable arguments ------------------------------------------------------------
    def take_variable_arguments(self, proxies: list) -> None:
        """Records the stand-ins of its variable arguments (variable_args.py) and the
        flat inputs feeding them: each call binds them to the variables passed there."""
        where = {id(t): i for i, t in enumerate(self.graph.fed_inputs)}
        self._var_slots = [(where[id(p.placeholder)], p) for p in proxies]

    def _bindings(self, values: list) -> list:
        """(stand-in, variable passed) for each variable argument, from the flat inputs;
        a variable of another dtype is refused by the read of it, as TF's kernel does."""
        name = self.function_op_name
        pairs = [(p, varg.as_variable(values[i], name)) for i, p in self._var_slots]
        for p, var in pairs:
            if var.dtype != p.dtype:
                e = InvalidArgumentError(None, None, f"Trying to read variable with wrong "
                                                     f"dtype. Expected {dtype_word(p.dtype)} got "
                                                     f"{dtype_word(dt.as_dtype(var.dtype))}")
                e._graph_node = next((n.name for n in self.graph.operations
                                      if n.inputs and n.inputs[0] is p), None)
                raise e
        return pairs

    def _passed(self, variables: list) -> list:
        """`variables` (read or written by its graph) as the caller sees them: each
        stand-in of an argument the variable bound to it for this call."""
        if not self._var_slots:
            return variables
        mine = {id(p) for _, p in self._var_slots}
        return [v.bound() if id(v) in mine else v for v in variables]

    # -- the Call op -------------------------------------------------------------------
    @property
    def call_op(self) -> OpDef:
        if self._op is None:
            specs = [(t._shape, t._dtype) for t in list(self.graph.outputs) + self._saved]
            n_args = len(self.graph.fed_inputs)
            total = len(specs)

            def kernel(xp: Any, *args: Any) -> Any:
                if self._var_slots:  # (the caller's graph passes the variables themselves)
                    with varg.binding(self._bindings(list(args))):
                        out = self._forward(saved=True).fn(*args[:n_args])
                else:
                    out = self._forward(saved=True).fn(*args[:n_args])
                return out[0] if total == 1 else out

            self._op = OpDef(
                "StatefulPartitionedCall" if self._has_effects else "PartitionedCall",
                lambda *ins: specs, kernel, grad=self._call_grad, num_outputs=total,
                stateful=self._has_effects, fn=self, replay=self._replay_node)
        return self._op

    def _replay_node(self, node: Any, args: tuple, saved: dict, skip_effects: bool,
                     env: dict) -> Any:
        n_args, n_out = len(self.graph.fed_inputs), self._n_out
        inner_saved = {}
        for k, s in enumerate(self._saved):
            o = node.outputs[n_out + k]
            if id(o) in saved:
                inner_saved[id(s)] = saved[id(o)]
        inner = replay(self.graph, list(args[:n_args]), inner_saved, skip_effects)
        outs = [inner[id(t)] for t in self.graph.outputs] + [inner[id(s)] for s in self._saved]
        return outs[0] if len(outs) == 1 else tuple(outs)

    # -- calling -----------------------------------------------------------------------
    def __call__(self, *args: Any, **kwargs: Any) -> Any:
        try:
            flat = self._flatten_call_args(args, kwargs)
        except TypeError as e:
            if self._structured_input_signature is None:
                raise
            # as TF: the tensors alone may still bind (the "flat signature")
            flat, why = self._flat_binding(args, kwargs)
            if flat is None:
                raise TypeError(f"{e}\nFallback to flat signature also failed due to: {why}.") \
                    from None
            for i, (value, ph) in enumerate(zip(flat, self.graph.fed_inputs)):
                if value.dtype is not ph.dtype:
                    raise self._input_dtype_error(i, ph.dtype, value.dtype) from None
        return self._call_flat(flat)

    def _input_dtype_error(self, i: int, expected: Any, got: Any) -> InvalidArgumentError:
        """TF's error for a call's input #i of another dtype than the function's."""
        op = self.function_op_name
        return InvalidArgumentError(
            None, None, f"cannot compute {op} as input #{i}(zero-based) was expected to be a "
            f"{dtype_word(expected)} tensor but is a {dtype_word(got)} tensor [Op:{op}]")

    def _flat_binding(self, args: tuple, kwargs: dict) -> tuple:
        """(tensors, None) binding args/kwargs to the tensor parameters alone, or (None, why
        not) in TF's words."""
        # one per flat tensor, its placeholder's name: a structure's are k, k_1, ... and a
        # named spec's its own name, as TF's
        n = len(self.graph.fed_inputs) - len(self._captured_tensors)
        names = [ph.name.split(":")[0] for ph in self.graph.fed_inputs[:n]]
        # (a loaded function's graph is named as TF's loader cleans its FunctionDef's name)
        match = re.match(r"^__inference_(.*)_\d+$", self._name)
        call = f"{match.group(1) if match else self._name}({', '.join(names)})"
        # (in TF's order: too many positional, then missing, then repeated or unknown)
        allowed = len(names) if self._allowed_positional is None else self._allowed_positional
        if len(args) > allowed:
            return None, f"{call} takes {allowed} positional arguments, got {len(args)}"
        if any(k not in kwargs for k in names[len(args):]):
            missing = sorted(set(names) - set(names[:len(args)]) - set(kwargs))
            return None, f"{call} missing required arguments: {', '.join(missing)}"
        twice = [k for k in kwargs if k in names[:len(args)]]
        if twice:
            return None, f"{call} got two values for '{twice[0]}'"
        unknown = sorted(k for k in kwargs if k not in names)
        if unknown:
            return None, f"{call} got unexpected keyword arguments: {', '.join(unknown)}"
        values = list(args) + [kwargs[k] for k in names[len(args):]]
        values = [v._as_tensor() if hasattr(v, "_as_tensor") and not isinstance(v, Tensor)
                  else v for v in values]
        for i, v in enumerate(values):
            if not isinstance(v, Tensor):  # TF's flat signature takes tensors only
                return None, (f"{call}: expected argument #{i}(zero-based) to be a Tensor; "
                              f"got {type(v).__name__} ({v})")
        return values, None

    def _flatten_call_args(self, args: tuple, kwargs: dict) -> list:
        sig = self._structured_input_signature
        n = len(self.graph.fed_inputs) - len(self._captured_tensors)
        if sig is None:
            flat = [convert_to_tensor(a) for a in nest.flatten((args, kwargs))]
            if len(flat) != n:
                raise TypeError(f"{self._name}: expected {n} tensor arguments, got {len(flat)}")
            return flat
        spec_args, spec_kwargs = sig
        names = self._arg_keywords
        # (TF binds keywords by their sanitized names: "Feature-1" is Feature_1)
        known = set(names[:len(spec_args)]) | set(spec_kwargs)
        rest = {k if k in known else ftype.sanitize_arg_name(k): v for k, v in kwargs.items()}

        def fail(reason: str) -> TypeError:
            return TypeError(f"Binding inputs to tf.function failed due to `{reason}`. Received "
                             f"args: {args!r} and kwargs: {kwargs!r} for signature: "
                             f"{self.pretty_printed_signature(verbose=False)}.")

        if len(args) > len(spec_args):
            raise fail("too many positional arguments")
        pairs = list(zip(spec_args, args))
        for i in range(len(args), len(spec_args)):
            key = names[i] if i < len(names) else f"args_{i}"
            pairs.append((spec_args[i], self._take(rest, key, spec_args[i], fail)))
        for key, spec in spec_kwargs.items():
            pairs.append((spec, self._take(rest, key, spec, fail)))
        if rest:
            raise fail(f"got an unexpected keyword argument '{next(iter(rest))}'")
        flat: list = []
        for spec, value in pairs:
            self._flatten_value(spec, value, flat, fail)
        return flat

    @staticmethod
    def _take(kwargs: dict, key: str, spec: Any, fail: Any) -> Any:
        # every traced parameter is required here, Python values too (as in TF, whose
        # flat-signature fallback in __call__ then binds the tensors alone)
        if key in kwargs:
            return kwargs.pop(key)
        raise fail(f"missing a required argument: '{key}'")

    def _flatten_value(self, spec: Any, value: Any, flat: list, fail: Any) -> None:
        if isinstance(spec, VariableSpec):  # a variable, or its handle (of any shape)
            if varg.is_variable_argument(value):
                if any(x is value for x in flat):  # (an alias: fed once)
                    return
                flat.append(value)
                return
            if not isinstance(value, Tensor):  # (TF's cast fails with no reason given)
                raise fail("")
            if value.dtype is not dt.resource:
                raise self._input_dtype_error(len(flat), dt.resource, value.dtype)
            flat.append(value)
        elif is_tensor_spec(spec):
            if hasattr(value, "_as_tensor") and not isinstance(value, Tensor):
                value = value._as_tensor()
            if not isinstance(value, Tensor):
                try:
                    value = convert_to_tensor(value, dtype=spec.dtype)
                except (TypeError, ValueError):
                    raise fail(f"Can not cast {value!r} to {spec!r}") from None
            if value.dtype is not spec.dtype or not spec.shape.is_compatible_with(value.shape):
                # (a tensor then binds by the flat signature, and runs as in TF: another
                # dtype fails there as TF's call of the graph; one in a structure does not
                # bind at all)
                raise fail(f"Can not cast {TensorSpec(value.shape, value.dtype, spec.name)!r}"
                           f" to {spec!r}")
            flat.append(value)
        elif isinstance(spec, CompositeSpec):  # (a ragged or structured tensor's parts)
            if not (isinstance(value, CompositeTensor) and spec.is_compatible_with(value)) \
                    and not ftype.components_fit(spec, value):
                raise fail(ftype.composite_cast_reason(spec, value))
            flat.extend(value._type_spec._to_components(value))
        elif isinstance(spec, (list, tuple)):
            # TF's trace types' casts, each with its own words
            if isinstance(spec, tuple) and hasattr(spec, "_fields"):
                if type(value) is not type(spec):
                    raise fail(f"Cannot cast {value!r} to type {type(spec)!r}.")
            elif not isinstance(value, list if isinstance(spec, list) else tuple):
                kind = "list" if isinstance(spec, list) else "tuple"
                raise fail(f"Can not cast {value!r} to {kind} type.")
            if len(value) != len(spec):
                raise fail("object of type 'Tuple' has no len()" if isinstance(spec, list) else
                           f"Expected {value!r} to have length of {len(spec)}")
            for s, v in zip(spec, value):
                self._flatten_value(s, v, flat, fail)
        elif isinstance(spec, dict):
            if not isinstance(value, dict):
                raise fail(f"Can not cast {value!r} to a Dict type.")
            if set(value) != set(spec):
                shown = spec if self._spec_names_shown else _unnamed(spec)
                raise fail(f"{value!r} has different keys with the TraceType "
                           f"{type_text(shown)}.")
            for k in sorted(spec):  # (nest's order: the graph's inputs are in it)
                self._flatten_value(spec[k], value[k], flat, fail)
        elif is_iterator_argument(value) and hasattr(spec, "_element_spec"):
            # (an IteratorSpec: as in TF, an iterator of any element spec binds, and the
            # function's IteratorGetNext refuses elements its outputs do not fit)
            flat.extend(iterator_resources(value))
        elif isinstance(spec, ftype.UnknownArgument):
            if not spec.accepts(value):
                raise fail(f"Can not cast {value!r} to {type_text(spec)}")
        elif not (value is spec or (type(value) is type(spec) and value == spec)):
            raise fail(f"Can not cast {value!r} to {type_text(spec)}")  # the traced literal

    def _call_flat(self, tensors: list) -> Any:
        """Runs the function on flat input tensors; returns the structured outputs."""
        try:
            outs = self.call_flat_outputs(tensors)
        except OpError as e:
            if _state.graph is None and not getattr(e, "after_call", False):
                # run, not traced into a caller: TF's graph wording
                name = self.function_op_name
                if getattr(e, "forward_function", False):
                    name = name.replace("__inference_", "__forward_", 1)
                graph_errors.reword(e, name, self.graph)
            raise
        except ValueError as e:
            error = graph_errors.broadcast_error(e, graph=self.graph)
            if error is None:
                raise
            if _state.graph is None:
                graph_errors.reword(error, self.function_op_name, self.graph)
            raise error from None
        return _pack(self._out_template, lambda i: outs[i])

    def call_flat_outputs(self, tensors: list, bound: bool = False) -> tuple:
        """The flat outputs of a call on flat inputs (`bound`: its variable arguments
        are bound already, by _call_with_variables)."""
        if self._var_slots and not bound:
            return self._call_with_variables(tensors)
        st = _state
        if self._captured_tensors:
            tensors = list(tensors) + self._captured_tensors
        if st.graph is not None:
            return self._call_in_graph(tensors)
        if dispatch.LAYOUT_HOOK[0] is not None:  # dtensor/ loaded: DTensors run op by op
            outs = LAYOUT_CALL[0](self, tensors)
            if outs is not None:
                return outs
        if graph_collection.sink is not None:  # tf.summary.trace_on: record this function
            graph_collection.sink(self)
        if dispatch._OBSERVE[0]:  # (up while op callbacks or tf.profiler are on)
            if st.op_callbacks and not st.observing:
                return self._call_observed(tensors)
            if trace_events.ACTIVE[0]:
                return self._call_profiled(tensors)
        if st.tapes:
            return self._call_recorded(tensors)
        try:
            arrays = [t._arr for t in tensors]
        except AttributeError:
            tensors = [t if hasattr(t, "_arr") else convert_to_tensor(t) for t in tensors]
            arrays = [t._arr for t in tensors]
        return self.run_forward(arrays)

    def _call_with_variables(self, tensors: list) -> tuple:
        """A call binding its variable arguments to the variables passed (or named by
        the handles passed), which it is fed as: eagerly their handles, in a graph being
        built the variables themselves (its Call node takes them as a read takes one)."""
        pairs = self._bindings(tensors)
        tensors = list(tensors)
        eager = _state.graph is None
        for (i, _), (_, var) in zip(self._var_slots, pairs):
            tensors[i] = var.handle if eager else var
        with varg.binding(pairs):
            return self.call_flat_outputs(tensors, True)

    def run_forward(self, arrays: list) -> tuple:
        """The forward program of this thread's device run on flat input arrays of any
        device: NumPy's code takes host arrays (device inputs are copied to the host
        first); a DeviceProgram copies what lives elsewhere onto its device."""
        fwd = self._fwd if _state.xp is np else None
        if fwd is None:
            fwd = self._forward()
        if fwd is self._fwd:
            arrays = [a if type(a) is np.ndarray else to_host(a) for a in arrays]
        return fwd.fn(*arrays)

    def _call_observed(self, tensors: list) -> tuple:
        """An eager call while op callbacks are on: the call handed to them as one op, as
        TF's executor hands its function call op (its own ops ran in the graph)."""
        # `tensors` end with the captures and hold the bound variables' handles: run it
        # on its arguments alone, bound (call_flat_outputs adds the captures once more)
        args = tensors[:len(tensors) - len(self._captured_tensors)]
        _state.observing = True
        try:
            outs = self.call_flat_outputs(args, bound=True)
        finally:
            _state.observing = False
        # (TF's call op takes the arguments, then the captures: variables' handles too)
        dispatch.call_eager_callbacks(self.function_op_name,
                                      (*args, *self.captured_inputs), tuple(outs))
        return outs

    _op_name: str | None = None  # (a backward function's TF name: build_backward)

    @property
    def function_op_name(self) -> str:
        """The op that calls this function eagerly, as TF names it (`__inference_f_N`)."""
        return self._op_name or f"__inference_{self._name}_{self._uid}"

    def _call_profiled(self, tensors: list) -> tuple:
        """An eager call while tf.profiler runs: one `EagerExecute` of the function, as
        TF records its call op, around its ops' events (without a tape: a tape records
        the function as one op)."""
        start = trace_events.now()
        if _state.tapes:
            outs = self._call_recorded(tensors)
        else:
            outs = self._profiled_forward([t._arr if hasattr(t, "_arr") else
                                           convert_to_tensor(t)._arr for t in tensors])
        trace_events.add("EagerExecute", start, trace_events.now(),
                         {"eager_op": self.function_op_name, "is_func": 1})
        return outs

    def _profiled_forward(self, arrays: list) -> tuple:
        """The forward code of this thread's device with each op timed, run on `arrays`."""
        on_cpu = _state.xp is np
        key = CPU_DEVICE if on_cpu else _state.place.canonical
        program = self._fwd_profiled.get(key)
        if program is None:
            g = self.optimized_graph()
            if on_cpu:
                program = self._generate(g, self._name, wrap=True, profile=True)
            else:
                program = DeviceProgram(g, g.outputs, _state.place, wrap=True, name=self._name,
                                        profile=True)
            self._fwd_profiled[key] = program
        if on_cpu:
            arrays = [a if type(a) is np.ndarray else to_host(a) for a in arrays]
        return program.fn(*arrays)

    def _call_in_graph(self, tensors: list) -> tuple:
        graph = _state.graph
        start = len(getattr(graph, "capture_list", ()))
        if graph.captures_eager:  # the eager tensors it captured: the caller's too, as TF's
            for o, _ in self.graph.capture_list:
                if type(o) is EagerTensor and o._dtype is not dt.resource:  # (a table's)
                    graph.capture(o)
        for v in self._passed(self._captured_vars):  # (captured as TF captures them)
            graph.variable_map.setdefault(id(v), v)
        read_vars = self._passed(self._read_vars)
        for v in read_vars:
            graph.read_vars.setdefault(id(v), v)
            for tape in list(_state.tapes):
                tape._on_variable_read(v)
        res = bind(self.call_op, tuple(tensors) + tuple(read_vars), {})
        res = res if isinstance(res, tuple) else (res,)
        if res and read_vars:
            graph.capture_called(res[0].op, read_vars, start, self.graph.capture_list)
        return res[:self._n_out]

    def _call_recorded(self, tensors: list) -> tuple:
        fwd = self._forward(saved=True)
        arrays = [t._arr for t in tensors]
        if fwd is self._fwd_saved:  # NumPy's code: device inputs come to the host first
            arrays = [a if type(a) is np.ndarray else to_host(a) for a in arrays]
        read_vars = self._passed(self._read_vars)
        tapes = list(_state.tapes)
        for tape in tapes:  # (TF's tapes see the reads before the call runs)
            for v in read_vars:
                tape._on_variable_read(v)
        try:
            arrays = fwd.fn(*arrays)
        except OpError as e:
            # TF runs its forward function, __forward_f_N, where a tape watches an input
            ids = set(map(id, tensors)) | set(map(id, read_vars))
            e.forward_function = any(not ids.isdisjoint(t._tracked) for t in tapes)
            raise
        specs = list(self.graph.outputs) + self._saved
        outs = tuple(_wrap_output(a, s._dtype) for a, s in zip(arrays, specs))
        if self._recorded_at is None:
            self._recorded_at = user_frames()
        node = Node(self.call_op, tuple(tensors) + tuple(read_vars), outs, {})
        for tape in tapes:
            tape._record(node)
        return outs[:self._n_out]

    # -- gradient ----------------------------------------------------------------------
    def _call_grad(self, node: Any, *gs: Any) -> list:
        bw = self._backward_function()
        n_args = len(self.graph.fed_inputs)
        xs = list(node.inputs[:n_args])
        saved = list(node.outputs[self._n_out:])
        g_in = []
        for g, o in zip(gs, node.outputs):
            if g is None:
                g = zeros_like(o)
            g_in.append(g)
        try:
            res = list(bw.call_flat_outputs(xs + saved + g_in))
        except OpError as e:
            if _state.graph is None and not getattr(e, "after_call", False):
                # (TF's words: its backward function's, __inference___backward_f_N_M)
                graph_errors.reword(e, bw.function_op_name, bw.graph)
            raise
        out = []
        for present in self._backward_mask:
            if present == _SLICES:  # (a gather's gradient: its three parts)
                out.append(IndexedSlices(res.pop(0), res.pop(0), res.pop(0)))
            else:
                out.append(res.pop(0) if present else None)
        return out

    def _backward_function(self) -> ConcreteFunction:
        if self._backward is None:
            self._backward, self._backward_mask = build_backward(self)
        return self._backward

    # -- introspection -----------------------------------------------------------------
    # a loaded function's and a signature's specs are shown with their names, as TF's
    _spec_names_shown = False

    @property
    def function_type(self) -> FunctionType:
        """The traced parameters (kind and trace type), output type and captures."""
        # specs traced from arguments carry the argument's name, which TF does not show;
        # an input_signature's are shown as the user wrote them
        user = getattr(self, "_input_signature", None) or ()
        params = [Parameter(k, getattr(inspect.Parameter, kind), False,
                            trace_type(user[i], None) if i < len(user) else
                            trace_type(v, None if self._spec_names_shown else k))
                  for i, (k, kind, v) in enumerate(self._parameters())]
        caps = {id(o): TensorSpec.from_tensor(o) if isinstance(o, Tensor) else
                TensorSpec((), dt.resource) for o, _ in self._capture_pairs()
                if self._captures_shown}
        out = nest.map_structure(
            lambda x: TensorSpec.from_tensor(x) if isinstance(x, Tensor) else x,
            self.structured_outputs)
        return FunctionType(params, out, caps, type_text(self.structured_outputs))

    @property
    def captured_inputs(self) -> list:
        """What it captures, in the order it captured them, as TF lists them: eager
        tensors, the handles of the variables it touches, outer graphs' tensors."""
        return [o if isinstance(o, Tensor) else o.handle for o, _ in self._capture_pairs()]

    @property
    def inference_fn(self) -> AtomicFunction:
        """The graph this function runs, as TF's AtomicFunction."""
        return AtomicFunction(self)

    _captures_shown = True  # (a loaded tf.function's traces show none, as TF's)

    def pretty_printed_signature(self, verbose: bool = True) -> str:
        """The signature as TF prints it: `(x: TensorSpec(...)) -> TensorSpec(...)`, or,
        verbose, the input parameters, output type and captures on separate lines."""
        ft = self.function_type
        return repr(ft) if verbose else str(ft)

    def _parameters(self) -> list:
        """(name, kind, traced value) of each parameter, as TF lists them: with *rest, the
        positional parameters are POSITIONAL_ONLY and the extra arguments rest_0, ..."""
        sig = self._structured_input_signature
        if sig is None:
            return []
        kinds = getattr(self, "_param_kinds", {})
        var_positional = "VAR_POSITIONAL" in kinds.values()
        # (TF names the extra ones by the *-parameter: args_0 for *args, rest_0 for *rest)
        stem = next((k for k, kind in kinds.items() if kind == "VAR_POSITIONAL"), "args")
        out = []
        names = iter(self._arg_keywords)
        extra = 0
        for v in sig[0]:
            name = next(names, None)
            if name is None or kinds.get(name) == "VAR_POSITIONAL":
                name, extra = f"{stem}_{extra}", extra + 1
            kind = "POSITIONAL_ONLY" if var_positional else kinds.get(name,
                                                                      "POSITIONAL_OR_KEYWORD")
            out.append((name, kind, v))
        out += [(k, kinds.get(k, "KEYWORD_ONLY") if kinds.get(k) != "VAR_KEYWORD" else
                 "KEYWORD_ONLY", v) for k, v in sig[1].items()]
        return out

    def __repr__(self) -> str:
        return f"<ConcreteFunction {self.pretty_printed_signature(verbose=False)} at " \
               f"0x{id(self):X}>"

    def __str__(self) -> str:
        return f"ConcreteFunction {self.pretty_printed_signature()}"


def _components(structure: Any) -> Any:
    """`structure` with each composite (a RaggedTensor) replaced by the list of its
    components, themselves so replaced (TF's replace_composites_with_components)."""
    def replace(x: Any) -> Any:
        if isinstance(x, CompositeTensor):
            return _components(x._type_spec._to_components(x))
        return x
    return nest.map_structure(replace, structure)


def _unnamed(structure: Any) -> Any:
    """`structure` with its TensorSpecs' names dropped (as TF prints a trace type)."""
    if is_tensor_spec(structure):
        return TensorSpec(structure.shape, structure.dtype)
    if isinstance(structure, dict):
        return {k: _unnamed(v) for k, v in structure.items()}
    if isinstance(structure, list):
        return [_unnamed(v) for v in structure]
    if isinstance(structure, tuple):
        parts = [_unnamed(v) for v in structure]
        return type(structure)(*parts) if hasattr(structure, "_fields") else tuple(parts)
    return structure


def _wrap_output(a: Any, dtype: Any) -> EagerTensor:
    if type(a) is np.ndarray:
        return EagerTensor(a, dtype)
    if type(a) in ARRAY_TYPES:  # a device's array
        return codegen.wrap_device(a, dtype)
    if dtype.name == "variant":  # a loop's history (a tuple): held, not converted
        box = np.empty((), dtype=object)
        box[()] = a
        return EagerTensor(box, dtype)
    return EagerTensor(np.asarray(a), dtype)


def _all_tensors(graph: Graph) -> list:
    return [t for node in graph.operations for t in node.outputs]


def _pack(template: Any, get: Any) -> Any:
    if isinstance(template, _Leaf):
        return get(template.i) if type(template) is _Leaf else weak.mark(get(template.i))
    if isinstance(template, _Composite):
        return template.cls([_pack(t, get) for t in template.parts])
    if isinstance(template, _Rebuilt):
        return template.spec._from_components([_pack(t, get) for t in template.parts])
    if isinstance(template, list):
        return [_pack(t, get) for t in template]
    if isinstance(template, tuple):
        items = [_pack(t, get) for t in template]
        if hasattr(template, "_fields"):
            return type(template)(*items)
        return tuple(items)
    if isinstance(template, dict):
        return type(template)((k, _pack(v, get)) for k, v in template.items())
    return template


_SLICES = "slices"  # a backward mask's entry for a gradient returned as IndexedSlices


def build_backward(fn: ConcreteFunction) -> tuple:
    """The gradient of `fn` as a ConcreteFunction of (inputs, saved, output grads), and a
    mask saying which of fn's Call inputs (tensors, then variables) get a gradient."""
    fg = fn.graph
    g = FuncGraph(fn._name + "_grad")
    g.jit_compile = getattr(fg, "jit_compile", None)  # (XLA compiles TF's gradient too)
    g.replays_forward = True
    with tracing_scope(g):
        xs = [g.placeholder(t._shape, t._dtype, f"x{i}", is_input=True)
              for i, t in enumerate(fg.fed_inputs)]
        sv = [g.placeholder(t._shape, t._dtype, f"saved{i}", is_input=True)
              for i, t in enumerate(fn._saved)]
        outs = list(fg.outputs) + fn._saved
        gos = [g.placeholder(t._shape, t._dtype, f"grad{i}", is_input=True)
               for i, t in enumerate(outs)]
        with GradientTape(watch_accessed_variables=False) as tape:
            tape._function_scopes = True
            for x in xs + sv:
                if x._dtype.is_floating or x._dtype.is_complex:
                    tape.watch(x)
                elif x._dtype is dt.resource:  # a handle argument: its reads' gradients
                    tape._watch_handle(x)
            for v in fn._read_vars:
                tape._watch(v)
            env = replay(fg, xs, {id(s): p for s, p in zip(fn._saved, sv)}, keep_names=True)
        targets, out_grads = [], []
        for t, go in zip(fg.outputs, gos):
            nt = env[id(t)]
            if nt._dtype.is_floating or nt._dtype.is_complex:
                targets.append(nt)
                out_grads.append(go)
        sources = xs + sv + list(fn._read_vars)
        grads = tape.gradient(targets, sources, output_gradients=out_grads) if targets else \
            [None] * len(sources)
        gx = list(grads[:len(xs)])
        gsv = grads[len(xs):len(xs) + len(sv)]
        inputs = {id(t): k for k, t in enumerate(fg.fed_inputs)}
        for j, (sv_var, gs_) in enumerate(zip(fn._saved_vars, gsv)):
            k = inputs.get(id(sv_var))
            if k is not None and gs_ is not None:
                # a read through a handle argument (saved): its gradient is the handle's
                contrib = add(gs_, gos[len(fg.outputs) + j])
                gx[k] = contrib if gx[k] is None else add(gx[k], contrib)
        gvar = grads[len(xs) + len(sv):]
        var_grads = []
        for k, v in enumerate(fn._read_vars):
            total = gvar[k]
            for j, (sv_var, gs_) in enumerate(zip(fn._saved_vars, gsv)):
                if sv_var is v and gs_ is not None:
                    # the read's gradient, plus what flows into the saved read from outside
                    contrib = add(gs_, gos[len(fg.outputs) + j])
                    total = contrib if total is None else add(total, contrib)
            var_grads.append(total)
        results, mask = [], []
        for r in list(gx) + var_grads:
            if isinstance(r, IndexedSlices) and r.dense_shape is not None:
                # a gather's gradient (of a variable, as TF's): returned as its parts
                mask.append(_SLICES)
                results += [r.values, r.indices, r.dense_shape]
            elif r is not None:
                mask.append(True)
                results.append(r)
            else:
                mask.append(False)
        g.outputs = [g.capture(r) for r in results]
    if fn._recorded_at is not None:
        for op in g.operations:
            op.origin = fn._recorded_at
    bw = ConcreteFunction(g, tuple(_Leaf(i) for i in range(len(g.outputs))), fn._name + "_grad")
    bw._op_name = f"__inference___backward_{fn._name}_{fn._uid}_{bw._uid}"  # (TF's name)
    return bw, mask


__all__ = ["ConcreteFunction", "SymbolicTensor", "build_backward", "tracing_scope"]


ftype.ConcreteFunction.register(ConcreteFunction)
