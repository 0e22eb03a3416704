"""Lookup tables as resources against TensorFlow 2.21's recorded behaviour
(table_handle_golden.json, written by record_table_handle_golden.py from
table_handle_cases.py): a table's handle, the raw ops on table handles with their values
and errors, and tables in tf.function (handles as arguments and captured, the traced
graph's nodes); and the table ops' kernels against an independent model of the table."""

import json
from pathlib import Path

import numpy as np
import pytest

import eagerflow as tf
from eagerflow._src.ops import lookup_ops as L
from eagerflow._src.ops.registry import Table
from eagerflow._src.ops.table_state import TableState
from eagerflow._src.testing import op_harness as H
from tests.ops.table_handle_cases import run

GOLDEN = json.loads((Path(__file__).resolve().parent / "table_handle_golden.json").read_text())
CASES = [(g, k) for g, cases in GOLDEN.items() for k in cases]


@pytest.fixture(scope="module")
def got():
    return json.loads(json.dumps(run(tf)))  # (as the recorder wrote them: JSON values)


@pytest.mark.parametrize("group,key", CASES, ids=[f"{g}-{k}" for g, k in CASES])
def test_table_handles_behave_as_tf(got, group, key):
    assert got[group][key] == GOLDEN[group][key]


def _table():
    t = tf.lookup.experimental.MutableHashTable(tf.int64, tf.float32, -1.0)
    t.insert(tf.constant([3, 1, 40], tf.int64), tf.constant([0.5, 1.5, 2.5]))
    return t


# (the registry suites check every table op's kernel against table_refs.py's model on
# their samples; these take more keys, through tf.raw_ops)
_ITEMS = Table("mutable", np.array([3, 1, 40], np.int64), np.array([0.5, 1.5, 2.5], np.float32))


@pytest.mark.parametrize("keys", [[1, 2, 3, 40, -7], [[3, 3], [9, 1]], list(range(-5, 50))])
def test_find_kernel_matches_the_reference(keys):
    h, k, d = H.live_table(_ITEMS), np.array(keys, np.int64), np.float32(-2.0)
    got = tf.raw_ops.LookupTableFindV2(table_handle=h, keys=k, default_value=d).numpy()
    want, items = L.LOOKUP_FIND.reference(H.value(_ITEMS), k, d)
    np.testing.assert_array_equal(got, want)
    np.testing.assert_array_equal(H.table_items(h), items)
    assert got.shape == k.shape


def test_size_and_export_kernels_match_the_reference():
    h = H.live_table(_ITEMS)
    assert tf.raw_ops.LookupTableSizeV2(table_handle=h).numpy() == \
        L.LOOKUP_SIZE.reference(H.value(_ITEMS))[0]
    keys, values = tf.raw_ops.LookupTableExportV2(table_handle=h, Tkeys=tf.int64,
                                                  Tvalues=tf.float32)
    rk, rv, _ = L.LOOKUP_EXPORT.reference(H.value(_ITEMS))
    assert dict(zip(keys.numpy().tolist(), values.numpy().tolist())) == \
        dict(zip(rk.tolist(), rv.tolist()))


def test_a_destroyed_table_handle_fails_in_a_function():
    h = tf.raw_ops.MutableHashTableV2(key_dtype=tf.string, value_dtype=tf.int64,
                                      shared_name="test_destroyed_in_fn")

    @tf.function
    def size(handle):
        return tf.raw_ops.LookupTableSizeV2(table_handle=handle)

    assert size(h).numpy() == 0
    tf.raw_ops.DestroyResourceOp(resource=h)
    with pytest.raises(tf.errors.NotFoundError, match="test_destroyed_in_fn"):
        size(h)


def test_a_table_is_released_with_its_object():
    from eagerflow._src.core.resource import RESOURCES

    t = _table()
    name = repr(t.resource_handle).split('name="')[1].split('"')[0]
    assert RESOURCES.lookup("localhost", name) is t._state
    del t
    import gc

    gc.collect()
    assert RESOURCES.lookup("localhost", name) is None


def test_a_fresh_table_state_indexes_its_string_keys():
    # (its string index is built on first use, before any change: was an AttributeError)
    state = TableState(tf.string, tf.int64)
    state.items.update({b"b": 2, b"a": 1})
    index, values = state.string_index()
    assert values.tolist()[:2] == [2, 1] and len(values) == 3
    assert state.string_index() is state.string_index()


@pytest.mark.parametrize("kd, vd, words", [
    (tf.float16, tf.int64, "key_dtype=DT_HALF, shared_name=\"table_\\d+\", use_node_name_sharing"
                           "=false, value_dtype=DT_INT64"),
    (tf.int64, tf.float16, "key_dtype=DT_INT64, shared_name=\"table_\\d+\", use_node_name_sharing"
                           "=false, value_dtype=DT_HALF"),
    (tf.bfloat16, tf.float32, "key_dtype=DT_BFLOAT16, shared_name=\"table_\\d+\", "
                              "use_node_name_sharing=false, value_dtype=DT_FLOAT")])
def test_half_precision_tables_have_no_kernel_named_by_tfs_enums(kd, vd, words):
    # (recorded from TF 2.21: the DataType enum's names, DT_HALF and DT_BFLOAT16)
    with pytest.raises(tf.errors.NotFoundError, match="Could not find device for node: "
                       r"\{\{node MutableHashTableV2\}\} = MutableHashTableV2\[container=\"\", "
                       + words):
        tf.lookup.experimental.MutableHashTable(kd, vd, tf.zeros([], vd))
