"""The snippets of cases_opt.py print on eagerflow what real TF 2.21 + Keras 3 printed
(golden.json, written by kprobe/record_golden.py kprobe29; the suite's six case files have
a test file each, to keep each file's run short).

KNOWN lists the snippets that still print otherwise, each with what differs: they run as
strict xfails, so one that starts to match fails until it is taken off the list."""

from tests.keras.kprobe.snippets import snippet_test
from tests.keras.kprobe29.cases_opt import SNIPPETS

KNOWN: dict[str, str] = {
    "schedules_given_integer_learning_rates": "Keras 3's schedules compute in the dtype "
        "of an integer initial_learning_rate: CosineDecay casts pi to int32 (3, so "
        "CosineDecay(1, 10)(3) is 0.8108), ExponentialDecay's decay_rate 0.5 becomes 0 "
        "(0.0), InverseTimeDecay divides in integers (1.0), and CosineDecay with a warmup "
        "raises InvalidArgumentError (int32 times float64); eagerflow's schedules compute "
        "in float32 whatever the learning rate's type (0.7939, 0.63, 0.5714, 1.5)",
}

test_prints_what_keras3_printed = snippet_test(SNIPPETS, __file__, KNOWN)
