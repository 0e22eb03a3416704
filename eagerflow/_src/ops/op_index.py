"""Which module registers each op that `import eagerflow` does not load.

Sits at the bottom of ops/, below registry.py, which reads it: the rarer op families
load on first use (see ops/__init__.py), and the registry imports the module named here
the first time one of its ops is looked up by name (graph import, SavedModel load,
`all_ops()` for the registry-wide tests). tests/ops/test_op_index.py checks this table
against what each module really registers, so it cannot drift: a new op in one of these
modules fails that test until it is listed here.
"""

# ops/ module -> the ops it registers (in ops/ order: a module's imports come first).
LAZY_OPS: dict[str, tuple[str, ...]] = {
    "select_v1": (
        "Select",
    ),
    "clip_value": (
        "ClipByValue",
    ),
    "resource_ops": (
        "AssignAddVariableOp", "AssignSubVariableOp", "AssignVariableOp", "DestroyResourceOp",
        "DisableCopyOnRead", "ResourceCountUpTo", "VarHandleOp", "VarIsInitializedOp",
        "VariableShape",
    ),
    "tfdbg": (
        "CheckNumericsV2", "DebugIdentityV2", "DebugNumericSummaryV2",
    ),
    "tfdbg_v1": (
        "DebugGradientIdentity", "DebugIdentity", "DebugIdentityV3", "DebugNanCount",
        "DebugNumericSummary",
    ),
    "sorting": (
        "NthElement", "TopKV2",
    ),
    "indexing_versions": (
        "Concat", "Gather", "ListDiff", "UniqueV2", "UniqueWithCountsV2",
    ),
    "raw_array_ops": (
        "ApproximateEqual", "Empty", "InplaceAdd", "InplaceSub", "InplaceUpdate",
        "PopulationCount",
    ),
    "histogram_ops": (
        "Bincount", "Bucketize", "DenseBincount", "HistogramFixedWidth",
    ),
    "linalg_spectral": (
        "SelfAdjointEigV2", "Svd",
    ),
    "linalg_banded": (
        "BandedTriangularSolve",
    ),
    "linalg_general": (
        "Eig", "Lu",
    ),
    "linalg_matfunc": (
        "MatrixExponential", "MatrixLogarithm", "MatrixSquareRoot",
    ),
    "linalg_diag_bands": (
        "Diag", "DiagPart", "MatrixDiag", "MatrixDiagPart", "MatrixDiagPartV2", "MatrixDiagV2",
        "MatrixSetDiag", "MatrixSetDiagV2",
    ),
    "linalg_solvers": (
        "CholeskyGrad", "MatrixSolveLs", "TridiagonalMatMul", "TridiagonalSolve",
    ),
    "random": (
        "Multinomial", "RandomShuffle", "RandomStandardNormal", "RandomUniform",
        "RandomUniformInt", "TruncatedNormal",
    ),
    "random_stateless": (
        "RandomIndexShuffle", "StatelessMultinomial", "StatelessRandomGetKeyCounter",
        "StatelessRandomNormalV2", "StatelessRandomUniformFullIntV2",
        "StatelessRandomUniformIntV2", "StatelessRandomUniformV2", "StatelessShuffle",
        "StatelessTruncatedNormalV2",
    ),
    "random_gamma": (
        "RandomGamma", "RandomGammaGrad", "RandomPoissonV2", "StatelessRandomGammaV3",
        "StatelessRandomPoisson",
    ),
    "random_binomial": (
        "StatefulRandomBinomial", "StatelessRandomBinomial",
    ),
    "random_generator": (
        "RngReadAndSkip", "RngSkip",
    ),
    "random_truncated": (
        "ParameterizedTruncatedNormal", "StatelessParameterizedTruncatedNormal",
    ),
    "random_stateless_v1": (
        "StatelessRandomGammaV2", "StatelessRandomGetAlg", "StatelessRandomGetKeyCounterAlg",
        "StatelessRandomNormal", "StatelessRandomUniform", "StatelessRandomUniformFullInt",
        "StatelessRandomUniformInt", "StatelessTruncatedNormal",
    ),
    "random_stateful": (
        "NonDeterministicInts", "StatefulStandardNormalV2", "StatefulTruncatedNormal",
        "StatefulUniform", "StatefulUniformFullInt", "StatefulUniformInt",
    ),
    "sobol": (
        "SobolSample",
    ),
    "special_functions": (
        "BesselJ0", "BesselJ1", "BesselK0", "BesselK0e", "BesselK1", "BesselK1e", "BesselY0",
        "BesselY1", "Dawsn", "Expint", "FresnelCos", "FresnelSin", "Spence",
    ),
    "special_incomplete": (
        "Betainc", "Igamma", "IgammaGradA", "Igammac",
    ),
    "nn_extras": (
        "ApproxTopK", "DataFormatDimMap", "DataFormatVecPermute", "IsotonicRegression",
    ),
    "nn_conv_nd": (
        "Conv", "Conv2DBackpropFilterV2", "Conv2DBackpropInputV2",
    ),
    "nn_pool_v2": (
        "MaxPoolGradGradV2", "MaxPoolGradV2", "MaxPoolV2",
    ),
    "nn_morphology": (
        "Dilation2D", "Dilation2DBackpropFilter", "Dilation2DBackpropInput",
        "Dilation2DWinnerGather",
    ),
    "nn_fractional": (
        "FractionalAvgPool", "FractionalAvgPoolGrad", "FractionalMaxPool",
        "FractionalMaxPoolGrad",
    ),
    "rnn_blocks": (
        "BlockLSTM", "BlockLSTMGrad", "BlockLSTMGradV2", "BlockLSTMV2", "GRUBlockCell",
        "GRUBlockCellGrad", "LSTMBlockCell", "LSTMBlockCellGrad",
    ),
    "quantization": (
        "Dequantize", "FakeQuantWithMinMaxArgs", "FakeQuantWithMinMaxArgsGradient",
        "FakeQuantWithMinMaxVars", "FakeQuantWithMinMaxVarsGradient",
        "FakeQuantWithMinMaxVarsPerChannel", "FakeQuantWithMinMaxVarsPerChannelGradient",
        "QuantizeV2", "QuantizedConcat",
    ),
    "quantize_dequantize": (
        "QuantizeAndDequantizeV2", "QuantizeAndDequantizeV3", "QuantizeAndDequantizeV4",
        "QuantizeAndDequantizeV4Grad",
    ),
    "quantized_ops": (
        "QuantizeDownAndShrinkRange", "QuantizedAdd", "QuantizedBiasAdd", "QuantizedMul",
        "QuantizedRelu", "QuantizedRelu6", "QuantizedReshape", "RequantizationRange",
        "Requantize",
    ),
    "quantized_nn_ops": (
        "QuantizedAvgPool", "QuantizedConv2D", "QuantizedMatMul", "QuantizedMaxPool",
    ),
    "quantized_resize_norm_ops": (
        "QuantizedBatchNormWithGlobalNormalization", "QuantizedInstanceNorm",
        "QuantizedResizeBilinear",
    ),
    "quantized_per_channel_ops": (
        "RequantizationRangePerChannel", "RequantizePerChannel",
    ),
    "nn_ctc_dense": (
        "_CTCLossDense",
    ),
    "nn_ctc": (
        "CTCGreedyDecoder", "CTCLoss",
    ),
    "hash_ops": (
        "Fingerprint", "StringToHashBucket", "StringToHashBucketFast",
        "StringToHashBucketStrong",
    ),
    "record_input": (
        "RecordInput",
    ),
    "sparse_ops": (
        "RaggedFillEmptyRows", "RaggedFillEmptyRowsGrad", "SparseToDense",
    ),
    "sparse_shape_ops": (
        "SparseReorder", "SparseReshape", "SparseSlice", "SparseSliceGrad",
    ),
    "sparse_join_ops": (
        "SparseConcat", "SparseFillEmptyRows", "SparseFillEmptyRowsGrad", "SparseSplit",
    ),
    "candidate_sampling": (
        "AllCandidateSampler", "ComputeAccidentalHits", "LogUniformCandidateSampler",
        "UniformCandidateSampler",
    ),
    "candidate_unigram": (
        "FixedUnigramCandidateSampler", "LearnedUnigramCandidateSampler",
        "ThreadUnsafeUnigramCandidateSampler",
    ),
    "sets": (
        "DenseToDenseSetOperation", "DenseToSparseSetOperation", "SetSize",
        "SparseToSparseSetOperation",
    ),
    "audio_ops": (
        "DecodeWav", "EncodeWav", "AudioSpectrogram", "Mfcc",
    ),
    "image_pixels": (
        "AdjustContrastv2",
    ),
    "image_color": (
        "AdjustHue", "AdjustSaturation", "HSVToRGB",
    ),
    "image_boxes": (
        "DrawBoundingBoxes", "DrawBoundingBoxesV2", "ExtractGlimpse", "ExtractGlimpseV2",
    ),
    "image_sampling": (
        "SampleDistortedBoundingBox", "SampleDistortedBoundingBoxV2",
        "StatelessSampleDistortedBoundingBox",
    ),
    "image_crops": (
        "CropAndResize", "CropAndResizeGradBoxes", "CropAndResizeGradImage",
    ),
    "image_patches": (
        "ExtractImagePatches", "ExtractVolumePatches",
    ),
    "image_nms": (
        "CombinedNonMaxSuppression", "NonMaxSuppression",
        "NonMaxSuppressionV2", "NonMaxSuppressionV4", "NonMaxSuppressionV5",
        "NonMaxSuppressionWithOverlaps",
    ),
    "nms_padded": (
        "TiledBoxSuppression",
    ),
    "box_proposals": (
        "GenerateBoundingBoxProposals",
    ),
    "image_codecs": (
        "DecodeBmp", "DecodeGif", "DecodeImage", "DecodeJpeg", "DecodeJxl", "DecodePng",
        "DecodeWebP",
    ),
    "image_encoders": (
        "DecodeAndCropJpeg", "EncodeJpeg", "EncodeJpegVariableQuality", "EncodePng",
        "ExtractJpegShape",
    ),
    "serialization": (
        "DecodeBase64", "DecodeCompressed", "DecodeJSONExample", "EncodeBase64",
        "ParseTensor", "SerializeTensor",
    ),
    "proto_ops": (
        "DecodeProtoV2", "EncodeProto",
    ),
    "sparse_segment_ops": (
        "SparseSegmentMean", "SparseSegmentMeanGrad", "SparseSegmentMeanGradV2",
        "SparseSegmentMeanWithNumSegments", "SparseSegmentSqrtN", "SparseSegmentSqrtNGrad",
        "SparseSegmentSqrtNGradV2", "SparseSegmentSqrtNWithNumSegments", "SparseSegmentSum",
        "SparseSegmentSumGrad", "SparseSegmentSumGradV2", "SparseSegmentSumWithNumSegments",
    ),
    "sparse_serialization": (
        "DeserializeManySparse", "SerializeManySparse", "SerializeSparse",
    ),
    "csv_ops": (
        "DecodeCSV",
    ),
    "sparse_count_ops": (
        "DenseCountSparseOutput", "DeserializeSparse", "RaggedCountSparseOutput",
        "SparseCountSparseOutput",
        "SparseBincount", "SparseTensorDenseMatMul",
    ),
    "checkpoint_ops": (
        "MergeV2Checkpoints", "RestoreV2", "SaveV2", "ShardedFilename", "ShardedFilespec",
        "Save", "SaveSlices", "Restore", "RestoreSlice",
    ),
    "edit_distance": (
        "EditDistance",
    ),
    "clustering_ops": (
        "KMC2ChainInitialization", "KmeansPlusPlusInitialization", "NearestNeighbors",
    ),
    "uniform_quant": (
        "UniformDequantize", "UniformQuantize", "UniformQuantizedClipByValue",
        "UniformQuantizedAdd", "UniformRequantize",
    ),
    "uniform_quant_dot": (
        "UniformQuantizedDot", "UniformQuantizedDotHybrid",
    ),
    "uniform_quant_conv": (
        "UniformQuantizedConvolution", "UniformQuantizedConvolutionHybrid",
    ),
    "print_v1": (
        "Print",
    ),
    "runtime_ops": (
        "BatchFunction", "CheckPinned", "Fact", "GuaranteeConst", "ParallelConcat", "Timestamp",
    ),
    "tensor_list_ops": (
        "EmptyTensorList", "TensorListConcat", "TensorListConcatLists", "TensorListConcatV2",
        "TensorListElementShape", "TensorListFromTensor", "TensorListGather",
        "TensorListGetItem", "TensorListLength", "TensorListPopBack", "TensorListPushBack",
        "TensorListPushBackBatch", "TensorListReserve", "TensorListResize",
        "TensorListScatter", "TensorListScatterIntoExistingList", "TensorListScatterV2",
        "TensorListSetItem", "TensorListSplit", "TensorListStack",
    ),
    "training_ops": (
        "ResourceApplyAdaMax", "ResourceApplyAdadelta", "ResourceApplyAdagrad",
        "ResourceApplyAdagradDA",
        "ResourceApplyAdagradV2", "ResourceApplyAdam", "ResourceApplyAdamWithAmsgrad",
        "ResourceApplyAddSign", "ResourceApplyCenteredRMSProp", "ResourceApplyFtrl",
        "ResourceApplyFtrlV2", "ResourceApplyGradientDescent", "ResourceApplyKerasMomentum",
        "ResourceApplyMomentum", "ResourceApplyPowerSign", "ResourceApplyProximalAdagrad",
        "ResourceApplyProximalGradientDescent", "ResourceApplyRMSProp",
    ),
    "sparse_training_ops": (
        "ResourceSparseApplyAdadelta", "ResourceSparseApplyAdagrad",
        "ResourceSparseApplyAdagradDA",
        "ResourceSparseApplyAdagradV2", "ResourceSparseApplyCenteredRMSProp",
        "ResourceSparseApplyFtrl", "ResourceSparseApplyFtrlV2",
        "ResourceSparseApplyKerasMomentum", "ResourceSparseApplyMomentum",
        "ResourceSparseApplyProximalAdagrad", "ResourceSparseApplyProximalGradientDescent",
        "ResourceSparseApplyRMSProp",
    ),
    "ragged_ops": (
        "RaggedGather", "RaggedRange", "RaggedTensorToSparse", "RaggedTensorToTensor",
    ),
    "ragged_strings": (
        "StringSplitV2", "UnicodeDecode", "UnicodeDecodeWithOffsets",
        "UnicodeEncode", "UnicodeTranscode",
    ),
    "ragged_ngrams": (
        "StringNGrams",
    ),
    "table_handles": (
        "AnonymousHashTable", "AnonymousMutableDenseHashTable", "AnonymousMutableHashTable",
        "AnonymousMutableHashTableOfTensors", "HashTableV2", "InitializeTableV2",
        "MutableDenseHashTableV2",
        "MutableHashTableOfTensorsV2", "MutableHashTableV2",
    ),
    "ragged_count_ops": (
        "RaggedBincount",
    ),
    "lookup_ops": (
        "InitializeTableFromTextFileV2", "LookupTableExportV2", "LookupTableFindV2",
        "LookupTableImportV2", "LookupTableInsertV2", "LookupTableRemoveV2",
        "LookupTableSizeV2",
    ),
    "queue_handles": (
        "FIFOQueueV2", "PaddingFIFOQueueV2", "PriorityQueueV2", "RandomShuffleQueueV2",
    ),
    "queue_ops": (
        "QueueCloseV2", "QueueDequeueManyV2", "QueueDequeueUpToV2", "QueueDequeueV2",
        "QueueEnqueueManyV2", "QueueEnqueueV2", "QueueIsClosedV2", "QueueSizeV2",
    ),
    "tensor_array_v1": (
        "StackCloseV2", "StackPopV2", "StackPushV2", "StackV2", "TensorArrayCloseV3",
        "TensorArrayConcatV3", "TensorArrayGatherV3", "TensorArrayGradV3",
        "TensorArrayGradWithShape", "TensorArrayReadV3", "TensorArrayScatterV3",
        "TensorArraySizeV3", "TensorArraySplitV3", "TensorArrayV3", "TensorArrayWriteV3",
    ),
    "tensor_array_older": (
        "TensorArrayCloseV2", "TensorArrayConcatV2", "TensorArrayGatherV2", "TensorArrayGradV2",
        "TensorArrayReadV2", "TensorArrayScatterV2", "TensorArraySizeV2", "TensorArraySplitV2",
        "TensorArrayV2", "TensorArrayWriteV2",
    ),
    "reader_ops": (
        "FixedLengthRecordReaderV2", "IdentityReaderV2", "LMDBReader", "ReaderNumRecordsProducedV2",
        "ReaderNumWorkUnitsCompletedV2", "ReaderReadUpToV2", "ReaderReadV2", "ReaderResetV2",
        "ReaderRestoreStateV2", "ReaderSerializeStateV2", "TFRecordReaderV2", "TextLineReaderV2",
        "WholeFileReaderV2",
    ),
    "mutex_ops": (
        "ConsumeMutexLock", "MutexLock", "MutexV2",
    ),
    "accumulator_ops": (
        "ResourceAccumulatorApplyGradient", "ResourceAccumulatorNumAccumulated",
        "ResourceAccumulatorSetGlobalStep", "ResourceAccumulatorTakeGradient",
        "ResourceConditionalAccumulator",
    ),
    "sparse_accumulator": (
        "SparseAccumulatorApplyGradient", "SparseAccumulatorTakeGradient",
        "SparseConditionalAccumulator",
    ),
    "staging_ops": (
        "MapClear", "MapIncompleteSize", "MapPeek", "MapSize", "MapStage", "MapUnstage",
        "MapUnstageNoKey", "OrderedMapClear", "OrderedMapIncompleteSize", "OrderedMapPeek",
        "OrderedMapSize", "OrderedMapStage", "OrderedMapUnstage", "OrderedMapUnstageNoKey",
        "Stage", "StageClear", "StagePeek", "StageSize", "Unstage",
    ),
    "barrier_ops": (
        "Barrier", "BarrierClose", "BarrierIncompleteSize", "BarrierInsertMany",
        "BarrierReadySize", "BarrierTakeMany",
    ),
    "batch_ops": (
        "Batch", "Unbatch", "UnbatchGrad",
    ),
    "sparse_tensors_map": (
        "AddManySparseToTensorsMap", "AddSparseToTensorsMap", "TakeManySparseFromTensorsMap",
    ),
    "session_handles": (
        "DeleteSessionTensor", "GetSessionHandle", "GetSessionHandleV2", "GetSessionTensor",
    ),
    "sparse_binary_ops": (
        "SparseAdd", "SparseAddGrad", "SparseSparseMaximum", "SparseSparseMinimum",
        "SparseTensorDenseAdd",
    ),
    "sparse_reduce_ops": (
        "SparseDenseCwiseAdd", "SparseDenseCwiseDiv", "SparseDenseCwiseMul", "SparseReduceMax",
        "SparseReduceMaxSparse", "SparseReduceSum", "SparseReduceSumSparse",
    ),
    "sparse_softmax": (
        "SparseSoftmax",
    ),
    "crosses": (
        "RaggedCross", "SparseCrossHashed", "SparseCrossV2",
    ),
    "string_split_v1": (
        "StringSplit",
    ),
    "parsing_v1": (
        "ParseExample", "ParseSingleExample",
    ),
    "parsing_sequence_v1": (
        "ParseSequenceExample", "ParseSingleSequenceExample",
    ),
    "parsing_sequence_v2": (
        "ParseSequenceExampleV2",
    ),
    "csr_matrix_ops": (
        "CSRSparseMatrixComponents", "CSRSparseMatrixToDense", "CSRSparseMatrixToSparseTensor",
        "DenseToCSRSparseMatrix", "SparseMatrixMatMul", "SparseMatrixNNZ",
        "SparseMatrixSparseCholesky", "SparseMatrixSparseMatMul", "SparseMatrixTranspose",
        "SparseTensorToCSRSparseMatrix",
    ),
    "csr_gpu_ops": (
        "SparseMatrixAdd", "SparseMatrixMul", "SparseMatrixSoftmax", "SparseMatrixSoftmaxGrad",
        "SparseMatrixZeros",
    ),
    "csr_ordering_ops": (
        "SparseMatrixOrderingAMD",
    ),
    "boosted_trees_ops": (
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
        "IsBoostedTreesQuantileStreamResourceInitialized",
    ),
    "unavailable_ops": (
        "AccumulateNV2", "AdjustContrast", "AllToAll", "BatchCholesky", "BatchCholeskyGrad",
        "BatchFFT",
        "BatchFFT2D", "BatchFFT3D", "BatchIFFT", "BatchIFFT2D", "BatchIFFT3D",
        "BatchMatrixBandPart", "BatchMatrixDeterminant", "BatchMatrixDiag",
        "BatchMatrixDiagPart", "BatchMatrixInverse", "BatchMatrixSetDiag", "BatchMatrixSolve",
        "BatchMatrixSolveLs", "BatchMatrixTriangularSolve", "BatchNormWithGlobalNormalization",
        "BatchNormWithGlobalNormalizationGrad", "BatchSelfAdjointEig", "BatchSelfAdjointEigV2",
        "BatchSvd", "CTCLossV2", "CollectivePermute", "Conv3DBackpropFilter",
        "Conv3DBackpropInput", "CrossReplicaSum",
        "CudnnRNN", "CudnnRNNBackprop", "CudnnRNNBackpropV2", "CudnnRNNBackpropV3",
        "CudnnRNNCanonicalToParams", "CudnnRNNCanonicalToParamsV2", "CudnnRNNParamsSize",
        "CudnnRNNParamsToCanonical", "CudnnRNNParamsToCanonicalV2", "CudnnRNNV2", "CudnnRNNV3",
        "FilterByLastComponentDataset", "GlobalIterId", "NcclAllReduce", "NcclBroadcast",
        "NcclReduce",
        "PlaceholderV2", "QuantizeAndDequantize", "QuantizedReluX", "RandomCrop",
        "RandomPoisson",
        "SegmentMaxV2", "SegmentMinV2", "SegmentProdV2", "SegmentSumV2", "SelfAdjointEig",
        "StatefulStandardNormal", "TileGrad", "TopK", "WorkerHeartbeat",
    ),
    "nn_fused_pad_conv": (
        "FusedPadConv2D", "FusedResizeAndPadConv2D",
    ),
    "checkpoint_remap": (
        "GenerateVocabRemapping", "LoadAndRemapMatrix",
    ),
    "ragged_variant_ops": (
        "CompositeTensorVariantFromComponents", "CompositeTensorVariantToComponents",
        "RaggedTensorFromVariant", "RaggedTensorToVariant", "RaggedTensorToVariantGradient",
    ),
    "graph_only_ops": (
        "Const", "Enter", "Exit", "LoopCond", "Merge", "NextIteration", "Placeholder",
        "Switch",
    ),
    "rendezvous_ops": (
        "FileSystemSetConfiguration", "ImmutableConst", "Recv", "Send",
    ),
    "scatter_nonaliasing": (
        "ScatterNdNonAliasingAdd",
    ),
}
