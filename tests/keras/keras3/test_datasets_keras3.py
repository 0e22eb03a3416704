"""keras.datasets imdb, reuters, california_housing and cifar100 on small files in
Keras's own formats: every load_data/get_word_index call gives what Keras 3's loaders give
on the same files (dataset_golden.json, recorded by make_dataset_golden.py); the files are
found in a local data folder or where Keras's cache keeps them; a missing file raises as
the other datasets do; a pickle that is not a NumPy array is refused."""

import json
import os
import shutil
import sys

import numpy as np
import pytest

import eagerflow as tf
from eagerflow._src.keras.utils import data_utils as du

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
import dataset_cases as C  # noqa: E402

GOLDEN = json.load(open(os.path.join(HERE, "dataset_golden.json")))


@pytest.fixture
def env(tmp_path, monkeypatch):
    for var in du.DATASET_ENV_VARS:
        monkeypatch.delenv(var, raising=False)
    monkeypatch.setenv("KERAS_HOME", str(tmp_path / "keras_home"))
    return tmp_path


@pytest.fixture
def local(env, monkeypatch):
    folder = env / "data"
    folder.mkdir()
    C.write_files(str(folder))
    monkeypatch.setenv("EAGERFLOW_DATASETS", str(folder))
    return folder


@pytest.mark.parametrize("case", C.CASES, ids=C.case_id)
def test_loader_matches_keras3(local, case):
    module = getattr(tf.keras.datasets, case[0])
    assert C.run_case(module, case) == GOLDEN[C.case_id(case)]


def test_cifar100_from_the_keras_cache_layout(env):
    target = env / "keras_home" / "datasets" / "cifar-100-python-target"
    target.mkdir(parents=True)
    C.write_files(str(target))  # (cifar-100-python/ inside, as Keras extracts it)
    (x, y), (xt, yt) = tf.keras.datasets.cifar100.load_data()
    want = GOLDEN[C.case_id(("cifar100", "load_data", {}))]
    assert C.describe(((x, y), (xt, yt))) == want


def test_imdb_from_the_keras_cache_needs_the_real_file(env, capsys):
    cache = env / "keras_home" / "datasets"
    cache.mkdir(parents=True)
    C.write_files(str(cache))
    # a cached file whose hash is not Keras's is fetched again: offline, that fails
    with pytest.raises(du.DownloadError, match="imdb.npz"):
        tf.keras.datasets.imdb.load_data()
    assert "file hash does not match" in capsys.readouterr().out  # (Keras 3 prints it)


@pytest.mark.parametrize("dataset", ["imdb", "reuters", "california_housing", "cifar100"])
def test_missing_files_raise_download_error(env, dataset, monkeypatch):
    monkeypatch.setattr(du, "_download", _offline)
    with pytest.raises(du.DownloadError, match="Could not find or download"):
        getattr(tf.keras.datasets, dataset).load_data()


def _offline(*args, **kwargs):
    raise OSError("no network")


class _Evil:
    def __reduce__(self):
        return (os.system, ("true",))


def test_a_pickle_that_is_not_an_array_is_refused(local):
    path = local / "imdb.npz"
    with np.load(path, allow_pickle=True) as f:
        arrays = dict(f)
    evil = np.empty(1, dtype=object)
    evil[0] = _Evil()
    arrays["x_train"] = evil
    np.savez(path, **arrays)
    with pytest.raises(ValueError, match="refusing to load posix.system"):
        tf.keras.datasets.imdb.load_data()


def test_corrupt_npz_is_a_value_error(local):
    (local / "reuters.npz").write_bytes(b"not a zip")
    with pytest.raises(ValueError, match="not a valid dataset file"):
        tf.keras.datasets.reuters.load_data()


def test_word_index_shift_matches_load_data(local):
    index = tf.keras.datasets.imdb.get_word_index()
    (x, _), _ = tf.keras.datasets.imdb.load_data(index_from=3)
    assert index["the"] == 1 and x.dtype == object and all(s[0] == 1 for s in x)
    shutil.rmtree(local)
