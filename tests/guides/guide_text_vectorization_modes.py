# ruff: noqa: E702, E701, E501, E741, UP031, UP032  (the cells as written)
# Text classification as TF's "Basic text classification" and "Load text" tutorials do it,
# with the bag-of-words TextVectorization modes on a small seeded synthetic corpus:
# multi_hot, count and tf_idf (with ngrams, max_tokens and pad_to_max_tokens), a given
# vocabulary and idf weights, int output with sequence lengths, a callable split, the
# vocabulary API, get_config, adapt on a tf.data pipeline, the errors each refuses, and a
# small Dense classifier trained on the multi_hot features.
import numpy as np
import tensorflow as tf
from tensorflow.keras import layers


def show(label, fn):
    try:
        r = fn()
        print(label, r)
    except Exception as e:  # noqa: BLE001
        print(label, type(e).__name__, str(e).splitlines()[0][:200])


rng = np.random.default_rng(5)
good = ['great', 'fine', 'lovely', 'superb', 'good']
bad = ['awful', 'poor', 'dull', 'boring', 'bad']
filler = ['the', 'movie', 'was', 'a', 'plot', 'and', 'acting', 'very']


def sentence(label):
    words = list(rng.choice(filler, 5)) + list(rng.choice(good if label else bad, 2))
    rng.shuffle(words)
    return ' '.join(words).capitalize() + '!'


labels = rng.integers(0, 2, 64)
texts = np.array([sentence(l) for l in labels])
print(texts[:3])
raw_train_ds = tf.data.Dataset.from_tensor_slices((texts, labels)).batch(16)
print(raw_train_ds.element_spec)
for mode in ['multi_hot', 'count', 'tf_idf']:
    vec = layers.TextVectorization(max_tokens=12, output_mode=mode)
    vec.adapt(texts)
    out = vec(texts[:2])
    print(mode, out.dtype.name, out.shape, np.round(out.numpy(), 3).tolist())
print(vec.get_vocabulary())
print(vec.vocabulary_size())
print(np.round(vec.get_config()['idf_weights'] if vec.get_config().get('idf_weights') is not None else [], 3))
bigram = layers.TextVectorization(output_mode='multi_hot', ngrams=2, max_tokens=20)
bigram.adapt(texts)
print(bigram.get_vocabulary()[:10])
print(bigram(['the movie was great']).numpy().sum())
trigram = layers.TextVectorization(output_mode='count', ngrams=(1, 3), max_tokens=15, pad_to_max_tokens=True)
trigram.adapt(tf.data.Dataset.from_tensor_slices(texts).batch(8))
print(trigram(['very very good']).shape, trigram(['very very good']).numpy().tolist())
given = layers.TextVectorization(output_mode='tf_idf', vocabulary=['a', 'b', 'c'], idf_weights=[0.5, 1.0, 2.0])
print(given(['a b b d', 'c c']).numpy().tolist())
print(given.get_vocabulary(), given.get_vocabulary(include_special_tokens=False))
show('tf_idf without idf_weights:', lambda: layers.TextVectorization(output_mode='tf_idf', vocabulary=['a', 'b']))
show('idf_weights for multi_hot:', lambda: layers.TextVectorization(output_mode='multi_hot', vocabulary=['a', 'b'], idf_weights=[1.0, 2.0]))
show('bad output_mode:', lambda: layers.TextVectorization(output_mode='onehot'))
show('sequence length for multi_hot:', lambda: layers.TextVectorization(output_mode='multi_hot', output_sequence_length=4))
show('ngrams 0:', lambda: layers.TextVectorization(ngrams=0))
show('duplicate vocabulary:', lambda: layers.TextVectorization(vocabulary=['a', 'a']))
show('empty token in vocabulary:', lambda: layers.TextVectorization(vocabulary=['', 'a']))
seq = layers.TextVectorization(max_tokens=10, output_mode='int', output_sequence_length=6)
seq.adapt(texts)
print(seq(['The movie was great great great great great']).numpy().tolist())
print(seq(['zzz']).numpy().tolist())
print(seq.get_vocabulary()[:4])
chars = layers.TextVectorization(split='character', standardize=None, output_mode='int')
chars.adapt(['abca', 'bd'])
print(chars.get_vocabulary(), chars(['dab']).numpy().tolist())


def split_on_dash(x):
    return tf.strings.split(x, sep='-')


dash = layers.TextVectorization(split=split_on_dash, standardize='lower', output_mode='int')
dash.adapt(['A-b-c', 'b-C'])
print(dash.get_vocabulary(), dash(['c-a-x']).numpy().tolist())
cfg = seq.get_config()
print(sorted(k for k in cfg if k not in ('name', 'dtype')))
print(cfg['max_tokens'], cfg['output_mode'], cfg['output_sequence_length'], cfg['split'], cfg['standardize'], cfg['ngrams'])
clone = layers.TextVectorization.from_config(cfg)
print(clone.get_vocabulary())
clone.set_vocabulary(seq.get_vocabulary())
print(bool(np.all(clone(texts[:4]).numpy() == seq(texts[:4]).numpy())))

# a bag-of-words classifier as the tutorial trains it
tf.keras.utils.set_random_seed(1)
vectorize_layer = layers.TextVectorization(max_tokens=30, output_mode='multi_hot')
vectorize_layer.adapt(raw_train_ds.map(lambda text, label: text))


def vectorize_text(text, label):
    return vectorize_layer(text), label


train_ds = raw_train_ds.map(vectorize_text)
n_features = vectorize_layer.vocabulary_size()
print(n_features)
print(train_ds.element_spec)
model = tf.keras.Sequential([layers.Input(shape=(n_features,)), layers.Dense(8, activation='relu'), layers.Dense(1)])
model.compile(loss=tf.keras.losses.BinaryCrossentropy(from_logits=True), optimizer='adam', metrics=[tf.keras.metrics.BinaryAccuracy(threshold=0.0)])
history = model.fit(train_ds, epochs=3, verbose=0)
print(sorted(history.history))
print([round(v, 3) for v in history.history['loss']])
export_model = tf.keras.Sequential([vectorize_layer, model, layers.Activation('sigmoid')])
probs = export_model(tf.constant(['The movie was great and lovely', 'awful boring plot']))
print(probs.shape, probs.dtype)
print(np.round(probs.numpy(), 3).ravel().tolist())
