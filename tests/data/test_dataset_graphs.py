"""tf.data pipelines in exported graphs (saved_model/dataset_export.py) and TF's
DatasetToGraphV2 / DatasetToGraph / DatasetFromGraph (saved_model/dataset_graph_ops.py).

Values are TensorFlow 2.21's, recorded by record_dataset_graphs.py: each case of
dataset_graph_cases.py run in a tf.function, saved by eagerflow, loaded back by eagerflow
and (interop, where TensorFlow is installed) by TensorFlow; GraphDefs go both ways.
"""

import base64
import json
import os
import subprocess
from pathlib import Path

import numpy as np
import pytest

import eagerflow as tf
from eagerflow._src.data import parallel as parallel_module
from eagerflow._src.saved_model.protos import pb
from tests.data.dataset_graph_cases import cases, graph_pipelines
from tests.tf_reference import TF_ENV, TF_PYTHON

HERE = Path(__file__).resolve().parent
GOLDEN = json.loads((HERE / "dataset_graphs_golden.json").read_text())
CASES = cases(tf)
N = tf.constant(7, tf.int64)
needs_tf = pytest.mark.skipif(not os.path.exists(TF_PYTHON),
                              reason="TensorFlow (EAGERFLOW_TF_PYTHON) is not installed")


def _save_all(path: Path, names: list) -> None:
    m = tf.Module()
    sigs = {}
    for name in names:
        f = tf.function(CASES[name])
        setattr(m, name, f)
        sigs[name] = f.get_concrete_function(tf.TensorSpec([], tf.int64))
    tf.saved_model.save(m, str(path), signatures=sigs)


@pytest.fixture(autouse=True)
def no_global_seed():
    # (the cases' seeded ops draw TF's numbers with no global seed: one an earlier test of
    # this process left set would change them)
    tf.random.set_seed(None)


@pytest.fixture(scope="module")
def saved(tmp_path_factory):
    tf.random.set_seed(None)
    path = tmp_path_factory.mktemp("ds_graphs") / "model"
    _save_all(path, sorted(CASES))
    return path


@pytest.mark.parametrize("name", sorted(CASES))
def test_function_value_is_tfs(name):
    assert int(tf.function(CASES[name])(N).numpy()) == GOLDEN["values"][name]


def test_saved_functions_load_and_run_in_eagerflow(saved):
    loaded = tf.saved_model.load(str(saved))
    for name in sorted(CASES):
        assert int(getattr(loaded, name)(N).numpy()) == GOLDEN["values"][name], name
        got = loaded.signatures[name](n=N)
        assert int(next(iter(got.values())).numpy()) == GOLDEN["values"][name], name


def _nodes(path: Path, fname_part: str) -> list:
    sm = pb().SavedModel()
    sm.ParseFromString((path / "saved_model.pb").read_bytes())
    lib = sm.meta_graphs[0].graph_def.library
    return [nd.op for f in lib.function if fname_part in f.signature.name
            for nd in f.node_def]


def test_graph_holds_tfs_dataset_nodes(saved):
    ops = set(_nodes(saved, "inference"))
    for op in ("RangeDataset", "MapDataset", "FilterDataset", "BatchDatasetV2", "FlatMapDataset",
               "InterleaveDataset", "ParallelInterleaveDatasetV4", "WindowDataset",
               "ParallelMapDatasetV2", "TakeWhileDataset",
               "PaddedBatchDatasetV2", "ShuffleDataset", "RepeatDataset", "TakeDataset",
               "SkipDataset", "PrefetchDataset", "CacheDatasetV2", "ZipDataset",
               "ConcatenateDataset", "ScanDataset", "UnbatchDataset", "TensorDataset",
               "TensorSliceDataset", "ReduceDataset", "AnonymousIteratorV3", "MakeIterator",
               "IteratorGetNext", "IteratorGetNextAsOptional", "DatasetToSingleElement"):
        assert op in ops, op


def test_a_stage_without_a_tf_form_is_refused_by_name(tmp_path):
    @tf.function
    def f(n):
        ds = tf.data.Dataset.range(n).map(lambda x: tf.fill([x], x)).ragged_batch(2)
        return ds.reduce(tf.constant(0, tf.int64), lambda a, b: a + tf.reduce_sum(b))
    m = tf.Module()
    m.f = f
    with pytest.raises(Exception, match="RaggedTensorSpec"):
        tf.saved_model.save(m, str(tmp_path / "m"),
                            signatures=f.get_concrete_function(tf.TensorSpec([], tf.int64)))


