"""Snippets written as tensorflow.org's tutorials write their programs (time series
forecasting, the convolutional VAE, pix2pix, the Transformer, audio recognition, image
classification, FeatureSpace), each printing what a user relies on; kprobe/record_golden.py
kprobe5 records what real TF 2.21 + Keras 3 prints for each, and test_kprobe5.py checks that
eagerflow prints the same."""

SNIPPETS = {}

# an error raised while a tf.function is traced is restated "in user code" with the user's
# frames one after another (no blank line between them; one ends them), as the CVAE
# tutorial's `sample` shows when its decoder is given latents of the wrong width
SNIPPETS["in_user_code_frames"] = """
import importlib.util, os, tempfile
src = '''def helper(x):
    return tf.reshape(x + 1, [5])

def middle(x):
    return helper(x) * 2

@tf.function
def sample(x):
    return middle(x)
'''
with tempfile.TemporaryDirectory() as d:
    path = os.path.join(d, "k5_user_code.py")
    with open(path, "w") as f:
        f.write(src)
    spec = importlib.util.spec_from_file_location("k5_user_code", path)
    mod = importlib.util.module_from_spec(spec)
    mod.tf = tf
    spec.loader.exec_module(mod)
    try:
        mod.sample(tf.zeros((2, 3)))
    except ValueError as e:
        print(type(e).__name__, repr(str(e).replace(d, "DIR")))
"""

# a graph cond's or loop's predicate of one element but of rank > 0 is squeezed as TF
# squeezes it, dims unknown included: the Transformer tutorial's greedy decoding breaks
# out of a `for i in tf.range(...)` on `predicted_id == end`, of shape [None, None] inside
# its exported tf.function. AutoGraph's `if`/`while` refuse a predicate of several elements
# in TF's words; tf.cond's eager truth value is the tensor's (NumPy's errors)
SNIPPETS["cond_predicates_of_one_element"] = """
import importlib.util, os, re, shutil, tempfile
src = '''@tf.function
def run_ag(p):
    if p:
        r = tf.constant(1)
    else:
        r = tf.constant(2)
    return r

@tf.function
def loop(p):
    i = tf.constant(0)
    while tf.reshape(i, [1, 1]) < p:
        i += 1
    return i

@tf.function(input_signature=[tf.TensorSpec([None, None], tf.int64)])
def decode(end):
    out = tf.TensorArray(tf.int64, size=0, dynamic_size=True)
    for i in tf.range(10, dtype=tf.int64):
        out = out.write(tf.cast(i, tf.int32), i)
        if tf.reshape(i, [1, 1]) == end:
            break
    return out.stack()
'''
d = tempfile.mkdtemp()  # (AutoGraph reads the source when a function is first traced)
path = os.path.join(d, "k5_cond_module.py")
with open(path, "w") as f:
    f.write(src)
spec = importlib.util.spec_from_file_location("k5_cond_module", path)
mod = importlib.util.module_from_spec(spec)
mod.tf = tf
spec.loader.exec_module(mod)
def tryp(label, fn):
    try:
        print(label, fn())
    except (ValueError, TypeError) as e:
        # (the tensor's name left out: TF's ops in a loop's condition are under "while/")
        last = [ln for ln in str(e).split(chr(10)) if ln.strip()][-1]
        print(label, type(e).__name__, re.sub(r'Tensor[(]"[^"]*"', "Tensor(", last))
    except tf.errors.InvalidArgumentError as e:
        print(label, type(e).__name__, "The second input must be a scalar" in str(e))
def run(pred):
    @tf.function
    def f(p):
        return tf.cond(p, lambda: tf.constant(1), lambda: tf.constant(2))
    return f(pred).numpy()
for p in [tf.constant([[True]]), tf.constant([[False]]), tf.constant([True, False]),
          tf.zeros([1, 1, 1], tf.bool)]:
    tryp(("cond", p.shape.as_list()), lambda: run(p))
    tryp(("ag", p.shape.as_list()), lambda: mod.run_ag(p).numpy())
    tryp(("eager", p.shape.as_list()),
         lambda: tf.cond(p, lambda: tf.constant(1), lambda: tf.constant(2)).numpy())
tryp("ag int", lambda: mod.run_ag(tf.constant(1)).numpy())
for lim in [tf.constant([[3]]), tf.constant([3, 4])]:
    tryp(("while", lim.shape.as_list()), lambda: mod.loop(lim).numpy())
print(mod.decode(tf.constant([[3]], tf.int64)).numpy())
@tf.function(input_signature=[tf.TensorSpec(None, tf.bool)])
def g(p):
    return tf.cond(p, lambda: tf.constant(1), lambda: tf.constant(2))
tryp("unknown rank [[T]]", lambda: g(tf.constant([[True]])).numpy())
tryp("unknown rank scalar", lambda: g(tf.constant(False)).numpy())
tryp("unknown rank [T, F]", lambda: g(tf.constant([True, False])).numpy())
print(sorted(n.op for n in g.get_concrete_function().graph.as_graph_def().node
             if n.op in ("Squeeze", "StatelessIf", "If")))
shutil.rmtree(d)
"""

