"""bfloat16 on a GPU, on the strict stand-in posing as CuPy 14 with ml_dtypes (which holds
bfloat16: its ufuncs with a bfloat16 loop take it, its sums and means accumulate it in
float32, thrust's sorts refuse it).

Every op with a GPU kernel, on each registry sample with float32 or float64 data, is run again with
that data in bfloat16: on the device it must give what the CPU gives (the same dtypes, the
values within two bfloat16 steps, or the same error class), on the device. Under
EAGERFLOW_REGISTRY_ON=gpu (gpu_check.sh's backend step) the device is CuPy's GPU:0."""

import numpy as np
import pytest

import eagerflow as tf
from eagerflow._src.backend import to_host
from eagerflow._src.core import device as D
from eagerflow._src.core.tensor import EagerTensor
from eagerflow._src.ops.dispatch import bind
from eagerflow._src.ops.registry import Resource, all_ops

ml_dtypes = pytest.importorskip("ml_dtypes")
BF16 = np.dtype(ml_dtypes.bfloat16)
GPU0 = "/job:localhost/replica:0/task:0/device:GPU:0"


def _in_bfloat16(inputs: tuple) -> tuple | None:
    """A sample's inputs with its float32 and float64 arrays in bfloat16; None where it
    has none (or takes a resource)."""
    if any(isinstance(a, Resource) for a in inputs):
        return None
    if not any(_real(a) for a in inputs):
        return None
    return tuple(a.astype(BF16) if _real(a) else a for a in inputs)


def _real(a) -> bool:
    return getattr(a, "dtype", None) in (np.float32, np.float64)


# (a cpu_only sample is one TF's GPU kernel computes otherwise, a gpu_only one one its CPU
# kernel refuses: no device case)
CASES = [(op, i, inputs, s.attrs) for op in sorted(all_ops(), key=lambda o: o.name)
         if op.gpu and not op.stateful for i, s in enumerate(op.samples)
         if not s.cpu_only and not s.gpu_only and (inputs := _in_bfloat16(s.inputs)) is not None]


def _run(op, inputs, attrs):
    """(outputs, None) or (None, the error)."""
    try:
        out = bind(op, tuple(EagerTensor(np.asarray(a)) for a in inputs), dict(attrs))
    except Exception as e:  # noqa: BLE001 - compared with the CPU's below
        return None, e
    return (() if out is None else out if isinstance(out, tuple) else (out,)), None


@pytest.mark.parametrize("case", CASES, ids=[f"{op.name}-{i}" for op, i, _, _ in CASES])
def test_bfloat16_on_the_device_gives_the_cpus_results(case, gpu_scope):
    op, _, inputs, attrs = case
    with tf.device("/CPU:0"):
        want, error = _run(op, inputs, attrs)
    with gpu_scope():
        got, device_error = _run(op, inputs, attrs)
    if error is not None:
        assert type(device_error) is type(error), (op.name, error, device_error)
        return
    assert device_error is None, (op.name, device_error)
    for g, w in zip(got, want):
        assert g.dtype is w.dtype, op.name
        if not D.host_only(to_host(g._arr).dtype) and w.dtype.name != "string":
            assert g.device == GPU0, (op.name, g.device)
        gv, wv = to_host(g._arr), to_host(w._arr)
        assert gv.shape == wv.shape, op.name
        if gv.dtype == BF16 or gv.dtype.kind in "fc":
            wv = wv.astype(np.complex128 if gv.dtype.kind == "c" else np.float64)
            scale = np.max(np.abs(wv[np.isfinite(wv)]), initial=1.0)
            np.testing.assert_allclose(gv.astype(wv.dtype), wv, rtol=2 ** -7,
                                       atol=2 ** -7 * scale, err_msg=op.name)
        else:
            np.testing.assert_array_equal(gv, wv, err_msg=op.name)
