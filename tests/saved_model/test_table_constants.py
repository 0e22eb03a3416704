"""A lookup table's initializer data saved as TF 2.21 saves it (golden/
make_table_constants.py records TF's files and what its load shows): a static table's
`_initialize` takes the table's handle and its keys and values, the latter bound to
`constant` objects whose Consts are in the main graph (the init op's calls pass them); a
text file's takes its asset, then the table; a function looking a table up binds the
table, then the lookup's default value.

- eagerflow's file holds what TF's does (objects, bound inputs, the table functions'
  arguments, Const nodes, the signature's and the init op's calls);
- eagerflow loads its own file and TF's with the tables filled (lookups, sizes), and
  saves a loaded one again;
- TF loads eagerflow's file as its own (where TF's interpreter is installed).
"""

import gc
import json
from pathlib import Path

import pytest

import eagerflow as tf
from eagerflow._src.core.resource import RESOURCES
from eagerflow._src.saved_model.protos import pb
from tests.saved_model.table_constants_cases import (
    CASES,
    TABLE_FUNCTIONS,
    WORDS,
    probes,
    save,
    structure,
)
from tests.tf_reference import HAVE_TF_PYTHON, tf_json

GOLDEN = Path(__file__).resolve().parent / "golden"
WANT = json.loads((GOLDEN / "table_constants.json").read_text())


def _structure(path: Path) -> dict:
    sm = pb().SavedModel()
    sm.ParseFromString((path / "saved_model.pb").read_bytes())
    return structure(sm)


def _saved(tmp_path: Path, name: str) -> Path:
    save(tf, tf.keras, name, tmp_path / name, tmp_path)
    return tmp_path / name


def _table_functions(s: dict) -> list:
    """The tables' functions and the signatures' wrappers (which take the tables by
    unique ids, as TF's)."""
    return [f for f in s["functions"] if f["function"] in TABLE_FUNCTIONS
            or f["function"].startswith("__inference_signature_wrapper")]


@pytest.mark.parametrize("name", sorted(CASES))
def test_tables_initializers_are_saved_as_tf_saves_them(tmp_path, name):
    got, want = _structure(_saved(tmp_path, name)), WANT[name]["structure"]
    for key in ("constants", "signature_calls", "init_calls"):
        assert got[key] == want[key], key
    # each table's creator, initializer (the keys' and values' arguments bound to
    # constants) and destroyer; every function's bound inputs of the same kinds
    assert [{k: f[k] for k in ("function", "bound", "args")} for f in _table_functions(got)] \
        == [{k: f[k] for k in ("function", "bound", "args")} for f in _table_functions(want)]
    assert [[f["function"], f["bound"]] for f in got["functions"]] == \
        [[f["function"], f["bound"]] for f in want["functions"]]


def test_the_tables_object_graph_is_tfs(tmp_path):
    # (node for node: the initializers' constants and the asset children of their
    # concrete functions, in TF's places; a Keras layer's own attributes differ)
    got, want = _structure(_saved(tmp_path, "tables")), WANT["tables"]["structure"]
    assert got["nodes"] == want["nodes"]
    assert [[f["function"], f["bound_inputs"]] for f in got["functions"]] == \
        [[f["function"], f["bound_inputs"]] for f in want["functions"]]


def _results(p: dict) -> dict:
    return {fn: v["call"] for fn, v in p.items() if fn != "signature_captures"}


@pytest.mark.parametrize("name", sorted(CASES))
def test_loaded_tables_are_filled(tmp_path, name):
    want = _results(WANT[name]["probes"])
    assert _results(probes(tf, tf.saved_model.load(str(_saved(tmp_path, name))))) == want
    assert _results(probes(tf, tf.saved_model.load(
        str(GOLDEN / "tf_table_constants" / name)))) == want



