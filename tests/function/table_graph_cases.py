"""Functions mixing lookup tables with variables, tf.print and random draws, whose traced
graphs (node names, data and control inputs) and results test_table_graphs.py compares
with TF 2.21's (the recorder record_table_graphs.py runs the same cases under
TensorFlow). Plain Python: TF's interpreter loads this file too.

Each case is source exec'd with `tf` bound: it defines `f` (traced with `tf.function`),
`SPECS` (its input signature) and `ARGS` (the calls whose results are compared, each a
tuple of arguments built by a function of `tf`). A private table's name holds TF's
process-wide resource id ("_3_MutableHashTableV2_1"): compared as "_N_<node>"; an eager
table's name, a number of TF's process-wide uids, as "N".
"""

import re
import textwrap

import numpy as np

_TABLES = """
init = tf.lookup.KeyValueTensorInitializer(tf.constant([1, 2], tf.int64),
                                           tf.constant([10, 20], tf.int64))
t = tf.lookup.StaticHashTable(init, -1)
u = tf.lookup.StaticHashTable(init, -7)
m = tf.lookup.experimental.MutableHashTable(tf.int64, tf.int64, -1)
v1 = tf.Variable(1.0)
v2 = tf.Variable(2.0)
"""

CASES = {
    # two variables, two tables, tf.print and random draws: each resource's ops chained,
    # the prints chained, the legacy draw unordered, the stateless one stateless
    "mixed": _TABLES + """
def f(x, k):
    a = v1.read_value()
    v2.assign_add(x)
    tf.print(a)
    r = tf.random.uniform([2], seed=3)
    s = tf.random.stateless_uniform([2], seed=[1, 2])
    m.insert(k, k)
    l = t.lookup(k)
    v1.assign(x)
    tf.print(x)
    n = m.size()
    w = u.lookup(k) + t.lookup(k)
    v2.assign_add(a)
    return l, n, w, tf.shape(r + s)
SPECS = [tf.TensorSpec([], tf.float32), tf.TensorSpec([2], tf.int64)]
ARGS = lambda tf: [(tf.constant(3.0), tf.constant([1, 5], tf.int64))]
""",
    # a table's ops are all writes to TF: two lookups of one table are chained
    "lookups_chained": _TABLES + """
def f(k):
    a = t.lookup(k)
    b = u.lookup(k)
    c = t.lookup(k + 1)
    s = t.size()
    return a + b + c, s
SPECS = [tf.TensorSpec([None], tf.int64)]
ARGS = lambda tf: [(tf.constant([0, 1, 2], tf.int64),)]
""",
    # identical creator nodes in one graph: a table each (TF's private names), the node's
    # name with use_node_name_sharing, one table for one shared_name
    "raw_creators": """
def f(k):
    a = tf.raw_ops.MutableHashTableV2(key_dtype=tf.int64, value_dtype=tf.int64)
    b = tf.raw_ops.MutableHashTableV2(key_dtype=tf.int64, value_dtype=tf.int64)
    c = tf.raw_ops.MutableHashTableV2(key_dtype=tf.int64, value_dtype=tf.int64,
                                      use_node_name_sharing=True)
    d = tf.raw_ops.MutableHashTableV2(key_dtype=tf.int64, value_dtype=tf.int64,
                                      shared_name='tables2_shared')
    tf.raw_ops.LookupTableInsertV2(table_handle=a, keys=k, values=k * 10)
    tf.raw_ops.LookupTableInsertV2(table_handle=d, keys=k + 1, values=k)
    tf.print(k)
    sizes = [tf.raw_ops.LookupTableSizeV2(table_handle=h) for h in (a, b, c, d)]
    return sizes, [a, b, c, d]
SPECS = [tf.TensorSpec([2], tf.int64)]
ARGS = lambda tf: [(tf.constant([1, 2], tf.int64),), (tf.constant([2, 3], tf.int64),)]
""",
    # a handle known only when the graph runs (an argument) is a resource of its own
    "handle_argument": _TABLES + """
def f(h, k):
    a = tf.raw_ops.LookupTableFindV2(table_handle=h, keys=k,
                                     default_value=tf.constant(-3, tf.int64))
    v1.assign_add(1.0)
    b = t.lookup(k)
    n = tf.raw_ops.LookupTableSizeV2(table_handle=h)
    i = tf.identity(h)
    tf.print(k)
    n2 = tf.raw_ops.LookupTableSizeV2(table_handle=i)
    return a + b, n + n2
SPECS = [tf.TensorSpec([], tf.resource), tf.TensorSpec([2], tf.int64)]
ARGS = lambda tf: [(u.resource_handle, tf.constant([2, 9], tf.int64))]
""",
    # a function returning a table's handle: the resource tensor itself
    "returns_handle": _TABLES + """
def f(k):
    return t.resource_handle, t.lookup(k)
SPECS = [tf.TensorSpec([2], tf.int64)]
ARGS = lambda tf: [(tf.constant([2, 3], tf.int64),)]
""",
}

