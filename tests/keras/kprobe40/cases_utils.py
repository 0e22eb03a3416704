"""kprobe40's snippets over keras.utils helpers and keras.config a user calls every day."""

from tests.keras.kprobe40.prelude import _TRY

SNIPPETS: dict[str, str] = {}

SNIPPETS["get_file_file_urls_and_cache"] = _TRY + """
import os, shutil, tarfile, zipfile, hashlib
U = keras.utils
os.makedirs("src", exist_ok=True)
os.makedirs("cache", exist_ok=True)
with open("src/data.txt", "w") as f:
    f.write("hello")
with tarfile.open("src/arch.tar.gz", "w") as t:  # (not compressed: a gzip's size varies)
    t.add("src/data.txt", arcname="inner/data.txt")
with zipfile.ZipFile("src/arch.zip", "w") as z:
    z.write("src/data.txt", "zinner/data.txt")
shutil.copy("src/arch.zip", "src/other.zip")
here = os.path.abspath(".")
url = "file://" + here + "/src/data.txt"
def gf(label, *a, **kw):
    kw.setdefault("cache_dir", here + "/cache")
    out = []
    bars(lambda: out.append(tryq(label, lambda: U.get_file(*a, **kw).replace(here, "HERE")
                                 .replace(os.path.basename(here), "NAME"))))
gf("plain", "d.txt", url)
gf("again", "d.txt", url)
gf("no_fname", origin=url)
gf("subdir", "d.txt", url, cache_subdir="sub")
md5 = hashlib.md5(b"hello").hexdigest(); sha = hashlib.sha256(b"hello").hexdigest()
gf("md5_ok", "m.txt", url, file_hash=md5)
gf("md5_hash_arg", "m2.txt", url, md5_hash=md5)
gf("sha_ok", "s.txt", url, file_hash=sha, hash_algorithm="sha256")
gf("bad_hash", "b.txt", url, file_hash="0" * 64)
print(sorted(os.listdir("cache/datasets")))
gf("cached_bad_hash", "d.txt", url, file_hash="0" * 32)
gf("force", "d.txt", url, force_download=True)
gf("tar", "arch.tar.gz", "file://" + here + "/src/arch.tar.gz", extract=True)
gf("zip", "arch.zip", "file://" + here + "/src/arch.zip", extract=True)
gf("untar", "arch2", "file://" + here + "/src/arch.tar.gz", untar=True)
gf("extract_no_fname", origin="file://" + here + "/src/other.zip", extract=True)
print(sorted(os.listdir("cache/datasets")))
gf("missing", "x.txt", "file://" + here + "/nope.txt")
gf("no_origin", "x.txt")
gf("both_none")
gf("path_fname", "../x.txt", url)
gf("sub_fname", "a/x.txt", url)
gf("no_name_in_url", origin="file://" + here + "/src/")
# a cache folder that is not there yet: Keras 3 falls back to /tmp/.keras
name = os.path.basename(here) + ".txt"
gf("missing_cache", name, url, cache_dir=here + "/nocache")
print(os.path.exists("nocache"))
for folder in ["/tmp/.keras/datasets"]:  # (the fallback's file removed again)
    if os.path.exists(os.path.join(folder, name)):
        os.remove(os.path.join(folder, name))
"""

SNIPPETS["config_functions_everyday"] = _TRY + """
C = keras.config
print(C.floatx(), C.epsilon(), C.image_data_format(), C.backend())
C.set_floatx("float16"); print(keras.layers.Dense(2).dtype, keras.ops.ones(2).dtype)
C.set_floatx("float32")
def unset(label, fn):  # (the allowed values are a set, printed in an order of hashes)
    try:
        fn()
    except ValueError as e:
        head, rest = str(e).split("{", 1)
        print(label, head, sorted(eval("{" + rest.split("}")[0] + "}")))
unset("floatx_bad", lambda: C.set_floatx("float8"))
unset("floatx_int", lambda: C.set_floatx("int32"))
tryq("eps", lambda: (C.set_epsilon(1e-5), C.epsilon())[1])
C.set_epsilon(1e-7)
unset("idf_bad", lambda: C.set_image_data_format("channels_middle"))
tryq("idf_first", lambda: (C.set_image_data_format("channels_first"),
                           keras.layers.Conv2D(2, 3).data_format)[1])
C.set_image_data_format("channels_last")
tryq("policy", lambda: C.dtype_policy())
tryq("set_policy_bad", lambda: C.set_dtype_policy("mixed_float8"))
tryq("set_policy_obj", lambda: (C.set_dtype_policy(keras.DTypePolicy("bfloat16")),
                               C.dtype_policy())[1])
C.set_dtype_policy("float32")
tryq("interactive", lambda: C.is_interactive_logging_enabled())
tryq("tb_filter", lambda: C.is_traceback_filtering_enabled())
tryq("flash", lambda: C.is_flash_attention_enabled())
tryq("max_epochs", lambda: (C.max_epochs(), C.max_steps_per_epoch()))
"""

