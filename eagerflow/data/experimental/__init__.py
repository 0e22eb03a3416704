"""tf.data.experimental (re-exports only)."""

import importlib as _importlib

from eagerflow._src.core import api_names as _api_names

from eagerflow._src.data.dataset import AUTOTUNE as AUTOTUNE
from eagerflow._src.data.dataset import INFINITE as INFINITE_CARDINALITY
from eagerflow._src.data.dataset import UNKNOWN as UNKNOWN_CARDINALITY
from eagerflow._src.data.experimental import Counter as Counter
from eagerflow._src.data.experimental import RandomDataset as RandomDataset
from eagerflow._src.data.experimental import TFRecordWriter as TFRecordWriter
from eagerflow._src.data.experimental import assert_cardinality as assert_cardinality
from eagerflow._src.data.experimental import (
    bucket_by_sequence_length as bucket_by_sequence_length,
)
from eagerflow._src.data.experimental import cardinality as cardinality
from eagerflow._src.data.experimental import choose_from_datasets as choose_from_datasets
from eagerflow._src.data.experimental import copy_to_device as copy_to_device
from eagerflow._src.data.experimental import enumerate_dataset as enumerate_dataset
from eagerflow._src.data.dataset_variants import from_variant as from_variant
from eagerflow._src.data.dataset_variants import to_variant as to_variant
from eagerflow._src.data.experimental import from_list as from_list
from eagerflow._src.data.experimental import get_next_as_optional as get_next_as_optional
from eagerflow._src.data.experimental import get_single_element as get_single_element
from eagerflow._src.data.experimental import get_structure as get_structure
from eagerflow._src.data.experimental import group_by_window as group_by_window
from eagerflow._src.data.experimental import ignore_errors as ignore_errors
from eagerflow._src.data.experimental import map_and_batch as map_and_batch
from eagerflow._src.data.experimental import parallel_interleave as parallel_interleave
from eagerflow._src.data.experimental import prefetch_to_device as prefetch_to_device
from eagerflow._src.data.experimental import sample_from_datasets as sample_from_datasets
from eagerflow._src.data.experimental import scan as scan
from eagerflow._src.data.experimental import shuffle_and_repeat as shuffle_and_repeat
from eagerflow._src.data.experimental import take_while as take_while
from eagerflow._src.data.experimental import unbatch as unbatch
from eagerflow._src.data.experimental import unique as unique
from eagerflow._src.data.optional import Optional as Optional
from eagerflow._src.data.options import AutoShardPolicy as AutoShardPolicy
from eagerflow._src.data.options import AutotuneAlgorithm as AutotuneAlgorithm
from eagerflow._src.data.options import AutotuneOptions as AutotuneOptions
from eagerflow._src.data.options import DistributeOptions as DistributeOptions
from eagerflow._src.data.options import ExternalStatePolicy as ExternalStatePolicy
from eagerflow._src.data.options import OptimizationOptions as OptimizationOptions
from eagerflow._src.data.options import ServiceOptions as ServiceOptions
from eagerflow._src.data.options import ThreadingOptions as ThreadingOptions
from eagerflow._src.data.csv_dataset import CsvDataset as CsvDataset
from eagerflow._src.data.sql_dataset import SqlDataset as SqlDataset
from eagerflow._src.data.csv_dataset import make_csv_dataset as make_csv_dataset
from eagerflow._src.data.sparse_batching import dense_to_ragged_batch as dense_to_ragged_batch
from eagerflow._src.data.sparse_batching import dense_to_sparse_batch as dense_to_sparse_batch
from eagerflow._src.data.experimental_extra import SHARD_HINT as SHARD_HINT
from eagerflow._src.data.experimental_extra import DatasetInitializer as DatasetInitializer
from eagerflow._src.data.experimental_extra import at as at
from eagerflow._src.data.experimental_extra import (
    index_table_from_dataset as index_table_from_dataset,
)
from eagerflow._src.data.experimental_extra import pad_to_cardinality as pad_to_cardinality
from eagerflow._src.data.experimental_extra import (
    parse_example_dataset as parse_example_dataset,
)
from eagerflow._src.data.experimental_extra import table_from_dataset as table_from_dataset
from eagerflow._src.data.functions import enable_debug_mode as enable_debug_mode
from eagerflow._src.data.grouping_reducer import Reducer as Reducer
from eagerflow._src.data.model_proto import get_model_proto as get_model_proto
from eagerflow._src.data.grouping_reducer import group_by_reducer as group_by_reducer
from eagerflow._src.data.service import distributed_save as distributed_save
from eagerflow._src.data.resampling import (
    experimental_rejection_resample as rejection_resample,
)
from eagerflow._src.data.batched_features import (
    make_batched_features_dataset as make_batched_features_dataset,
)
from eagerflow.data.experimental import service as service

# save, load and snapshot (TF's snapshot format: protobuf specs, TFRecord shards) load on
# first use, not with every `tf.data`
_LAZY_NAMES = {"load": ("eagerflow._src.data.save_load", "experimental_load"),
               "save": ("eagerflow._src.data.save_load", "experimental_save"),
               "snapshot": ("eagerflow._src.data.snapshot", "experimental_snapshot")}


def __getattr__(name: str):
    if name in _LAZY_NAMES:
        module, attr = _LAZY_NAMES[name]
        value = globals()[name] = getattr(_importlib.import_module(module), attr)
        _api_names.adopt_tf_names("data.experimental", {name: value})
        return value
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


def __dir__():
    return sorted(set(globals()) | set(_LAZY_NAMES))


_api_names.adopt_tf_names("data.experimental", globals())
