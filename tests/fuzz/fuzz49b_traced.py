"""fuzz49b's traced cases: each case of fuzz49b_cases.py and fuzz49b_more.py that TF 2.21
refuses eagerly, traced in a tf.function (TF's graph builder, its shape functions and its
kernels when the graph runs answer instead). Written by make_fuzz49b_traced.py."""

from __future__ import annotations

_SOURCES = [
    "tf.strings.format('{} {}', tf.constant(1))",
    "tf.strings.join([tf.constant(['a', 'b']), tf.constant(['c', 'd', 'e'])])",
    "tf.strings.length(T('string', [4], ['Hello World', ' a b  c ', 'ÄÖü', '']),"
    " unit='BYTES')",
    "tf.strings.length('ab', unit='CHAR')",
    "tf.strings.upper('abc', encoding='latin1')",
    "tf.strings.ngrams(tf.constant(['a', 'b']), 0)",
    "tf.strings.ngrams(tf.constant(['a', 'b']), 2, pad_values='P', padding_width=0)",
    "tf.strings.reduce_join(tf.constant([['a', 'b'], ['c', 'd']]), axis=2)",
    "tf.strings.substr(tf.constant(['hello', 'hi']), -3, 2)",
    "tf.strings.substr(tf.constant(['hello', 'hi']), -3, 10)",
    "tf.strings.substr(tf.constant('ÄÖü'), -4, 1, unit='UTF8_CHAR')",
    "tf.strings.substr(tf.constant('hello'), 6, 1)",
    "tf.strings.substr(tf.constant(['ab', 'cd']), [0, 1, 2], 1)",
    "tf.strings.to_hash_bucket_fast(tf.constant(['a']), 0)",
    "tf.strings.to_hash_bucket_strong(tf.constant(['a']), 11, [1])",
    "tf.strings.to_hash_bucket_strong(tf.constant(['a']), 0, [1, 2])",
    "tf.strings.unicode_decode_with_offsets(tf.constant([b'ab\\xffc', b'\\xc3', b'ok']),"
    " 'UTF-8', errors='strict')",
    "tf.strings.unicode_transcode(tf.constant([b'ab\\xffc', b'\\xc3', b'ok']), 'UTF-8',"
    " 'UTF-8', errors='strict')",
    "tf.strings.unicode_transcode(tf.constant(['a']), 'UTF-8', 'latin1')",
    "tf.strings.unicode_encode(tf.constant([[65, -1]]), 'UTF-8', errors='strict')",
    "S(tf.sparse.add(tf.sparse.SparseTensor([[0, 0], [1, 2]], tf.constant([1.0, -2.0],"
    " tf.float32), [2, 3]), tf.sparse.SparseTensor([[0, 0]], tf.constant([1], tf.int32), [2,"
    " 3])))",
    "S(tf.sparse.add(tf.sparse.SparseTensor([[0, 0], [1, 2]], tf.constant([1.0, -2.0],"
    " tf.float32), [2, 3]), tf.sparse.SparseTensor([[0, 0]], tf.constant([1.0], tf.float32),"
    " [2, 4])))",
    "S(tf.sparse.concat(1, [tf.sparse.SparseTensor([[0, 0], [1, 2]], tf.constant([1.0, -2.0],"
    " tf.float32), [2, 3]), tf.sparse.SparseTensor([[0, 0]], tf.constant([5.0], tf.float32),"
    " [3, 2])]))",
    "S(tf.sparse.concat(2, [tf.sparse.SparseTensor([[0, 0], [1, 2]], tf.constant([1.0, -2.0],"
    " tf.float32), [2, 3]), tf.sparse.SparseTensor([[0, 0], [1, 2]], tf.constant([1.0, -2.0],"
    " tf.float32), [2, 3])]))",
    "tf.sparse.reduce_sum(tf.sparse.SparseTensor([[0, 0], [1, 2]], tf.constant([1.0, -2.0],"
    " tf.float32), [2, 3]), axis=2)",
    "S(tf.sparse.reset_shape(tf.sparse.SparseTensor([[1, 2], [0, 0], [0, 2]], tf.constant([3,"
    " 1, 2], tf.int32), [2, 3]), [1, 4]))",
    "S(tf.sparse.reset_shape(tf.sparse.SparseTensor([[1, 2], [0, 0], [0, 2]], tf.constant([3,"
    " 1, 2], tf.int32), [2, 3]), [3]))",
    "S(tf.sparse.retain(tf.sparse.SparseTensor([[1, 2], [0, 0], [0, 2]], tf.constant([3, 1,"
    " 2], tf.int32), [2, 3]), [True, False]))",
    "S(tf.sparse.slice(tf.sparse.SparseTensor([[1, 2], [0, 0], [0, 2]], tf.constant([3, 1,"
    " 2], tf.int32), [2, 3]), [0], [1]))",
    "S(tf.sparse.softmax(tf.sparse.SparseTensor([[0], [2]], tf.constant([1.0, 2.0],"
    " tf.float32), [3])))",
    "[S(s) for s in tf.sparse.split(sp_input=tf.sparse.SparseTensor([[1, 2], [0, 0], [0, 2]],"
    " tf.constant([3, 1, 2], tf.int32), [2, 3]), num_split=3, axis=0)]",
    "[S(s) for s in tf.sparse.split(sp_input=tf.sparse.SparseTensor([[1, 2], [0, 0], [0, 2]],"
    " tf.constant([3, 1, 2], tf.int32), [2, 3]), num_split=0, axis=1)]",
    "tf.sparse.to_indicator(tf.sparse.SparseTensor([[1, 2], [0, 0], [0, 2]], tf.constant([3,"
    " 1, 2], tf.int32), [2, 3]), 2)",
    "tf.sparse.segment_sum(tf.constant([1., 2., 3.]), [0, 5], [0, 1])",
    "tf.sparse.segment_sum(tf.constant([1., 2., 3.]), [0, 1], [1, 0])",
    "tf.sparse.segment_mean(tf.constant([1, 2, 3]), [0, 1], [0, 0])",
    "tf.sparse.segment_sum(tf.constant([1., 2., 3.]), [0, 1], [0, 0], num_segments=0)",
    "tf.ragged.boolean_mask(tf.ragged.constant([[1, 2, 3], [], [4, 5]]), [True, False])",
    "tf.ragged.constant([[[1, 2]], [[3], [5, 6]]], ragged_rank=1)",
    "tf.ragged.constant([[1, 2], [3]], ragged_rank=2)",
    "tf.ragged.constant([[1, 2], [3]], ragged_rank=0)",
    "tf.ragged.constant([[], []], inner_shape=(2,))",
    "tf.ragged.constant([[1.5, 2], []], dtype=tf.int32)",
    "tf.ragged.range(3, 5, 0)",
    "tf.ragged.row_splits_to_segment_ids([])",
    "tf.ragged.segment_ids_to_row_splits([[0, 1]])",
    "tf.ragged.stack_dynamic_partitions(tf.constant([1, 2]), [0, 3], 3)",
    "tf.ragged.stack_dynamic_partitions(tf.constant([1, 2]), [0, -1], 3)",
    "tf.ragged.map_flat_values(tf.add, tf.ragged.constant([[1, 2, 3], [], [4, 5]]),"
    " tf.ragged.constant([[1], [], [4, 5]]))",
    "tf.ragged.map_flat_values(tf.reduce_sum, tf.ragged.constant([[1, 2, 3], [], [4, 5]]))",
    "tf.image.adjust_gamma(T('float32', [2, 2, 3], [0.0, 0.2, 0.4, 0.6, 0.8, 1.0, 0.1, 0.3,"
    " 0.5, 0.7, 0.9, 0.25]), -1.0)",
    "tf.image.central_crop(tf.reshape(tf.range(25.0), [5, 5, 1]), 0.0)",
    "tf.image.central_crop(tf.reshape(tf.range(25.0), [5, 5, 1]), 1.5)",
    "tf.image.central_crop(tf.reshape(tf.range(25.0), [5, 5]), 0.5)",
    "tf.image.convert_image_dtype(T('float32', [2, 2, 3], [0.0, 0.2, 0.4, 0.6, 0.8, 1.0, 0.1,"
    " 0.3, 0.5, 0.7, 0.9, 0.25]), tf.string)",
    "tf.image.crop_to_bounding_box(T('float32', [2, 2, 3], [0.0, 0.2, 0.4, 0.6, 0.8, 1.0,"
    " 0.1, 0.3, 0.5, 0.7, 0.9, 0.25]), -1, 0, 1, 2)",
    "tf.image.crop_to_bounding_box(T('float32', [2, 2, 3], [0.0, 0.2, 0.4, 0.6, 0.8, 1.0,"
    " 0.1, 0.3, 0.5, 0.7, 0.9, 0.25]), 0, 0, 3, 2)",
    "tf.image.crop_to_bounding_box(T('float32', [2, 2, 3], [0.0, 0.2, 0.4, 0.6, 0.8, 1.0,"
    " 0.1, 0.3, 0.5, 0.7, 0.9, 0.25]), 0, 1, 1, 2)",
    "tf.image.crop_to_bounding_box(T('float32', [2, 2, 3], [0.0, 0.2, 0.4, 0.6, 0.8, 1.0,"
    " 0.1, 0.3, 0.5, 0.7, 0.9, 0.25]), 0, 0, 0, 2)",
    "tf.image.crop_to_bounding_box(tf.ones([2, 2]), 0, 0, 1, 1)",
    "tf.image.extract_glimpse(tf.stack([T('float32', [2, 2, 3], [0.0, 0.2, 0.4, 0.6, 0.8,"
    " 1.0, 0.1, 0.3, 0.5, 0.7, 0.9, 0.25]), 1.0 - T('float32', [2, 2, 3], [0.0, 0.2, 0.4,"
    " 0.6, 0.8, 1.0, 0.1, 0.3, 0.5, 0.7, 0.9, 0.25])]), [1, 1], [[0.0, 0.0]])",
    "tf.image.flip_left_right(tf.ones([2, 2]))",
    "tf.image.resize_with_crop_or_pad(T('float32', [2, 2, 3], [0.0, 0.2, 0.4, 0.6, 0.8, 1.0,"
    " 0.1, 0.3, 0.5, 0.7, 0.9, 0.25]), 0, 1)",
    "tf.image.sample_distorted_bounding_box([2, 2, 3], tf.zeros([1, 1, 3]), seed=1)",
    "tf.image.sample_distorted_bounding_box([2, 2], tf.zeros([1, 1, 4]), seed=1)",
    "tf.image.sobel_edges(tf.ones([2, 2, 1]))",
    "tf.image.sobel_edges(tf.cast(tf.stack([T('float32', [2, 2, 3], [0.0, 0.2, 0.4, 0.6, 0.8,"
    " 1.0, 0.1, 0.3, 0.5, 0.7, 0.9, 0.25]), 1.0 - T('float32', [2, 2, 3], [0.0, 0.2, 0.4,"
    " 0.6, 0.8, 1.0, 0.1, 0.3, 0.5, 0.7, 0.9, 0.25])]) * 10, tf.int32))",
    "tf.image.total_variation(T('uint8', [2, 2, 1], [0, 17, 200, 255]))",
    "tf.image.total_variation(tf.ones([2, 2]))",
    "tf.image.rgb_to_yuv(tf.ones([2, 2]))",
    "tf.image.rgb_to_yiq(tf.ones([2, 2], tf.float64))",
    "tf.image.rgb_to_yuv(tf.ones([2, 3], tf.int32))",
    "tf.dynamic_partition(tf.constant([1, 2, 3, 4]), [1, 0, 3, 0], 2)",
    "tf.dynamic_partition(tf.constant([1, 2, 3, 4]), [1, -1, 0, 0], 2)",
    "tf.dynamic_partition(tf.constant([1, 2, 3]), [0, 1], 2)",
    "tf.dynamic_partition(tf.constant([1, 2]), [0, 1], 0)",
    "tf.dynamic_stitch([[0, -1]], [[1., 2.]])",
    "tf.dynamic_stitch([[0, 1]], [[1., 2., 3.]])",
    "tf.dynamic_stitch([[0], [1]], [[1], [2.0]])",
    "tf.dynamic_stitch([], [])",
    "tf.unique_with_counts(tf.constant([[1, 2]]))",
    "tf.compat.v1.setdiff1d([[1]], [1])",
    "tf.compat.v1.setdiff1d([1, 2], [1.0])",
    "tf.sets.size(tf.constant([[1, 2, 2, 3], [4, 4, 5, 0]]))",
    "S(tf.sets.intersection(tf.constant([[1, 2, 2, 3], [4, 4, 5, 0]]), tf.constant([1, 2])))",
    "S(tf.sets.union(tf.constant([1, 2]), tf.constant([3])))",
    "S(tf.sets.union(tf.constant([[1, 2, 2, 3], [4, 4, 5, 0]]), tf.cast(tf.constant([[2, 3,"
    " 9, 9], [0, 6, 6, 6]]), tf.int64)))",
    "S(tf.sets.union(tf.constant([1.0]), tf.constant([2.0])))",
    "tf.sets.size(tf.constant(5))",
    "S(tf.sets.intersection(tf.constant([[1, 2, 2, 3], [4, 4, 5, 0]]), tf.constant([[1], [2],"
    " [3]])))",
    "tf.math.top_k(T('float32', [6], [1.0, nan, 3.0, 3.0, -inf, nan]), 7)",
    "tf.math.top_k(T('float32', [6], [1.0, nan, 3.0, 3.0, -inf, nan]), -1)",
    "tf.math.top_k(tf.constant(3.0), 1)",
    "tf.math.in_top_k([0, 1, 2], T('float32', [2, 3], [1, 2, 3, 4, 5, 6]), 1)",
    "tf.sort(tf.constant([3, 1]), direction='UP')",
    "tf.sort(tf.constant([[3, 1]]), axis=2)",
    "tf.sort(tf.constant(['b', 'a']))",
    "tf.argsort(tf.constant([True, False]))",
    "tf.math.confusion_matrix([0, 3], [0, 1], num_classes=2)",
    "tf.math.confusion_matrix([0, -1], [0, 1])",
    "tf.math.confusion_matrix([0, 1, 2], [0, 1])",
    "tf.math.confusion_matrix([], [])",
    "tf.math.confusion_matrix([0, 1], [0, 1], num_classes=0)",
    "tf.nn.ctc_greedy_decoder(T('float32', [3, 1, 3], [0.1, 0.8, 0.1, 0.1, 0.8, 0.1, 0.9,"
    " 0.05, 0.05]), [4])",
    "tf.nn.ctc_greedy_decoder(T('float32', [3, 1, 3], [0.1, 0.8, 0.1, 0.1, 0.8, 0.1, 0.9,"
    " 0.05, 0.05]), [3, 3])",
    "tf.nn.ctc_greedy_decoder(T('float32', [3, 1, 3], [0.1, 0.8, 0.1, 0.1, 0.8, 0.1, 0.9,"
    " 0.05, 0.05]), [3], blank_index=5)",
    "tf.nn.ctc_greedy_decoder(tf.ones([3, 2]), [3])",
    "tf.nn.ctc_beam_search_decoder(T('float32', [3, 1, 3], [0.1, 0.8, 0.1, 0.1, 0.8, 0.1,"
    " 0.9, 0.05, 0.05]), [3], beam_width=2, top_paths=3)",
    "tf.nn.ctc_beam_search_decoder(T('float32', [3, 1, 3], [0.1, 0.8, 0.1, 0.1, 0.8, 0.1,"
    " 0.9, 0.05, 0.05]), [3], beam_width=0)",
    "tf.nn.ctc_beam_search_decoder(T('float32', [3, 1, 3], [0.1, 0.8, 0.1, 0.1, 0.8, 0.1,"
    " 0.9, 0.05, 0.05]), [4])",
    "tf.nn.ctc_beam_search_decoder(T('float32', [3, 1, 3], [0.1, 0.8, 0.1, 0.1, 0.8, 0.1,"
    " 0.9, 0.05, 0.05]), [3], top_paths=0)",
    "tf.nn.ctc_beam_search_decoder(tf.ones([3, 2]), [3])",
    "tf.tensor_scatter_nd_update(tf.zeros([4], tf.int32), [[4]], [5])",
    "tf.tensor_scatter_nd_add(tf.zeros([4], tf.int32), [[-1]], [5])",
    "tf.tensor_scatter_nd_max(tf.zeros([4], tf.int32), [[9]], [5])",
    "tf.tensor_scatter_nd_min(tf.zeros([4], tf.int32), [[0], [7]], [5, 1])",
    "tf.tensor_scatter_nd_sub(tf.zeros([4], tf.int32), [[0], [4]], [5, 1])",
    "tf.tensor_scatter_nd_update(tf.zeros([4], tf.int32), [[1]], [5, 6])",
    "tf.tensor_scatter_nd_update(tf.zeros([4], tf.int32), [[1, 0]], [5])",
    "tf.tensor_scatter_nd_add(tf.zeros([2, 2]), [[2]], [[1.0, 2.0]])",
    "tf.tensor_scatter_nd_update(tf.zeros([2, 2]), [[0]], [1.0])",
    "tf.tensor_scatter_nd_update(tf.zeros([0]), [[0]], [1.0])",
    "tf.tensor_scatter_nd_add(tf.zeros([3], tf.bool), [[0]], [True])",
    "tf.tensor_scatter_nd_update(tf.zeros([4], tf.int32), [[1.0]], [5])",
    "tf.quantization.fake_quant_with_min_max_args(T('float32', [8], [-7.0, -6.1, -0.01, 0.0,"
    " 0.01, 6.0, 6.1, nan]), min=1.0, max=1.0)",
    "tf.quantization.fake_quant_with_min_max_args(T('float32', [8], [-7.0, -6.1, -0.01, 0.0,"
    " 0.01, 6.0, 6.1, nan]), min=2.0, max=1.0)",
    "tf.quantization.fake_quant_with_min_max_args(T('float32', [8], [-7.0, -6.1, -0.01, 0.0,"
    " 0.01, 6.0, 6.1, nan]), num_bits=1)",
    "tf.quantization.fake_quant_with_min_max_args(T('float32', [8], [-7.0, -6.1, -0.01, 0.0,"
    " 0.01, 6.0, 6.1, nan]), num_bits=17)",
    "tf.quantization.fake_quant_with_min_max_vars(T('float32', [8], [-7.0, -6.1, -0.01, 0.0,"
    " 0.01, 6.0, 6.1, nan]), tf.constant([0.0]), 1.0)",
    "tf.quantization.fake_quant_with_min_max_vars_per_channel(tf.reshape(T('float32', [8],"
    " [-7.0, -6.1, -0.01, 0.0, 0.01, 6.0, 6.1, nan]), [4, 2]), [-1.0, 0.0, 1.0], [1.0, 6.0,"
    " 2.0])",
    "tf.quantization.fake_quant_with_min_max_vars_per_channel(T('float32', [8], [-7.0, -6.1,"
    " -0.01, 0.0, 0.01, 6.0, 6.1, nan]), [-1.0], [1.0])",
    "tf.quantization.fake_quant_with_min_max_args(tf.ones([2], tf.float64))",
    "tf.strings.as_string(tf.constant([1.5, -2.25, 1e10, nan, inf]), width=10, fill='x')",
    "tf.strings.as_string(tf.constant([1.5, -2.25, 1e10, nan, inf]), scientific=True,"
    " shortest=True)",
    "tf.strings.as_string(tf.constant([-5, 12]), precision=2)",
    "tf.strings.to_number(tf.constant(['2147483648']), tf.int32)",
    "tf.strings.to_number(tf.constant(['1.0']), tf.int64)",
    "tf.strings.to_number(tf.constant(['']), tf.float64)",
    "tf.strings.to_number(tf.constant(['1']), tf.string)",
    "tf.strings.unicode_split(tf.constant(['ab']), 'UTF-7')",
    "tf.strings.regex_full_match(tf.constant(['abc']), '(')",
    "tf.strings.regex_replace(tf.constant(['abc']), '[', '-')",
    "tf.strings.length(tf.constant(3))",
    "tf.strings.substr(tf.constant([['hello']]), [[1, 2]], [[2]])",
    "tf.strings.unsorted_segment_join(tf.constant(['a', 'b']), [0, 5], 2)",
    "tf.strings.unsorted_segment_join(tf.constant(['a', 'b']), [0, -1], 2)",
    "tf.strings.ngrams(tf.constant('a'), 1)",
    "tf.sparse.to_dense(tf.sparse.SparseTensor([[0, 0], [0, 0]], tf.constant([1.0, 2.0],"
    " tf.float32), [2, 3]))",
    "tf.sparse.to_dense(tf.sparse.SparseTensor([[1, 0], [0, 0]], tf.constant([1.0, 2.0],"
    " tf.float32), [2, 3]))",
    "tf.sparse.to_dense(tf.sparse.SparseTensor([[5, 0]], tf.constant([1.0], tf.float32), [2,"
    " 3]))",
    "tf.sparse.to_dense(tf.sparse.SparseTensor([[1, 2], [0, 0], [0, 2]], tf.constant([3, 1,"
    " 2], tf.int32), [2, 3]), default_value=-7)",
    "S(tf.sparse.minimum(tf.sparse.SparseTensor([[0, 0], [1, 2]], tf.constant([1.0, -2.0],"
    " tf.float32), [2, 3]), tf.sparse.SparseTensor([[0, 0]], tf.constant([1.0], tf.float32),"
    " [2, 4])))",
    "S(tf.sparse.slice(tf.sparse.SparseTensor([[1, 2], [0, 0], [0, 2]], tf.constant([3, 1,"
    " 2], tf.int32), [2, 3]), [1, 2], [-1, 5]))",
    "tf.sparse.reduce_sum(tf.sparse.SparseTensor([[0, 0]], tf.constant([True], tf.bool), [2,"
    " 2]))",
    "S(tf.sparse.softmax(tf.sparse.SparseTensor([[1, 2], [0, 0], [0, 2]], tf.constant([3, 1,"
    " 2], tf.int32), [2, 3])))",
    "[S(s) for s in tf.sparse.split(sp_input=tf.sparse.SparseTensor([[1, 2], [0, 0], [0, 2]],"
    " tf.constant([3, 1, 2], tf.int32), [2, 3]), num_split=4, axis=1)]",
    "[S(s) for s in tf.sparse.split(sp_input=tf.sparse.SparseTensor([[1, 2], [0, 0], [0, 2]],"
    " tf.constant([3, 1, 2], tf.int32), [2, 3]), num_split=2, axis=2)]",
    "S(tf.sparse.transpose(tf.sparse.SparseTensor([[1, 2], [0, 0], [0, 2]], tf.constant([3,"
    " 1, 2], tf.int32), [2, 3]), [1]))",
    "S(tf.sparse.expand_dims(tf.sparse.SparseTensor([[1, 2], [0, 0], [0, 2]], tf.constant([3,"
    " 1, 2], tf.int32), [2, 3]), 3))",
    "tf.sparse.fill_empty_rows(tf.sparse.SparseTensor([[4, 0]], tf.constant([1], tf.int32),"
    " [3, 1]), 0)",
    "S(tf.sparse.to_indicator(tf.sparse.SparseTensor([[0, 0]], tf.constant([3], tf.int64),"
    " [1, 1]), 3))",
    "tf.sparse.to_indicator(tf.sparse.SparseTensor([[0, 0]], tf.constant([-1], tf.int64), [1,"
    " 1]), 3)",
    "tf.sparse.segment_sum(tf.constant([1., 2., 3.]), [0, 1], [0, 2], num_segments=2)",
    "tf.sparse.segment_sum(tf.constant([1., 2.]), [0, 1], [0])",
    "tf.sparse.segment_sum(tf.constant([1., 2.]), [0, -1], [0, 0])",
    "tf.sparse.segment_mean(tf.constant([1., 2.]), [0, 1], [-1, 0])",
    "S(tf.sparse.cross([tf.constant([['a']]), tf.constant([['b'], ['c']])]))",
    "tf.sparse.sparse_dense_matmul(tf.sparse.SparseTensor([[0, 0], [1, 2]], tf.constant([1.0,"
    " -2.0], tf.float32), [2, 3]), tf.ones([2, 2]))",
    "tf.ragged.constant([[1, [2]]])",
    "tf.ragged.constant([[[1], [2, 3]], [[4]]], inner_shape=(1,))",
    "tf.ragged.constant([[1, 2], [3]], inner_shape=(2,))",
    "tf.ragged.constant([[1, 2.5]], dtype=tf.string)",
    "tf.ragged.range([0, 1], [5, 2], [2, 0])",
    "tf.ragged.range([[1]], 3)",
    "tf.ragged.range([0, 1], [5, 6, 7])",
    "tf.ragged.range(tf.constant(1, tf.int8), 5)",
    "tf.ragged.stack_dynamic_partitions(tf.constant([1, 2]), [0, 1], 0)",
    "tf.ragged.stack_dynamic_partitions(tf.constant([1, 2]), [[0, 1]], 2)",
    "tf.ragged.boolean_mask(tf.ragged.constant([[1, 2], [3]]), tf.ragged.constant([[True],"
    " [False]]))",
    "tf.ragged.boolean_mask(tf.constant([1, 2]), tf.constant(True))",
    "tf.ragged.boolean_mask(tf.constant([[1, 2], [3, 4]]), [[1, 0], [0, 1]])",
    "tf.ragged.map_flat_values(lambda x: x[:1], tf.ragged.constant([[1, 2], [3]]))",
    "tf.ragged.map_flat_values(tf.add, tf.ragged.constant([[1, 2], [3]]),"
    " tf.ragged.constant([[1, 2], [3]], row_splits_dtype=tf.int32))",
    "tf.ragged.segment_ids_to_row_splits([-1, 0])",
    "tf.ragged.row_splits_to_segment_ids([[0, 1]])",
    "tf.ragged.row_splits_to_segment_ids([0.0, 1.0])",
    "tf.image.adjust_hue(T('float32', [5, 3], [1.0, 0.0, 0.0, -0.5, 0.2, 0.3, nan, 0.5, 0.5,"
    " 2.0, 1.0, 0.0, 0.3, 0.3, 0.3]), 0.25)",
    "tf.image.adjust_hue(T('float32', [5, 3], [1.0, 0.0, 0.0, -0.5, 0.2, 0.3, nan, 0.5, 0.5,"
    " 2.0, 1.0, 0.0, 0.3, 0.3, 0.3]), 1.5)",
    "tf.image.adjust_saturation(T('float32', [5, 3], [1.0, 0.0, 0.0, -0.5, 0.2, 0.3, nan,"
    " 0.5, 0.5, 2.0, 1.0, 0.0, 0.3, 0.3, 0.3]), 2.0)",
    "tf.image.adjust_saturation(T('float32', [5, 3], [1.0, 0.0, 0.0, -0.5, 0.2, 0.3, nan,"
    " 0.5, 0.5, 2.0, 1.0, 0.0, 0.3, 0.3, 0.3]), -1.0)",
    "tf.image.adjust_contrast(tf.reshape(T('float32', [5, 3], [1.0, 0.0, 0.0, -0.5, 0.2, 0.3,"
    " nan, 0.5, 0.5, 2.0, 1.0, 0.0, 0.3, 0.3, 0.3]), [15]), 2.0)",
    "tf.image.adjust_hue(tf.cast(T('uint8', [2, 2, 1], [0, 17, 200, 255]), tf.float16), 0.1)",
    "tf.image.adjust_jpeg_quality(T('uint8', [1, 1, 3], [200, 10, 30]), 101)",
    "tf.image.grayscale_to_rgb(tf.ones([2, 2]))",
    "tf.image.grayscale_to_rgb(tf.ones([2, 2, 3]))",
    "tf.image.rot90(tf.reshape(tf.range(6), [2, 3]), k=1)",
    "tf.image.pad_to_bounding_box(tf.ones([2, 2, 1]), 1, 0, 2, 3)",
    "tf.image.pad_to_bounding_box(tf.ones([2, 2, 1]), -1, 0, 4, 3)",
    "tf.image.resize_with_pad(tf.ones([2, 3, 1]), 0, 4)",
    "tf.image.resize(tf.ones([4, 4, 1]), [0, 2])",
    "tf.image.resize(tf.ones([4, 4, 1]), [2, 2], method='bogus')",
    "tf.image.draw_bounding_boxes(tf.zeros([1, 3, 3, 2]), [[[0.0, 0.0, 0.5, 0.5]]], None)",
    "tf.image.non_max_suppression([[0, 0, 1, 1], [0, 0, 1, 1.0]], [0.5, 0.5], 2,"
    " iou_threshold=1.5)",
    "tf.image.image_gradients(tf.ones([2, 2, 1]))",
    "tf.image.stateless_random_crop(tf.reshape(tf.range(16), [4, 4]), [5, 3], [1, 2])",
    "tf.image.stateless_random_jpeg_quality(T('uint8', [2, 2, 3], list(range(12))), 50, 40,"
    " [1, 2])",
    "tf.unique(tf.constant([1, 2]), out_idx=tf.float32)",
    "tf.unique(tf.constant([[1, 2]]))",
    "tf.raw_ops.UniqueV2(x=tf.constant([[1, 2], [1, 2]]), axis=[2])",
    "tf.raw_ops.UniqueWithCountsV2(x=tf.constant([[1, 1], [2, 2]]), axis=[0, 1])",
    "tf.math.top_k(tf.constant([True, False]), 1)",
    "tf.math.approx_min_k(T('float32', [5], [1.0, 5.0, nan, 2.0, 5.0]), 2)",
    "tf.argsort(tf.constant(3))",
    "tf.sort(tf.constant([[3, 1], [2, 0]]), axis=-3)",
    "tf.math.confusion_matrix([0, 1], [1, 0], weights=[1.5])",
    "tf.math.confusion_matrix([0, 1], [1, 2], num_classes=2)",
    "tf.math.confusion_matrix([0, 1], [1, 0], dtype=tf.string)",
    "tf.math.confusion_matrix([0, 1], [1, 0], dtype=tf.string, weights=[1, 2])",
    "tf.math.in_top_k(tf.constant([0, 1]), tf.constant([[1.0, 2.0], [3.0, 1.0]], tf.float64),"
    " 1)",
    "tf.math.in_top_k(tf.constant([0]), tf.constant([[1.0, 2.0]], tf.float16), 1)",
    "tf.math.in_top_k(tf.constant([[0]]), tf.constant([[1.0, 2.0]]), 1)",
    "tf.math.in_top_k(tf.constant([0]), tf.constant([1.0, 2.0]), 1)",
    "tf.math.in_top_k(tf.constant([0, 0]), tf.constant([[1.0, 2.0]]), 1)",
    "tf.math.in_top_k(tf.constant([0]), tf.constant([[1.0, 2.0]]), tf.constant(1, tf.int64))",
    "tf.compat.v1.setdiff1d([1, 2, 3], [[2]])",
    "tf.compat.v1.setdiff1d([1, 1, 2], [], index_dtype=tf.float32)",
    "tf.sets.size(tf.constant([[1, 1, 2]], tf.int16))",
    "tf.sets.size(tf.constant([[[1, 2], [3, 3]]]), validate_indices=False)",
    "S(tf.sets.union(tf.sparse.SparseTensor([[0, 1], [0, 0]], [2, 1], [1, 2]),"
    " tf.constant([[3]])))",
    "tf.tensor_scatter_nd_update(tf.zeros([2, 2]), [[0, 5]], [1.0])",
    "tf.tensor_scatter_nd_update(tf.zeros([2, 2]), [[0, 0, 0]], [1.0])",
    "tf.tensor_scatter_nd_add(tf.zeros([2, 2]), [[]], [[[1.0, 2.0], [3.0, 4.0]]])",
    "tf.tensor_scatter_nd_add(tf.zeros([2, 2]), tf.zeros([1, 0], tf.int32), [[[1.0, 2.0],"
    " [3.0, 4.0]]])",
    "tf.tensor_scatter_nd_add(tf.constant(1.0), [[0]], [1.0])",
    "tf.tensor_scatter_nd_max(tf.zeros([3], tf.complex64), [[0]], [1+1j])",
    "tf.tensor_scatter_nd_update(tf.zeros([3]), [[-1]], [1.0])",
    "tf.tensor_scatter_nd_update(tf.zeros([3], tf.int32), tf.constant([[3]], tf.int64), [1])",
    "tf.tensor_scatter_nd_max(tf.zeros([2, 2]), [[2]], [[1.0, 1.0]])",
    "tf.tensor_scatter_nd_update(tf.zeros([2, 0]), [[1]], tf.zeros([1, 0]))",
    "tf.tensor_scatter_nd_update(tf.zeros([2, 0]), [[5]], tf.zeros([1, 0]))",
    "tf.scatter_nd([[4]], [5], [4])",
    "tf.scatter_nd([[0]], [5], [-1])",
    "tf.quantization.fake_quant_with_min_max_args(T('float32', [4], [-1.0, 0.3, 0.7, 2.0]),"
    " min=nan, max=1.0)",
    "tf.quantization.fake_quant_with_min_max_vars(T('float32', [4], [-1.0, 0.3, 0.7, 2.0]),"
    " 0.0, 1.0, num_bits=1)",
    "tf.quantization.fake_quant_with_min_max_vars(T('float32', [4], [-1.0, 0.3, 0.7, 2.0]),"
    " tf.constant(0.0, tf.float64), 1.0)",
    "tf.quantization.fake_quant_with_min_max_vars(tf.cast(T('float32', [4], [-1.0, 0.3, 0.7,"
    " 2.0]), tf.float64), 0.0, 1.0)",
    "tf.quantization.fake_quant_with_min_max_vars(np.ones([4]), tf.constant(0.0, tf.float64),"
    " 1.0)",
    "tf.quantization.fake_quant_with_min_max_vars(T('float32', [4], [-1.0, 0.3, 0.7, 2.0]),"
    " tf.Variable(0.0, dtype=tf.float64), 1.0)",
    "tf.quantization.fake_quant_with_min_max_vars_per_channel(tf.ones([4, 2]),"
    " tf.constant([0.0, 0.0], tf.float64), [1.0, 1.0])",
    "tf.quantization.fake_quant_with_min_max_vars_per_channel(tf.ones([4, 2]),"
    " tf.constant([0.0, 0.0], tf.float64), tf.constant([1.0, 1.0]))",
    "tf.quantization.fake_quant_with_min_max_vars_gradient(tf.ones([4]), tf.ones([4]),"
    " tf.constant(0.0, tf.float64), 1.0)",
    "tf.quantization.fake_quant_with_min_max_args_gradient(tf.ones([4]), tf.ones([4],"
    " tf.float64))",
    "tf.quantization.fake_quant_with_min_max_vars_per_channel(tf.reshape(T('float32', [4],"
    " [-1.0, 0.3, 0.7, 2.0]), [2, 2]), [[0.0, 0.0]], [[0.0, 1.0]])",
    "tf.quantization.fake_quant_with_min_max_vars_per_channel(tf.reshape(T('float32', [4],"
    " [-1.0, 0.3, 0.7, 2.0]), [2, 2]), [0.0, 0.0], [1.0, 1.0], num_bits=20)",
    "tf.raw_ops.FakeQuantWithMinMaxArgsGradient(gradients=tf.ones([3]), inputs=T('float32',"
    " [4], [-1.0, 0.3, 0.7, 2.0]))",
    "tf.quantization.quantize_and_dequantize_v2(T('float32', [4], [-1.0, 0.3, 0.7, 2.0]),"
    " 1.0, -1.0, range_given=True)",
    "tf.nn.ctc_greedy_decoder(T('float32', [2, 2, 3], [0.1, 0.8, 0.1, 0.5, 0.2, 0.3, 0.9,"
    " 0.05, 0.05, 0.3, 0.3, 0.4]), [[2, 1]])",
    "tf.nn.ctc_greedy_decoder(tf.cast(T('float32', [2, 2, 3], [0.1, 0.8, 0.1, 0.5, 0.2, 0.3,"
    " 0.9, 0.05, 0.05, 0.3, 0.3, 0.4]), tf.float16), [2, 1])",
    "tf.nn.ctc_greedy_decoder(T('float32', [2, 2, 3], [0.1, 0.8, 0.1, 0.5, 0.2, 0.3, 0.9,"
    " 0.05, 0.05, 0.3, 0.3, 0.4]), tf.constant([2, 1], tf.int64))",
    "tf.nn.ctc_beam_search_decoder(T('float32', [2, 2, 3], [0.1, 0.8, 0.1, 0.5, 0.2, 0.3,"
    " 0.9, 0.05, 0.05, 0.3, 0.3, 0.4]), [2, 3])",
    "tf.nn.ctc_beam_search_decoder(T('float32', [2, 2, 3], [0.1, 0.8, 0.1, 0.5, 0.2, 0.3,"
    " 0.9, 0.05, 0.05, 0.3, 0.3, 0.4]), [2, 1], beam_width=2, top_paths=5)",
    "tf.nn.ctc_beam_search_decoder(T('float32', [2, 2, 3], [0.1, 0.8, 0.1, 0.5, 0.2, 0.3,"
    " 0.9, 0.05, 0.05, 0.3, 0.3, 0.4]), [2, 1], beam_width=-1)",
    "tf.nn.ctc_beam_search_decoder(tf.zeros([0, 2, 3]), [0, 0])[1]",
    "tf.nn.ctc_greedy_decoder(tf.zeros([0, 2, 3]), [0, 0])[1]",
    "tf.nn.ctc_greedy_decoder(tf.zeros([2, 0, 3]), [])[1]",
    "tf.nn.ctc_greedy_decoder(tf.zeros([2, 2, 3]), [3, 3])[1]",
    "tf.nn.ctc_greedy_decoder(tf.zeros([0, 2, 3]), [0])[1]",
    "tf.dynamic_partition(tf.constant([1, 2]), tf.constant([1, 0], tf.int64), 2)",
    "tf.dynamic_partition(tf.constant([1, 2]), [[0], [1]], 2)",
    "tf.dynamic_stitch([tf.constant([0], tf.int64)], [[1.0]])",
    "tf.dynamic_stitch([[0], [1]], [[[1.0]], [[2.0, 3.0]]])",
    "tf.dynamic_stitch([[0, 1]], [[1.0]])",
]

CASES = [f"tf.function(lambda: {src})()" for src in _SOURCES]
