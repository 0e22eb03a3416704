"""TF 2.21's `__name__`/`__qualname__` for public functions whose eagerflow ones differ.

Many public functions are made by factories (`unary`, `binary`, `_reduce_fn`, ...) or
defined under the name of their public alias, so their own names would be the op's
("AddV2") or the factory's ("unary.<locals>.f"). TF's are its implementation function's
(`tf.add` is `add`, `tf.argmax` is `argmax_v2`), and they show in reprs, tracebacks,
help(), tf.function's concrete function names and Keras serialization.

TF_NAMES maps a public namespace to {attribute: TF's name}, a pair (name, qualname) where
the two differ; recorded from TF 2.21. A function is listed under every namespace that
holds it (aliases are one object in TF too, so they share its name), so whichever is
built first names it. Each namespace's __init__ calls `adopt_tf_names` at its end.
"""

from __future__ import annotations

from typing import Any

TF_NAMES: dict[str, dict[str, str | tuple[str, str]]] = {
    "tf": {
        "acos": "acos", "acosh": "acosh", "add": "add", "argmax": "argmax_v2",
        "argmin": "argmin_v2", "asin": "asin", "asinh": "asinh",
        "assert_equal": "assert_equal_v2", "assert_greater": "assert_greater_v2",
        "assert_less": "assert_less_v2", "assert_rank": "assert_rank_v2", "atan": "atan",
        "atanh": "atanh", "batch_to_space": "batch_to_space_v2",
        "boolean_mask": "boolean_mask_v2", "case": "case_v2", "cond": "cond_for_tf_v2",
        "convert_to_tensor": "convert_to_tensor_v2_with_dispatch", "cos": "cos",
        "cosh": "cosh", "cumsum": "cumsum", "device": "device_v2", "equal": "equal", "exp": "exp",
        "expand_dims": "expand_dims_v2", "floor": "floor", "foldl": "foldl_v2",
        "foldr": "foldr_v2", "gather": "gather_v2", "gather_nd": "gather_nd_v2",
        "get_static_value": "constant_value", "gradients": "gradients_v2",
        "greater": "greater", "greater_equal": "greater_equal", "hessians": "HessiansV2",
        "irfftnd": "irfftnd", "is_tensor": "is_tf_type", "less": "less",
        "less_equal": "less_equal", "linspace": "linspace_nd", "logical_and": "logical_and",
        "logical_not": "logical_not", "logical_or": "logical_or",
        "make_ndarray": "MakeNdarray", "map_fn": "map_fn_v2", "maximum": "maximum",
        "minimum": "minimum", "multiply": "multiply", "negative": "neg",
        "nondifferentiable_batch_function": "batch_function", "norm": "norm_v2",
        "not_equal": "not_equal", "ones_like": "ones_like_v2", "pad": "pad_v2", "pow": "pow",
        "print": "print_v2", "py_function": "eager_py_func", "realdiv": "real_div",
        "reduce_all": "reduce_all", "reduce_any": "reduce_any", "reduce_max": "reduce_max",
        "reduce_mean": "reduce_mean", "reduce_min": "reduce_min",
        "reduce_prod": "reduce_prod", "reduce_sum": "reduce_sum", "reverse": "reverse_v2",
        "reverse_sequence": "reverse_sequence_v2", "rfftnd": "rfftnd",
        "scalar_mul": "scalar_mul_v2", "scan": "scan_v2", "shape": "shape_v2",
        "sigmoid": "sigmoid", "sign": "sign", "sin": "sin", "sinh": "sinh", "size": "size_v2",
        "space_to_batch": "space_to_batch_v2", "sqrt": "sqrt", "square": "square",
        "squeeze": "squeeze_v2", "subtract": "subtract", "tan": "tan", "tanh": "tanh",
        "tensor_scatter_nd_add": "tensor_scatter_add",
        "tensor_scatter_nd_max": "tensor_scatter_max",
        "tensor_scatter_nd_min": "tensor_scatter_min",
        "tensor_scatter_nd_sub": "tensor_scatter_sub", "transpose": "transpose_v2",
        "truncatediv": "truncate_div", "truncatemod": "truncate_mod", "tuple": "tuple_v2",
        "where": "where_v2", "while_loop": "while_loop_v2", "zeros_like": "zeros_like_v2",
    },
    "math": {
        "acos": "acos", "acosh": "acosh", "add": "add", "approx_max_k": "approx_max_k",
        "approx_min_k": "approx_min_k", "argmax": "argmax_v2", "argmin": "argmin_v2",
        "asin": "asin", "asinh": "asinh", "atan": "atan", "atanh": "atanh",
        "bessel_i0": "bessel_i0", "bessel_i0e": "bessel_i0e", "bessel_i1": "bessel_i1",
        "bessel_i1e": "bessel_i1e", "ceil": "ceil", "cos": "cos", "cosh": "cosh",
        "count_nonzero": "count_nonzero_v2", "cumprod": "cumprod", "cumsum": "cumsum",
        "digamma": "digamma", "equal": "equal", "erf": "erf", "erfc": "erfc",
        "erfinv": "erfinv", "exp": "exp", "expm1": "expm1", "floor": "floor",
        "floordiv": "floordiv", "floormod": "floor_mod", "greater": "greater",
        "greater_equal": "greater_equal", "in_top_k": "in_top_k_v2", "is_finite": "is_finite",
        "is_inf": "is_inf", "is_nan": "is_nan", "less": "less", "less_equal": "less_equal",
        "lgamma": "lgamma", "log": "log", "log1p": "log1p", "log_softmax": "log_softmax_v2",
        "logical_and": "logical_and", "logical_not": "logical_not",
        "logical_or": "logical_or", "maximum": "maximum", "minimum": "minimum",
        "mod": "floor_mod", "multiply": "multiply", "ndtri": "ndtri", "negative": "neg",
        "nextafter": "next_after", "not_equal": "not_equal", "polygamma": "polygamma",
        "pow": "pow", "reciprocal": "reciprocal", "reduce_all": "reduce_all",
        "reduce_any": "reduce_any", "reduce_euclidean_norm": "reduce_euclidean_norm",
        "reduce_max": "reduce_max", "reduce_mean": "reduce_mean", "reduce_min": "reduce_min",
        "reduce_prod": "reduce_prod", "reduce_sum": "reduce_sum", "rint": "rint",
        "rsqrt": "rsqrt", "scalar_mul": "scalar_mul_v2", "segment_max": "segment_max",
        "segment_mean": "segment_mean", "segment_min": "segment_min",
        "segment_prod": "segment_prod", "segment_sum": "segment_sum", "sigmoid": "sigmoid",
        "sign": "sign", "sin": "sin", "sinh": "sinh", "softmax": "softmax_v2", "sqrt": "sqrt",
        "square": "square", "squared_difference": "squared_difference",
        "subtract": "subtract", "tan": "tan", "tanh": "tanh",
        "unsorted_segment_max": "unsorted_segment_max",
        "unsorted_segment_min": "unsorted_segment_min",
        "unsorted_segment_prod": "unsorted_segment_prod", "xdivy": "xdivy",
        "xlog1py": "xlog1py", "xlogy": "xlogy",
    },
    "nn": {
        "approx_max_k": "approx_max_k", "approx_min_k": "approx_min_k",
        "avg_pool": "avg_pool_v2",
        "batch_norm_with_global_normalization": "batch_norm_with_global_normalization_v2",
        "conv1d": "conv1d_v2", "conv2d": "conv2d_v2",
        "conv2d_transpose": "conv2d_transpose_v2", "conv3d": "conv3d_v2",
        "conv3d_transpose": "conv3d_transpose_v2", "convolution": "convolution_v2",
        "crelu": "crelu_v2", "ctc_beam_search_decoder": "ctc_beam_search_decoder_v2",
        "ctc_loss": "ctc_loss_v3", "depth_to_space": "depth_to_space_v2",
        "depthwise_conv2d": "depthwise_conv2d_v2",
        "depthwise_conv2d_backprop_filter": "depthwise_conv2d_native_backprop_filter",
        "depthwise_conv2d_backprop_input": "depthwise_conv2d_native_backprop_input",
        "dilation2d": "dilation2d_v2", "dropout": "dropout_v2",
        "embedding_lookup": "embedding_lookup_v2",
        "embedding_lookup_sparse": "embedding_lookup_sparse_v2", "erosion2d": "erosion2d_v2",
        "fractional_avg_pool": "fractional_avg_pool_v2",
        "fractional_max_pool": "fractional_max_pool_v2", "in_top_k": "in_top_k_v2",
        "local_response_normalization": "lrn", "log_softmax": "log_softmax_v2", "lrn": "lrn",
        "max_pool": "max_pool_v2", "max_pool_with_argmax": "max_pool_with_argmax_v2",
        "moments": "moments_v2", "nce_loss": "nce_loss_v2", "pool": "pool_v2",
        "safe_embedding_lookup_sparse": "safe_embedding_lookup_sparse_v2",
        "sampled_softmax_loss": "sampled_softmax_loss_v2",
        "separable_conv2d": "separable_conv2d_v2", "sigmoid": "sigmoid",
        "sigmoid_cross_entropy_with_logits": "sigmoid_cross_entropy_with_logits_v2",
        "silu": "swish", "softmax": "softmax_v2",
        "softmax_cross_entropy_with_logits": "softmax_cross_entropy_with_logits_v2",
        "space_to_batch": "space_to_batch_v2", "space_to_depth": "space_to_depth_v2",
        "sparse_softmax_cross_entropy_with_logits": "sparse_softmax_cross_entropy_with_logits_v2",
        "sufficient_statistics": "sufficient_statistics_v2", "swish": "swish", "tanh": "tanh",
        "weighted_cross_entropy_with_logits": "weighted_cross_entropy_with_logits_v2",
        "weighted_moments": "weighted_moments_v2",
    },
    "linalg": {
        "band_part": "matrix_band_part", "det": "matrix_determinant", "diag": "matrix_diag",
        "diag_part": "matrix_diag_part", "eigh": "self_adjoint_eig",
        "eigvalsh": "self_adjoint_eigvals", "expm": "matrix_exponential",
        "inv": "matrix_inverse", "logm": "matrix_logarithm", "lstsq": "matrix_solve_ls",
        "norm": "norm_v2", "set_diag": "matrix_set_diag", "slogdet": "log_matrix_determinant",
        "solve": "matrix_solve", "tensor_diag": "diag",
        "triangular_solve": "matrix_triangular_solve",
    },
    "strings": {
        "bytes_split": "string_bytes_split", "format": "string_format", "join": "string_join",
        "length": "string_length_v2", "lower": "string_lower",
        "reduce_join": "reduce_join_v2", "split": "string_split_v2", "strip": "string_strip",
        "substr": "substr_v2", "to_hash_bucket": "string_to_hash_bucket",
        "to_hash_bucket_fast": "string_to_hash_bucket_fast",
        "to_hash_bucket_strong": "string_to_hash_bucket_strong",
        "to_number": "string_to_number", "upper": "string_upper",
    },
    "image": {
        "crop_and_resize": "crop_and_resize_v2", "decode_webp": "decode_web_p",
        "draw_bounding_boxes": "draw_bounding_boxes_v2",
        "extract_glimpse": "extract_glimpse_v2",
        "extract_patches": "extract_image_patches_v2",
        "non_max_suppression_overlaps": "non_max_suppression_with_overlaps",
        "resize": "resize_images_v2",
        "resize_with_crop_or_pad": "resize_image_with_crop_or_pad",
        "resize_with_pad": "resize_image_with_pad_v2",
        "sample_distorted_bounding_box": "sample_distorted_bounding_box_v2",
        "transpose": "transpose",
    },
    "random": {
        "gamma": "random_gamma", "normal": "random_normal", "poisson": "random_poisson_v2",
        "shuffle": "random_shuffle", "stateless_binomial": "stateless_random_binomial",
        "stateless_gamma": "stateless_random_gamma",
        "stateless_normal": "stateless_random_normal",
        "stateless_poisson": "stateless_random_poisson",
        "stateless_uniform": "stateless_random_uniform", "uniform": "random_uniform",
    },
    "signal": {
        "fft": "fft", "fft2d": "fft2d", "fft3d": "fft3d",
        "fftnd": ("_fftn", "_fftn_wrapper.<locals>._fftn"), "ifft": "ifft",
        "ifft2d": "ifft2d", "ifft3d": "ifft3d",
        "ifftnd": ("_ifftn", "_ifftn_wrapper.<locals>._ifftn"),
        "irfft": ("_irfft", "_irfft_wrapper.<locals>._irfft"),
        "irfft2d": ("_irfft", "_irfft_wrapper.<locals>._irfft"),
        "irfft3d": ("_irfft", "_irfft_wrapper.<locals>._irfft"),
        "irfftnd": ("_irfftn", "_irfftn_wrapper.<locals>._irfftn"),
        "rfft": ("_rfft", "_rfft_wrapper.<locals>._rfft"),
        "rfft2d": ("_rfft", "_rfft_wrapper.<locals>._rfft"),
        "rfft3d": ("_rfft", "_rfft_wrapper.<locals>._rfft"),
        "rfftnd": ("_rfftn", "_rfftn_wrapper.<locals>._rfftn"),
    },
    "sparse": {
        "add": "sparse_add_v2", "bincount": "sparse_bincount", "concat": "sparse_concat_v2",
        "cross": "sparse_cross", "cross_hashed": "sparse_cross_hashed",
        "expand_dims": "sparse_expand_dims", "eye": "sparse_eye",
        "fill_empty_rows": "sparse_fill_empty_rows", "mask": "sparse_mask",
        "maximum": "sparse_maximum", "minimum": "sparse_minimum",
        "reduce_max": "sparse_reduce_max_v2", "reduce_sum": "sparse_reduce_sum_v2",
        "reorder": "sparse_reorder", "reset_shape": "sparse_reset_shape",
        "reshape": "sparse_reshape", "retain": "sparse_retain",
        "segment_mean": "sparse_segment_mean_v2",
        "segment_sqrt_n": "sparse_segment_sqrt_n_v2", "segment_sum": "sparse_segment_sum_v2",
        "slice": "sparse_slice", "softmax": "sparse_softmax",
        "sparse_dense_matmul": "sparse_tensor_dense_matmul", "split": "sparse_split_v2",
        "to_dense": "sparse_tensor_to_dense", "to_indicator": "sparse_to_indicator",
        "transpose": "sparse_transpose",
    },
    "ragged": {
        "cross": "cross", "cross_hashed": "cross_hashed",
    },
    "bitwise": {
        "bitwise_and": "bitwise_and", "bitwise_or": "bitwise_or",
        "bitwise_xor": "bitwise_xor", "invert": "invert", "left_shift": "left_shift",
        "right_shift": "right_shift",
    },
    "io": {
        "decode_csv": "decode_csv_v2", "decode_proto": "decode_proto_v2",
        "decode_webp": "decode_web_p", "parse_example": "parse_example_v2",
        "parse_single_example": "parse_single_example_v2",
        "serialize_many_sparse": "serialize_many_sparse_v2",
        "serialize_sparse": "serialize_sparse_v2",
    },
    "debugging": {
        "assert_all_finite": "verify_tensor_all_finite_v2", "assert_equal": "assert_equal_v2",
        "assert_greater": "assert_greater_v2",
        "assert_greater_equal": "assert_greater_equal_v2",
        "assert_integer": "assert_integer_v2", "assert_less": "assert_less_v2",
        "assert_less_equal": "assert_less_equal_v2", "assert_near": "assert_near_v2",
        "assert_negative": "assert_negative_v2",
        "assert_non_negative": "assert_non_negative_v2",
        "assert_non_positive": "assert_non_positive_v2",
        "assert_none_equal": "assert_none_equal_v2", "assert_positive": "assert_positive_v2",
        "assert_rank": "assert_rank_v2", "assert_rank_at_least": "assert_rank_at_least_v2",
        "assert_rank_in": "assert_rank_in_v2", "assert_scalar": "assert_scalar_v2",
        "assert_shapes": "assert_shapes_v2", "assert_type": "assert_type_v2",
    },
    "io.gfile": {
        "copy": "copy_v2", "exists": "file_exists_v2", "glob": "get_matching_files_v2",
        "isdir": "is_directory_v2", "listdir": "list_directory_v2",
        "makedirs": "recursive_create_dir_v2", "mkdir": "create_dir_v2",
        "remove": "delete_file_v2", "rename": "rename_v2", "rmtree": "delete_recursively_v2",
        "stat": "stat_v2", "walk": "walk_v2",
    },
    "summary": {
        "create_file_writer": "create_file_writer_v2",
    },
    # (tf.compat.v1.data.experimental holds the same objects: TF 1's names, CounterV1,
    # choose_from_datasets_v1, ..., differ there)
    "data.experimental": {
        "Counter": "CounterV2", "choose_from_datasets": "choose_from_datasets_v2",
        "load": "load", "make_batched_features_dataset": "make_batched_features_dataset_v2",
        "make_csv_dataset": "make_csv_dataset_v2", "rejection_resample": "rejection_resample",
        "sample_from_datasets": "sample_from_datasets_v2", "save": "save",
        "snapshot": "snapshot",
    },
    "keras.ops": {
        "hard_swish": "hard_silu", "swish": "silu",
    },
}


def adopt_tf_names(namespace: str, scope: dict[str, Any]) -> None:
    """Give the functions `scope` (a namespace's globals) holds their TF names."""
    for attr, names in TF_NAMES.get(namespace, {}).items():
        fn = scope.get(attr)
        if fn is not None:
            rename(fn, names)


def tf_name(name: str) -> Any:
    """A decorator giving a function TF's name where one function holds it (tf.compat.v1's
    TF 1 functions, whose namespaces resolve their names lazily: no table here)."""
    def named(fn: Any) -> Any:
        rename(fn, name)
        return fn
    return named


def rename(fn: Any, names: str | tuple[str, str]) -> None:
    """Set `fn`'s __name__ and __qualname__ (one name stands for both)."""
    name, qualname = (names, names) if isinstance(names, str) else names
    fn.__name__, fn.__qualname__ = name, qualname
    inner = getattr(fn, "__wrapped__", None)
    while inner is not None:  # (Python names a wrong-arity call's TypeError after the
        # function that binds it, the innermost under functools.wraps' wrappers: TF's
        # `matrix_band_part() missing 3 required positional arguments`)
        inner.__qualname__ = qualname
        inner = getattr(inner, "__wrapped__", None)
