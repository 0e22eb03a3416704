"""tf.keras.utils.bounding_boxes (re-exports only)."""

from eagerflow._src.keras.utils.bounding_boxes import (
    affine_transform as affine_transform,
    clip_to_image_size as clip_to_image_size,
    compute_ciou as compute_ciou,
    compute_iou as compute_iou,
    convert_format as convert_format,
    crop as crop,
    decode_deltas_to_boxes as decode_deltas_to_boxes,
    encode_box_to_deltas as encode_box_to_deltas,
    pad as pad,
)
