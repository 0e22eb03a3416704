"""tf.audio: 16-bit PCM WAV files to and from float32 samples."""

from eagerflow._src.ops.audio_ops import decode_wav as decode_wav, encode_wav as encode_wav
