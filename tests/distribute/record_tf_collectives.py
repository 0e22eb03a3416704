"""Records TF 2.21's collective ops into tf_collectives_golden.json.

Run with TensorFlow's interpreter: .venv-peers/bin/python tests/distribute/record_tf_collectives.py

Each case runs in its own process (TF's collective executor stays aborted after a failure),
with the CPU split into two logical devices; a two-member case runs one thread per device.
A case TF never finishes (its members wait on after an abort) records the abort's reason
from TF's log line instead: {"abort": [code, message]}.
"""

import json
import re
import subprocess
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
GOLDEN = HERE / "tf_collectives_golden.json"
sys.path.insert(0, str(HERE.parents[1]))

CASES = {}  # name -> source of a function body run with R (tf.raw_ops), one(), two()

V2 = "ordering_token=[]"


def case(name: str, body: str) -> None:
    CASES[name] = body


# -- one member ---------------------------------------------------------------------------------
case("reduce_gs1", f"""
out(R.CollectiveReduceV2(input=[1., 2., 3.], group_size=1, group_key=1, instance_key=1, {V2},
                         merge_op="Add", final_op="Id"))
out(R.CollectiveReduceV2(input=tf.constant([3, 4]), group_size=1, group_key=1, instance_key=2,
                         {V2}, merge_op="Mul", final_op="Div"))
out(R.CollectiveReduceV2(input=tf.constant(3.), group_size=1, group_key=2, instance_key=1,
                         {V2}, merge_op="Max", final_op="Id", timeout_seconds=-1))
out(R.CollectiveGatherV2(input=[[1., 2.]], group_size=1, group_key=3, instance_key=1, {V2}))
out(R.CollectiveBcastSendV2(input=[True, False], group_size=1, group_key=4, instance_key=1))
out(R.CollectiveReduce(input=[1., 2.], group_size=1, group_key=5, instance_key=1,
                       merge_op="Add", final_op="Div", subdiv_offsets=[0]))
out(R.CollectiveGather(input=tf.ones([2, 2]), group_size=1, group_key=6, instance_key=1,
                       shape=[2, 2]))
out(R.CollectiveBcastSend(input=[1., 2.], group_size=1, group_key=7, instance_key=1, shape=[2]))
c = R.CollectiveInitializeCommunicator(group_key=20, rank=0, group_size=1)
out(R.CollectiveReduceV3(input=[1., 2.], communicator=c,
                         group_assignment=tf.zeros([0], tf.int32), reduction="Add"))
""")
case("assign", """
for ga, i, base in (([[0, 1], [2, 3]], 2, 100), ([[0, 1], [2, 3]], 1, 100), ([[0], [1]], 1, 5),
                    ([[3, 1, 2], [0, 4, 5]], 4, 7)):
    out(R.CollectiveAssignGroupV2(group_assignment=ga, device_index=i, base_key=base))
""")
for name, call in {
    "bad_merge": f'R.CollectiveReduceV2(input=[1.], group_size=1, group_key=1, instance_key=1, '
                 f'{V2}, merge_op="Sum", final_op="Id")',
    "bad_final": f'R.CollectiveReduceV2(input=[1.], group_size=1, group_key=1, instance_key=1, '
                 f'{V2}, merge_op="Add", final_op="Mean")',
    "bad_type": f'R.CollectiveReduceV2(input=[True], group_size=1, group_key=1, instance_key=1, '
                f'{V2}, merge_op="Add", final_op="Id")',
    "gather_bad_type": f'R.CollectiveGatherV2(input=[True], group_size=1, group_key=1, '
                       f'instance_key=1, {V2})',
    "bcast_bad_type": 'R.CollectiveBcastSendV2(input=["a"], group_size=1, group_key=1, '
                      'instance_key=1)',
    "group_size_0": f'R.CollectiveReduceV2(input=[1.], group_size=0, group_key=1, '
                    f'instance_key=1, {V2}, merge_op="Add", final_op="Id")',
    "group_size_vector": f'R.CollectiveReduceV2(input=[1.], group_size=[1], group_key=1, '
                         f'instance_key=1, {V2}, merge_op="Add", final_op="Id")',
    "v1_group_size_0": 'R.CollectiveReduce(input=[1.], group_size=0, group_key=1, '
                       'instance_key=1, merge_op="Add", final_op="Id", subdiv_offsets=[0])',
    "v1_gather_scalar": 'R.CollectiveGather(input=1., group_size=1, group_key=1, '
                        'instance_key=1, shape=[])',
    "v1_bcast_shape": 'R.CollectiveBcastSend(input=[1., 2.], group_size=1, group_key=1, '
                      'instance_key=1, shape=[3])',
    "assign_1d": 'R.CollectiveAssignGroupV2(group_assignment=[0, 1], device_index=0, '
                 'base_key=5)',
    "assign_index": 'R.CollectiveAssignGroupV2(group_assignment=[[0], [1]], '
                    'device_index=[0], base_key=5)',
    "assign_missing": 'R.CollectiveAssignGroupV2(group_assignment=[[0, 1]], device_index=5, '
                      'base_key=5)',
    "init_rank": 'R.CollectiveInitializeCommunicator(group_key=1, rank=3, group_size=1)',
    "init_group_size": 'R.CollectiveInitializeCommunicator(group_key=1, rank=0, group_size=0)',
    "init_key_vector": 'R.CollectiveInitializeCommunicator(group_key=[1], rank=0, '
                       'group_size=1)',
    "v3_group_assignment": 'R.CollectiveReduceV3(input=[1.], communicator='
                           'R.CollectiveInitializeCommunicator(group_key=1, rank=0, '
                           'group_size=1), group_assignment=[[0]], reduction="Add")',
    "timeout": f'R.CollectiveReduceV2(input=[1.], group_size=2, group_key=1, instance_key=1, '
               f'{V2}, merge_op="Add", final_op="Id", timeout_seconds=1)',
    "gather_timeout": f'R.CollectiveGatherV2(input=[1.], group_size=2, group_key=1, '
                      f'instance_key=1, {V2}, timeout_seconds=1)',
    "reduce_scatter": f'R.CollectiveReduceScatterV2(input=[1., 2.], group_size=1, '
                      f'group_key=1, instance_key=1, {V2}, merge_op="Add", final_op="Id")',
    "all_to_all_rows": f'R.CollectiveAllToAllV2(input=[1., 2.], group_size=1, group_key=1, '
                       f'instance_key=1, {V2})',
    "recv_no_source": 'R.CollectiveBcastRecvV2(group_size=1, group_key=1, instance_key=1, '
                      'shape=[2], T=tf.float32)',
    **{op: call for op, call in (
        ("NcclAllReduce", 'R.NcclAllReduce(input=[1.], reduction="sum", num_devices=1, '
                          'shared_name="a")'),
        ("NcclBroadcast", "R.NcclBroadcast(input=[1.], shape=[1])"),
        ("NcclReduce", 'R.NcclReduce(input=[tf.constant([1.])], reduction="sum")'),
        ("CollectivePermute", "R.CollectivePermute(input=[1.], source_target_pairs=[[0, 0]])"),
        ("AllToAll", "R.AllToAll(input=[1.], group_assignment=[[0]], concat_dimension=0, "
                     "split_dimension=0, split_count=1)"),
        ("CrossReplicaSum", "R.CrossReplicaSum(input=[1.], group_assignment=[[0]])"))},
}.items():
    case(name, f"out({call})")

