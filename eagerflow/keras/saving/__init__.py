"""tf.keras.saving (re-exports only)."""

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
from eagerflow._src.keras.saving_lib import (
    load_model as load_model,
    load_weights as load_weights,
    save_model as save_model,
    save_weights as save_weights,
)
from eagerflow._src.keras.file_editor import KerasFileEditor as KerasFileEditor
