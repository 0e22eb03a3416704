"""Programs using tf.data.experimental.distributed_save, run by TF 2.21
(record_distributed_save_golden.py writes distributed_save_golden.json) and by eagerflow
(test_distributed_save.py).

Each case starts its own dispatcher (fault tolerant, a work_dir) and workers in this
process, saves, and returns what can be compared: the elements loaded back (sorted where
TF's workers race), reprs, the metadata's text, the layout of the snapshot's folder with
the numbers TF's writer threads and worker race choose written as letters, or an error's
class and message (the paths written as PATH, ports as PORT).
"""

from __future__ import annotations

import os
import re
import shutil
import tempfile
import time
from typing import Any

from tests.data import service_harness as harness
from tests.data.service_harness import STARTED, outcome, stop_all


def servers(tf: Any, workers: int = 1, fault_tolerant: bool = True) -> tuple:
    s = tf.data.experimental.service
    config = s.DispatcherConfig(fault_tolerant_mode=fault_tolerant,
                                work_dir=tempfile.mkdtemp() if fault_tolerant else None)
    d = s.DispatchServer(config)
    address = d.target.split("://")[1]
    ws = [s.WorkerServer(s.WorkerConfig(address)) for _ in range(workers)]
    STARTED.append((d, ws))
    return address, d, ws


def wait_done(path: str, limit: float = 150.0) -> bool:
    """Whether the snapshot's DONE marker appeared within `limit` seconds (TF's dispatcher
    writes it when a worker next reports, after the streams are done)."""
    end = time.time() + limit
    while time.time() < end:
        if os.path.exists(os.path.join(path, "DONE")):
            return True
        time.sleep(0.2)
    return False


def layout(path: str) -> list:
    """The snapshot's files and empty folders, relative to `path`; the indices of streams,
    chunks, splits and element counts written as letters (they depend on TF's writer
    threads and which worker asked first), each distinct name once."""
    out = set()
    for root, dirs, files in os.walk(path):
        for f in files:
            out.add(os.path.relpath(os.path.join(root, f), path))
        for d in dirs:
            if not os.listdir(os.path.join(root, d)):
                out.add(os.path.relpath(os.path.join(root, d), path) + "/")
    subs = [(r"chunk_\d+_\d+_\d+", "chunk_S_C_N"), (r"stream_\d+", "stream_S"),
            (r"split_\d+_\d+", "split_L_G")]
    names = set()
    for name in out:
        for pat, rep in subs:
            name = re.sub(pat, rep, name)
        names.add(name)
    return sorted(names)


def chunk_elements(path: str) -> int:
    """The element count the committed chunks' names add up to."""
    return sum(int(n.rsplit("_", 1)[1]) for n in os.listdir(os.path.join(path, "chunks")))


def _value(x: Any) -> Any:
    if isinstance(x, tuple):
        return tuple(_value(v) for v in x)
    if isinstance(x, dict):
        return {k: _value(v) for k, v in sorted(x.items())}
    return x.tolist() if hasattr(x, "tolist") else x


def values(ds: Any) -> list:
    return sorted((_value(x) for x in ds.as_numpy_iterator()), key=repr)


def _save(tf: Any, ds: Any, workers: int = 1, **kw: Any) -> str:
    address, _, _ = servers(tf, workers)
    path = os.path.join(tempfile.mkdtemp(), "snap")
    tf.data.experimental.distributed_save(ds, path, address, **kw)
    return path


def case_layout(tf: Any) -> list:
    ds = tf.data.Dataset.range(10).map(lambda x: (x, tf.strings.as_string(x)))
    path = _save(tf, ds, compression=None)
    done = wait_done(path)
    return [done, layout(path), chunk_elements(path)]


def case_returns(tf: Any) -> list:
    address, _, _ = servers(tf)
    path = os.path.join(tempfile.mkdtemp(), "snap")
    return [repr(tf.data.experimental.distributed_save(tf.data.Dataset.range(2), path,
                                                       address))]


def case_metadata(tf: Any) -> list:
    """snapshot.metadata is text: the element spec's StructuredValue and the compression
    (AUTO chosen as SNAPPY; a name TF's writer does not know is kept, and not used)."""
    out = []
    # (a tuple: a dict's spec is serialized in protobuf's map order, which varies in TF)
    ds = tf.data.Dataset.from_tensor_slices(([1.0, 2.0], [[1, 2], [3, 4]]))
    for comp in ("AUTO", None, "GZIP", "SNAPPY", "ZIP"):
        path = _save(tf, ds, compression=comp)
        with open(os.path.join(path, "snapshot.metadata")) as f:
            text = f.read()
        loaded = tf.data.Dataset.load(path)
        out.append([comp, text, repr(loaded), values(loaded)])
    return out