# tf.squeeze without axes, of dims unknown while tracing: TF can't tell which go, so the
# result's rank is unknown until it runs
SNIPPETS["squeeze_dims_unknown_while_tracing"] = """
for sig in [[None, 3, None], [1, None], None, [2, 1, 3]]:
    @tf.function(input_signature=[tf.TensorSpec(sig, tf.float32)])
    def f(x):
        y = tf.squeeze(x)
        print(sig, y.shape)
        return y
    for x in [tf.zeros([1, 3, 1]), tf.zeros([1, 5]), tf.zeros([2, 1, 3])]:
        try:
            print(" ", f(x).shape)
        except (ValueError, TypeError) as e:
            print(" ", type(e).__name__)
@tf.function(input_signature=[tf.TensorSpec([None, None, None], tf.float32)])
def h(x):
    return tf.squeeze(x) * tf.constant([1.0, 2.0, 3.0])
c = tf.ones([1, 3, 1])
with tf.GradientTape() as tape:
    tape.watch(c)
    loss = tf.reduce_sum(h(c))
print(tape.gradient(loss, c).numpy().tolist())
"""

# a tf.Module tracks its attributes named with "_" as the others (checkpoint keys, lists
# wrapped, SavedModel exports of what they hold): the Transformer tutorial's Translator
# holds tokenizers whose lookup layers sit in private attributes
SNIPPETS["module_private_attributes_tracked"] = """
import os, tempfile
class M(tf.Module):
    def __init__(self):
        super().__init__()
        self._w = tf.Variable(1.0)
        self.v = tf.Variable(2.0)
        self._subs = [tf.Module(), tf.Variable(3.0)]
        self._cfg = {"a": tf.Variable(4.0)}
        self._plain = [1, 2]
class Outer(tf.Module):
    def __init__(self):
        self._inner = M()
m = Outer()
with tempfile.TemporaryDirectory() as d:
    p = tf.train.Checkpoint(m=m).save(os.path.join(d, "c"))
    print(sorted(n for n, s in tf.train.list_variables(p)))
    m2 = Outer()
    m2._inner._w.assign(9.0)
    tf.train.Checkpoint(m=m2).restore(p).assert_consumed()
    print(m2._inner._w.numpy())
print([float(v.numpy()) for v in m.trainable_variables], len(m.submodules))
print(type(m._inner._subs).__name__, type(m._inner._plain).__name__, m._inner._plain,
      type(m._inner._cfg).__name__, repr(m._inner._cfg)[:12])
import copy, pickle
h = tf.Module()
h.d = {"a": [1]}
print([type(f(h.d)).__name__ for f in (copy.copy, copy.deepcopy)],
      repr(pickle.loads(pickle.dumps(h.d))), repr(pickle.loads(pickle.dumps(h.d["a"]))))
class Tok(tf.Module):
    def __init__(self):
        self._lookup = keras.layers.StringLookup(vocabulary=["a", "b"])
    @tf.function(input_signature=[tf.TensorSpec([None], tf.string)])
    def __call__(self, x):
        return self._lookup(x)
class Translator(tf.Module):
    def __init__(self):
        self._tok = Tok()
    @tf.function(input_signature=[tf.TensorSpec([None], tf.string)])
    def __call__(self, x):
        return self._tok(x) * 2
with tempfile.TemporaryDirectory() as d:
    tf.saved_model.save(Translator(), d)
    print(tf.saved_model.load(d)(tf.constant(["b", "z", "a"])).numpy().tolist())
"""

