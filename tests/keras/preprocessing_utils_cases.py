"""tf.keras.preprocessing's Keras 1 utilities (text, sequence, image) and
keras.utils.bounding_boxes: snippets whose results (or errors) Keras 3.15 recorded in
preprocessing_utils_golden.json, written by make_preprocessing_utils_golden.py. Each snippet
runs with `k` (tf.keras), `np`, `random`, `json` and the data below in scope and leaves its
result in `out`; seeded snippets call k.utils.set_random_seed first."""

import numpy as np

TEXTS = ["The cat sat on the mat.", "The dog ate my homework!", "cat, dog; and the BIRD?",
         "Ünïcode wörds\tand\nlines"]
IMAGE = (np.arange(5 * 6 * 3, dtype="float32").reshape(5, 6, 3) * 2.7) % 255
BOXES = np.array([[10, 20, 30, 40], [50, 60, 70, 80], [-5, 2, 8, 9], [0, 0, 0, 0]], "float32")
REL = BOXES / 100 + 0.05
IMAGES = np.stack([IMAGE, IMAGE[::-1], IMAGE[:, ::-1], 255 - IMAGE]).astype("float32")

T = "k.preprocessing.text."
S = "k.preprocessing.sequence."
FIT = f"t = {T}Tokenizer({{}}); t.fit_on_texts(TEXTS); "

CASES = {
    # -- text --
    "words": f"out = {T}text_to_word_sequence(TEXTS[2])",
    "words_options": f"out = {T}text_to_word_sequence(TEXTS[3], filters='', lower=False, "
                     "split='\\t')",
    "hashing_md5": f"out = {T}hashing_trick(TEXTS[0], 20, hash_function='md5')",
    "hashing_custom": f"out = {T}hashing_trick(TEXTS[1], 7, hash_function=len)",
    "hashing_analyzer": f"out = {T}hashing_trick('a-b-c', 5, hash_function=len, "
                        "analyzer=lambda s: s.split('-'))",
    "one_hot_range": f"r = {T}one_hot(TEXTS[0], 9); out = [len(r), min(r) >= 1, max(r) < 9]",
    "tokenizer_index": FIT.format("") + "out = [t.word_index, t.index_word, t.word_counts, "
                       "dict(t.word_docs), dict(t.index_docs), t.document_count]",
    "tokenizer_sequences": FIT.format("num_words=5") +
                           "out = t.texts_to_sequences(TEXTS + ['unknown cat'])",
    "tokenizer_oov": FIT.format("num_words=6, oov_token='<?>'") +
                     "out = [t.word_index['<?>'], t.texts_to_sequences(TEXTS + ['zebra cat']), "
                     "t.sequences_to_texts([[1, 2, 3, 9, 40]])]",
    "tokenizer_to_texts": FIT.format("") + "out = t.sequences_to_texts([[1, 2, 3], [4, 99]])",
    "tokenizer_char": FIT.format("char_level=True") + "out = t.texts_to_sequences(['Cab'])",
    "tokenizer_lists": f"t = {T}Tokenizer(); t.fit_on_texts([['A', 'b'], ['b', 'C']]); "
                       "out = [t.word_index, t.texts_to_sequences([['B', 'c', 'z']])]",
    "matrix_binary": FIT.format("") + "out = t.texts_to_matrix(TEXTS, mode='binary')",
    "matrix_count": FIT.format("num_words=6") + "out = t.texts_to_matrix(TEXTS, mode='count')",
    "matrix_freq": FIT.format("") + "out = t.texts_to_matrix(TEXTS[:2], mode='freq')",
    "matrix_tfidf": FIT.format("") + "out = t.texts_to_matrix(TEXTS, mode='tfidf')",
    "matrix_bad_mode": FIT.format("") + "out = t.texts_to_matrix(TEXTS, mode='bogus')",
    "matrix_unfitted": f"out = {T}Tokenizer().sequences_to_matrix([[1]])",
    "matrix_tfidf_unfitted": f"out = {T}Tokenizer(num_words=3).sequences_to_matrix([[1]], "
                             "mode='tfidf')",
    "fit_on_sequences": f"t = {T}Tokenizer(num_words=4); "
                        "t.fit_on_sequences([[1, 2, 2], [2, 3]]); out = [dict(t.index_docs), "
                        "t.document_count, t.sequences_to_matrix([[1, 2, 2]], mode='tfidf')]",
    "tokenizer_bad_kwarg": f"out = {T}Tokenizer(bogus=1)",
    "tokenizer_config": FIT.format("num_words=9, oov_token='?'") +
                        "c = t.get_config(); out = {key: (json.loads(v) if key in "
                        "('word_counts', 'word_docs', 'index_docs', 'index_word', "
                        "'word_index') else v) for key, v in c.items()}",
    "tokenizer_json": FIT.format("oov_token='?'") +
                      f"u = {T}tokenizer_from_json(t.to_json()); out = [u.word_index, "
                      "u.index_word, u.texts_to_sequences(TEXTS), u.num_words, "
                      "json.loads(t.to_json())['class_name']]",
    # -- sequence --
    "sampling_table": f"out = {S}make_sampling_table(8)",
    "sampling_table_factor": f"out = {S}make_sampling_table(5, sampling_factor=0.01)",
    "skipgrams": f"k.utils.set_random_seed(3); out = {S}skipgrams([1, 2, 0, 3, 4], 6, "
                 "window_size=2)",
    "skipgrams_seed": f"k.utils.set_random_seed(0); out = {S}skipgrams([1, 2, 3, 4, 5, 1], "
                      "8, window_size=1, negative_samples=0.5, seed=11, categorical=True)",
    "skipgrams_no_shuffle": f"k.utils.set_random_seed(5); out = {S}skipgrams([3, 1, 2], 4, "
                            "shuffle=False)",
    "skipgrams_table": f"k.utils.set_random_seed(1); out = {S}skipgrams([1, 2, 3, 4, 5], 6, "
                       "sampling_table=np.array([1, 0.1, 0.9, 0.2, 0.8, 0.5]), "
                       "negative_samples=0, seed=2)",
    "timeseries": f"g = {S}TimeseriesGenerator(np.arange(20).reshape(10, 2), np.arange(10), "
                  "length=3, batch_size=2); out = [len(g), [g[i] for i in range(len(g))]]",
    "timeseries_options": f"g = {S}TimeseriesGenerator(np.arange(30.0), np.arange(30) * 2, "
                          "length=6, sampling_rate=2, stride=3, start_index=2, end_index=25, "
                          "reverse=True, batch_size=3); out = [len(g), [g[i] for i in "
                          "range(len(g))]]",
    "timeseries_shuffle": f"k.utils.set_random_seed(4); g = {S}TimeseriesGenerator("
                          "np.arange(12), np.arange(12), length=2, shuffle=True, "
                          "batch_size=5); out = [g[0], g[1]]",
    "timeseries_lengths": f"out = {S}TimeseriesGenerator([1, 2], [1], length=1)",
    "timeseries_too_short": f"out = {S}TimeseriesGenerator(np.arange(5), np.arange(5), "
                            "length=5)",
}

