"""The Python objects a loaded SavedModel is made of.

Sits in saved_model/ under load.py. `_UserObject` is any saved object that isn't a
variable, function or asset (TF's `_UserObject`): its children become its attributes.
`RestoredFunction` is a saved tf.function: calling it binds the arguments by the saved
argument spec and runs the first concrete function whose input signature they match,
first without converting Python values to tensors, then with, as TF does; none matching
is TF's ValueError listing the options. `SignatureMapView` is `loaded.signatures`.
"""

from __future__ import annotations

import collections.abc
import inspect
import pprint
from typing import Any, Callable

import numpy as np

from eagerflow._src.core import nest
from eagerflow._src.core.composite import CompositeSpec, CompositeTensor
from eagerflow._src.core.errors import OpError
from eagerflow._src.core.tensor import Tensor, convert_to_tensor
from eagerflow._src.core.tensor_spec import TensorSpec, VariableSpec, is_tensor_spec
from eagerflow._src.core.trackable import AutoTrackable, Trackable
from eagerflow._src.function import function_type as ftype
from eagerflow._src.function.polymorphic import function
from eagerflow._src.function.signature import is_iterator_argument, is_iterator_spec
from eagerflow._src.function.variable_args import is_variable_argument


class _UserObject(AutoTrackable):
    """A restored object: its saved children as attributes."""


class SignatureMapView(Trackable, collections.abc.Mapping):
    """`loaded.signatures`: signature name -> ConcreteFunction (keyword arguments only)."""

    def __init__(self) -> None:
        self._signatures: dict = {}

    def _add(self, name: str, fn: Any) -> None:
        self._signatures[name] = fn

    def _trackable_children(self) -> dict:
        return {}

    def __getitem__(self, key: str) -> Any:
        return self._signatures[key]

    def __iter__(self) -> Any:
        return iter(self._signatures)

    def __len__(self) -> int:
        return len(self._signatures)

    def __contains__(self, key: object) -> bool:
        return key in self._signatures

    def keys(self) -> Any:
        return self._signatures.keys()

    def values(self) -> Any:
        return self._signatures.values()

    def items(self) -> Any:
        return self._signatures.items()

    def get(self, key: str, default: Any = None) -> Any:
        return self._signatures.get(key, default)

    def __repr__(self) -> str:
        return f"_SignatureMap({self._signatures!r})"


class _NoMatch(Exception):
    pass


