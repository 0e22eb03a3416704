"""tf.keras.preprocessing.image (re-exports only)."""

from eagerflow._src.keras.layers.preprocessing_image import smart_resize as smart_resize
