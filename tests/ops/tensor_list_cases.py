# ruff: noqa: E501  (each case one line of TF code)
"""TensorList raw ops, eagerly: each case a statement sequence whose last expression's value
(or error) is compared with TF 2.21's (tensor_list_golden.json, written by
record_tensor_list_golden.py)."""

CASES = {
    # -- making lists ----------------------------------------------------------------
    "reserve_repr": "repr(R.TensorListReserve(element_shape=[2], num_elements=3, element_dtype=tf.float32))",
    "reserve_length": "R.TensorListLength(input_handle=R.TensorListReserve(element_shape=[2], num_elements=3, element_dtype=tf.float32))",
    "reserve_negative": "R.TensorListReserve(element_shape=[2], num_elements=-1, element_dtype=tf.float32)",
    "reserve_not_scalar": "R.TensorListReserve(element_shape=[2], num_elements=[3], element_dtype=tf.float32)",
    "reserve_shape_rank2": "R.TensorListReserve(element_shape=[[2]], num_elements=3, element_dtype=tf.float32)",
    "reserve_shape_int64": "R.TensorListElementShape(input_handle=R.TensorListReserve(element_shape=tf.constant([2, -1], tf.int64), num_elements=3, element_dtype=tf.float32), shape_type=tf.int64)",
    "empty_length": "R.TensorListLength(input_handle=R.EmptyTensorList(element_shape=[2], max_num_elements=2, element_dtype=tf.int32))",
    "empty_max_not_scalar": "R.EmptyTensorList(element_shape=[2], max_num_elements=[2], element_dtype=tf.int32)",
    "empty_max_exceeded": "R.TensorListPushBack(input_handle=R.TensorListPushBack(input_handle=R.EmptyTensorList(element_shape=S0, max_num_elements=1, element_dtype=tf.int32), tensor=1), tensor=2)",
    "from_tensor_stack": "R.TensorListStack(input_handle=R.TensorListFromTensor(tensor=[[1., 2.], [3., 4.]], element_shape=[2]), element_shape=[2], element_dtype=tf.float32)",
    "from_tensor_scalar": "R.TensorListFromTensor(tensor=1.0, element_shape=-1)",
    "from_tensor_shape_mismatch": "R.TensorListFromTensor(tensor=[[1., 2.], [3., 4.]], element_shape=[3])",
    "from_tensor_unknown_shape": "R.TensorListElementShape(input_handle=R.TensorListFromTensor(tensor=[[1., 2.], [3., 4.]], element_shape=-1), shape_type=tf.int32)",
    "from_tensor_partial_shape": "R.TensorListElementShape(input_handle=R.TensorListFromTensor(tensor=[[1., 2.], [3., 4.]], element_shape=[-1]), shape_type=tf.int32)",
    # -- element shape ---------------------------------------------------------------
    "element_shape_unknown": "R.TensorListElementShape(input_handle=R.EmptyTensorList(element_shape=-1, max_num_elements=-1, element_dtype=tf.float32), shape_type=tf.int32)",
    "element_shape_scalar": "R.TensorListElementShape(input_handle=R.EmptyTensorList(element_shape=S0, max_num_elements=-1, element_dtype=tf.float32), shape_type=tf.int32)",
    "element_shape_partial": "R.TensorListElementShape(input_handle=R.EmptyTensorList(element_shape=[-1, 3], max_num_elements=-1, element_dtype=tf.float32), shape_type=tf.int64)",
    # -- get / set -------------------------------------------------------------------
    "get_item": "R.TensorListGetItem(input_handle=R.TensorListFromTensor(tensor=[[1., 2.], [3., 4.]], element_shape=[2]), index=1, element_shape=[2], element_dtype=tf.float32)",
    "get_item_out_of_range": "R.TensorListGetItem(input_handle=R.TensorListFromTensor(tensor=[[1., 2.], [3., 4.]], element_shape=[2]), index=2, element_shape=[2], element_dtype=tf.float32)",
    "get_item_negative": "R.TensorListGetItem(input_handle=R.TensorListFromTensor(tensor=[[1., 2.], [3., 4.]], element_shape=[2]), index=-1, element_shape=[2], element_dtype=tf.float32)",
    "get_item_dtype_mismatch": "R.TensorListGetItem(input_handle=R.TensorListFromTensor(tensor=[[1., 2.], [3., 4.]], element_shape=[2]), index=0, element_shape=[2], element_dtype=tf.int32)",
    "get_item_uninitialized": "R.TensorListGetItem(input_handle=R.TensorListReserve(element_shape=[2], num_elements=3, element_dtype=tf.float32), index=1, element_shape=-1, element_dtype=tf.float32)",
    "get_item_uninitialized_partial": "R.TensorListGetItem(input_handle=R.TensorListReserve(element_shape=[-1], num_elements=3, element_dtype=tf.float32), index=1, element_shape=-1, element_dtype=tf.float32)",
    "get_item_uninitialized_given": "R.TensorListGetItem(input_handle=R.TensorListReserve(element_shape=[-1], num_elements=3, element_dtype=tf.float32), index=1, element_shape=[4], element_dtype=tf.float32)",
    "get_item_uninitialized_unknown": "R.TensorListGetItem(input_handle=R.TensorListReserve(element_shape=-1, num_elements=3, element_dtype=tf.float32), index=1, element_shape=-1, element_dtype=tf.float32)",
    "get_item_shape_arg_mismatch": "R.TensorListGetItem(input_handle=R.TensorListFromTensor(tensor=[[1., 2.], [3., 4.]], element_shape=[2]), index=0, element_shape=[3], element_dtype=tf.float32)",
    "set_item": "R.TensorListStack(input_handle=R.TensorListSetItem(input_handle=R.TensorListReserve(element_shape=[2], num_elements=2, element_dtype=tf.float32), index=1, item=[5., 6.]), element_shape=[2], element_dtype=tf.float32)",
    "set_item_out_of_range": "R.TensorListSetItem(input_handle=R.TensorListReserve(element_shape=[2], num_elements=2, element_dtype=tf.float32), index=2, item=[5., 6.])",
    "set_item_negative": "R.TensorListSetItem(input_handle=R.TensorListReserve(element_shape=[2], num_elements=2, element_dtype=tf.float32), index=-1, item=[5., 6.])",
    "set_item_resize": "R.TensorListLength(input_handle=R.TensorListSetItem(input_handle=R.TensorListReserve(element_shape=[2], num_elements=2, element_dtype=tf.float32), index=4, item=[5., 6.], resize_if_index_out_of_bounds=True))",
    "set_item_dtype_mismatch": "R.TensorListSetItem(input_handle=R.TensorListReserve(element_shape=[2], num_elements=2, element_dtype=tf.float32), index=0, item=[5, 6])",
    "set_item_shape_mismatch": "R.TensorListSetItem(input_handle=R.TensorListReserve(element_shape=[2], num_elements=2, element_dtype=tf.float32), index=0, item=[5., 6., 7.])",
    "set_item_not_a_list": "R.TensorListSetItem(input_handle=R.EmptyTensorMap(), index=0, item=[5., 6.])",
    "length_not_a_list": "R.TensorListLength(input_handle=R.EmptyTensorMap())",
    "length_not_scalar": "R.TensorListLength(input_handle=tf.stack([R.EmptyTensorList(element_shape=-1, max_num_elements=-1, element_dtype=tf.float32)] * 2))",
    "length_not_variant": "R.TensorListLength(input_handle=1.0)",
    # -- push / pop ------------------------------------------------------------------
    "push_pop": "l = R.EmptyTensorList(element_shape=[-1], max_num_elements=-1, element_dtype=tf.float32)\nl = R.TensorListPushBack(input_handle=l, tensor=[1., 2.])\nl = R.TensorListPushBack(input_handle=l, tensor=[3.])\nrest, last = R.TensorListPopBack(input_handle=l, element_shape=-1, element_dtype=tf.float32)\n[last, R.TensorListLength(input_handle=rest), R.TensorListGetItem(input_handle=rest, index=0, element_shape=-1, element_dtype=tf.float32)]",
    "push_shape_mismatch": "R.TensorListPushBack(input_handle=R.EmptyTensorList(element_shape=[2], max_num_elements=-1, element_dtype=tf.float32), tensor=[1., 2., 3.])",
    "push_dtype_mismatch": "R.TensorListPushBack(input_handle=R.EmptyTensorList(element_shape=[2], max_num_elements=-1, element_dtype=tf.float32), tensor=[1, 2])",
    "pop_empty": "R.TensorListPopBack(input_handle=R.EmptyTensorList(element_shape=[2], max_num_elements=-1, element_dtype=tf.float32), element_shape=-1, element_dtype=tf.float32)",
    "pop_uninitialized": "R.TensorListPopBack(input_handle=R.TensorListReserve(element_shape=[2], num_elements=1, element_dtype=tf.float32), element_shape=-1, element_dtype=tf.float32)[1]",
    "pop_uninitialized_unknown": "R.TensorListPopBack(input_handle=R.TensorListReserve(element_shape=[-1], num_elements=1, element_dtype=tf.float32), element_shape=-1, element_dtype=tf.float32)[1]",
    "pop_dtype_mismatch": "R.TensorListPopBack(input_handle=R.TensorListFromTensor(tensor=[1., 2.], element_shape=S0), element_shape=-1, element_dtype=tf.int32)",
    "push_back_batch": "ls = tf.stack([R.TensorListFromTensor(tensor=[1., 2.], element_shape=S0), R.TensorListFromTensor(tensor=[3.], element_shape=S0)])\nout = R.TensorListPushBackBatch(input_handles=ls, tensor=[10., 20.])\n[R.TensorListStack(input_handle=out[0], element_shape=S0, element_dtype=tf.float32), R.TensorListStack(input_handle=out[1], element_shape=S0, element_dtype=tf.float32), out.shape]",
    "push_back_batch_count_mismatch": "ls = tf.stack([R.TensorListFromTensor(tensor=[1., 2.], element_shape=S0)])\nR.TensorListPushBackBatch(input_handles=ls, tensor=[10., 20.])",
    "push_back_batch_scalar_handles": "R.TensorListPushBackBatch(input_handles=R.TensorListFromTensor(tensor=[1., 2.], element_shape=S0), tensor=[10.])",
    "push_back_batch_scalar_tensor": "ls = tf.stack([R.TensorListFromTensor(tensor=[1., 2.], element_shape=S0)])\nR.TensorListPushBackBatch(input_handles=ls, tensor=10.)",
    # -- stack / gather / concat -----------------------------------------------------
    "stack_empty_known": "R.TensorListStack(input_handle=R.EmptyTensorList(element_shape=[2], max_num_elements=-1, element_dtype=tf.float32), element_shape=[2], element_dtype=tf.float32)",
    "stack_empty_unknown": "R.TensorListStack(input_handle=R.EmptyTensorList(element_shape=[-1], max_num_elements=-1, element_dtype=tf.float32), element_shape=-1, element_dtype=tf.float32)",
    "stack_empty_given": "R.TensorListStack(input_handle=R.EmptyTensorList(element_shape=-1, max_num_elements=-1, element_dtype=tf.float32), element_shape=[3, 1], element_dtype=tf.float32)",
    "stack_uninitialized": "R.TensorListStack(input_handle=R.TensorListReserve(element_shape=[2], num_elements=2, element_dtype=tf.float32), element_shape=-1, element_dtype=tf.float32)",
    "stack_partially_set": "R.TensorListStack(input_handle=R.TensorListSetItem(input_handle=R.TensorListReserve(element_shape=[-1], num_elements=3, element_dtype=tf.float32), index=1, item=[1., 2.]), element_shape=-1, element_dtype=tf.float32)",
    "stack_uninitialized_unknown": "R.TensorListStack(input_handle=R.TensorListReserve(element_shape=[-1], num_elements=2, element_dtype=tf.float32), element_shape=-1, element_dtype=tf.float32)",
    "stack_num_elements_mismatch": "R.TensorListStack(input_handle=R.TensorListFromTensor(tensor=[1., 2.], element_shape=S0), element_shape=S0, element_dtype=tf.float32, num_elements=3)",
    "stack_dtype_mismatch": "R.TensorListStack(input_handle=R.TensorListFromTensor(tensor=[1., 2.], element_shape=S0), element_shape=S0, element_dtype=tf.int32)",
    "stack_mixed_shapes": "l = R.EmptyTensorList(element_shape=-1, max_num_elements=-1, element_dtype=tf.float32)\nl = R.TensorListPushBack(input_handle=l, tensor=[1., 2.])\nl = R.TensorListPushBack(input_handle=l, tensor=[3.])\nR.TensorListStack(input_handle=l, element_shape=-1, element_dtype=tf.float32)",
    "stack_shape_arg_mismatch": "R.TensorListStack(input_handle=R.TensorListFromTensor(tensor=[1., 2.], element_shape=S0), element_shape=[2], element_dtype=tf.float32)",
    "gather": "R.TensorListGather(input_handle=R.TensorListFromTensor(tensor=[[1., 2.], [3., 4.], [5., 6.]], element_shape=[2]), indices=[2, 0, 2], element_shape=[2], element_dtype=tf.float32)",
    "gather_out_of_range": "R.TensorListGather(input_handle=R.TensorListFromTensor(tensor=[[1., 2.], [3., 4.]], element_shape=[2]), indices=[3], element_shape=[2], element_dtype=tf.float32)",
    "gather_empty_indices": "R.TensorListGather(input_handle=R.TensorListFromTensor(tensor=[[1., 2.], [3., 4.]], element_shape=[2]), indices=tf.zeros([0], tf.int32), element_shape=-1, element_dtype=tf.float32)",
    "gather_uninitialized": "R.TensorListGather(input_handle=R.TensorListReserve(element_shape=[2], num_elements=3, element_dtype=tf.float32), indices=[1], element_shape=-1, element_dtype=tf.float32)",
    "concat": "R.TensorListConcat(input_handle=R.TensorListSplit(tensor=[1., 2., 3., 4., 5.], element_shape=[-1], lengths=tf.constant([2, 0, 3], tf.int64)), element_dtype=tf.float32)",
    "concat_v2": "R.TensorListConcatV2(input_handle=R.TensorListSplit(tensor=[[1.], [2.], [3.]], element_shape=[-1, 1], lengths=tf.constant([1, 2], tf.int64)), element_shape=[-1, 1], leading_dims=tf.zeros([0], tf.int64), element_dtype=tf.float32)",
    "concat_empty_unknown": "R.TensorListConcatV2(input_handle=R.EmptyTensorList(element_shape=-1, max_num_elements=-1, element_dtype=tf.float32), element_shape=-1, leading_dims=tf.zeros([0], tf.int64), element_dtype=tf.float32)",
    "concat_empty_known": "R.TensorListConcatV2(input_handle=R.EmptyTensorList(element_shape=[-1, 2], max_num_elements=-1, element_dtype=tf.float32), element_shape=[-1, 2], leading_dims=tf.zeros([0], tf.int64), element_dtype=tf.float32)",
    "concat_scalars": "R.TensorListConcat(input_handle=R.TensorListFromTensor(tensor=[1., 2.], element_shape=S0), element_dtype=tf.float32)",
    "concat_uninitialized": "R.TensorListConcatV2(input_handle=R.TensorListReserve(element_shape=[-1, 2], num_elements=2, element_dtype=tf.float32), element_shape=[-1, 2], leading_dims=tf.constant([1, 3], tf.int64), element_dtype=tf.float32)",
    "concat_uninitialized_no_dims": "R.TensorListConcatV2(input_handle=R.TensorListReserve(element_shape=[-1, 2], num_elements=2, element_dtype=tf.float32), element_shape=[-1, 2], leading_dims=tf.zeros([0], tf.int64), element_dtype=tf.float32)",
    "concat_mixed_trailing": "l = R.EmptyTensorList(element_shape=-1, max_num_elements=-1, element_dtype=tf.float32)\nl = R.TensorListPushBack(input_handle=l, tensor=[[1., 2.]])\nl = R.TensorListPushBack(input_handle=l, tensor=[[3.]])\nR.TensorListConcat(input_handle=l, element_dtype=tf.float32)",
    "concat_lists": "a = R.TensorListFromTensor(tensor=[[1., 2.], [3., 4.]], element_shape=[2])\nb = R.TensorListFromTensor(tensor=[[5., 6.]], element_shape=[2])\nc = R.TensorListConcatLists(input_a=tf.stack([a]), input_b=tf.stack([b]), element_dtype=tf.float32)\n[c.shape, R.TensorListStack(input_handle=c[0], element_shape=[2], element_dtype=tf.float32)]",
    "concat_lists_scalar": "a = R.TensorListFromTensor(tensor=[[1., 2.], [3., 4.]], element_shape=[2])\nb = R.TensorListFromTensor(tensor=[[5., 6.]], element_shape=[2])\nR.TensorListStack(input_handle=R.TensorListConcatLists(input_a=a, input_b=b, element_dtype=tf.float32), element_shape=[2], element_dtype=tf.float32)",
    "concat_lists_shape_mismatch": "a = R.TensorListFromTensor(tensor=[[1., 2.]], element_shape=[2])\nb = R.TensorListFromTensor(tensor=[[5., 6., 7.]], element_shape=[3])\nR.TensorListConcatLists(input_a=a, input_b=b, element_dtype=tf.float32)",
    "concat_lists_dtype_mismatch": "a = R.TensorListFromTensor(tensor=[[1., 2.]], element_shape=[2])\nR.TensorListConcatLists(input_a=a, input_b=a, element_dtype=tf.int32)",
    "concat_lists_batch_mismatch": "a = R.TensorListFromTensor(tensor=[[1., 2.]], element_shape=[2])\nR.TensorListConcatLists(input_a=tf.stack([a, a]), input_b=tf.stack([a]), element_dtype=tf.float32)",
    # -- split / scatter -------------------------------------------------------------
    "split": "l = R.TensorListSplit(tensor=[[1.], [2.], [3.]], element_shape=[-1, 1], lengths=tf.constant([1, 2], tf.int64))\n[R.TensorListLength(input_handle=l), R.TensorListGetItem(input_handle=l, index=1, element_shape=-1, element_dtype=tf.float32)]",
    "split_bad_sum": "R.TensorListSplit(tensor=[1., 2., 3.], element_shape=[-1], lengths=tf.constant([1, 1], tf.int64))",
    "split_scalar": "R.TensorListSplit(tensor=1., element_shape=-1, lengths=tf.constant([1], tf.int64))",
    "split_negative_length": "R.TensorListSplit(tensor=[1., 2., 3.], element_shape=[-1], lengths=tf.constant([4, -1], tf.int64))",
    "split_shape_mismatch": "R.TensorListSplit(tensor=[[1.], [2.], [3.]], element_shape=[-1, 2], lengths=tf.constant([1, 2], tf.int64))",
    "split_element_shape_fixed": "R.TensorListSplit(tensor=[1., 2., 3.], element_shape=[1], lengths=tf.constant([1, 2], tf.int64))",
    "scatter": "R.TensorListStack(input_handle=R.TensorListScatter(tensor=[[1., 2.], [3., 4.]], indices=[2, 0], element_shape=[2]), element_shape=[2], element_dtype=tf.float32)",
    "scatter_length": "R.TensorListLength(input_handle=R.TensorListScatter(tensor=[[1., 2.], [3., 4.]], indices=[4, 0], element_shape=[2]))",
    "scatter_negative": "R.TensorListScatter(tensor=[[1., 2.], [3., 4.]], indices=[-1, 0], element_shape=[2])",
    "scatter_count_mismatch": "R.TensorListScatter(tensor=[[1., 2.], [3., 4.]], indices=[0], element_shape=[2])",
    "scatter_duplicate": "R.TensorListStack(input_handle=R.TensorListScatter(tensor=[[1., 2.], [3., 4.]], indices=[0, 0], element_shape=[2]), element_shape=[2], element_dtype=tf.float32)",
    "scatter_v2_num_elements": "R.TensorListLength(input_handle=R.TensorListScatterV2(tensor=[[1., 2.], [3., 4.]], indices=[1, 0], element_shape=[2], num_elements=5))",
    "scatter_v2_too_small": "R.TensorListScatterV2(tensor=[[1., 2.], [3., 4.]], indices=[3, 0], element_shape=[2], num_elements=2)",
    "scatter_v2_minus_one": "R.TensorListLength(input_handle=R.TensorListScatterV2(tensor=[[1., 2.], [3., 4.]], indices=[3, 0], element_shape=[2], num_elements=-1))",
    "scatter_scalar_tensor": "R.TensorListScatter(tensor=1., indices=[0], element_shape=-1)",
    "scatter_existing": "l = R.TensorListReserve(element_shape=[2], num_elements=3, element_dtype=tf.float32)\nl = R.TensorListScatterIntoExistingList(input_handle=l, tensor=[[1., 2.], [3., 4.]], indices=[2, 0])\nR.TensorListGather(input_handle=l, indices=[0, 2], element_shape=-1, element_dtype=tf.float32)",
    "scatter_existing_grows": "l = R.TensorListReserve(element_shape=[2], num_elements=1, element_dtype=tf.float32)\nR.TensorListLength(input_handle=R.TensorListScatterIntoExistingList(input_handle=l, tensor=[[1., 2.]], indices=[4]))",
    "scatter_existing_dtype": "l = R.TensorListReserve(element_shape=[2], num_elements=1, element_dtype=tf.float32)\nR.TensorListScatterIntoExistingList(input_handle=l, tensor=[[1, 2]], indices=[0])",
    "scatter_existing_shape": "l = R.TensorListReserve(element_shape=[2], num_elements=1, element_dtype=tf.float32)\nR.TensorListScatterIntoExistingList(input_handle=l, tensor=[[1., 2., 3.]], indices=[0])",
    # -- resize ----------------------------------------------------------------------
    "resize_grow": "l = R.TensorListResize(input_handle=R.TensorListFromTensor(tensor=[1., 2.], element_shape=S0), size=4)\nR.TensorListStack(input_handle=l, element_shape=S0, element_dtype=tf.float32)",
    "resize_shrink": "l = R.TensorListResize(input_handle=R.TensorListFromTensor(tensor=[1., 2.], element_shape=S0), size=1)\nR.TensorListStack(input_handle=l, element_shape=S0, element_dtype=tf.float32)",
    "resize_negative": "R.TensorListResize(input_handle=R.TensorListFromTensor(tensor=[1., 2.], element_shape=S0), size=-1)",
    "scalar_list_shape": "R.TensorListElementShape(input_handle=R.EmptyTensorList(element_shape=S0, max_num_elements=-1, element_dtype=tf.float32), shape_type=tf.int32)",
    "stack_empty_list_shape_given": "R.TensorListStack(input_handle=R.EmptyTensorList(element_shape=[-1, 2], max_num_elements=-1, element_dtype=tf.float32), element_shape=[3, -1], element_dtype=tf.float32)",
    "get_item_merged_shape": "R.TensorListGetItem(input_handle=R.TensorListReserve(element_shape=[-1, 2], num_elements=3, element_dtype=tf.float32), index=1, element_shape=[3, -1], element_dtype=tf.float32)",
    "element_shape_not_a_list": "R.TensorListElementShape(input_handle=R.EmptyTensorMap(), shape_type=tf.int32)",
    "reserve_shape_float": "R.TensorListReserve(element_shape=[2.], num_elements=3, element_dtype=tf.float32)",
    "concat_v1_scalar_list_shape": "R.TensorListConcat(input_handle=R.EmptyTensorList(element_shape=S0, max_num_elements=-1, element_dtype=tf.float32), element_dtype=tf.float32)",
    "concat_v2_scalar_shape_arg": "R.TensorListConcatV2(input_handle=R.TensorListFromTensor(tensor=[1., 2.], element_shape=S0), element_shape=S0, leading_dims=tf.zeros([0], tf.int64), element_dtype=tf.float32)",
    "concat_v1_shape_attr": "R.TensorListConcat(input_handle=R.TensorListFromTensor(tensor=[[1., 2.]], element_shape=[2]), element_dtype=tf.float32, element_shape=[2])",
    "concat_v1_partly_uninit": "R.TensorListConcat(input_handle=R.TensorListSetItem(input_handle=R.TensorListReserve(element_shape=[-1, 2], num_elements=2, element_dtype=tf.float32), index=1, item=[[1., 2.]]), element_dtype=tf.float32)",
    "concat_v2_partly_uninit": "R.TensorListConcatV2(input_handle=R.TensorListSetItem(input_handle=R.TensorListReserve(element_shape=[-1, 2], num_elements=2, element_dtype=tf.float32), index=1, item=[[1., 2.]]), element_shape=-1, leading_dims=tf.constant([3, 7], tf.int64), element_dtype=tf.float32)",
    "concat_dtype_mismatch": "R.TensorListConcat(input_handle=R.TensorListFromTensor(tensor=[[1., 2.]], element_shape=[2]), element_dtype=tf.int32)",
    "concat_scalar_items": "l = R.EmptyTensorList(element_shape=-1, max_num_elements=-1, element_dtype=tf.float32)\nl = R.TensorListPushBack(input_handle=l, tensor=[1.])\nl = R.TensorListPushBack(input_handle=l, tensor=2.)\nR.TensorListConcat(input_handle=l, element_dtype=tf.float32)",
    "concat_scalar_first": "l = R.EmptyTensorList(element_shape=-1, max_num_elements=-1, element_dtype=tf.float32)\nl = R.TensorListPushBack(input_handle=l, tensor=2.)\nl = R.TensorListPushBack(input_handle=l, tensor=[1.])\nR.TensorListConcat(input_handle=l, element_dtype=tf.float32)",
    "concat_v2_shape_arg_mismatch": "R.TensorListConcatV2(input_handle=R.TensorListFromTensor(tensor=[[1., 2.]], element_shape=[2]), element_shape=[-1, 3], leading_dims=tf.zeros([0], tf.int64), element_dtype=tf.float32)",
    "concat_v2_element_shape_known": "R.TensorListConcatV2(input_handle=R.TensorListFromTensor(tensor=[[[1., 2.]], [[3., 4.]]], element_shape=[1, 2]), element_shape=[1, 2], leading_dims=tf.zeros([0], tf.int64), element_dtype=tf.float32)",
    "concat_lists_dtype_b": "a = R.TensorListFromTensor(tensor=[[1., 2.]], element_shape=[2])\nb = R.TensorListFromTensor(tensor=[[1, 2]], element_shape=[2])\nR.TensorListConcatLists(input_a=a, input_b=b, element_dtype=tf.float32)",
    "concat_lists_partial_shape": "a = R.TensorListFromTensor(tensor=[[1., 2.]], element_shape=[-1])\nb = R.TensorListFromTensor(tensor=[[5., 6., 7.]], element_shape=[-1])\nc = R.TensorListConcatLists(input_a=a, input_b=b, element_dtype=tf.float32)\n[R.TensorListLength(input_handle=c), R.TensorListElementShape(input_handle=c, shape_type=tf.int32)]",
    "concat_lists_shape_unknown_vs_known": "a = R.TensorListFromTensor(tensor=[[1., 2.]], element_shape=-1)\nb = R.TensorListFromTensor(tensor=[[5., 6.]], element_shape=[2])\nR.TensorListConcatLists(input_a=a, input_b=b, element_dtype=tf.float32)",
    "concat_lists_shape_b": "R.TensorListConcatLists(input_a=tf.stack([R.TensorListFromTensor(tensor=[[1., 2.]], element_shape=[2])]), input_b=R.TensorListFromTensor(tensor=[[1., 2.]], element_shape=[2]), element_dtype=tf.float32)",
    "gather_uninitialized_unknown": "R.TensorListGather(input_handle=R.TensorListReserve(element_shape=[-1], num_elements=3, element_dtype=tf.float32), indices=[1], element_shape=-1, element_dtype=tf.float32)",
    "gather_uninitialized_from_set": "R.TensorListGather(input_handle=R.TensorListSetItem(input_handle=R.TensorListReserve(element_shape=[-1], num_elements=3, element_dtype=tf.float32), index=0, item=[1., 2.]), indices=[1, 0], element_shape=-1, element_dtype=tf.float32)",
    "gather_empty_unknown": "R.TensorListGather(input_handle=R.EmptyTensorList(element_shape=[-1], max_num_elements=-1, element_dtype=tf.float32), indices=tf.zeros([0], tf.int32), element_shape=-1, element_dtype=tf.float32)",
    "gather_negative": "R.TensorListGather(input_handle=R.TensorListFromTensor(tensor=[[1., 2.], [3., 4.]], element_shape=[2]), indices=[-1], element_shape=[2], element_dtype=tf.float32)",
    "gather_dtype": "R.TensorListGather(input_handle=R.TensorListFromTensor(tensor=[[1., 2.], [3., 4.]], element_shape=[2]), indices=[0], element_shape=[2], element_dtype=tf.int32)",
    "gather_2d_indices": "R.TensorListGather(input_handle=R.TensorListFromTensor(tensor=[[1., 2.], [3., 4.]], element_shape=[2]), indices=[[0, 1]], element_shape=[2], element_dtype=tf.float32)",
    "gather_mixed_shapes": "l = R.EmptyTensorList(element_shape=-1, max_num_elements=-1, element_dtype=tf.float32)\nl = R.TensorListPushBack(input_handle=l, tensor=[1., 2.])\nl = R.TensorListPushBack(input_handle=l, tensor=[3.])\nR.TensorListGather(input_handle=l, indices=[0, 1], element_shape=-1, element_dtype=tf.float32)",
    "scatter_shape_mismatch": "R.TensorListScatter(tensor=[[1., 2.], [3., 4.]], indices=[0, 1], element_shape=[3])",
    "scatter_2d_indices": "R.TensorListScatter(tensor=[[1., 2.], [3., 4.]], indices=[[0, 1]], element_shape=[2])",
    "scatter_existing_count": "l = R.TensorListReserve(element_shape=[2], num_elements=1, element_dtype=tf.float32)\nR.TensorListScatterIntoExistingList(input_handle=l, tensor=[[1., 2.]], indices=[0, 1])",
    "scatter_existing_scalar": "l = R.TensorListReserve(element_shape=[2], num_elements=1, element_dtype=tf.float32)\nR.TensorListScatterIntoExistingList(input_handle=l, tensor=1., indices=[0])",
    "scatter_element_shape": "R.TensorListElementShape(input_handle=R.TensorListScatter(tensor=[[1., 2.], [3., 4.]], indices=[0, 1], element_shape=[-1]), shape_type=tf.int32)",
    "split_element_shape": "R.TensorListElementShape(input_handle=R.TensorListSplit(tensor=[[1.], [2.], [3.]], element_shape=[1, 1], lengths=tf.constant([1, 2], tf.int64)), shape_type=tf.int32)",
    "split_lengths_matrix": "R.TensorListSplit(tensor=[1., 2., 3.], element_shape=[-1], lengths=tf.constant([[1, 2]], tf.int64))",
    "split_scalar_element_shape": "R.TensorListSplit(tensor=[1., 2., 3.], element_shape=S0, lengths=tf.constant([1, 2], tf.int64))",
    "reserve_scalar_shape": "R.TensorListReserve(element_shape=3, num_elements=3, element_dtype=tf.float32)",
    "reserve_dim_below": "R.TensorListReserve(element_shape=[-2], num_elements=3, element_dtype=tf.float32)",
    "from_tensor_dtype_attr": "R.TensorListElementShape(input_handle=R.TensorListFromTensor(tensor=tf.zeros([0, 3]), element_shape=[-1, 3]), shape_type=tf.int32)",
    "from_tensor_empty_length": "R.TensorListLength(input_handle=R.TensorListFromTensor(tensor=tf.zeros([0, 3]), element_shape=[3]))",
    "pop_shape_arg": "R.TensorListPopBack(input_handle=R.TensorListReserve(element_shape=[-1], num_elements=1, element_dtype=tf.float32), element_shape=[3], element_dtype=tf.float32)[1]",
    "pop_shape_arg_mismatch": "R.TensorListPopBack(input_handle=R.TensorListFromTensor(tensor=[[1., 2.]], element_shape=[2]), element_shape=[3], element_dtype=tf.float32)[1]",
    "get_item_index_float": "R.TensorListGetItem(input_handle=R.TensorListFromTensor(tensor=[[1., 2.], [3., 4.]], element_shape=[2]), index=1., element_shape=[2], element_dtype=tf.float32)",
    "get_item_shape_arg_mismatch_uninit": "R.TensorListGetItem(input_handle=R.TensorListReserve(element_shape=[2], num_elements=3, element_dtype=tf.float32), index=1, element_shape=[3], element_dtype=tf.float32)",
    "set_item_shape_partial_list": "l = R.TensorListSetItem(input_handle=R.TensorListReserve(element_shape=[-1], num_elements=2, element_dtype=tf.float32), index=0, item=[5., 6., 7.])\nl = R.TensorListSetItem(input_handle=l, index=1, item=[5.])\nR.TensorListElementShape(input_handle=l, shape_type=tf.int32)",
    "resize_length_not_scalar": "R.TensorListResize(input_handle=R.TensorListFromTensor(tensor=[1., 2.], element_shape=S0), size=[1])",
    "length_of_empty_grad_like": "R.TensorListLength(input_handle=tf.zeros_like(R.EmptyTensorList(element_shape=-1, max_num_elements=-1, element_dtype=tf.float32)))",
    "push_back_batch_dtype": "ls = tf.stack([R.TensorListFromTensor(tensor=[1., 2.], element_shape=S0)])\nR.TensorListPushBackBatch(input_handles=ls, tensor=[1])",
    "push_back_batch_shape": "ls = tf.stack([R.TensorListFromTensor(tensor=[1., 2.], element_shape=S0)])\nR.TensorListPushBackBatch(input_handles=ls, tensor=[[1.]])",
    "push_back_batch_full": "ls = tf.stack([R.EmptyTensorList(element_shape=S0, max_num_elements=0, element_dtype=tf.float32)])\nR.TensorListPushBackBatch(input_handles=ls, tensor=[1.])",
    "grad_from_tensor_unread": "x = tf.constant([[1., 2.], [3., 4.]])\nwith tf.GradientTape() as t:\n    t.watch(x)\n    l = R.TensorListFromTensor(tensor=x, element_shape=[2])\n    n = R.TensorListLength(input_handle=l)\nt.gradient(l, x)",
    "grad_push_back_batch": "x = tf.constant([1., 2.])\nls = tf.stack([R.TensorListFromTensor(tensor=[1., 2.], element_shape=S0)])\nwith tf.GradientTape() as t:\n    t.watch(x)\n    out = R.TensorListPushBackBatch(input_handles=ls, tensor=x[:1])\nt.gradient(out, x)",
    # -- AddN of lists: item by item ------------------------------------------------
    "add_n": "a = R.TensorListFromTensor(tensor=[[1., 2.]], element_shape=[2])\nR.TensorListStack(input_handle=R.AddN(inputs=[a, a, a]), element_shape=-1, element_dtype=tf.float32)",
    "add_n_uninitialized": "b = R.TensorListFromTensor(tensor=[[1., 2.], [3., 4.]], element_shape=[2])\nu = R.TensorListReserve(element_shape=[2], num_elements=2, element_dtype=tf.float32)\n[R.TensorListStack(input_handle=R.AddN(inputs=[u, b]), element_shape=-1, element_dtype=tf.float32), R.TensorListLength(input_handle=R.AddN(inputs=[u, u]))]",
    "add_n_lengths": "a = R.TensorListFromTensor(tensor=[[1., 2.]], element_shape=[2])\nb = R.TensorListFromTensor(tensor=[[1., 2.], [3., 4.]], element_shape=[2])\nR.AddN(inputs=[a, b])",
    "add_n_dtypes": "a = R.TensorListFromTensor(tensor=[[1., 2.]], element_shape=[2])\nR.AddN(inputs=[a, R.TensorListFromTensor(tensor=[[1, 2]], element_shape=[2])])",
    "add_n_shapes": "a = R.TensorListFromTensor(tensor=[[1., 2.]], element_shape=[2])\nR.AddN(inputs=[a, R.TensorListFromTensor(tensor=[[1., 2., 3.]], element_shape=[3])])",
    "add_n_shape_merged": "a = R.TensorListFromTensor(tensor=[[1., 2.]], element_shape=[2])\nR.TensorListElementShape(input_handle=R.AddN(inputs=[R.TensorListFromTensor(tensor=[[1., 2.]], element_shape=-1), a]), shape_type=tf.int32)",
    "add_n_map": "R.AddN(inputs=[R.TensorListFromTensor(tensor=[[1., 2.]], element_shape=[2]), R.EmptyTensorMap()])",
    "add_n_not_scalar": "a = R.TensorListFromTensor(tensor=[[1., 2.]], element_shape=[2])\nR.AddN(inputs=[tf.stack([a, a]), tf.stack([a, a])])",
    "add_n_of_lists_in_a_loop": "@tf.function\ndef f(n):\n    l = R.EmptyTensorList(element_shape=S0, max_num_elements=-1, element_dtype=tf.float32)\n    body = lambda i, l: (i + 1, R.TensorListPushBack(input_handle=l, tensor=tf.cast(i, tf.float32) * 2.))\n    l = tf.while_loop(lambda i, l: i < n, body, [0, l])[1]\n    return R.TensorListStack(input_handle=R.AddN(inputs=[l, l]), element_shape=S0, element_dtype=tf.float32)\nf(tf.constant(3))",
    "zeros_like_of_inf_and_nan": "l = R.TensorListFromTensor(tensor=[np.inf, np.nan], element_shape=S0)\nR.TensorListStack(input_handle=tf.zeros_like(l), element_shape=S0, element_dtype=tf.float32)",
    "zeros_like": "l = R.TensorListSetItem(input_handle=R.TensorListReserve(element_shape=[2], num_elements=2, element_dtype=tf.float32), index=0, item=[5., 6.])\nz = tf.zeros_like(l)\n[R.TensorListLength(input_handle=z), R.TensorListGetItem(input_handle=z, index=0, element_shape=-1, element_dtype=tf.float32)]",
    "dtype_int_list": "R.TensorListStack(input_handle=R.TensorListFromTensor(tensor=tf.constant([[1, 2]], tf.int64), element_shape=[2]), element_shape=[2], element_dtype=tf.int64)",
    "string_list": "R.TensorListGetItem(input_handle=R.TensorListFromTensor(tensor=['a', 'b'], element_shape=S0), index=1, element_shape=S0, element_dtype=tf.string)",
    # -- gradients -------------------------------------------------------------------
    "grad_stack": "x = tf.constant([[1., 2.], [3., 4.]])\nwith tf.GradientTape() as t:\n    t.watch(x)\n    y = R.TensorListStack(input_handle=R.TensorListFromTensor(tensor=x, element_shape=[2]), element_shape=[2], element_dtype=tf.float32) * [[1., 2.], [3., 4.]]\nt.gradient(y, x)",
    "grad_get_item": "x = tf.constant([[1., 2.], [3., 4.]])\nwith tf.GradientTape() as t:\n    t.watch(x)\n    y = R.TensorListGetItem(input_handle=R.TensorListFromTensor(tensor=x, element_shape=[2]), index=1, element_shape=[2], element_dtype=tf.float32) * 3.\nt.gradient(y, x)",
    "grad_set_item": "x = tf.constant([[1., 2.], [3., 4.]])\nv = tf.constant([7., 8.])\nwith tf.GradientTape() as t:\n    t.watch([x, v])\n    l = R.TensorListSetItem(input_handle=R.TensorListFromTensor(tensor=x, element_shape=[2]), index=0, item=v * 2.)\n    y = R.TensorListStack(input_handle=l, element_shape=[2], element_dtype=tf.float32) * [[1., 2.], [3., 4.]]\nt.gradient(y, [x, v])",
    "grad_push_pop": "x = tf.constant([1., 2.])\nv = tf.constant(5.)\nwith tf.GradientTape() as t:\n    t.watch([x, v])\n    l = R.TensorListPushBack(input_handle=R.TensorListFromTensor(tensor=x, element_shape=S0), tensor=v)\n    rest, last = R.TensorListPopBack(input_handle=l, element_shape=S0, element_dtype=tf.float32)\n    y = last * 3. + tf.reduce_sum(R.TensorListStack(input_handle=rest, element_shape=S0, element_dtype=tf.float32) * [1., 2.])\nt.gradient(y, [x, v])",
    "grad_gather": "x = tf.constant([[1., 2.], [3., 4.], [5., 6.]])\nwith tf.GradientTape() as t:\n    t.watch(x)\n    y = R.TensorListGather(input_handle=R.TensorListFromTensor(tensor=x, element_shape=[2]), indices=[2, 0, 2], element_shape=[2], element_dtype=tf.float32) * [[1., 2.], [3., 4.], [5., 6.]]\nt.gradient(y, x)",
    "grad_scatter": "x = tf.constant([[1., 2.], [3., 4.]])\nwith tf.GradientTape() as t:\n    t.watch(x)\n    y = R.TensorListStack(input_handle=R.TensorListScatterV2(tensor=x, indices=[2, 0], element_shape=[2], num_elements=3), element_shape=[2], element_dtype=tf.float32) * [[1., 2.], [3., 4.], [5., 6.]]\nt.gradient(y, x)",
    "grad_scatter_existing": "x = tf.constant([[1., 2.], [3., 4.]])\nb = tf.constant([[9., 9.], [8., 8.], [7., 7.]])\nwith tf.GradientTape() as t:\n    t.watch([x, b])\n    l = R.TensorListScatterIntoExistingList(input_handle=R.TensorListFromTensor(tensor=b, element_shape=[2]), tensor=x, indices=[2, 0])\n    y = R.TensorListStack(input_handle=l, element_shape=[2], element_dtype=tf.float32) * [[1., 2.], [3., 4.], [5., 6.]]\nt.gradient(y, [x, b])",
    "grad_concat_split": "x = tf.constant([1., 2., 3., 4., 5.])\nwith tf.GradientTape() as t:\n    t.watch(x)\n    l = R.TensorListSplit(tensor=x, element_shape=[-1], lengths=tf.constant([2, 3], tf.int64))\n    y = R.TensorListConcatV2(input_handle=l, element_shape=[-1], leading_dims=tf.zeros([0], tf.int64), element_dtype=tf.float32)[0] * [1., 2., 3., 4., 5.]\nt.gradient(y, x)",
    "grad_resize": "x = tf.constant([1., 2., 3.])\nwith tf.GradientTape() as t:\n    t.watch(x)\n    l = R.TensorListResize(input_handle=R.TensorListFromTensor(tensor=x, element_shape=S0), size=2)\n    y = R.TensorListStack(input_handle=l, element_shape=S0, element_dtype=tf.float32) * [1., 2.]\nt.gradient(y, x)",
    "grad_get_item_unread": "x = tf.constant([[1., 2.], [3., 4.]])\nwith tf.GradientTape() as t:\n    t.watch(x)\n    l = R.TensorListFromTensor(tensor=x, element_shape=[2])\n    y = R.TensorListGetItem(input_handle=l, index=0, element_shape=[2], element_dtype=tf.float32) + R.TensorListGetItem(input_handle=l, index=0, element_shape=[2], element_dtype=tf.float32) * 2.\nt.gradient(y, x)",
}


def _show(x, np):
    """A result as JSON: tensors by dtype, shape and value (a variant by its text)."""
    if isinstance(x, (list, tuple)):
        return [_show(v, np) for v in x]
    if hasattr(x, "as_list"):  # a TensorShape
        return {"shape_of": x.as_list()}
    if x is None or isinstance(x, (str, int, float, bool)):
        return x
    d = x.dtype
    if d.name == "variant":
        return {"dtype": "variant", "shape": list(x.shape), "value": repr(x)}
    v = x.numpy()
    v = np.asarray(v)
    value = [s.decode() for s in v.reshape(-1)] if d.name == "string" else v.reshape(-1).tolist()
    return {"dtype": d.name, "shape": list(v.shape), "value": value}


def run_case(tf, code, np):
    """Runs a case (its last line an expression) with `tf`: its result, or its error."""
    *body, last = code.split("\n")
    env = {"tf": tf, "R": tf.raw_ops, "np": np, "S0": tf.zeros([0], tf.int32)}
    try:
        exec("\n".join(body), env)
        return {"result": _show(eval(last, env), np)}
    except Exception as e:  # noqa: BLE001
        return {"error": type(e).__name__, "message": str(e)}
