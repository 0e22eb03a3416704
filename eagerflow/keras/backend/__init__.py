"""tf.keras.backend (re-exports only): Keras 3's backend state and dtype helpers, and the
Keras 2 era functions TF 2.21 still exports (eagerflow/_src/keras/legacy_backend.py)."""

from eagerflow._src.keras.backend import (
    backend as backend,
)
from eagerflow._src.keras.backend import (
    clear_session as clear_session,
)
from eagerflow._src.keras.backend import (
    epsilon as epsilon,
)
from eagerflow._src.keras.backend import (
    floatx as floatx,
)
from eagerflow._src.keras.backend import (
    get_uid as get_uid,
)
from eagerflow._src.keras.backend import (
    image_data_format as image_data_format,
)
from eagerflow._src.keras.backend import (
    learning_phase as learning_phase,
)
from eagerflow._src.keras.backend import (
    reset_uids as reset_uids,
)
from eagerflow._src.keras.backend import (
    set_epsilon as set_epsilon,
)
from eagerflow._src.keras.backend import (
    set_floatx as set_floatx,
)
from eagerflow._src.keras.backend import (
    set_image_data_format as set_image_data_format,
)
from eagerflow._src.keras.backend import (
    set_learning_phase as set_learning_phase,
)
from eagerflow._src.keras.engine.keras_tensor import (
    is_keras_tensor as is_keras_tensor,
)
from eagerflow._src.keras.legacy_backend import (
    abs as abs,
)
from eagerflow._src.keras.legacy_backend import (
    all as all,
)
from eagerflow._src.keras.legacy_backend import (
    any as any,
)
from eagerflow._src.keras.legacy_backend import (
    arange as arange,
)
from eagerflow._src.keras.legacy_backend import (
    argmax as argmax,
)
from eagerflow._src.keras.legacy_backend import (
    argmin as argmin,
)
from eagerflow._src.keras.legacy_backend import (
    batch_dot as batch_dot,
)
from eagerflow._src.keras.legacy_backend import (
    batch_flatten as batch_flatten,
)
from eagerflow._src.keras.legacy_backend import (
    batch_get_value as batch_get_value,
)
from eagerflow._src.keras.legacy_backend import (
    batch_normalization as batch_normalization,
)
from eagerflow._src.keras.legacy_backend import (
    batch_set_value as batch_set_value,
)
from eagerflow._src.keras.legacy_backend import (
    bias_add as bias_add,
)
from eagerflow._src.keras.legacy_backend import (
    binary_crossentropy as binary_crossentropy,
)
from eagerflow._src.keras.legacy_backend import (
    binary_focal_crossentropy as binary_focal_crossentropy,
)
from eagerflow._src.keras.legacy_backend import (
    cast as cast,
)
from eagerflow._src.keras.legacy_backend import (
    cast_to_floatx as cast_to_floatx,
)
from eagerflow._src.keras.legacy_backend import (
    categorical_crossentropy as categorical_crossentropy,
)
from eagerflow._src.keras.legacy_backend import (
    categorical_focal_crossentropy as categorical_focal_crossentropy,
)
from eagerflow._src.keras.legacy_backend import (
    clip as clip,
)
from eagerflow._src.keras.legacy_backend import (
    concatenate as concatenate,
)
from eagerflow._src.keras.legacy_backend import (
    constant as constant,
)
from eagerflow._src.keras.legacy_backend import (
    conv1d as conv1d,
)
from eagerflow._src.keras.legacy_backend import (
    conv2d as conv2d,
)
from eagerflow._src.keras.legacy_backend import (
    conv2d_transpose as conv2d_transpose,
)
from eagerflow._src.keras.legacy_backend import (
    conv3d as conv3d,
)
from eagerflow._src.keras.legacy_backend import (
    cos as cos,
)
from eagerflow._src.keras.legacy_backend import (
    count_params as count_params,
)
from eagerflow._src.keras.legacy_backend import (
    ctc_label_dense_to_sparse as ctc_label_dense_to_sparse,
)
from eagerflow._src.keras.legacy_backend import (
    cumprod as cumprod,
)
from eagerflow._src.keras.legacy_backend import (
    cumsum as cumsum,
)
from eagerflow._src.keras.legacy_backend import (
    depthwise_conv2d as depthwise_conv2d,
)
from eagerflow._src.keras.legacy_backend import (
    dot as dot,
)
from eagerflow._src.keras.legacy_backend import (
    dropout as dropout,
)
from eagerflow._src.keras.legacy_backend import (
    dtype as dtype,
)
from eagerflow._src.keras.legacy_backend import (
    elu as elu,
)
from eagerflow._src.keras.legacy_backend import (
    equal as equal,
)
from eagerflow._src.keras.legacy_backend import (
    eval as eval,
)
from eagerflow._src.keras.legacy_backend import (
    exp as exp,
)
from eagerflow._src.keras.legacy_backend import (
    expand_dims as expand_dims,
)
from eagerflow._src.keras.legacy_backend import (
    eye as eye,
)
from eagerflow._src.keras.legacy_backend import (
    flatten as flatten,
)
from eagerflow._src.keras.legacy_backend import (
    foldl as foldl,
)
from eagerflow._src.keras.legacy_backend import (
    foldr as foldr,
)
from eagerflow._src.keras.legacy_backend import (
    gather as gather,
)
from eagerflow._src.keras.legacy_backend import (
    get_value as get_value,
)
from eagerflow._src.keras.legacy_backend import (
    gradients as gradients,
)
from eagerflow._src.keras.legacy_backend import (
    greater as greater,
)
from eagerflow._src.keras.legacy_backend import (
    greater_equal as greater_equal,
)
from eagerflow._src.keras.legacy_backend import (
    hard_sigmoid as hard_sigmoid,
)
from eagerflow._src.keras.legacy_backend import (
    in_top_k as in_top_k,
)
from eagerflow._src.keras.legacy_backend import (
    int_shape as int_shape,
)
from eagerflow._src.keras.legacy_backend import (
    is_sparse as is_sparse,
)
from eagerflow._src.keras.legacy_backend import (
    l2_normalize as l2_normalize,
)
from eagerflow._src.keras.legacy_backend import (
    less as less,
)
from eagerflow._src.keras.legacy_backend import (
    less_equal as less_equal,
)
from eagerflow._src.keras.legacy_backend import (
    log as log,
)
from eagerflow._src.keras.legacy_backend import (
    map_fn as map_fn,
)
from eagerflow._src.keras.legacy_backend import (
    max as max,
)
from eagerflow._src.keras.legacy_backend import (
    maximum as maximum,
)
from eagerflow._src.keras.legacy_backend import (
    mean as mean,
)
from eagerflow._src.keras.legacy_backend import (
    min as min,
)
from eagerflow._src.keras.legacy_backend import (
    minimum as minimum,
)
from eagerflow._src.keras.legacy_backend import (
    moving_average_update as moving_average_update,
)
from eagerflow._src.keras.legacy_backend import (
    name_scope as name_scope,
)
from eagerflow._src.keras.legacy_backend import (
    ndim as ndim,
)
from eagerflow._src.keras.legacy_backend import (
    not_equal as not_equal,
)
from eagerflow._src.keras.legacy_backend import (
    one_hot as one_hot,
)
from eagerflow._src.keras.legacy_backend import (
    ones as ones,
)
from eagerflow._src.keras.legacy_backend import (
    ones_like as ones_like,
)
from eagerflow._src.keras.legacy_backend import (
    permute_dimensions as permute_dimensions,
)
from eagerflow._src.keras.legacy_backend import (
    pool2d as pool2d,
)
from eagerflow._src.keras.legacy_backend import (
    pool3d as pool3d,
)
from eagerflow._src.keras.legacy_backend import (
    pow as pow,
)
from eagerflow._src.keras.legacy_backend import (
    prod as prod,
)
from eagerflow._src.keras.legacy_backend import (
    random_bernoulli as random_bernoulli,
)
from eagerflow._src.keras.legacy_backend import (
    random_normal as random_normal,
)
from eagerflow._src.keras.legacy_backend import (
    random_normal_variable as random_normal_variable,
)
from eagerflow._src.keras.legacy_backend import (
    random_uniform as random_uniform,
)
from eagerflow._src.keras.legacy_backend import (
    random_uniform_variable as random_uniform_variable,
)
from eagerflow._src.keras.legacy_backend import (
    relu as relu,
)
from eagerflow._src.keras.legacy_backend import (
    repeat as repeat,
)
from eagerflow._src.keras.legacy_backend import (
    repeat_elements as repeat_elements,
)
from eagerflow._src.keras.legacy_backend import (
    reshape as reshape,
)
from eagerflow._src.keras.legacy_backend import (
    resize_images as resize_images,
)
from eagerflow._src.keras.legacy_backend import (
    resize_volumes as resize_volumes,
)
from eagerflow._src.keras.legacy_backend import (
    reverse as reverse,
)
from eagerflow._src.keras.legacy_backend import (
    rnn as rnn,
)
from eagerflow._src.keras.legacy_backend import (
    round as round,
)
from eagerflow._src.keras.legacy_backend import (
    separable_conv2d as separable_conv2d,
)
from eagerflow._src.keras.legacy_backend import (
    set_value as set_value,
)
from eagerflow._src.keras.legacy_backend import (
    shape as shape,
)
from eagerflow._src.keras.legacy_backend import (
    sigmoid as sigmoid,
)
from eagerflow._src.keras.legacy_backend import (
    sign as sign,
)
from eagerflow._src.keras.legacy_backend import (
    sin as sin,
)
from eagerflow._src.keras.legacy_backend import (
    softmax as softmax,
)
from eagerflow._src.keras.legacy_backend import (
    softplus as softplus,
)
from eagerflow._src.keras.legacy_backend import (
    softsign as softsign,
)
from eagerflow._src.keras.legacy_backend import (
    sparse_categorical_crossentropy as sparse_categorical_crossentropy,
)
from eagerflow._src.keras.legacy_backend import (
    spatial_2d_padding as spatial_2d_padding,
)
from eagerflow._src.keras.legacy_backend import (
    spatial_3d_padding as spatial_3d_padding,
)
from eagerflow._src.keras.legacy_backend import (
    sqrt as sqrt,
)
from eagerflow._src.keras.legacy_backend import (
    square as square,
)
from eagerflow._src.keras.legacy_backend import (
    squeeze as squeeze,
)
from eagerflow._src.keras.legacy_backend import (
    stack as stack,
)
from eagerflow._src.keras.legacy_backend import (
    std as std,
)
from eagerflow._src.keras.legacy_backend import (
    stop_gradient as stop_gradient,
)
from eagerflow._src.keras.legacy_backend import (
    sum as sum,
)
from eagerflow._src.keras.legacy_backend import (
    switch as switch,
)
from eagerflow._src.keras.legacy_backend import (
    tanh as tanh,
)
from eagerflow._src.keras.legacy_backend import (
    temporal_padding as temporal_padding,
)
from eagerflow._src.keras.legacy_backend import (
    tile as tile,
)
from eagerflow._src.keras.legacy_backend import (
    to_dense as to_dense,
)
from eagerflow._src.keras.legacy_backend import (
    transpose as transpose,
)
from eagerflow._src.keras.legacy_backend import (
    truncated_normal as truncated_normal,
)
from eagerflow._src.keras.legacy_backend import (
    update as update,
)
from eagerflow._src.keras.legacy_backend import (
    update_add as update_add,
)
from eagerflow._src.keras.legacy_backend import (
    update_sub as update_sub,
)
from eagerflow._src.keras.legacy_backend import (
    var as var,
)
from eagerflow._src.keras.legacy_backend import (
    variable as variable,
)
from eagerflow._src.keras.legacy_backend import (
    zeros as zeros,
)
from eagerflow._src.keras.legacy_backend import (
    zeros_like as zeros_like,
)
from eagerflow._src.keras.ops.dtypes import (
    is_float_dtype as is_float_dtype,
)
from eagerflow._src.keras.ops.dtypes import (
    is_int_dtype as is_int_dtype,
)
from eagerflow._src.keras.ops.dtypes import (
    result_type as result_type,
)
from eagerflow._src.keras.ops.dtypes import (
    standardize_dtype as standardize_dtype,
)
