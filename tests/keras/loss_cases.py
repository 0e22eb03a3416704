"""Keras 3's newer losses on fixed inputs (losses_golden.json, by make_losses_golden.py):
each case is an expression over `keras` and `np`, its value or error recorded."""

YT = "np.array([[[[1.0], [1.0]], [[0.0], [0.0]]], [[[1.0], [1.0]], [[0.0], [0.0]]]])"
YP = "np.array([[[[0.0], [1.0]], [[0.0], [1.0]]], [[[0.4], [0.0]], [[0.0], [0.9]]]])"
LABELS = "np.array([0, 1, 0, 1])"
PROBS = "np.array([[0.7, 0.3], [0.2, 0.8], [0.6, 0.4], [0.4, 0.6]])"
CASES = [
    f"keras.losses.dice({YT}, {YP})",
    f"keras.losses.dice({YT}, {YP}, axis=(1, 2, 3))",
    f"keras.losses.Dice()({YT}, {YP})",
    f"keras.losses.Dice(axis=(1, 2, 3), reduction=None)({YT}, {YP})",
    f"keras.losses.Dice('sum', axis=(1, 2, 3))({YT}, {YP})",
    f"keras.losses.tversky({YT}, {YP}, alpha=0.3, beta=0.7)",
    f"keras.losses.Tversky(0.2, 0.8, axis=(1, 2, 3), reduction=None)({YT}, {YP})",
    f"keras.losses.Tversky()({YT}, {YP}, sample_weight=np.array([1.0, 0.5]))",
    f"keras.losses.categorical_generalized_cross_entropy({LABELS}, {PROBS}, q=0.5)",
    f"keras.losses.CategoricalGeneralizedCrossEntropy()({LABELS}, {PROBS})",
    f"keras.losses.CategoricalGeneralizedCrossEntropy(q=0.9, reduction='sum')({LABELS}, {PROBS})",
    "keras.losses.CategoricalGeneralizedCrossEntropy(q=1.5)",
    "keras.losses.Dice().get_config()",
    "keras.losses.Tversky(0.2, 0.8, axis=(1, 2)).get_config()",
    "keras.losses.CategoricalGeneralizedCrossEntropy(q=0.3).get_config()",
    "keras.losses.get('dice').__name__",
    "type(keras.losses.get({'class_name': 'Tversky', 'config': {'alpha': 0.1}})).__name__",
]

# Keras 3's correlation metrics (and the loss functions keras.metrics exports)
YT2 = "np.array([[0.0, 1.0, 0.5], [1.0, 1.0, 0.2]])"
YP2 = "np.array([[0.1, 0.9, 0.5], [1.0, 0.9, 0.2]])"
METRIC_CASES = [
    f"keras.metrics.pearson_correlation({YT2}, {YP2})",
    f"keras.metrics.concordance_correlation({YT2}, {YP2})",
    f"keras.metrics.pearson_correlation({YT2}, {YP2}, axis=0)",
    f"keras.metrics.concordance_correlation({YT2}, {YP2}, axis=0)",
    f"keras.metrics.PearsonCorrelation()({YT2}, {YP2})",
    f"keras.metrics.ConcordanceCorrelation()({YT2}, {YP2})",
    f"keras.metrics.ConcordanceCorrelation(axis=0)({YT2}, {YP2}, "
    "sample_weight=np.array([1.0, 0.0, 2.0]))",
    "keras.metrics.PearsonCorrelation(axis=0).get_config()",
    "keras.metrics.ConcordanceCorrelation().get_config()",
    "keras.metrics.get('pearson_correlation').__name__",
    f"keras.metrics.huber({YT2}, {YP2})",
    f"keras.metrics.binary_focal_crossentropy({YT2}, {YP2})",
]
CASES += METRIC_CASES

# CTC over fixed logits (integer targets, 0 pads)
CTC_Y = "np.array([[1, 2, 0], [3, 3, 1]])"
CTC_P = "np.sin(np.arange(60.0).reshape(2, 6, 5))"
CASES += [
    f"keras.losses.ctc({CTC_Y}, {CTC_P})",
    f"keras.losses.CTC()({CTC_Y}, {CTC_P})",
    f"keras.losses.CTC(reduction='sum')({CTC_Y}, {CTC_P})",
    f"keras.losses.ctc(np.array([1, 2]), {CTC_P})",
    f"keras.losses.ctc({CTC_Y}, np.ones((2, 6)))",
    "keras.losses.CTC().get_config()",
]

# Circle loss over unit embeddings (label 2 has no positive: its loss is 0 and masked out)
EMB = ("np.array([[0.6, 0.8, 0.0], [0.0, 1.0, 0.0], [0.8, 0.0, 0.6], [0.0, 0.6, 0.8], "
       "[1.0, 0.0, 0.0]], 'float32')")
