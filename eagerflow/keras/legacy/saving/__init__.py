"""tf.keras.legacy.saving (re-exports only)."""

from eagerflow._src.keras.legacy_serialization import (
    deserialize_keras_object as deserialize_keras_object,
    serialize_keras_object as serialize_keras_object,
)
