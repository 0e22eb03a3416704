"""eagerflow: TensorFlow 2's programming model in pure Python on NumPy.

    import eagerflow as tf

This module only re-exports public names. Sub-namespaces that pull in more code
(keras, data, summary, ...) load on first use, so `import eagerflow` stays fast.
"""

import importlib as _importlib
import importlib.util as _importlib_util
import warnings as _warnings

# NumPy kernels signal IEEE events (overflow, 0/0) with warnings; TF's kernels return
# inf/nan silently. Silence them for eagerflow's own modules only: user code keeps them.
_warnings.filterwarnings("ignore", category=RuntimeWarning, module=r"eagerflow\.")

from eagerflow._src.core.dtypes import (  # noqa: E402
    DType as DType,
    as_dtype as as_dtype,
    bfloat16 as bfloat16,
    bool as bool,
    complex64 as complex64,
    complex128 as complex128,
    double as double,
    float16 as float16,
    float32 as float32,
    float64 as float64,
    half as half,
    int8 as int8,
    int16 as int16,
    int32 as int32,
    int64 as int64,
    qint8 as qint8,
    qint16 as qint16,
    qint32 as qint32,
    quint8 as quint8,
    quint16 as quint16,
    resource as resource,
    string as string,
    uint8 as uint8,
    uint16 as uint16,
    uint32 as uint32,
    uint64 as uint64,
    variant as variant,
)
from eagerflow._src.core.context import executing_eagerly as executing_eagerly  # noqa: E402
from eagerflow._src.core.shape import TensorShape as TensorShape  # noqa: E402
from eagerflow._src.core.tensor import (  # noqa: E402
    Tensor as Tensor,
    is_tensor as is_tensor,
    register_tensor_conversion_function as register_tensor_conversion_function,
)
from eagerflow._src.ops import operators as _operators  # noqa: E402,F401
from eagerflow._src.ops.slice_op import slice as slice  # noqa: E402
from eagerflow._src.ops.graph_constants import (  # noqa: E402
    convert_to_tensor_v2 as convert_to_tensor,
)
from eagerflow._src.ops.array import (  # noqa: E402
    concat as concat,
    constant as constant,
    expand_dims as expand_dims,
    fill as fill,
    linspace as linspace,
    ones as ones,
    range as range,
    rank as rank,
    reshape as reshape,
    shape as shape,
    shape_n as shape_n,
    split as split,
    squeeze as squeeze,
    transpose as transpose,
    zeros as zeros,
)
from eagerflow._src.ops.tiling import (  # noqa: E402
    broadcast_to as broadcast_to,
    tile as tile,
)
from eagerflow._src.ops.reduce import size as size  # noqa: E402
from eagerflow._src.ops.stacking import (  # noqa: E402
    stack as stack,
    unstack as unstack,
)
from eagerflow._src.ops.slicing import strided_slice as strided_slice  # noqa: E402
from eagerflow._src.ops.linalg import matmul as matmul  # noqa: E402
from eagerflow._src.ops.math import (  # noqa: E402
    abs as abs,
    acos as acos,
    add as add,
    asin as asin,
    atan as atan,
    clip_by_value as clip_by_value,
    cos as cos,
    cosh as cosh,
    divide as divide,
    equal as equal,
    exp as exp,
    floor as floor,
    greater as greater,
    greater_equal as greater_equal,
    less as less,
    less_equal as less_equal,
    logical_and as logical_and,
    logical_not as logical_not,
    logical_or as logical_or,
    maximum as maximum,
    minimum as minimum,
    multiply as multiply,
    negative as negative,
    not_equal as not_equal,
    pow as pow,
    realdiv as realdiv,
    round as round,
    sigmoid as sigmoid,
    sign as sign,
    sin as sin,
    sinh as sinh,
    sqrt as sqrt,
    square as square,
    subtract as subtract,
    tan as tan,
    tanh as tanh,
    truediv as truediv,
    truncatediv as truncatediv,
)
from eagerflow._src.ops.math_base import (  # noqa: E402
    add_n as add_n,
    cast as cast,
    identity as identity,
    ones_like as ones_like,
    stop_gradient as stop_gradient,
    where as where,
    zeros_like as zeros_like,
)
from eagerflow._src.ops.reduce import (  # noqa: E402
    argmax as argmax,
    argmin as argmin,
    reduce_all as reduce_all,
    reduce_any as reduce_any,
    reduce_logsumexp as reduce_logsumexp,
    reduce_max as reduce_max,
    reduce_mean as reduce_mean,
    reduce_min as reduce_min,
    reduce_prod as reduce_prod,
    reduce_sum as reduce_sum,
)
from eagerflow._src.ops.misc_ops import saturate_cast as saturate_cast  # noqa: E402
from eagerflow._src.ops.variables import (  # noqa: E402
    Variable as Variable,
    VariableAggregationV2 as VariableAggregation,
    VariableSynchronization as VariableSynchronization,
    variable_creator_scope as variable_creator_scope,
)
from eagerflow._src.autodiff.tape import (  # noqa: E402
    GradientTape as GradientTape,
    UnconnectedGradients as UnconnectedGradients,
)
from eagerflow._src.autodiff.custom_gradient import (  # noqa: E402
    custom_gradient as custom_gradient,
    grad_pass_through as grad_pass_through,
    recompute_grad as recompute_grad,
)
from eagerflow._src.autodiff.gradients import AggregationMethod as AggregationMethod  # noqa: E402
from eagerflow._src.autodiff.gradient_registry import (  # noqa: E402
    RegisterGradient as RegisterGradient,
    no_gradient as no_gradient,
)
from eagerflow._src.autodiff.gradients import (  # noqa: E402
    gradients as gradients,
    hessians as hessians,
)