SNIPPETS["interactive_logging_off_fit_lines"] = _TRY + """
import logging
x = np.linspace(-1, 1, 20, dtype="float32").reshape(10, 2)
y = x[:, :1] * 0.5
m = keras.Sequential([keras.Input((2,)), keras.layers.Dense(1)])
m.compile("sgd", "mse", metrics=["mae"])
keras.config.disable_interactive_logging()
print(keras.config.is_interactive_logging_enabled())
records = []
class H(logging.Handler):
    def emit(self, r):
        records.append(r.getMessage())
h = H(); logging.getLogger().addHandler(h)
try:
    bars(lambda: m.fit(x, y, epochs=2, batch_size=5, verbose=1))
    bars(lambda: m.evaluate(x, y, verbose=1))
    bars(lambda: m.summary())
finally:
    keras.config.enable_interactive_logging()
    logging.getLogger().removeHandler(h)
for r in records:
    print("LOG", re.sub(r"[0-9]+m?s/step|[0-9]+us/step", "T/step",
                        re.sub(r" - [0-9]+m?s - ", " - ELAPSED - ", r)))
"""

SNIPPETS["model_layer_reprs_and_str"] = _TRY + """
m = keras.Sequential([keras.Input((2,)), keras.layers.Dense(1, name="d")], name="s")
tryz("seq", lambda: m)
tryz("seq_str", lambda: str(m))
tryz("layer", lambda: m.layers[0])
tryz("unbuilt", lambda: keras.layers.Dense(2))
tryz("unbuilt_seq", lambda: keras.Sequential())
i = keras.Input((2,), name="in")
tryz("fun", lambda: keras.Model(i, keras.layers.Dense(1)(i), name="f"))
class Sub(keras.Model):
    def call(self, x):
        return x
tryz("sub", lambda: Sub())
tryz("sub_named", lambda: Sub(name="z"))
tryz("opt", lambda: keras.optimizers.Adam())
tryz("loss", lambda: keras.losses.MeanSquaredError())
tryz("metric", lambda: keras.metrics.Mean())
tryz("metric_acc", lambda: keras.metrics.Accuracy())
tryz("init", lambda: keras.initializers.GlorotUniform())
tryz("reg", lambda: keras.regularizers.L2(0.1))
tryz("reg_l1l2", lambda: keras.regularizers.L1L2(0.1, 0.2))
tryz("sched", lambda: keras.optimizers.schedules.ExponentialDecay(0.1, 1, 0.5))
tryz("cb", lambda: keras.callbacks.EarlyStopping())
tryz("policy", lambda: keras.DTypePolicy("mixed_float16"))
tryz("spec", lambda: keras.layers.InputSpec(ndim=2))
tryz("spec_full", lambda: keras.layers.InputSpec(shape=(None, 3), dtype="float32",
                                                 allow_last_axis_squeeze=True, name="q"))
tryz("var", lambda: keras.Variable(np.zeros(2, "float32"), name="v"))
tryz("seed", lambda: keras.random.SeedGenerator(3))
tryz("remat", lambda: keras.RematScope() if hasattr(keras, "RematScope") else None)
"""

SNIPPETS["utils_config_object"] = _TRY + """
C = keras.utils.Config
c = C(a=1, b={"x": 2})
tryz("repr", lambda: c)
tryz("str", lambda: str(c))
print(c.a, c["b"], c.get("zz", 5), "a" in c, len(c), sorted(c.keys()), list(c.items())[:1])
c.c = 3
c["d"] = [1]
print(sorted(c), c.as_dict() if hasattr(c, "as_dict") else None)
tryq("missing_attr", lambda: c.nope)
tryq("missing_item", lambda: c["nope"])
c.freeze()
print(c.frozen)
tryq("set_frozen", lambda: setattr(c, "e", 1))
tryq("setitem_frozen", lambda: c.__setitem__("e", 1))
tryq("del_frozen", lambda: c.__delitem__("a"))
tryq("update_frozen", lambda: c.update({"z": 1}))
tryq("pop_frozen", lambda: c.pop("a"))
c.unfreeze()
c.update({"z": 1}, y=2)
print(sorted(c), c.pop("z"))
tryq("setdefault", lambda: c.setdefault("w", 9))
c.w = 9
tryq("json", lambda: c.to_json())
tryq("json_bad", lambda: C(f=object()).to_json())
tryq("reserved", lambda: C(keys=1))
tryq("eq", lambda: (C(a=1) == C(a=1), C(a=1) == {"a": 1}))
tryq("iter", lambda: list(iter(C(p=1, q=2))))
tryq("del_attr", lambda: (delattr(c, "w"), sorted(c))[1])
tryq("copy", lambda: type(__import__("copy").deepcopy(c)).__name__)
"""

