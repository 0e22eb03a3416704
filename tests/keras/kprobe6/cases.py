"""Snippets written as tensorflow.org's tutorials write their programs (text generation,
word2vec, neural style transfer, DeepDream, FGSM, actor-critic, distributed training,
overfit and underfit, save and load), each printing what a user relies on;
kprobe/record_golden.py kprobe6 records what real TF 2.21 + Keras 3 prints for each, and
test_kprobe6.py checks that eagerflow prints the same."""

SNIPPETS = {}

# word2vec's negative sampling: the candidate samplers take int64 true classes as their
# op's wrapper takes them (a tensor of another dtype is the op's error, a list converts to
# int64; fixed_unigram's slow path converts tensors too), and return TF's named tuples
SNIPPETS["candidate_samplers_inputs_and_results"] = """
def tryp(label, fn):
    try:
        print(label, fn())
    except (TypeError, ValueError, tf.errors.InvalidArgumentError) as e:
        print(label, type(e).__name__, e)
samplers = {"uniform": tf.random.uniform_candidate_sampler,
            "log_uniform": tf.random.log_uniform_candidate_sampler,
            "learned": tf.random.learned_unigram_candidate_sampler}
for name, fn in samplers.items():
    tryp(name, lambda: fn(tf.constant([[1]]), 1, 2, True, 10, seed=1))
    r = fn([[1], [2]], 1, 3, False, 10, seed=1)
    print(type(r).__name__, r._fields, r.sampled_candidates.dtype, r.sampled_candidates.shape,
          r.true_expected_count.shape)
tryp("log_uniform floats", lambda: tf.random.log_uniform_candidate_sampler([[1.5]], 1, 2, True, 10))
tryp("log_uniform float tensor",
     lambda: tf.random.log_uniform_candidate_sampler(tf.constant([[1.5]]), 1, 2, True, 10))
tryp("fixed", lambda: tf.random.fixed_unigram_candidate_sampler(
    tf.constant([[1]]), 1, 2, True, 10, unigrams=[1] * 10, seed=1))
r = tf.random.fixed_unigram_candidate_sampler(np.array([[1]], "int32"), 1, 2, False, 4,
                                              unigrams=[1, 2, 3, 4], seed=1)
print(type(r).__name__, np.round(r.true_expected_count.numpy(), 5).tolist())
tryp("all", lambda: tf.random.all_candidate_sampler(tf.constant([[1]]), 1, 2, True))
r = tf.random.all_candidate_sampler([[1]], 1, 3, True)
print(type(r).__name__, r.sampled_candidates.numpy().tolist())
tryp("hits", lambda: tf.nn.compute_accidental_hits(tf.constant([[1]]), [1, 2], 1))
r = tf.nn.compute_accidental_hits([[1], [2]], [2, 5, 1], 1)
print(type(r).__name__, r._fields, r.indices.numpy().tolist(), r.ids.numpy().tolist())
@tf.function
def traced(t):
    return tf.random.log_uniform_candidate_sampler(t, 1, 2, False, 10, seed=3)
print(type(traced(tf.constant([[1]], tf.int64))).__name__)
"""

# the style transfer tutorial optimizes a plain tf.Variable image: Keras 3 names its
# optimizer slots after the variable's name ("Variable:0" -> "Variable_0_momentum")
SNIPPETS["optimizer_slots_of_plain_variables"] = """
image = tf.Variable(tf.zeros((1, 2, 2, 3)))
w = tf.Variable(1.0, name="scope/w")
opt = tf.keras.optimizers.Adam(learning_rate=0.02, beta_1=0.99, epsilon=1e-1)
opt.apply_gradients([(tf.ones((1, 2, 2, 3)), image), (tf.constant(1.0), w)])
print([v.name for v in opt.variables])
print([v.path for v in opt.variables])
r = tf.keras.optimizers.RMSprop(0.1, momentum=0.5, centered=True)
@tf.function
def step():
    r.apply_gradients([(tf.constant(1.0), w)])
step()
print([v.path for v in r.variables])
"""

