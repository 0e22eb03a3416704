"""kprobe16's snippets on what eagerflow printed otherwise before: LossScaleOptimizer's
config round trips, save_weights' file names and a save told not to overwrite (Keras asks
on stdin), the automatic names of layers and KerasTensors over several models (Sequential's
add and pop, Lambda, clear_session), functional models of operations called again, and
TimeDistributed over layers that flatten (see cases.py)."""

from tests.keras.kprobe16.prelude import _TRY

SNIPPETS = {}

SNIPPETS["loss_scale_optimizer_round_trips"] = _TRY + """
LSO = keras.mixed_precision.LossScaleOptimizer
opt = LSO(keras.optimizers.SGD(0.1, momentum=0.5), initial_scale=1024.0,
          dynamic_growth_steps=100)
cfg = opt.get_config()
print(json.dumps(cfg, sort_keys=True))
again = LSO.from_config(cfg)
print(type(again).__name__, type(again.inner_optimizer).__name__, again.initial_scale,
      again.dynamic_growth_steps, again.inner_optimizer.momentum)
print("config after from_config", sorted(cfg))
print(json.dumps(again.get_config(), sort_keys=True) ==
      json.dumps(opt.get_config(), sort_keys=True))
s = keras.optimizers.serialize(opt)
print(json.dumps(s, sort_keys=True))
back = keras.optimizers.deserialize(s)
print(type(back).__name__, back.name, back.initial_scale, sorted(s["config"]))
tryp("get_again", lambda: type(keras.optimizers.get(s)).__name__)
tryp("get_fresh", lambda: type(keras.optimizers.get(keras.optimizers.serialize(opt))).__name__)
sched = LSO(keras.optimizers.Adam(keras.optimizers.schedules.ExponentialDecay(0.1, 10, 0.5)))
print(json.dumps(sched.get_config(), sort_keys=True))
tryp("sched_back", lambda: type(LSO.from_config(sched.get_config()).learning_rate).__name__)
tryp("bad_kwarg", lambda: LSO(keras.optimizers.SGD(), clipnorm=1.0))
tryp("bad_dynamic", lambda: LSO(keras.optimizers.SGD(), dynamic=False))
tryp("unknown", lambda: LSO(keras.optimizers.SGD(), foo=1))
m = keras.Sequential([keras.Input((3,)), layers.Dense(2)])
m.compile(optimizer=LSO(keras.optimizers.Adam(0.01), initial_scale=256.0), loss="mse")
m.fit(np.ones((4, 3)), np.ones((4, 2)), verbose=0)
print("scale", float(m.optimizer.dynamic_scale), int(m.optimizer.step_counter),
      int(m.optimizer.iterations))
m.save(os.path.join(D, "lso.keras"))
m2 = keras.models.load_model(os.path.join(D, "lso.keras"))
print(type(m2.optimizer).__name__, type(m2.optimizer.inner_optimizer).__name__,
      m2.optimizer.initial_scale, float(m2.optimizer.dynamic_scale),
      [v.path for v in m2.optimizer.variables])
"""

SNIPPETS["save_weights_file_names"] = _TRY + """
m = keras.Sequential([keras.Input((3,)), layers.Dense(2)])
for p in ["x.txt", "x.ckpt", "x.h5", "x.hdf5", "x.keras", "x.weights.json", "x.weights"]:
    tryp("save_weights " + p, lambda: m.save_weights(os.path.join(D, p)))
    tryp("saving.save_weights " + p,
         lambda: keras.saving.save_weights(m, os.path.join(D, p)))
    tryp("save " + p, lambda: m.save(os.path.join(D, p)))
tryp("listing", lambda: sorted(os.listdir(D)))
for p in ["x.txt", "x.ckpt", "x.weights"]:
    tryp("load_weights " + p, lambda: m.load_weights(os.path.join(D, p)))
"""

SNIPPETS["save_told_not_to_overwrite"] = _TRY + """
os.chdir(D)  # (Keras's question shows the path it was given)
m = keras.Sequential([keras.Input((3,)), layers.Dense(2)])
W, K, H = "w.weights.h5", "m.keras", "m.h5"
m.save_weights(W)
m.save(K)
m.save(H)
answering("weights no answer", "", lambda: m.save_weights(W, overwrite=False))
answering("weights no", "n\\n", lambda: m.save_weights(W, overwrite=False))
answering("weights yes", "maybe\\n y \\n", lambda: m.save_weights(W, overwrite=False))
answering("saving.save_weights no", "N\\n",
          lambda: keras.saving.save_weights(m, W, overwrite=False))
answering("keras no answer", "", lambda: m.save(K, overwrite=False))
answering("keras no", "n\\n", lambda: m.save(K, overwrite=False))
answering("keras yes", "y\\n", lambda: m.save(K, overwrite=False))
answering("save_model yes", "Y\\n", lambda: keras.saving.save_model(m, K, overwrite=False))
answering("h5 yes once", "y\\n", lambda: m.save(H, overwrite=False))
answering("h5 yes twice", "y\\ny\\n", lambda: m.save(H, overwrite=False))
answering("h5 yes then no", "y\\nn\\n", lambda: m.save(H, overwrite=False))
answering("new file", "", lambda: m.save("new.keras", overwrite=False))
answering("sharded no", "n\\n", lambda: m.save_weights("w.weights.json", overwrite=False,
                                                       max_shard_size=1))
open("t.txt", "w").close()
answering("txt yes", "y\\n", lambda: m.save("t.txt", overwrite=False))
answering("txt no", "n\\n", lambda: m.save("t.txt", overwrite=False))
print(sorted(os.listdir(".")))
"""

