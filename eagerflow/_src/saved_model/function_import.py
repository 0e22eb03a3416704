"""TensorFlow FunctionDefs as eagerflow functions, built from the op registry.

Sits in saved_model/ over tf_ops.py and tf_composites.py; load.py uses it. A FunctionDef
is traced into a FuncGraph: its input arguments become placeholders, its captured
arguments the objects the SavedModel binds to them (variables, assets' paths,
constants), and each node, in dependency order, becomes eagerflow ops through its TF
name: a registered op of that name (attributes and constant inputs mapped by the op's
TFForm, or its own `load`), a TF op eagerflow composes from its ops (tf_composites.py),
or graph structure (constants, variable reads and writes, calls of other library
functions, If and While). Nothing is implemented twice: what runs is the registry's
kernels, and gradients come from the registry's gradients.

`check_library` runs first over every function a SavedModel may call and names any node
whose op eagerflow lacks, before anything is built or run.
"""

from __future__ import annotations

import functools
import heapq
import json
import os
import re
from typing import Any, Iterator

from eagerflow._src.autodiff.custom_gradient import bind_custom_gradient, unsaved_gradient
from eagerflow._src.backend import to_host
from eagerflow._src.control_flow.conditionals import cond, switch_case
from eagerflow._src.control_flow.loops import while_loop
from eagerflow._src.control_flow.py_function import raw_call
from eagerflow._src.core import dtypes as dt
from eagerflow._src.core import nest
from eagerflow._src.core.composite import CompositeSpec
from eagerflow._src.core.errors import InvalidArgumentError, NotFoundError, UnimplementedError
from eagerflow._src.core.resource import HeldResource
from eagerflow._src.core.shape import TensorShape
from eagerflow._src.core.tensor import EagerTensor, Tensor
from eagerflow._src.core.tensor_spec import TensorSpec, VariableSpec, is_tensor_spec
from eagerflow._src.core.trackable import is_variable

# (the dataset ops, collective_ops and the summary modules register ops that REGISTRY,
# below them, cannot load by name: a TF graph's node, or tf.raw_ops, may be any of them)
from eagerflow._src.data import (  # noqa: F401
    iterator_ops,
    optional_ops,
    raw_dataset_access,
    raw_dataset_batching,
    raw_dataset_compression,
    raw_dataset_extra,
    raw_dataset_functions,
    raw_dataset_inspect,
    raw_dataset_lmdb,
    raw_dataset_misc,
    raw_dataset_optimizer,
    raw_dataset_options,
    raw_dataset_parsing,
    raw_dataset_random_access,
    raw_dataset_readers,
    raw_dataset_reductions,
    raw_dataset_saving,
    raw_dataset_service,
    raw_dataset_snapshot,
    raw_dataset_sources,
    raw_multi_device_iterator,
)
from eagerflow._src.distribute import collective_ops, tf_collective_ops  # noqa: F401
from eagerflow._src.function.concrete import ConcreteFunction, _Leaf, _Rebuilt, tracing_scope
from eagerflow._src.function.function_type import FunctionType
from eagerflow._src.function.polymorphic import eager_scope
from eagerflow._src.function.signature import is_iterator_spec
from eagerflow._src.function.variable_args import SpecVariable, stand_in
from eagerflow._src.graph.ir import FuncGraph
from eagerflow._src.ops.array import constant, zeros
from eagerflow._src.ops.attr_values import const_attr
from eagerflow._src.ops.dispatch import bind
from eagerflow._src.ops.dynshape import partial_value
from eagerflow._src.ops.lookup_ops import TableState
from eagerflow._src.ops.math import not_equal
from eagerflow._src.ops.math_base import cast, identity, zeros_like
from eagerflow._src.ops.reduce import size
from eagerflow._src.ops.registry import REGISTRY
from eagerflow._src.ops.resource_gather import resource_gather
from eagerflow._src.ops.slice_update import TENSOR_STRIDED_SLICE_UPDATE
from eagerflow._src.ops.slicing import _MASKS
from eagerflow._src.ops.string_ops import length
from eagerflow._src.ops.table_handles import captured_table, handle_for
from eagerflow._src.saved_model import tf_composites, tf_ops
from eagerflow._src.saved_model.attrs import attr_value
from eagerflow._src.saved_model.symbolic_gradient import symbolic_gradient
from eagerflow._src.summary import media_ops, summary_ops, v1_ops, writer_ops  # noqa: F401

# The dtypes of bound constants kept as constants, not taken by placeholders as TF's
# imported graphs take them: an asset's path (a string: its ops read the value), handles.
_UNLISTED = (dt.string, dt.resource, dt.variant)

# Python function calls by token (a from_generator's, a py_function's): the function this
# process registered under it runs, as in TF; none registered fails when the node runs.
_PY_FUNCS = ("PyFunc", "PyFuncStateless", "EagerPyFunc")
_MUST_COMPILE = "_XlaMustCompile"  # (a FunctionDef's attr: the jit_compile it was saved with)

# Graph structure, handled here rather than by an op.
STRUCTURE = frozenset((
    "Placeholder", "Const", "NoOp", "Identity", "IdentityN", "ReadVariableOp",
    "AssignVariableOp", "AssignAddVariableOp", "AssignSubVariableOp", "PartitionedCall",
    "StatefulPartitionedCall", "If", "StatelessIf", "Case", "StatelessCase", "While",
    "StatelessWhile", "For", "SymbolicGradient", "RemoteCall", "BatchFunction",
    "DisableCopyOnRead", "StopGradient",
    "ResourceStridedSliceAssign",
) + _PY_FUNCS)