def _elements(ds) -> list:
    return [[np.asarray(c).tolist() for c in tf.nest.flatten(e)] for e in ds.as_numpy_iterator()]


@pytest.mark.parametrize("name", sorted(graph_pipelines(tf)))
@pytest.mark.parametrize("op", ["DatasetToGraphV2", "DatasetToGraph"])
def test_dataset_to_graph_and_back(name, op):
    ds = graph_pipelines(tf)[name]
    raw = getattr(tf.raw_ops, op)(input_dataset=ds._variant_tensor)
    assert raw.dtype == tf.string and raw.shape == ()
    gd = pb().GraphDef()
    gd.ParseFromString(raw.numpy())
    assert gd.node[-1].op == "_Retval" and gd.node[-1].name == "dataset"
    assert all("/_" in nd.name for nd in gd.node[:-1])  # (TF's names: "RangeDataset/_3")
    back = tf.data.experimental.from_variant(tf.raw_ops.DatasetFromGraph(graph_def=raw),
                                             ds.element_spec)
    assert _elements(back) == GOLDEN["graphs"][name]["elements"]


# (recorded from TF 2.21 on 2 cores: its kernel writes the counts it chose, not AUTOTUNE's)
@pytest.mark.parametrize("parallel, counts", [(-1, [1, 1, 3, 2, -1]), (2, [2, 1, 3, 4, 2])])
def test_parallel_interleave_graph_holds_the_counts_its_kernel_chose(monkeypatch, parallel,
                                                                      counts):
    """cycle, block, results kept per element, elements opened ahead, parallelism."""
    monkeypatch.setattr(parallel_module, "schedulable_cores", lambda: 2)
    ds = tf.data.Dataset.range(4).interleave(lambda x: tf.data.Dataset.range(x),
                                             num_parallel_calls=parallel)
    gd = pb().GraphDef()
    gd.ParseFromString(tf.raw_ops.DatasetToGraphV2(input_dataset=ds._variant_tensor).numpy())
    consts = {nd.name: nd.attr["value"].tensor.int64_val[0] for nd in gd.node
              if nd.op == "Const"}
    node = next(nd for nd in gd.node if nd.op == "ParallelInterleaveDatasetV4")
    assert [consts[i] for i in node.input if i in consts] == counts


@pytest.mark.parametrize("name", sorted(graph_pipelines(tf)))
def test_dataset_from_tfs_graph(name):
    raw = base64.b64decode(GOLDEN["graphs"][name]["bytes"])
    spec = graph_pipelines(tf)[name].element_spec
    v = tf.raw_ops.DatasetFromGraph(graph_def=tf.constant(raw))
    assert _elements(tf.data.experimental.from_variant(v, spec)) == \
        GOLDEN["graphs"][name]["elements"]


# TF 2.21's errors (its eager wrapper's prefix aside)
@pytest.mark.parametrize("call, error, message", [
    (lambda: tf.raw_ops.DatasetFromGraph(graph_def=b"\xff\xff not a graph"),
     tf.errors.InvalidArgumentError, "Could not parse GraphDef [Op:DatasetFromGraph]"),
    (lambda: tf.raw_ops.DatasetFromGraph(graph_def=b""),
     tf.errors.NotFoundError, "FetchOutputs node : not found [Op:DatasetFromGraph]"),
    (lambda: tf.raw_ops.DatasetFromGraph(graph_def=tf.constant([b"a"])),
     tf.errors.InvalidArgumentError, "graph_def must be a scalar [Op:DatasetFromGraph]"),
    (lambda: tf.raw_ops.DatasetToGraphV2(input_dataset=tf.raw_ops.OptionalNone()),
     tf.errors.InvalidArgumentError, "Tensor must be a Dataset object. [Op:DatasetToGraphV2]"),
    (lambda: tf.raw_ops.DatasetToGraphV2(input_dataset=tf.constant(1)),
     tf.errors.InvalidArgumentError, "cannot compute DatasetToGraphV2 as input #0(zero-based) "
     "was expected to be a variant tensor but is a int32 tensor [Op:DatasetToGraphV2]"),
])
def test_errors_are_tfs(call, error, message):
    with pytest.raises(error) as info:
        call()
    assert message in str(info.value)


