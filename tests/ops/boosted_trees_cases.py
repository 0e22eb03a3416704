"""TF's BoostedTrees ops (the ensemble, stats, split, prediction and quantile-stream ops
that tf.estimator's boosted trees ran on), called through tf.raw_ops as TF 2.21 answers
them: it defines every one and registers no kernel for any, so each call is refused, eagerly
(NotFoundError, or InvalidArgumentError for an op taking a resource handle) and when a
traced function runs (InvalidArgumentError), after TF's checks of the call's attrs and
dtypes. record_boosted_trees_golden.py writes what TF 2.21 gives for CASES
(boosted_trees_golden.json); test_boosted_trees_ops.py compares eagerflow's.

SETUP runs first (`tf` TensorFlow there, eagerflow here); each case is an op name and an
expression of its keyword arguments over what SETUP defines.
"""

from __future__ import annotations

SETUP = '''
v = tf.Variable(1.0)
H = v.handle


def f(*shape):
    return tf.ones(shape, tf.float32)


def i(*values):
    return tf.constant(values, tf.int32)


def m(rows, cols):
    return tf.zeros((rows, cols), tf.int32)
'''

_PREDICT = "dict(tree_ensemble_handle=H, bucketized_features=[m(4, 1), m(4, 2)], "
_SPLIT_ARGS = "l1=0.0, l2=0.1, tree_complexity=0.0, min_node_weight=0.0"
_UPDATE_V2 = ("dict(tree_ensemble_handle=H, feature_ids=[i(0)], dimension_ids=[i(0)], "
              "node_ids=[i(0)], gains=[f(1)], thresholds=[i(1)], left_node_contribs=[f(1, 1)], "
              "right_node_contribs=[f(1, 1)], split_types=[tf.constant(['inequality'])], "
              "max_depth=2, learning_rate=0.1, pruning_mode=0")

