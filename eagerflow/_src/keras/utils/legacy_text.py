"""tf.keras.preprocessing.text: Keras 1's text utilities as Keras 3.15 keeps them
(Tokenizer, tokenizer_from_json, text_to_word_sequence, one_hot, hashing_trick).

Keras layer level, pure Python and NumPy: no tensors are involved. Deprecated in Keras in
favour of TextVectorization, kept because old code still calls them.
"""

from __future__ import annotations

import collections
import hashlib
import json
import warnings
from typing import Any, Callable, Iterable, Iterator

import numpy as np

DEFAULT_FILTERS = '!"#$%&()*+,-./:;<=>?@[\\]^_`{|}~\t\n'


def text_to_word_sequence(input_text: str, filters: str = DEFAULT_FILTERS, lower: bool = True,
                          split: str = " ") -> list:
    """The words of `input_text`: lowered, every filter character turned into `split`,
    split on it, empty pieces dropped."""
    if lower:
        input_text = input_text.lower()
    input_text = input_text.translate(str.maketrans(dict.fromkeys(filters, split)))
    return [word for word in input_text.split(split) if word]


def _md5(word: str) -> int:
    return int(hashlib.md5(word.encode()).hexdigest(), 16)


def hashing_trick(text: str, n: int, hash_function: Any = None,
                  filters: str = DEFAULT_FILTERS, lower: bool = True, split: str = " ",
                  analyzer: Callable | None = None) -> list:
    """Each word hashed into [1, n): `hash_function(word) % (n - 1) + 1`, with Python's
    `hash` by default (salted per process) or "md5" (stable)."""
    if hash_function is None:
        hash_function = hash
    elif hash_function == "md5":
        hash_function = _md5
    words = analyzer(text) if analyzer is not None else text_to_word_sequence(
        text, filters=filters, lower=lower, split=split)
    return [hash_function(word) % (n - 1) + 1 for word in words]


def one_hot(input_text: str, n: int, filters: str = DEFAULT_FILTERS, lower: bool = True,
            split: str = " ", analyzer: Callable | None = None) -> list:
    """`hashing_trick` with Python's `hash` (the indices, not one-hot vectors)."""
    return hashing_trick(input_text, n, hash_function=hash, filters=filters, lower=lower,
                         split=split, analyzer=analyzer)