CL = "np.array([0, 1, 0, 1, 2])"
CASES += [
    f"keras.losses.circle({CL}, {EMB})",
    f"keras.losses.circle({CL}, {EMB}, ref_labels=np.array([0, 1, 2]), "
    f"ref_embeddings={EMB}[:3])",
    f"keras.losses.circle({CL}, {EMB}, remove_diagonal=False, gamma=4, margin=0.1)",
    f"keras.losses.Circle()({CL}, {EMB})",
    f"keras.losses.Circle(reduction=None)({CL}, {EMB})",
    f"keras.losses.Circle(gamma=2.0, margin=0.25, remove_diagonal=False)({CL}, {EMB})",
    f"keras.losses.Circle()({CL}, {EMB}, sample_weight=np.array([1, 2, 0, 1, 1.0]))",
    f"keras.losses.Circle(gamma=1, reduction='sum')({CL}[:, None], {EMB})",
    "keras.losses.Circle().get_config()",
    "keras.losses.Circle(10.0, 0.3, False, name='c').get_config()",
    "keras.losses.serialize(keras.losses.Circle())",
    "keras.losses.get('circle').__name__",
]

# OrthogonalRegularizer on a fixed kernel (given as a tensor: Keras's NumPy branch differs)
W = ("keras.ops.convert_to_tensor(np.array([[1.0, 2.0, 0.5], [0.0, 1.0, -1.0], "
     "[2.0, 0.0, 1.0], [0.5, 0.5, 0.5]], 'float32'))")
CASES += [
    f"keras.regularizers.OrthogonalRegularizer(0.1)({W})",
    f"keras.regularizers.OrthogonalRegularizer(0.1, mode='columns')({W})",
    f"keras.regularizers.OrthogonalRegularizer()({W})",
    f"keras.regularizers.orthogonal_regularizer(factor=2.5)({W})",
    "keras.regularizers.OrthogonalRegularizer()(keras.ops.zeros((2, 3)))",
    f"keras.regularizers.OrthogonalRegularizer(1)({W})",
    "keras.regularizers.OrthogonalRegularizer()(keras.ops.ones((2, 2, 2)))",
    "keras.regularizers.OrthogonalRegularizer(mode='diagonal')",
    "keras.regularizers.OrthogonalRegularizer(-1)",
    "keras.regularizers.OrthogonalRegularizer('a')",
    "keras.regularizers.OrthogonalRegularizer(0.1, 'columns').get_config()",
    "keras.regularizers.serialize(keras.regularizers.OrthogonalRegularizer())",
    "keras.regularizers.get('orthogonal_regularizer').get_config()",
    "keras.regularizers.get({'class_name': 'OrthogonalRegularizer', "
    "'config': {'factor': 0.5, 'mode': 'columns'}}).get_config()",
]

# A loss object given Python lists, tuples or dicts: Keras 3 walks them as structures (each
# leaf a tensor), pairs their leaves, and hands the structures to the loss function, so
# structures that differ raise optree's errors
T = "keras.ops.convert_to_tensor"
PAIRS = [
    "[0., 1.], [1., 1.]", "[[0., 1.]], [[1., 1.]]", f"[0., 1.], {T}([1., 1.])",
    f"{T}([0., 1.]), [1., 1.]", "(0., 1.), [1., 1.]", "[0., 1.], [1., 1., 2.]",
    "[[0., 1.]], np.array([[1., 1.]])", "{'a': [1.]}, {'a': [2.]}", "{'a': 1.}, {'b': 2.}",
    "[1, 2], [[0.05, 0.95, 0.], [0.1, 0.8, 0.1]]", "[None, 1.], [1., 1.]", "[1.], 2.",
    "1., [2.]", "1., 2.", f"[{T}([1., 2.])], [{T}([[1.], [2.]])]", "[1, 0], [0.3, 0.6]",
    "np.array([1, 2]), [[0.05, 0.95, 0.], [0.1, 0.8, 0.1]]",
]
CASES += [f"keras.losses.{cls}()({pair})" for pair in PAIRS
          for cls in ("MeanSquaredError", "BinaryCrossentropy", "CategoricalCrossentropy",
                      "SparseCategoricalCrossentropy", "Huber")]
CASES += [f"keras.losses.sparse_categorical_crossentropy({PAIRS[9]})",
          f"keras.losses.SparseCategoricalCrossentropy(ignore_class=0)({PAIRS[0]})",
          f"keras.metrics.MeanSquaredError()({PAIRS[5]})"]
