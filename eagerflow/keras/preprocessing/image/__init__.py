"""tf.keras.preprocessing.image (re-exports only)."""

from eagerflow._src.keras.layers.preprocessing_image import smart_resize as smart_resize
from eagerflow._src.keras.utils.image_utils import (
    array_to_img as array_to_img,
    img_to_array as img_to_array,
    load_img as load_img,
    save_img as save_img,
)
from eagerflow._src.keras.utils.legacy_image import (
    DirectoryIterator as DirectoryIterator,
    ImageDataGenerator as ImageDataGenerator,
    Iterator as Iterator,
    NumpyArrayIterator as NumpyArrayIterator,
    apply_affine_transform as apply_affine_transform,
    apply_brightness_shift as apply_brightness_shift,
    apply_channel_shift as apply_channel_shift,
    random_brightness as random_brightness,
    random_channel_shift as random_channel_shift,
    random_rotation as random_rotation,
    random_shear as random_shear,
    random_shift as random_shift,
    random_zoom as random_zoom,
)