class RestoredFunction:
    """A saved tf.function: its concrete functions, called by signature."""

    _function_spec_proto: Any = None  # the saved FunctionSpec, for saving it again
    __name__ = "restored_function_body"  # (TF's name of a loaded function's body)

    def __init__(self, concrete_functions: list, fullargspec: Any,
                 input_signature: Any = None) -> None:
        self._concrete = list(concrete_functions)
        self._spec = fullargspec
        self._input_signature = input_signature  # the tf.function's, when it had one

    @property
    def input_signature(self) -> Any:
        return self._input_signature

    @property
    def concrete_functions(self) -> list:
        return list(self._concrete)

    def _canonical(self, args: tuple, kwargs: dict) -> tuple:
        """(args, kwargs) with every named parameter positional, defaults filled (TF's
        canonical form of a call)."""
        spec = self._spec
        if spec is None:
            return tuple(args), dict(kwargs)
        names = [n for n in spec.args if n != "self"]
        defaults = list(spec.defaults or ())
        first_default = len(names) - len(defaults)
        kwargs = dict(kwargs)
        out = list(args[:len(names)])
        extra = list(args[len(names):])
        if extra and not spec.varargs:
            raise TypeError(f"too many positional arguments: got {len(args)}, the function "
                            f"takes {len(names)}")
        for i in range(len(out), len(names)):
            n = names[i]
            if n in kwargs:
                out.append(kwargs.pop(n))
            elif i >= first_default:
                out.append(defaults[i - first_default])
            else:
                raise TypeError(f"missing a required argument: {n!r}")
        for n, default in (spec.kwonlydefaults or {}).items():
            kwargs.setdefault(n, default)  # (the traces were keyed with them)
        return tuple(out + extra), kwargs

    def __call__(self, *args: Any, **kwargs: Any) -> Any:
        if not self._concrete:  # (a tf.function never traced before it was saved)
            raise ValueError("Found zero restored functions for caller function.")
        if self._input_signature is not None and len(self._concrete) == 1 and \
                all(is_tensor_spec(s) or isinstance(s, CompositeSpec)
                    for s in nest.flatten(self._input_signature)):
            return self._call_with_signature(args, kwargs)
        if self._input_signature is None:
            self._bind(args, kwargs)
        try:
            cargs, ckwargs = self._canonical(args, kwargs)
        except TypeError as e:
            raise self._no_match(args, kwargs, str(e)) from None
        for convert in (False, True):
            for cf in self._concrete:
                try:
                    flat = _match(cf.structured_input_signature, (cargs, ckwargs), convert)
                except _NoMatch:
                    continue
                return _run_as_body(cf, flat)
        raise self._no_match(*self._as_traced(cargs, ckwargs))

    def pretty_printed_concrete_signatures(self, verbose: bool = True) -> str:
        """The saved concrete functions, in order, as TF prints a restored function's."""
        return ("\n\n" if verbose else "\n").join(
            cf.pretty_printed_signature(verbose) for cf in self._concrete)

    def _call_with_signature(self, args: tuple, kwargs: dict) -> Any:
        """A call of a function saved with an input_signature (of tensors), bound to it as
        TF binds it (as the live tf.function does): each argument converted to its spec's
        dtype and checked against its shape, else TF's TypeError."""
        names = [n for n in (self._spec.args if self._spec else []) if n != "self"]
        specs = list(self._input_signature)
        extra = self._defaults_past(len(specs))  # (name, default, keyword-only)

        def fail(reason: str) -> TypeError:
            described = [f"{n}: {ftype.type_text(s) if _nested(s) else repr(s)}"
                         for n, s in zip(names, specs)]
            for n, default, kw_only in extra:  # (TF's literal types of the defaults)
                described += ["*"] if kw_only and "*" not in described else []
                described.append(f"{n}: {ftype.Literal(default)!r} = <captured_default_value>")
            return TypeError(f"Binding inputs to tf.function failed due to `{reason}`. "
                             f"Received args: {args!r} and kwargs: {kwargs!r} for signature: "
                             f"({', '.join(described)}).")

        if len(args) > len(specs) + sum(not kw_only for *_, kw_only in extra):
            raise fail("too many positional arguments")
        try:
            cargs, ckwargs = self._canonical(args, kwargs)
        except TypeError as e:
            raise fail(str(e)) from None
        for i, (n, default, kw_only) in enumerate(extra):
            value = ckwargs.pop(n, default) if kw_only else cargs[len(specs) + i]
            if not ftype.literal_accepts(default, value):
                raise fail(f"Can not cast {value!r} to {ftype.Literal(default)!r}")
        if ckwargs:
            raise fail(f"got an unexpected keyword argument '{next(iter(ckwargs))}'")
        tensors: list = []
        for spec, value in zip(specs, cargs):
            value = _as_restored_namedtuples(spec, value, fail)
            if _nested(spec):  # (a list, tuple or dict of specs: bound leaf by leaf)
                why = ftype.structure_cast_reason(spec, value)
                if why is not None:
                    raise fail(why)
                try:
                    leaves: list = []
                    nest.map_structure_up_to(spec, leaves.append, value)
                except (ValueError, TypeError):
                    raise fail(f"Can not cast {value!r} to {ftype.type_text(spec)}") from None
                for leaf_spec, leaf in zip(nest.flatten(spec), leaves):
                    tensors.extend(_bound_leaf(leaf_spec, leaf, fail))
                continue
            tensors.extend(_bound_leaf(spec, value, fail))
        return _run_as_body(self._concrete[0], tensors)

    def _bind(self, args: tuple, kwargs: dict) -> None:
        """TF's binding of a call to the saved parameters (its FunctionType, before any
        concrete function is matched): Python's reason, as a TypeError naming them."""
        spec = self._spec
        if spec is None:
            return
        P = inspect.Parameter
        names = [n for n in spec.args if n != "self"]
        first_default = len(names) - len(spec.defaults or ())
        params = [P(n, P.POSITIONAL_OR_KEYWORD,
                    default=_CAPTURED if i >= first_default else P.empty)
                  for i, n in enumerate(names)]
        params += [P(spec.varargs, P.VAR_POSITIONAL)] if spec.varargs else []
        params += [P(n, P.KEYWORD_ONLY, default=_CAPTURED if n in (spec.kwonlydefaults or {})
                     else P.empty) for n in spec.kwonlyargs or ()]
        params += [P(spec.varkw, P.VAR_KEYWORD)] if spec.varkw else []
        signature = inspect.Signature(params)
        try:
            signature.bind(*args, **kwargs)
        except TypeError as e:
            raise TypeError(f"Binding inputs to tf.function failed due to `{e}`. Received "
                            f"args: {args!r} and kwargs: {kwargs!r} for signature: "
                            f"{signature}.") from None

    def _defaults_past(self, n: int) -> list:
        """(name, default, keyword-only) of the parameters past the first `n` (the input
        signature's), which take their defaults."""
        spec = self._spec
        if spec is None:
            return []
        names = [a for a in spec.args if a != "self"]
        defaults = dict(zip(names[len(names) - len(spec.defaults or ()):], spec.defaults or ()))
        out = [(a, defaults[a], False) for a in names[n:] if a in defaults]
        return out + [(a, d, True) for a, d in (spec.kwonlydefaults or {}).items()]

    def _as_traced(self, args: tuple, kwargs: dict) -> tuple:
        """The canonical arguments as TF's error shows them: TF traces the call, so a tensor
        argument is a placeholder named for its parameter (`<tf.Tensor 'x:0' ...>`, the
        tensors of a nested one 'p:0', 'p_1:0', ...)."""
        names = [n for n in (self._spec.args if self._spec else []) if n != "self"]
        taken: dict = {}
        out = tuple(_placeholders(a, names[i] if i < len(names) else
                                  f"args_{i - len(names)}", taken)
                    for i, a in enumerate(args))
        return out, {k: _placeholders(v, k, taken) for k, v in kwargs.items()}

    def get_concrete_function(self, *args: Any, **kwargs: Any) -> Any:
        """A ConcreteFunction of these arguments (tensors or TensorSpecs), traced as TF
        traces it: a new function of the saved parameters that calls the saved concrete
        function they match (so its outputs are its graph's tensors, its inputs named as
        the arguments given); no match is TF's ValueError."""
        if self._wrapper is None:
            self._wrapper = function(_with_signature(self, self._spec),
                                     input_signature=self._input_signature, autograph=False)
        return self._wrapper.get_concrete_function(*args, **kwargs)

    _wrapper: Any = None

    def _saved_concrete_function(self, *args: Any, **kwargs: Any) -> Any:
        """The saved concrete function these arguments (tensors or TensorSpecs) would
        call."""
        if not args and not kwargs and self._input_signature is not None:
            args = tuple(self._input_signature)  # (as TF's: the saved signature's)
        cargs, ckwargs = self._canonical(args, kwargs)
        for cf in self._concrete:
            sig = cf.structured_input_signature
            try:
                nest.assert_same_structure(sig, (cargs, ckwargs), check_types=False)
            except (ValueError, TypeError):
                continue
            if all(_spec_fits(s, v) for s, v in zip(nest.flatten(sig),
                                                    nest.flatten((cargs, ckwargs)))):
                return cf
        raise self._no_match(args, kwargs)

    def _no_match(self, args: tuple, kwargs: dict, why: str = "") -> ValueError:
        lines = ["Could not find matching concrete function to call loaded from the "
                 "SavedModel. Got:",
                 f"  Positional arguments ({len(args)} total):"]
        lines += [f"    * {pprint.pformat(a)}" for a in args]
        lines.append(f"  Keyword arguments: {kwargs!r}")
        lines += ["", f" Expected these arguments to match one of the following "
                      f"{len(self._concrete)} option(s):"]
        for i, cf in enumerate(self._concrete):
            a, k = cf.structured_input_signature
            lines += ["", f"Option {i + 1}:", f"  Positional arguments ({len(a)} total):"]
            lines += [f"    * {pprint.pformat(s)}" for s in a]
            lines.append(f"  Keyword arguments: {k!r}")
        if why:
            lines += ["", why]
        return ValueError("\n".join(lines))

    def __repr__(self) -> str:
        return f"<RestoredFunction with {len(self._concrete)} concrete function(s)>"


