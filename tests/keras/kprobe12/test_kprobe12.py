"""The snippets of cases.py (with cases_train.py's) print on eagerflow what real TF 2.21 +
Keras 3 printed (golden.json, written by kprobe/record_golden.py kprobe12)."""

from tests.keras.kprobe.snippets import snippet_test
from tests.keras.kprobe12.cases import SNIPPETS

test_prints_what_keras3_printed = snippet_test(SNIPPETS, __file__)
