"""Every registered op's samples, written as a TF FunctionDef and imported back.

The export writes each op in TensorFlow's op set (tests/saved_model/test_interop_tf.py has
real TensorFlow run the same functions); the import rebuilds it from the registry by TF's
names. The imported function must compute what the op computes.
"""

import numpy as np
import pytest

from eagerflow._src.backend import to_host
from eagerflow._src.core.errors import InvalidArgumentError
from eagerflow._src.function.concrete import tracing_scope
from eagerflow._src.graph.ir import FuncGraph
from eagerflow._src.ops.dispatch import bind
from eagerflow._src.ops.math_base import identity
from eagerflow._src.ops.registry import all_ops
from eagerflow._src.saved_model.function_export import ExportError
from eagerflow._src.saved_model.function_import import LibraryImporter, Spec
from eagerflow._src.saved_model.library_export import LibraryWriter
from eagerflow._src.testing import op_harness as H

# What TensorFlow's graphs can't say: (op, why). Each raises ExportError (or ValueError)
# naming the op when a function holding it is saved.
NO_TF_FORM = {
    "BatchFunction": "a call's outputs after it ran (nondifferentiable_batch_function); "
                     "TF's op holds the function",
    "GeneratorDataset": "TF's node has three lists of inputs (its init, next and finalize "
                        "functions' arguments); the generic export matches one list only",
    # TF's reader_func takes the dataset of the shards' datasets: the samples' is a
    # stand-in (Interleaving) that no library function holds. `snapshot(path,
    # reader_func=...)` and `Dataset.load(path, reader_func=...)` in a tf.function are
    # saved as TF writes them, and TF's files of them run (test_snapshot_form.py)
    **{op: "a reader_func of a dataset of datasets" for op in ("LoadDataset",
                                                                "SnapshotDatasetV2")},
    # barriers and sparse accumulators are TF 1 references (mutable string handles): no TF 2
    # function holds one (imported TF 1 graphs run them: tests/v1/test_staging_meta_graph.py,
    # test_sparse_accumulator.py)
    **{op: "a TF 1 sparse accumulator reference" for op in (
        "SparseConditionalAccumulator", "SparseAccumulatorApplyGradient",
        "SparseAccumulatorTakeGradient")},
    **{op: "a TF 1 barrier reference" for op in (
        "Barrier", "BarrierClose", "BarrierIncompleteSize", "BarrierInsertMany",
        "BarrierReadySize", "BarrierTakeMany")},
    "Dilation2DWinnerGather": "eagerflow's gradient helper (TF's backprop ops have none)",
    # registered by tf.distribute (when imported): a replica's collective has no meaning in
    # a saved function
    "ReplicaAllGather": "a collective across replicas",
    "ReplicaAllReduce": "a collective across replicas",
    # a table is a resource: written as the captured argument of a function that the
    # SavedModel binds to the table's object (tests/saved_model/test_lookup_tables.py)
    "LookupTableExportV2": "a table resource", "LookupTableFindV2": "a table resource",
    "LookupTableImportV2": "a table resource", "LookupTableInsertV2": "a table resource",
    "LookupTableRemoveV2": "a table resource", "LookupTableSizeV2": "a table resource",
    "InitializeTableFromTextFileV2": "a table resource",
    # TF's queues are not trackable: no SavedModel holds one, so no function using one saves
    **{op: "a queue resource" for op in (
        "QueueEnqueueV2", "QueueEnqueueManyV2", "QueueDequeueV2", "QueueDequeueManyV2",
        "QueueDequeueUpToV2", "QueueSizeV2", "QueueIsClosedV2", "QueueCloseV2")},
    # nor are TF's readers and conditional accumulators
    **{op: "a reader resource" for op in (
        "ReaderReadV2", "ReaderReadUpToV2", "ReaderNumRecordsProducedV2",
        "ReaderNumWorkUnitsCompletedV2", "ReaderResetV2", "ReaderSerializeStateV2",
        "ReaderRestoreStateV2")},
    **{op: "an accumulator resource" for op in (
        "ResourceAccumulatorApplyGradient", "ResourceAccumulatorNumAccumulated",
        "ResourceAccumulatorSetGlobalStep", "ResourceAccumulatorTakeGradient")},
}
# Written, but imported only in part.
PARTIAL = {
    "TensorSummary": "export only as far as TF runs it: its value names the node that ran it, "
                     "which TF's runtime names after inlining the call "
                     "(\"PartitionedCall/TensorSummary\"); eagerly, \"TensorSummary\"",
    "GatherNd": "batch_dims > 0: TF composes it in Python (array_ops.batch_gather_nd)",
    "GatherV2Grad": "batch_dims > 0",
    "PrintV2": "export only: TF's PrintV2 prints a StringFormat's string, eagerflow's "
               "formats its tensors itself",
    "StatefulRandomBinomial": "TF's op draws from a state variable, not a state value (a "
                              "Generator's draws export: tests/ops/test_generator_binomial.py)",
    **{op: "TF's op draws from a state variable, not a state value (tf.raw_ops' traced "
           "calls: tests/ops/test_random_stateful.py)"
       for op in ("StatefulUniform", "StatefulStandardNormalV2", "StatefulTruncatedNormal",
                  "StatefulUniformFullInt", "StatefulUniformInt")},
    "RngSkip": "TF's op advances a state variable, not a state value (tf.raw_ops' calls: "
               "tests/ops/test_rng_skip.py)",
    "_CTCLossDense": "written as TF's composite, whose loss carries TF's custom gradient: "
                     "a SavedModel's object graph binds the gradient's captured tensor, a "
                     "bare function library can't (saved models both ways: "
                     "tests/saved_model/test_ctc_dense_form.py)",
}

