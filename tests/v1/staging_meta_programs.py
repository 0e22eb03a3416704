"""TF 1 graphs of staging areas (tf.raw_ops.Stage and the MapStage / OrderedMapStage
families under tf.compat.v1's graph mode) and of barriers (tf.raw_ops.Barrier and the ops
on its reference handle) exported as a meta graph by TF 2.21 and imported by
tf.compat.v1.train.import_meta_graph (record_staging_meta_golden.py,
test_staging_meta_graph.py).

`python staging_meta_programs.py tf export DIR` builds the graph with TF and writes
DIR/staging.meta; `python staging_meta_programs.py tf|eagerflow run META` imports META and
runs it in Sessions, printing one JSON line: what each step of a StagingArea, of each
staging map and of each barrier scenario gives (sizes, peeks, takes in TF's order, the
refusals' errors), and that a second Session starts with empty areas.
"""

import json
import os
import signal
import sys

if sys.argv[1] == "tf":
    os.environ["TF_CPP_MIN_LOG_LEVEL"] = "3"
    import tensorflow as tf
else:
    sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.dirname(
        os.path.abspath(__file__)))))
    import eagerflow as tf

signal.alarm(120)  # (a take that waits forever ends the program, not the test run)
v1 = tf.compat.v1
R = tf.raw_ops
PAIR = [tf.float32, tf.int32]


def build():
    x = v1.placeholder(tf.float32, [None], name="x")
    n = v1.placeholder(tf.int32, [], name="n")
    key = v1.placeholder(tf.int64, [], name="key")
    area = dict(shared_name="area", capacity=4)
    R.Stage(values=[x, n], name="put", **area)
    R.Unstage(dtypes=PAIR, name="get", **area)
    R.Unstage(dtypes=[tf.int32, tf.int32], name="get_ints", **area)
    R.StagePeek(index=n, dtypes=PAIR, name="peek", **area)
    R.StageSize(dtypes=[], name="size", **area)
    R.StageClear(dtypes=[], name="clear", **area)
    for p in ("Map", "OrderedMap"):
        m = dict(shared_name=p.lower(), dtypes=PAIR)
        getattr(R, p + "Stage")(key=key, indices=[0, 1], values=[x, n], name=p + "_put", **m)
        getattr(R, p + "Stage")(key=key, indices=[1], values=[n], name=p + "_put1", **m)
        getattr(R, p + "Stage")(key=key, indices=[0], values=[x], name=p + "_put0", **m)
        getattr(R, p + "Unstage")(key=key, indices=[0, 1], name=p + "_get", **m)
        getattr(R, p + "Peek")(key=key, indices=[1], name=p + "_peek", shared_name=p.lower(),
                               dtypes=[tf.int32])
        getattr(R, p + "UnstageNoKey")(indices=[0, 1], name=p + "_pop", **m)
        getattr(R, p + "Size")(name=p + "_size", **m)
        getattr(R, p + "IncompleteSize")(name=p + "_incomplete", **m)
        getattr(R, p + "Clear")(name=p + "_clear", **m)


BARRIERS = {
    # name: (component types, shapes, capacity)
    "pair": ([tf.float32, tf.int32], [[], [2]], -1),
    "one": ([tf.float32], [[]], -1),
    "unshaped": ([tf.float32], [], -1),
    "sized": ([tf.float32], [[]], 1),
}


