"""What TF's XLA refuses to compile in a tf.function(jit_compile=True) where TF's eager
kernels compute it (function/xla_refusals.py over the OpDefs' `xla_types` and
`xla_refuses`), against xla_refusals_golden.json (recorded by record_xla_refusals.py):
the error's class and words, the node, where user code made it, and the function."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

import eagerflow as tf
from tests.gpu_target import on_the_gpu
from tests.ops.xla_refusal_cases import CASES, keys, run

GOLDEN = json.loads((Path(__file__).parent / "xla_refusals_golden.json").read_text())
GOLDEN = GOLDEN["results"]
# eagerflow's outcome differs from TF's (each left as it is, the reason given):
KNOWN = {
    # TF's XLA AvgPoolGrad over the channels gives a gradient of another shape than the
    # input's ([2,3,4,4] of a [2,3,4,6] input): eagerflow gives the input's
    "avg_pool_depth_gradient float32 jit=True", "avg_pool_depth_same_gradient float32 jit=True",
    # XLA refuses these as it compiles (tf2xla's words); eagerflow as the node runs
    "max_pool_batch_gradient float32 jit=True", "max_pool_grad_misshaped float32 jit=True",
    # traced without XLA: TF's AvgPool kernel gives an empty [2,0,0,2] for a window of
    # channels; TF's graph runs the MaxPoolGrad node first; AvgPoolGrad's refusals come
    # as its node runs, eagerflow's while tracing
    "avg_pool_depth float32 jit=False", "max_pool_depth_gradient float32 jit=False",
    "max_pool_depth_and_rows_gradient float32 jit=False",
    "avg_pool_depth_gradient float32 jit=False", "avg_pool_depth_same_gradient float32 jit=False",
    "avg_pool_batch_gradient float32 jit=False",
}


# (TF 2.21's CPU answers, its XLA's on the CPU: where a GPU is the default device too)
pytestmark = pytest.mark.usefixtures("cpu_kernels")


def test_every_case_is_recorded():
    assert sorted(GOLDEN) == sorted(keys())


@pytest.mark.parametrize("fn, dtype, shapes", CASES,
                         ids=[f"{fn.__name__}-{dtype}" for fn, dtype, _ in CASES])
@pytest.mark.parametrize("jit", [True, False])
def test_xla_refusals_as_tf(fn, dtype, shapes, jit):
    key = f"{fn.__name__} {dtype} jit={jit}"
    # (a KNOWN case now as TF's: its entry must go)
    assert (run(tf, fn, dtype, shapes, jit) == GOLDEN[key]) != (key in KNOWN)


# The cases XLA refuses for want of a kernel: TF names the XLA device it compiles for, the
# one of the device the function runs on (DEVICE_GPU_XLA_JIT on a GPU); the kernels these
# lack are lacking on every XLA device (their registrations name no device)
_NO_KERNEL = [(fn, dtype, shapes) for fn, dtype, shapes in CASES
              if "XLA_CPU_JIT" in json.dumps(GOLDEN[f"{fn.__name__} {dtype} jit=True"])]


@pytest.mark.parametrize("fn, dtype, shapes", _NO_KERNEL,
                         ids=[f"{fn.__name__}-{dtype}" for fn, dtype, _ in _NO_KERNEL])
def test_xla_refusals_on_a_gpu_name_its_xla_device(fn, dtype, shapes):
    with on_the_gpu(), tf.device("/GPU:0"):
        got = run(tf, fn, dtype, shapes, True)
    want = GOLDEN[f"{fn.__name__} {dtype} jit=True"]
    assert got == json.loads(json.dumps(want).replace("XLA_CPU_JIT", "XLA_GPU_JIT"))
    assert "XLA_CPU_JIT" not in json.dumps(got)
