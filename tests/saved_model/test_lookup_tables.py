"""Lookup tables and sparse crosses in SavedModels, in TensorFlow's form (tables.py).

The programs of lookup_cases.py: a tf.Module with a StaticHashTable, a StaticVocabularyTable
read from a file, a MutableHashTable and one of vectors, tf.sparse.cross and cross_hashed;
a Keras model with StringLookup, IntegerLookup, TextVectorization and HashedCrossing. Saved
and loaded here; TF-written ones (golden/make_tables_golden.py) loaded without TF; both
directions with real TF 2.21 where it is installed. Damaged files fail by name.
"""

import json
import os
import shutil
from pathlib import Path

import pytest

import eagerflow as tf
from eagerflow import keras
from eagerflow._src.saved_model.protos import pb
from eagerflow._src.saved_model.tf_ops import with_defaults
from tests.saved_model.lookup_cases import (
    FILE_IDS,
    FILE_WORDS,
    WORDS,
    file_keras_inputs,
    keras_inputs,
    make_file_keras_model,
    make_file_module,
    make_keras_model,
    make_module,
    to_python,
    write_vocab_files,
)
from tests.tf_reference import TF_PYTHON, run_tf_script

HERE = Path(__file__).resolve().parent
GOLDEN = HERE / "golden"


def _dict(out):
    return {k: to_python(v) for k, v in out.items()}


@pytest.fixture(scope="module")
def golden():
    return json.loads((GOLDEN / "tables_golden.json").read_text())


@pytest.fixture()
def vocab(tmp_path):
    path = tmp_path / "vocab.txt"
    path.write_text("a\nb\nc\n")
    return str(path)


def test_module_tables_round_trip(vocab, tmp_path, golden):
    m = make_module(tf, vocab)
    want = _dict(m.find(tf.constant(WORDS)))
    assert want == golden["module"]  # what TF computes
    tf.saved_model.save(m, tmp_path / "m")
    os.remove(vocab)  # the static tables' contents are in the SavedModel
    loaded = tf.saved_model.load(tmp_path / "m")
    assert _dict(loaded.find(tf.constant(WORDS))) == want
    # the mutable table's contents came from the checkpoint, and it stays mutable
    assert int(loaded.put(tf.constant(["q", "a"]), tf.constant([9.0, 8.0]))) == 3
    assert _dict(loaded.find(tf.constant(WORDS))) == golden["module_after_put"]
    assert int(m.mutable.size()) == 2  # the saved object is untouched


def test_the_saved_form_is_tfs(vocab, tmp_path):
    tf.saved_model.save(make_module(tf, vocab), tmp_path / "m")
    model = pb().SavedModel()
    model.ParseFromString((tmp_path / "m" / "saved_model.pb").read_bytes())
    meta = model.meta_graphs[0]
    nodes = meta.object_graph_def.nodes
    fdefs = {f.signature.name: f for f in meta.graph_def.library.function}
    tables = {c.local_name: nodes[c.node_id] for c in nodes[0].children
              if nodes[c.node_id].WhichOneof("kind") == "resource"}
    assert sorted(tables) == ["mutable", "static", "vectors", "vocab"]
    creators = {}
    for name, nd in tables.items():
        kids = {c.local_name: nodes[c.node_id] for c in nd.children}
        static = ["_initializer"] if name in ("static", "vocab") else []  # as TF's
        assert sorted(kids) == ["_create_resource", "_destroy_resource", "_initialize"] + static
        fn = kids["_create_resource"].function.concrete_functions[0]
        creators[name] = [n.op for n in fdefs[fn].node_def]
    assert creators == {"static": ["HashTableV2"], "vocab": ["HashTableV2"],
                        "mutable": ["MutableHashTableV2"],
                        "vectors": ["MutableHashTableOfTensorsV2"]}
    assert sorted(tables["mutable"].saveable_objects) == ["table"]
    assert not tables["static"].saveable_objects
    ops = {n.op for f in fdefs.values() for n in f.node_def}
    assert {"LookupTableFindV2", "LookupTableImportV2", "LookupTableExportV2",
            "LookupTableInsertV2", "LookupTableSizeV2", "SparseCrossV2", "SparseCross"} <= ops


