"""tf.keras.preprocessing.sequence (re-exports only)."""

from eagerflow._src.keras.utils.legacy_sequence import (
    TimeseriesGenerator as TimeseriesGenerator,
    make_sampling_table as make_sampling_table,
    skipgrams as skipgrams,
)
from eagerflow._src.keras.utils.sequence_utils import pad_sequences as pad_sequences
