"""keras.distillation cases shared by make_distillation_golden.py (real TF 2.21 + Keras 3)
and test_distillation.py (eagerflow).

A snippet prints what it shows (`show(label, f, *args)` prints a result or the error's
class and message), compared as text; numbers go through `record(label, value)` and are
compared with a float32 tolerance. The models' weights are set from seeded NumPy draws
(`weigh`), so both sides start from the same numbers. Snippets run with `tf`, `keras`,
`np` and `tmpdir` (a fresh folder) bound.
"""

PRELUDE = '''
import os
import re
d = keras.distillation
VALUES = {}
def show(label, f, *args, **kwargs):
    # (a KerasTensor's automatic name counts every tensor made before: not compared)
    try:
        text = "-> " + repr(f(*args, **kwargs))
    except Exception as e:
        text = f"!! {type(e).__name__} {e}"
    print(label, re.sub(r"keras_tensor_[0-9]+", "keras_tensor_N", text))
def record(label, value):
    VALUES[label] = np.asarray(value, dtype="float64").tolist()
def weigh(model, seed, scale=0.5):
    rs = np.random.RandomState(seed)
    model.set_weights([(rs.randn(*w.shape) * scale).astype(w.dtype)
                       for w in model.get_weights()])
    return model
def mlp(name, hidden=8, n_in=4, out=3, seed=0):
    model = keras.Sequential([keras.Input((n_in,)),
                              keras.layers.Dense(hidden, activation="relu", name="h"),
                              keras.layers.Dense(out, name="logits")], name=name)
    return weigh(model, seed)
def two_heads(name, seed):
    i = keras.Input((4,), name=name + "_in")
    h = keras.layers.Dense(6, activation="tanh", name="h")(i)
    a = keras.layers.Dense(3, name="a")(h)
    b = keras.layers.Dense(2, name="b")(h)
    return weigh(keras.Model(i, [a, b], name=name), seed)
class Sub(keras.Model):
    def __init__(self):
        super().__init__()
        self.d = keras.layers.Dense(3)
    def call(self, x):
        return self.d(x)
X = np.random.RandomState(3).randn(8, 4).astype("float32")
Y = np.random.RandomState(4).randint(0, 3, 8)
T = np.random.RandomState(5).randn(6, 3).astype("float32") * 2
S = np.random.RandomState(6).randn(6, 3).astype("float32") * 2
'''

