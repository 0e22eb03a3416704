"""Snippets probing Keras 3 where earlier suites did not: losses computed in integer
dtypes (cases_losses.py), keras.ops' dtype promotion, keras.random's shapes, dtypes and
errors, quantizers, attention layers' masks and scores, recurrent states under masks,
symbolic builds, summaries, keras.config and optimizers' configs, EMA, gradient
accumulation and clipping (cases_*.py). kprobe/record_golden.py kprobe14 records what real
TF 2.21 + Keras 3 prints for each, and test_kprobe14.py checks that eagerflow prints the
same."""

from tests.keras.kprobe14.cases_layers import SNIPPETS as LAYER_SNIPPETS
from tests.keras.kprobe14.cases_losses import SNIPPETS as LOSS_SNIPPETS
from tests.keras.kprobe14.cases_ops import SNIPPETS as OPS_SNIPPETS
from tests.keras.kprobe14.cases_train import SNIPPETS as TRAIN_SNIPPETS

SNIPPETS = {**LOSS_SNIPPETS, **OPS_SNIPPETS, **LAYER_SNIPPETS, **TRAIN_SNIPPETS}