def known_op(name: str) -> bool:
    return tf_ops.has_op(name) and (name in STRUCTURE or name in tf_composites.COMPOSED
                                    or name in REGISTRY)


def reachable_nodes(library: Any, roots: list, source: str) -> Iterator[tuple]:
    """(function name, NodeDef) of each node of the functions reachable from `roots`;
    NotFoundError for a function the library lacks."""
    fdefs = {f.signature.name: f for f in library.function}
    todo, seen = list(roots), set()
    while todo:
        name = todo.pop()
        if name in seen:
            continue
        seen.add(name)
        fdef = fdefs.get(name)
        if fdef is None:
            raise NotFoundError(None, None, f"Function {name} is not in the function library "
                                            f"of {source}")
        for nd in fdef.node_def:
            if nd.op in fdefs:  # (a node calling a library function by its name)
                todo.append(nd.op)
                continue
            yield name, nd
            for av in nd.attr.values():
                if av.HasField("func"):
                    todo.append(av.func.name)


def check_library(library: Any, roots: list, source: str) -> None:
    """NotFoundError naming the first node (of the functions reachable from `roots`) whose
    op eagerflow can't run; nothing has been built when it is raised."""
    for name, nd in reachable_nodes(library, roots, source):
        if not known_op(nd.op):
            raise NotFoundError(
                None, None, f"Op type not registered '{nd.op}' in binary running on "
                f"eagerflow: node {nd.name} of function {name} in {source} uses an op "
                "eagerflow does not implement, so this SavedModel can't be loaded.")


class CapturedTensor(tuple):
    """A tensor of a function's graph that a gradient function captures (TF's
    `_CapturedTensor` node): (the function's name, the tensor's name in it, "Exp:0")."""

    def __new__(cls, function: str, name: str) -> CapturedTensor:
        return tuple.__new__(cls, (function, name))


class Spec(tuple):
    """An argument imported as an input placeholder: (shape, dtype)."""

    def __new__(cls, shape: Any, dtype: Any) -> Spec:
        return tuple.__new__(cls, (None if shape is None else tuple(shape), dtype))

    @property
    def shape(self) -> Any:
        return self[0]

    @property
    def dtype(self) -> Any:
        return self[1]


class VariableArg(Spec):
    """A variable argument (a VariableSpec of the saved signature): imported as the
    stand-in a trace makes for one (function/variable_args.py), bound at each call."""

    def __new__(cls, spec: Any) -> VariableArg:
        self = Spec.__new__(cls, spec.shape._dims, spec.dtype)
        self.spec = spec
        return self


class TFNode:
    """A TF node being imported: what a `TFForm.load` or a composite receives."""

    def __init__(self, nd: Any, inputs: list, consts: list, attrs: dict) -> None:
        self.name = nd.name
        self.op = nd.op
        self.inputs = inputs     # eagerflow tensors (or variables for resource inputs)
        self.consts = consts     # NumPy values of inputs known at import, else None
        self.attrs = attrs       # TF attrs, defaults filled, as Python values

    def const(self, i: int) -> Any:
        return self.consts[i]

    def value(self, i: int) -> Any:
        """Input `i` as a constant when known at import (NumPy), else the tensor."""
        c = self.consts[i]
        return self.inputs[i] if c is None else c

    def fail(self, why: str) -> InvalidArgumentError:
        return InvalidArgumentError(None, None, f"Can't import node {self.name} ({self.op}): "
                                                f"{why}")


def sample_attrs(op: Any) -> dict:
    """The op's attrs as its samples show them: name -> "bytes" where a sample's value is
    bytes, else "value" (the table of op_attrs.json is made of these)."""
    out: dict = {}
    for s in op.samples:
        for k, v in s.attrs.items():
            out.setdefault(k, "bytes" if isinstance(v, bytes) else "value")
    return out


@functools.cache
def _attr_table() -> dict:
    with open(os.path.join(os.path.dirname(__file__), "op_attrs.json"), encoding="utf-8") as f:
        return json.load(f)


def _op_attrs(op: Any) -> dict:
    """sample_attrs of the op, read from op_attrs.json (written from the samples by
    tests/saved_model/make_op_attrs.py, checked current by test_op_attrs.py): reading an
    op's samples builds every op's (the registry builds them all at once, in one order),
    ~1 s and temporary files on a program's first SavedModel load or tf.raw_ops call."""
    kinds = _attr_table().get(op.name)
    return sample_attrs(op) if kinds is None else kinds


def attr_inputs(op: Any, opdef: Any) -> frozenset:
    """The names of the TF inputs (of TF's `opdef`) that the registered op `op` takes as
    attrs, a shape: its samples' attrs, by its TFForm's names, as generic_load reads
    them."""
    form = op.tf
    to_ef = {v: k for k, v in (form.names if form is not None else {}).items()}
    ef_attrs = set(_op_attrs(op)) | set(to_ef.values())
    return frozenset(a.name for a in opdef.input_arg if to_ef.get(a.name, a.name) in ef_attrs)