IM = "k.preprocessing.image."
GEN = f"g = {IM}ImageDataGenerator({{}}); "
CASES.update({
    # -- image: single-image transforms (SciPy's warps, NumPy's draws) --
    "affine_rotate": f"out = {IM}apply_affine_transform(IMAGE, theta=20, row_axis=0, "
                     "col_axis=1, channel_axis=2)",
    "affine_all": f"out = {IM}apply_affine_transform(IMAGE, theta=-35, tx=1.5, ty=-2, shear=12, "
                  "zx=0.8, zy=1.3, row_axis=0, col_axis=1, channel_axis=2)",
    "affine_channels_first": f"out = {IM}apply_affine_transform(np.moveaxis(IMAGE, 2, 0), "
                             "theta=10, zx=1.2, fill_mode='constant', cval=7.0)",
    "affine_modes": f"out = [{IM}apply_affine_transform(IMAGE, tx=2.5, ty=-1.5, row_axis=0, "
                    "col_axis=1, channel_axis=2, fill_mode=m, order=o) for m, o in "
                    "[('reflect', 1), ('wrap', 0), ('constant', 3), ('mirror', 1)]]",
    "affine_swapped_axes": f"out = {IM}apply_affine_transform(IMAGE, theta=30, row_axis=1, "
                           "col_axis=0, channel_axis=2)",
    "affine_identity": f"out = {IM}apply_affine_transform(IMAGE[:2, :2], row_axis=0, "
                       "col_axis=1, channel_axis=2)",
    "affine_bad_axes": f"out = {IM}apply_affine_transform(IMAGE, row_axis=0, col_axis=0)",
    "affine_bad_indices": f"out = {IM}apply_affine_transform(IMAGE, row_axis=0, col_axis=1, "
                          "channel_axis=3)",
    "affine_bad_rank": f"out = {IM}apply_affine_transform(IMAGE[0], theta=3)",
    "affine_bad_channel": f"out = {IM}apply_affine_transform(IMAGE, row_axis=0, col_axis=2, "
                          "channel_axis=1)",
    "channel_shift": f"out = {IM}apply_channel_shift(IMAGE, 40.0, channel_axis=2)",
    "channel_shift_first": f"out = {IM}apply_channel_shift(np.moveaxis(IMAGE, 2, 0), -90.0)",
    "brightness_shift": f"out = {IM}apply_brightness_shift(IMAGE, 1.4)",
    "brightness_shift_unscaled": f"out = {IM}apply_brightness_shift(IMAGE * 2 - 100, 0.6, "
                                 "scale=False)",
    "random_rotation": f"k.utils.set_random_seed(1); out = {IM}random_rotation(IMAGE, 40, "
                       "row_axis=0, col_axis=1, channel_axis=2)",
    "random_shift": f"k.utils.set_random_seed(2); out = {IM}random_shift(IMAGE, 0.3, 0.2, "
                    "row_axis=0, col_axis=1, channel_axis=2, fill_mode='reflect')",
    "random_shear": f"k.utils.set_random_seed(3); out = {IM}random_shear("
                    "np.moveaxis(IMAGE, 2, 0), 30, fill_mode='constant', cval=1.0)",
    "random_zoom": f"k.utils.set_random_seed(4); out = {IM}random_zoom(IMAGE, (0.7, 1.2), "
                   "row_axis=0, col_axis=1, channel_axis=2)",
    "random_zoom_bad": f"out = {IM}random_zoom(IMAGE, (0.7,))",
    "random_channel_shift": f"k.utils.set_random_seed(5); out = {IM}random_channel_shift("
                            "IMAGE, 50.0, channel_axis=2)",
    "random_brightness": f"k.utils.set_random_seed(6); out = {IM}random_brightness(IMAGE, "
                         "(0.5, 1.5))",
    "random_brightness_bad": f"out = {IM}random_brightness(IMAGE, (0.5,))",
    # -- image: ImageDataGenerator --
    "gen_random_transform": GEN.format("rotation_range=30, width_shift_range=0.2, "
                                       "height_shift_range=[1, 2], shear_range=10, "
                                       "zoom_range=0.2, channel_shift_range=20.0, "
                                       "horizontal_flip=True, vertical_flip=True, "
                                       "brightness_range=(0.8, 1.2)") +
                            "out = [g.get_random_transform((5, 6, 3), seed=s) for s in "
                            "range(4)]",
    "gen_int_shift": GEN.format("width_shift_range=2, height_shift_range=3.0") +
                     "out = [g.get_random_transform((5, 6, 3), seed=s) for s in range(3)]",
    "gen_apply": GEN.format("fill_mode='constant', cval=3.0") + "out = g.apply_transform("
                 "IMAGE, {'theta': 25, 'tx': 1, 'ty': -1, 'shear': 5, 'zx': 0.9, 'zy': 1.1, "
                 "'flip_horizontal': True, 'flip_vertical': True, "
                 "'channel_shift_intensity': 10.0, 'brightness': 1.3})",
    "gen_random_transform_image": GEN.format("rotation_range=20, zoom_range=(0.9, 1.3), "
                                             "horizontal_flip=True, data_format="
                                             "'channels_first'") +
                                  "out = g.random_transform(np.moveaxis(IMAGE, 2, 0), "
                                  "seed=3)",
    "gen_flow": GEN.format("rotation_range=15, width_shift_range=0.1, rescale=1 / 255.0, "
                           "samplewise_center=True, samplewise_std_normalization=True") +
                "it = g.flow(IMAGES, np.arange(4), batch_size=3, seed=7, sample_weight="
                "np.ones(4)); out = [len(it), it[0], it[1], next(it), next(it)]",
    "gen_flow_shuffled": GEN.format("horizontal_flip=True") +
                         "it = g.flow(IMAGES, batch_size=2, shuffle=True, seed=1); "
                         "out = [it[0], it[1], next(it)]",
    "gen_flow_misc": GEN.format("") + "out = g.flow((IMAGES, [np.arange(4), "
                     "np.arange(8).reshape(4, 2)]), np.arange(4), batch_size=4, "
                     "shuffle=False)[0]",
    "gen_flow_subset": GEN.format("validation_split=0.25") + "out = [len(g.flow(IMAGES, "
                       "np.arange(4) % 2, batch_size=1, subset=s, ignore_class_split=True))"
                       " for s in ('training', 'validation')]",
    "gen_flow_bad_subset": GEN.format("validation_split=0.5") + "out = g.flow(IMAGES, "
                           "np.array([0, 0, 1, 1]), subset='validation')",
    "gen_flow_bad_name": GEN.format("validation_split=0.5") + "out = g.flow(IMAGES, "
                         "subset='test')",
    "gen_flow_bad_rank": GEN.format("") + "out = g.flow(IMAGES[0])",
    "gen_flow_bad_lengths": GEN.format("") + "out = g.flow(IMAGES, np.arange(3))",
    "gen_flow_bad_weights": GEN.format("") + "out = g.flow(IMAGES, np.arange(4), "
                            "sample_weight=np.ones(2))",
    "gen_flow_bad_misc": GEN.format("") + "out = g.flow((IMAGES, np.arange(2)))",
    "gen_flow_out_of_range": GEN.format("") + "out = g.flow(IMAGES, batch_size=3)[2]",
    "gen_fit": GEN.format("featurewise_center=True, featurewise_std_normalization=True, "
                          "rescale=0.5") +
               "g.fit(IMAGES); out = [g.mean, g.std, g.standardize(IMAGES[1].copy())]",
    "gen_fit_zca": GEN.format("zca_whitening=True, zca_epsilon=0.1") +
                   "g.fit(IMAGES[:, :3, :3]); out = [g.mean, g.zca_whitening_matrix, "
                   "g.standardize(IMAGES[2, :3, :3].copy())]",
    "gen_fit_augment": GEN.format("featurewise_center=True, rotation_range=20") +
                       "g.fit(IMAGES, augment=True, rounds=2, seed=3); out = g.mean",
    "gen_fit_bad_rank": GEN.format("featurewise_center=True") + "out = g.fit(IMAGES[0])",
    "gen_bad_format": GEN.format("data_format='channels_middle'"),
    "gen_bad_split": GEN.format("validation_split=1.5"),
    "gen_bad_zoom": GEN.format("zoom_range=(0.5, 1.0, 2.0)"),
    "gen_bad_brightness": GEN.format("brightness_range=0.5"),
    "gen_settings": GEN.format("zca_whitening=True, featurewise_std_normalization=True, "
                               "samplewise_std_normalization=True, zoom_range=[0.5, 2]") +
                    "out = [g.featurewise_center, g.featurewise_std_normalization, "
                    "g.samplewise_center, g.zoom_range, g.channel_axis, g.row_axis, "
                    "g.col_axis, g.dtype]",
})

