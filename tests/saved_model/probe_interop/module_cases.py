"""SavedModels of tf.Modules, built alike by TensorFlow or eagerflow (each builder takes the
`tf` and `keras` modules and a folder for the files it needs), and the probes a user runs
on the loaded object. test_probe_interop.py saves each with both frameworks and loads each
file with both; tf_side.py is TensorFlow's half. Imports neither framework itself.

A builder returns (object, signatures) for tf.saved_model.save; a probe takes the loaded
object and returns a dict of encoded results (user_model_cases.encode/outcome).
"""

from __future__ import annotations

import collections
import os

from tests.saved_model.user_model_cases import (
    concrete_facts,
    outcome,
    signature_facts,
    variable_facts,
)

Point = collections.namedtuple("Point", ["x", "y"])


# --- several inputs and outputs, dict outputs ----------------------------------------

def build_multi_io(tf, keras, d):
    class MultiIO(tf.Module):
        def __init__(self):
            super().__init__()
            self.w = tf.Variable([[1.0, -1.0], [0.5, 2.0], [0.0, 1.0]], name="w")

        @tf.function(input_signature=[tf.TensorSpec([None, 3], tf.float32, name="feats"),
                                      tf.TensorSpec([None], tf.int32, name="ids"),
                                      tf.TensorSpec([None], tf.string, name="words")])
        def serve(self, feats, ids, words):
            scores = tf.matmul(feats, self.w)
            return {"scores": scores, "best": tf.argmax(scores, axis=1, output_type=tf.int32),
                    "shifted": ids + tf.constant(10), "joined": tf.strings.join([words, "!"]),
                    "total": tf.reduce_sum(feats)}

        @tf.function(input_signature=[tf.TensorSpec([2], tf.float64),
                                      tf.TensorSpec([], tf.int64)])
        def pair(self, a, n):
            return a * tf.cast(n, tf.float64), tf.shape(a, out_type=tf.int64) + n

    m = MultiIO()
    return m, {"serving_default": m.serve, "pair": m.pair}


def probe_multi_io(tf, m):
    feats = tf.constant([[1.0, 2.0, 3.0], [-1.0, 0.0, 4.0]])
    ids, words = tf.constant([1, 2]), tf.constant(["a", "bc"])
    sig = m.signatures["serving_default"]
    return {"serve": outcome(lambda: m.serve(feats, ids, words)),
            "sig": outcome(lambda: sig(feats=feats, ids=ids, words=words)),
            "sig_positional": outcome(lambda: sig(feats, ids, words)),
            "sig_missing": outcome(lambda: sig(feats=feats, ids=ids)),
            "sig_pair": outcome(lambda: m.signatures["pair"](
                a=tf.constant([1.5, -2.0], tf.float64), n=tf.constant(3, tf.int64))),
            "pair": outcome(lambda: m.pair(tf.constant([1.5, -2.0], tf.float64),
                                           tf.constant(3, tf.int64))),
            "signatures": signature_facts(m, tf)}


# --- nested tf.Modules -----------------------------------------------------------------

def build_nested(tf, keras, d):
    class Leaf(tf.Module):
        def __init__(self, k, name=None):
            super().__init__(name=name)
            self.k = tf.Variable(float(k), name="k")

        @tf.function(input_signature=[tf.TensorSpec([None], tf.float32)])
        def apply(self, x):
            return x * self.k

    class Branch(tf.Module):
        def __init__(self):
            super().__init__(name="branch")
            self.leaves = [Leaf(2, name="two"), Leaf(3, name="three")]
            self.by_name = {"neg": Leaf(-1, name="neg"), "half": Leaf(0.5, name="half")}
            self.shared = self.leaves[0]

        @tf.function(input_signature=[tf.TensorSpec([None], tf.float32)])
        def chain(self, x):
            for leaf in self.leaves:
                x = leaf.apply(x)
            return self.by_name["neg"].apply(x)

    class Root(tf.Module):
        def __init__(self):
            super().__init__()
            self.branch = Branch()
            self.bias = tf.Variable([0.5], name="bias")

        @tf.function(input_signature=[tf.TensorSpec([None], tf.float32)])
        def __call__(self, x):
            return self.branch.chain(x) + self.bias

    m = Root()
    return m, {"serving_default": m.__call__}