# TFLiteConverter.from_keras_model's convert() prints the note of the Keras export it goes
# through (a temporary folder; the `serve` endpoint taking the inputs as one argument, a
# list of several), as the image classification tutorial shows
SNIPPETS["tflite_convert_keras_export_note"] = """
import contextlib, io, re
def convert(model):
    out = io.StringIO()
    with contextlib.redirect_stdout(out):
        converter = tf.lite.TFLiteConverter.from_keras_model(model)
        print("(made)")
        flat = converter.convert()
    text = re.sub(r"'/[^']*'", "'DIR'", out.getvalue())
    print(re.sub(r"  [0-9]+: ", "  ID: ", text), type(flat).__name__)
m = keras.Sequential([keras.Input((4,)), layers.Dense(3), layers.Dropout(0.2), layers.Dense(2)])
convert(m)
a, b = keras.Input((2,), name="a"), keras.Input((3,), name="b")
convert(keras.Model([a, b], layers.Dense(1)(layers.Concatenate()([a, b]))))
convert(keras.Sequential([keras.Input((2,)), layers.Rescaling(0.5)]))
"""

# Normalization adapts on batches of another dtype (int64 columns of a dataset) cast to its
# own, as Keras's backend conversion casts them; FeatureSpace's concatenation is Keras 3's
# TFDConcat layer (its name in summaries), as the structured data tutorial shows
SNIPPETS["feature_space_integer_columns_normalized"] = """
norm = layers.Normalization()
norm.adapt(tf.data.Dataset.from_tensor_slices(np.array([[1], [4], [9], [10]], "int64")).batch(3))
print(np.round(norm.mean.numpy(), 5).tolist(), np.round(norm.variance.numpy(), 5).tolist())
norm = layers.Normalization()
norm.adapt([np.array([[1], [2]], "int32"), np.array([[7]], "int32")])
print(np.round(norm.mean.numpy(), 5).tolist(), np.round(norm.variance.numpy(), 5).tolist())
FS = keras.utils.FeatureSpace
data = {"chol": np.array([126, 300, 250, 199, 410], "int64"),
        "sex": np.array([0, 1, 1, 0, 1], "int64"), "thal": np.array(["a", "b", "a", "c", "b"])}
fs = FS(features={"chol": FS.float_normalized(), "sex": FS.integer_categorical(num_oov_indices=0),
                  "thal": FS.string_categorical(num_oov_indices=0)},
        crosses=[FS.cross(feature_names=("sex", "thal"), crossing_dim=4)], output_mode="concat")
fs.adapt(tf.data.Dataset.from_tensor_slices(data).batch(2))
print(np.round(fs(data).numpy(), 4).tolist())
m = keras.Model(fs.get_inputs(), fs.get_encoded_features())
print([(type(l).__name__, l.name) for l in m.layers][-3:])
"""