def generic_load(op: Any, node: TFNode) -> Any:
    """A TF node as the registered op of its name: TF inputs that are the op's attrs
    (named alike, or through its TFForm's names) become attrs when known at import, or
    its runtime inputs; TF attrs the op has are passed, the rest must be TF's defaults."""
    form = op.tf
    to_ef = {v: k for k, v in (form.names if form is not None else {}).items()}
    kinds = _op_attrs(op)
    ef_attrs = set(kinds) | set(to_ef.values())
    opdef = tf_ops.op_def(node.op)
    tensors, dyn, attrs = [], [], {}
    pos = 0
    for arg in opdef.input_arg:
        n = 1
        if arg.number_attr:
            n = node.attrs[arg.number_attr]
        elif arg.type_list_attr:
            n = len(node.attrs[arg.type_list_attr])
        ef = to_ef.get(arg.name, arg.name)
        if ef in ef_attrs and n == 1:
            c = node.consts[pos]
            if c is not None:
                attrs[ef] = const_attr(c)
            else:
                pv = partial_value(node.inputs[pos])
                attrs[ef] = tuple(pv) if isinstance(pv, list) else pv
                dyn.append(node.inputs[pos])
        else:
            tensors.extend(node.inputs[pos:pos + n])
        pos += n
    tf_attrs = form.tf_attrs if form is not None else {}
    for a in opdef.attr:
        ef = to_ef.get(a.name, a.name)
        if a.name in tf_attrs:
            if node.attrs[a.name] != tf_attrs[a.name]:
                raise node.fail(f"eagerflow's {op.name} computes {a.name}="
                                f"{tf_attrs[a.name]!r} only (given {node.attrs[a.name]!r})")
        elif ef in ef_attrs:
            v = node.attrs[a.name]
            attrs[ef] = v.encode() if kinds.get(ef) == "bytes" and isinstance(v, str) else v
        elif a.name in _HINTS:
            continue
        elif a.type not in ("type", "list(type)") and a.name not in _number_attrs(opdef) \
                and a.HasField("default_value") and \
                node.attrs.get(a.name) != attr_value(a.default_value):
            raise node.fail(f"eagerflow's {op.name} has no attribute {a.name} (given "
                            f"{node.attrs.get(a.name)!r})")
    if form is not None:
        for k, v in form.fixed.items():
            attrs.setdefault(k, v)
    return bind(op, tuple(tensors) + tuple(dyn), attrs)


# Attributes that only hint TF's kernels (a MatMul of a gradient), not what they compute.
_HINTS = frozenset(("grad_a", "grad_b", "grad_x", "grad_y"))


def run_op_node(node: TFNode) -> Any:
    """The outputs of a node of a TF op that eagerflow runs: its registered op of the same
    name, or the composition of registered ops that stands for it."""
    op = node.op
    if op in tf_composites.COMPOSED:
        return tf_composites.COMPOSED[op](node)
    ef = REGISTRY[op]
    if ef.tf is not None and ef.tf.load is not None:
        return ef.tf.load(node)
    return generic_load(ef, node)


def _number_attrs(opdef: Any) -> set:
    return {a.number_attr for a in list(opdef.input_arg) + list(opdef.output_arg)
            if a.number_attr}


# a SavedModel's output signature that is None (the function returns None), as opposed to
# none recorded
RETURNS_NONE = object()


_DT_RESOURCE = 20
# the variable ops that take a handle tensor where their resource is no bound variable
_HANDLE_OPS = frozenset(("ReadVariableOp", "AssignVariableOp", "AssignAddVariableOp",
                         "AssignSubVariableOp", "VarIsInitializedOp", "DestroyResourceOp"))


class RestoredConcreteFunction(ConcreteFunction):
    """An imported concrete function. Its `structured_outputs` are the TensorSpecs its
    SavedModel records (as TF's loaded functions give them), where it records them."""

    _output_signature: Any = None
    _spec_names_shown = True

    @property
    def structured_outputs(self) -> Any:
        if self._output_signature is None:
            return super().structured_outputs
        return self._output_signature

    _resource_outputs: str | None = None  # why it can't run, when it returns handles
    _bound_inputs: list | None = None  # what the SavedModel binds its captured inputs to

    @property
    def function_type(self) -> Any:
        """As TF's: its captures are the saved function's bound inputs (variables' and
        tables' handles, constants' values), in the saved order."""
        ft = super().function_type
        if self._bound_inputs is None or not self._captures_shown:
            return ft
        caps = {}
        for c in self._bound_inputs:  # (one entry each, as TF's, though one be bound twice)
            key = id(c)
            while key in caps:
                key += 1
            caps[key] = TensorSpec.from_tensor(c) if isinstance(c, Tensor) else \
                TensorSpec((), dt.resource)
        return FunctionType(list(ft.parameters.values()), ft.output, caps, ft._output_text)

    def _call_flat(self, tensors: list) -> Any:
        if self._resource_outputs:
            # eagerflow has no resource tensors (a variable is its own handle): the loaded
            # object's variables and tables are its attributes instead
            raise UnimplementedError(None, None, f"eagerflow can't run {self._resource_outputs}"
                                                 ": it has no resource tensors.")
        return super()._call_flat(tensors)

    @property
    def function_op_name(self) -> str:
        # its FunctionDef's name with this load's number (__inference_signature_wrapper_N),
        # not that name wrapped again
        match = re.match(r"^__inference_(.*)_\d+$", self._name)
        return f"__inference_{match.group(1) if match else self._name}_{self._uid}"


