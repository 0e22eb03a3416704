"""fuzz49b's differences from TF 2.21 found and left (test_regressions_fuzz49b.py marks
them strict xfails: a fix turns one into a failure to remove from here), each with its
reason. Most are traced cases (fuzz49b_traced.py), whose refusals TF words by its graph
builder, its shape functions or its kernels when the graph runs."""

from __future__ import annotations

_SHAPE_FN = ("traced, TF's shape function refuses the node (a ValueError naming the node, "
             "its attrs and its inputs' shapes); eagerflow's infer raises the kernel's "
             "InvalidArgumentError as the graph is built: this op's shape-function words "
             "are not reproduced (graph/shape_errors.py)")
_AT_RUN = ("traced, TF's shape function lets the node be built and its kernel refuses it "
           "when the graph runs; eagerflow's infer (or its Python) refuses it as the graph "
           "is built")
_SCOPE = ("traced, TF names the nodes under the API function's name scope "
          "(confusion_matrix/control_dependency:0, SparseToIndicator, "
          "SegmentIdsToRaggedSplits/bincount/DenseBincount, random_crop/Assert/Assert); "
          "eagerflow's nodes are not named under it")
_NO_KERNEL = ("traced, TF finds no kernel when the graph runs: an InvalidArgumentError (No "
              "OpKernel was registered ...) listing the node's attrs in hash order, which "
              "varies; eagerflow raises the eager NotFoundError as the graph is built")
_SSIM = ("float32 rounding of the 11x11 Gaussian filter's sums (TF's depthwise convolution "
         "sums in its own order): the variances' and covariance's cancellation leaves TF's "
         "cs at 1.0008, eagerflow's at 1.0000 (ssim 0.80065 against 0.80002)")
_RESET_SHAPE = ("traced, TF's reset_shape compares the shapes it knows statically (its "
                "Python's ValueError); eagerflow's asserts them when the graph runs")
_CONCAT_AXIS = ("traced, TF's sparse_concat indexes a list of the shapes with the axis "
                "(IndexError: list index ...); eagerflow's a tuple")
_LIST_ARG = ("traced, TF's graph builder wraps a list's conversion error with the parameter "
             "(Expected int32 passed to parameter 'y' of op 'ListDiff', ...)")
_TENSOR_K = ("traced, TF shows a tensor k as the Const node it captured (Const_1); "
             "eagerflow, which reads a constant k as the attr, names it as TF names a "
             "Python k (TopKV2/k)")

