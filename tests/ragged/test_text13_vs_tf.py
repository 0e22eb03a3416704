"""eagerflow against real TensorFlow 2.21 on golden_text13.py's programs (tf.strings over
malformed and multi-unit input in every error mode, UTF-16-BE/UTF-32-BE round trips,
offsets of ragged input, substr with negative UTF8_CHAR positions, split's maxsplit,
ngrams' padding on ragged rank 2, regex capture groups with replace_global=False, format's
summarize, to_number per out_type, hash buckets with keys, as_string's options per dtype,
bytes_split, reduce_join, case, strip and length units; StaticVocabularyTable's OOV buckets,
TextFileInitializer's columns, DenseHashTable and MutableHashTable with vector values and
their key checks, tables traced with unknown shapes; RaggedTensor factories' validation,
merge_dims, bounding_shape, to_tensor of ragged_rank 2, sparse round trips; ragged
broadcasting, boolean_mask, stack_dynamic_partitions, crosses, segment ids and ranges;
tf.sparse's crosses, bincount, segment ops and unordered indices; then four rounds around
what the first found: dense operands of a higher rank than a ragged one, unordered and
out-of-batch sparse rows in crosses, out-of-bounds entries of sparse reductions, Substr's
shape function, composites rebuilt from parts, RE2 over malformed UTF-8, row partitions'
dtypes; each eagerly and traced with unknown shapes): each section's expressions,
evaluated in order in its own environment, answer what text13_golden.json recorded
(record_text13.py)."""

import os

from tests.ragged import golden_text13 as G
from tests.ragged.sections import section_test

# Expressions whose answer still differs from TF's, with why; each must still differ.
_SCOPES = ("a traced ragged broadcast's assertion: TF checks it in a cond ('cond/', with "
           "RowPartitionFromUniformRowLength/ and RowPartitionFromRowLengths/ inside) and "
           "compares a LogicalOr_1; eagerflow's broadcast builds no cond and compares "
           "other tensors (the factories', RaggedMask's and SegmentStack's scopes and the "
           "AssertGuard branch's function tag are TF's)")
KNOWN: dict = dict.fromkeys([
    ("ragged_math", "tv(lambda a, b: a + b, RS([None, None, None], tf.int32), RS([None, "
                    "None], tf.int32))(r3, R([[10, 20], [], [30]]))"),
    ("ragged_math", "tv(lambda a, b: a + b, RS([None, None, None], tf.int32), RS([None, "
                    "None], tf.int32))(r3, R([[10], [], [30]]))"),
    ("round_two", "tv(lambda a, b: a * b, RS([None, None], tf.int32), RS([None, None, 2], "
                  "tf.int32, ragged_rank=1))(R([[1, 2], [3]]), R([[[1, 2], [3, 4]], [[5, 6]]], "
                  "ragged_rank=1))"),
], _SCOPES)

test_section_matches_tensorflow = section_test(
    G, os.path.join(os.path.dirname(__file__), "text13_golden.json"), KNOWN)
