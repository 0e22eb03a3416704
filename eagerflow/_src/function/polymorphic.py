"""tf.function: a Python function traced once per input signature.

Sits at the top of function/. A call computes the arguments' cache key (see
signature.py); a hit runs the compiled ConcreteFunction, a miss traces the Python
function into a FuncGraph (Python side effects happen here, once per trace),
optimizes and compiles it. Methods get one cache per instance. Variables may be
created only by the first trace, which is then traced again with variable creation
forbidden (as TF does), so a function that creates a variable on every call fails
with TF's ValueError.
"""

from __future__ import annotations

import contextlib
import functools
import inspect
import threading
import weakref
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from eagerflow._src.core import nest, tf_logging, trace_events
from eagerflow._src.core.composite import CompositeSpec, CompositeTensor
from eagerflow._src.core.context import CALL_CONTEXT_KEY, _state, autograph_status, restoring
from eagerflow._src.core.lazy import lazy_module
from eagerflow._src.core.resource import made_resource_handles
from eagerflow._src.core.tensor import EagerTensor, Tensor, convert_to_tensor
from eagerflow._src.core.tensor_spec import TensorSpec, VariableSpec, is_tensor_spec
from eagerflow._src.function import function_type as ftype
from eagerflow._src.function.function_type import FunctionType
from eagerflow._src.function.signature import (
    _SpecComposite,
    _SpecTensor,
    composite_parts,
    is_iterator_spec,
    is_per_replica,
    make_key,
    mirrored_tensor,
    per_replica_parts,
)
from eagerflow._src.function.trace_io import (
    _as_spec_value,
    _component_specs,
    _composite_for_spec,
    _composite_specs,
    _flat_shape,
    _iterator_fits,
    _iterator_for_spec,
    _iterator_specs,
    _not_an_output,
    _NotAnOutput,
    _output_template,
    _placeholders,
    _shape_fits,
    _spec_fits,
    _spec_placeholder,
)
from eagerflow._src.function.variable_args import SpecVariable, is_variable
from eagerflow._src.graph.control_outputs import add_control_outputs
from eagerflow._src.graph.ir import FuncGraph
from eagerflow._src.ops.debugging import get_logger

if TYPE_CHECKING:
    from eagerflow._src.function.concrete import ConcreteFunction

# Tracing and compiling (graph passes, codegen) and AutoGraph (30 modules of AST
# converters) load on the first trace, so that `import eagerflow` stays light.
concrete = lazy_module("eagerflow._src.function.concrete")
ag = lazy_module("eagerflow._src.autograph")



def _relaxed_key(bound: dict) -> tuple:
    """The key of the traces a call's shapes may generalize (one flat list for all the
    arguments: a variable's alias id counts those of the arguments before it)."""
    flat: list = []
    key = tuple(make_key(v, flat, relax=True) for v in bound.values())
    return key if CALL_CONTEXT_KEY[0] is None else _with_call_context(key)


def _with_call_context(key: Any) -> Any:
    """`key` with where the call is made (distribute's CALL_CONTEXT_KEY), left as it is
    outside any strategy: a trace made there keeps the key it would have without one."""
    where = CALL_CONTEXT_KEY[0]()
    return key if where is None else (key, where)


def _in_replica(sig_key: Any) -> bool:
    """Whether a trace cache key is of a call in a strategy's replica (CALL_CONTEXT_KEY)."""
    return type(sig_key) is tuple and len(sig_key) == 2 and sig_key[1] == "replica"


def _log() -> Any:
    return get_logger()


RETRACE_THRESHOLD = 5        # tracings within the recent calls that trigger the warning
RETRACE_CALL_HISTORY = 10    # how many recent calls are considered
RETRACE_MAX_WARNINGS = 2     # warnings per function


class _RetraceDetector:
    """Counts tracings among recent calls; warns when a function retraces too often."""

    def __init__(self) -> None:
        self.calls_per_trace: list = []  # calls made since each recent trace (first included)
        self.calls = 0
        self.warnings = 0

    def traced(self, fn_repr: str) -> str | None:
        """Counts a call that traced; TF's warning when too many recent calls did (logged
        by the caller once the call has run, as TF logs it)."""
        self.calls += 1
        self.calls_per_trace.append(1)
        while self.calls_per_trace and self.calls - self.calls_per_trace[0] > \
                RETRACE_CALL_HISTORY:
            self.calls -= self.calls_per_trace.pop(0)
        if self.warnings >= RETRACE_MAX_WARNINGS or \
                len(self.calls_per_trace) < RETRACE_THRESHOLD:
            return None
        self.warnings += 1
        return (f"{len(self.calls_per_trace)} out of the last {self.calls} calls to {fn_repr} "
                "triggered tf.function retracing. Tracing is expensive and the excessive "
                "number of tracings could be due to (1) creating @tf.function repeatedly in a "
                "loop, (2) passing tensors with different shapes, (3) passing Python objects "
                "instead of tensors. For (1), please define your @tf.function outside of the "
                "loop. For (2), @tf.function has reduce_retracing=True option that can avoid "
                "unnecessary retracing. For (3), please refer to "
                "https://www.tensorflow.org/guide/function#controlling_retracing and "
                "https://www.tensorflow.org/api_docs/python/tf/function for  more details.")

    def hit(self) -> None:
        if not self.calls_per_trace:
            self.calls_per_trace.append(0)
        self.calls_per_trace[-1] += 1
        self.calls += 1