def probe_nested(tf, m):
    x = tf.constant([1.0, 2.0])
    out = {"call": outcome(lambda: m(x)),
           "chain": outcome(lambda: m.branch.chain(x)),
           "leaf1": outcome(lambda: m.branch.leaves[1].apply(x)),
           "neg": outcome(lambda: m.branch.by_name["neg"].apply(x)),
           "half_k": outcome(lambda: m.branch.by_name["half"].k),
           "shared_is_leaf0": m.branch.shared is m.branch.leaves[0],
           "sig": outcome(lambda: m.signatures["serving_default"](x=x)),
           "n_leaves": len(m.branch.leaves),
           "keys": sorted(m.branch.by_name)}
    m.branch.shared.k.assign(10.0)
    out["after_assign"] = outcome(lambda: m(x))
    return out


# --- a tf.function traced for several signatures ---------------------------------------

def build_polymorphic(tf, keras, d):
    class Poly(tf.Module):
        def __init__(self):
            super().__init__()
            self.v = tf.Variable(2.0, name="v")

        @tf.function
        def f(self, x, mode="double", flag=True):
            y = x * tf.cast(self.v, x.dtype) if mode == "double" else x - tf.ones_like(x)
            return -y if flag else y

    m = Poly()
    m.f(tf.constant([1.0, 2.0]))
    m.f(tf.constant([1, 2, 3]))
    m.f(tf.constant([[1.0]], tf.float64), "minus")
    m.f(tf.constant(5.0), flag=False)
    m.f.get_concrete_function(tf.TensorSpec([None, 2], tf.float32))
    return m, {}


def probe_polymorphic(tf, m):
    return {"f32": outcome(lambda: m.f(tf.constant([3.0, 4.0]))),
            "i32": outcome(lambda: m.f(tf.constant([4, 5, 6]))),
            "f64_minus": outcome(lambda: m.f(tf.constant([[2.0]], tf.float64), "minus")),
            "scalar_noflag": outcome(lambda: m.f(tf.constant(1.5), flag=False)),
            "batch": outcome(lambda: m.f(tf.constant([[1.0, 2.0], [3.0, 4.0], [5.0, 6.0]]))),
            "unseen_dtype": outcome(lambda: m.f(tf.constant([1], tf.int64))),
            "unseen_mode": outcome(lambda: m.f(tf.constant([1.0, 2.0]), "other")),
            "n_concrete": len(m.f.concrete_functions),
            "cf": outcome(lambda: concrete_facts(
                m.f.get_concrete_function(tf.TensorSpec([None, 2], tf.float32)), tf))}


# --- variables and arguments of every dtype --------------------------------------------

DTYPES = ["float16", "bfloat16", "float32", "float64", "int8", "int16", "int32", "int64",
          "uint8", "uint16", "uint32", "uint64", "bool", "complex64", "complex128", "string"]


def _dtype_value(name):
    if name == "bool":
        return [True, False, True]
    if name == "string":
        return ["a", "bc", ""]
    if name.startswith("complex"):
        return [1 + 2j, -0.5j, 3 + 0j]
    if name.startswith("uint"):
        return [0, 7, 200]
    if name.startswith("int"):
        return [-3, 0, 100]
    return [1.5, -0.25, 3.0]


def build_dtypes(tf, keras, d):
    class Dtypes(tf.Module):
        def __init__(self):
            super().__init__()
            # (tf.Variable refuses some dtypes' numpy arrays alike; constants first)
            self.vars = {n: tf.Variable(tf.constant(_dtype_value(n), getattr(tf, n)),
                                        name=f"v_{n}") for n in DTYPES}
            self.unknown = tf.Variable([[1.0, 2.0]], shape=tf.TensorShape(None),
                                       name="unknown")
            self.ragged_rows = tf.Variable([1, 2], shape=[None], name="rows")

        @tf.function(input_signature=[])
        def read(self):
            return {n: v.read_value() for n, v in self.vars.items()}

        @tf.function(input_signature=[tf.TensorSpec(None, getattr(tf, n), name=f"x_{n}")
                                      for n in DTYPES])
        def echo(self, *xs):
            return {n: tf.identity(x) for n, x in zip(DTYPES, xs)}

        @tf.function(input_signature=[tf.TensorSpec(None, tf.float32)])
        def grow(self, x):
            self.unknown.assign(x)
            self.ragged_rows.assign(tf.range(tf.size(x)))
            return tf.shape(self.unknown), self.ragged_rows.read_value()

    m = Dtypes()
    return m, {"serving_default": m.read, "echo": m.echo}


