"""tf.compat.v1.python_io: TF 1's TFRecord reading and writing (tf.io's writer and
options; tf_record_iterator with TF's deprecation notice)."""

from typing import Any as _Any

from eagerflow._src.core.tf_logging import deprecated_call as _deprecated_call
from eagerflow._src.io import tfrecord as _tfrecord
from eagerflow._src.io.tfrecord import TFRecordCompressionType, TFRecordOptions, TFRecordWriter


def tf_record_iterator(path: _Any, options: _Any = None) -> _Any:
    """The records of the TFRecord file `path` (an iterator)."""
    _deprecated_call("tf_record_iterator", "tensorflow.python.lib.io.tf_record",
                     "Use eager execution and: \n`tf.data.TFRecordDataset(path)`")
    return _tfrecord.tf_record_iterator(path, options)


__all__ = ["TFRecordCompressionType", "TFRecordOptions", "TFRecordWriter",
           "tf_record_iterator"]
