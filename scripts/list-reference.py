#!/usr/bin/env python3
"""Independent reference model of the list-layout rules L1-L18 (docs/uikit-rules/list-layout.md).

Written from the spec text only, as a second reading of the rules. It computes the frames of a
`compositional` request whose sections are list configurations (`layout.list` or
`layout.sections[i].list`) and prints/compares them in the format of list-examples.json.

Usage:
  scripts/list-reference.py check FILE.json       # recompute every case of FILE, report differences
  scripts/list-reference.py run REQUEST.json      # print the response for one request
  scripts/list-reference.py expect FILE.json      # rewrite FILE's `expected` fields from the model
  scripts/list-reference.py fuzz URL [N] [SEED]   # N random list requests: POST URL/layout vs the model

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

    inexact = False  # set once a value doubles cannot hold (k/3) enters the arithmetic

    def ceilpx(self, v, s):  # UIPixelBoundaryOffset(1, v, s)
        r = self(math.ceil(v * s)) / s
        d = Fraction(r).denominator
        if d & (d - 1):
            self.inexact = True
        return r

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
        self.rtl = cv.get("layoutDirection") == "rightToLeft"  # L10: leading/trailing swap
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
        self._note_inputs(list(self.preferred.values()) + [self.inter_section] + [
            v for sec in self.sections for v in
            [sec.inter_group_spacing, sec.header_top_padding or 0] + list((sec.override_insets or {}).values())])

    # ---- constants ---------------------------------------------------------------------------
    def _note_inputs(self, values):
        """Inputs that are not multiples of 1/64 make double sums inexact (see is_tie)."""
        for v in values:
            if Fraction(v) * 64 != int(Fraction(v) * 64):
                self.N.inexact = True

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
        """L10: the (left, right) insets of the section's rows (absolute; reference none). The
        defaults are per physical side (margins and safe areas are physical); explicit
        contentInsets are directional, so RTL puts `leading` on the right."""
        if sec.override_insets is not None:
            lead = self.N(sec.override_insets.get("leading", 0))
            trail = self.N(sec.override_insets.get("trailing", 0))
            return (trail, lead) if self.rtl else (lead, trail)
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
        if sec.item_header:  # L9: padding above the header item is the top inset = L12's padding
            if sec.header_top_padding is not None:
                top = N(sec.header_top_padding)
            elif self.gen == "ios26" and self.collapsed and sec.first:
                top = N(0)  # L12: 0 for the first section when collapsedTopSpacing (ios26)
            else:
                top = N(22) if sec.plain_like else N(0)
        if self.gen == "ios26" and not sec.sup_header and sec.header_top_padding is not None:
            top = N(sec.header_top_padding)  # L9 iOS 26: replaces the top inset...
            if self.collapsed and sec.first:
                top = N(0)
        if a == "sidebarPlain" and (sec.has_header or sec.has_footer) and not sec.chromeless:
            # ...before sidebarPlain's +8 is added (D26 _defaultSectionContentInsetsForSectionMetrics:
            # `v10 = headerTopPadding` first, `v10 = v10 + 8.0` after)
            top, bottom = top + 8, bottom + 8
        return top, bottom

    # ---- separators (L15) --------------------------------------------------------------------
    def inside_margin(self, sec, lead, trail):
        a = sec.appearance
        if a in ("plain", "grouped"):  # the leading side's margin: the right one in RTL
            margin, safe = (self.cvMR, self.safeR) if self.rtl else (self.cvML, self.safeL)
            return max(margin - safe, self.table_margin(self.W))
        if a == "insetGrouped":
            return self.table_margin(self.W - lead - trail)
        return self.N(8)

    def separator_frames(self, sec, item, row, lead, trail, top_inset):
        """[(kind, frame)] of the separators UIKit shows for row `item` (hidden ones omitted)."""
        if not (self.separators and sec.shows_separators):
            return []
        a, n = sec.appearance, sec.count
        # bottom: every row but a first-item header row and the last row of insetGrouped/sidebar;
        # the last row of grouped sections is a boundary separator (also a forced header row)
        bottom_shown = not (sec.item_header and item == 0) and not (item == n - 1 and a in ("insetGrouped", "sidebar"))
        bottom_boundary = item == n - 1 and a == "grouped"
        # top: only on the first row (after a header item): grouped always (boundary), plain-like
        # under chromeless headers
        top_shown = top_boundary = False
        if item == (1 if sec.item_header else 0):
            if a == "grouped":
                top_shown = top_boundary = True
            elif sec.plain_like:
                top_shown = sec.has_header and sec.chromeless and (top_inset == 0 or sec.item_header)
        out = []
        for kind, edge, shown, boundary in ((SEP_BOTTOM, "bottom", bottom_shown, bottom_boundary),
                                            (SEP_TOP, "top", top_shown, top_boundary)):
            frame = self.separator_frame(sec, edge, shown, boundary, row, lead, trail)
            if frame:
                out.append((kind, frame))
        return out

    def separator_frame(self, sec, edge, shown, boundary, row, lead, trail):
        """The frame of one separator, or None when hidden: a forced visibility wins; explicit
        insets replace the automatic (inside-margin) insets of non-boundary separators."""
        N, cfg = self.N, sec.separator_config
        vis = cfg.get(edge + "SeparatorVisibility", "automatic")
        if vis != "automatic":
            shown = vis == "visible"
        if not shown:
            return None
        li, ti = (N(0), N(0)) if boundary else (self.inside_margin(sec, lead, trail), N(0))
        explicit = cfg.get(edge + "SeparatorInsets")
        if explicit is not None and not boundary:
            li, ti = N(explicit.get("leading", 0)), N(explicit.get("trailing", 0))
        x, y, w, h = row
        t = self.separator_thickness()
        # L10 RTL: the leading inset is on the right; rows, headers and backgrounds are already
        # placed by physical left/right margins and safe areas, so they do not move
        return (x + (ti if self.rtl else li), y + h - t if edge == "bottom" else y, w - li - ti, t)

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

    def is_tie(self, v):
        """A value within 1e-6 px of a half pixel whose arithmetic is not exact in binary doubles
        (a k/3 value such as 17.6667 took part, or the value itself is not dyadic): R45's rounding
        then depends on the order of the additions, in UIKit and in any reimplementation alike."""
        x = v * self.s
        near = abs(x - math.floor(x) - Fraction(1, 2)) < Fraction(1, 10**6)
        d = Fraction(v).denominator
        return near and (self.N.inexact or (d & (d - 1)) != 0)

    def response(self):
        (cw, ch), elements = self.layout()
        R = lambda v: self.N.roundpx(v, self.s)
        out = []
        self.ties = set()
        for cat, kind, ip, (x, y, w, h), z in elements:
            e = {"category": cat}
            if kind:
                e["kind"] = kind
            e["indexPath"] = ip
            e["frame"] = {"x": R(x), "y": R(y), "width": R(w), "height": R(h)}
            e["zIndex"] = z
            out.append(e)
            if self.N.exact and any(self.is_tie(v) for v in (x, y, w, h)):
                self.ties.add((cat, kind or "", tuple(ip)))
        if self.N.exact and self.is_tie(ch):
            self.ties.add("contentSize")
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


def compute(request, ties=None):
    """The response, and whether it is float-sensitive: a frame component lands on a half pixel
    that doubles cannot represent (see Model.is_tie), or the exact and the double computations
    disagree. `ties` (a set) receives the keys of the elements concerned."""
    m = Model(request, exact=True)
    exact = to_json(m.response())
    double = to_json(Model(request, exact=False).response())
    if ties is not None:
        ties |= m.ties
    return exact, exact != double or bool(m.ties)


def _key(e):
    return (e["category"], e.get("kind", ""), tuple(e["indexPath"]))


def diff(expected, got, tol=1e-3, ties=frozenset(), pixel=None):
    """Differences beyond tol; a tie element (Model.is_tie) may differ by one pixel."""
    def off(a, b, k):
        return abs(a - b) > (pixel + tol if (k in ties and pixel) else tol)
    problems = []
    for k in ("width", "height"):
        if off(expected["contentSize"][k], got["contentSize"][k], "contentSize"):
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
        if any(off(fa[c], fb[c], k) for c in fa) or a["zIndex"] != b["zIndex"]:
            problems.append(f"{k}: expected {fa} z{a['zIndex']} got {fb} z{b['zIndex']}")
    return problems


def random_request(rng):
    """A random list request inside the rules' domain (no iOS 26 safe areas: open question 10)."""
    gen = rng.choice(["ios15to18", "ios26"])
    w = rng.choice([320, 375, 390, 393, 414, 428, 430, 744, 844, 1024, 1366])
    scale = rng.choice([1, 2, 3, 3])
    view = {"width": w, "height": rng.choice([390, 568, 812, 852, 1133]), "scale": scale}
    if rng.random() < 0.2:
        view["layoutDirection"] = "rightToLeft"
    if gen == "ios15to18" and rng.random() < 0.3:
        side = rng.choice([0, 44, 47, 59])
        view["safeAreaInsets"] = {"top": 0, "left": side, "bottom": 21, "right": side}
    if rng.random() < 0.3:
        m = rng.choice([0, 8, 12, 20, 24, 30, 70])
        view["layoutMargins"] = {"top": 8, "left": m, "bottom": 8, "right": rng.choice([m, 8])}

    def config():
        c = {"appearance": rng.choice(["plain", "grouped", "insetGrouped", "sidebar", "sidebarPlain"])}
        if rng.random() < 0.7:
            c["headerMode"] = rng.choice(["none", "supplementary", "firstItemInSection"])
        if rng.random() < 0.5:
            c["footerMode"] = rng.choice(["none", "supplementary"])
        if rng.random() < 0.4:
            c["headerTopPadding"] = rng.choice([-1, 0, 5, 10, 22.5])
        if rng.random() < 0.3:
            c["showsSeparators"] = rng.random() < 0.5
        if rng.random() < 0.25:
            sc = {}
            for k in ("topSeparatorVisibility", "bottomSeparatorVisibility"):
                if rng.random() < 0.5:
                    sc[k] = rng.choice(["automatic", "visible", "hidden"])
            for k in ("topSeparatorInsets", "bottomSeparatorInsets"):
                if rng.random() < 0.4:
                    sc[k] = {"leading": rng.choice([0, 20, 60]), "trailing": rng.choice([0, 10])}
            c["separatorConfiguration"] = sc
        return c

    env = {"generation": gen}
    if rng.random() < 0.4:
        env["contentSizeCategory"] = rng.choice(CATEGORIES)
    if rng.random() < 0.2:
        env["wideContentMargins"] = rng.random() < 0.5
    if rng.random() < 0.15:
        env["collapsedTopSpacing"] = True
    if rng.random() < 0.5:
        env["includeSeparators"] = True
    if rng.random() < 0.1:
        env["includeBackgroundDecorations"] = False
    layout = {"type": "compositional", "listEnvironment": env}
    big = rng.random() < 0.15  # now and then many sections and rows (accumulated rounding)
    n = rng.randint(8, 20) if big else rng.randint(1, 6)
    if rng.random() < 0.5:
        layout["list"] = config()
    else:
        secs = []
        for _ in range(rng.randint(1, n)):
            o = {"list": config()}
            if rng.random() < 0.2:
                o["contentInsets"] = {"top": rng.choice([0, 4, 10]), "leading": rng.choice([0, 16, 24]),
                                      "bottom": rng.choice([0, 6]), "trailing": rng.choice([0, 16, 24])}
            if rng.random() < 0.2:
                o["interGroupSpacing"] = rng.choice([0, 2, 6.5])
            secs.append(o)
        layout["sections"] = secs
    if rng.random() < 0.3:
        layout["configuration"] = {"interSectionSpacing": rng.choice([0, 8, 10.5])}
    counts = [rng.choice([0, 1, 1, 2, 3, 4] + ([12, 25] if big else [])) for _ in range(n)]
    r = {"collectionView": view, "layout": layout, "sections": [{"numberOfItems": c} for c in counts]}
    pref = [{"indexPath": [s, i], "width": w, "height": rng.choice([30, 50.5, 61.333, 61.25, 80, 44.75])}
            for s, c in enumerate(counts) for i in range(c) if rng.random() < 0.15]
    if pref:
        r["preferredSizes"] = pref
    secs = Model(r).sections  # measure only the headers and footers that exist
    sup = [{"elementKind": k, "indexPath": [s, 0], "height": rng.choice([20, 38.6667, 38.5, 45.5, 17.25])}
           for s in range(n) for k, has in ((HEADER, secs[s].sup_header), (FOOTER, secs[s].has_footer))
           if has and rng.random() < 0.3]
    if sup:
        r["preferredSupplementarySizes"] = sup
    return r