# clip_by_value as TF's: the max is applied first (so min > max gives min, and the max's
# conversion error shows first), each result checked against the input's shape
SNIPPETS["clip_by_value_order_and_shapes"] = """
def tryp(label, fn):
    try:
        print(label, fn())
    except (TypeError, ValueError, tf.errors.InvalidArgumentError) as e:
        print(label, type(e).__name__, e)
tryp("min > max", lambda: tf.clip_by_value(tf.constant([5., -5., 2.]), 3., 1.).numpy())
tryp("int/float", lambda: tf.clip_by_value(tf.constant([1, 5]), 0.0, 1.0))
tryp("int/float max", lambda: tf.clip_by_value(tf.constant([1, 5]), 0, 1.5))
tryp("broadcast up", lambda: tf.clip_by_value(tf.constant([1., 5.]), tf.zeros((2, 2)), 3.))
tryp("bad max", lambda: tf.clip_by_value(tf.constant([1., 5.]), 0., tf.zeros((3,))))
tryp("f64 min", lambda: tf.clip_by_value(tf.constant([1., 5.]), tf.constant(0, tf.float64), 3.))
x = tf.Variable([0., 1., 2., 3.])
with tf.GradientTape() as g:
    y = tf.reduce_sum(tf.clip_by_value(x, 2., 1.) * tf.constant([1., 2., 3., 4.]))
print(y.numpy(), g.gradient(y, x).numpy())
@tf.function
def f(t):
    return tf.clip_by_value(t, 2., 1.)
print(f(tf.constant([0., 5.])).numpy())
"""

# the FGSM and style transfer tutorials' preprocess_input as Keras 3's: NumPy floats are
# preprocessed in place (the caller's array changes), other inputs the tensor way (an int
# tensor keeps its dtype and its means are cast to it; 'tf' and 'torch' scaling of ints is
# TF's dtype error), a missing channel is the strided slice's or NumPy's error
SNIPPETS["preprocess_input_as_keras"] = """
pi = tf.keras.applications.imagenet_utils.preprocess_input
def p(label, f):
    try:
        r = f()
        print(label, type(r).__name__, getattr(r, "dtype", None),
              np.round(np.asarray(r, "float64"), 3).ravel()[:6].tolist())
    except Exception as e:
        print(label, "ERR", type(e).__name__, e)
base = np.arange(12, dtype="float32").reshape(1, 2, 2, 3) * 10
for mode in ("caffe", "tf", "torch"):
    for fmt in ("channels_last", "channels_first"):
        a = base.copy()
        p(f"np {mode} {fmt}", lambda: pi(a, data_format=fmt, mode=mode))
        print(" mutated", np.round(a, 3).ravel()[:6].tolist())
        p(f"tensor {mode} {fmt}", lambda: pi(tf.constant(base), data_format=fmt, mode=mode))
        p(f"int tensor {mode} {fmt}",
          lambda: pi(tf.constant(base.astype("int32")), data_format=fmt, mode=mode))
        p(f"list {mode} {fmt}", lambda: pi(base.tolist(), data_format=fmt, mode=mode))
        p(f"4ch np {mode} {fmt}", lambda: pi(np.ones((1, 2, 2, 4), "float32"), fmt, mode))
        p(f"1ch t {mode} {fmt}", lambda: pi(tf.ones((1, 2, 2, 1)), data_format=fmt, mode=mode))
        p(f"var {mode} {fmt}",
          lambda: pi(tf.Variable(np.ones((1, 3, 3, 3), "float32")), fmt, mode))
u = base.astype("uint8")
p("uint8 vgg19", lambda: tf.keras.applications.vgg19.preprocess_input(u))
print(u.ravel()[:3].tolist())
inp = keras.Input((4, 4, 3))
m = keras.Model(inp, tf.keras.applications.vgg16.preprocess_input(inp))
print([layer.name for layer in m.layers])
print(np.round(m(np.full((1, 4, 4, 3), 100.0, "float32"))[0, 0, 0].numpy(), 3))
"""

