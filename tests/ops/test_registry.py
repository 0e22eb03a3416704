"""Generic suites over every registered op: reference, infer, gradients, bad input."""

import contextlib

import numpy as np
import pytest

from eagerflow._src.core import device
from eagerflow._src.data import (
    iterator_ops,
    raw_dataset_functions,
    raw_dataset_inspect,
    raw_dataset_lmdb,
    raw_dataset_misc,
    raw_dataset_optimizer,
    raw_dataset_service,
    raw_dataset_snapshot,
    raw_multi_device_iterator,
)
from eagerflow._src.distribute import tf_collective_ops
from eagerflow._src.ops import (
    boosted_trees_ops,
    csr_gpu_ops,
    tensor_array_older,
    unavailable_ops,
)
from eagerflow._src.ops.registry import all_ops
from eagerflow._src.testing import op_harness as H
from tests.optional_samples import without_samples

OPS = sorted(all_ops(), key=lambda o: o.name)
SAMPLES = [(op, i, s) for op in OPS for i, s in enumerate(op.samples)]
BAD = [(op, i, s) for op in OPS for i, s in enumerate(op.bad_samples)]


def _id(case):
    op, i, _ = case
    return f"{op.name}-{i}"


# CheckPinned refuses every input (as TF 2.21 built without CUDA does: no result to
# compare), its bad samples check that refusal; so do GenerateBoundingBoxProposals and
# the CSR matrix ops of ops/csr_gpu_ops.py (TF 2.21 has no CPU kernel for them:
# tests/backend/test_csr_on_device.py runs them on the stand-in GPU). (The ops on
# resource handles and the training ops have samples: their `Resource` inputs are live
# variables, op_harness.Live; the ops on lookup tables' handles too: their `Table` inputs
# are live tables.)
# The ops TF removed or has no kernel for refuse every call too (ops/unavailable_ops.py,
# the BoostedTrees ops: ops/boosted_trees_ops.py, tests/ops/test_boosted_trees_ops.py, and
# the TensorArray V2 ops: ops/tensor_array_older.py). Abort ends the process when it
# runs (tests/ops/test_abort.py runs it in another). AudioSummary (removed in version 15)
# and CreateSummaryDbWriter (no SQLite writer here) refuse every call, and CloseSummaryWriter
# deletes the writer a sample would name: tests/summary/test_writer_ops.py. A mutex lock
# has no value to sample (tests/saved_model/test_raw_functional.py takes and frees them).
# An iterator's ops act on an iterator resource made and started first
# (tests/data/test_dataset_raw_ops.py), as IteratorGetModelProto and a stats aggregator's
# summary writer do on theirs (tests/data/test_raw_dataset_inspect.py), and a multi-device
# iterator's on it (tests/data/test_raw_multi_device_iterator.py). ChooseFastestBranchDataset
# and MapDefun take functions a sample can't hold (tests/data/test_raw_dataset_optimizer.py),
# the snapshot ops files written first (tests/data/test_raw_dataset_snapshot.py), and the
# tf.data service's a dispatcher running (tests/data/test_raw_dataset_service.py).
# Every call of AnonymousRandomSeedGenerator and of the seed generators' deleters fails in
# TF 2.21 (tests/data/test_raw_dataset_misc.py);
# TF's collectives that no one member can run (a broadcast's receiver, TF's CPU build's
# reduce-scatter) or that take a communicator: tests/distribute/test_tf_collectives.py;
# ExperimentalMapDataset has only a GPU kernel in TF 2.21, which refuses every call on the
# CPU (its bad sample). The session-handle ops act in a Session only
# (tests/v1/test_session_handles.py). TF 2.21 has removed LMDB support: its LMDB ops
# refuse every call (their bad samples; tests/data/test_lmdb.py).
INTERNAL = {"CheckPinned", "GenerateBoundingBoxProposals", "Abort", *unavailable_ops.REFUSING,
            *csr_gpu_ops.OPS,
            *boosted_trees_ops.OPS,
            "AudioSummary", "CreateSummaryDbWriter", "CloseSummaryWriter",
            "MutexLock", "ConsumeMutexLock", *iterator_ops.OPS, *raw_dataset_misc.NO_SAMPLES,
            *raw_dataset_inspect.NO_SAMPLES, *raw_multi_device_iterator.OPS,
            *raw_dataset_optimizer.NO_SAMPLES, *raw_dataset_snapshot.NO_SAMPLES,
            *raw_dataset_service.NO_SAMPLES,
            *raw_dataset_functions.REFUSING, *raw_dataset_lmdb.REFUSING,
            "GetSessionHandle", "GetSessionHandleV2",
            "GetSessionTensor", "DeleteSessionTensor", *tf_collective_ops.NO_SAMPLES,
            # (a dataset's GraphDef bytes: tests/data/test_dataset_graphs.py, against TF's)
            "DatasetToGraph", "DatasetToGraphV2", "DatasetFromGraph",
            # (Placeholder refuses every call; Const every eager one, and takes a
            # TensorProto: tests/ops/test_misc_raw_ops.py)
            "Placeholder", "Const",
            # (a rendezvous, a file, a file system's options: tests/ops/test_misc_raw_ops.py)
            "Send", "Recv", "ImmutableConst", "FileSystemSetConfiguration",
            # (files written first: tests/ops/test_record_input.py, against TF's answers)
            "RecordInput",
            # (an arbitrary Python callable as attr: tests/ops/test_script_ops.py and
            # test_raw_py_func.py, against TF's answers)
            "PyFunc", "PyFuncStateless", "EagerPyFunc"} | {
    op for op in tensor_array_older.OLDER if op != "TensorArrayCloseV2"}


