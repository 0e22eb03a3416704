"""kprobe35's snippets on keras.ops' signal and image functions with the arguments earlier
rounds left at their defaults: fft/fft2/ifft2/rfft/irfft with fft_length, stft/istft
with each window and center, image.resize's interpolations with aspect-ratio options
and integer images, affine_transform's fill modes, map_coordinates' orders and fill
modes, extract_patches' strides and dilations, crop/pad and color conversions (see
cases.py)."""

# ruff: noqa: E501 - one snippet call per line (a call expression is not split)

from tests.keras.kprobe35.prelude import _TRY

SNIPPETS: dict[str, str] = {}

SNIPPETS["fft_family_lengths"] = _TRY + """
xr = np.array([[1.0, 2.0, 0.5, -1.0, 3.0], [0.0, 1.0, 0.0, -1.0, 0.5]], "float32")
im = np.array([[0.0, 1.0, 0.0, 0.5, 0.0], [1.0, 0.0, -1.0, 0.0, 2.0]], "float32")
show("fft", lambda: O.fft((xr, im)))
show("fft2", lambda: O.fft2((xr, im)))
show("ifft2", lambda: O.ifft2((xr, im)))
show("rfft", lambda: O.rfft(xr))
show("rfft_len4", lambda: O.rfft(xr, fft_length=4))
show("rfft_len8", lambda: O.rfft(xr, fft_length=8))
show("irfft", lambda: O.irfft((xr[:, :3], im[:, :3])))
show("irfft_len4", lambda: O.irfft((xr[:, :3], im[:, :3]), fft_length=4))
show("fft_f64", lambda: O.fft((xr.astype("float64"), im.astype("float64"))))
show("fft_bad", lambda: O.fft(xr))
show("fft_mismatch", lambda: O.fft((xr, im[:, :4])))
show("rfft_int", lambda: O.rfft(np.array([1, 2, 3], "int32")))
"""

SNIPPETS["stft_istft_windows"] = _TRY + """
t = np.sin(np.arange(40, dtype="float32") * 0.4) + 0.1 * np.arange(40, dtype="float32") / 40
x = np.stack([t, t[::-1]])
for w in ["hann", "hamming", None]:
    for c in [True, False]:
        # (sums to 2 decimals: TF's float32 FFT and eagerflow's differ in last bits)
        show("stft_%s_%s" % (w, c), lambda: [np.round(np.sum(np.abs(np.asarray(p))), 2) for p in O.stft(x, 8, 4, 8, window=w, center=c)])
show("stft_shape", lambda: [tuple(p.shape) for p in O.stft(x, 8, 3, 16, window="hann")])
show("stft_arraywin", lambda: [np.round(np.sum(np.asarray(p)), 3) for p in O.stft(x, 8, 4, 8, window=np.linspace(0.1, 1.0, 8).astype("float32"))])
show("stft_badwin", lambda: O.stft(x, 8, 4, 8, window="kaiser"))
show("stft_len", lambda: O.stft(x, 8, 4, 4))
xr, im = O.stft(x, 8, 4, 8, window="hann")
show("istft", lambda: O.istft((xr, im), 8, 4, 8, window="hann"))
show("istft_len", lambda: O.istft((xr, im), 8, 4, 8, length=30, window="hann"))
xr2, im2 = O.stft(x, 8, 4, 8, window=None, center=False)
show("istft_nocenter", lambda: O.istft((xr2, im2), 8, 4, 8, window=None, center=False))
"""

SNIPPETS["image_resize_interpolations"] = _TRY + """
for m in ["bilinear", "nearest", "bicubic", "lanczos3", "lanczos5", "area"]:
    img4(m + "_up", lambda: O.image.resize(IMG, (9, 7), interpolation=m))
    img4(m + "_down", lambda: O.image.resize(IMG, (4, 3), interpolation=m))
    img4(m + "_aa", lambda: O.image.resize(IMG, (4, 3), interpolation=m, antialias=True))
img4("crop_ar", lambda: O.image.resize(IMG[:, :, :4], (4, 4), crop_to_aspect_ratio=True))
img4("pad_ar", lambda: O.image.resize(IMG[:, :, :4], (4, 4), pad_to_aspect_ratio=True, fill_value=7.0))
img4("uint8", lambda: O.image.resize(IMG.astype("uint8"), (3, 3)))
img4("int32_nearest", lambda: O.image.resize(IMG.astype("int32"), (3, 3), interpolation="nearest"))
img4("f16", lambda: O.image.resize(IMG.astype("float16"), (3, 3)))
img4("cf", lambda: O.image.resize(np.transpose(IMG, (0, 3, 1, 2)), (3, 4), data_format="channels_first"))
img4("3d", lambda: O.image.resize(IMG[0], (3, 3)))
img4("both", lambda: O.image.resize(IMG, (3, 3), crop_to_aspect_ratio=True, pad_to_aspect_ratio=True))
img4("bad_interp", lambda: O.image.resize(IMG, (3, 3), interpolation="gaussian"))
img4("bad_size", lambda: O.image.resize(IMG, (3,)))
"""

