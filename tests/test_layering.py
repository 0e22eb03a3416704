"""The import rules of eagerflow/_src (DESIGN.md's layout), checked on the source.

1. Packages form a pipeline, PACKAGES, bottom first: a module imports only from its own
   package or from packages below it (so no import cycle spans packages).
2. Inside ops/, modules have an order too, OPS_ORDER: math, then array and shaping,
   reductions, indexing and slicing, linalg, random, nn, image and signal. An ops module
   imports only modules before it.
3. No module of eagerflow/_src imports the public package (`eagerflow`, `eagerflow.nn`, ...):
   the public namespaces re-export _src, never the other way round.
4. Imports sit at module level. An import inside a function is for an optional
   dependency, never to hide a cycle: no eagerflow module is imported inside a function
   (the CuPy backend, which imports CuPy, is bound with core/lazy.py's `lazy_module`), and
   the modules imported there are the optional extras and what `import eagerflow` must
   not pay for (LOADED_ON_USE). A costly standard module that code above core/ needs
   rarely is bound at module level with `lazy_module` too.
5. No module is over MAX_LINES lines.
6. Code outside the ragged family loads it whole, through ops/ragged.py.
7. No two modules import each other, directly or round a loop, at module level (inside
   a package too), but the cycles listed in KNOWN_CYCLES.

Every rule counts imports at module level and inside functions alike. When one fails,
its message names the file, the line, the import and the rule: move the shared code
down (into the lower package or the earlier ops module), or the importing code up.
"""

from __future__ import annotations

import ast
import functools
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent / "eagerflow"
SRC = ROOT / "_src"

# Bottom first. A package may import the packages before it in this list.
PACKAGES = [
    "backend",       # array backends (NumPy, CuPy, the strict stand-in): no eagerflow imports
    "core",          # dtypes, shapes, tensors, context, errors, nest
    "io",            # file formats over core (TFRecord framing, CRC32C, protobuf)
    "ops",           # the op registry, bind, every op family
    "numpy_ops",     # tf.experimental.numpy: NumPy's API composed of the ops
    "graph",         # Graph IR, interpreter, passes, codegen
    "autodiff",      # GradientTape, gradients
    "control_flow",  # cond / while_loop (ops holding sub-graphs), py_function
    "autograph",     # AST conversion of Python control flow
    "function",      # tf.function, ConcreteFunction, compat.v1 graphs
    "module",        # tf.Module
    "linear_operator",  # tf.linalg.LinearOperator and its family (tf.Modules over ops)
    "train",         # checkpoints
    "summary",       # TensorBoard summaries
    "data",          # tf.data
    "feature_column",  # tf.feature_column: columns over ops, lookup tables, parse specs
    "distribute",    # strategies
    "dtensor",       # tf.experimental.dtensor: meshes, layouts, DTensors
    "v1",            # TF 1's programs: variable scopes, optimizers, losses, Saver
    "distributions",  # tf.compat.v1.distributions: TF 1's distributions over the ops
    "saved_model",   # SavedModel: whole programs in TF's format
    "v1_training",   # TF 1's training loops: hooks, monitored sessions, FileWriter
    "keras",
    "lite",          # tf.lite: TFLite flatbuffers, their interpreter and converter
    "testing",       # op and layer test harnesses (tf.test)
]

