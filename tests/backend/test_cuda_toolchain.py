"""eagerflow's GPU code against the real CuPy and NVRTC, without a GPU.

Two checks, each run under every interpreter that has CuPy: this one when `import cupy`
works here, and those listed in EAGERFLOW_CUPY_PYTHON (paths separated by os.pathsep,
e.g. a CuPy 13 and a CuPy 14 virtual environment kept outside the repository: see
docs/performance.md). Without any, they skip.

- tests/backend/cupy_api_audit.py: every CuPy / cuDNN-frontend / NCCL attribute,
  function and keyword the GPU code uses exists and takes the call;
- tests/backend/nvrtc_compile.py: every CUDA kernel the stand-in GPU launched while
  this test ran (tf.function's fused kernels for each op with a CUDA expression, alone
  and feeding Sum/Mean; the registry's ops eagerly, whose hand-written ElementwiseKernels
  fire on devices; the guide CNN's and the MLP's train steps, eager and traced, in
  float32 and mixed precision; the optimizers' fused updates) is generated as CuPy
  generates it for those argument types and compiled by NVRTC for sm_90.
The stand-in only interprets a subset of C (backend/strict_cuda.py); NVRTC is the
compiler a GPU uses, so what it rejects would fail at a GPU's first launch.
"""

import importlib.util
import json
import os
import subprocess
import sys
from pathlib import Path

import numpy as np
import pytest

import eagerflow as tf
from eagerflow._src.backend import strict
from eagerflow._src.core import device as D
from eagerflow._src.graph import device_program as DP
from eagerflow._src.graph import fusion
from eagerflow._src.ops.dispatch import bind
from eagerflow._src.ops.registry import all_ops
from eagerflow._src.testing import op_harness as H

ROOT = Path(__file__).resolve().parents[2]
HERE = Path(__file__).resolve().parent
ENV = "EAGERFLOW_CUPY_PYTHON"
ARCH = "90"  # an H100's; NVRTC compiles for it without one


def _pythons() -> list:
    found = [p for p in os.environ.get(ENV, "").split(os.pathsep) if p]
    if importlib.util.find_spec("cupy") is not None:
        found.insert(0, sys.executable)
    return found


PYTHONS = _pythons()
pytestmark = pytest.mark.skipif(
    not PYTHONS, reason=f"no CuPy here and no interpreter with it named in ${ENV}")


def _run(python: str, script: str, *args: str, stdin: str | None = None) -> dict:
    assert Path(python).exists(), f"${ENV} names {python}, which does not exist"
    done = subprocess.run([python, str(HERE / script), *args], input=stdin, text=True,
                          capture_output=True, timeout=900)
    assert done.returncode == 0, f"{python} {script}:\n{done.stderr[-4000:]}"
    return json.loads(done.stdout.strip().splitlines()[-1])


@pytest.mark.parametrize("python", PYTHONS)
def test_the_gpu_code_uses_only_what_cupy_has(python):
    report = _run(python, "cupy_api_audit.py", str(ROOT))
    assert report["problems"] == [], "\n".join(report["problems"])
    # a new use in backend/cupy.py must be added to the audit's USES
    assert report["uncovered"] == [], report["uncovered"]
    assert report["checked"]["source_calls"] > 100 and report["checked"]["uses"] > 50


# -- recording what the stand-in launches ---------------------------------------------------

def _arg(a) -> dict:
    if type(a) is strict.StrictArray:
        return {"array": True, "dtype": a.dtype.name, "ndim": a.ndim,
                "contiguous": bool(a._a.flags.c_contiguous), "shape": list(a.shape)}
    return {"array": False, "dtype": None}