# ---- Areas below are filled by their own work streams; each edits only its own block. ----
# -- ops: creation, array, math, linalg, random, debugging, print (foundation) --
from eagerflow._src.core.device import DeviceSpec as DeviceSpec, device as device
from eagerflow._src.core.name_scope import (
    get_current_name_scope as get_current_name_scope,
    name_scope as name_scope,
)
from eagerflow._src.ops.debugging import (
    Assert as Assert,
    assert_equal as assert_equal,
    assert_greater as assert_greater,
    assert_less as assert_less,
    assert_rank as assert_rank,
    get_logger as get_logger,
    print_ as print,
)
from eagerflow._src.ops.indexing import (
    boolean_mask as boolean_mask,
    gather as gather,
    sequence_mask as sequence_mask,
)
from eagerflow._src.ops.unique_one_hot import (
    one_hot as one_hot,
    unique as unique,
    unique_with_counts as unique_with_counts,
)
from eagerflow._src.ops.nd_indexing import (
    gather_nd as gather_nd,
    scatter_nd as scatter_nd,
    tensor_scatter_nd_add as tensor_scatter_nd_add,
    tensor_scatter_nd_max as tensor_scatter_nd_max,
    tensor_scatter_nd_min as tensor_scatter_nd_min,
    tensor_scatter_nd_sub as tensor_scatter_nd_sub,
    tensor_scatter_nd_update as tensor_scatter_nd_update,
    unravel_index as unravel_index,
)
from eagerflow._src.ops.einsum import einsum as einsum
from eagerflow._src.ops.linalg import tensordot as tensordot
from eagerflow._src.ops.linalg_eye import eye as eye
from eagerflow._src.ops.scans import cumsum as cumsum
from eagerflow._src.ops.shaping import (
    meshgrid as meshgrid,
    reverse as reverse,
    reverse_sequence as reverse_sequence,
    roll as roll,
)
from eagerflow._src.ops.indexing import repeat as repeat
from eagerflow._src.ops.padding import pad as pad
# -- end ops --

# -- nn and image --
# -- end nn --

# -- tf.function, control flow, graphs --
from eagerflow._src.function.polymorphic import (  # noqa: E402
    function as function,
    init_scope as init_scope,
)
from eagerflow._src.core.tensor_spec import TensorSpec as TensorSpec  # noqa: E402
from eagerflow._src.function.compat_v1 import (  # noqa: E402
    Graph as Graph,
    Operation as Operation,
    get_static_value as get_static_value,
)
from eagerflow._src.core.lazy import lazy_module as _lazy_module  # noqa: E402
from eagerflow._src.graph.ir import Graph as _IrGraph  # noqa: E402

