"""tf.keras.utils (re-exports only)."""

from eagerflow._src.keras.data_adapter import (
    PyDataset as PyDataset,
    Sequence as Sequence,
    pack_x_y_sample_weight as pack_x_y_sample_weight,
    unpack_x_y_sample_weight as unpack_x_y_sample_weight,
)
from eagerflow._src.keras.utils.data_utils import (
    get_file as get_file,
    normalize as normalize,
    set_random_seed as set_random_seed,
    to_categorical as to_categorical,
)
from eagerflow._src.keras.utils.dataset_utils import (
    text_dataset_from_directory as text_dataset_from_directory,
)
from eagerflow._src.keras.utils.progbar import Progbar as Progbar
from eagerflow._src.keras.utils.sequence_utils import pad_sequences as pad_sequences
