"""AutoGraph's API: convert (for tf.function), converted_call (every call in converted
code), tf.autograph.to_graph / to_code / do_not_convert and friends.

Sits on top of the transpiler and the runtime operators. Conversions are cached per
code object (the compiled factory) and per function object (its converted twin).
Only user code is converted: eagerflow, NumPy, the standard library and other known
libraries run as they are, as do functions whose source can't be found (with TF's
warning) and functions marked with do_not_convert.
"""

from __future__ import annotations

import builtins
import enum
import functools
import inspect
import logging
import sys
import threading
import types
import weakref
from collections.abc import Callable
from typing import Any

from eagerflow._src.autograph import errors as ag_errors
from eagerflow._src.autograph import transpiler
from eagerflow._src.autograph.errors import ConversionError, UnsupportedLanguageElementError
from eagerflow._src.autograph.operators import control_flow as cf_ops
from eagerflow._src.autograph.operators import data_structures, exceptions, logical, py_builtins
from eagerflow._src.autograph.operators import variables as var_ops
from eagerflow._src.autograph.pyct.parser import SourceUnavailableError
from eagerflow._src.control_flow import loops
from eagerflow._src.core.context import _state, autograph_status
from eagerflow._src.ops.debugging import get_logger

_logger = logging.getLogger("eagerflow")

_NO_CONVERT_PACKAGES = frozenset({
    "eagerflow", "numpy", "scipy", "tensorflow", "keras", "pytest", "_pytest", "pluggy",
    "hypothesis", "IPython", "ipykernel", "typing_extensions", "google", "absl", "h5py",
    "matplotlib", "mpi4py", "tensorboard"})
_STDLIB = frozenset(getattr(sys, "stdlib_module_names", ())) | {"builtins", "__builtin__"}
_GENERATOR_FLAGS = inspect.CO_GENERATOR | inspect.CO_COROUTINE | inspect.CO_ASYNC_GENERATOR


class Feature(enum.Enum):
    """Optional AutoGraph features. As in TF, converting `assert` statements and appends
    to lists in loops is only done when asked for (ASSERT_STATEMENTS, LISTS, or ALL); the
    others are accepted and always on."""

    ALL = "ALL"
    AUTO_CONTROL_DEPS = "AUTO_CONTROL_DEPS"
    ASSERT_STATEMENTS = "ASSERT_STATEMENTS"
    BUILTIN_FUNCTIONS = "BUILTIN_FUNCTIONS"
    EQUALITY_OPERATORS = "EQUALITY_OPERATORS"
    LISTS = "LISTS"
    NAME_SCOPES = "NAME_SCOPES"


class ConversionOptions:
    """How converted code treats the calls it makes (`fscope` in generated code)."""

    __slots__ = ("recursive", "user_requested", "optional_features")

    def __init__(self, recursive: bool = False, user_requested: bool = False,
                 optional_features: Any = ()) -> None:
        self.recursive = recursive
        self.user_requested = user_requested
        if optional_features is None:
            optional_features = ()
        elif isinstance(optional_features, Feature):
            optional_features = (optional_features,)
        self.optional_features = tuple(optional_features)

    def uses(self, feature: Feature) -> bool:
        return Feature.ALL in self.optional_features or feature in self.optional_features

    def converters(self) -> frozenset[str]:
        """The optional converters these options turn on."""
        return frozenset(name for feature, name in ((Feature.ASSERT_STATEMENTS, "asserts"),
                                                    (Feature.LISTS, "lists"))
                         if self.uses(feature))

    def __repr__(self) -> str:
        return (f"ConversionOptions(recursive={self.recursive}, "
                f"user_requested={self.user_requested})")


STANDARD_OPTIONS = ConversionOptions(recursive=True)
_NONRECURSIVE_OPTIONS = ConversionOptions(recursive=False)

_lock = threading.RLock()
_CODE_CACHE: dict = {}              # (code object, optional converters) -> Conversion
CONVERTED_CODES: dict = {}          # every code object of a conversion -> (name, root, text)
_TWINS: weakref.WeakKeyDictionary = weakref.WeakKeyDictionary()  # function -> converted
_verbosity = [0]


# ---------------------------------------------------------------------------------------
# The `ag__` namespace that converted code sees.
# ---------------------------------------------------------------------------------------

