"""Decode layoutd's protobuf answers with code generated from proto/layoutd/v1/layout.proto.

Run by scripts/ci-protobuf (which generates layout_pb2 and starts layoutd):
    python3 scripts/ci-protobuf.py http://127.0.0.1:PORT [BIG_ITEMS]
For layouts of every type it compares what a client reads from the binary answer with the JSON
answer, element by element (frames as exact doubles), and checks that Google's runtime
re-serializes each message to the server's bytes. Prints sizes, then 'N passed, N failed'.
"""
import gzip
import json
import pathlib
import sys
import urllib.request

from layoutd.v1 import layout_pb2

BASE = sys.argv[1]
BIG = int(sys.argv[2]) if len(sys.argv) > 2 else 100000
ROOT = pathlib.Path(__file__).resolve().parent.parent
CATEGORY = {layout_pb2.CELL: "cell", layout_pb2.SUPPLEMENTARY_VIEW: "supplementaryView",
            layout_pb2.DECORATION_VIEW: "decorationView"}
passed, failed = 0, 0


def check(ok, what):
    global passed, failed
    if ok:
        passed += 1
    else:
        failed += 1
        print("FAILED:", what)


def http(path, body=None, headers=None):
    request = urllib.request.Request(BASE + path, data=body, headers=headers or {})
    with urllib.request.urlopen(request) as r:
        return r.status, dict(r.headers), r.read()


def post(body):
    _, _, raw = http("/layout", json.dumps(body).encode(),
                     {"Content-Type": "application/json", "Prefer": "return=minimal"})
    return json.loads(raw)["id"]


def elements_as_json(message):
    """The JSON `elements` array a client rebuilds from an `Elements` message."""
    exact = {e.element: e for e in message.exact_frames}
    out, i = [], 0
    for run in message.runs:
        for k in range(run.count):
            if i in exact:
                e = exact[i]
                frame = {"x": e.x, "y": e.y, "width": e.width, "height": e.height}
            else:
                s = message.scale  # a division, never a multiplication by 1 / scale: exact
                frame = {"x": message.x[i] / s, "y": message.y[i] / s,
                         "width": message.width[i] / s, "height": message.height[i] / s}
            element = {"category": CATEGORY[run.category]}
            if run.HasField("kind"):
                element["kind"] = message.kinds[run.kind]
            element["indexPath"] = [run.section] if run.is_global else [run.section, run.first_item + k]
            element["frame"] = frame
            element["zIndex"] = run.z_index
            if run.HasField("estimated"):
                element["estimated"] = run.estimated
            out.append(element)
            i += 1
    return out


def same_elements(got, want):
    if len(got) != len(want):
        return False
    for g, w in zip(got, want):
        if g.keys() != w.keys() or any(float(g["frame"][k]) != float(w["frame"][k]) for k in w["frame"]):
            return False
        if any(g[k] != w[k] for k in w if k != "frame"):
            return False
    return True


def check_layout(name, body):
    layout_id = post(body)
    _, _, raw_json = http(f"/layout/{layout_id}")
    want = json.loads(raw_json)
    status, headers, raw = http(f"/layout/{layout_id}", headers={"Accept": "application/x-protobuf"})
    check(status == 200 and headers.get("Content-Type") == "application/x-protobuf", f"{name}: content type")
    check(headers.get("ETag") == f'"{layout_id}.pb"', f"{name}: ETag {headers.get('ETag')}")
    message = layout_pb2.Layout()
    message.ParseFromString(raw)
    check(message.SerializeToString() == raw, f"{name}: Google's runtime re-serializes the same bytes")
    check(message.id == want["id"], f"{name}: id")
    check([message.content_size.width, message.content_size.height] == [want["contentSize"]["width"], want["contentSize"]["height"]],
          f"{name}: content size")
    check(same_elements(elements_as_json(message.elements), want["elements"]), f"{name}: every element as in JSON")
    warnings = [{"code": w.code, "message": w.message, **({"indexPath": [w.index_path.section, w.index_path.item]}
                                                        if w.HasField("index_path") else {})} for w in message.warnings]
    check(warnings == want["warnings"], f"{name}: warnings")
    ortho = [{"section": o.section, "orthogonalContentSize": {"width": o.orthogonal_content_size.width,
                                                             "height": o.orthogonal_content_size.height}}
             for o in message.orthogonal_sections]
    check(ortho == want.get("orthogonalSections", []), f"{name}: orthogonal sections")
    rounded = [{"section": r.section, "frame": {"x": r.frame.x, "y": r.frame.y, "width": r.frame.width,
                                                "height": r.frame.height}, "cornerRadius": r.corner_radius}
               for r in message.rounded_sections]
    check(rounded == want.get("roundedSections", []), f"{name}: rounded sections")
    size = want["contentSize"]
    queries = [f"rect=0,0,{size['width']},{min(size['height'], 700)}", "indexPath=0,0",
               f"point={size['width'] / 3},{min(size['height'], 700) / 2}"]
    for query in queries:
        status, _, raw_json = http(f"/layout/{layout_id}/elements?{query}")
        if status != 200:
            continue
        answer = json.loads(raw_json)
        wanted = answer.get("elements", [answer["element"]] if "element" in answer else [])
        _, headers, raw = http(f"/layout/{layout_id}/elements?{query}", headers={"Accept": "application/x-protobuf"})
        listed = layout_pb2.ElementList()
        listed.ParseFromString(raw)
        check(listed.SerializeToString() == raw and listed.id == layout_id, f"{name} {query}: ElementList")
        check(same_elements(elements_as_json(listed.elements), wanted), f"{name} {query}: the same elements as JSON")
    return layout_id


