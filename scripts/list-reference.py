#!/usr/bin/env python3
"""Independent reference model of the list-layout rules L1-L18 (/work/shared/spec/list-layout.md).

Written from the spec text only, as a second reading of the rules. It computes the frames of a
`compositional` request whose sections are list configurations (`layout.list` or
`layout.sections[i].list`) and prints/compares them in the format of list-examples.json.

Usage:
  scripts/list-reference.py check FILE.json       # recompute every case of FILE, report differences
  scripts/list-reference.py run REQUEST.json      # print the response for one request
  scripts/list-reference.py expect FILE.json      # rewrite FILE's `expected` fields from the model

Arithmetic: every value is computed twice, once exactly (fractions) and once in binary doubles as
UIKit does; `check` reports a case whose two answers differ after rounding (a tie that floating
point error moves), since such a case cannot be expected to match to the pixel.
Stdlib only.
"""
import json
import math
import sys
from fractions import Fraction

BACKGROUND = "_UICollectionViewListLayoutSectionBackgroundColorDecorationElementKind"
HEADER = "UICollectionElementKindSectionHeader"
FOOTER = "UICollectionElementKindSectionFooter"
SEP_BOTTOM = "UICollectionViewListLayoutElementKindBottomSeparator"
SEP_TOP = "UICollectionViewListLayoutElementKindTopSeparator"

CATEGORIES = ["XS", "S", "M", "L", "XL", "XXL", "XXXL", "AX1", "AX2", "AX3", "AX4", "AX5"]
# L5: HIG body leading xS..xxxL (accessibility sizes capped at xxxL for the iOS 26 row estimate).
BODY_LEADING = {"XS": 19, "S": 20, "M": 21, "L": 22, "XL": 24, "XXL": 26, "XXXL": 29}
# L6 [I]: plain header estimate = 28 x size(category)/size(L) of the header text style.
# iOS 15-18: subheadline; iOS 26: body (Apple HIG point sizes, accessibility sizes included).
SUBHEADLINE = {"XS": 12, "S": 13, "M": 14, "L": 15, "XL": 17, "XXL": 19, "XXXL": 21,
               "AX1": 25, "AX2": 30, "AX3": 36, "AX4": 42, "AX5": 49}
BODY = {"XS": 14, "S": 15, "M": 16, "L": 17, "XL": 19, "XXL": 21, "XXXL": 23,
        "AX1": 28, "AX2": 33, "AX3": 40, "AX4": 47, "AX5": 53}

PLAIN_LIKE = ("plain", "sidebarPlain")          # L1
GROUPED_LIKE = ("grouped", "insetGrouped", "sidebar")
VERTICALLY_SEPARATED = ("grouped", "insetGrouped")  # L8
INSET_ROWS = ("insetGrouped", "sidebar", "sidebarPlain")  # L10


class Num:
    """Arithmetic domain: exact fractions or binary doubles."""

    def __init__(self, exact):
        self.exact = exact

    def __call__(self, v):
        return Fraction(v) if self.exact else float(v)

    def ceilpx(self, v, s):  # UIPixelBoundaryOffset(1, v, s)
        return self(math.ceil(v * s)) / s

    def roundpx(self, v, s):  # R45: round(s*v)/s, half away from zero
        x = v * s
        r = math.floor(abs(x) + self(1) / 2)
        return self(r if x >= 0 else -r) / s


def _insets(d, keys):
    return {k: (d or {}).get(k, 0) for k in keys}


class ListSection:
    """One data section's list configuration resolved against the environment."""

    def __init__(self, cfg, override, env, index, count, n):
        self.index, self.count = index, count
        self.first, self.last = index == 0, index == n - 1        # L2: position from the data source
        self.appearance = cfg.get("appearance", "plain")
        self.header_mode = cfg.get("headerMode", "none")
        self.footer_mode = cfg.get("footerMode", "none")
        htp = cfg.get("headerTopPadding")
        self.header_top_padding = htp if (htp is not None and htp >= 0) else None
        default_seps = self.appearance in ("plain", "grouped", "insetGrouped")  # L15
        self.shows_separators = cfg.get("showsSeparators", default_seps)
        self.separator_config = cfg.get("separatorConfiguration") or {}
        self.override_insets = override.get("contentInsets")
        self.inter_group_spacing = override.get("interGroupSpacing", 0)

    @property
    def plain_like(self):
        return self.appearance in PLAIN_LIKE

    @property
    def sup_header(self):
        return self.header_mode == "supplementary"

    @property
    def item_header(self):
        return self.header_mode == "firstItemInSection"

    @property
    def has_header(self):
        return self.header_mode in ("supplementary", "firstItemInSection")

    @property
    def has_footer(self):
        return self.footer_mode == "supplementary"

    @property
    def chromeless(self):
        # L13: plain-like headers are "chromeless" unless headerTopPadding is explicitly 0.
        return self.plain_like and self.header_top_padding != 0


