"""tf.keras.applications: the common image classifiers, built from Keras layers with
Keras's layer names (re-exports only). eagerflow downloads nothing: `weights` is None
or the path of a local weights file (such as Keras's .h5 files)."""

from eagerflow._src.keras.applications.densenet import DenseNet121 as DenseNet121
from eagerflow._src.keras.applications.densenet import DenseNet169 as DenseNet169
from eagerflow._src.keras.applications.densenet import DenseNet201 as DenseNet201
from eagerflow._src.keras.applications.mobilenet_v2 import MobileNetV2 as MobileNetV2
from eagerflow._src.keras.applications.resnet import ResNet50 as ResNet50
from eagerflow._src.keras.applications.resnet import ResNet101 as ResNet101
from eagerflow._src.keras.applications.resnet import ResNet152 as ResNet152
from eagerflow._src.keras.applications.vgg import VGG16 as VGG16
from eagerflow._src.keras.applications.vgg import VGG19 as VGG19
from eagerflow.keras.applications import densenet as densenet
from eagerflow.keras.applications import mobilenet_v2 as mobilenet_v2
from eagerflow.keras.applications import resnet as resnet
from eagerflow.keras.applications import resnet50 as resnet50
from eagerflow.keras.applications import vgg16 as vgg16
from eagerflow.keras.applications import vgg19 as vgg19
