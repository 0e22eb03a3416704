"""keras.visualization (tf.keras.visualization): bounding boxes and segmentation masks drawn
over images, and image galleries (re-exports only)."""

from eagerflow._src.keras.visualization import (  # noqa: F401
    draw_bounding_boxes as draw_bounding_boxes,
    draw_segmentation_masks as draw_segmentation_masks,
    plot_bounding_box_gallery as plot_bounding_box_gallery,
    plot_image_gallery as plot_image_gallery,
    plot_segmentation_mask_gallery as plot_segmentation_mask_gallery,
)
