"""tf.keras.preprocessing.text (re-exports only)."""

from eagerflow._src.keras.utils.legacy_text import (
    Tokenizer as Tokenizer,
    hashing_trick as hashing_trick,
    one_hot as one_hot,
    text_to_word_sequence as text_to_word_sequence,
    tokenizer_from_json as tokenizer_from_json,
)
