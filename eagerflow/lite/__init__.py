"""tf.lite (re-exports only)."""

from eagerflow.lite import experimental as experimental
from eagerflow._src.lite.interpreter import Interpreter as Interpreter
from eagerflow._src.lite.options import (
    OpsSet as OpsSet,
    Optimize as Optimize,
    RepresentativeDataset as RepresentativeDataset,
    TargetSpec as TargetSpec,
)
from eagerflow._src.lite.converter import TFLiteConverter as TFLiteConverter
