"""tf.keras.metrics (re-exports only)."""

from eagerflow._src.keras.losses import (
    KLD as KLD,
)
from eagerflow._src.keras.losses import (
    MAE as MAE,
)
from eagerflow._src.keras.losses import (
    MAPE as MAPE,
)
from eagerflow._src.keras.losses import (
    MSE as MSE,
)
from eagerflow._src.keras.losses import (
    MSLE as MSLE,
)
from eagerflow._src.keras.losses import (
    binary_crossentropy as binary_crossentropy,
)
from eagerflow._src.keras.losses import (
    categorical_crossentropy as categorical_crossentropy,
)
from eagerflow._src.keras.losses import (
    categorical_hinge as categorical_hinge,
)
from eagerflow._src.keras.losses import (
    hinge as hinge,
)
from eagerflow._src.keras.losses import (
    kl_divergence as kl_divergence,
)
from eagerflow._src.keras.losses import (
    kld as kld,
)
from eagerflow._src.keras.losses import (
    kullback_leibler_divergence as kullback_leibler_divergence,
)
from eagerflow._src.keras.losses import (
    log_cosh as log_cosh,
)
from eagerflow._src.keras.losses import (
    logcosh as logcosh,
)
from eagerflow._src.keras.losses import (
    mae as mae,
)
from eagerflow._src.keras.losses import (
    mape as mape,
)
from eagerflow._src.keras.losses import (
    mean_absolute_error as mean_absolute_error,
)
from eagerflow._src.keras.losses import (
    mean_absolute_percentage_error as mean_absolute_percentage_error,
)
from eagerflow._src.keras.losses import (
    mean_squared_error as mean_squared_error,
)
from eagerflow._src.keras.losses import (
    mean_squared_logarithmic_error as mean_squared_logarithmic_error,
)
from eagerflow._src.keras.losses import (
    mse as mse,
)
from eagerflow._src.keras.losses import (
    msle as msle,
)
from eagerflow._src.keras.losses import (
    poisson as poisson,
)
from eagerflow._src.keras.losses import (
    sparse_categorical_crossentropy as sparse_categorical_crossentropy,
)
from eagerflow._src.keras.losses import (
    squared_hinge as squared_hinge,
)
from eagerflow._src.keras.metrics import deserialize as deserialize
from eagerflow._src.keras.metrics import get as get
from eagerflow._src.keras.metrics import serialize as serialize
from eagerflow._src.keras.metrics.base import (
    Mean as Mean,
)
from eagerflow._src.keras.metrics.base import (
    MeanMetricWrapper as MeanMetricWrapper,
)
from eagerflow._src.keras.metrics.base import (
    Metric as Metric,
)
from eagerflow._src.keras.metrics.base import (
    Sum as Sum,
)
from eagerflow._src.keras.metrics.confusion import (
    AUC as AUC,
)
from eagerflow._src.keras.metrics.confusion import (
    FalseNegatives as FalseNegatives,
)
from eagerflow._src.keras.metrics.confusion import (
    FalsePositives as FalsePositives,
)
from eagerflow._src.keras.metrics.confusion import (
    PrecisionAtRecall as PrecisionAtRecall,
)
from eagerflow._src.keras.metrics.confusion import (
    RecallAtPrecision as RecallAtPrecision,
)
from eagerflow._src.keras.metrics.confusion import (
    SensitivityAtSpecificity as SensitivityAtSpecificity,
)
from eagerflow._src.keras.metrics.confusion import (
    SpecificityAtSensitivity as SpecificityAtSensitivity,
)
from eagerflow._src.keras.metrics.iou import (
    BinaryIoU as BinaryIoU,
)
from eagerflow._src.keras.metrics.iou import (
    IoU as IoU,
)
from eagerflow._src.keras.metrics.iou import (
    MeanIoU as MeanIoU,
)
from eagerflow._src.keras.metrics.iou import (
    OneHotIoU as OneHotIoU,
)
from eagerflow._src.keras.metrics.iou import (
    OneHotMeanIoU as OneHotMeanIoU,
)
from eagerflow._src.keras.metrics.scores import (
    F1Score as F1Score,
)
from eagerflow._src.keras.metrics.scores import (
    FBetaScore as FBetaScore,
)
from eagerflow._src.keras.metrics.scores import (
    R2Score as R2Score,
)
from eagerflow._src.keras.metrics.confusion import (
    Precision as Precision,
)
from eagerflow._src.keras.metrics.confusion import (
    Recall as Recall,
)
from eagerflow._src.keras.metrics.confusion import (
    TrueNegatives as TrueNegatives,
)
from eagerflow._src.keras.metrics.confusion import (
    TruePositives as TruePositives,
)
from eagerflow._src.keras.metrics.simple import (
    Accuracy as Accuracy,
)
from eagerflow._src.keras.metrics.simple import (
    BinaryAccuracy as BinaryAccuracy,
)
from eagerflow._src.keras.metrics.simple import (
    BinaryCrossentropy as BinaryCrossentropy,
)
from eagerflow._src.keras.metrics.simple import (
    CategoricalAccuracy as CategoricalAccuracy,
)
from eagerflow._src.keras.metrics.simple import (
    CategoricalCrossentropy as CategoricalCrossentropy,
)
from eagerflow._src.keras.metrics.simple import (
    CategoricalHinge as CategoricalHinge,
)
from eagerflow._src.keras.metrics.simple import (
    CosineSimilarity as CosineSimilarity,
)
from eagerflow._src.keras.metrics.simple import (
    Hinge as Hinge,
)
from eagerflow._src.keras.metrics.simple import (
    KLDivergence as KLDivergence,
)
from eagerflow._src.keras.metrics.simple import (
    LogCoshError as LogCoshError,
)
from eagerflow._src.keras.metrics.simple import (
    MeanAbsoluteError as MeanAbsoluteError,
)
from eagerflow._src.keras.metrics.simple import (
    MeanAbsolutePercentageError as MeanAbsolutePercentageError,
)
from eagerflow._src.keras.metrics.simple import (
    MeanSquaredError as MeanSquaredError,
)
from eagerflow._src.keras.metrics.simple import (
    MeanSquaredLogarithmicError as MeanSquaredLogarithmicError,
)
from eagerflow._src.keras.metrics.simple import (
    Poisson as Poisson,
)
from eagerflow._src.keras.metrics.simple import (
    RootMeanSquaredError as RootMeanSquaredError,
)
from eagerflow._src.keras.metrics.simple import (
    SparseCategoricalAccuracy as SparseCategoricalAccuracy,
)
from eagerflow._src.keras.metrics.simple import (
    SparseCategoricalCrossentropy as SparseCategoricalCrossentropy,
)
from eagerflow._src.keras.metrics.simple import (
    SparseTopKCategoricalAccuracy as SparseTopKCategoricalAccuracy,
)
from eagerflow._src.keras.metrics.simple import (
    SquaredHinge as SquaredHinge,
)
from eagerflow._src.keras.metrics.simple import (
    TopKCategoricalAccuracy as TopKCategoricalAccuracy,
)
from eagerflow._src.keras.metrics.simple import (
    binary_accuracy as binary_accuracy,
)
from eagerflow._src.keras.metrics.simple import (
    categorical_accuracy as categorical_accuracy,
)
from eagerflow._src.keras.metrics.simple import (
    sparse_categorical_accuracy as sparse_categorical_accuracy,
)
from eagerflow._src.keras.metrics.simple import (
    sparse_top_k_categorical_accuracy as sparse_top_k_categorical_accuracy,
)
from eagerflow._src.keras.metrics.simple import (
    top_k_categorical_accuracy as top_k_categorical_accuracy,
)
from eagerflow._src.keras.losses import (  # Keras 3 exports these loss functions as metrics
    binary_focal_crossentropy as binary_focal_crossentropy,
)
from eagerflow._src.keras.losses import (
    categorical_focal_crossentropy as categorical_focal_crossentropy,
)
from eagerflow._src.keras.losses import (
    huber as huber,
)
from eagerflow._src.keras.metrics.correlation import (
    ConcordanceCorrelation as ConcordanceCorrelation,
)
from eagerflow._src.keras.metrics.correlation import (
    PearsonCorrelation as PearsonCorrelation,
)
from eagerflow._src.keras.metrics.correlation import (
    concordance_correlation as concordance_correlation,
)
from eagerflow._src.keras.metrics.correlation import (
    pearson_correlation as pearson_correlation,
)