def probe_dtypes(tf, m):
    feeds = {f"x_{n}": tf.constant(_dtype_value(n)[::-1], getattr(tf, n)) for n in DTYPES}
    return {"read": outcome(lambda: m.read()),
            "sig_read": outcome(lambda: m.signatures["serving_default"]()),
            "sig_echo": outcome(lambda: m.signatures["echo"](**feeds)),
            "variables": outcome(lambda: variable_facts(
                [v for k, v in sorted(m.vars.items())] + [m.unknown, m.ragged_rows])),
            "unknown_shape": str(m.unknown.shape),
            "grow": outcome(lambda: m.grow(tf.constant([[1.0, 2.0, 3.0], [4.0, 5.0, 6.0]]))),
            "after_grow": outcome(lambda: [m.unknown, m.ragged_rows]),
            "signatures": signature_facts(m, tf)}


# --- tables ------------------------------------------------------------------------------

def build_tables(tf, keras, d):
    class Tables(tf.Module):
        def __init__(self):
            super().__init__()
            self.names = tf.lookup.StaticHashTable(tf.lookup.KeyValueTensorInitializer(
                tf.constant([10, 20, 30], tf.int64), tf.constant(["ten", "twenty", "thirty"])),
                default_value="?")
            self.counts = tf.lookup.experimental.MutableHashTable(
                key_dtype=tf.string, value_dtype=tf.int64, default_value=0)
            self.counts.insert(tf.constant(["x", "y"]), tf.constant([1, 2], tf.int64))

        @tf.function(input_signature=[tf.TensorSpec([None], tf.int64, name="keys")])
        def name_of(self, keys):
            return {"names": self.names.lookup(keys), "n": self.names.size()}

        @tf.function(input_signature=[tf.TensorSpec([None], tf.string)])
        def count(self, words):
            self.counts.insert(words, self.counts.lookup(words) + 1)
            return self.counts.lookup(words)

        @tf.function(input_signature=[])
        def dump(self):
            keys, values = self.counts.export()
            return self.counts.lookup(tf.constant(["x", "y", "z"])), tf.size(keys), \
                tf.reduce_sum(values)

    m = Tables()
    return m, {"serving_default": m.name_of, "count": m.count}


def probe_tables(tf, m):
    out = {"names": outcome(lambda: m.name_of(tf.constant([20, 5, 30], tf.int64))),
           "sig": outcome(lambda: m.signatures["serving_default"](
               keys=tf.constant([10], tf.int64))),
           "dump0": outcome(lambda: m.dump()),
           "count": outcome(lambda: m.count(tf.constant(["y", "z"]))),
           "sig_count": outcome(lambda: m.signatures["count"](words=tf.constant(["z"]))),
           "dump1": outcome(lambda: m.dump()),
           "size": outcome(lambda: m.counts.size())}
    out["lookup"] = outcome(lambda: m.counts.lookup(tf.constant(["x", "z", "q"])))
    return out


def build_shaped_tables(tf, keras, d):
    """Tables whose handles carry shapes in the exported graph (a MutableHashTable of
    vectors, a DenseHashTable of row keys): the signatures' outputs are of TF's shapes."""
    class Shaped(tf.Module):
        def __init__(self):
            super().__init__()
            self.vectors = tf.lookup.experimental.MutableHashTable(
                tf.string, tf.float32, default_value=[0.0, -1.0])
            self.vectors.insert(tf.constant(["a", "b"]), tf.constant([[1.0, 2.0], [3.0, 4.0]]))
            self.rows = tf.lookup.experimental.DenseHashTable(
                tf.int64, tf.int64, default_value=-1, empty_key=[0, 0], deleted_key=[-1, -1])
            self.rows.insert(tf.constant([[1, 2], [3, 4]], tf.int64),
                             tf.constant([12, 34], tf.int64))

        @tf.function(input_signature=[tf.TensorSpec([None], tf.string, name="words"),
                                      tf.TensorSpec([None, 2], tf.int64, name="pairs")])
        def find(self, words, pairs):
            return {"vectors": self.vectors.lookup(words) * 2.0,
                    "rows": self.rows.lookup(pairs),
                    "size": self.rows.size() + self.vectors.size()}

        @tf.function(input_signature=[tf.TensorSpec([None, 2], tf.int64)])
        def add(self, pairs):
            self.rows.insert(pairs, tf.reduce_sum(pairs, axis=1))
            return self.rows.lookup(pairs)

    m = Shaped()
    return m, {"serving_default": m.find, "add": m.add}