class Model:
    def __init__(self, request, exact=True):
        N = self.N = Num(exact)
        cv = request["collectionView"]
        self.W, self.H, self.s = N(cv["width"]), N(cv["height"]), N(cv.get("scale", 1))
        safe = _insets(cv.get("safeAreaInsets"), ("top", "left", "bottom", "right"))
        self.safeL, self.safeR = N(safe["left"]), N(safe["right"])
        lm = cv.get("layoutMargins") or {}
        self.cvML, self.cvMR = N(lm.get("left", 8)), N(lm.get("right", 8))
        layout = request["layout"]
        env = layout.get("listEnvironment") or {}
        self.gen = env.get("generation", "ios15to18")
        self.category = env.get("contentSizeCategory", "L")
        self.wide = env.get("wideContentMargins", cv["width"] >= 414)   # L10 default [I]
        self.collapsed = env.get("collapsedTopSpacing", False)
        self.backgrounds = env.get("includeBackgroundDecorations", True)
        self.separators = env.get("includeSeparators", False)
        self.inter_section = N((layout.get("configuration") or {}).get("interSectionSpacing", 0))
        counts = [sec.get("numberOfItems", 0) for sec in request["sections"]]
        n = len(counts)
        if "list" in layout:
            cfgs = [(layout["list"], {})] * n
        else:
            secs = layout["sections"]
            cfgs = []
            for s in range(n):
                o = secs[min(s, len(secs) - 1)]
                cfgs.append((o["list"], o))
        self.sections = [ListSection(c, o, env, s, counts[s], n) for s, (c, o) in enumerate(cfgs)]
        self.preferred = {}
        for p in request.get("preferredSizes") or []:
            self.preferred[("cell", p["indexPath"][0], p["indexPath"][1])] = N(p["height"])
        for p in request.get("preferredSupplementarySizes") or []:
            self.preferred[(p["elementKind"], p["indexPath"][0])] = N(p["height"])

    # ---- constants ---------------------------------------------------------------------------
    def table_margin(self, width):
        """L10: m = 16, or 20 when the screen wants wide margins and the width is over 320."""
        return self.N(20) if (self.wide and width > 320) else self.N(16)

    def row_estimate(self):  # L5
        if self.gen == "ios26":
            cat = self.category if self.category in BODY_LEADING else "XXXL"
            return self.N(BODY_LEADING[cat] + 30)
        return self.N(44)

    def header_estimate(self, sec):  # L6 (footers use the same value)
        if sec.plain_like:
            sizes = BODY if self.gen == "ios26" else SUBHEADLINE
            v = self.N(28) * sizes[self.category] / sizes["L"]
        else:
            v = self.N(Fraction(35, 2))
        return self.N.ceilpx(v, self.s)

    def grouped_spacing(self):  # L8: G
        g = self.N(Fraction(35, 2))
        return g if self.gen == "ios26" else self.N.ceilpx(g, self.s)

    def header_padding(self, sec):  # L12
        if sec.header_top_padding is not None:
            return self.N(sec.header_top_padding)
        if self.gen == "ios26" and self.collapsed and sec.first:
            return self.N(0)
        return self.N(22) if sec.plain_like else self.N(0)

    def separator_thickness(self):  # L15
        return self.N(1) if self.category.startswith("AX") else 1 / self.s

    # ---- insets ------------------------------------------------------------------------------
    def horizontal(self, sec):
        """L10: (leading, trailing) of the section's rows (absolute; reference none)."""
        if sec.override_insets is not None:
            return self.N(sec.override_insets.get("leading", 0)), self.N(sec.override_insets.get("trailing", 0))
        if sec.appearance in INSET_ROWS:
            m = self.table_margin(self.W)
            return max(self.cvML, m + self.safeL), max(self.cvMR, m + self.safeR)
        return self.N(0), self.N(0)

    def vertical(self, sec):
        """L7 L8 L9: (top, bottom) content insets."""
        N = self.N
        if sec.override_insets is not None:
            return N(sec.override_insets.get("top", 0)), N(sec.override_insets.get("bottom", 0))
        a, G = sec.appearance, self.grouped_spacing()
        if a in VERTICALLY_SEPARATED:
            if sec.has_header:
                top = N(0)
            elif sec.first:
                top = N(0) if self.collapsed else N(35)
            else:
                top = G
            bottom = N(0) if sec.has_footer else (N(20) if sec.last else G)
        elif a == "sidebar":
            top, bottom = N(0), (N(0) if sec.has_footer else N(10))
        else:  # plain, sidebarPlain
            top, bottom = N(0), N(0)
        if sec.item_header:  # L9: padding above the header item is the top inset
            if sec.header_top_padding is not None:
                top = N(sec.header_top_padding)
            else:
                top = N(22) if sec.plain_like else N(0)
        if a == "sidebarPlain" and (sec.has_header or sec.has_footer) and not sec.chromeless:
            top, bottom = top + 8, bottom + 8
        if self.gen == "ios26" and not sec.sup_header and sec.header_top_padding is not None:
            top = N(sec.header_top_padding)  # L9 iOS 26: replaces the whole top inset
            if self.collapsed and sec.first:
                top = N(0)
        return top, bottom

    # ---- separators (L15) --------------------------------------------------------------------
    def inside_margin(self, sec, lead, trail):
        a = sec.appearance
        if a in ("plain", "grouped"):
            return max(self.cvML - self.safeL, self.table_margin(self.W))
        if a == "insetGrouped":
            return self.table_margin(self.W - lead - trail)
        return self.N(8)

    def separator_frames(self, sec, item, row, lead, trail, top_inset):
        """[(kind, frame)] of the separators UIKit shows for row `item` (hidden ones omitted)."""
        N = self.N
        if not (self.separators and sec.shows_separators):
            return []
        t = self.separator_thickness()
        cfg = sec.separator_config
        margin = self.inside_margin(sec, lead, trail)
        a, n = sec.appearance, sec.count
        out = []
        # bottom
        show, boundary = True, False
        if sec.item_header and item == 0:
            show = False
        elif item == n - 1 and a in ("insetGrouped", "sidebar"):
            show = False
        elif item == n - 1 and a == "grouped":
            boundary = True
        vis = cfg.get("bottomSeparatorVisibility", "automatic")
        if vis != "automatic":
            show = vis == "visible"
        if show:
            li, ti = (N(0), N(0)) if boundary else (margin, N(0))
            if not boundary and "bottomSeparatorInsets" in cfg:
                li, ti = N(cfg["bottomSeparatorInsets"].get("leading", 0)), N(cfg["bottomSeparatorInsets"].get("trailing", 0))
            x, y, w, h = row
            out.append((SEP_BOTTOM, (x + li, y + h - t, w - li - ti, t)))
        # top
        first_row = 1 if sec.item_header else 0
        show, boundary = False, False
        if item == first_row:
            if a == "grouped":
                show, boundary = True, True
            elif sec.plain_like:
                show = sec.has_header and sec.chromeless and (top_inset == 0 or sec.item_header)
        vis = cfg.get("topSeparatorVisibility", "automatic")
        if vis != "automatic":
            show = vis == "visible"
        if show:
            li, ti = (N(0), N(0)) if boundary else (margin, N(0))
            if not boundary and "topSeparatorInsets" in cfg:
                li, ti = N(cfg["topSeparatorInsets"].get("leading", 0)), N(cfg["topSeparatorInsets"].get("trailing", 0))
            x, y, w, h = row
            out.append((SEP_TOP, (x + li, y, w - li - ti, t)))
        return out

    # ---- layout ------------------------------------------------------------------------------
    def layout(self):
        N, W, H = self.N, self.W, self.H
        elements = []
        y = N(0)
        seen_items = False
        for sec in self.sections:
            if sec.count > 0:  # L4 / R40: spacing between non-empty sections only
                if seen_items:
                    y += self.inter_section
                seen_items = True
            section_top = y
            lead, trail = self.horizontal(sec)
            top, bottom = self.vertical(sec)
            follow = not sec.plain_like  # L11
            sup_x, sup_w = (lead, W - lead - trail) if follow else (N(0), W)
            sec_elems = []
            if sec.sup_header:
                y += self.header_padding(sec)  # L12
                h = self.preferred.get((HEADER, sec.index), self.header_estimate(sec))
                sec_elems.append(("supplementaryView", HEADER, [sec.index, 0], (sup_x, y, sup_w, h), 200))
                y += h
            y += top
            for i in range(sec.count):
                if i > 0:
                    y += N(sec.inter_group_spacing)
                h = self.preferred.get(("cell", sec.index, i), self.row_estimate())
                row = (lead, y, W - lead - trail, h)
                frame = row
                if sec.item_header and i == 0:
                    x, ry, w, rh = row
                    if sec.plain_like:  # L11: header item of a non-following style spans the width
                        x, w = x - lead, w + lead + trail
                    if sec.appearance == "sidebarPlain" and not sec.chromeless:  # L9
                        ry -= min(top, N(8))
                    frame = (x, ry, w, rh)
                sec_elems.append(("cell", None, [sec.index, i], frame, 10))
                for kind, f in self.separator_frames(sec, i, row, lead, trail, top):
                    sec_elems.append(("decorationView", kind, [sec.index, i], f, 100))
                y += h
            y += bottom
            if sec.has_footer:
                h = self.preferred.get((FOOTER, sec.index), self.header_estimate(sec))
                sec_elems.append(("supplementaryView", FOOTER, [sec.index, 0], (sup_x, y, sup_w, h), 200))
                y += h
            section_bottom = y
            if self.backgrounds:  # L14
                by = section_top - (2 * H if sec.first else 0)
                bb = section_bottom + (2 * H if sec.last else 0)
                elements.append(("decorationView", BACKGROUND, [sec.index, 0], (-lead, by, W + lead + trail, bb - by), 0))
            elements.extend(sec_elems)
        return (W, y), elements

    def response(self):
        (cw, ch), elements = self.layout()
        R = lambda v: self.N.roundpx(v, self.s)
        out = []
        for cat, kind, ip, (x, y, w, h), z in elements:
            e = {"category": cat}
            if kind:
                e["kind"] = kind
            e["indexPath"] = ip
            e["frame"] = {"x": R(x), "y": R(y), "width": R(w), "height": R(h)}
            e["zIndex"] = z
            out.append(e)
        return {"contentSize": {"width": R(cw), "height": R(ch)}, "elements": out}