TF_SCRIPT = r'''
import base64, json, os, sys
os.environ.setdefault("TF_CPP_MIN_LOG_LEVEL", "3")
import tensorflow as tf
d = sys.argv[1]
sys.path.insert(0, sys.argv[2])
from dataset_graph_cases import graph_pipelines
out = {"values": {}, "errors": {}, "graphs": {}}
m = tf.saved_model.load(os.path.join(d, "model"))
for name in json.load(open(os.path.join(d, "names.json"))):
    try:
        out["values"][name] = int(getattr(m, name)(tf.constant(7, tf.int64)).numpy())
    except Exception as e:
        out["errors"][name] = f"{type(e).__name__}: {str(e)[:300]}"
specs = {k: ds.element_spec for k, ds in graph_pipelines(tf).items()}
for name, b64 in json.load(open(os.path.join(d, "graphs.json"))).items():
    v = tf.raw_ops.DatasetFromGraph(graph_def=base64.b64decode(b64))
    ds = tf.data.experimental.from_variant(v, specs[name])
    out["graphs"][name] = [[c.tolist() for c in tf.nest.flatten(e)]
                           for e in ds.as_numpy_iterator()]
json.dump(out, open(os.path.join(d, "out.json"), "w"))
'''


@needs_tf
def test_tensorflow_runs_eagerflows_saved_model_and_graphs(tmp_path):
    names = sorted(CASES)
    _save_all(tmp_path / "model", names)
    (tmp_path / "names.json").write_text(json.dumps(names))
    graphs = {k: base64.b64encode(tf.raw_ops.DatasetToGraphV2(
        input_dataset=ds._variant_tensor).numpy()).decode()
        for k, ds in graph_pipelines(tf).items()}
    (tmp_path / "graphs.json").write_text(json.dumps(graphs))
    (tmp_path / "script.py").write_text(TF_SCRIPT)
    proc = subprocess.run([TF_PYTHON, str(tmp_path / "script.py"), str(tmp_path), str(HERE)],
                          capture_output=True, text=True, env=TF_ENV, timeout=600)
    assert proc.returncode == 0, proc.stderr[-3000:]
    out = json.loads((tmp_path / "out.json").read_text())
    assert out["errors"] == {}
    assert out["values"] == {k: GOLDEN["values"][k] for k in names}
    assert out["graphs"] == {k: GOLDEN["graphs"][k]["elements"] for k in graphs}


READER_SCRIPT = r'''
import json, os, sys
os.environ.setdefault("TF_CPP_MIN_LOG_LEVEL", "3")
import tensorflow as tf
m = tf.saved_model.load(sys.argv[1])
n3, n4 = tf.constant(3, tf.int64), tf.constant(4, tf.int64)
print(json.dumps([int(m.text(n3).numpy()), int(m.records(n4).numpy()),
                  int(m.fixed(n3).numpy())]))
'''


