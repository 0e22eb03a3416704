"""The ops on variable handles that tf.raw_ops runs: VarHandleOp, VarIsInitializedOp,
DestroyResourceOp, Assign{,Add,Sub}VariableOp, ResourceCountUpTo, VariableShape and
DisableCopyOnRead (ReadVariableOp is variables.py's READ).

Sits in ops/ over variables.py; loaded on first use (op_index.py lists it). A handle is a
scalar tensor of dtype resource holding a core/resource.py ResourceHandle: a variable's
own (`v.handle`: TF 2's anonymous, reference-counted handle, which names the variable
itself, so DestroyResourceOp leaves it be), or VarHandleOp's, which names a variable kept
by container and shared name in core/resource.py's RESOURCES (made by its first
AssignVariableOp, removed by DestroyResourceOp), as TF's ResourceMgr keeps them.

Each op's `tf.load` is what a raw call runs (saved_model/raw_ops.py hands it the node):
eagerly the op itself through `bind` (its kernel works on the handle's array); while a
function is traced, a handle that names a variable becomes that variable's read or write
in the graph (graph/var_reads.py), so the function captures the variable as any other.
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any

import numpy as np

from eagerflow._src.backend import to_host
from eagerflow._src.core import device as D
from eagerflow._src.core import dtypes as dt
from eagerflow._src.core.context import _state
from eagerflow._src.core.errors import (
    InvalidArgumentError,
    NotFoundError,
    OutOfRangeError,
    shape_str,
)
from eagerflow._src.core.py_conversion import object_scalar
from eagerflow._src.core.resource import RESOURCES, HeldResource, ResourceHandle
from eagerflow._src.core.tensor import EagerTensor, Tensor, convert_to_tensor
from eagerflow._src.ops.attr_values import int_attr
from eagerflow._src.ops.checks import dtype_word, fail, wrong_input_dtype
from eagerflow._src.ops.dispatch import bind, bind_at
from eagerflow._src.ops.registry import BadSample, OpDef, Resource, Sample, TFForm, register
from eagerflow._src.ops.variables import (
    NO_ARITHMETIC,
    ResourceVariable,
    check_handle,
    handle_variable,
    held_handle,
    no_update_kernel,
    variable_of,
)

_VAR_KIND = "tensorflow::Var"



def _held(arr: Any) -> ResourceHandle:
    return arr[()]


def _target(held: ResourceHandle) -> Any:
    return held.target if held.target is not None else \
        RESOURCES.lookup(held.container, held.name)


# -- VarHandleOp ------------------------------------------------------------------------
def _handle_kernel(xp: Any, *, container: str = "", shared_name: str = "", dtype: Any = None,
                   shape: Any = None, allowed_devices: Any = ()) -> np.ndarray:
    dims = None if shape is None else tuple(None if d is None or d < 0 else int(d)
                                            for d in shape)
    # (the handle names the device its scope places the op on, a GPU by default where there
    # is one, as TF's GPU kernel of the op does; the handle itself is host data)
    device = D.resolve(D.current_device_spec()).canonical
    return object_scalar(ResourceHandle(shared_name, device, container or "localhost",
                                         _VAR_KIND, ((dt.as_dtype(dtype), dims),)))


def _handle_load(node: Any) -> list:
    a = node.attrs
    attrs = {k: a[k] for k in ("container", "shared_name", "dtype", "shape")}
    return [bind(VAR_HANDLE, (), attrs)]


def _handle_reference(*, container: str = "", shared_name: str = "", dtype: Any = None,
                      shape: Any = None, **_attrs: Any) -> str:
    """The handle as TF 2.21 prints it (a tensor naming a resource, not the resource)."""
    dims = "<unknown>" if shape is None else \
        "[" + ",".join("?" if d is None or d < 0 else str(d) for d in shape) + "]"
    return (f'<ResourceHandle(name="{shared_name}", device="{_state.device}", container='
            f'"{container or "localhost"}", type="tensorflow::Var", dtype and shapes : '
            f'"[ DType enum: {dt.as_dtype(dtype).as_datatype_enum}, Shape: {dims} ]")>')


VAR_HANDLE = register(OpDef(
    "VarHandleOp", lambda **attrs: [((), dt.resource)], _handle_kernel, stateful=True,
    reference=_handle_reference,
    samples=lambda: [
        Sample((), {"container": "", "shared_name": "abc", "dtype": dt.float32,
                    "shape": (2, 3)}),
        Sample((), {"container": "c1", "shared_name": "", "dtype": dt.int64, "shape": (-1,)})],
    gpu=False, tf=TFForm(load=_handle_load, takes_handles=True),
))


def _resource_samples() -> list:
    """A live variable of each kind the ops on handles see."""
    return [Sample((Resource(np.arange(6.0).reshape(2, 3)),), {}),
            Sample((Resource(np.array(1.5, np.float32)),), {}),
            Sample((Resource(np.array([3, 4], np.int32)),), {})]


def _not_a_handle(op: str, *rest: Any, **attrs: Any) -> list:
    """A float tensor where `op` takes a handle (`rest`: its other inputs)."""
    return [BadSample((np.ones(2, np.float32), *rest), attrs, InvalidArgumentError,
                      f"cannot compute {op} as input #0(zero-based) was expected to be a "
                      f"resource tensor but is a float tensor")]


def _handle_only(op: str) -> Any:
    """The infer of an op on one handle (VarIsInitializedOp's answer, the other's none)."""
    def infer(h: Any, **_attrs: Any) -> list:
        check_handle(op, 0, h)
        return [((), dt.bool)] if op == "VarIsInitializedOp" else []
    return infer


# -- VarIsInitializedOp -----------------------------------------------------------------
def _is_initialized_kernel(xp: Any, h: Any) -> np.ndarray:
    return np.array(_target(_held(h)) is not None)


def _is_initialized_load(node: Any) -> list:
    h = node.inputs[0]
    if _state.graph is not None and held_handle(h) is not None:
        # (traced: whether it is initialized is known now, as the handle is)
        return [convert_to_tensor(variable_of(h) is not None)]
    return [bind(IS_INITIALIZED, (h,), {})]


IS_INITIALIZED = register(OpDef(
    "VarIsInitializedOp", _handle_only("VarIsInitializedOp"), _is_initialized_kernel,
    stateful=True, reference=lambda v: (np.array(True), v), samples=_resource_samples,
    bad_samples=lambda: _not_a_handle("VarIsInitializedOp"),
    gpu=False, tf=TFForm(load=_is_initialized_load, takes_handles=True),
))


# -- DestroyResourceOp ------------------------------------------------------------------
def _destroy_kernel(xp: Any, h: Any, *, ignore_lookup_error: bool = True) -> tuple:
    held = _held(h)
    if held.target is not None:
        return ()  # a variable's own handle: the variable lives while it is referred to
    why = RESOURCES.delete(held.container, held.name)
    if why is not None and not ignore_lookup_error:
        raise NotFoundError(None, None, f"{why} [Op:DestroyResourceOp]")
    return ()


def _destroy_load(node: Any) -> list:
    if isinstance(node.inputs[0], HeldResource):
        return []  # (a SavedModel's table or writer, taken by reference: it lives while used)
    bind(DESTROY, (node.inputs[0],),
         {"ignore_lookup_error": node.attrs["ignore_lookup_error"]})
    return []


DESTROY = register(OpDef(
    # (a variable's own handle: the variable stays, as in TF)
    "DestroyResourceOp", _handle_only("DestroyResourceOp"), _destroy_kernel, num_outputs=0,
    reference=lambda v, **attrs: (v,),
    samples=lambda: [Sample(s.inputs, {"ignore_lookup_error": flag})
                     for s, flag in zip(_resource_samples(), (True, False, True))],
    bad_samples=lambda: _not_a_handle("DestroyResourceOp", ignore_lookup_error=True),
    stateful=True, gpu=False, tf=TFForm(load=_destroy_load, takes_handles=True),
))


# -- Assign{,Add,Sub}VariableOp ---------------------------------------------------------
def _check_assign(op: str, var: Any, value: Any, mode: str, validate_shape: bool) -> None:
    """TF's kernels' refusals of an assignment of `value` to `var`."""
    have = var._arr.shape if mode != "set" else None
    if mode != "set" and tuple(value.shape) != tuple(have):
        raise InvalidArgumentError(
            None, None, f"Cannot update variable with shape {shape_str(have)} using a Tensor "
                        f"with shape {shape_str(value.shape)}, shapes must be equal. [Op:{op}]")
    if value.dtype is not var._dtype:
        msg = "DType of variable handle and value does not match." if mode != "set" else \
            f"Trying to assign variable with wrong dtype. Expected {dtype_word(var._dtype)} " \
            f"got {dtype_word(value.dtype)}"
        raise InvalidArgumentError(None, None, f"{msg} [Op:{op}]")
    if mode == "set" and validate_shape and tuple(value.shape) != tuple(var._arr.shape):
        raise InvalidArgumentError(
            None, None, f"Trying to assign to variable with tensor with wrong shape. Expected "
                        f"{shape_str(var._arr.shape)} got {shape_str(value.shape)} [Op:{op}]")


def _assign_kernel(op: str, mode: str) -> Any:
    def kernel(xp: Any, h: Any, value: Any, *, dtype: Any,
               validate_shape: bool = False) -> tuple:
        held = _held(h)
        var = _target(held)
        if var is None and mode == "set":
            # the first assignment makes the variable, of the value's dtype and shape (on
            # the device the op runs on: the handle's)
            t = EagerTensor(value, dt.as_dtype(dtype))
            var = ResourceVariable(t, name=held.name or "Variable", trainable=False)
            RESOURCES.create(held.container, held.name, var)
            return ()
        var = handle_variable(EagerTensor(h, dt.resource), op)
        # (TF's kernel runs where the variable lives: a value from elsewhere is copied
        # there once, and the variable's array never leaves it)
        t = EagerTensor(D.to_device(value, D.lookup(var._device)), dt.as_dtype(dtype),
                        var._device)
        _check_assign(op, var, t, mode, validate_shape)
        var._write(t, mode)
        return ()
    return kernel


def resource_device(h: Any) -> str:
    """The device of the resource handle `h` names (its variable's, or for a handle of
    none yet the device it was made on): where TF runs an op taking it."""
    held = held_handle(h)
    var = _target(held)
    return getattr(var, "_device", None) or held.device


def _assign_load(mode: str) -> Any:
    def load(node: Any) -> list:
        h, value = node.inputs
        var = variable_of(h)
        graph = _state.graph
        if graph is not None and hasattr(graph, "assign_variable") and var is not None:
            graph.assign_variable(var, value, mode)  # traced: the variable's own write
            return []
        attrs = {"dtype": node.attrs["dtype"],
                 "validate_shape": node.attrs.get("validate_shape", False)}
        if graph is None and held_handle(h) is not None:
            bind_at(resource_device(h), _ASSIGN[mode], (h, value), attrs)
        else:
            bind(_ASSIGN[mode], (h, value), attrs)
        return []
    return load


def _assign_infer(op: str) -> Any:
    def infer(h: Any, value: Any, dtype: Any = None, **_attrs: Any) -> list:
        check_handle(op, 0, h)
        if dtype is not None and dt.as_dtype(dtype) is not value._dtype:
            # (`dtype` is the value's own type attr: TF's wrapper reads it from the value)
            raise wrong_input_dtype(op, 1, dt.as_dtype(dtype), value._dtype)
        if op != "AssignVariableOp" and value._dtype in NO_ARITHMETIC:
            raise no_update_kernel(op, value._dtype)
        return []
    return infer


_ASSIGN_REFERENCE = {"set": lambda v, value, **a: (value,),
                     "add": lambda v, value, **a: (v + value,),
                     "sub": lambda v, value, **a: (v - value,)}


def _assign_samples(mode: str) -> Any:
    def samples() -> list:
        x = np.linspace(-2.0, 3.0, 6).reshape(2, 3)
        out = [Sample((Resource(x), x[::-1] * 0.5), {"dtype": dt.float64}),
               Sample((Resource(np.array([5, -1], np.int32)), np.array([2, 7], np.int32)),
                      {"dtype": dt.int32}),
               Sample((Resource(np.array(1.25, np.float32)), np.array(-3.0, np.float32)),
                      {"dtype": dt.float32})]
        if mode == "set":  # (without validate_shape, TF takes a value of another shape)
            out += [Sample((Resource(x), x[:1] + 1.0), {"dtype": dt.float64}),
                    Sample((Resource(x), x * 2.0), {"dtype": dt.float64,
                                                    "validate_shape": True})]
        return out
    return samples


def _assign_bad_samples(op: str, mode: str) -> Any:
    def bad() -> list:
        v = Resource(np.ones(2))
        out = _not_a_handle(op, np.ones(2, np.float32), dtype=dt.float32)
        if mode == "set":
            return out + [
                BadSample((v, np.ones(2, np.float32)), {"dtype": dt.float32},
                          InvalidArgumentError, "Trying to assign variable with wrong dtype. "
                                                "Expected double got float"),
                BadSample((v, np.ones(3)), {"dtype": dt.float64, "validate_shape": True},
                          InvalidArgumentError, "Trying to assign to variable with tensor "
                                                "with wrong shape. Expected [2] got [3]")]
        return out + [
            BadSample((v, np.ones(3)), {"dtype": dt.float64}, InvalidArgumentError,
                      "Cannot update variable with shape [2] using a Tensor with shape [3], "
                      "shapes must be equal."),
            BadSample((v, np.ones(2, np.float32)), {"dtype": dt.float32}, InvalidArgumentError,
                      "DType of variable handle and value does not match.")]
    return bad


_ASSIGN = {mode: register(OpDef(
    name, _assign_infer(name), _assign_kernel(name, mode), num_outputs=0,
    reference=_ASSIGN_REFERENCE[mode], samples=_assign_samples(mode),
    bad_samples=_assign_bad_samples(name, mode),
    stateful=True, tf=TFForm(load=_assign_load(mode), takes_handles=True),
)) for mode, name in (("set", "AssignVariableOp"), ("add", "AssignAddVariableOp"),
                      ("sub", "AssignSubVariableOp"))}


# -- ResourceCountUpTo, VariableShape, DisableCopyOnRead ----------------------------------
def _variable(op: str, h: Any) -> Any:
    """The variable a handle input names: the handle's array eagerly, the variable itself
    in a graph (whose nodes take their variables as inputs)."""
    if isinstance(h, np.ndarray):
        return handle_variable(EagerTensor(h, dt.resource), op)
    return h


def on_variable(op: OpDef, var: Any, attrs: dict, name: str | None = None) -> Any:
    """`op` run on variable `var`'s handle (its only input): eagerly where it lives; in a
    graph as a node taking the variable (a function's capture of it named as TF's)."""
    graph = _state.graph
    if graph is None:
        return bind_at(var._device, op, (var.handle,), attrs, name)
    graph.variable_map.setdefault(id(var), var)
    out = graph.add_op(op, (var,), attrs, name)
    if getattr(graph, "building_function", False):
        graph._capture_resource(var, graph.operations[-1], "resource")
    return out[0] if out else graph.operations[-1]


def _handle_infer(op: str, out: Any) -> Any:
    def infer(h: Any, **attrs: Any) -> list:
        if isinstance(h, Tensor):
            check_handle(op, 0, h)
        return out(h, **attrs)
    return infer


def _check_count_type(T: Any, tail: str = "") -> None:
    """TF's refusal of a T ResourceCountUpTo has no kernel for."""
    if T not in (dt.int32, dt.int64):
        raise InvalidArgumentError(None, None, (
            f"Value for attr 'T' of {dtype_word(T)} is not in the list of allowed "
            "values: int32, int64\n\t; NodeDef: {{node ResourceCountUpTo}}; "
            "Op<name=ResourceCountUpTo; signature=resource:resource -> output:T; "
            "attr=limit:int; attr=T:type,allowed=[DT_INT32, DT_INT64]; is_stateful=true> "
            f"[Op:ResourceCountUpTo]{tail}"))


