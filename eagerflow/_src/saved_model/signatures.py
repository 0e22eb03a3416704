"""Serving signatures: which functions a SavedModel serves, wrapped as TF wraps them.

Sits in saved_model/ under save_view.py. A signature is a concrete function called with
keyword arguments only (one per input TensorSpec, named by the spec) that returns a dict
of tensors ("output_0", ... unless the function returned a dict). Each is traced here as
a small wrapper function calling the original one, so its own FunctionDef has exactly
that interface, as TensorFlow's signature wrappers do. `signatures=None` serves the
root's `_default_save_signature` (Keras models) or else its single tf.function with an
input_signature, as serving_default.
"""

from __future__ import annotations

import collections.abc
from typing import Any

from eagerflow._src.core import nest
from eagerflow._src.core.composite import CompositeSpec, CompositeTensor
from eagerflow._src.core.errors import UnimplementedError
from eagerflow._src.core.name_scope import is_op_name
from eagerflow._src.core.tensor import Tensor
from eagerflow._src.core.tensor_spec import TensorSpec, is_tensor_spec
from eagerflow._src.core.trackable import (
    Trackable,
    TrackableDict,
    TrackableList,
    TrackedDict,
    TrackedList,
    is_variable,
)
from eagerflow._src.function.concrete import ConcreteFunction, _Leaf, _Rebuilt, tracing_scope
from eagerflow._src.function.function_type import sanitize_arg_name
from eagerflow._src.function.polymorphic import Function
from eagerflow._src.graph.ir import FuncGraph
from eagerflow._src.graph.verify import subgraphs
from eagerflow._src.ops.math_base import identity
from eagerflow._src.saved_model.restored import RestoredFunction

DEFAULT_SIGNATURE_KEY = "serving_default"
DEFAULT_SIGNATURE_ATTR = "_default_save_signature"


def function_attributes(obj: Any) -> dict:
    """name -> tf.function (or ConcreteFunction) attribute of `obj`, sorted by name (as
    TF lists them): methods decorated on the class, bound to `obj`, and instance
    attributes holding one."""
    if is_variable(obj) or not isinstance(obj, Trackable) or isinstance(obj, SignatureMap):
        return {}
    if isinstance(obj, (TrackedList, TrackableList, TrackedDict, TrackableDict)):
        return _held_functions(obj)
    found = {}
    for klass in reversed(type(obj).__mro__):
        for name, value in vars(klass).items():
            if isinstance(value, Function) and (name == "__call__" or not name.startswith("__")):
                found[name] = getattr(obj, name)
    for name, value in vars(obj).items():
        if isinstance(value, (Function, ConcreteFunction)) and not name.startswith("_"):
            found[name] = value
        elif isinstance(value, RestoredFunction) and (name == "__call__" or
                                                      not name.startswith("__")):
            # (a loaded object's functions, saved again: TF finds them by dir(), private
            # ones too, as a Keras model's `_default_save_signature`)
            found[name] = value
        elif isinstance(value, tuple) and not name.startswith("_") and \
                any(isinstance(v, _FUNCTIONS) for v in value):
            # (a tuple of functions: TF tracks it as a list, the functions its elements)
            found[name] = TrackableList(value)
    return dict(sorted(found.items()))


_FUNCTIONS = (Function, ConcreteFunction, RestoredFunction)


def _held_functions(container: Any) -> dict:
    """The functions a list or dict attribute holds, by index or key (TF's wrappers
    track them as their children)."""
    items = container._items
    pairs = items.items() if isinstance(items, dict) else enumerate(items)
    return {str(k): v for k, v in pairs if isinstance(v, _FUNCTIONS)}


def concrete_functions_of(fn: Function) -> list:
    """The traces a tf.function saves: the one of its input_signature, else those made
    (traced once more the first time each is saved, as TF does). A trace that runs a
    strategy's replicas is left out: TF saves the replicas unrolled, which eagerflow's
    exporter has no form for, so the loaded function lacks that trace, as if it had not
    been made (an input signature's own trace is kept, and its export fails)."""
    traces = fn._traces_for_saving()
    kept = [cf for cf in traces if not _runs_replicas(cf.graph)]
    return traces if fn.input_signature is not None and not kept else kept


# distribute/graph_run.py's ops: the replicas' traces run by one op, their batches read by
# another
_REPLICA_OPS = frozenset({"ReplicaRun", "MultiDeviceIteratorGetNextFromShard"})


def _runs_replicas(graph: Any) -> bool:
    """Whether `graph` (its branches, loop bodies and called functions too) holds an op of
    a strategy's replicas."""
    return any(op.type in _REPLICA_OPS or any(_runs_replicas(g) for g in subgraphs(op))
               for op in graph.operations)