def fixtures(file):
    root = json.loads((ROOT / "Tests" / "Fixtures" / file).read_text())
    return root["examples"] if isinstance(root, dict) else root


def main():
    cases = [
        ("flow, three cells", {"collectionView": {"width": 375, "height": 667}, "sections": [{"numberOfItems": 3}]}),
        ("flow @3x, headers pinned, right to left",
         {"collectionView": {"width": 391, "height": 667, "scale": 3, "layoutDirection": "rightToLeft"},
          "layout": {"sectionHeadersPinToVisibleBounds": True, "headerReferenceSize": {"width": 40, "height": 30},
                     "footerReferenceSize": {"width": 40, "height": 20}, "minimumInteritemSpacing": 7},
          "sections": [{"numberOfItems": 40}, {"numberOfItems": 13}]}),
        ("flow, an item too wide (a warning)",
         {"collectionView": {"width": 320, "height": 568}, "layout": {"itemSize": {"width": 400, "height": 50}},
          "sections": [{"numberOfItems": 2}]}),
        ("self-sizing estimates",
         {"collectionView": {"width": 320, "height": 568}, "layout": {"estimatedItemSize": {"width": 100, "height": 100}},
          "sections": [{"numberOfItems": 30}],
          "preferredSizes": [{"indexPath": [0, 1], "width": 90.3, "height": 33.7}]}),
        ("waterfall (frames off the pixel grid)",
         {"collectionView": {"width": 375, "height": 667}, "layout": {"type": "waterfall", "columnCount": 3, "headerHeight": 20},
          "sections": [{"itemSizes": [{"width": 100, "height": 10 + (i * 37) % 90 / 3} for i in range(60)]}]}),
        ("grid", {"collectionView": {"width": 320, "height": 568}, "layout": {"type": "grid", "itemsPerLine": 3, "sideMargin": 10, "spacing": 5},
                  "sections": [{"numberOfItems": 50}]}),
        ("mosaic", {"collectionView": {"width": 320, "height": 568}, "layout": {"type": "mosaic"}, "sections": [{"numberOfItems": 40}]}),
        ("column flow", {"collectionView": {"width": 768, "height": 1024}, "layout": {"type": "columnFlow"}, "sections": [{"numberOfItems": 30}]}),
        ("table, insetGrouped, separators, rows measured in thirds (kept compact in the cache)",
         {"collectionView": {"width": 393, "height": 852, "scale": 3},
          "layout": {"type": "table", "style": "insetGrouped", "estimatedRowHeight": 44, "tableHeaderView": {"height": 80},
                     "listEnvironment": {"includeSeparators": True}},
          "sections": [{"numberOfItems": 2500, "headerTitle": "A", "measuredRowHeights": [30 + (i * 7) % 90 / 3 for i in range(2500)]},
                       {"numberOfItems": 40, "footerTitle": "B"}]}),
    ]
    for file in ["compositional-examples.json", "compositional-next-examples.json", "list-examples.json", "table-examples.json"]:
        for example in fixtures(file):
            cases.append((f"{file}: {example.get('name', '?')}", example["request"]))
    checked = 0
    for name, body in cases:
        try:
            check_layout(name, body)
            checked += 1
        except urllib.error.HTTPError as e:   # the fixtures' 4xx examples
            if e.code >= 500:
                check(False, f"{name}: {e.code}")
    print(f"{checked} layouts decoded and compared")

    # Sizes: a large flow layout as JSON and as protocol buffers, identity and gzip.
    big = post({"collectionView": {"width": 375, "height": 667}, "sections": [{"numberOfItems": BIG}]})
    _, _, raw_json = http(f"/layout/{big}")
    _, _, raw = http(f"/layout/{big}", headers={"Accept": "application/x-protobuf"})
    _, headers, raw_gz = http(f"/layout/{big}", headers={"Accept": "application/x-protobuf", "Accept-Encoding": "gzip"})
    _, _, json_gz = http(f"/layout/{big}", headers={"Accept-Encoding": "gzip"})
    check(headers.get("Content-Encoding") == "gzip" and gzip.decompress(raw_gz) == raw, "gzip answer inflates to the binary answer")
    message = layout_pb2.Layout()
    message.ParseFromString(raw)
    check(len(message.elements.x) == BIG and same_elements(elements_as_json(message.elements)[-50:], json.loads(raw_json)["elements"][-50:]),
          f"{BIG:,} elements decoded")
    print(f"{BIG:,} items: JSON {len(raw_json):,} B, protobuf {len(raw):,} B ({len(raw_json) / len(raw):.1f}x smaller); "
          f"gzip as served: JSON {len(json_gz):,} B, protobuf {len(raw_gz):,} B ({len(json_gz) / len(raw_gz):.1f}x); "
          f"gzip -9: JSON {len(gzip.compress(raw_json, 9)):,} B, protobuf {len(gzip.compress(raw, 9)):,} B "
          f"({len(gzip.compress(raw_json, 9)) / len(gzip.compress(raw, 9)):.1f}x)")
    check(len(raw) * 4 <= len(raw_json), "at least 4x smaller than JSON")
    print(f"protobuf: {passed} passed, {failed} failed")
    sys.exit(1 if failed else 0)


main()