# One detector per Python function's code, as TF keys its call statistics: a tf.function
# made afresh in a loop over the same code counts its retracings together (the warning's
# case (1)); weak keys, so that a forgotten function's statistics go with it.
_DETECTORS: Any = weakref.WeakKeyDictionary()


def _detector_for(fn: Any) -> _RetraceDetector:
    target = fn
    while hasattr(target, "__wrapped__"):
        target = target.__wrapped__
    target = getattr(target, "__func__", target)
    key = getattr(target, "__code__", fn)
    try:
        found = _DETECTORS.get(key)
        if found is None:
            found = _DETECTORS[key] = _RetraceDetector()
        return found
    except TypeError:  # a callable that takes no weak reference counts on its own
        return _RetraceDetector()


def _sign_as_bound(bound: Function, fn: Callable) -> None:
    """Gives a method's bound Function the signature of the bound method (without `self`),
    as TF's does: Keras binds a layer's tf.function `call` to it."""
    try:
        sig = inspect.signature(fn)
    except (TypeError, ValueError):
        return
    params = list(sig.parameters.values())
    if params and params[0].kind in (params[0].POSITIONAL_ONLY,
                                     params[0].POSITIONAL_OR_KEYWORD):
        bound.__signature__ = sig.replace(parameters=params[1:])


def _holds_distributed_values(args: tuple, kwargs: dict) -> bool:
    return any(getattr(x, "_is_distributed_value", False)
               for x in nest.flatten([list(args), kwargs]))


def _untraceable_distributed(args: tuple, kwargs: dict) -> str | None:
    """Why the distributed values among the arguments are not traced (None: they all
    are): a Mirrored value of no tensor, or per-replica values of which one is None (TF's
    NoneTensorSpec, which a placeholder cannot stand for). A replica's value that does
    not convert to a tensor is TF's TypeError."""
    for x in nest.flatten([list(args), kwargs]):
        if not getattr(x, "_is_distributed_value", False) or mirrored_tensor(x) is not None:
            continue
        if not is_per_replica(x):
            return f"{type(x).__name__} values of no tensor have no trace type here"
        if any(v is None for v in x.values):
            return "a replica's value is None"
        per_replica_parts(x)
    return None


_per_replica = threading.local()


class _CapturedDefault:
    """How TF's binding errors print a parameter's default value."""

    def __repr__(self) -> str:
        return "<captured_default_value>"


_CAPTURED_DEFAULT = _CapturedDefault()


def _check_signature_fits(signature: inspect.Signature | None, specs: tuple) -> None:
    """TF's checks of an input_signature against the parameters, made when the function
    is: each positional parameter takes the next spec (`self` none, `*args` the rest), or
    must have a default; a keyword-only one must have a default; no spec may be left."""
    if signature is None:
        return
    left = len(specs)
    for p in signature.parameters.values():
        if p.name == "self" or p.kind is p.VAR_KEYWORD:
            continue
        if p.kind is p.VAR_POSITIONAL:
            left = 0
        elif p.kind is p.KEYWORD_ONLY and p.default is p.empty:
            raise TypeError("Since input_signature is defined, keyword-only parameter "
                            f"`{p.name}` must have a default value")
        elif left:
            left -= 1
        elif p.default is p.empty:
            raise TypeError(f"input_signature missing type constraint for {p.name}")
    if left:
        raise TypeError(f"input_signature contains {left} extra type constraints.")


def _defaulted(params: list) -> list:
    """The parameters of `params` an input signature leaves to their defaults (those with
    one; `*args` and `**kwargs` take no value)."""
    return [p for p in params if p.default is not p.empty and
            p.kind not in (p.VAR_POSITIONAL, p.VAR_KEYWORD)]


class _Profiled(threading.local):
    on = False  # while this thread's call is being recorded for tf.profiler


_profiled = _Profiled()


def in_per_replica_call() -> bool:
    """Whether a tf.function given per-replica inputs runs on this thread: its
    `strategy.run` calls then compile their replica functions (distribute/)."""
    return getattr(_per_replica, "depth", 0) > 0


def _autograph_convert(fn: Callable, features: Any = None) -> Callable:
    """AutoGraph's conversion of `fn` (`features`: the optional AutoGraph features)."""
    try:
        return ag.convert(fn, optional_features=features)
    except Exception as e:  # noqa: BLE001 - TF runs the function unconverted, with a warning
        ag.api.warn_unconverted(fn, e)
        return fn


