"""Snippets of kprobe48b: ordinary Keras 3 programs in areas earlier probes touched least.
cases_train.py: training end to end (History, validation, class and sample weights per
output, metric names in logs, callbacks' logs keys, generators, evaluate's forms);
cases_layers.py: wrappers' and RNNs' configs, shapes and states, Lambda layers, subclassed
models saved and loaded; cases_data.py: preprocessing in models and tf.data, dataset
utilities, plot_model; cases_more.py: validation from generators, temporal and
PyDataset weights, metrics' names, masks and RNN states, adapted layers saved.
kprobe/record_golden.py kprobe48b records what real TF 2.21 + Keras 3 prints for each,
and the suite's test files check that eagerflow prints the same."""

from tests.keras.kprobe48b.cases_data import SNIPPETS as DATA_SNIPPETS
from tests.keras.kprobe48b.cases_layers import SNIPPETS as LAYER_SNIPPETS
from tests.keras.kprobe48b.cases_more import SNIPPETS as MORE_SNIPPETS
from tests.keras.kprobe48b.cases_train import SNIPPETS as TRAIN_SNIPPETS

SNIPPETS: dict[str, str] = {**TRAIN_SNIPPETS, **LAYER_SNIPPETS, **DATA_SNIPPETS,
                           **MORE_SNIPPETS}
