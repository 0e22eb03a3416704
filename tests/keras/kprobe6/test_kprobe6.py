"""The snippets of cases.py print on eagerflow what real TF 2.21 + Keras 3 printed
(golden.json, written by kprobe/record_golden.py kprobe6)."""

from tests.keras.kprobe.snippets import snippet_test
from tests.keras.kprobe6.cases import SNIPPETS

test_prints_what_keras3_printed = snippet_test(SNIPPETS, __file__)
