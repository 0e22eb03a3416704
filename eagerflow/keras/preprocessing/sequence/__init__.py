"""tf.keras.preprocessing.sequence (re-exports only)."""

from eagerflow._src.keras.utils.sequence_utils import pad_sequences as pad_sequences
