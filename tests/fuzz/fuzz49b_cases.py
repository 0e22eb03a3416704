"""fuzz49b's cases: tf.strings, tf.sparse, tf.ragged, tf.image, tf.sets, partitions, top_k,
sort, confusion_matrix, CTC decoders, tensor_scatter_nd and fake_quant at their edges, each a
Python expression over `tf`, `np`, `T` (a tensor from dtype, shape and values) and `S` (a
SparseTensor's indices, values and dense shape): shared by record_cases.py fuzz49b, run under
TensorFlow 2.21, and test_regressions_fuzz49b.py, run under eagerflow. Each answer is its
result's dtypes, shapes and values, or its error's class and whole message."""

from __future__ import annotations

import json
import math
import re
from typing import Any

import fuzz49b_more as more
import fuzz49b_traced as traced
import numpy as np
from fuzz48_draw import T
from recorded import outcome  # type: ignore[import-not-found]

_SS = "T('string', [4], ['Hello World', ' a b  c ', 'ÄÖü', ''])"
_BAD = "tf.constant([b'ab\\xffc', b'\\xc3', b'ok'])"
STRINGS = [
    "tf.strings.format('x={} y={}', (tf.constant([1.5, 2.0]), tf.constant('a')))",
    "tf.strings.format('{}', tf.range(12), summarize=2)",
    "tf.strings.format('{}', tf.reshape(tf.range(24), [2, 3, 4]), summarize=1)",
    "tf.strings.format('{}', tf.constant([[True, False]]))",
    "tf.strings.format('{} {}', tf.constant(1))",
    "tf.strings.format('a{}b', tf.constant([0.1, 1e20, -0.0]))",
    "tf.strings.format('{}', tf.constant([], tf.int32))",
    "tf.strings.format('<{}>', tf.constant(['a', 'b']), placeholder='<{}>')",
    "tf.strings.join([tf.constant(['a', 'b']), tf.constant('c')], separator='--')",
    "tf.strings.join([tf.constant(['a', 'b']), tf.constant(['c', 'd', 'e'])])",
    "tf.strings.join([])",
    f"tf.strings.length({_SS}, unit='UTF8_CHAR')",
    f"tf.strings.length({_BAD}, unit='UTF8_CHAR')",
    f"tf.strings.length({_SS}, unit='BYTES')",
    "tf.strings.length('ab', unit='CHAR')",
    f"tf.strings.lower({_SS}, encoding='utf-8')",
    f"tf.strings.upper({_SS}, encoding='utf-8')",
    f"tf.strings.upper({_SS})",
    "tf.strings.upper(tf.constant(['straße', 'ǆ', 'ı']), encoding='utf-8')",
    "tf.strings.lower(tf.constant(['İ', 'ΣΑΣ', 'Ǆ']), encoding='utf-8')",
    "tf.strings.upper('abc', encoding='latin1')",
    "tf.strings.ngrams(tf.constant(['a', 'b', 'c']), 2, separator='_')",
    "tf.strings.ngrams(tf.constant(['a', 'b', 'c']), (1, 3))",
    "tf.strings.ngrams(tf.constant(['a']), 3, pad_values=('L', 'R'), padding_width=2)",
    "tf.strings.ngrams(tf.constant(['a', 'b']), 4, pad_values='P', "
    "preserve_short_sequences=True)",
    "tf.strings.ngrams(tf.constant(['a', 'b']), 4, preserve_short_sequences=True)",
    "tf.strings.ngrams(tf.constant(['a', 'b']), 0)",
    "tf.strings.ngrams(tf.constant(['a', 'b']), 2, pad_values='P', padding_width=0)",
    "tf.strings.ngrams(tf.constant(['a', 'b']), 2, pad_values='P', padding_width=5)",
    "tf.strings.ngrams(tf.constant([['a', 'b', 'c'], ['d', 'e', 'f']]), 2)",
    "tf.strings.reduce_join(tf.constant([['a', 'b'], ['c', 'd']]), axis=1, separator='.')",
    "tf.strings.reduce_join(tf.constant([['a', 'b'], ['c', 'd']]), axis=-1, keepdims=True)",
    "tf.strings.reduce_join(tf.constant([['a', 'b'], ['c', 'd']]), axis=2)",
    "tf.strings.reduce_join(tf.constant([['a', 'b'], ['c', 'd']]), axis=[0, 1])",
    "tf.strings.reduce_join(tf.zeros([2, 0], tf.string), axis=1, separator='x')",
    "tf.strings.split(tf.constant(['a b c d', 'e  f']), maxsplit=1)",
    "tf.strings.split(tf.constant(['a,b,,c', ',']), ',', maxsplit=2)",
    "tf.strings.split(tf.constant(['a,b,,c', '']), ',')",
    "tf.strings.split(tf.constant('a<>b<>c'), '<>', maxsplit=-1)",
    "tf.strings.split(tf.constant(['  a  b ']), ' ')",
    "tf.strings.split(tf.constant([['a b'], ['c']]))",
    "tf.strings.strip(tf.constant([' \\t a b \\n', '\\x0b x\\x0c', '\\xa0a']))",
    "tf.strings.substr(tf.constant(['hello', 'hi']), -3, 2)",
    "tf.strings.substr(tf.constant(['hello', 'hi']), -3, 10)",
    "tf.strings.substr(tf.constant(['hello', 'hi']), [-1, -2], [5, 5])",
    "tf.strings.substr(tf.constant('ÄÖü'), -2, 1, unit='UTF8_CHAR')",
    "tf.strings.substr(tf.constant('ÄÖü'), -4, 1, unit='UTF8_CHAR')",
    "tf.strings.substr(tf.constant('hello'), 6, 1)",
    "tf.strings.substr(tf.constant('hello'), 5, 1)",
    "tf.strings.substr(tf.constant('hello'), 1, -1)",
    "tf.strings.substr(tf.constant(['ab', 'cd']), [0, 1, 2], 1)",
    "tf.strings.to_hash_bucket_fast(tf.constant(['', 'a', 'hello world']), 7)",
    "tf.strings.to_hash_bucket_fast(tf.constant(['a']), 0)",
    "tf.strings.to_hash_bucket_strong(tf.constant(['', 'a', 'hello']), 11, [1, 2])",
    "tf.strings.to_hash_bucket_strong(tf.constant(['a']), 11, [1])",
    "tf.strings.to_hash_bucket_strong(tf.constant(['a']), 0, [1, 2])",
    "tf.strings.to_hash_bucket(tf.constant(['', 'xyz']), 1000)",
    f"tf.strings.unicode_decode_with_offsets({_BAD}, 'UTF-8', errors='replace')",
    f"tf.strings.unicode_decode_with_offsets({_BAD}, 'UTF-8', errors='ignore')",
    f"tf.strings.unicode_decode_with_offsets({_BAD}, 'UTF-8', errors='strict')",
    f"tf.strings.unicode_decode_with_offsets({_BAD}, 'UTF-8', errors='replace', "
    "replacement_char=63)",
    f"tf.strings.unicode_decode({_BAD}, 'UTF-8', errors='replace', "
    "replace_control_characters=True)",
    "tf.strings.unicode_decode(tf.constant(['a\\x01b']), 'UTF-8', "
    "replace_control_characters=True)",
    "tf.strings.unicode_decode(tf.constant(['ab']), 'UTF-16-BE')",
    "tf.strings.unicode_decode(tf.constant(['abc']), 'UTF-16-BE', errors='replace')",
    f"tf.strings.unicode_transcode({_BAD}, 'UTF-8', 'UTF-16-BE')",
    f"tf.strings.unicode_transcode({_BAD}, 'UTF-8', 'UTF-8', errors='ignore')",
    f"tf.strings.unicode_transcode({_BAD}, 'UTF-8', 'UTF-8', errors='strict')",
    "tf.strings.unicode_transcode(tf.constant(['aé']), 'UTF-8', 'UTF-32-BE')",
    "tf.strings.unicode_transcode(tf.constant(['a\\x00b']), 'UTF-8', 'UTF-8', "
    "replace_control_characters=True)",
    "tf.strings.unicode_transcode(tf.constant(['a']), 'UTF-8', 'latin1')",
    "tf.strings.unicode_script(tf.constant([65, 1041, 0x4e00, -1, 0x110000]))",
    "tf.strings.unicode_encode(tf.constant([[65, -1, 0x110000]]), 'UTF-8')",
    "tf.strings.unicode_encode(tf.constant([[65, -1]]), 'UTF-8', errors='strict')",
    "tf.strings.unicode_encode(tf.constant([[65, 0xD800]]), 'UTF-16-BE', errors='ignore')",
]