def converted_call(f: Any, args: tuple, kwargs: dict | None, caller_fn_scope: Any = None,
                   options: Any = None) -> Any:
    """Calls `f`, converting it first when it is user code."""
    if options is None:
        options = caller_fn_scope if isinstance(caller_fn_scope, ConversionOptions) \
            else STANDARD_OPTIONS
    if kwargs is None:
        kwargs = {}
    override = py_builtins.OVERRIDES.get(id(f))
    if override is not None:
        return override(*args, **kwargs)
    t = type(f)
    if t is types.FunctionType:
        if options.recursive:
            f = _twin(f, options)
        return f(*args, **kwargs)
    if t is types.MethodType:
        fn = f.__func__
        if options.recursive and type(fn) is types.FunctionType:
            twin = _twin(fn, options)
            if twin is not fn:
                return twin(f.__self__, *args, **kwargs)
        return f(*args, **kwargs)
    if t is functools.partial:
        return converted_call(f.func, f.args + tuple(args), {**f.keywords, **kwargs},
                              options=options)
    if isinstance(f, type) or t in (types.BuiltinFunctionType, types.BuiltinMethodType):
        return f(*args, **kwargs)
    call = getattr(t, "__call__", None)  # noqa: B004
    if options.recursive and type(call) is types.FunctionType:
        twin = _twin(call, options)
        if twin is not call:
            return twin(f, *args, **kwargs)
    return f(*args, **kwargs)


def _ag_namespace() -> types.ModuleType:
    ns = types.ModuleType("ag__", "AutoGraph's runtime, as converted code sees it.")
    for name, value in {
        "converted_call": converted_call, "if_stmt": cf_ops.if_stmt,
        "while_stmt": cf_ops.while_stmt, "for_stmt": cf_ops.for_stmt,
        "and_": logical.and_, "or_": logical.or_, "not_": logical.not_,
        "if_exp": logical.if_exp, "assert_stmt": exceptions.assert_stmt,
        "new_list": data_structures.new_list, "list_append": data_structures.list_append,
        "list_pop": data_structures.list_pop, "list_stack": data_structures.list_stack,
        "Undefined": var_ops.Undefined, "UndefinedReturnValue": var_ops.UndefinedReturnValue,
        "ld": var_ops.ld, "ldu": var_ops.ldu, "ret": var_ops.ret,
        "ConversionOptions": ConversionOptions, "Feature": Feature,
    }.items():
        setattr(ns, name, value)
    return ns


_AG = _ag_namespace()


# ---------------------------------------------------------------------------------------
# Converting functions.
# ---------------------------------------------------------------------------------------

def _is_user_code(fn: types.FunctionType) -> bool:
    module = getattr(fn, "__module__", None) or ""
    top = module.partition(".")[0]
    # (a wrapper of ours that took a user function's __module__ with functools.wraps, as
    # tf.custom_gradient's does, is still ours: its code says where it lives)
    return top not in _NO_CONVERT_PACKAGES and top not in _STDLIB and \
        not fn.__code__.co_filename.startswith(ag_errors._PACKAGE_DIR)


def _should_convert(fn: types.FunctionType) -> bool:
    # (code exec'd from a string runs as it is, without a word, as TF's AutoGraph runs it)
    return (fn.__code__ not in CONVERTED_CODES
            and fn.__code__.co_filename != "<string>"
            and not getattr(fn, "__ag_do_not_convert__", False)
            and not fn.__code__.co_flags & _GENERATOR_FLAGS
            and _is_user_code(fn))


def _conversion(fn: types.FunctionType,
                optional: frozenset[str] = frozenset()) -> transpiler.Conversion:
    key = (fn.__code__, optional)
    conv = _CODE_CACHE.get(key)
    if conv is None:
        with _lock:
            conv = _CODE_CACHE.get(key)
            if conv is None:
                conv = transpiler.convert_code(fn, optional)
                CONVERTED_CODES.update(conv.codes)
                _CODE_CACHE[key] = conv
    return conv


def _twin(fn: types.FunctionType, options: ConversionOptions = STANDARD_OPTIONS,
          warn: bool = True) -> Callable:
    """The converted function standing for `fn`, or `fn` when it runs as it is."""
    standard = options.recursive and not options.optional_features
    if standard:
        twin = _TWINS.get(fn)
        if twin is not None and (twin is fn or twin.__defaults__ is fn.__defaults__):
            return twin
    if not _should_convert(fn):
        twin = fn
    else:
        try:
            twin = transpiler.instantiate(_conversion(fn, options.converters()), fn, _AG,
                                          options)
        except Exception as e:  # noqa: BLE001 - any failure: run the original as TF does
            if warn:
                warn_unconverted(fn, e)
            twin = fn
    if standard:
        _TWINS[fn] = twin
    return twin