def test_tf_written_tables_load_without_tf(tmp_path, golden):
    shutil.copytree(GOLDEN / "tf_tables", tmp_path / "m")  # the asset follows the copy
    m = tf.saved_model.load(tmp_path / "m")
    assert _dict(m.find(tf.constant(WORDS))) == golden["module"]
    assert int(m.put(tf.constant(["q", "a"]), tf.constant([9.0, 8.0]))) == golden["module_put"]
    assert _dict(m.find(tf.constant(WORDS))) == golden["module_after_put"]


def test_tf_keras_export_with_lookup_layers_loads_without_tf(golden):
    m = tf.saved_model.load(GOLDEN / "tf_keras_lookup")
    assert [to_python(o) for o in m.serve(keras_inputs(tf))] == golden["keras"]
    # (by keyword: TF's loaded signatures refuse positional arguments)
    names = ["keras_tensor", "keras_tensor_1", "keras_tensor_2", "keras_tensor_3"]
    out = m.signatures["serving_default"](**dict(zip(names, keras_inputs(tf))))
    assert [to_python(out[f"output_{i}"]) for i in range(len(out))] == golden["keras"]


def test_keras_model_with_lookup_layers_round_trips(tmp_path, golden):
    model = make_keras_model(keras)
    want = [to_python(o) for o in model(keras_inputs(tf))]
    assert want == golden["keras"]
    tf.saved_model.save(model, tmp_path / "saved")
    model.export(tmp_path / "exported", verbose=False)
    ins = keras_inputs(tf)
    saved = tf.saved_model.load(tmp_path / "saved").signatures["serving_default"]
    out = saved(inputs=ins[0], inputs_1=ins[1], inputs_2=ins[2], inputs_3=ins[3])
    assert [to_python(out[f"output_{i}"]) for i in range(len(out))] == want
    exported = tf.saved_model.load(tmp_path / "exported")
    assert [to_python(o) for o in exported.serve(ins)] == want


# -- failure paths --------------------------------------------------------------------------------

def test_a_missing_vocabulary_asset_is_not_found_by_name(tmp_path):
    # TF 2.21's loader raises its NotFoundError again as a FileNotFoundError
    shutil.copytree(GOLDEN / "tf_tables", tmp_path / "m")
    os.remove(tmp_path / "m" / "assets" / "vocab.txt")
    with pytest.raises(FileNotFoundError, match=r"assets/vocab.txt"):
        tf.saved_model.load(tmp_path / "m")


def _edit(path, edit):
    model = pb().SavedModel()
    model.ParseFromString((path / "saved_model.pb").read_bytes())
    edit(model.meta_graphs[0])
    (path / "saved_model.pb").write_bytes(model.SerializeToString())


def _functions(meta, op):
    return [n for f in meta.graph_def.library.function for n in f.node_def if n.op == op]


def test_a_table_eagerflow_cannot_create_is_refused_by_op(vocab, tmp_path):
    tf.saved_model.save(make_module(tf, vocab), tmp_path / "m")

    def anonymous(meta):
        _functions(meta, "MutableHashTableV2")[0].op = "AnonymousMutableHashTable"
    _edit(tmp_path / "m", anonymous)
    with pytest.raises(tf.errors.NotFoundError, match="creates AnonymousMutableHashTable"):
        tf.saved_model.load(tmp_path / "m")


