"""kprobe40's snippets over tf.keras's legacy preprocessing tools old tutorials still use:
Tokenizer, ImageDataGenerator and its iterators, TimeseriesGenerator, skipgrams and the
text helpers (tf.keras.preprocessing, which TF 2.21 keeps and Keras 3 dropped)."""

from tests.keras.kprobe40.prelude import _TRY

SNIPPETS: dict[str, str] = {}

SNIPPETS["legacy_tokenizer_everyday"] = _TRY + """
T = tf.keras.preprocessing.text
texts = ["The cat sat on the mat.", "The dog ate my homework!", "Cat and dog, friends?",
         "the THE the"]
tok = T.Tokenizer(num_words=6, oov_token="<OOV>")
tok.fit_on_texts(texts)
print(sorted(tok.word_index.items(), key=lambda kv: kv[1]))
print(list(tok.word_counts.items())[:6], sorted(tok.word_docs.items())[:4], tok.document_count)
print(tok.texts_to_sequences(texts + ["unknown cat words"]))
print(tok.sequences_to_texts([[1, 2, 3, 9, 0]]))
for mode in ["binary", "count", "tfidf", "freq"]:
    print(mode, np.round(tok.texts_to_matrix(texts[:2], mode=mode), 4).tolist())
tryq("bad_mode", lambda: tok.texts_to_matrix(texts, mode="nope"))
tok2 = T.Tokenizer(char_level=True, lower=False, filters="")
tok2.fit_on_texts(["abca", "Bb"])
print(tok2.word_index, tok2.texts_to_sequences(["abcB"]))
tok3 = T.Tokenizer()
tok3.fit_on_sequences([[1, 2, 2], [3]])
print(tok3.document_count, dict(tok3.index_docs))
tryq("matrix_unfit", lambda: T.Tokenizer().texts_to_matrix(["a b"]))
tryq("seq_matrix_unfit", lambda: T.Tokenizer().sequences_to_matrix([[1, 2]]))
print(np.round(tok.sequences_to_matrix([[1, 2, 2, 7]], mode="count"), 4).tolist())
js_text = tok.to_json()
back = T.tokenizer_from_json(js_text)
print(back.texts_to_sequences(texts[:1]), back.num_words, back.oov_token)
print(sorted(__import__("json").loads(js_text)["config"]))
print(T.text_to_word_sequence("Hello, World! It's-a me", split=" "))
print(T.text_to_word_sequence("a|b|c", filters="", split="|", lower=False))
tryq("one_hot_hash_kw", lambda: T.one_hot("a b a c", 10, hash_function="md5"))
print(len(T.one_hot("a b a c", 10)), max(T.one_hot("a b a c", 10)) < 10)
print(T.hashing_trick("a b a c", 10, hash_function="md5"))
tryq("hash_n0", lambda: T.hashing_trick("a b", 0, hash_function="md5"))
"""

SNIPPETS["legacy_image_data_generator_flow"] = _TRY + """
I = tf.keras.preprocessing.image
x = np.arange(4 * 5 * 5 * 3, dtype="float32").reshape(4, 5, 5, 3)
y = np.array([0, 1, 0, 1])
g = I.ImageDataGenerator(rescale=1 / 255.0)
it = g.flow(x, y, batch_size=3, shuffle=False)
print(type(it).__name__, len(it), it.n, it.batch_size)
bx, by = it[0]
print(bx.shape, bx.dtype, round(float(bx.sum()), 3), by.tolist())
bx, by = next(it)
print(bx.shape, by.tolist())
bx, by = it[1]
print(bx.shape, by.tolist())
g2 = I.ImageDataGenerator(featurewise_center=True, featurewise_std_normalization=True)
g2.fit(x)
print(np.round(g2.mean, 3).tolist(), np.round(g2.std, 3).tolist())
bx = next(g2.flow(x, batch_size=4, shuffle=False))
print(round(float(bx.mean()), 4), round(float(bx.std()), 4))
g3 = I.ImageDataGenerator(samplewise_center=True, samplewise_std_normalization=True)
print(np.round(g3.standardize(x[:1].copy()).std(axis=(1, 2, 3)), 4).tolist())
g4 = I.ImageDataGenerator(validation_split=0.5)
tr = g4.flow(x, y, batch_size=2, subset="training", shuffle=False)
va = g4.flow(x, y, batch_size=2, subset="validation", shuffle=False)
print(tr.n, va.n, tr[0][1].tolist(), va[0][1].tolist())
tryq("bad_subset", lambda: g4.flow(x, y, subset="test"))
tryq("rank3", lambda: g.flow(x[0]))
tryq("len_mismatch", lambda: g.flow(x, y[:3]))
tryq("bad_split", lambda: I.ImageDataGenerator(validation_split=1.5))
tryq("bad_zoom", lambda: I.ImageDataGenerator(zoom_range="x"))
g5 = I.ImageDataGenerator(horizontal_flip=True)
print(g5.get_random_transform((5, 5, 3), seed=1))
print(np.array_equal(g5.apply_transform(x[0], {"flip_horizontal": True}), x[0][:, ::-1]))
g6 = I.ImageDataGenerator(rotation_range=30, width_shift_range=0.2, zoom_range=0.1)
t = g6.get_random_transform((5, 5, 3), seed=2)
print(sorted(t), {k: round(float(v), 4) for k, v in t.items() if v is not None})
it7 = g.flow(x, batch_size=2, shuffle=True, seed=3)
print([round(float(b.sum()), 2) for b in [it7[0], it7[1]]])
it8 = g.flow((x, np.ones((4, 2))), y, batch_size=4, shuffle=False)
b = it8[0]
print(type(b[0]).__name__, len(b[0]), b[0][1].shape)
"""

# (flow_from_directory is left out: TF's reads images through PIL, which the recording
# environment lacks)

SNIPPETS["legacy_timeseries_generator_and_skipgrams"] = _TRY + """
S = tf.keras.preprocessing.sequence
data = np.arange(20, dtype="float32").reshape(10, 2)
targets = np.arange(10)
g = S.TimeseriesGenerator(data, targets, length=3, batch_size=2)
print(len(g))
x0, y0 = g[0]
print(x0.shape, x0[0].tolist(), y0.tolist())
print(g[len(g) - 1][1].tolist())
g2 = S.TimeseriesGenerator(data, targets, length=4, sampling_rate=2, stride=2, start_index=1,
                           end_index=8, shuffle=False, reverse=True, batch_size=3)
print(len(g2), [b[1].tolist() for b in [g2[i] for i in range(len(g2))]], g2[0][0][0].tolist())
tryq("len_mismatch", lambda: S.TimeseriesGenerator(data, targets[:5], length=3))
tryq("too_long", lambda: S.TimeseriesGenerator(data, targets, length=20)[0])
tryq("index_oob", lambda: g[10])
# (get_config left out: TF 2.21's raises AttributeError, its base class having none;
# eagerflow's gives the arguments, as its docstring says)
print(S.make_sampling_table(6).round(4).tolist())
import random
random.seed(1)
couples, labels = S.skipgrams([1, 2, 3, 4], vocabulary_size=5, window_size=1, seed=3)
print(couples, labels)
couples, labels = S.skipgrams([1, 2, 3], vocabulary_size=4, window_size=2,
                              negative_samples=0.0, shuffle=False)
print(couples, labels)
couples, labels = S.skipgrams([1, 2, 0, 3], vocabulary_size=4, window_size=1, shuffle=False,
                              categorical=True, negative_samples=0)
print(couples, labels)
print(S.pad_sequences([[1, 2, 3], [4]], maxlen=2, padding="post", truncating="pre"))
"""