def warn_unconverted(fn: Any, e: Exception) -> None:
    """TF's warning when AutoGraph runs `fn` as it is: its cause, and for a failure other
    than missing source or an unsupported element, TF's request for a bug report."""
    report = ""
    if isinstance(e, SourceUnavailableError):
        cause = (f"Unable to locate the source code of {fn}. Note that functions defined in "
                 "certain environments, like the interactive Python shell, do not expose their "
                 "source code. If that is the case, you should define them in a .py source "
                 "file. If you are certain the code is graph-compatible, wrap the call using "
                 f"@tf.autograph.experimental.do_not_convert. Original error: {e}")
    elif isinstance(e, UnsupportedLanguageElementError):
        cause = str(e)
    else:
        report = ("Please report this to the TensorFlow team. When filing the bug, set the "
                  "verbosity to 10 (on Linux, `export AUTOGRAPH_VERBOSITY=10`) and attach the "
                  "full output.\n")
        cause = str(e)
    get_logger().warning(
        "AutoGraph could not transform %s and will run it as-is.\n%sCause: %s\nTo silence "
        "this warning, decorate the function with @tf.autograph.experimental.do_not_convert",
        fn, report, cause)


def convert(func: Callable, recursive: bool = True, optional_features: Any = None) -> Callable:
    """The converted version of `func` (function, method, lambda, partial or callable
    object), or `func` itself where it must run as it is. What tf.function(autograph=True)
    calls while tracing; `optional_features`: tf.autograph.experimental.Feature(s)."""
    if isinstance(func, types.MethodType):
        return types.MethodType(convert(func.__func__, recursive, optional_features),
                                func.__self__)
    if isinstance(func, functools.partial):
        return functools.partial(convert(func.func, recursive, optional_features), *func.args,
                                 **func.keywords)
    if type(func) is not types.FunctionType:
        call = getattr(type(func), "__call__", None)  # noqa: B004
        if type(call) is types.FunctionType and _should_convert(call):
            return types.MethodType(convert(call, recursive, optional_features), func)
        return func
    if optional_features:
        options = ConversionOptions(recursive, optional_features=optional_features)
    else:
        options = STANDARD_OPTIONS if recursive else _NONRECURSIVE_OPTIONS
    twin = _twin(func, options)
    if twin is func:
        return func
    return _restating(twin, func)


def _restating(twin: Callable, original: Callable) -> Callable:
    """Wraps a converted function so that errors raised while tracing a graph through it
    carry TF's "in user code" message."""

    @functools.wraps(original)
    def converted(*args: Any, **kwargs: Any) -> Any:
        # (TF's converted_call enables AutoGraph's status: a map_fn called there converts)
        with autograph_status(True):
            try:
                return twin(*args, **kwargs)
            except Exception as e:
                if _state.graph is None:
                    raise
                new = ag_errors.restate(e, CONVERTED_CODES)
                if new is None:
                    raise
                raise new.with_traceback(e.__traceback__) from None

    converted.__ag_converted__ = True
    converted.ag_source_map = None
    return converted


def tf_convert(func: Callable) -> Callable:
    """`func` converted for a TF function that calls it (TF's autograph.tf_convert):
    unconvertible, it runs as it is, with TF's warning; called eagerly, its errors carry
    TF's "in user code" message too."""
    if is_converted(func) or getattr(func, "__ag_do_not_convert__", False):
        return func
    try:
        converted = convert(func)
    except Exception as e:  # noqa: BLE001 - TF runs the function unconverted
        warn_unconverted(func, e)
        return func
    if converted is func or _state.graph is not None:
        return converted

    @functools.wraps(func)
    def restated(*args: Any, **kwargs: Any) -> Any:
        try:
            return converted(*args, **kwargs)
        except Exception as e:
            new = ag_errors.restate(e, CONVERTED_CODES)
            if new is None:
                raise
            raise new.with_traceback(e.__traceback__) from None

    return restated


loops.AUTOGRAPH_CONVERT.append(tf_convert)


def is_converted(f: Any) -> bool:
    return getattr(f, "__ag_converted__", False) or (
        type(f) is types.FunctionType and f.__code__ in CONVERTED_CODES)


