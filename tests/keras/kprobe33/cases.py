"""Snippets of kprobe33: print-only programs in areas the earlier suites did not reach:
keras.ops' numpy functions no round called (NaN-skipping reductions, bitwise ops, inverse
trigonometry, flips, fmax/fmin, cdist, view, ...) with odd dtypes and errors (cases_ops.py);
keras.ops.nn with odd arguments: attention masks with is_causal, grouped heads, CTC beam
search, moments/normalize/batch_normalization, one_hot/multi_hot, polar/psnr, activation
parameters, adaptive pools and conv_transpose (cases_nn.py); less used layers (adaptive
pooling, spectrograms, ReversibleEmbedding, Wrapper subclasses, GroupQueryAttention,
MultiHeadAttention over two axes, custom RNN cells, Bidirectional states, Masking
before RNNs) and losses/metrics with sample_weight shapes, reduction strings and dtype
policies (cases_layers.py); odd arguments to keras.ops functions and preprocessing layers
earlier rounds called plainly (cases_more.py). kprobe/record_golden.py kprobe33 records
what real TF 2.21 + Keras 3 prints for each, and the suite's test files check that
eagerflow prints the same."""

from tests.keras.kprobe33.cases_layers import SNIPPETS as LAYERS_SNIPPETS
from tests.keras.kprobe33.cases_more import SNIPPETS as MORE_SNIPPETS
from tests.keras.kprobe33.cases_nn import SNIPPETS as NN_SNIPPETS
from tests.keras.kprobe33.cases_ops import SNIPPETS as OPS_SNIPPETS

SNIPPETS: dict[str, str] = {**OPS_SNIPPETS, **NN_SNIPPETS, **LAYERS_SNIPPETS, **MORE_SNIPPETS}
