"""A trace's inputs and outputs, for tf.function (polymorphic.py) and wrap_function:
the placeholders made for the arguments (relaxed shapes, composite components, specs of
an input signature) and the template that rebuilds the traced function's result from
its graph's flat outputs.
"""

from __future__ import annotations

import weakref
from collections.abc import Callable
from typing import Any

import numpy as np

from eagerflow._src.core import dtypes as dt
from eagerflow._src.core import nest, promotion
from eagerflow._src.core.composite import CompositeSpec, CompositeTensor
from eagerflow._src.core.lazy import lazy_module
from eagerflow._src.core.name_scope import is_op_name
from eagerflow._src.core.shape import TensorShape
from eagerflow._src.core.tensor import Tensor, convert_to_tensor, converts_as_array, make_weak
from eagerflow._src.core.tensor_spec import TensorSpec, VariableSpec, is_tensor_spec
from eagerflow._src.core.trackable import TrackedDict
from eagerflow._src.function import function_type as ftype
from eagerflow._src.function.signature import (
    _SpecComposite,
    _SpecTensor,
    composite_parts,
    is_iterator_argument,
    is_iterator_spec,
    is_per_replica,
    iterator_resources,
    mirrored_tensor,
    per_replica_parts,
)
from eagerflow._src.function.variable_args import (
    SpecVariable,
    is_variable,
    is_variable_argument,
    stand_in,
    variable_spec,
)
from eagerflow._src.graph.ir import FuncGraph
from eagerflow._src.ops.checks import no_attribute
from eagerflow._src.ops.math_base import identity
from eagerflow._src.ops.variables import held_handle

# (the compiler's side, loaded on the first trace as polymorphic.py loads it)
concrete = lazy_module("eagerflow._src.function.concrete")


def _as_spec_value(value: Any, spec: Any, fail: Callable) -> Any:
    if is_variable(value):
        # a variable for a TensorSpec is its value, read now (a tape sees the read), and
        # the function's placeholder as any tensor's, as in TF
        if value.dtype != spec.dtype:
            raise fail(f"Incompatible type conversion requested to type {spec.dtype.name} for "
                       f"`tf.Variable of type {value.dtype.name}. (Variable: {value!r})")
        return convert_to_tensor(value)
    if isinstance(value, CompositeTensor) and hasattr(value, "flat_values"):
        # (a RaggedTensor for a TensorSpec: TF's reason is its conversion's failure)
        raise fail(f"TypeError: object of type '{type(value).__name__}' has no len()\n")
    try:
        return convert_to_tensor(value, dtype=spec.dtype)
    except (TypeError, ValueError) as e:  # (TF's reason: the conversion's own error)
        raise fail(str(e)) from None


def _spec_placeholder(x: Any) -> Any:
    if isinstance(x, VariableSpec):
        return SpecVariable(x)
    if is_tensor_spec(x):
        return _SpecTensor(x)
    if isinstance(x, CompositeSpec):
        return _SpecComposite(x)
    if isinstance(x, tuple) and hasattr(x, "_fields"):  # a namedtuple: its fields by position
        return type(x)(*(_spec_placeholder(v) for v in x))
    if isinstance(x, (list, tuple)):
        return type(x)(_spec_placeholder(v) for v in x)
    if isinstance(x, dict):
        return {k: _spec_placeholder(v) for k, v in x.items()}
    return x


def _composite_specs(values: Any) -> list:
    """The specs of the composite values (or composite specs) in `values`, in order."""
    return [v.spec if isinstance(v, _SpecComposite) else
            v._type_spec if isinstance(v, CompositeTensor) else v
            for v in nest.flatten(list(values))
            if isinstance(v, (CompositeTensor, _SpecComposite, CompositeSpec))]


def _iterator_specs(values: Any) -> list:
    """The IteratorSpecs of the iterator arguments in `values`, in order."""
    return [v._type_spec for v in nest.flatten(list(values)) if is_iterator_argument(v)]


def _iterator_fits(given: Any, traced: Any) -> bool:
    """Whether a trace for IteratorSpec `traced` takes an iterator of spec `given`: the
    same, or `traced` is its supertype (TF's lookup of a trace by a call's types)."""
    return given == traced or given._common(traced) == traced


