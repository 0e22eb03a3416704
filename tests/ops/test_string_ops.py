"""tf.strings inside traced code (tf.data map, tf.function), and the RaggedTensor boundary."""

import re

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import eagerflow as tf
from eagerflow._src.ops.string_ops import _regex_replace


def test_string_ops_trace_inside_dataset_map():
    ds = tf.data.Dataset.from_tensor_slices(["  Hello ", "World  ", " 42 "])
    ds = ds.map(lambda s: tf.strings.join([tf.strings.lower(tf.strings.strip(s)),
                                           tf.strings.as_string(tf.strings.length(s))], "/"))
    assert [v.numpy() for v in ds] == [b"hello/8", b"world/7", b"42/4"]


def test_string_ops_in_tf_function():
    @tf.function
    def f(x):
        words = tf.strings.regex_replace(x, "[0-9]+", "#")
        return tf.strings.reduce_join(tf.strings.substr(words, 0, 2), axis=-1, separator="|")
    out = f(tf.constant([["ab12", "cd"], ["9x", "yz"]]))
    np.testing.assert_array_equal(out.numpy(), np.array([b"ab|cd", b"#x|yz"], dtype=object))


def test_numbers_round_trip():
    x = tf.constant([1.25, -3.5, 1e-3])
    back = tf.strings.to_number(tf.strings.as_string(x, precision=4))
    np.testing.assert_allclose(back.numpy(), x.numpy())


def test_split_returns_ragged_rows_and_a_scalar_gives_a_vector():
    rt = tf.strings.split(tf.constant(["a b", "c"]))
    assert isinstance(rt, tf.RaggedTensor)
    assert rt.to_list() == [[b"a", b"b"], [b"c"]]
    np.testing.assert_array_equal(tf.strings.split(tf.constant("a b")).numpy(),
                                  np.array([b"a", b"b"], dtype=object))


def test_whole_buffer_paths_match_the_per_string_functions():
    # lower/upper and a one-class regex run over all strings joined by NULs; strings that
    # hold a NUL, and patterns that could match one or match empty, take the per-string path
    words = [b"Hello, World!", b"", b"a\x00B.", "caf\u00e9 \u00c9T\u00c9?".encode(), b"x!!y"]
    t = tf.constant(np.array(words, dtype=object).reshape(5, 1))
    lower = tf.strings.lower(t).numpy().reshape(-1).tolist()
    assert lower == [w.translate(bytes.maketrans(b"ABCDEFGHIJKLMNOPQRSTUVWXYZ",
                                                 b"abcdefghijklmnopqrstuvwxyz")) for w in words]
    assert tf.strings.upper(t).numpy().reshape(-1).tolist()[0] == b"HELLO, WORLD!"
    for pattern in (r"[!.,?]", r"[!.,?]+", r"[^a-z]", r"[!]*", r"[\x00!]"):
        got = tf.strings.regex_replace(t, pattern, "<\\0>").numpy().reshape(-1).tolist()
        assert got == [_regex_replace(w, pattern, "<\\0>", True) for w in words], pattern


_BYTES = st.lists(st.binary(max_size=12).map(
    lambda b: b.translate(bytes.maketrans(b"\x02\x03\x04\x05\x06", b" \t\n\x0b\x85"))),
    max_size=8)


@settings(max_examples=60, deadline=None)
@given(_BYTES)
def test_whitespace_split_of_all_strings_at_once_matches_each_strings_split(words):
    # one bytes.split over the joined strings; each row's count from where words start
    t = tf.constant(np.array(words, dtype=object).reshape(-1))
    assert tf.strings.split(t).to_list() == [w.split() for w in words]


@settings(max_examples=60, deadline=None)
@given(_BYTES, st.sampled_from([r"[!.,?]", r"[!\"#$%&()\*\+,-\./:;<=>?@\[\\\]^_`{|}~\']",
                                r"[^a-z]+", r"[\t ]"]))
