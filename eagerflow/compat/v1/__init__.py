"""tf.compat.v1: TF 1.x graph mode (Graph, Session, placeholder) over eagerflow's graphs.

Names TF 1.x shares with TF 2 resolve to eagerflow's (tf.compat.v1.constant is tf.constant).
"""

import importlib as _importlib

import eagerflow as _eagerflow
from eagerflow._src.core.shape import Dimension, dimension_at_index, dimension_value
from eagerflow._src.function.compat_v1 import (
    Graph,
    InteractiveSession,
    Session,
    disable_eager_execution,
    disable_resource_variables,
    disable_v2_behavior,
    enable_eager_execution,
    enable_resource_variables,
    enable_v2_behavior,
    executing_eagerly_outside_functions,
    get_default_graph,
    get_default_session,
    placeholder,
    placeholder_with_default,
    reset_default_graph,
    resource_variables_enabled,
)
from eagerflow._src.function.graph_variables import GraphKeys
from eagerflow._src.saved_model.protos import pb as _pb
from eagerflow._src.v1.names import ALIASES as _ALIASES
from eagerflow._src.v1.names import TF1_ARGS as _TF1_ARGS
from eagerflow._src.v1.names import TF1_DATA as _TF1_DATA
from eagerflow._src.v1.names import TF1_EXTRAS as _TF1_EXTRAS
from eagerflow._src.v1.names import TF1_TEMPLATES as _TF1_TEMPLATES
from eagerflow._src.v1.namespaces import restricted as _restricted
from eagerflow._src.v1.protos import PROTOS as _PROTOS
from eagerflow._src.v1.protos import message_class as _message_class


_LAZY = {"wrap_function": "eagerflow._src.function.wrap",
         "load_file_system_library": "eagerflow._src.io.load_library",
         "import_graph_def": "eagerflow._src.saved_model.graph_import"}

_SUBMODULES = {"feature_column": "eagerflow.compat.v1.feature_column",
               "logging": "eagerflow.compat.v1.logging",
               "nn": "eagerflow.compat.v1.nn",
               "debugging": "eagerflow.compat.v1.debugging",
               "saved_model": "eagerflow.compat.v1.saved_model",
               "graph_util": "eagerflow.compat.v1.graph_util",
               "summary": "eagerflow.compat.v1.summary",
               "lite": "eagerflow.compat.v1.lite"}


# TF 1's training programs (v1train): eagerflow/_src/v1/, loaded on first use
_V1_MODULES = {
    "eagerflow._src.v1.variables": (
        "global_variables", "all_variables", "local_variables", "trainable_variables",
        "model_variables", "moving_average_variables", "get_collection", "get_collection_ref",
        "add_to_collection", "add_to_collections", "variables_initializer",
        "global_variables_initializer", "local_variables_initializer", "tables_initializer",
        "initialize_all_variables", "initialize_local_variables", "initialize_variables",
        "is_variable_initialized",
        "assert_variables_initialized", "report_uninitialized_variables", "assign",
        "assign_add", "assign_sub", "scatter_add", "scatter_sub", "scatter_mul", "scatter_div",
        "scatter_min", "scatter_max", "scatter_update",
        "gradients"),
    "eagerflow._src.v1.variable_scope": (
        "variable_scope", "VariableScope", "get_variable", "get_local_variable",
        "get_variable_scope", "AUTO_REUSE", "variable_op_scope", "no_regularizer"),
    "eagerflow._src.v1.initializers": (
        "zeros_initializer", "ones_initializer", "constant_initializer",
        "random_uniform_initializer", "random_normal_initializer",
        "truncated_normal_initializer", "variance_scaling_initializer",
        "glorot_uniform_initializer", "glorot_normal_initializer", "orthogonal_initializer",
        "set_random_seed", "uniform_unit_scaling_initializer"),
}
_V1_MODULES["eagerflow._src.v1.deprecated"] = (
    "to_float", "to_double", "to_int32", "to_int64", "to_bfloat16", "to_complex64",
    "to_complex128", "div", "arg_max", "arg_min", "multinomial", "sparse_to_dense", "py_func",
    "batch_gather")
_V1_MODULES["eagerflow._src.v1.partitioned"] = (
    "fixed_size_partitioner", "variable_axis_size_partitioner", "min_max_variable_partitioner")
_V1_RENAMED = {"Variable": ("eagerflow._src.v1.variables", "VariableV1"),
               "VariableAggregation": ("eagerflow._src.ops.variables", "VariableAggregation"),
               "layers": ("eagerflow._src.v1.layers", "layers"),
               "DeviceSpec": ("eagerflow._src.core.device", "DeviceSpecV1"),
               "where": ("eagerflow._src.ops.select_v1", "where_v1")}
# TF 1's asserts take `data` before `summarize` and `message`
_V1_RENAMED.update({n: ("eagerflow._src.ops.debugging", f"{n}_v1") for n in (
    "assert_equal", "assert_none_equal", "assert_less", "assert_less_equal", "assert_greater",
    "assert_greater_equal", "assert_near", "assert_positive", "assert_negative",
    "assert_non_negative", "assert_non_positive")})
_V1_SUBMODULES = ("train", "losses", "initializers", "metrics", "data", "gfile", "flags", "app",
                  "python_io", "manip", "spectral", "sparse", "io", "random", "dtypes", "sets",
                  "image", "resource_loader", "linalg", "errors", "ragged", "distribute",
                  "user_ops", "mixed_precision", "distributions", "math", "strings", "test",
                  "autograph")
