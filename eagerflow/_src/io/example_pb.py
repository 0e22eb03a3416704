"""tf.train.Example and friends, as protobuf messages.

Bottom of io/, over io/protos.py. The message types are declared field for field as in
TensorFlow's `tensorflow/core/example/feature.proto` and `example.proto` (package
`tensorflow`, proto3, same field numbers and types), so the bytes they serialize are
what TensorFlow reads and writes. They live in a private descriptor pool so that
loading TensorFlow (or TensorBoard's copies of these protos) in the same process
never clashes with them.
"""

from __future__ import annotations

from google.protobuf import descriptor_pool

from eagerflow._src.io.protos import build, field, map_entry, message

_pool = descriptor_pool.DescriptorPool()
_T = ".tensorflow."

_features = build(_pool, "tensorflow/core/example/feature.proto", "tensorflow", [
    message("BytesList", [field("value", 1, "bytes", repeated=True)]),
    message("FloatList", [field("value", 1, "float", repeated=True)]),
    message("Int64List", [field("value", 1, "int64", repeated=True)]),
    message("Feature", [
        field("bytes_list", 1, _T + "BytesList", oneof=0),
        field("float_list", 2, _T + "FloatList", oneof=0),
        field("int64_list", 3, _T + "Int64List", oneof=0),
    ], oneofs=("kind",)),
    message("Features", [field("feature", 1, _T + "Features.FeatureEntry", repeated=True)],
            nested=(map_entry("FeatureEntry", "string", _T + "Feature"),)),
    message("FeatureList", [field("feature", 1, _T + "Feature", repeated=True)]),
    message("FeatureLists", [
        field("feature_list", 1, _T + "FeatureLists.FeatureListEntry", repeated=True),
    ], nested=(map_entry("FeatureListEntry", "string", _T + "FeatureList"),)),
])
_examples = build(_pool, "tensorflow/core/example/example.proto", "tensorflow", [
    message("Example", [field("features", 1, _T + "Features")]),
    message("SequenceExample", [
        field("context", 1, _T + "Features"),
        field("feature_lists", 2, _T + "FeatureLists"),
    ]),
], deps=("tensorflow/core/example/feature.proto",))

BytesList = _features["tensorflow.BytesList"]
FloatList = _features["tensorflow.FloatList"]
Int64List = _features["tensorflow.Int64List"]
Feature = _features["tensorflow.Feature"]
Features = _features["tensorflow.Features"]
FeatureList = _features["tensorflow.FeatureList"]
FeatureLists = _features["tensorflow.FeatureLists"]
Example = _examples["tensorflow.Example"]
SequenceExample = _examples["tensorflow.SequenceExample"]
