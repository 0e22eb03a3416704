"""eagerflow against real TensorFlow 2.21 on golden_text19.py's sections (the repr, str and
tf.print of RaggedTensors over dtypes and nestings; tf.ragged.constant's inference and
refusals; map_flat_values, ragged boolean_mask, stack_dynamic_partitions, segment ops on
ragged data, to_sparse/from_sparse round trips; tf.strings.format's templates; RE2's
refusals and readings of patterns; StaticVocabularyTable's OOV buckets and
TextFileInitializer's delimiters and files; those ops traced): each section's
expressions, evaluated in order in its own environment, answer what text19_golden.json
recorded (record_text19.py)."""

import os

from tests.ragged import golden_text19 as G
from tests.ragged.sections import section_test

# Expressions whose answer still differs from TF's, with why; each must still differ.
KNOWN: dict = {
    ("construct19", "c([tf.constant([1])])"):
        "TF's ragged.constant fails on a list holding a tensor (it asks the tensor's len() "
        "while reading the nesting, and its ValueError carries the TypeError's traceback, "
        "TF's own file paths in it); eagerflow reads the tensor as the list of its values "
        "([[1]])",
    ("lookup19", "tv(lambda x: L.StaticHashTable(tfi('dup', tf.string, 0, tf.int64, 1), "
                 "-1).lookup(x), TS([None], tf.string))(STRK)"):
        "a table made inside a traced function: TF adds its initializer op to the function, "
        "so a file's refusal comes when the function runs, in the function's words "
        "('{{function_node __inference_...}} ... [[{{node text_file_init/"
        "InitializeTableFromTextFileV2}}]]'); eagerflow fills the table while tracing, so the "
        "same refusal comes as the eager op's",
    ("traced19", "names(lambda x: x[1:], 'A')"):
        "the traced tensors of a ragged row slice are named by how each builds it: TF slices "
        "the row splits and values ('RaggedGetItem/strided_slice_8', 'RaggedGetItem/sub'); "
        "eagerflow gathers the rows ('GatherV2_2', 'RaggedRange'), with no RaggedGetItem "
        "scope (the values agree)",
}

test_section_matches_tensorflow = section_test(
    G, os.path.join(os.path.dirname(__file__), "text19_golden.json"), KNOWN)
