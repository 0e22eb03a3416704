"""`Dataset.load` / `Dataset.snapshot` with a `reader_func`, as TF 2.21 runs it: traced
once when the dataset is built (not eagerly: `tf.executing_eagerly()` is False inside, and
it is not called again), instantiated for each iterator. A seeded shuffle in it, or one
under a global seed, repeats one order on every pass; an unseeded one (or an unseeded
random map) draws new seeds each pass. TF's outcomes: reader_func_golden.json, recorded
by record_reader_func_golden.py from reader_func_cases.py."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

import eagerflow as tf
from tests.data.reader_func_cases import outcomes

GOLDEN = json.loads(Path(__file__).with_name("reader_func_golden.json").read_text())


@pytest.fixture(scope="module")
def ours() -> dict:
    try:
        return outcomes(tf)
    finally:
        tf.random.set_seed(None)


@pytest.mark.parametrize("case", sorted(GOLDEN))
def test_reader_func_as_tf(ours: dict, case: str) -> None:
    assert ours[case] == GOLDEN[case]


def test_traced_reader_feeds_the_shards_it_reads(tmp_path: Path) -> None:
    # two loads of one traced reader's kind read their own files
    for n in (4, 7):
        path = str(tmp_path / f"saved{n}")
        tf.data.Dataset.range(n).save(path, shard_func=lambda x: x % 2)
        ds = tf.data.Dataset.load(path, reader_func=lambda d: d.flat_map(lambda s: s))
        assert sorted(int(v) for v in ds) == list(range(n))