def probe_shaped_tables(tf, m):
    words = tf.constant(["b", "z", "a"])
    pairs = tf.constant([[3, 4], [5, 6]], tf.int64)
    out = {"find": outcome(lambda: m.find(words, pairs)),
           "sig": outcome(lambda: m.signatures["serving_default"](words=words, pairs=pairs)),
           "sig_add": outcome(lambda: m.signatures["add"](pairs=tf.constant([[7, 8]], tf.int64))),
           "add": outcome(lambda: m.add(tf.constant([[5, 6]], tf.int64)))}
    out["after"] = outcome(lambda: m.find(words, pairs))
    out["sizes"] = outcome(lambda: [m.vectors.size(), m.rows.size()])
    return out


# --- a custom training loop's optimizer and its slots ------------------------------------

def build_optimizer(tf, keras, d):
    class Trainer(tf.Module):
        def __init__(self):
            super().__init__()
            self.w = tf.Variable([[0.5, -0.5], [1.0, 0.25]], name="w")
            self.b = tf.Variable([0.1, -0.1], name="b")
            self.opt = keras.optimizers.Adam(learning_rate=0.1)
            self.opt.build([self.w, self.b])

        @tf.function(input_signature=[tf.TensorSpec([None, 2], tf.float32),
                                      tf.TensorSpec([None, 2], tf.float32)])
        def train(self, x, y):
            with tf.GradientTape() as tape:
                loss = tf.reduce_mean(tf.square(tf.matmul(x, self.w) + self.b - y))
            grads = tape.gradient(loss, [self.w, self.b])
            self.opt.apply_gradients(zip(grads, [self.w, self.b]))
            return loss

        @tf.function(input_signature=[])
        def state(self):
            # (tf.identity: Keras 3's variables have no read_value)
            return {"vars": [tf.identity(v) for v in self.opt.variables],
                    "w": tf.identity(self.w)}

    m = Trainer()
    x = tf.constant([[1.0, 2.0], [3.0, -1.0]])
    y = tf.constant([[0.0, 1.0], [1.0, 0.0]])
    for _ in range(3):
        m.train(x, y)
    return m, {"train": m.train}


def probe_optimizer(tf, m):
    x = tf.constant([[1.0, 2.0], [3.0, -1.0]])
    y = tf.constant([[0.0, 1.0], [1.0, 0.0]])
    out = {"state0": outcome(lambda: m.state()),
           "n_opt_vars": len(m.state()["vars"])}
    out["losses"] = [outcome(lambda: m.train(x, y)) for _ in range(2)]
    out["sig_train"] = outcome(lambda: m.signatures["train"](x=x, y=y))
    out["state1"] = outcome(lambda: m.state())
    return out


# --- assets ------------------------------------------------------------------------------

def build_assets(tf, keras, d):
    notes = os.path.join(d, "notes.txt")
    with open(notes, "w") as f:
        f.write("first line\nsecond line\n")
    pairs = os.path.join(d, "pairs.tsv")
    with open(pairs, "w") as f:
        f.write("apple\t3\nbanana\t5\ncherry\t7\n")

    class Assets(tf.Module):
        def __init__(self):
            super().__init__()
            self.notes = tf.saved_model.Asset(notes)
            self.table = tf.lookup.StaticHashTable(tf.lookup.TextFileInitializer(
                pairs, tf.string, 0, tf.int64, 1, delimiter="\t"), -1)

        @tf.function(input_signature=[])
        def read_notes(self):
            return tf.strings.split(tf.strings.strip(tf.io.read_file(self.notes)), "\n")

        @tf.function(input_signature=[])
        def notes_name(self):
            return tf.strings.regex_replace(self.notes.asset_path, ".*/", "")

        @tf.function(input_signature=[tf.TensorSpec([None], tf.string)])
        def price(self, fruit):
            return self.table.lookup(fruit)

    m = Assets()
    return m, {"serving_default": m.price, "notes": m.read_notes}


