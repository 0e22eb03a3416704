"""The snippets of cases_cb.py print on eagerflow what real TF 2.21 + Keras 3 printed
(golden.json, written by kprobe/record_golden.py kprobe49b).

KNOWN lists the snippets that still print otherwise, each with what differs: they run as
strict xfails, so one that starts to match fails until it is taken off the list."""

# ruff: noqa: E501 - each KNOWN reason is one string

from tests.keras.kprobe.snippets import snippet_test
from tests.keras.kprobe49b.cases_cb import SNIPPETS

KNOWN: dict[str, str] = {
    'csv_logger_append_and_separator':
        "the second fit's first loss and mae one float32 step apart (0.15059900 for TF's 0.15059896): a unit in the last place of float32: NumPy's kernels where TF's CPU takes Eigen's (docs/ulp32.md: not adopted for their cost)",
}

test_prints_what_keras3_printed = snippet_test(SNIPPETS, __file__, KNOWN)
