"""eagerflow against real TensorFlow 2.21 on golden_text10.py's programs (tf.strings'
unicode edge cases in every error mode, legacy encodings, byte and UTF8_CHAR units, RE2's
syntax where Python's re differs, to_number, hash buckets, as_string and format options;
RaggedTensor's rarer factories and methods, mixed ragged ranks in concat, stack and
boolean_mask, NaN reductions, map_fn's fn_output_signature; tf.sparse's reorder, reshape,
slice, split, concat, adjoint matmuls, reductions, crosses, to_indicator and bincount;
tf.lookup's tables over int and string keys, export/import, dtype errors and text file
columns; each eagerly and traced with unknown shapes): each section's expressions,
evaluated in order in its own environment, answer what text10_golden.json recorded
(record_text10.py)."""

import os

from tests.ragged import golden_text10 as G
from tests.ragged.sections import section_test

# Expressions whose answer still differs from TF's, with why; each must still differ.
KNOWN: dict = {
    ("regex_re2", "rep(['\\u00e9b'], '\\\\C\\u00e9?', 'x')"):
        "RE2's \\C is one byte; eagerflow matches bytes only where nothing else in the "
        "pattern needs characters (here the literal \u00e9), else one character",
    **dict.fromkeys([
        ("traced_more", "bcast(rtf, tf.constant([1.0, 2.0]), TS([None], tf.float32))"),
        ("traced_more", "bcast(sq, tf.constant([[10.0, 20.0]]), TS([None, None], "
                        "tf.float32))"),
        ("traced_more", "bcast(sq, tf.constant([10.0, 20.0]), TS([None], tf.float32))"),
        ("traced_more", "bcast(sq, tf.constant([[10.0, 20.0, 30.0], [1.0, 2.0, 3.0]]), "
                        "TS([None, None], tf.float32))"),
    ], "a dense operand's sizes checked at run time: the same InvalidArgumentError, but "
       "TF's checks (in conds, reporting their branch functions) compare row splits or "
       "slices of them; eagerflow's compare a LogicalOr or SelectV2 of the sizes"),
}

test_section_matches_tensorflow = section_test(
    G, os.path.join(os.path.dirname(__file__), "text10_golden.json"), KNOWN)