def test_file_readers_in_saved_functions(tmp_path):
    text = tmp_path / "lines.txt"
    text.write_text("a\nbb\nccc\ndddd\n")
    rec = tmp_path / "recs.tfrecord"
    with tf.io.TFRecordWriter(str(rec)) as w:
        for k in range(6):
            w.write(b"x" * (k + 1))
    names = tf.constant([str(rec)])
    fixed = tmp_path / "fixed.bin"
    fixed.write_bytes(b"HH" + bytes(range(1, 13)) + b"F")

    @tf.function
    def text_lengths(n):
        ds = tf.data.TextLineDataset(str(text)).take(n).map(tf.strings.length)
        return ds.reduce(tf.constant(0, tf.int64), lambda a, b: a * 10 + tf.cast(b, tf.int64))

    @tf.function
    def records(n):
        ds = tf.data.Dataset.from_tensor_slices(names).interleave(
            tf.data.TFRecordDataset, cycle_length=1).skip(n - 3)
        return ds.reduce(tf.constant(0, tf.int64),
                         lambda a, b: a * 10 + tf.cast(tf.strings.length(b), tf.int64))

    @tf.function
    def fixed_records(n):
        ds = tf.data.FixedLengthRecordDataset(str(fixed), 3, header_bytes=2, footer_bytes=1)
        return ds.take(n).reduce(tf.constant(0, tf.int64), lambda a, b: a * 100 + tf.cast(
            tf.reduce_sum(tf.io.decode_raw(b, tf.uint8)), tf.int64))

    m = tf.Module()
    m.text, m.records, m.fixed = text_lengths, records, fixed_records
    sigs = {"text": text_lengths.get_concrete_function(tf.TensorSpec([], tf.int64)),
            "records": records.get_concrete_function(tf.TensorSpec([], tf.int64)),
            "fixed": fixed_records.get_concrete_function(tf.TensorSpec([], tf.int64))}
    tf.saved_model.save(m, str(tmp_path / "m"), signatures=sigs)
    want = [123, 23456, 61524]
    n3, n4 = tf.constant(3, tf.int64), tf.constant(4, tf.int64)
    assert [int(text_lengths(n3)), int(records(n4)), int(fixed_records(n3))] == want
    loaded = tf.saved_model.load(str(tmp_path / "m"))
    assert [int(loaded.text(n3)), int(loaded.records(n4)), int(loaded.fixed(n3))] == want
    ops = set(_nodes(tmp_path / "m", "inference"))
    assert {"TextLineDataset", "TFRecordDataset", "InterleaveDataset",
            "FixedLengthRecordDatasetV2"} <= ops
    if os.path.exists(TF_PYTHON):  # (interop: TensorFlow reads the files the same)
        proc = subprocess.run([TF_PYTHON, "-c", READER_SCRIPT, str(tmp_path / "m")],
                              capture_output=True, text=True, env=TF_ENV, timeout=600)
        assert proc.returncode == 0, proc.stderr[-3000:]
        assert json.loads(proc.stdout.strip().splitlines()[-1]) == want


def test_tfs_dataset_function_reading_a_variable():
    # (TF 2.21's SavedModel: the map function takes the variable as a resource Targument)
    loaded = tf.saved_model.load(str(HERE / "dataset_variable_model"))
    assert int(loaded.scaled_total(tf.constant(4, tf.int64))) == GOLDEN["variable_model"]
    loaded.v.assign(100)  # (read when the pipeline runs)
    assert int(loaded.scaled_total(tf.constant(4, tf.int64))) == 600


VARIABLE_SCRIPT = r'''
import json, os, sys
os.environ.setdefault("TF_CPP_MIN_LOG_LEVEL", "3")
import tensorflow as tf
m = tf.saved_model.load(sys.argv[1])
first = m.f(tf.constant(7, tf.int64)).numpy().tolist()
m.v.assign(100)
print(json.dumps([first, m.f(tf.constant(7, tf.int64)).numpy().tolist()]))
'''


def test_saved_dataset_function_reading_a_variable(tmp_path):
    v = tf.Variable(tf.constant(10, tf.int64))

    @tf.function
    def f(n):
        it = iter(tf.data.Dataset.range(n).shuffle(4, seed=3).map(lambda x: x * v))
        return tf.stack([next(it) for _ in range(3)])

    m = tf.Module()
    m.v, m.f = v, f
    tf.saved_model.save(m, str(tmp_path / "m"),
                        signatures=f.get_concrete_function(tf.TensorSpec([], tf.int64)))
    want = [[0, 30, 20], [0, 300, 200]]  # (TF 2.21's shuffle order, seed 3)
    assert f(tf.constant(7, tf.int64)).numpy().tolist() == want[0]
    loaded = tf.saved_model.load(str(tmp_path / "m"))
    got = [loaded.f(tf.constant(7, tf.int64)).numpy().tolist()]
    loaded.v.assign(100)
    got.append(loaded.f(tf.constant(7, tf.int64)).numpy().tolist())
    assert got == want
    if os.path.exists(TF_PYTHON):  # (interop: TensorFlow binds the variable alike)
        proc = subprocess.run([TF_PYTHON, "-c", VARIABLE_SCRIPT, str(tmp_path / "m")],
                              capture_output=True, text=True, env=TF_ENV, timeout=600)
        assert proc.returncode == 0, proc.stderr[-3000:]
        assert json.loads(proc.stdout.strip().splitlines()[-1]) == want