def _spec_fits(given: Any, traced: Any) -> bool:
    """Whether a trace for the composite spec `traced` takes a value of spec `given`."""
    shape, want = getattr(given, "shape", None), getattr(traced, "shape", None)
    if shape is None and want is None and hasattr(given, "_element_spec"):
        # a spec of no shape, given by its value's (an OptionalSpec): its own trace only
        return given == traced
    return shape is None or want is None or shape.is_subtype_of(want)


def _shape_fits(shape: Any, spec: Any) -> bool:
    if spec is None:
        return True
    if shape is None or len(shape) != len(spec):
        return False
    return all(b is None or a == b for a, b in zip(shape, spec))


def _flat_shape(t: Any) -> tuple | None:
    """The shape of a call's flat input as a tuple (None: unknown rank): a tensor's, or a
    variable argument's (whose `_shape` is a TensorShape)."""
    shape = t._shape
    return shape._dims if isinstance(shape, TensorShape) else shape


def _placeholders(graph: FuncGraph, name: str, value: Any, shapes: Any, flat_specs: list,
                  path: str = "", weak: bool = True) -> tuple:
    """(value with tensors replaced by placeholders, value with TensorSpecs) for one argument.
    A weak tensor gets a weak placeholder unless `weak` is False (an input_signature's
    TensorSpecs are plain, in TF as here)."""
    if isinstance(value, (Tensor, _SpecTensor, np.ndarray)) or (
            isinstance(value, np.generic) and value.dtype.kind not in "USO"):
        dtype = value._dtype if isinstance(value, (Tensor, _SpecTensor)) else \
            convert_to_tensor(value)._dtype
        shape = next(shapes)
        spec_name = getattr(value, "name", None) if isinstance(value, _SpecTensor) else None
        # (a named TensorSpec names its placeholder, as TF's; a name no op may take, such as
        # "zero x", gives TF's "Placeholder", the name kept as its _user_specified_name)
        given = spec_name or name
        ph = graph.placeholder(shape, dtype, given if is_op_name(given) else "Placeholder",
                               is_input=True)
        ph._op.attrs["_user_specified_name"] = given.encode()
        if weak and isinstance(value, Tensor) and value._weak:
            ph = make_weak(ph)  # (TF's GraphWeakTensor: the trace sees a weak input)
        held = held_handle(value)
        if held is not None:  # a handle: what it names shapes its reads, as in TF
            graph.handle_data[id(ph)] = held.dtypes_and_shapes
        spec = TensorSpec(shape, dtype, spec_name or (name + path if path else name))
        flat_specs.append(spec)
        return ph, spec
    if is_variable(value):
        return _variable_placeholder(graph, name, value, shapes, flat_specs)
    primary = mirrored_tensor(value)
    if primary is not None:
        # a Mirrored value: the placeholder of its primary, as TF traces it (the function
        # sees one tensor, the same for every replica)
        return _placeholders(graph, name, primary, shapes, flat_specs, path, weak)
    if is_per_replica(value):
        # one placeholder per replica's value, all named after the argument ("d", "d_1"),
        # and the value rebuilt around them; its spec one unnamed spec per replica (TF's
        # PerReplicaSpec), so that strategy.run unrolls over the replicas in this graph
        pairs = [_placeholders(graph, name, v, shapes, flat_specs, path, weak)
                 for v in per_replica_parts(value)]
        specs = [TensorSpec(s.shape, s.dtype) if isinstance(s, TensorSpec) else s
                 for _, s in pairs]
        return type(value)([p for p, _ in pairs]), type(value._type_spec)(*specs)
    if is_iterator_argument(value) or is_iterator_spec(value):
        # a tf.data iterator (or an input signature's IteratorSpec): taken by a resource
        # placeholder named after the argument, which each call feeds with the iterator
        # passed (TF's IteratorSpec); a distributed iterator by several (TF's
        # multi-device iterator's and each device's)
        n = 1 if is_iterator_spec(value) else len(iterator_resources(value))
        phs = []
        for _ in range(n):
            next(shapes)  # (its resource's: a scalar)
            phs.append(graph.placeholder((), dt.resource, name, is_input=True))
            flat_specs.append(TensorSpec((), dt.resource, name + path if path else name))
        return value._traced_from(*phs), value if is_iterator_spec(value) else value._type_spec
    if isinstance(value, (CompositeTensor, _SpecComposite)):
        # a composite is fed as its components, shaped by its spec (a RaggedTensor's
        # flat values have any length), and rebuilt around their placeholders
        spec, parts = composite_parts(value)
        given = [next(shapes) for _ in parts]
        spec = _relaxed_composite(spec, given)
        phs = []
        for i, (cspec, part) in enumerate(zip(spec._component_specs, parts)):
            shape = None if cspec.shape.rank is None else tuple(cspec.shape)
            phs.append(graph.placeholder(shape, part._dtype, name, is_input=True))
            flat_specs.append(TensorSpec(shape, part._dtype, f"{name}{path}_{i}"))
        return spec._from_components(phs), spec
    if isinstance(value, (list, tuple)) and not is_variable(value):
        # (a namedtuple's parts are named by their fields, as TF names them)
        keys = getattr(value, "_fields", None) or range(len(value))
        pairs = [_placeholders(graph, name, v, shapes, flat_specs, f"{path}_{k}", weak)
                 for k, v in zip(keys, value)]
        if hasattr(value, "_fields"):
            return type(value)(*[p[0] for p in pairs]), type(value)(*[p[1] for p in pairs])
        return type(value)(p[0] for p in pairs), type(value)(p[1] for p in pairs)
    if isinstance(value, dict):
        try:
            keys = sorted(value)
        except TypeError:
            keys = list(value)
        done = {k: _placeholders(graph, name, value[k], shapes, flat_specs, f"{path}_{k}",
                                 weak)
                for k in keys}
        return ({k: done[k][0] for k in value}, {k: done[k][1] for k in value})
    if hasattr(value, "element_spec") and isinstance(getattr(type(value), "_type_spec", None),
                                                     property):
        # another iterator (a distributed one): used as it is; its signature shows its spec
        return value, value._type_spec
    if converts_as_array(value):  # (a pandas DataFrame: the tensor make_key fed for it)
        return _placeholders(graph, name, convert_to_tensor(value), shapes, flat_specs, path,
                             weak)
    if _by_reference(value):
        return value, ftype.UnknownArgument(value)
    return value, value


