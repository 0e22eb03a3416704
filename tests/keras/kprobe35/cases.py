"""Snippets of kprobe35: print-only programs over keras.ops' dtype promotion for every pair
of the fifteen Keras dtypes, Python scalars and result_type under other floatx values
(cases_promo.py); numpy-style functions over each dtype and with the arguments earlier
rounds left at their defaults, linear algebra, segments and top_k (cases_numpy.py);
fft/stft and keras.ops.image with each interpolation, fill mode and aspect option
(cases_signal.py); keras.ops.nn over dtypes and ranks (cases_nn.py); keras.random's
values through SeedGenerators, integer and global seeds, and the seeded random layers
(cases_random.py); preprocessing layers over input dtypes and options (cases_prep.py);
masks through Embedding/RNN/attention chains, losses' reductions with weights and masks,
compute_output_spec/shape (cases_mask.py); the tables symbolically, output specs of
ops given KerasTensors, masks through wrappers, attention and merges, more losses, a
masked fit, lookups and random draws in traced functions (cases_more.py).
kprobe/record_golden.py kprobe35 records what real TF 2.21 + Keras 3 prints for each, and
the suite's test files check that eagerflow prints the same."""

from tests.keras.kprobe35.cases_mask import SNIPPETS as MASK_SNIPPETS
from tests.keras.kprobe35.cases_more import SNIPPETS as MORE_SNIPPETS
from tests.keras.kprobe35.cases_nn import SNIPPETS as NN_SNIPPETS
from tests.keras.kprobe35.cases_numpy import SNIPPETS as NUMPY_SNIPPETS
from tests.keras.kprobe35.cases_prep import SNIPPETS as PREP_SNIPPETS
from tests.keras.kprobe35.cases_promo import SNIPPETS as PROMO_SNIPPETS
from tests.keras.kprobe35.cases_random import SNIPPETS as RANDOM_SNIPPETS
from tests.keras.kprobe35.cases_signal import SNIPPETS as SIGNAL_SNIPPETS

SNIPPETS: dict[str, str] = {**PROMO_SNIPPETS, **NUMPY_SNIPPETS, **SIGNAL_SNIPPETS,
                           **NN_SNIPPETS, **RANDOM_SNIPPETS, **PREP_SNIPPETS,
                           **MASK_SNIPPETS, **MORE_SNIPPETS}
