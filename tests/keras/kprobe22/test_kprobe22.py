"""The snippets of cases.py (with cases_*.py's) print on eagerflow what real TF 2.21 +
Keras 3 printed (golden.json, written by kprobe/record_golden.py kprobe22).

KNOWN lists the snippets that still print otherwise, each with what differs: they run as
strict xfails, so one that starts to match fails until it is taken off the list."""

from tests.keras.kprobe.snippets import snippet_test
from tests.keras.kprobe22.cases import SNIPPETS

KNOWN: dict[str, str] = {
    "ops_keras_tensor_spec_quirks": "Keras's output specs contradict its eager calls (a 2-D "
                                    "histogram's spec where its call refuses the rank; "
                                    "digitize's bins read as an array): eagerflow's spec is "
                                    "what its traced call gives (see tests/keras/ops/"
                                    "test_golden.py)",
}

test_prints_what_keras3_printed = snippet_test(SNIPPETS, __file__, KNOWN)
