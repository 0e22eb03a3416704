"""Which GPU the device tests run on: the strict stand-in, or CuPy's GPU:0 where
EAGERFLOW_REGISTRY_ON=gpu asks for it (benchmarks/gpu_check.sh's backend and graphs steps,
on a machine with CuPy and a GPU)."""

import contextlib
import os
from collections.abc import Iterator

from eagerflow._src.core import device as D

ON_GPU = os.environ.get("EAGERFLOW_REGISTRY_ON") == "gpu"


@contextlib.contextmanager
def on_the_gpu() -> Iterator[None]:
    """Runs the block on the GPU: CuPy's GPU:0 (the default device) under ON_GPU, where
    not having one fails and never falls back, else the stand-in posing as one."""
    if ON_GPU:
        dev = D.default_device()
        assert dev.device_type == "GPU" and dev.backend.name == "cupy", (
            f"EAGERFLOW_REGISTRY_ON=gpu needs CuPy and a GPU; the default device is {dev}")
        yield
    else:
        with D.standin_gpus(1):
            yield


# TF's recordings come from its CPU kernels. Its GPU kernels make no index checks (a
# gather's and gather_nd's zeros, scatter_nd's update ignored, a segment reduction's id
# dropped: as tf.gather and tf.scatter_nd document), and eagerflow's GPU kernels do as they
# do. A recorded case whose outcome is such a check is compared on CPU:0 when a GPU is the
# default device (`make test-gpu`).
INDEX_CHECKS = ("is not in [0, ", "does not index into", "is out of range [0, ")
# ... nor check a wider integer's division by zero, nor a scatter division's divisors,
# nor select as its CPU's non-max suppression does (ops/nms_gpu.py), nor choose
# MaxPoolWithArgmax's cell as its CPU does in a window holding a NaN (the GPU skips it),
# nor check a bincount's values or a histogram's for NaN, nor a sparse-dense product's
# indices, nor SparseToDense's unvalidated ones
GPU_KERNELS_DIFFER = INDEX_CHECKS + ("Integer division by zero", "NonMaxSuppression",
                                     "non_max_suppression", "updates must not contain 0",
                                     "max_pool_with_argmax_nan", "must be non-negative!",
                                     "Histogram values must not contain NaN",
                                     "out of bounds (>=",
                                     "Indices are not valid (out of bounds)") + (
    # ... nor take a 1-D count's weights (bincount_op_gpu.cu.cc refuses them): such cases,
    # by their code (and a Keras op case by its op and keyword names)
    "bincount(rt, weights=", "bincount(i[0], weights=",
    "Input indices and weights must have the same size", "bincount['minlength', 'weights']") + (
    # ... nor refuse half in the image adjustments (adjust_*_op.cc register float and half
    # for the GPU, float for the CPU: tests/ops/gpu_only_kernels_cases.py computes them)
    "AdjustContrastv2[T=DT_HALF]", "AdjustHue[T=DT_HALF]", "AdjustSaturation[T=DT_HALF]",
    # ... nor refuse int64 in Reciprocal and Inv (gpu_op_reciprocal.cc; the CPU has no int
    # kernel)
    "Inv[T=DT_INT64]", "Reciprocal[T=DT_INT64]",
    # ... nor convert a float past an integer's range as x86 does (CUDA saturates, NaN to
    # 0: ops/float_to_int.py): Keras's saturate_cast, whose clamp to int32's top rounds
    # past it in float32 (a graph folds the constant on the host, x86's way), and
    # tf.dtypes.saturate_cast's, whose clamp to uint64's top does as well
    "saturate_cast[", "saturate_cast(") + (
    # ... nor word Conv2D's gradients' shape checks as its CPU's custom kernels do (its
    # slow kernels' labels: ops/nn_conv_checks.device_label)
    "Conv2DCustomBackpropInput: ", "Conv2DCustomBackpropFilter: ")


def gpu_kernels_differ(*recorded: object) -> bool:
    """Whether the default device is a GPU and a case TF recorded (any of `recorded`, as
    text: its code, its recorded outcome) is a check TF's GPU kernels do not make or a
    non-max suppression: such a case is compared on CPU:0."""
    text = " ".join(map(str, recorded))
    return D.default_device().device_type == "GPU" and any(c in text for c in
                                                           GPU_KERNELS_DIFFER)


def on_recording_device(*recorded: object) -> contextlib.AbstractContextManager:
    """The device a case TF recorded runs on to be compared: CPU:0 where
    gpu_kernels_differ says so, else the default."""
    if gpu_kernels_differ(*recorded):
        import eagerflow as tf

        return tf.device("/CPU:0")
    return contextlib.nullcontext()


def gpu_less() -> contextlib.AbstractContextManager:
    """A machine without a GPU, as TF's recorders ran on: for a case whose outcome tells
    whether the machine has one (Keras's jit_compile="auto" resolved, its device lists),
    where a GPU is present (the stand-in's, or a real one hidden); else no scope."""
    if D.list_physical_devices("GPU"):
        return D.standin_gpus(0)
    return contextlib.nullcontext()