def test_loaded_tables_freed_while_tracing_are_released_eagerly():
    """A loaded model dropped while a function is traced: its tables' `_destroy_resource`
    (TF's saved no-op function) runs eagerly, outside the traced graph, and the tables
    are released as TF's eager handles are."""
    def live() -> set:
        # (copies first: a finalizer run by a collection mid-iteration may delete a
        # resource an earlier test left for the collector)
        return {(c, n) for c, names in RESOURCES._containers.copy().items()
                for n in names.copy()}

    def f(x):
        gc.collect()
        return x + 1

    before = live()
    model = tf.saved_model.load(str(GOLDEN / "tf_table_constants" / "tables"))
    tables = live() - before
    assert len(tables) == 4
    gc.disable()
    try:
        del model
        graph = tf.function(f).get_concrete_function(tf.TensorSpec([], tf.float32)).graph
    finally:
        gc.enable()
    assert [o.type for o in graph.get_operations()] == ["Placeholder", "Const", "AddV2",
                                                         "Identity"]
    assert not tables & live()


@pytest.mark.parametrize("name", sorted(CASES))
def test_loaded_functions_capture_the_tables_constants(tmp_path, name):
    got = probes(tf, tf.saved_model.load(str(_saved(tmp_path, name))))
    for fn, v in WANT[name]["probes"].items():
        if fn != "signature_captures":
            assert got[fn]["captured_inputs"] == v["captured_inputs"], fn


@pytest.mark.parametrize("source", ["eagerflow", "tf"])
def test_saved_again_after_loading_keeps_the_tables(tmp_path, source):
    first = _saved(tmp_path, "tables") if source == "eagerflow" else \
        GOLDEN / "tf_table_constants" / "tables"
    tf.saved_model.save(tf.saved_model.load(str(first)), str(tmp_path / "again"))
    again = tf.saved_model.load(str(tmp_path / "again"))
    want = _results(WANT["tables"]["probes"])
    out = again.f(tf.constant(WORDS))
    assert {k: v.numpy().tolist() for k, v in sorted(out.items())} == want["f"]
    assert again.sizes().numpy().tolist() == want["sizes"]["sizes"]
    # (a restored static table is saved again as eagerflow's own: its contents bound to
    # its initializer as constants, the text file's table's too; the mutable table's
    # initializer binds nothing)
    got = _structure(tmp_path / "again")
    init = [f for f in got["functions"] if f["function"] == "__inference__initializer"]
    assert [[b.split()[0] for b in f["bound"]] for f in init] == \
        [["resource", "constant", "constant"]] * 3 + [[]]
    assert [c[0] for c in got["init_calls"]] == ["HashTableV2"] * 3


def test_a_corrupt_bound_constant_is_refused(tmp_path):
    # the static table's values, 3 of them, cut to 2 in their Const: the import fails
    path = _saved(tmp_path, "tables")
    sm = pb().SavedModel()
    sm.ParseFromString((path / "saved_model.pb").read_bytes())
    const = next(n for n in sm.meta_graphs[0].graph_def.node
                 if n.op == "Const" and n.attr["dtype"].type == tf.int64.as_datatype_enum
                 and len(n.attr["value"].tensor.tensor_shape.dim) == 1
                 and n.attr["value"].tensor.tensor_shape.dim[0].size == 3)
    t = const.attr["value"].tensor
    t.tensor_shape.dim[0].size = 2
    t.tensor_content = t.tensor_content[:16]
    (path / "saved_model.pb").write_bytes(sm.SerializeToString())
    with pytest.raises(tf.errors.InvalidArgumentError, match="LookupTableImportV2"):
        tf.saved_model.load(str(path))


@pytest.mark.skipif(not HAVE_TF_PYTHON, reason="TensorFlow (EAGERFLOW_TF_PYTHON) is not installed")
def test_tf_loads_eagerflows_tables_as_its_own(tmp_path):
    for name in CASES:
        _saved(tmp_path, name)
    got = tf_json(GOLDEN / "make_table_constants.py", "--load", tmp_path)
    assert got == {name: WANT[name]["probes"] for name in CASES}