# Graph.as_graph_def() writes TF's GraphDef with the SavedModel writers, above the graph
# layer: handed down here, where every layer is below, and loaded on first use
_IrGraph._graph_def_writer = _lazy_module("eagerflow._src.saved_model.graph_def")
from eagerflow._src.ops.tensor_array import (  # noqa: E402
    TensorArray as TensorArray,
    TensorArraySpec as TensorArraySpec,
)
from eagerflow._src.core.composite import (  # noqa: E402
    NoneTensorSpec as NoneTensorSpec,
    TypeSpec as TypeSpec,
)
# -- end function --

# -- autograph --
# -- end autograph --

# -- modules and keras --
from eagerflow._src.module import Module as Module  # noqa: E402
# -- end keras --

# -- data and io --
from eagerflow._src.core.sparse_tensor import (  # noqa: E402
    SparseTensor as SparseTensor,
    SparseTensorSpec as SparseTensorSpec,
)
# -- end data --

# -- checkpoints and summaries --
# -- end checkpoint --

# -- devices and distribution --
# -- end devices --

# -- API coverage beyond the core --
from eagerflow._src.ops.indexed_slices import (  # noqa: E402
    scalar_mul as scalar_mul,
)
from eagerflow._src.ops.math_special import (  # noqa: E402
    acosh as acosh,
    atan2 as atan2,
    asinh as asinh,
    atanh as atanh,
)
from eagerflow._src.ops.data_flow import (  # noqa: E402
    dynamic_partition as dynamic_partition,
    dynamic_stitch as dynamic_stitch,
)
from eagerflow._src.ops.runtime_raw_ops import identity_n as identity_n  # noqa: E402
from eagerflow._src.ops.misc_ops import (  # noqa: E402
    bitcast as bitcast,
    broadcast_dynamic_shape as broadcast_dynamic_shape,
    broadcast_static_shape as broadcast_static_shape,
    complex as complex,
    ensure_shape as ensure_shape,
    searchsorted as searchsorted,
    truncatemod as truncatemod,
)
from eagerflow._src.ops.control_deps import (  # noqa: E402
    control_dependencies as control_dependencies,
    group as group,
    no_op as no_op,
    tuple as tuple,
)
from eagerflow._src.ops.string_format import as_string as as_string  # noqa: E402
from eagerflow._src.ops.nn_space import (  # noqa: E402
    batch_to_space as batch_to_space,
    required_space_to_batch_paddings as required_space_to_batch_paddings,
    space_to_batch as space_to_batch,
    space_to_batch_nd as space_to_batch_nd,
)
from eagerflow._src.ops.signal_ops import (  # noqa: E402
    raw_fftnd as fftnd,
    raw_ifftnd as ifftnd,
    raw_irfftnd as irfftnd,
)
from eagerflow._src.ops.signal_ops import rfftnd_op as rfftnd  # noqa: E402 (TF's raw RFFTND)
# -- end API coverage --

# TF's __name__ for the functions above whose own is a factory's or an alias's
from eagerflow._src.core import api_names as _api_names  # noqa: E402

_api_names.adopt_tf_names("tf", globals())

newaxis = None
# TF's: the release whose behaviour eagerflow follows, as tf.version has it (eagerflow's
# own version is its package's: importlib.metadata.version("eagerflow"))
from eagerflow import version as _version  # noqa: E402

__version__ = _version.VERSION
__git_version__ = _version.GIT_VERSION
__compiler_version__ = _version.COMPILER_VERSION

# Sub-namespaces loaded on first attribute access (`tf.keras`, `tf.data`, ...).
_LAZY = ("__internal__", "audio", "autodiff", "autograph", "bitwise", "compat", "config",
         "data", "debugging",
         "distribute", "dtypes", "errors", "experimental", "feature_column", "graph_util", "image",
         "io",
         "keras", "linalg", "lite", "lookup", "math", "nest", "nn", "profiler", "quantization",
         "queue",
         "ragged", "random",
         "raw_ops", "saved_model", "sets", "signal", "sparse", "strings", "summary", "sysconfig",
         "test", "tpu", "train", "types", "version", "xla", "security")