# the same refused inside a tf.function: TF's message when the function runs
for op, call in (
        ("NcclAllReduce", 'R.NcclAllReduce(input=x, reduction="sum", num_devices=1, '
                          'shared_name="a")'),
        ("NcclReduce", 'R.NcclReduce(input=[x], reduction="sum")'),
        ("NcclBroadcast", "R.NcclBroadcast(input=x, shape=[2])"),
        ("AllToAll", "R.AllToAll(input=x, group_assignment=[[0]], concat_dimension=0, "
                     "split_dimension=0, split_count=1)"),
        ("CrossReplicaSum", "R.CrossReplicaSum(input=x, group_assignment=[[0]])"),
        ("CollectivePermute", "R.CollectivePermute(input=x, source_target_pairs=[[0, 0]])")):
    case(f"traced_{op}", f"out(tf.function(lambda x: {call})(tf.constant([1., 2.])), "
                         "first_line=True)")

# an instance or group used again otherwise: TF aborts, and every later collective fails
case("group_size_changed", f"""
out(R.CollectiveReduceV2(input=[1.], group_size=1, group_key=1, instance_key=1, {V2},
                         merge_op="Add", final_op="Id"))
out(R.CollectiveReduceV2(input=[1.], group_size=2, group_key=1, instance_key=2, {V2},
                         merge_op="Add", final_op="Id", timeout_seconds=1))
out(R.CollectiveReduceV2(input=[1.], group_size=1, group_key=9, instance_key=1, {V2},
                         merge_op="Add", final_op="Id"))
""")
case("shape_changed", f"""
out(R.CollectiveReduceV2(input=[1., 2., 3.], group_size=1, group_key=1, instance_key=1, {V2},
                         merge_op="Add", final_op="Id"))
out(R.CollectiveReduceV2(input=[1., 2., 3.], group_size=1, group_key=1, instance_key=1, {V2},
                         merge_op="Add", final_op="Id"))
out(R.CollectiveReduceV2(input=[5.], group_size=1, group_key=1, instance_key=1, {V2},
                         merge_op="Add", final_op="Id"))
""")
case("kind_changed", f"""
out(R.CollectiveReduceV2(input=[1.], group_size=1, group_key=1, instance_key=1, {V2},
                         merge_op="Add", final_op="Id"))
out(R.CollectiveGatherV2(input=[1.], group_size=1, group_key=1, instance_key=1, {V2}))
""")

