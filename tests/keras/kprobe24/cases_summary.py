"""kprobe24's snippets on model.summary() layouts: long names, wrapped connections,
wrappers and nested models expanded, string inputs, widths (see cases.py)."""

from tests.keras.kprobe24.prelude import _TRY

SNIPPETS = {}

SNIPPETS["summary_long_names_wrapping"] = _TRY + """
a = keras.Input((4,), name="a_really_quite_long_input_name_for_wrapping")
b = keras.Input((4,), name="b")
x = layers.Dense(3, name="dense_layer_with_a_name_longer_than_its_column")(a)
y = layers.Dense(3, name="y" * 40)(b)
z = layers.Concatenate(name="concat")([x, y, x])
m = keras.Model([a, b], z, name="m" * 30)
m.summary()
m.summary(line_length=70)
"""

SNIPPETS["summary_wrappers_expand_nested"] = _TRY + """
inner = keras.Sequential([keras.Input((3,)), layers.Dense(2, name="td_dense")], name="seq_in")
m = keras.Sequential([keras.Input((5, 3)), layers.TimeDistributed(inner, name="td"),
                      layers.Bidirectional(layers.LSTM(2, return_sequences=True), name="bi"),
                      layers.GRU(1, name="gru")], name="wrapped")
m.summary(expand_nested=True)
m.summary(show_trainable=True)
"""

SNIPPETS["summary_string_and_dict_io"] = _TRY + """
tv = layers.TextVectorization(max_tokens=5, output_sequence_length=3, name="vec")
tv.adapt(np.array(["a b", "b c"]))
t = keras.Input((1,), dtype="string", name="txt")
n = keras.Input((2,), name="num")
e = layers.Embedding(5, 2, name="emb")(tv(t))
f = layers.Flatten(name="flat")(e)
out = {"cls": layers.Dense(1, name="cls")(layers.Concatenate(name="cat")([f, n])),
       "aux": layers.Dense(2, name="aux")(n)}
m = keras.Model({"txt": t, "num": n}, out, name="dict_model")
m.summary()
print(m.output_shape if not isinstance(m.output_shape, dict) else sorted(m.output_shape.items()))
"""

SNIPPETS["summary_nested_functional_in_functional"] = _TRY + """
def block(name):
    i = keras.Input((4,), name=name + "_in")
    h = layers.Dense(4, activation="relu", name=name + "_d")(i)
    return keras.Model(i, layers.Add(name=name + "_add")([i, h]), name=name)
b1, b2 = block("blk1"), block("blk2")
i = keras.Input((4,), name="root")
o = layers.Dense(1, name="head")(b2(b1(i)))
m = keras.Model(i, o, name="stack")
b1.trainable = False
m.summary(expand_nested=True, show_trainable=True)
m.summary(expand_nested=True, line_length=64)
"""

SNIPPETS["summary_built_sequential_shapes_params"] = _TRY + """
m = keras.Sequential(name="cnn")
m.add(keras.Input((16, 16, 1)))
m.add(layers.Conv2D(4, 3, padding="same", name="c1"))
m.add(layers.BatchNormalization(name="bn"))
m.add(layers.MaxPooling2D(name="pool"))
m.add(layers.Dropout(0.2, name="drop"))
m.add(layers.Flatten(name="flat"))
m.add(layers.Dense(10, activation="softmax", name="probs"))
m.compile(optimizer="adam", loss="sparse_categorical_crossentropy")
m.summary()
m.fit(np.zeros((2, 16, 16, 1), "float32"), np.zeros((2,)), verbose=0)
m.summary()
m.summary(layer_range=["bn", "flat"])
tryp("range_bad", lambda: m.summary(layer_range=["nope", "flat"]))
tryp("range_len", lambda: m.summary(layer_range=["bn"]))
"""