_SP = "tf.sparse.SparseTensor({}, tf.constant({}, tf.{}), {})"
_A = _SP.format([[0, 0], [1, 2]], [1.0, -2.0], "float32", [2, 3])
_B2 = _SP.format([[0, 0], [1, 1]], [-0.5, 2.5], "float32", [2, 3])
_U = _SP.format([[1, 2], [0, 0], [0, 2]], [3, 1, 2], "int32", [2, 3])
SPARSE = [
    f"S(tf.sparse.add({_A}, {_B2}, threshold=0.6))",
    f"S(tf.sparse.add({_A}, {_B2}, threshold=-1.0))",
    f"S(tf.sparse.add({_A}, {_A}, threshold=2.0))",
    f"tf.sparse.add({_A}, tf.ones([2, 3]))",
    f"S(tf.sparse.add({_A}, {_SP.format([[0, 0]], [1], 'int32', [2, 3])}))",
    f"S(tf.sparse.add({_A}, {_SP.format([[0, 0]], [1.0], 'float32', [2, 4])}))",
    f"S(tf.sparse.concat(1, [{_A}, {_SP.format([[0, 0]], [5.0], 'float32', [3, 2])}], "
    "expand_nonconcat_dims=True))",
    f"S(tf.sparse.concat(1, [{_A}, {_SP.format([[0, 0]], [5.0], 'float32', [3, 2])}]))",
    f"S(tf.sparse.concat(0, [{_A}, {_A}], expand_nonconcat_dims=True))",
    f"S(tf.sparse.concat(-1, [{_A}, {_A}]))",
    f"S(tf.sparse.concat(2, [{_A}, {_A}]))",
    f"S(tf.sparse.fill_empty_rows({_U}, -1)[0])",
    f"tf.sparse.fill_empty_rows({_SP.format([[2, 0]], [1.0], 'float32', [4, 2])}, 9.0)[1]",
    f"S(tf.sparse.fill_empty_rows({_SP.format([[2, 0]], [1.0], 'float32', [4, 2])}, 9.0)[0])",
    f"tf.sparse.fill_empty_rows({_A}, 1)",
    f"tf.sparse.reduce_max({_U}, axis=1, keepdims=True)",
    f"tf.sparse.reduce_max({_U})",
    f"tf.sparse.reduce_max({_A}, axis=0)",
    f"S(tf.sparse.reduce_max({_A}, axis=1, output_is_sparse=True))",
    f"tf.sparse.reduce_sum({_A}, axis=[0, 1], keepdims=True)",
    f"tf.sparse.reduce_sum({_A}, axis=2)",
    f"tf.sparse.reduce_sum({_A}, axis=-1)",
    f"S(tf.sparse.reduce_sum({_U}, axis=0, keepdims=True, output_is_sparse=True))",
    f"tf.sparse.reduce_max({_SP.format([[0, 0]], [-np.inf], 'float32', [2, 2])}, axis=1)",
    f"tf.sparse.reduce_max({_SP.format([[0, 0], [0, 1]], [np.nan, 1.0], 'float32', [1, 2])}, "
    "axis=1)",
    f"S(tf.sparse.reorder({_U}))",
    f"S(tf.sparse.reorder({_SP.format([[1, 0], [1, 0]], [1, 2], 'int32', [2, 2])}))",
    f"S(tf.sparse.reset_shape({_U}))",
    f"S(tf.sparse.reset_shape({_U}, [3, 4]))",
    f"S(tf.sparse.reset_shape({_U}, [1, 4]))",
    f"S(tf.sparse.reset_shape({_U}, [3]))",
    f"S(tf.sparse.retain({_U}, [True, False, True]))",
    f"S(tf.sparse.retain({_U}, [True, False]))",
    f"S(tf.sparse.slice({_U}, [0, 1], [2, 5]))",
    f"S(tf.sparse.slice({_U}, [3, 0], [1, 1]))",
    f"S(tf.sparse.slice({_U}, [0, -1], [1, 1]))",
    f"S(tf.sparse.slice({_U}, [0], [1]))",
    "S(tf.sparse.softmax("
    f"{_SP.format([[0, 0], [0, 2], [1, 1]], [1.0, 1e30, -np.inf], 'float32', [2, 3])}))",
    f"S(tf.sparse.softmax({_SP.format([[0, 0], [0, 2]], [np.nan, 1.0], 'float64', [1, 3])}))",
    f"S(tf.sparse.softmax({_SP.format([[0], [2]], [1.0, 2.0], 'float32', [3])}))",
    f"[S(s) for s in tf.sparse.split(sp_input={_U}, num_split=2, axis=1)]",
    f"[S(s) for s in tf.sparse.split(sp_input={_U}, num_split=3, axis=0)]",
    f"[S(s) for s in tf.sparse.split(sp_input={_U}, num_split=2, axis=-1)]",
    f"[S(s) for s in tf.sparse.split(sp_input={_U}, num_split=0, axis=1)]",
    f"tf.sparse.to_indicator({_U}, 4)",
    f"tf.sparse.to_indicator({_U}, 2)",
    f"S(tf.sparse.transpose({_U}, [1, 0]))",
    f"S(tf.sparse.transpose({_U}, [0, 0]))",
    "tf.sparse.segment_sum(tf.constant([[1., 2.], [3., 4.], [5., 6.]]), [0, 2], [0, 0], "
    "num_segments=3)",
    "tf.sparse.segment_mean(tf.constant([1., 2., 3.]), [0, 1, 2], [0, 0, 2])",
    "tf.sparse.segment_sqrt_n(tf.constant([1., 2., 3.]), [0, 1, 2], [0, 0, 2])",
    "tf.sparse.segment_sum(tf.constant([1., 2., 3.]), [0, 5], [0, 1])",
    "tf.sparse.segment_sum(tf.constant([1., 2., 3.]), [0, 1], [1, 0])",
    "tf.sparse.segment_mean(tf.constant([1, 2, 3]), [0, 1], [0, 0])",
    "tf.sparse.segment_sum(tf.constant([1., 2., 3.]), [0, 1], [0, 0], num_segments=0)",
    f"S(tf.sparse.cross([{_SP.format([[0, 0], [1, 0]], ['a', 'b'], 'string', [2, 1])}, "
    "tf.constant([['x', 'y'], ['z', 'w']])]))",
    "S(tf.sparse.cross([tf.constant([[1], [2]], tf.int64), tf.constant([['x'], ['y']])], "
    "separator='|'))",
]