def build_barriers():
    keys = v1.placeholder(tf.string, None, name="keys")
    floats = v1.placeholder(tf.float32, None, name="floats")
    ints = v1.placeholder(tf.int32, None, name="ints")
    n = v1.placeholder(tf.int32, None, name="count")
    for scenario in ("order", "errors", "closed", "cancelled", "unshaped", "sized", "one"):
        types, shapes, capacity = BARRIERS.get(scenario, BARRIERS["pair"])
        with tf.name_scope(scenario):
            b = R.Barrier(component_types=types, shapes=shapes, capacity=capacity,
                          shared_name=scenario, name="barrier")
            last = len(types) - 1
            R.BarrierInsertMany(handle=b, keys=keys, values=floats, component_index=0,
                                name="put0")
            R.BarrierInsertMany(handle=b, keys=keys, values=ints, component_index=last,
                                name="put1")
            R.BarrierInsertMany(handle=b, keys=keys, values=floats, component_index=last,
                                name="put_floats")
            R.BarrierInsertMany(handle=b, keys=keys, values=floats, component_index=2,
                                name="put2")
            R.BarrierTakeMany(handle=b, num_elements=n, component_types=types, name="take")
            R.BarrierTakeMany(handle=b, num_elements=n, component_types=types,
                              allow_small_batch=True, name="take_small")
            R.BarrierTakeMany(handle=b, num_elements=n, component_types=types[:1],
                              name="take_one")
            R.BarrierTakeMany(handle=b, num_elements=n, component_types=types,
                              timeout_ms=10, name="take_timeout")
            R.BarrierReadySize(handle=b, name="ready")
            R.BarrierIncompleteSize(handle=b, name="incomplete")
            R.BarrierClose(handle=b, name="close")
            R.BarrierClose(handle=b, cancel_pending_enqueues=True, name="cancel")


BARRIER_STEPS = {
    "order": [("put0", dict(keys=["a", "b", "c"], floats=[1.0, 2.0, 3.0])), ("sizes",),
              ("put0", dict(keys=["d"], floats=[4.0])),
              ("put1", dict(keys=["d", "c"], ints=[[4, 4], [3, 3]])),
              ("put1", dict(keys=["a", "b"], ints=[[1, 1], [2, 2]])), ("sizes",),
              ("take", dict(count=1)), ("take", dict(count=3)), ("sizes",),
              ("take", dict(count=0))],
    "errors": [("put0", dict(keys=["a"], floats=[1.0])),
               ("put0", dict(keys=["b", "a"], floats=[1.0, 2.0])), ("sizes",),
               ("put2", dict(keys=["x"], floats=[1.0])),
               ("put_floats", dict(keys=["x"], floats=[1.0])),
               ("put1", dict(keys=["q"], ints=[[1, 2, 3]])), ("sizes",),
               ("put0", dict(keys=["q"], floats=[5.0])), ("sizes",),
               ("take", dict(count=[1])), ("take_one", dict(count=1)),
               ("take_timeout", dict(count=1))],
    "closed": [("put0", dict(keys=["a", "b"], floats=[1.0, 2.0])),
               ("put1", dict(keys=["a"], ints=[[1, 1]])), ("close",), ("sizes",),
               ("put0", dict(keys=["z"], floats=[1.0])), ("put0", dict(keys=[], floats=[])),
               ("take", dict(count=3)),
               ("put1", dict(keys=["b"], ints=[[2, 2]])), ("sizes",),
               ("take", dict(count=3)), ("take_small", dict(count=3)),
               ("take_small", dict(count=3)), ("take", dict(count=0)), ("close",),
               ("cancel",), ("cancel",)],
    "cancelled": [("put0", dict(keys=["a", "b"], floats=[1.0, 2.0])),
                  ("put1", dict(keys=["a"], ints=[[1, 1]])), ("cancel",), ("sizes",),
                  ("put1", dict(keys=["b"], ints=[[2, 2]])),
                  ("put0", dict(keys=[], floats=[])), ("take_small", dict(count=5)),
                  ("take_small", dict(count=5))],
    "unshaped": [("sizes",), ("put0", dict(keys=["a"], floats=[1.0]))],
    "sized": [("put0", dict(keys=["a"], floats=[1.0])), ("sizes",)],
    "one": [("put0", dict(keys=["x", "y"], floats=[1.0, 2.0])), ("sizes",),
            ("take", dict(count=2))],
}


