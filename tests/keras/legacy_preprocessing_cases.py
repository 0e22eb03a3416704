"""tf.keras.preprocessing's Keras 1 utilities (text, sequence, image): snippets whose
results (or errors) Keras 3.15 recorded in legacy_preprocessing_golden.json, written by
make_legacy_preprocessing_golden.py. Each snippet runs with `k` (tf.keras), `np`, `random`
and `TEXTS` in scope and leaves its result in `out`; seeded snippets call
k.utils.set_random_seed first."""

import numpy as np

TEXTS = ["The cat sat on the mat.", "The dog ate my homework!", "cat, dog; and the BIRD?",
         "Ünïcode wörds\tand\nlines"]
IMAGE = (np.arange(5 * 6 * 3, dtype="float32").reshape(5, 6, 3) * 2.7) % 255
IMAGES = np.stack([IMAGE, IMAGE[::-1], IMAGE[:, ::-1], 255 - IMAGE]).astype("float32")

T = "k.preprocessing.text."
S = "k.preprocessing.sequence."
FIT = f"t = {T}Tokenizer({{}}); t.fit_on_texts(TEXTS); "

CASES = {
    # -- text --
    "words": f"out = {T}text_to_word_sequence(TEXTS[2])",
    "words_options": f"out = {T}text_to_word_sequence(TEXTS[3], filters='', lower=False, "
                     "split='\\t')",
    "hashing_md5": f"out = {T}hashing_trick(TEXTS[0], 20, hash_function='md5')",
    "hashing_custom": f"out = {T}hashing_trick(TEXTS[1], 7, hash_function=len)",
    "hashing_analyzer": f"out = {T}hashing_trick('a-b-c', 5, hash_function=len, "
                        "analyzer=lambda s: s.split('-'))",
    "one_hot_range": f"r = {T}one_hot(TEXTS[0], 9); out = [len(r), min(r) >= 1, max(r) < 9]",
    "tokenizer_index": FIT.format("") + "out = [t.word_index, t.index_word, t.word_counts, "
                       "dict(t.word_docs), dict(t.index_docs), t.document_count]",
    "tokenizer_sequences": FIT.format("num_words=5") +
                           "out = t.texts_to_sequences(TEXTS + ['unknown cat'])",
    "tokenizer_oov": FIT.format("num_words=6, oov_token='<?>'") +
                     "out = [t.word_index['<?>'], t.texts_to_sequences(TEXTS + ['zebra cat']), "
                     "t.sequences_to_texts([[1, 2, 3, 9, 40]])]",
    "tokenizer_to_texts": FIT.format("") + "out = t.sequences_to_texts([[1, 2, 3], [4, 99]])",
    "tokenizer_char": FIT.format("char_level=True") + "out = t.texts_to_sequences(['Cab'])",
    "tokenizer_lists": f"t = {T}Tokenizer(); t.fit_on_texts([['A', 'b'], ['b', 'C']]); "
                       "out = [t.word_index, t.texts_to_sequences([['B', 'c', 'z']])]",
    "matrix_binary": FIT.format("") + "out = t.texts_to_matrix(TEXTS, mode='binary')",
    "matrix_count": FIT.format("num_words=6") + "out = t.texts_to_matrix(TEXTS, mode='count')",
    "matrix_freq": FIT.format("") + "out = t.texts_to_matrix(TEXTS[:2], mode='freq')",
    "matrix_tfidf": FIT.format("") + "out = t.texts_to_matrix(TEXTS, mode='tfidf')",
    "matrix_bad_mode": FIT.format("") + "out = t.texts_to_matrix(TEXTS, mode='bogus')",
    "matrix_unfitted": f"out = {T}Tokenizer().sequences_to_matrix([[1]])",
    "matrix_tfidf_unfitted": f"out = {T}Tokenizer(num_words=3).sequences_to_matrix([[1]], "
                             "mode='tfidf')",
    "fit_on_sequences": f"t = {T}Tokenizer(num_words=4); "
                        "t.fit_on_sequences([[1, 2, 2], [2, 3]]); out = [dict(t.index_docs), "
                        "t.document_count, t.sequences_to_matrix([[1, 2, 2]], mode='tfidf')]",
    "tokenizer_bad_kwarg": f"out = {T}Tokenizer(bogus=1)",
    "tokenizer_config": FIT.format("num_words=9, oov_token='?'") +
                        "c = t.get_config(); out = {key: (json.loads(v) if key in "
                        "('word_counts', 'word_docs', 'index_docs', 'index_word', "
                        "'word_index') else v) for key, v in c.items()}",
    "tokenizer_json": FIT.format("oov_token='?'") +
                      f"u = {T}tokenizer_from_json(t.to_json()); out = [u.word_index, "
                      "u.index_word, u.texts_to_sequences(TEXTS), u.num_words, "
                      "json.loads(t.to_json())['class_name']]",
    # -- sequence --
    "sampling_table": f"out = {S}make_sampling_table(8)",
    "sampling_table_factor": f"out = {S}make_sampling_table(5, sampling_factor=0.01)",
    "skipgrams": f"k.utils.set_random_seed(3); out = {S}skipgrams([1, 2, 0, 3, 4], 6, "
                 "window_size=2)",
    "skipgrams_seed": f"k.utils.set_random_seed(0); out = {S}skipgrams([1, 2, 3, 4, 5, 1], "
                      "8, window_size=1, negative_samples=0.5, seed=11, categorical=True)",
    "skipgrams_no_shuffle": f"k.utils.set_random_seed(5); out = {S}skipgrams([3, 1, 2], 4, "
                            "shuffle=False)",
    "skipgrams_table": f"k.utils.set_random_seed(1); out = {S}skipgrams([1, 2, 3, 4, 5], 6, "
                       "sampling_table=np.array([1, 0.1, 0.9, 0.2, 0.8, 0.5]), "
                       "negative_samples=0, seed=2)",
    "timeseries": f"g = {S}TimeseriesGenerator(np.arange(20).reshape(10, 2), np.arange(10), "
                  "length=3, batch_size=2); out = [len(g), [g[i] for i in range(len(g))]]",
    "timeseries_options": f"g = {S}TimeseriesGenerator(np.arange(30.0), np.arange(30) * 2, "
                          "length=6, sampling_rate=2, stride=3, start_index=2, end_index=25, "
                          "reverse=True, batch_size=3); out = [len(g), [g[i] for i in "
                          "range(len(g))]]",
    "timeseries_shuffle": f"k.utils.set_random_seed(4); g = {S}TimeseriesGenerator("
                          "np.arange(12), np.arange(12), length=2, shuffle=True, "
                          "batch_size=5); out = [g[0], g[1]]",
    "timeseries_lengths": f"out = {S}TimeseriesGenerator([1, 2], [1], length=1)",
    "timeseries_too_short": f"out = {S}TimeseriesGenerator(np.arange(5), np.arange(5), "
                            "length=5)",
}


def to_json(value):
    """A result as JSON: arrays as {"array", "dtype"}, tuples and lists as lists, dicts
    with string keys (keys' types noted)."""
    if isinstance(value, np.ndarray):
        return {"array": value.tolist(), "dtype": value.dtype.name}
    if isinstance(value, np.generic):
        return to_json(value.item())
    if isinstance(value, (list, tuple)):
        return [to_json(v) for v in value]
    if isinstance(value, dict):
        return {"dict": [[to_json(k), to_json(v)] for k, v in sorted(
            value.items(), key=lambda kv: repr(kv[0]))]}
    return value


def run(k, code):
    """The snippet's `out` as JSON, or its error's class and message."""
    import json
    import random
    scope = {"k": k, "np": np, "random": random, "json": json, "TEXTS": TEXTS,
             "IMAGE": IMAGE, "IMAGES": IMAGES}
    try:
        exec(code, scope)  # noqa: S102 (the checked-in cases above)
    except Exception as e:  # noqa: BLE001 (every error is a recorded fact)
        return {"error": type(e).__name__, "message": str(e)}
    return {"out": to_json(scope["out"])}