_R = "tf.ragged.constant([[1, 2, 3], [], [4, 5]])"
RAGGED = [
    f"tf.ragged.boolean_mask({_R}, tf.ragged.constant([[True, False, True], [], [False, True]]))",
    f"tf.ragged.boolean_mask({_R}, [True, False, True])",
    f"tf.ragged.boolean_mask({_R}, [True, False])",
    "tf.ragged.boolean_mask(tf.constant([[1, 2], [3, 4]]), tf.constant([[True, False], "
    "[False, False]]))",
    "tf.ragged.constant([[1, 2], [3]], inner_shape=())",
    "tf.ragged.constant([[[1, 2]], [[3, 4], [5, 6]]], ragged_rank=1)",
    "tf.ragged.constant([[[1, 2]], [[3, 4], [5, 6]]], ragged_rank=1, inner_shape=(2,))",
    "tf.ragged.constant([[[1, 2]], [[3], [5, 6]]], ragged_rank=1)",
    "tf.ragged.constant([[1, 2], [3]], ragged_rank=2)",
    "tf.ragged.constant([[1, 2], [3]], ragged_rank=0)",
    "tf.ragged.constant([[], []], inner_shape=(2,))",
    "tf.ragged.constant([[1.5, 2], []], dtype=tf.int32)",
    "tf.ragged.cross([tf.ragged.constant([['a', 'b'], ['c']]), tf.constant([['x'], ['y']])])",
    "tf.ragged.range([0, 5, 10], [3, 0, 4], [1, -2, -3])",
    "tf.ragged.range([1, 2], 10, [3, 4])",
    "tf.ragged.range([0.5, 1.0], 3.0, 0.75)",
    "tf.ragged.range(3, 5, 0)",
    "tf.ragged.range([5], 0, -1)",
    "tf.ragged.row_splits_to_segment_ids([0, 2, 2, 5])",
    "tf.ragged.row_splits_to_segment_ids([1, 2])",
    "tf.ragged.row_splits_to_segment_ids([0, 3, 2])",
    "tf.ragged.row_splits_to_segment_ids([])",
    "tf.ragged.row_splits_to_segment_ids(tf.constant([0, 2], tf.int64), out_type=tf.int32)",
    "tf.ragged.segment_ids_to_row_splits([0, 0, 2, 2, 2])",
    "tf.ragged.segment_ids_to_row_splits([0, 0, 2], num_segments=5)",
    "tf.ragged.segment_ids_to_row_splits([0, 0, 2], num_segments=1)",
    "tf.ragged.segment_ids_to_row_splits([], num_segments=2)",
    "tf.ragged.segment_ids_to_row_splits([2, 1])",
    "tf.ragged.segment_ids_to_row_splits([[0, 1]])",
    "tf.ragged.stack_dynamic_partitions(tf.constant([1, 2, 3, 4]), [2, 0, 2, 1], 3)",
    "tf.ragged.stack_dynamic_partitions(tf.constant([1, 2]), [0, 3], 3)",
    "tf.ragged.stack_dynamic_partitions(tf.constant([1, 2]), [0, -1], 3)",
    "tf.ragged.stack_dynamic_partitions(tf.constant([[1, 2], [3, 4]]), [1, 1], 2)",
    f"tf.ragged.map_flat_values(tf.math.square, {_R})",
    f"tf.ragged.map_flat_values(tf.add, {_R}, {_R})",
    f"tf.ragged.map_flat_values(tf.add, {_R}, tf.ragged.constant([[1], [], [4, 5]]))",
    f"tf.ragged.map_flat_values(tf.reduce_sum, {_R})",
]