def _nested(spec: Any) -> bool:
    """Whether an input signature's entry is a list, tuple or dict of specs."""
    return isinstance(spec, (list, tuple, dict))


class _CapturedDefault:
    """A saved parameter's default as TF's binding error shows it."""

    def __repr__(self) -> str:
        return "<captured_default_value>"


_CAPTURED = _CapturedDefault()


def _same_namedtuples(a: Any, b: Any) -> bool:
    """Whether two namedtuples are of classes of one name and fields (TF's nest takes a
    restored one's class and the user's alike)."""
    return all(isinstance(x, tuple) and hasattr(x, "_fields") for x in (a, b)) and \
        type(a).__name__ == type(b).__name__ and a._fields == b._fields


def _as_restored_namedtuples(spec: Any, value: Any, fail: Callable) -> Any:
    """`value` with each namedtuple where `spec` has one made of the spec's class: a
    restored signature's namedtuple is a class made anew, which TF's binding takes a value
    of the user's own class for (by name and fields) but not a plain tuple (TF's
    "Cannot cast ... to type <class ...Point'>.")."""
    if isinstance(spec, tuple) and hasattr(spec, "_fields"):
        if isinstance(value, tuple) and hasattr(value, "_fields") and \
                not _same_namedtuples(spec, value):
            raise fail(f"{value!r} has different attributes with the TraceType "
                       f"{ftype.type_text(spec)}")
        if not _same_namedtuples(spec, value):
            raise fail(f"Cannot cast {value!r} to type {type(spec)!r}.")
        return type(spec)(*(_as_restored_namedtuples(s, v, fail) for s, v in zip(spec, value)))
    if isinstance(spec, (list, tuple)) and isinstance(value, (list, tuple)) and \
            len(spec) == len(value):
        return type(value)(_as_restored_namedtuples(s, v, fail) for s, v in zip(spec, value))
    if isinstance(spec, dict) and isinstance(value, dict) and set(spec) == set(value):
        return {k: _as_restored_namedtuples(spec[k], v, fail) for k, v in value.items()}
    return value