class LibraryFunction:
    """A library function a node's func attribute names, made concrete by the op that
    calls it for the arguments it passes (a dataset op: its elements' components)."""

    def __init__(self, importer: LibraryImporter, name: str) -> None:
        self.importer = importer
        self.name = name

    def concrete_for(self, specs: list) -> ConcreteFunction:
        # (as TF's runtime, for its own arguments only: an op may pass more, the values of
        # captures eagerflow wrote into the function's body)
        n = len(self.importer.fdefs[self.name].signature.input_arg)
        return self.importer.concrete(self.name, [
            Spec(None if s.shape.rank is None else s.shape.as_list(), s.dtype)
            for s in specs[:n]], handles=False)

    def own_specs(self) -> list:
        """Its arguments as its FunctionDef says them (a shape its `_output_shapes` gives,
        else an unknown one): what re-saving a loaded function traces it for, as no call
        says more."""
        fdef = self.importer.fdefs[self.name]
        out = []
        for i, arg in enumerate(fdef.signature.input_arg):
            shapes = fdef.arg_attr[i].attr.get("_output_shapes") if i in fdef.arg_attr else None
            shape = attr_value(shapes)[0] if shapes is not None and len(shapes.list.shape) \
                else None
            out.append(TensorSpec(shape, dt.as_dtype(arg.type)))
        return out


