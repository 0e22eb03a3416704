"""Snippets of kprobe30: print-only programs after keras.io's generative and
advanced-training examples scaled down (GANs with two optimizers, a VAE, distillation,
contrastive, triplet and metric learning, consistency training, MixUp and CutMix in
tf.data), a miniature vision transformer and GPT, keras.applications models with
weights=None on small inputs and their preprocess_input functions, the directory dataset
readers on files the snippets write, seeded resizing and cropping layers, subclassed models
with nested layer tracking, shared layers and Model.summary formats.
kprobe/record_golden.py kprobe30 records what real TF 2.21 + Keras 3 prints for each, and
the suite's test files check that eagerflow prints the same."""

from tests.keras.kprobe30.cases_apps import SNIPPETS as APPS_SNIPPETS
from tests.keras.kprobe30.cases_apps_large import SNIPPETS as APPS_LARGE_SNIPPETS
from tests.keras.kprobe30.cases_gen import SNIPPETS as GEN_SNIPPETS
from tests.keras.kprobe30.cases_models import SNIPPETS as MODEL_SNIPPETS
from tests.keras.kprobe30.cases_vision import SNIPPETS as VISION_SNIPPETS

SNIPPETS: dict[str, str] = {**GEN_SNIPPETS, **VISION_SNIPPETS, **APPS_SNIPPETS,
                           **APPS_LARGE_SNIPPETS, **MODEL_SNIPPETS}
