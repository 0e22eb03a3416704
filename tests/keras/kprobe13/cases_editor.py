"""kprobe13's snippets on keras.saving.KerasFileEditor: what it prints of a `.weights.h5`
or `.keras` file, its edits and their errors, the files it saves and its comparison with a
model (see cases.py)."""

from tests.keras.kprobe13.prelude import _TRY

SNIPPETS = {}

_MODELS = _TRY + """
L = keras.layers
E = keras.saving.KerasFileEditor
os.chdir(D)  # (the editor prints the path it was given: a relative one)
def seq():
    return keras.Sequential([keras.Input((3,)), L.Dense(4, name="d1"),
                             L.BatchNormalization(), L.Dense(2, name="d2")])
"""

SNIPPETS["editor_weights_file"] = _MODELS + """
m = seq()
m.save_weights("m.weights.h5")
e = E("m.weights.h5")
e.summary()
print(type(e.weights_dict).__name__, list(e.weights_dict), e.metadata, e.config, e.filepath)
print(e.object_metadata)
w = e.weights_dict["layers"]["dense"]
print(type(w["0"]).__name__, w["0"].dtype, np.allclose(w["0"], m.layers[0].kernel.numpy()))
print(list(e.weights_dict["layers"]), list(e.weights_dict["layers"]["batch_normalization"]))
tryp("bad_ext", lambda: E("m.h5"))
tryp("bad_ext2", lambda: E("m.weights.json"))
tryp("missing", lambda: E("nope.weights.h5"))
"""

SNIPPETS["editor_keras_file"] = _MODELS + """
m = seq()
m.compile("adam", "mse")
m.fit(np.ones((4, 3)), np.ones((4, 2)), verbose=0)
m.save("m.keras")
e = quiet(lambda: E("m.keras"))
quiet(e.summary)
print(sorted(e.config), sorted(e.metadata), e.metadata["keras_version"])
print(e.config["class_name"], [l["class_name"] for l in e.config["config"]["layers"]])
print(e.object_metadata)
print(list(e.weights_dict["optimizer"]))
m.save_weights("w.weights.h5")
e2 = E("w.weights.h5")
print(list(e2.weights_dict), sorted(e2.object_metadata))
"""

SNIPPETS["editor_edits_and_errors"] = _MODELS + """
m = seq()
m.save_weights("m.weights.h5")
e = E("m.weights.h5")
tryp("rename_vars", lambda: e.rename_object("vars", "x"))
tryp("rename_none", lambda: e.rename_object("zzz", "x"))
tryp("rename_target_path", lambda: e.rename_object("dense", "a/b"))
tryp("rename_dup", lambda: e.rename_object("0", "x"))
tryp("rename_bad_path", lambda: e.rename_object("layers/nope", "x"))
tryp("rename_bad_path2", lambda: e.rename_object("nope/dense", "x"))
tryp("rename", lambda: e.rename_object("layers/dense", "dense_new"))
print(list(e.weights_dict["layers"]))
tryp("rename_leaf", lambda: e.rename_object("dense_1", "last"))
print(list(e.weights_dict["layers"]))
tryp("delete_w", lambda: e.delete_weight("dense_new", "1"))
tryp("delete_w_bad", lambda: e.delete_weight("dense_new", "7"))
tryp("delete_w_path_bad", lambda: e.delete_weight("layers/last", "5"))
tryp("add_weights", lambda: e.add_weights("batch_normalization", {"9": np.zeros(3)}))
tryp("add_weights_bad", lambda: e.add_weights("batch_normalization", [1]))
tryp("add_weights_missing", lambda: e.add_weights("nothing", {"0": np.ones(1)}))
tryp("add_obj", lambda: e.add_object("layers/extra", {"0": np.ones((2, 2), "float16")}))
tryp("add_obj_top", lambda: e.add_object("top", {"0": np.arange(3)}))
tryp("add_obj_badpath", lambda: e.add_object("nope/x/y", {"0": np.ones(1)}))
tryp("add_obj_bad", lambda: e.add_object("layers/z", 5))
tryp("delete_obj", lambda: e.delete_object("layers/last"))
tryp("delete_obj_bad", lambda: e.delete_object("layers/nope"))
tryp("delete_obj_bad2", lambda: e.delete_object("nope/x"))
tryp("delete_obj_leaf", lambda: e.delete_object("top"))
e.summary()
"""