def _count_infer(h: Any, *, limit: int, T: Any) -> list:
    int_attr("ResourceCountUpTo", limit, "limit", 64)
    _check_count_type(dt.as_dtype(T))
    return [((), dt.as_dtype(T))]


def _count_up_to_kernel(xp: Any, h: Any, *, limit: int, T: Any) -> Any:
    var = _variable("ResourceCountUpTo", h)
    have = dt.as_dtype(var.dtype).base_dtype
    if have is not dt.as_dtype(T):
        raise fail("ResourceCountUpTo", f"Type mismatch: actual {have.name} vs. expect "
                                        f"{dt.as_dtype(T).name}")
    old = np.asarray(to_host(var._arr))
    if old.ndim:
        raise fail("ResourceCountUpTo", f"input is not a scalar: {shape_str(old.shape)}")
    if old >= limit:
        raise OutOfRangeError(None, None, f"Reached limit of {limit} [Op:ResourceCountUpTo]")
    var._arr = D.to_device(old + np.ones((), old.dtype), D.lookup(var._device))
    return old.copy()


def _handle_load(op: Any, attrs: tuple) -> Any:
    """The raw op's call: a traced handle naming a variable becomes the node on it."""
    def load(node: Any) -> list:
        h = node.inputs[0]
        given = {k: node.attrs[k] for k in attrs if k in node.attrs}
        var = variable_of(h)
        if var is not None:
            out = on_variable(REGISTRY_OPS[op], var, given)
        else:
            out = bind(REGISTRY_OPS[op], (h,), given)
        return [out] if isinstance(out, Tensor) else []
    return load


