"""tf.keras.utils (re-exports only)."""

from eagerflow._src.keras.data_adapter import (
    PyDataset as PyDataset,
    Sequence as Sequence,
    pack_x_y_sample_weight as pack_x_y_sample_weight,
    unpack_x_y_sample_weight as unpack_x_y_sample_weight,
)
from eagerflow._src.keras.utils.data_utils import (
    get_file as get_file,
    set_random_seed as set_random_seed,
    to_categorical as to_categorical,
)
from eagerflow._src.keras.utils.audio_dataset import (
    audio_dataset_from_directory as audio_dataset_from_directory,
)
from eagerflow._src.keras.utils.dataset_utils import (
    text_dataset_from_directory as text_dataset_from_directory,
)
from eagerflow._src.keras.utils.image_dataset import (
    image_dataset_from_directory as image_dataset_from_directory,
)
from eagerflow._src.keras.utils.numerical_utils import normalize as normalize
from eagerflow._src.keras.utils.progbar import Progbar as Progbar
from eagerflow._src.keras.utils.image_utils import (
    array_to_img as array_to_img,
    img_to_array as img_to_array,
    load_img as load_img,
    save_img as save_img,
)
from eagerflow._src.keras.utils.sequence_utils import pad_sequences as pad_sequences
from eagerflow._src.keras.utils.timeseries import (
    timeseries_dataset_from_array as timeseries_dataset_from_array,
)
from eagerflow._src.keras.backend import clear_session as clear_session
from eagerflow._src.keras.ops.dtypes import standardize_dtype as standardize_dtype
from eagerflow._src.keras.engine.keras_tensor import is_any_keras_tensor as is_keras_tensor
from eagerflow._src.keras.serialization import (
    CustomObjectScope as CustomObjectScope,
    custom_object_scope as custom_object_scope,
    deserialize_keras_object as deserialize_keras_object,
    get_custom_objects as get_custom_objects,
    get_registered_name as get_registered_name,
    get_registered_object as get_registered_object,
    register_keras_serializable as register_keras_serializable,
    serialize_keras_object as serialize_keras_object,
)
from eagerflow._src.keras.utils.config import (
    Config as Config,
    get_source_inputs as get_source_inputs,
)
from eagerflow._src.keras.utils.io_utils import (
    disable_interactive_logging as disable_interactive_logging,
    enable_interactive_logging as enable_interactive_logging,
    is_interactive_logging_enabled as is_interactive_logging_enabled,
)
from eagerflow._src.keras.utils.split import split_dataset as split_dataset
from eagerflow.keras.legacy import saving as legacy
from eagerflow._src.keras.layers.feature_space import FeatureSpace as FeatureSpace
from eagerflow._src.keras.utils.model_visualization import (
    model_to_dot as model_to_dot,
    plot_model as plot_model,
)
from eagerflow.keras.utils import bounding_boxes as bounding_boxes