SNIPPETS["editor_save_round_trip"] = _MODELS + """
import h5py
m = seq()
m.save_weights("m.weights.h5")
e = E("m.weights.h5")
e.rename_object("dense", "dense_x")
e.add_weights("dense_1", {"2": np.full((2,), 7.0, "float32")})
e.delete_weight("batch_normalization", "3")
tryp("save_bad", lambda: e.save("out.h5"))
tryp("save_keras", lambda: e.save("out.keras"))
e.save("out.weights.h5")
e.resave_weights(__import__("pathlib").Path("out2.weights.h5"))
with h5py.File("out.weights.h5") as f:
    f.visititems(lambda n, o: print(n, type(o).__name__, dict(o.attrs),
                                    getattr(o, "dtype", "")))
E("out2.weights.h5").summary()
m2 = seq()
tryp("load_edited", lambda: m2.load_weights("out.weights.h5"))
e3 = E("m.weights.h5")
e3.rename_object("d1", "dd") if False else None
e3.save("same.weights.h5")
m3 = seq()
m3.load_weights("same.weights.h5")
print([np.allclose(a, b) for a, b in zip(m.get_weights(), m3.get_weights())])
"""

SNIPPETS["editor_nested_and_counting"] = _MODELS + """
inner = keras.Sequential([keras.Input((3,)), L.Dense(2)], name="inner")
i = keras.Input((3,))
o = L.Dense(1)(inner(i))
m = keras.Model(i, o)
m.compile("sgd", "mse")
m.save_weights("n.weights.h5")
m.save("n.keras")
e = E("n.weights.h5")
e.summary()
print(e.object_metadata)
tryp("count_dense", lambda: e.rename_object("dense", "dd"))
tryp("count_layers", lambda: e.rename_object("layers", "ll"))
e2 = quiet(lambda: E("n.keras"))
tryp("count2", lambda: e2.rename_object("dense_1", "dd"))
tryp("count3", lambda: e2.delete_object("optimizer"))
tryp("count4", lambda: e2.delete_object("0"))
e2.summary()
s = keras.Sequential([keras.Input((2,)), L.Dense(2), L.Dense(2), L.Dense(2)])
s.save_weights("s.weights.h5")
e4 = E("s.weights.h5")
tryp("count_first", lambda: e4.delete_object("dense"))
tryp("count_last", lambda: e4.delete_object("dense_2"))
print(list(e4.weights_dict["layers"]))
"""

SNIPPETS["editor_compare"] = _MODELS + """
m2 = keras.Sequential([keras.Input((3,)), L.Dense(4), L.Dense(2)])
m2.save_weights("s.weights.h5")
e3 = E("s.weights.h5")
print(e3.compare(m2))
m3 = keras.Sequential([keras.Input((3,)), L.Dense(5), L.Dense(2), L.Dense(1)])
print(e3.compare(m3))
e3.add_object("junk", {"0": np.ones(2)})
e3.delete_weight("layers/dense_1", "1")
print(e3.compare(m2))
inner = keras.Sequential([keras.Input((3,)), L.Dense(2)], name="inner")
i = keras.Input((3,))
m = keras.Model(i, L.Dense(1)(inner(i)))
m.compile("sgd", "mse")
print(e3.compare(m))
one = keras.Sequential([keras.Input((3,)), L.Dense(4, use_bias=False)])
e5 = E("s.weights.h5")
e5.delete_object("dense_1")
e5.delete_weight("dense", "1")
print(e5.compare(one))
"""

SNIPPETS["editor_values_kept_as_given"] = _MODELS + """
m2 = keras.Sequential([keras.Input((3,)), L.Dense(4), L.Dense(2)])
m2.save_weights("s.weights.h5")
e4 = E("s.weights.h5")
e4.add_weights("dense", {"x": [1, 2], "y": 3.0, "z": np.array(True)})
e4.summary()
print(e4.weights_dict["layers"]["dense"]["x"])
e4.save("t.weights.h5")
E("t.weights.h5").summary()
e5 = E("t.weights.h5")
e5.add_object("layers/empty", {})
e5.save("u.weights.h5")
E("u.weights.h5").summary()
"""

SNIPPETS["editor_paths_and_resave"] = _MODELS + """
import pathlib
m = seq()
m.compile("sgd", "mse")
m.save("m.keras")
tryp("path_obj", lambda: E(pathlib.Path("m.keras")))
tryp("none", lambda: E(None))
tryp("not_zip", lambda: (open("bad.keras", "w").write("x"), E("bad.keras"))[1])
e = quiet(lambda: E("m.keras"))
e.delete_object("optimizer")
e.resave_weights("only_layers.weights.h5")
m2 = seq()
m2.load_weights("only_layers.weights.h5")
print([np.allclose(a, b) for a, b in zip(m.get_weights(), m2.get_weights())])
e2 = E("only_layers.weights.h5")
print(e2.compare(m2))
m3 = seq()
m3.compile("sgd", "mse")
print(e2.compare(m3))
"""
