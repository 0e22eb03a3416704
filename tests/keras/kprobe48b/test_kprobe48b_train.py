"""The snippets of cases_train.py print on eagerflow what real TF 2.21 + Keras 3 printed
(golden.json, written by kprobe/record_golden.py kprobe48b).

KNOWN lists the snippets that still print otherwise, each with what differs: they run as
strict xfails, so one that starts to match fails until it is taken off the list."""

from tests.keras.kprobe.snippets import snippet_test
from tests.keras.kprobe48b.cases_train import SNIPPETS

KNOWN: dict[str, str] = {
    "fit_batch_size_with_datasets_and_generators": "a dataset map's error in fit: TF reads "
    "the iterator inside its train function, so the error is 'Graph execution error:' "
    "(Detected at node GatherV2 ... <stack traces unavailable>); eagerflow's reads it "
    "eagerly: '{{function_node __wrapped__IteratorGetNext...}}'",
}

test_prints_what_keras3_printed = snippet_test(SNIPPETS, __file__, KNOWN)
