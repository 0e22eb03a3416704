"""The snippets of cases_vision.py print on eagerflow what real TF 2.21 + Keras 3 printed
(golden.json, written by kprobe/record_golden.py kprobe28; the suite's five case files have
a test file each, to keep each file's run short).

KNOWN lists the snippets that still print otherwise, each with what differs: they run as
strict xfails, so one that starts to match fails until it is taken off the list."""

from tests.keras.kprobe.snippets import snippet_test
from tests.keras.kprobe28.cases_vision import SNIPPETS

KNOWN: dict[str, str] = {
    "conv_transpose_dilated_on_cpu": "TF's recording ran with oneDNN off, whose CPU kernels refuse "
        "dilations; TF's default oneDNN build and eagerflow compute",
}

test_prints_what_keras3_printed = snippet_test(SNIPPETS, __file__, KNOWN)