def _variable_placeholder(graph: FuncGraph, name: str, value: Any, shapes: Any,
                          flat_specs: list) -> tuple:
    """(the variable the trace sees, its VariableSpec) for a variable argument: an
    ArgumentVariable standing for it, taken by a resource placeholder `name` that a call
    feeds (one per distinct variable: an alias shares its first occurrence's), as TF's
    VariableSpec; a Keras variable is the placeholder of the tensor it reads."""
    if not is_variable_argument(value) and not getattr(value, "_keras_variable", False):
        return value, value  # (a distributed variable: captured as it is)
    if not is_variable_argument(value):
        shape, dtype = next(shapes), dt.as_dtype(value.dtype)
        ph = graph.placeholder(shape, dtype, name, is_input=True)
        spec = TensorSpec(shape, dtype, name)
        flat_specs.append(spec)
        return ph, spec
    value = getattr(value, "_unread_of", value)  # (an assignment's result: its variable)
    seen = graph.argument_variables
    if id(value) in seen:
        return seen[id(value)]
    shape = next(shapes)
    ph = graph.placeholder((), dt.resource, name, is_input=True)
    proxy = stand_in(graph, value, shape, ph)
    flat_specs.append(TensorSpec(shape, value.dtype, name))
    seen[id(value)] = proxy, variable_spec(value, shape, len(seen))
    return seen[id(value)]


def _by_reference(value: Any) -> bool:
    """Whether tf.function keys `value` by a weak reference (TF's Weakref trace type: an
    object it has no trace type for, weakly referable and hashable), and so does not keep
    it. (A DType too, but TF's signatures keep a DType, which lives as long as eagerflow.)"""
    if is_variable(value) or isinstance(value, dt.DType):
        return False
    try:
        weakref.ref(value)
        hash(value)
    except TypeError:
        return False
    return True


