#!/usr/bin/env python3
"""Writes Tests/Fixtures/list-review-cases.json: list cases that are NOT among the spec's 27
examples, with `expected` computed by scripts/list-reference.py (an independent reading of
list-layout.md L1-L18). Each case carries `note` (the rules it exercises, and for ambiguous ones how
the spec was read) and `confidence`: "rule" when the spec's text determines every frame,
"ambiguous" when a reading had to be chosen.

Usage: scripts/list-review-cases.py [OUT.json]
"""
import importlib.util
import json
import os
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
spec = importlib.util.spec_from_file_location("listref", os.path.join(HERE, "list-reference.py"))
listref = importlib.util.module_from_spec(spec)
spec.loader.exec_module(listref)


def cv(w, h, scale=3, safe=None, margins=None, rtl=False):
    d = {"width": w, "height": h, "scale": scale}
    if rtl:
        d["layoutDirection"] = "rightToLeft"
    if safe:
        d["safeAreaInsets"] = dict(zip(("top", "left", "bottom", "right"), safe))
    if margins:
        d["layoutMargins"] = dict(zip(("top", "left", "bottom", "right"), margins))
    return d


def req(view, items, lst=None, sections=None, gen="ios15to18", env=None, config=None,
        preferred=None, supplementary=None):
    layout = {"type": "compositional"}
    if lst is not None:
        layout["list"] = lst
    if sections is not None:
        layout["sections"] = sections
    e = {"generation": gen}
    e.update(env or {})
    layout["listEnvironment"] = e
    if config:
        layout["configuration"] = config
    r = {"collectionView": view, "layout": layout, "sections": [{"numberOfItems": n} for n in items]}
    if preferred:
        r["preferredSizes"] = [{"indexPath": ip, "width": w, "height": h} for ip, w, h in preferred]
    if supplementary:
        r["preferredSupplementarySizes"] = [{"elementKind": k, "indexPath": ip, "height": h} for k, ip, h in supplementary]
    return r


SEP = {"includeSeparators": True}
H, F = "UICollectionElementKindSectionHeader", "UICollectionElementKindSectionFooter"