# -- two members, one thread per logical CPU ----------------------------------------------------
XS = "xs = [tf.constant([1., 2., 3., 4.]), tf.constant([10., 20., 30., 40.])]\n"
for mo, fo in (("Add", "Id"), ("Add", "Div"), ("Mul", "Id"), ("Min", "Id"), ("Max", "Div")):
    case(f"reduce2_{mo}_{fo}", XS + f"two(lambda i: R.CollectiveReduceV2(input=xs[i], "
                                    f"group_size=2, group_key=1, instance_key=1, {V2}, "
                                    f"merge_op='{mo}', final_op='{fo}'))")
case("reduce2_int_div", f"two(lambda i: R.CollectiveReduceV2(input=tf.constant([3, -4]) * "
                        f"(i + 1), group_size=2, group_key=1, instance_key=1, {V2}, "
                        "merge_op='Add', final_op='Div'))")
case("gather2", XS + f"two(lambda i: R.CollectiveGatherV2(input=tf.reshape(xs[i], [2, 2]), "
                     f"group_size=2, group_key=1, instance_key=1, {V2}))")
case("all_to_all2", XS + f"two(lambda i: R.CollectiveAllToAllV2(input=tf.reshape(xs[i], "
                         f"[2, 2]), group_size=2, group_key=1, instance_key=1, {V2}))")
case("bcast2", XS + "two(lambda i: R.CollectiveBcastSendV2(input=xs[0], group_size=2, "
                    "group_key=1, instance_key=1) if i == 0 else R.CollectiveBcastRecvV2("
                    "group_size=2, group_key=1, instance_key=1, shape=[4], T=tf.float32))")
case("v1_reduce2", XS + "two(lambda i: R.CollectiveReduce(input=xs[i], group_size=2, "
                        "group_key=1, instance_key=1, merge_op='Add', final_op='Div', "
                        "subdiv_offsets=[0]))")
case("v1_gather2", XS + "two(lambda i: R.CollectiveGather(input=xs[i], group_size=2, "
                        "group_key=1, instance_key=1, shape=[4]))")
case("v1_bcast2", XS + "two(lambda i: R.CollectiveBcastSend(input=xs[0], group_size=2, "
                       "group_key=1, instance_key=1, shape=[4]) if i == 0 else "
                       "R.CollectiveBcastRecv(group_size=2, group_key=1, instance_key=1, "
                       "shape=[4], T=tf.float32))")
case("same_device2", XS + f"two(lambda i: R.CollectiveReduceV2(input=xs[i], group_size=2, "
                          f"group_key=1, instance_key=1, {V2}, merge_op='Add', final_op='Id', "
                          "timeout_seconds=1), devices=('/cpu:0', '/cpu:0'))")
case("group_size_mismatch2", XS + f"two(lambda i: R.CollectiveReduceV2(input=xs[i], "
                                  f"group_size=2 + i, group_key=1, instance_key=1, {V2}, "
                                  "merge_op='Add', final_op='Id', timeout_seconds=2))")
case("shape_mismatch2", XS + f"two(lambda i: R.CollectiveReduceV2(input=xs[i][:3 + i], "
                             f"group_size=2, group_key=1, instance_key=1, {V2}, "
                             "merge_op='Add', final_op='Id', timeout_seconds=2))")
case("dtype_mismatch2", XS + f"two(lambda i: R.CollectiveReduceV2(input=tf.cast(xs[i], "
                             f"[tf.float32, tf.float64][i]), group_size=2, group_key=1, "
                             f"instance_key=1, {V2}, merge_op='Add', final_op='Id', "
                             "timeout_seconds=2))")
