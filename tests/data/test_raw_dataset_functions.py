"""TF's dataset ops that call functions (tf.raw_ops.MapDataset, FilterDataset, FlatMapDataset,
InterleaveDataset and the parallel interleaves, ScanDataset, TakeWhileDataset,
MapAndBatchDataset, ReduceDataset, DatasetToSingleElement, GroupByWindowDataset,
GroupByReducerDataset) called with ConcreteFunctions: their elements, reprs, cardinalities
and errors as TF 2.21 gives them (raw_dataset_functions_golden.json, recorded from TF by
record_raw_dataset_functions.py from raw_dataset_functions_cases.py), and TF's own graphs of
Dataset.map, filter, ... and reduce (the SavedModel raw_dataset_functions_model/, written by
TF) imported and run here.
"""

import json
import os
from pathlib import Path

import pytest

import eagerflow as tf
from eagerflow._src.data import parallel
from tests.data.raw_dataset_functions_cases import (
    MODEL_FUNCTIONS,
    MODEL_INPUTS,
    outcomes,
)

HERE = Path(__file__).parent
GOLDEN = json.loads((HERE / "raw_dataset_functions_golden.json").read_text())
OURS = json.loads(json.dumps(outcomes(tf)))


# TF's AUTOTUNE cycle length (-1) is the cores the process may run on, and the golden was
# recorded on 2: elsewhere the "interleave" case's second dataset (cycle_length=-1) is
# compared with the same interleave of an explicit cycle length, whose orders
# interleave_orders pins against TF.
RECORDED_CORES = 2


def _want(case):
    want = GOLDEN["cases"][case]
    cores = parallel.schedulable_cores()
    if case != "interleave" or cores == RECORDED_CORES:
        return want
    ranges = tf.data.Dataset.range(4).interleave(tf.data.Dataset.range, cycle_length=cores)
    (label, _), rest = want["value"][1], want["value"][2:]
    return {"value": [want["value"][0], [label, [[int(v)] for v in ranges]], *rest]}


@pytest.mark.parametrize("case", sorted(GOLDEN["cases"]))
def test_raw_op_case_matches_tf(case):
    assert OURS[case] == _want(case)


def test_an_autotuned_interleave_cycles_over_the_machines_cores(monkeypatch):
    monkeypatch.setattr(parallel, "schedulable_cores", lambda: 16)
    value = _want("interleave")["value"]
    assert value[1][1] == [[0], [0], [0], [1], [1], [2]]  # (three ranges open at once)
    assert value[0] == GOLDEN["cases"]["interleave"]["value"][0]


@pytest.fixture(scope="module")
def model():
    return tf.saved_model.load(str(HERE / "raw_dataset_functions_model"))


@pytest.mark.parametrize("name", MODEL_FUNCTIONS)
def test_tf_written_pipeline_imports_and_runs(model, name):
    fn = getattr(model, name)
    got = [int(fn(tf.constant(n, tf.int64))) for n in MODEL_INPUTS]
    assert got == GOLDEN["model"]["results"][name]


def test_tf_written_graphs_hold_the_dataset_ops():
    ops = GOLDEN["model"]["dataset_ops"]
    assert ops["map_filter"] == ["FilterDataset", "MapDataset", "RangeDataset", "ReduceDataset"]
    assert "ScanDataset" in ops["flat_map_scan"] and "FlatMapDataset" in ops["flat_map_scan"]
    assert "DatasetToSingleElement" in ops["single"]
    assert {"ParallelMapDatasetV2", "ParallelInterleaveDatasetV4"} <= set(ops["captured"])
    assert "ExperimentalGroupByReducerDataset" in ops["reducer"]
    assert {"LegacyParallelInterleaveDatasetV2", "MapAndBatchDataset"} <= set(
        ops["experimental"])


def test_raw_ops_inside_a_function_run_each_call():
    spec = tf.TensorSpec([], tf.int64)
    double = tf.function(lambda x: x * 2).get_concrete_function(spec)
    plus = tf.function(lambda s, x: s + x).get_concrete_function(spec, spec)
    i64 = {"output_types": [tf.int64], "output_shapes": [[]]}

    @tf.function
    def total(n):
        v = tf.raw_ops.RangeDataset(start=0, stop=n, step=1, **i64)
        v = tf.raw_ops.MapDataset(input_dataset=v, other_arguments=[], f=double, **i64)
        return tf.raw_ops.ReduceDataset(input_dataset=v, initial_state=[tf.constant(0, tf.int64)],
                                        other_arguments=[], f=plus, **i64)[0]

    assert [int(total(tf.constant(n, tf.int64))) for n in (0, 4, 5)] == [0, 12, 20]


# (on 2 cores, recorded from TF 2.21; on 4, its kernels' rule: a plain interleave cycles
# through as many elements as the cores, a parallel one through num_parallel_calls of them
# (at most the cores) or, both autotuned, a third of the cores rounded up)
@pytest.mark.parametrize(("cores", "orders"), [
    ({0, 1}, {None: [0, 1, 0, 1, 2, 3, 2, 3], -1: [0, 0, 1, 1, 2, 2, 3, 3],
              2: [0, 1, 0, 1, 2, 3, 2, 3]}),
    ({0, 1, 2, 3}, {None: [0, 1, 2, 3, 0, 1, 2, 3], -1: [0, 1, 0, 1, 2, 3, 2, 3],
                    3: [0, 1, 2, 0, 1, 2, 3, 3]})])
def test_autotune_cycles_over_the_cores_the_process_may_run_on(monkeypatch, cores, orders):
    """TF's AUTOTUNE cycle length counts its port::MaxParallelism: the CPU affinity mask's
    count, not the machine's (a container's two cores of a larger host)."""
    if not hasattr(os, "sched_getaffinity"):
        pytest.skip("no CPU affinity mask on this system")
    monkeypatch.setattr(os, "sched_getaffinity", lambda pid: cores)
    monkeypatch.setattr(os, "cpu_count", lambda: 64)
    got = {par: [int(v) for v in tf.data.Dataset.range(4).interleave(
        lambda x: tf.data.Dataset.from_tensors(x).repeat(2), num_parallel_calls=par)]
        for par in orders}
    assert got == orders