_IMG = "T('float32', [2, 2, 3], [0.0, 0.2, 0.4, 0.6, 0.8, 1.0, 0.1, 0.3, 0.5, 0.7, 0.9, 0.25])"
_IMG4 = f"tf.stack([{_IMG}, 1.0 - {_IMG}])"
_IU8 = "T('uint8', [2, 2, 1], [0, 17, 200, 255])"
IMAGE = [
    # (7 values: all in Eigen's scalar path, powf; over whole packets of 8 TF runs Eigen's
    # own float32 pow, which eagerflow leaves to NumPy: eigen32.py)
    "tf.image.adjust_gamma(T('float32', [7, 1, 1], [0.0, 0.2, 0.4, 0.6, 0.8, 1.0, 0.1]), "
    "0.5, 2.0)",
    f"tf.image.adjust_gamma({_IMG}, -1.0)",
    f"tf.image.adjust_gamma({_IU8}, 2.0)",
    "tf.image.adjust_gamma(T('int32', [2], [3, 4]), 0.5)",
    "tf.image.central_crop(tf.reshape(tf.range(25.0), [5, 5, 1]), 0.5)",
    "tf.image.central_crop(tf.reshape(tf.range(25.0), [5, 5, 1]), 0.01)",
    "tf.image.central_crop(tf.reshape(tf.range(36.0), [1, 6, 6, 1]), 0.7)",
    "tf.image.central_crop(tf.reshape(tf.range(25.0), [5, 5, 1]), 0.0)",
    "tf.image.central_crop(tf.reshape(tf.range(25.0), [5, 5, 1]), 1.5)",
    "tf.image.central_crop(tf.reshape(tf.range(25.0), [5, 5]), 0.5)",
    f"tf.image.convert_image_dtype({_IMG}, tf.uint8, saturate=True)",
    "tf.image.convert_image_dtype(T('float32', [4], [-0.5, 0.5, 1.5, 0.999]), tf.uint8)",
    "tf.image.convert_image_dtype(T('float32', [4], [-0.5, 0.5, 1.5, 0.999]), tf.uint8, "
    "saturate=True)",
    "tf.image.convert_image_dtype(T('float32', [3], [-1.5, 0.5, 1.5]), tf.int16, saturate=True)",
    "tf.image.convert_image_dtype(T('int32', [3], [-5, 2**31 - 1, 7]), tf.uint8, saturate=True)",
    "tf.image.convert_image_dtype(T('uint8', [3], [0, 128, 255]), tf.int32)",
    "tf.image.convert_image_dtype(T('uint16', [3], [0, 128, 65535]), tf.float16)",
    "tf.image.convert_image_dtype(T('int8', [3], [-128, 0, 127]), tf.float32)",
    "tf.image.convert_image_dtype(T('float64', [2], [0.5, 2.0]), tf.float32, saturate=True)",
    f"tf.image.convert_image_dtype({_IMG}, tf.string)",
    f"tf.image.crop_to_bounding_box({_IMG}, 1, 0, 1, 2)",
    f"tf.image.crop_to_bounding_box({_IMG}, -1, 0, 1, 2)",
    f"tf.image.crop_to_bounding_box({_IMG}, 0, 0, 3, 2)",
    f"tf.image.crop_to_bounding_box({_IMG}, 0, 1, 1, 2)",
    f"tf.image.crop_to_bounding_box({_IMG}, 0, 0, 0, 2)",
    "tf.image.crop_to_bounding_box(tf.ones([2, 2]), 0, 0, 1, 1)",
    f"tf.image.crop_to_bounding_box({_IMG4}, 1, 1, 1, 1)",
    f"tf.image.extract_glimpse({_IMG4}, [1, 1], [[0.0, 0.0], [0.5, -0.5]])",
    f"tf.image.extract_glimpse({_IMG4}, [1, 2], [[0.0, 0.0], [1.0, 1.0]], centered=False, "
    "normalized=False, noise='zero')",
    f"tf.image.extract_glimpse({_IMG4}, [3, 3], [[0.0, 0.0], [0.0, 0.0]], noise='zero')",
    f"tf.image.extract_glimpse({_IMG4}, [1, 1], [[0.0, 0.0]])",
    f"tf.image.flip_left_right({_IMG4})",
    f"tf.image.flip_up_down({_IMG4})",
    f"tf.image.flip_up_down({_IMG})",
    "tf.image.flip_left_right(tf.ones([2, 2]))",
    f"tf.image.transpose({_IMG4})",
    f"tf.image.per_image_standardization({_IU8})",
    "tf.image.per_image_standardization(T('int32', [1, 2, 2, 1], [1, 1, 1, 1]))",
    "tf.image.per_image_standardization(T('float16', [2, 1, 1], [1.0, 3.0]))",
    "tf.image.per_image_standardization(T('int8', [2, 1, 1], [-128, 127]))",
    f"tf.image.resize_with_crop_or_pad({_IMG}, 3, 1)",
    f"tf.image.resize_with_crop_or_pad({_IMG4}, 1, 5)",
    f"tf.image.resize_with_crop_or_pad({_IMG}, 0, 1)",
    f"tf.image.resize_with_crop_or_pad({_IU8}, 5, 4)",
    "tf.image.sample_distorted_bounding_box([2, 2, 3], tf.zeros([1, 1, 4]), seed=1, "
    "min_object_covered=0.1, aspect_ratio_range=(2.0, 1.0))",
    "tf.image.sample_distorted_bounding_box([2, 2, 3], tf.zeros([1, 1, 3]), seed=1)",
    "tf.image.sample_distorted_bounding_box([2, 2], tf.zeros([1, 1, 4]), seed=1)",
    "tf.image.sample_distorted_bounding_box([2, 2, 3], tf.zeros([1, 1, 4]), seed=1, "
    "area_range=(0.5, 0.1))",
    f"tf.image.sobel_edges({_IMG4})",
    "tf.image.sobel_edges(tf.ones([2, 2, 1]))",
    f"tf.image.sobel_edges(tf.cast({_IMG4} * 10, tf.int32))",
    f"tf.image.total_variation({_IMG})",
    f"tf.image.total_variation({_IMG4})",
    f"tf.image.total_variation({_IU8})",
    "tf.image.total_variation(tf.ones([2, 2]))",
    f"tf.image.rgb_to_yiq({_IMG})",
    f"tf.image.yiq_to_rgb({_IMG4})",
    f"tf.image.rgb_to_yuv({_IMG4})",
    f"tf.image.yuv_to_rgb({_IMG})",
    "tf.image.rgb_to_yuv(tf.ones([2, 2]))",
    "tf.image.rgb_to_yiq(tf.ones([2, 2], tf.float64))",
    "tf.image.rgb_to_yuv(tf.ones([2, 3], tf.int32))",
    "tf.image.yiq_to_rgb(tf.ones([3], tf.float16))",
]