def case_load_elements(tf: Any) -> list:
    r = tf.data.Dataset.range
    out = []
    for ds in (r(25).batch(4), r(6).map(lambda x: {"x": x, "s": tf.strings.as_string(x)}),
               tf.data.Dataset.from_tensor_slices(([[1.5, 2.5], [3.5, 4.5]], [b"a", b"b"])),
               r(0)):
        loaded = tf.data.Dataset.load(_save(tf, ds))
        out.append([repr(loaded.element_spec), int(loaded.cardinality()), values(loaded)])
    return out


def case_two_workers(tf: Any) -> list:
    """Two workers share the source's splits: each element saved once."""
    path = _save(tf, tf.data.Dataset.range(40), workers=2)
    done = wait_done(path)
    loaded = tf.data.Dataset.load(path)
    return [done, sorted(values(loaded)) == list(range(40)), chunk_elements(path),
            repr(loaded)]


def case_reader_func(tf: Any) -> list:
    path = _save(tf, tf.data.Dataset.range(8), compression="GZIP")
    loaded = tf.data.Dataset.load(path, reader_func=lambda d: d.flat_map(lambda x: x))
    spec = tf.TensorSpec((), tf.int64)
    again = tf.data.Dataset.load(path, element_spec=spec, compression="GZIP")
    return [repr(loaded), values(loaded), values(again)]


def case_failed_save(tf: Any) -> list:
    """A pipeline that fails: the save's ERROR file holds its status, and a load says so."""
    ds = tf.data.Dataset.range(5).map(
        lambda x: tf.debugging.check_numerics(1.0 / tf.cast(x - 2, tf.float32), "boom"))
    path = _save(tf, ds)
    error = os.path.join(path, "ERROR")
    end = time.time() + 150
    while not os.path.exists(error) and time.time() < end:
        time.sleep(0.2)
    if not os.path.exists(error):
        return ["no ERROR file", layout(path)]
    with open(error) as f:
        text = f.read()
    # (the message names the worker's pipeline, which TF's worker extends with a prefetch)
    load = outcome(lambda: tf.data.Dataset.load(path))
    return [text.splitlines()[0], text.splitlines()[1][:30], text.endswith('"\n'),
            "boom : Tensor had Inf values\\n\\t [[{{node CheckNumerics}}]]" in text,
            load.split("\n")[0]]


def _errors(tf: Any) -> dict:
    r = tf.data.Dataset.range
    save = tf.data.experimental.distributed_save
    address, _, _ = servers(tf)
    plain, _, _ = servers(tf, fault_tolerant=False)
    saved = os.path.join(tempfile.mkdtemp(), "saved")
    save(r(3), saved, address)
    wait_done(saved)
    empty_dir = tempfile.mkdtemp()
    other, _, _ = servers(tf)
    return {
        "not fault tolerant": lambda: save(r(3), os.path.join(tempfile.mkdtemp(), "x"), plain),
        "not fault tolerant, saved path": lambda: save(r(3), saved, plain),
        "same path twice": lambda: save(r(3), saved, address),
        "same path, other dispatcher": lambda: save(r(3), saved, other),
        "an existing empty folder": lambda: save(r(3), empty_dir, address),
        "address int": lambda: save(r(3), os.path.join(tempfile.mkdtemp(), "x"), 5),
        "address empty": lambda: save(r(3), os.path.join(tempfile.mkdtemp(), "x"), ""),
        "load other element_spec": lambda: tf.data.Dataset.load(
            saved, element_spec=tf.TensorSpec((), tf.int32)),
        "load other compression": lambda: tf.data.Dataset.load(saved, compression="GZIP"),
        "load AUTO": lambda: tf.data.Dataset.load(saved, compression="AUTO"),
    }


def normalize(text: str) -> str:
    text = re.sub(r"localhost:\d+", "localhost:PORT", text)
    text = re.sub(r"/tmp/[^\s,'\"]+", "PATH", text)
    return re.sub(r" at 0x[0-9a-f]+", "", text)


def all_outcomes(tf: Any) -> dict:
    out = harness.all_outcomes(tf, globals(), _errors, normalize)
    stop_all()
    return out


def write_golden_snapshot(tf: Any, folder: str) -> None:
    """A small distributed snapshot written by TF (one worker, GZIP) copied to `folder`:
    what eagerflow's Dataset.load must read."""
    ds = tf.data.Dataset.range(6).map(lambda x: (x, tf.strings.as_string(x * 10)))
    path = _save(tf, ds, compression="GZIP")
    if not wait_done(path):
        raise RuntimeError("TF's distributed save did not finish")
    shutil.rmtree(folder, ignore_errors=True)
    shutil.copytree(path, folder)
    stop_all()
