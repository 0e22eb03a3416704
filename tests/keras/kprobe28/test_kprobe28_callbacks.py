"""The snippets of cases_callbacks.py print on eagerflow what real TF 2.21 + Keras 3
printed (golden.json, written by kprobe/record_golden.py kprobe28; the suite's five case
files have a test file each, to keep each file's run short)."""

from tests.keras.kprobe.snippets import snippet_test
from tests.keras.kprobe28.cases_callbacks import SNIPPETS

test_prints_what_keras3_printed = snippet_test(SNIPPETS, __file__)