_V1_MODULES["eagerflow._src.v1_training.readers"] = (
    "ReaderBase", "TextLineReader", "TFRecordReader", "FixedLengthRecordReader",
    "WholeFileReader", "IdentityReader", "LMDBReader")
_V1_MODULES["eagerflow._src.ops.accumulator_ops"] = ("ConditionalAccumulator",
                                                     "ConditionalAccumulatorBase")
_V1_MODULES["eagerflow._src.ops.sparse_accumulator"] = ("SparseConditionalAccumulator",)
_V1_MODULES["eagerflow._src.ops.session_handles"] = (
    "get_session_handle", "get_session_tensor", "delete_session_tensor")
_V1_MODULES["eagerflow._src.ops.operators"] = ("enable_tensor_equality",
                                               "disable_tensor_equality")
_V1_MODULES["eagerflow._src.core.shape"] = ("enable_v2_tensorshape", "disable_v2_tensorshape")
_V1_MODULES["eagerflow._src.v1.tf1_args"] = _TF1_ARGS
_V1_MODULES["eagerflow._src.v1.device_setter"] = ("device",)
_V1_MODULES["eagerflow._src.v1.tf1_data"] = _TF1_DATA
_V1_MODULES["eagerflow._src.v1.tf1_extras"] = _TF1_EXTRAS
_V1_MODULES["eagerflow._src.v1.template"] = _TF1_TEMPLATES
_V1_RENAMED.update({"SparseTensorValue": ("eagerflow._src.core.sparse_tensor", "SparseTensorValue"),
                    "get_seed": ("eagerflow._src.ops.random", "get_seed"),
                    "batch_to_space": ("eagerflow._src.v1.tf1_data", "batch_to_space_v1")})
_LAZY.update({n: m for m, names in _V1_MODULES.items() for n in names})


def _tf2(dotted: str) -> object:
    """The TF 2 object at `dotted` (a name under `tf`)."""
    obj = _eagerflow
    for part in dotted.split("."):
        obj = getattr(obj, part)
    return obj


# TF 2's names that TF 1's namespace lacks (AttributeError, as TF's)
_TF2_ONLY = frozenset(("autodiff", "dtensor", "eig", "eigvals", "get_current_name_scope",
                       "inside_function", "optimizers", "security", "tools"))


# TF 2 namespaces whose TF 1 form lacks some of their names:
# name -> (its TF 2 path, the names it lacks, {child: (TF 2 path, the names it lacks)})
_LESS = {
    "config": ("config", (), {"experimental": ("config.experimental",
                                               ("enable_op_determinism",))}),
    "experimental": ("experimental", ("dlpack", "dtensor", "numpy"), {}),
    "profiler": ("profiler", ("experimental",), {}),
    "types": ("types", (), {"experimental": ("types.experimental", (
        "AtomicFunction", "Callable", "ConcreteFunction", "GenericFunction",
        "PolymorphicFunction", "SupportsTracingProtocol", "TraceType", "distributed"))}),
}


def _less(name: str) -> object:
    path, lacks, children = _LESS[name]
    return _restricted(f"{__name__}.{name}", _tf2(path), lacks, {
        child: (lambda p=p, lk=lk, c=child: _restricted(f"{__name__}.{name}.{c}", _tf2(p), lk))
        for child, (p, lk) in children.items()})


def __getattr__(name):
    if name in _LESS:
        value = globals()[name] = _less(name)
        return value
    if name in _V1_RENAMED:
        module, attr = _V1_RENAMED[name]
        value = globals()[name] = getattr(_importlib.import_module(module), attr)
        return value
    if name in _V1_SUBMODULES:
        value = globals()[name] = _importlib.import_module(f"{__name__}.{name}")
        return value
    if name in _LAZY:  # the graph machinery loads on first use
        value = globals()[name] = getattr(_importlib.import_module(_LAZY[name]), name)
        return value
    if name in _SUBMODULES:  # TF 1's namespaces where they differ from TF 2's
        value = globals()[name] = _importlib.import_module(_SUBMODULES[name])
        return value
    if name in _ALIASES:  # TF 1's name for a TF 2 function
        value = globals()[name] = _tf2(_ALIASES[name])
        return value
    if name in _PROTOS:  # TF's protocol buffer classes (protobuf loads on first use)
        value = globals()[name] = _message_class(name)
        return value
    if name == "GraphDef":  # TF's protocol buffer class (protobuf loads on first use)
        globals()[name] = _pb().GraphDef
        return _pb().GraphDef
    if name not in _TF2_ONLY:
        try:
            return getattr(_eagerflow, name)
        except AttributeError:
            pass
    raise AttributeError(f"module 'eagerflow.compat.v1' has no attribute {name!r}")


def __dir__():
    """The names tf.compat.v1 resolves: its own, those it loads on first use, TF 1's
    aliases and protocol buffers, and TF 2's that TF 1 shares."""
    own = {n for n in globals() if not n.startswith("_")}
    tf2 = {n for n in dir(_eagerflow) if not n.startswith("_")} - _TF2_ONLY
    return sorted(own | tf2 | set(_V1_RENAMED) | set(_V1_SUBMODULES) | set(_LAZY) | set(_LESS)
                  | set(_SUBMODULES) | set(_ALIASES) | set(_PROTOS) | {"GraphDef"})
