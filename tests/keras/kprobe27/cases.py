"""Snippets of kprobe27: programs after keras.io's code examples, scaled down to tiny data
and a few steps, in areas the earlier suites did not cover: knowledge distillation,
siamese and triplet losses, GANs with gradient penalties, VAEs, MixUp and CutMix through
tf.data, OCR with CTC, character seq2seq inference loops, Transformer, Perceiver,
MLP-Mixer and ConvMixer blocks, warmup schedules, and saving each custom model.
kprobe/record_golden.py kprobe27 records what real TF 2.21 + Keras 3 prints for each, and
test_kprobe27.py checks that eagerflow prints the same."""

from tests.keras.kprobe27.cases_blocks import SNIPPETS as BLOCK_SNIPPETS
from tests.keras.kprobe27.cases_more import SNIPPETS as MORE_SNIPPETS
from tests.keras.kprobe27.cases_seq import SNIPPETS as SEQ_SNIPPETS
from tests.keras.kprobe27.cases_train import SNIPPETS as TRAIN_SNIPPETS

SNIPPETS: dict[str, str] = {**TRAIN_SNIPPETS, **SEQ_SNIPPETS, **BLOCK_SNIPPETS,
                           **MORE_SNIPPETS}
