"""kprobe30's snippets on a miniature vision transformer (extract_patches, position
embeddings, MultiHeadAttention masks and scores), a miniature GPT's sampling loop,
the image/text/audio dataset readers on files the snippet
writes, and seeded resizing and cropping layers (see cases.py)."""

from tests.keras.kprobe30.prelude import _TRY

SNIPPETS = {}

SNIPPETS["vit_extract_patches_sizes_strides_padding"] = _TRY + """
img = np.arange(1 * 6 * 6 * 2, dtype="float32").reshape(1, 6, 6, 2)
for kw in [dict(size=2), dict(size=(3, 2)), dict(size=3, strides=2), dict(size=4, strides=2),
           dict(size=4, strides=3, padding="same"), dict(size=2, dilation_rate=2)]:
    show(str(sorted(kw.items())), lambda: keras.ops.image.extract_patches(img, **kw).shape)
p = keras.ops.image.extract_patches(img, 3)
print(r4(p[0, 0, 0]), r4(p[0, 1, 1, :4]))
show("unbatched", lambda: keras.ops.image.extract_patches(img[0], 2).shape)
show("bad_rank", lambda: keras.ops.image.extract_patches(img[0, 0], 2))
x = keras.Input((6, 6, 2))
print(keras.ops.image.extract_patches(x, 2).shape)
"""

SNIPPETS["vit_patches_layer_and_patch_encoder"] = _TRY + """
class Patches(layers.Layer):
    def __init__(self, patch_size, **kw):
        super().__init__(**kw)
        self.patch_size = patch_size
    def call(self, images):
        s = keras.ops.shape(images)
        p = keras.ops.image.extract_patches(images, size=self.patch_size)
        n = (s[1] // self.patch_size) * (s[2] // self.patch_size)
        return keras.ops.reshape(p, (s[0], n, self.patch_size * self.patch_size * s[-1]))
    def get_config(self):
        return {**super().get_config(), "patch_size": self.patch_size}
class PatchEncoder(layers.Layer):
    def __init__(self, num_patches, projection_dim, **kw):
        super().__init__(**kw)
        self.num_patches = num_patches
        self.projection = layers.Dense(projection_dim)
        self.position_embedding = layers.Embedding(num_patches, projection_dim)
    def call(self, patch):
        pos = keras.ops.expand_dims(keras.ops.arange(0, self.num_patches, 1), axis=0)
        return self.projection(patch) + self.position_embedding(pos)
img = (np.arange(2 * 8 * 8 * 3, dtype="float32").reshape(2, 8, 8, 3) % 11) / 11
pt = Patches(4)(img)
print(tuple(pt.shape), r4(keras.ops.sum(pt, axis=-1)[0]))
enc = PatchEncoder(4, 5)
out = enc(pt)
fill(enc)
out = enc(pt)
print(tuple(out.shape), r4(keras.ops.sum(out, axis=(1, 2))))
print([w.path for w in enc.weights])
i = keras.Input((8, 8, 3))
o = PatchEncoder(4, 5)(Patches(4)(i))
print(o.shape)
"""

SNIPPETS["vit_classifier_mini_fit_and_summary"] = _TRY + """
class Patches(layers.Layer):
    def call(self, images):
        p = keras.ops.image.extract_patches(images, size=2)
        return keras.ops.reshape(p, (keras.ops.shape(p)[0], 4, 12))
class PositionEmbedding(layers.Layer):
    def build(self, input_shape):
        self.pos = self.add_weight(shape=input_shape[1:], initializer="zeros", name="pos")
    def call(self, x):
        return x + self.pos
def block(x):
    h = layers.LayerNormalization(epsilon=1e-6)(x)
    h = layers.MultiHeadAttention(num_heads=2, key_dim=4, dropout=0.0)(h, h)
    x = layers.Add()([h, x])
    h = layers.LayerNormalization(epsilon=1e-6)(x)
    h = layers.Dense(8, activation="gelu")(h)
    h = layers.Dense(8)(h)
    return layers.Add()([h, x])
i = keras.Input((4, 4, 3))
x = layers.Dense(8)(Patches()(i))
x = PositionEmbedding()(x)
x = block(x)
x = layers.GlobalAveragePooling1D()(layers.LayerNormalization()(x))
o = layers.Dense(2)(x)
m = keras.Model(i, o, name="mini_vit")
fill(m, 0.3)
lines(lambda: m.summary(line_length=100))
X = ((np.arange(6 * 48, dtype="float32").reshape(6, 4, 4, 3) % 9) / 9).astype("float32")
Yc = np.array([0, 1, 0, 1, 1, 0], "int32")
m.compile(optimizer=keras.optimizers.AdamW(0.01, weight_decay=0.01),
          loss=keras.losses.SparseCategoricalCrossentropy(from_logits=True),
          metrics=[keras.metrics.SparseCategoricalAccuracy(name="acc"),
                   keras.metrics.SparseTopKCategoricalAccuracy(1, name="top1")])
print(logs4(m.fit(X, Yc, epochs=2, batch_size=3, shuffle=False, verbose=0)))
print(wsum(m))
"""

