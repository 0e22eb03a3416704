"""Checks eagerflow's GPU code against the real CuPy (and the cuDNN frontend and NCCL
bindings where installed), without a GPU: every attribute, function and keyword it uses
exists, with a signature that takes the call as eagerflow writes it.

Run by tests/backend/test_cuda_toolchain.py under an interpreter that has CuPy (the
test's own, or those named by EAGERFLOW_CUPY_PYTHON); it imports no eagerflow module
(eagerflow's cuDNN layout module is loaded by path: it needs only NumPy), so it runs in
a separate virtual environment:

    python tests/backend/cupy_api_audit.py REPO_ROOT     # prints a JSON report

What it checks:
- every call `xp.f(..., k=...)` / `cupy.f(...)` / `cupyx.f(...)` in eagerflow/ (found
  by walking the source's syntax trees): `f` exists in CuPy and takes the keywords;
- USES below: the methods and attributes backend/cupy.py, the CUDA-graph capture
  (backend/__init__.py, graph/device_program.py), dlpack and sysconfig call on CuPy's
  objects (devices, pools, streams, graphs, kernels, NCCL communicators), with the
  keywords and the number of positional arguments they pass; `attribute_names()` lists
  what backend/cupy.py touches so the test can tell a new use USES does not cover;
- backend/cublas_library.py's functions, resolved in the cuBLAS library CuPy loads;
- backend/cudnn.py's graphs built with the real frontend (fprop with and without the
  bias/ReLU epilogue, dgrad, wgrad; half and float; 2 and 3 spatial dims), stopped just
  before planning (Engine._build), which needs cuDNN's library and a GPU; the numerical
  notes it would exclude named as the binding names them.
"""

from __future__ import annotations

import ast
import importlib
import importlib.util
import inspect
import json
import re
import sys
import threading
import warnings
from pathlib import Path
from typing import Any