class Function:
    """The callable tf.function returns."""

    def __init__(self, python_function: Callable, name: str | None = None,
                 input_signature: Any = None, autograph: bool = True,
                 jit_compile: Any = None, reduce_retracing: bool = False,
                 instance: Callable[[], Any] | None = None, autograph_options: Any = None) -> None:
        if input_signature is not None:
            if not isinstance(input_signature, (list, tuple)):
                raise TypeError(f"input_signature must be either a tuple or a list, got "
                                f"{type(input_signature)}.")
            for spec in nest.flatten(input_signature):
                if not is_tensor_spec(spec) and not isinstance(spec, CompositeSpec) and \
                        not is_iterator_spec(spec):
                    raise TypeError(f"input_signature must be a possibly nested sequence of "
                                    f"TensorSpec objects, got invalid args {spec!r} with type "
                                    f"{type(spec)}.")
            if any(isinstance(s, VariableSpec) for s in nest.flatten(input_signature)):
                # (TF's check, of the signature as given)
                raise TypeError(f"input_signature doesn't support VariableSpec, got "
                                f"{input_signature!r}")
        self._python_function = python_function
        self._name = name or getattr(python_function, "__name__", "function")
        self._input_signature = None if input_signature is None else tuple(input_signature)
        self._autograph = autograph
        self._autograph_options = autograph_options
        self._first_call: ConcreteFunction | None = None
        self._jit_compile = jit_compile
        self._reduce_retracing = reduce_retracing
        # a bound method's reference to its instance (__get__); once a weakly held one is
        # gone, `self` is None, as TF's
        self._instance = instance
        self._cache: dict = {}           # raw call key -> ConcreteFunction
        self._by_signature: dict = {}    # bound-argument key -> ConcreteFunction
        self._relaxed: dict = {}         # shape-free key -> [ConcreteFunction]
        self._tracing_count = 0
        self._traced: list = []          # every ConcreteFunction, in tracing order
        self._save_cache: dict = {}      # _by_signature of tf.saved_model.save's traces
        self._save_retraced: set = set()  # its keys of the traces calls made
        self._variables_created = None   # None: never traced; then True/False
        self._detector = _detector_for(python_function)
        self._retrace_warning: str | None = None  # logged once the call has run
        # why the last call given distributed values ran as Python (None: it was traced)
        self._python_path_reason: str | None = None
        self._converted: Callable | None = None
        self._bound: Any = weakref.WeakKeyDictionary()
        self._bound_strong: dict = {}
        try:
            self._signature = inspect.signature(python_function)
        except (TypeError, ValueError):
            self._signature = None
        if instance is not None and self._signature is not None:
            params = list(self._signature.parameters.values())[1:]
            self._signature = self._signature.replace(parameters=params)
        elif self._input_signature is not None:
            _check_signature_fits(self._signature, self._input_signature)
        functools.update_wrapper(self, python_function, updated=())
        if self.__doc__ is None:  # (TF's Function: an undocumented function's doc is "")
            self.__doc__ = ""

    # -- public surface ----------------------------------------------------------------
    @property
    def python_function(self) -> Callable:
        return self._python_function

    @property
    def input_signature(self) -> Any:
        return self._input_signature

    @property
    def function_spec(self) -> Any:
        return self._signature

    def experimental_get_tracing_count(self) -> int:
        return self._tracing_count

    @property
    def function_type(self) -> FunctionType:
        """The Python parameters (typed by input_signature when there is one)."""
        return ftype.untraced(self._signature, self._input_signature)

    def pretty_printed_concrete_signatures(self, verbose: bool = True) -> str:
        """Every concrete function traced so far, in order, as TF prints them (a function
        with an input_signature, or with no parameters, is traced for it first)."""
        if not self._traced and (self._input_signature is not None or
                                 (self._signature is not None and
                                  not self._signature.parameters)):
            self.get_concrete_function()
        return ("\n\n" if verbose else "\n").join(
            cf.pretty_printed_signature(verbose) for cf in self._traced)

    def __get__(self, instance: Any, owner: Any = None) -> Any:
        if instance is None:
            return self
        # kept by the instance weakly, as TF keeps it: a strong reference from the bound
        # function (the WeakKeyDictionary's value) would hold its key alive for good
        try:
            bound, ref = self._bound.get(instance), weakref.ref(instance)
        except TypeError:  # unhashable or not weakly referable: kept by id, held strongly
            bound, ref = self._bound_strong.get(id(instance)), (lambda: instance)
        if bound is None:
            bound = Function(self._python_function, self._name, self._input_signature,
                             self._autograph, self._jit_compile, self._reduce_retracing,
                             instance=ref, autograph_options=self._autograph_options)
            _sign_as_bound(bound, self._python_function)
            if isinstance(ref, weakref.ref):
                self._bound[instance] = bound
            else:
                self._bound_strong[id(instance)] = bound
        return bound

    def _fn_repr(self) -> str:
        f = self._python_function
        return f"<function {getattr(f, '__qualname__', self._name)} at 0x{id(f):x}>"

    # -- calling -----------------------------------------------------------------------
    def __call__(self, *args: Any, **kwargs: Any) -> Any:
        if _run_eagerly[0]:  # tf.config.run_functions_eagerly(True): plain Python
            f = self._python_function
            return f(self._instance(), *args, **kwargs) if self._instance is not None else \
                f(*args, **kwargs)
        if trace_events.ACTIVE[0] and _state.graph is None and not _profiled.on:
            return self._call_profiled(args, kwargs)
        tensors: list = []
        try:
            key = make_key(args, tensors) if not kwargs else \
                (make_key(args, tensors), make_key(kwargs, tensors))
            if CALL_CONTEXT_KEY[0] is not None:
                key = _with_call_context(key)
            cf = self._cache.get(key)
        except TypeError:
            key, cf = None, None
        if cf is not None:
            if _state.graph is None:  # TF counts the calls made eagerly only
                self._detector.hit()
            return cf._call_flat(tensors)
        if _holds_distributed_values(args, kwargs):
            # Per-replica inputs are traced (TF's PerReplicaSpec: one placeholder per
            # replica, strategy.run unrolled in the graph: distribute/graph_run.py); a
            # distributed value that cannot be makes the function run as Python, the
            # replica functions it hands to strategy.run traced, one graph shared by the
            # replica threads.
            self._python_path_reason = _untraceable_distributed(args, kwargs)
            if self._python_path_reason is not None:
                _per_replica.depth = getattr(_per_replica, "depth", 0) + 1
                try:
                    return self._python_callable()(*args, **kwargs)
                finally:
                    _per_replica.depth -= 1
        cf, tensors = self._concrete_for_call(args, kwargs, key)
        if self._first_call is not None:  # (it initializes the variables it created)
            cf, self._first_call = self._first_call, None
        out = cf._call_flat(tensors)
        if self._retrace_warning is not None:
            warning, self._retrace_warning = self._retrace_warning, None
            _log().warning(warning)
        return out

    def _call_profiled(self, args: tuple, kwargs: dict) -> Any:
        """A call while tf.profiler runs, recorded as TF records one: an event named for
        the function, saying whether this call traced and how often it has."""
        count, start = self._tracing_count, trace_events.now()
        _profiled.on = True
        try:
            return self(*args, **kwargs)
        finally:
            _profiled.on = False
            traced = "traced" if self._tracing_count > count else "notTraced"
            xla = "xla" if self._jit_compile else "nonXla"
            trace_events.add(self._name, start, trace_events.now(),
                             {"tf_function_call": f"{traced}-{xla}",
                              "tracing_count": self._tracing_count})

    def get_concrete_function(self, *args: Any, **kwargs: Any) -> ConcreteFunction:
        """The ConcreteFunction for these arguments (tensors or TensorSpecs), tracing if
        needed."""
        if self._input_signature is not None and not kwargs:
            if args:  # (TF's binding error for arguments the signature refuses)
                given = tuple(_spec_placeholder(a) for a in args)
                self._check_signature(given, {}, self._bind(given, {}))
            # the signature's own function: its specs, names and shapes, whatever fitted
            args = self._input_signature
        args = tuple(_spec_placeholder(a) for a in args)
        kwargs = {k: _spec_placeholder(v) for k, v in kwargs.items()}
        cf, _ = self._concrete_for_call(args, kwargs, None, count_call=False)
        return cf

    def _concrete_for_call(self, args: tuple, kwargs: dict, raw_key: Any,
                           count_call: bool = True) -> tuple:
        bound = self._bind(args, kwargs)
        tensors: list = []
        if self._input_signature is not None:
            sig_key = "input_signature"
            tensors = self._check_signature(args, kwargs, bound)
        else:
            sig_key = tuple(make_key(v, tensors) for v in bound.values())
        if CALL_CONTEXT_KEY[0] is not None:
            sig_key = _with_call_context(sig_key)
        saving = _saving[0]
        by_signature = self._save_cache if saving else self._by_signature
        cf = by_signature.get(sig_key)
        if cf is None and self._input_signature is None and not saving:
            cf = self._find_relaxed(bound, tensors)
        if cf is None:
            start = trace_events.now()
            cf = self._trace(bound, tensors)
            trace_events.add("tf.function-graph_building", start, trace_events.now())
            by_signature[sig_key] = cf
            if count_call and _state.graph is None:
                self._retrace_warning = self._detector.traced(self._fn_repr())
        elif count_call and _state.graph is None:
            self._detector.hit()
        if raw_key is not None and not saving and all(hasattr(t, "_arr") for t in tensors):
            raw: list = []
            make_key(args, raw)
            make_key(kwargs, raw)
            if len(raw) == len(tensors) and all(a is b for a, b in zip(raw, tensors)):
                self._cache[raw_key] = cf
        return cf, [t for t in tensors if not isinstance(t, (_SpecTensor, SpecVariable))]

    def _bind(self, args: tuple, kwargs: dict) -> dict:
        if self._signature is None:
            out = {f"args_{i}": a for i, a in enumerate(args)}
            out.update(kwargs)
            return out
        try:
            ba = self._signature.bind(*args, **kwargs)
        except TypeError as e:
            raise self._binding_error(str(e), args, kwargs) from None
        ba.apply_defaults()
        return dict(ba.arguments)

    def _binding_error(self, reason: str, args: tuple, kwargs: dict) -> TypeError:
        return TypeError(f"Binding inputs to tf.function failed due to `{reason}`. Received "
                         f"args: {args!r} and kwargs: {kwargs!r} for signature: "
                         f"{self._described_signature()}.")

    def _described_signature(self) -> str:
        """The Python signature as TF's binding errors print it: the input signature's
        specs as the parameters' types (`self` takes none), or, without one, the bare
        parameters, each default a <captured_default_value>."""
        params = list(self._signature.parameters.values()) if self._signature else []
        if self._input_signature is None:
            return str(inspect.Signature([p.replace(
                annotation=p.empty, default=p.default if p.default is p.empty
                else _CAPTURED_DEFAULT) for p in params]))
        specs = iter(self._input_signature)
        n = len(self._input_signature) + sum(p.name == "self" for p in params)
        parts = [p.name if p.name == "self" else f"{p.name}: {ftype.type_text(next(specs))}"
                 for p in params[:n]]
        for p in _defaulted(params[n:]):  # (TF types each as the literal of its default)
            if p.kind is p.KEYWORD_ONLY and "*" not in parts:
                parts.append("*")
            parts.append(f"{p.name}: {ftype.Literal(p.default)!r} = {_CAPTURED_DEFAULT}")
        return "(" + ", ".join(parts) + ")"

    def _check_signature(self, args: tuple, kwargs: dict, bound: dict) -> list:
        specs = self._input_signature
        spread = self._spread_var_positional(bound)
        values = list(spread.values())

        def fail(reason: str) -> TypeError:
            return self._binding_error(reason, args, kwargs)

        params = list(self._signature.parameters.values()) if self._signature else []
        extra = _defaulted(params[len(specs) + sum(p.name == "self" for p in params):])
        if len(args) > len(specs) + sum(p.kind is not p.KEYWORD_ONLY for p in extra):
            raise fail("too many positional arguments")
        tensors: list = []
        for pname, spec, value in zip(list(spread), specs, values[:len(specs)]):
            flat_specs = nest.flatten(spec)
            why = ftype.structure_cast_reason(spec, value)
            if why is not None:
                raise fail(why)
            if is_tensor_spec(spec) and not isinstance(value, (Tensor, _SpecTensor)):
                value = _as_spec_value(value, spec, fail)  # a Python list for one tensor
                spread[pname] = value
            if isinstance(spec, CompositeSpec) and not isinstance(value, _SpecComposite):
                why = ftype.extension_cast_reason(spec, value)
                if why is not None:
                    raise fail(why)
            try:
                # (a leaf of the signature takes any value a tensor converts from: a list)
                flat_values: list = []
                nest.map_structure_up_to(spec, flat_values.append, value)
            except (ValueError, TypeError):
                raise fail(f"Can not cast {value!r} to {spec!r}") from None
            if any(isinstance(s, CompositeSpec) for s in flat_specs):
                # composites are traced as their signature's spec says, not as given
                spread[pname] = nest.pack_sequence_as(spec, [
                    _SpecComposite(s) if isinstance(s, CompositeSpec) else v
                    for s, v in zip(flat_specs, flat_values)])
            read: dict = {}  # (position -> the value of a variable given for a TensorSpec)
            for i, (s, v) in enumerate(zip(flat_specs, flat_values)):
                if isinstance(s, CompositeSpec):
                    tensors.extend(_composite_for_spec(s, v, fail))
                    continue
                if is_iterator_spec(s):
                    tensors.extend(_iterator_for_spec(s, v, fail))
                    continue
                if isinstance(v, _SpecTensor):
                    # TF casts a given spec to the signature's only when it is a subtype:
                    # no less known a shape, no other name
                    given = TensorSpec(v._shape, v._dtype, v.name)
                    if v._dtype is not s.dtype or not given.shape.is_subtype_of(s.shape) or (
                            v.name is not None and v.name != s.name):
                        raise fail(f"Can not cast {given!r} to {s!r}")
                    tensors.append(v)
                    continue
                if is_variable(v):
                    t = read[i] = _as_spec_value(v, s, fail)
                elif isinstance(v, Tensor) or hasattr(v, "_as_tensor"):
                    t = convert_to_tensor(v) if not isinstance(v, Tensor) else v
                else:
                    try:
                        t = convert_to_tensor(v, dtype=s.dtype)
                    except (TypeError, ValueError) as e:  # (TF's reason: the conversion's)
                        raise fail(str(e)) from None
                if t.dtype is not s.dtype or not s.shape.is_compatible_with(t.shape):
                    raise fail(f"Can not cast {TensorSpec(t.shape, t.dtype)!r} to {s!r}")
                tensors.append(t)
            if read and not any(isinstance(s, CompositeSpec) for s in flat_specs):
                spread[pname] = nest.pack_sequence_as(
                    spec, [read.get(i, v) for i, v in enumerate(flat_values)])
        for p in extra:  # a parameter past the signature takes its default's value only
            if not ftype.literal_accepts(p.default, bound.get(p.name, p.default)):
                raise fail(f"Can not cast {bound[p.name]!r} to {ftype.Literal(p.default)!r}")
        for key, value in spread.items():  # (what was converted, back in its parameter)
            if isinstance(key, tuple):
                bound[key[0]] = bound[key[0]][:key[1]] + (value,) + bound[key[0]][key[1] + 1:]
            else:
                bound[key] = value
        return tensors

    def _spread_var_positional(self, bound: dict) -> dict:
        """The bound arguments with `*args` spread, one entry (keyed (name, i)) per value:
        an input signature gives one spec per positional value."""
        out: dict = {}
        for name, value in bound.items():
            p = self._signature.parameters.get(name) if self._signature else None
            if p is not None and p.kind is p.VAR_POSITIONAL:
                out.update({(name, i): v for i, v in enumerate(value)})
            else:
                out[name] = value
        return out

    def _find_relaxed(self, bound: dict, tensors: list) -> ConcreteFunction | None:
        rkey = _relaxed_key(bound)
        given = None
        for cf in self._relaxed.get(rkey, ()):
            specs = cf._flat_specs
            if len(specs) == len(tensors) and all(
                    _shape_fits(_flat_shape(t), s) for t, s in zip(tensors, specs)):
                # a composite's shape is more than its components' (a SparseTensor's dense
                # shape is a value): a trace for another shape is not a supertype
                given = _composite_specs(bound.values()) if given is None else given
                if all(_spec_fits(g, t) for g, t in zip(given, cf._composite_specs)) and \
                        all(_iterator_fits(g, t) for g, t in
                            zip(_iterator_specs(bound.values()), cf._iterator_specs)):
                    return cf
        return None

    # -- tracing -----------------------------------------------------------------------
    def _python_callable(self) -> Callable:
        if self._converted is None:
            f = self._python_function
            if self._autograph:
                f = _autograph_convert(f, self._autograph_options)
            self._converted = f
        f = self._converted
        if self._instance is not None:
            return functools.partial(f, self._instance())
        return f

    def _trace(self, bound: dict, tensors: list) -> ConcreteFunction:
        shapes = [_flat_shape(t) for t in tensors]
        if self._input_signature is not None:
            shapes = [() if is_iterator_spec(s) else None if s.shape.rank is None else
                      tuple(s.shape)
                      for s in _component_specs(nest.flatten(self._input_signature))]
            # traced from the signature's specs whatever the call gave: their names name
            # the inputs (TF's concrete function of an input_signature)
            specs = self._bind(tuple(_spec_placeholder(s) for s in self._input_signature), {})
            if specs.keys() == bound.keys():
                bound = specs
        elif self._reduce_retracing:
            shapes = self._relaxed_shapes(bound, tensors)
            bound = self._relaxed_sparse(bound)
        first = self._variables_created is None
        cf = self._trace_once(bound, shapes, allow_variables=first)
        if first:
            self._variables_created = bool(cf.graph.created_variables)
            if self._variables_created:
                if cf.graph.initializes_variables:  # the call that traced runs it, once
                    self._first_call = cf
                cf = self._trace_once(bound, shapes, allow_variables=False)
        rkey = _relaxed_key(bound)
        self._relaxed.setdefault(rkey, []).append(cf)
        self._traced.append(cf)
        return cf

    def _traces_for_saving(self) -> list:
        """The traces tf.saved_model.save writes: those made (their graphs), then those
        made while saving (an input_signature's, when no call traced it). As in TF, whose
        trace cache keys include the save context, each signature is traced once more the
        first time it is saved: the Python function and its side effects (a print) run
        again, into the save context's cache."""
        retraced = self._save_retraced  # the save context's keys of the calls' traces
        with save_context():
            if self._input_signature is not None:
                self.get_concrete_function()
            for key, cf in list(self._by_signature.items()):
                if key not in self._save_cache and self._savable(cf):
                    before = set(self._save_cache)
                    args, kwargs = cf.structured_input_signature
                    self.get_concrete_function(*args, **kwargs)
                    # (a reduce_retracing trace is keyed by the call that made it, its
                    # retrace by its relaxed signature: the same function, saved once; a
                    # replica's trace is not written, its retrace is)
                    if not _in_replica(key):
                        retraced |= set(self._save_cache) - before
        made = []
        for key, cf in self._by_signature.items():
            # (a trace made in a strategy's replica is that replica's, its generators keyed
            # by it: the save context's own trace of that signature is written, as in TF)
            if not self._savable(cf) or _in_replica(key):
                continue
            # (a call's trace that made a resource's handle is written as TF writes every
            # trace, its save-context retrace: that one captures the handle, made eagerly)
            if made_resource_handles(cf.graph):
                cf = self._save_cache.get(key, cf)
            made.append(cf)
        saved = [cf for key, cf in self._save_cache.items()
                 if key not in self._by_signature and key not in retraced]
        return list(dict.fromkeys(made + saved))

    @staticmethod
    def _savable(cf: ConcreteFunction) -> bool:
        # (TF leaves out a trace whose signature holds an object traced by reference)
        return not any(isinstance(a, ftype.UnknownArgument)
                       for a in nest.flatten(cf.structured_input_signature))

    def _relaxed_shapes(self, bound: dict, tensors: list) -> list:
        rkey = _relaxed_key(bound)
        prev = self._relaxed.get(rkey)
        shapes = [_flat_shape(t) for t in tensors]
        if not prev:
            return shapes
        old = prev[-1]._flat_specs
        out = []
        for s, o in zip(shapes, old):
            if s is None or o is None or len(s) != len(o):
                out.append(None)
            else:
                out.append(tuple(a if a == b else None for a, b in zip(s, o)))
        return out

    def _relaxed_sparse(self, bound: dict) -> dict:
        """`bound` with each SparseTensor whose dense shape differs from the last trace's
        given as the spec of both (TF's common supertype: the dims that differ unknown),
        which its components' shapes cannot say."""
        rkey = _relaxed_key(bound)
        prev = self._relaxed.get(rkey)
        if not prev:
            return bound
        flat = nest.flatten(list(bound.values()))
        old = iter(prev[-1]._composite_specs)
        for i, v in enumerate(flat):
            if not isinstance(v, (CompositeTensor, _SpecComposite)):
                continue
            spec, was = composite_parts(v)[0], next(old, None)
            if type(spec).__name__ == "SparseTensorSpec" and type(was) is type(spec):
                shape = spec.shape.most_specific_common_supertype([was.shape])
                if shape != spec.shape or shape.rank is None:
                    flat[i] = _SpecComposite(type(spec)(shape, spec.dtype))
        values = nest.pack_sequence_as(list(bound.values()), flat)
        return dict(zip(bound, values))

    def _trace_once(self, bound: dict, shapes: list, allow_variables: bool) -> ConcreteFunction:
        # The graph machinery loads on the first trace, keeping `import eagerflow` light.
        outer = _state.graph
        graph = FuncGraph(self._name, parent=outer)
        graph.jit_compile = self._jit_compile
        graph.allow_variable_creation = allow_variables
        graph.argument_variables = {}  # id(variable argument) -> (its stand-in, its spec)
        it = iter(shapes)
        call_values: dict = {}
        spec_values: dict = {}
        flat_specs: list = []
        graph.captures_eager = True  # (an eager tensor it reads: captured, as TF's)
        with concrete.tracing_scope(graph):
            weak = self._input_signature is None
            for pname, value in bound.items():
                kind = self._signature.parameters[pname].kind.name \
                    if self._signature is not None and pname in self._signature.parameters \
                    else None
                if kind == "VAR_POSITIONAL" and isinstance(value, tuple):
                    # TF names each *args value by its position ("values_0"), each
                    # **kwargs value by its keyword
                    pairs = [_placeholders(graph, f"{pname}_{i}", v, it, flat_specs, weak=weak)
                             for i, v in enumerate(value)]
                    call_values[pname] = tuple(p[0] for p in pairs)
                    spec_values[pname] = tuple(p[1] for p in pairs)
                elif kind == "VAR_KEYWORD" and isinstance(value, dict):
                    pairs = {k: _placeholders(graph, k, v, it, flat_specs, weak=weak)
                             for k, v in value.items()}
                    call_values[pname] = {k: p[0] for k, p in pairs.items()}
                    spec_values[pname] = {k: p[1] for k, p in pairs.items()}
                else:
                    call_values[pname], spec_values[pname] = _placeholders(
                        graph, pname, value, it, flat_specs, weak=weak)
            self._tracing_count += 1
            try:
                template, flat_out = self._trace_body(graph, call_values)
            except BaseException:
                self._tracing_count -= 1  # (TF counts the traces made, not those that failed)
                raise
            graph.outputs = flat_out
            add_control_outputs(graph, flat_out)
        captured = graph.feed_captures()
        sig = self._structured_signature(spec_values)
        cf = concrete.ConcreteFunction(graph, template, self._name, sig, captured,
                              arg_keywords=list(bound.keys()))
        cf._flat_specs = [None if s.shape.rank is None else tuple(s.shape) for s in flat_specs]
        cf.take_variable_arguments([p for p, _ in graph.argument_variables.values()])
        cf._composite_specs = _composite_specs(spec_values.values())
        cf._iterator_specs = _iterator_specs(bound.values())
        cf._input_signature = self._input_signature
        if self._signature is not None:
            cf._param_kinds = {k: p.kind.name for k, p in self._signature.parameters.items()}
        return cf

    def _trace_body(self, graph: FuncGraph, call_values: dict) -> tuple:
        """Runs the Python function on the placeholders: (output template, flat outputs)."""
        fn = self._python_callable()
        args, kwargs = self._rebuild_call(call_values)
        with autograph_status(bool(self._autograph)):
            result = fn(*args, **kwargs)
        if graph._pending_reads:  # (reads no op consumed: named where they were made)
            graph.settle_reads()
        flat_out: list = []
        try:
            template = _output_template(graph, result, flat_out)
        except _NotAnOutput as e:
            raise _not_an_output(self._python_function, e) from None
        return template, flat_out

    def _rebuild_call(self, values: dict) -> tuple:
        if self._signature is None:
            args = [v for k, v in values.items() if k.startswith("args_")]
            kwargs = {k: v for k, v in values.items() if not k.startswith("args_")}
            return args, kwargs
        return self._by_parameter(values)

    def _structured_signature(self, spec_values: dict) -> tuple:
        if self._signature is None:
            return tuple(spec_values.values()), {}
        args, kwargs = self._by_parameter(spec_values)
        return tuple(args), kwargs

    def _by_parameter(self, values: dict) -> tuple:
        """`(args, kwargs)` passing `values` (keyed by parameter name; absent ones are left
        to their defaults) to the Python function: *args spread, **kwargs merged."""
        args: list = []
        kwargs: dict = {}
        for name, p in self._signature.parameters.items():
            if name not in values:
                continue
            v = values[name]
            if p.kind is p.VAR_POSITIONAL:
                args.extend(v)
            elif p.kind is p.VAR_KEYWORD:
                kwargs.update(v)
            elif p.kind is p.KEYWORD_ONLY:
                kwargs[name] = v
            else:
                args.append(v)
        return args, kwargs