SNIPPETS["image_affine_fill_modes"] = _TRY + """
T = np.array([[1.0, 0.2, -1.0, 0.1, 0.9, 0.5, 0.0, 0.0], [0.8, 0.0, 1.5, 0.0, 1.2, -0.5, 0.01, 0.0]], "float32")
for mode in ["constant", "nearest", "wrap", "mirror", "reflect"]:
    for interp in ["nearest", "bilinear"]:
        img4(mode + "_" + interp, lambda: O.image.affine_transform(IMG, T, interpolation=interp, fill_mode=mode, fill_value=5.0))
img4("single_T", lambda: O.image.affine_transform(IMG, T[0]))
img4("3d", lambda: O.image.affine_transform(IMG[0], T[0]))
img4("cf", lambda: O.image.affine_transform(np.transpose(IMG, (0, 3, 1, 2)), T, data_format="channels_first"))
img4("bad_mode", lambda: O.image.affine_transform(IMG, T, fill_mode="edge"))
img4("bad_interp", lambda: O.image.affine_transform(IMG, T, interpolation="bicubic"))
img4("bad_T", lambda: O.image.affine_transform(IMG, T[:, :6]))
"""

SNIPPETS["image_map_coordinates_orders"] = _TRY + """
g = np.arange(20, dtype="float32").reshape(4, 5)
c = np.array([[0.5, 1.2, -0.7, 3.9, 4.5], [0.25, 4.8, 2.0, -1.3, 6.1]], "float32")
for mode in ["constant", "nearest", "wrap", "mirror", "reflect"]:
    for order in [0, 1]:
        show(mode + str(order), lambda: O.image.map_coordinates(g, c, order=order, fill_mode=mode, fill_value=-9.0))
show("int_input", lambda: O.image.map_coordinates(g.astype("int32"), c, order=1))
show("int_coords", lambda: O.image.map_coordinates(g, c.astype("int32"), order=1))
show("3d", lambda: O.image.map_coordinates(np.arange(8, dtype="float32").reshape(2, 2, 2), np.full((3, 2), 0.5, "float32"), order=1))
show("order2", lambda: O.image.map_coordinates(g, c, order=2))
show("bad_mode", lambda: O.image.map_coordinates(g, c, order=1, fill_mode="edge"))
show("bad_coords", lambda: O.image.map_coordinates(g, c[:1], order=1))
"""

SNIPPETS["image_patches_crop_pad"] = _TRY + """
img4("patch2", lambda: O.image.extract_patches(IMG, 2))
img4("patch_strides", lambda: O.image.extract_patches(IMG, (3, 2), strides=(2, 1)))
img4("patch_same", lambda: O.image.extract_patches(IMG, 4, strides=3, padding="same"))
img4("patch_dil", lambda: O.image.extract_patches(IMG, 2, dilation_rate=2))
img4("patch_3d", lambda: O.image.extract_patches(IMG[0], 3))
img4("patch_cf", lambda: O.image.extract_patches(np.transpose(IMG, (0, 3, 1, 2)), 3, data_format="channels_first"))
img4("patch_bad", lambda: O.image.extract_patches(IMG, (1, 2, 3)))
img4("crop", lambda: O.image.crop_images(IMG, top_cropping=1, left_cropping=2, target_height=3, target_width=2))
img4("crop_bottom", lambda: O.image.crop_images(IMG, bottom_cropping=2, right_cropping=1))
img4("crop_over", lambda: O.image.crop_images(IMG, top_cropping=4, target_height=4))
img4("crop_3d", lambda: O.image.crop_images(IMG[0], top_cropping=1, bottom_cropping=1, left_cropping=1, right_cropping=1))
img4("pad", lambda: O.image.pad_images(IMG, top_padding=1, left_padding=2, target_height=8, target_width=9))
img4("pad_br", lambda: O.image.pad_images(IMG, bottom_padding=1, right_padding=3))
img4("pad_both", lambda: O.image.pad_images(IMG, top_padding=1, bottom_padding=1, target_height=9))
img4("pad_small", lambda: O.image.pad_images(IMG, target_height=4, target_width=6))
img4("pad_int", lambda: O.image.pad_images(IMG.astype("int32"), top_padding=1, left_padding=1))
"""

SNIPPETS["image_color_blur_perspective"] = _TRY + """
img4("gray", lambda: O.image.rgb_to_grayscale(IMG))
img4("gray_int", lambda: O.image.rgb_to_grayscale(IMG.astype("uint8")))
img4("hsv", lambda: O.image.rgb_to_hsv(IMG / 255.0))
img4("hsv_back", lambda: O.image.hsv_to_rgb(O.image.rgb_to_hsv(IMG / 255.0)))
img4("hsv_int", lambda: O.image.rgb_to_hsv(IMG.astype("int32")))
img4("hsv_f16", lambda: O.image.rgb_to_hsv((IMG / 255.0).astype("float16")))
img4("blur", lambda: O.image.gaussian_blur(IMG))
img4("blur_k5", lambda: O.image.gaussian_blur(IMG, kernel_size=(5, 3), sigma=(2.0, 0.5)))
img4("blur_3d", lambda: O.image.gaussian_blur(IMG[0], kernel_size=3, sigma=1.0))
S4 = np.array([[0, 0], [5, 0], [5, 5], [0, 5]], "float32")
E4 = np.array([[1, 0], [5, 1], [4, 5], [0, 4]], "float32")
img4("persp", lambda: O.image.perspective_transform(IMG, S4, E4))
img4("persp_nearest", lambda: O.image.perspective_transform(IMG, S4, E4, interpolation="nearest", fill_value=3.0))
img4("persp_bad", lambda: O.image.perspective_transform(IMG, S4[:3], E4[:3]))
"""