def test_corrupt_table_contents_are_refused(vocab, tmp_path):
    tf.saved_model.save(make_module(tf, vocab), tmp_path / "m")

    def short_values(meta):  # the static table's initializer: 3 keys, 2 values
        # (its values are the constant bound to its third argument, a Const of the main
        # graph, as TF writes it)
        og = meta.object_graph_def
        for name, cf in og.concrete_functions.items():
            fdef = next(f for f in meta.graph_def.library.function if f.signature.name == name)
            if len(cf.bound_inputs) != 3 or \
                    not any(n.op == "LookupTableImportV2" for n in fdef.node_def):
                continue  # (a mutable table's restore function binds the table alone)
            op = og.nodes[cf.bound_inputs[2]].constant.operation
            const = next(n for n in meta.graph_def.node if n.name == op)
            if const.attr["dtype"].type == tf.int64.as_datatype_enum:
                t = const.attr["value"].tensor
                t.tensor_shape.dim[0].size = 2
                t.tensor_content = t.tensor_content[:16]
                return
        raise AssertionError("no static table initializer bound to int64 values")
    _edit(tmp_path / "m", short_values)
    with pytest.raises(tf.errors.InvalidArgumentError, match="LookupTableImportV2"):
        tf.saved_model.load(tmp_path / "m")


def test_a_checkpoint_whose_table_lost_values_is_data_loss(vocab, tmp_path):
    m = make_module(tf, vocab)
    tf.saved_model.save(m, tmp_path / "m")
    # a checkpoint of the same object graph whose table-values has one entry too few
    m.mutable.insert(tf.constant(["extra"]), tf.constant([0.0]))
    good = tmp_path / "m" / "variables"
    real = m.mutable._serialize_to_tensors
    m.mutable._serialize_to_tensors = lambda: {
        "table-keys": real()["table-keys"], "table-values": real()["table-values"][:-1]}
    tf.saved_model.save(m, tmp_path / "bad")
    shutil.rmtree(good)
    shutil.copytree(tmp_path / "bad" / "variables", good)
    with pytest.raises(tf.errors.DataLossError, match="lookup table .* is corrupted"):
        tf.saved_model.load(tmp_path / "m")


def test_a_table_not_reachable_from_the_saved_object_is_refused(tmp_path):
    table = tf.lookup.StaticHashTable(tf.lookup.KeyValueTensorInitializer(
        tf.constant([1], tf.int64), tf.constant([2], tf.int64)), -1)

    class M(tf.Module):
        @tf.function(input_signature=[tf.TensorSpec([None], tf.int64)])
        def f(self, x):
            return table.lookup(x)

    with pytest.raises(AssertionError, match="references an 'untracked' resource"):
        tf.saved_model.save(M(), tmp_path / "m")


# -- both directions with real TensorFlow -----------------------------------------------------

TF_SCRIPT = r'''
import json, os, sys
import numpy as np, tensorflow as tf, keras
d = sys.argv[1]
sys.path.insert(0, sys.argv[2])
from lookup_cases import WORDS, keras_inputs, to_python as py

out = {}
m = tf.saved_model.load(os.path.join(d, "module"))
out["module"] = {k: py(v) for k, v in m.find(tf.constant(WORDS)).items()}
out["put"] = int(m.put(tf.constant(["q", "a"]), tf.constant([9.0, 8.0])))
out["after_put"] = {k: py(v) for k, v in m.find(tf.constant(WORDS)).items()}
e = tf.saved_model.load(os.path.join(d, "exported"))
out["exported"] = [py(o) for o in e.serve(keras_inputs(tf))]
layer = keras.layers.TFSMLayer(os.path.join(d, "exported"), call_endpoint="serve")
out["tfsm"] = [py(o) for o in layer(keras_inputs(tf))]
s = tf.saved_model.load(os.path.join(d, "saved")).signatures["serving_default"]
ins = keras_inputs(tf)
r = s(inputs=ins[0], inputs_1=ins[1], inputs_2=ins[2], inputs_3=ins[3])
out["saved"] = [py(r[f"output_{i}"]) for i in range(len(r))]
json.dump(out, open(os.path.join(d, "out.json"), "w"))
'''


