"""keras.visualization: segmentation masks drawn over images, and galleries of images (and of
images with their masks) plotted with matplotlib, as Keras 3 draws and lays them out.

matplotlib is optional (the `plot` extra): the plotting functions raise Keras 3's ImportError
without it. Bounding boxes are drawn with OpenCV, as Keras 3 draws them (the `opencv`
extra, opencv-python-headless), so that their pixels are Keras's; without it
`draw_bounding_boxes` raises Keras 3's ImportError.
"""

from __future__ import annotations

import functools
import math
from typing import Any

import numpy as np

from eagerflow._src.keras import backend as kb
from eagerflow._src.keras.ops import core as kc
from eagerflow._src.keras.ops import dtypes as kd
from eagerflow._src.keras.ops import nn as knn
from eagerflow._src.keras.ops import numpy_array as na
from eagerflow._src.keras.ops import numpy_math as nm
from eagerflow._src.keras.ops import numpy_reduce as nr
from eagerflow._src.keras.utils.bounding_boxes import convert_format


def _palette(num_classes: int) -> list:
    """Keras 3's class colours: class i is `i * (2**25-1, 2**15-1, 2**21-1) % 255`."""
    palette = np.array([2 ** 25 - 1, 2 ** 15 - 1, 2 ** 21 - 1])
    return [(i * palette % 255).tolist() for i in range(num_classes)]


def draw_segmentation_masks(images: Any, segmentation_masks: Any, num_classes: int | None = None,
                            color_mapping: dict | None = None, alpha: float = 0.8,
                            blend: bool = True, ignore_index: int = -1,
                            data_format: str | None = None) -> Any:
    """`images` (batched) with each class of the integer `segmentation_masks`
    (`(batch, H, W, 1)`) painted in its colour; blended with weight `alpha` into uint8
    (pixels at `ignore_index` keep the image), or the painted float32 images unblended.

    `num_classes` defaults to the largest class in the masks, as Keras 3's does (so that
    class itself is not painted)."""
    data_format = data_format or kb.image_data_format()
    images = _channels_last(images, data_format)
    if data_format == "channels_first":
        segmentation_masks = na.transpose(segmentation_masks, (0, 2, 3, 1))
    images = kc.convert_to_tensor(images, dtype="float32")
    segmentation_masks = kc.convert_to_tensor(segmentation_masks)
    if not kd.is_int_dtype(segmentation_masks.dtype):
        raise TypeError("`segmentation_masks` must be in integer dtype. Received: "
                        f"segmentation_masks.dtype={kd.standardize_dtype(segmentation_masks.dtype)}")
    if num_classes is None:
        num_classes = int(kc.convert_to_numpy(nr.max(segmentation_masks)))
    colors = _palette(num_classes) if color_mapping is None else \
        [color_mapping[i] for i in range(num_classes)]
    valid = na.squeeze(nm.not_equal(segmentation_masks, ignore_index), axis=-1)
    one_hot = kc.convert_to_numpy(knn.one_hot(segmentation_masks, num_classes)[..., 0, :])
    painted = np.array(kc.convert_to_numpy(images))  # painted on the host, as Keras 3 does
    for mask, color in zip(np.transpose(one_hot, (3, 0, 1, 2)).astype(bool), colors):
        painted[mask, ...] = np.array(color, dtype=painted.dtype)[None, :]
    out = kc.cast(kc.convert_to_tensor(painted), "float32")
    if blend:
        out = nm.add(nm.multiply(images, 1 - alpha), nm.multiply(out, alpha))
        out = na.where(na.expand_dims(valid, -1), out, images)
        out = kc.convert_to_numpy(kc.cast(out, "uint8"))
    return out


def _channels_last(images: Any, data_format: str) -> Any:
    """Batched images (a 4D tensor, else Keras's ValueError) with their channels last."""
    shape = kc.shape(images)
    if len(shape) != 4:
        raise ValueError(f"`images` must be batched 4D tensor. Received: images.shape={shape}")
    return na.transpose(images, (0, 2, 3, 1)) if data_format == "channels_first" else images