def _handle_export(op: str) -> Any:
    """The node of a graph's op on a variable (its input) as TF's, on the handle."""
    def export(node: Any, w: Any) -> list:
        return w.node(op, [w.resource(node.inputs[0])], dict(node.attrs), name=node.name)
    return export


def count_up_to(var: Any, limit: int, name: str | None = None) -> Any:
    """TF's ResourceCountUpTo of `var`: its value, then `var` incremented by one
    (OutOfRangeError once the value is `limit`)."""
    T = dt.as_dtype(var.dtype).base_dtype
    if _state.graph is None:
        _check_count_type(T, " name: ")
    op = COUNT_UP_TO
    if getattr(var, "_ref_nodes", False):  # (a TF 1 reference variable: its CountUpTo)
        if T not in (dt.int32, dt.int64):  # (TF's op signature's refusal)
            raise TypeError(f"Value passed to parameter 'ref' has DataType {T.name} not in "
                            "list of allowed values: int32, int64")
        op = REF_COUNT_UP_TO
    return on_variable(op, var, {"limit": int(limit), "T": T}, name)


def _count_samples() -> list:
    return [Sample((Resource(np.array(1, np.int32)),), {"limit": 3, "T": dt.int32}),
            Sample((Resource(np.array(-4, np.int64)),), {"limit": 0, "T": dt.int64})]


