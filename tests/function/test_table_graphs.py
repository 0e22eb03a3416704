"""Lookup tables in traced graphs as TF 2.21's: TF's automatic control dependencies
chain the ops on each resource (a variable, a table taken by reference, a handle
argument or a creator's output, each its own) and the stateful ops that take none (print),
apart; identical creator nodes make a table each (private names, the node's name with
use_node_name_sharing, one table per shared_name) and keep it across calls; a function
returns a table's handle as its resource tensor. Graphs and results compared with
golden/table_graphs.json (record_table_graphs.py runs table_graph_cases.py under TF).
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

import eagerflow as tf
from eagerflow._src.saved_model.protos import pb
from tests.function.table_graph_cases import (
    CASES,
    RESULTS_ONLY,
    outcome,
    saved_outcome,
    session_outcome,
    v1_graph_outcome,
    v1_mutable_outcome,
)

GOLDEN = json.loads((Path(__file__).parent / "golden" / "table_graphs.json").read_text())


@pytest.mark.parametrize("case", sorted(CASES))
def test_graph_and_results_as_tf(case):
    want = GOLDEN["cases"][case]
    got = outcome(tf, CASES[case])
    if case not in RESULTS_ONLY:
        assert got["nodes"] == want["nodes"]
    assert got["calls"] == want["calls"]


def test_sessions_have_tables_of_their_own():
    assert session_outcome(tf) == GOLDEN["sessions"]


def test_saved_function_orders_stateful_nodes_by_resource(tmp_path):
    # (TF's saved body keeps its trace's automatic control dependencies: each resource's
    # nodes chained, the prints chained, the legacy draw unordered; table arguments named
    # after their placeholders)
    assert saved_outcome(tf, lambda: pb().SavedModel(), str(tmp_path / "m")) == \
        GOLDEN["saved"]


def test_static_tables_in_a_tf1_graph_are_tfs():
    # (two tables of one initializer: two HashTableV2 nodes of their own shared names,
    # filled by tables_initializer(), each Session's tables its own)
    assert v1_graph_outcome(tf) == GOLDEN["v1_graph"]


def test_static_vocabulary_table_in_a_tf1_graph_counts_its_filled_vocabulary():
    # (unknown keys hashed past the vocabulary's size, which the Session's table holds
    # once tables_initializer() ran; eagerly the same ids)
    def ids(keys):
        init = tf.lookup.KeyValueTensorInitializer(tf.constant(["a", "b", "c"]),
                                                   tf.constant([0, 1, 2], tf.int64))
        table = tf.lookup.StaticVocabularyTable(init, 5)
        return table.lookup(tf.constant(keys)), table.size()

    keys = ["b", "zebra", "a", "emu", "c"]
    want_ids, want_size = ids(keys)
    with tf.Graph().as_default():
        got = ids(keys)
        with tf.compat.v1.Session() as s:
            s.run(tf.compat.v1.tables_initializer())
            got_ids, got_size = s.run(got)
    assert got_ids.tolist() == want_ids.numpy().tolist()
    assert int(got_size) == int(want_size) == 8


def test_mutable_tables_in_a_tf1_graph_are_tfs():
    assert v1_mutable_outcome(tf) == GOLDEN["v1_mutable"]