# the DeepDream and style transfer tutorials keep images in tf.Variables: TF's variables
# refuse +=, -=, *=, /= and **= (RuntimeError, eager and traced), the other in-place
# operators give a new tensor; Keras 3's variables give new tensors for all
SNIPPETS["variable_in_place_operators"] = """
for op in ["+=", "-=", "*=", "/=", "//=", "%=", "**=", "@="]:
    v = tf.Variable([[2.0]])
    scope = {"v": v}
    try:
        exec("v " + op + " v", scope)
        print(op, type(scope["v"]).__name__, scope["v"] is v, v.numpy().tolist())
    except RuntimeError as e:
        print(op, type(e).__name__, e)
v = tf.Variable(2.0)
@tf.function
def f():
    x = v
    x += 1.0
    return x
try:
    f()
except RuntimeError as e:
    print(type(e).__name__, str(e).splitlines()[-1].strip())
k = keras.Variable(1.0)
for op in ["+=", "-=", "*=", "/=", "**="]:
    scope = {"k": k}
    exec("k " + op + " 2.0", scope)
    print(op, type(scope["k"]).__name__, float(scope["k"]), float(k))
t = tf.constant(1.0)
t2 = t
t += 1
print(float(t2), float(t))
"""

# DeepDream's gradient ascent: a GradientTape made in each iteration of a tf.range loop
# inside a tf.function is no loop variable (a `with ... as` binds it before its body)
SNIPPETS["tape_inside_a_traced_loop"] = """
import importlib.util, os, tempfile
src = '''@tf.function(input_signature=(tf.TensorSpec(shape=[None], dtype=tf.float32),
                              tf.TensorSpec(shape=[], dtype=tf.int32)))
def ascend(img, steps):
    loss = tf.constant(0.0)
    for n in tf.range(steps):
        with tf.GradientTape() as tape:
            tape.watch(img)
            loss = tf.reduce_sum(img * img)
        gradients = tape.gradient(loss, img)
        gradients /= tf.math.reduce_std(gradients) + 1e-8
        img = tf.clip_by_value(img - gradients * 0.1, -1, 1)
    return loss, img

@tf.function
def scoped(x):
    for n in tf.range(3):
        with tf.name_scope("step") as scope:
            x = x + 1
    return x
'''
d = tempfile.mkdtemp()  # (AutoGraph reads the source when a function is first traced)
path = os.path.join(d, "k6_tape_loop.py")
with open(path, "w") as f:
    f.write(src)
spec = importlib.util.spec_from_file_location("k6_tape_loop", path)
mod = importlib.util.module_from_spec(spec)
mod.tf = tf
spec.loader.exec_module(mod)
loss, img = mod.ascend(tf.constant([0.5, -0.25]), tf.constant(3))
print(np.round(loss.numpy(), 5), np.round(img.numpy(), 5))
print(mod.scoped(tf.constant(1)).numpy())
"""

# a tf.Module holding a Keras model (DeepDream's, the text generation OneStep's model) finds
# no variables or submodules in it: Keras 3's layers and variables are no tf.Module or
# tf.Variable; a checkpoint of the module still saves them
SNIPPETS["module_holding_a_keras_model"] = """
import os, tempfile
model = keras.Sequential([keras.Input((2,)), layers.Dense(3)])
class DeepDream(tf.Module):
    def __init__(self, model):
        self.model = model
        self.extra = [layers.Dense(2), tf.Variable(1.0)]
        self.kv = keras.Variable(2.0)
        self.sub = tf.Module()
        self.sub.w = tf.Variable(3.0, trainable=False)
d = DeepDream(model)
print(len(d.variables), len(d.trainable_variables), len(d.non_trainable_variables))
print([type(s).__name__ for s in d.submodules])
print(len(model.trainable_variables), len(model.variables))
path = tf.train.Checkpoint(d=d).write(os.path.join(tempfile.mkdtemp(), "ckpt"))
print([name for name, shape in tf.train.list_variables(path)])
"""