case("reduce_v3_2", XS + """
def member(i):
    c = R.CollectiveInitializeCommunicator(group_key=50, rank=i, group_size=2)
    empty = tf.zeros([0], tf.int32)
    return (R.CollectiveReduceV3(input=xs[i], communicator=c, group_assignment=empty,
                                 reduction="Max"),
            R.CollectiveAllToAllV3(input=tf.reshape(xs[i], [2, 2]), communicator=c,
                                   group_assignment=empty))
two(member)
""")
case("function_threads2", f"""
@tf.function
def run(x):
    return R.CollectiveReduceV2(input=x, group_size=2, group_key=1, instance_key=1, {V2},
                                merge_op="Add", final_op="Id", timeout_seconds=5)
two(lambda i: run(tf.constant([1., 2.]) * (i + 1)))
""")
case("gather_rows2", f"two(lambda i: R.CollectiveGatherV2(input=tf.ones([i + 1, 2]), "
                     f"group_size=2, group_key=1, instance_key=1, {V2}, timeout_seconds=2))")
case("function2", """
@tf.function
def f():
    outs = []
    for i in range(2):
        with tf.device(f"/cpu:{i}"):
            outs.append(R.CollectiveReduceV2(input=[1., 2.], group_size=2, group_key=1,
                                             instance_key=1, ordering_token=[], merge_op="Add",
                                             final_op="Id", timeout_seconds=2))
    return outs
out(f(), first_line=True)
""")

RUNNER = """
import threading, sys, json
import tensorflow as tf
cpus = tf.config.list_physical_devices("CPU")
tf.config.set_logical_device_configuration(cpus[0], [tf.config.LogicalDeviceConfiguration()] * 2)
R = tf.raw_ops
def result(f, first_line=False):
    try:
        r = f()
    except Exception as e:
        msg = str(e).split("\\n")[0] if first_line else str(e)
        return {"error": type(e).__name__, "message": msg}
    if isinstance(r, (tuple, list)):
        return [{"value": t.numpy().tolist(), "dtype": t.dtype.name} for t in r]
    if r.dtype == tf.resource:
        return {"repr": repr(r)}
    return {"value": r.numpy().tolist(), "dtype": r.dtype.name}
def out(call_result):
    print("RESULT " + json.dumps(call_result), flush=True)
def two(fn, devices=("/cpu:0", "/cpu:1")):
    res = [None, None]
    def w(i):
        with tf.device(devices[i]):
            res[i] = result(lambda: fn(i))
    ts = [threading.Thread(target=w, args=(i,)) for i in range(2)]
    [t.start() for t in ts]
    [t.join() for t in ts]
    print("RESULT " + json.dumps(res), flush=True)
"""


def run(name: str, body: str) -> dict:
    src = RUNNER + _rewrite(body)
    try:
        p = subprocess.run([sys.executable, "-c", src], capture_output=True, text=True,
                           timeout=40)
        stdout, stderr = p.stdout, p.stderr
    except subprocess.TimeoutExpired as e:
        stdout = (e.stdout or b"").decode() if isinstance(e.stdout, bytes) else e.stdout or ""
        stderr = (e.stderr or b"").decode() if isinstance(e.stderr, bytes) else e.stderr or ""
        stdout += "\nHUNG"
    results = [json.loads(line[7:]) for line in stdout.splitlines()
               if line.startswith("RESULT ")]
    entry = {"results": results}
    if "HUNG" in stdout:
        m = re.search(r"StartAbort ([A-Z_]+): (.*)", stderr)
        entry["abort"] = [m.group(1), m.group(2)] if m else None
    return entry


def _rewrite(body: str) -> str:
    """`out(EXPR, ...)` -> `out(result(lambda: EXPR, ...))` across lines."""
    text = body
    pieces = []
    i = 0
    while True:
        j = text.find("out(", i)
        if j < 0 or (j > 0 and (text[j - 1].isalnum() or text[j - 1] == "_")):
            if j < 0:
                pieces.append(text[i:])
                break
            pieces.append(text[i:j + 4])
            i = j + 4
            continue
        depth, k = 0, j + 3
        while True:
            ch = text[k]
            depth += ch == "("
            depth -= ch == ")"
            if depth == 0:
                break
            k += 1
        inner = text[j + 4:k]
        first = ", first_line=True" in inner
        inner = inner.replace(", first_line=True", "")
        pieces.append(text[i:j] + f"out(result(lambda: {inner}, first_line={first}))")
        i = k + 1
    return "".join(pieces)


def main() -> None:
    from tests.golden_io import write_json
    only = sys.argv[1:]
    golden = json.loads(GOLDEN.read_text()) if only and GOLDEN.exists() else {}
    for name, body in CASES.items():
        if only and name not in only:
            continue
        golden[name] = run(name, body)
        print(name, json.dumps(golden[name])[:300])
    write_json(GOLDEN, golden, "\n", sort_keys=True, indent=1)


if __name__ == "__main__":
    main()