# (object path, attribute, keywords passed, positional arguments passed or None when the
# attribute is not called). Paths start at an importable module.
USES = [
    # backend/cupy.py: placement, copies, memory figures
    ("cupy", "ndarray", (), None),
    ("cupy.cuda.runtime", "getDeviceCount", (), 0),
    ("cupy.cuda.runtime", "getDevice", (), 0),       # DeviceBackend.ones' device
    ("cupy.cuda.runtime", "CUDARuntimeError", (), None),
    ("cupy.cuda.runtime", "memGetInfo", (), 0),
    ("cupy.cuda.runtime", "getDeviceProperties", (), 1),
    ("cupy.cuda.runtime", "runtimeGetVersion", (), 0),  # sysconfig.get_build_info
    ("cupy.cuda", "Device", (), 1),
    ("cupy.cuda.Device", "use", (), 0),
    ("cupy.cuda.Device", "synchronize", (), 0),
    ("cupy.cuda.Device", "id", (), None),
    ("cupy.cuda.Device", "compute_capability", (), None),  # bfloat16 in cuDNN, TF32
    # TensorFloat-32 (CupyBackend.set_tf32): the math mode of the thread's cuBLAS handle
    ("cupy.cuda", "cublas", (), None),
    ("cupy.cuda.cublas", "setMathMode", (), 2),
    ("cupy.cuda.cublas", "CUBLAS_DEFAULT_MATH", (), None),
    ("cupy.cuda.device", "get_cublas_handle", (), 0),
    # a capture's products (backend/captured_blas.py): CuPy's constants, the library's
    # own functions (check_cublas_library)
    *[("cupy.cuda.cublas", f"CUBLAS_{k}", (), None) for k in (
        "OP_N", "COMPUTE_32F", "COMPUTE_32F_FAST_TF32", "COMPUTE_64F", "GEMM_DEFAULT")],
    *[("cupy.cuda.runtime", f"CUDA_R_{k}", (), None) for k in ("32F", "64F", "16F", "16BF")],
    ("cupy.add", "types", (), None),                  # CupyBackend.holds_bfloat16
    ("cupy.cuda.Device", "__enter__", (), 0),
    ("cupy.ndarray", "device", (), None),
    ("cupy.ndarray", "data", (), None),
    ("cupy.ndarray", "size", (), None),
    ("cupy.ndarray", "get", (), 0),               # backend.to_host
    ("cupy.ndarray", "__dlpack__", (), 0),        # core/dlpack.py to_dlpack
    ("cupy.ndarray", "__dlpack_device__", (), 0),
    ("cupy.cuda.MemoryPointer", "ptr", (), None),
    ("cupy", "array", ("copy",), 1),
    ("cupy", "asarray", (), 1),
    ("cupy", "from_dlpack", (), 1),               # core/dlpack.py from_dlpack
    ("cupy", "get_default_memory_pool", (), 0),
    ("cupy.cuda.MemoryPool", "used_bytes", (), 0),
    ("cupy.cuda.MemoryPool", "free_bytes", (), 0),
    ("cupy.cuda.MemoryPool", "get_limit", (), 0),
    ("cupy.cuda.MemoryPool", "set_limit", ("size",), 0),
    ("cupy.cuda.MemoryPool", "malloc", (), None),
    ("cupy.cuda", "MemoryPool", (), 0),
    ("cupy.cuda", "using_allocator", (), 1),
    ("cupy.cuda", "get_current_stream", (), 0),
    ("cupy.cuda.Stream", "ptr", (), None),
    ("cupy.cuda.Stream", "is_capturing", (), 0),     # DeviceBackend.ones
    ("cupyx", "errstate", ("linalg",), 0),
    ("cupyx.scipy", "special", (), None),
    # CUDA graphs: DeviceBackend.capture and graph/device_program.py
    ("cupy.cuda", "Stream", ("non_blocking",), 0),
    ("cupy.cuda.Stream", "__enter__", (), 0),
    ("cupy.cuda.Stream", "begin_capture", (), 0),
    ("cupy.cuda.Stream", "end_capture", (), 0),
    ("cupy.cuda", "Graph", (), None),
    ("cupy.cuda.Graph", "launch", (), 0),
    ("cupy", "copyto", (), 2),           # a captured step's variables written in place
    ("cupy", "may_share_memory", (), 2),
    # generated and hand-written kernels (DeviceBackend's elementwise, reduction, launch
    # over xp = cupy; the captured product)
    ("cupy", "ElementwiseKernel", ("preamble",), 4),
    ("cupy.ElementwiseKernel", "__call__", (), 3),
    ("cupy", "ReductionKernel", ("preamble",), 7),
    ("cupy.ReductionKernel", "__call__", ("axis", "keepdims"), 2),
    # MirroredStrategy's all-reduce (backend/cupy.py all_reduce)
    ("cupy.cuda.nccl", "NcclCommunicator", (), None),
    ("cupy.cuda.nccl.NcclCommunicator", "initAll", (), 1),
    ("cupy.cuda.nccl.NcclCommunicator", "allReduce", (), 6),
    ("cupy.cuda.nccl", "groupStart", (), 0),
    ("cupy.cuda.nccl", "groupEnd", (), 0),
    *[("cupy.cuda.nccl", f"NCCL_{k}", (), None) for k in (
        "SUM", "MAX", "MIN", "FLOAT16", "BFLOAT16", "FLOAT32", "FLOAT64", "INT32", "INT64",
        "UINT8")],
    # cuSOLVER's LU and cuSPARSE's tridiagonal solvers (CupyBackend.lu_factor, .gtsv): the
    # arrays they make and reshape, the handle, the routines gtsv picks by dtype
    ("cupy", "empty", (), 2),
    ("cupy", "empty_like", (), 1),
    ("cupy.ndarray", "shape", (), None),
    ("cupy.ndarray", "reshape", (), 1),
    ("cupy.ndarray", "transpose", (), 3),
    ("cupy.cuda.device", "get_cusparse_handle", (), 0),
    *[("cupy_backends.cuda.libs.cusparse", f"{p}gtsv2{kind}{buffer}", (), n)
      for p in "sdcz" for kind in ("", "_nopivot", "StridedBatch")
      for buffer, n in (("", 9), ("_bufferSizeExt", 8))],
]
# The cuDNN frontend's module functions and graph methods backend/cudnn.py (and the
# loader in backend/cupy.py) call outside the graph building check_cudnn runs for real.
CUDNN_USES = (("backend_version", (), 0), ("create_handle", (), 0), ("destroy_handle", (), 1),
              ("set_stream", ("handle", "stream"), 0), ("pygraph.execute", ("handle",), 2),
              ("pygraph.get_workspace_size", (), 0), ("pygraph.validate", (), 0),
              ("pygraph.build_operation_graph", (), 0),
              ("pygraph.create_execution_plans", (), 1),
              ("pygraph.deselect_numeric_notes", (), 1), ("pygraph.check_support", (), 0),
              ("pygraph.build_plans", (), 0))