class Tokenizer:
    """`Tokenizer(num_words=None, filters=..., lower=True, split=' ', char_level=False,
    oov_token=None, analyzer=None)`: a word index ranked by frequency (1 the most frequent;
    the OOV token, when given, is 1), and texts to index sequences or matrices."""

    def __init__(self, num_words: int | None = None, filters: str = DEFAULT_FILTERS,
                 lower: bool = True, split: str = " ", char_level: bool = False,
                 oov_token: str | None = None, analyzer: Callable | None = None,
                 **kwargs: Any) -> None:
        if "nb_words" in kwargs:
            warnings.warn("The `nb_words` argument in `Tokenizer` has been renamed "
                          "`num_words`.", stacklevel=2)
            num_words = kwargs.pop("nb_words")
        document_count = kwargs.pop("document_count", 0)
        if kwargs:
            raise TypeError(f"Unrecognized keyword arguments: {str(kwargs)}")
        self.num_words, self.filters, self.lower, self.split = num_words, filters, lower, split
        self.char_level, self.oov_token, self.analyzer = char_level, oov_token, analyzer
        self.document_count = document_count
        self.word_counts: dict = collections.OrderedDict()
        self.word_docs: dict = collections.defaultdict(int)
        self.index_docs: dict = collections.defaultdict(int)
        self.word_index: dict = {}
        self.index_word: dict = {}

    def _tokens(self, text: Any) -> Any:
        """A text's tokens: its characters (char_level) or the items of a list, lowered
        when asked; otherwise the analyzer's or text_to_word_sequence's words."""
        if self.char_level or isinstance(text, list):
            if not self.lower:
                return text
            return [t.lower() for t in text] if isinstance(text, list) else text.lower()
        if self.analyzer is not None:
            return self.analyzer(text)
        return text_to_word_sequence(text, filters=self.filters, lower=self.lower,
                                     split=self.split)

    def fit_on_texts(self, texts: Iterable) -> None:
        """Counts the words of `texts` and (re)builds word_index by descending count (ties
        in first-seen order)."""
        for text in texts:
            self.document_count += 1
            tokens = self._tokens(text)
            for word in tokens:
                self.word_counts[word] = self.word_counts.get(word, 0) + 1
            for word in set(tokens):
                self.word_docs[word] += 1
        ranked = sorted(self.word_counts.items(), key=lambda item: item[1], reverse=True)
        vocabulary = ([] if self.oov_token is None else [self.oov_token])
        vocabulary += [word for word, _ in ranked]
        self.word_index = {word: i for i, word in enumerate(vocabulary, start=1)}
        self.index_word = {i: word for word, i in self.word_index.items()}
        for word, count in list(self.word_docs.items()):
            self.index_docs[self.word_index[word]] = count

    def fit_on_sequences(self, sequences: list) -> None:
        """Document counts from index sequences (what tfidf mode needs)."""
        self.document_count += len(sequences)
        for seq in sequences:
            for i in set(seq):
                self.index_docs[i] += 1

    def texts_to_sequences(self, texts: Iterable) -> list:
        return list(self.texts_to_sequences_generator(texts))

    def texts_to_sequences_generator(self, texts: Iterable) -> Iterator:
        """Each text as its words' indices; words unknown or beyond num_words become the
        OOV index (or are dropped without an OOV token)."""
        oov = self.word_index.get(self.oov_token)
        for text in texts:
            indices = []
            for word in self._tokens(text):
                i = self.word_index.get(word)
                if i is None:  # unknown: the OOV index (None when it was never fitted)
                    if self.oov_token is not None:
                        indices.append(oov)
                elif self.num_words and i >= self.num_words:
                    if oov is not None:
                        indices.append(oov)
                else:
                    indices.append(i)
            yield indices

    def sequences_to_texts(self, sequences: Iterable) -> list:
        return list(self.sequences_to_texts_generator(sequences))

    def sequences_to_texts_generator(self, sequences: Iterable) -> Iterator:
        """Each index sequence back to words joined by spaces (the OOV token for indices
        unknown or beyond num_words, when there is one)."""
        oov = self.word_index.get(self.oov_token)
        for seq in sequences:
            words = []
            for num in seq:
                word = self.index_word.get(num)
                if word is None:  # (a KeyError when the OOV token was never fitted)
                    if self.oov_token is not None:
                        words.append(self.index_word[oov])
                elif self.num_words and num >= self.num_words:
                    if oov is not None:
                        words.append(self.index_word[oov])
                else:
                    words.append(word)
            yield " ".join(words)

    def texts_to_matrix(self, texts: Iterable, mode: str = "binary") -> np.ndarray:
        return self.sequences_to_matrix(self.texts_to_sequences(texts), mode=mode)

    def sequences_to_matrix(self, sequences: list, mode: str = "binary") -> np.ndarray:
        """A (len(sequences), num_words) float64 matrix: "binary", "count", "freq" or
        "tfidf" (1 + log(count)) * log(1 + documents / (1 + documents with the word))."""
        if self.num_words:
            num_words = self.num_words
        elif self.word_index:
            num_words = len(self.word_index) + 1
        else:
            raise ValueError("Specify a dimension (`num_words` argument), or fit on some text "
                             "data first.")
        if mode == "tfidf" and not self.document_count:
            raise ValueError("Fit the Tokenizer on some data before using tfidf mode.")
        x = np.zeros((len(sequences), num_words))
        for row, seq in enumerate(sequences):
            counts = collections.Counter(j for j in seq if j < num_words)
            for j, c in counts.items():
                if mode == "count":
                    x[row, j] = c
                elif mode == "freq":
                    x[row, j] = c / len(seq)
                elif mode == "binary":
                    x[row, j] = 1
                elif mode == "tfidf":
                    idf = np.log(1 + self.document_count / (1 + self.index_docs.get(j, 0)))
                    x[row, j] = (1 + np.log(c)) * idf
                else:
                    raise ValueError("Unknown vectorization mode:", mode)
        return x

    def get_config(self) -> dict:
        """The settings, and the fitted tables as JSON strings (as Keras writes them)."""
        return {"num_words": self.num_words, "filters": self.filters, "lower": self.lower,
                "split": self.split, "char_level": self.char_level,
                "oov_token": self.oov_token, "document_count": self.document_count,
                "word_counts": json.dumps(self.word_counts),
                "word_docs": json.dumps(self.word_docs),
                "index_docs": json.dumps(self.index_docs),
                "index_word": json.dumps(self.index_word),
                "word_index": json.dumps(self.word_index)}

    def to_json(self, **kwargs: Any) -> str:
        """`{"class_name": "Tokenizer", "config": get_config()}` as JSON (kwargs go to
        json.dumps)."""
        return json.dumps({"class_name": type(self).__name__, "config": self.get_config()},
                          **kwargs)


def tokenizer_from_json(json_string: str) -> Tokenizer:
    """The Tokenizer that `Tokenizer.to_json()` wrote (integer keys restored where Keras
    restores them)."""
    config = dict(json.loads(json_string).get("config"))
    tables = {key: json.loads(config.pop(key)) for key in
              ("word_counts", "word_docs", "index_docs", "index_word", "word_index")}
    tokenizer = Tokenizer(**config)
    tokenizer.word_counts = tables["word_counts"]
    tokenizer.word_docs = tables["word_docs"]
    tokenizer.index_docs = {int(k): v for k, v in tables["index_docs"].items()}
    tokenizer.index_word = {int(k): v for k, v in tables["index_word"].items()}
    tokenizer.word_index = tables["word_index"]
    return tokenizer
