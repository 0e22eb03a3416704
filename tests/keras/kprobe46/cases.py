"""Snippets of kprobe46: ordinary keras.ops, tf.nn and tf.linalg code (cases_ops.py:
einsum's shape checks and gradients, linear algebra, activations, moments, convolutions,
losses, image and signal ops, control flow) and ordinary Keras 3 layer and model code
(cases_layers.py: synchronized batch normalization, normalizations, preprocessing,
attention, recurrent layers, losses, metrics, optimizers, schedules, utilities, a small
fit). kprobe/record_golden.py kprobe46 records what real TF 2.21 + Keras 3 prints for
each, and the suite's test files check that eagerflow prints the same."""

from tests.keras.kprobe46.cases_layers import SNIPPETS as LAYERS_SNIPPETS
from tests.keras.kprobe46.cases_ops import SNIPPETS as OPS_SNIPPETS

SNIPPETS: dict[str, str] = {**OPS_SNIPPETS, **LAYERS_SNIPPETS}
