"""Snippets of kprobe32: print-only programs in areas the earlier suites did not reach:
Keras 3's image augmentation layers seeded in and out of tf.function and tf.data, each
fill_mode and interpolation, value_range, channels_first, bounding-box dicts and
get_config/from_config round trips, Pipeline, MixUp/CutMix (cases_aug.py);
keras.ops.image's transforms, crops and pads, HSV, resize options, blurs and
scale_and_translate, and keras.random with SeedGenerator in tf.function and under
StatelessScope (cases_ops.py); keras.utils' to_categorical, normalize, pad_sequences,
timeseries splits, split_dataset, set_random_seed and get_file from a local file:// URL
(cases_utils.py); boxes over tf.data, ragged and unbatched boxes, augmenting models
trained and saved, keras.random in tf.data maps and stateless calls (cases_more.py).
kprobe/record_golden.py kprobe32 records what real TF 2.21 + Keras 3 prints for each, and
the suite's test files check that eagerflow prints the same."""

from tests.keras.kprobe32.cases_aug import SNIPPETS as AUG_SNIPPETS
from tests.keras.kprobe32.cases_more import SNIPPETS as MORE_SNIPPETS
from tests.keras.kprobe32.cases_ops import SNIPPETS as OPS_SNIPPETS
from tests.keras.kprobe32.cases_utils import SNIPPETS as UTILS_SNIPPETS

SNIPPETS: dict[str, str] = {**AUG_SNIPPETS, **OPS_SNIPPETS, **UTILS_SNIPPETS,
                           **MORE_SNIPPETS}