# a variable given to a tf.function for a TensorSpec of its input signature is its value,
# read as the call is made (a tape sees the read): the function traces a placeholder, as
# TF's (it traced no input for it, and calling failed); another dtype is TF's binding error
SNIPPETS["input_signature_given_variables"] = """
v = tf.Variable(tf.ones([1, 3]))
@tf.function(input_signature=[tf.TensorSpec([None, 3], tf.float32)])
def h(x):
    print("traced", type(x).__name__, x.shape, x.dtype, hasattr(x, "assign"))
    return x * 2.0
print(h(v).numpy().tolist(), h(tf.ones([2, 3])).numpy().tolist())
print(h.experimental_get_tracing_count())
cf = h.get_concrete_function()
print(len(cf.graph.inputs), len(cf.captured_inputs))
with tf.GradientTape() as tape:
    loss = tf.reduce_sum(h(v))
print(tape.gradient(loss, v).numpy().tolist())
w = tf.Variable(2.0)
@tf.function(input_signature=[[tf.TensorSpec([1, 3], tf.float32), tf.TensorSpec([], tf.float32)]])
def g(xs):
    return xs[0] * xs[1]
with tf.GradientTape() as tape:
    loss = tf.reduce_sum(g([v, w]))
print(float(loss), [t.numpy().tolist() for t in tape.gradient(loss, [v, w])])
for bad in [tf.Variable([[1, 2, 3]], dtype=tf.int32), tf.Variable(tf.ones([2, 2]))]:
    try:
        h(bad)
    except TypeError as e:
        print(type(e).__name__, str(e).split(". Received args")[0])
"""

# a loss computes under Keras's name scope of its name, and a compiled model's losses
# under "compile_loss": in a graph the names are TF's (checked as tf.name_scope checks
# them in a graph, made unique), so a shape error in a train step names
# compile_loss/mean_squared_error/sub, and a loss named "my loss" fails as in TF
SNIPPETS["loss_name_scopes_in_graphs"] = """
def tryp(label, fn):
    try:
        print(label, fn())
    except ValueError as e:
        print(label, type(e).__name__, str(e)[:200])
x = np.ones((4, 3), "float32")
for loss in [lambda a, b: keras.ops.mean((a - b) ** 2),
             keras.losses.MeanSquaredError(name="my loss")]:
    m = keras.Sequential([keras.Input((3,)), keras.layers.Dense(2)])
    m.compile("sgd", loss)
    tryp("fit", lambda: len(m.fit(x, np.ones((4, 2), "float32"), verbose=0).history["loss"]))
m = keras.Sequential([keras.Input((3,)), keras.layers.Dense(2)])
m.compile("sgd", "mse")
try:  # (the layers' own node names differ: TF's are made unique again, "dense_2_1")
    m.evaluate(x, np.ones((4, 5), "float32"), verbose=0)
except ValueError as e:
    print("evaluate", str(e).split("(data_1")[0])
@tf.function
def f(a):
    with keras.name_scope("outer"):
        loss = keras.losses.MeanSquaredError()
        print(loss(a, a * 2).name.split("/")[:2], loss(a, a).name.split("/")[:2])
        tryp("bad", lambda: keras.losses.MeanSquaredError(name="x y")(a, a))
    with tf.name_scope("outer"):
        print(tf.constant(1.0).name)
    tryp("tf", lambda: tf.name_scope("a b").__enter__())
    with tf.name_scope("x"):
        tryp("tf nested", lambda: tf.name_scope("-a b").__enter__())
    return a
f(tf.ones((2, 2)))
with tf.name_scope("a b"):
    print("eager scope ok")
with keras.name_scope("c d"):
    print("eager keras scope ok")
"""

