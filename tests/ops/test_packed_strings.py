"""Packed strings (ops/packed_strings.py): the vectorized grouping and lookups of string
vectors that keep a joined buffer must give exactly what a dict over the bytes gives.

Strings are drawn with NULs, with every length around the 8-byte word boundaries and past
the 32 bytes that the packed path compares as words, and with many duplicates, so that
hash slots collide and probe chains form.
"""

import numpy as np
from hypothesis import given, settings
from hypothesis import strategies as st

import eagerflow as tf
from eagerflow._src.core.tensor import EagerTensor
from eagerflow._src.ops import packed_strings as ps

_ALPHABET = st.sampled_from(b"ab \x00\xff")
_STRING = st.one_of(st.binary(max_size=3).filter(lambda b: b"\x01" not in b),
                    st.lists(_ALPHABET, min_size=5, max_size=40).map(bytes))
_STRINGS = st.lists(_STRING, max_size=60)


def _packed(strings: list, sep: bytes = b"\x01") -> np.ndarray:
    """`strings` as an object vector with its packed form (sep must not occur in them)."""
    arr = np.empty(len(strings), object)
    arr[:] = strings
    return ps.attach(arr, ps.Packed.joined(sep.join(strings), sep, len(strings)))


def _first_by_dict(strings: list) -> list:
    firsts: dict = {}
    return [firsts.setdefault(v, i) for i, v in enumerate(strings)]


@settings(max_examples=150, deadline=None)
@given(st.lists(_STRING, min_size=1, max_size=60))
def test_group_is_a_dict_over_the_bytes(strings):
    arr = _packed(strings)
    assert ps.group(ps.packed_of(arr)).tolist() == _first_by_dict(strings)


@settings(max_examples=150, deadline=None)
@given(st.lists(_STRING, min_size=1, max_size=60), _STRINGS)
def test_index_find_is_a_dict_lookup(strings, keys):
    keys = list(dict.fromkeys(keys))
    index = ps.Index(keys)
    arr = _packed(strings)
    want = [index.by_bytes.get(v, -1) for v in strings]
    assert index.find(ps.packed_of(arr)).tolist() == want
    assert index.find(ps.packed_of(arr)).tolist() == want  # (the cached table)


@settings(max_examples=60, deadline=None)
@given(st.lists(_STRING, min_size=1, max_size=40))
def test_unique_with_counts_same_with_and_without_the_packed_form(strings):
    x = EagerTensor(_packed(strings), tf.string)  # (tf.constant would copy the array)
    assert ps.packed_of(x._arr) is not None
    packed = tf.unique_with_counts(x, out_idx=tf.int64)
    plain = tf.unique_with_counts(tf.constant(np.array(strings, object)), out_idx=tf.int64)
    for a, b in zip(packed, plain):
        assert a.numpy().tolist() == b.numpy().tolist()
    ys = list(dict.fromkeys(strings))
    assert plain.y.numpy().tolist() == ys
    assert plain.count.numpy().tolist() == [strings.count(y) for y in ys]


def test_whitespace_split_keeps_the_packed_form_and_lookups_use_it():
    texts = tf.constant(np.array([b"the cat  sat", b"", b" \t", b"a\x00b the", b"x" * 40],
                                 object))
    tokens = tf.strings.split(tf.strings.lower(texts))
    assert ps.packed_of(tokens.flat_values._arr) is not None
    assert tokens.to_list() == [[b"the", b"cat", b"sat"], [], [], [b"a\x00b", b"the"],
                                [b"x" * 40]]
    table = tf.lookup.StaticHashTable(
        tf.lookup.KeyValueTensorInitializer(["the", "sat", "x" * 40], [7, 8, 9], tf.string,
                                            tf.int64), -1)
    assert table.lookup(tokens).to_list() == [[7, -1, 8], [], [], [-1, 7], [9]]
    y, _, count = tf.unique_with_counts(tokens.flat_values)
    assert y.numpy().tolist() == [b"the", b"cat", b"sat", b"a\x00b", b"x" * 40]
    assert count.numpy().tolist() == [2, 1, 1, 1, 1]