class Recorder:
    """Every ElementwiseKernel and ReductionKernel call on the stand-in's devices, by
    source and argument types (the stand-in's own internal kernels are not CuPy's)."""

    def __init__(self):
        self.kernels = {}

    def elementwise(self, k, args, size):
        described = [_arg(a) for a in args]
        raw = [n in k.raw for n, _, _ in k.in_params] + \
            [n in k.raw_out for n, _, _ in k.out_params]
        looped = [d for d, r in zip(described, raw) if d["array"] and not r]
        shapes = [tuple(d["shape"]) for d in looped]
        ndim = 1 if size != -1 else len(np.broadcast_shapes(*shapes)) if shapes else 0
        flat = size != -1 or (all(d["contiguous"] for d in looped) and len(set(shapes)) <= 1)
        record = {"kind": "elementwise", "in_params": k.in_params_text,
                  "out_params": k.out_params_text, "operation": k.operation,
                  "name": k.name, "preamble": k.preamble, "args": described,
                  "loop_ndim": min(ndim, 1) if flat else ndim, "contiguous": flat}
        self._keep(record)

    def reduction(self, k, args, axis, keepdims, result):
        described = [_arg(a) for a in args]
        ndims = [d["ndim"] for d in described if d["array"]]
        record = {"kind": "reduction", "in_params": k.in_params_text,
                  "out_params": k.out_params_text, "map_expr": k.map_expr,
                  "reduce_expr": k.reduce_expr, "post_map_expr": k.post_map_expr,
                  "identity": str(k.identity), "name": k.name, "preamble": k.preamble,
                  "args": described, "in_ndim": max([1, *ndims]),
                  "out_ndim": result.ndim}
        self._keep(record)

    def _keep(self, record):
        key = json.dumps({k: v for k, v in record.items() if k != "args"}, sort_keys=True) + \
            json.dumps([(a["dtype"], a.get("ndim"), a.get("contiguous")) for a in
                        record["args"]])
        self.kernels.setdefault(key, record)


@pytest.fixture(scope="module")
def kernels():
    """What the stand-in launched over this module's workloads (recorded once)."""
    rec = Recorder()
    ew_call, red_call = strict.ElementwiseKernel.__call__, strict.ReductionKernel.__call__
    ew_init, red_init = strict.ElementwiseKernel.__init__, strict.ReductionKernel.__init__

    def ew_new(self, in_params, out_params, *args, **kwargs):
        ew_init(self, in_params, out_params, *args, **kwargs)
        self.in_params_text, self.out_params_text = in_params, out_params

    def red_new(self, in_params, out_params, *args, **kwargs):
        red_init(self, in_params, out_params, *args, **kwargs)
        self.in_params_text, self.out_params_text = in_params, out_params
        self.reduce_expr, self.identity = args[1], args[3]

    def ew(self, *args, size=-1, **kwargs):
        out = ew_call(self, *args, size=size, **kwargs)
        rec.elementwise(self, args, size)
        return out

    def red(self, *args, axis=None, keepdims=False, **kwargs):
        out = red_call(self, *args, axis=axis, keepdims=keepdims, **kwargs)
        rec.reduction(self, args, axis, keepdims, out)
        return out

    with pytest.MonkeyPatch.context() as mp, D.standin_gpus(1):
        mp.setattr(strict.ElementwiseKernel, "__init__", ew_new)
        mp.setattr(strict.ElementwiseKernel, "__call__", ew)
        mp.setattr(strict.ReductionKernel, "__init__", red_new)
        mp.setattr(strict.ReductionKernel, "__call__", red)
        mp.setattr(strict.BACKEND, "kernels", {})  # (kernels made before: made anew)
        for op, sample in _fusable_cases():
            _run_fused(op, sample)
        _run_nonfinite_constants()
        _run_registry_eagerly()
        _run_steps()
        _run_half_convolutions()
        _run_optimizers()
    return list(rec.kernels.values())


# -- what runs on the stand-in while recording ------------------------------------------------

def _fusable_cases() -> list:
    """(op, sample) for each op with a CUDA expression, on its samples that fusion takes
    (no attrs, every input of a type fused kernels compute in)."""
    cases = []
    for op in sorted(all_ops(), key=lambda o: o.name):
        if not op.gpu or fusion.cuda_expression(op) is None:
            continue
        for s in op.samples:
            arrays = [np.asarray(a) for a in s.inputs]
            if not s.attrs and arrays and all(a.dtype.name in fusion.CUDA_TYPES
                                              for a in arrays):
                cases.append((op, s))
    return cases


