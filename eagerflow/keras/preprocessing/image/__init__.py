"""tf.keras.preprocessing.image (re-exports only)."""

from eagerflow._src.keras.layers.preprocessing_image import smart_resize as smart_resize
from eagerflow._src.keras.utils.image_utils import (
    array_to_img as array_to_img,
    img_to_array as img_to_array,
    load_img as load_img,
    save_img as save_img,
)
