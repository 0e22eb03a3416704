"""tf.image: image ops (re-exports only; implementation in eagerflow/_src/ops/image.py)."""

from eagerflow._src.ops.image_codecs import (
    decode_bmp as decode_bmp,
    decode_gif as decode_gif,
    decode_image as decode_image,
    decode_jpeg as decode_jpeg,
    decode_jxl as decode_jxl,
    decode_png as decode_png,
    decode_webp as decode_webp,
    is_jpeg as is_jpeg,
)
from eagerflow._src.ops.image import (
    ResizeMethod as ResizeMethod,
    resize as resize,
)
from eagerflow._src.ops.image_pixels import (
    adjust_brightness as adjust_brightness,
    adjust_contrast as adjust_contrast,
    convert_image_dtype as convert_image_dtype,
    grayscale_to_rgb as grayscale_to_rgb,
    per_image_standardization as per_image_standardization,
    rgb_to_grayscale as rgb_to_grayscale,
)
from eagerflow._src.ops.image_orient import (
    flip_left_right as flip_left_right,
    flip_up_down as flip_up_down,
    random_flip_left_right as random_flip_left_right,
    random_flip_up_down as random_flip_up_down,
    rot90 as rot90,
    transpose_image as transpose,
)
from eagerflow._src.ops.image_bounds import (
    central_crop as central_crop,
    crop_to_bounding_box as crop_to_bounding_box,
    pad_to_bounding_box as pad_to_bounding_box,
    resize_with_crop_or_pad as resize_with_crop_or_pad,
    resize_with_pad as resize_with_pad,
)
from eagerflow._src.ops.image_color import (
    adjust_gamma as adjust_gamma,
    adjust_hue as adjust_hue,
    adjust_saturation as adjust_saturation,
    hsv_to_rgb as hsv_to_rgb,
    image_gradients as image_gradients,
    psnr as psnr,
    random_brightness as random_brightness,
    random_contrast as random_contrast,
    random_crop as random_crop,
    random_hue as random_hue,
    random_saturation as random_saturation,
    rgb_to_hsv as rgb_to_hsv,
    rgb_to_yiq as rgb_to_yiq,
    rgb_to_yuv as rgb_to_yuv,
    sobel_edges as sobel_edges,
    stateless_random_brightness as stateless_random_brightness,
    stateless_random_contrast as stateless_random_contrast,
    ssim as ssim,
    ssim_multiscale as ssim_multiscale,
    stateless_random_crop as stateless_random_crop,
    stateless_random_flip_left_right as stateless_random_flip_left_right,
    stateless_random_flip_up_down as stateless_random_flip_up_down,
    stateless_random_hue as stateless_random_hue,
    stateless_random_saturation as stateless_random_saturation,
    total_variation as total_variation,
    yiq_to_rgb as yiq_to_rgb,
    yuv_to_rgb as yuv_to_rgb,
)
from eagerflow._src.ops.image_boxes import draw_bounding_boxes as draw_bounding_boxes
from eagerflow._src.ops.image_boxes import extract_glimpse as extract_glimpse
from eagerflow._src.ops.image_crops import crop_and_resize as crop_and_resize
from eagerflow._src.ops.image_encoders import (
    adjust_jpeg_quality as adjust_jpeg_quality,
    decode_and_crop_jpeg as decode_and_crop_jpeg,
    encode_jpeg as encode_jpeg,
    encode_png as encode_png,
    extract_jpeg_shape as extract_jpeg_shape,
    random_jpeg_quality as random_jpeg_quality,
    stateless_random_jpeg_quality as stateless_random_jpeg_quality,
)
from eagerflow._src.ops.image_patches import extract_patches as extract_patches
from eagerflow._src.ops.box_proposals import (
    generate_bounding_box_proposals as generate_bounding_box_proposals,
)
from eagerflow._src.ops.nms_padded import (
    non_max_suppression_padded as non_max_suppression_padded,
)
from eagerflow._src.ops.image_nms import (
    combined_non_max_suppression as combined_non_max_suppression,
    non_max_suppression_overlaps as non_max_suppression_overlaps,
    non_max_suppression_with_scores as non_max_suppression_with_scores,
)
from eagerflow._src.ops.image_sampling import (
    sample_distorted_bounding_box as sample_distorted_bounding_box,
    stateless_sample_distorted_bounding_box as stateless_sample_distorted_bounding_box,
)
from eagerflow._src.ops.greedy_nms import non_max_suppression as non_max_suppression

# TF's __name__ for the functions above whose own is a factory's or an alias's
from eagerflow._src.core import api_names as _api_names  # noqa: E402

_api_names.adopt_tf_names("image", globals())
del _api_names