def _run_as_body(cf: Any, flat: list) -> Any:
    """`cf` called with `flat`; an op's error in it names the op TF runs a loaded
    tf.function by (its `restored_function_body`'s, which calls the trace) in place of
    the trace's."""
    try:
        return cf._call_flat(flat)
    except OpError as e:
        tail = f" [Op:{cf.function_op_name}]"
        if e.message.endswith(tail):
            e._message = e.message[:-len(tail)] + \
                f" [Op:__inference_restored_function_body_{cf._uid}]"
            e.args = (e._message,) + e.args[1:]
        raise


def _bound_leaf(spec: Any, value: Any, fail: Callable) -> list:
    """The tensors `value` passes for one spec of an input signature, bound as TF binds it
    (converted to a TensorSpec's dtype, checked against its shape; a composite by its
    components), else `fail`'s TypeError of TF's reason."""
    if isinstance(spec, CompositeSpec):  # (an extension type's, a ragged one's)
        why = ftype.extension_cast_reason(spec, value)
        if why is not None:
            raise fail(why)
        if not (isinstance(value, CompositeTensor) and spec.is_compatible_with(value)) \
                and not ftype.components_fit(spec, value):  # (TF binds by the components)
            raise fail(ftype.composite_cast_reason(spec, value))
        return list(spec._to_components(value))
    if isinstance(value, Tensor):
        t = value
    else:
        try:
            t = convert_to_tensor(value, dtype=spec.dtype)
        except (TypeError, ValueError) as e:
            raise fail(str(e)) from None
    if t.dtype is not spec.dtype or not spec.shape.is_compatible_with(t.shape):
        raise fail(f"Can not cast {TensorSpec(t.shape, t.dtype, spec.name)!r} to {spec!r}")
    return [t]


def _with_signature(fn: Any, spec: Any) -> Any:
    """`fn` as a Python function whose signature is the saved FullArgSpec `spec`."""
    def call(*args: Any, **kwargs: Any) -> Any:
        return fn(*args, **kwargs)

    if spec is None:
        return call
    P = inspect.Parameter
    names = [n for n in spec.args if n != "self"]
    defaults = list(spec.defaults or ())
    first = len(names) - len(defaults)
    params = [P(n, P.POSITIONAL_OR_KEYWORD,
                default=defaults[i - first] if i >= first else P.empty)
              for i, n in enumerate(names)]
    if spec.varargs:
        params.append(P(spec.varargs, P.VAR_POSITIONAL))
    kw_defaults = dict(spec.kwonlydefaults or {})
    params += [P(n, P.KEYWORD_ONLY, default=kw_defaults.get(n, P.empty))
               for n in spec.kwonlyargs or ()]
    if spec.varkw:
        params.append(P(spec.varkw, P.VAR_KEYWORD))
    call.__signature__ = inspect.Signature(params)
    call.__name__ = call.__qualname__ = "restored_function_body"
    return call