# Disagreements with layoutd already reported, as (description, request -> bool); `fuzz` counts
# requests that touch them apart instead of listing them again. None open: the three found by the
# review cases (first-item padding under collapsedTopSpacing on ios15to18, separators of a widened
# header row, sidebarPlain's +8 after an ios26 headerTopPadding) were fixed in the engine.
KNOWN = []


def post(url, body):
    import urllib.request
    import urllib.error
    req = urllib.request.Request(url.rstrip("/") + "/layout", data=json.dumps(body).encode(),
                                 headers={"Content-Type": "application/json"})
    try:
        with urllib.request.urlopen(req) as r:
            return r.status, json.loads(r.read())
    except urllib.error.HTTPError as e:
        return e.code, json.loads(e.read() or b"{}")


def fuzz(url, n, seed):
    import random
    rng = random.Random(seed)
    bad = tie_rounded = 0
    for k in range(n):
        request = random_request(rng)
        ties = set()
        want, fragile = compute(request, ties)
        status, got = post(url, request)
        pixel = 1 / request["collectionView"]["scale"]
        problems = ([f"status {status}: {json.dumps(got)[:300]}"] if status != 200
                    else diff(want, got, ties=ties, pixel=pixel))
        if status == 200 and not problems and diff(want, got):
            tie_rounded += 1
        known = [d for d, touches in KNOWN if touches(request)]
        if problems and known:
            print(f"known  {k}: {'; '.join(known)}")
            continue
        if problems:
            bad += 1
            print(f"case {k}{' (float-sensitive tie)' if fragile else ''}: {json.dumps(request)}")
            for p in problems[:8]:
                print("   ", p)
    print(f"{n - bad}/{n} random requests match (half-pixel ties allowed one pixel; "
          f"{tie_rounded} matched only thanks to that)")
    return 1 if bad else 0


def main(argv):
    if len(argv) < 3:
        print(__doc__)
        return 2
    cmd, path = argv[1], argv[2]
    if cmd == "fuzz":
        return fuzz(path, int(argv[3]) if len(argv) > 3 else 200, int(argv[4]) if len(argv) > 4 else 1)
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