DIR = "d = image_dir(k); "
CASES.update({
    # -- image: flow_from_directory over image_dir's files --
    "dir_categorical": GEN.format("rescale=1 / 255.0") + DIR +
                       "it = g.flow_from_directory(d, target_size=(4, 5), batch_size=2, "
                       "shuffle=False); out = [it.class_indices, it.filenames, it.classes, "
                       "len(it), it.image_shape, it[0], it[1]]",
    "dir_binary_grayscale": GEN.format("horizontal_flip=True") + DIR +
                            "it = g.flow_from_directory(d, target_size=(6, 6), "
                            "color_mode='grayscale', class_mode='binary', batch_size=3, "
                            "seed=4, interpolation='bilinear', keep_aspect_ratio=True); "
                            "out = [it[0], next(it)]",
    "dir_sparse_rgba_cf": GEN.format("data_format='channels_first'") + DIR +
                          "it = g.flow_from_directory(d, target_size=(3, 3), "
                          "color_mode='rgba', class_mode='sparse', shuffle=False, "
                          "classes=['b', 'a']); out = [it.class_indices, it[0]]",
    "dir_input_subset": GEN.format("validation_split=0.5") + DIR +
                        "it = g.flow_from_directory(d, target_size=(2, 2), "
                        "class_mode='input', subset='training', shuffle=False); "
                        "out = [it.filenames, it[0]]",
    "dir_no_labels": GEN.format("") + DIR + "it = g.flow_from_directory(d, target_size=(2, 3),"
                     " class_mode=None, shuffle=False, subset=None); out = it[0]",
    "dir_bad_mode": GEN.format("") + DIR + "out = g.flow_from_directory(d, class_mode='raw')",
    "dir_bad_color": GEN.format("") + DIR + "out = g.flow_from_directory(d, color_mode='cmyk')",
    "dir_bad_subset": GEN.format("validation_split=0.5") + DIR +
                      "out = g.flow_from_directory(d, subset='test')",
})