class LibraryImporter:
    """Imports the functions of one FunctionDefLibrary (each specialization once)."""

    def __init__(self, library: Any, source: str) -> None:
        self.library = library
        self.fdefs = {f.signature.name: f for f in library.function}
        self.gradients = {g.registered_op_type: g.gradient_func
                          for g in library.registered_gradients}
        self.source = source
        self._cache: dict = {}
        # what a gradient function's captured arguments bind (from the object graph)
        self.bindings: Any = lambda name: []
        # which results of a gradient function are tensors (from the object graph)
        self.gradient_outputs: Any = lambda name: None
        self._building: list = []  # (name, env) of the functions being imported

    def concrete(self, name: str, args: list, out_structure: Any = None,
                 input_signature: Any = None, arg_keywords: list | None = None,
                 handles: bool = True) -> ConcreteFunction:
        """FunctionDef `name` as a ConcreteFunction. Each of `args` stands for one argument:
        a `Spec` (shape, dtype) becomes an input placeholder, anything else (a variable, a
        constant, an asset's path) is bound to the argument. Outputs are packed as
        `out_structure` (default: a flat tuple). `handles`: a variable the function returns
        is its handle (False: a placeholder zero, for a loop body or branch, whose caller
        keeps the variables bound and takes none of its resource results)."""
        key = (name, tuple(a if isinstance(a, Spec) else id(a) for a in args),
               id(out_structure), id(input_signature), handles)
        hit = self._cache.get(key)
        if hit is not None:
            return hit
        fdef = self.fdefs.get(name)
        if fdef is None:
            raise NotFoundError(None, None, f"Function {name} is not in the function library "
                                            f"of {self.source}")
        if len(fdef.signature.input_arg) != len(args):
            raise InvalidArgumentError(None, None, f"Function {name} in {self.source} takes "
                                                   f"{len(fdef.signature.input_arg)} "
                                                   f"arguments, got {len(args)}")
        graph = FuncGraph(name)
        graph.shows_tf_inputs = False  # (TF's nodes come with their own inputs)
        graph._imported = True  # (its nodes have no creation stack, as TF's)
        if _MUST_COMPILE in fdef.attr:  # (a jit-compiled one: saved again, as it was)
            graph.jit_compile = fdef.attr[_MUST_COMPILE].b
        with tracing_scope(graph):
            env: dict = {}
            consts: dict = {}
            proxies = []
            for arg, value in zip(fdef.signature.input_arg, args):
                if isinstance(value, VariableArg):
                    ph = graph.placeholder((), dt.resource, arg.name, is_input=True)
                    proxies.append(stand_in(graph, SpecVariable(value.spec), value.spec.shape, ph))
                    env[arg.name] = proxies[-1]
                elif isinstance(value, Spec):
                    env[arg.name] = graph.placeholder(value.shape, value.dtype, arg.name,
                                                      is_input=True)
                else:
                    env[arg.name] = value
                    if isinstance(value, EagerTensor):
                        consts[arg.name] = to_host(value._arr)
                        if value._dtype not in _UNLISTED:  # (a constant: TF's placeholder for it)
                            env[arg.name] = graph.capture_as_input(value, arg.name)
            self._building.append((name, env))
            try:
                for nd in _topological(fdef, self.source):
                    self._node(nd, env, consts)
            finally:
                self._building.pop()
            rets = [env_get(env, fdef.ret[a.name], self.source, name)
                    for a in fdef.signature.output_arg]
            # a resource result: the handle of the variable it is, a handle the graph made
            # (an iterator's) itself (a table's: not yet)
            outs = [_as_tensor(r) if a.type != _DT_RESOURCE or _graph_handle(r) else
                    r.handle if handles and is_variable(r) else constant(0)
                    for a, r in zip(fdef.signature.output_arg, rets)]
            graph.outputs = [identity(graph.capture(t)) for t in outs]
        # its captures listed in the order of the arguments bound to them, as TF's, a
        # variable's placeholder named after its argument
        bound = {id(v): i for i, v in enumerate(args) if not isinstance(v, Spec)}
        for arg, value in zip(fdef.signature.input_arg, args):
            if is_variable(value):  # (one no node touches: a call of it passes it on)
                graph.capture_bound(value, arg.name)
            elif isinstance(value, TableState):  # (listed by its handle, as a lookup's)
                graph.capture_bound(value, arg.name, handle_for(value))
            elif isinstance(value, writer_ops.WriterResource):
                graph.capture_bound(value, arg.name, writer_ops.handle_of(value))

        def place(c: tuple) -> int:  # (a table's capture lists its handle: by its table)
            at = bound.get(id(c[0]))
            if at is None and type(c[0]) is EagerTensor and c[0]._dtype is dt.resource:
                at = bound.get(id(captured_table(c[0])))
            return len(args) if at is None else at

        graph.capture_list.sort(key=place)
        for arg, value in zip(fdef.signature.input_arg, args):
            ph = graph._resources.get(id(value)) if is_variable(value) else None
            if ph is not None:
                ph.name = arg.name
        resources = [a.name for a, r in zip(fdef.signature.output_arg, rets)
                     if a.type == _DT_RESOURCE and not (handles and is_variable(r)) and
                     not _graph_handle(r)]
        if out_structure is RETURNS_NONE and not outs:
            template: Any = None
        elif out_structure is None or out_structure is RETURNS_NONE:
            template = tuple(_Leaf(i) for i in range(len(outs)))
        else:
            flat = nest.flatten(out_structure)
            leaves, at = [], 0
            for s in flat:  # (a composite's spec stands for its component tensors)
                if s is None:  # (a None the function returned: no tensor stands for it)
                    leaves.append(None)
                elif isinstance(s, CompositeSpec):
                    n = len(s._component_specs)
                    leaves.append(_Rebuilt(s, [_Leaf(at + i) for i in range(n)]))
                    at += n
                else:
                    leaves.append(_Leaf(at))
                    at += 1
            if at != len(outs):
                raise InvalidArgumentError(None, None, f"Function {name} in {self.source} "
                                                       f"returns {len(outs)} tensors, its "
                                                       f"saved signature {at}")
            template = nest.pack_sequence_as(out_structure, leaves)
        cf = RestoredConcreteFunction(graph, template, name, input_signature,
                                      arg_keywords=arg_keywords)
        cf.take_variable_arguments(proxies)
        cf._output_signature = None if out_structure is RETURNS_NONE else out_structure
        if resources:
            cf._resource_outputs = f"function {name} of {self.source} returns resource " \
                                   f"handles ({', '.join(resources)})"
        self._cache[key] = cf
        return cf

    # -- one node -------------------------------------------------------------------------------
    def _node(self, nd: Any, env: dict, consts: dict) -> None:
        inputs, known = [], []
        for ref in nd.input:
            if ref.startswith("^"):
                continue
            key = _canonical(ref)
            inputs.append(env_get(env, key, self.source, nd.name))
            known.append(consts.get(key))
        if nd.op in self.fdefs:
            self._function_node(nd, inputs, env)
            return
        attrs = self.func_attrs(nd.op, {k: attr_value(v) for k, v in
                                        tf_ops.with_defaults(nd.op, nd.attr).items()
                                        if not k.startswith("_")})
        node = TFNode(nd, inputs, known, attrs)
        node.gradient_op_type = nd.attr["_gradient_op_type"].s.decode() \
            if "_gradient_op_type" in nd.attr else None
        try:
            outs, out_consts = self._outputs(node)
        except (InvalidArgumentError, NotFoundError):
            raise
        except (TypeError, ValueError) as e:
            raise InvalidArgumentError(None, None, f"Can't import node {nd.name} ({nd.op}) of "
                                                   f"{self.source}: {e}") from None
        names = tf_ops.output_names(nd.op, tf_ops.with_defaults(nd.op, nd.attr))
        if len(outs) != len(names):
            raise InvalidArgumentError(None, None, f"Node {nd.name} ({nd.op}) of {self.source}"
                                                   f" gave {len(outs)} outputs, TF's op has "
                                                   f"{len(names)}")
        env[(nd.name,)] = outs  # (as TF's graphs name them: "Split:1")
        for i, (n, t) in enumerate(zip(names, outs)):
            env[f"{nd.name}:{n}"] = t
            if out_consts is not None and out_consts[i] is not None:
                consts[f"{nd.name}:{n}"] = out_consts[i]

    def _function_node(self, nd: Any, inputs: list, env: dict) -> None:
        """A node whose op is a library function (TF's while-loop wrappers call their
        cond and body so): a call of it, its outputs named by the function's."""
        outs = self.call(nd.op, inputs)
        env[(nd.name,)] = outs
        for arg, t in zip(self.fdefs[nd.op].signature.output_arg, outs):
            env[f"{nd.name}:{arg.name}:0"] = t

    def func_attrs(self, op: str, attrs: dict) -> dict:
        """A node's attrs, a func attribute of an op that calls it itself as its library
        function."""
        form = getattr(REGISTRY.get(op), "tf", None)
        if form is None or not form.takes_funcs:
            return attrs
        kinds = {a.name: a.type for a in tf_ops.op_def(op).attr}
        return {k: self._function_attr(v, kinds.get(k)) for k, v in attrs.items()}

    def _function_attr(self, value: Any, kind: str | None) -> Any:
        """A func attribute's library function(s), for an op that calls them itself."""
        if kind == "func":
            return LibraryFunction(self, value)
        if kind == "list(func)":
            return tuple(LibraryFunction(self, v) for v in value)
        return value

    def _outputs(self, node: TFNode) -> tuple:
        """(outputs, their constant values or None)."""
        op, a, ins = node.op, node.attrs, node.inputs
        if op == "Const":
            value = a["value"]
            return [EagerTensor(value, a["dtype"])], [value]
        if op == "IdentityN" and node.gradient_op_type in self.gradients:
            return self._custom_gradient(node), None
        if op == "IdentityN" and node.gradient_op_type is not None:
            # a custom gradient not saved: differentiating it fails, as in TF
            return unsaved_gradient(list(ins), node.name, node.gradient_op_type), \
                list(node.consts)
        if op in ("Identity", "IdentityN"):
            return list(ins), list(node.consts)
        if op in ("NoOp", "DisableCopyOnRead"):
            return [], None
        if op in _HANDLE_OPS and ins and not is_bound(ins[0]):
            # a handle known when the function runs (its argument): the op on the handle
            return _as_list(run_op_node(node)), None
        if op == "ReadVariableOp":
            return [_variable(node).read_value()], None
        if op == "ResourceGather" and is_variable(ins[0]) and not a.get("batch_dims"):
            # the variable's rows, its gradient the variable's (IndexedSlices)
            return [resource_gather(ins[0], ins[1])], None
        if op in ("AssignVariableOp", "AssignAddVariableOp", "AssignSubVariableOp"):
            var = _variable(node)
            {"AssignVariableOp": var.assign, "AssignAddVariableOp": var.assign_add,
             "AssignSubVariableOp": var.assign_sub}[op](ins[1])
            return [], None
        if op == "ResourceStridedSliceAssign":  # `v[key].assign(x)`: through its tensor op
            var = _variable(node)
            masks = {k: a[k] for k in _MASKS}
            var.assign(bind(TENSOR_STRIDED_SLICE_UPDATE, (var._as_tensor(), *ins[1:]), masks))
            return [], None
        if op in ("PartitionedCall", "StatefulPartitionedCall"):
            return self.call(a["f"], ins), None
        if op == "RemoteCall":  # (a call on the one device there is: its target's)
            return self.call(a["f"], ins[1:]), None
        if op == "BatchFunction":  # (each call its own batch: see ops/batch_ops.py)
            return self.call(a["f"], ins)[:len(a["Tout"])], None
        if op in _PY_FUNCS:
            return raw_call(op, list(ins), a), None
        if op in ("If", "StatelessIf", "Case", "StatelessCase", "While", "StatelessWhile",
                  "For"):
            return import_control_flow(self, node), None
        if op == "SymbolicGradient":  # (its function: one of f's arguments' specs)
            f = self.concrete(a["f"], [Spec(x._shape, x._dtype) for x in ins[:len(a["Tout"])]],
                              handles=False)
            return symbolic_gradient(list(ins), {**a, "f": f}), None
        if ins and _foldable(op) and all(c is not None for c in node.consts):
            return _folded(node, run_op_node)  # constant inputs: computed now, once
        if "Targuments" in a and any(is_variable(x) for x in ins):
            # a dataset function's variable (a resource Targument): its handle, which the
            # function reads when it runs
            node.inputs = [x.handle if is_variable(x) else x for x in ins]
        return _as_list(run_op_node(node)), None

    def _custom_gradient(self, node: TFNode) -> list:
        """An IdentityN whose gradient is a library function (tf.custom_gradient, saved):
        that function takes a gradient per output and returns those of the node's last
        inputs (the custom function's arguments, then its variables). Arguments of it
        beyond the gradients are bound by the object graph: tensors of this function
        (those the gradient read) and variables."""
        fname = self.gradients[node.gradient_op_type]
        ins = node.inputs
        k = len(self.fdefs[fname].signature.output_arg)
        slots = _gradient_slots(self.gradient_outputs(fname), len(ins), k)
        n_res = slots[0] if slots else len(ins) - k
        if n_res < 0:
            raise node.fail(f"its gradient {fname} returns more gradients than it has inputs")
        slots = slots or list(range(n_res, len(ins)))
        n_args = len(self.fdefs[fname].signature.input_arg)
        bound = self.bindings(fname) if n_args > len(ins) else []
        if len(ins) + len(bound) != n_args:
            raise node.fail(f"its gradient {fname} takes {n_args} arguments; the node has "
                            f"{len(ins)} inputs and the object graph binds {len(bound)}")
        bound = [self._forward_tensor(b, node) if isinstance(b, CapturedTensor) else b
                 for b in bound]
        fed = [b for b in bound if not is_bound(b)]
        args = [x for x in ins[n_res:] if not is_variable(x)]
        variables = [x for x in ins[n_res:] if is_variable(x)]
        specs = [Spec(*_spec_of(x)) for x in ins] + [
            b if is_bound(b) else Spec(*_spec_of(b)) for b in bound]

        def grad_fn(*dys: Any, variables: Any = None) -> Any:
            # imported when first needed: a model whose gradient can't be imported still
            # runs forward
            check_library(self.library, [fname], self.source)
            grad = self.concrete(fname, specs)
            rest = [zeros(*_spec_of(x)) if is_variable(x) else zeros_like(x)
                    for x in ins[len(dys):]]
            by_input = dict(zip(slots, grad.call_flat_outputs(list(dys) + rest + fed)))
            out = [by_input.get(i) for i in range(n_res, len(ins))]
            tensor_grads = [g for g, x in zip(out, ins[n_res:]) if not is_variable(x)]
            if variables is None:
                return tensor_grads
            return tensor_grads, [g for g, x in zip(out, ins[n_res:]) if is_variable(x)]

        outs = bind_custom_gradient([_as_tensor(x) for x in ins[:n_res]], args, variables,
                                    grad_fn)
        return outs + [_as_tensor(x) for x in ins[n_res:]]

    def _forward_tensor(self, captured: CapturedTensor, node: TFNode) -> Any:
        """The tensor of the function being imported that a gradient function captures."""
        function, name = captured
        if not self._building or self._building[-1][0] != function:
            raise node.fail(f"its gradient captures {name} of function {function}, which is "
                            "not the function calling it")
        env = self._building[-1][1]
        op, _, index = name.rpartition(":")
        flat = env.get((op,))
        if flat is not None and index.isdigit() and int(index) < len(flat):
            return _as_tensor(flat[int(index)])
        if index == "0" and op in env:  # an argument of the function
            return env[op]
        raise node.fail(f"its gradient captures {name}, which function {function} lacks")

    def call(self, fname: str, ins: list) -> list:
        """Calls library function `fname` on `ins` (tensors, and variables for its resource
        arguments) while a graph is being built; returns its outputs."""
        tensors = [x for x in ins if not is_bound(x)]
        cf = self.concrete(fname, [x if is_bound(x) else Spec(x._shape, x._dtype)
                                   for x in ins])
        return list(cf.call_flat_outputs(tensors))


