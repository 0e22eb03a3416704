"""tf.compat.v1.summary: TF 1's summary ops (a serialized Summary each, merged with
merge/merge_all), FileWriter and FileWriterCache, and the Event/Summary/SessionLog
protocol buffers (re-exports only; loaded with tf.compat.v1.summary)."""

from eagerflow._src.v1_training import summary_v1 as _summary_v1
from eagerflow._src.v1_training.summary_v1 import (
    FileWriter as FileWriter,
    FileWriterCache as FileWriterCache,
    all_v2_summary_ops as all_v2_summary_ops,
    audio as audio,
    get_summary_description as get_summary_description,
    histogram as histogram,
    image as image,
    initialize as initialize,
    merge as merge,
    merge_all as merge_all,
    scalar as scalar,
    tensor_summary as tensor_summary,
    text as text,
)

_PROTOS = ("Event", "SessionLog", "Summary", "SummaryDescription", "TaggedRunMetadata")


def __getattr__(name):
    if name in _PROTOS:  # TensorBoard's messages (protobuf loads on first use)
        value = globals()[name] = getattr(_summary_v1, name)
        return value
    raise AttributeError(f"module 'eagerflow.compat.v1.summary' has no attribute {name!r}")


def __dir__():
    return sorted(set(globals()) | set(_PROTOS))