def to_json(v):
    if isinstance(v, dict):
        return {k: to_json(x) for k, x in v.items()}
    if isinstance(v, list):
        return [to_json(x) for x in v]
    if isinstance(v, (Fraction, float)):
        r = round(float(v), 4)
        return int(r) if r == int(r) else r
    return v


def compute(request):
    """The response, and whether the exact and the double computations disagree."""
    exact = to_json(Model(request, exact=True).response())
    double = to_json(Model(request, exact=False).response())
    return exact, exact != double


def _key(e):
    return (e["category"], e.get("kind", ""), tuple(e["indexPath"]))


def diff(expected, got, tol=1e-3):
    problems = []
    for k in ("width", "height"):
        if abs(expected["contentSize"][k] - got["contentSize"][k]) > tol:
            problems.append(f"contentSize.{k}: expected {expected['contentSize'][k]} got {got['contentSize'][k]}")
    em = {_key(e): e for e in expected["elements"]}
    gm = {_key(e): e for e in got["elements"]}
    for k in em.keys() - gm.keys():
        problems.append(f"missing {k}")
    for k in gm.keys() - em.keys():
        problems.append(f"extra {k} {gm[k]['frame']}")
    for k in em.keys() & gm.keys():
        a, b = em[k], gm[k]
        fa, fb = a["frame"], b["frame"]
        if any(abs(fa[c] - fb[c]) > tol for c in fa) or a["zIndex"] != b["zIndex"]:
            problems.append(f"{k}: expected {fa} z{a['zIndex']} got {fb} z{b['zIndex']}")
    return problems


def main(argv):
    if len(argv) < 3:
        print(__doc__)
        return 2
    cmd, path = argv[1], argv[2]
    data = json.load(open(path))
    if cmd == "run":
        print(json.dumps(compute(data)[0], indent=1))
        return 0
    if cmd == "check":
        bad = 0
        for case in data:
            got, fragile = compute(case["request"])
            problems = diff(case["expected"], got)
            status = "ok" if not problems else "MISMATCH"
            if fragile:
                status += " (float-sensitive tie)"
            print(f"{status:9} {case['name']}")
            for p in problems:
                print("   ", p)
            bad += bool(problems)
        print(f"{len(data) - bad}/{len(data)} cases match")
        return 1 if bad else 0
    if cmd == "expect":
        for case in data:
            got, fragile = compute(case["request"])
            if fragile:
                print(f"warning: {case['name']} is float-sensitive", file=sys.stderr)
            case["expected"] = got
        json.dump(data, open(path, "w"), indent=1)
        open(path, "a").write("\n")
        return 0
    print(__doc__)
    return 2


if __name__ == "__main__":
    sys.exit(main(sys.argv))
