"""tf.keras.distribution (re-exports only): Keras 3's device meshes, layouts and
distributions, as on Keras's TensorFlow backend."""

from eagerflow._src.keras.distribution import (
    DataParallel as DataParallel,
    DeviceMesh as DeviceMesh,
    LayoutMap as LayoutMap,
    ModelParallel as ModelParallel,
    TensorLayout as TensorLayout,
    distribute_tensor as distribute_tensor,
    distribution as distribution,
    get_device_count as get_device_count,
    initialize as initialize,
    list_devices as list_devices,
    set_distribution as set_distribution,
)