def test_an_array_with_a_packed_form_is_read_only_and_numpy_gives_a_copy():
    t = tf.strings.lower(tf.constant(np.array([b"A", b"B"], object)))
    assert not t._arr.flags.writeable
    a = t.numpy()
    a[0] = b"z"  # the copy is the user's
    assert t.numpy().tolist() == [b"a", b"b"]


def test_packed_lower_strip_split_chain_gives_textvectorization_outputs():
    layer = tf.keras.layers.TextVectorization()
    layer.adapt(tf.constant(np.array([b"Hello, World!", b"hello  there", b"WORLD"], object)))
    assert layer.get_vocabulary() == ["", "[UNK]", "world", "hello", "there"]
    assert layer(tf.constant(["hello world", "new"])).numpy().tolist() == [[3, 2], [1, 0]]


def _python_split(texts: list) -> list:
    return [t.split() for t in texts]


_WORD = st.one_of(st.sampled_from([b"a", b"bb", b"a\x00", b"\xffz", b"w" * 33, b"word"]),
                  st.binary(min_size=1, max_size=40))


@settings(max_examples=25, deadline=None)
@given(st.lists(_WORD, min_size=1, max_size=12), st.lists(_WORD, max_size=50),
       st.integers(0, 2**32 - 1))
def test_split_of_repeating_words_shares_them_and_counts_reuse_the_grouping(common, rare,
                                                                             seed):
    # more than the 2048 sampled words, repeating: the distinct words are made once; the
    # rare ones (after the sample) must still come out exactly
    rng = np.random.default_rng(seed)
    words = [common[i] for i in rng.integers(0, len(common), 3000)]
    words = [w for w in words + rare if w.split() == [w]] + [b"the"] * 2100
    texts = [b" ".join(words[i:i + 7]) for i in range(0, len(words), 7)]
    x = tf.constant(np.array(texts, object))
    tokens = tf.strings.split(tf.strings.lower(x))
    want = _python_split([t.lower() for t in texts])
    assert tokens.to_list() == want
    assert ps.packed_of(tokens.flat_values._arr)._unique is not None
    flat = [w for row in want for w in row]
    y, idx, count = tf.unique_with_counts(tokens.flat_values)
    ys = list(dict.fromkeys(flat))
    assert y.numpy().tolist() == ys
    assert idx.numpy().tolist() == [ys.index(w) for w in flat]
    assert count.numpy().tolist() == [flat.count(w) for w in ys]
    keys = ys[::2] + [b"absent", b"w" * 40]
    table = tf.lookup.StaticHashTable(tf.lookup.KeyValueTensorInitializer(
        tf.constant(np.array(keys, object)), tf.range(len(keys), dtype=tf.int64)), -1)
    got = table.lookup(tokens.flat_values).numpy().tolist()
    assert got == [keys.index(w) if w in keys else -1 for w in flat]


def test_split_of_mostly_distinct_words_takes_the_plain_path():
    texts = [b" ".join(b"w%d" % (7 * i + j) for j in range(7)) for i in range(500)]
    tokens = tf.strings.split(tf.constant(np.array(texts, object)))
    assert tokens.to_list() == _python_split(texts)
    assert ps.packed_of(tokens.flat_values._arr)._unique is None


def test_case_change_and_strip_that_change_nothing_keep_the_strings():
    x = tf.constant(np.array([b"already lower", b"", b"no punctuation"], object))
    lower = tf.strings.lower(x)
    assert ps.packed_of(lower._arr) is not None
    stripped = tf.strings.regex_replace(lower, r"[!,\.]", "")
    assert stripped.numpy().tolist() == [b"already lower", b"", b"no punctuation"]
    upper = tf.strings.upper(stripped)  # same length, same offsets: still packed
    assert ps.packed_of(upper._arr).starts.tolist() == ps.packed_of(lower._arr).starts.tolist()
    assert tf.strings.split(upper).to_list() == [[b"ALREADY", b"LOWER"], [],
                                                 [b"NO", b"PUNCTUATION"]]
    grown = tf.strings.regex_replace(upper, "[A]", "aa")  # longer: offsets found again
    assert tf.strings.split(grown).to_list() == [[b"aaLREaaDY", b"LOWER"], [],
                                                 [b"NO", b"PUNCTUaaTION"]]
