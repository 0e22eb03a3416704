"""The snippets of cases_sym.py print on eagerflow what real TF 2.21 + Keras 3 printed
(golden.json, written by kprobe/record_golden.py kprobe36; each case file has its own test
file, to keep each file's run short).

KNOWN lists the snippets that still print otherwise, each with what differs: they run as
strict xfails, so one that starts to match fails until it is taken off the list."""

from tests.keras.kprobe.snippets import snippet_test
from tests.keras.kprobe36.cases_sym import SNIPPETS

KNOWN: dict[str, str] = {
    "vectorized_map_structures_eagerly": (
        "elements of different first dims: TF's vectorized_map loops over the largest and "
        "its pfor gather fails (InvalidArgumentError 'Graph execution error:', naming "
        "loop_body/GatherV2/pfor/GatherV2, TF's own frames and an __inference_f_N op); "
        "eagerflow's tf.vectorized_map refuses them up front (ValueError "
        "'Elements in elems must have the same first dimension'): control_flow/loops.py "
        "sits below function/, whose counter names __inference_f_N"),
}

test_prints_what_keras3_printed = snippet_test(SNIPPETS, __file__, KNOWN)
