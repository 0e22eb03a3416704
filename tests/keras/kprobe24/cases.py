"""Snippets of common user programs not covered by the earlier suites: preprocessing
layers end to end (TextVectorization's ngrams, splits, standardizers and vocabularies,
the lookups inverted and with several OOV indices, Discretization's output modes,
CategoryEncoding, Hashing's salts, Normalization's axes, Rescaling, CenterCrop and
Resizing's options) in models, tf.data pipelines and config round trips, on Unicode text;
keras.utils (to_categorical, normalize, pad_sequences, timeseries_dataset_from_array,
split_dataset, the text and image dataset readers); summaries, layer lookups,
count_params and JSON round trips; FeatureSpace, functional models of ops, clones, Inputs,
and sublayers frozen and thawed. kprobe/record_golden.py kprobe24 records what real
TF 2.21 + Keras 3 prints for each, and test_kprobe24.py checks that eagerflow prints the
same."""

from tests.keras.kprobe24.cases_models import SNIPPETS as MODEL_SNIPPETS
from tests.keras.kprobe24.cases_more import SNIPPETS as MORE_SNIPPETS
from tests.keras.kprobe24.cases_pipes import SNIPPETS as PIPE_SNIPPETS
from tests.keras.kprobe24.cases_prep import SNIPPETS as PREP_SNIPPETS
from tests.keras.kprobe24.cases_summary import SNIPPETS as SUMMARY_SNIPPETS
from tests.keras.kprobe24.cases_text import SNIPPETS as TEXT_SNIPPETS
from tests.keras.kprobe24.cases_utils import SNIPPETS as UTIL_SNIPPETS

SNIPPETS: dict[str, str] = {**PREP_SNIPPETS, **UTIL_SNIPPETS, **MODEL_SNIPPETS,
                            **MORE_SNIPPETS, **PIPE_SNIPPETS, **SUMMARY_SNIPPETS,
                            **TEXT_SNIPPETS}