SNIPPETS["mha_attention_mask_broadcast_and_scores"] = _TRY + """
mha = layers.MultiHeadAttention(num_heads=2, key_dim=2, seed=1)
q = np.cos(np.arange(2 * 3 * 4, dtype="float32").reshape(2, 3, 4))
v = np.sin(np.arange(2 * 5 * 4, dtype="float32").reshape(2, 5, 4))
out, sc = mha(q, v, return_attention_scores=True)
fill(mha)
out, sc = mha(q, v, return_attention_scores=True)
print(tuple(out.shape), tuple(sc.shape), r4(keras.ops.sum(sc, axis=-1)[0]))
mask = np.array([[1, 1, 1, 0, 0], [1, 1, 1, 1, 1]], bool)
for mk in (mask[:, None, :], np.broadcast_to(mask[:, None, :], (2, 3, 5))):
    _, sc = mha(q, v, attention_mask=mk, return_attention_scores=True)
    print(tuple(mk.shape), r4(sc[0, 0, 0]), r4(sc[1, 1, 2]))
show("bad_mask", lambda: mha(q, v, attention_mask=np.ones((2, 4, 5), bool)))
out2 = mha(q, v, v)
print(r4(keras.ops.sum(out2)))
print(sorted(mha.get_config())[:8])
print([w.path.split("/")[-2] + "/" + w.name for w in mha.weights])
"""

SNIPPETS["mha_causal_and_query_key_padding_masks"] = _TRY + """
mha = layers.MultiHeadAttention(num_heads=1, key_dim=3)
x = np.cos(np.arange(2 * 4 * 3, dtype="float32").reshape(2, 4, 3))
mha(x, x)
fill(mha)
_, sc = mha(x, x, use_causal_mask=True, return_attention_scores=True)
print(r4(sc[0, 0]))
emb = layers.Embedding(10, 3, mask_zero=True)
ids = np.array([[3, 4, 0, 0], [5, 6, 7, 0]], "int32")
e = emb(ids)
print(np.asarray(emb.compute_mask(ids)).tolist())
_, sc = mha(e, e, return_attention_scores=True)
print(r4(sc[0, 0]))
_, sc = mha(e, e, use_causal_mask=True, return_attention_scores=True)
print(r4(sc[1, 0]))
o = mha(e, e)
print(o._keras_mask is not None if hasattr(o, "_keras_mask") else "no_attr")
i = keras.Input((4,), dtype="int32")
h = layers.Embedding(10, 3, mask_zero=True)(i)
y = layers.MultiHeadAttention(1, 3)(h, h, use_causal_mask=True)
print(y.shape)
"""