def test_every_op_has_samples():
    missing = [op.name for op in OPS
               if not op.samples and op.name not in INTERNAL | without_samples()]
    assert not missing, f"ops without samples: {missing}"


def _fresh_state(op):
    # A stateful op (random) continues its stream across calls; its reference replays
    # the stream from the start, so the kernel must start from a fresh stream too.
    if op.stateful:
        from eagerflow._src.ops.random import clear_kernel_cache

        clear_kernel_cache()


@pytest.mark.parametrize("case", SAMPLES, ids=[_id(c) for c in SAMPLES])
def test_forward_matches_reference(case):
    op, _, sample = case
    assert op.reference is not None, f"{op.name} has no reference implementation"
    _fresh_state(op)
    # (with resource inputs: the outputs, then each variable's value after the op)
    with H.sample_device(sample):
        got = H.run_state(op, sample)
    want = op.reference(*[H.value(a) for a in sample.inputs], **sample.attrs)
    want = want if isinstance(want, tuple) else (want,)
    assert len(got) == len(want)
    for g, w in zip(got, want):
        if isinstance(w, str):  # a resource handle: TF's text of what it names
            assert g.dtype == object and repr(g[()]) == w, f"{op.name}: {g[()]!r} != {w}"
            continue
        w = np.asarray(w)
        assert g.shape == w.shape, f"{op.name}: shape {g.shape} != {w.shape}"
        if op.nondeterministic:  # (the clock): its own tests check the values
            assert g.dtype == w.dtype
            continue
        if g.dtype.kind in "fc":
            np.testing.assert_allclose(g, w.astype(g.dtype), rtol=sample.rtol, atol=1e-9)
        else:
            np.testing.assert_array_equal(g, w.astype(g.dtype))


@pytest.mark.parametrize("case", SAMPLES, ids=[_id(c) for c in SAMPLES])
def test_infer_matches_result(case):
    op, _, sample = case
    inputs = H.as_tensors(sample.inputs)
    with H.sample_device(sample):
        specs = op.infer(*inputs, **sample.attrs)
        got = H.run(op, sample)
    assert len(specs) == len(got)
    for (shape, dtype), t in zip(specs, got):
        assert t.dtype is dtype, f"{op.name}: infer says {dtype}, kernel gave {t.dtype}"
        if shape is not None:
            assert len(shape) == len(t._shape)
            for a, b in zip(shape, t._shape):
                assert a is None or a == b, f"{op.name}: infer {shape} vs {t._shape}"


GRAD = [c for c in SAMPLES if c[0].grad is not None and c[2].grad and H.grad_positions(c[2])]


@pytest.mark.parametrize("case", GRAD, ids=[_id(c) for c in GRAD])
def test_gradient_first_and_second_order(case):
    op, _, sample = case
    with H.sample_device(sample):
        H.check_gradient(op, sample, second_order=sample.second_order)


@pytest.mark.parametrize("case", BAD, ids=[_id(c) for c in BAD])
def test_bad_input_raises_tf_error(case):
    op, _, bad = case
    from eagerflow._src.ops.dispatch import bind

    with device.device("/CPU:0") if bad.cpu_only else contextlib.nullcontext():
        live = H.Live(bad.inputs)
        with pytest.raises(bad.error) as info:
            bind(op, live.tensors, dict(bad.attrs))
        for after, before in zip(live.values(), live.initial):  # a refusal changes nothing
            np.testing.assert_array_equal(after, before)
    msg = str(info.value)
    assert bad.match in msg
    assert f"[Op:{op.name}]" in msg or op.name in msg, msg