@pytest.mark.skipif(not os.path.exists(TF_PYTHON),
                    reason="TensorFlow (EAGERFLOW_TF_PYTHON) is not installed")
def test_tensorflow_runs_our_tables_and_crosses(vocab, tmp_path, golden):
    tf.saved_model.save(make_module(tf, vocab), tmp_path / "module")
    model = make_keras_model(keras)
    tf.saved_model.save(model, tmp_path / "saved")
    model.export(tmp_path / "exported", verbose=False)
    out = run_tf_script(TF_SCRIPT, tmp_path, HERE)
    assert out["module"] == golden["module"]
    assert out["put"] == golden["module_put"]
    assert out["after_put"] == golden["module_after_put"]
    assert out["exported"] == out["tfsm"] == out["saved"] == golden["keras"]


def test_ragged_cross_saves_as_tfs_ragged_cross_op(tmp_path):
    class Ragged(tf.Module):
        @tf.function(input_signature=[tf.TensorSpec([None, 1], tf.string)])
        def f(self, x):
            return tf.ragged.cross([x, tf.RaggedTensor.from_tensor(x)]).flat_values

    tf.saved_model.save(Ragged(), tmp_path / "r")
    x = tf.constant([["a"], ["b"]])
    assert tf.saved_model.load(str(tmp_path / "r")).f(x).numpy().tolist() == \
        [b"a_X_a", b"b_X_b"]


# -- tables read from text files: the files travel as assets ----------------------------------

def _initializers(path):
    """{table name: (the LookupTableImportV2 nodes of its _initialize (none), the attrs of
    its InitializeTableFromTextFileV2, the file its asset argument names)} of a
    SavedModel's tf.Module tables."""
    model = pb().SavedModel()
    model.ParseFromString((path / "saved_model.pb").read_bytes())
    meta = model.meta_graphs[0]
    nodes = meta.object_graph_def.nodes
    fdefs = {f.signature.name: f for f in meta.graph_def.library.function}
    files = [a.filename for a in meta.asset_file_def]
    out = {}
    for c in nodes[0].children:
        nd = nodes[c.node_id]
        if nd.WhichOneof("kind") != "resource":
            continue
        kids = {k.local_name: k.node_id for k in nd.children}
        name = nodes[kids["_initialize"]].function.concrete_functions[0]
        node = next(n for n in fdefs[name].node_def if n.op == "InitializeTableFromTextFileV2")
        attrs = sorted((k, v.SerializeToString()) for k, v in with_defaults(
            node.op, node.attr).items() if k[0] != "_")
        asset = [nodes[i] for i in meta.object_graph_def.concrete_functions[name].bound_inputs
                 if nodes[i].WhichOneof("kind") == "asset"]
        filename = nodes[nodes[kids["_initializer"]].children[0].node_id]
        assert filename.WhichOneof("kind") == "asset"
        imports = [n for n in fdefs[name].node_def if n.op == "LookupTableImportV2"]
        out[c.local_name] = (imports, attrs, files[asset[0].asset.asset_file_def_index])
    return out


def test_file_tables_save_their_files_as_assets_as_tf(tmp_path, golden):
    src = tmp_path / "src"
    src.mkdir()
    write_vocab_files(str(src))
    m = make_file_module(tf, str(src))
    want = _dict(m.find(tf.constant(FILE_WORDS), tf.constant(FILE_IDS, tf.int64)))
    assert want == golden["file_module"]
    tf.saved_model.save(m, tmp_path / "m")
    assert sorted(os.listdir(tmp_path / "m" / "assets")) == ["ids.txt", "words.txt"]
    assert _initializers(tmp_path / "m") == _initializers(GOLDEN / "tf_file_tables")
    shutil.rmtree(src)  # the tables are filled from the SavedModel's own copies
    shutil.move(tmp_path / "m", tmp_path / "moved")
    loaded = tf.saved_model.load(tmp_path / "moved")
    assert _dict(loaded.find(tf.constant(FILE_WORDS), tf.constant(FILE_IDS, tf.int64))) == want
    path = loaded.lines._initializer._filename.asset_path.numpy().decode()
    assert path == str(tmp_path / "moved" / "assets" / "words.txt")