def export(out_dir):
    v1.disable_v2_behavior()
    g = tf.Graph()
    with g.as_default():
        build()
        build_barriers()
        v1.train.export_meta_graph(os.path.join(out_dir, "staging.meta"), graph=g)


def val(x):
    if hasattr(x, "tolist"):
        x = x.tolist()
    if isinstance(x, bytes):
        return x.decode()
    if isinstance(x, (list, tuple)):
        return [val(v) for v in x]
    return x


def steps(sess, g):
    def t(name):
        return g.get_tensor_by_name(name) if ":" in name else g.get_operation_by_name(name)

    def run(fetch, **feeds):
        try:
            return val(sess.run(t(fetch), {t(k + ":0"): v for k, v in feeds.items()}))
        except tf.errors.OpError as e:
            lines = str(e.message).splitlines()
            at = next((i for i, ln in enumerate(lines) if ln.startswith("Node: ")), -2)
            return [type(e).__name__, lines[at + 1].strip()]

    out = {}
    run("put", x=[1.0, 2.0], n=3)
    run("put", x=[4.0], n=5)
    run("put", x=[], n=6)
    out["area"] = [run("size:0"), run("peek:0", n=1), run("peek:1", n=2),
                   run("get:0"), run("get_ints:0"), run("size:0"), run("get:1"),
                   run("clear"), run("size:0")]
    for p in ("Map", "OrderedMap"):
        for k in (3, 1, 10, 2):
            run(p + "_put", key=k, x=[float(k)], n=k)
        run(p + "_put1", key=7, n=70)
        got = [run(p + "_size:0"), run(p + "_incomplete:0"),
               run(p + "_put1", key=7, n=71)]
        run(p + "_put0", key=7, x=[7.0])
        got += [run(p + "_size:0"), run(p + "_incomplete:0"), run(p + "_peek:0", key=7),
                run(p + "_get:0", key=2), run(p + "_get:1", key=7),
                run(p + "_pop:0"), run(p + "_pop:1"), run(p + "_size:0"),
                run(p + "_clear"), run(p + "_size:0")]
        out[p] = got
    return out


def barrier_steps(sess, g):
    def run(scenario, op, feeds):
        if op == "sizes":
            fetch = [g.get_tensor_by_name(f"{scenario}/{n}:0") for n in ("ready", "incomplete")]
        else:
            fetch = g.get_operation_by_name(f"{scenario}/{op}")
            if fetch.outputs:
                fetch = fetch.outputs
        try:
            return val(sess.run(fetch, {g.get_tensor_by_name(k + ":0"): v
                                        for k, v in feeds.items()}))
        except tf.errors.OpError as e:
            lines = str(e.message).splitlines()
            at = next((i for i, ln in enumerate(lines) if ln.startswith("Node: ")), -2)
            return [type(e).__name__, lines[at + 1].strip()]

    return {scenario: [run(scenario, step[0], step[1] if len(step) > 1 else {})
                       for step in steps] for scenario, steps in BARRIER_STEPS.items()}


def run_meta(meta):
    if sys.argv[1] == "tf":
        v1.disable_v2_behavior()
    with tf.Graph().as_default() as g:
        v1.train.import_meta_graph(meta)
        with v1.Session() as sess:
            out = steps(sess, g)
            out["barriers"] = barrier_steps(sess, g)
            sess.run(g.get_operation_by_name("put"),
                     {g.get_tensor_by_name("x:0"): [1.0], g.get_tensor_by_name("n:0"): 1})
            out["first_session_size"] = val(sess.run(g.get_tensor_by_name("size:0")))
        with v1.Session() as sess:
            out["second_session_size"] = val(sess.run(g.get_tensor_by_name("size:0")))
    print(json.dumps(out))


if __name__ == "__main__":
    if sys.argv[2] == "export":
        export(sys.argv[3])
    else:
        run_meta(os.path.abspath(sys.argv[3]))
