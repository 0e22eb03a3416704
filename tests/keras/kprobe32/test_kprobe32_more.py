"""The snippets of cases_more.py print on eagerflow what real TF 2.21 + Keras 3 printed
(golden.json, written by kprobe/record_golden.py kprobe32; each case file has its own test
file, to keep each file's run short).

KNOWN lists the snippets that still print otherwise, each with what differs: they run as
strict xfails, so one that starts to match fails until it is taken off the list."""

from tests.keras.kprobe.snippets import snippet_test
from tests.keras.kprobe32.cases_more import SNIPPETS

KNOWN: dict[str, str] = {
    "boxes_as_python_lists": (
        "Keras 3 refuses a dict of an image tensor and boxes given as Python lists ('In a "
        "nested call() argument, you cannot mix tensors and non-tensors': its input "
        "conversion leaves Python floats alone, and RandomFlip converts nothing); eagerflow's "
        "call_args.convert_inputs makes tensors of numeric lists, so RandomFlip fails later "
        "(AttributeError: 'float' object has no attribute 'shape') and CenterCrop crops the "
        "boxes"),
}

test_prints_what_keras3_printed = snippet_test(SNIPPETS, __file__, KNOWN)