def _gradient_slots(tensors: list | None, n_inputs: int, n_outputs: int) -> list:
    """The IdentityN inputs a gradient function's outputs are the gradients of, where its
    saved results say so (a None for each input without one: the custom function's
    results lead, so the first input with a gradient is its first argument); [] where
    they don't (eagerflow's: the gradients of the last inputs)."""
    if tensors is None or len(tensors) != n_inputs or sum(tensors) != n_outputs or \
            not any(tensors) or all(tensors[n_inputs - n_outputs:]):
        return []  # (where the last inputs have them, as eagerflow's convention says)
    return [i for i, t in enumerate(tensors) if t]


def _as_list(out: Any) -> list:
    return list(out) if isinstance(out, (tuple, list)) else [out]


def _foldable(op: str) -> bool:
    """Ops computed at import when their inputs are constants: not random, not lists."""
    if op in REGISTRY and REGISTRY[op].stateful:
        return False
    opdef = tf_ops.op_def(op)
    return not opdef.is_stateful and all(
        a.type not in (dt.variant.as_datatype_enum, dt.resource.as_datatype_enum)
        for a in opdef.output_arg)


def _folded(node: TFNode, run: Any) -> tuple:
    """A node whose inputs are all constants, run eagerly (the registry's kernels) at
    import: its outputs are constants of the graph, and known to the nodes after it."""
    with eager_scope():
        eager = TFNode.__new__(TFNode)
        eager.__dict__.update(node.__dict__)
        eager.inputs = [EagerTensor(c, t.dtype) for c, t in zip(node.consts, node.inputs)]
        outs = _as_list(run(eager))
    return outs, [to_host(o._arr) for o in outs]


