"""tf.image: image ops (re-exports only; implementation in eagerflow/_src/ops/image.py)."""

from eagerflow._src.ops.image import (
    ResizeMethod as ResizeMethod,
    adjust_brightness as adjust_brightness,
    adjust_contrast as adjust_contrast,
    central_crop as central_crop,
    convert_image_dtype as convert_image_dtype,
    crop_to_bounding_box as crop_to_bounding_box,
    flip_left_right as flip_left_right,
    flip_up_down as flip_up_down,
    grayscale_to_rgb as grayscale_to_rgb,
    pad_to_bounding_box as pad_to_bounding_box,
    per_image_standardization as per_image_standardization,
    random_flip_left_right as random_flip_left_right,
    random_flip_up_down as random_flip_up_down,
    resize as resize,
    resize_with_crop_or_pad as resize_with_crop_or_pad,
    resize_with_pad as resize_with_pad,
    rgb_to_grayscale as rgb_to_grayscale,
    rot90 as rot90,
    transpose_image as transpose,
)