# The order of ops/, bottom first: each module imports only modules before it.
OPS_ORDER = [
    # machinery: no ops of their own
    "op_index", "tf_op_defs", "registry", "heap", "checks", "attr_values", "wrapper_inputs",
    "eager_errors",
    "composite_dispatch",
    "held_arrays", "graph_conversion_errors", "dispatch", "graph_constants",
    "windows_cuda", "conv_taps", "windows", "pool_windows", "pool_xla",
    "packed_strings",
    # math
    "libm32", "libm_exact", "libm_complex", "complex_quotient", "complex_scalar", "elementwise",
    "halfprec",
    "eigen_sum", "reduce_ties",
    "eigen_reduce", "eigen32",
    "broadcast_grads", "where_indices", "unary_grad_ops", "float_to_int", "math_base", "math",
    "bitwise",
    "special_cephes", "special_bessel", "special_lgamma", "math_special",
    "special_scalars", "special_igamma", "special_betainc",
    "special_functions", "special_incomplete", "select_v1", "clip_value",
    # array and shaping
    "stacking", "dynshape", "fill_checks", "reshape_shapes", "sequences",
    "transposing",
    "shape_queries", "reshaping",
    "variables", "resource_ops", "concat_offset", "array", "tiling", "shaping",
    # reductions, and runtime checks over them (sorted segment ids checked in graphs)
    "scans", "reduce", "logsumexp_scan", "printing", "print_v1", "debugging", "tfdbg",
    "tfdbg_v1",
    # indexing and slicing
    "indexed_slices", "indexing", "unique_one_hot",
    "nd_indexing", "topk_order", "sorting", "indexing_versions",
    "raw_array_ops", "slice_keys",
    "slicing", "slice_op",
    "padding", "segment_ops", "device_scatter", "resource_scatter", "scatter_nonaliasing",
    "graph_only_ops", "resource_gather",
    "resource_gather_nd",
    "variable_scatter",
    "slice_update", "histogram_ops", "data_flow",
    "reduce_grads",
    # linear algebra
    "sparse_matmul", "linalg_diag", "eigen_lu", "eigen_qr", "matmul_flags", "linalg",
    "linalg_band_part", "linalg_eye",
    "einsum_shapes", "einsum_path", "einsum",
    "linalg_decomp",
    "linalg_spectral",
    "linalg_diag_bands",
    "linalg_banded", "linalg_general",
    "norms", "nms_gpu", "control_deps", "misc_ops", "greedy_nms",
    "linalg_solvers", "linalg_functions", "linalg_matfunc",
    # random: Philox bits, glibc's float maths, TF's distributions, then the ops, and the
    # initializers that draw from them
    "philox", "random_cuda", "random_dists", "random_gpu", "random_reference", "random_unroll",
    "random", "random_stateless", "random_gamma", "random_binomial",
    "random_generator", "random_truncated", "random_stateless_v1", "random_stateful",
    "sobol",
    "initializers",
    # nn
    "nn_args", "nn_conv_checks", "nn_conv_refs", "nn_conv", "nn_conv_variants", "nn_conv_nd",
    "nn", "nn_pool_refs", "nn_pool", "nn_pool_argmax", "nn_fused_bn",
    "nn_norm", "stl_topn", "nn_loss", "global_norms",
    "nn_ctc_dense", "nn_ctc_beam",
    "nn_ctc", "nn_fused", "nn_batchnorm", "nn_space_formats", "nn_space", "nn_lrn",
    "nn_extras", "nn_pool_v2", "nn_morphology",
    "nn_fractional", "rnn_blocks",
    "quantization", "quantize_dequantize", "quantized_ops", "quantized_nn_ops",
    "quantized_resize_norm_ops", "quantized_per_channel_ops", "uniform_quant",
    "uniform_quant_dot",
    # image and signal
    "image_orient", "image_resample", "image", "image_pixels", "image_bounds", "image_color",
    "image_crops", "image_patches",
    "image_nms", "nms_padded", "box_proposals", "image_boxes", "image_sampling", "image_transform",
    "nn_fused_pad_conv",
    "signal_ops",
    "signal_spectral",
    # the rest of TF's API, data and io
    "re2", "regex_ops", "string_ops", "string_format", "string_segment_join", "string_split_v1",
    "hash_ops",
    "record_input", "sparse_ops",
    "sparse_parts", "sparse_shape_ops", "sparse_join_ops",
    "candidate_sampling", "candidate_unigram", "sets", "clustering_ops",
    "parsing_ops",
    "io_ops", "audio_ops", "image_codecs", "image_encoders", "serialization",
    "uniform_quant_conv", "proto_ops",
    "sparse_serialization", "csv_ops", "checkpoint_ops",
    "edit_distance", "runtime_ops", "runtime_raw_ops", "tensor_list_kernels", "tensor_list_grads",
    "tensor_list_ops", "tensor_array",
    "training_refs",
    "training_ops", "sparse_training_refs", "sparse_training_ops", "sparse_count_ops",
    "ragged_count_ops", "ragged_legacy_shape",
    # ragged tensors (over the families above)
    "ragged_ops", "row_partition", "ragged_tensor", "ragged_functions", "ragged_getitem",
    "ragged_shape", "ragged_broadcast",
    "ragged_dispatch", "ragged_where", "ragged_dispatch_extra", "ragged_strings",
    "ragged_ngrams", "ragged",
    "ragged_variant_ops",
    "hash_map_order", "table_refs",
    "table_state", "table_handles", "lookup_ops", "queue_state", "queue_handles", "queue_ops",
    "reader_ops", "accumulator_ops", "sparse_accumulator", "mutex_ops", "staging_ops",
    "barrier_ops", "rendezvous_ops", "batch_ops",
    "sparse_tensors_map", "session_handles",
    "tensor_array_state", "tensor_array_v1",
    "checkpoint_remap",
    "unavailable_ops", "boosted_trees_ops",
    "tensor_array_older",
    "sparse_segment_ops", "sparse_functions", "sparse_binary_ops", "sparse_reduce_ops",
    "sparse_softmax",
    "sparse_extras", "embedding_sparse", "crosses", "csr_value", "csr_matrix_ops", "csr_gpu_ops",
    "csr_ordering_ops",
    "parsing_features",
    "parsing_sequence", "parsing_v1", "parsing_sequence_v1", "parsing_sequence_v2",
    "extension_type", "extension_dispatch",
    # StructuredTensor (an extension type over the ragged family)
    "structured_pyval", "structured_shape", "structured_tensor", "structured_ops", "structured",
    # last: installs the Python operators on Tensor (and SparseTensor's two) from the
    # families above
    "sparse_operators", "operators",
]

