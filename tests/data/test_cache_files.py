"""Dataset.cache(filename)'s files are TF's: cache_files_golden/ holds the bundles TF 2.21
wrote for three pipelines (values, strings and a matrix; a SparseTensor beside a
scalar; ten components, whose keys' component index is one digit wide); eagerflow reads
them, and the files it writes are the same bytes."""

from __future__ import annotations

import filecmp
import os
import shutil
from pathlib import Path

import numpy as np
import pytest

import eagerflow as tf

GOLDEN = Path(__file__).resolve().parent / "cache_files_golden"
FILES = (".index", ".data-00000-of-00001")


def _pipelines() -> dict:
    r = tf.data.Dataset.range(4)
    return {
        "mix": r.map(lambda x: (x, tf.strings.as_string(x), tf.reshape(
            tf.cast(tf.range(6), tf.float32) * tf.cast(x, tf.float32), [2, 3]))),
        "sparse": r.map(lambda x: (tf.sparse.from_dense(tf.reshape(x, [1])), x)),
        "ten": r.map(lambda x: tuple([x] * 10)),
    }


def _values(ds) -> list:
    return [[np.asarray(t).tolist() for t in tf.nest.flatten(e, expand_composites=True)]
            for e in ds]


@pytest.mark.parametrize("name", sorted(_pipelines()))
def test_cache_files_are_tensorflows(tmp_path, name):
    ds = _pipelines()[name]
    want = _values(ds)
    for suffix in FILES:  # (a copy: reading a complete cache leaves it as it is)
        shutil.copy(GOLDEN / f"tf_{name}{suffix}", tmp_path / f"tf{suffix}")
    assert _values(ds.cache(str(tmp_path / "tf"))) == want
    assert _values(ds.cache(str(tmp_path / "ours"))) == want
    assert sorted(os.listdir(tmp_path)) == sorted(f"{p}{s}" for p in ("tf", "ours")
                                                  for s in FILES)  # (no shard, no lockfile)
    for suffix in FILES:
        assert filecmp.cmp(tmp_path / f"ours{suffix}", GOLDEN / f"tf_{name}{suffix}",
                           shallow=False), suffix


def test_an_empty_cache_is_its_index_alone(tmp_path):
    """(as TF 2.21 leaves it; both read as empty)"""
    ds = tf.data.Dataset.range(0).cache(str(tmp_path / "c"))
    assert list(ds) == [] and list(ds) == []
    assert os.listdir(tmp_path) == ["c.index"]