# Whose absence is an install's, not an API's: checked only where the library loads.
OPTIONAL = {"cupy.cuda.nccl": "NCCL's library (nvidia-nccl-cu12/13, the [nccl] extra)"}
# Names in backend/cupy.py that are not CuPy's: Python's, NumPy's, eagerflow's own.
NOT_CUPY = {
    "dtype", "itemsize", "kind", "char", "Lock", "contextmanager", "register", "MEM_LIMIT", "id",
    "get", "xp", "peak", "kernels", "lock", "comms", "cudnn", "kernels", "float16", "float32",
    "float64", "int32", "int64", "uint8", "Engines", "nullcontext",
    "__init__", "decode",  # (super().__init__, bytes.decode)
}


def _resolve(path: str) -> Any:
    """The object at a dotted path that starts with an importable module."""
    parts = path.split(".")
    for cut in range(len(parts), 0, -1):
        try:
            obj = importlib.import_module(".".join(parts[:cut]))
        except ImportError:
            continue
        for name in parts[cut:]:
            obj = getattr(obj, name)
        return obj
    raise ImportError(path)


def _doc_params(text: str) -> list | None:
    """Parameter names from a docstring's first line `name(a, b=1, *, c=None, **kw)`
    (Cython's embedded signatures, pybind11's), or None."""
    first = (text or "").lstrip().split("\n", 1)[0]
    m = re.match(r"[\w.]*\((.*)\)", first)
    if m is None:
        return None
    depth, cur, out = 0, "", []
    for ch in m.group(1):
        depth += ch in "([{<"
        depth -= ch in ")]}>"
        if ch == "," and depth == 0:
            out.append(cur)
            cur = ""
        else:
            cur += ch
    out.append(cur)
    names = []
    for p in out:
        p = p.strip().replace("\\", "")
        if not p or p == "/":
            continue
        # "int device", "str in_params" (Cython's typed parameters), "a: int = 1" (pybind)
        p = p.split("=")[0].split(":")[0].strip()
        names.append(p.split()[-1] if not p.startswith("*") else p)
    return names


def _doc_args(text: str) -> set:
    """The names a docstring's `Args:` section documents (for a `**kwargs` signature):
    its lines at the indentation of its first entry."""
    m = re.search(r"\n[ \t]*Args:\n([ \t]+)\w", text or "")
    if m is None:
        return set()
    body = (text or "")[m.end(1) - len(m.group(1)):]
    names = set()
    for line in body.split("\n"):
        if line.strip() and not line.startswith(m.group(1)):
            break  # (dedented: the next section)
        e = re.match(re.escape(m.group(1)) + r"(\w+)\s*(?:\(|:)", line)
        if e:
            names.add(e.group(1))
    return names


def _documented_attribute(cls: Any, attr: str) -> bool:
    """An instance attribute a class documents (`~Stream.ptr (intptr_t): ...` in its
    docstring's Attributes), which the class object itself does not hold."""
    return any(re.search(rf"(^|[\s.~]){re.escape(attr)} \(", k.__doc__ or "", re.M)
               for k in getattr(cls, "__mro__", (cls,)))