def _relaxed_composite(spec: Any, shapes: list) -> Any:
    """A RaggedTensorSpec generalized as reduce_retracing relaxed its components' shapes
    (TF's common supertype: a row count or inner dimension that varied is unknown)."""
    cls = type(spec)
    if cls.__name__ != "RaggedTensorSpec" or spec.shape.rank is None:
        return spec
    dims = spec.shape.as_list()
    flat, splits = shapes[0], shapes[1] if len(shapes) > 1 else ()
    if splits is None or (splits and splits[0] is None):
        dims[0] = None
    if flat is None:
        return cls(TensorShape(None), spec.dtype, spec.ragged_rank, spec.row_splits_dtype)
    for k, d in enumerate(flat[1:]):
        if d is None:
            dims[spec.ragged_rank + 1 + k] = None
    if dims == spec.shape.as_list():
        return spec
    return cls(TensorShape(dims), spec.dtype, spec.ragged_rank, spec.row_splits_dtype)


def _as_is(t: Any) -> Any:
    return t


def _output_template(graph: FuncGraph, result: Any, flat: list, mark: bool = True) -> Any:
    """The output structure with tensor leaves replaced by _Leaf indices into `flat`
    (unmarked, as wrap_function's graphs: a tensor is its own output, no Identity)."""
    if result is None:
        return None
    out = identity if mark else _as_is
    # each output is an Identity of the value (TF's graphs end the same way; code
    # generation aliases it away)
    if isinstance(result, Tensor):
        flat.append(out(graph.capture(result)))
        return concrete._WeakLeaf(len(flat) - 1) if result._weak else \
            concrete._Leaf(len(flat) - 1)
    if is_variable(result):  # read by its own API, as TF reads a returned variable
        flat.append(out(result._api_read()))
        return concrete._Leaf(len(flat) - 1)
    if isinstance(result, CompositeTensor):
        spec = result._type_spec
        return concrete._Rebuilt(spec, [_output_template(graph, c, flat, mark)
                               for c in spec._to_components(result)])
    if isinstance(result, (int, float, str, bytes, bool, complex)) and \
            not isinstance(result, type):
        flat.append(out(graph.capture(convert_to_tensor(result))))
        # a Python number returned in TF's auto dtype conversion modes is a weak tensor
        weak = promotion.is_auto_dtype_conversion_enabled() and isinstance(
            result, (int, float, complex)) and not isinstance(result, bool)
        return concrete._WeakLeaf(len(flat) - 1) if weak else concrete._Leaf(len(flat) - 1)
    if isinstance(result, list):
        return [_output_template(graph, r, flat, mark) for r in result]
    if isinstance(result, tuple):
        items = [_output_template(graph, r, flat, mark) for r in result]
        return type(result)(*items) if hasattr(result, "_fields") else tuple(items)
    if isinstance(result, dict):
        keys = list(result)
        try:
            order = sorted(keys)
        except TypeError:
            order = keys
        done = {k: _output_template(graph, result[k], flat, mark) for k in order}
        if isinstance(result, TrackedDict):  # (a module's dict attribute: TF returns a dict)
            return {k: done[k] for k in keys}
        return type(result)((k, done[k]) for k in keys)
    if hasattr(result, "_as_tensor"):
        flat.append(out(result._as_tensor()))
        return concrete._Leaf(len(flat) - 1)
    if getattr(result, "_is_distributed_value", False):  # strategy.run's PerReplica results
        return concrete._Composite(type(result),
                                   [_output_template(graph, r, flat, mark) for r in result.values])
    if hasattr(result, "__tf_tensor__"):  # TF's conversion protocol (an Asset: its path)
        flat.append(out(graph.capture(convert_to_tensor(result))))
        return concrete._Leaf(len(flat) - 1)
    if isinstance(result, TensorShape) or isinstance(result, dt.DType):
        # TF converts what it can (a fully defined shape) and refuses the rest
        try:
            t = convert_to_tensor(result)
        except (TypeError, ValueError):
            raise _NotAnOutput(type(result).__name__) from None
        flat.append(out(graph.capture(t)))
        return concrete._Leaf(len(flat) - 1)
    if hasattr(result, "element_spec"):
        rebuild = getattr(result, "_function_result", None)
        if rebuild is None:  # an iterator: handed back as it is
            return result
        # a dataset: made again outside from the values of the tensors it reads, as TF's
        # _VariantDataset (data/returned.py)
        parts, spec = rebuild()
        return concrete._Rebuilt(spec, [_output_template(graph, p, flat, mark) for p in parts])
    try:  # anything else TF converts (a NumPy array), or refuses
        t = convert_to_tensor(result)
    except (TypeError, ValueError):
        raise _NotAnOutput(type(result).__name__) from None
    flat.append(out(graph.capture(t)))
    return concrete._Leaf(len(flat) - 1)


