"""The snippets of cases_summary.py (summaries, configs, reprs, layers on each rank)
print on eagerflow what real TF 2.21 + Keras 3 printed (golden.json, written by
kprobe/record_golden.py kprobe49).

KNOWN lists the snippets that still print otherwise, each with what differs: they run as
strict xfails, so one that starts to match fails until it is taken off the list."""

from tests.keras.kprobe.snippets import snippet_test
from tests.keras.kprobe49.cases_summary import SNIPPETS

KNOWN: dict[str, str] = {
    "layers_compute_output_shape_of_each_rank": (
        "compute_output_shape called directly with a shape of the wrong rank: Keras 3 "
        "indexes the tuple given (IndexError 'tuple index out of range' where eagerflow's "
        "list says 'list index'; RNNs, RepeatVector, Permute, Cropping1D/2D, UpSampling, "
        "Bidirectional), and its Cropping2D/UpSampling2D/3D build a fixed-rank tuple "
        "(a rank-5 shape cut to rank 4) where eagerflow keeps every axis; ConvLSTM1D's "
        "rule differs on ranks 1-3 and 5-6"),
}

test_prints_what_keras3_printed = snippet_test(SNIPPETS, __file__, KNOWN)
