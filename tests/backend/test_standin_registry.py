"""The registry suites on the strict stand-in GPU: every op with a GPU kernel runs there
with its inputs on the device, and must agree with its reference, its `infer`, the
gradients (first and second order) its tape takes of it on the CPU (which
tests/ops/test_registry.py holds against finite differences, for every sample), and its own
traced function run on the device.

The stand-in refuses what CuPy refuses (backend/strict.py), so a kernel that reaches for
NumPy on its input arrays fails here, in CI, without a GPU. Ops without a GPU kernel
(`gpu=False`) run on CPU by soft placement, with copies between the devices.

On a machine with CuPy and a GPU, EAGERFLOW_REGISTRY_ON=gpu runs the same suites on the
real GPU:0 (the cupy backend) instead of the stand-in (benchmarks/gpu_check.sh does).
"""


import numpy as np
import pytest

import eagerflow as tf
from eagerflow._src.backend import to_host
from eagerflow._src.core import device as D
from eagerflow._src.ops.dispatch import bind
from eagerflow._src.ops.held_arrays import handle_device, is_variant
from eagerflow._src.ops.registry import Resource, all_ops
from eagerflow._src.testing import op_harness as H
from tests.gpu_target import on_the_gpu

GPU0 = "/job:localhost/replica:0/task:0/device:GPU:0"
CPU0 = "/job:localhost/replica:0/task:0/device:CPU:0"

OPS = sorted(all_ops(), key=lambda o: o.name)
# (a sample's variables are made on the device, the op given their handles runs there, as
# TF places an op taking a resource)
READY = [(op, i, s) for op in OPS if op.gpu for i, s in enumerate(op.samples)
         if not s.cpu_only]
IDS = [f"{op.name}-{i}" for op, i, _ in READY]
# (a gpu_only sample's gradients, which the CPU refuses, are held against finite differences
# on the device by tests/ops/test_registry.py)
GRAD = [c for c in READY if c[0].grad is not None and c[2].grad and not c[2].gpu_only
        and H.grad_positions(c[2])]


@pytest.fixture(autouse=True)
def standin_gpu():
    with on_the_gpu():
        yield


def _fresh_state(op):
    if op.stateful:  # a random op's reference replays its stream from the start
        from eagerflow._src.ops.random import clear_kernel_cache

        clear_kernel_cache()


def _host(t):
    return to_host(t._arr)


def _outputs(out):
    return () if out is None else out if isinstance(out, tuple) else (out,)


def _device_array(device):
    """An array of `device` (its class: where a variable's value must live)."""
    return D.to_device(np.zeros(1), D.lookup(device))


def _device_of(op, sample, outputs):
    """Where the op runs: its variable's device when it takes a handle (the device, which
    holds the variable's dtype); where the TensorArray or stack it is given lives, or the
    one it makes will (the device the handle names); else by soft placement, CPU:0 when
    any of its data is host-only (a list is a host object whose items live on the
    device)."""
    arrays = [H.value(a) for a in sample.inputs if not isinstance(a, Resource)]
    made = [_host(o) for o in outputs] if op.makes_resource is not None else []
    owner = next(filter(None, map(handle_device, arrays + made)), None)
    if owner is not None:
        return owner.canonical
    if H.has_resources(sample.inputs):
        arrays = [H.value(a) for a in sample.inputs if isinstance(a, Resource)][:1]
    arrays += [_host(o) for o in outputs]
    return CPU0 if not op.gpu or any(D.host_only(a.dtype) and not (
        op.holds_variants and is_variant(a)) for a in arrays) else GPU0


@pytest.mark.parametrize("case", READY, ids=IDS)
def test_forward_on_device_matches_reference_and_infer(case):
    op, _, sample = case
    _fresh_state(op)
    live = H.Live(sample.inputs)
    assert all(v.device == GPU0 or D.host_only(v._arr.dtype) for v in live.variables)
    got = _outputs(bind(op, live.tensors, dict(sample.attrs)))
    want = op.reference(*[H.value(a) for a in sample.inputs], **sample.attrs)
    want = want if isinstance(want, tuple) else (want,)
    specs = op.infer(*H.as_tensors(sample.inputs), **sample.attrs)
    device = _device_of(op, sample, got)
    # (an op over variables: each variable's value after it follows its outputs)
    for v, w in zip(live.variables, want[len(got):]):
        assert v.device == device and isinstance(v._arr, type(_device_array(device))), op.name
        np.testing.assert_allclose(_host(v), np.asarray(w).astype(v._arr.dtype), rtol=2e-6,
                                   atol=1e-9, err_msg=op.name)
    for g, w, (shape, dtype) in zip(got, want, specs):
        assert g.device == device, op.name
        assert g.dtype is dtype, f"{op.name}: infer says {dtype}, kernel gave {g.dtype}"
        if isinstance(w, str):  # a resource handle: TF's text of what it names
            assert repr(_host(g)[()]) == w, op.name
            continue
        gv, w = _host(g), np.asarray(w)
        assert gv.shape == w.shape, f"{op.name}: shape {gv.shape} != {w.shape}"
        if shape is not None:
            assert all(a is None or a == b for a, b in zip(shape, gv.shape)), op.name
        if gv.dtype.kind in "fc":
            np.testing.assert_allclose(gv, w.astype(gv.dtype), rtol=sample.rtol,
                                       atol=sample.device_atol)
        else:
            np.testing.assert_array_equal(gv, w.astype(gv.dtype))


@pytest.mark.parametrize("case", GRAD, ids=[f"{op.name}-{i}" for op, i, _ in GRAD])
def test_gradients_on_device(case):
    """The tape's gradients on the device are the CPU's, to float64's rounding (the
    device's arithmetic may order sums otherwise; finite differences would hide a
    difference 1e-5 wide, and cost two device calls per input element)."""
    op, _, sample = case
    H.check_device_gradient(op, sample, second_order=sample.second_order)


@pytest.mark.parametrize("case", READY, ids=IDS)
def test_traced_function_on_device_matches_eager(case):
    """tf.function on the device (graph/device_program.py) gives the eager results."""
    op, _, sample = case
    attrs = dict(sample.attrs)
    fn = tf.function(lambda *xs: bind(op, xs, attrs))
    inputs = H.as_tensors(sample.inputs)
    _fresh_state(op)
    eager = H.run(op, sample)
    out = fn(*inputs)
    for got, want in zip(out if isinstance(out, tuple) else (out,), eager):
        assert got.dtype is want.dtype and got.device == want.device, op.name
        if not op.stateful:
            np.testing.assert_array_equal(_host(got), _host(want), err_msg=op.name)


BAD_ON_DEVICE = [(op, i, b) for op in OPS if op.gpu
                 for i, b in enumerate(op.bad_samples) if not b.cpu_only]


@pytest.mark.parametrize("case", BAD_ON_DEVICE,
                         ids=[f"{op.name}-{i}" for op, i, _ in BAD_ON_DEVICE])
def test_bad_input_on_device_raises_tf_error(case):
    """An op refusing its input on the device raises TF's error, as on CPU: its checks and
    messages read device arrays only through the backend's copies (the stand-in refuses
    NumPy's implicit conversion, as CuPy does)."""
    op, _, bad = case
    _fresh_state(op)
    with pytest.raises(bad.error) as info:
        bind(op, H.as_tensors(bad.inputs), dict(bad.attrs))
    assert bad.match in str(info.value)