def _dtype_variants(op, sample) -> list:
    """The sample's numeric inputs in each of the other types fused kernels take that
    the op takes (its infer says): the C of an op's expression depends on them (integers
    have no `fabs`; the half types are CuPy's classes, computed in float). Integers from
    |x| + 1 (finite, at most 1000): no zero divisor."""
    arrays = [np.asarray(a) for a in sample.inputs]
    out = []
    halves = ("float16",) + (("bfloat16",) if strict.BFLOAT16 is not None else ())
    for name in ("float32", "float64", "int32", "int64", *halves):
        if all(a.dtype.name == name or a.dtype.kind == "b" for a in arrays):
            continue
        cast = [a if a.dtype.kind == "b" else
                (np.minimum(np.nan_to_num(np.abs(a)), 999) + 1).astype(name)
                if name.startswith("int") else a.astype(strict.BFLOAT16 or name)
                if name == "bfloat16" else a.astype(name)
                for a in arrays]
        try:
            op.infer(*H.as_tensors(cast))
        except (TypeError, ValueError, tf.errors.OpError):
            continue
        out.append(cast)
    return out


def _run_fused(op, sample) -> None:
    """The op feeding one more fusable op (a group of one op is no kernel), and where
    its result is a float array, that chain feeding a Sum and a Mean."""
    for inputs in [sample.inputs, *_dtype_variants(op, sample)]:
        _run_chain(op, inputs)


def _run_chain(op, inputs) -> None:
    args = H.as_tensors(inputs)

    def chain(*xs):
        y = bind(op, xs, {})
        return tf.equal(y, False) if y.dtype == tf.bool else tf.square(y)

    tf.function(chain)(*args)
    out = chain(*args)
    if out.dtype.is_floating and out.shape.rank:
        tf.function(lambda *xs: tf.reduce_sum(chain(*xs), axis=-1))(*args)
        tf.function(lambda *xs: tf.reduce_mean(chain(*xs), keepdims=True))(*args)


def _run_nonfinite_constants() -> None:
    """Fused chains holding NaN and infinite constants (C literals of their own)."""
    for dtype in (np.float32, np.float64):
        x = tf.constant(np.linspace(-2, 2, 6).astype(dtype))
        tf.function(lambda x: tf.maximum(x * 2.0, -np.inf) + np.inf)(x)
        tf.function(lambda x: tf.where(x > 0.0, x * 3.0, np.nan))(x)


def _run_registry_eagerly() -> None:
    """Every op with a GPU kernel on its samples, eagerly: the hand-written kernels; and
    again with their float data in bfloat16, where the op takes it (CuPy 14's type)."""
    for op in sorted(all_ops(), key=lambda o: o.name):
        if not op.gpu:
            continue
        for s in op.samples:
            if s.cpu_only:  # (TF's GPU kernel refuses it)
                continue
            H.run(op, s)
            if strict.BFLOAT16 is None or op.stateful or H.has_resources(s.inputs):
                continue
            inputs = [a.astype(strict.BFLOAT16) if getattr(a, "dtype", None) in
                      (np.float32, np.float64) else a for a in s.inputs]
            try:
                bind(op, H.as_tensors(inputs), dict(s.attrs))
            except (TypeError, ValueError, tf.errors.OpError):
                continue  # (an op without bfloat16: test_standin_bfloat16.py)


