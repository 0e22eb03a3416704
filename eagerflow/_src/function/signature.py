"""The trace cache keys of tf.function (tf.TensorSpec itself lives in core/tensor_spec.py).

Sits at the bottom of function/. A call's arguments are walked once: tensors (and
NumPy arrays) become (dtype, shape) entries, variables their VariableSpec's fields
(variable_args.py: fed as inputs too; a Keras variable the tensor it reads), tf.data
iterators their IteratorSpec (fed as their resource tensors), Python scalars and strings
their value, other objects their identity; nested lists, tuples and
dicts keep their structure. Equal keys reuse a trace.
"""

from __future__ import annotations

import weakref
from typing import Any

import numpy as np

from eagerflow._src.core import nest
from eagerflow._src.core.composite import CompositeSpec, CompositeTensor
from eagerflow._src.core.tensor import (
    EagerTensor,
    Tensor,
    convert_to_tensor,
    converts_as_array,
)
from eagerflow._src.core.tensor_spec import TensorSpec, is_tensor_spec
from eagerflow._src.function.variable_args import (
    is_variable,
    is_variable_argument,
    variable_key,
)

# ---------------------------------------------------------------------------------------
# Cache keys.
# ---------------------------------------------------------------------------------------

class _SpecTensor:
    """A TensorSpec passed to get_concrete_function: traced like a tensor, has no value."""

    __slots__ = ("_shape", "_dtype", "name")

    def __init__(self, spec: Any) -> None:
        self._shape = None if spec.shape.rank is None else tuple(spec.shape)
        self._dtype = spec.dtype
        self.name = spec.name

    def __repr__(self) -> str:
        return repr(TensorSpec(self._shape, self._dtype, self.name))


class _SpecComposite:
    """A CompositeSpec (RaggedTensorSpec) passed to get_concrete_function or met in an
    input signature: traced like a composite tensor of that spec, has no value."""

    __slots__ = ("spec",)

    def __init__(self, spec: CompositeSpec) -> None:
        self.spec = spec

    def components(self) -> list:
        return [_SpecTensor(s) for s in self.spec._component_specs]


def composite_parts(value: Any) -> tuple:
    """(spec, component tensors) of a composite tensor or a _SpecComposite."""
    if isinstance(value, _SpecComposite):
        return value.spec, value.components()
    spec = value._type_spec
    return spec, spec._to_components(value)


def _composite_key(spec: CompositeSpec, relax: bool) -> tuple:
    # a spec is the key (TF's rule: a RaggedTensor retraces when its row count changes);
    # relaxed, only its kind and dtype are kept
    if relax:  # (another row-splits dtype is another trace, as in TF)
        return ("composite", type(spec), getattr(spec, "dtype", None),
                getattr(spec, "ragged_rank", None),
                getattr(spec, "row_splits_dtype", None))
    return ("composite", spec)


def is_iterator_argument(x: Any) -> bool:
    """Whether tf.function traces `x` by its type spec as an iterator: a tf.data iterator,
    which a call feeds as its resource tensor (`_iterator_resource`) and a trace sees as
    the iterator `_traced_from` its placeholder gives (the data layer's protocol)."""
    return isinstance(getattr(type(x), "_iterator_resource", None), property) and \
        getattr(x, "_traced_by_spec", True)


def iterator_resources(x: Any) -> list:
    """The resource tensors a call feeds for the iterator argument `x`: its
    `_iterator_resources` where it has several (a distributed iterator: TF's multi-device
    iterator's and each device's), else its `_iterator_resource`."""
    many = getattr(x, "_iterator_resources", None)
    return [x._iterator_resource] if many is None else list(many)


def is_per_replica(x: Any) -> bool:
    """Whether `x` is per-replica values (distribute's PerReplica, defined above: a
    distributed value with a `_type_spec` of one spec per replica), which tf.function
    traces by that spec, one placeholder per replica's tensor, as TF's PerReplicaSpec."""
    return getattr(x, "_is_distributed_value", False) and \
        isinstance(getattr(type(x), "_type_spec", None), property)


def per_replica_parts(x: Any) -> list:
    """The replicas' values of per-replica `x` as a call feeds them: tensors and
    composites as they are, anything else converted as TF converts it (a Python number:
    its tensor); one that does not convert is TF's TypeError."""
    return [v if isinstance(v, (Tensor, CompositeTensor)) else _replica_tensor(v)
            for v in x.values]


def _replica_tensor(v: Any) -> Any:
    try:
        return convert_to_tensor(v)
    except (TypeError, ValueError):
        raise TypeError(f"Could not build a TypeSpec for {v!r} of unsupported type "
                        f"{type(v)}.") from None


def mirrored_tensor(x: Any) -> Any:
    """The tensor tf.function traces for `x` when it is a Mirrored value (distribute's: a
    distributed value whose replicas hold one value) of tensors: its primary, as TF's
    Mirrored delegates its trace type to it (None: not such a value)."""
    if not getattr(x, "_is_distributed_value", False) or is_per_replica(x):
        return None
    primary = x._primary()
    return primary if isinstance(primary, Tensor) else None


def is_iterator_spec(x: Any) -> bool:
    """Whether `x` is an iterator's type spec (tf.data.IteratorSpec, defined above): an
    input signature's spec for an iterator argument, whose value a trace sees as the
    iterator its `_traced_from` gives for the resource placeholder."""
    return isinstance(getattr(getattr(x, "value_type", None), "_iterator_resource", None),
                      property) and hasattr(x, "_traced_from")


