"""Snippets of kprobe28: programs after keras.io's code examples, scaled down to tiny data
and a few steps, in areas the earlier suites did not cover: structured data through
FeatureSpace, Deep & Cross and wide-and-deep networks fed by dicts, collaborative
filtering, mixture-of-experts routing, image classification with augmentation inside the
model, Grad-CAM, integrated gradients and gradient ascent on inputs, autoencoders with
Conv2DTranspose, masked convolutions, token classification with masks, timeseries
forecasting, callbacks and their logs, stateful metrics and nested summaries.
kprobe/record_golden.py kprobe28 records what real TF 2.21 + Keras 3 prints for each, and
the suite's test files check that eagerflow prints the same."""

from tests.keras.kprobe28.cases_callbacks import SNIPPETS as CALLBACK_SNIPPETS
from tests.keras.kprobe28.cases_more import SNIPPETS as MORE_SNIPPETS
from tests.keras.kprobe28.cases_seq import SNIPPETS as SEQ_SNIPPETS
from tests.keras.kprobe28.cases_tabular import SNIPPETS as TABULAR_SNIPPETS
from tests.keras.kprobe28.cases_vision import SNIPPETS as VISION_SNIPPETS

SNIPPETS: dict[str, str] = {**TABULAR_SNIPPETS, **VISION_SNIPPETS, **SEQ_SNIPPETS,
                           **CALLBACK_SNIPPETS, **MORE_SNIPPETS}
