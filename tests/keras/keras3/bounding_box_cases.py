"""keras.visualization's bounding boxes as Keras 3 draws them with OpenCV: snippets shared
by make_bounding_box_golden.py (real TF 2.21 + Keras 3, with OpenCV and matplotlib) and
test_bounding_box_plots.py. Each prints what it shows (drawn pixels as hashes, sums and
small slices; galleries' figures); they run with `keras`, `np` and `plt` (matplotlib.pyplot
on the Agg backend, None in the DRAW snippets) bound."""

PRELUDE = '''
import hashlib
def show(label, f, *args, **kwargs):
    try:
        out = f(*args, **kwargs)
        print(label, "->", pixels(out) if isinstance(out, np.ndarray) else repr(out))
    except Exception as e:
        print(label, "!!", type(e).__name__, str(e).split(" at 0x")[0])
def pixels(a):
    a = np.asarray(a)
    return (str(a.dtype), a.shape, int(a.astype("int64").sum()),
            hashlib.sha256(np.ascontiguousarray(a).tobytes()).hexdigest()[:16])
rng = np.random.RandomState(0)
images = (rng.rand(2, 48, 64, 3) * 255).astype("float32")
boxes = {"boxes": np.array([[[4, 6, 30, 40], [20, 2, 60, 20]],
                            [[10, 10, 50, 44], [0, 0, 8, 8]]], "float32"),
         "labels": np.array([[0, 1], [2, -1]]),
         "confidences": np.array([[0.9, 0.25], [0.5, 0.1]], "float32")}
'''

DRAW = {
    "draw_plain": '''
V = keras.visualization
out = V.draw_bounding_boxes(images, boxes, "xyxy")
print(pixels(out), np.asarray(out)[0, 6, 4:8].tolist(), np.asarray(out)[1, 0, :3].tolist())
print(pixels(images))  # (the input is left alone)
''',
    "draw_labels": '''
V = keras.visualization
show("labels", V.draw_bounding_boxes, images, boxes, "xyxy",
     class_mapping={0: "cat", 1: "dog", 2: "bird"}, color=(255, 0, 0))
no_conf = {k: v for k, v in boxes.items() if k != "confidences"}
show("no_conf", V.draw_bounding_boxes, images, no_conf, "xyxy",
     class_mapping={0: "cat", 2: "bird"}, line_thickness=1, text_thickness=2, font_scale=0.5)
show("thick0", V.draw_bounding_boxes, images, no_conf, "xyxy", class_mapping={1: "dog"},
     text_thickness=0, line_thickness=3)
''',
    "draw_formats": '''
V = keras.visualization
for fmt in ("yxyx", "xywh", "center_xywh", "rel_xyxy"):
    b = dict(boxes)
    b["boxes"] = boxes["boxes"] / (64 if fmt.startswith("rel") else 1)
    show(fmt, V.draw_bounding_boxes, images, b, fmt, class_mapping={0: "a"})
show("unit_floats", V.draw_bounding_boxes, images / 255.0, boxes, "xyxy")
show("over_255", V.draw_bounding_boxes, images * 2, boxes, "xyxy")
show("uint8", V.draw_bounding_boxes, images.astype("uint8"), boxes, "xyxy")
show("channels_first", V.draw_bounding_boxes, np.transpose(images, (0, 3, 1, 2)), boxes,
     "xyxy", data_format="channels_first")
show("tensor", V.draw_bounding_boxes, keras.ops.convert_to_tensor(images),
     {k: keras.ops.convert_to_tensor(v) for k, v in boxes.items()}, "xyxy")
''',
    "draw_errors": '''
V = keras.visualization
show("unbatched", V.draw_bounding_boxes, images[0], boxes, "xyxy")
show("not_dict", V.draw_bounding_boxes, images, [1, 2], "xyxy")
show("no_labels", V.draw_bounding_boxes, images, {"boxes": boxes["boxes"]}, "xyxy")
show("bad_format", V.draw_bounding_boxes, images, boxes, "abcd")
''',
}

PLOT = {
    "gallery": '''
V = keras.visualization
def figure():
    fig = plt.gcf()
    print("fig", [round(float(v), 2) for v in fig.get_size_inches()], len(fig.axes),
          len(fig.legends))
    for ax in fig.axes:
        print(" ax", ax.get_title(), ax.axison,
              [pixels(np.asarray(im.get_array())) for im in ax.get_images()])
    plt.close("all")
pred = {"boxes": boxes["boxes"] + 3, "labels": boxes["labels"]}
V.plot_bounding_box_gallery(images, "xyxy", y_true=boxes, y_pred=pred, show=False,
                            class_mapping={0: "cat", 1: "dog"}, legend=True)
figure()
V.plot_bounding_box_gallery(images, "xyxy", y_pred=pred, rows=1, cols=2, show=False,
                            prediction_mapping={2: "bird"}, value_range=(0, 255))
figure()
V.plot_bounding_box_gallery(np.transpose(images, (0, 3, 1, 2)), "xyxy", y_true=boxes,
                            data_format="channels_first", show=False)
figure()
show("both_legends", V.plot_bounding_box_gallery, images, "xyxy", y_true=boxes, legend=True,
     legend_handles=[1], show=False)
plt.close("all")
show("unbatched", V.plot_bounding_box_gallery, images[0], "xyxy")
''',
}