def _benchmark(name):
    spec = importlib.util.spec_from_file_location(f"benchmark_{name}",
                                                  ROOT / "benchmarks" / f"{name}.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def _run_steps() -> None:
    """The guide CNN's and the MLP's train steps (benchmarks/launches.py), eager and
    traced, in float32 and under Keras's mixed precision policies, and traced steps
    captured as CUDA graphs (their products as the captured product kernel)."""
    bench = _benchmark("launches")
    for policy in ("float32", "mixed_float16", "mixed_bfloat16"):
        tf.keras.mixed_precision.set_global_policy(policy)
        try:
            for make, batch in ((bench.cnn_step, 2), (bench.mlp_step, 4)):
                step, args = make(tf, batch)
                step(*args)
                tf.function(step)(*args)
        finally:
            tf.keras.mixed_precision.set_global_policy("float32")
    on, DP.CUDA_GRAPHS[0] = DP.CUDA_GRAPHS[0], True
    try:
        for make, batch in ((bench.cnn_step, 2), (bench.mlp_step, 4)):
            step, args = make(tf, batch)
            f = tf.function(step)
            for _ in range(3):  # ran, captured, replayed
                f(*args)
    finally:
        DP.CUDA_GRAPHS[0] = on
    # the captured product kernel's other shapes (where no cuBLAS binding is): batched,
    # vectors, a long sum taken in chunks
    rng = np.random.default_rng(4)
    for dtype in (np.float32, np.float64):
        for sa, sb in (((2, 3, 4), (4, 5)), ((4,), (2, 4, 3)), ((3, 4), (4,)),
                       ((18432,), (18432, 16)), ((3, 8192), (8192, 2))):
            a, b = (strict.BACKEND.to_device(rng.normal(size=s).astype(dtype), 0)
                    for s in (sa, sb))
            strict.BACKEND.kernel_product(a, b)


def _run_half_convolutions() -> None:
    """A strided convolution's forward and gradients in the half types: the gather and
    col2im kernels over CuPy's float16/bfloat16 classes."""
    rng = np.random.default_rng(5)
    for dtype in (np.float16, strict.BFLOAT16):
        if dtype is None:
            continue
        x = tf.constant(rng.normal(size=(2, 9, 8, 3)).astype(dtype))
        w = tf.constant(rng.normal(size=(3, 3, 3, 4)).astype(dtype))
        with tf.GradientTape() as tape:
            tape.watch([x, w])
            y = tf.nn.conv2d(x, w, 2, "SAME")
        tape.gradient(y, [x, w])


def _run_optimizers() -> None:
    """Each optimizer's fused update, in float32 and float64."""
    rng = np.random.default_rng(3)
    for dtype in (np.float32, np.float64):
        for opt in (tf.keras.optimizers.Adam(0.01), tf.keras.optimizers.RMSprop(0.01),
                    tf.keras.optimizers.RMSprop(0.01, momentum=0.9),
                    tf.keras.optimizers.SGD(0.05, momentum=0.9),
                    tf.keras.optimizers.SGD(0.05, momentum=0.9, nesterov=True)):
            v = tf.Variable(rng.normal(size=(4, 3)).astype(dtype))
            for _ in range(2):
                opt.apply_gradients([(tf.constant(rng.normal(size=(4, 3)).astype(dtype)), v)])


def test_the_recording_reaches_every_kind_of_kernel(kernels):
    fused = [k for k in kernels if k["name"].startswith("eagerflow_fused_")]
    # every op with a CUDA expression reached a fused kernel (its line names the op)
    in_fused = {line.rsplit("// ", 1)[1] for k in fused
                for line in k["preamble"].splitlines() if "// " in line}
    assert {op.name for op, _ in _fusable_cases()} - in_fused == set()
    assert any(k["kind"] == "reduction" for k in fused)
    halves = ("float16", "bfloat16") if strict.BFLOAT16 is not None else ("float16",)
    for half in halves:  # (chains of the half types, their results rounded per op)
        assert any(f"(float)({half})(" in k["preamble"] for k in fused), half
    for const in ("CUDART_NAN_F", "CUDART_INF_F", "CUDART_NAN)", "-CUDART_INF)"):
        assert any(const in k["preamble"] for k in fused), const
    for name in ("eagerflow_im2col", "eagerflow_col2im"):
        types = {a["dtype"] for k in kernels if k["name"] == name for a in k["args"]}
        assert set(halves) <= types, (name, types)
    hand = {k["name"] for k in kernels} - {k["name"] for k in fused}
    # the optimizers', the convolutions' (im2col, col2im, epilogues), the losses', ...
    assert {"eagerflow_adam", "eagerflow_adam_alpha", "eagerflow_rmsprop", "eagerflow_sgd",
            "eagerflow_sgd_nesterov", "eagerflow_im2col", "eagerflow_col2im",
            "eagerflow_bias_relu", "eagerflow_relu_grad", "eagerflow_xent_loss",
            "eagerflow_xent_backprop", "eagerflow_div_no_nan", "eagerflow_bn_normalize",
            "eagerflow_bn_centred", "eagerflow_bn_input_grad", "eagerflow_bn_squared_deviation",
            "eagerflow_adam_apply", "eagerflow_captured_product"} <= hand, \
        sorted(hand)


@pytest.mark.parametrize("python", PYTHONS)
def test_every_kernel_compiles_with_nvrtc(kernels, python):
    report = _run(python, "nvrtc_compile.py", ARCH, stdin=json.dumps(kernels))
    if "skipped" in report:
        pytest.skip(f"{python}: {report['skipped']}")
    failed = "\n\n".join(f"{f['name']} {f['types']}:\n{f['log']}" for f in report["failures"])
    assert report["failures"] == [], f"CuPy {report['cupy']}, NVRTC {report['nvrtc']}:\n{failed}"
    assert report["compiled"] == len(kernels)
