"""The snippets of cases_summary.py (summaries, configs, reprs, layers on each rank)
print on eagerflow what real TF 2.21 + Keras 3 printed (golden.json, written by
kprobe/record_golden.py kprobe49).

KNOWN lists the snippets that still print otherwise, each with what differs: they run as
strict xfails, so one that starts to match fails until it is taken off the list."""

from tests.keras.kprobe.snippets import snippet_test
from tests.keras.kprobe49.cases_summary import SNIPPETS

KNOWN: dict[str, str] = {
    "convlstm1d_compute_output_shape_of_each_rank": (
        "ConvLSTM1D.compute_output_shape given a shape of the wrong rank: Keras 3 reads "
        "the kernel's rank against the input's (ValueError 'Kernel shape must have the "
        "same length as input...') where eagerflow's rule reads the axes it needs"),
}

test_prints_what_keras3_printed = snippet_test(SNIPPETS, __file__, KNOWN)