# Compared by their results only: TF captures an eager resource tensor a function returns
# (a table's handle) by a resource placeholder shared with the table's other uses, where
# eagerflow's graph holds it as a constant of the handle
RESULTS_ONLY = frozenset({"returns_handle"})

_PRIVATE = re.compile(r"^_\d+_")


def _value(tf, x):
    if isinstance(x, (list, tuple)):
        return [_value(tf, y) for y in x]
    if x.dtype == tf.resource:
        text = str(x)
        name = text.split('name="', 1)[1].split('"', 1)[0]
        return {"resource": "N" if name.isdigit() else _PRIVATE.sub("_N_", name)}
    return x.numpy().tolist()


def outcome(tf, src):
    """{"nodes": [[name, op, inputs...], ...], "calls": [results, ...]}: the traced graph's
    nodes as its GraphDef lists them, control inputs last, and each call's results."""
    env = {"tf": tf}
    exec(compile(textwrap.dedent(src), "<case>", "exec"), env)  # noqa: S102
    fn = tf.function(env["f"])
    graph = fn.get_concrete_function(*env["SPECS"]).graph
    nodes = [[n.name, n.op] + list(n.input) for n in graph.as_graph_def().node]
    calls = [_value(tf, fn(*args)) for args in env["ARGS"](tf)]
    return {"nodes": nodes, "calls": calls}


def session_outcome(tf):
    """A TF 1 graph's raw creators run by two Sessions: the sizes of each table before and
    after inserts, per Session (each Session's tables are its own, shared names too), and
    what a no-output op returns in a graph (its Operation)."""
    g = tf.Graph()
    with g.as_default():
        def make(**kw):
            return tf.raw_ops.MutableHashTableV2(key_dtype=tf.int64, value_dtype=tf.int64, **kw)
        a, b = make(), make()
        c, d = make(use_node_name_sharing=True), make(shared_name="tables2_session")
        keys = tf.constant([1, 2], tf.int64)
        ins = [tf.raw_ops.LookupTableInsertV2(table_handle=h, keys=keys[:n], values=keys[:n])
               for h, n in ((a, 1), (c, 2), (d, 2))]
        sizes = [tf.raw_ops.LookupTableSizeV2(table_handle=h) for h in (a, b, c, d)]
    runs = []
    for _ in range(2):
        with tf.compat.v1.Session(graph=g) as s:
            before = [int(x) for x in s.run(sizes)]
            s.run(ins)
            runs.append([before, [int(x) for x in s.run(sizes)]])
    return {"runs": runs, "insert": [type(i).__name__ for i in ins],
            "names": [o.name for o in g.get_operations() if "HashTable" in o.type]}


SAVED = _TABLES + """
class M(tf.Module):
    def __init__(self):
        self.v1, self.v2, self.t, self.m = v1, v2, t, m

    @tf.function(input_signature=[tf.TensorSpec([], tf.float32),
                                  tf.TensorSpec([2], tf.int64)])
    def f(self, x, k):
        a = self.v1.read_value()
        self.v2.assign_add(x)
        tf.print(a)
        r = tf.random.uniform([2], seed=3)
        self.m.insert(k, k)
        l = self.t.lookup(k)
        self.v1.assign(x)
        tf.print(x)
        n = self.m.size()
        self.v2.assign_add(a)
        return l, n, tf.shape(r)
"""