def _count_bad_samples() -> list:
    return [BadSample((Resource(np.array(3, np.int32)),), {"limit": 3, "T": dt.int32},
                      OutOfRangeError, "Reached limit of 3"),
            BadSample((Resource(np.array(1, np.int32)),), {"limit": 3, "T": dt.int64},
                      InvalidArgumentError, "Type mismatch: actual int32 vs. expect int64"),
            BadSample((Resource(np.array([1, 2, 3], np.int32)),), {"limit": 3, "T": dt.int32},
                      InvalidArgumentError, "input is not a scalar: [3]"),
            *_not_a_handle("ResourceCountUpTo", limit=3, T=dt.int32)]


COUNT_UP_TO = register(OpDef(
    "ResourceCountUpTo", _handle_infer("ResourceCountUpTo", _count_infer),
    _count_up_to_kernel, stateful=True, no_fold=True,
    reference=lambda v, limit, T: (v.copy(), v + np.ones((), v.dtype)),
    samples=_count_samples, bad_samples=_count_bad_samples, gpu=False,
    tf=TFForm(load=_handle_load("ResourceCountUpTo", ("limit", "T")), takes_handles=True,
              export=_handle_export("ResourceCountUpTo")),
))


# TF 1's CountUpTo of a reference variable: the same node on the variable (its old value
# the output, not a reference)
REF_COUNT_UP_TO = replace(COUNT_UP_TO, name="CountUpTo", reference=None, samples=(),
                          bad_samples=(), tf=TFForm(export=_handle_export("CountUpTo")))


