"""tf.data.experimental.distributed_save: TF 2.21's outcomes of distributed_save_cases.py
(distributed_save_golden.json, recorded by record_distributed_save_golden.py), a distributed
snapshot TF wrote (distributed_save_golden/) read back, and TF reading eagerflow's."""

import json
import os
import threading
from pathlib import Path

import pytest

import eagerflow as tf
from tests.data.distributed_save_cases import all_outcomes, servers, values, wait_done
from tests.data.service_harness import loopback, recorded_outcome_tests
from tests.tf_reference import HAVE_TF_PYTHON, run_tf_script

pytestmark = pytest.mark.skipif(not loopback(), reason="no localhost ports to bind")
HERE = Path(__file__).parent
GOLDEN = json.loads((HERE / "distributed_save_golden.json").read_text())
_servers_stopped, test_outcome_is_tfs, test_every_case_is_recorded = recorded_outcome_tests(
    GOLDEN, lambda: all_outcomes(tf))


def test_reads_the_snapshot_tf_wrote():
    path = str(HERE / "distributed_save_golden")
    loaded = tf.data.Dataset.load(path)
    assert repr(loaded.element_spec) == ("(TensorSpec(shape=(), dtype=tf.int64, name=None), "
                                         "TensorSpec(shape=(), dtype=tf.string, name=None))")
    assert values(loaded) == [(i, str(i * 10).encode()) for i in range(6)]
    flat = tf.data.Dataset.load(path, reader_func=lambda d: d.flat_map(lambda x: x),
                                compression="GZIP")
    assert sorted(int(x) for x, _ in flat.as_numpy_iterator()) == list(range(6))


def test_files_as_tfs_snapshot_has_them(tmp_path):
    address, _, _ = servers(tf)
    path = str(tmp_path / "snap")
    ds = tf.data.Dataset.range(6).map(lambda x: (x, tf.strings.as_string(x * 10)))
    tf.data.experimental.distributed_save(ds, path, address, compression="GZIP")
    assert wait_done(path, 60)
    # (the layout, empty folders and all, is case_layout's: git keeps no empty folder)
    splits = "streams/stream_0/splits/source_0/repetition_0/"
    for name in ["snapshot.metadata", "dataset_spec.pb", "DONE", "streams/stream_0/DONE"] + [
            f"{splits}split_{i}_{i}" for i in range(6)]:
        assert (Path(path) / name).read_bytes() == (
            HERE / "distributed_save_golden" / name).read_bytes(), name


def test_splits_shared_among_workers(tmp_path):
    """Three workers, a repeated and batched source: each element saved as often as the
    dataset holds it, each split recorded by the one stream that read it."""
    address, _, _ = servers(tf, 3)
    path = str(tmp_path / "snap")
    ds = tf.data.Dataset.range(20).repeat(2).batch(3)
    tf.data.experimental.distributed_save(ds, path, address, compression=None)
    loaded = tf.data.Dataset.load(path)
    got = sorted(x for batch in loaded.as_numpy_iterator() for x in batch.tolist())
    assert got == sorted(list(range(20)) * 2)
    assert wait_done(path, 60)
    splits = [n for root, _, files in os.walk(Path(path) / "streams") for n in files
              if n.startswith("split_")]
    assert len(splits) == 40
    chunks = os.listdir(Path(path) / "chunks")
    assert sum(int(n.rsplit("_", 1)[1]) for n in chunks) == len(list(loaded))


def test_a_failed_save_writes_its_error(tmp_path):
    address, _, _ = servers(tf)
    path = str(tmp_path / "snap")
    ds = tf.data.Dataset.range(5).map(
        lambda x: tf.debugging.check_numerics(1.0 / tf.cast(x - 2, tf.float32), "boom"))
    tf.data.experimental.distributed_save(ds, path, address)
    error = Path(path) / "ERROR"
    for _ in range(600):
        if error.exists():
            break
        __import__("time").sleep(0.05)
    assert error.read_text().startswith('code: INVALID_ARGUMENT\nmessage: "Error in ')
    assert "boom : Tensor had Inf values" in error.read_text()
    with pytest.raises(ValueError, match="The save job failed to write it. Status: "
                                         "code: INVALID_ARGUMENT\n"):
        tf.data.Dataset.load(path)


_TF_LOADS = r'''
import json, sys
import tensorflow as tf
work = sys.argv[1]
out = {}
for name in ("plain", "gzip", "snappy", "nested"):
    ds = tf.data.Dataset.load(f"{work}/ef_{name}")
    plain = lambda v: v.decode() if isinstance(v, bytes) else v.tolist()
    got = [tf.nest.map_structure(lambda t: plain(t.numpy()), e) for e in ds]
    spec = ds.element_spec  # (a dict's keys in name order: TF reads them from a proto map)
    spec = dict(sorted(spec.items())) if isinstance(spec, dict) else spec
    out[name] = {"spec": repr(spec), "values": sorted(got, key=repr)}
json.dump(out, open(f"{work}/out.json", "w"))
'''


@pytest.mark.skipif(not HAVE_TF_PYTHON, reason="no TensorFlow interpreter")
def test_tensorflow_loads_eagerflows_snapshots(tmp_path):
    address, _, _ = servers(tf, 2)
    save = tf.data.experimental.distributed_save
    nested = tf.data.Dataset.range(5).map(
        lambda x: {"a": x, "b": (tf.cast(x, tf.float32) / 2, tf.strings.as_string(x))})
    for name, ds, comp in (("plain", tf.data.Dataset.range(30), None),
                           ("gzip", tf.data.Dataset.range(30), "GZIP"),
                           ("snappy", tf.data.Dataset.range(30), "AUTO"),
                           ("nested", nested, "AUTO")):
        save(ds, str(tmp_path / f"ef_{name}"), address, compression=comp)
        assert wait_done(str(tmp_path / f"ef_{name}"), 60)
    theirs = run_tf_script(_TF_LOADS, tmp_path, HERE)
    for name in ("plain", "gzip", "snappy"):
        assert sorted(theirs[name]["values"]) == list(range(30))
    assert theirs["nested"]["values"] == sorted(
        ({"a": i, "b": [i / 2, str(i)]} for i in range(5)), key=repr)
    ours = tf.data.Dataset.load(str(tmp_path / "ef_nested"))
    assert theirs["nested"]["spec"] == repr(dict(sorted(ours.element_spec.items())))


def test_load_waits_for_the_chunks_of_a_save_in_progress(tmp_path):
    """A save with no worker yet waits for one; a load meanwhile reads the chunks as the
    streams commit them, and ends when the snapshot is done."""
    address, _, _ = servers(tf, 0)
    path = str(tmp_path / "snap")
    tf.data.experimental.distributed_save(tf.data.Dataset.range(7), path, address)
    assert not os.path.exists(os.path.join(path, "DONE"))
    service = tf.data.experimental.service
    started = []  # (the dispatcher holds its workers weakly, as TF's servers stop if dropped)
    timer = threading.Timer(0.3, lambda: started.append(
        service.WorkerServer(service.WorkerConfig(address))))
    timer.start()
    assert sorted(tf.data.Dataset.load(path).as_numpy_iterator()) == list(range(7))
    timer.join()
    assert wait_done(path, 10)
    started[0].stop()