def probe_assets(tf, m):
    return {"notes": outcome(lambda: m.read_notes()),
            "sig_notes": outcome(lambda: m.signatures["notes"]()),
            "name": outcome(lambda: m.notes_name()),
            "asset_path_kind": type(m.notes.asset_path).__name__ in (
                "EagerTensor", "_EagerTensorBase", "Tensor"),
            "price": outcome(lambda: m.price(tf.constant(["banana", "kiwi", "apple"]))),
            "sig": outcome(lambda: m.signatures["serving_default"](
                fruit=tf.constant(["cherry"])))}


# --- concrete functions with keyword arguments -------------------------------------------

def build_kwargs(tf, keras, d):
    class Kw(tf.Module):
        def __init__(self):
            super().__init__()
            self.v = tf.Variable(3.0, name="v")

        @tf.function
        def affine(self, x, *, scale, shift=None):
            y = x * scale * self.v
            return y if shift is None else y + shift

    m = Kw()
    cf = m.affine.get_concrete_function(x=tf.TensorSpec([None], tf.float32, name="x"),
                                        scale=tf.TensorSpec([], tf.float32, name="scale"))
    cf2 = m.affine.get_concrete_function(tf.TensorSpec([None], tf.float32),
                                         scale=tf.TensorSpec([], tf.float32),
                                         shift=tf.TensorSpec([None], tf.float32))
    return m, {"serving_default": cf, "shifted": cf2}


def probe_kwargs(tf, m):
    x = tf.constant([1.0, 2.0])
    return {"kw": outcome(lambda: m.affine(x=x, scale=tf.constant(2.0))),
            "pos_x": outcome(lambda: m.affine(x, scale=tf.constant(2.0))),
            "shift": outcome(lambda: m.affine(x, scale=tf.constant(1.0),
                                              shift=tf.constant([0.5, 0.5]))),
            "sig": outcome(lambda: m.signatures["serving_default"](
                x=x, scale=tf.constant(-1.0))),
            "sig_shifted": outcome(lambda: sorted(m.signatures["shifted"](
                **dict(zip(sorted(m.signatures["shifted"].structured_input_signature[1]),
                           [tf.constant(2.0), tf.constant([1.0, 1.0]), x]))))),
            "signatures": signature_facts(m, tf)}


# --- ragged and sparse ---------------------------------------------------------------------

def build_composites(tf, keras, d):
    class Comp(tf.Module):
        @tf.function(input_signature=[tf.RaggedTensorSpec([None, None, None], tf.int32,
                                                          ragged_rank=2,
                                                          row_splits_dtype=tf.int32)])
        def deep(self, rt):
            return rt + 1

        @tf.function(input_signature=[tf.TensorSpec([None], tf.string)])
        def tokens(self, text):
            rt = tf.strings.split(text)
            return {"lengths": rt.row_lengths(), "flat": rt.flat_values}

        @tf.function(input_signature=[tf.SparseTensorSpec([None, None], tf.int64)])
        def sparse_sum(self, sp):
            return tf.sparse.reduce_sum(sp, axis=0), tf.sparse.reorder(sp)

        @tf.function(input_signature=[tf.TensorSpec([None, None], tf.float32)])
        def to_ragged(self, x):
            return tf.RaggedTensor.from_tensor(x, padding=0.0)

    m = Comp()
    return m, {"serving_default": m.tokens}