def _shape_kernel(xp: Any, h: Any, *, out_type: Any = dt.int32) -> Any:
    var = _variable("VariableShape", h)
    return np.array(var._arr.shape, dt.as_dtype(out_type).as_numpy_dtype)


def _shape_infer(h: Any, out_type: Any = dt.int32, **_attrs: Any) -> list:
    var = variable_of(h) if isinstance(h, Tensor) else h
    rank = None if var is None else var.shape.rank
    return [((rank,), dt.as_dtype(out_type))]


VARIABLE_SHAPE = register(OpDef(
    "VariableShape", _handle_infer("VariableShape", _shape_infer),
    _shape_kernel, stateful=True, no_fold=True,
    reference=lambda v, out_type=dt.int32: (np.array(v.shape, out_type.as_numpy_dtype), v),
    samples=lambda: [Sample(s.inputs, {"out_type": t}) for s, t in
                     zip(_resource_samples(), (dt.int32, dt.int64, dt.int32))],
    bad_samples=lambda: _not_a_handle("VariableShape", out_type=dt.int32), gpu=False,
    tf=TFForm(load=_handle_load("VariableShape", ("out_type",)), takes_handles=True,
              export=_handle_export("VariableShape")),
))


def _no_copy_kernel(xp: Any, h: Any) -> tuple:
    _variable("DisableCopyOnRead", h)  # (eagerflow's reads never copy: a handle's check)
    return ()


DISABLE_COPY_ON_READ = register(OpDef(
    "DisableCopyOnRead", _handle_infer("DisableCopyOnRead", lambda h: []), _no_copy_kernel,
    num_outputs=0, stateful=True, no_fold=True, reference=lambda v: (v,), samples=_resource_samples,
    bad_samples=lambda: _not_a_handle("DisableCopyOnRead"), gpu=False,
    tf=TFForm(load=_handle_load("DisableCopyOnRead", ()), takes_handles=True,
              export=_handle_export("DisableCopyOnRead")),
))

REGISTRY_OPS = {op.name: op for op in (COUNT_UP_TO, VARIABLE_SHAPE, DISABLE_COPY_ON_READ)}
