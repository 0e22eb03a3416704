"""Compiles eagerflow's CUDA kernels with the real NVRTC, for an explicit GPU architecture,
without a GPU: the check the strict stand-in (backend/strict_cuda.py, which interprets
a subset of C) cannot make.

Run by tests/backend/test_cuda_toolchain.py under an interpreter that has CuPy and
NVRTC's library (the test's own, or those named by EAGERFLOW_CUPY_PYTHON); it imports
no eagerflow module:

    python tests/backend/nvrtc_compile.py ARCH < kernels.json    # prints a JSON report

kernels.json lists what the stand-in launched (the test records it): each kernel's CuPy
arguments (ElementwiseKernel's or ReductionKernel's) and the arrays and scalars it was
called with. For each, the CUDA source CuPy would generate for that call (its
ElementwiseKernel/ReductionKernel code generators, given the argument types CuPy's own
type resolution decides), with the headers and options CuPy compiles with, goes through
nvrtcCreateProgram/nvrtcCompileProgram with `-arch=sm_ARCH`; NVRTC needs no device.
"""

from __future__ import annotations

import ctypes
import glob
import json
import os
import sys
import warnings
from typing import Any

import numpy as np

with warnings.catch_warnings():
    warnings.simplefilter("ignore")  # (CuPy's warnings about libraries it did not find)
    import cupy
    from cupy._core import _kernel, _reduction, core
    from cupy.cuda import compiler
    from cupy_backends.cuda.libs import nvrtc

_NDARRAY, _INDEXER, _SCALAR = 1, 2, 3  # CuPy's _ArgKind
_INDEXER_TYPE = type(cupy._core._carray._indexer_init((1,))) \
    if hasattr(cupy._core._carray, "_indexer_init") else cupy._core._carray.Indexer
_SCALAR_TYPE = cupy._core._scalar.CScalar


class _Source(Exception):
    """Carries what CuPy's compile_with_cache would hand its compiler."""


def _capture(source: str, options: tuple = (), *args: Any, **kwargs: Any) -> None:
    raise _Source(source, options)


def cupy_source(code: str) -> tuple:
    """(source, options) as CuPy compiles `code`: its headers prepended, its include
    paths and language options (core.compile_with_cache, stopped before it compiles)."""
    real = compiler._compile_module_with_cache
    compiler._compile_module_with_cache = _capture
    try:
        core.compile_with_cache(code, (), arch="90")
    except _Source as s:
        return s.args
    finally:
        compiler._compile_module_with_cache = real
    raise RuntimeError("compile_with_cache did not reach its compiler")


def nvrtc_compile(source: str, options: tuple, arch: str) -> str | None:
    """NVRTC's log when `source` does not compile for sm_`arch`, else None. The options
    _compile_with_cache_cuda and compile_using_nvrtc add are added as they do."""
    extra = getattr(compiler, "_get_extra_include_dir_opts", None)  # CuPy 13: the
    options = tuple(options) + (extra() if extra else ())  # CUDA headers of the cudart wheel
    prog = nvrtc.createProgram(source, "kern.cu", (), ())
    try:
        nvrtc.compileProgram(prog, options + (
            "-ftz=true", f"-arch=sm_{arch}", "--device-as-default-execution-space"))
        if not nvrtc.getCUBIN(prog):
            return "NVRTC produced no cubin"
        return None
    except nvrtc.NVRTCError as e:
        return f"{e}\n{nvrtc.getProgramLog(prog)}"
    finally:
        nvrtc.destroyProgram(prog)


def _array(dtype: Any, ndim: int, contiguous: bool) -> Any:
    return _kernel._ArgInfo(_NDARRAY, cupy.ndarray, np.dtype(dtype), ndim,
                            contiguous or ndim == 0, True)


def _scalar(dtype: Any) -> Any:
    return _kernel._ArgInfo(_SCALAR, _SCALAR_TYPE, np.dtype(dtype), 0, True, True)


def _indexer(ndim: int) -> Any:
    return _kernel._ArgInfo(_INDEXER, _INDEXER_TYPE, None, ndim, True, True)


