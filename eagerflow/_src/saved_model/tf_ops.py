"""TensorFlow's op interfaces: argument names, type attributes, attribute defaults.

Sits at the bottom of saved_model/, over protos.py. A FunctionDef names a node's inputs by
its producer's output argument ("MatMul:product:0", "split:output:1") and a SavedModel
written by TensorFlow leaves out every attribute equal to its default, so both exporting
and importing graphs need each op's TF interface. `tf_op_signatures.json` holds it for the
ops eagerflow's registry defines and the TF ops listed in EXTRA_OPS (written by
tests/saved_model/make_tf_op_signatures.py from TF 2.21, documentation left out).
"""

from __future__ import annotations

import functools
from typing import Any

from eagerflow._src.core import dtypes as dt
from eagerflow._src.ops.tf_op_defs import signatures
from eagerflow._src.saved_model.protos import pb

# TF's ops taking or giving a reference (TF 1's mutable tensors: VariableV2, Assign, the
# Apply* training ops, the old queues, readers, tables and TensorArrays): tf.raw_ops has
# each, which refuses to run eagerly (saved_model/raw_ops.py), and an imported TF 1 graph's
# variables are updated by some (saved_model/ref_import.py)
REF_OPS = (
    "AccumulatorApplyGradient", "AccumulatorNumAccumulated", "AccumulatorSetGlobalStep",
    "AccumulatorTakeGradient", "ApplyAdaMax", "ApplyAdadelta", "ApplyAdagrad", "ApplyAdagradDA",
    "ApplyAdagradV2", "ApplyAdam", "ApplyAddSign", "ApplyCenteredRMSProp", "ApplyFtrl",
    "ApplyFtrlV2", "ApplyGradientDescent", "ApplyMomentum", "ApplyPowerSign",
    "ApplyProximalAdagrad", "ApplyProximalGradientDescent", "ApplyRMSProp", "Assign",
    "AssignAdd", "AssignSub", "Barrier", "BarrierClose", "BarrierIncompleteSize",
    "BarrierInsertMany", "BarrierReadySize", "BarrierTakeMany", "ConditionalAccumulator",
    "CountUpTo", "DebugGradientRefIdentity", "DestroyTemporaryVariable", "FIFOQueue",
    "FakeQueue", "FixedLengthRecordReader", "HashTable", "IdentityReader", "InitializeTable",
    "InitializeTableFromTextFile", "IsVariableInitialized", "LMDBReader", "LookupTableExport",
    "LookupTableFind", "LookupTableImport", "LookupTableInsert", "LookupTableSize",
    "MutableDenseHashTable", "MutableHashTable", "MutableHashTableOfTensors",
    "PaddingFIFOQueue", "PriorityQueue", "QueueClose", "QueueDequeue", "QueueDequeueMany",
    "QueueDequeueUpTo", "QueueEnqueue", "QueueEnqueueMany", "QueueIsClosed", "QueueSize",
    "RandomShuffleQueue", "ReaderNumRecordsProduced", "ReaderNumWorkUnitsCompleted",
    "ReaderRead", "ReaderReadUpTo", "ReaderReset", "ReaderRestoreState", "ReaderSerializeState",
    "RefEnter", "RefExit", "RefIdentity", "RefMerge", "RefNextIteration", "RefSelect",
    "RefSwitch", "ScatterAdd", "ScatterDiv", "ScatterMax", "ScatterMin", "ScatterMul",
    "ScatterNdAdd", "ScatterNdMax", "ScatterNdMin", "ScatterNdSub", "ScatterNdUpdate",
    "ScatterSub", "ScatterUpdate", "SdcaShrinkL1", "SparseAccumulatorApplyGradient",
    "SparseAccumulatorTakeGradient", "SparseApplyAdadelta", "SparseApplyAdagrad",
    "SparseApplyAdagradDA", "SparseApplyAdagradV2", "SparseApplyCenteredRMSProp",
    "SparseApplyFtrl", "SparseApplyFtrlV2", "SparseApplyMomentum", "SparseApplyProximalAdagrad",
    "SparseApplyProximalGradientDescent", "SparseApplyRMSProp", "SparseConditionalAccumulator",
    "Stack", "StackClose", "StackPop", "StackPush", "StridedSliceAssign", "TFRecordReader",
    "TemporaryVariable", "TensorArray", "TensorArrayClose", "TensorArrayConcat",
    "TensorArrayGather", "TensorArrayGrad", "TensorArrayPack", "TensorArrayRead",
    "TensorArrayScatter", "TensorArraySize", "TensorArraySplit", "TensorArrayUnpack",
    "TensorArrayWrite", "TextLineReader", "Variable", "VariableV2", "WholeFileReader",
)