def signature(obj: Any) -> tuple | None:
    """(positional names, keyword names, takes *args, takes **kwargs) of a callable, from
    inspect or its docstring; None when neither says."""
    target = obj
    try:
        sig = inspect.signature(target)
        params = list(sig.parameters.values())
        names = [(p.name, p.kind) for p in params]
    except (TypeError, ValueError):
        names = None
        for text in (getattr(obj, "__doc__", None),
                     getattr(getattr(obj, "__init__", None), "__doc__", None)):
            found = _doc_params(text)
            if found is not None:
                names = []
                for n in found:
                    kind = inspect.Parameter.VAR_POSITIONAL if n.startswith("*") and \
                        not n.startswith("**") else inspect.Parameter.VAR_KEYWORD \
                        if n.startswith("**") else inspect.Parameter.POSITIONAL_OR_KEYWORD
                    names.append((n.lstrip("*"), kind))
                break
        if names is None:
            documented = _doc_args(getattr(obj, "__doc__", "") or "")
            if not documented:
                return None
            return [], documented, True, True
    if names and names[0][0] == "self":
        names = names[1:]
    pos = [n for n, k in names if k in (inspect.Parameter.POSITIONAL_ONLY,
                                         inspect.Parameter.POSITIONAL_OR_KEYWORD)]
    kw = {n for n, k in names if k in (inspect.Parameter.POSITIONAL_OR_KEYWORD,
                                        inspect.Parameter.KEYWORD_ONLY)}
    var_args = any(k == inspect.Parameter.VAR_POSITIONAL for _, k in names)
    var_kw = any(k == inspect.Parameter.VAR_KEYWORD for _, k in names)
    if var_kw:  # a **kwargs the docstring documents: those names are the keywords
        kw |= _doc_args(getattr(obj, "__doc__", "") or "")
    return pos, kw, var_args, var_kw


def check_call(where: str, obj: Any, keywords: tuple, npos: int | None) -> str | None:
    """Why calling `obj` with these keywords and this many positional arguments fails,
    or None."""
    if npos is None:
        return None
    if not callable(obj):
        return f"{where} is not callable"
    sig = signature(obj)
    if sig is None:
        return None if not keywords else f"{where}: no signature to check {keywords} against"
    pos, kw, var_args, var_kw = sig
    bad = [k for k in keywords if k not in kw]
    if bad and not (var_kw and not _doc_args(getattr(obj, "__doc__", "") or "")):
        return f"{where} takes no keyword {bad} (its parameters: {sorted(kw)})"
    if npos > len(pos) and not var_args:
        return f"{where} takes {len(pos)} positional arguments, eagerflow passes {npos}"
    return None


def check_uses() -> tuple:
    problems, skipped = [], []
    for path, attr, keywords, npos in USES:
        where = f"{path}.{attr}"
        lib = next((p for p in OPTIONAL if where.startswith(p + ".")), None)
        try:
            with warnings.catch_warnings():
                warnings.simplefilter("ignore")
                if lib is not None and getattr(_resolve(lib), "available", True) is False:
                    skipped.append(f"{where}: {OPTIONAL[lib]} is not installed")
                    continue
                owner = _resolve(path)
            if npos is None and not hasattr(owner, attr) and \
                    _documented_attribute(owner, attr):
                continue
            obj = getattr(owner, attr)
        except (ImportError, AttributeError) as e:
            problems.append(f"{where} is missing ({type(e).__name__}: {e})")
            continue
        why = check_call(where, obj, keywords, npos)
        if why:
            problems.append(why)
    return problems, skipped


# -- calls found in the source ------------------------------------------------------------

def _chain(node: Any) -> list | None:
    parts = []
    while isinstance(node, ast.Attribute):
        parts.append(node.attr)
        node = node.value
    return [node.id, *reversed(parts)] if isinstance(node, ast.Name) else None


def source_calls(root: Path) -> dict:
    """{"cupy.f.g": {keywords}} for every call through `xp` (a kernel's array module),
    `self.xp`, `cupy` or `cupyx` in eagerflow's source."""
    found: dict = {}
    for f in sorted((root / "eagerflow").rglob("*.py")):
        for node in ast.walk(ast.parse(f.read_text())):
            if not isinstance(node, ast.Call):
                continue
            c = _chain(node.func)
            if not c:
                continue
            if c[:2] == ["self", "xp"]:
                c = c[1:]
            if c[0] not in ("xp", "cupy", "cupyx") or len(c) < 2:
                continue
            path = ".".join(["cupy" if c[0] == "xp" else c[0], *c[1:]])
            kws = {k.arg for k in node.keywords if k.arg}
            found.setdefault(path, set()).update(kws)
            found.setdefault(path + "#", set()).add(f"{f.relative_to(root)}:{node.lineno}")
    return found