PARTITION = [
    "tf.dynamic_partition(tf.constant([1, 2, 3, 4]), [1, 0, 1, 0], 2)",
    "tf.dynamic_partition(tf.constant([1, 2, 3, 4]), [1, 0, 3, 0], 2)",
    "tf.dynamic_partition(tf.constant([1, 2, 3, 4]), [1, -1, 0, 0], 2)",
    "tf.dynamic_partition(tf.constant([[1, 2], [3, 4]]), [[0, 1], [1, 1]], 3)",
    "tf.dynamic_partition(tf.constant([1, 2, 3]), [0, 1], 2)",
    "tf.dynamic_partition(tf.constant([1, 2]), [0, 1], 0)",
    "tf.dynamic_stitch([[0, 2], [1, 2]], [[1., 2.], [3., 4.]])",
    "tf.dynamic_stitch([[0, 3]], [[1., 2.]])",
    "tf.dynamic_stitch([[0, -1]], [[1., 2.]])",
    "tf.dynamic_stitch([[0, 1]], [[1., 2., 3.]])",
    "tf.dynamic_stitch([0, [1, 2]], [[7, 8], [[1, 2], [3, 4]]])",
    "tf.dynamic_stitch([[0], [1]], [[1], [2.0]])",
    "tf.dynamic_stitch([], [])",
    "tf.unique_with_counts(tf.constant([3, 1, 3, 2, 1, 3]))",
    "tf.unique_with_counts(tf.constant([np.nan, np.nan, 0.0, -0.0]))",
    "tf.unique_with_counts(tf.constant([], tf.float32), out_idx=tf.int64)",
    "tf.unique_with_counts(tf.constant([[1, 2]]))",
    "tf.unique_with_counts(tf.constant(['b', 'a', 'b']))",
    "tf.compat.v1.setdiff1d([1, 2, 3, 2, 5], [2, 7])",
    "tf.compat.v1.setdiff1d([1.0, np.nan], [np.nan])",
    "tf.compat.v1.setdiff1d([[1]], [1])",
    "tf.compat.v1.setdiff1d([1, 2], [1.0])",
    "tf.compat.v1.setdiff1d(tf.constant(['a', 'b']), tf.constant(['b']), index_dtype=tf.int64)",
]

