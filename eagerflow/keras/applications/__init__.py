"""tf.keras.applications: the common image classifiers, built from Keras layers with
Keras's layer names (re-exports only). eagerflow downloads no weights: `weights` is
None or the path of a local weights file (such as Keras's .h5 files)."""

from eagerflow._src.keras.applications.convnext import ConvNeXtBase as ConvNeXtBase
from eagerflow._src.keras.applications.convnext import ConvNeXtLarge as ConvNeXtLarge
from eagerflow._src.keras.applications.convnext import ConvNeXtSmall as ConvNeXtSmall
from eagerflow._src.keras.applications.convnext import ConvNeXtTiny as ConvNeXtTiny
from eagerflow._src.keras.applications.convnext import ConvNeXtXLarge as ConvNeXtXLarge
from eagerflow._src.keras.applications.densenet import DenseNet121 as DenseNet121
from eagerflow._src.keras.applications.densenet import DenseNet169 as DenseNet169
from eagerflow._src.keras.applications.densenet import DenseNet201 as DenseNet201
from eagerflow._src.keras.applications.efficientnet import EfficientNetB0 as EfficientNetB0
from eagerflow._src.keras.applications.efficientnet import EfficientNetB1 as EfficientNetB1
from eagerflow._src.keras.applications.efficientnet import EfficientNetB2 as EfficientNetB2
from eagerflow._src.keras.applications.efficientnet import EfficientNetB3 as EfficientNetB3
from eagerflow._src.keras.applications.efficientnet import EfficientNetB4 as EfficientNetB4
from eagerflow._src.keras.applications.efficientnet import EfficientNetB5 as EfficientNetB5
from eagerflow._src.keras.applications.efficientnet import EfficientNetB6 as EfficientNetB6
from eagerflow._src.keras.applications.efficientnet import EfficientNetB7 as EfficientNetB7
from eagerflow._src.keras.applications.efficientnet_v2 import EfficientNetV2B0 as EfficientNetV2B0
from eagerflow._src.keras.applications.efficientnet_v2 import EfficientNetV2B1 as EfficientNetV2B1
from eagerflow._src.keras.applications.efficientnet_v2 import EfficientNetV2B2 as EfficientNetV2B2
from eagerflow._src.keras.applications.efficientnet_v2 import EfficientNetV2B3 as EfficientNetV2B3
from eagerflow._src.keras.applications.efficientnet_v2 import EfficientNetV2L as EfficientNetV2L
from eagerflow._src.keras.applications.efficientnet_v2 import EfficientNetV2M as EfficientNetV2M
from eagerflow._src.keras.applications.efficientnet_v2 import EfficientNetV2S as EfficientNetV2S
from eagerflow._src.keras.applications.inception_resnet_v2 import (
    InceptionResNetV2 as InceptionResNetV2,
)
from eagerflow._src.keras.applications.inception_v3 import InceptionV3 as InceptionV3
from eagerflow._src.keras.applications.mobilenet import MobileNet as MobileNet
from eagerflow._src.keras.applications.mobilenet_v2 import MobileNetV2 as MobileNetV2
from eagerflow._src.keras.applications.mobilenet_v3 import MobileNetV3Large as MobileNetV3Large
from eagerflow._src.keras.applications.mobilenet_v3 import MobileNetV3Small as MobileNetV3Small
from eagerflow._src.keras.applications.nasnet import NASNetLarge as NASNetLarge
from eagerflow._src.keras.applications.nasnet import NASNetMobile as NASNetMobile
from eagerflow._src.keras.applications.resnet import ResNet101 as ResNet101
from eagerflow._src.keras.applications.resnet import ResNet152 as ResNet152
from eagerflow._src.keras.applications.resnet import ResNet50 as ResNet50
from eagerflow._src.keras.applications.resnet_v2 import ResNet101V2 as ResNet101V2
from eagerflow._src.keras.applications.resnet_v2 import ResNet152V2 as ResNet152V2
from eagerflow._src.keras.applications.resnet_v2 import ResNet50V2 as ResNet50V2
from eagerflow._src.keras.applications.vgg import VGG16 as VGG16
from eagerflow._src.keras.applications.vgg import VGG19 as VGG19
from eagerflow._src.keras.applications.xception import Xception as Xception
from eagerflow.keras.applications import convnext as convnext
from eagerflow.keras.applications import densenet as densenet
from eagerflow.keras.applications import efficientnet as efficientnet
from eagerflow.keras.applications import efficientnet_v2 as efficientnet_v2
from eagerflow.keras.applications import imagenet_utils as imagenet_utils
from eagerflow.keras.applications import inception_resnet_v2 as inception_resnet_v2
from eagerflow.keras.applications import inception_v3 as inception_v3
from eagerflow.keras.applications import mobilenet as mobilenet
from eagerflow.keras.applications import mobilenet_v2 as mobilenet_v2
from eagerflow.keras.applications import mobilenet_v3 as mobilenet_v3
from eagerflow.keras.applications import nasnet as nasnet
from eagerflow.keras.applications import resnet as resnet
from eagerflow.keras.applications import resnet50 as resnet50
from eagerflow.keras.applications import resnet_v2 as resnet_v2
from eagerflow.keras.applications import vgg16 as vgg16
from eagerflow.keras.applications import vgg19 as vgg19
from eagerflow.keras.applications import xception as xception
