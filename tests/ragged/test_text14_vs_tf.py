"""eagerflow against real TensorFlow 2.21 on golden_text14.py's programs (grids over the
options text1-13 tried one at a time: tf.strings' unicode ops on malformed UTF-8, UTF-16-BE
and UTF-32-BE in each errors= mode with replacement_char and replace_control_characters,
unicode_encode of invalid code points, as_string's options per dtype, format by summarize,
regex_full_match and regex_replace over odd RE2 patterns and rewrites; tf.ragged.range,
boolean_mask, merge_dims, to_tensor, with_row_splits_dtype; ragged reductions by axis and
keepdims over empty rows; a ragged tensor of one row against a dense one of more rows;
eagerly and traced with unknown shapes): each section's expressions, evaluated in order in
its own environment, answer what text14_golden.json recorded (record_text14.py)."""

import os

from tests.ragged import golden_text14 as G
from tests.ragged.sections import section_test

# Expressions whose answer still differs from TF's, with why; each must still differ.
_COND = ("a traced ragged broadcast's assertion: TF checks it in a cond (its "
         "'ReduceLogSumExp/cond/', RowPartitionFromUniformRowLength/ and "
         "RowPartitionFromRowLengths/ inside, reporting the branch's AssertGuard function); "
         "eagerflow's broadcast builds no cond and compares the rows' lengths (as "
         "test_text13_vs_tf.py's KNOWN)")
KNOWN: dict = dict.fromkeys([
    ("traced14", f"tv(lambda x: M.reduce_logsumexp(x, axis=0, keepdims={k}), F2)(fa)")
    for k in (False, True)], _COND)

test_section_matches_tensorflow = section_test(
    G, os.path.join(os.path.dirname(__file__), "text14_golden.json"), KNOWN)