SNIPPETS["mini_gpt_greedy_and_topk_sampling_loop"] = _TRY + """
V, L = 7, 5
i = keras.Input((L,), dtype="int32")
x = layers.Embedding(V, 6)(i) + layers.Embedding(L, 6)(keras.ops.arange(L))
a = layers.MultiHeadAttention(2, 3)(x, x, use_causal_mask=True)
x = layers.LayerNormalization()(x + a)
o = layers.Dense(V)(x)
gpt = keras.Model(i, o)
fill(gpt, 0.6)
def sample(tokens, steps, k=None, seed=None):
    tokens = list(tokens)
    for _ in range(steps):
        pad = tokens[-L:] + [0] * (L - len(tokens[-L:]))
        logits = gpt.predict(np.array([pad], "int32"), verbose=0)[0, len(tokens[-L:]) - 1]
        if k is None:
            tokens.append(int(np.argmax(logits)))
            continue
        vals, idx = keras.ops.top_k(logits, k=k)
        if k == 1:
            tokens.append(int(idx[0])); continue
        c = keras.random.categorical(keras.ops.expand_dims(vals * 100.0, 0), 1, seed=seed)
        tokens.append(int(np.asarray(idx)[int(c[0, 0])]))
    return tokens
print(sample([1, 2], 4))
print(sample([1, 2], 4, k=1))
print(sample([1, 2], 4, k=3, seed=7))
vals, idx = keras.ops.top_k(np.array([0.1, 0.5, 0.5, -1.0], "float32"), k=2)
print(r4(vals), np.asarray(idx).tolist(), keras.backend.standardize_dtype(idx.dtype))
c = keras.random.categorical(np.log(np.array([[1e-9, 1.0, 1e-9]], "float32")), 4, seed=3)
print(np.asarray(c).tolist(), keras.backend.standardize_dtype(c.dtype))
show("cat_dtype", lambda: keras.random.categorical(np.zeros((1, 3), "float32"), 2, seed=1,
    dtype="int64").dtype)
"""

SNIPPETS["mini_gpt_causal_loss_masking_fit"] = _TRY + """
V, L = 6, 4
ids = np.array([[1, 2, 3, 4], [2, 3, 4, 0], [5, 1, 0, 0]], "int32")
x, y = ids[:, :-1], ids[:, 1:]
i = keras.Input((L - 1,), dtype="int32")
h = layers.Embedding(V, 4, mask_zero=True)(i)
h = layers.MultiHeadAttention(2, 2)(h, h, use_causal_mask=True)
o = layers.Dense(V)(h)
m = keras.Model(i, o)
fill(m, 0.4)
m.compile(optimizer=keras.optimizers.Adam(0.05),
          loss=keras.losses.SparseCategoricalCrossentropy(from_logits=True, ignore_class=0),
          metrics=[keras.metrics.SparseCategoricalAccuracy()])
print(r4(m.evaluate(x, y, verbose=0)))
print(logs4(m.fit(x, y, epochs=3, batch_size=3, verbose=0)))
loss = keras.losses.SparseCategoricalCrossentropy(from_logits=True, reduction=None)
print(r4(loss(y, m.predict(x, verbose=0))))
"""

SNIPPETS["image_dataset_from_directory_modes_and_sizes"] = _TRY + """
for c, n in (("cats", 3), ("dogs", 2)):
    os.makedirs(os.path.join(D, "imgs", c))
    for k in range(n):
        a = (np.arange(6 * 8 * 3).reshape(6, 8, 3) * (k + 1) % 255).astype("uint8")
        tf.io.write_file(os.path.join(D, "imgs", c, f"{k}.png"), tf.io.encode_png(a))
root = os.path.join(D, "imgs")
ds = keras.utils.image_dataset_from_directory(root, image_size=(4, 4), batch_size=2, shuffle=False)
print(ds.class_names, ds.element_spec)
for x, y in ds:
    print(tuple(x.shape), np.asarray(y).tolist(), r4(np.asarray(x).mean()))
print([os.path.basename(p) for p in ds.file_paths])
for mode in ("categorical", "binary", None):
    d = keras.utils.image_dataset_from_directory(root, image_size=(4, 4), batch_size=5,
                                                 shuffle=False, label_mode=mode)
    print(mode, d.element_spec)
d = keras.utils.image_dataset_from_directory(root, image_size=(4, 4), batch_size=None,
    shuffle=False, color_mode="grayscale", crop_to_aspect_ratio=True)
print(d.element_spec)
d = keras.utils.image_dataset_from_directory(root, image_size=(4, 4), batch_size=5, shuffle=False,
                                             pad_to_aspect_ratio=True)
print(r4(np.asarray(next(iter(d))[0])[0, 0, :, 0]))
show("both", lambda: [len(list(s)) for s in keras.utils.image_dataset_from_directory(root,
    image_size=(4, 4), batch_size=1, validation_split=0.4, subset="both", seed=3)])
show("no_seed", lambda: keras.utils.image_dataset_from_directory(root, validation_split=0.4,
    subset="training"))
tryp("bad_labels", lambda: keras.utils.image_dataset_from_directory(root, labels=[0, 1]))
"""