_SA = "tf.constant([[1, 2, 2, 3], [4, 4, 5, 0]])"
_SB = "tf.constant([[2, 3, 9, 9], [0, 6, 6, 6]])"
SETS = [
    f"S(tf.sets.union({_SA}, {_SB}))",
    f"S(tf.sets.intersection({_SA}, {_SB}))",
    f"S(tf.sets.difference({_SA}, {_SB}))",
    f"S(tf.sets.difference({_SA}, {_SB}, aminusb=False))",
    f"tf.sets.size({_SA})",
    "S(tf.sets.union(tf.constant([['a', 'b']]), tf.constant([['b', 'c']])))",
    f"S(tf.sets.intersection({_SA}, tf.constant([1, 2])))",
    "S(tf.sets.union(tf.constant([1, 2]), tf.constant([3])))",
    f"S(tf.sets.union({_SA}, tf.cast({_SB}, tf.int64)))",
    "S(tf.sets.union(tf.constant([1.0]), tf.constant([2.0])))",
    "tf.sets.size(tf.constant(5))",
    f"S(tf.sets.intersection({_SA}, tf.constant([[1], [2], [3]])))",
    f"S(tf.sets.union({_SA}, tf.sparse.from_dense({_SB})))",
    f"tf.sets.size(tf.sparse.from_dense({_SA}))",
    f"S(tf.sets.union(tf.sparse.from_dense({_SA}), {_SB}))",
]

_TK = "T('float32', [6], [1.0, nan, 3.0, 3.0, -inf, nan])"
TOPK = [
    f"tf.math.top_k({_TK}, 3)",
    f"tf.math.top_k({_TK}, 6, sorted=False)",
    f"tf.math.top_k({_TK}, 0)",
    f"tf.math.top_k({_TK}, 7)",
    f"tf.math.top_k({_TK}, -1)",
    "tf.math.top_k(T('int32', [2, 4], [1, 1, 1, 1, 2, 5, 2, 5]), 2)",
    "tf.math.top_k(T('float16', [5], [0.0, -0.0, 1.0, -0.0, 0.0]), 3)",
    "tf.math.top_k(tf.constant(3.0), 1)",
    "tf.math.top_k(T('float32', [4], [2.0, 2.0, 2.0, 1.0]), 2, index_type=tf.int64)",
    "tf.math.in_top_k([0, 1, 2], T('float32', [3, 3], [1, 1, 1, 0, 2, 2, 0, 3, 1]), 1)",
    "tf.math.in_top_k([0, 1, 2], T('float32', [3, 3], [nan, 1, 1, 0, nan, 2, 0, 3, inf]), 2)",
    "tf.math.in_top_k([0, 5], T('float32', [2, 3], [1, 2, 3, 4, 5, 6]), 1)",
    "tf.math.in_top_k([0, -1], T('float32', [2, 3], [1, 2, 3, 4, 5, 6]), 1)",
    "tf.math.in_top_k([0, 1], T('float32', [2, 3], [1, 2, 3, 4, 5, 6]), 0)",
    "tf.math.in_top_k([0, 1], T('float32', [2, 3], [1, 2, 3, 4, 5, 6]), 5)",
    "tf.math.in_top_k([0, 1], T('float32', [2, 3], [1, 2, 3, 4, 5, 6]), -1)",
    "tf.math.in_top_k([0, 1, 2], T('float32', [2, 3], [1, 2, 3, 4, 5, 6]), 1)",
    "tf.math.in_top_k(tf.constant([0, 1], tf.int64), T('float32', [2, 2], [-inf, -inf, 0, 0]), 1)",
    f"tf.sort({_TK})",
    f"tf.sort({_TK}, direction='DESCENDING')",
    f"tf.argsort({_TK}, stable=True)",
    f"tf.argsort({_TK}, direction='DESCENDING', stable=True)",
    "tf.argsort(T('float32', [6], [0.0, -0.0, 0.0, -0.0, 1.0, 1.0]), stable=True)",
    "tf.argsort(T('float32', [6], [0.0, -0.0, 0.0, -0.0, 1.0, 1.0]), direction='DESCENDING', "
    "stable=True)",
    "tf.sort(T('int32', [2, 3], [3, -1, 2, 0, 0, -5]), axis=0)",
    "tf.sort(tf.constant([3, 1]), direction='UP')",
    "tf.sort(tf.constant([[3, 1]]), axis=2)",
    "tf.sort(tf.constant(['b', 'a']))",
    "tf.argsort(tf.constant([True, False]))",
    "tf.sort(T('uint8', [4], [3, 255, 0, 7]), direction='DESCENDING')",
    "tf.argsort(T('float64', [5], [nan, 1.0, nan, -inf, inf]), direction='DESCENDING')",
]