def saved_outcome(tf, saved_model_proto, path):
    """Function `f` of a tf.Module with two variables and two tables, saved: its body's
    stateful nodes with their control inputs (TF's output NoOp left out: eagerflow's
    bodies list their stateful nodes as control outputs only) and its resource arguments
    with their _user_specified_name. `saved_model_proto`: the SavedModel message class."""
    env = {"tf": tf}
    exec(compile(textwrap.dedent(SAVED), "<saved>", "exec"), env)  # noqa: S102
    tf.saved_model.save(env["M"](), path)
    sm = saved_model_proto()
    with open(path + "/saved_model.pb", "rb") as fh:
        sm.ParseFromString(fh.read())
    fdef = next(f for f in sm.meta_graphs[0].graph_def.library.function
                if f.signature.name.startswith("__inference_f_"))
    nodes = {n.name: sorted(i for i in n.input if i.startswith("^") and i != "^NoOp")
             for n in fdef.node_def if n.name in fdef.control_ret}
    args = [[a.name, fdef.arg_attr[i].attr["_user_specified_name"].s.decode()]
            for i, a in enumerate(fdef.signature.input_arg) if a.type == 20
            and "table_handle" in a.name]
    return {"nodes": nodes, "table_args": args}


def v1_graph_outcome(tf):
    """Two StaticHashTables of one KeyValueTensorInitializer in a TF 1 graph: its nodes
    (HashTableV2 with a shared name of its own each, "hash_table_<uuid>"; the initializer's
    LookupTableImportV2 in tables_initializer's collection), a lookup before and after
    the initializer runs, in two Sessions."""
    g = tf.Graph()
    with g.as_default():
        init = tf.lookup.KeyValueTensorInitializer(tf.constant([1, 2], tf.int64),
                                                   tf.constant([10, 20], tf.int64))
        t1 = tf.lookup.StaticHashTable(init, -1)
        t2 = tf.lookup.StaticHashTable(init, -5)
        k = tf.constant([1, 3], tf.int64)
        found = [t1.lookup(k), t2.lookup(k), t1.size(), t2.size()]
        shared = [n.attr["shared_name"].s.decode() for n in g.as_graph_def().node
                  if n.op == "HashTableV2"]
        nodes = [[n.name, n.op] + list(n.input) for n in g.as_graph_def().node]
        names = [t1.name, t2.name, t1.resource_handle.name,
                 [o.name for o in tf.compat.v1.get_collection("table_initializer")]]
        init_op = tf.compat.v1.tables_initializer()
    runs = []
    for _ in range(2):
        with tf.compat.v1.Session(graph=g) as s:
            try:
                s.run(found[0])
                before = "ran"
            except tf.errors.FailedPreconditionError:
                before = "FailedPreconditionError"
            s.run(init_op)
            runs.append([before, [np.asarray(x).tolist() for x in s.run(found)]])
    return {"nodes": nodes, "names": names, "runs": runs,
            "shared": [re.sub("[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$",
                              "<uuid>", x) for x in shared],
            "distinct": len(set(shared)) == len(shared)}


def v1_mutable_outcome(tf):
    """MutableHashTables (scalar and vector values) in a TF 1 graph: their nodes (shared
    by the node's name where checkpointed, an export made with the table), what insert
    returns, and each of two Sessions' tables before and after the inserts."""
    g = tf.Graph()
    with g.as_default():
        m1 = tf.lookup.experimental.MutableHashTable(tf.int64, tf.int64, -1)
        m2 = tf.lookup.experimental.MutableHashTable(tf.int64, tf.float32, [0.0, 1.0],
                                                     name="vec")
        m3 = tf.lookup.experimental.MutableHashTable(tf.int64, tf.int64, -1, checkpoint=False)
        k = tf.constant([1, 3], tf.int64)
        ins = [m1.insert(k, k * 2), m2.insert(k, tf.ones([2, 2])), m3.insert(k, k)]
        found = [m1.lookup(k), m2.lookup(k), m1.size(), m2.size(), m3.size()]
        nodes = [[n.name, n.op] + list(n.input) for n in g.as_graph_def().node]
        sharing = {n.name: bool(n.attr["use_node_name_sharing"].b)
                   for n in g.as_graph_def().node if "HashTable" in n.op}
    runs = []
    for _ in range(2):
        with tf.compat.v1.Session(graph=g) as s:
            before = [int(x) for x in s.run(found[2:])]
            s.run(ins)
            runs.append([before, [np.asarray(x).tolist() for x in s.run(found)]])
    return {"nodes": nodes, "sharing": sharing, "runs": runs,
            "names": [m1.name, m2.name, m3.name, type(ins[0]).__name__]}