def function(func: Callable | None = None, input_signature: Any = None, autograph: bool = True,
             jit_compile: Any = None, reduce_retracing: bool = False,
             experimental_implements: Any = None, experimental_autograph_options: Any = None,
             experimental_attributes: Any = None, experimental_relax_shapes: Any = None,
             experimental_compile: Any = None,
             experimental_follow_type_hints: Any = None) -> Any:
    """tf.function: compiles `func` into a callable graph (decorator or call)."""
    if experimental_relax_shapes is not None:
        reduce_retracing = reduce_retracing or bool(experimental_relax_shapes)

    def decorate(f: Callable) -> Function:
        if isinstance(f, Function):
            f = f.python_function
        return Function(f, input_signature=input_signature, autograph=autograph,
                        autograph_options=experimental_autograph_options,
                        jit_compile=jit_compile if jit_compile is not None else
                        experimental_compile, reduce_retracing=reduce_retracing)

    if func is None:
        return decorate
    if not callable(func):
        raise TypeError(f"`func` must be a callable, got {func!r}")
    return decorate(func)


_run_eagerly = [False]
_saving = [False]  # inside tf.saved_model.save: traces go to each function's save cache


@contextlib.contextmanager
def save_context() -> Any:
    """TF's save context (tf.saved_model.save runs inside it): tf.functions trace into a
    cache of their own there, so saving traces each signature once more."""
    prev, _saving[0] = _saving[0], True
    try:
        yield
    finally:
        _saving[0] = prev


