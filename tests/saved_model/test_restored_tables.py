"""A loaded SavedModel's lookup tables are what TF 2.21 restores: bare resources
(`_RestoredStaticHashTable` for a StaticHashTable, RestoredResource for the others) whose
one public attribute is `resource_handle`, the functions of the loaded object using them.
Both ways: eagerflow's load of TF-written fixtures against TF's load of them
(golden/restored_tables.json, golden/make_restored_tables_golden.py), and, where TF is
installed, TF's load of eagerflow's saves of the same modules against the same record."""

import json
from pathlib import Path

import pytest

import eagerflow as tf
from tests.saved_model.dense_cases import make_dense_module
from tests.saved_model.lookup_cases import WORDS, make_module, to_python
from tests.saved_model.restored_table_cases import TABLES, surface
from tests.tf_reference import HAVE_TF_PYTHON, tf_json

HERE = Path(__file__).resolve().parent
GOLDEN = json.loads((HERE / "golden" / "restored_tables.json").read_text())


@pytest.mark.parametrize("name", sorted(TABLES))
def test_tf_written_tables_load_as_tf_restores_them(name):
    loaded = tf.saved_model.load(str(HERE / "golden" / name))
    assert surface(loaded, TABLES[name]) == GOLDEN[name]


def test_the_loaded_functions_still_use_the_tables(tmp_path):
    loaded = tf.saved_model.load(str(HERE / "golden" / "tf_tables"))
    before = to_python(loaded.find(tf.constant(WORDS))["mutable"])
    assert int(loaded.put(tf.constant(["q", "a"]), tf.constant([9.0, 8.0]))) == 3
    after = to_python(loaded.find(tf.constant(WORDS))["mutable"])
    assert before == [2.5, -1.0, 1.5, -1.0, -1.0] and after == [8.0, -1.0, 1.5, -1.0, -1.0]
    # saved again, the restored tables are written as tables (contents included)
    tf.saved_model.save(loaded, str(tmp_path / "again"))
    again = tf.saved_model.load(str(tmp_path / "again"))
    assert to_python(again.find(tf.constant(WORDS))["mutable"]) == after
    assert to_python(again.find(tf.constant(WORDS))["static"]) == [1, 3, -1, -1, 2]


_TF_SIDE = """
import json, sys
sys.path.insert(0, sys.argv[1])
import tensorflow as tf
from restored_table_cases import surface
print(json.dumps({"tf_tables": surface(tf.saved_model.load(sys.argv[2]),
                                       ("static", "vocab", "mutable", "vectors")),
                  "tf_dense_tables": surface(tf.saved_model.load(sys.argv[3]),
                                             ("words", "pairs"))}))
"""


@pytest.mark.skipif(not HAVE_TF_PYTHON, reason="TensorFlow (EAGERFLOW_TF_PYTHON) is not "
                                               "installed")
def test_tf_restores_eagerflows_tables_as_its_own(tmp_path):
    vocab = tmp_path / "vocab.txt"
    vocab.write_text("a\nb\nc\n")
    tf.saved_model.save(make_module(tf, str(vocab)), str(tmp_path / "tables"))
    tf.saved_model.save(make_dense_module(tf), str(tmp_path / "dense"))
    got = tf_json("-c", _TF_SIDE, HERE, tmp_path / "tables", tmp_path / "dense")
    assert got == GOLDEN