def check_source_calls(root: Path) -> tuple:
    problems, count = [], 0
    found = source_calls(root)
    for path in sorted(p for p in found if not p.endswith("#")):
        count += 1
        sites = sorted(found[path + "#"])[:3]
        try:
            obj = _resolve(path)
        except (ImportError, AttributeError):
            problems.append(f"{path} is missing (called at {', '.join(sites)})")
            continue
        why = check_call(path, obj, tuple(sorted(found[path])), 0)
        if why:
            problems.append(f"{why} (called at {', '.join(sites)})")
    return problems, count


def attribute_names(root: Path) -> set:
    """Every attribute name backend/cupy.py reads off an object other than `self`,
    NumPy or a standard module: what USES (or a chain from `cupy`) must cover."""
    tree = ast.parse((root / "eagerflow/_src/backend/cupy.py").read_text())
    names = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Attribute):
            c = _chain(node)
            if c and c[0] in ("self", "np", "contextlib", "threading", "warnings", "cpu", "types",
                              "functools", "cublas_library", "lib"):  # (lib: cublas_library's)
                continue
            names.add(node.attr)
    return names - NOT_CUPY


# -- cuDNN: eagerflow's graphs built with the real frontend --------------------------------

class _Stop(BaseException):  # (not an Exception: Engine._graph leaves those to im2col)
    pass


def check_cudnn(root: Path) -> tuple:
    try:
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")
            cudnn = importlib.import_module("cudnn")
    except Exception as e:  # noqa: BLE001 - old frontends raise a bare Exception
        return [], [f"cuDNN frontend not importable ({type(e).__name__}: {e})"], 0
    spec = importlib.util.spec_from_file_location(
        "eagerflow_cudnn_layout", root / "eagerflow/_src/backend/cudnn.py")
    mod = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mod)
    problems = []
    for path, keywords, npos in CUDNN_USES:
        try:
            obj = _resolve("cudnn." + path)
        except (ImportError, AttributeError) as e:
            problems.append(f"cudnn.{path} is missing ({e})")
            continue
        why = check_call(f"cudnn.{path}", obj, keywords, npos)
        if why:
            problems.append(why)
    for name in ("A", "FALLBACK"):
        if not hasattr(cudnn.heur_mode, name):
            problems.append(f"cudnn.heur_mode.{name} is missing")
    for name in mod.DATA_TYPES.values():
        if not hasattr(cudnn.data_type, name):
            problems.append(f"cudnn.data_type.{name} is missing")
    built = []

    def build(g: Any, notes: tuple) -> None:
        # (planning needs cuDNN's library and a GPU: the graph stops here, its notes named
        # as the real binding names them)
        built.append([getattr(cudnn.numerical_note, n) for n in notes])
        raise _Stop

    eng = mod.Engine.__new__(mod.Engine)
    eng.cudnn, eng.xp, eng.stream_ptr, eng.handle = cudnn, None, lambda: 0, None
    eng.graphs, eng.lock, eng._build = {}, threading.Lock(), build
    cases = 0
    for dtype in mod.DATA_TYPES:
        for r in (2, 3):
            sp, ks, outs = (8,) * r, (3,) * r, (6,) * r
            x, w, y = (2, *sp, 3), (4, *ks, 3), (2, *outs, 4)
            geo = ((1,) * r, (1,) * r, ((0, 0),) * r)
            for i, (op, shapes, epi) in enumerate((("fprop", (x, w, y), (False, False)),
                                                   ("fprop", (x, w, y), (True, True)),
                                                   ("dgrad", (y, w, x), (False, False)),
                                                   ("wgrad", (x, y, w), (False, False)))):
                cases += 1
                notes = mod.excluded_notes(dtype, i % 2 == 0, i >= 2)
                try:
                    eng._graph((dtype, op, r, epi, notes), op, shapes, *geo, *epi)
                except _Stop:
                    pass
                except Exception as e:  # noqa: BLE001 - each is a finding
                    problems.append(f"cuDNN {op} {dtype} rank {r} bias/relu {epi}: "
                                    f"{type(e).__name__}: {e}")
    if len(built) + len(problems) < cases:
        problems.append(f"cuDNN graphs: {len(built)} of {cases} reached build")
    return problems, [], cases