# tf.roll and tf.image.resize as DeepDream calls them: a Python list for roll's shift or
# axis takes TF's slow path (no name in its errors); resize converts `size` to int32 as
# TF does (an int64 tensor or floats are its ValueError)
SNIPPETS["roll_and_resize_arguments"] = """
def tryp(label, fn):
    try:
        print(label, fn())
    except (ValueError, tf.errors.InvalidArgumentError) as e:
        print(label, type(e).__name__, e)
x = tf.zeros((2, 2))
tryp("lists", lambda: tf.roll(x, shift=[1, 2], axis=[0]))
tryp("ints", lambda: tf.roll(x, shift=1, axis=3))
tryp("tensors", lambda: tf.roll(x, shift=tf.constant([1, 2]), axis=tf.constant([0])))
tryp("list axis", lambda: tf.roll(x, shift=[1], axis=[3]))
print(tf.roll(tf.reshape(tf.range(12), (3, 4)), shift=[1, -1], axis=[0, 1]).numpy().tolist())
img = tf.zeros((5, 7, 3))
for size in [[3, 2], tf.constant([3, 2]), tf.constant([3, 2], tf.int64),
             tf.constant([3, 2], tf.int16), np.array([3, 2]), [np.int64(3), 2], [3.0, 2], [3],
             [[3, 2]], tf.Variable([3, 2]), tf.constant([[3, 2]]), "ab", [3, None],
             tf.constant([3., 2.])]:
    tryp("resize", lambda: tf.image.resize(img, size).shape)
"""

# FGSM's label is tf.one_hot(index, depth): indices go to TF's op as given (a Python float
# is its int64 conversion's TypeError, a NumPy float array is cast, a list of floats is
# the op's refusal, a list of bools converts), an int64 depth tensor is refused, and
# on_value/off_value are checked against `dtype` before each other
SNIPPETS["one_hot_arguments"] = """
def tryp(label, fn):
    try:
        print(label, fn())
    except (TypeError, ValueError, tf.errors.InvalidArgumentError) as e:
        print(label, type(e).__name__, str(e)[:120])
tryp("float", lambda: tf.one_hot(2.0, 4))
tryp("float list", lambda: tf.one_hot([1.0, 2.0], 4))
tryp("float tensor", lambda: tf.one_hot(tf.constant(2.0), 4))
tryp("float array", lambda: tf.one_hot(np.array([1.0]), 4).numpy().tolist())
tryp("float depth", lambda: tf.one_hot([1, 2], 4.0))
tryp("int64 depth", lambda: tf.one_hot([1, 2], tf.constant(4, tf.int64)))
tryp("on/off", lambda: tf.one_hot([1, 2], 4, on_value=1, off_value=0.0))
tryp("on vs dtype", lambda: tf.one_hot([1, 2], 4, dtype=tf.int32, on_value=1.0))
tryp("off vs dtype", lambda: tf.one_hot([1, 2], 4, dtype=tf.float64, off_value=-1.0))
tryp("int16 array", lambda: tf.one_hot(np.array([1], np.int16), 3).numpy().tolist())
tryp("string", lambda: tf.one_hot("a", 3))
tryp("bools", lambda: tf.one_hot([True], 3).numpy().tolist())
print(tf.one_hot(np.int64(1), 3, on_value=2).dtype, tf.one_hot(208, 1000).shape)
print(tf.one_hot([[0, 3], [-1, 1]], 3, on_value=5, off_value=-1, axis=0).numpy().tolist())
"""

# the custom training tutorial restores a checkpoint and asserts it consumed: the optimizer's
# slots are recorded under their Keras paths (`adam/<variable path>_momentum`, a plain
# tf.Variable's after its name), as the unresolved objects' full_name shows them
SNIPPETS["optimizer_slot_full_names_in_checkpoints"] = """
import os, re, tempfile
model = keras.Sequential([keras.Input((2,)), layers.Dense(1)])
plain = tf.Variable([1.0, 2.0], name="scope/w")
opt = keras.optimizers.Adam()
grads = [tf.ones_like(w) for w in model.trainable_variables] + [tf.ones(2)]
opt.apply_gradients(zip(grads, model.trainable_variables + [plain]))
d = tempfile.mkdtemp()
path = tf.train.Checkpoint(model=model, plain=plain, optimizer=opt).write(
    os.path.join(d, "ckpt"))
for built in ([], model.trainable_variables):
    fresh = keras.optimizers.Adam()
    fresh.build(built)
    status = tf.train.Checkpoint(model=model, plain=plain, optimizer=fresh).read(path)
    try:
        status.assert_consumed()
    except AssertionError as e:
        print(type(e).__name__, str(e).splitlines()[0])
        print(re.findall(r'full_name: "([^"]*)"', str(e)))
names = sorted(n for n, _ in tf.train.list_variables(path) if n.startswith("optimizer"))
print(len(names), names[:2])
"""

