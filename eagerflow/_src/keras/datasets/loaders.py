"""tf.keras.datasets loaders: mnist, fashion_mnist, cifar10, boston_housing.

Sits on keras/utils/data_utils.py (the lookup: $EAGERFLOW_DATASETS, then the Keras
cache, then a verified download). Arrays come back exactly as Keras returns them
(dtypes, shapes, channels-last images).
"""

from __future__ import annotations

import gzip
import os
import pickle
from typing import Any

import numpy as np

from eagerflow._src.keras.utils import data_utils as du

_KERAS_DATA = "https://storage.googleapis.com/tensorflow/tf-keras-datasets/"
MNIST_SHA256 = "731c5ac602752760c8e48fbffcf8c3b850d9dc2a2aedcf2cc48468fc17b673d1"
BOSTON_SHA256 = "f553886a1f8d56431e820c5b82552d9d95cfcb96d1e678153f8839538947dff5"
CIFAR10_URL = "https://www.cs.toronto.edu/~kriz/cifar-10-python.tar.gz"
CIFAR10_SHA256 = "6d958be074577803d12ecdefd02955f39262c83c16fe9348329d7fe0b5c001ce"
FASHION_FILES = ("train-labels-idx1-ubyte.gz", "train-images-idx3-ubyte.gz",
                 "t10k-labels-idx1-ubyte.gz", "t10k-images-idx3-ubyte.gz")


def _load_npz(path: str, keys: tuple) -> tuple:
    try:
        with np.load(path, allow_pickle=False) as f:
            return tuple(f[k] for k in keys)
    except (OSError, ValueError, KeyError) as e:
        raise ValueError(f"{path} is not a valid dataset file (expected an .npz archive with "
                         f"arrays {list(keys)}): {e}") from e


def mnist_load_data(path: str = "mnist.npz") -> tuple:
    """((x_train, y_train), (x_test, y_test)): uint8 images (N, 28, 28), uint8 labels."""
    fpath = du.get_file(fname=path, origin=f"{_KERAS_DATA}mnist.npz", file_hash=MNIST_SHA256)
    x_train, y_train, x_test, y_test = _load_npz(fpath, ("x_train", "y_train", "x_test",
                                                         "y_test"))
    return (x_train, y_train), (x_test, y_test)


def read_idx(path: str) -> np.ndarray:
    """An IDX file (gzipped or not), checked against its own header."""
    opener = gzip.open if path.endswith(".gz") else open
    try:
        with opener(path, "rb") as f:
            data = f.read()
    except (OSError, EOFError) as e:  # gzip's CRC check fails on a corrupted file
        raise ValueError(f"{path} is corrupted: {e}") from e
    if len(data) < 4 or data[0] != 0 or data[1] != 0 or data[2] != 8:
        raise ValueError(f"{path} is not an IDX file of unsigned bytes")
    ndim = data[3]
    dims = [int.from_bytes(data[4 + 4 * i: 8 + 4 * i], "big") for i in range(ndim)]
    offset = 4 + 4 * ndim
    if len(data) - offset != int(np.prod(dims)):
        raise ValueError(f"{path} is truncated: header says {dims}, found "
                         f"{len(data) - offset} bytes of data")
    return np.frombuffer(data, np.uint8, offset=offset).reshape(dims)


def fashion_mnist_load_data() -> tuple:
    """Fashion-MNIST as Keras returns it: uint8 (N, 28, 28) images, uint8 labels."""
    paths = [du.get_file(fname, origin=_KERAS_DATA + fname,
                         cache_subdir=os.path.join("datasets", "fashion-mnist"))
             for fname in FASHION_FILES]
    y_train, x_train, y_test, x_test = (read_idx(p) for p in paths)
    if len(x_train) != len(y_train) or len(x_test) != len(y_test):
        raise ValueError("Fashion-MNIST files disagree on the number of examples")
    return (x_train, y_train), (x_test, y_test)


class _NumpyOnlyUnpickler(pickle.Unpickler):
    """Reads the CIFAR batches (dicts of NumPy arrays and lists) and nothing else."""

    _ALLOWED = {("numpy.core.multiarray", "_reconstruct"), ("numpy._core.multiarray",
                                                            "_reconstruct"),
                ("numpy", "ndarray"), ("numpy", "dtype"), ("_codecs", "encode")}

    def find_class(self, module: str, name: str) -> Any:
        if (module, name) not in self._ALLOWED:
            raise pickle.UnpicklingError(f"refusing to load {module}.{name} from a data file")
        return super().find_class(module, name)


def _cifar_batch(path: str, label_key: str = "labels") -> tuple:
    with open(path, "rb") as f:
        d = _NumpyOnlyUnpickler(f, encoding="bytes").load()
    d = {(k.decode("utf8") if isinstance(k, bytes) else k): v for k, v in d.items()}
    data = np.asarray(d["data"], np.uint8).reshape(-1, 3, 32, 32)
    return data, np.asarray(d[label_key], np.uint8)


def _cifar10_dir() -> str:
    name = "cifar-10-batches-py"
    for base in du.dataset_dirs():
        for cand in (os.path.join(base, name), os.path.join(base, "cifar-10-python", name)):
            if os.path.isdir(cand):
                return cand
    cache = os.path.join(du.keras_cache_dir(), "datasets")
    for cand in (os.path.join(cache, name), os.path.join(cache, "cifar-10-batches-py-target",
                                                          name)):
        if os.path.isdir(cand) and os.path.exists(os.path.join(cand, "test_batch")):
            return cand
    path = du.get_file(fname="cifar-10-python.tar.gz", origin=CIFAR10_URL,
                       file_hash=CIFAR10_SHA256, extract=True)
    return os.path.join(path, name)


def cifar10_load_data() -> tuple:
    """CIFAR-10: uint8 (N, 32, 32, 3) images, uint8 labels shaped (N, 1)."""
    path = _cifar10_dir()
    xs, ys = [], []
    for i in range(1, 6):
        x, y = _cifar_batch(os.path.join(path, f"data_batch_{i}"))
        xs.append(x)
        ys.append(y)
    x_test, y_test = _cifar_batch(os.path.join(path, "test_batch"))
    x_train = np.concatenate(xs).transpose(0, 2, 3, 1)
    y_train = np.concatenate(ys).reshape(-1, 1)
    return (x_train, y_train), (x_test.transpose(0, 2, 3, 1), y_test.reshape(-1, 1))


def boston_housing_load_data(path: str = "boston_housing.npz", test_split: float = 0.2,
                             seed: int = 113) -> tuple:
    if not 0 <= test_split < 1:
        raise ValueError(f"Invalid `test_split` argument: {test_split}. It must be between 0 "
                         "and 1 (exclusive of 1).")
    fpath = du.get_file(path, origin=f"{_KERAS_DATA}boston_housing.npz",
                        file_hash=BOSTON_SHA256)
    x, y = _load_npz(fpath, ("x", "y"))
    idx = np.arange(len(x))
    np.random.RandomState(seed).shuffle(idx)
    x, y = x[idx], y[idx]
    n = int(len(x) * (1 - test_split))
    return (np.array(x[:n]), np.array(y[:n])), (np.array(x[n:]), np.array(y[n:]))