def run_functions_eagerly(run_eagerly: bool) -> None:
    """tf.config.run_functions_eagerly: every tf.function runs its Python function as it is
    (no tracing, no AutoGraph), for debugging; False restores graphs."""
    _run_eagerly[0] = bool(run_eagerly)


def functions_run_eagerly() -> bool:
    """Whether tf.functions currently run eagerly (tf.config.functions_run_eagerly)."""
    return _run_eagerly[0]


_EAGER_FUNCTION_RUN = "tensorflow.python.eager.polymorphic_function.eager_function_run"


def experimental_run_functions_eagerly(run_eagerly: bool) -> None:
    """TF's deprecated spelling of run_functions_eagerly (with its notice)."""
    tf_logging.deprecated_call("experimental_run_functions_eagerly", _EAGER_FUNCTION_RUN,
                               "Use `tf.config.run_functions_eagerly` instead of the "
                               "experimental version.")
    run_functions_eagerly(run_eagerly)


def experimental_functions_run_eagerly() -> bool:
    """TF's deprecated spelling of functions_run_eagerly (with its notice)."""
    tf_logging.deprecated_call("experimental_functions_run_eagerly", _EAGER_FUNCTION_RUN,
                               "Use tf.config.functions_run_eagerly instead of the "
                               "experimental version.")
    return functions_run_eagerly()


