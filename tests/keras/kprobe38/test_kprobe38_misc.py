"""The snippets of cases_misc.py print on eagerflow what real TF 2.21 + Keras 3 printed
(golden.json, written by kprobe/record_golden.py kprobe38; each case file has its own test
file, to keep each file's run short).

KNOWN lists the snippets that still print otherwise, each with what differs: they run as
strict xfails, so one that starts to match fails until it is taken off the list."""

from tests.keras.kprobe.snippets import snippet_test
from tests.keras.kprobe38.cases_misc import SNIPPETS

KNOWN: dict[str, str] = {
    "layer_attributes_present_and_removed": (
        "Keras 3's Layer has no updates, stateful, dynamic, add_update, name_scope, "
        "submodules or with_name_scope (AttributeError); eagerflow's Keras layer is also a "
        "tf.Module and keeps tf.keras 2's attributes, which its own engine and TF-facing "
        "code (tf.Module tracking, name scopes, RNN statefulness) read"),
}

test_prints_what_keras3_printed = snippet_test(SNIPPETS, __file__, KNOWN)