def image_dir(k):
    """A fresh folder of two classes' image files (PNG and JPEG; a text file to skip)."""
    import os
    import tempfile
    d = tempfile.mkdtemp()
    for name in ("a", "b", "b/nested"):
        os.makedirs(os.path.join(d, name))
    k.utils.save_img(os.path.join(d, "a", "1.png"), IMAGE)
    k.utils.save_img(os.path.join(d, "a", "2.png"), IMAGE[:, ::-1])
    k.utils.save_img(os.path.join(d, "b", "3.png"), IMAGE[::-1])
    k.utils.save_img(os.path.join(d, "b", "nested", "4.jpg"), 255 - IMAGE)
    with open(os.path.join(d, "b", "notes.txt"), "w") as f:
        f.write("not an image")
    return d


BB = "k.utils.bounding_boxes."
FORMATS = ["xyxy", "yxyx", "xywh", "center_xywh", "center_yxhw", "rel_xyxy", "rel_yxyx",
           "rel_xywh", "rel_center_xywh"]
for _f in FORMATS:
    CASES[f"bb_from_xyxy_{_f}"] = (f"out = {BB}convert_format(BOXES, 'xyxy', '{_f}', "
                                   "height=100, width=120)")
    CASES[f"bb_to_xyxy_{_f}"] = (f"out = {BB}convert_format(REL, '{_f}', 'XYXY', "
                                 "height=100, width=120)")
