"""tf.raw_ops calls whose results and errors TF 2.21 recorded (golden/raw_ops.json, written
by make_raw_ops_golden.py), and how a result is written down for comparison.

Each case is an expression over `tf` (TensorFlow there, eagerflow here) and `np`.
"""

from __future__ import annotations

import re
from typing import Any

import numpy as np

CASES = [
    # a tensor of another dtype: the kernel's error where every input is a tensor (TF's
    # fast path); the conversion error of TF's slow path where a Python value sends it
    # there (fixed dtypes, and a type attribute's inputs when not all are tensors)
    "tf.raw_ops.AddV2(x=tf.constant(1), y=[1.0])",
    "tf.raw_ops.AddV2(x=[1], y=tf.constant(1.0))",
    "tf.raw_ops.Select(condition=[True], x=tf.constant([1]), y=tf.constant([1.0]))",
    "tf.raw_ops.Select(condition=tf.constant([True]), x=[1], y=tf.constant([1.0]))",
    "tf.raw_ops.Select(condition=[1], x=tf.constant([1]), y=tf.constant([2]))",
    "tf.raw_ops.Select(condition=tf.constant([1]), x=[1], y=tf.constant([2]))",
    "tf.raw_ops.RegexReplace(input=tf.constant(1), pattern='a', rewrite='b')",
    "tf.raw_ops.RegexReplace(input=tf.constant(1), pattern=tf.constant(2), rewrite='b')",
    "tf.raw_ops.RegexReplace(input=tf.constant(1), pattern=tf.constant('a'), "
    "rewrite=tf.constant('b'))",
    "tf.raw_ops.StringJoin(inputs=[tf.constant(1), 'a'])",
    "tf.raw_ops.ConcatV2(values=[tf.constant([1]), [2.0]], axis=0)",
    "tf.raw_ops.ConcatV2(values=[tf.constant([1]), tf.constant([2.0])], axis=[0])",
    "tf.raw_ops.RaggedGather(params_nested_splits=[tf.constant([0, 1, 3]), "
    "tf.constant([0, 2, 2, 5], tf.int64)], params_dense_values=tf.range(5), indices=[1], "
    "OUTPUT_RAGGED_RANK=2)",
    # values, type attributes inferred from the inputs
    "tf.raw_ops.AddV2(x=1.0, y=2.0)",
    "tf.raw_ops.AddV2(x=[1, 2], y=3)",
    "tf.raw_ops.Mul(x=np.array([1.5, 2.0]), y=2.0)",
    "tf.raw_ops.Sum(input=[[1.0, 2.0], [3.0, 4.0]], axis=1, keep_dims=True)",
    "tf.raw_ops.Sum(input=[[1, 2]], axis=[0, 1])",
    "tf.raw_ops.Max(input=[[1.0, 5.0], [3.0, 4.0]], axis=0)",
    "tf.raw_ops.Squeeze(input=[[1], [2]], axis=[1])",
    "tf.raw_ops.Cast(x=[1.5, -2.5], DstT=tf.int32)",
    "tf.raw_ops.Cast(x=[1, 0], DstT='bool')",
    "tf.raw_ops.Fill(dims=[2, 2], value=1.5)",
    "tf.raw_ops.Range(start=0, limit=5, delta=2)",
    "tf.raw_ops.MatMul(a=[[1.0, 2.0]], b=[[3.0], [4.0]], transpose_a=False)",
    "tf.raw_ops.MatMul(a=[[1.0, 2.0]], b=[[3.0, 4.0]], transpose_b=True)",
    "tf.raw_ops.Relu(features=[-1.0, 0.0, 2.0])",
    "tf.raw_ops.Softmax(logits=[[1.0, 2.0, 3.0]])",
    "tf.raw_ops.Reshape(tensor=[1, 2, 3, 4], shape=[2, -1])",
    "tf.raw_ops.Transpose(x=[[1, 2, 3]], perm=[1, 0])",
    "tf.raw_ops.GatherV2(params=[10, 20, 30], indices=[2, 0], axis=0)",
    "tf.raw_ops.OneHot(indices=[0, 2], depth=3, on_value=1.0, off_value=0.0)",
    "tf.raw_ops.StringJoin(inputs=['a', 'b'], separator='-')",
    "tf.raw_ops.RandomStandardNormal(shape=[3], dtype=tf.float32, seed=1, seed2=2)",
    "tf.raw_ops.RandomUniformInt(shape=[4], minval=0, maxval=10, seed=7, seed2=3)",
    # a type attribute no tensor sets: TF's fast path (every input a tensor, NumPy array
    # or Python number) asks for the attribute's default dtype (Range's, Sum's axis':
    # int32), which a Python float refuses and a NumPy value is cast to; its slow path (a
    # list among the inputs) keeps the dtype the first value infers where it is allowed
    "tf.raw_ops.Range(start=0.0, limit=3.0, delta=1.0)",
    "tf.raw_ops.Range(start=0, limit=3.0, delta=1)",
    "tf.raw_ops.Range(start=np.float64(0.5), limit=np.float64(3.0), delta=np.float64(1.0))",
    "tf.raw_ops.Range(start=np.array(0.5), limit=np.array(3.0), delta=np.array(1.0))",
    "tf.raw_ops.Range(start=[0.5], limit=3.0, delta=1.0)",
    "tf.raw_ops.Range(start=0, limit=tf.constant(3.0), delta=1)",
    "tf.raw_ops.Range(start=True, limit=3, delta=1)",
    "tf.raw_ops.Sum(input=tf.constant([1.0, 2.0]), axis=0.0)",
    "tf.raw_ops.Sum(input=tf.constant([1.0, 2.0]), axis=np.array(0.7))",
    "tf.raw_ops.Sum(input=[1.0, 2.0], axis=0.0)",
    "tf.raw_ops.LinSpace(start=0.0, stop=1.0, num=3.0)",
    "tf.raw_ops.LinSpace(start=0, stop=1.0, num=3)",
    "tf.raw_ops.ConcatV2(values=[np.array([1]), np.array([2])], axis=0.0)",
    "tf.raw_ops.BroadcastArgs(s0=np.array([1]), s1=2.0)",
    "tf.raw_ops.Fill(dims=np.array([2.0]), value=1)",
    # ... and without a default the first value sets it, the others converted to its dtype
    "tf.raw_ops.AddV2(x=1.0, y=2)",
    "tf.raw_ops.AddV2(x=2.5, y=tf.constant(1))",
    "tf.raw_ops.Pack(values=[1, 2.0])",
    "tf.raw_ops.Pack(values=[1.0, 2])",
    "tf.raw_ops.Pack(values=[np.float64(1.5), 1])",
    "tf.raw_ops.Pack(values=[1, np.array(1.5)])",
    "tf.raw_ops.Pack(values=[True, 1])",
    "tf.raw_ops.SelectV2(condition=True, t=1, e=2.0)",
    "tf.raw_ops.Select(condition=True, x=1.0, y=2)",
    "tf.raw_ops.AddN(inputs=[1.0, 2])",
    # public functions that are TF's generated wrappers: the same conversions
    "tf.math.invert_permutation(1.0)",
    "tf.unravel_index(1.0, np.array([3]))",
    "tf.where(3)",
    "tf.linspace(np.uint8(0), np.uint8(4), 3)",
    "tf.linspace(0.0, 1.0, np.array(3.0))",
    "tf.repeat(np.array([1.0, 2.0], np.float16), np.array([1.5, 2.7]))",
    # list inputs and outputs, several outputs
    "tf.raw_ops.AddN(inputs=[[1.0, 2.0], [3.0, 4.0], [5.0, 6.0]])",
    "tf.raw_ops.ConcatV2(values=[[1, 2], [3]], axis=0)",
    "tf.raw_ops.Pack(values=[[1, 2], [3, 4]], axis=1)",
    "tf.raw_ops.Split(axis=0, value=[1, 2, 3, 4], num_split=2)",
    "tf.raw_ops.Unpack(value=[[1, 2], [3, 4]], num=2)",
    "tf.raw_ops.TopKV2(input=[1, 3, 2], k=2)",
    "tf.raw_ops.Unique(x=[3, 1, 3, 2])",
    "tf.raw_ops.Unique(x=[3, 1, 3], out_idx=tf.int64)",
    "tf.raw_ops.BroadcastArgs(s0=[2, 1], s1=[3])",
    # the errors TF's op wrappers raise before the op runs
    "tf.raw_ops.AddV2(1.0, 2.0)",
    "tf.raw_ops.AddV2(x=1.0)",
    "tf.raw_ops.MatMul(transpose_a=True)",
    "tf.raw_ops.AddV2(x=1.0, y=2.0, z=3.0)",
    "tf.raw_ops.AddV2(x=1, y=2.5)",
    "tf.raw_ops.AddV2(x=tf.constant(1), y=tf.constant(2.0))",
    "tf.raw_ops.AddV2(x='a', y='b')",
    "tf.raw_ops.Cast(x=[1.5], DstT=None)",
    "tf.raw_ops.Cast(x=[1.5])",
    "tf.raw_ops.Sum(input=[1.0], axis=0, keep_dims='yes')",
    "tf.raw_ops.Sum(input=[1.0], axis=0.5)",
    "tf.raw_ops.TopKV2(input=[1.0], k=1.5)",
    "tf.raw_ops.Squeeze(input=[[1]], axis=0)",
    "tf.raw_ops.Squeeze(input=[[1]], squeeze_dims=[0])",
    "tf.raw_ops.StringJoin(inputs=['a', 'b'], separator=3)",
    "tf.raw_ops.AddN(inputs=1.0)",
    "tf.raw_ops.AddN(inputs=[1, 2.5])",
    "tf.raw_ops.NoSuchOp(x=1)",
    # the op's own errors
    "tf.raw_ops.AddV2(x=[1.0, 2.0], y=[1.0, 2.0, 3.0])",
    "tf.raw_ops.Reshape(tensor=[1, 2, 3], shape=[2, 2])",
    # TF's earlier versions of ops and raw array ops: values, errors (the diagonal ops'
    # are in tests/ops/diag_band_cases.py)
    "tf.raw_ops.InTopK(predictions=[[0.1, 0.9, 0.5], [0.3, 0.2, 0.1]], targets=[2, 0], k=1)",
    "tf.raw_ops.InTopK(predictions=[[0.1, 0.9], [0.3, 0.2]], targets=[1, 5], k=-1)",
    "tf.raw_ops.InTopK(predictions=[0.1, 0.9], targets=[1, 0], k=1)",
    "tf.raw_ops.Reverse(tensor=[[1, 2, 3], [4, 5, 6]], dims=[False, True])",
    "tf.raw_ops.Reverse(tensor=[[1, 2, 3]], dims=[True])",
    "tf.raw_ops.Reverse(tensor=[[1, 2, 3]], dims=[[True, False]])",
    "tf.raw_ops.Reverse(tensor=np.zeros([1] * 9), dims=[True] * 9)",
    "tf.raw_ops.Reverse(tensor=np.array([b'a', b'b']), dims=[True])",
    "tf.raw_ops.Gather(params=[[1, 2], [3, 4], [5, 6]], indices=[[2, 0]])",
    "tf.raw_ops.Gather(params=[1, 2], indices=[2], validate_indices=False)",
    "tf.raw_ops.Gather(params=np.array(1.0), indices=[0])",
    "tf.raw_ops.Gather(params=[1.0, 2.0], indices=np.array([1], np.int16))",
    "tf.math.imag(tf.raw_ops.ConjugateTranspose(x=[[1 + 2j, 3 - 1j, 0.5j]], perm=[1, 0]))",
    "tf.raw_ops.ConjugateTranspose(x=[[1.0, 2.0]], perm=[1, 0])",
    "tf.raw_ops.ConjugateTranspose(x=[[1.0, 2.0]], perm=[0, 0])",
    "tf.raw_ops.ConjugateTranspose(x=[[1.0, 2.0]], perm=[0, 2])",
    "tf.math.imag(tf.transpose([[1 + 2j, 3 - 1j]], conjugate=True))",
    "tf.math.imag(tf.linalg.adjoint([[1 + 2j, 3 - 1j]]))",
    "tf.raw_ops.UniqueV2(x=[[1, 0, 1], [2, 0, 2], [1, 0, 1]], axis=[0])",
    "tf.raw_ops.UniqueV2(x=[[1, 0, 1], [2, 0, 2], [1, 0, 1]], axis=[-1], out_idx=tf.int64)",
    "tf.raw_ops.UniqueV2(x=[3, 1, 3], axis=np.zeros(0, np.int64))",
    "tf.raw_ops.UniqueV2(x=[[-0.0, 1.0], [0.0, 1.0], [np.nan, 1.0], [np.nan, 1.0]], axis=[0])",
    "tf.raw_ops.UniqueV2(x=np.zeros((2, 0), np.int32), axis=[0])",
    "tf.raw_ops.UniqueV2(x=[[1, 2]], axis=np.zeros(0, np.int64))",
    "tf.raw_ops.UniqueV2(x=[[1, 2]], axis=[0, 1])",
    "tf.raw_ops.UniqueV2(x=[[1, 2]], axis=[-3])",
    "tf.raw_ops.UniqueV2(x=[1j], axis=[0])",
    "tf.raw_ops.UniqueWithCountsV2(x=[[1, 0, 1], [2, 0, 2]], axis=[1], out_idx=tf.int64)",
    "tf.raw_ops.UniqueWithCountsV2(x=[[1, 2]], axis=[2])",
    "tf.raw_ops.ListDiff(x=[1, 2, 3, 4, 2], y=[2, 5])",
    "tf.raw_ops.ListDiff(x=[np.nan, 1.0, -0.0], y=[np.nan, 0.0], out_idx=tf.int64)",
    "tf.raw_ops.ListDiff(x=['a', 'b', 'a'], y=['b'])",
    "tf.raw_ops.ListDiff(x=[[1, 2]], y=[2])",
    "tf.raw_ops.ListDiff(x=[True], y=[True])",
    "tf.compat.v1.setdiff1d([1, 2, 3, 4], [2, 4], tf.int64)",
    "tf.compat.v1.setdiff1d([1, 2], [1.5])",
    "tf.raw_ops.Bincount(arr=[[1, 1], [3, 0]], size=5, weights=np.zeros(0, np.float32))",
    "tf.raw_ops.Bincount(arr=[1, 1, 7], size=5, weights=np.array([0.5, 1.0, 2.0]))",
    "tf.raw_ops.Bincount(arr=[1, -1], size=5, weights=np.zeros(0, np.float32))",
    "tf.raw_ops.Bincount(arr=[1], size=-1, weights=np.zeros(0, np.float32))",
    "tf.raw_ops.Bincount(arr=[1, 2], size=3, weights=np.array([1.0], np.float32))",
    "tf.raw_ops.NthElement(input=[[3.0, 1.0, 4.0, 1.0], [9.0, 2.0, 6.0, 5.0]], n=1)",
    "tf.raw_ops.NthElement(input=[[3, 1, 4], [9, 2, 6]], n=0, reverse=True)",
    "tf.raw_ops.NthElement(input=[[3.0, 1.0]], n=2)",
    "tf.raw_ops.NthElement(input=[[3.0, 1.0]], n=-1)",
    "tf.raw_ops.PopulationCount(x=np.array([0, 1, 7, -1], np.int32))",
    "tf.raw_ops.PopulationCount(x=np.array([-1, 3], np.int8))",
    "tf.raw_ops.ApproximateEqual(x=[1.0, 2.0, 3.0], y=[1.5, 2.6, np.nan], tolerance=0.5)",
    "tf.raw_ops.ApproximateEqual(x=[1.0, 2.0], y=[1.0])",
    "tf.raw_ops.ApproximateEqual(x=[1, 2], y=[1, 3], tolerance=1.5)",
    "tf.raw_ops.DataFormatDimMap(x=[0, 1, 2, 3, -1, -4, 4, -5])",
    "tf.raw_ops.DataFormatDimMap(x=[0, 1, 2, 3], src_format='NHWC', dst_format='HWNC')",
    "tf.raw_ops.DataFormatDimMap(x=[0], src_format='NWC', dst_format='NCW')",
    "tf.raw_ops.DataFormatDimMap(x=[0], src_format='NHWC', dst_format='NNWC')",
    "tf.raw_ops.DataFormatVecPermute(x=[1, 2, 3, 4])",
    "tf.raw_ops.DataFormatVecPermute(x=[[1, 2], [3, 4], [5, 6], [7, 8]], src_format='NCHW', "
    "dst_format='NHWC')",
    "tf.raw_ops.DataFormatVecPermute(x=[1, 2], src_format='NHWC', dst_format='WHCN')",
    "tf.raw_ops.DataFormatVecPermute(x=[1, 2, 3, 4, 5], src_format='NDHWC', "
    "dst_format='NCDHW')",
    "tf.raw_ops.DataFormatVecPermute(x=[1, 2, 3], src_format='NDHWC', dst_format='NCDHW')",
    "tf.raw_ops.DataFormatVecPermute(x=[1, 2, 3])",
    "tf.raw_ops.DataFormatVecPermute(x=[[1, 2], [3, 4], [5, 6]])",
    "tf.raw_ops.DataFormatVecPermute(x=[[1, 2, 3]] * 4)",
    "tf.raw_ops.DataFormatVecPermute(x=[1, 2], src_format='ABCD', dst_format='DCBA')",
    "tf.raw_ops.InplaceAdd(x=[[1.0, 2.0], [3.0, 4.0]], i=[1, 1, 2], v=[[1.0, 1.0]] * 3)",
    "tf.raw_ops.InplaceSub(x=[[1, 2], [3, 4]], i=[-1], v=[[1, 1]])",
    "tf.raw_ops.InplaceUpdate(x=[[1, 2], [3, 4], [5, 6]], i=[2, 2, 7], v=[[0, 0], [9, 9], [8, 8]])",
    "tf.raw_ops.InplaceUpdate(x=[[1, 2]], i=0, v=[1, 1])",
    "tf.raw_ops.InplaceUpdate(x=[[1, 2]], i=[0], v=[[1, 1, 1]])",
    "tf.raw_ops.InplaceUpdate(x=[[1, 2]], i=[0], v=[[1, 1]] * 2)",
    "tf.raw_ops.InplaceAdd(x=[True], i=[0], v=[True])",
    "tf.raw_ops.Empty(shape=[2, 3], dtype=tf.int64, init=True)",
    "tf.raw_ops.Empty(shape=[2], dtype=tf.string, init=True)",
    "tf.raw_ops.Empty(shape=[-1], dtype=tf.float32, init=True)",
    "tf.raw_ops.Empty(shape=[[2]], dtype=tf.float32, init=True)",
    # ops eagerflow's public functions once composed: their own OpDefs now
    "tf.raw_ops.SpaceToBatchND(input=np.arange(24.0).reshape(1, 4, 6, 1), block_shape=[2, 3], "
    "paddings=[[0, 0], [1, 2]])",
    "tf.raw_ops.BatchToSpaceND(input=np.arange(12).reshape(4, 3, 1), block_shape=[2, 2], "
    "crops=[[1, 0], [0, 1]])",
    "tf.raw_ops.SpaceToBatch(input=np.arange(16.0).reshape(1, 4, 4, 1), "
    "paddings=[[0, 0], [0, 2]], block_size=2)",
    "tf.raw_ops.SpaceToBatch(input=np.ones((1, 4, 4, 1)), paddings=[[0, 0]], block_size=2)",
    "tf.raw_ops.BatchToSpace(input=np.arange(8).reshape(4, 1, 2, 1), crops=[[0, 0], [1, 0]], "
    "block_size=2)",
    "tf.raw_ops.BatchToSpaceND(input=np.ones((2, 2, 1)), block_shape=[3], crops=[[0, 0]])",
    "tf.raw_ops.LRN(input=[[[[1.0, 2.0, 3.0, 4.0]]]], depth_radius=1, bias=2.0, alpha=0.5, "
    "beta=0.75)",
    "tf.raw_ops.LRNGrad(input_grads=[[[[1.0, -1.0, 2.0]]]], input_image=[[[[1.0, 2.0, 3.0]]]], "
    "output_image=[[[[0.5, 0.5, 0.5]]]], depth_radius=1)",
    "tf.raw_ops.LRN(input=[[[1.0, 2.0]]])",
    "tf.raw_ops.HistogramFixedWidth(values=[0.1, 0.5, -1.0, 2.0, 0.99], value_range=[0.0, 1.0], "
    "nbins=4, dtype=tf.int64)",
    "tf.raw_ops.HistogramFixedWidth(values=[1, 5, 9], value_range=[0, 10], nbins=0)",
    # bands of diagonals: k a pair, each align (MatrixDiagPartV3 reads any one padding value)
    *(f"tf.raw_ops.MatrixDiagPartV3(input=np.arange(1.0, 13.0).reshape(3, 4), k=[-1, 2], "
      f"padding_value=9.0, align='{a}')"
      for a in ("RIGHT_LEFT", "LEFT_RIGHT", "LEFT_LEFT", "RIGHT_RIGHT")),
    *(f"tf.raw_ops.MatrixDiagV3(diagonal=np.arange(1.0, 10.0).reshape(3, 3), k=[-1, 1], "
      f"num_rows={r}, num_cols={c}, padding_value=-1.0, align='{a}')"
      for a in ("RIGHT_LEFT", "LEFT_RIGHT") for r, c in ((-1, -1), (4, -1), (-1, 3))),
    "tf.raw_ops.MatrixSetDiagV3(input=np.zeros((3, 4)), diagonal=np.arange(1.0, 10.0)"
    ".reshape(3, 3), k=[-1, 1], align='RIGHT_RIGHT')",
    "tf.raw_ops.MatrixDiagPartV3(input=np.ones((2, 2)), k=[-1, 1], padding_value=[5.0])",
    "tf.raw_ops.MatrixDiagPartV3(input=np.ones((2, 2)), k=[-1, 1], padding_value=[1.0, 2.0])",
    "tf.raw_ops.MatrixDiagPartV3(input=np.ones((3, 4)), k=[[-1, 1]], padding_value=0.0)",
    "tf.raw_ops.MatrixDiagPartV3(input=np.ones((3, 4)), k=[-1, 0, 1], padding_value=0.0)",
    "tf.raw_ops.MatrixDiagPartV3(input=np.ones((3, 4)), k=[], padding_value=0.0)",
    "tf.raw_ops.MatrixDiagPartV3(input=np.ones((3, 4)), k=[1, -1], padding_value=0.0)",
    "tf.raw_ops.MatrixDiagPartV3(input=np.ones((3, 4)), k=1, padding_value=0.0, align='UP')",
    "tf.raw_ops.MatrixDiagV3(diagonal=np.ones(3), k=0, num_rows=[4], num_cols=-1, "
    "padding_value=0.0)",
    "tf.raw_ops.MatrixDiagV3(diagonal=np.ones(3), k=0, num_rows=-1, num_cols=-1, "
    "padding_value=[0.0])",
    "tf.raw_ops.MatrixSetDiagV3(input=np.ones((3, 4)), diagonal=np.ones((3, 3)), k=[])",
    # a vector where the op wants a scalar: TF's kernel refuses it
    "tf.raw_ops.NonMaxSuppressionV3(boxes=np.zeros((1, 4), np.float32), scores=[1.0], "
    "max_output_size=[3], iou_threshold=0.5, score_threshold=0.0)",
    "tf.raw_ops.NonMaxSuppressionV3(boxes=np.zeros((1, 4), np.float32), scores=[1.0], "
    "max_output_size=3, iou_threshold=[0.5], score_threshold=0.0)",
    "tf.raw_ops.NonMaxSuppressionV3(boxes=np.zeros((1, 4), np.float32), scores=[1.0], "
    "max_output_size=3, iou_threshold=0.5, score_threshold=[0.0])",
    "tf.raw_ops.NonMaxSuppressionV2(boxes=np.zeros((1, 4), np.float32), scores=[1.0], "
    "max_output_size=[[3]], iou_threshold=0.5)",
    "tf.raw_ops.NonMaxSuppressionV4(boxes=np.zeros((1, 4), np.float32), scores=[1.0], "
    "max_output_size=3, iou_threshold=0.5, score_threshold=[0.0])",
    "tf.raw_ops.NonMaxSuppressionV5(boxes=np.zeros((1, 4), np.float32), scores=[1.0], "
    "max_output_size=3, iou_threshold=0.5, score_threshold=0.0, soft_nms_sigma=[0.0])",
    "tf.raw_ops.NonMaxSuppressionWithOverlaps(overlaps=np.zeros((1, 1), np.float32), "
    "scores=[1.0], max_output_size=[], overlap_threshold=0.5, score_threshold=0.0)",
    "tf.raw_ops.TopKV2(input=[1.0, 3.0, 2.0], k=[2])",
    "tf.raw_ops.OneHot(indices=[0, 1], depth=[3], on_value=1.0, off_value=0.0)",
    "tf.raw_ops.ConcatV2(values=[[1, 2], [3]], axis=[0])",
    "tf.raw_ops.ConcatV2(values=[[1, 2], [3]], axis=[0, 0])",
    "tf.raw_ops.ConcatV2(values=[[1, 2], [3]], axis=[[0]])",
    "tf.raw_ops.Reshape(tensor=[1, 2, 3, 4], shape=4)",
    "tf.raw_ops.Reshape(tensor=[1, 2, 3, 4], shape=[[2, 2]])",
    # NumPy integers of another width for an index type attr (int32 by default)
    "tf.raw_ops.Reshape(tensor=np.arange(4.0), shape=np.array([2, 2], np.int64))",
    "tf.raw_ops.Reshape(tensor=np.arange(4.0), shape=np.array([2, 2], np.int16))",
    "tf.raw_ops.Reshape(tensor=np.arange(4.0), shape=np.array([3], np.int64))",
    "tf.raw_ops.Sum(input=np.arange(4.0), axis=np.array([0], np.int64))",
    "tf.raw_ops.Tile(input=[1, 2], multiples=np.array([2], np.uint8))",
    "tf.raw_ops.NonMaxSuppressionV3(boxes=np.zeros((1, 4), np.float32), scores=[1.0], "
    "max_output_size=np.array(3, np.int64), iou_threshold=0.5, score_threshold=0.0)",
    # MaxPoolV2's window and strides: any tensor of 4 values
    "tf.raw_ops.MaxPoolV2(input=np.arange(16.0, dtype=np.float32).reshape(1, 4, 4, 1), "
    "ksize=[[1, 2, 2, 1]], strides=[1, 2, 2, 1], padding='VALID')",
    "tf.raw_ops.MaxPoolV2(input=np.arange(16.0, dtype=np.float32).reshape(1, 4, 4, 1), "
    "ksize=[[1, 2], [2, 1]], strides=[[1, 2, 2, 1]], padding='VALID')",
    "tf.raw_ops.MaxPoolV2(input=np.arange(16.0, dtype=np.float32).reshape(1, 4, 4, 1), "
    "ksize=2, strides=[1, 2, 2, 1], padding='VALID')",
    "tf.raw_ops.MaxPoolGradV2(orig_input=np.arange(16.0, dtype=np.float32).reshape(1, 4, 4, 1), "
    "orig_output=np.ones((1, 2, 2, 1), np.float32), grad=np.ones((1, 2, 2, 1), np.float32), "
    "ksize=[[1, 2, 2, 1]], strides=[[1, 2, 2, 1]], padding='VALID')",
]


def record(value: Any) -> Any:
    """A result as JSON: tensors as dtype, shape and values; lists; namedtuples with their
    type and field names; None."""
    if value is None:
        return None
    if isinstance(value, tuple) and hasattr(value, "_fields"):
        return {"type": type(value).__name__,
                "fields": {k: record(v) for k, v in zip(value._fields, value)}}
    if isinstance(value, list):
        return [record(v) for v in value]
    arr = np.asarray(value.numpy())  # (a string scalar's numpy() is bytes)
    items = arr.tolist()
    if arr.dtype.kind in "SO":
        items = np.vectorize(lambda b: b.decode("latin-1"), otypes=[object])(arr).tolist()
    return {"dtype": value.dtype.name, "shape": list(arr.shape), "value": items}


def error(e: Exception) -> dict:
    """An error as its class and first line, without what only TF's runtime prints (the
    wrapped function's node name, the trailing ` name: `)."""
    text = re.sub(r"^\{\{function_node [^}]*\}\} ", "", str(e)).split("\n")[0]
    return {"error": type(e).__name__, "message": re.sub(r" name: $", "", text).rstrip()}
