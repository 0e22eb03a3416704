"""tf.compat.v1.io: tf.io with TF 1's own functions (`decode_csv`, `parse_example`, ...,
the queues, `tf_record_iterator`)."""

import eagerflow.compat.v1 as _v1
import eagerflow.io as _tf2

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


def __getattr__(name):
    if name in _V1:
        value = getattr(_v1, _V1[name])
    elif name in _SUB:
        value = getattr(getattr(_v1, _SUB[name]), name)
    else:
        try:
            value = getattr(_tf2, _TF2.get(name, name))
        except AttributeError:
            raise AttributeError(f"module 'eagerflow.compat.v1.io' has no attribute "
                                 f"{name!r}") from None
    globals()[name] = value
    return value


def __dir__():
    return sorted(set(dir(_tf2)) | set(_V1) | set(_SUB) | set(_TF2))