# the actor-critic tutorial's episode collects into tf.TensorArrays: their repr is the
# default object's (TF prints no dtype or shape)
SNIPPETS["tensor_array_repr"] = """
import re
ta = tf.TensorArray(tf.float32, size=0, dynamic_size=True, element_shape=[2])
pattern = r"<[\\w.]+\\.TensorArray object at 0x[0-9a-f]+>"
print(re.fullmatch(pattern, repr(ta)) is not None, str(ta) == repr(ta))
@tf.function
def f():
    t = tf.TensorArray(tf.float32, size=1)
    print(re.fullmatch(pattern, repr(t)) is not None)
    return t.write(0, 1.0).stack()
print(f().numpy())
"""

# the distributed training tutorial fits a model made in a MirroredStrategy's scope: Keras
# 3 builds it symbolically first, drawing a batch from a pass of its own (fit's and each
# evaluate's, validation included), so a reshuffling dataset's epochs see other orders
# than a model made outside any scope sees
SNIPPETS["fit_in_strategy_scope_draws_a_pass_to_build"] = """
import contextlib
seen = []
class M(keras.Model):
    def train_step(self, data):
        seen.append("T" + str(data[1].numpy().tolist()))
        return {"l": 0.0}
    def test_step(self, data):
        seen.append("E" + str(data[1].numpy().tolist()))
        return {"l": 0.0}
class Batches(keras.utils.PyDataset):
    def __len__(self):
        return 3
    def __getitem__(self, i):
        seen.append("P" + str(i))
        return np.full((2, 1), i, "float32"), np.full((2,), i)
def run(label, scope, fit_scope=contextlib.nullcontext()):
    keras.utils.set_random_seed(2)
    ds = tf.data.Dataset.from_tensor_slices((np.arange(8.0).reshape(8, 1), np.arange(8)))
    ds = ds.shuffle(100, seed=1).batch(4)
    with scope:
        inp = keras.Input((1,))
        model = M(inp, layers.Dense(1)(inp))
        model.compile(loss="mse", run_eagerly=True)
    seen.clear()
    with fit_scope:
        model.evaluate(ds, verbose=0)
        model.fit(ds, epochs=2, verbose=0, validation_data=ds)
        model.fit(Batches(), epochs=1, verbose=0, shuffle=True)
    # (a PyDataset's reads interleave with the steps as its worker thread runs: not shown)
    print(label, type(model.distribute_strategy).__name__,
          " ".join(s for s in seen if s[0] != "P"))
    print(label, next(iter(ds))[1].numpy().tolist())
run("none", contextlib.nullcontext())
run("mirrored", tf.distribute.MirroredStrategy(["/cpu:0"]).scope())
run("one device", tf.distribute.OneDeviceStrategy("/cpu:0").scope())
run("fit in scope", contextlib.nullcontext(), tf.distribute.MirroredStrategy(["/cpu:0"]).scope())
"""

