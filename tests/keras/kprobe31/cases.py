"""Snippets of kprobe31: print-only programs after keras.io's structured-data, timeseries
and NLP examples scaled down, in areas the earlier suites did not reach together:
FeatureSpace with crosses feeding embeddings and inference models of raw dicts, manual
per-column lookups, class and sample weights with validation_split, regularizers' and
constraints' effects on trained weights (cases_struct.py); timeseries_dataset_from_array's
windows as the weather example takes them, LSTM/GRU forecasters, stateful forecasting with
reset_states, Bidirectional merge modes in trained taggers, ConvLSTM next-frame models,
custom cells with nested states, TimeDistributed and masks (cases_series.py);
TextVectorization's modes inside models and in tf.data, a tiny Transformer encoder with a
positional embedding and padding masks, seq2seq with teacher forcing and greedy decoding,
character models, the attention layers and EinsumDense's bias_axes (cases_text.py);
callbacks together in one fit, BackupAndRestore resuming, PyDatasets with workers=0,
custom metrics, several outputs and the on_batch methods (cases_fit.py); a Transformer
decoder's combined masks, text models saved with their vectorizers, temporal and per-output
sample weights and callbacks' inferred modes (cases_more.py); stateful layers given odd
batches, masks reaching recurrent and attention layers, ragged and file-vocabulary text,
EinsumDense on rank 4 with LoRA, checkpoints every few batches (cases_edge.py);
stateful custom cells and Bidirectional layers reset from callbacks, TimeDistributed
trained over unknown steps and passing step masks on, callbacks when validation skips
epochs (cases_edge2.py).
kprobe/record_golden.py kprobe31 records what real TF 2.21 + Keras 3 prints for each, and
the suite's test files check that eagerflow prints the same."""

from tests.keras.kprobe31.cases_edge import SNIPPETS as EDGE_SNIPPETS
from tests.keras.kprobe31.cases_edge2 import SNIPPETS as EDGE2_SNIPPETS
from tests.keras.kprobe31.cases_fit import SNIPPETS as FIT_SNIPPETS
from tests.keras.kprobe31.cases_more import SNIPPETS as MORE_SNIPPETS
from tests.keras.kprobe31.cases_series import SNIPPETS as SERIES_SNIPPETS
from tests.keras.kprobe31.cases_struct import SNIPPETS as STRUCT_SNIPPETS
from tests.keras.kprobe31.cases_text import SNIPPETS as TEXT_SNIPPETS

SNIPPETS: dict[str, str] = {**STRUCT_SNIPPETS, **SERIES_SNIPPETS, **TEXT_SNIPPETS,
                           **FIT_SNIPPETS, **MORE_SNIPPETS, **EDGE_SNIPPETS,
                           **EDGE2_SNIPPETS}