def _canonical(ref: str) -> str:
    """A node input as env's key: "x" (an argument), "node:arg:i" (an output)."""
    return ref


def env_get(env: dict, ref: str, source: str, where: str) -> Any:
    hit = env.get(ref)
    if hit is None:
        raise InvalidArgumentError(None, None, f"Node {where} of {source} reads {ref}, which "
                                               "no node or argument produces")
    return hit


def _graph_handle(x: Any) -> bool:
    """A resource tensor the graph computed (an iterator's handle), not a bound object."""
    return isinstance(x, Tensor) and not isinstance(x, EagerTensor) and \
        x._dtype is dt.resource


def is_bound(x: Any) -> bool:
    """A resource argument: bound to its variable or lookup table, never a placeholder."""
    return is_variable(x) or isinstance(x, HeldResource)


def _spec_of(x: Any) -> tuple:
    """(shape, dtype) of a tensor or of a variable's value."""
    return (x.shape._dims, x.dtype) if is_variable(x) else (x._shape, x._dtype)


def _as_tensor(x: Any) -> Any:
    if is_variable(x):
        return x.read_value()
    return x


def _variable(node: TFNode) -> Any:
    v = node.inputs[0]
    if not is_variable(v):
        raise node.fail("its resource input is not a variable of the SavedModel")
    return v


def _topological(fdef: Any, source: str) -> list:
    """The function's nodes in an order where each follows its data and control inputs
    (TF's FunctionDefs list them in any order); stable otherwise."""
    nodes = list(fdef.node_def)
    order = node_order(nodes)
    if len(order) != len(nodes):
        raise InvalidArgumentError(None, None, f"Function {fdef.signature.name} of {source} "
                                               "has a cycle among its nodes")
    return order


def ready_order(deps: list) -> list:
    """Positions 0..n-1 in an order where each follows those in its set `deps[i]`, the
    earliest first where several are ready; those in a cycle (and after one) are left
    out (so a shorter result means a cycle)."""
    users: list = [[] for _ in deps]
    waiting = []
    for i, d in enumerate(deps):
        waiting.append(len(d))
        for j in d:
            users[j].append(i)
    ready = [i for i, w in enumerate(waiting) if w == 0]
    heapq.heapify(ready)
    order = []
    while ready:
        i = heapq.heappop(ready)
        order.append(i)
        for u in users[i]:
            waiting[u] -= 1
            if waiting[u] == 0:
                heapq.heappush(ready, u)
    return order


def node_order(nodes: list) -> list:
    """NodeDefs in an order where each follows its data and control inputs (names not among
    the nodes, a function's arguments, are no dependency), the earliest listed first where
    several are ready; those in a cycle (and after one) are left out."""
    index = {nd.name: i for i, nd in enumerate(nodes)}
    deps = [{index[base] for ref in nd.input
             if (base := ref[1:] if ref.startswith("^") else ref.split(":")[0]) in index}
            for nd in nodes]
    return [nodes[i] for i in ready_order(deps)]