class SignatureMap(Trackable):
    """The root's "signatures" child: signature name -> wrapper ConcreteFunction."""

    def __init__(self, functions: dict) -> None:
        self._functions = dict(functions)

    def _trackable_children(self) -> dict:
        return dict(self._functions)

    def items(self) -> Any:
        return self._functions.items()


def _as_concrete(fn: Any, key: str) -> ConcreteFunction:
    if isinstance(fn, ConcreteFunction):
        return fn
    if isinstance(fn, Function) and fn.input_signature is not None:
        # the trace its object graph saves (one made before saving, when there is one), so
        # that the signature calls that function rather than a second copy of it
        return concrete_functions_of(fn)[0]
    if isinstance(fn, RestoredFunction) and fn.input_signature is not None:
        return fn.get_concrete_function()
    raise ValueError(f"Expected a TensorFlow function for which to generate a signature, but "
                     f"got {fn}. Only `tf.functions` with an input signature or concrete "
                     f"functions can be used as a signature.")


def _default(root: Any) -> dict:
    fn = getattr(root, DEFAULT_SIGNATURE_ATTR, None)
    if fn is not None:
        return {DEFAULT_SIGNATURE_KEY: fn}
    functions = function_attributes(root)
    for f in functions.values():  # TF traces them for saving as it lists them, by name
        if isinstance(f, Function):
            concrete_functions_of(f)
    with_sig = [f for f in functions.values()  # (a loaded one's too, saved again)
                if isinstance(f, (Function, RestoredFunction)) and
                f.input_signature is not None and _valid(f)]
    # (the one found is taken as its concrete function, its wrapper named plainly)
    return {DEFAULT_SIGNATURE_KEY: with_sig[0].get_concrete_function()} \
        if len(with_sig) == 1 else {}


def _valid(fn: Any) -> bool:
    """Whether a function could be a signature: it returns tensors (TF passes over the
    others, such as a method that only assigns, when it looks for the default one)."""
    try:
        cf = fn.get_concrete_function()
        outs = cf.structured_outputs
    except UnimplementedError:  # (a loaded function returning resource handles)
        return False
    if not all(is_tensor_spec(s) for s in nest.flatten(cf.structured_input_signature,
                                                       expand_composites=True)):
        return False  # (TF's: an input that is no tensor, an iterator's IteratorSpec)
    try:
        return bool(_output_dict(outs, "")) and outs is not None
    except ValueError:
        return False


def signature_functions(root: Any, signatures: Any) -> dict:
    """name -> wrapper ConcreteFunction, for `tf.saved_model.save`'s `signatures`."""
    if signatures is None:
        signatures = _default(root)
    elif not isinstance(signatures, collections.abc.Mapping):  # (a loaded `.signatures` is
        signatures = {DEFAULT_SIGNATURE_KEY: signatures}         # one too, as TF's)
    out = {}
    for key, fn in signatures.items():
        cf = _as_concrete(fn, key)
        if not isinstance(key, str):  # (TF meets it when it cleans the key's characters)
            raise AttributeError(f"'{type(key).__name__}' object has no attribute 'replace'")
        # TF names the wrapper after the tf.function it wraps (a concrete one has no name)
        # (one of a functools.partial has no __name__: TF calls it `function`)
        name = f"signature_wrapper_{getattr(fn, '__name__', 'function')}" \
            if isinstance(fn, (Function, RestoredFunction)) else \
            "signature_wrapper"
        out[key] = wrap(cf, key, name)
    return out


def _output_dict(result: Any, key: str, fn_name: str = "") -> dict:
    """A signature's outputs by name, as TF's signature wrapper takes them: a mapping as it
    is, a namedtuple by its fields, a sequence's items as output_0, output_1, ... (not
    flattened further), anything else as output_0; each a tensor or composite tensor."""
    if isinstance(result, collections.abc.Mapping):
        items = list(result.items())
    elif hasattr(result, "_asdict"):
        items = list(result._asdict().items())
    else:
        seq = result if isinstance(result, collections.abc.Sequence) else [result]
        items = [(f"output_{i}", t) for i, t in enumerate(seq)]
    where = f"in the output of the function {fn_name} used to generate the SavedModel " \
        f"signature {key!r}"
    for k, t in items:
        if not isinstance(k, str):
            raise ValueError(f"Got a dictionary with a non-string key {k!r} {where}.")
        if not isinstance(t, (Tensor, CompositeTensor)):
            raise ValueError(f"Got a non-Tensor value {t!r} for key {k!r} {where}. Outputs "
                             "for functions used as signatures must be a single Tensor, a "
                             "sequence of Tensors, or a dictionary from string to Tensor.")
    return dict(items)


