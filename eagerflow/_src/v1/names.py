"""Where `tf.compat.v1`'s TF 1 names live in TF 2: each of these is, in TF 2.21, the very
object TF 2 exports under another name (`tf.compat.v1.log is tf.math.log`), so eagerflow's
`tf.compat.v1` hands back eagerflow's object for that TF 2 name. The names TF 1 gives other
parameters are in tf1_args.py.

TF 1 layer (v1/): plain data, read by `tf.compat.v1`'s attribute lookup.
"""

# TF 1 name -> its TF 2 name (dotted, from the top of `tf`)
ALIASES = {
    "accumulate_n": "math.accumulate_n", "angle": "math.angle",
    "assert_proper_iterable": "debugging.assert_proper_iterable",
    "assert_same_float_dtype": "debugging.assert_same_float_dtype", "betainc": "math.betainc",
    "ceil": "math.ceil", "check_numerics": "debugging.check_numerics",
    "cholesky": "linalg.cholesky", "cholesky_solve": "linalg.cholesky_solve",
    "COMPILER_VERSION": "version.COMPILER_VERSION", "conj": "math.conj",
    "cross": "linalg.cross", "cumprod": "math.cumprod", "CXX_VERSION": "sysconfig.CXX_VERSION",
    "decode_base64": "io.decode_base64", "decode_compressed": "io.decode_compressed",
    "decode_json_example": "io.decode_json_example", "dequantize": "quantization.dequantize",
    "deserialize_many_sparse": "io.deserialize_many_sparse", "diag": "linalg.tensor_diag",
    "diag_part": "linalg.tensor_diag_part", "digamma": "math.digamma",
    "div_no_nan": "math.divide_no_nan", "encode_base64": "io.encode_base64", "erf": "math.erf",
    "erfc": "math.erfc", "expm1": "math.expm1",
    "fake_quant_with_min_max_args": "quantization.fake_quant_with_min_max_args",
    "fake_quant_with_min_max_args_gradient": "quantization.fake_quant_with_min_max_args_gradient",
    "fake_quant_with_min_max_vars": "quantization.fake_quant_with_min_max_vars",
    "fake_quant_with_min_max_vars_gradient": "quantization.fake_quant_with_min_max_vars_gradient",
    "fake_quant_with_min_max_vars_per_channel":
        "quantization.fake_quant_with_min_max_vars_per_channel",
    "fake_quant_with_min_max_vars_per_channel_gradient":
        "quantization.fake_quant_with_min_max_vars_per_channel_gradient",
    "fft": "signal.fft", "fft2d": "signal.fft2d", "fft3d": "signal.fft3d",
    "FIFOQueue": "queue.FIFOQueue", "FixedLenFeature": "io.FixedLenFeature",
    "FixedLenSequenceFeature": "io.FixedLenSequenceFeature", "floordiv": "math.floordiv",
    "floormod": "math.floormod", "GIT_VERSION": "version.GIT_VERSION",
    "global_norm": "linalg.global_norm", "GRAPH_DEF_VERSION": "version.GRAPH_DEF_VERSION",
    "ifft": "signal.ifft", "ifft2d": "signal.ifft2d", "ifft3d": "signal.ifft3d",
    "igamma": "math.igamma", "igammac": "math.igammac", "imag": "math.imag",
    "invert_permutation": "math.invert_permutation", "is_finite": "math.is_finite",
    "is_inf": "math.is_inf", "is_nan": "math.is_nan",
    "is_non_decreasing": "math.is_non_decreasing",
    "is_numeric_tensor": "debugging.is_numeric_tensor",
    "is_strictly_increasing": "math.is_strictly_increasing", "lbeta": "math.lbeta",
    "lgamma": "math.lgamma", "lin_space": "linspace", "log": "math.log", "log1p": "math.log1p",
    "log_sigmoid": "math.log_sigmoid", "logical_xor": "math.logical_xor",
    "matching_files": "io.matching_files", "matrix_band_part": "linalg.band_part",
    "matrix_determinant": "linalg.det", "matrix_diag": "linalg.diag",
    "matrix_diag_part": "linalg.diag_part", "matrix_inverse": "linalg.inv",
    "matrix_set_diag": "linalg.set_diag", "matrix_solve": "linalg.solve",
    "matrix_solve_ls": "linalg.lstsq", "matrix_transpose": "linalg.matrix_transpose",
    "matrix_triangular_solve": "linalg.triangular_solve", "mod": "math.floormod",
    "NoGradient": "no_gradient", "NotDifferentiable": "no_gradient",
    "OpError": "errors.OpError", "PaddingFIFOQueue": "queue.PaddingFIFOQueue",
    "parse_single_sequence_example": "io.parse_single_sequence_example",
    "parse_tensor": "io.parse_tensor", "polygamma": "math.polygamma",
    "PriorityQueue": "queue.PriorityQueue", "qr": "linalg.qr",
    "quantize": "quantization.quantize", "quantized_concat": "quantization.quantized_concat",
    "QUANTIZED_DTYPES": "dtypes.QUANTIZED_DTYPES", "QueueBase": "queue.QueueBase",
    "random_crop": "image.random_crop", "random_gamma": "random.gamma",
    "random_normal": "random.normal", "random_shuffle": "random.shuffle",
    "random_uniform": "random.uniform", "RandomShuffleQueue": "queue.RandomShuffleQueue",
    "read_file": "io.read_file", "real": "math.real", "reciprocal": "math.reciprocal",
    "regex_replace": "strings.regex_replace", "reverse_v2": "reverse", "rint": "math.rint",
    "rsqrt": "math.rsqrt", "segment_max": "math.segment_max",
    "segment_mean": "math.segment_mean", "segment_min": "math.segment_min",
    "segment_prod": "math.segment_prod", "segment_sum": "math.segment_sum",
    "self_adjoint_eig": "linalg.eigh", "self_adjoint_eigvals": "linalg.eigvalsh",
    "serialize_tensor": "io.serialize_tensor",
    "sparse_fill_empty_rows": "sparse.fill_empty_rows", "sparse_mask": "sparse.mask",
    "sparse_maximum": "sparse.maximum", "sparse_minimum": "sparse.minimum",
    "sparse_reorder": "sparse.reorder", "sparse_reset_shape": "sparse.reset_shape",
    "sparse_reshape": "sparse.reshape", "sparse_retain": "sparse.retain",
    "sparse_slice": "sparse.slice", "sparse_softmax": "sparse.softmax",
    "sparse_tensor_dense_matmul": "sparse.sparse_dense_matmul",
    "sparse_tensor_to_dense": "sparse.to_dense", "sparse_to_indicator": "sparse.to_indicator",
    "sparse_transpose": "sparse.transpose", "SparseFeature": "io.SparseFeature",
    "squared_difference": "math.squared_difference", "string_join": "strings.join",
    "string_strip": "strings.strip",
    "string_to_hash_bucket_fast": "strings.to_hash_bucket_fast",
    "string_to_hash_bucket_strong": "strings.to_hash_bucket_strong", "svd": "linalg.svd",
    "tensor_scatter_add": "tensor_scatter_nd_add",
    "tensor_scatter_sub": "tensor_scatter_nd_sub",
    "tensor_scatter_update": "tensor_scatter_nd_update", "trace": "linalg.trace",
    "truncated_normal": "random.truncated_normal",
    "unsorted_segment_max": "math.unsorted_segment_max",
    "unsorted_segment_mean": "math.unsorted_segment_mean",
    "unsorted_segment_min": "math.unsorted_segment_min",
    "unsorted_segment_prod": "math.unsorted_segment_prod",
    "unsorted_segment_sqrt_n": "math.unsorted_segment_sqrt_n",
    "unsorted_segment_sum": "math.unsorted_segment_sum", "VarLenFeature": "io.VarLenFeature",
    "VERSION": "version.VERSION", "where_v2": "where", "write_file": "io.write_file",
    "zeta": "math.zeta",
    # (eagerflow's build constants: it has no C++ library, so its ABI flag is 0, TF's 1)
    "CXX11_ABI_FLAG": "sysconfig.CXX11_ABI_FLAG", "MONOLITHIC_BUILD": "sysconfig.MONOLITHIC_BUILD",
    "GRAPH_DEF_VERSION_MIN_CONSUMER": "version.GRAPH_DEF_VERSION_MIN_CONSUMER",
    "GRAPH_DEF_VERSION_MIN_PRODUCER": "version.GRAPH_DEF_VERSION_MIN_PRODUCER",
}