SNIPPETS["text_dataset_from_directory_max_length_binary"] = _TRY + """
for c, texts in (("neg", ["bad movie", "awful plot twist"]), ("pos", ["great", "loved it a lot",
                                                                       "fine"])):
    os.makedirs(os.path.join(D, "txt", c))
    for k, t in enumerate(texts):
        with open(os.path.join(D, "txt", c, f"{k}.txt"), "w") as f:
            f.write(t)
root = os.path.join(D, "txt")
ds = keras.utils.text_dataset_from_directory(root, batch_size=2, shuffle=False, max_length=5)
print(ds.class_names, ds.element_spec)
for x, y in ds:
    print(np.asarray(x).tolist(), np.asarray(y).tolist())
d = keras.utils.text_dataset_from_directory(root, batch_size=None, shuffle=False,
                                            label_mode="binary")
print(d.element_spec, [np.asarray(y).tolist() for _, y in d])
d = keras.utils.text_dataset_from_directory(root, batch_size=8, shuffle=True, seed=5)
print(sorted(np.asarray(next(iter(d))[1]).tolist()))
show("classes", lambda: keras.utils.text_dataset_from_directory(root, class_names=["pos",
    "neg"], shuffle=False).class_names)
show("bad_classes", lambda: keras.utils.text_dataset_from_directory(root, class_names=["a"]))
tv = layers.TextVectorization(max_tokens=10, output_sequence_length=3)
tv.adapt(ds.map(lambda x, y: x))
print(tv.get_vocabulary())
"""

SNIPPETS["audio_dataset_from_directory_written_wavs"] = _TRY + """
for c, n in (("down", 2), ("up", 2)):
    os.makedirs(os.path.join(D, "wav", c))
    for k in range(n):
        t = np.sin(np.arange(40 + 10 * k, dtype="float32") * (0.3 + k)) * 0.5
        tf.io.write_file(os.path.join(D, "wav", c, f"{k}.wav"),
                         tf.audio.encode_wav(t[:, None], 16000))
root = os.path.join(D, "wav")
ds = keras.utils.audio_dataset_from_directory(root, batch_size=2, shuffle=False)
print(ds.class_names, ds.element_spec)
for x, y in ds:
    print(tuple(x.shape), np.asarray(y).tolist(), r4(np.abs(np.asarray(x)).sum()))
d = keras.utils.audio_dataset_from_directory(root, batch_size=4, shuffle=False,
                                             output_sequence_length=45)
x, y = next(iter(d))
print(tuple(x.shape), r4(np.asarray(x)[1, -5:, 0]))
d = keras.utils.audio_dataset_from_directory(root, batch_size=4, shuffle=False,
                                             ragged=True)
print(d.element_spec)
wav, sr = tf.audio.decode_wav(tf.io.read_file(os.path.join(root, "up", "1.wav")))
print(tuple(wav.shape), int(sr))
show("bad_both", lambda: keras.utils.audio_dataset_from_directory(root, ragged=True,
    output_sequence_length=10))
"""

SNIPPETS["resizing_crop_and_pad_to_aspect_ratio"] = _TRY + """
img = np.arange(1 * 4 * 6 * 1, dtype="float32").reshape(1, 4, 6, 1)
for kw in [dict(), dict(interpolation="nearest"), dict(crop_to_aspect_ratio=True),
           dict(pad_to_aspect_ratio=True, fill_value=-1.0), dict(interpolation="area"),
           dict(interpolation="bicubic")]:
    y = layers.Resizing(3, 3, **kw)(img)
    print(sorted(kw), tuple(y.shape), r4(np.asarray(y)[0, :, :, 0]))
show("both", lambda: layers.Resizing(3, 3, crop_to_aspect_ratio=True, pad_to_aspect_ratio=True))
y = layers.Resizing(2, 4)(img[0])
print(tuple(y.shape))
y = layers.Resizing(2, 2, data_format="channels_first")(np.ones((1, 1, 4, 6), "float32"))
print(tuple(y.shape))
print(layers.Resizing(2, 2).compute_output_shape((None, 8, 8, 3)))
print(sorted(layers.Resizing(2, 2).get_config()))
"""

