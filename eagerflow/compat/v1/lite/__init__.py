"""tf.compat.v1.lite: TF 2's tf.lite with TF 1's converter (re-exports only)."""

from eagerflow.lite import experimental as experimental
from eagerflow._src.lite.converter_v1 import TFLiteConverter as TFLiteConverter
from eagerflow._src.lite.interpreter import Interpreter as Interpreter
from eagerflow._src.lite.options import (
    OpsSet as OpsSet,
    Optimize as Optimize,
    RepresentativeDataset as RepresentativeDataset,
    TargetSpec as TargetSpec,
)
