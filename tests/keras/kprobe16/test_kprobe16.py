"""The snippets of cases.py (with cases_*.py's) print on eagerflow what real TF 2.21 +
Keras 3 printed (golden.json, written by kprobe/record_golden.py kprobe16).

KNOWN lists the snippets that still print otherwise, each with what differs: they run as
strict xfails, so one that starts to match fails until it is taken off the list."""

from tests.keras.kprobe.snippets import snippet_test
from tests.keras.kprobe16.cases import SNIPPETS

KNOWN = {
    "csv_logger_file": "float32 last bit of AUC (0.6986050605773926 in TF, 0.6986050009727478): "
                       "its result sums 199 products, a float32 reduce_sum in Eigen's packet "
                       "order in TF (docs/ulp32.md: not adopted)",
}

test_prints_what_keras3_printed = snippet_test(SNIPPETS, __file__, KNOWN)