CONFUSION = [
    "tf.math.confusion_matrix([0, 1, 2, 1], [0, 2, 2, 1])",
    "tf.math.confusion_matrix([0, 1, 2, 1], [0, 2, 2, 1], num_classes=4, dtype=tf.float64)",
    "tf.math.confusion_matrix([0, 1], [0, 1], weights=[0.5, 2.0], dtype=tf.float32)",
    "tf.math.confusion_matrix([0, 3], [0, 1], num_classes=2)",
    "tf.math.confusion_matrix([0, -1], [0, 1])",
    "tf.math.confusion_matrix([0, 1, 2], [0, 1])",
    "tf.math.confusion_matrix([[0, 1]], [[0, 1]])",
    "tf.math.confusion_matrix([], [])",
    "tf.math.confusion_matrix([0, 1], [0, 1], num_classes=0)",
    "tf.math.confusion_matrix([0.7, 1.2], [0, 1])",
    "tf.math.confusion_matrix([0, 1], [1, 1], weights=[1, 2])",
]

_LG = "T('float32', [3, 1, 3], [0.1, 0.8, 0.1, 0.1, 0.8, 0.1, 0.9, 0.05, 0.05])"
CTC = [
    f"[S(d) for d in tf.nn.ctc_greedy_decoder({_LG}, [3])[0]] + "
    f"[tf.nn.ctc_greedy_decoder({_LG}, [3])[1]]",
    f"[S(d) for d in tf.nn.ctc_greedy_decoder({_LG}, [3], merge_repeated=False)[0]]",
    f"[S(d) for d in tf.nn.ctc_greedy_decoder({_LG}, [2], blank_index=0)[0]]",
    f"tf.nn.ctc_greedy_decoder({_LG}, [4])",
    f"tf.nn.ctc_greedy_decoder({_LG}, [3, 3])",
    f"tf.nn.ctc_greedy_decoder({_LG}, [-1])",
    f"tf.nn.ctc_greedy_decoder({_LG}, [3], blank_index=5)",
    "tf.nn.ctc_greedy_decoder(tf.ones([3, 2]), [3])",
    f"tf.nn.ctc_beam_search_decoder({_LG}, [3], beam_width=2, top_paths=3)",
    f"tf.nn.ctc_beam_search_decoder({_LG}, [3], beam_width=0)",
    f"tf.nn.ctc_beam_search_decoder({_LG}, [4])",
    f"tf.nn.ctc_beam_search_decoder({_LG}, [3], top_paths=0)",
    f"[S(d) for d in tf.nn.ctc_beam_search_decoder({_LG}, [3], beam_width=3, top_paths=2)[0]]",
    f"tf.nn.ctc_beam_search_decoder({_LG}, [3], beam_width=3, top_paths=2)[1]",
    "tf.nn.ctc_beam_search_decoder(tf.ones([3, 2]), [3])",
]

_Z = "tf.zeros([4], tf.int32)"
SCATTER = [
    f"tf.tensor_scatter_nd_update({_Z}, [[1], [1]], [5, 6])",
    f"tf.tensor_scatter_nd_add({_Z}, [[1], [1], [3]], [5, 6, 7])",
    f"tf.tensor_scatter_nd_sub({_Z}, [[1], [1]], [5, 6])",
    f"tf.tensor_scatter_nd_max({_Z}, [[1], [1]], [-5, 6])",
    f"tf.tensor_scatter_nd_min({_Z}, [[1], [1]], [-5, 6])",
    f"tf.tensor_scatter_nd_update({_Z}, [[4]], [5])",
    f"tf.tensor_scatter_nd_add({_Z}, [[-1]], [5])",
    f"tf.tensor_scatter_nd_max({_Z}, [[9]], [5])",
    f"tf.tensor_scatter_nd_min({_Z}, [[0], [7]], [5, 1])",
    f"tf.tensor_scatter_nd_sub({_Z}, [[0], [4]], [5, 1])",
    f"tf.tensor_scatter_nd_update({_Z}, [[1]], [5, 6])",
    f"tf.tensor_scatter_nd_update({_Z}, [[1, 0]], [5])",
    f"tf.tensor_scatter_nd_update({_Z}, tf.zeros([0, 1], tf.int32), tf.zeros([0], tf.int32))",
    "tf.tensor_scatter_nd_add(tf.zeros([2, 2]), [[0]], [[1.0, 2.0]])",
    "tf.tensor_scatter_nd_add(tf.zeros([2, 2]), [[2]], [[1.0, 2.0]])",
    "tf.tensor_scatter_nd_update(tf.zeros([2, 2]), [[0]], [1.0])",
    "tf.tensor_scatter_nd_update(tf.zeros([0]), [[0]], [1.0])",
    "tf.tensor_scatter_nd_max(tf.zeros([3]), [[0], [0]], [nan, 1.0])",
    "tf.tensor_scatter_nd_min(tf.zeros([3]), [[0], [1]], [nan, -0.0])",
    "tf.tensor_scatter_nd_update(tf.zeros([3], tf.bool), [[0]], [True])",
    "tf.tensor_scatter_nd_add(tf.zeros([3], tf.bool), [[0]], [True])",
    "tf.tensor_scatter_nd_update(tf.constant(['a', 'b']), [[0], [0]], ['x', 'y'])",
    f"tf.tensor_scatter_nd_update({_Z}, [[1.0]], [5])",
]

