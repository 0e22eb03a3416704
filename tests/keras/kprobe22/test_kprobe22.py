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
    "ops_given_nested_lists": "Keras's concatenate, einsum and Loss.__call__ map "
                              "convert_to_tensor over nested lists as structures, then read "
                              "the lists' dtype (AttributeError) or compare the structures "
                              "(ValueError); eagerflow converts each list whole",
}

test_prints_what_keras3_printed = snippet_test(SNIPPETS, __file__, KNOWN)
