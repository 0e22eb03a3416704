"""tf.keras.datasets loaders: mnist, fashion_mnist, cifar10, cifar100, boston_housing,
california_housing (imdb and reuters: text_loaders.py).

Sits on keras/utils/data_utils.py (the lookup: $EAGERFLOW_DATASETS, then the Keras
cache, then a verified download). Arrays come back exactly as Keras returns them
(dtypes, shapes, channels-last images).
"""

from __future__ import annotations

import gzip
import io
import os
import pickle
import zipfile
from typing import Any

import numpy as np

from eagerflow._src.keras import backend as kb
from eagerflow._src.keras.utils import data_utils as du

_KERAS_DATA = "https://storage.googleapis.com/tensorflow/tf-keras-datasets/"
MNIST_SHA256 = "731c5ac602752760c8e48fbffcf8c3b850d9dc2a2aedcf2cc48468fc17b673d1"
BOSTON_SHA256 = "f553886a1f8d56431e820c5b82552d9d95cfcb96d1e678153f8839538947dff5"
CIFAR10_URL = "https://www.cs.toronto.edu/~kriz/cifar-10-python.tar.gz"
CIFAR10_SHA256 = "6d958be074577803d12ecdefd02955f39262c83c16fe9348329d7fe0b5c001ce"
CIFAR100_URL = "https://www.cs.toronto.edu/~kriz/cifar-100-python.tar.gz"
CIFAR100_SHA256 = "85cd44d02ba6437773c5bbd22e183051d648de2e7d6b014e1ef29b855ba677a7"
CALIFORNIA_SHA256 = "1a2e3a52e0398de6463aebe6f4a8da34fb21fbb6b934cf88c3425e766f2a1a6f"
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
    fpath = du.fetch_file(fname=path, origin=f"{_KERAS_DATA}mnist.npz", file_hash=MNIST_SHA256)
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
    paths = [du.fetch_file(fname, origin=_KERAS_DATA + fname,
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


def load_npz_objects(path: str, keys: tuple) -> tuple:
    """Arrays `keys` of an .npz archive whose arrays may hold Python objects (IMDB's and
    Reuters' lists of word indices): numeric arrays are read without pickle, object arrays
    with an unpickler that rebuilds NumPy arrays and nothing else."""
    try:
        with zipfile.ZipFile(path) as z:
            out = []
            for key in keys:
                with z.open(f"{key}.npy") as member:
                    fp = io.BytesIO(member.read())
                out.append(_read_npy(fp))
            return tuple(out)
    except (OSError, ValueError, KeyError, zipfile.BadZipFile, pickle.UnpicklingError,
            EOFError) as e:
        raise ValueError(f"{path} is not a valid dataset file (expected an .npz archive with "
                         f"arrays {list(keys)}): {e}") from e


def _read_npy(fp: io.BytesIO) -> np.ndarray:
    try:
        return np.lib.format.read_array(fp, allow_pickle=False)
    except ValueError:  # an object array: its data is a pickle stream after the header
        fp.seek(0)
        major, _ = np.lib.format.read_magic(fp)
        if major == 1:
            np.lib.format.read_array_header_1_0(fp)
        else:
            np.lib.format.read_array_header_2_0(fp)
        return _NumpyOnlyUnpickler(fp).load()


def _cifar_batch(path: str, label_key: str = "labels", label_dtype: Any = np.uint8) -> tuple:
    with open(path, "rb") as f:
        d = _NumpyOnlyUnpickler(f, encoding="bytes").load()
    d = {(k.decode("utf8") if isinstance(k, bytes) else k): v for k, v in d.items()}
    data = np.asarray(d["data"], np.uint8).reshape(-1, 3, 32, 32)
    return data, np.asarray(d[label_key], label_dtype)


def _cifar_dir(name: str, marker: str, cache_target: str, url: str, sha256: str) -> str:
    """The folder `name` of CIFAR batch files: in a local data folder (as extracted, or in
    the archive's own folder), in the Keras cache (where Keras 3 extracts it: under
    `cache_target`), else downloaded and extracted."""
    archive = url.rsplit("/", 1)[1]
    for base in du.dataset_dirs():
        for cand in (os.path.join(base, name),
                     os.path.join(base, archive.split(".")[0], name)):
            if os.path.isdir(cand):
                return cand
    cache = os.path.join(du.keras_cache_dir(), "datasets")
    for cand in (os.path.join(cache, name), os.path.join(cache, cache_target, name)):
        if os.path.isdir(cand) and os.path.exists(os.path.join(cand, marker)):
            return cand
    path = du.fetch_file(fname=archive, origin=url, file_hash=sha256, extract=True)
    return os.path.join(path, name)


def _channels(x: np.ndarray) -> np.ndarray:
    """(N, 3, 32, 32) batches in keras.config's image data format."""
    return x.transpose(0, 2, 3, 1) if kb.image_data_format() == "channels_last" else x


def cifar10_load_data() -> tuple:
    """CIFAR-10: uint8 (N, 32, 32, 3) images, uint8 labels shaped (N, 1)."""
    path = _cifar_dir("cifar-10-batches-py", "test_batch", "cifar-10-batches-py-target",
                      CIFAR10_URL, CIFAR10_SHA256)
    xs, ys = [], []
    for i in range(1, 6):
        x, y = _cifar_batch(os.path.join(path, f"data_batch_{i}"))
        xs.append(x)
        ys.append(y)
    x_test, y_test = _cifar_batch(os.path.join(path, "test_batch"))
    x_train = _channels(np.concatenate(xs))
    y_train = np.concatenate(ys).reshape(-1, 1)
    return (x_train, y_train), (_channels(x_test), y_test.reshape(-1, 1))


def cifar100_load_data(label_mode: str = "fine") -> tuple:
    """CIFAR-100: uint8 (N, 32, 32, 3) images; int64 labels shaped (N, 1), the 100 fine
    classes or (label_mode="coarse") the 20 superclasses."""
    if label_mode not in ("fine", "coarse"):
        raise ValueError('`label_mode` must be one of `"fine"`, `"coarse"`. Received: '
                         f"label_mode={label_mode}.")
    path = _cifar_dir("cifar-100-python", "test", "cifar-100-python-target", CIFAR100_URL,
                      CIFAR100_SHA256)
    key = f"{label_mode}_labels"  # (the labels stay int64, as Keras 3 leaves them)
    x_train, y_train = _cifar_batch(os.path.join(path, "train"), key, np.int64)
    x_test, y_test = _cifar_batch(os.path.join(path, "test"), key, np.int64)
    return ((_channels(x_train), y_train.reshape(-1, 1)),
            (_channels(x_test), y_test.reshape(-1, 1)))


def boston_housing_load_data(path: str = "boston_housing.npz", test_split: float = 0.2,
                             seed: int = 113) -> tuple:
    x, y = _housing_xy(path, "boston_housing.npz", BOSTON_SHA256, test_split)
    return _train_test(x, y, test_split, seed)


def _housing_xy(path: str, file_name: str, file_hash: str, test_split: float) -> tuple:
    """The `x` and `y` arrays of a housing data set's .npz (fetched once into the cache),
    after the check of `test_split`."""
    if not 0 <= test_split < 1:
        raise ValueError(f"Invalid `test_split` argument: {test_split}. It must be between 0 "
                         "and 1 (exclusive of 1).")
    fpath = du.fetch_file(path, origin=f"{_KERAS_DATA}{file_name}", file_hash=file_hash)
    return _load_npz(fpath, ("x", "y"))


def _train_test(x: np.ndarray, y: np.ndarray, test_split: float, seed: int) -> tuple:
    """Shuffled by a RandomState of `seed`, the first (1 - test_split) for training."""
    idx = np.arange(len(x))
    np.random.RandomState(seed).shuffle(idx)
    x, y = x[idx], y[idx]
    n = int(len(x) * (1 - test_split))
    return (np.array(x[:n]), np.array(y[:n])), (np.array(x[n:]), np.array(y[n:]))


def california_housing_load_data(version: str = "large", path: str = "california_housing.npz",
                                 test_split: float = 0.2, seed: int = 113) -> tuple:
    """California housing: float (N, 8) features, float prices; version="small" keeps the
    first 600 rows."""
    x, y = _housing_xy(path, "california_housing.npz", CALIFORNIA_SHA256, test_split)
    if version == "small":
        x, y = x[:600], y[:600]
    elif version != "large":
        raise ValueError("Argument `version` must be one of 'small', 'large'. Received: "
                         f"version={version}")
    return _train_test(x, y, test_split, seed)