def test_tf_written_file_tables_load_without_tf(tmp_path, golden):
    shutil.copytree(GOLDEN / "tf_file_tables", tmp_path / "m")
    loaded = tf.saved_model.load(tmp_path / "m")
    out = loaded.find(tf.constant(FILE_WORDS), tf.constant(FILE_IDS, tf.int64))
    assert _dict(out) == golden["file_module"]
    m = tf.saved_model.load(GOLDEN / "tf_keras_file_lookup")
    assert [to_python(o) for o in m.serve(file_keras_inputs(tf))] == golden["file_keras"]


def test_keras_lookup_layers_with_vocabulary_files_save_them_as_assets(tmp_path, golden):
    src = tmp_path / "src"
    src.mkdir()
    write_vocab_files(str(src))
    model = make_file_keras_model(keras, str(src))
    assert [to_python(o) for o in model(file_keras_inputs(tf))] == golden["file_keras"]
    model.export(tmp_path / "exported", verbose=False)
    tf.saved_model.save(model, tmp_path / "saved")
    for d in ("exported", "saved"):
        assert sorted(os.listdir(tmp_path / d / "assets")) == ["numbers.txt", "words.txt"]
    assert sorted(os.listdir(GOLDEN / "tf_keras_file_lookup" / "assets")) == \
        ["numbers.txt", "words.txt"]
    shutil.rmtree(src)
    exported = tf.saved_model.load(tmp_path / "exported")
    assert [to_python(o) for o in exported.serve(file_keras_inputs(tf))] == golden["file_keras"]


def test_a_vocabulary_file_missing_at_save_is_refused(tmp_path):
    write_vocab_files(str(tmp_path))
    m = make_file_module(tf, str(tmp_path))
    os.remove(tmp_path / "ids.txt")
    with pytest.raises(ValueError, match="ids.txt does not exist"):
        tf.saved_model.save(m, tmp_path / "m")
    assert not os.path.exists(tmp_path / "m")


TF_FILES_SCRIPT = r'''
import json, os, sys
import numpy as np, tensorflow as tf
d = sys.argv[1]
sys.path.insert(0, sys.argv[2])
from lookup_cases import FILE_IDS, FILE_WORDS, file_keras_inputs, to_python as py

m = tf.saved_model.load(os.path.join(d, "module"))
out = {"module": {k: py(v) for k, v in m.find(tf.constant(FILE_WORDS),
                                              tf.constant(FILE_IDS, tf.int64)).items()}}
out["path"] = m.lines._initializer._filename.asset_path.numpy().decode()
e = tf.saved_model.load(os.path.join(d, "exported"))
out["exported"] = [py(o) for o in e.serve(file_keras_inputs(tf))]
json.dump(out, open(os.path.join(d, "out.json"), "w"))
'''


@pytest.mark.skipif(not os.path.exists(TF_PYTHON),
                    reason="TensorFlow (EAGERFLOW_TF_PYTHON) is not installed")
def test_tensorflow_runs_our_file_tables_from_their_assets(tmp_path, golden):
    src = tmp_path / "src"
    src.mkdir()
    write_vocab_files(str(src))
    tf.saved_model.save(make_file_module(tf, str(src)), tmp_path / "module")
    make_file_keras_model(keras, str(src)).export(tmp_path / "exported", verbose=False)
    shutil.rmtree(src)
    out = run_tf_script(TF_FILES_SCRIPT, tmp_path, HERE)
    assert out["module"] == golden["file_module"]
    assert out["path"] == str(tmp_path / "module" / "assets" / "words.txt")
    assert out["exported"] == golden["file_keras"]