def elementwise_code(k: dict) -> str:
    """CuPy's CUDA source of an ElementwiseKernel call with these arguments."""
    ek = cupy.ElementwiseKernel(k["in_params"], k["out_params"], k["operation"], k["name"],
                                preamble=k["preamble"])
    args = k["args"]
    ins, outs = args[:ek.nin], args[ek.nin:]
    in_types, out_types, type_map = ek._decide_params_type(
        tuple(np.dtype(a["dtype"]) if a["array"] else None for a in ins),
        tuple(np.dtype(a["dtype"]) for a in outs))
    raw = [p.raw for p in ek.params]
    loop = k["loop_ndim"]
    infos = []
    for i, t in enumerate(in_types + out_types):
        a = args[i] if i < len(args) else {"array": True, "ndim": loop, "contiguous": True}
        if not a["array"]:
            infos.append(_scalar(t))
        elif raw[i]:
            infos.append(_array(t, a["ndim"], a["contiguous"]))
        else:
            infos.append(_array(t, loop, k["contiguous"]))
    infos.append(_indexer(loop))
    return _kernel._get_elementwise_kernel_code(
        tuple(infos), type_map, ek.params, ek.operation, ek.name, ek.preamble)


def reduction_code(k: dict) -> str:
    """CuPy's CUDA source of a ReductionKernel call with these arguments (its default
    512-thread blocks, int32 indices)."""
    rk = cupy.ReductionKernel(k["in_params"], k["out_params"], k["map_expr"],
                              k["reduce_expr"], k["post_map_expr"], k["identity"], k["name"],
                              preamble=k["preamble"])
    ins = k["args"]
    in_types, out_types, type_map = _kernel._decide_params_type(
        rk.in_params, rk.out_params,
        tuple(np.dtype(a["dtype"]) if a["array"] else None for a in ins), ())
    type_map = _kernel._TypeMap(type_map._pairs + (("IndexT", "int32"),))
    n_in, n_out = k["in_ndim"], k["out_ndim"]
    infos = [_array(t, n_in, n_in <= 1) if a["array"] else _scalar(t)
             for a, t in zip(ins, in_types)]
    infos += [_array(t, n_out, n_out <= 1) for t in out_types]
    infos += [_indexer(n_in), _indexer(n_out), _scalar(np.int32)]
    params = getattr(rk, "_params", None) or rk.params
    return _reduction._ReductionKernel_get_cached_function_code(
        rk.nin, rk.nout, params, tuple(infos), type_map, rk.name, 512, rk.reduce_type,
        rk.identity, rk.map_expr, rk.reduce_expr, rk.post_map_expr, rk.preamble, rk.options)


def load_nvrtc() -> str | None:
    """Loads NVRTC's library; why it cannot be, or None. CuPy 14 finds the one NVIDIA's
    wheel installs (nvidia-cuda-nvrtc-cu12/13) by itself; CuPy 13 only on the library
    path, so the wheel's is loaded here first (CuPy's dlopen by name then finds it)."""
    try:
        nvrtc.getVersion()
        return None
    except Exception as e:  # noqa: BLE001 - CuPy's RuntimeError, or a CUDA error
        why = f"{type(e).__name__}: {e}"
    for site in sys.path:
        for lib in sorted(glob.glob(os.path.join(site, "nvidia", "cuda_nvrtc", "lib",
                                                 "libnvrtc.so.*"))):
            if "builtins" not in lib:
                try:
                    ctypes.CDLL(lib, mode=ctypes.RTLD_GLOBAL)
                    nvrtc.getVersion()
                    return None
                except Exception:  # noqa: BLE001 - try the next one
                    continue
    return why


def main(argv: list) -> int:
    arch = argv[1]
    kernels = json.load(sys.stdin)
    why = load_nvrtc()
    if why is not None:
        print(json.dumps({"skipped": f"NVRTC cannot be loaded ({why})"}))
        return 0
    failures, compiled = [], 0
    for k in kernels:
        try:
            code = elementwise_code(k) if k["kind"] == "elementwise" else reduction_code(k)
            source, options = cupy_source(code)
            log = nvrtc_compile(source, options, arch)
        except Exception as e:  # noqa: BLE001 - CuPy refusing the kernel is a finding too
            log = f"CuPy refused it: {type(e).__name__}: {e}"
            code = ""
        if log is None:
            compiled += 1
        else:
            failures.append({"name": k["name"], "types": [a.get("dtype") for a in k["args"]],
                             "log": log, "code": code})
    print(json.dumps({"cupy": cupy.__version__, "nvrtc": list(nvrtc.getVersion()),
                      "arch": arch, "compiled": compiled, "failures": failures}))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