class _NotAnOutput(TypeError):
    """A traced function's return value TF cannot take (its type's name)."""


def _not_an_output(fn: Any, e: _NotAnOutput) -> TypeError:
    return TypeError("To be compatible with tf.function, Python functions must return zero "
                     "or more Tensors or ExtensionTypes or None values; in compilation of "
                     f"{fn}, found return value of type {e.args[0]}, which is not a Tensor or "
                     "ExtensionType.")


def _component_specs(specs: list) -> list:
    """TensorSpecs of a flat signature, composite specs expanded into their components."""
    out = []
    for s in specs:
        out.extend(s._component_specs if isinstance(s, CompositeSpec) else [s])
    return out


def _iterator_for_spec(spec: Any, value: Any, fail: Callable) -> list:
    """The resource tensor fed for `value`, an input signature's IteratorSpec `spec`: an
    iterator's (of any element spec, as in TF: its IteratorGetNext refuses an element its
    outputs do not fit), none for a spec (get_concrete_function's)."""
    if is_iterator_spec(value):
        if value != spec:
            raise fail(f"Can not cast {value!r} to {spec!r}")
        return []
    if not is_iterator_argument(value):  # (TF's binding reads the attribute unchecked)
        raise fail(str(no_attribute(value, "_iterator_resource")))
    return iterator_resources(value)


def _composite_for_spec(spec: CompositeSpec, value: Any, fail: Callable) -> list:
    """The components of `value` for a composite spec of an input signature."""
    if isinstance(value, _SpecComposite):
        if not spec.is_compatible_with(value.spec):
            raise fail(f"Can not cast {value.spec!r} to {spec!r}")
        return value.components()
    if getattr(spec.value_type, "_is_distributed_value", False):  # (a PerReplicaSpec)
        if not is_per_replica(value):  # (TF reads the value's replicas unchecked)
            raise fail(str(no_attribute(value, "_values")))
        return _per_replica_for_spec(spec, value, fail)
    if not isinstance(value, CompositeTensor) or not spec.is_compatible_with(value):
        if ftype.components_fit(spec, value):
            # TF binds the components, which fit: the function sees the spec's static shape,
            # and a SparseTensor it returns is refused as rebuilt (its known dense shape
            # merged with the spec's)
            return spec._to_components(value)
        raise fail(ftype.composite_cast_reason(spec, value))
    return spec._to_components(value)


def _per_replica_for_spec(spec: CompositeSpec, value: Any, fail: Callable) -> list:
    """The replicas' tensors of per-replica `value` for a PerReplicaSpec of an input
    signature: one per replica, each of its replica's spec's dtype and shape (TF's
    reason names the first that is not)."""
    parts = per_replica_parts(value)
    specs = spec._component_specs
    if len(parts) != len(specs):  # (nest's mismatch of the two, TF's reason)
        try:
            nest.assert_same_structure(tuple(specs), tuple(parts))
        except (ValueError, TypeError) as e:
            raise fail(str(e)) from None
    for s, p in zip(specs, parts):
        given = p._type_spec if isinstance(p, CompositeTensor) else TensorSpec(p.shape, p.dtype)
        if not s.is_compatible_with(given):
            raise fail(f"Can not cast {given!r} to {s!r}")
    return [t for p in parts for t in (p._type_spec._to_components(p)
                                       if isinstance(p, CompositeTensor) else [p])]