SNIPPETS["center_crop_random_crop_upsize_and_inference"] = _TRY + """
img = np.arange(1 * 5 * 5 * 1, dtype="float32").reshape(1, 5, 5, 1)
print(r4(layers.CenterCrop(3, 3)(img)[0, :, :, 0]))
print(tuple(layers.CenterCrop(6, 8)(img).shape), r4(layers.CenterCrop(6, 8)(img)[0, 0, :, 0]))
rc = layers.RandomCrop(3, 3, seed=2)
print(r4(rc(img, training=False)[0, :, :, 0]))
y = rc(img, training=True)
print(tuple(y.shape))
print(tuple(layers.RandomCrop(7, 7, seed=1)(img, training=True).shape))
print(sorted(rc.get_config()))
print(layers.CenterCrop(2, 3).compute_output_shape((4, 5, 5, 1)))
x = keras.Input((5, 5, 1))
print(layers.RandomCrop(3, 3)(x).shape, layers.CenterCrop(3, 3)(x).shape)
print(r4(layers.CenterCrop(2, 2)(img[0])[:, :, 0]))
"""

SNIPPETS["random_translation_brightness_inference_and_config"] = _TRY + """
img = np.arange(1 * 4 * 4 * 3, dtype="float32").reshape(1, 4, 4, 3)
rt = layers.RandomTranslation(0.25, 0.25, fill_mode="constant", seed=3)
print(np.array_equal(rt(img, training=False), img))
y = rt(img, training=True)
print(tuple(y.shape), keras.backend.standardize_dtype(y.dtype))
print(sorted(rt.get_config()))
show("bad_factor", lambda: layers.RandomTranslation(1.5, 0.1))
show("bad_fill", lambda: layers.RandomTranslation(0.1, 0.1, fill_mode="zeros"))
rb = layers.RandomBrightness(factor=0.2, value_range=(0, 255), seed=4)
print(np.array_equal(rb(img, training=False), img))
y = rb(img, training=True)
d = np.asarray(y) - img
print(tuple(y.shape), bool(np.allclose(d, d.flat[0])), bool(abs(d.flat[0]) <= 51.0))
print(rb.get_config()["factor"], rb.get_config()["value_range"])
show("bad_range", lambda: layers.RandomBrightness(0.2, value_range=(0, 1, 2)))
show("bad_b", lambda: layers.RandomBrightness(1.5))
print(r4(layers.RandomBrightness((0.5, 0.5), value_range=(0, 1))(np.full((1, 2, 2, 1), 0.8,
    "float32"), training=True)[0, 0, 0]))
"""

SNIPPETS["augmentation_sequential_in_model_training_flag"] = _TRY + """
aug = keras.Sequential([layers.RandomFlip("horizontal", seed=1), layers.RandomRotation(0.1, seed=2),
                        layers.RandomZoom(0.1, seed=3)], name="aug")
i = keras.Input((6, 6, 1))
x = aug(i)
x = layers.Rescaling(1 / 255.0)(x)
x = layers.Conv2D(2, 3)(x)
o = layers.Dense(1)(layers.GlobalAveragePooling2D()(x))
m = keras.Model(i, o)
fill(m)
img = np.arange(2 * 36, dtype="float32").reshape(2, 6, 6, 1) * 3
print(r4(m(img, training=False)), r4(m.predict(img, verbose=0)))
print([l.name for l in m.layers], len(aug.weights))
lines(m.summary)
m.compile(optimizer="sgd", loss="mse")
print(r4(m.evaluate(img, np.ones((2, 1), "float32"), verbose=0)))
"""