CASES = [
    # ---- plain -------------------------------------------------------------------------------
    ("plain-separators-320-at2x", "rule",
     "L5 L7 L15: 320 pt @2x, no header: rows 44 edge to edge; every row (the last too) has a bottom separator "
     "0.5 high inset max(cvML 8, m 16) = 16; no top separator without a header.",
     req(cv(320, 568, 2), [3, 2], {"appearance": "plain"}, env=SEP)),
    ("plain-header-footer-separators-414", "rule",
     "L6 L10 L12 L15: 414 wide => wide margins (W >= 414), m = 20, so separators are inset 20; top separator on "
     "row 0 (chromeless header, top inset 0); footers (28) follow the last row with no padding.",
     req(cv(414, 896), [2, 1], {"appearance": "plain", "headerMode": "supplementary", "footerMode": "supplementary"}, env=SEP)),
    ("plain-landscape-safe-area-844", "rule",
     "L10 L11 L15: landscape 844x390 with a 47-pt notch on both sides: plain rows and headers still span the full "
     "width (x 0); separator inset max(cvML - safeL, m) = max(8 - 47, 20) = 20 (wide, W > 320).",
     req(cv(844, 390, 3, safe=(0, 47, 21, 47)), [2, 2], {"appearance": "plain", "headerMode": "supplementary"}, env=SEP)),
    ("plain-layout-margins-30-separators-375", "rule",
     "L15: collection-view layout margins 30 > m: plain separator inset max(cvML - safeL, m) = 30; rows unaffected (L10).",
     req(cv(375, 812, 3, margins=(8, 30, 8, 30)), [3], {"appearance": "plain"}, env=SEP)),
    ("plain-first-item-padding-8-separators-393", "rule",
     "L9 L15: firstItemInSection with headerTopPadding 8: top inset 8 in every section; the header row has no bottom "
     "separator; item 1 gets the top separator (chromeless, first-item header) at the inside margin 16.",
     req(cv(393, 852), [3, 2], {"appearance": "plain", "headerMode": "firstItemInSection", "headerTopPadding": 8}, env=SEP)),
    ("plain-header-negative-padding-footer-only-2x", "rule",
     "L3 L6 L12: headerTopPadding < 0 means automatic (22 above plain headers); section 1 has a footer only via "
     "per-section configurations; @2x keeps 28-pt estimates exact.",
     req(cv(320, 568, 2), [2, 2], sections=[
         {"list": {"appearance": "plain", "headerMode": "supplementary", "headerTopPadding": -1}},
         {"list": {"appearance": "plain", "footerMode": "supplementary"}}])),
    ("plain-header-xs-ios15", "rule",
     "L5 L6 L12: iOS 15-18 at content size XS: rows stay 44; plain header estimate 28 x 12/15 (subheadline) = 22.4, "
     "ceiled to 22.6667 @3x (the scaling is marked [I] in the spec but stated as the rule).",
     req(cv(375, 812), [1, 1], {"appearance": "plain", "headerMode": "supplementary"}, env={"contentSizeCategory": "XS"})),
    ("plain-header-padding-12-ios26-xs", "rule",
     "L5 L6 L12: iOS 26 XS: rows 19 + 30 = 49; header estimate 28 x 14/17 (body) = 23.06 -> 23.3333 @3x; "
     "explicit padding 12 above every header.",
     req(cv(375, 812), [2, 1], {"appearance": "plain", "headerMode": "supplementary", "headerTopPadding": 12}, gen="ios26",
         env={"contentSizeCategory": "XS"})),
    ("plain-header-ax3-ios26", "ambiguous",
     "L5 L6 L15: iOS 26 AX3: rows capped at xxxL (29 + 30 = 59); separators 1.0 high. Ambiguous: the plain header "
     "estimate is read as NOT capped (28 x 40/17 = 65.88 -> 66), since L6 caps nothing (L5 caps only the row).",
     req(cv(393, 852), [2], {"appearance": "plain", "headerMode": "supplementary"}, gen="ios26",
         env={"contentSizeCategory": "AX3", "includeSeparators": True})),
    ("plain-no-header-padding-14-ios26", "rule",
     "L9 (iOS 26): an explicit headerTopPadding replaces the top inset of sections without a supplementary header, "
     "also with headerMode none: 14 above each plain section; 52-pt rows; no top separators without a header.",
     req(cv(393, 852), [2, 2], {"appearance": "plain", "headerTopPadding": 14}, gen="ios26", env=SEP)),
    ("plain-header-collapsed-ios26", "rule",
     "L12: iOS 26 with collapsedTopSpacing: no padding above the first section's header, 22 above the others.",
     req(cv(375, 812), [1, 1], {"appearance": "plain", "headerMode": "supplementary"}, gen="ios26",
         env={"collapsedTopSpacing": True})),
    ("plain-inter-group-spacing-per-section", "rule",
     "L2 L4: per-section interGroupSpacing 6 between rows (not before the first / after the last); "
     "interSectionSpacing 10 between the sections.",
     req(cv(375, 812), [3, 2], sections=[{"list": {"appearance": "plain", "headerMode": "supplementary"}, "interGroupSpacing": 6}],
         config={"interSectionSpacing": 10})),
    ("plain-first-item-self-sized", "rule",
     "L3 L16: the first-item header is a cell and self-sizes like one (50.3333); a measured row in section 1 moves "
     "the following rows and sections.",
     req(cv(393, 852), [2, 3], {"appearance": "plain", "headerMode": "firstItemInSection"},
         preferred=[([0, 0], 393, 50.333333333333336), ([1, 1], 393, 71)])),
    ("plain-header-empty-middle-section-spacing", "ambiguous",
     "L4 R40 + open question 8: items [2, 0, 1], interSectionSpacing 10. Read as: the empty section is still laid "
     "out (padding 22 + header 28), spacing is added only before a non-empty section that follows another non-empty "
     "one (so once, between the empty section and section 2), as the existing compositional engine does (R26/R40).",
     req(cv(375, 812), [2, 0, 1], {"appearance": "plain", "headerMode": "supplementary"}, config={"interSectionSpacing": 10})),
    # ---- grouped -----------------------------------------------------------------------------
    ("grouped-footers-separators-375", "rule",
     "L8 L15: footers only: top 35 / G, bottom 0 (footer) in every section; separators: full-width top on row 0, "
     "inside-margin bottoms, full-width boundary bottom on the last row; a one-row section gets both boundary separators.",
     req(cv(375, 812), [1, 2, 1], {"appearance": "grouped", "footerMode": "supplementary"}, env=SEP)),
    ("grouped-first-item-separators-393", "rule",
     "L8 L9 L15: firstItemInSection on grouped: top 0, bottom G / 20; the header row has no bottom separator; item 1 "
     "gets the full-width top separator; a section holding only its header row has no separators.",
     req(cv(393, 852), [3, 1, 2], {"appearance": "grouped", "headerMode": "firstItemInSection"}, env=SEP)),
    ("grouped-header-top-padding-ignored-ios15", "rule",
     "L9: iOS 15-18 ignore headerTopPadding without a header: same as without it (35 / G+G / 20), unlike E22 (iOS 26).",
     req(cv(375, 812), [2, 2], {"appearance": "grouped", "headerTopPadding": 10})),
    ("grouped-collapsed-top-ios15", "rule",
     "L8: collapsedTopSpacing: the first section's top inset is 0 instead of 35; others G.",
     req(cv(375, 812), [1, 1], {"appearance": "grouped"}, env={"collapsedTopSpacing": True})),
    ("grouped-header-footer-ax3-ios26-separators", "rule",
     "L5 L6 L8 L15: iOS 26 AX3: rows 59 (capped); grouped header/footer estimates ceilpx(17.5) = 17.6667 (L6 gives "
     "no category dependence for grouped); headers and footers remove the spacing; separators 1.0 high.",
     req(cv(393, 852), [2, 1], {"appearance": "grouped", "headerMode": "supplementary", "footerMode": "supplementary"},
         gen="ios26", env={"contentSizeCategory": "AX3", "includeSeparators": True})),
    ("grouped-self-sized-footer-2x", "rule",
     "L6 L8 L16 R45: @2x: estimate 17.5 exact; a measured footer 30.25 in section 0 moves section 1; frames rounded to "
     "half points (30.25 -> 30.5 height, following y values rounded independently).",
     req(cv(414, 896, 2), [1, 1], {"appearance": "grouped", "footerMode": "supplementary"},
         supplementary=[(F, [0, 0], 30.25)])),
    ("grouped-many-sections-428", "rule",
     "L8 L14 R45: twelve one-row grouped sections at 428 @3x: 35 + 11 x (44 + 2G) + 44 + 20 with G = 17.6667; "
     "unrounded accumulation, rounding at the end; backgrounds of the middle sections are 2G + 44 high.",
     req(cv(428, 926), [1] * 12, {"appearance": "grouped"})),
    ("grouped-bottom-insets-boundary", "ambiguous",
     "L15: explicit bottomSeparatorInsets (40/10) apply to non-boundary separators; read as: the grouped last row's "
     "boundary bottom separator and row 0's boundary top separator keep 0/0 (full width).",
     req(cv(375, 812), [3], {"appearance": "grouped", "separatorConfiguration": {"bottomSeparatorInsets": {"leading": 40, "trailing": 10}}},
         env=SEP)),
    # ---- insetGrouped ------------------------------------------------------------------------
    ("inset-grouped-landscape-safe-area-844", "rule",
     "L10 L11 L14 L15: landscape 844 with 47-pt safe areas: leading = max(8, 20 + 47) = 67 (wide: W >= 414); "
     "rows 710 wide; header follows; background x -67, width 978; separators inset m(710) = 20.",
     req(cv(844, 390, 3, safe=(0, 47, 21, 47)), [2, 1], {"appearance": "insetGrouped", "headerMode": "supplementary"}, env=SEP)),
    ("inset-grouped-layout-margins-24-375", "rule",
     "L10 L15: layout margins 24 > 16: leading = max(cvML 24, 16 + 0) = 24; separators inset m = 16 inside the row.",
     req(cv(375, 812, 3, margins=(8, 24, 8, 24)), [3], {"appearance": "insetGrouped", "headerMode": "supplementary"}, env=SEP)),
    ("inset-grouped-ipad-744-2x", "rule",
     "L8 L10: iPad mini 744 @2x: wide margins by default (W >= 414), m = 20; G = 17.5 at @2x.",
     req(cv(744, 1133, 2), [2, 2], {"appearance": "insetGrouped"})),
    ("inset-grouped-wide-false-414", "rule",
     "L10: wideContentMargins false at 414: m = 16.",
     req(cv(414, 896), [2], {"appearance": "insetGrouped"}, env={"wideContentMargins": False})),
    ("inset-grouped-wide-true-320", "rule",
     "L10: wideContentMargins true at 320: m = 20 only when W > 320, so 16.",
     req(cv(320, 568, 2), [2], {"appearance": "insetGrouped"}, env={"wideContentMargins": True})),
    ("inset-grouped-header-padding-6", "rule",
     "L8 L12: explicit headerTopPadding 6 above every insetGrouped header (padding inside the section background); "
     "top inset 0 with a header.",
     req(cv(393, 852), [1, 2], {"appearance": "insetGrouped", "headerMode": "supplementary", "headerTopPadding": 6})),
    ("inset-grouped-self-sized-mid-separators", "rule",
     "L15 L16 R45: measured rows 1 (60.25) and 2 (30) in the middle of a section with header and footer: separators "
     "move with their rows; the last row has none; positions after 60.25 are off the pixel grid until rounded.",
     req(cv(393, 852), [4], {"appearance": "insetGrouped", "headerMode": "supplementary", "footerMode": "supplementary"},
         env=SEP, preferred=[([0, 1], 361, 60.25), ([0, 2], 361, 30)])),
    ("inset-grouped-bottom-separator-insets", "rule",
     "L15: explicit bottomSeparatorInsets leading 60 trailing 10 replace the automatic 16/0 of every bottom separator.",
     req(cv(375, 812), [3], {"appearance": "insetGrouped", "separatorConfiguration": {"bottomSeparatorInsets": {"leading": 60, "trailing": 10}}},
         env=SEP)),
    ("inset-grouped-ios26-2x-414-spacing", "rule",
     "L4 L5 L8 L10: iOS 26 @2x 414 wide: rows 52, m 20, G 17.5 unsnapped, interSectionSpacing 12 between sections.",
     req(cv(414, 896, 2), [2, 1, 1], {"appearance": "insetGrouped"}, gen="ios26", config={"interSectionSpacing": 12})),
    ("inset-grouped-first-item-padding-ios26", "rule",
     "L9: iOS 26 firstItemInSection with headerTopPadding 5: top inset 5 in every section; bottom G (17.5) / 20.",
     req(cv(375, 812), [2, 2], {"appearance": "insetGrouped", "headerMode": "firstItemInSection", "headerTopPadding": 5}, gen="ios26")),
    ("inset-grouped-empty-sections-spacing", "ambiguous",
     "L8 R40 + open question 8: items [0, 2, 0], interSectionSpacing 8. Read as: empty list sections keep their "
     "insets (section 0: 35 + G, section 2: G + 20), no interSectionSpacing next to an empty section.",
     req(cv(393, 852), [0, 2, 0], {"appearance": "insetGrouped"}, config={"interSectionSpacing": 8})),
    ("inset-grouped-content-insets-override", "ambiguous",
     "L9 L11 L2: per-section contentInsets (4/24/6/24) replace all four default insets, interGroupSpacing 8; the "
     "header follows the overridden leading. Ambiguous: the background is read as x = -leading of the OVERRIDDEN "
     "insets (L14 'L10 insets'); section 1 keeps its defaults (top G, bottom 20).",
     req(cv(393, 852), [3, 2], sections=[
         {"list": {"appearance": "insetGrouped", "headerMode": "supplementary"},
          "contentInsets": {"top": 4, "leading": 24, "bottom": 6, "trailing": 24}, "interGroupSpacing": 8},
         {"list": {"appearance": "insetGrouped"}}])),
    # ---- sidebars ----------------------------------------------------------------------------
    ("sidebar-header-padding-10", "rule",
     "L9 L12: sidebar with supplementary headers and headerTopPadding 10: 10 above each header; top 0, bottom 10.",
     req(cv(393, 852), [2, 1], {"appearance": "sidebar", "headerMode": "supplementary", "headerTopPadding": 10})),
    ("sidebar-shows-separators-landscape-margins", "rule",
     "L10 L15: sidebar at 926 with safe 47 and layout margins 70: leading max(70, 20 + 47) = 70; showsSeparators "
     "true: bottom separators inset 8 inside the row, none on the last row.",
     req(cv(926, 428, 3, safe=(0, 47, 21, 47), margins=(8, 70, 8, 70)), [3], {"appearance": "sidebar", "showsSeparators": True},
         env=SEP)),
    ("sidebar-footer-1024-2x", "rule",
     "L9 L10 L11: iPad 1024 @2x: m 20; a footer removes the sidebar's 10-pt bottom; grouped-like footer estimate 17.5 "
     "follows the insets.",
     req(cv(1024, 768, 2), [2, 1], {"appearance": "sidebar", "footerMode": "supplementary"})),
    ("sidebar-plain-header-padding-0", "rule",
     "L9 L11 L12 L13: sidebarPlain supplementary header with headerTopPadding 0: no padding, non-chromeless so +8 top "
     "and bottom; header full width.",
     req(cv(375, 812), [2, 1], {"appearance": "sidebarPlain", "headerMode": "supplementary", "headerTopPadding": 0})),
    ("sidebar-plain-footer-only-chromeless", "rule",
     "L9 L13: sidebarPlain with a footer only and automatic padding: headers chromeless, so no +8; footer 28 full width.",
     req(cv(393, 852), [2, 1], {"appearance": "sidebarPlain", "footerMode": "supplementary"})),
    ("sidebar-plain-footer-only-padding-0", "rule",
     "L9 L13: sidebarPlain with a footer only and headerTopPadding 0: non-chromeless, +8 top and bottom.",
     req(cv(393, 852), [2, 1], {"appearance": "sidebarPlain", "footerMode": "supplementary", "headerTopPadding": 0})),
    ("sidebar-plain-first-item-separators", "ambiguous",
     "L11 L15: sidebarPlain firstItemInSection with showsSeparators: header row full width without bottom separator; "
     "item 1 top separator (chromeless, first-item header) inset 8 (sidebars); read as: the last row keeps its bottom "
     "separator (L15 removes it only for insetGrouped and sidebar).",
     req(cv(375, 812), [3], {"appearance": "sidebarPlain", "headerMode": "firstItemInSection", "showsSeparators": True}, env=SEP)),
    # ---- mixed -------------------------------------------------------------------------------
    ("mixed-appearances-per-section", "rule",
     "L2 L8 L9 L10 L11 L12: five per-section configurations (plain header, grouped, insetGrouped footer, sidebar, "
     "sidebarPlain first item); first/last from the data source: the grouped section is not first (top G), the "
     "insetGrouped one not last (no 20).",
     req(cv(393, 852), [1, 2, 1, 2, 2], sections=[
         {"list": {"appearance": "plain", "headerMode": "supplementary"}},
         {"list": {"appearance": "grouped"}},
         {"list": {"appearance": "insetGrouped", "footerMode": "supplementary"}},
         {"list": {"appearance": "sidebar"}},
         {"list": {"appearance": "sidebarPlain", "headerMode": "firstItemInSection"}}])),
    ("plain-hidden-bottom-separators", "rule",
     "L15: bottomSeparatorVisibility hidden removes every bottom separator; the top separator of row 0 (chromeless "
     "header) stays.",
     req(cv(375, 812), [3], {"appearance": "plain", "headerMode": "supplementary",
                             "separatorConfiguration": {"bottomSeparatorVisibility": "hidden"}}, env=SEP)),
    ("plain-top-separators-visible", "ambiguous",
     "L15: topSeparatorVisibility visible 'forces a separator': read as a top separator on EVERY row, at the "
     "automatic inside margin (16), with the explicit topSeparatorInsets absent.",
     req(cv(375, 812), [3], {"appearance": "plain", "separatorConfiguration": {"topSeparatorVisibility": "visible"}}, env=SEP)),
    ("plain-first-item-collapsed-ios15", "rule",
     "L9 L12 L8: iOS 15-18 with collapsedTopSpacing: the first-item header's top inset is L12's constant, 22, in "
     "section 0 as well: L12 zeroes the padding for collapsedTopSpacing on ios26 only, and L8's collapse concerns "
     "the 35 of grouped styles. D? (iOS 17/18) _topContentInsetForPaddingAboveHeader and _paddingToBoundarySupplementaries "
     "never read _wantsCollapsedTopSpacing (only _topContentInsetForGroupedAppearance does).",
     req(cv(375, 812), [1, 1], {"appearance": "plain", "headerMode": "firstItemInSection"}, env={"collapsedTopSpacing": True})),
    ("sidebar-plain-first-item-collapsed-ios26", "rule",
     "L9 L11 L12: iOS 26 with collapsedTopSpacing: the first-item header's top inset is L12's padding, which is 0 "
     "in the first section (22 in the others); the header row spans the full width; rows 52.",
     req(cv(393, 852), [2, 1], {"appearance": "sidebarPlain", "headerMode": "firstItemInSection"}, gen="ios26",
         env={"collapsedTopSpacing": True})),
    ("grouped-first-item-forced-bottom-separators", "ambiguous",
     "L15: bottomSeparatorVisibility visible with explicit insets 60/0 on grouped first-item sections. Read as: the "
     "forced separator of a header row uses the explicit insets, except when that row is the section's last row, "
     "which keeps the grouped boundary insets 0/0 (section 0 holds only its header row).",
     req(cv(375, 812), [1, 3], {"appearance": "grouped", "headerMode": "firstItemInSection",
                                "separatorConfiguration": {"bottomSeparatorVisibility": "visible",
                                                           "bottomSeparatorInsets": {"leading": 60, "trailing": 0}}}, env=SEP)),
    ("sidebar-plain-header-row-forced-bottom-separator", "ambiguous",
     "L11 L15: sidebarPlain first-item header rows with a forced bottom separator (insets 60/10). Read as: the "
     "separator is an item decoration placed from the row's solved frame (x 20, width 984), not from the widened "
     "header-cell attributes of L11 (x 0, width 1024), so it starts at 20 + 60. D26 supports this: "
     "_configureLayoutAttributes:forSeparatorAtBottom: insets the separator's own solved frame, and "
     "_configureLayoutAttributesForPlainCell: widens only the cell's attributes.",
     req(cv(1024, 768, 2), [1, 2], {"appearance": "sidebarPlain", "headerMode": "firstItemInSection", "showsSeparators": True,
                                    "separatorConfiguration": {"bottomSeparatorVisibility": "visible",
                                                               "bottomSeparatorInsets": {"leading": 60, "trailing": 10}}}, env=SEP)),
    ("sidebar-plain-padding-0-ios26-first-item-footer", "ambiguous",
     "L9 L13 (iOS 26): sidebarPlain, first-item headers, footers, headerTopPadding 0 (non-chromeless). L9 says the "
     "explicit padding 'replaces the whole top inset'; read with D26 _defaultSectionContentInsetsForSectionMetrics:, "
     "which sets top = headerTopPadding and THEN adds sidebarPlain's 8 (top 8, bottom 8); the header row moves up by "
     "min(top, 8) = 8 (_configureLayoutAttributesForSidebarPlainCell:), so rows start at the section top but the "
     "footer sits 16 below the row.",
     req(cv(375, 812), [1, 1], {"appearance": "sidebarPlain", "headerMode": "firstItemInSection", "footerMode": "supplementary",
                                "headerTopPadding": 0}, gen="ios26")),
    ("grouped-header-footer-padding-12-ios26", "rule",
     "L8 L12 (iOS 26): grouped supplementary headers and footers with headerTopPadding 12: 12 above every header "
     "(inside the section), top/bottom insets 0, header/footer estimates ceilpx(17.5); rows 52.",
     req(cv(390, 844), [2, 1], {"appearance": "grouped", "headerMode": "supplementary", "footerMode": "supplementary",
                                "headerTopPadding": 12}, gen="ios26")),
    ("sidebar-first-item-padding-4-ios26", "rule",
     "L9 (iOS 26): sidebar firstItemInSection with headerTopPadding 4: top 4, bottom 10 (no footer); the header row "
     "keeps the inset width (sidebars' supplementaries follow the insets, L11).",
     req(cv(393, 852), [2, 2], {"appearance": "sidebar", "headerMode": "firstItemInSection", "headerTopPadding": 4}, gen="ios26")),
    ("sidebar-plain-header-padding-5-separators", "rule",
     "L9 L12 L13 L15: sidebarPlain supplementary headers with headerTopPadding 5: still chromeless (only 0 turns it "
     "off), so no +8; 5 above each full-width header; showsSeparators: top separator on row 0 and bottom separators "
     "(the last row too) inset 8 inside the 16-pt inset rows.",
     req(cv(375, 812), [2, 1], {"appearance": "sidebarPlain", "headerMode": "supplementary", "headerTopPadding": 5,
                                "showsSeparators": True}, env=SEP)),
    ("plain-rtl-separators-margins", "rule",
     "L10 L15 RTL: rows and headers keep their physical frames; the separators' leading inset goes to the right and "
     "is the leading (right) side's margin: max(cvMR 8 - safeR 0, 16) = 16, not the left margin 30 "
     "(D? _effectiveCollectionViewLayoutMarginsForAppearanceStyle: swaps left/right for RTL).",
     req(cv(393, 852, 3, margins=(8, 30, 8, 8), rtl=True), [3], {"appearance": "plain", "headerMode": "supplementary"}, env=SEP)),
    ("inset-grouped-rtl-notch-content-insets", "rule",
     "L9 L10 L14 RTL: landscape with the notch on the left only: section 0 keeps physical insets max(8, 20 + 47) = 67 "
     "left and max(8, 20) = 20 right, so the separator (inset 20 from the leading, right, edge) ends 20 before the "
     "row's right end; section 1's explicit contentInsets are directional: leading 24 is on the right, trailing 0 on "
     "the left, and the background spans x 0 to W + 24.",
     req(cv(844, 390, 3, safe=(0, 47, 21, 0), rtl=True), [2, 2], sections=[
         {"list": {"appearance": "insetGrouped", "headerMode": "supplementary"}},
         {"list": {"appearance": "insetGrouped"}, "contentInsets": {"top": 0, "leading": 24, "bottom": 0, "trailing": 0}}],
         env=SEP)),
    ("plain-no-backgrounds", "rule",
     "L14 + section 2: includeBackgroundDecorations false: no background decorations, the rest unchanged.",
     req(cv(375, 812), [2, 1], {"appearance": "plain", "headerMode": "supplementary"}, env={"includeBackgroundDecorations": False})),
]


def main(argv):
    out = argv[1] if len(argv) > 1 else os.path.join(HERE, "..", "Tests", "Fixtures", "list-review-cases.json")
    fixture = os.path.join(HERE, "..", "Tests", "Fixtures", "list-examples.json")
    examples = json.load(open(fixture)) if os.path.exists(fixture) else []
    seen = {json.dumps(e["request"], sort_keys=True) for e in examples}
    cases = []
    for name, confidence, note, request in CASES:
        if json.dumps(request, sort_keys=True) in seen:
            raise SystemExit(f"{name} duplicates a spec example")
        expected, fragile = listref.compute(request)
        if fragile:
            raise SystemExit(f"{name}: a frame lands on a half-pixel tie that doubles cannot hold; change the case")
        cases.append({"name": name, "generation": request["layout"]["listEnvironment"]["generation"],
                      "confidence": confidence, "note": note, "request": request, "expected": expected})
    with open(out, "w") as f:
        json.dump(cases, f, indent=1)
        f.write("\n")
    print(f"{len(cases)} cases -> {out}")


if __name__ == "__main__":
    main(sys.argv)