# TF ops that the SavedModel code emits or composes from eagerflow's ops, beyond the
# registry's own names (those are included automatically).
EXTRA_OPS = (
    # graph structure and variables
    "Placeholder", "Const", "PartitionedCall", "StatefulPartitionedCall",
    "If", "StatelessIf", "Case", "StatelessCase", "While", "StatelessWhile", "ReadVariableOp",
    "AssignVariableOp", "AssignAddVariableOp", "AssignSubVariableOp", "VarHandleOp",
    "ResourceGather",
    "EnsureShape", "DisableCopyOnRead",
    "ResourceStridedSliceAssign",
    # functional ops tf.raw_ops runs (raw_functional.py), imported too
    "For", "RemoteCall", "SymbolicGradient",
    # the Python function calls tf.raw_ops runs by token (raw_functional.py)
    "PyFunc", "PyFuncStateless", "EagerPyFunc",
    # composed from registered ops on import
    "Squeeze", "Pad", "Split", "BatchMatMul",
    "BatchMatMulV2", "BatchMatMulV3", "DivNoNan",
    "MulNoNan", "Div", "Add", "Concat", "ZerosLike", "Relu6",
    "SoftplusGrad", "SoftsignGrad",
    "EluGrad", "SeluGrad", "TensorListReserve", "TensorListFromTensor", "TensorListSetItem",
    "TensorListGetItem", "TensorListStack", "TensorListLength", "TensorListElementShape",
    "TensorListGather", "TensorListScatterIntoExistingList", "TensorListConcatV2",
    "TensorListResize",
    "StatelessRandomGetKeyCounter", "StatelessRandomUniformV2", "StatelessRandomNormalV2",
    "Softplus", "Softsign", "AddV2", "Mod", "StringFormat", "SparseCross",
    "DenseBincount", "TensorListPushBack", "TensorListPopBack", "EmptyTensorList",
    "OptionalFromValue", "OptionalNone", "OptionalHasValue", "OptionalGetValue",
    "RFFT", "IRFFT", "RFFT2D", "IRFFT2D", "RFFT3D", "IRFFT3D", "FFTND", "IFFTND", "RFFTND",
    "IRFFTND",
    "RGBToHSV", "Real", "Angle", "ImageProjectiveTransformV2",
    "ImageProjectiveTransformV3",
    # queues' creators (an attr they refuse shows their definitions in the eager error)
    "FIFOQueueV2", "PaddingFIFOQueueV2", "PriorityQueueV2", "RandomShuffleQueueV2",
    # TF 1's queue and reader ops on reference handles (tf_composites.V1_REF_OPS)
    "FIFOQueue", "PaddingFIFOQueue", "PriorityQueue", "RandomShuffleQueue", "FakeQueue",
    "QueueEnqueue", "QueueEnqueueMany", "QueueDequeue", "QueueDequeueMany",
    "QueueDequeueUpTo", "QueueClose", "QueueSize", "QueueIsClosed", "TFRecordReader",
    "TextLineReader", "WholeFileReader", "FixedLengthRecordReader", "IdentityReader",
    "LMDBReader", "ReaderRead", "ReaderReadUpTo", "ReaderNumRecordsProduced",
    "ReaderNumWorkUnitsCompleted", "ReaderReset", "ReaderSerializeState",
    "ReaderRestoreState",
    "ConditionalAccumulator", "AccumulatorApplyGradient", "AccumulatorNumAccumulated",
    "AccumulatorSetGlobalStep", "AccumulatorTakeGradient", "SparseConditionalAccumulator",
    "SparseAccumulatorApplyGradient", "SparseAccumulatorTakeGradient",
    # lookup tables' creators (read on import)
    "HashTableV2", "MutableHashTableV2", "MutableHashTableOfTensorsV2",
    "MutableDenseHashTableV2",
    # TF 1 graphs (meta graphs, TF 1 SavedModels): variables, the Saver's ops, the
    # optimizers' training ops
    "VarIsInitializedOp", "ResourceApplyGradientDescent",
    "ResourceApplyMomentum", "ResourceApplyKerasMomentum", "ResourceApplyAdam",
    "ResourceApplyAdagrad", "ResourceApplyAdagradV2", "ResourceApplyRMSProp",
    "ResourceApplyCenteredRMSProp", "ResourceApplyAdadelta", "ResourceApplyFtrl",
    "ResourceApplyFtrlV2", "ResourceApplyProximalGradientDescent",
    "ResourceApplyProximalAdagrad", "VariableV2", "Assign", "IsVariableInitialized",
    # ops eagerflow runs as Python code, whose attr errors show TF's definition of them
    # (ops/tf_op_defs.py)
    "IRFFT", "IRFFTND", "CSVDatasetV2",
    # TF 1's summary ops (summary/v1_ops.py: loaded with tf.compat.v1.summary)
    "ScalarSummary", "HistogramSummary", "TensorSummaryV2", "MergeSummary", "ImageSummary",
    "AudioSummaryV2", "TensorSummary", "AudioSummary",
    # TF 2's summary-writer ops (summary/writer_ops.py: loaded with tf.summary)
    "SummaryWriter", "CreateSummaryFileWriter", "CreateSummaryDbWriter", "FlushSummaryWriter",
    "CloseSummaryWriter", "WriteSummary", "WriteScalarSummary", "WriteHistogramSummary",
    "WriteImageSummary", "WriteAudioSummary", "WriteRawProtoSummary", "WriteGraphSummary",
    "ImportEvent",
) + REF_OPS