KNOWN: dict = {
    "tf.function(lambda: S(tf.sparse.concat(2, [tf.sparse.SparseTensor([[0, 0], [1, 2]],"
    " tf.constant([1.0, -2.0], tf.float32), [2, 3]), tf.sparse.SparseTensor([[0, 0], [1,"
    " 2]], tf.constant([1.0, -2.0], tf.float32), [2, 3])])))()":
        _CONCAT_AXIS,
    "tf.function(lambda: S(tf.sparse.cross([tf.constant([['a']]), tf.constant([['b'],"
    " ['c']])])))()":
        _AT_RUN,
    "tf.function(lambda: S(tf.sparse.expand_dims(tf.sparse.SparseTensor([[1, 2], [0, 0],"
    " [0, 2]], tf.constant([3, 1, 2], tf.int32), [2, 3]), 3)))()":
        _SHAPE_FN,
    "tf.function(lambda: S(tf.sparse.reset_shape(tf.sparse.SparseTensor([[1, 2], [0, 0],"
    " [0, 2]], tf.constant([3, 1, 2], tf.int32), [2, 3]), [1, 4])))()":
        _RESET_SHAPE,
    "tf.function(lambda: tf.argsort(tf.constant(3)))()":
        _SHAPE_FN,
    "tf.function(lambda: tf.compat.v1.setdiff1d([1, 2], [1.0]))()":
        _LIST_ARG,
    "tf.function(lambda: tf.image.adjust_contrast(tf.reshape(T('float32', [5, 3], [1.0,"
    " 0.0, 0.0, -0.5, 0.2, 0.3, nan, 0.5, 0.5, 2.0, 1.0, 0.0, 0.3, 0.3, 0.3]), [15]),"
    " 2.0))()":
        _SHAPE_FN,
    "tf.function(lambda: tf.image.adjust_hue(T('float32', [5, 3], [1.0, 0.0, 0.0, -0.5,"
    " 0.2, 0.3, nan, 0.5, 0.5, 2.0, 1.0, 0.0, 0.3, 0.3, 0.3]), 0.25))()":
        _SHAPE_FN,
    "tf.function(lambda: tf.image.adjust_hue(T('float32', [5, 3], [1.0, 0.0, 0.0, -0.5,"
    " 0.2, 0.3, nan, 0.5, 0.5, 2.0, 1.0, 0.0, 0.3, 0.3, 0.3]), 1.5))()":
        _SHAPE_FN,
    "tf.function(lambda: tf.image.adjust_hue(tf.cast(T('uint8', [2, 2, 1], [0, 17, 200,"
    " 255]), tf.float16), 0.1))()":
        _NO_KERNEL,
    "tf.function(lambda: tf.image.adjust_jpeg_quality(T('uint8', [1, 1, 3], [200, 10, 30]),"
    " 101))()":
        _SCOPE,
    "tf.function(lambda: tf.image.adjust_saturation(T('float32', [5, 3], [1.0, 0.0, 0.0,"
    " -0.5, 0.2, 0.3, nan, 0.5, 0.5, 2.0, 1.0, 0.0, 0.3, 0.3, 0.3]), -1.0))()":
        _SHAPE_FN,
    "tf.function(lambda: tf.image.adjust_saturation(T('float32', [5, 3], [1.0, 0.0, 0.0,"
    " -0.5, 0.2, 0.3, nan, 0.5, 0.5, 2.0, 1.0, 0.0, 0.3, 0.3, 0.3]), 2.0))()":
        _SHAPE_FN,
    "tf.function(lambda: tf.image.draw_bounding_boxes(tf.zeros([1, 3, 3, 2]), [[[0.0, 0.0,"
    " 0.5, 0.5]]], None))()":
        _SHAPE_FN,
    "tf.function(lambda: tf.image.extract_glimpse(tf.ones([1, 2, 2, 1]), [1, 1], [[0.0,"
    " 0.0], [0.0, 0.0]]))()":
        _SHAPE_FN,
    "tf.function(lambda: tf.image.extract_glimpse(tf.stack([T('float32', [2, 2, 3], [0.0,"
    " 0.2, 0.4, 0.6, 0.8, 1.0, 0.1, 0.3, 0.5, 0.7, 0.9, 0.25]), 1.0 - T('float32', [2, 2,"
    " 3], [0.0, 0.2, 0.4, 0.6, 0.8, 1.0, 0.1, 0.3, 0.5, 0.7, 0.9, 0.25])]), [1, 1], [[0.0,"
    " 0.0]]))()":
        _SHAPE_FN,
    "tf.function(lambda: tf.image.non_max_suppression([[0, 0, 1, 1], [0, 0, 1, 1.0]], [0.5,"
    " 0.5], 2, iou_threshold=1.5))()":
        _AT_RUN,
    "tf.function(lambda: tf.image.resize(tf.ones([4, 4, 1]), [0, 2]))()":
        _AT_RUN,
    "tf.function(lambda: tf.image.rgb_to_yiq(tf.ones([2, 2], tf.float64)))()":
        _SHAPE_FN,
    "tf.function(lambda: tf.image.rgb_to_yuv(tf.ones([2, 2])))()":
        _SHAPE_FN,
    "tf.function(lambda: tf.image.sample_distorted_bounding_box([2, 2, 3], tf.zeros([1, 1,"
    " 3]), seed=1))()":
        _SHAPE_FN,
    "tf.function(lambda: tf.image.sample_distorted_bounding_box([2, 2, 3], tf.zeros([1, 1,"
    " 4]), seed=1, min_object_covered=[0.1]))()":
        _SHAPE_FN,
    "tf.function(lambda: tf.image.sample_distorted_bounding_box([2, 2], tf.zeros([1, 1,"
    " 4]), seed=1))()":
        _SHAPE_FN,
    "tf.function(lambda: tf.image.stateless_random_crop(tf.reshape(tf.range(16), [4, 4]),"
    " [5, 3], [1, 2]))()":
        _SCOPE,
    "tf.function(lambda: tf.math.approx_min_k(T('float32', [5], [1.0, 5.0, nan, 2.0, 5.0]),"
    " 2))()":
        _NO_KERNEL,
    "tf.function(lambda: tf.math.confusion_matrix([0, -1], [0, 1]))()":
        _SCOPE,
    "tf.function(lambda: tf.math.confusion_matrix([0, 1, 2], [0, 1]))()":
        _SCOPE,
    "tf.function(lambda: tf.math.confusion_matrix([0, 1], [0, 1], num_classes=0))()":
        _SCOPE,
    "tf.function(lambda: tf.math.confusion_matrix([0, 1], [1, 0], dtype=tf.string,"
    " weights=[1, 2]))()":
        _AT_RUN,
    "tf.function(lambda: tf.math.confusion_matrix([0, 1], [1, 2], num_classes=2))()":
        _SCOPE,
    "tf.function(lambda: tf.math.confusion_matrix([0, 3], [0, 1], num_classes=2))()":
        _SCOPE,
    "tf.function(lambda: tf.math.confusion_matrix([], []))()":
        _AT_RUN,
    "tf.function(lambda: tf.math.in_top_k([0, 1, 2], T('float32', [2, 3], [1, 2, 3, 4, 5,"
    " 6]), 1))()":
        _SHAPE_FN,
    "tf.function(lambda: tf.math.in_top_k(tf.constant([0, 0]), tf.constant([[1.0, 2.0]]),"
    " 1))()":
        _SHAPE_FN,
    "tf.function(lambda: tf.math.in_top_k(tf.constant([0]), tf.constant([1.0, 2.0]), 1))()":
        _SHAPE_FN,
    "tf.function(lambda: tf.math.in_top_k(tf.constant([[0]]), tf.constant([[1.0, 2.0]]),"
    " 1))()":
        _SHAPE_FN,
    "tf.function(lambda: tf.math.top_k(tf.constant([3.0]), tf.constant(2)))()":
        _TENSOR_K,
    "tf.function(lambda: tf.ragged.boolean_mask(tf.ragged.constant([[1, 2], [3]]),"
    " tf.ragged.constant([[True], [False]])))()":
        _SCOPE,
    "tf.function(lambda: tf.ragged.segment_ids_to_row_splits([-1, 0]))()":
        _SCOPE,
    "tf.function(lambda: tf.ragged.stack_dynamic_partitions(tf.constant([1, 2]), [0, -1],"
    " 3))()":
        _SCOPE,
    "tf.function(lambda: tf.raw_ops.FakeQuantWithMinMaxArgsGradient(gradients=tf.ones([3]),"
    " inputs=T('float32', [4], [-1.0, 0.3, 0.7, 2.0])))()":
        _AT_RUN,
    "tf.function(lambda: tf.raw_ops.UniqueV2(x=tf.constant([[1, 2], [1, 2]]), axis=[2]))()":
        _SHAPE_FN,
    "tf.function(lambda: tf.raw_ops.UniqueWithCountsV2(x=tf.constant([[1, 1], [2, 2]]),"
    " axis=[0, 1]))()":
        _SHAPE_FN,
    "tf.function(lambda: tf.scatter_nd([[0]], [5], [-1]))()":
        _AT_RUN,
    "tf.function(lambda: tf.sort(tf.constant([[3, 1], [2, 0]]), axis=-3))()":
        _SHAPE_FN,
    "tf.function(lambda: tf.sort(tf.constant([[3, 1]]), axis=2))()":
        _SHAPE_FN,
    "tf.function(lambda: tf.sparse.reset_shape(tf.sparse.SparseTensor([[1, 2]], [1.0], [2,"
    " 3]), [1, 4]))()":
        _RESET_SHAPE,
    "tf.function(lambda: tf.sparse.sparse_dense_matmul(tf.sparse.SparseTensor([[0, 0], [1,"
    " 2]], tf.constant([1.0, -2.0], tf.float32), [2, 3]), tf.ones([2, 2])))()":
        _SHAPE_FN,
    "tf.function(lambda: tf.sparse.to_indicator(tf.sparse.SparseTensor([[0, 0]],"
    " tf.constant([-1], tf.int64), [1, 1]), 3))()":
        _SCOPE,
    "tf.function(lambda: tf.sparse.to_indicator(tf.sparse.SparseTensor([[1, 2], [0, 0], [0,"
    " 2]], tf.constant([3, 1, 2], tf.int32), [2, 3]), 2))()":
        _SCOPE,
    "tf.function(lambda: tf.strings.reduce_join(tf.constant([['a', 'b'], ['c', 'd']]),"
    " axis=2))()":
        _SHAPE_FN,
    "tf.function(lambda: tf.strings.unicode_encode(tf.constant([[65, -1]]), 'UTF-8',"
    " errors='strict'))()":
        _SCOPE,
    "tf.function(lambda: tf.tensor_scatter_nd_add(tf.constant(1.0), [[0]], [1.0]))()":
        _SHAPE_FN,
    "tf.function(lambda: tf.tensor_scatter_nd_add(tf.zeros([2, 2]), tf.zeros([1, 0],"
    " tf.int32), [[[1.0, 2.0], [3.0, 4.0]]]))()":
        _AT_RUN,
    "tf.function(lambda: tf.tensor_scatter_nd_add(tf.zeros([3], tf.bool), [[0]], [True]))()":
        _NO_KERNEL,
    "tf.function(lambda: tf.tensor_scatter_nd_max(tf.zeros([3], tf.complex64), [[0]],"
    " [1+1j]))()":
        _NO_KERNEL,
    "tf.function(lambda: tf.tensor_scatter_nd_update(tf.zeros([0]), [[0]], [1.0]))()":
        _SHAPE_FN,
    "tf.function(lambda: tf.tensor_scatter_nd_update(tf.zeros([2, 0]), [[1]], tf.zeros([1,"
    " 0])))()":
        _SHAPE_FN,
    "tf.function(lambda: tf.tensor_scatter_nd_update(tf.zeros([2, 0]), [[5]], tf.zeros([1,"
    " 0])))()":
        _SHAPE_FN,
    "tf.function(lambda: tf.tensor_scatter_nd_update(tf.zeros([2, 2]), [[0, 0, 0]],"
    " [1.0]))()":
        _AT_RUN,
    "tf.function(lambda: tf.tensor_scatter_nd_update(tf.zeros([2, 2]), [[0]], [1.0]))()":
        _SHAPE_FN,
    "tf.function(lambda: tf.tensor_scatter_nd_update(tf.zeros([4], tf.int32), [[1, 0]],"
    " [5]))()":
        _AT_RUN,
    "tf.function(lambda: tf.tensor_scatter_nd_update(tf.zeros([4], tf.int32), [[1]], [5,"
    " 6]))()":
        _SHAPE_FN,
    "tf.image.ssim(tf.ones([1, 11, 11, 1]), tf.ones([1, 11, 11, 1]) * 0.5, 1.0)":
        _SSIM,
}
