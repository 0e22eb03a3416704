"""Snippets of common user programs not covered by the earlier suites: keras.layers.RNN
over custom cells with nested states, ConvLSTM1D/2D outputs and masks, Attention and
MultiHeadAttention with masks and attention scores, GroupNormalization, UnitNormalization
and LayerNormalization (rms_scaling) axes; fit with sample_weight and class_weight,
metrics' reset_state and merge_state, evaluate's return_dict, predict on generators and
PyDatasets, steps_per_epoch over repeated datasets, initial_epoch, model.stop_training set
in a callback. kprobe/record_golden.py kprobe23 records what real TF 2.21 + Keras 3 prints
for each, and test_kprobe23.py checks that eagerflow prints the same."""

from tests.keras.kprobe23.cases_layers import SNIPPETS as LAYER_SNIPPETS
from tests.keras.kprobe23.cases_more import SNIPPETS as MORE_SNIPPETS
from tests.keras.kprobe23.cases_train import SNIPPETS as TRAIN_SNIPPETS

SNIPPETS: dict[str, str] = {**LAYER_SNIPPETS, **TRAIN_SNIPPETS, **MORE_SNIPPETS}