# A function over variables takes their handles as captured arguments, which a SavedModel
# binds to the variables (tests/saved_model/test_saved_model_api.py); one returning a handle
# (VarHandleOp's, a table creator's) can't run here: eagerflow's imported functions hold no
# resource tensors. (A function over tables takes them likewise: test_lookup_tables.py.)
RETURNS_HANDLE = {"VarHandleOp", "HashTableV2", "MutableHashTableV2", "SummaryWriter",
                  "MutableHashTableOfTensorsV2", "MutableDenseHashTableV2",
                  "TensorArrayV3", "TensorArrayGradV3", "TensorArrayGradWithShape", "StackV2",
                  "FIFOQueueV2", "PaddingFIFOQueueV2", "PriorityQueueV2",
                  "RandomShuffleQueueV2", "TFRecordReaderV2", "TextLineReaderV2",
                  "WholeFileReaderV2", "FixedLengthRecordReaderV2", "IdentityReaderV2",
                  "LMDBReader", "ResourceConditionalAccumulator", "MutexV2",
                  "AnonymousSeedGenerator",
                  "DummySeedGenerator", "AnonymousMemoryCache", "DummyMemoryCache",
                  "ThreadPoolHandle", "ExperimentalThreadPoolHandle", "DummyIterationCounter",
                  "AnonymousHashTable", "AnonymousMutableHashTable",
                  "AnonymousMutableHashTableOfTensors", "AnonymousMutableDenseHashTable",
                  "StatsAggregatorHandle", "StatsAggregatorHandleV2",
                  "ExperimentalStatsAggregatorHandle"}
CASES = [(op, i, s) for op in sorted(all_ops(), key=lambda o: o.name)
         for i, s in enumerate(op.samples) if op.name not in NO_TF_FORM
         and op.name not in RETURNS_HANDLE and not H.has_resources(s.inputs)]


def _tf_takes_float64(op) -> bool:
    """Whether TF's op of this name (when it has one) allows doubles for its type attrs."""
    from eagerflow._src.saved_model import tf_ops

    if not tf_ops.has_op(op.name):
        return True
    opdef = tf_ops.op_def(op.name)
    if any(a.type == 1 for a in opdef.input_arg):  # an input that must be DT_FLOAT
        return False
    for a in opdef.attr:
        allowed = a.allowed_values.list.type if a.HasField("allowed_values") else None
        if a.type == "type" and allowed and 1 in allowed and 2 not in allowed:
            return False  # floats, but not doubles (DT_FLOAT = 1, DT_DOUBLE = 2)
    return True


def sample_inputs(op, sample) -> list:
    """The sample's inputs as tensors; float64 ones as float32 where TF's op takes no
    doubles (eagerflow's kernels take both)."""
    narrow = not _tf_takes_float64(op)
    return [H.as_tensors((np.asarray(x, np.float32) if narrow and
                          np.asarray(x).dtype == np.float64 else x,))[0]
            for x in sample.inputs]


def _function(op, sample):
    ins = sample_inputs(op, sample)
    g = FuncGraph("f")
    with tracing_scope(g):
        phs = [g.placeholder(t._shape, t._dtype, f"x{i}", is_input=True)
               for i, t in enumerate(ins)]
        out = bind(op, tuple(phs), dict(sample.attrs))
        out = out if isinstance(out, tuple) else (out,)
        g.outputs = [identity(o) for o in out]
    return g, ins


@pytest.mark.parametrize("op,i,sample", CASES, ids=[f"{op.name}-{i}" for op, i, _ in CASES])
def test_sample_round_trips_through_a_function_def(op, i, sample):
    with H.sample_device(sample):
        g, ins = _function(op, sample)
        lib = LibraryWriter()
        try:
            name, _ = lib.add(g, "f")
        except (ExportError, ValueError):
            if op.name in PARTIAL:
                pytest.skip(PARTIAL[op.name])
            raise
        _assert_tf_ops_with_required_attrs(lib.library)
        try:
            cf = LibraryImporter(lib.library, "test").concrete(
                name, [Spec(t._shape, t._dtype) for t in ins])
        except (ExportError, ValueError, KeyError, InvalidArgumentError):
            if op.name in PARTIAL:
                pytest.skip(PARTIAL[op.name])
            raise
        want = bind(op, tuple(ins), dict(sample.attrs))
        want = want if isinstance(want, tuple) else (want,)
        got = cf._call_flat(ins)
        assert len(got) == len(want)
        for a, b in zip(want, got):
            # (a variant's value too: a TensorMap's; a GPU's arrays copied to the host)
            a, b = to_host(a._arr), to_host(b._arr)
            assert a.shape == b.shape and a.dtype == b.dtype
            if op.stateful:
                continue  # a new draw
            if a.dtype == object:
                assert (a == b).all()
            else:
                np.testing.assert_allclose(b, a, rtol=1e-5, atol=1e-6)


@pytest.mark.parametrize("name", ["LoadDataset", "SnapshotDatasetV2"])
def test_reader_stand_in_is_refused_naming_the_op(name):
    op = next(o for o in all_ops() if o.name == name)
    g, _ = _function(op, op.samples[0])
    with pytest.raises(ExportError, match=f"not a traced function.*operation '{name}'"):
        LibraryWriter().add(g, "f")


def _assert_tf_ops_with_required_attrs(library) -> None:
    """Every node a function of `library` was written with is a TensorFlow op, with each
    attr TF's op requires (one without a default)."""
    from eagerflow._src.saved_model import tf_ops

    for fdef in library.function:
        for nd in fdef.node_def:
            opdef = tf_ops.op_def(nd.op)  # KeyError: not a TF op
            for a in opdef.attr:
                assert a.name in nd.attr or a.HasField("default_value"), (nd.op, a.name)
