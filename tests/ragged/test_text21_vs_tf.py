"""eagerflow against real TensorFlow 2.21 on golden_text21.py's sections (ragged ops less
used; ragged data in tf.data; tf.strings' transcode, format, as_string, to_number, hashes,
regex_replace and ngrams at their edges; tables from text files, dense and mutable hash
tables of vectors, several OOV indices; TextVectorization's split callables, ngrams,
tf_idf, vocabulary files and configs; Keras lookups adapted on no tokens and documents of
each kind; static shapes of traced ragged, string, table and text-layer ops and of ragged
broadcasting; ragged embedding lookups, bincounts and partitions; text layers saved and
mapped; traced tables and string ops refusing while tracing or when the graph runs): each
section's expressions, evaluated in order in its own environment, answer what
text21_golden.json recorded (record_text21.py)."""

import os

from tests.ragged import golden_text21 as G
from tests.ragged.sections import section_test

# Expressions whose answer still differs from TF's, with why; each must still differ.
KNOWN: dict = {
    ("static21", "outs(lambda x: R([[0, 1]]) + x[:2], X)"):
        "a ragged tensor of one row against a dense row: TF's broadcast gathers the flat "
        "values by indices it computes (their count unknown while tracing); eagerflow "
        "broadcasts the two shapes, whose sizes it knows, (2,)",
    **dict.fromkeys([
        ("static21", "tv(lambda x: R([[0, 1], [2, 3]]) + x[:2], X)(tf.constant([5, 6, 7, 8]))"),
        ("static21", "tv(lambda x: R([[0, 1, 2, 3]]) + x[:2], X)(tf.constant([5, 6, 7, 8]))"),
    ], "the same assertion fails when the graph runs, but the tensors its message names are "
       "TF's broadcasting graph's (strided slices of the row partitions, in conds), not "
       "eagerflow's"),
    ("trerr21", "tr(lambda s: S.reduce_join(s, axis=1))"):
        "an axis past the rank of traced input: TF's shape function refuses the node (a "
        "ValueError naming it and its computed axis input); eagerflow's check is the "
        "kernel's OutOfRangeError, raised while tracing",
    ("trerr21", "tr(lambda s: S.unicode_split(s, 'UTF-9'))"):
        "traced, TF's unicode_split builds its UnicodeEncode node first (the encoding an "
        "attr the op-def library refuses); eagerflow's decode refuses the encoding first",
    ("trerr21", "tr(lambda s: L.StaticHashTable(L.KeyValueTensorInitializer(['a', 'a'], "
                "[1, 2]), -1).lookup(s))"):
        "a table made in a traced function: TF initializes it when the graph runs (the "
        "graph's FailedPreconditionError naming the node); eagerflow fills it while "
        "tracing, so the eager-worded error",
}

test_section_matches_tensorflow = section_test(
    G, os.path.join(os.path.dirname(__file__), "text21_golden.json"), KNOWN)
