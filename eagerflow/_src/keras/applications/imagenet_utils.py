"""keras.applications.imagenet_utils: the three ways the applications expect their
ImageNet images preprocessed, and the decoding of 1000-class predictions into
(class id, name, score) (keras layer, beside the architectures).

The class names come from Keras's `imagenet_class_index.json`, fetched once through
`data_utils.fetch_file` (found in the Keras cache or a local data folder first).
"""

from __future__ import annotations

import json
from typing import Any

import numpy as np

from eagerflow._src.keras import backend
from eagerflow._src.keras.ops import core as kcore
from eagerflow._src.keras.ops import numpy_array as kops
from eagerflow._src.keras.utils.data_utils import fetch_file

CLASS_INDEX_URL = ("https://storage.googleapis.com/download.tensorflow.org/data/"
                   "imagenet_class_index.json")
CLASS_INDEX_MD5 = "c2c37ea517e94d9795004a39431a14cb"
_CLASS_INDEX: dict | None = None
_CAFFE_MEAN = (103.939, 116.779, 123.68)  # of ImageNet's B, G, R channels
_TORCH_MEAN, _TORCH_STD = (0.485, 0.456, 0.406), (0.229, 0.224, 0.225)


def preprocess_input(x: Any, data_format: str | None = None, mode: str = "caffe") -> Any:
    """RGB images in [0, 255] to a network's input: 'caffe' (BGR, ImageNet's means
    subtracted), 'tf' ([-1, 1]) or 'torch' ([0, 1], then ImageNet's mean and std).

    As Keras 3: a NumPy array is worked on in place where it is float (the caller's array
    changes); anything else goes the tensor way, symbolic inputs included, keeping its
    dtype (an int tensor's means are cast to it; scaling one is TF's dtype error)."""
    if mode not in ("caffe", "tf", "torch"):
        raise ValueError("Expected mode to be one of `caffe`, `tf` or `torch`. "
                         f"Received: mode={mode}")
    if data_format is None:
        data_format = backend.image_data_format()
    elif data_format not in ("channels_first", "channels_last"):
        raise ValueError("Expected data_format to be one of `channels_first` or "
                         f"`channels_last`. Received: data_format={data_format}")
    if isinstance(x, np.ndarray):
        return _preprocess_numpy(x, data_format, mode)
    return _preprocess_tensor(x, data_format, mode)


def _preprocess_numpy(x: np.ndarray, data_format: str, mode: str) -> np.ndarray:
    if not issubclass(x.dtype.type, np.floating):
        x = x.astype(backend.floatx(), copy=False)
    if mode == "tf":
        x /= 127.5
        x -= 1.0
        return x
    std: Any = None
    if mode == "torch":
        x /= 255.0
        mean, std = _TORCH_MEAN, _TORCH_STD
    else:
        # RGB -> BGR (a view: the subtraction below writes into the caller's array)
        if data_format == "channels_first":
            x = x[::-1, ...] if len(x.shape) == 3 else x[:, ::-1, ...]
        else:
            x = x[..., ::-1]
        mean = _CAFFE_MEAN
    if data_format == "channels_first":
        at = [(c, Ellipsis) if len(x.shape) == 3 else (slice(None), c, slice(None), slice(None))
              for c in range(3)]
    else:
        at = [(Ellipsis, c) for c in range(3)]
    for c in range(3):  # (every mean, then every std: an error midway leaves x as Keras's)
        x[at[c]] -= mean[c]
    for c in range(3 if std is not None else 0):
        x[at[c]] /= std[c]
    return x


def _preprocess_tensor(x: Any, data_format: str, mode: str) -> Any:
    ndim = len(x.shape)
    std: Any = None
    if mode == "tf":
        x /= 127.5
        x -= 1.0
        return x
    if mode == "torch":
        x /= 255.0
        mean, std = _TORCH_MEAN, _TORCH_STD
    else:
        # RGB -> BGR, channel by channel (x[..., 2] first: a missing channel is the
        # strided slice's error)
        if data_format == "channels_first":
            if ndim == 3:
                x = kops.stack([x[i, ...] for i in (2, 1, 0)], axis=0)
            else:
                x = kops.stack([x[:, i, :] for i in (2, 1, 0)], axis=1)
        else:
            x = kops.stack([x[..., i] for i in (2, 1, 0)], axis=-1)
        mean = _CAFFE_MEAN
    mean_tensor = kcore.convert_to_tensor(-np.array(mean), dtype=x.dtype)
    if data_format == "channels_first":
        per_channel = (3, 1, 1) if ndim == 3 else (1, 3) + (1,) * (ndim - 2)
    else:
        per_channel = (1,) * (ndim - 1) + (3,)
    x += kops.reshape(mean_tensor, per_channel)
    if std is not None:
        std_tensor = kcore.convert_to_tensor(np.array(std), dtype=x.dtype)
        if data_format == "channels_first":
            std_tensor = kops.reshape(std_tensor, (-1, 1, 1))
        x /= std_tensor
    return x


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
        path = fetch_file("imagenet_class_index.json", CLASS_INDEX_URL, cache_subdir="models",
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