# Other modules that may be imported inside a function: the optional extras (pyproject's
# [project.optional-dependencies]), protobuf and TensorBoard's protos (tens of ms, for
# files and summaries only), and the two standard modules the backend uses rarely (it
# sits below core/lazy.py): its thread pool and the Unix-only address-space limit; absl-py's
# logging, where Keras and TF log, used when installed (core/tf_logging.py).
LOADED_ON_USE = {
    "cupy", "cupyx", "cupy_backends", "cudnn", "scipy", "h5py", "PIL", "simplejpeg",
    "imagecodecs", "mpi4py", "matplotlib", "cv2", "cramjam", "orbax",
    "google.protobuf", "tensorboard", "ml_dtypes",
    "concurrent.futures", "resource", "IPython", "absl",
    # the cloud cluster resolvers' clients (tf.distribute.cluster_resolver)
    "googleapiclient", "oauth2client", "kubernetes",
}
MAX_LINES = 1000


def _files() -> list[Path]:
    return sorted(ROOT.rglob("*.py"))


def _rel(path: Path) -> str:
    return path.relative_to(ROOT.parent).as_posix()


def _package(path: Path) -> str:
    return path.relative_to(SRC).parts[0].removesuffix(".py")


def _all_imports(path: Path) -> list[tuple[int, str, bool]]:
    """(line, imported module, inside a function) for every absolute import, and for every
    `import_module`/`lazy_module` of an eagerflow module. `from eagerflow.a import b`
    counts as module `eagerflow.a.b` where that is a module, and as `eagerflow.a.b` too
    for the public package (`from eagerflow import nn`)."""
    return _scan(path)[0]


def _type_checking_lines(path: Path) -> set:
    """The lines inside `if TYPE_CHECKING:` blocks."""
    return _scan(path)[1]