SNIPPETS["utils_registration_and_source_inputs"] = _TRY + """
U = keras.utils
@U.register_keras_serializable(package="kp40")
class MyLayer(keras.layers.Layer):
    pass
@U.register_keras_serializable(package="kp40", name="fn")
def my_fn(x):
    return x
print(U.get_registered_name(MyLayer), U.get_registered_name(my_fn),
      U.get_registered_name(keras.layers.Dense), U.get_registered_name(len))
print(U.get_registered_object("kp40>MyLayer") is MyLayer,
      U.get_registered_object("kp40>fn") is my_fn, U.get_registered_object("nope"))
print(sorted(k for k in U.get_custom_objects() if k.startswith("kp40")))
tryz("reg_twice", lambda: U.register_keras_serializable(package="kp40")(MyLayer))
tryz("reg_bad_pkg", lambda: U.register_keras_serializable(package="a>b")(my_fn))
tryz("reg_no_config", lambda: U.register_keras_serializable("kp40")(type("NoCfg", (), {})))
tryz("reg_lambda", lambda: U.register_keras_serializable("kp40")(lambda x: x))
with U.custom_object_scope({"Zed": MyLayer}):
    print(U.get_registered_object("Zed") is MyLayer)
with U.CustomObjectScope({"Zed2": MyLayer}) as s:
    print(type(s).__name__, U.get_registered_object("Zed2") is MyLayer)
print(U.get_registered_object("Zed"))
tryq("scope_bad", lambda: U.custom_object_scope(1).__enter__())
class A: pass
class B: pass
with U.custom_object_scope({"A": A}):
    with U.custom_object_scope({"B": B}):  # (an inner scope hides the outer one's)
        print("inner", U.get_registered_object("A"), U.get_registered_object("B") is B)
        cfg = keras.saving.serialize_keras_object(MyLayer(name="q"))
        print(type(keras.saving.deserialize_keras_object(cfg, custom_objects={"C": A})
                   ).__name__, U.get_registered_object("B") is B)
    print("outer", U.get_registered_object("A") is A, U.get_registered_object("B"))
d = {"A": A}
s = U.custom_object_scope(d)
d["B"] = B  # (the dict is read when the scope is entered)
with s:
    print("late", U.get_registered_object("B") is B)
    s.custom_objects["C"] = A
    print("mutate", U.get_registered_object("C"))
i = keras.Input((2,), name="src")
h = keras.layers.Dense(3)(i)
print([t.name for t in U.get_source_inputs(h)], U.is_keras_tensor(h), U.is_keras_tensor(1))
tryq("src_np", lambda: U.get_source_inputs(np.ones(2)))
for d in ["float", np.float64, "int", "float32", tf.float16, "bool", "double", "str", int,
          float, bool, "string", np.dtype("int64"), "bfloat16", "uint8", "float8_e4m3fn",
          "half"]:
    tryq("std", lambda: U.standardize_dtype(d))
tryq("std_bad", lambda: U.standardize_dtype("floaty"))
tryq("std_none", lambda: U.standardize_dtype(None))
tryq("pack", lambda: (U.pack_x_y_sample_weight(1), U.pack_x_y_sample_weight(1, 2),
                      U.pack_x_y_sample_weight((1, 2))))
tryq("pack_none_y", lambda: U.pack_x_y_sample_weight(1, None, 3))
print(U.unpack_x_y_sample_weight((1, 2)), U.unpack_x_y_sample_weight([1]),
      U.unpack_x_y_sample_weight(5))
tryq("unpack4", lambda: U.unpack_x_y_sample_weight((1, 2, 3, 4)))
tryq("plot", lambda: U.plot_model(keras.Sequential([keras.Input((2,)), keras.layers.Dense(1)]),
                                  to_file="m.png"))
"""
