"""How one registered eagerflow op is called in real TensorFlow, for the differential test.

Imported by tests/fuzz/test_tf_differential.py (under eagerflow) and by tf_worker.py (under
TensorFlow, in another interpreter), so it imports neither: only NumPy. A case is an op
name, the sample's input arrays and its attrs (eagerflow DTypes travel as `("__dtype__",
name)`). Most ops map generically: TF's inputs in order, attrs under TF's names, and the
attrs eagerflow keeps static that TF takes as inputs (axes, shape, k, ...) passed as those
inputs. The ops whose attrs need more say so in CALLS.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any, Callable

import numpy as np

_SIGNATURES = Path(__file__).resolve().parents[2] / "eagerflow" / "_src" / "saved_model" / \
    "tf_op_signatures.json"


def _variant_ops() -> list:
    """The ops that take or give a variant (TF's signature table says which)."""
    table = json.loads(_SIGNATURES.read_text(encoding="utf-8"))
    return [name for name, sig in table.items()
            if any(a.get("type") == "DT_VARIANT"
                   for a in sig.get("inputArg", []) + sig.get("outputArg", []))]


# Our attr names that TF spells differently (per op when it differs by op).
ALIASES = {"axes": ("reduction_indices", "axis"), "keepdims": ("keep_dims",),
           "shape": ("shape", "dims"), "dtype": ("DstT", "dtype"),
           "axis": ("axis", "dimension", "split_dim", "concat_dim"), "sizes": ("size_splits",),
           "seq_axis": ("seq_dim",), "batch_axis": ("batch_dim",)}

# Ops with no TF counterpart: eagerflow's gradient helpers. Each is checked through the
# gradients of the ops that use it (which the differential test compares with TF's).
NO_TF_OP = {
    # (the reasons below name the focused tests of some of these)
    **{name: "takes or makes a variant (a dataset, an optional, a list...: no value to send "
             "TF): compared with TF 2.21 in its focused tests (tests/data/test_raw_*.py, "
             "test_dataset_raw_ops.py)" for name in _variant_ops()},
    "CheckPinned": "refuses every input when run (TF's CPU build too): no result to compare",
    "RecordInput": "reads files written first, in an order of its own making: compared with "
                   "TF 2.21's answers in tests/ops/test_record_input.py",
    **{name: "calls a Python function, its attr, which TF finds by a token of its own "
             "registry: compared with TF 2.21 in tests/ops/test_raw_py_func.py"
       for name in ("PyFunc", "PyFuncStateless", "EagerPyFunc")},
    # TF 1's graph ops and the rendezvous and file-system ops called on their own: values
    # and refusals equal TF 2.21's recorded answers in tests/ops/test_misc_raw_ops.py
    **{name: "no sample (a feed, a rendezvous, a file or a refusal): tests/ops/"
             "test_misc_raw_ops.py" for name in (
         "Const", "Placeholder", "Send", "Recv", "ImmutableConst", "FileSystemSetConfiguration",
         "GlobalIterId", "WorkerHeartbeat")},
    # TF's BoostedTrees ops: TF 2.21 has no kernel for any (tests/ops/test_boosted_trees_ops.py
    # compares every refusal with TF's)
    **{name: "refuses every input (TF 2.21 has no kernel for it): tests/ops/"
             "test_boosted_trees_ops.py" for name in (
         "BoostedTreesAggregateStats", "BoostedTreesBucketize",
         "BoostedTreesCalculateBestFeatureSplit", "BoostedTreesCalculateBestFeatureSplitV2",
         "BoostedTreesCalculateBestGainsPerFeature", "BoostedTreesCenterBias",
         "BoostedTreesCreateEnsemble", "BoostedTreesCreateQuantileStreamResource",
         "BoostedTreesDeserializeEnsemble", "BoostedTreesEnsembleResourceHandleOp",
         "BoostedTreesExampleDebugOutputs", "BoostedTreesFlushQuantileSummaries",
         "BoostedTreesGetEnsembleStates", "BoostedTreesMakeQuantileSummaries",
         "BoostedTreesMakeStatsSummary", "BoostedTreesPredict",
         "BoostedTreesQuantileStreamResourceAddSummaries",
         "BoostedTreesQuantileStreamResourceDeserialize",
         "BoostedTreesQuantileStreamResourceFlush",
         "BoostedTreesQuantileStreamResourceGetBucketBoundaries",
         "BoostedTreesQuantileStreamResourceHandleOp", "BoostedTreesSerializeEnsemble",
         "BoostedTreesSparseAggregateStats", "BoostedTreesSparseCalculateBestFeatureSplit",
         "BoostedTreesTrainingPredict", "BoostedTreesUpdateEnsemble",
         "BoostedTreesUpdateEnsembleV2", "IsBoostedTreesEnsembleInitialized",
         "IsBoostedTreesQuantileStreamResourceInitialized")},
    "GenerateBoundingBoxProposals": "refuses every input (TF 2.21's CPU has no kernel, "
                                    "eagerflow none): its refusal is the api sweep's",
    **{name: "a CSR sparse matrix op of TF's GPU only: refused on CPU:0 (compared with TF "
             "2.21 in tests/ops/test_csr_matrix.py), run on the stand-in GPU in "
             "tests/backend/test_csr_on_device.py"
       for name in ("SparseMatrixAdd", "SparseMatrixMul", "SparseMatrixSoftmax",
                    "SparseMatrixSoftmaxGrad", "SparseMatrixZeros")},
    "Abort": "ends the process when it runs (tests/ops/test_abort.py runs TF's and ours)",
    # refused whatever their input, as TF 2.21 refuses them (removed from its GraphDefs, or
    # no kernel): ops/unavailable_ops.py, whose bad samples are those refusals
    **{name: "refuses every input (TF removed it, or has no kernel for it)" for name in (
         "AccumulateNV2", "AdjustContrast", "BatchCholesky", "BatchCholeskyGrad", "BatchFFT",
         "BatchFFT2D", "BatchFFT3D", "BatchIFFT", "BatchIFFT2D", "BatchIFFT3D",
         "BatchMatrixBandPart", "BatchMatrixDeterminant", "BatchMatrixDiag",
         "BatchMatrixDiagPart", "BatchMatrixInverse", "BatchMatrixSetDiag", "BatchMatrixSolve",
         "BatchMatrixSolveLs", "BatchMatrixTriangularSolve", "BatchNormWithGlobalNormalization",
         "BatchNormWithGlobalNormalizationGrad", "BatchSelfAdjointEig", "BatchSelfAdjointEigV2",
         "BatchSvd", "CTCLossV2", "Conv3DBackpropFilter", "Conv3DBackpropInput",
         "CudnnRNN", "CudnnRNNBackprop", "CudnnRNNBackpropV2", "CudnnRNNBackpropV3",
         "CudnnRNNCanonicalToParams", "CudnnRNNCanonicalToParamsV2", "CudnnRNNParamsSize",
         "CudnnRNNParamsToCanonical", "CudnnRNNParamsToCanonicalV2", "CudnnRNNV2", "CudnnRNNV3",
         "PlaceholderV2", "QuantizeAndDequantize", "RandomCrop", "RandomPoisson",
         "SegmentMaxV2", "SegmentMinV2", "SegmentProdV2", "SegmentSumV2", "SelfAdjointEig",
         "StatefulStandardNormal", "TileGrad", "TopK",
         "NcclAllReduce", "NcclBroadcast", "NcclReduce", "CollectivePermute", "AllToAll",
         "CrossReplicaSum", "QuantizedReluX",
    )},
    **{name: "makes or reads a CSR sparse matrix (a variant: no value to send TF): compared "
             "with TF 2.21 in tests/ops/test_csr_matrix.py"
       for name in ("SparseTensorToCSRSparseMatrix", "DenseToCSRSparseMatrix",
                    "CSRSparseMatrixToDense", "CSRSparseMatrixToSparseTensor",
                    "CSRSparseMatrixComponents", "SparseMatrixNNZ", "SparseMatrixTranspose",
                    "SparseMatrixMatMul", "SparseMatrixSparseMatMul",
                    "SparseMatrixSparseCholesky")},
    "SparseMatrixOrderingAMD": "reads a CSR sparse matrix (a variant: no value to send TF): "
                               "compared with TF 2.21 in tests/ops/test_csr_ordering.py",
    "ExperimentalMapDataset": "refuses every input (TF 2.21 has only a GPU kernel for it): "
                              "tests/data/test_raw_dataset_functions.py pins TF's refusal",
    **{name: "makes, starts, reads or deletes an iterator resource (a handle: none to send "
             "TF); compared with TF 2.21 in tests/data/test_raw_iterator_ops.py and "
             "test_dataset_raw_ops.py"
       for name in ("AnonymousIterator", "AnonymousIteratorV2", "AnonymousIteratorV3",
                    "DeleteIterator", "DeserializeIterator", "ExperimentalIteratorGetDevice",
                    "Iterator", "IteratorFromStringHandle", "IteratorFromStringHandleV2",
                    "IteratorGetDevice", "IteratorGetNext", "IteratorGetNextAsOptional",
                    "IteratorGetNextSync", "IteratorToStringHandle", "IteratorV2",
                    "MakeIterator", "OneShotIterator", "SerializeIterator")},
    **{name: "makes a resource handle (none to send TF): compared with TF 2.21 in "
             "tests/data/test_raw_dataset_misc.py and test_raw_dataset_extra.py"
       for name in ("DummyMemoryCache", "DummySeedGenerator", "ThreadPoolHandle",
                    "ExperimentalThreadPoolHandle", "DummyIterationCounter")},
    **{name: "makes or reads a stats aggregator, or reads an iterator (a handle: none to send "
             "TF); compared with TF 2.21 in tests/data/test_raw_dataset_inspect.py"
       for name in ("StatsAggregatorHandle", "StatsAggregatorHandleV2",
                    "ExperimentalStatsAggregatorHandle", "StatsAggregatorSummary",
                    "ExperimentalStatsAggregatorSummary", "StatsAggregatorSetSummaryWriter",
                    "IteratorGetModelProto")},
    **{name: "makes, starts, reads or names a multi-device iterator resource (a handle: none "
             "to send TF); compared with TF 2.21 in tests/data/test_raw_multi_device_iterator.py"
       for name in ("AnonymousMultiDeviceIteratorV3", "MultiDeviceIterator",
                    "MultiDeviceIteratorFromStringHandle", "MultiDeviceIteratorGetNextFromShard",
                    "MultiDeviceIteratorToStringHandle")},
    "MapDefun": "takes a function (no sample holds one): compared with TF 2.21 in "
                "tests/data/test_raw_dataset_optimizer.py",
    **{name: "a TF 1 sparse accumulator (a reference; its sample holds the accumulator, no "
             "value to send TF): compared with TF 2.21 in tests/v1/test_sparse_accumulator.py"
       for name in ("SparseConditionalAccumulator", "SparseAccumulatorApplyGradient",
                    "SparseAccumulatorTakeGradient")},
    "TakeManySparseFromTensorsMap": "takes what an earlier AddSparseToTensorsMap call put in "
                                    "its map (state TF's process lacks): compared with TF 2.21 "
                                    "in tests/ops/test_sparse_tensors_map.py",
    **{name: "refused outside a Session (TF's too): a session handle names a tensor a "
             "Session keeps; compared with TF 2.21 in tests/v1/test_session_handles.py"
       for name in ("GetSessionHandle", "GetSessionHandleV2", "GetSessionTensor",
                    "DeleteSessionTensor")},
    **{name: "fails whatever its input in TF 2.21 (tests/data/test_raw_dataset_misc.py)"
       for name in ("AnonymousRandomSeedGenerator", "DeleteRandomSeedGenerator",
                    "DeleteSeedGenerator")},
    **{name: "makes a mutex or takes or gives its lock (a resource, a variant holding the "
             "lock: none to send TF); compared with TF 2.21 in "
             "tests/saved_model/test_raw_functional.py"
       for name in ("MutexV2", "MutexLock", "ConsumeMutexLock")},
    "BatchFunction": "a call's outputs after it ran (nondifferentiable_batch_function); "
                     "TF's op holds the function",
    "QuantizedConcat": "three lists of N inputs after concat_dim (the generic call passes one); "
                       "compared with TF through tf.quantization.quantized_concat in "
                       "tests/ops/test_quantization.py",
    "BroadcastToShapeOf": "gradient helper (broadcast to another tensor's shape)",
    "ExpandReducedDims": "gradient helper (restores reduced axes)",
    "GatherV2Grad": "gradient helper (GatherV2's adjoint; TF returns IndexedSlices)",
    "ReductionSize": "gradient helper (cell count ratio of a mean)",
    "ReshapeLike": "gradient helper (reshape to another tensor's shape)",
    "SliceGrad": "gradient helper (Slice's adjoint)",
    "SumToShapeOf": "gradient helper (sums a broadcast gradient back)",
    "Dilation2DWinnerGather": "gradient helper (the Dilation2D backprop ops' adjoint)",
    "TiledBoxSuppression": "eagerflow's host op for the tile loop of non_max_suppression_padded "
                           "(TF runs it as while loops of ops): compared with TF 2.21 through "
                           "tf.image.non_max_suppression_padded in tests/ops/test_mathprobe.py",
    "ReadVariableOp": "reads a resource handle: compared through tf.Variable",
    "_CTCLossDense": "eagerflow's op for TF's ctc_loss_dense composite (TF has no op of it): "
                     "compared with TF 2.21 through tf.nn.ctc_loss in tests/ops/test_nn_ctc.py",
    **{name: "makes or reads a TensorMap (a variant: no value to send TF): compared with TF "
             "2.21 in tests/ops/test_runtime_raw_ops.py"
       for name in ("EmptyTensorMap", "TensorMapInsert", "TensorMapLookup", "TensorMapErase",
                    "TensorMapHasKey", "TensorMapSize", "TensorMapStackKeys")},
    **{name: "makes or reads a TensorList (a variant: no value to send TF): compared with TF "
             "2.21 in tests/ops/test_tensor_list_ops.py"
       for name in ("EmptyTensorList", "TensorListConcat", "TensorListConcatLists",
                    "TensorListConcatV2", "TensorListElementShape", "TensorListFromTensor",
                    "TensorListGather", "TensorListGetItem", "TensorListLength",
                    "TensorListPopBack", "TensorListPushBack", "TensorListPushBackBatch",
                    "TensorListReserve", "TensorListResize", "TensorListScatter",
                    "TensorListScatterIntoExistingList", "TensorListScatterV2",
                    "TensorListSetItem", "TensorListSplit", "TensorListStack")},
    **{name: "acts on a variable's handle: compared with TF 2.21 in "
             "tests/v1/test_ref_meta_graph.py"
       for name in ("ResourceCountUpTo", "VariableShape", "DisableCopyOnRead")},
    **{name: "acts on resource handles: compared with TF 2.21 in tests/ops/test_resource_tensors.py"
       for name in ("VarHandleOp", "VarIsInitializedOp", "DestroyResourceOp", "AssignVariableOp",
                    "AssignAddVariableOp", "AssignSubVariableOp")},
    **{name: "updates resource variables: compared with TF 2.21 in tests/ops/test_training_ops.py"
       for name in ("ResourceApplyGradientDescent", "ResourceApplyMomentum", "ResourceApplyAdam",
                    "ResourceApplyAdagrad", "ResourceApplyAdagradV2", "ResourceApplyRMSProp",
                    "ResourceApplyCenteredRMSProp", "ResourceApplyAdadelta",
                    "ResourceApplyProximalGradientDescent", "ResourceApplyProximalAdagrad")},
    **{name: "updates resource variables: compared with TF 2.21 bit for bit in "
             "tests/ops/test_training_ops2.py"
       for name in ("ResourceApplyAdaMax", "ResourceApplyAdamWithAmsgrad", "ResourceApplyAddSign",
                    "ResourceApplyFtrl", "ResourceApplyFtrlV2", "ResourceApplyKerasMomentum",
                    "ResourceApplyPowerSign")},
    **{name: "updates resource variables: compared with TF 2.21 in tests/ops/test_adagrad_da.py"
       for name in ("ResourceApplyAdagradDA", "ResourceSparseApplyAdagradDA")},
    **{f"ResourceSparseApply{name}": "updates rows of resource variables: compared with TF 2.21 "
                                     "in tests/ops/test_sparse_training_ops.py"
       for name in ("Adadelta", "Adagrad", "AdagradV2", "CenteredRMSProp", "Ftrl", "FtrlV2",
                    "KerasMomentum", "Momentum", "ProximalAdagrad", "ProximalGradientDescent",
                    "RMSProp")},
    **{name: "acts on a resource variable: compared with TF 2.21 in "
             "tests/ops/test_resource_scatter.py"
       for name in ("ResourceGatherNd", "ResourceScatterAdd", "ResourceScatterSub",
                    "ResourceScatterMul", "ResourceScatterDiv", "ResourceScatterMin",
                    "ResourceScatterMax", "ResourceScatterUpdate", "ResourceScatterNdAdd",
                    "ResourceScatterNdSub", "ResourceScatterNdUpdate", "ResourceScatterNdMin",
                    "ResourceScatterNdMax")},
    "ResourceGather": "reads rows of a resource variable: compared with TF 2.21 in "
                      "tests/ops/test_resource_gather.py and tests/v1/test_v1_resource_gather.py",
    "ResourceStridedSliceAssign": "assigns into a resource variable: compared with TF 2.21 in "
                                  "tests/ops/test_slice_assign.py",
    "Assert": "side effect only (no output); tested in tests/ops/test_debugging.py",
    "PrintV2": "side effect only (no output); tested in tests/ops/test_debugging.py",
    "ReadFile": "file I/O; tested in tests/io",
    "WriteFile": "file I/O; tested in tests/io",
    **{name: "checkpoint file I/O; compared with TF 2.21 in tests/ops/test_checkpoint_ops.py"
       for name in ("SaveV2", "RestoreV2", "MergeV2Checkpoints", "Save", "SaveSlices",
                    "Restore", "RestoreSlice")},
    "ParseExampleV2": "serialized protos; tested against TF in tests/io/test_interop.py",
    "ParseSequenceExampleV2": "eagerflow's outputs are its own (a SequenceExample split into "
                              "parts); tf.io.parse_sequence_example is compared with TF in "
                              "tests/guides/guide_parse_sequence.py",
    **{op: "TF's collective: its members meet by group and instance keys across devices; "
           "compared with TF 2.21 in tests/distribute/test_tf_collectives.py" for op in (
               "CollectiveReduceV2", "CollectiveReduceV3", "CollectiveGatherV2",
               "CollectiveBcastSendV2", "CollectiveBcastRecvV2", "CollectiveAllToAllV2",
               "CollectiveAllToAllV3", "CollectiveReduceScatterV2", "CollectiveAssignGroupV2",
               "CollectiveInitializeCommunicator", "CollectiveReduce", "CollectiveGather",
               "CollectiveBcastSend", "CollectiveBcastRecv")},
    "ReplicaAllGather": "a collective across a strategy's replicas; tested in tests/distribute",
    "ReplicaAllReduce": "a collective across a strategy's replicas; tested in tests/distribute",
    "ReplicaIdInSyncGroup": "the replica id inside a strategy; tested in tests/distribute",
    **{op: "acts on a summary writer resource (its sample's writer is eagerflow's): compared "
           "with TF 2.21 in tests/summary/test_writer_ops.py and "
           "test_summary_saved_model_tf.py" for op in (
               "SummaryWriter", "CreateSummaryFileWriter", "CreateSummaryDbWriter",
               "FlushSummaryWriter", "CloseSummaryWriter", "WriteSummary", "WriteScalarSummary",
               "WriteHistogramSummary", "WriteImageSummary", "WriteAudioSummary",
               "WriteRawProtoSummary", "WriteGraphSummary", "ImportEvent")},
    "AudioSummary": "refused whatever its input (TF 2.21 removed it in GraphDef version 15); "
                    "its words are checked in the registry suite",
    "MaxPoolGradGradWithArgmax": "TF 2.21 registers no CPU kernel (NotFoundError); compared "
                                 "with a loop in the registry suite",
    "RngReadAndSkip": "TF's reads and advances a resource (a Generator's state variable); "
                      "eagerflow's maps the state value: compared through tf.random.Generator "
                      "in tests/ops/test_random_golden.py",
    "RngSkip": "TF's advances a resource (a state variable); eagerflow's maps the state value: "
               "compared through tf.raw_ops on variables in tests/ops/test_rng_skip.py",
    # ragged, string, hash, lookup and sparse-cross ops: compared with TF 2.21 through the
    # public APIs that use them (tests/ragged/golden_exprs.py, golden_tf.json)
    **{op: "compared with TF through its public API in tests/ragged (golden_tf.json)"
       for op in ("RaggedRange", "RaggedTensorToTensor", "RaggedTensorToSparse",
                  "StringSplitV2", "UnicodeDecode", "UnicodeDecodeWithOffsets",
                  "UnicodeEncode", "StringNGrams", "UnsortedSegmentJoin",
                  "StringToHashBucketFast", "StringToHashBucketStrong", "StringToHashBucket",
                  "SparseCrossV2", "SparseCrossHashed")},
    "RaggedGather": "a list of splits before its values (the worker passes inputs one by "
                    "one): compared with TF 2.21, raw and through tf.gather, in "
                    "tests/ops/sparse_count_cases.py",
    **{op: "makes, reads or changes a lookup table (a resource in TF); compared with TF "
           "2.21 in tests/ops/test_table_handles.py and through tf.lookup in tests/ragged"
       for op in ("LookupTableFindV2", "LookupTableInsertV2", "LookupTableRemoveV2",
                  "LookupTableSizeV2", "LookupTableExportV2", "LookupTableImportV2",
                  "InitializeTableFromTextFileV2", "InitializeTableV2", "HashTableV2",
                  "MutableHashTableV2", "MutableHashTableOfTensorsV2",
                  "MutableDenseHashTableV2")},
    **{op: "TF's serving batcher: its ids are random and its rendezvous keeps state by "
           "(container, shared_name) across calls; compared with TF 2.21 in "
           "tests/ops/test_batch_ops.py"
       for op in ("Batch", "Unbatch", "UnbatchGrad")},
    **{op: "makes an anonymous lookup table (a resource handle owning it: none to send "
           "TF); compared with TF 2.21 in tests/ops/test_anonymous_tables.py"
       for op in ("AnonymousHashTable", "AnonymousMutableHashTable",
                  "AnonymousMutableHashTableOfTensors", "AnonymousMutableDenseHashTable")},
    **{op: "reads or changes a queue's state (a resource in TF); compared through tf.queue "
           "in tests/guides/guide_queues.py"
       for op in ("QueueEnqueueV2", "QueueEnqueueManyV2", "QueueDequeueV2",
                  "QueueDequeueManyV2", "QueueDequeueUpToV2", "QueueSizeV2",
                  "QueueIsClosedV2", "QueueCloseV2")},
    **{op: "makes, reads or changes a queue, a reader or an accumulator (a resource in TF); "
           "compared with TF 2.21 call by call in tests/ops/test_queue_raw_ops.py"
       for op in ("FIFOQueueV2", "PaddingFIFOQueueV2", "PriorityQueueV2",
                  "RandomShuffleQueueV2", "FixedLengthRecordReaderV2", "IdentityReaderV2",
                  "TFRecordReaderV2", "TextLineReaderV2", "WholeFileReaderV2",
                  "ResourceConditionalAccumulator", "ReaderNumRecordsProducedV2",
                  "ReaderNumWorkUnitsCompletedV2",
                  "ReaderReadUpToV2", "ReaderReadV2", "ReaderResetV2", "ReaderRestoreStateV2",
                  "ReaderSerializeStateV2", "ResourceAccumulatorApplyGradient",
                  "ResourceAccumulatorNumAccumulated", "ResourceAccumulatorSetGlobalStep",
                  "ResourceAccumulatorTakeGradient")},
    "LMDBReader": "makes a reader (TF's gives a reference, refused eagerly: tests/ops/"
                  "queue_raw_programs.py); TF 2.21 has removed LMDB support, its graph's "
                  "refusal is compared in tests/data/test_lmdb.py",
    **{op: "reads or changes a staging area found by its name (a resource in TF: the "
           "samples' areas hold what TF's would wait for forever); compared with TF 2.21 call "
           "by call in tests/ops/test_staging_ops.py and in TF 1 graphs in "
           "tests/v1/test_staging_meta_graph.py"
       for op in ("Stage", "Unstage", "StagePeek", "StageSize", "StageClear",
                  *(p + s for p in ("Map", "OrderedMap") for s in (
                      "Stage", "Unstage", "UnstageNoKey", "Peek", "Size", "IncompleteSize",
                      "Clear")))},
    **{op: "makes, reads or changes a barrier (a TF 1 reference, refused eagerly as TF "
           "does); compared with TF 2.21 in TF 1 graphs in tests/v1/test_staging_meta_graph.py"
       for op in ("Barrier", "BarrierInsertMany", "BarrierTakeMany", "BarrierClose",
                  "BarrierReadySize", "BarrierIncompleteSize")},
    **{op: "makes, reads or changes a TensorArray or a stack (a resource in TF); compared "
           "with TF 2.21 step by step in tests/ops/test_tensor_array_v1.py and in TF 1 "
           "graphs in tests/saved_model/test_tf1_tensor_arrays.py"
       for op in ("TensorArrayV3", "TensorArrayReadV3", "TensorArrayWriteV3",
                  "TensorArrayGatherV3", "TensorArrayScatterV3", "TensorArrayConcatV3",
                  "TensorArraySplitV3", "TensorArraySizeV3", "TensorArrayCloseV3",
                  "TensorArrayGradV3", "TensorArrayGradWithShape", "StackV2", "StackPushV2",
                  "StackPopV2", "StackCloseV2", "TensorArrayCloseV2")},
    **{op: "a TensorArray V2 op: TF 2.21 refuses every call (removed in GraphDef version "
           "26); compared in tests/ops/test_tensor_array_v1.py"
       for op in ("TensorArrayV2", "TensorArrayReadV2", "TensorArrayWriteV2",
                  "TensorArrayGatherV2", "TensorArrayScatterV2", "TensorArraySplitV2",
                  "TensorArraySizeV2", "TensorArrayGradV2", "TensorArrayConcatV2")},
}

# Attrs only eagerflow has: a stateful random op's `node` picks which stream continues (TF
# keeps it in the op's kernel instance), and TF has no attr for it.
EAGERFLOW_ONLY_ATTRS = ("node",)


def dtype_out(v: Any) -> Any:
    """Attrs for transport: DTypes as ("__dtype__", name) (recursively)."""
    if isinstance(v, tuple):
        return tuple(dtype_out(x) for x in v)
    if isinstance(v, list):
        return [dtype_out(x) for x in v]
    if hasattr(v, "as_numpy_dtype") and hasattr(v, "name"):
        return ("__dtype__", v.name)
    return v


def _dtype_in(tf: Any, v: Any) -> Any:
    if isinstance(v, tuple) and len(v) == 2 and v[0] == "__dtype__":
        return tf.as_dtype(v[1])
    if isinstance(v, (tuple, list)):
        return type(v)(_dtype_in(tf, x) for x in v)
    return v


def weights(seed: int, shape: tuple, zeros: bool) -> np.ndarray:
    """The cotangent of one output: uniform in [0.5, 1.5), some cells 0 when `zeros` (so
    that a gradient of 0 meets inf/NaN partials as it does under tf.where)."""
    rng = np.random.default_rng(seed)
    w = rng.uniform(0.5, 1.5, size=shape)
    if zeros:
        w[rng.uniform(size=shape) < 0.4] = 0.0
    return w


def _spec_to_masks(spec: tuple) -> dict:
    """StridedSlice's spec (see eagerflow ops/slicing.py) as TF's vectors and bit masks."""
    b, e, s = [], [], []
    m = dict(begin_mask=0, end_mask=0, ellipsis_mask=0, new_axis_mask=0, shrink_axis_mask=0)
    for i, k in enumerate(spec):
        bit = 1 << i
        if k[0] == "e":
            m["ellipsis_mask"] |= bit
            b.append(0), e.append(0), s.append(1)
        elif k[0] == "n":
            m["new_axis_mask"] |= bit
            b.append(0), e.append(0), s.append(1)
        elif k[0] == "i":
            m["shrink_axis_mask"] |= bit
            b.append(k[1]), e.append(k[1] + 1 if k[1] != -1 else 0), s.append(1)
        else:
            _, lo, hi, st = k
            st = 1 if st is None else st
            if lo is None:
                m["begin_mask"] |= bit
            if hi is None:
                m["end_mask"] |= bit
            b.append(lo or 0), e.append(hi or 0), s.append(st)
    return {"begin": np.array(b, np.int64), "end": np.array(e, np.int64),
            "strides": np.array(s, np.int64), **m}


def _corners(a: dict) -> dict:
    """A resize op's TF 1 attrs: eagerflow's defaults are TF 2's (half-pixel centers)."""
    return {"align_corners": a.get("align_corners", False),
            "half_pixel_centers": a.get("half_pixel_centers", True)}


def _resize(name: str) -> Callable:
    def f(tf: Any, x: Any, size: tuple, **a: Any) -> Any:
        return getattr(tf.raw_ops, name)(images=x, size=list(size), **_corners(a))
    return f


def _resize_grad(name: str) -> Callable:
    def f(tf: Any, g: Any, orig: Any, size: tuple, **a: Any) -> Any:
        return getattr(tf.raw_ops, name)(grads=g, original_image=orig, **_corners(a))
    return f


def _scale(tf: Any, x: Any, size: tuple) -> tuple:
    s = np.array(size, np.float32) / np.array(x.shape[1:3], np.float32)
    return list(size), s, np.zeros(2, np.float32)


def _fused_conv(tf: Any, x: Any, w: Any, b: Any, fused_ops: tuple, **conv: Any) -> Any:
    y = tf.nn.bias_add(tf.raw_ops.Conv2D(input=x, filter=w, **conv), b)
    return tf.nn.relu(y) if "Relu" in fused_ops else y


def _fused_conv_grad(tf: Any, g: Any, y: Any, x: Any, w: Any, fused_ops: tuple,
                     input_grad: bool, **conv: Any) -> tuple:
    """TF's three gradient ops of that convolution (ReluGrad first where ReLU was fused);
    without `input_grad`, the input's gradient is an empty vector."""
    if "Relu" in fused_ops:
        g = tf.raw_ops.ReluGrad(gradients=g, features=y)
    db = tf.raw_ops.BiasAddGrad(out_backprop=g, data_format="NHWC")
    dx = tf.raw_ops.Conv2DBackpropInput(input_sizes=tf.shape(x), filter=w, out_backprop=g,
                                        **conv) if input_grad else tf.zeros([0], g.dtype)
    dw = tf.raw_ops.Conv2DBackpropFilter(input=x, filter_sizes=tf.shape(w), out_backprop=g,
                                         **conv)
    return dx, dw, db


def _fused_adam(tf: Any, m: Any, v: Any, g: Any, alpha: Any, beta_1: float, beta_2: float,
                epsilon: float) -> Any:
    """Keras 3's Adam update on TF (its optimizer's composite of TF ops)."""
    m2 = m + (g - m) * (1 - beta_1)
    v2 = v + (tf.square(g) - v) * (1 - beta_2)
    return m2, v2, (m2 * alpha) / (tf.sqrt(v2) + epsilon)


def _fused_adam_apply(tf: Any, m: Any, v: Any, g: Any, alpha: Any, var: Any, beta_1: float,
                      beta_2: float, epsilon: float) -> Any:
    """That update, and the variable's value less its step (Keras's assign_sub)."""
    m2, v2, step = _fused_adam(tf, m, v, g, alpha, beta_1, beta_2, epsilon)
    return m2, v2, var - step


def _adam_alpha(tf: Any, lr: Any, step: Any, beta_1: float, beta_2: float) -> Any:
    """Keras 3's Adam step size on TF (its optimizer's composite: the betas through
    float32, as Keras converts Python floats)."""
    t = tf.cast(step + 1, lr.dtype)
    b1 = tf.cast(tf.constant(beta_1, tf.float32), lr.dtype)
    b2 = tf.cast(tf.constant(beta_2, tf.float32), lr.dtype)
    return lr * tf.sqrt(1 - tf.pow(b2, t)) / (1 - tf.pow(b1, t))


def _fused_sgd(tf: Any, var: Any, mom: Any, g: Any, lr: Any, momentum: float,
               nesterov: bool) -> Any:
    """Keras 3's SGD-with-momentum update on TF (its optimizer's composite of TF ops)."""
    mu = tf.cast(tf.constant(momentum, tf.float32), var.dtype)
    m2 = mom * mu - g * lr
    return var + (m2 * mu - g * lr if nesterov else m2), m2


def _fused_rmsprop(tf: Any, rms: Any, g: Any, lr: Any, rho: float, epsilon: float) -> Any:
    """Keras 3's (uncentered) RMSprop update on TF (its optimizer's composite of TF ops)."""
    rms2 = rms * rho + tf.square(g) * (1 - rho)
    return rms2, (lr * g) / tf.sqrt(rms2 + epsilon)


def _complex_tout(tf: Any, x: Any) -> Any:
    return tf.float64 if x.dtype == tf.complex128 else tf.float32


def _matmul(tf: Any, a: Any, b: Any, transpose_a: bool, transpose_b: bool) -> Any:
    if len(a.shape) > 2 or len(b.shape) > 2:  # eagerflow's MatMul is also BatchMatMulV2
        return tf.raw_ops.BatchMatMulV2(x=a, y=b, adj_x=transpose_a, adj_y=transpose_b)
    return tf.raw_ops.MatMul(a=a, b=b, transpose_a=transpose_a, transpose_b=transpose_b)


# Pooling and convolutions in NCHW/NCDHW: TF's CPU kernels take only channels-last, so the
# case runs channels-last between transposes. Op -> (positions of image inputs, position of
# an input that holds an image shape or None).
CHANNELS_FIRST = {
    "AvgPool": ((0,), None), "AvgPoolGrad": ((1,), 0), "MaxPool": ((0,), None),
    "_MaxPoolKeepArgmax": ((0,), None),
    "MaxPoolGrad": ((0, 1, 2), None), "MaxPoolGradGrad": ((0, 1, 2), None),
    "AvgPool3D": ((0,), None), "AvgPool3DGrad": ((1,), 0), "MaxPool3D": ((0,), None),
    "MaxPool3DGrad": ((0, 1, 2), None), "MaxPool3DGradGrad": ((0, 1, 2), None),
    "Conv2D": ((0,), None), "Conv3D": ((0,), None), "Conv2DBackpropFilter": ((0, 2), None),
    "Conv3DBackpropFilterV2": ((0, 2), None), "Conv2DBackpropInput": ((2,), 0),
    "Conv3DBackpropInputV2": ((2,), 0), "DepthwiseConv2dNative": ((0,), None),
    "DepthwiseConv2dNativeBackpropFilter": ((0, 2), None),
    "DepthwiseConv2dNativeBackpropInput": ((2,), 0),
}


def _channels_last(tf: Any, name: str, inputs: list, attrs: dict) -> Any:
    rank = 4 if attrs["data_format"] == "NCHW" else 5
    last, first = [0, *range(2, rank), 1], [0, rank - 1, *range(1, rank - 1)]
    images, shape_at = CHANNELS_FIRST[name]
    xs = list(inputs)
    for i in images:
        xs[i] = tf.transpose(xs[i], last)
    if shape_at is not None:
        xs[shape_at] = tf.gather(xs[shape_at], last)
    a = dict(attrs, data_format="NHWC" if rank == 4 else "NDHWC")
    for k in ("ksize", "strides", "dilations"):
        if k in a:
            a[k] = tuple(a[k][i] for i in last)
    if a.get("explicit_paddings"):
        p = a["explicit_paddings"]
        a["explicit_paddings"] = tuple(v for i in last for v in p[2 * i:2 * i + 2])
    out = call(tf, name, xs, a)
    return out if "BackpropFilter" in name else tf.transpose(out, first)


def _stateful_binomial(tf: Any, state: Any, alg: Any, counts: Any, probs: Any, shape: tuple,
                       dtype: Any) -> tuple:
    """TF's op draws from a state variable and advances it: (samples, the state after).
    The variable gets a buffer of its own: TF's op advances a buffer it shares with a
    tensor still held (here `state`) in that tensor, not in the variable."""
    var = tf.Variable(tf.zeros_like(state))
    var.assign_add(state)
    out = tf.raw_ops.StatefulRandomBinomial(resource=var.handle, algorithm=alg,
                                            shape=list(shape), counts=counts, probs=probs,
                                            dtype=dtype)
    return out, tf.identity(var)


def _stateful_draw(name: str, params: int) -> Callable:
    """TF's generator op `name` on a fresh variable holding `state` (as _stateful_binomial):
    (samples, the state after); the shape a tensor of its `shape_dtype`."""
    def draw(tf: Any, state: Any, alg: Any, *rest: Any, shape: tuple, shape_dtype: Any,
             **attrs: Any) -> tuple:
        var = tf.Variable(tf.zeros_like(state))
        var.assign_add(state)
        kw = dict(zip(("minval", "maxval"), rest[:params]))
        out = getattr(tf.raw_ops, name)(resource=var.handle, algorithm=alg,
                                        shape=tf.constant(list(shape), shape_dtype), **kw,
                                        **attrs)
        return out, tf.identity(var)
    return draw


def _relu_grad_bias_grad(tf: Any, g: Any, y: Any) -> tuple:
    dz = tf.raw_ops.ReluGrad(gradients=tf.broadcast_to(g, tf.shape(y)), features=y)
    return dz, tf.raw_ops.BiasAddGrad(out_backprop=dz)


def _bn_training(tf: Any, x: Any, scale: Any, offset: Any, moving_mean: Any,
                 moving_variance: Any, epsilon: float, momentum: float) -> tuple:
    """Keras 3's training composite: tf.nn.moments, then tf.nn.batch_normalization, and
    its moving averages of the statistics."""
    mean, var = tf.nn.moments(x, list(range(len(x.shape) - 1)))
    moved = [old * momentum + new * (1 - momentum)
             for old, new in ((moving_mean, mean), (moving_variance, var))]
    return (tf.nn.batch_normalization(x, mean, var, offset, scale, epsilon), mean, var,
            *moved)


def _bn_training_grad(tf: Any, dy: Any, x: Any, scale: Any, mean: Any, variance: Any,
                      epsilon: float) -> tuple:
    """The gradient TF's tape builds for that composite (the Mul, Sub, Rsqrt, Mean and
    SquaredDifference gradients), evaluated at the given statistics."""
    axes = list(range(len(x.shape) - 1))
    n = tf.cast(tf.size(x) // tf.maximum(tf.shape(x)[-1], 1), x.dtype)
    r = tf.math.rsqrt(variance + epsilon)
    inv = r * scale
    sum_dy = tf.reduce_sum(dy, axes)
    dinv = tf.reduce_sum(dy * x, axes) - sum_dy * mean
    dvar = -0.5 * (dinv * scale) * r * r * r
    dx = dy * inv + (x - mean) * (2.0 * dvar / n) - sum_dy * inv / n
    return dx, dinv * r, sum_dy


def _shapes(tf: Any, shapes: tuple) -> list:
    return [tf.TensorShape(list(s)) for s in shapes]


def _flat(tf: Any, outs: Any) -> tuple:
    """A parsing op's outputs (lists of tensors in a namedtuple) in one tuple."""
    return tuple(tf.nest.flatten(tuple(outs)))


def _parse_example(tf: Any, serialized: Any, names: Any, *rest: Any, Nsparse: int,
                   Ndense: int, sparse_types: tuple, dense_shapes: tuple) -> Any:
    return _flat(tf, tf.raw_ops.ParseExample(
        serialized=serialized, names=names, sparse_keys=list(rest[:Nsparse]),
        dense_keys=list(rest[Nsparse:Nsparse + Ndense]),
        dense_defaults=list(rest[Nsparse + Ndense:]), sparse_types=list(sparse_types),
        dense_shapes=_shapes(tf, dense_shapes)))


def _parse_sequence_example(tf: Any, serialized: Any, debug_name: Any, *defaults: Any,
                            **a: Any) -> Any:
    counts = {"Ncontext_sparse": len(a["context_sparse_keys"]),
              "Ncontext_dense": len(a["context_dense_keys"]),
              "Nfeature_list_sparse": len(a["feature_list_sparse_keys"]),
              "Nfeature_list_dense": len(a["feature_list_dense_keys"])}
    a = {k: _shapes(tf, v) if k.endswith("_shapes") else list(v) for k, v in a.items()}
    return _flat(tf, tf.raw_ops.ParseSequenceExample(
        serialized=serialized, debug_name=debug_name, context_dense_defaults=list(defaults),
        **a, **counts))


def _parse_single_sequence_example(tf: Any, *ins: Any, **a: Any) -> Any:
    counts = ("Ncontext_sparse", "Ncontext_dense", "Nfeature_list_sparse",
              "Nfeature_list_dense")
    at, keys = 2, []
    for n in counts:
        keys.append(list(ins[at:at + a[n]]))
        at += a[n]
    a = {k: _shapes(tf, v) if k.endswith("_shapes") else list(v) for k, v in a.items()
         if k not in counts}
    return _flat(tf, tf.raw_ops.ParseSingleSequenceExample(
        serialized=ins[0], feature_list_dense_missing_assumed_empty=ins[1],
        context_sparse_keys=keys[0], context_dense_keys=keys[1],
        feature_list_sparse_keys=keys[2], feature_list_dense_keys=keys[3],
        context_dense_defaults=list(ins[at:-1]), debug_name=ins[-1], **a))


CALLS: dict[str, Callable] = {
    "ParseExample": _parse_example,
    "ParseSequenceExample": _parse_sequence_example,
    "ParseSingleSequenceExample": _parse_single_sequence_example,
    "ParseSingleExample": lambda tf, s, *defaults, dense_shapes, **a: _flat(tf, (
        tf.raw_ops.ParseSingleExample(serialized=s, dense_defaults=list(defaults),
                                      dense_shapes=_shapes(tf, dense_shapes),
                                      **{k: list(v) if isinstance(v, tuple) else v
                                         for k, v in a.items()}))),
    "MatMul": _matmul,
    # TF removed its MatrixExponential kernel: tf.linalg.expm is a Python composite
    "MatrixExponential": lambda tf, x: tf.linalg.expm(x),
    "StatefulRandomBinomial": _stateful_binomial,
    **{op: _stateful_draw(op, 0) for op in ("StatefulUniform", "StatefulStandardNormalV2",
                                            "StatefulTruncatedNormal", "StatefulUniformFullInt")},
    "StatefulUniformInt": _stateful_draw("StatefulUniformInt", 2),
    "NonDeterministicInts": lambda tf, shape, dtype, shape_dtype: tf.raw_ops.NonDeterministicInts(
        shape=tf.constant(list(shape), shape_dtype), dtype=dtype),
    # lists of outputs (one per path), flattened in the op's output order
    "CTCBeamSearchDecoder": lambda tf, x, lengths, **a: tuple(tf.nest.flatten(
        tf.raw_ops.CTCBeamSearchDecoder(inputs=x, sequence_length=lengths, **a))),
    "GatherNd": lambda tf, p, i, batch_dims, bad_indices_policy="": tf.gather_nd(
        p, i, batch_dims=batch_dims, bad_indices_policy=bad_indices_policy),
    "ReduceJoin": lambda tf, x, axes, keepdims, separator: tf.strings.reduce_join(
        x, axis=None if axes is None else list(axes), keepdims=keepdims, separator=separator),
    # (the op's two forms: a static spec, or begin/end/strides inputs and TF's masks)
    "StridedSlice": lambda tf, x, *v, spec=None, **m: tf.raw_ops.StridedSlice(
        input=x, **(_spec_to_masks(spec) if spec is not None else
                    dict(zip(("begin", "end", "strides"), v), **m))),
    "StridedSliceGrad": lambda tf, g, x, *v, spec=None, **m: tf.raw_ops.StridedSliceGrad(
        shape=tf.shape(x), dy=g, **(_spec_to_masks(spec) if spec is not None else
                                    dict(zip(("begin", "end", "strides"), v), **m))),
    "Einsum": lambda tf, *xs, equation: tf.einsum(equation, *xs),
    "SplitV": lambda tf, x, sizes, axis: tf.raw_ops.SplitV(
        value=x, size_splits=list(sizes), axis=axis, num_split=len(sizes)),
    "ResizeBilinear": _resize("ResizeBilinear"),
    "ResizeBicubic": _resize("ResizeBicubic"),
    "ResizeNearestNeighbor": _resize("ResizeNearestNeighbor"),
    "ResizeArea": lambda tf, x, size, align_corners=False: tf.raw_ops.ResizeArea(
        images=x, size=list(size), align_corners=align_corners),
    "ResizeBilinearGrad": _resize_grad("ResizeBilinearGrad"),
    "ResizeBicubicGrad": _resize_grad("ResizeBicubicGrad"),
    "ResizeNearestNeighborGrad": lambda tf, g, orig, size, **a:
        tf.raw_ops.ResizeNearestNeighborGrad(grads=g, size=list(orig.shape[1:3]),
                                             **_corners(a)),
    "ScaleAndTranslate": lambda tf, x, size, kernel_type, antialias: tf.raw_ops.ScaleAndTranslate(
        images=x, size=_scale(tf, x, size)[0], scale=_scale(tf, x, size)[1],
        translation=_scale(tf, x, size)[2], kernel_type=kernel_type, antialias=antialias),
    "ScaleAndTranslateGrad": lambda tf, g, orig, size, kernel_type, antialias:
        tf.raw_ops.ScaleAndTranslateGrad(
            grads=g, original_image=orig, scale=_scale(tf, orig, size)[1],
            translation=_scale(tf, orig, size)[2], kernel_type=kernel_type, antialias=antialias),
    "_FusedConv2D": _fused_conv,
    "_FusedConv2DGrad": _fused_conv_grad,
    "_FusedAdam": _fused_adam,
    "_FusedAdamApply": _fused_adam_apply,
    "_FusedRMSprop": _fused_rmsprop,
    "_AdamAlpha": _adam_alpha,
    "_FusedSGD": _fused_sgd,
    "_MaxPoolKeepArgmax": lambda tf, x, **a: tf.raw_ops.MaxPool(input=x, **a),  # (MaxPool's values)
    "_ReluGradBiasAddGrad": _relu_grad_bias_grad,
    "_BatchNormTraining": _bn_training,
    "_BatchNormTrainingGrad": _bn_training_grad,
    # (TF's op returns (sizes, [values per field]); eagerflow's outputs are flat)
    "DecodeProtoV2": lambda tf, b, **a: (lambda r: (r.sizes, *r.values))(
        tf.raw_ops.DecodeProtoV2(bytes=b, **a)),
    "Complex": lambda tf, re, im: tf.raw_ops.Complex(
        real=re, imag=im, Tout=tf.complex128 if re.dtype == tf.float64 else tf.complex64),
    "ComplexAbs": lambda tf, x: tf.raw_ops.ComplexAbs(x=x, Tout=_complex_tout(tf, x)),
    "Imag": lambda tf, x: tf.raw_ops.Imag(input=x, Tout=_complex_tout(tf, x)),
    "DecodeRaw": lambda tf, b, out_type, little_endian, fixed_length: (
        tf.raw_ops.DecodeRaw(bytes=b, out_type=out_type, little_endian=little_endian)
        if fixed_length is None else tf.raw_ops.DecodePaddedRaw(
            input_bytes=b, fixed_length=fixed_length, out_type=out_type,
            little_endian=little_endian)),
    "MatrixDiagPartV3": lambda tf, x, k, padding_value, align="RIGHT_LEFT":
        tf.raw_ops.MatrixDiagPartV3(input=x, k=k, padding_value=tf.cast(padding_value, x.dtype),
                                    align=align),
    "MatrixDiagV3": lambda tf, d, k, num_rows, num_cols, padding_value, align="RIGHT_LEFT":
        tf.raw_ops.MatrixDiagV3(diagonal=d, k=k, num_rows=num_rows, num_cols=num_cols,
                                padding_value=tf.cast(padding_value, d.dtype), align=align),
    "OneHot": lambda tf, i, on, off, depth, axis: tf.raw_ops.OneHot(
        indices=i, depth=depth, on_value=on, off_value=off, axis=axis),
    "ReverseV2": lambda tf, x, *dyn, axes: tf.raw_ops.ReverseV2(
        tensor=x, axis=dyn[0] if dyn else list(axes)),
    # N index tensors, then N data tensors (the generic call cannot split two lists)
    "DynamicStitch": lambda tf, *xs: tf.raw_ops.DynamicStitch(
        indices=list(xs[:len(xs) // 2]), data=list(xs[len(xs) // 2:])),
    "ParallelDynamicStitch": lambda tf, *xs: tf.raw_ops.ParallelDynamicStitch(
        indices=list(xs[:len(xs) // 2]), data=list(xs[len(xs) // 2:])),
    # N indices, N values, N shapes (three lists); SparseSplit's outputs are three lists
    "SparseConcat": lambda tf, *xs, concat_dim: tf.raw_ops.SparseConcat(
        indices=list(xs[:len(xs) // 3]), values=list(xs[len(xs) // 3:2 * len(xs) // 3]),
        shapes=list(xs[2 * len(xs) // 3:]), concat_dim=concat_dim),
    "SparseSplit": lambda tf, split_dim, indices, values, shape, num_split: [
        t for part in tf.raw_ops.SparseSplit(split_dim=split_dim, indices=indices,
                                             values=values, shape=shape, num_split=num_split)
        for t in part],
    "Roll": lambda tf, x, shift, axis: tf.raw_ops.Roll(input=x, shift=list(shift),
                                                        axis=list(axis)),
    "Cumsum": lambda tf, x, *dyn, axis, **a: tf.raw_ops.Cumsum(
        x=x, axis=dyn[0] if dyn else axis, **a),
    "Cumprod": lambda tf, x, *dyn, axis, **a: tf.raw_ops.Cumprod(
        x=x, axis=dyn[0] if dyn else axis, **a),
    "CumulativeLogsumexp": lambda tf, x, *dyn, axis, **a: tf.raw_ops.CumulativeLogsumexp(
        x=x, axis=dyn[0] if dyn else axis, **a),
    "LinSpace": lambda tf, lo, hi, num, axis=0: tf.linspace(lo, hi, num, axis=axis),
    # eagerflow's runs on a variable's value: TF's on a variable's handle
    "ResourceGather": lambda tf, params, indices: tf.raw_ops.ResourceGather(
        resource=tf.Variable(params).handle, indices=indices, dtype=tf.as_dtype(params.dtype)),
    # TF's raw op takes bad_color as a TensorProto (its Python wrapper fails on a tuple)
    "ImageSummary": lambda tf, tag, tensor, max_images, bad_color: tf.raw_ops.ImageSummary(
        tag=tag, tensor=tensor, max_images=max_images,
        bad_color=tf.make_tensor_proto(np.array(bad_color, np.uint8))),
    # TF's Python wrapper names the squeeze_dims attr `axis`
    "Squeeze": lambda tf, x, squeeze_dims: tf.raw_ops.Squeeze(input=x, axis=list(squeeze_dims)),
    # TF takes the shape as an input and the dtype from the parameters' type
    "StatelessParameterizedTruncatedNormal": lambda tf, seed, means, stddevs, minvals, maxvals,
        shape: tf.raw_ops.StatelessParameterizedTruncatedNormal(
            shape=list(shape), seed=seed, means=means, stddevs=stddevs, minvals=minvals,
            maxvals=maxvals),
    "ParameterizedTruncatedNormal": lambda tf, means, stdevs, minvals, maxvals, shape,
        seed, seed2: tf.raw_ops.ParameterizedTruncatedNormal(
            shape=list(shape), means=means, stdevs=stdevs, minvals=minvals, maxvals=maxvals,
            seed=seed, seed2=seed2),
    "NonMaxSuppressionV3": lambda tf, b, s, max_output_size, iou_threshold, score_threshold:
        tf.raw_ops.NonMaxSuppressionV3(boxes=b, scores=s, max_output_size=max_output_size,
                                       iou_threshold=np.float32(iou_threshold),
                                       score_threshold=np.float32(score_threshold)),
}


def _generic(tf: Any, name: str, inputs: list, attrs: dict) -> Any:
    import inspect

    from tensorflow.python.framework import op_def_registry

    od = op_def_registry.get(name)
    if od is None:
        raise KeyError(f"TensorFlow has no op {name}")
    fn = getattr(tf.raw_ops, name)
    py_names = list(inspect.signature(fn).parameters)  # raw_ops renames some inputs
    inferred = {f for a in od.input_arg for f in (a.type_attr, a.number_attr, a.type_list_attr)
                if f}
    tf_attrs = {a.name for a in od.attr} - inferred
    left = {k: v for k, v in attrs.items() if not (k == "explicit_paddings" and not v)}
    # TF's inputs, (python name, names it may have among our attrs, is a list)
    args = [(py, {a.name, py}, bool(a.number_attr or a.type_list_attr))
            for a, py in zip(od.input_arg, py_names)]
    kw = {}
    pool = list(inputs)
    for py, names, _ in args:  # inputs that eagerflow keeps as attrs
        for ours in list(left):
            if ours in names or names & set(ALIASES.get(ours, ())):
                v = left.pop(ours)
                kw[py] = list(v) if isinstance(v, tuple) else v
                break
    # an attr known only at run time (None) is eagerflow's trailing input, in TF's order
    runtime = [py for py, _, _ in args if py in kw and kw[py] is None]
    if runtime:
        for py, v in zip(runtime, pool[len(pool) - len(runtime):]):
            kw[py] = v
        pool = pool[:len(pool) - len(runtime)]
    positional = [a for a in args if a[0] not in kw]
    for i, (py, _, is_list) in enumerate(positional):
        if is_list:
            n = len(pool) - (len(positional) - i - 1)
            kw[py], pool = pool[:n], pool[n:]
        else:
            kw[py] = pool.pop(0)
    for ours, v in left.items():
        match = [n for n in (ours,) + ALIASES.get(ours, ()) if n in tf_attrs]
        if not match:
            raise KeyError(f"{name}: no TF attr for {ours}")
        kw[match[0]] = v
    return fn(**kw)


def call(tf: Any, name: str, inputs: list, attrs: dict) -> Any:
    """Runs op `name` in TensorFlow on tensors `inputs` with eagerflow's `attrs`."""
    attrs = {k: _dtype_in(tf, v) for k, v in attrs.items() if k not in EAGERFLOW_ONLY_ATTRS}
    if name in CHANNELS_FIRST and attrs.get("data_format") in ("NCHW", "NCDHW"):
        return _channels_last(tf, name, inputs, attrs)
    if name in CALLS:
        return CALLS[name](tf, *inputs, **attrs)
    return _generic(tf, name, inputs, attrs)
