"""The snippets of cases_models.py print on eagerflow what real TF 2.21 + Keras 3 printed
(golden.json, written by kprobe/record_golden.py kprobe44; each case file has its own test
file, to keep each file's run short).

KNOWN lists the snippets that still print otherwise, each with what differs: they run as
strict xfails, so one that starts to match fails until it is taken off the list."""

from tests.keras.kprobe.snippets import snippet_test
from tests.keras.kprobe44.cases_models import SNIPPETS

KNOWN: dict[str, str] = {
    "train_on_batch_mismatched_lengths": "Keras 3's train_on_batch/test_on_batch check no "
    "cardinality: the traced loss's Mul/Sub fails, its message naming the graph's nodes "
    "('{{node compile_loss/mse/mul}} = Mul[T=DT_FLOAT](...)'); eagerflow refuses the "
    "arrays first, with fit's 'Data cardinality is ambiguous'",
}

test_prints_what_keras3_printed = snippet_test(SNIPPETS, __file__, KNOWN)
