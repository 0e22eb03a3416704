"""tf.compat.v1.io: tf.io with TF 1's own functions (`decode_csv`, `parse_example`, ...,
the queues, `tf_record_iterator`)."""

import eagerflow.compat.v1 as _v1
import eagerflow.io as _tf2
from eagerflow._src.v1.namespaces import aliased_namespace as _aliased_namespace

# TF 1's name -> the tf.compat.v1 function it is
_V1 = {'PaddingFIFOQueue': 'PaddingFIFOQueue',
       'PriorityQueue': 'PriorityQueue',
       'QueueBase': 'QueueBase',
       'RandomShuffleQueue': 'RandomShuffleQueue',
       'decode_csv': 'decode_csv',
       'decode_raw': 'decode_raw',
       'parse_example': 'parse_example',
       'parse_single_example': 'parse_single_example',
       'serialize_many_sparse': 'serialize_many_sparse',
       'serialize_sparse': 'serialize_sparse'}
# TF 1's name -> the tf.compat.v1 submodule holding it
_SUB = {'tf_record_iterator': 'python_io', 'TFRecordCompressionType': 'python_io'}
# TF 1's name -> its TF 2 name in this namespace
_TF2 = {}

__getattr__, __dir__ = _aliased_namespace(__name__, _v1, _tf2, _V1, _SUB, _TF2)
