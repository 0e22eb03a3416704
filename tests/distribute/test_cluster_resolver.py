"""tf.train.ClusterSpec and tf.distribute.cluster_resolver as TF 2.21 has them (values and
messages recorded from TF 2.21)."""

from __future__ import annotations

import json

import pytest

import eagerflow as tf


def test_cluster_spec_views():
    c = tf.train.ClusterSpec({"worker": ["h1:2222", "h2:2222"], "ps": {1: "p:1"}})
    assert repr(c) == "ClusterSpec({'ps': {1: 'p:1'}, 'worker': ['h1:2222', 'h2:2222']})"
    assert c.jobs == ["worker", "ps"] and c.num_tasks("worker") == 2
    assert c.task_indices("ps") == [1] and c.task_address("worker", 1) == "h2:2222"
    assert c.job_tasks("ps") == [None, "p:1"]
    assert c.as_dict() == {"worker": ["h1:2222", "h2:2222"], "ps": {1: "p:1"}}
    assert tf.train.ClusterSpec({"w": {0: "a", 1: "c"}}).as_dict() == {"w": ["a", "c"]}
    assert not tf.train.ClusterSpec({}) and repr(tf.train.ClusterSpec({})) == "ClusterSpec({})"
    assert tf.train.ClusterSpec({"a": ["x"]}) == tf.train.ClusterSpec({"a": ["x"]})
    assert tf.train.ClusterSpec({"a": ["x"]}) != tf.train.ClusterSpec({"a": ["y"]})


def test_cluster_def_round_trip_and_wire_form():
    c = tf.train.ClusterSpec({"worker": ["h1:2222", "h2:2222"], "ps": {1: "p:1"}})
    proto = c.as_cluster_def()
    assert [j.name for j in proto.job] == ["ps", "worker"]
    assert dict(proto.job[1].tasks) == {0: "h1:2222", 1: "h2:2222"}
    again = tf.train.ClusterDef.FromString(proto.SerializeToString())
    assert tf.train.ClusterSpec(again) == c
    assert tf.train.ClusterSpec(c) == c


def test_cluster_spec_errors():
    with pytest.raises(TypeError, match="`cluster` must be a dictionary mapping one or more "
                                        "job names to lists of network addresses"):
        tf.train.ClusterSpec(3)
    with pytest.raises(TypeError, match="The tasks for job 'a' must be a list or a "
                                        "dictionary from integers to strings."):
        tf.train.ClusterSpec({"a": 3})
    with pytest.raises(TypeError, match="Task address 1 must be bytes or unicode"):
        tf.train.ClusterSpec({"a": [1]})
    c = tf.train.ClusterSpec({"worker": ["a"]})
    with pytest.raises(ValueError, match="No such job in cluster: 'nope'"):
        c.num_tasks("nope")
    with pytest.raises(ValueError, match="No task with index 7 in job 'worker'"):
        c.task_address("worker", 7)


def test_tf_config_resolver_reads_the_environment(monkeypatch):
    R = tf.distribute.cluster_resolver
    monkeypatch.setenv("TF_CONFIG", json.dumps({
        "cluster": {"worker": ["a:1", "b:2"], "chief": ["c:0"]},
        "task": {"type": "worker", "index": 1}, "rpc_layer": "grpc"}))
    t = R.TFConfigClusterResolver()
    assert repr(t.cluster_spec()) == "ClusterSpec({'chief': ['c:0'], 'worker': ['a:1', 'b:2']})"
    assert (t.task_type, t.task_id, t.rpc_layer, t.environment) == ("worker", 1, "grpc", None)
    assert t.master() == "grpc://b:2" and t.master("chief", 0) == "grpc://c:0"
    assert R.TFConfigClusterResolver(rpc_layer="x").master() == "x://b:2"
    assert t.num_accelerators() == {}
    monkeypatch.delenv("TF_CONFIG")
    t = R.TFConfigClusterResolver()
    assert repr(t.cluster_spec()) == "ClusterSpec({})"
    assert (t.task_type, t.task_id, t.master(), t.rpc_layer) == (None, None, "", None)


def test_simple_resolver():
    R = tf.distribute.cluster_resolver
    s = R.SimpleClusterResolver(tf.train.ClusterSpec({"worker": ["a:1"]}), master="m:1",
                                task_type="worker", task_id=0)
    assert s.master() == "m:1" and s.master("worker", 0) == "a:1"
    assert s.master("worker", 0, rpc_layer="grpc") == "grpc://a:1"
    assert s.num_accelerators() == {} and s.cluster_spec().jobs == ["worker"]
    with pytest.raises(TypeError, match="cluster_spec must be a `tf.train.ClusterSpec`."):
        R.SimpleClusterResolver({"worker": ["a:1"]})
