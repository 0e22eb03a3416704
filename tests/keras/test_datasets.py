"""Dataset loaders and get_file: local folder, Keras cache, verified download, corrupted
cache files, offline errors; keras.utils helpers."""

import gzip
import hashlib
import os
import pickle
import warnings

import numpy as np
import pytest

import eagerflow as tf
from eagerflow._src.keras.datasets import loaders
from eagerflow._src.keras.utils import data_utils as du

HERE = os.path.dirname(os.path.abspath(__file__))
SHARED = [os.path.normpath(os.path.join(HERE, "..", "..", "..", "shared", "data")),
          "/work/shared/data"]
SHARED_DATA = next((d for d in SHARED if os.path.exists(os.path.join(d, "mnist.npz"))), None)


@pytest.fixture
def env(tmp_path, monkeypatch):
    for var in du.DATASET_ENV_VARS:
        monkeypatch.delenv(var, raising=False)
    monkeypatch.setenv("KERAS_HOME", str(tmp_path / "keras_home"))
    return tmp_path


def _fake_mnist(path, n=6):
    rng = np.random.default_rng(0)
    np.savez(path, x_train=rng.integers(0, 255, (n, 28, 28), dtype=np.uint8),
             y_train=np.arange(n, dtype=np.uint8) % 10,
             x_test=rng.integers(0, 255, (2, 28, 28), dtype=np.uint8),
             y_test=np.array([3, 4], np.uint8))
    return path


def _sha256(path):
    with open(path, "rb") as f:
        return hashlib.sha256(f.read()).hexdigest()


@pytest.mark.skipif(SHARED_DATA is None, reason="shared/data/mnist.npz not on this machine")
def test_mnist_from_shared_data_via_env(env, monkeypatch):
    monkeypatch.setenv("EAGERFLOW_DATASETS", SHARED_DATA)
    (x, y), (xt, yt) = tf.keras.datasets.mnist.load_data()
    assert x.shape == (8000, 28, 28) and x.dtype == np.uint8 and y.dtype == np.uint8
    assert xt.shape == (2000, 28, 28) and yt.shape == (2000,)
    assert not os.path.exists(env / "keras_home")  # a local folder is never copied or hashed


def test_mnist_from_local_folder(env, monkeypatch):
    local = env / "data"
    local.mkdir()
    _fake_mnist(str(local / "mnist.npz"))
    monkeypatch.setenv("EAGERFLOW_DATASETS", str(local))
    (x, y), (xt, yt) = tf.keras.datasets.mnist.load_data()
    assert x.shape == (6, 28, 28) and list(yt) == [3, 4]


def test_mnist_cache_hit_download_and_corrupted_cache(env, monkeypatch, capsys):
    src = _fake_mnist(str(env / "origin.npz"))
    monkeypatch.setattr(loaders, "MNIST_SHA256", _sha256(src))
    monkeypatch.setattr(loaders, "_KERAS_DATA", "file://" + str(env) + "/")
    cached = env / "keras_home" / "datasets" / "mnist.npz"
    os.rename(src, env / "mnist.npz")  # the "server" serves <origin folder>/mnist.npz
    (x, _), _ = tf.keras.datasets.mnist.load_data()  # downloads, verifies, caches
    assert cached.exists() and x.shape == (6, 28, 28)
    os.remove(env / "mnist.npz")
    (x2, _), _ = tf.keras.datasets.mnist.load_data()  # cache hit (origin is gone)
    np.testing.assert_array_equal(x, x2)
    cached.write_bytes(b"corrupted")
    capsys.readouterr()
    with pytest.raises(du.DownloadError, match="mnist.npz"):
        tf.keras.datasets.mnist.load_data()  # never uses the corrupted file
    assert "file hash does not match" in capsys.readouterr().out  # (Keras 3 prints it)
    _fake_mnist(str(env / "mnist.npz"))
    (x3, _), _ = tf.keras.datasets.mnist.load_data()  # re-downloaded
    assert "we will re-download the data" in capsys.readouterr().out
    np.testing.assert_array_equal(x3, x)


def test_download_with_wrong_checksum_is_discarded(env):
    src = env / "f.bin"
    src.write_bytes(b"payload")
    with pytest.raises(du.DownloadError, match="does not match its expected checksum"):
        du.fetch_file("f.bin", origin="file://" + str(src), file_hash="0" * 64)
    d = env / "keras_home" / "datasets"
    assert not (d / "f.bin").exists() and not any(p.name.startswith(".part") for p in d.iterdir())
    path = du.fetch_file("f.bin", origin="file://" + str(src), file_hash=_sha256(src))
    assert open(path, "rb").read() == b"payload"
    md5 = hashlib.md5(b"payload").hexdigest()
    assert du.fetch_file("g.bin", origin="file://" + str(src), md5_hash=md5).endswith("g.bin")


def test_offline_error_says_which_file_to_put_where(env, monkeypatch):
    with pytest.raises(du.DownloadError) as e:
        du.fetch_file("mnist.npz", origin="http://127.0.0.1:9/mnist.npz")
    msg = str(e.value)
    assert "mnist.npz" in msg and "EAGERFLOW_DATASETS" in msg
    assert os.path.join("keras_home", "datasets", "mnist.npz") in msg
    monkeypatch.setenv("EAGERFLOW_DATASETS", str(env / "mine"))
    with pytest.raises(du.DownloadError, match=r"put it in .*mine/mnist.npz"):
        du.fetch_file("mnist.npz", origin="http://127.0.0.1:9/mnist.npz")


