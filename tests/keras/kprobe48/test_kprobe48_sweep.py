"""The snippets of cases_sweep.py print on eagerflow what real TF 2.21 + Keras 3 printed
(golden.json, written by kprobe/record_golden.py kprobe48).

KNOWN lists the snippets that still print otherwise, each with what differs: they run as
strict xfails, so one that starts to match fails until it is taken off the list."""

from tests.keras.kprobe.snippets import snippet_test
from tests.keras.kprobe48.cases_sweep import SNIPPETS

KNOWN: dict[str, str] = {
    "ops_symbolic_rules_left": "keras.ops whose symbolic calls eagerflow still answers by "
                               "tracing the op, where Keras 3's output rules answer or "
                               "refuse in their own words (tile of a negative count, "
                               "lstsq, cdist, ctc_loss, max_pool, conv of stride 0, "
                               "batch_normalization, layer_normalization, "
                               "dot_product_attention, extract_sequences, stft)",
}

test_prints_what_keras3_printed = snippet_test(SNIPPETS, __file__, KNOWN)
