"""tf.compat.v1.losses: TF 1's weighted losses and their collection (re-exports only)."""

from eagerflow._src.v1.losses import (
    Reduction,
    mean_pairwise_squared_error,
    absolute_difference,
    add_loss,
    compute_weighted_loss,
    cosine_distance,
    get_losses,
    get_regularization_loss,
    get_regularization_losses,
    get_total_loss,
    hinge_loss,
    huber_loss,
    log_loss,
    mean_squared_error,
    sigmoid_cross_entropy,
    softmax_cross_entropy,
    sparse_softmax_cross_entropy,
)
