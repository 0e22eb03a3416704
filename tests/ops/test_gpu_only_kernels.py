"""Eager refusals of a dtype TF's CPU has no kernel for, on a GPU (the stand-in): where TF
2.21's GPU kernels take the dtype the op computes there, in that dtype, as the float32
op computed then cast; on CPU:0 it raises TF's CPU error (gpu_only_kernels_golden.json,
recorded from TF); where TF's GPU lacks the kernel too, a GPU refuses it as well."""

from __future__ import annotations

import json
from pathlib import Path

import numpy as np
import pytest

import eagerflow as tf
from eagerflow._src.core import device as D
from tests.ops.gpu_only_kernels_cases import CASES

GOLDEN = json.loads(Path(__file__).with_name("gpu_only_kernels_golden.json").read_text())
GPU_ONLY = sorted(name for name, case in CASES.items() if case[2])
NEITHER = sorted(name for name, case in CASES.items() if not case[2])


def _as_float32(out: object) -> np.ndarray:
    return np.asarray(out.numpy() if hasattr(out, "numpy") else out, np.float32)


@pytest.mark.parametrize("name", sorted(CASES))
def test_cpu_refuses_as_tf(name: str) -> None:
    call, d, _ = CASES[name]
    want = GOLDEN[name]
    with D.standin_gpus(1), tf.device("/CPU:0"), \
            pytest.raises(getattr(tf.errors, want["error"])) as info:
        call(tf, d)
    assert str(info.value) == want["message"]


@pytest.mark.parametrize("name", GPU_ONLY)
def test_gpu_computes(name: str) -> None:
    call, d, _ = CASES[name]
    with D.standin_gpus(1):
        got = call(tf, d)
        ref = call(tf, "float32")  # (the float32 op, on the GPU too)
        assert "GPU:0" in got.device and got.dtype == getattr(tf, d)
    want = _as_float32(ref).astype(d).astype(np.float32)
    # (within a half ulp or so of the float32 result rounded: TF's GPU kernels round some
    # intermediates to half, as these do)
    np.testing.assert_allclose(_as_float32(got), want, rtol=2e-3, atol=2e-3)


@pytest.mark.parametrize("name", NEITHER)
def test_gpu_refuses_too(name: str) -> None:
    call, d, _ = CASES[name]
    with D.standin_gpus(1), pytest.raises(tf.errors.NotFoundError,
                                          match="Could not find device for node"):
        call(tf, d)


@pytest.mark.parametrize("name", GPU_ONLY)
def test_gpu_computes_in_a_function(name: str) -> None:
    """Traced on a GPU, the node runs there as eagerly (its infer refuses only where the
    op runs on the CPU)."""
    call, d, _ = CASES[name]
    with D.standin_gpus(1):
        eager = call(tf, d)
        traced = tf.function(lambda: call(tf, d))()
        assert "GPU:0" in traced.device
    np.testing.assert_array_equal(_as_float32(traced), _as_float32(eager))