def wrap(cf: ConcreteFunction, key: str, name: str = "signature_wrapper") -> ConcreteFunction:
    """A function of keyword TensorSpecs returning a dict, calling `cf` (TF's wrapper)."""
    sig = cf.structured_input_signature or (tuple(
        TensorSpec(t.shape, t.dtype, t._op.name) for t in cf.graph.fed_inputs), {})
    flat = nest.flatten(sig)
    # a composite argument (a StructuredTensor) is fed as its components, named as TF
    # names them: its placeholders' names in the traced graph ("x", "x_1", ...)
    placeholders = iter(cf.graph.fed_inputs)
    specs, names = [], []
    for s in flat:
        if is_tensor_spec(s):
            # (named as its placeholder: a structure's unnamed specs are k, k_1, ...)
            ph = next(placeholders, None)
            parts = [(_input_name(ph) if ph is not None else s.name or f"input_{len(names)}",
                      s)]
        elif isinstance(s, CompositeSpec):
            parts = [(next(placeholders)._op.name, c) for c in s._component_specs]
        else:
            continue
        for n, c in parts:
            if n in names:
                raise ValueError(f"Signature {key!r} has two inputs named {n!r}: name the "
                                 "TensorSpecs of the input_signature uniquely.")
            names.append(n)
            specs.append(c)
    graph = FuncGraph(name)
    spec_of = dict(zip(names, specs))
    with tracing_scope(graph):  # the inputs in TF's flat order of the keywords: by name
        phs = {n: graph.placeholder(spec_of[n].shape._dims, spec_of[n].dtype, n,
                                    is_input=True) for n in sorted(names)}
        by_position = iter([phs[n] for n in names])
        values = []
        for s in flat:
            if is_tensor_spec(s):
                values.append(next(by_position))
            elif isinstance(s, CompositeSpec):
                values.append(s._from_components([next(by_position)
                                                  for _ in s._component_specs]))
            else:
                values.append(s)
        args, kwargs = nest.pack_sequence_as(sig, values)
        result = cf(*args, **kwargs)
        fn_name = cf.name.decode() if isinstance(cf.name, bytes) else cf.name
        try:
            outs = _output_dict(result, key, fn_name)
        except ValueError as e:  # (raised in the wrapper's trace: TF frames it so)
            raise ValueError(f"in user code:\n\n\n    ValueError: {e}\n") from None
        outs = {k: outs[k] for k in sorted(outs)}  # TF's flat order of a dict
        template, tensors = {}, []
        for k, t in outs.items():
            if isinstance(t, CompositeTensor):
                parts = t._type_spec._to_components(t)
                template[k] = _Rebuilt(t._type_spec, [_Leaf(len(tensors) + i)
                                                      for i in range(len(parts))])
                tensors += parts
            else:
                template[k] = _Leaf(len(tensors))
                tensors.append(t)
        graph.outputs = [identity(t) for t in tensors]
    # (its parameters named as TF's FunctionType names them: "x/y" is x_y)
    spec_kwargs = {sanitize_arg_name(n): TensorSpec(spec_of[n].shape, spec_of[n].dtype, n)
                   for n in phs}
    wrapper = ConcreteFunction(graph, template, name,
                               structured_input_signature=((), spec_kwargs), arg_keywords=[])
    wrapper._spec_names_shown = True
    _check_input_names(sorted(names), key, wrapper.name)
    return wrapper


def _input_name(ph: Any) -> str:
    """The name of a traced input: its placeholder's, or where that is TF's "Placeholder"
    for a name no op may take ("zero x"), the name it was given (which save refuses)."""
    given = ph._op.attrs.get("_user_specified_name", b"").decode()
    return given if given and not is_op_name(given) else ph._op.name


def _check_input_names(names: list, key: str, fn_name: Any) -> None:
    """TF's save refuses a signature input whose name is no op name ("zero x", "a:0"): its
    trace names that placeholder "Placeholder", unlike the name the input was given."""
    for n in names:
        if not is_op_name(n):
            fn = fn_name.decode() if isinstance(fn_name, bytes) else fn_name
            raise ValueError(
                f"Got non-flat/non-unique argument names for SavedModel signature '{key}': "
                f"more than one argument to '{fn}' was named '{n}'. Signatures have one "
                "Tensor per named input, so to have predictable names Python functions used "
                "to generate these signatures should avoid *args and Tensors in nested "
                "structures unless unique names are specified for each. Use "
                "tf.TensorSpec(..., name=...) to provide a name for a Tensor input.")
