"""eagerflow against real TensorFlow 2.21 on golden_text15.py's programs (tf.lookup's tables
over every key and value dtype pairing from KeyValueTensorInitializer and
TextFileInitializer, their defaults and keys of the wrong dtype, ragged and sparse keys,
num_oov_buckets, insert/remove/import/export/size in sequences; tf.function with
RaggedTensorSpec signatures by ragged_rank and row_splits_dtype; map_fn and vectorized_map
over ragged tensors by fn_output_signature; ragged concat/stack/gather/gather_nd/where of
mixed ranks; the factories' validation, traced; tf.strings' split, ngrams, reduce_join,
unicode_split_with_offsets and hash buckets; tf.sparse over strings): each section's
expressions, evaluated in order in its own environment, answer what text15_golden.json
recorded (record_text15.py)."""

import os

from tests.ragged import golden_text15 as G
from tests.ragged.sections import section_test

# Expressions whose answer still differs from TF's, with why; each must still differ.
_PFOR = ("TF's vectorized_map cannot vectorize ragged values: pfor has no converter for "
         "RaggedTensorFromVariant or RaggedTensorToVariant, so a ragged element read by fn, "
         "or a ragged result, is its ValueError ('No pfor vectorization defined') or, "
         "falling back to a while loop, an InvalidArgumentError when the loop stacks the "
         "decoded rows; eagerflow maps fn over the rows (as map_fn) and answers")
KNOWN: dict = {
    ("lookup_ops15", "steps(T['static'], ('export',))"):
        "TF exports a static table in its hash map's order ('a', 'c', 'b'); eagerflow's in "
        "the order the keys went in",
    **dict.fromkeys([("ragged_specs15", f"vmap({f}, {x}{', ' + k if k else ''})")
                     for f, x, k in G._VMAPS if "t[0]" not in f and "[[1, 2], [3, 4]]"
                     not in x], _PFOR),
}

test_section_matches_tensorflow = section_test(
    G, os.path.join(os.path.dirname(__file__), "text15_golden.json"), KNOWN)