def init_scope() -> Any:
    """tf.init_scope: lifts out of every function graph being built into the outermost
    context that builds none, as TF's: eager execution, or a TF 1 graph (whose control
    dependencies are cleared within); untaped, the name scope kept."""
    outer = _state.graph
    while outer is not None and outer.building_function:
        outer = outer.parent
    return _lifted_to(outer)


def eager_scope() -> Any:
    """Leaves every graph being built, a TF 1 graph's too: code runs eagerly, untaped
    (eagerflow's own eager work inside a graph: a warm start's remapping, a folded
    constant, a loaded TF 1 model's variables)."""
    return _lifted_to(None)


@contextlib.contextmanager
def _lifted_to(outer: Any) -> Any:
    """The graph `outer` (None: eager execution) the default while inside, untaped; the
    graph left recorded (_state.lifted) for the variables made inside to find."""
    st = _state
    saved = (st.graph, st.tapes)
    st.lifted.append(st.graph)
    depth = len(st.lifted)
    mine: list = []
    st.graph, st.tapes = outer, mine

    def restore() -> None:
        st.graph, st.tapes = saved

    made = outer.push_control_dependencies(None) if outer is not None else None
    try:
        with restoring(restore, lambda: st.graph is outer and st.tapes is mine):
            yield
    finally:
        if outer is not None:
            outer.pop_control_dependencies(made)
        if len(st.lifted) >= depth and st.lifted[depth - 1] is saved[0]:
            del st.lifted[depth - 1]  # (its own entry, wherever the stack now ends)


__all__ = ["EagerTensor", "Function", "function", "functions_run_eagerly", "init_scope",
           "run_functions_eagerly"]


ftype.PolymorphicFunction.register(Function)