SNIPPETS["names_across_models"] = _TRY + """
L = layers
def build():
    i = keras.Input((4,))
    x = L.Dense(3)(i)
    x = L.Dense(2, activation="relu")(x)
    return keras.Model(i, L.Add()([x, x]))
for k in range(2):
    names("functional", build())
    s = keras.Sequential([L.Dense(2), L.Dropout(0.1), L.Dense(1)])
    s.build((None, 3))
    names("built", s)
    s2 = keras.Sequential()
    s2.add(keras.Input((3,)))
    s2.add(L.Dense(2))
    s2.add(L.Dense(2))
    names("added", s2)
    s2.pop()
    names("popped", s2)
    s2.add(L.Dense(4))
    names("added again", s2)
    names("clone", keras.models.clone_model(s2))
    j = keras.Input((3,))
    o = L.Dense(2)(j)
    o = o + 1
    o = keras.ops.relu(o)
    o = L.Lambda(lambda t: t * 2)(o)
    print("lambda out", o.name)
    o = L.Lambda(lambda t: t[:, :1], output_shape=(1,))(o)
    print("lambda with shape", o.name)
    f = keras.Model(j, o)
    names("ops", f)
    print("called", f(j).name, s2(j).name)
    names("nested", keras.Model(j, [f(j), s2(j)]))
    print("compute_output_shape", L.Lambda(lambda t: t * 2).compute_output_shape((None, 3)),
          keras.Input((1,)).name)
    print("next", L.Dense(1).name, keras.Input((1,)).name, keras.Sequential().name)
    if k == 0:
        keras.backend.clear_session()
        print("cleared")
"""

SNIPPETS["functional_of_operations_called_again"] = _TRY + """
L = layers
cases = [("add", lambda o: o + 1), ("radd", lambda o: 1 - o), ("mul", lambda o: o * o),
         ("slice", lambda o: o[:, :1]), ("ops_add", lambda o: keras.ops.add(o, 2.0)),
         ("ops_max", lambda o: keras.ops.max(o, axis=1, keepdims=True)),
         ("concat", lambda o: keras.ops.concatenate([o, o * 2], axis=-1)),
         ("reshape", lambda o: keras.ops.reshape(o, (-1, 2, 1)))]
for name, fn in cases:
    j = keras.Input((3,))
    f = keras.Model(j, fn(L.Dense(2, kernel_initializer="ones")(j)))
    tryp(name + " symbolic", lambda: f(keras.Input((3,))).shape)
    tryp(name + " shape", lambda: f.compute_output_shape((5, 3)))
    tryp(name + " eager", lambda: f(np.arange(6, dtype="float32").reshape(2, 3)))
    outer = keras.Model(j, f(j) * 3)
    tryp(name + " nested", lambda: outer(np.ones((1, 3), "float32")))
"""

SNIPPETS["time_distributed_flattening"] = _TRY + """
L = layers
x = np.arange(48, dtype="float32").reshape(2, 3, 2, 4) / 10
tryp("flatten", lambda: L.TimeDistributed(L.Flatten())(x).shape)
tryp("flatten_shape", lambda: L.TimeDistributed(L.Flatten()).compute_output_shape((2, 3, 2, 4)))
tryp("flatten_symbolic", lambda: L.TimeDistributed(L.Flatten())(keras.Input((None, 2, 4))).shape)
tryp("dense_rank4", lambda: L.TimeDistributed(L.Dense(3, kernel_initializer="ones"))(x))
tryp("inner_sequential", lambda: L.TimeDistributed(keras.Sequential(
    [L.Flatten(), L.Dense(2, kernel_initializer="ones")]))(x))
m = keras.Sequential([keras.Input((3, 2, 4)), L.TimeDistributed(L.Flatten()),
                      L.TimeDistributed(L.Dense(2))])
m.summary()
m.compile("sgd", "mse")
h = m.fit(x, np.ones((2, 3, 2), "float32"), epochs=2, verbose=0)
print([round(v, 4) for v in h.history["loss"]])
m.save(os.path.join(D, "td.keras"))
back = keras.models.load_model(os.path.join(D, "td.keras"))
print(np.allclose(back.predict(x, verbose=0), m.predict(x, verbose=0)))
td = L.TimeDistributed(L.Flatten())
@tf.function(input_signature=[tf.TensorSpec([None, None, 2, 4])])
def unknown_steps(a):
    y = td(a)
    print("traced", y.shape)
    return y
for shape in [(2, 3, 2, 4), (1, 4, 2, 4), (3, 2, 2, 4)]:
    v = np.arange(np.prod(shape), dtype="float32").reshape(shape)
    head("steps " + str(shape), lambda: unknown_steps(tf.constant(v)))
dense = L.TimeDistributed(L.Dense(3, kernel_initializer="ones"))
@tf.function(input_signature=[tf.TensorSpec([2, None, 4])])
def known_batch(a):
    y = dense(a)
    print("traced", y.shape)
    return y
print(known_batch(tf.ones((2, 5, 4))).shape)
flat = L.TimeDistributed(L.Flatten())
@tf.function(input_signature=[tf.TensorSpec([None, 3, None, 2])])
def unknown_features(a):
    y = flat(a)
    print("traced", y.shape)
    return y
print(unknown_features(tf.ones((2, 3, 4, 2))).shape)
"""