# the save and load tutorial's paths: Keras 3 reads a path as str(filepath), so None, a
# number or bytes match no format (os.path's TypeError where it checks None or a float),
# and a missing or damaged file is the error of what opens it (zipfile, h5py, open)
SNIPPETS["save_and_load_path_errors"] = """
import os, pathlib, tempfile
os.chdir(tempfile.mkdtemp())
os.mkdir("d.keras")
with open("bad.keras", "w") as f:
    f.write("not a zip")
model = keras.Sequential([keras.Input((1,)), layers.Dense(1)])
def tryp(label, fn):
    try:
        print(label, fn())
    except Exception as e:
        print(label, type(e).__name__, str(e)[:150])
for p in [None, 3, 1.5, b"a.keras", b"a.weights.h5", pathlib.Path("no.weights.h5"), "no.keras",
          "x.weights.json", "x.h5", "bad.keras", "d.keras"]:
    tryp(f"load_weights {p!r}", lambda: model.load_weights(p))
    tryp(f"load_model {p!r}", lambda: keras.models.load_model(p))
    tryp(f"saving.load_weights {p!r}", lambda: keras.saving.load_weights(model, p))
    if not isinstance(p, str):
        tryp(f"save {p!r}", lambda: model.save(p))
        tryp(f"save_weights {p!r}", lambda: model.save_weights(p))
        tryp(f"saving.save_weights {p!r}", lambda: keras.saving.save_weights(model, p))
print(sorted(os.listdir(".")))
"""

# the overfit and underfit tutorial fits several models, each for whole epochs, on one
# shuffle().repeat() dataset: TF's iterator reads a batch ahead (its injected prefetch), so
# a fit whose last step ends a repetition has started the next one (drawing its seed), and
# the next fit's iterator draws the one after (the sleep lets TF's prefetch thread get
# there)
SNIPPETS["fit_reads_a_batch_ahead"] = """
import time
seen = []
class M(keras.Model):
    def train_step(self, data):
        seen.append(data[1].numpy().tolist())
        return {"l": 0.0}
keras.utils.set_random_seed(3)
x = tf.data.Dataset.from_tensor_slices((np.arange(8.0).reshape(8, 1), np.arange(8)))
for batch, steps in ((4, 2), (4, 3), (8, 1)):
    seen.clear()
    ds = x.cache().shuffle(8, seed=4).repeat().batch(batch)
    for k in range(2):
        inp = keras.Input((1,))
        model = M(inp, layers.Dense(1)(inp))
        model.compile(loss="mse", run_eagerly=True)
        model.fit(ds, steps_per_epoch=steps, epochs=2, verbose=0)
        time.sleep(0.2)
    print(batch, steps, seen)
"""