def _placeholders(value: Any, name: str, taken: dict) -> Any:
    """`value` with each tensor the placeholder TF's trace makes of it, named `name` (made
    unique in the graph as TF makes it: name, name_1, ...)."""
    if isinstance(value, np.ndarray):
        value = convert_to_tensor(value)
    if isinstance(value, Tensor):
        n = taken.get(name, 0)
        taken[name] = n + 1
        unique = name if not n else f"{name}_{n}"
        return _Shown(f"<tf.Tensor '{unique}:0' shape={tuple(value.shape.as_list())} "
                      f"dtype={value.dtype.name}>")
    if type(value).__name__ == "RaggedTensor" and value.ragged_rank == 1:
        # its placeholders: the values (rows not known), then the row splits
        inner = tuple(value.values.shape.as_list()[1:])
        return _Shown(f"tf.RaggedTensor(values=Tensor(\"{name}:0\", shape="
                      f"{(None, *inner)}, dtype={value.dtype.name}), row_splits=Tensor("
                      f"\"{name}_1:0\", shape={tuple(value.row_splits.shape.as_list())}, "
                      f"dtype={value.row_splits.dtype.name}))")
    if isinstance(value, tuple) and hasattr(value, "_fields"):
        return type(value)(*(_placeholders(v, name, taken) for v in value))
    if isinstance(value, (list, tuple)):
        return type(value)(_placeholders(v, name, taken) for v in value)
    if isinstance(value, dict):
        return {k: _placeholders(value[k], name, taken) for k in value}
    return value


class _Shown(str):
    """Text shown as it is (repr without quotes)."""

    def __repr__(self) -> str:
        return str(self)


def _spec_fits(spec: Any, value: Any) -> bool:
    if is_tensor_spec(spec):
        if is_tensor_spec(value) or isinstance(value, Tensor):
            return value.dtype is spec.dtype and spec.shape.is_compatible_with(value.shape)
        return False
    return spec == value


def _flatten_up_to(sig: Any, value: Any) -> list:
    """`value` flattened as deep as `sig` is nested (TF's nest.flatten_up_to): what stands
    where `sig` has a spec is taken whole (a list of strings for a TensorSpec)."""
    if not nest.is_nested(sig):
        return [value]
    if not nest.is_nested(value) or isinstance(sig, dict) != isinstance(value, dict):
        raise _NoMatch()
    if not isinstance(sig, dict) and not isinstance(value, type(sig)) and \
            not _same_namedtuples(sig, value):  # (nest's type check: a tuple is no list,
        raise _NoMatch()                         # a namedtuple matches by name and fields)
    if isinstance(sig, dict):
        if set(sig) != set(value):
            raise _NoMatch()
        try:
            keys = sorted(sig)  # (nest's order)
        except TypeError:
            keys = list(sig)
        pairs = [(sig[k], value[k]) for k in keys]
    else:
        if len(sig) != len(value):
            raise _NoMatch()
        pairs = list(zip(sig, value))
    out: list = []
    for s, v in pairs:
        out += _flatten_up_to(s, v)
    return out


def _match(sig: Any, call: tuple, convert: bool) -> list:
    """The flat tensors of `call` if it fits signature `sig`, else _NoMatch."""
    flat = []
    for spec, value in zip(nest.flatten(sig), _flatten_up_to(sig, call)):
        if isinstance(spec, VariableSpec):  # (a variable argument: the variable itself)
            if not is_variable_argument(value) or value.dtype != spec.dtype or \
                    not spec.shape.is_compatible_with(value.shape):
                raise _NoMatch()
            if not any(x is value for x in flat):  # (an alias: fed once)
                flat.append(value)
        elif is_tensor_spec(spec):
            if hasattr(value, "_as_tensor") and not isinstance(value, Tensor):
                value = value._as_tensor()
            if not isinstance(value, Tensor):
                if not convert:
                    raise _NoMatch()
                try:
                    value = convert_to_tensor(value, dtype=spec.dtype)
                except (TypeError, ValueError):
                    raise _NoMatch() from None
            if value.dtype is not spec.dtype or not spec.shape.is_compatible_with(value.shape):
                raise _NoMatch()
            flat.append(value)
        elif isinstance(spec, CompositeSpec) and isinstance(value, CompositeTensor):
            if not spec.is_compatible_with(value):  # (a ragged or structured tensor's parts)
                raise _NoMatch()
            flat += value._type_spec._to_components(value)
        elif is_iterator_spec(spec) and is_iterator_argument(value):
            # (an iterator of any element spec, as TF's: its reads refuse what misfits)
            flat.append(value._iterator_resource)
        elif isinstance(value, Tensor) or spec != value:
            raise _NoMatch()
    return flat


__all__ = ["RestoredFunction", "SignatureMapView", "TensorSpec", "_UserObject"]
