"""tf.lookup (re-exports only; implementation in eagerflow/_src/ops/lookup_ops.py)."""

from eagerflow._src.ops.lookup_ops import (
    KeyValueTensorInitializer as KeyValueTensorInitializer,
    StaticHashTable as StaticHashTable,
    StaticVocabularyTable as StaticVocabularyTable,
    TextFileIndex as TextFileIndex,
    TextFileInitializer as TextFileInitializer,
)
from eagerflow.lookup import experimental as experimental
