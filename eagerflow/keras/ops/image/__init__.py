"""keras.ops.image (re-exports only)."""

from eagerflow._src.keras.ops.image import (  # noqa: F401
    affine_transform as affine_transform, elastic_transform as elastic_transform,
    gaussian_blur as gaussian_blur, hsv_to_rgb as hsv_to_rgb, map_coordinates as map_coordinates,
    perspective_transform as perspective_transform, resize as resize,
    rgb_to_grayscale as rgb_to_grayscale, rgb_to_hsv as rgb_to_hsv, sobel_edges as sobel_edges,
    ssim as ssim,
)
from eagerflow._src.keras.ops.image_geometry import (  # noqa: F401
    crop_images as crop_images, extract_patches as extract_patches,
    extract_patches_3d as extract_patches_3d, pad_images as pad_images,
    scale_and_translate as scale_and_translate,
)