# the overfit and underfit tutorial reads its CSV file with CsvDataset: TF's wrapper
# converts every argument first, then its op's attr and its kernel check them, each error
# worded as TF's (the kernel's with its function prefix); records with too many fields are
# "more"
SNIPPETS["csv_dataset_arguments"] = """
import os
import tempfile
d = tempfile.mkdtemp(); os.chdir(d)
with open("p.csv", "w") as f:
    f.write("1,2,3\\n4,,6\\n")
C = tf.data.experimental.CsvDataset
def tryp(label, fn):
    try:
        print(label, fn())
    except Exception as e:
        # (a DType's class path names the package)
        text = str(e) if "unsupported type" not in str(e) else str(e).split(" with ")[0]
        print(label, type(e).__name__, text)
def first(**kw):
    ds = C(kw.pop("f", "p.csv"), **kw)
    return [np.round(x.numpy(), 5).tolist() if x.dtype != tf.string else x.numpy()
            for x in next(iter(ds))]
cases = [
 dict(record_defaults=[0.0, 0.0], select_cols=[0]),
 dict(record_defaults=[0.0], select_cols=[-1]),
 dict(record_defaults=[0.0, 0.0], select_cols=[1, 0]),
 dict(record_defaults=[0.0, 0.0], select_cols=[1, 1]),
 dict(record_defaults=[0.0, 0.0], select_cols=[0, 2]),
 dict(record_defaults=[0.0, 0.0], select_cols=[0, 5]),
 dict(record_defaults=[0.0, 0.0], exclude_cols=[1]),
 dict(record_defaults=[0.0], exclude_cols=[1]),
 dict(record_defaults=[0.0, 0.0], exclude_cols=[-1]),
 dict(record_defaults=[0.0, 0.0], exclude_cols=[2, 1]),
 dict(record_defaults=[0.0, 0.0], exclude_cols=[5]),
 dict(record_defaults=[0.0, 0.0], select_cols=[0, 1], exclude_cols=[2]),
 dict(record_defaults=[0.0], field_delim="ab"),
 dict(record_defaults=[0.0], field_delim=""),
 dict(record_defaults=[0.0, 0.0, 0.0], field_delim=";"),
 dict(record_defaults=[0.0, tf.float32, 0.0]),
 dict(record_defaults=[0.0, 0.0, 0.0], na_value="2"),
 dict(record_defaults=[0.0, 0.0, 0.0], compression_type="BAD"),
 dict(record_defaults=[0.0, 0.0, 0.0], buffer_size=0),
 dict(record_defaults=[0.0, 0.0, 0.0], buffer_size=-2),
 dict(record_defaults=[0, "", 0.0]),
 dict(record_defaults=[[0.0], [0], [""]]),
 dict(record_defaults=[tf.constant([1.0, 2.0]), 0, 0]),
 dict(record_defaults=[tf.int16, 0, 0]),
 dict(record_defaults=[tf.constant(1, tf.int16), 0, 0]),
 dict(record_defaults=[tf.constant([[1.0]]), 0, 0]),
 dict(record_defaults=[None]),
 dict(record_defaults=[0.0], header=1),
 dict(record_defaults=[0.0], na_value=3),
 dict(record_defaults=[0.0, 0.0], select_cols=[-1, 0], buffer_size=0),
 dict(record_defaults=[0.0, 0.0], exclude_cols=[1, 0], select_cols=[0, 0], compression_type='X'),
 dict(record_defaults=[]),
 dict(record_defaults=[0.0, 0.0, 0.0], header=True),
 dict(record_defaults=[0.0, 0.0, 0.0], f=[]),
 dict(record_defaults=[0.0, 0.0, 0.0], f=3),
 dict(record_defaults=[0.0, 0.0, 0.0], f=["p.csv", "nofile"]),
 dict(record_defaults=[0.0, 0.0]),
 dict(record_defaults=[0.0, 0.0, 0.0, 0.0]),
]
for kw in cases:
    tryp(" ".join(f"{k}={v!r}" for k, v in kw.items())[:70], lambda: first(**dict(kw)))
ds = C("p.csv", [0.0, 0.0, tf.float32])
tryp("missing no default", lambda: list(ds))
"""

# the save and load tutorial saves weights into a folder before any ModelCheckpoint made
# it: Keras 3's save_weights (`.weights.h5`) and save (`.keras`) make no folder (h5py's
# and open's FileNotFoundError), a legacy `.h5` save, ModelCheckpoint, export,
# tf.saved_model.save and checkpoints do
SNIPPETS["save_into_a_missing_folder"] = """
import os
def tryp(label, fn):
    try:
        print(label, fn())
    except Exception as e:
        print(label, type(e).__name__, e)
import tempfile
os.chdir(tempfile.mkdtemp())
m = keras.Sequential([keras.Input((1,)), keras.layers.Dense(1)])
m.compile("adam", "mse")
for p in ["a/w.weights.h5", "b/m.keras", "c/m.h5", "d/e/w.weights.h5"]:
    tryp(p, lambda: m.save_weights(p) if p.endswith("weights.h5") else m.save(p))
cb = keras.callbacks.ModelCheckpoint("f/g/cp-{epoch}.weights.h5", save_weights_only=True)
m.fit(np.ones((2, 1)), np.ones((2, 1)), epochs=1, verbose=0, callbacks=[cb])
cb = keras.callbacks.ModelCheckpoint("h/cp-{epoch}.keras")
m.fit(np.ones((2, 1)), np.ones((2, 1)), epochs=1, verbose=0, callbacks=[cb])
print(sorted(os.walk(".").__next__()[1]), sorted(os.listdir("f/g")), sorted(os.listdir("h")))
tryp("export", lambda: m.export("x/y/sm", verbose=False))
tryp("tf save", lambda: tf.saved_model.save(m, "z/w/sm"))
tryp("ckpt", lambda: tf.train.Checkpoint(m=m).write("q/r/ckpt"))
print(sorted(os.walk(".").__next__()[1]))
"""