def arg_specs_of(structure: Any) -> list:
    """A Spec of each TensorSpec in a saved input signature, flattened as TF flattens it."""
    out = []
    for s in nest.flatten(structure):
        if isinstance(s, VariableSpec):
            out.append(VariableArg(s))
        elif is_tensor_spec(s):
            out.append(Spec(s.shape._dims, s.dtype))
        elif isinstance(s, CompositeSpec):  # (its component tensors, in TF's order)
            out += [Spec(c.shape._dims, c.dtype) for c in s._component_specs]
        elif is_iterator_spec(s):  # (an iterator argument: its resource)
            out.append(Spec((), dt.resource))
    return out



# -- control flow: TF's If and While as tf.cond and tf.while_loop ---------------------------
#
# The branches, condition and body are library functions, imported as concrete functions
# with their resource arguments bound to the variables the node is given; the node becomes
# eagerflow's own cond / while_loop calling them, so it runs, and differentiates, as a
# traced tf.cond or tf.while_loop does. A While's resource loop variables (TF carries
# captured variables through the loop) stay bound: the body hands them back unchanged.

def import_control_flow(importer: Any, node: Any) -> list:
    if node.op in ("If", "StatelessIf"):
        return _if(importer, node)
    if node.op in ("Case", "StatelessCase"):
        return _case(importer, node)
    if node.op == "For":
        return _for(importer, node)
    return _while(importer, node)


def truth(pred: Any) -> Any:
    """TF's If kernel's reading of its condition: a scalar's value (a string: whether it is
    non-empty), a non-scalar's having any elements (one of unknown rank: as cond reads it)."""
    if pred.shape.rank not in (0, None):
        return not_equal(size(pred), 0)
    if pred._dtype is dt.bool:
        return pred
    if pred._dtype is dt.string:
        return not_equal(length(pred), 0)
    return not_equal(pred, cast(0, pred._dtype))


def _if(importer: Any, node: Any) -> list:
    pred, ins = truth(node.inputs[0]), node.inputs[1:]
    args = [x if is_bound(x) else Spec(x._shape, x._dtype) for x in ins]
    tensors = [x for x in ins if not is_bound(x)]
    then_cf = importer.concrete(node.attrs["then_branch"], args, handles=False)
    else_cf = importer.concrete(node.attrs["else_branch"], args, handles=False)
    n = len(node.attrs["Tout"])
    if n == 0:
        cond(pred, lambda: then_cf._call_flat(tensors) and None,
             lambda: else_cf._call_flat(tensors) and None)
        return []
    out = cond(pred, lambda: list(then_cf.call_flat_outputs(tensors)),
               lambda: list(else_cf.call_flat_outputs(tensors)))
    return list(out)


def _case(importer: Any, node: Any) -> list:
    """A Case as tf.switch_case over its branch functions (an index out of range runs the
    last one, as TF's kernel)."""
    index, ins = node.inputs[0], node.inputs[1:]
    args = [x if is_bound(x) else Spec(x._shape, x._dtype) for x in ins]
    tensors = [x for x in ins if not is_bound(x)]
    cfs = [importer.concrete(name, args, handles=False) for name in node.attrs["branches"]]
    if not node.attrs["Tout"]:
        switch_case(index, [lambda cf=cf: cf._call_flat(tensors) and None for cf in cfs])
        return []
    return list(switch_case(index, [lambda cf=cf: list(cf.call_flat_outputs(tensors))
                                     for cf in cfs]))


def _for(importer: Any, node: Any) -> list:
    """A For as a while_loop counting from `start` by `delta` while short of `limit` (past
    it, for a negative delta), the body taking the count and the values; TF's shapes of
    the values are unknown."""
    start, limit, delta = node.inputs[:3]
    ins = list(node.inputs[3:])
    body_cf = importer.concrete(node.attrs["body"], [Spec((), dt.int32)] +
                                [Spec(None, x._dtype) for x in ins], handles=False)

    def going(i: Any, *vs: Any) -> Any:
        return ((delta > 0) & (i < limit)) | ((delta < 0) & (i > limit))

    def step(i: Any, *vs: Any) -> list:
        return [i + delta, *body_cf.call_flat_outputs([i, *vs])]

    res = while_loop(going, step, [start, *ins], shape_invariants=[
        TensorShape([]), *(TensorShape(None) for _ in ins)])
    return list(res)[1:]


def _while(importer: Any, node: Any) -> list:
    ins = list(node.inputs)
    carried = [i for i, x in enumerate(ins) if not is_bound(x)]
    args = [x if is_bound(x) else Spec(x._shape, x._dtype) for x in ins]
    shapes = node.attrs.get("output_shapes") or ()
    invariants = [TensorShape(shapes[i]) if i < len(shapes) else TensorShape(ins[i].shape)
                  for i in carried]
    # loosen the inputs to the invariants, so the functions are traced for any iteration
    args = [Spec(invariants[carried.index(i)]._dims, a.dtype) if isinstance(a, Spec) else a
            for i, a in enumerate(args)]
    cond_cf = importer.concrete(node.attrs["cond"], args, handles=False)
    body_cf = importer.concrete(node.attrs["body"], args, handles=False)

    def c(*vs: Any) -> Any:
        return cond_cf.call_flat_outputs(list(vs))[0]

    def b(*vs: Any) -> list:
        out = body_cf.call_flat_outputs(list(vs))
        return [out[i] for i in carried]

    res = while_loop(c, b, [ins[i] for i in carried], shape_invariants=invariants)
    res = list(res) if isinstance(res, (list, tuple)) else [res]
    out: list = list(ins)
    for k, i in enumerate(carried):
        out[i] = res[k]
    return out