# TF 1 names with TF 1's own parameters (tf1_args.py)
TF1_ARGS = (
    "reduce_sum", "reduce_mean", "reduce_max", "reduce_min", "reduce_prod", "reduce_all",
    "reduce_any", "reduce_logsumexp", "count_nonzero", "argmax", "argmin", "expand_dims",
    "squeeze", "reverse_sequence", "norm", "gather", "gather_nd", "shape", "size", "pad",
    "boolean_mask", "transpose", "tuple", "convert_to_tensor", "ones_like", "zeros_like",
    "hessians", "name_scope", "while_loop", "cond", "constant")

# TF 1's sparse, string, parsing, printing and other functions (tf1_data.py)
TF1_DATA = (
    "sparse_add", "sparse_concat", "sparse_split", "sparse_reduce_sum", "sparse_reduce_max",
    "sparse_reduce_sum_sparse", "sparse_reduce_max_sparse", "sparse_segment_sum",
    "sparse_segment_mean", "sparse_segment_sqrt_n", "serialize_sparse", "serialize_many_sparse",
    "convert_to_tensor_or_sparse_tensor", "sparse_placeholder", "string_split", "substr",
    "string_to_number", "string_to_hash_bucket", "reduce_join", "decode_raw", "decode_csv",
    "parse_example", "parse_single_example", "Print", "setdiff1d", "space_to_depth",
    "depth_to_space", "extract_image_patches", "confusion_matrix", "bincount", "random_poisson",
    "verify_tensor_all_finite", "assert_scalar", "assert_rank", "assert_rank_at_least",
    "assert_rank_in",
    "assert_integer", "assert_type", "floor_div", "batch_to_space_nd", "space_to_batch",
    "clip_by_average_norm", "initialize_all_tables", "control_flow_v2_enabled",
    "enable_control_flow_v2",
    "disable_control_flow_v2")

# TF 1's functions TF 2 has no name for (tf1_extras.py)
TF1_EXTRAS = (
    "sparse_matmul", "sparse_merge", "scatter_nd_add", "scatter_nd_sub", "scatter_nd_update",
    "batch_scatter_update", "count_up_to", "convert_to_tensor_or_indexed_slices",
    "colocate_with", "container", "op_scope", "add_check_numerics_ops", "quantize_v2")

# TF 1's helpers over variable scopes (template.py)
TF1_TEMPLATES = ("make_template", "create_partitioned_variables")