# ---------------------------------------------------------------------------------------
# tf.autograph
# ---------------------------------------------------------------------------------------

def _function_of(entity: Any) -> types.FunctionType:
    if isinstance(entity, types.MethodType):
        entity = entity.__func__
    if isinstance(entity, functools.partial):
        entity = entity.func
    if type(entity) is not types.FunctionType:
        call = getattr(type(entity), "__call__", None)  # noqa: B004
        pyfn = getattr(entity, "python_function", None)  # a tf.function
        if type(pyfn) in (types.FunctionType, types.MethodType):
            return _function_of(pyfn)
        if type(call) is types.FunctionType:
            return call
        raise ConversionError(f"converting {entity!r}: unsupported entity type "
                              f"{type(entity).__name__}")
    return entity


def to_graph(entity: Callable, recursive: bool = True,
             experimental_optional_features: Any = None) -> Callable:
    """Converts a Python entity into an equivalent one that builds graph control flow
    when given graph tensors (tf.autograph.to_graph)."""
    fn = _function_of(entity)
    options = ConversionOptions(recursive, optional_features=experimental_optional_features)
    try:
        _conversion(fn, options.converters())
    except Exception as e:  # noqa: BLE001
        raise ConversionError(f"converting {entity}: {type(e).__name__}: {e}") from e
    return convert(entity, recursive, experimental_optional_features)


def to_code(entity: Callable, recursive: bool = True,
            experimental_optional_features: Any = None) -> str:
    """The source code of the converted entity, as a string (tf.autograph.to_code)."""
    fn = _function_of(entity)
    options = ConversionOptions(recursive, optional_features=experimental_optional_features)
    try:
        conv = _conversion(fn, options.converters())
    except Exception as e:  # noqa: BLE001
        raise ConversionError(f"converting {entity}: {type(e).__name__}: {e}") from e
    return transpiler.to_source(conv)


def to_graph_v1(entity: Callable, recursive: bool = True, arg_values: Any = None,
                arg_types: Any = None, experimental_optional_features: Any = None) -> Callable:
    """tf.compat.v1.autograph.to_graph: to_graph with TF 1's `arg_values` and `arg_types`,
    which TF 2.21 accepts and ignores."""
    del arg_values, arg_types
    return to_graph(entity, recursive, experimental_optional_features)


def to_code_v1(entity: Callable, recursive: bool = True, arg_values: Any = None,
               arg_types: Any = None, indentation: str = "  ",
               experimental_optional_features: Any = None) -> str:
    """tf.compat.v1.autograph.to_code: to_code with TF 1's `arg_values`, `arg_types` and
    `indentation`, which TF 2.21 accepts and ignores."""
    del arg_values, arg_types, indentation
    return to_code(entity, recursive, experimental_optional_features)


def do_not_convert(func: Callable | None = None) -> Callable:
    """Decorator: AutoGraph runs `func` as it is, never converting it."""
    if func is None:
        return do_not_convert

    @functools.wraps(func)
    def wrapper(*args: Any, **kwargs: Any) -> Any:
        # (TF's status is disabled inside: the map_fn it calls leaves its fn as it is)
        with autograph_status(False):
            return func(*args, **kwargs)

    wrapper.__ag_do_not_convert__ = True
    return wrapper


def set_verbosity(level: int, alsologtostdout: bool = False) -> None:
    """Sets how much AutoGraph logs (0: nothing beyond warnings)."""
    _verbosity[0] = int(level)
    _logger.setLevel(logging.DEBUG if level > 0 else logging.NOTSET)
    if alsologtostdout and not any(getattr(h, "_ag_stdout", False) for h in _logger.handlers):
        handler = logging.StreamHandler(sys.stdout)
        handler._ag_stdout = True
        _logger.addHandler(handler)


def trace(*args: Any) -> None:
    """Prints `args` when the code runs, that is, at trace time inside a tf.function."""
    builtins.print(*args)


_UNSPECIFIED = object()


def set_loop_options(parallel_iterations: Any = _UNSPECIFIED, swap_memory: Any = _UNSPECIFIED,
                     maximum_iterations: Any = _UNSPECIFIED,
                     shape_invariants: Any = _UNSPECIFIED) -> None:
    """Loop options for the loop whose body starts with this call. AutoGraph reads the call
    from the source; at run time it does nothing."""
    del parallel_iterations, swap_memory, maximum_iterations, shape_invariants
