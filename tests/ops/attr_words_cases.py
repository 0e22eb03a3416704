"""Raw ops given an int attr below its OpDef's minimum, a list attr shorter than its minimum
or a string attr outside its allowed values, called eagerly and inside a tf.function
(attrwords43, text43c): TF refuses each eagerly with the attr check's InvalidArgumentError
and, while tracing, with its op-def library's ValueError. `outcomes(tf)` runs them with TF
or eagerflow; record_attr_words_golden.py records TF's, test_attr_words.py compares."""

from typing import Any

S = "tf.constant(['a', 'b'])"
X = "tf.constant([1., 2., 3., 4.])"
I64 = "tf.constant([[0]], tf.int64)"
IMG = "tf.ones([1, 2, 2, 1])"

CASES = {
    # int attrs below their minimum (checks.attr_at_least)
    "hash_fast": f"tf.raw_ops.StringToHashBucketFast(input={S}, num_buckets=0)",
    "hash_strong": f"tf.raw_ops.StringToHashBucketStrong(input={S}, num_buckets=-3, "
                   "key=[1, 2])",
    "split": f"tf.raw_ops.Split(axis=0, value={X}, num_split=0)",
    "sparse_split": f"tf.raw_ops.SparseSplit(split_dim=0, indices={I64}, values={X}[:1], "
                    "shape=tf.constant([4], tf.int64), num_split=0)",
    "approx_topk": f"tf.raw_ops.ApproxTopK(input=tf.reshape({X}, [2, 2]), k=-1)",
    "dense_count": "tf.raw_ops.DenseCountSparseOutput(values=tf.constant([1, 2]), "
                   "weights=tf.constant([], tf.float32), binary_output=False, minlength=-2)",
    "uniform_sampler": f"tf.raw_ops.UniformCandidateSampler(true_classes={I64}, num_true=0, "
                       "num_sampled=1, unique=True, range_max=5)",
    "fixed_unigram": f"tf.raw_ops.FixedUnigramCandidateSampler(true_classes={I64}, "
                     "num_true=1, num_sampled=1, unique=True, range_max=2, "
                     "unigrams=[1.0, 1.0], num_shards=0)",
    "ragged_from_variant": "tf.raw_ops.RaggedTensorFromVariant(encoded_ragged="
                           "tf.raw_ops.RaggedTensorToVariant(rt_nested_splits=[tf.constant("
                           f"[0, 1, 2], tf.int64)], rt_dense_values={X}[:2], "
                           "batched_input=False), input_ragged_rank=-2, "
                           "output_ragged_rank=1, Tvalues=tf.float32)",
    "vocab_remap": "tf.raw_ops.GenerateVocabRemapping(new_vocab_file='a', "
                   "old_vocab_file='b', new_vocab_offset=-1, num_new_vocab=1)",
    "depth_to_space": "tf.raw_ops.DepthToSpace(input=tf.ones([1, 1, 1, 4]), block_size=1)",
    "ctc_beam": "tf.raw_ops.CTCBeamSearchDecoder(inputs=tf.ones([1, 1, 2]), "
                "sequence_length=tf.constant([1]), beam_width=0, top_paths=1)",
    "write_image": "tf.raw_ops.WriteImageSummary(writer=tf.raw_ops.SummaryWriter(), "
                   "step=tf.constant(1, tf.int64), tag='t', tensor=tf.ones([1, 2, 2, 3]), "
                   "bad_color=tf.constant([255, 0, 0, 255], tf.uint8), max_images=0)",
    "boosted_split": "tf.raw_ops.BoostedTreesCalculateBestFeatureSplit(node_id_range="
                     "tf.constant([0, 1]), stats_summary=tf.ones([1, 1, 1, 2]), l1=0.0, "
                     "l2=0.0, tree_complexity=0.0, min_node_weight=0.0, logits_dimension=0)",
    # counts of list inputs below their minimum (the list argument named while tracing)
    "shape_n": "tf.raw_ops.ShapeN(input=[])",
    "concat": f"tf.raw_ops.Concat(concat_dim=0, values=[{X}])",
    "sparse_concat": f"tf.raw_ops.SparseConcat(indices=[{I64}], values=[{X}[:1]], "
                     "shapes=[tf.constant([4], tf.int64)], concat_dim=0)",
    "quantized_concat": "tf.raw_ops.QuantizedConcat(concat_dim=0, values=[tf.ones([1], "
                        "tf.quint8)], input_mins=[0.0], input_maxes=[1.0])",
    "split_v": f"tf.raw_ops.SplitV(value={X}, size_splits=tf.constant([4]), axis=0, "
               "num_split=0)",
    "stage_capacity": f"tf.raw_ops.Stage(values=[{X}], capacity=-1)",
    "merge": "tf.raw_ops.Merge(inputs=[])",
    "parallel_concat": "tf.raw_ops.ParallelConcat(values=[], shape=[1])",
    "zip_dataset": "tf.raw_ops.ZipDataset(input_datasets=[], output_types=[tf.int64], "
                   "output_shapes=[[]])",
    # list attrs shorter than their minimum (checks.list_attr_at_least)
    "fifo_queue": "tf.raw_ops.FIFOQueueV2(component_types=[])",
    "padding_queue": "tf.raw_ops.PaddingFIFOQueueV2(component_types=[])",
    "range_dataset": "tf.raw_ops.RangeDataset(start=0, stop=1, step=1, output_types=[], "
                     "output_shapes=[])",
    "tensor_dataset": "tf.raw_ops.TensorDataset(components=[], output_shapes=[])",
    "optional_get": "tf.raw_ops.OptionalGetValue(optional=tf.raw_ops.OptionalNone(), "
                    "output_types=[], output_shapes=[])",
    "stage": "tf.raw_ops.Stage(values=[])",
    "unstage": "tf.raw_ops.Unstage(dtypes=[])",
    "batch": "tf.raw_ops.Batch(in_tensors=[], num_batch_threads=1, max_batch_size=2, "
             "batch_timeout_micros=1, grad_timeout_micros=1)",
    "identity_n": "tf.raw_ops.IdentityN(input=[])",
    "decode_csv": f"tf.raw_ops.DecodeCSV(records={S}, record_defaults=[])",
    "dilation_strides": f"tf.raw_ops.Dilation2D(input={IMG}, filter=tf.ones([1, 1, 1]), "
                        "strides=[1, 1, 1], rates=[1, 1, 1, 1], padding='SAME')",
    # string attrs outside their allowed values (checks.string_attr_in and its users)
    "unicode_encode": "tf.raw_ops.UnicodeEncode(input_values=tf.constant([65]), "
                      "input_splits=tf.constant([0, 1], tf.int64), output_encoding='UTF-9')",
    "unicode_errors": "tf.raw_ops.UnicodeEncode(input_values=tf.constant([65]), "
                      "input_splits=tf.constant([0, 1], tf.int64), output_encoding='UTF-8', "
                      "errors='bad')",
    "unicode_transcode": f"tf.raw_ops.UnicodeTranscode(input={S}, input_encoding='UTF-8', "
                         "output_encoding='UTF-9')",
    "collective_reduce": f"tf.raw_ops.CollectiveReduce(input={X}, group_size=1, "
                         "group_key=1, instance_key=1, merge_op='Foo', final_op='Id', "
                         "subdiv_offsets=[])",
    "nccl": f"tf.raw_ops.NcclAllReduce(input={X}, reduction='foo', num_devices=1, "
            "shared_name='a')",
    "conv2d_padding": f"tf.raw_ops.Conv2D(input={IMG}, filter=tf.ones([1, 1, 1, 1]), "
                      "strides=[1, 1, 1, 1], padding='FOO')",
    "conv2d_format": f"tf.raw_ops.Conv2D(input={IMG}, filter=tf.ones([1, 1, 1, 1]), "
                     "strides=[1, 1, 1, 1], padding='SAME', data_format='NCWH')",
    "dilation_padding": f"tf.raw_ops.Dilation2D(input={IMG}, filter=tf.ones([1, 1, 1]), "
                        "strides=[1, 1, 1, 1], rates=[1, 1, 1, 1], padding='FULL')",
    "quantized_conv_padding": "tf.raw_ops.QuantizedConv2D(input=tf.ones([1, 2, 2, 1], "
                              "tf.quint8), filter=tf.ones([1, 1, 1, 1], tf.quint8), "
                              "min_input=0.0, max_input=1.0, min_filter=0.0, max_filter=1.0, "
                              "strides=[1, 1, 1, 1], padding='FOO')",
    "boosted_split_type": "tf.raw_ops.BoostedTreesCalculateBestFeatureSplit(node_id_range="
                          "tf.constant([0, 1]), stats_summary=tf.ones([1, 1, 1, 2]), l1=0.0, "
                          "l2=0.0, tree_complexity=0.0, min_node_weight=0.0, "
                          "logits_dimension=1, split_type='other')",
    "string_length": "tf.raw_ops.StringLength(input=tf.constant(['ab']), unit='BAD')",
    "crop_method": f"tf.raw_ops.CropAndResize(image={IMG}, boxes=tf.constant([[0., 0., 1., "
                   "1.]]), box_ind=tf.constant([0]), crop_size=[1, 1], method='cubic')",
}


def _outcome(fn: Any) -> str:
    try:
        fn()
    except Exception as e:  # (the outcome is the error's class and message)
        return f"{type(e).__name__}: {e}"
    return "ok"


def outcomes(tf: Any) -> dict:
    """Each case's outcome, eager and traced: "ok" or the error's class and message."""
    out = {}
    for name, code in CASES.items():
        call = eval(f"lambda tf: lambda: {code}")(tf)
        out[f"{name}/eager"] = _outcome(call)
        out[f"{name}/traced"] = _outcome(tf.function(call, autograph=False))
    return out
