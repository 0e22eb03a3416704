"""The snippets of cases.py (with cases_*.py's) print on eagerflow what real TF 2.21 +
Keras 3 printed (golden.json, written by kprobe/record_golden.py kprobe14)."""

from tests.keras.kprobe.snippets import snippet_test
from tests.keras.kprobe14.cases import SNIPPETS

# TF's GPU kernel of SparseSoftmaxCrossEntropyWithLogits gives NaN rows for labels out of
# range where its CPU kernel, the golden's, raises (as TF's documentation says)
HOST = {"sparse_labels_of_every_dtype"}

test_prints_what_keras3_printed = snippet_test(SNIPPETS, __file__, host=HOST.__contains__)
