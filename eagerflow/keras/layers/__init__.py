"""tf.keras.layers (re-exports only)."""

from eagerflow._src.keras.engine.base_layer import Layer as Layer
from eagerflow._src.keras.engine.input_layer import Input as Input
from eagerflow._src.keras.engine.input_layer import InputLayer as InputLayer
from eagerflow._src.keras.engine.input_spec import InputSpec as InputSpec
from eagerflow._src.keras.layers import deserialize as deserialize
from eagerflow._src.keras.layers import serialize as serialize
from eagerflow._src.keras.layers.activation import (
    ELU as ELU,
)
from eagerflow._src.keras.layers.activation import (
    LeakyReLU as LeakyReLU,
)
from eagerflow._src.keras.layers.activation import (
    PReLU as PReLU,
)
from eagerflow._src.keras.layers.activation import (
    ReLU as ReLU,
)
from eagerflow._src.keras.layers.activation import (
    Softmax as Softmax,
)
from eagerflow._src.keras.layers.activation import (
    ThresholdedReLU as ThresholdedReLU,
)
from eagerflow._src.keras.layers.audio import (
    MelSpectrogram as MelSpectrogram,
    STFTSpectrogram as STFTSpectrogram,
)
from eagerflow._src.keras.layers.attention import (
    AdditiveAttention as AdditiveAttention,
    Attention as Attention,
    GroupedQueryAttention as GroupQueryAttention,
    MultiHeadAttention as MultiHeadAttention,
)
from eagerflow._src.keras.layers.conv import (
    Conv1D as Conv1D,
)
from eagerflow._src.keras.layers.conv_lstm import (
    ConvLSTM1D as ConvLSTM1D,
    ConvLSTM2D as ConvLSTM2D,
    ConvLSTM3D as ConvLSTM3D,
)
from eagerflow._src.keras.layers.conv import (
    Conv2D as Conv2D,
)
from eagerflow._src.keras.layers.conv import (
    Conv2DTranspose as Conv2DTranspose,
)
from eagerflow._src.keras.layers.conv import (
    Conv1DTranspose as Conv1DTranspose,
    Conv3DTranspose as Conv3DTranspose,
    Convolution1DTranspose as Convolution1DTranspose,
    Convolution3DTranspose as Convolution3DTranspose,
)
from eagerflow._src.keras.layers.conv import (
    Conv3D as Conv3D,
)
from eagerflow._src.keras.layers.conv import (
    Convolution1D as Convolution1D,
)
from eagerflow._src.keras.layers.conv import (
    Convolution2D as Convolution2D,
)
from eagerflow._src.keras.layers.conv import (
    Convolution2DTranspose as Convolution2DTranspose,
)
from eagerflow._src.keras.layers.conv import (
    Convolution3D as Convolution3D,
)
from eagerflow._src.keras.layers.conv import (
    DepthwiseConv1D as DepthwiseConv1D,
    DepthwiseConv2D as DepthwiseConv2D,
    SeparableConv1D as SeparableConv1D,
    SeparableConvolution1D as SeparableConvolution1D,
)
from eagerflow._src.keras.layers.conv import (
    SeparableConv2D as SeparableConv2D,
)
from eagerflow._src.keras.layers.conv import (
    SeparableConvolution2D as SeparableConvolution2D,
)
from eagerflow._src.keras.layers.core import (
    Activation as Activation,
)
from eagerflow._src.keras.layers.core import (
    ActivityRegularization as ActivityRegularization,
)
from eagerflow._src.keras.layers.core import (
    Dense as Dense,
)
from eagerflow._src.keras.layers.core import (
    Dropout as Dropout,
)
from eagerflow._src.keras.layers.core import (
    Embedding as Embedding,
    ReversibleEmbedding as ReversibleEmbedding,
)
from eagerflow._src.keras.layers.einsum_dense import (
    EinsumDense as EinsumDense,
)
from eagerflow._src.keras.layers.core import (
    Flatten as Flatten,
)
from eagerflow._src.keras.layers.core import (
    Lambda as Lambda,
)
from eagerflow._src.keras.layers.core import (
    Masking as Masking,
)
from eagerflow._src.keras.layers.core import (
    Permute as Permute,
)
from eagerflow._src.keras.layers.core import (
    RepeatVector as RepeatVector,
)
from eagerflow._src.keras.layers.core import (
    Reshape as Reshape,
)
from eagerflow._src.keras.layers.core import (
    SpatialDropout1D as SpatialDropout1D,
)
from eagerflow._src.keras.layers.core import (
    Identity as Identity,
    SpatialDropout2D as SpatialDropout2D,
    SpatialDropout3D as SpatialDropout3D,
)
from eagerflow._src.keras.layers.regularization import (  # noqa: E402
    AlphaDropout as AlphaDropout,
    GaussianDropout as GaussianDropout,
    GaussianNoise as GaussianNoise,
)
from eagerflow._src.keras.layers.merge import (
    Add as Add,
)
from eagerflow._src.keras.layers.merge import (
    Average as Average,
)
from eagerflow._src.keras.layers.merge import (
    Concatenate as Concatenate,
)
from eagerflow._src.keras.layers.merge import (
    Dot as Dot,
)
from eagerflow._src.keras.layers.merge import (
    Maximum as Maximum,
)
from eagerflow._src.keras.layers.merge import (
    Minimum as Minimum,
)
from eagerflow._src.keras.layers.merge import (
    Multiply as Multiply,
)
from eagerflow._src.keras.layers.merge import (
    Subtract as Subtract,
)
from eagerflow._src.keras.layers.merge import (
    add as add,
)
from eagerflow._src.keras.layers.merge import (
    average as average,
)
from eagerflow._src.keras.layers.merge import (
    concatenate as concatenate,
)
from eagerflow._src.keras.layers.merge import (
    dot as dot,
)
from eagerflow._src.keras.layers.merge import (
    maximum as maximum,
)
from eagerflow._src.keras.layers.merge import (
    minimum as minimum,
)
from eagerflow._src.keras.layers.merge import (
    multiply as multiply,
)
from eagerflow._src.keras.layers.merge import (
    subtract as subtract,
)
from eagerflow._src.keras.layers.normalization import (
    BatchNormalization as BatchNormalization,
)
from eagerflow._src.keras.layers.normalization import (
    LayerNormalization as LayerNormalization,
)
from eagerflow._src.keras.layers.normalization import (
    UnitNormalization as UnitNormalization,
)
from eagerflow._src.keras.layers.normalization import (
    GroupNormalization as GroupNormalization,
    RMSNormalization as RMSNormalization,
)
from eagerflow._src.keras.layers.pooling import (
    AveragePooling1D as AveragePooling1D,
)
from eagerflow._src.keras.layers.pooling import (
    AveragePooling2D as AveragePooling2D,
)
from eagerflow._src.keras.layers.pooling import (
    AvgPool1D as AvgPool1D,
)
from eagerflow._src.keras.layers.pooling import (
    AvgPool2D as AvgPool2D,
)
from eagerflow._src.keras.layers.pooling import (
    GlobalAveragePooling1D as GlobalAveragePooling1D,
)
from eagerflow._src.keras.layers.pooling import (
    GlobalAveragePooling2D as GlobalAveragePooling2D,
)
from eagerflow._src.keras.layers.pooling import (
    GlobalAvgPool1D as GlobalAvgPool1D,
)
from eagerflow._src.keras.layers.pooling import (
    GlobalAvgPool2D as GlobalAvgPool2D,
)
from eagerflow._src.keras.layers.pooling import (
    GlobalMaxPool1D as GlobalMaxPool1D,
)
from eagerflow._src.keras.layers.pooling import (
    GlobalMaxPool2D as GlobalMaxPool2D,
)
from eagerflow._src.keras.layers.pooling import (
    GlobalMaxPooling1D as GlobalMaxPooling1D,
)
from eagerflow._src.keras.layers.pooling import (
    GlobalMaxPooling2D as GlobalMaxPooling2D,
)
from eagerflow._src.keras.layers.pooling import (
    MaxPool1D as MaxPool1D,
)
from eagerflow._src.keras.layers.pooling import (
    MaxPool2D as MaxPool2D,
)
from eagerflow._src.keras.layers.pooling import (
    MaxPooling1D as MaxPooling1D,
)
from eagerflow._src.keras.layers.pooling import (
    MaxPooling2D as MaxPooling2D,
)
from eagerflow._src.keras.layers.pooling import (
    AveragePooling3D as AveragePooling3D,
    AvgPool3D as AvgPool3D,
    GlobalAveragePooling3D as GlobalAveragePooling3D,
    GlobalAvgPool3D as GlobalAvgPool3D,
    GlobalMaxPool3D as GlobalMaxPool3D,
    GlobalMaxPooling3D as GlobalMaxPooling3D,
    MaxPool3D as MaxPool3D,
    MaxPooling3D as MaxPooling3D,
)
from eagerflow._src.keras.layers.pooling import (
    AdaptiveAveragePooling1D as AdaptiveAveragePooling1D,
    AdaptiveAveragePooling2D as AdaptiveAveragePooling2D,
    AdaptiveAveragePooling3D as AdaptiveAveragePooling3D,
    AdaptiveMaxPooling1D as AdaptiveMaxPooling1D,
    AdaptiveMaxPooling2D as AdaptiveMaxPooling2D,
    AdaptiveMaxPooling3D as AdaptiveMaxPooling3D,
)
from eagerflow._src.keras.layers.foreign import (
    FlaxLayer as FlaxLayer,
    JaxLayer as JaxLayer,
    TorchModuleWrapper as TorchModuleWrapper,
)
from eagerflow._src.keras.layers.pipeline import (
    Pipeline as Pipeline,
    TFSMLayer as TFSMLayer,
)
from eagerflow._src.keras.layers.preprocessing import (
    Normalization as Normalization,
)
from eagerflow._src.keras.layers.preprocessing_affine import (
    RandomPerspective as RandomPerspective,
    RandomRotation as RandomRotation,
    RandomShear as RandomShear,
    RandomTranslation as RandomTranslation,
    RandomZoom as RandomZoom,
)
from eagerflow._src.keras.layers.preprocessing_color import (
    AutoContrast as AutoContrast,
    Equalization as Equalization,
    RandomBrightness as RandomBrightness,
    RandomColorDegeneration as RandomColorDegeneration,
    RandomColorJitter as RandomColorJitter,
    RandomGrayscale as RandomGrayscale,
    RandomHue as RandomHue,
    RandomInvert as RandomInvert,
    RandomPosterization as RandomPosterization,
    RandomSaturation as RandomSaturation,
    RandomSharpness as RandomSharpness,
    Solarization as Solarization,
)
from eagerflow._src.keras.layers.preprocessing_image import (
    CenterCrop as CenterCrop,
    RandomContrast as RandomContrast,
    RandomCrop as RandomCrop,
    RandomFlip as RandomFlip,
    RandomHeight as RandomHeight,
    RandomWidth as RandomWidth,
    Resizing as Resizing,
)
from eagerflow._src.keras.layers.preprocessing_lookup import (
    CategoryEncoding as CategoryEncoding,
    Hashing as Hashing,
    IntegerLookup as IntegerLookup,
    StringLookup as StringLookup,
)
from eagerflow._src.keras.layers.preprocessing_augment import (
    AugMix as AugMix,
    ContrastLimitedAdaptiveHistogramEqualization as ContrastLimitedAdaptiveHistogramEqualization,
    MaxNumBoundingBoxes as MaxNumBoundingBoxes,
    RandAugment as RandAugment,
)
from eagerflow._src.keras.layers.preprocessing_mix import (
    CutMix as CutMix,
    MixUp as MixUp,
    RandomElasticTransform as RandomElasticTransform,
    RandomErasing as RandomErasing,
    RandomGaussianBlur as RandomGaussianBlur,
)
from eagerflow._src.keras.layers.preprocessing_numeric import (
    Discretization as Discretization,
    HashedCrossing as HashedCrossing,
)
from eagerflow._src.keras.layers.text_vectorization import (
    TextVectorization as TextVectorization,
)
from eagerflow._src.keras.layers.preprocessing import (
    Rescaling as Rescaling,
)
from eagerflow._src.keras.layers.reshaping import (
    Cropping1D as Cropping1D,
)
from eagerflow._src.keras.layers.reshaping import (
    Cropping2D as Cropping2D,
)
from eagerflow._src.keras.layers.reshaping import (
    Cropping3D as Cropping3D,
)
from eagerflow._src.keras.layers.reshaping import (
    UpSampling1D as UpSampling1D,
)
from eagerflow._src.keras.layers.reshaping import (
    UpSampling2D as UpSampling2D,
)
from eagerflow._src.keras.layers.reshaping import (
    UpSampling3D as UpSampling3D,
)
from eagerflow._src.keras.layers.reshaping import (
    ZeroPadding1D as ZeroPadding1D,
)
from eagerflow._src.keras.layers.reshaping import (
    ZeroPadding2D as ZeroPadding2D,
)
from eagerflow._src.keras.layers.reshaping import (
    ZeroPadding3D as ZeroPadding3D,
)
from eagerflow._src.keras.layers.rnn import (
    GRU as GRU,
)
from eagerflow._src.keras.layers.rnn import (
    LSTM as LSTM,
)
from eagerflow._src.keras.layers.rnn import (
    RNN as RNN,
)
from eagerflow._src.keras.layers.rnn import (
    GRUCell as GRUCell,
)
from eagerflow._src.keras.layers.rnn import (
    LSTMCell as LSTMCell,
)
from eagerflow._src.keras.layers.rnn import (
    SimpleRNN as SimpleRNN,
)
from eagerflow._src.keras.layers.rnn import (
    SimpleRNNCell as SimpleRNNCell,
)
from eagerflow._src.keras.layers.rnn import (
    StackedRNNCells as StackedRNNCells,
)
from eagerflow._src.keras.layers.wrappers import (
    Bidirectional as Bidirectional,
    SpectralNormalization as SpectralNormalization,
)
from eagerflow._src.keras.layers.wrappers import (
    TimeDistributed as TimeDistributed,
)
from eagerflow._src.keras.layers.wrappers import (
    Wrapper as Wrapper,
)