def check_bfloat16(root: Path, cupy: Any) -> tuple:
    """(problems, skipped): the stand-in's BFLOAT16_UFUNCS against the ufuncs of this
    CuPy with a bfloat16 loop (their type signatures name ml_dtypes' type char "E")."""
    if importlib.util.find_spec("ml_dtypes") is None:
        return [], ["bfloat16 loops: no ml_dtypes here, so CuPy has none"]
    # (read from the source: strict_names imports eagerflow, which this interpreter lacks)
    tree = ast.parse((root / "eagerflow/_src/backend/strict_names.py").read_text())
    text = next(node.value.args[0].func.value.value for node in tree.body
                if isinstance(node, ast.Assign) and node.targets[0].id == "BFLOAT16_UFUNCS")
    stand_in = frozenset(text.split())
    ufuncs = {n: u for n in dir(cupy) if isinstance(u := getattr(cupy, n), cupy.ufunc)}
    looped = {n for n, u in ufuncs.items() if any("E" in str(t) for t in u.types)}
    said = stand_in - {"matmul"}  # (cupy.matmul: a gufunc, cuBLAS's)
    problems = [f"cupy.{n} has a bfloat16 loop the stand-in refuses" for n in
                sorted(looped - said)]
    problems += [f"cupy.{n} has no bfloat16 loop, which the stand-in runs" for n in
                 sorted((said & set(ufuncs)) - looped)]
    return problems, []


def check_cublas_library(root: Path, cupy: Any) -> list:
    """backend/cublas_library.py (loaded by path: it needs only the standard library)
    finds the cuBLAS library CuPy's module loaded and resolves its four functions; a
    handle is made where a GPU is, else cuBLAS says it is not initialized."""
    spec = importlib.util.spec_from_file_location(
        "cublas_library", root / "eagerflow/_src/backend/cublas_library.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    cupy.cuda.cublas.CUBLAS_OP_N  # noqa: B018 - (loads the library, as CupyBackend does)
    path = module.loaded_path(cupy.cuda.runtime.runtimeGetVersion() // 1000)
    if path is None:
        return ["cublas_library.loaded_path found no cuBLAS library after cupy.cuda.cublas"]
    try:
        lib = module.Library(path)
    except AttributeError as e:
        return [f"cublas_library.Library({path}): {e}"]
    try:
        lib.destroy(lib.create())
    except RuntimeError as e:
        if str(e) != "CUBLAS_STATUS_NOT_INITIALIZED":
            return [f"cublasCreate_v2 through cublas_library: {e}"]
    return []


def main(argv: list) -> int:
    root = Path(argv[1]).resolve()
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        cupy = importlib.import_module("cupy")
    uses, skipped = check_uses()
    calls, ncalls = check_source_calls(root)
    cudnn_problems, cudnn_skipped, graphs = check_cudnn(root)
    bf16_problems, bf16_skipped = check_bfloat16(root, cupy)
    blas_problems = check_cublas_library(root, cupy)
    resolved = {attr for _, attr, _, _ in USES} | \
        {name for path, _, _, _ in USES for name in path.split(".")} | \
        {name for path, _, _ in CUDNN_USES for name in path.split(".")}
    print(json.dumps({
        "cupy": cupy.__version__, "python": sys.executable,
        "problems": uses + calls + cudnn_problems + bf16_problems + blas_problems,
        "skipped": skipped + cudnn_skipped + bf16_skipped,
        "checked": {"uses": len(USES), "source_calls": ncalls, "cudnn_graphs": graphs},
        "uncovered": sorted(attribute_names(root) - resolved)}))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