def _to_0_255(images: Any, value_range: Any) -> Any:
    """Images rescaled from `value_range` to [0, 255] in float32 (Keras 3's preprocessing
    layers' value-range transform)."""
    if value_range[0] == 0 and value_range[1] == 255:
        return images
    images = kc.cast(images, "float32")
    lo, hi = (kc.cast(v, "float32") for v in value_range)
    return nm.multiply(nm.divide(nm.subtract(images, lo), nm.subtract(hi, lo)), 255.0)


def plot_image_gallery(images: Any, y_true: Any = None, y_pred: Any = None,
                       label_map: dict | None = None, rows: int | None = None,
                       cols: int | None = None, value_range: Any = (0, 255), scale: float = 2,
                       path: str | None = None, show: bool | None = None,
                       transparent: bool = True, dpi: int = 60, legend_handles: Any = None,
                       data_format: str | None = None) -> None:
    """A rows x cols grid of the first images of a batch (titled with their true and
    predicted labels through `label_map`), saved to `path` or shown."""
    try:
        import matplotlib.pyplot as plt
    except ImportError:
        raise ImportError("The `plot_image_gallery` function requires the `matplotlib` "
                          "package. Please install it with `pip install matplotlib`.") from None
    if path is not None and show:
        raise ValueError("plot_gallery() expects either `path` to be set, or `show` to be "
                         "true.")
    if (y_true is not None or y_pred is not None) and label_map is None:
        raise ValueError("If `y_true` or `y_pred` are provided, a `label_map` must also be "
                         "provided.")
    show = show if show is not None else path is None
    data_format = data_format or kb.image_data_format()
    batch_size = kc.shape(images)[0] if len(kc.shape(images)) == 4 else 1
    rows = rows or int(math.ceil(math.sqrt(batch_size)))
    cols = cols or int(math.ceil(batch_size // rows))
    if len(kc.shape(images)) != 4:
        raise ValueError("`plot_images_gallery()` requires you to batch your `np.array` "
                         "samples together.")
    images = images[:min(rows * cols, batch_size), ...]
    if data_format == "channels_first":
        images = na.transpose(images, (0, 2, 3, 1))
    fig, axes = plt.subplots(nrows=rows, ncols=cols, figsize=(cols * scale, rows * scale),
                             frameon=False, layout="tight", squeeze=True, sharex="row",
                             sharey="col")
    fig.subplots_adjust(wspace=0, hspace=0)
    if isinstance(axes, np.ndarray) and len(axes.shape) == 1:
        axes = np.expand_dims(axes, 0 if rows == 1 else -1)
    if legend_handles is not None:
        fig.legend(handles=legend_handles, loc="lower center")
    images = np.asarray(kc.convert_to_numpy(_to_0_255(images, value_range)))
    if data_format == "channels_first":
        # Keras 3 moves the channels a second time here (its channels_first galleries show
        # (H, C, W) arrays); kept so the figures are Keras's
        images = images.transpose(0, 2, 3, 1)
    y_true = None if y_true is None else kc.convert_to_numpy(y_true)
    y_pred = None if y_pred is None else kc.convert_to_numpy(y_pred)
    for row in range(rows):
        for col in range(cols):
            index = row * cols + col
            axis = axes[row, col] if isinstance(axes, np.ndarray) else axes
            axis.imshow(images[index].astype("uint8"))
            axis.margins(x=0, y=0)
            axis.axis("off")
            title = []
            if y_true is not None and index < len(y_true):
                title.append(f"Label: {label_map.get(y_true[index], 'Unknown')}")
            if y_pred is not None and index < len(y_pred):
                title.append(f"Pred: {label_map.get(y_pred[index], 'Unknown')}")
            if title:
                axis.set_title("  ".join(title), fontsize=8)
    if path is not None:
        plt.savefig(fname=path, pad_inches=0, bbox_inches="tight", transparent=transparent,
                    dpi=dpi)
        plt.close()
    elif show:
        plt.show()
        plt.close()


def plot_segmentation_mask_gallery(images: Any, num_classes: int, value_range: Any = (0, 255),
                                   y_true: Any = None, y_pred: Any = None,
                                   color_mapping: dict | None = None, blend: bool = True,
                                   alpha: float = 0.8, ignore_index: int = -1,
                                   data_format: str | None = None, **kwargs: Any) -> None:
    """A gallery with one row per image: the image, then its true and predicted masks drawn
    over it (`draw_segmentation_masks`); `kwargs` go to `plot_image_gallery`."""
    data_format = data_format or kb.image_data_format()
    images = _channels_last(images, data_format)
    batch_size = kc.shape(images)[0]
    cols = 1 + (y_true is not None) + (y_pred is not None)
    images_np = kc.convert_to_numpy(images)
    draw = functools.partial(draw_segmentation_masks, num_classes=num_classes,
                             color_mapping=color_mapping, alpha=alpha,
                             ignore_index=ignore_index, blend=blend)
    drawn = []
    for masks in (y_true, y_pred):
        if masks is not None:
            if data_format == "channels_first":
                masks = na.transpose(masks, (0, 2, 3, 1))
            drawn.append(draw(images_np, kc.cast(masks, "int32")))
    gallery = []
    for i in range(batch_size):
        gallery.append(images_np[i])
        gallery.extend(d[i] for d in drawn)
    return plot_image_gallery(np.stack(gallery, axis=0), value_range=value_range,
                              rows=batch_size, cols=cols, **kwargs)


def _host(images: Any) -> Any:
    """`images` as a NumPy array for OpenCV: a tensor's values in C order, as TF's come
    out (a transposed NumPy array keeps its layout, which OpenCV refuses, as it does
    under Keras 3)."""
    if isinstance(images, np.ndarray):
        return images
    return np.ascontiguousarray(kc.convert_to_numpy(images))


def _text_origin(x: int, y: int, font_scale: float, thickness: int) -> tuple:
    """Where Keras 3 puts a box's label: above its corner, or inside when that is off the
    top of the image."""
    font_height = int(font_scale * 12)
    if y - 8 - 2 * font_height > 0:
        return x, y - 8
    return x + 3, y + 2 * font_height + thickness + 3


def draw_bounding_boxes(images: Any, bounding_boxes: dict, bounding_box_format: str,
                        class_mapping: dict | None = None, color: Any = (128, 128, 128),
                        line_thickness: int = 2, text_thickness: int = 1,
                        font_scale: float = 1.0, data_format: str | None = None) -> Any:
    """`images` (batched, as uint8: floats up to 1 scaled by 255, others clipped to
    [0, 255]) with each box of `bounding_boxes` (`{"boxes", "labels"[, "confidences"]}`)
    drawn in `color`, labelled through `class_mapping` (with its confidence); label -1
    draws nothing. A NumPy array."""
    try:
        import cv2
    except ImportError:
        raise ImportError("The `draw_bounding_boxes` function requires the `cv2` package  "
                          "(OpenCV). Please install it with `pip install opencv-python`."
                          ) from None
    class_mapping = class_mapping or {}
    text_thickness = text_thickness or line_thickness
    data_format = data_format or kb.image_data_format()
    shape = kc.shape(images)
    if len(shape) != 4:
        raise ValueError(f"`images` must be batched 4D tensor. Received: images.shape={shape}")
    if not isinstance(bounding_boxes, dict):
        raise TypeError(f"`bounding_boxes` should be a dict. Received: bounding_boxes="
                        f"{bounding_boxes} of type {type(bounding_boxes)}")
    if "boxes" not in bounding_boxes or "labels" not in bounding_boxes:
        raise ValueError("`bounding_boxes` should be a dict containing 'boxes' and 'labels' "
                         f"keys. Received: bounding_boxes={bounding_boxes}")
    h_axis, w_axis = (-3, -2) if data_format == "channels_last" else (-2, -1)
    bounding_boxes = convert_format(dict(bounding_boxes), bounding_box_format, "xyxy",
                                    shape[h_axis], shape[w_axis])
    pixels = _host(images)  # drawn on the host, as Keras 3 draws
    if pixels.dtype.kind == "f" and pixels.size > 0:
        pixels = np.clip(pixels, 0, 1) * 255 if pixels.max() <= 1.0 else \
            np.clip(pixels, 0, 255)
    pixels = pixels.astype("uint8")
    boxes = np.asarray(kc.convert_to_numpy(bounding_boxes["boxes"]))
    labels = np.asarray(kc.convert_to_numpy(bounding_boxes["labels"]))
    confidences = np.asarray(kc.convert_to_numpy(bounding_boxes["confidences"])) \
        if "confidences" in bounding_boxes else None
    result = []
    for i in range(pixels.shape[0]):
        image = pixels[i]
        for j in range(boxes[i].shape[0]):
            x1, y1, x2, y2 = (int(v) for v in boxes[i][j].astype("int32"))
            c = int(labels[i][j].astype("int32"))
            if c == -1:
                continue
            cv2.rectangle(image, (x1, y1), (x2, y2), color, line_thickness)
            if c in class_mapping:
                label = class_mapping[c]
                if confidences is not None:
                    label = f"{label} | {confidences[i][j]:.2f}"
                cv2.putText(img=image, text=label,
                            org=_text_origin(x1, y1, font_scale, text_thickness),
                            fontFace=cv2.FONT_HERSHEY_SIMPLEX, fontScale=font_scale,
                            color=color, thickness=text_thickness)
        result.append(image)
    return np.stack(result, axis=0)


def plot_bounding_box_gallery(images: Any, bounding_box_format: str, y_true: Any = None,
                              y_pred: Any = None, value_range: Any = (0, 255),
                              true_color: Any = (0, 188, 212), pred_color: Any = (255, 235, 59),
                              line_thickness: int = 2, font_scale: float = 1.0,
                              text_thickness: int | None = None,
                              class_mapping: dict | None = None,
                              ground_truth_mapping: dict | None = None,
                              prediction_mapping: dict | None = None, legend: bool = False,
                              legend_handles: Any = None, rows: int | None = None,
                              cols: int | None = None, data_format: str | None = None,
                              **kwargs: Any) -> None:
    """A gallery of `images` with the true boxes drawn in `true_color` and the predicted
    ones in `pred_color` (`legend`: a legend naming the two)."""
    try:
        from matplotlib import patches
    except ImportError:
        raise ImportError("The `plot_bounding_box_gallery` function requires the  "
                          "`matplotlib` package. Please install it with  `pip install "
                          "matplotlib`.") from None
    prediction_mapping = prediction_mapping or class_mapping
    ground_truth_mapping = ground_truth_mapping or class_mapping
    data_format = data_format or kb.image_data_format()
    plotted = _host(_channels_last(images, data_format))
    draw = functools.partial(draw_bounding_boxes, bounding_box_format=bounding_box_format,
                             line_thickness=line_thickness, text_thickness=text_thickness,
                             font_scale=font_scale)
    if y_true is not None:
        plotted = draw(plotted, y_true, color=true_color, class_mapping=ground_truth_mapping)
    if y_pred is not None:
        plotted = draw(plotted, y_pred, color=pred_color, class_mapping=prediction_mapping)
    if legend:
        if legend_handles:
            raise ValueError("Only pass `legend` OR `legend_handles` to "
                             "`keras.visualization.plot_bounding_box_gallery()`.")
        legend_handles = [
            patches.Patch(color=np.array(true_color) / 255.0, label="Ground Truth"),
            patches.Patch(color=np.array(pred_color) / 255.0, label="Prediction")]
    return plot_image_gallery(plotted, value_range=value_range, legend_handles=legend_handles,
                              rows=rows, cols=cols, **kwargs)
