"""The snippets of cases_models.py print on eagerflow what real TF 2.21 + Keras 3 printed
(golden.json, written by kprobe/record_golden.py kprobe30; each case file has its own test
file, to keep each file's run short).

KNOWN lists the snippets that still print otherwise, each with what differs: they run as
strict xfails, so one that starts to match fails until it is taken off the list."""

from tests.keras.kprobe.snippets import snippet_test
from tests.keras.kprobe30.cases_models import SNIPPETS

KNOWN: dict[str, str] = {
    "model_layers_property_and_submodules": "eagerflow's Layer is a tf.Module (as tf.keras "
        "2's was), so a model has `submodules` (6 here), where Keras 3's TF-backend Layer is "
        "an AutoTrackable without it (None)",
    "subclass_attribute_tracking_edge_cases": "a tuple of layers set on a model stays a "
        "plain tuple in eagerflow (its layers are tracked all the same); Keras 3 on TF wraps "
        "it in TF's trackable _TupleWrapper proxy, whose class name type() shows",
}

test_prints_what_keras3_printed = snippet_test(SNIPPETS, __file__, KNOWN)