# the Transformer tutorial's tokenizers: a tf.Module whose tf.functions return an Asset
# (its path, as TF converts it) and ragged tokens, saved and loaded back; a loaded
# function takes a Python list where its signature has a TensorSpec (TF's flatten_up_to
# then conversion), and refuses what fits no concrete function in TF's words
SNIPPETS["saved_tokenizer_module"] = """
import os, pathlib, re, shutil, tempfile
d = pathlib.Path(tempfile.mkdtemp())
(d / "vocab.txt").write_text("[PAD]\\n[UNK]\\n[START]\\n[END]\\ni\\nlike\\ncats\\n")
class Tok(tf.Module):
    def __init__(self, path):
        self._vocab_path = tf.saved_model.Asset(str(path))
        vocab = pathlib.Path(path).read_text().splitlines()
        self.vocab = tf.Variable(vocab)
        self._lookup = tf.lookup.StaticHashTable(tf.lookup.KeyValueTensorInitializer(
            tf.constant(vocab), tf.range(len(vocab), dtype=tf.int64)), default_value=1)
        self.tokenize.get_concrete_function(tf.TensorSpec([None], tf.string))
        self.detokenize.get_concrete_function(tf.TensorSpec([None, None], tf.int64))
        self.detokenize.get_concrete_function(tf.RaggedTensorSpec([None, None], tf.int64))
        self.get_vocab_path.get_concrete_function()
    @tf.function
    def tokenize(self, strings):
        return tf.ragged.map_flat_values(self._lookup.lookup, tf.strings.split(strings))
    @tf.function
    def detokenize(self, ids):
        return tf.strings.reduce_join(tf.gather(self.vocab, ids), separator=" ", axis=-1)
    @tf.function
    def get_vocab_path(self):
        return self._vocab_path
tok = Tok(d / "vocab.txt")
print(os.path.basename(tok.get_vocab_path().numpy().decode()),
      tf.strings.length(tok._vocab_path).numpy())
tf.saved_model.save(tok, str(d / "tok"))
r = tf.saved_model.load(str(d / "tok"))
ids = r.tokenize(["i like cats", "cats dogs"])
print(type(ids).__name__, ids.to_list(), r.detokenize(ids).numpy(),
      r.detokenize(ids.to_tensor()).numpy())
print(os.path.basename(r.get_vocab_path().numpy().decode()),
      sorted(os.listdir(d / "tok" / "assets")))
for bad in [tf.constant("one"), [1, 2]]:
    try:
        r.tokenize(bad)
    except (ValueError, TypeError) as e:
        print(type(e).__name__, re.sub(r"\\s+", " ", str(e))[:180])
shutil.rmtree(d)
"""

# a subclassed Model is made without its constructor's arguments, as Keras 3 makes it:
# its automatic config is the constructor's defaults, and there is none (Keras's
# NotImplementedError, in its words) when a parameter has no default, as the time series
# tutorial's FeedBack(units, out_steps) shows when saved; a Layer's keeps what it was given
SNIPPETS["subclassed_model_automatic_config"] = """
class FeedBack(keras.Model):
    def __init__(self, units, out_steps):
        super().__init__()
        self.units, self.out_steps = units, out_steps
    def call(self, x):
        return x
class WithDefaults(keras.Model):
    def __init__(self, u=3):
        super().__init__()
    def call(self, x):
        return x
class Star(keras.Model):
    def __init__(self, *a):
        super().__init__()
class L(keras.layers.Layer):
    def __init__(self, u):
        super().__init__()
class PosOnly(keras.layers.Layer):
    def __init__(self, u, /):
        super().__init__()
for make in [lambda: FeedBack(4, 3), lambda: WithDefaults(7), lambda: Star(1), lambda: L(5),
             lambda: PosOnly(1), lambda: L(object())]:
    try:
        print(make().get_config())
    except NotImplementedError as e:
        print(type(e).__name__, repr(str(e)))
"""

# Keras's export note shows an endpoint's input signature as given (a spec without a name
# shows none) and the parameters left to their defaults (a model's call: training, mask)
SNIPPETS["export_note_signature_as_given"] = """
import contextlib, io, re, tempfile
def run(f):
    out = io.StringIO()
    with contextlib.redirect_stdout(out):
        f()
    print(re.sub(r"  [0-9]+: ", "  ID: ", re.sub(r"'/[^']*'", "'DIR'", out.getvalue())))
class Sub(keras.Model):
    def __init__(self):
        super().__init__()
        self.d = layers.Dense(2)
    def call(self, x):
        return self.d(x)
s = Sub()
s(np.ones((1, 3), "float32"))
with tempfile.TemporaryDirectory() as d:
    run(lambda: s.export(d))
m = keras.Sequential([keras.Input((3,)), layers.Dense(2)])
ea = keras.export.ExportArchive()
ea.track(m)
ea.add_endpoint("serve", m.call, input_signature=[tf.TensorSpec([None, 3], tf.float32)])
ea.add_endpoint("named", lambda x: m(x),
                input_signature=[tf.TensorSpec([None, 3], tf.float32, name="inp")])
with tempfile.TemporaryDirectory() as d:
    run(lambda: ea.write_out(d))
"""
