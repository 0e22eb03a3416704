"""The snippets of cases_save.py print on eagerflow what real TF 2.21 + Keras 3 printed
(golden.json, written by kprobe/record_golden.py kprobe49b).

KNOWN lists the snippets that still print otherwise, each with what differs: they run as
strict xfails, so one that starts to match fails until it is taken off the list."""

from tests.keras.kprobe.snippets import snippet_test
from tests.keras.kprobe49b.cases_save import SNIPPETS

KNOWN: dict[str, str] = {}

test_prints_what_keras3_printed = snippet_test(SNIPPETS, __file__, KNOWN)