_FQ = "T('float32', [8], [-7.0, -6.1, -0.01, 0.0, 0.01, 6.0, 6.1, nan])"
FAKEQ = [
    f"tf.quantization.fake_quant_with_min_max_args({_FQ})",
    f"tf.quantization.fake_quant_with_min_max_args({_FQ}, min=-1.0, max=1.0, num_bits=2)",
    f"tf.quantization.fake_quant_with_min_max_args({_FQ}, min=0.5, max=1.0)",
    f"tf.quantization.fake_quant_with_min_max_args({_FQ}, min=-2.0, max=-1.0)",
    f"tf.quantization.fake_quant_with_min_max_args({_FQ}, min=-1.0, max=1.0, narrow_range=True)",
    f"tf.quantization.fake_quant_with_min_max_args({_FQ}, min=1.0, max=1.0)",
    f"tf.quantization.fake_quant_with_min_max_args({_FQ}, min=2.0, max=1.0)",
    f"tf.quantization.fake_quant_with_min_max_args({_FQ}, num_bits=1)",
    f"tf.quantization.fake_quant_with_min_max_args({_FQ}, num_bits=17)",
    f"tf.quantization.fake_quant_with_min_max_args({_FQ}, num_bits=16)",
    f"tf.quantization.fake_quant_with_min_max_vars({_FQ}, -3.0, 3.0, num_bits=3)",
    f"tf.quantization.fake_quant_with_min_max_vars({_FQ}, 3.0, -3.0)",
    f"tf.quantization.fake_quant_with_min_max_vars({_FQ}, 0.0, 0.0)",
    f"tf.quantization.fake_quant_with_min_max_vars({_FQ}, tf.constant([0.0]), 1.0)",
    f"tf.quantization.fake_quant_with_min_max_vars({_FQ}, 0.1, 0.2, narrow_range=True)",
    f"tf.quantization.fake_quant_with_min_max_vars_per_channel(tf.reshape({_FQ}, [4, 2]), "
    "[-1.0, 0.0], [1.0, 6.0])",
    f"tf.quantization.fake_quant_with_min_max_vars_per_channel(tf.reshape({_FQ}, [4, 2]), "
    "[-1.0, 0.0, 1.0], [1.0, 6.0, 2.0])",
    f"tf.quantization.fake_quant_with_min_max_vars_per_channel(tf.reshape({_FQ}, [4, 2]), "
    "[3.0, 0.0], [1.0, 6.0], num_bits=4, narrow_range=True)",
    f"tf.quantization.fake_quant_with_min_max_vars_per_channel({_FQ}, [-1.0], [1.0])",
    "tf.quantization.fake_quant_with_min_max_args(tf.ones([2], tf.float64))",
]


CASES = (STRINGS + SPARSE + RAGGED + IMAGE + PARTITION + SETS + TOPK + CONFUSION + CTC
         + SCATTER + FAKEQ + more.CASES + traced.CASES)


def _sparse(sp: Any) -> Any:
    return (sp.indices, sp.values, sp.dense_shape)


def _answer(tf: Any, src: str) -> Any:
    """outcome's answer, an error with its whole message (outcome keeps the first line)."""
    scope = {"tf": tf, "np": np, "nan": math.nan, "inf": math.inf,
             "T": lambda *a: T(tf, *a), "S": _sparse}
    try:
        value = eval(src, scope)  # noqa: S307
    except Exception as e:  # noqa: BLE001 - the error is the answer
        # (the marker before a KernelDef varies from process to process in TF:
        # "goo.gle/debugstr  ", "goo.gle/debugonly   "; a traced function's number with
        # the functions traced before it)
        text = re.sub(r"goo\.gle/debug\w+ +", "goo.gle/debug ", str(e))
        return ("raise", type(e).__name__, re.sub(r"(__inference_\S*?_)\d+", r"\g<1>N", text))
    return outcome(lambda: value)


def run(tf: Any) -> dict:
    """source -> its answer, as JSON keeps it, for each case."""
    out = {src: _answer(tf, src) for src in CASES}
    return json.loads(json.dumps(out, default=repr))
