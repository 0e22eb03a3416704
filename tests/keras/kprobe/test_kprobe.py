"""The snippets of cases.py print on eagerflow what real TF 2.21 + Keras 3 printed
(golden.json, written by record_golden.py)."""

from tests.keras.kprobe.cases import SNIPPETS
from tests.keras.kprobe.snippets import snippet_test

test_prints_what_keras3_printed = snippet_test(SNIPPETS, __file__)