# Names whose modules would load much at `import eagerflow` (control flow: graph passes and
# codegen; OptionalSpec: all of tf.data and AutoGraph), or that are rarely used, loaded on
# first access: module -> its names here.
_LAZY_MODULES = {
    "eagerflow._src.control_flow.conditionals": ("case", "cond", "switch_case"),
    "eagerflow._src.control_flow.loops": ("foldl", "foldr", "map_fn", "scan",
                                          "vectorized_map", "while_loop"),
    "eagerflow._src.control_flow.py_function": ("numpy_function", "py_function"),
    "eagerflow._src.data.optional": ("OptionalSpec",),
    "eagerflow._src.graph.ir": ("inside_function", "is_symbolic_tensor"),
    "eagerflow._src.ops.histogram_ops": ("histogram_fixed_width", "histogram_fixed_width_bins"),
    "eagerflow._src.ops.linalg_general": ("eig", "eigvals"),
    "eagerflow._src.ops.linalg_matfunc": ("matrix_square_root",),
    "eagerflow._src.ops.nn_extras": ("approx_top_k",),
    "eagerflow._src.ops.sparse_ops": ("ragged_fill_empty_rows", "ragged_fill_empty_rows_grad"),
    "eagerflow._src.function.batching": ("nondifferentiable_batch_function",),
    "eagerflow._src.ops.nn_conv_nd": ("conv", "conv2d_backprop_filter_v2",
                                      "conv2d_backprop_input_v2"),
    "eagerflow._src.ops.image_patches": ("extract_volume_patches",),
    "eagerflow._src.ops.initializers": ("constant_initializer", "ones_initializer",
                                        "random_normal_initializer",
                                        "random_uniform_initializer", "zeros_initializer"),
    "eagerflow._src.ops.norms": ("clip_by_norm", "norm"),
    "eagerflow._src.ops.global_norms": ("clip_by_global_norm",),
    "eagerflow._src.ops.ragged": ("RaggedTensor", "RaggedTensorSpec", "type_spec_from_value"),
    "eagerflow._src.ops.sorting": ("argsort", "sort"),
    "eagerflow._src.saved_model.graph_import": ("import_graph_def",),
    # -- tfapi: protos, fingerprints, edit distance, runtime hints --
    "eagerflow._src.ops.edit_distance": ("edit_distance",),
    "eagerflow._src.ops.hash_ops": ("fingerprint",),
    "eagerflow._src.ops.indexed_slices": ("IndexedSlices", "IndexedSlicesSpec"),
    "eagerflow._src.ops.random_stateless": ("random_index_shuffle",),
    "eagerflow._src.ops.mutex_ops": ("CriticalSection",),
    "eagerflow._src.ops.runtime_ops": ("check_pinned", "guarantee_const",
                                       "parallel_stack", "timestamp"),
    "eagerflow._src.ops.serialization": ("make_ndarray", "make_tensor_proto"),
    "eagerflow._src.io.load_library": ("load_library", "load_op_library"),
}
_LAZY_NAMES = {name: module for module, names in _LAZY_MODULES.items() for name in names}
# modules loaded with one of those: map_fn converts its function by AutoGraph, which hands
# loops its conversion when it loads (it sits above control flow)
_LOADED_WITH = {"eagerflow._src.control_flow.loops": "eagerflow._src.autograph.api"}


# TF's Keras namespaces at the top level (tf.losses is tf.keras.losses, ...).
_KERAS_ALIASES = ("initializers", "losses", "metrics", "optimizers")


def __getattr__(name: str):
    if name in _KERAS_ALIASES:
        module = globals()[name] = _importlib.import_module(f"eagerflow.keras.{name}")
        return module
    if name in _LAZY:
        try:
            module = _importlib.import_module(f"eagerflow.{name}")
        except ModuleNotFoundError as e:
            if e.name == f"eagerflow.{name}":
                raise AttributeError(f"module 'eagerflow' has no attribute {name!r}") from None
            raise
        globals()[name] = module
        return module
    if name in _LAZY_NAMES:
        if _LAZY_NAMES[name] in _LOADED_WITH:
            _importlib.import_module(_LOADED_WITH[_LAZY_NAMES[name]])
        value = globals()[name] = getattr(_importlib.import_module(_LAZY_NAMES[name]), name)
        _api_names.adopt_tf_names("tf", {name: value})
        return value
    raise AttributeError(f"module 'eagerflow' has no attribute {name!r}")


def __dir__():
    # _LAZY follows TF's namespaces, some of which eagerflow has yet to build: list only
    # those this install has, so that every name in dir(tf) resolves.
    present = [n for n in _LAZY if _importlib_util.find_spec(f"eagerflow.{n}") is not None]
    return sorted(set(globals()) | set(present) | set(_LAZY_NAMES) | set(_KERAS_ALIASES))