@functools.cache
def _scan(path: Path) -> tuple[list, set]:
    """A module's imports and TYPE_CHECKING lines, from one parse (the suites read them
    for every module of the package)."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    out: list = []

    def visit(node: ast.AST, in_function: bool) -> None:
        for child in ast.iter_child_nodes(node):
            inner = in_function or isinstance(
                child, (ast.FunctionDef, ast.AsyncFunctionDef, ast.Lambda))
            if isinstance(child, ast.ImportFrom) and child.level == 0 and child.module:
                out.extend((child.lineno, _from_module(child.module, a.name), in_function)
                           for a in child.names)
            elif isinstance(child, ast.Import):
                out.extend((child.lineno, a.name, in_function) for a in child.names)
            elif isinstance(child, ast.Call) and _dynamic_import(child):
                out.append((child.lineno, child.args[0].value, in_function))
            visit(child, inner)

    visit(tree, False)
    typing_only: set = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.If) and isinstance(node.test, ast.Name) and \
                node.test.id == "TYPE_CHECKING":
            typing_only.update(range(node.body[0].lineno, node.body[-1].end_lineno + 1))
    return out, typing_only


def _from_module(module: str, name: str) -> str:
    if module.split(".")[0] != "eagerflow":
        return module
    sub = ROOT.parent.joinpath(*module.split("."), name)
    if module in ("eagerflow", "eagerflow._src") or sub.with_suffix(".py").is_file() or \
            (sub / "__init__.py").is_file():
        return f"{module}.{name}"
    return module


def _imports(path: Path) -> list[tuple[int, str, bool]]:
    """(line, imported eagerflow module, inside a function) for every import of eagerflow."""
    return [i for i in _all_imports(path) if i[1].split(".")[0] == "eagerflow"]


def _dynamic_import(call: ast.Call) -> bool:
    """importlib.import_module("eagerflow...") or lazy_module("eagerflow...") (core/lazy.py)
    with a literal name."""
    f = call.func
    name = f.attr if isinstance(f, ast.Attribute) else f.id if isinstance(f, ast.Name) else ""
    return (name in ("import_module", "lazy_module") and call.args
            and isinstance(call.args[0], ast.Constant) and isinstance(call.args[0].value, str)
            and call.args[0].value.split(".")[0] == "eagerflow")


def _src_files() -> list[Path]:
    return [p for p in _files() if SRC in p.parents and p.parent != SRC or
            p.parent == SRC and p.name != "__init__.py"]


def test_every_package_has_a_layer():
    pkgs = {_package(p) for p in _src_files()}
    assert pkgs <= set(PACKAGES), (
        f"packages {sorted(pkgs - set(PACKAGES))} are not in tests/test_layering.py's PACKAGES: "
        "add each at the level of the pipeline it belongs to")


def test_imports_only_go_down_the_pipeline():
    level = {p: i for i, p in enumerate(PACKAGES)}
    bad = []
    for path in _src_files():
        pkg = _package(path)
        for line, module, _ in _imports(path):
            parts = module.split(".")
            if parts[:2] != ["eagerflow", "_src"] or len(parts) < 3:
                continue
            target = parts[2]
            if target in level and level[target] > level[pkg]:
                below = ", ".join(PACKAGES[:level[pkg]]) or "none"
                bad.append(f"{_rel(path)}:{line} imports {module}: {pkg}/ may import only "
                           f"packages below it in the pipeline ({below}), and {target}/ "
                           "is above it")
    assert not bad, "imports that point up the pipeline (move the shared code down, or the " \
        "importing code up):\n" + "\n".join(bad)


def test_ops_modules_import_only_earlier_ops_modules():
    files = {p.stem for p in (SRC / "ops").glob("*.py")} - {"__init__"}
    assert files <= set(OPS_ORDER), (
        f"ops modules {sorted(files - set(OPS_ORDER))} are not in tests/test_layering.py's "
        "OPS_ORDER: add each after the modules it imports")
    pos = {m: i for i, m in enumerate(OPS_ORDER)}
    bad = []
    for name in sorted(files):
        path = SRC / "ops" / f"{name}.py"
        for line, module, _ in _imports(path):
            parts = module.split(".")
            if parts[:3] != ["eagerflow", "_src", "ops"] or len(parts) < 4:
                continue
            target = parts[3]
            if target in pos and pos[target] >= pos[name]:
                bad.append(f"{_rel(path)}:{line} imports ops/{target}.py, which comes after "
                           f"ops/{name}.py in OPS_ORDER")
    assert not bad, "ops modules import only the modules before them in OPS_ORDER (math, " \
        "array/shaping, reduce, indexing/slicing, linalg, random, nn, image/signal): move " \
        "the shared code into an earlier module, or the importing code later:\n" + \
        "\n".join(bad)


# RaggedTensor is defined in ops/ragged_tensor.py and completed (factories, indexing,
# operators, dispatch) by the ragged modules after it; the family loads on first use.
RAGGED_FAMILY = {"ragged_ops", "ragged_tensor", "ragged_functions", "ragged_getitem",
                 "ragged_dispatch", "ragged_dispatch_extra", "ragged_shape", "ragged_broadcast",
                 "ragged_strings", "ragged_ngrams", "ragged_where"}


def test_the_ragged_family_is_loaded_whole():
    bad = []
    for path in _files():
        if path.parent == SRC / "ops" and path.stem in RAGGED_FAMILY | {"ragged"}:
            continue
        modules = {m for _, m, _ in _imports(path)}
        family = sorted(m for m in modules if m.split(".")[-1] in RAGGED_FAMILY
                        and m.startswith("eagerflow._src.ops."))
        if family and "eagerflow._src.ops.ragged" not in modules:
            bad.append(f"{_rel(path)} imports {', '.join(family)}")
    assert not bad, "a module outside the ragged family that imports one of its modules " \
        "imports eagerflow._src.ops.ragged too (it completes RaggedTensor; import the class " \
        "from there):\n" + "\n".join(bad)


def test_no_module_imports_the_public_package():
    bad = []
    for path in _src_files():
        for line, module, _ in _imports(path):
            if module == "eagerflow" or not module.startswith("eagerflow._src"):
                bad.append(f"{_rel(path)}:{line} imports {module}")
    assert not bad, "eagerflow/_src imports the public package (import the _src module that " \
        "defines the name instead):\n" + "\n".join(bad)


def test_no_eagerflow_module_is_imported_inside_a_function():
    # (was 496 at f61dd34, 9 at 4cc2669, 1 at 89dfa31: the CuPy backend, now lazy_module's)
    inner = [f"{_rel(path)}:{line}: {module}" for path in _files()
             for line, module, in_function in _imports(path) if in_function]
    assert not inner, (
        "imports of eagerflow modules inside functions (import at module level: an import "
        "inside a function is for an optional dependency only, never to hide a cycle; move "
        "the shared code down, or pass what the lower module needs to it; an optional "
        "backend is bound with core/lazy.py's lazy_module):\n" + "\n".join(inner))


def test_other_modules_are_imported_inside_functions_only_if_loaded_on_use():
    bad = []
    for path in _files():
        for line, module, in_function in _all_imports(path):
            root = module.split(".")[0]
            if in_function and root != "eagerflow" and not any(
                    module == m or module.startswith(m + ".") for m in LOADED_ON_USE):
                bad.append(f"{_rel(path)}:{line} imports {module}")
    assert not bad, (
        "imports inside functions of modules that are not optional (import them at module "
        "level; bind a costly standard module with core/lazy.py's lazy_module, or add an "
        "optional extra to tests/test_layering.py's LOADED_ON_USE):\n" + "\n".join(bad))


def test_no_module_is_over_the_line_limit():
    long = [f"{_rel(p)}: {n} lines" for p in _files()
            if (n := len(p.read_text(encoding="utf-8").splitlines())) > MAX_LINES]
    assert not long, f"modules over {MAX_LINES} lines (split them by what they hold):\n" + \
        "\n".join(long)


# Module-level import cycles still to break, each a set of modules.
KNOWN_CYCLES: list = []


def _module_name(path: Path) -> str:
    parts = list(path.relative_to(ROOT.parent).with_suffix("").parts)
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def _cycles(graph: dict) -> list:
    """The strongly connected components of more than one module (Tarjan's algorithm)."""
    index: dict = {}
    low: dict = {}
    stack: list = []
    out = []

    def visit(v: str) -> None:
        index[v] = low[v] = len(index)
        stack.append(v)
        for w in graph[v]:
            if w not in index:
                visit(w)
                low[v] = min(low[v], low[w])
            elif w in stack:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            component = set()
            while True:
                w = stack.pop()
                component.add(w)
                if w == v:
                    break
            if len(component) > 1:
                out.append(component)

    for v in sorted(graph):
        if v not in index:
            visit(v)
    return out


def test_no_import_cycle_between_modules():
    """Module-level imports (a lazy_module counts; `if TYPE_CHECKING:` does not) form no
    cycle, inside a package as between packages: a cycle means a module cannot be read,
    or loaded, without the ones above it."""
    modules = {_module_name(p): p for p in _files()}
    graph = {}
    for name, path in modules.items():
        typing_only = _type_checking_lines(path)
        graph[name] = sorted({m for line, m, in_function in _imports(path)
                              if m in modules and not in_function and line not in typing_only})
    found = _cycles(graph)
    gone = [c for c in KNOWN_CYCLES if c not in found]
    assert not gone, f"KNOWN_CYCLES lists cycles that are broken now (remove them): {gone}"
    cycles = [c for c in found if c not in KNOWN_CYCLES]
    assert not cycles, "modules that import each other (move what they share into a lower " \
        "module, or hand the upper one's piece down; see docs/architecture.md):\n" + \
        "\n".join(", ".join(sorted(c)) for c in cycles)
