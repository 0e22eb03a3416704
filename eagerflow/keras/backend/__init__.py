"""tf.keras.backend (re-exports only): Keras 3's backend state and dtype helpers, and the
Keras 2 era functions TF 2.21 still exports (eagerflow/_src/keras/legacy_backend/)."""

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
    set_epsilon as set_epsilon,
)
from eagerflow._src.keras.backend import (
    set_floatx as set_floatx,
)
from eagerflow._src.keras.backend import (
    set_image_data_format as set_image_data_format,
)
from eagerflow._src.keras.engine.keras_tensor import (
    is_any_keras_tensor as is_keras_tensor,
)
from eagerflow._src.keras.legacy_backend.elementwise import (
    abs as abs,
)
from eagerflow._src.keras.legacy_backend.elementwise import (
    all as all,
)
from eagerflow._src.keras.legacy_backend.elementwise import (
    any as any,
)
from eagerflow._src.keras.legacy_backend.arrays import (
    arange as arange,
)
from eagerflow._src.keras.legacy_backend.elementwise import (
    argmax as argmax,
)
from eagerflow._src.keras.legacy_backend.elementwise import (
    argmin as argmin,
)
from eagerflow._src.keras.legacy_backend.nn import (
    batch_dot as batch_dot,
)
from eagerflow._src.keras.legacy_backend.arrays import (
    batch_flatten as batch_flatten,
)
from eagerflow._src.keras.legacy_backend.state import (
    batch_get_value as batch_get_value,
)
from eagerflow._src.keras.legacy_backend.nn import (
    batch_normalization as batch_normalization,
)
from eagerflow._src.keras.legacy_backend.state import (
    batch_set_value as batch_set_value,
)
from eagerflow._src.keras.legacy_backend.nn import (
    bias_add as bias_add,
)
from eagerflow._src.keras.legacy_backend.losses import (
    binary_crossentropy as binary_crossentropy,
)
from eagerflow._src.keras.legacy_backend.losses import (
    binary_focal_crossentropy as binary_focal_crossentropy,
)
from eagerflow._src.keras.legacy_backend.elementwise import (
    cast as cast,
)
from eagerflow._src.keras.legacy_backend.elementwise import (
    cast_to_floatx as cast_to_floatx,
)
from eagerflow._src.keras.legacy_backend.losses import (
    categorical_crossentropy as categorical_crossentropy,
)
from eagerflow._src.keras.legacy_backend.losses import (
    categorical_focal_crossentropy as categorical_focal_crossentropy,
)
from eagerflow._src.keras.legacy_backend.elementwise import (
    clip as clip,
)
from eagerflow._src.keras.legacy_backend.arrays import (
    concatenate as concatenate,
)
from eagerflow._src.keras.legacy_backend.arrays import (
    constant as constant,
)
from eagerflow._src.keras.legacy_backend.nn import (
    conv1d as conv1d,
)
from eagerflow._src.keras.legacy_backend.nn import (
    conv2d as conv2d,
)
from eagerflow._src.keras.legacy_backend.nn import (
    conv2d_transpose as conv2d_transpose,
)
from eagerflow._src.keras.legacy_backend.nn import (
    conv3d as conv3d,
)
from eagerflow._src.keras.legacy_backend.elementwise import (
    cos as cos,
)
from eagerflow._src.keras.legacy_backend.arrays import (
    count_params as count_params,
)
from eagerflow._src.keras.legacy_backend.ctc import (
    ctc_label_dense_to_sparse as ctc_label_dense_to_sparse,
)
from eagerflow._src.keras.legacy_backend.elementwise import (
    cumprod as cumprod,
)
from eagerflow._src.keras.legacy_backend.elementwise import (
    cumsum as cumsum,
)
from eagerflow._src.keras.legacy_backend.nn import (
    depthwise_conv2d as depthwise_conv2d,
)
from eagerflow._src.keras.legacy_backend.nn import (
    dot as dot,
)
from eagerflow._src.keras.legacy_backend.state import (
    dropout as dropout,
)
from eagerflow._src.keras.legacy_backend.arrays import (
    dtype as dtype,
)
from eagerflow._src.keras.legacy_backend.elementwise import (
    elu as elu,
)
from eagerflow._src.keras.legacy_backend.elementwise import (
    equal as equal,
)
from eagerflow._src.keras.legacy_backend.state import (
    eval as eval,
)
from eagerflow._src.keras.legacy_backend.elementwise import (
    exp as exp,
)
from eagerflow._src.keras.legacy_backend.arrays import (
    expand_dims as expand_dims,
)
from eagerflow._src.keras.legacy_backend.state import (
    eye as eye,
)
from eagerflow._src.keras.legacy_backend.arrays import (
    flatten as flatten,
)
from eagerflow._src.keras.legacy_backend.control_flow import (
    foldl as foldl,
)
from eagerflow._src.keras.legacy_backend.control_flow import (
    foldr as foldr,
)
from eagerflow._src.keras.legacy_backend.arrays import (
    gather as gather,
)
from eagerflow._src.keras.legacy_backend.state import (
    get_value as get_value,
)
from eagerflow._src.keras.legacy_backend.state import (
    gradients as gradients,
)
from eagerflow._src.keras.legacy_backend.elementwise import (
    greater as greater,
)
from eagerflow._src.keras.legacy_backend.elementwise import (
    greater_equal as greater_equal,
)
from eagerflow._src.keras.legacy_backend.elementwise import (
    hard_sigmoid as hard_sigmoid,
)
from eagerflow._src.keras.legacy_backend.nn import (
    in_top_k as in_top_k,
)
from eagerflow._src.keras.legacy_backend.arrays import (
    int_shape as int_shape,
)
from eagerflow._src.keras.legacy_backend.arrays import (
    is_sparse as is_sparse,
)
from eagerflow._src.keras.legacy_backend.elementwise import (
    l2_normalize as l2_normalize,
)
from eagerflow._src.keras.legacy_backend.elementwise import (
    less as less,
)
from eagerflow._src.keras.legacy_backend.elementwise import (
    less_equal as less_equal,
)
from eagerflow._src.keras.legacy_backend.elementwise import (
    log as log,
)
from eagerflow._src.keras.legacy_backend.control_flow import (
    map_fn as map_fn,
)
from eagerflow._src.keras.legacy_backend.elementwise import (
    max as max,
)
from eagerflow._src.keras.legacy_backend.elementwise import (
    maximum as maximum,
)
from eagerflow._src.keras.legacy_backend.elementwise import (
    mean as mean,
)
from eagerflow._src.keras.legacy_backend.elementwise import (
    min as min,
)
from eagerflow._src.keras.legacy_backend.elementwise import (
    minimum as minimum,
)
from eagerflow._src.keras.legacy_backend.state import (
    moving_average_update as moving_average_update,
)
from eagerflow._src.keras.legacy_backend.state import (
    name_scope as name_scope,
)
from eagerflow._src.keras.legacy_backend.arrays import (
    ndim as ndim,
)
from eagerflow._src.keras.legacy_backend.elementwise import (
    not_equal as not_equal,
)
from eagerflow._src.keras.legacy_backend.arrays import (
    one_hot as one_hot,
)
from eagerflow._src.keras.legacy_backend.state import (
    ones as ones,
)
from eagerflow._src.keras.legacy_backend.state import (
    ones_like as ones_like,
)
from eagerflow._src.keras.legacy_backend.arrays import (
    permute_dimensions as permute_dimensions,
)
from eagerflow._src.keras.legacy_backend.nn import (
    pool2d as pool2d,
)
from eagerflow._src.keras.legacy_backend.nn import (
    pool3d as pool3d,
)
from eagerflow._src.keras.legacy_backend.elementwise import (
    pow as pow,
)
from eagerflow._src.keras.legacy_backend.elementwise import (
    prod as prod,
)
from eagerflow._src.keras.legacy_backend.state import (
    random_bernoulli as random_bernoulli,
)
from eagerflow._src.keras.legacy_backend.state import (
    random_normal as random_normal,
)
from eagerflow._src.keras.legacy_backend.state import (
    random_normal_variable as random_normal_variable,
)
from eagerflow._src.keras.legacy_backend.state import (
    random_uniform as random_uniform,
)
from eagerflow._src.keras.legacy_backend.state import (
    random_uniform_variable as random_uniform_variable,
)
from eagerflow._src.keras.legacy_backend.elementwise import (
    relu as relu,
)
from eagerflow._src.keras.legacy_backend.arrays import (
    repeat as repeat,
)
from eagerflow._src.keras.legacy_backend.arrays import (
    repeat_elements as repeat_elements,
)
from eagerflow._src.keras.legacy_backend.arrays import (
    reshape as reshape,
)
from eagerflow._src.keras.legacy_backend.arrays import (
    resize_images as resize_images,
)
from eagerflow._src.keras.legacy_backend.arrays import (
    resize_volumes as resize_volumes,
)
from eagerflow._src.keras.legacy_backend.arrays import (
    reverse as reverse,
)
from eagerflow._src.keras.legacy_backend.control_flow import (
    rnn as rnn,
)
from eagerflow._src.keras.legacy_backend.elementwise import (
    round as round,
)
from eagerflow._src.keras.legacy_backend.nn import (
    separable_conv2d as separable_conv2d,
)
from eagerflow._src.keras.legacy_backend.state import (
    set_value as set_value,
)
from eagerflow._src.keras.legacy_backend.arrays import (
    shape as shape,
)
from eagerflow._src.keras.legacy_backend.elementwise import (
    sigmoid as sigmoid,
)
from eagerflow._src.keras.legacy_backend.elementwise import (
    sign as sign,
)
from eagerflow._src.keras.legacy_backend.elementwise import (
    sin as sin,
)
from eagerflow._src.keras.legacy_backend.elementwise import (
    softmax as softmax,
)
from eagerflow._src.keras.legacy_backend.elementwise import (
    softplus as softplus,
)
from eagerflow._src.keras.legacy_backend.elementwise import (
    softsign as softsign,
)
from eagerflow._src.keras.legacy_backend.losses import (
    sparse_categorical_crossentropy as sparse_categorical_crossentropy,
)
from eagerflow._src.keras.legacy_backend.arrays import (
    spatial_2d_padding as spatial_2d_padding,
)
from eagerflow._src.keras.legacy_backend.arrays import (
    spatial_3d_padding as spatial_3d_padding,
)
from eagerflow._src.keras.legacy_backend.elementwise import (
    sqrt as sqrt,
)
from eagerflow._src.keras.legacy_backend.elementwise import (
    square as square,
)
from eagerflow._src.keras.legacy_backend.arrays import (
    squeeze as squeeze,
)
from eagerflow._src.keras.legacy_backend.arrays import (
    stack as stack,
)
from eagerflow._src.keras.legacy_backend.elementwise import (
    std as std,
)
from eagerflow._src.keras.legacy_backend.elementwise import (
    stop_gradient as stop_gradient,
)
from eagerflow._src.keras.legacy_backend.elementwise import (
    sum as sum,
)
from eagerflow._src.keras.legacy_backend.control_flow import (
    switch as switch,
)
from eagerflow._src.keras.legacy_backend.elementwise import (
    tanh as tanh,
)
from eagerflow._src.keras.legacy_backend.arrays import (
    temporal_padding as temporal_padding,
)
from eagerflow._src.keras.legacy_backend.arrays import (
    tile as tile,
)
from eagerflow._src.keras.legacy_backend.arrays import (
    to_dense as to_dense,
)
from eagerflow._src.keras.legacy_backend.arrays import (
    transpose as transpose,
)
from eagerflow._src.keras.legacy_backend.state import (
    truncated_normal as truncated_normal,
)
from eagerflow._src.keras.legacy_backend.state import (
    update as update,
)
from eagerflow._src.keras.legacy_backend.state import (
    update_add as update_add,
)
from eagerflow._src.keras.legacy_backend.state import (
    update_sub as update_sub,
)
from eagerflow._src.keras.legacy_backend.elementwise import (
    var as var,
)
from eagerflow._src.keras.legacy_backend.state import (
    variable as variable,
)
from eagerflow._src.keras.legacy_backend.state import (
    zeros as zeros,
)
from eagerflow._src.keras.legacy_backend.state import (
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
from eagerflow._src.keras.legacy_backend.ctc import (
    ctc_batch_cost as ctc_batch_cost,
)
from eagerflow._src.keras.legacy_backend.ctc import (
    ctc_decode as ctc_decode,
)