def probe_composites(tf, m):
    rt = tf.RaggedTensor.from_nested_row_splits(
        tf.constant([1, 2, 3, 4, 5]), [tf.constant([0, 2, 3]), tf.constant([0, 1, 3, 5])])
    sp = tf.SparseTensor(tf.constant([[1, 0], [0, 2]], tf.int64), tf.constant([4, 5], tf.int64),
                         tf.constant([2, 3], tf.int64))
    return {"deep": outcome(lambda: m.deep(rt)),
            "tokens": outcome(lambda: m.tokens(tf.constant(["a b c", "", "de f"]))),
            "sig": outcome(lambda: m.signatures["serving_default"](
                text=tf.constant(["x y"]))),
            "sparse_sum": outcome(lambda: m.sparse_sum(sp)),
            "to_ragged": outcome(lambda: m.to_ragged(tf.constant([[1.0, 0.0], [2.0, 3.0]]))),
            "cf_deep": outcome(lambda: concrete_facts(m.deep.get_concrete_function(), tf)),
            "cf_sparse": outcome(lambda: concrete_facts(
                m.sparse_sum.get_concrete_function(), tf)),
            "signatures": signature_facts(m, tf)}


# --- nested structures in and out --------------------------------------------------------

def build_structures(tf, keras, d):
    class Struct(tf.Module):
        @tf.function(input_signature=[
            {"p": Point(tf.TensorSpec([], tf.float32), tf.TensorSpec([], tf.float32)),
             "xs": [tf.TensorSpec([None], tf.int32), tf.TensorSpec([None], tf.int32)]}])
        def mix(self, inp):
            p = inp["p"]
            return {"point": Point(p.y, p.x), "sums": (tf.reduce_sum(inp["xs"][0]),
                                                      tf.reduce_sum(inp["xs"][1])),
                    "norm": tf.sqrt(p.x * p.x + p.y * p.y)}

        @tf.function(input_signature=[tf.TensorSpec(None, tf.float32)])
        def any_rank(self, x):
            return tf.reshape(x, [-1]), x * 2.0

    m = Struct()
    return m, {"serving_default": m.any_rank}


def probe_structures(tf, m):
    inp = {"p": Point(tf.constant(3.0), tf.constant(4.0)),
           "xs": [tf.constant([1, 2]), tf.constant([5])]}
    return {"mix": outcome(lambda: m.mix(inp)),
            "any_rank": outcome(lambda: m.any_rank(tf.constant([[1.0, 2.0], [3.0, 4.0]]))),
            "sig": outcome(lambda: m.signatures["serving_default"](x=tf.constant(5.0))),
            # (no pretty-printed form: TF's loader lists the input dict's keys in the order
            # of the protobuf map it restores them from, which varies)
            "cf_mix": outcome(lambda: {k: v for k, v in concrete_facts(
                m.mix.get_concrete_function(), tf).items() if k != "pretty"}),
            "cf_any": outcome(lambda: concrete_facts(m.any_rank.get_concrete_function(), tf)),
            "signatures": signature_facts(m, tf)}


# --- a bare tf.function saved as the root --------------------------------------------------

def build_bare_function(tf, keras, d):
    @tf.function(input_signature=[tf.TensorSpec([None], tf.float32),
                                  tf.TensorSpec([], tf.int32)])
    def power(x, n):
        return tf.pow(x, tf.cast(n, tf.float32))

    holder = tf.Module()
    holder.power = power
    return holder, {"serving_default": power}


def probe_bare_function(tf, m):
    return {"call": outcome(lambda: m.power(tf.constant([2.0, 3.0]), tf.constant(3))),
            "sig": outcome(lambda: m.signatures["serving_default"](
                x=tf.constant([4.0]), n=tf.constant(2))),
            "signatures": signature_facts(m, tf)}


# --- gradients through loaded functions ------------------------------------------------------

def build_gradients(tf, keras, d):
    class Grad(tf.Module):
        def __init__(self):
            super().__init__()
            self.w = tf.Variable([[0.5, -1.0, 2.0], [1.5, 0.25, -0.5]], name="w")

        @tf.function(input_signature=[tf.TensorSpec([None, 2], tf.float32)])
        def probs(self, x):
            return tf.nn.softmax(tf.matmul(x, self.w))

        @tf.function(input_signature=[tf.TensorSpec([None], tf.float32)])
        def smooth(self, x):
            return tf.reduce_sum(tf.tanh(x) * tf.exp(-x * x))

    m = Grad()
    return m, {"serving_default": m.probs}


