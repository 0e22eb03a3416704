"""The snippets of cases_ops.py print on eagerflow what real TF 2.21 + Keras 3 printed
(golden.json, written by kprobe/record_golden.py kprobe38; each case file has its own test
file, to keep each file's run short).

KNOWN lists the snippets that still print otherwise, each with what differs: they run as
strict xfails, so one that starts to match fails until it is taken off the list."""

from tests.keras.kprobe.snippets import snippet_test
from tests.keras.kprobe38.cases_ops import SNIPPETS

KNOWN: dict[str, str] = {
    "ops_jvp_tangent_of_another_shape": (
        "a tangent whose shape differs from its primal's (neither TF nor Keras checks it): "
        "TF's forward accumulator carries the tangent through each op, so sin of a scalar "
        "along a (2,) tangent gives a (2,) tangent out and a product of a (2,) primal with "
        "a (2, 1) tangent fails in its shape merge ('Shapes must be equal rank'); "
        "eagerflow's jvp (and tf.autodiff.ForwardAccumulator) is the double-backward trick "
        "over the primal's shapes, which sums the tangent into the primal's shape (a "
        "scalar 1.0806) and broadcasts the product"),
}

test_prints_what_keras3_printed = snippet_test(SNIPPETS, __file__, KNOWN)
