"""keras.applications.imagenet_utils: the three ways the applications expect their
ImageNet images preprocessed, and the decoding of 1000-class predictions into
(class id, name, score) (keras layer, beside the architectures).

The class names come from Keras's `imagenet_class_index.json`, fetched once through
`keras.utils.get_file` (found in the Keras cache or a local data folder first).
"""

from __future__ import annotations

import json
from typing import Any

import numpy as np

from eagerflow._src.core.tensor import convert_to_tensor, is_tensor
from eagerflow._src.keras import backend
from eagerflow._src.keras.utils.data_utils import get_file
from eagerflow._src.ops.math import cast

CLASS_INDEX_URL = ("https://storage.googleapis.com/download.tensorflow.org/data/"
                   "imagenet_class_index.json")
CLASS_INDEX_MD5 = "c2c37ea517e94d9795004a39431a14cb"
_CLASS_INDEX: dict | None = None
_CAFFE_MEAN = (103.939, 116.779, 123.68)  # of ImageNet's B, G, R channels
_TORCH_MEAN, _TORCH_STD = (0.485, 0.456, 0.406), (0.229, 0.224, 0.225)


def preprocess_input(x: Any, data_format: str | None = None, mode: str = "caffe") -> Any:
    """RGB images in [0, 255] to a network's input: 'caffe' (BGR, ImageNet's means
    subtracted), 'tf' ([-1, 1]) or 'torch' ([0, 1], then ImageNet's mean and std).
    NumPy data gives NumPy data, tensors give tensors, as in Keras."""
    if mode not in ("caffe", "tf", "torch"):
        raise ValueError("Expected mode to be one of `caffe`, `tf` or `torch`. "
                         f"Received: mode={mode}")
    if data_format is None:
        data_format = backend.image_data_format()
    elif data_format not in ("channels_first", "channels_last"):
        raise ValueError("Expected data_format to be one of `channels_first` or "
                         f"`channels_last`. Received: data_format={data_format}")
    if is_tensor(x):
        x = convert_to_tensor(x)
        if not x.dtype.is_floating:
            x = cast(x, backend.floatx())
    else:
        x = np.asarray(x)
        if x.dtype.kind != "f":
            x = x.astype(backend.floatx())
    if mode == "tf":
        return x / 127.5 - 1.0
    ndim = len(x.shape)
    axis = ndim - 1 if data_format == "channels_last" else (0 if ndim == 3 else 1)
    per_channel = [1] * ndim
    per_channel[axis] = 3

    def channel_constant(values: tuple) -> Any:
        c = np.asarray(values, dtype=np.dtype(x.dtype.name)).reshape(per_channel)
        return convert_to_tensor(c) if is_tensor(x) else c

    if mode == "torch":
        return (x / 255.0 - channel_constant(_TORCH_MEAN)) / channel_constant(_TORCH_STD)
    bgr = x[(slice(None),) * axis + (slice(None, None, -1),)]
    return bgr - channel_constant(_CAFFE_MEAN)


def decode_predictions(preds: Any, top: int = 5) -> list:
    """For each row of 1000 ImageNet scores, its `top` classes as (class id, name, score),
    best first."""
    global _CLASS_INDEX
    preds = np.asarray(preds)
    if len(preds.shape) != 2 or preds.shape[1] != 1000:
        raise ValueError("`decode_predictions` expects a batch of predictions (i.e. a 2D "
                         f"array of shape (samples, 1000)). Received array with shape: "
                         f"{preds.shape}")
    if _CLASS_INDEX is None:
        path = get_file("imagenet_class_index.json", CLASS_INDEX_URL, cache_subdir="models",
                        file_hash=CLASS_INDEX_MD5)
        with open(path) as f:
            _CLASS_INDEX = json.load(f)
    results = []
    for row in preds:
        best = row.argsort()[-top:][::-1]
        decoded = [tuple(_CLASS_INDEX[str(i)]) + (row[i],) for i in best]
        decoded.sort(key=lambda r: r[2], reverse=True)
        results.append(decoded)
    return results