CASES.update({
    "bb_rel_to_rel": f"out = {BB}convert_format(REL, 'rel_xywh', 'rel_center_xywh', "
                     "height=7, width=9)",
    "bb_batched_float64": f"out = {BB}convert_format(np.stack([BOXES, BOXES + 1]), 'xywh', "
                          "'center_yxhw', dtype='float64')",
    "bb_ints": f"out = {BB}convert_format(BOXES.astype('int32'), 'xyxy', 'xywh')",
    "bb_dict": f"d = {{'boxes': BOXES, 'labels': np.arange(4)}}; "
               f"e = {BB}convert_format(d, 'xyxy', 'yxyx'); out = [e is d, e]",
    "bb_bad_last_dim": f"out = {BB}convert_format(BOXES[:, :3], 'xyxy', 'yxyx')",
    "bb_bad_format": f"out = {BB}convert_format(BOXES, 'xyxy', 'xyz')",
    "bb_rel_needs_size": f"out = {BB}convert_format(BOXES, 'xyxy', 'rel_xyxy', height=5)",
    "bb_clip": f"out = {BB}clip_to_image_size({{'boxes': BOXES, 'labels': np.arange(4), "
               "'extra': 1}, height=50, width=60)",
    "bb_clip_rel": f"out = {BB}clip_to_image_size({{'boxes': REL * 3 - 1, "
                   "'labels': np.arange(4.0)}, bounding_box_format='rel_xyxy')",
    "bb_clip_no_labels": f"out = {BB}clip_to_image_size({{'boxes': np.stack([BOXES, "
                         "BOXES * 2])}, height=50, width=60)",
    "bb_clip_needs_size": f"out = {BB}clip_to_image_size({{'boxes': BOXES}})",
    "bb_clip_format": f"out = {BB}clip_to_image_size({{'boxes': BOXES}}, 5, 5, "
                      "bounding_box_format='yxyx')",
    "bb_crop": f"out = {BB}crop(BOXES, 5, 10, 40, 50)",
    "bb_pad": f"out = {BB}pad(np.stack([BOXES, BOXES]), 5, 10)",
    "bb_crop_format": f"out = {BB}crop(BOXES, 5, 10, 40, 50, bounding_box_format='xywh')",
    "bb_affine": f"f = lambda *v: np.array(v, 'float32'); out = {BB}affine_transform("
                 "np.stack([BOXES, BOXES[::-1]]), f(30, -90), f(0.1, 0), f(-0.2, 0.3), "
                 "f(1.2, 0.5), f(5, 0), f(-3, 10), 100, 120)",
    "bb_affine_center": f"f = lambda *v: np.array(v, 'float32'); out = {BB}affine_transform("
                        "BOXES[None], f(45), f(0), f(0), f(1), f(0), f(0), 64, 32, "
                        "center_x=0.2, center_y=0.9)",
    "bb_iou": f"out = {BB}compute_iou(BOXES, BOXES[:3][::-1] + 3, 'xyxy')",
    "bb_iou_batched": f"out = {BB}compute_iou(np.stack([BOXES, BOXES + 5]), BOXES[:2], "
                      "'yxyx')",
    "bb_iou_batched2": f"out = {BB}compute_iou(BOXES[:2], np.stack([BOXES, BOXES + 5]), "
                       "'xywh')",
    "bb_iou_masked": f"out = {BB}compute_iou(BOXES - 6, BOXES, 'xyxy', use_masking=True, "
                     "mask_val=-7)",
    "bb_iou_rel": f"out = {BB}compute_iou(REL, REL[::-1], 'rel_xyxy', image_shape=(50, 80, 3))",
    "bb_iou_rel_no_shape": f"out = {BB}compute_iou(REL, REL, 'rel_xyxy')",
    "bb_iou_bad_rank": f"out = {BB}compute_iou(BOXES[0], BOXES, 'xyxy')",
    "bb_iou_bad_rank2": f"out = {BB}compute_iou(BOXES, BOXES[None, None], 'xyxy')",
    "bb_ciou": f"out = {BB}compute_ciou(BOXES, BOXES[::-1] + 2, 'xyxy')",
    "bb_ciou_center": f"out = {BB}compute_ciou(np.stack([REL, REL]), np.stack([REL, REL[::-1]])"
                      ", 'center_xywh')",
    "bb_ciou_rel": f"out = {BB}compute_ciou(REL, REL, 'rel_xyxy', image_shape=(5, 5, 3))",
    "bb_encode": f"out = {BB}encode_box_to_deltas(BOXES[:3], BOXES[:3][::-1] + 1, 'xyxy', "
                 "'xyxy', variance=[0.1, 0.1, 0.2, 0.2])",
    "bb_encode_xywh": f"out = {BB}encode_box_to_deltas(REL, REL[::-1], 'rel_xyxy', "
                      "'rel_xywh', encoding_format='center_xywh', image_shape=(40, 60, 3))",
    "bb_encode_bad_variance": f"out = {BB}encode_box_to_deltas(BOXES, BOXES, 'xyxy', 'xyxy', "
                              "variance=[1, 2])",
    "bb_encode_bad_format": f"out = {BB}encode_box_to_deltas(BOXES, BOXES, 'xyxy', 'xyxy', "
                            "encoding_format='xyxy')",
    "bb_decode": f"d = {BB}encode_box_to_deltas(BOXES[:3], BOXES[:3][::-1] + 1, 'xyxy', "
                 f"'xyxy', variance=[0.1, 0.1, 0.2, 0.2]); out = {BB}decode_deltas_to_boxes("
                 "BOXES[:3], d, 'xyxy', 'xyxy', variance=[0.1, 0.1, 0.2, 0.2])",
    "bb_decode_levels": f"out = {BB}decode_deltas_to_boxes({{'a': REL, 'b': REL[:2]}}, "
                        "{'a': REL - 0.1, 'b': np.stack([REL[:2], REL[:2] * 2])}, "
                        "'rel_yxyx', 'center_xywh', encoded_format='center_xywh', "
                        "image_shape=(30, 20, 3))",
    "bb_decode_bad_format": f"out = {BB}decode_deltas_to_boxes(BOXES, BOXES, 'xyxy', 'xyxy', "
                            "encoded_format='yxyx')",
})