def _iterator_key(spec: Any, relax: bool) -> tuple:
    # relaxed: its elements' structure, kinds and dtypes, so that a trace for a more general
    # spec may take it (TF's subtype lookup: a batch of 3 runs a trace for batches of None)
    if not relax:
        return ("iterator", spec)
    elements = spec._element_spec
    kinds = tuple((type(s), getattr(s, "dtype", None)) for s in nest.flatten(elements))
    return ("iterator", repr(nest.map_structure(lambda _: 0, elements)), kinds)


_SCALARS = (int, float, str, bytes, bool, complex, type(None))
# TF's Literal trace types are equal when their values are: 1, 1.0 and True share a trace
_NUMBERS = (int, float, bool, complex)


def make_key(args: Any, tensors: list, relax: bool = False) -> Any:
    """The cache key of a (nested) argument value; tensor leaves are appended to `tensors`
    (as tensors; NumPy arrays are converted). With `relax`, shapes are left out (rank kept)."""
    t = type(args)
    if t is EagerTensor or t is _SpecTensor or isinstance(args, Tensor):
        tensors.append(args)
        # relaxed: the dtype alone, so a trace of any shape, even of another rank, may be
        # generalized (TF's reduce_retracing goes as far as an unknown rank)
        if t is not EagerTensor and getattr(args, "_weak", False):  # (TF: a weak spec)
            return (args._dtype, None if relax else args._shape, "weak")
        return (args._dtype, None if relax else args._shape)
    if t in _SCALARS:
        return ("number", args) if t in _NUMBERS else (t, args)
    if t is list or t is tuple:
        return (t,) + tuple(make_key(a, tensors, relax) for a in args)
    if t is dict:
        try:
            keys = sorted(args)
        except TypeError:
            keys = list(args)
        return ("dict",) + tuple((k, make_key(args[k], tensors, relax)) for k in keys)
    if isinstance(args, (CompositeTensor, _SpecComposite)):
        spec, parts = composite_parts(args)
        tensors.extend(parts)
        return _composite_key(spec, relax)
    if isinstance(args, np.ndarray) or (isinstance(args, np.generic) and
                                        args.dtype.kind not in "USO"):
        # (a NumPy scalar too, as TF: its trace type is a TensorSpec, not a Literal)
        e = EagerTensor(np.array(args)) if args.dtype.kind not in "USO" else None
        if e is None:
            e = convert_to_tensor(args)
        tensors.append(e)
        return (e._dtype, None if relax else e._shape)
    if is_iterator_argument(args):  # by its spec; fed as its resource (TF's IteratorSpec)
        tensors.extend(iterator_resources(args))
        return _iterator_key(args._type_spec, relax)
    if is_variable(args):
        if is_variable_argument(args):
            return variable_key(args, tensors, relax)
        if getattr(args, "_keras_variable", False):  # TF traces the tensor it reads
            t = args._as_tensor()
            tensors.append(t)
            return (t._dtype, None if relax else t._shape)
        return ("var", id(args))  # (a distributed variable: by identity, captured)
    if getattr(args, "_is_distributed_value", False):
        primary = mirrored_tensor(args)
        if primary is not None:  # a Mirrored value: its primary's TensorSpec, as TF's
            return make_key(primary, tensors, relax)
        if is_per_replica(args):  # by each replica's value (TF's PerReplicaSpec)
            return ("per_replica", t) + tuple(make_key(v, tensors, relax)
                                              for v in per_replica_parts(args))
    if isinstance(args, np.generic):
        return (type(args), args.item())
    if is_tensor_spec(args):
        return ("spec", args.dtype, tuple(args.shape) if args.shape.rank is not None else None)
    if isinstance(args, tuple) and hasattr(args, "_fields"):  # namedtuple
        return (t,) + tuple(make_key(a, tensors, relax) for a in args)
    if isinstance(args, (list, tuple)):
        return (t,) + tuple(make_key(a, tensors, relax) for a in args)
    if isinstance(args, dict):
        return ("dict",) + tuple((k, make_key(args[k], tensors, relax)) for k in sorted(args))
    if converts_as_array(args):  # (a pandas DataFrame: the tensor of its __array__, as TF)
        e = convert_to_tensor(args)
        tensors.append(e)
        return (e._dtype, None if relax else e._shape)
    try:
        return ("obj", _Identity(args))
    except TypeError:  # (not weakly referable, or unhashable)
        try:
            hash(args)
            return ("hashable", t, args)
        except TypeError:
            raise TypeError(f"Could not generate a generic TraceType for {args!r}.Please "
                            "verify that it is immutable/hashable. Otherwise, consider "
                            "implementing the Tracing Protocol for it.") from None


class _Identity:
    """An object as a cache key through a weak reference, as TF's Weakref trace type: the
    same object matches, and so does an equal one (by its `__eq__`, hashed by its
    `__hash__`) while both are alive; once the traced object is gone, nothing matches it,
    so equal temporaries (three `TensorShape([2])` made for three calls) retrace each."""

    __slots__ = ("_ref", "_hash")

    def __init__(self, obj: Any) -> None:
        self._ref = weakref.ref(obj)
        self._hash = hash(obj)  # (TypeError when unhashable: TF refuses such an object)

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, _Identity):
            return False
        mine, theirs = self._ref(), other._ref()
        if mine is None or theirs is None:
            return False
        return mine is theirs or bool(mine == theirs)

    def __hash__(self) -> int:
        return self._hash
