"""The snippets of cases_train.py print on eagerflow what real TF 2.21 + Keras 3 printed
(golden.json, written by kprobe/record_golden.py kprobe49b).

KNOWN lists the snippets that still print otherwise, each with what differs: they run as
strict xfails, so one that starts to match fails until it is taken off the list."""

# ruff: noqa: E501 - each KNOWN reason is one string

from tests.keras.kprobe.snippets import snippet_test
from tests.keras.kprobe49b.cases_train import SNIPPETS

KNOWN: dict[str, str] = {
    'custom_train_step_returning_odd_logs':
        "Python's AttributeError names TF's C EagerTensor type by its full path ('tensorflow.python.framework.ops.EagerTensor'), eagerflow's class by its name",
}

test_prints_what_keras3_printed = snippet_test(SNIPPETS, __file__, KNOWN)