def test_deleting_a_character_class_matches_the_regex(words, pattern):
    # an empty rewrite of one ASCII class is bytes.translate's deletion
    t = tf.constant(np.array(words, dtype=object).reshape(-1))
    got = tf.strings.regex_replace(t, pattern, "").numpy().tolist()
    assert got == [_regex_replace(w, pattern, "", True) for w in words]


@pytest.mark.parametrize("value, message", [
    # TF 2.21's messages: the C++ message carries the string's raw bytes and is read as
    # UTF-8, so it shows the characters, stops at a NUL byte, and fails on invalid UTF-8
    ("Thanks 😊", "pos 20 out of range for string b'Thanks 😊' at index 0 [Op:Substr]"),
    ("it's \"q\"\n\t\\", "pos 20 out of range for string b'it's \"q\"\n\t\\' at index 0 "
                         "[Op:Substr]"),
    (b"a\x00b", "pos 20 out of range for string b'a [Op:Substr]"),
])
def test_substr_position_error_shows_the_raw_string(value, message):
    with pytest.raises(tf.errors.InvalidArgumentError) as info:
        tf.strings.substr(value, pos=20, len=1)
    # (a Python string goes down TF's op wrapper's slow path: no " name: " after the op)
    assert str(info.value) == ("{{function_node __wrapped__Substr_device_/job:localhost/"
                               "replica:0/task:0/device:CPU:0}} " + message)


def test_substr_position_error_of_invalid_utf8_fails_to_decode_as_tf():
    with pytest.raises(UnicodeDecodeError):
        tf.strings.substr(b"\xff\xfeab", pos=20, len=1)


def test_case_encoding_is_the_kernels_check():
    # recorded from TF 2.21: StringLower/StringUpper's kernels check the encoding as they
    # are made: eagerly for the raw ops too, and in a graph when it runs (not at trace)
    words = re.escape("only utf-8 or '' (no encoding) is supported, received nope")
    with pytest.raises(tf.errors.InvalidArgumentError,
                       match=rf"{words} \[Op:StringUpper\] name: x$"):
        tf.raw_ops.StringUpper(input=tf.constant(["A"]), encoding="nope", name="x")
    with pytest.raises(tf.errors.InvalidArgumentError, match=rf"{words} \[Op:StringLower\]$"):
        tf.raw_ops.StringLower(input=["A"], encoding="nope")
    f = tf.function(lambda: tf.strings.lower(["A"], encoding="nope"))
    assert f.get_concrete_function() is not None  # (traced)
    with pytest.raises(tf.errors.InvalidArgumentError,
                       match=r"^\{\{function_node __inference_.*\}\} " + words):
        f()
    assert tf.strings.upper(["a"], encoding="utf-8").numpy().tolist() == [b"A"]


def test_to_number_of_invalid_utf8_fails_to_decode_its_final_message():
    # recorded from TF 2.21: the message holds the string's raw bytes, so reading it as
    # UTF-8 fails; a traced function's message is the function's (its node and name), the
    # position counted in it (TF: b'{{function_node __inference_<lambda>_6}}
    # StringToNumberOp could not correctly convert string: a\xffb\n\t [[{{node
    # StringToNumber}}]] [Op:__inference_<lambda>_6]', position 95)
    x = tf.constant([b"a\xffb"])
    with pytest.raises(UnicodeDecodeError) as eager:
        tf.strings.to_number(x)
    assert eager.value.object.startswith(b"{{function_node __wrapped__StringToNumber_device_")
    f = tf.function(lambda t: tf.strings.to_number(t),
                    input_signature=[tf.TensorSpec([None], tf.string)])
    with pytest.raises(UnicodeDecodeError) as traced:
        f(x)
    text = traced.value.object
    assert re.fullmatch(rb"\{\{function_node __inference_<lambda>_\d+\}\} StringToNumberOp "
                        rb"could not correctly convert string: a\xffb\n\t \[\[\{\{node "
                        rb"StringToNumber\}\}\]\] \[Op:__inference_<lambda>_\d+\]", text)
    assert traced.value.start == text.index(b"\xff")
