"""A MutableHashTable lists its keys in TF's order (hash_map_order.py): TF 2.21's exports
(hash_map_order_golden.json, written by record_hash_map_orders.py), and the rank model
against a node-by-node list simulation of libstdc++'s map."""

import json
from pathlib import Path

import numpy as np
import pytest
from hash_map_order_cases import CASES, run
from hypothesis import given, settings
from hypothesis import strategies as st

import eagerflow as tf
from eagerflow._src.ops.hash_map_order import BUCKET_COUNTS, HashMapOrder
from eagerflow._src.ops.table_refs import unordered_map_order

GOLDEN = json.loads((Path(__file__).resolve().parent / "hash_map_order_golden.json")
                    .read_text())


def test_the_golden_covers_every_case():
    assert len(GOLDEN) == len(CASES)


@pytest.mark.parametrize("i", range(len(CASES)))
def test_export_order_is_tfs(i):
    assert json.loads(json.dumps(run(tf)[i])) == GOLDEN[i]


class ListMap:
    """libstdc++'s unordered_map as a plain list of keys, one node at a time."""

    def __init__(self):
        self.size, self.nodes = 0, []

    def insert(self, k):
        if k in self.nodes:
            return
        if len(self.nodes) + 1 > self.size:
            self.size = BUCKET_COUNTS[BUCKET_COUNTS.index(self.size) + 1] if self.size \
                else BUCKET_COUNTS[0]
            old, self.nodes = self.nodes, []
            for x in old:
                self._put(x)
        self._put(k)

    def _put(self, k):
        b = k % 2**64 % self.size
        at = [i for i, x in enumerate(self.nodes) if x % 2**64 % self.size == b]
        self.nodes.insert(at[0] if at else 0, k)


ops = st.lists(st.tuples(st.sampled_from("iiiirc"), st.lists(
    st.integers(-2**63, 2**63 - 1) | st.integers(-40, 40), max_size=30)), max_size=12)


@settings(max_examples=80, deadline=None)
@given(ops)
def test_rank_model_matches_a_list_simulation(steps):
    model = HashMapOrder(lambda keys: np.array(keys, np.int64).view(np.uint64))
    ref = ListMap()
    held: set = set()
    for op, keys in steps:
        if op == "i":
            new = [k for k in dict.fromkeys(keys) if k not in held]
            model.add(new)
            for k in keys:
                ref.insert(k)
            held.update(new)
        elif op == "r":
            gone = [k for k in dict.fromkeys(keys) if k in held]
            model.discard(gone)
            ref.nodes = [x for x in ref.nodes if x not in gone]
            held.difference_update(gone)
        else:
            model.clear()
            ref.nodes, held = [], set()
        assert model.ordered() == ref.nodes


def test_registry_reference_agrees_with_the_golden():
    keys = [k.encode() for k in CASES[0][2][0][1]]
    assert [k.decode() for k in unordered_map_order(keys)] == GOLDEN[0]["keys"]


def test_a_restored_table_lists_its_keys_as_tf_after_an_import(tmp_path):
    # TF restores a table by importing its saved export: the order that import makes
    table = tf.lookup.experimental.MutableHashTable(tf.string, tf.int64, -1)
    table.insert(tf.constant([str(i) for i in range(20)]), tf.range(20, dtype=tf.int64))
    path = tf.train.Checkpoint(t=table).save(str(tmp_path / "ckpt"))
    fresh = tf.lookup.experimental.MutableHashTable(tf.string, tf.int64, -1)
    tf.train.Checkpoint(t=fresh).restore(path)
    saved, _ = table.export()
    again = tf.lookup.experimental.MutableHashTable(tf.string, tf.int64, -1)
    tf.raw_ops.LookupTableImportV2(table_handle=again.resource_handle, keys=saved,
                                   values=tf.zeros([20], tf.int64))
    np.testing.assert_array_equal(fresh.export()[0].numpy(), again.export()[0].numpy())
    assert fresh.lookup(tf.constant(["7", "x"])).numpy().tolist() == [7, -1]


def test_churn_applies_notes_and_drops_erased_nodes():
    # inserts and removes past the notes' bound (2 x the size + 4096), on a map that grows
    # then shrinks: the order still the list simulation's, the erased nodes not kept
    model = HashMapOrder(lambda keys: np.array(keys, np.int64).view(np.uint64))
    ref = ListMap()
    for k in range(300):
        model.add([k])
        ref.insert(k)
    for step in range(6000):
        gone, new = step % 300 + 1000 * (step // 300), step % 300 + 1000 * (step // 300 + 1)
        model.discard([gone])
        ref.nodes.remove(gone)
        model.add([new])
        ref.insert(new)
    assert model.ordered() == ref.nodes
    assert len(model._keys) < 2000


def test_threads_inserting_and_removing_keep_every_key_once():
    # the keys and their order change together under the table's lock: threads that insert
    # and remove at once leave every key exported once, in the order a list simulation of
    # what they left gives
    import threading

    table = tf.lookup.experimental.MutableHashTable(tf.int64, tf.int64, -1)

    def work(base):
        for i in range(40):
            keys = tf.constant([base + i, base + i + 1000], tf.int64)
            table.insert(keys, keys)
            table.remove(tf.constant([base + i + 1000], tf.int64))

    threads = [threading.Thread(target=work, args=(b * 100,)) for b in range(4)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    keys = table.export()[0].numpy().tolist()
    assert sorted(keys) == sorted(b * 100 + i for b in range(4) for i in range(40))