SNIPPETS = {
    "dir": '''
print(sorted(n for n in dir(d) if not n.startswith("_")))
print("distillation" in dir(tf.keras))
''',
    "loss_objects": '''
ld = d.LogitsDistillation()
print(ld.temperature, ld.loss.__name__, ld.get_config())
fd = d.FeatureDistillation()
print(fd.loss.__name__, fd.teacher_layer_name, fd.student_layer_name, fd.get_config())
fd2 = d.FeatureDistillation(loss=["mse", None], teacher_layer_name="h")
print(fd2.get_config())
ld2 = d.LogitsDistillation(temperature=4, loss=keras.losses.KLDivergence())
print(ld2.get_config())
ld3 = d.LogitsDistillation.from_config(ld2.get_config())
print(type(ld3.loss).__name__, ld3.temperature, ld3.get_config() == ld2.get_config())
fd3 = d.FeatureDistillation.from_config(fd2.get_config())
print([getattr(x, "__name__", x) for x in fd3.loss], fd3.teacher_layer_name,
      fd3.get_config() == fd2.get_config())
print(issubclass(d.LogitsDistillation, d.DistillationLoss),
      issubclass(d.FeatureDistillation, d.DistillationLoss))
show("t0", d.LogitsDistillation, temperature=0)
show("tneg", d.LogitsDistillation, temperature=-1.0)
show("tstr", d.LogitsDistillation, temperature="3")
show("tnone", d.LogitsDistillation, temperature=None)
show("none_loss", d.LogitsDistillation, loss=None)
show("none_losses", d.LogitsDistillation, loss=[None, None])
show("bad_name", d.LogitsDistillation, loss="nope")
show("fd_none", d.FeatureDistillation, loss=None)
show("fd_nones", d.FeatureDistillation, loss={"a": None})
show("fd_bad", d.FeatureDistillation, loss="nope")
show("base", d.DistillationLoss().compute_loss, 1, 2)
show("base_validate", d.DistillationLoss().validate_outputs, [1], [2, 3])
show("base_models", d.DistillationLoss().validate_model_compatibility, 1, 2)
''',
    "loss_values": '''
record("kl_fn", d.LogitsDistillation().compute_loss(T, S))
record("kl_fn_t1", d.LogitsDistillation(temperature=1).compute_loss(T, S))
record("kl_obj", d.LogitsDistillation(temperature=2.5, loss=keras.losses.KLDivergence())
       .compute_loss(T, S))
record("cce", d.LogitsDistillation(loss="categorical_crossentropy").compute_loss(T, S))
record("cce_logits", d.LogitsDistillation(
    loss=keras.losses.CategoricalCrossentropy(from_logits=True)).compute_loss(T, S))
record("multi", d.LogitsDistillation(loss=["kl_divergence", None, "mse"])
       .compute_loss([T, T, T], [S, S * 0, S]))
record("dict", d.LogitsDistillation(loss={"p": "mae", "q": keras.losses.KLDivergence()})
       .compute_loss({"p": T, "q": S}, {"p": S, "q": T}))
record("fd_mse", d.FeatureDistillation().compute_loss(T, S))
record("fd_cos", d.FeatureDistillation(loss="cosine_similarity").compute_loss(T, S))
record("fd_mae_obj", d.FeatureDistillation(loss=keras.losses.MeanAbsoluteError())
       .compute_loss(T, S))
record("fd_multi", d.FeatureDistillation(loss=["mse", None]).compute_loss([T, S], [S, T]))
ld = d.LogitsDistillation()
print(ld.compute_loss(T, S).shape, ld.compute_loss(T, S).dtype)
show("arity", ld.validate_outputs, [T], [S, S])
show("kind", ld.validate_outputs, T, [S])
show("fd_structure", d.FeatureDistillation(loss=["mse", "mse"]).validate_outputs, T, S)
show("fd_ok", d.FeatureDistillation(loss=["mse", "mse"]).validate_outputs, [T, T], [S, S])
''',
    "distiller_construct": '''
teacher, student = mlp("teacher", hidden=16, seed=1), mlp("student", seed=2)
ld = d.LogitsDistillation()
dist = d.Distiller(teacher, student, ld)
print(repr(dist), dist.name, dist.teacher is teacher, dist.student is student)
print(teacher.trainable, student.trainable, dist.student_loss_weight,
      dist.distillation_losses[0] is ld, dist.distillation_loss_weights)
print(len(dist.trainable_weights), len(dist.non_trainable_weights), len(dist.weights))
print([v.path for v in dist.trainable_weights])
print([m.name for m in dist.metrics], dist.compiled)
print(dist._teacher_feature_extractor, dist._student_feature_extractor)
other = d.Distiller(mlp("t2", seed=1), mlp("s2", seed=2), [ld, d.FeatureDistillation()],
                    distillation_loss_weights=[0.5, 2.0], student_loss_weight=1, name="mine")
print(other.name, other.distillation_loss_weights, other.student_loss_weight)
single = d.Distiller(mlp("t3", seed=1), mlp("s3", seed=2), ld,
                     distillation_loss_weights=[9.0, 9.0])
print(single.distillation_loss_weights)
print(d.Distiller(mlp("t4"), mlp("s4"), (ld,)).distillation_loss_weights)
show("bad_teacher", d.Distiller, "t", student, ld)
show("bad_student", d.Distiller, teacher, 3, ld)
show("w_neg", d.Distiller, mlp("a"), mlp("b"), ld, student_loss_weight=-0.1)
show("w_big", d.Distiller, mlp("a"), mlp("b"), ld, student_loss_weight=2)
show("w_str", d.Distiller, mlp("a"), mlp("b"), ld, student_loss_weight="a")
show("w_none", d.Distiller, mlp("a"), mlp("b"), ld, student_loss_weight=None)
show("losses_none", d.Distiller, mlp("a"), mlp("b"), None)
show("weights_len", d.Distiller, mlp("a"), mlp("b"), [ld, ld],
     distillation_loss_weights=[1.0])
show("in_shape", d.Distiller, mlp("a"), mlp("b", n_in=5), ld)
show("out_shape", d.Distiller, mlp("a"), mlp("b", out=4), ld)
show("out_rank", d.Distiller, mlp("a"), keras.Sequential(
    [keras.Input((4,)), keras.layers.Reshape((2, 2))]), ld)
show("in_dtype", d.Distiller, mlp("a"), keras.Sequential(
    [keras.Input((4,), dtype="float64"), keras.layers.Dense(3, dtype="float64")]), ld)
show("out_dtype", d.Distiller, mlp("a"), keras.Sequential(
    [keras.Input((4,)), keras.layers.Dense(3, dtype="float64")]), ld)
show("outputs_count", d.Distiller, two_heads("a", 1), mlp("b"), ld)
show("bad_layer_t", d.Distiller, mlp("a"), mlp("b"),
     d.FeatureDistillation(teacher_layer_name="zz"))
show("bad_layer_s", d.Distiller, mlp("a"), mlp("b"),
     d.FeatureDistillation(student_layer_name="zz"))
fdl = d.FeatureDistillation(teacher_layer_name="h", student_layer_name="h")
show("sub_student", d.Distiller, mlp("a"), Sub(), fdl)
show("sub_both", d.Distiller, Sub(), Sub(), fdl)
show("sub_ok", lambda: d.Distiller(mlp("a"), Sub(), ld).name)
show("sub_fd_final", lambda: d.Distiller(Sub(), Sub(), d.FeatureDistillation()).name)
''',
    "distiller_train": '''
def make(weight=0.3, losses=None, lr=0.05):
    teacher, student = mlp("teacher", seed=1), mlp("student", seed=2)
    weights = None
    if losses is None:
        losses = [d.LogitsDistillation(temperature=2.0),
                  d.FeatureDistillation(teacher_layer_name="h", student_layer_name="h")]
        weights = [1.0, 0.25]
    dist = d.Distiller(teacher, student, losses, distillation_loss_weights=weights,
                       student_loss_weight=weight)
    dist.compile(keras.optimizers.SGD(lr),
                 loss=keras.losses.SparseCategoricalCrossentropy(from_logits=True),
                 metrics=["accuracy"])
    return dist, teacher, student
dist, teacher, student = make()
print([m.name for m in dist.metrics])
before = [w.copy() for w in teacher.get_weights()]
loss = dist.compute_loss(X, Y, dist(X))
record("compute_loss", loss)
record("trackers", [float(m.result()) for m in (dist.student_loss_tracker,
                    dist.distillation_loss_tracker, dist.total_loss_tracker)])
dist.reset_metrics()
print([float(m.result()) for m in dist.metrics if m.name != "compile_metrics"])
h = dist.fit(X, Y, batch_size=4, epochs=2, verbose=0, shuffle=False)
print(sorted(h.history))
for k, v in h.history.items():
    record("fit_" + k, v)
print("teacher frozen", all(np.array_equal(a, b) for a, b in zip(before,
                                                              teacher.get_weights())))
for i, w in enumerate(student.get_weights()):
    record(f"student_w{i}", w)
ev = dist.evaluate(X, Y, verbose=0, return_dict=True)
print(sorted(ev))
for k, v in ev.items():
    record("eval_" + k, v)
record("predict", dist.predict(X[:3], verbose=0))
record("student_call", student(X[:3]))
for weight in (0.0, 1.0):
    dw, _, _ = make(weight, losses=d.LogitsDistillation(loss=keras.losses.KLDivergence()))
    record(f"w{weight}_loss", dw.compute_loss(X, Y, dw(X)))
    record(f"w{weight}_trackers", [float(m.result()) for m in (dw.student_loss_tracker,
           dw.distillation_loss_tracker, dw.total_loss_tracker)])
dn, _, _ = make(0.5, losses=d.FeatureDistillation(loss="cosine_similarity"))
record("no_y", dn.compute_loss(X, None, dn(X)))
record("no_y_pred", dn.compute_loss(X, Y))
''',
    "distiller_multi_output": '''
def prefix(label, f, *args, **kwargs):
    # the error without the values it shows, a tensor's class named alike on both sides
    try:
        print(label, "->", f(*args, **kwargs))
    except Exception as e:
        msg = str(e).split("; value")[0]
        msg = re.sub(r"<class '(tensorflow|eagerflow)[^']*'>", "<class 'TENSOR'>", msg)
        if msg.startswith("Expected an instance"):
            msg = msg.split(", got")[0]
        if label == "fit":  # (Keras's array adapter hands fit's list targets over as tuples)
            msg = msg.replace("<class 'list'>", "<class 'tuple'>")
        print(label, "!!", type(e).__name__, msg)
yb = np.random.RandomState(7).randn(8, 2).astype("float32")
sparse = keras.losses.SparseCategoricalCrossentropy(from_logits=True)
for student_loss, y in [([sparse, "mse"], [Y, yb]), ([sparse, "mse"], (Y, yb)),
                        ({"a": sparse, "b": "mse"}, {"a": Y, "b": yb}),
                        ([sparse, "mse"], Y), ((sparse, "mse"), (Y, yb))]:
    dist = d.Distiller(two_heads("teacher", 1), two_heads("student", 2),
                       d.LogitsDistillation(temperature=2, loss=["kl_divergence", None]))
    dist.compile("sgd", loss=student_loss)
    prefix("compute_loss", lambda: dist.compute_loss(X, y, dist(X)).shape)
    prefix("fit", lambda: sorted(dist.fit(X, y, verbose=0).history))
teacher, student = two_heads("teacher", 1), two_heads("student", 2)
dist = d.Distiller(teacher, student,
                   d.LogitsDistillation(temperature=2, loss=["kl_divergence", "mae"]),
                   student_loss_weight=0.0)
dist.compile("sgd", loss=[sparse, "mse"])
record("loss", dist.compute_loss(X, [Y, yb], dist(X)))
record("trackers", [float(m.result()) for m in (dist.student_loss_tracker,
                    dist.distillation_loss_tracker, dist.total_loss_tracker)])
h = dist.fit(X, [Y, yb], batch_size=8, epochs=2, verbose=0)
record("fit_loss", h.history["loss"])
print(sorted(h.history))
''',
    "distiller_custom_loss": '''
class Gap(d.DistillationLoss):
    def compute_loss(self, teacher_outputs, student_outputs, **kwargs):
        return keras.ops.mean(keras.ops.abs(teacher_outputs - student_outputs))
class Wide(d.DistillationLoss):
    def compute_loss(self, teacher_outputs, student_outputs, **kwargs):
        return keras.ops.abs(teacher_outputs - student_outputs)
dist = d.Distiller(mlp("t", seed=1), mlp("s", seed=2), Gap(), student_loss_weight=0.0)
dist.compile("sgd", loss="sparse_categorical_crossentropy")
record("gap", dist.compute_loss(X, Y, dist(X)))
wide = d.Distiller(mlp("t2", seed=1), mlp("s2", seed=2), Wide())
wide.compile("sgd", loss="sparse_categorical_crossentropy")
try:
    wide.compute_loss(X, Y, wide(X))
except ValueError as e:
    print(type(e).__name__, str(e).replace("TensorShape(", "(").replace("])", ")")
          .replace("[", "("))
''',
    "distiller_compile_config": '''
teacher, student = mlp("teacher", seed=1), mlp("student", seed=2)
dist = d.Distiller(teacher, student, [d.LogitsDistillation(temperature=2.0),
                   d.FeatureDistillation(teacher_layer_name="h", student_layer_name="h")],
                   distillation_loss_weights=[1.0, 0.25], student_loss_weight=0.3)
show("no_loss", dist.compile, "adam")
show("metric_str", dist.compile, "adam", loss="mse", metrics="mae")
show("metric_dict", dist.compile, "adam", loss="mse", metrics={"a": "mae"})
dist.compile(keras.optimizers.SGD(0.1), loss="sparse_categorical_crossentropy",
             metrics=["accuracy"])
print(dist.compiled, dist._student_loss.__name__, dist._student_loss_for_serialization)
print(dist.get_compile_config())
cfg = dist.get_config()
print(sorted(cfg))
print({k: cfg[k] for k in ("distillation_losses", "distillation_loss_weights",
                           "student_loss_weight", "name", "trainable", "dtype")})
print(cfg["teacher"]["class_name"], cfg["teacher"]["module"], cfg["teacher"]["config"]["name"],
      cfg["student"]["config"]["name"])
again = d.Distiller.from_config(cfg)
print(type(again).__name__, again.name, again.student_loss_weight,
      again.distillation_loss_weights,
      [type(x).__name__ for x in again.distillation_losses],
      again.distillation_losses[0].temperature, again.teacher.trainable,
      again.teacher.name, again.compiled)
print(again.get_config() == cfg)
dist.summary()
''',
    "distiller_save": '''
teacher, student = mlp("teacher", seed=1), mlp("student", seed=2)
dist = d.Distiller(teacher, student, d.LogitsDistillation(), student_loss_weight=0.2)
dist.compile("sgd", loss="sparse_categorical_crossentropy")
dist.fit(X, Y, batch_size=8, epochs=1, verbose=0)
path = os.path.join(tmpdir, "distiller.keras")
dist.save(path)
import warnings
with warnings.catch_warnings(record=True) as caught:
    warnings.simplefilter("always")
    back = keras.models.load_model(path)
print(type(back).__name__, back.name, back.student_loss_weight, back.compiled,
      back.teacher.trainable, [type(x).__name__ for x in back.distillation_losses])
print([str(w.message).split(".")[0] for w in caught])
print(np.allclose(back.predict(X, verbose=0), dist.predict(X, verbose=0)),
      all(np.array_equal(a, b) for a, b in zip(back.get_weights(), dist.get_weights())))
show("fit_uncompiled", back.fit, X, Y, verbose=0)
back.compile("sgd", loss="sparse_categorical_crossentropy")
record("reloaded_loss", back.compute_loss(X, Y, back(X)))
record("original_loss", dist.compute_loss(X, Y, dist(X)))
dist.save_weights(os.path.join(tmpdir, "d.weights.h5"))
fresh = d.Distiller(mlp("teacher", seed=8), mlp("student", seed=9), d.LogitsDistillation())
show("unbuilt", fresh.load_weights, os.path.join(tmpdir, "d.weights.h5"))
fresh(X[:1])
fresh.load_weights(os.path.join(tmpdir, "d.weights.h5"))
print(all(np.array_equal(a, b) for a, b in zip(fresh.get_weights(), dist.get_weights())))
''',
    # (what the Distiller's trackers rest on: Keras 3 lists the metrics a model or its
    # non-model sublayers hold in attributes, after the compiled ones)
    "custom_metrics": '''
class Holder(keras.layers.Layer):
    def __init__(self, **kwargs):
        super().__init__(**kwargs)
        self.seen = keras.metrics.Mean(name="seen")
        self.d = keras.layers.Dense(2)
    def call(self, x):
        self.seen.update_state(keras.ops.mean(x))
        return self.d(x)
class Inner(keras.Model):
    def __init__(self):
        super().__init__()
        self.t = keras.metrics.Mean(name="inner_t")
        self.d = keras.layers.Dense(2)
    def call(self, x):
        return self.d(x)
class Outer(keras.Model):
    def __init__(self):
        super().__init__()
        self.h = Holder()
        self.i = Inner()
        self.trk = [keras.metrics.Sum(name="s1"), keras.metrics.Sum(name="s2")]
    def call(self, x):
        return self.h(x) + self.i(x)
print([m.name for m in Holder().metrics], [m.name for m in keras.layers.Dense(2).metrics])
o = Outer()
print([m.name for m in o.metrics], [m.name for m in o.i.metrics], [m.name for m in o.h.metrics])
o.compile("sgd", "mse", metrics=["mae"])
print([m.name for m in o.metrics])
h = o.fit(X[:4, :3], X[:4, :2], verbose=0, epochs=2)
print(sorted(h.history))
record("seen", h.history["seen"])
print(sorted(o.evaluate(X[:4, :3], X[:4, :2], verbose=0, return_dict=True)))
''',
}
