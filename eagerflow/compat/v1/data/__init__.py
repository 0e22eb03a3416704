"""tf.compat.v1.data: tf.data with TF 1's iterators (make_one_shot_iterator,
make_initializable_iterator, Iterator.from_structure/from_string_handle) and the
get_output_shapes/types/classes functions (re-exports only)."""

from eagerflow._src.data.dataset import AUTOTUNE as AUTOTUNE
from eagerflow._src.data.dataset import INFINITE as INFINITE_CARDINALITY
from eagerflow._src.data.dataset import UNKNOWN as UNKNOWN_CARDINALITY
from eagerflow._src.data.dataset import DatasetV2 as Dataset
from eagerflow._src.data.options import Options as Options
from eagerflow._src.data.options import ThreadingOptions as ThreadingOptions
from eagerflow._src.data.owned_iterator import NumpyIterator as NumpyIterator
from eagerflow._src.data.readers import FixedLengthRecordDataset as FixedLengthRecordDataset
from eagerflow._src.data.readers import TextLineDataset as TextLineDataset
from eagerflow._src.data.readers import TFRecordDataset as TFRecordDataset
from eagerflow._src.data.structure import DatasetSpec as DatasetSpec
from eagerflow._src.v1.data_v1 import Iterator as Iterator
from eagerflow._src.v1.data_v1 import get_output_classes as get_output_classes
from eagerflow._src.v1.data_v1 import get_output_shapes as get_output_shapes
from eagerflow._src.v1.data_v1 import get_output_types as get_output_types
from eagerflow._src.v1.data_v1 import make_initializable_iterator as make_initializable_iterator
from eagerflow._src.v1.data_v1 import make_one_shot_iterator as make_one_shot_iterator
from eagerflow._src.v1.namespaces import restricted as _restricted
from eagerflow.data import experimental as _experimental

# TF 2's tf.data.experimental less the names TF 1's lacks
experimental = _restricted(f"{__name__}.experimental", _experimental, ("at", "load", "save"), {
    "service": lambda: _restricted(f"{__name__}.experimental.service", _experimental.service,
                                   ("DispatchServer", "WorkerServer"))})