# (op, its keyword arguments): valid calls first, then TF's refusals of bad ones
CASES: list[tuple[str, str]] = [
    ("BoostedTreesEnsembleResourceHandleOp", "dict(container='', shared_name='ens')"),
    ("BoostedTreesEnsembleResourceHandleOp", "dict()"),
    ("BoostedTreesQuantileStreamResourceHandleOp", "dict(container='c', shared_name='q')"),
    ("BoostedTreesQuantileStreamResourceHandleOp", "dict()"),
    ("BoostedTreesCreateEnsemble", "dict(tree_ensemble_handle=H, stamp_token=tf.constant(0, "
                                   "tf.int64), tree_ensemble_serialized=tf.constant(b''))"),
    ("BoostedTreesCreateEnsemble", "dict(tree_ensemble_handle=H, stamp_token=0, "
                                   "tree_ensemble_serialized=b'')"),
    ("BoostedTreesDeserializeEnsemble", "dict(tree_ensemble_handle=H, stamp_token=tf.constant("
                                        "2, tf.int64), tree_ensemble_serialized=tf.constant("
                                        "b'x'))"),
    ("BoostedTreesSerializeEnsemble", "dict(tree_ensemble_handle=H)"),
    ("BoostedTreesGetEnsembleStates", "dict(tree_ensemble_handle=H)"),
    ("IsBoostedTreesEnsembleInitialized", "dict(tree_ensemble_handle=H)"),
    ("IsBoostedTreesQuantileStreamResourceInitialized", "dict(quantile_stream_resource_handle=H)"),
    ("BoostedTreesPredict", _PREDICT + "logits_dimension=1)"),
    ("BoostedTreesPredict", "dict(tree_ensemble_handle=H, bucketized_features=[m(3, 1)], "
                            "logits_dimension=3)"),
    ("BoostedTreesTrainingPredict", "dict(tree_ensemble_handle=H, cached_tree_ids=i(0, 0, 0, 0),"
                                    " cached_node_ids=i(0, 0, 0, 0), bucketized_features=["
                                    "m(4, 1)], logits_dimension=2)"),
    ("BoostedTreesExampleDebugOutputs", "dict(tree_ensemble_handle=H, bucketized_features=["
                                        "m(4, 1), m(4, 1), m(4, 3)], logits_dimension=1)"),
    ("BoostedTreesMakeStatsSummary", "dict(node_ids=i(0, 0, 0, 0), gradients=f(4, 1), "
                                     "hessians=f(4, 1), bucketized_features_list=[i(0, 1, 0, 1),"
                                     " i(1, 1, 0, 0)], max_splits=3, num_buckets=2)"),
    ("BoostedTreesAggregateStats", "dict(node_ids=i(0, 0, 0, 0), gradients=f(4, 1), "
                                   "hessians=f(4, 1), feature=m(4, 2), max_splits=3, "
                                   "num_buckets=2)"),
    ("BoostedTreesAggregateStats", "dict(node_ids=i(0, 0), gradients=f(2, 2), hessians=f(2, 4),"
                                   " feature=m(2, 3), max_splits=5, num_buckets=7)"),
    ("BoostedTreesSparseAggregateStats", "dict(node_ids=i(0, 0), gradients=f(2, 1), "
                                         "hessians=f(2, 1), feature_indices=tf.constant([[0, 0],"
                                         " [1, 1]], tf.int32), feature_values=i(1, 0), "
                                         "feature_shape=i(2, 2), max_splits=3, num_buckets=2)"),
    ("BoostedTreesCalculateBestGainsPerFeature", "dict(node_id_range=i(0, 1), "
                                                 "stats_summary_list=[f(3, 3, 2), f(3, 3, 2)], "
                                                 + _SPLIT_ARGS + ", max_splits=3)"),
    ("BoostedTreesCalculateBestFeatureSplit", "dict(node_id_range=i(0, 1), stats_summary=f(3, 1,"
                                              " 3, 2), " + _SPLIT_ARGS + ", logits_dimension=1)"),
    ("BoostedTreesCalculateBestFeatureSplit", "dict(node_id_range=i(0, 1), stats_summary=f(3, 1,"
                                              " 3, 3), " + _SPLIT_ARGS + ", logits_dimension=2, "
                                              "split_type='equality')"),
    ("BoostedTreesCalculateBestFeatureSplitV2", "dict(node_id_range=i(0, 1), "
                                                "stats_summaries_list=[f(3, 1, 3, 2)], "
                                                "split_types=tf.constant(['inequality']), "
                                                "candidate_feature_ids=i(0), " + _SPLIT_ARGS +
                                                ", logits_dimension=1)"),
    ("BoostedTreesCalculateBestFeatureSplitV2", "dict(node_id_range=i(0, 1), "
                                                "stats_summaries_list=[f(3, 1, 3, 2), f(3, 1, 3,"
                                                " 2)], split_types=['inequality', 'equality'], "
                                                "candidate_feature_ids=i(0, 1), " + _SPLIT_ARGS +
                                                ", logits_dimension=1)"),
    ("BoostedTreesSparseCalculateBestFeatureSplit", "dict(node_id_range=i(0, 1), "
                                                    "stats_summary_indices=tf.zeros((2, 4), "
                                                    "tf.int32), stats_summary_values=f(2), "
                                                    "stats_summary_shape=i(3, 1, 3, 2), " +
                                                    _SPLIT_ARGS + ", logits_dimension=1)"),
    ("BoostedTreesUpdateEnsemble", "dict(tree_ensemble_handle=H, feature_ids=i(0), "
                                   "node_ids=[i(0)], gains=[f(1)], thresholds=[i(1)], "
                                   "left_node_contribs=[f(1, 1)], right_node_contribs=[f(1, 1)],"
                                   " max_depth=2, learning_rate=0.1, pruning_mode=0)"),
    ("BoostedTreesUpdateEnsembleV2", _UPDATE_V2 + ")"),
    ("BoostedTreesUpdateEnsembleV2", _UPDATE_V2 + ", logits_dimension=1, num_groups=1)"),
    ("BoostedTreesCenterBias", "dict(tree_ensemble_handle=H, mean_gradients=f(1, 1), "
                               "mean_hessians=f(1, 1), l1=0.0, l2=0.1)"),
    ("BoostedTreesBucketize", "dict(float_values=[f(4), f(4)], bucket_boundaries=[f(2), f(3)])"),
    ("BoostedTreesCreateQuantileStreamResource", "dict(quantile_stream_resource_handle=H, "
                                                 "epsilon=0.01, num_streams=tf.constant(2, "
                                                 "tf.int64))"),
    ("BoostedTreesCreateQuantileStreamResource", "dict(quantile_stream_resource_handle=H, "
                                                 "epsilon=0.01, num_streams=tf.constant(2, "
                                                 "tf.int64), max_elements=1000)"),
    ("BoostedTreesMakeQuantileSummaries", "dict(float_values=[f(4), f(4)], "
                                          "example_weights=f(4), epsilon=0.01)"),
    ("BoostedTreesQuantileStreamResourceAddSummaries", "dict(quantile_stream_resource_handle=H,"
                                                       " summaries=[f(3, 4)])"),
    ("BoostedTreesQuantileStreamResourceFlush", "dict(quantile_stream_resource_handle=H, "
                                                "num_buckets=tf.constant(4, tf.int64), "
                                                "generate_quantiles=True)"),
    ("BoostedTreesQuantileStreamResourceFlush", "dict(quantile_stream_resource_handle=H, "
                                                "num_buckets=tf.constant(4, tf.int64))"),
    ("BoostedTreesQuantileStreamResourceGetBucketBoundaries",
     "dict(quantile_stream_resource_handle=H, num_features=2)"),
    ("BoostedTreesQuantileStreamResourceDeserialize", "dict(quantile_stream_resource_handle=H, "
                                                      "bucket_boundaries=[tf.constant(1.0), "
                                                      "tf.constant(2.0)])"),
    ("BoostedTreesFlushQuantileSummaries", "dict(quantile_stream_resource_handle=H, "
                                           "num_features=3)"),
    # TF's refusals before its kernel lookup: attrs, then the inputs' dtypes
    ("BoostedTreesSparseCalculateBestFeatureSplit", "dict(node_id_range=i(0, 1), "
                                                    "stats_summary_indices=tf.zeros((2, 4), "
                                                    "tf.int32), stats_summary_values=f(2), "
                                                    "stats_summary_shape=i(3, 1, 3, 2), " +
                                                    _SPLIT_ARGS + ", logits_dimension=1, "
                                                    "split_type='equality')"),
    ("BoostedTreesCalculateBestFeatureSplit", "dict(node_id_range=i(0, 1), stats_summary=f(3, 1,"
                                              " 3, 2), " + _SPLIT_ARGS + ", logits_dimension=1, "
                                              "split_type='other')"),
    ("BoostedTreesCalculateBestFeatureSplit", "dict(node_id_range=i(0, 1), stats_summary=f(3, 1,"
                                              " 3, 2), " + _SPLIT_ARGS + ", logits_dimension=0)"),
    ("BoostedTreesAggregateStats", "dict(node_ids=i(0, 0), gradients=f(2, 1), hessians=f(2, 1),"
                                   " feature=m(2, 1), max_splits=0, num_buckets=2)"),
    ("BoostedTreesAggregateStats", "dict(node_ids=i(0, 0), gradients=m(2, 1), hessians=f(2, 1),"
                                   " feature=m(2, 1), max_splits=3, num_buckets=2)"),
    ("BoostedTreesAggregateStats", "dict(node_ids=f(2), gradients=f(2, 1), hessians=f(2, 1),"
                                   " feature=m(2, 1), max_splits=3, num_buckets=2)"),
    ("BoostedTreesPredict", "dict(tree_ensemble_handle=f(), bucketized_features=[m(4, 1)], "
                            "logits_dimension=1)"),
    ("BoostedTreesPredict", "dict(tree_ensemble_handle=H, bucketized_features=[f(4, 1)], "
                            "logits_dimension=1)"),
    ("BoostedTreesSerializeEnsemble", "dict(tree_ensemble_handle=i(1))"),
    ("BoostedTreesBucketize", "dict(float_values=[f(4)], bucket_boundaries=[m(2, 1)])"),
    # TF's shape functions' refusals while a graph is built (eagerly: the kernel lookup's)
    ("BoostedTreesAggregateStats", "dict(node_ids=m(4, 1), gradients=f(4, 1), hessians=f(4, 1),"
                                   " feature=m(4, 2), max_splits=3, num_buckets=2)"),
    ("BoostedTreesAggregateStats", "dict(node_ids=i(0, 0, 0, 0), gradients=f(3, 1), "
                                   "hessians=f(4, 1), feature=m(4, 2), max_splits=3, "
                                   "num_buckets=2)"),
    ("BoostedTreesMakeStatsSummary", "dict(node_ids=i(0, 0, 0, 0), gradients=f(4, 1), "
                                     "hessians=f(4, 2), bucketized_features_list=[i(0, 1, 0, 1)"
                                     "], max_splits=3, num_buckets=2)"),
    ("BoostedTreesPredict", "dict(tree_ensemble_handle=H, bucketized_features=[tf.zeros((4, 1,"
                            " 1), tf.int32)], logits_dimension=1)"),
    ("BoostedTreesPredict", "dict(tree_ensemble_handle=H, bucketized_features=[m(4, 1), "
                            "m(3, 1)], logits_dimension=1)"),
    ("BoostedTreesQuantileStreamResourceDeserialize", "dict(quantile_stream_resource_handle=H, "
                                                      "bucket_boundaries=[f(3), f(2)])"),
    ("BoostedTreesCalculateBestFeatureSplit", "dict(node_id_range=i(0, 1, 2), stats_summary=f(3,"
                                              " 1, 3, 2), " + _SPLIT_ARGS +
                                              ", logits_dimension=1)"),
    ("BoostedTreesCalculateBestFeatureSplit", "dict(node_id_range=i(0, 1), stats_summary=f(3, 3,"
                                              " 2), " + _SPLIT_ARGS + ", logits_dimension=1)"),
    ("BoostedTreesUpdateEnsemble", "dict(tree_ensemble_handle=H, feature_ids=i(0, 1), "
                                   "node_ids=[i(0)], gains=[f(1)], thresholds=[i(1)], "
                                   "left_node_contribs=[f(1, 1)], right_node_contribs=[f(1, 1)],"
                                   " max_depth=2, learning_rate=0.1, pruning_mode=0)"),
    ("BoostedTreesCenterBias", "dict(tree_ensemble_handle=H, mean_gradients=f(1), "
                               "mean_hessians=f(1), l1=0.0, l2=0.1)"),
    ("BoostedTreesBucketize", "dict(float_values=[f(4), f(3)], bucket_boundaries=[f(2), f(3)])"),
    ("BoostedTreesMakeQuantileSummaries", "dict(float_values=[f(4, 1)], example_weights=f(4), "
                                          "epsilon=0.01)"),
    ("IsBoostedTreesEnsembleInitialized", "dict(tree_ensemble_handle=f(2))"),
    ("BoostedTreesCalculateBestFeatureSplitV2", "dict(node_id_range=i(0, 1), "
                                                "stats_summaries_list=[f(3, 1, 3, 2), f(3, 2, 3,"
                                                " 2)], split_types=['inequality', 'equality'], "
                                                "candidate_feature_ids=i(0, 1), " + _SPLIT_ARGS +
                                                ", logits_dimension=1)"),
    ("BoostedTreesCalculateBestFeatureSplitV2", "dict(node_id_range=i(0, 1), "
                                                "stats_summaries_list=[f(3, 1, 3, 2)], "
                                                "split_types=tf.constant(['inequality']), "
                                                "candidate_feature_ids=i(0), l1=f(1), l2=0.1, "
                                                "tree_complexity=0.0, min_node_weight=0.0, "
                                                "logits_dimension=1)"),
    ("BoostedTreesUpdateEnsembleV2", _UPDATE_V2 + ", logits_dimension=2)"),
    ("BoostedTreesUpdateEnsembleV2", "dict(tree_ensemble_handle=H, feature_ids=[i(0, 1)], "
                                     "dimension_ids=[i(0, 0), i(0)], node_ids=[i(0, 1), i(0)], "
                                     "gains=[f(2), f(1)], thresholds=[i(1, 2), i(1)], "
                                     "left_node_contribs=[f(2, 1), f(1, 1)], "
                                     "right_node_contribs=[f(2, 1), f(1, 1)], split_types=["
                                     "tf.constant(['inequality'] * 2), tf.constant(["
                                     "'inequality'])], max_depth=2, learning_rate=0.1, "
                                     "pruning_mode=0)"),
    ("BoostedTreesUpdateEnsembleV2", "dict(tree_ensemble_handle=H, feature_ids=[i(0), i(1)], "
                                     "dimension_ids=[i(0, 0), i(0)], node_ids=[i(0, 1), i(0)], "
                                     "gains=[f(2), f(1)], thresholds=[i(1, 2), i(1)], "
                                     "left_node_contribs=[f(2, 1), f(1, 1)], "
                                     "right_node_contribs=[f(2, 1), f(1, 1)], split_types=["
                                     "tf.constant(['inequality'] * 2), tf.constant(["
                                     "'inequality'])], max_depth=2, learning_rate=0.1, "
                                     "pruning_mode=0)"),
    # a Python value among the inputs: TF's wrapper converts each input to its dtype first
    ("BoostedTreesAggregateStats", "dict(node_ids=[0, 0], gradients=m(2, 1), hessians=f(2, 1),"
                                   " feature=m(2, 1), max_splits=3, num_buckets=2)"),
    ("BoostedTreesAggregateStats", "dict(node_ids=[0, 0], gradients=f(2, 1), hessians=f(2, 1),"
                                   " feature=m(2, 1), max_splits=3, num_buckets=2)"),
]