def has_op(name: str) -> bool:
    return name in signatures()


@functools.cache
def op_def(name: str) -> Any:
    """TF's OpDef proto of op `name` (KeyError when eagerflow doesn't know it)."""
    from google.protobuf import json_format

    proto = pb().OpDef()
    json_format.ParseDict(dict(signatures()[name], name=name), proto)
    return proto


def arg_length(arg: Any, attrs: dict) -> int:
    """How many tensors argument `arg` stands for, given the node's attrs (AttrValues)."""
    if arg.number_attr:
        return attrs[arg.number_attr].i
    if arg.type_list_attr:
        return len(attrs[arg.type_list_attr].list.type)
    return 1


def output_index(name: str, attrs: dict) -> dict:
    """{(output argument, index within it): flat output position} of an op node."""
    out, k = {}, 0
    for arg in op_def(name).output_arg:
        for i in range(arg_length(arg, attrs)):
            out[(arg.name, i)] = k
            k += 1
    return out


def output_names(name: str, attrs: dict) -> list:
    """"arg:i" for each flat output position of an op node."""
    return [f"{a}:{i}" for (a, i), _ in sorted(output_index(name, attrs).items(),
                                              key=lambda kv: kv[1])]


def with_defaults(name: str, attrs: Any) -> dict:
    """The node's attrs (name -> AttrValue) with TF's defaults filled in for absent ones."""
    out = dict(attrs)
    for a in op_def(name).attr:
        if a.name not in out and a.HasField("default_value"):
            out[a.name] = a.default_value
    return out


def dtype_of(enum: int) -> dt.DType:
    return dt.as_dtype(enum)