def probe_gradients(tf, m):
    x = tf.constant([[1.0, -1.0], [0.5, 2.0]])

    def first():
        with tf.GradientTape(persistent=True) as tape:
            tape.watch(x)
            p = m.probs(x)
            loss = tf.reduce_sum(p[:, 0] * tf.constant([1.0, 3.0]))
        return tape.gradient(loss, x), tape.gradient(loss, m.w)

    def second():
        v = tf.constant([0.3, -1.2, 2.0])
        with tf.GradientTape() as outer:
            outer.watch(v)
            with tf.GradientTape() as inner:
                inner.watch(v)
                y = m.smooth(v)
            g = inner.gradient(y, v)
        return y, g, outer.gradient(g, v)

    def sig():
        with tf.GradientTape() as tape:
            tape.watch(x)
            y = m.signatures["serving_default"](x=x)["output_0"]
        return tape.gradient(tf.reduce_sum(y * y), x)

    return {"first": outcome(first), "second": outcome(second), "sig": outcome(sig)}


# --- function aliases, and a SavedModel's variables read as a checkpoint --------------------

def build_aliases(tf, keras, d):
    class Aliased(tf.Module):
        def __init__(self):
            super().__init__()
            self.table = tf.Variable([1.0, 10.0, 100.0], name="table")
            self.step = tf.Variable(0, dtype=tf.int64, name="step")

        @tf.function(input_signature=[tf.TensorSpec([], tf.int32)])
        def pick(self, i):
            self.step.assign_add(1)
            return tf.gather(self.table, i)

    m = Aliased()
    m.pick(tf.constant(1))
    options = tf.saved_model.SaveOptions(function_aliases={"chooser": m.pick})
    return m, {"serving_default": m.pick}, options


def probe_aliases(tf, m):
    return {"pick": outcome(lambda: m.pick(2)),
            "step": outcome(lambda: m.step),
            "sig": outcome(lambda: m.signatures["serving_default"](i=tf.constant(0))),
            "step_after": outcome(lambda: m.step)}


def probe_aliases_loaded(tf, path):
    """The aliases TF's loader gives back, and the SavedModel's variables read into a new
    object as a checkpoint (its object graph's paths: `table`, `step`)."""
    loaded = tf.saved_model.load(path, options=tf.saved_model.LoadOptions(
        experimental_load_function_aliases=True))
    aliases = getattr(loaded, "function_aliases", {})
    root = tf.Module()
    root.table = tf.Variable([0.0, 0.0, 0.0])
    root.step = tf.Variable(0, dtype=tf.int64)
    status = tf.train.Checkpoint(root=root).read(f"{path}/variables/variables")
    reader = tf.train.load_checkpoint(f"{path}/variables/variables")
    direct = tf.train.Checkpoint(table=root.table, step=root.step)
    direct.read(f"{path}/variables/variables").expect_partial()
    return {"aliases": sorted(aliases),
            "alias_call": outcome(lambda: aliases["chooser"](tf.constant(2))),
            "alias_kind": type(aliases.get("chooser")).__name__.lstrip("_"),
            "status": type(status).__name__.lstrip("_"),
            "root_read": outcome(lambda: [root.table, root.step]),
            "reader_table": outcome(lambda: reader.get_tensor(
                "table/.ATTRIBUTES/VARIABLE_VALUE")),
            "reader_dtypes": sorted([k, v.name] for k, v in
                                    reader.get_variable_to_dtype_map().items()),
            "direct": outcome(lambda: [root.table, root.step])}


CASES = {
    "multi_io": (build_multi_io, probe_multi_io),
    "nested": (build_nested, probe_nested),
    "polymorphic": (build_polymorphic, probe_polymorphic),
    "dtypes": (build_dtypes, probe_dtypes),
    "tables": (build_tables, probe_tables),
    "shaped_tables": (build_shaped_tables, probe_shaped_tables),
    "optimizer": (build_optimizer, probe_optimizer),
    "assets": (build_assets, probe_assets),
    "kwargs": (build_kwargs, probe_kwargs),
    "composites": (build_composites, probe_composites),
    "structures": (build_structures, probe_structures),
    "bare_function": (build_bare_function, probe_bare_function),
    "gradients": (build_gradients, probe_gradients),
    "aliases": (build_aliases, probe_aliases),
}

# probes given the SavedModel's path rather than the loaded object (they load it their way)
PATH_PROBES = {"aliases": probe_aliases_loaded}