def _write_idx(path, arr):
    header = bytes([0, 0, 8, arr.ndim]) + b"".join(int(d).to_bytes(4, "big")
                                                     for d in arr.shape)
    with gzip.open(path, "wb") as f:
        f.write(header + arr.astype(np.uint8).tobytes())


def test_fashion_mnist_idx_layout(env, monkeypatch):
    d = env / "data" / "fashion-mnist"
    d.mkdir(parents=True)
    rng = np.random.default_rng(1)
    xs, ys = rng.integers(0, 255, (5, 28, 28)), np.array([1, 2, 3, 4, 5])
    _write_idx(d / "train-images-idx3-ubyte.gz", xs)
    _write_idx(d / "train-labels-idx1-ubyte.gz", ys)
    _write_idx(d / "t10k-images-idx3-ubyte.gz", xs[:2])
    _write_idx(d / "t10k-labels-idx1-ubyte.gz", ys[:2])
    monkeypatch.setenv("EAGERFLOW_DATASETS", str(env / "data"))
    (x, y), (xt, yt) = tf.keras.datasets.fashion_mnist.load_data()
    np.testing.assert_array_equal(x, xs)
    assert y.dtype == np.uint8 and list(yt) == [1, 2]
    with open(d / "t10k-labels-idx1-ubyte.gz", "r+b") as f:  # break the gzip CRC
        f.seek(-8, 2)
        f.write(b"\xff\xff\xff\xff")
    with pytest.raises(ValueError, match="corrupted"):
        tf.keras.datasets.fashion_mnist.load_data()


def test_cifar10_from_extracted_keras_cache(env):
    d = env / "keras_home" / "datasets" / "cifar-10-batches-py"
    d.mkdir(parents=True)
    rng = np.random.default_rng(2)
    for name in [f"data_batch_{i}" for i in range(1, 6)] + ["test_batch"]:
        batch = {b"data": rng.integers(0, 255, (2, 3072), dtype=np.uint8),
                 b"labels": [1, 7]}
        with open(d / name, "wb") as f:
            pickle.dump(batch, f, protocol=2)
    (x, y), (xt, yt) = tf.keras.datasets.cifar10.load_data()
    assert x.shape == (10, 32, 32, 3) and y.shape == (10, 1) and xt.shape == (2, 32, 32, 3)
    assert list(yt[:, 0]) == [1, 7]


def test_cifar_unpickler_refuses_code(env):
    class Evil:
        def __reduce__(self):
            return (os.system, ("true",))

    path = env / "evil"
    with open(path, "wb") as f:
        pickle.dump({b"data": Evil(), b"labels": []}, f)
    with pytest.raises(pickle.UnpicklingError, match="refusing to load"):
        loaders._cifar_batch(str(path))


def test_to_categorical():
    out = tf.keras.utils.to_categorical([0, 2, 1])
    np.testing.assert_array_equal(out, np.eye(3)[[0, 2, 1]])
    assert out.dtype == np.float64
    assert tf.keras.utils.to_categorical([[1], [0]], num_classes=3).shape == (2, 3)
    assert tf.keras.utils.to_categorical(np.zeros((2, 4), int), 5).shape == (2, 4, 5)
    t = tf.keras.utils.to_categorical(tf.constant([1, 0]), 2)
    assert t.dtype == tf.float32
    with pytest.raises(IndexError):
        tf.keras.utils.to_categorical([3], num_classes=2)


def test_set_random_seed():
    tf.keras.utils.set_random_seed(7)
    a = np.random.rand(3)
    tf.keras.utils.set_random_seed(7)
    np.testing.assert_array_equal(a, np.random.rand(3))
    with pytest.raises(ValueError, match="Expected `seed` argument to be an integer"):
        tf.keras.utils.set_random_seed(1.5)


def test_progbar_is_public():
    with warnings.catch_warnings():
        assert tf.keras.utils.Progbar(10, verbose=0).target == 10


@pytest.mark.parametrize("kind", ["tar.gz", "zip"])
def test_a_fetched_archive_is_extracted_beside_it_once(tmp_path, kind):
    import shutil

    from eagerflow._src.keras.utils import data_utils as du

    (tmp_path / "src" / "inner").mkdir(parents=True)
    (tmp_path / "src" / "inner" / "a.txt").write_text("A")
    base = str(tmp_path / "arch")
    shutil.make_archive(base, "gztar" if kind == "tar.gz" else "zip", tmp_path / "src")
    target = du._maybe_extract(f"{base}.{kind}", True, "auto")
    assert target == base and (tmp_path / "arch" / "inner" / "a.txt").read_text() == "A"
    assert du._maybe_extract(f"{base}.{kind}", True, "auto") == base  # (already there)
    (tmp_path / "plain.bin").write_bytes(b"not an archive")
    with pytest.raises(du.DownloadError, match="not an archive that can be extracted"):
        du._maybe_extract(str(tmp_path / "plain.bin"), True, "auto")
    assert not list(tmp_path.glob(".extract-*"))  # (no half-extracted folder left)