def to_json(value):
    """A result as JSON: arrays as {"array", "dtype"}, tuples and lists as lists, dicts
    with string keys (keys' types noted)."""
    if hasattr(value, "numpy"):  # a tensor
        value = value.numpy()
    if isinstance(value, np.ndarray):
        return {"array": value.tolist(), "dtype": value.dtype.name}
    if isinstance(value, np.generic):
        return to_json(value.item())
    if isinstance(value, (list, tuple)):
        return [to_json(v) for v in value]
    if isinstance(value, dict):
        return {"dict": [[to_json(k), to_json(v)] for k, v in sorted(
            value.items(), key=lambda kv: repr(kv[0]))]}
    return value


def run(k, code):
    """The snippet's `out` as JSON, or its error's class and message."""
    import json
    import random
    scope = {"k": k, "np": np, "random": random, "json": json, "TEXTS": TEXTS,
             "IMAGE": IMAGE, "IMAGES": IMAGES, "BOXES": BOXES, "REL": REL,
             "image_dir": image_dir}
    try:
        exec(code, scope)  # noqa: S102 (the checked-in cases above)
    except Exception as e:  # noqa: BLE001 (every error is a recorded fact)
        return {"error": type(e).__name__, "message": str(e)}
    return {"out": to_json(scope["out"])}
