#!/usr/bin/env python3
"""Renders openapi.yaml as one self-contained HTML page: the API reference layoutd serves at
GET /docs (scripts/gen-openapi embeds it). No script, no font, no stylesheet from elsewhere: it
works with no network. Deterministic: the same contract gives the same bytes.

    python3 scripts/render-api-reference.py openapi.yaml > page.html

The page carries the contract's SHA-256 (<meta name="openapi-sha256">), so a test can check that
the embedded page was rendered from the openapi.yaml beside it.
"""
import hashlib
import html
import json
import re
import sys

import yaml

METHODS = ["get", "put", "post", "delete", "patch", "head", "options"]


def esc(text):
    return html.escape(str(text), quote=True)


def slug(text):
    return re.sub(r"[^A-Za-z0-9_.-]+", "-", text).strip("-")


def inline(text):
    """Escapes, then `code`, **strong** and [links](#anchor or http(s) URL)."""
    parts = re.split(r"(`[^`]*`)", text)
    out = []
    for part in parts:
        if part.startswith("`") and part.endswith("`") and len(part) >= 2:
            out.append("<code>" + esc(part[1:-1]) + "</code>")
            continue
        s = esc(part)
        s = re.sub(r"\*\*([^*]+)\*\*", r"<strong>\1</strong>", s)
        s = re.sub(r"\[([^\]]+)\]\(((?:https?://|#)[^)\s]+)\)", r'<a href="\2">\1</a>', s)
        out.append(s)
    return "".join(out)


def markdown(text):
    """Paragraphs, `- ` and `1. ` lists, ``` fences and inline markup: what the contract's
    descriptions use."""
    if not text:
        return ""
    lines = str(text).rstrip().split("\n")
    out, para, items, kind, fence = [], [], [], None, None

    def flush_para():
        if para:
            out.append("<p>" + inline(" ".join(l.strip() for l in para)) + "</p>")
            para.clear()

    def flush_list():
        nonlocal kind
        if items:
            out.append("<%s>" % kind + "".join("<li>" + inline(" ".join(i)) + "</li>" for i in items) + "</%s>" % kind)
            items.clear()
        kind = None

    for line in lines:
        if fence is not None:
            if line.strip().startswith("```"):
                out.append("<pre>" + esc("\n".join(fence)) + "</pre>")
                fence = None
            else:
                fence.append(line)
            continue
        stripped = line.strip()
        if stripped.startswith("```"):
            flush_para(); flush_list(); fence = []
            continue
        bullet = re.match(r"^\s*(?:([-*])|(\d+)\.)\s+(.*)$", line)
        if bullet:
            flush_para()
            new_kind = "ul" if bullet.group(1) else "ol"
            if kind and kind != new_kind:
                flush_list()
            kind = new_kind
            items.append([bullet.group(3)])
        elif not stripped:
            flush_para(); flush_list()
        elif items and line.startswith("  "):
            items[-1].append(stripped)
        else:
            flush_list()
            para.append(line)
    if fence is not None:
        out.append("<pre>" + esc("\n".join(fence)) + "</pre>")
    flush_para(); flush_list()
    return "\n".join(out)


def ref_name(ref):
    return ref.split("/")[-1]


def schema_link(name):
    return '<a href="#schema-%s">%s</a>' % (slug(name), esc(name))


def type_of(schema, depth=0):
    """A schema in one line of HTML: links for references, 'array of', 'one of'."""
    if not isinstance(schema, dict):
        return "any"
    if "$ref" in schema:
        return schema_link(ref_name(schema["$ref"]))
    if depth > 4:
        return "…"
    for key, word in (("oneOf", "one of"), ("anyOf", "any of"), ("allOf", "all of")):
        if key in schema:
            return word + " " + " | ".join(type_of(s, depth + 1) for s in schema[key])
    kind = schema.get("type")
    if isinstance(kind, list):
        kind = " or ".join(kind)
    if kind == "array":
        text = "array of " + type_of(schema.get("items", {}), depth + 1)
    elif kind == "object" or (kind is None and "properties" in schema):
        extra = schema.get("additionalProperties")
        text = "map of " + type_of(extra, depth + 1) if isinstance(extra, dict) else "object"
    else:
        text = esc(kind or "any")
    if "format" in schema:
        text += " (" + esc(schema["format"]) + ")"
    if "enum" in schema:
        text += ": " + " | ".join("<code>%s</code>" % esc(json.dumps(v)) for v in schema["enum"])
    if "const" in schema:
        text += ": <code>%s</code>" % esc(json.dumps(schema["const"]))
    bounds = []
    for key, sign in (("minimum", "≥"), ("exclusiveMinimum", ">"), ("maximum", "≤"), ("exclusiveMaximum", "<"),
                      ("minItems", "items ≥"), ("maxItems", "items ≤"), ("minLength", "length ≥"), ("maxLength", "length ≤")):
        if key in schema and not isinstance(schema[key], bool):
            bounds.append("%s %s" % (sign, esc(json.dumps(schema[key]))))
    if "pattern" in schema:
        bounds.append("pattern <code>%s</code>" % esc(schema["pattern"]))
    if bounds:
        text += " <span class=\"bounds\">(" + ", ".join(bounds) + ")</span>"
    return text


def example_block(value, title="example"):
    body = value if isinstance(value, str) else json.dumps(value, indent=2, ensure_ascii=False)
    return "<details><summary>%s</summary><pre>%s</pre></details>" % (esc(title), esc(body))


def resolve(doc, node, section):
    if isinstance(node, dict) and "$ref" in node:
        return doc["components"][section].get(ref_name(node["$ref"]), {}), ref_name(node["$ref"])
    return node, None


def render_content(content):
    out = []
    for media, body in (content or {}).items():
        line = "<div class=\"media\"><code>%s</code>" % esc(media)
        if "schema" in body:
            line += ": " + type_of(body["schema"])
        line += "</div>"
        out.append(line)
        if "example" in body:
            out.append(example_block(body["example"]))
        for name, example in (body.get("examples") or {}).items():
            title = "example: " + name + (" (" + example["summary"] + ")" if example.get("summary") else "")
            if "value" in example:
                out.append(example_block(example["value"], title))
    return "\n".join(out)


def render_operation(doc, path, method, op, path_parameters):
    anchor = "op-" + slug(op.get("operationId") or (method + path))
    out = ['<article class="op" id="%s">' % anchor,
           '<h3><span class="method %s">%s</span> <code>%s</code></h3>' % (method, method.upper(), esc(path))]
    if op.get("summary"):
        out.append('<p class="summary">%s</p>' % inline(op["summary"]))
    out.append(markdown(op.get("description", "")))
    parameters = [resolve(doc, p, "parameters")[0] for p in path_parameters + op.get("parameters", [])]
    if parameters:
        out.append("<h4>Parameters</h4><table><tr><th>name</th><th>in</th><th>type</th><th>description</th></tr>")
        for p in parameters:
            required = ' <span class="req">required</span>' if p.get("required") else ""
            out.append("<tr><td><code>%s</code>%s</td><td>%s</td><td>%s</td><td>%s</td></tr>" % (
                esc(p.get("name", "")), required, esc(p.get("in", "")), type_of(p.get("schema", {})), markdown(p.get("description", ""))))
        out.append("</table>")
    if "requestBody" in op:
        body, _ = resolve(doc, op["requestBody"], "requestBodies")
        out.append("<h4>Request body%s</h4>" % (' <span class="req">required</span>' if body.get("required") else ""))
        out.append(markdown(body.get("description", "")))
        out.append(render_content(body.get("content")))
    out.append("<h4>Answers</h4>")
    for status, response in op.get("responses", {}).items():
        resolved, name = resolve(doc, response, "responses")
        out.append('<div class="response"><h5><span class="status s%s">%s</span>%s</h5>' % (
            esc(str(status))[0], esc(status), (" " + esc(name)) if name else ""))
        out.append(markdown(resolved.get("description", "")))
        headers = resolved.get("headers") or {}
        if headers:
            out.append("<p class=\"headers\">Headers: " + ", ".join("<code>%s</code>" % esc(h) for h in headers) + "</p>")
        out.append(render_content(resolved.get("content")))
        out.append("</div>")
    out.append("</article>")
    return anchor, "\n".join(out)


def render_schema(name, schema):
    out = ['<article class="schema" id="schema-%s">' % slug(name), "<h3>%s</h3>" % esc(name)]
    out.append('<p class="type">%s</p>' % type_of({k: v for k, v in schema.items() if k not in ("properties",)}))
    out.append(markdown(schema.get("description", "")))
    properties = schema.get("properties") or {}
    required = set(schema.get("required") or [])
    if properties:
        out.append("<table><tr><th>field</th><th>type</th><th>default</th><th>description</th></tr>")
        for field, sub in properties.items():
            sub = sub if isinstance(sub, dict) else {}
            mark = ' <span class="req">required</span>' if field in required else ""
            default = "<code>%s</code>" % esc(json.dumps(sub["default"], ensure_ascii=False)) if "default" in sub else ""
            out.append('<tr id="schema-%s-%s"><td><code>%s</code>%s</td><td>%s</td><td>%s</td><td>%s</td></tr>' % (
                slug(name), slug(field), esc(field), mark, type_of(sub), default, markdown(sub.get("description", ""))))
        out.append("</table>")
    if "example" in schema:
        out.append(example_block(schema["example"]))
    out.append("</article>")
    return "\n".join(out)


STYLE = """
:root { color-scheme: light dark; --fg: #1d1d1f; --bg: #fff; --muted: #6e6e73; --line: #d2d2d7; --code: #f5f5f7; --link: #0066cc; }
@media (prefers-color-scheme: dark) { :root { --fg: #f5f5f7; --bg: #1d1d1f; --muted: #a1a1a6; --line: #424245; --code: #2c2c2e; --link: #2997ff; } }
* { box-sizing: border-box; }
body { margin: 0; font: 15px/1.5 system-ui, -apple-system, "Segoe UI", Helvetica, Arial, sans-serif; color: var(--fg); background: var(--bg); display: flex; }
nav { position: sticky; top: 0; height: 100vh; overflow-y: auto; width: 290px; flex: none; padding: 16px; border-right: 1px solid var(--line); font-size: 13px; }
nav h2 { font-size: 12px; text-transform: uppercase; color: var(--muted); margin: 16px 0 4px; }
nav ul { list-style: none; padding: 0; margin: 0; }
nav li { margin: 2px 0; }
main { flex: 1; min-width: 0; padding: 16px 32px 64px; max-width: 1100px; }
a { color: var(--link); text-decoration: none; } a:hover { text-decoration: underline; }
code, pre { font-family: ui-monospace, SFMono-Regular, Menlo, Consolas, monospace; font-size: 13px; }
code { background: var(--code); padding: 0 3px; border-radius: 3px; }
pre { background: var(--code); padding: 8px 10px; border-radius: 6px; overflow-x: auto; white-space: pre-wrap; word-break: break-word; }
pre code { padding: 0; }
table { border-collapse: collapse; width: 100%; margin: 6px 0 12px; font-size: 14px; }
th, td { text-align: left; vertical-align: top; border-bottom: 1px solid var(--line); padding: 5px 8px; }
td p { margin: 0 0 4px; }
article { border-top: 1px solid var(--line); padding-top: 8px; margin-top: 24px; scroll-margin-top: 8px; }
h1 { font-size: 28px; } h2 { margin-top: 40px; } h3 { font-size: 19px; margin-bottom: 4px; }
h4 { margin: 14px 0 4px; } h5 { margin: 10px 0 2px; font-size: 14px; }
.method { display: inline-block; min-width: 52px; text-align: center; border-radius: 4px; color: #fff; font-size: 12px; padding: 2px 6px; vertical-align: middle; }
.method.get { background: #2e7d32; } .method.post { background: #1565c0; } .method.put, .method.patch { background: #ef6c00; } .method.delete { background: #c62828; }
.status { font-family: ui-monospace, Menlo, monospace; margin-right: 6px; }
.s2 { color: #2e7d32; } .s3 { color: #6a1b9a; } .s4 { color: #c62828; } .s5 { color: #ad1457; } .sd { color: var(--muted); }
.summary { font-weight: 600; margin: 4px 0; }
.req { font-size: 11px; color: #c62828; }
.bounds, .type, .headers { color: var(--muted); }
details { margin: 4px 0 8px; } summary { cursor: pointer; color: var(--muted); font-size: 13px; }
.media { margin: 4px 0; }
"""


def render(doc, source_bytes):
    info = doc.get("info", {})
    paths = doc.get("paths", {})
    tags = [t["name"] for t in doc.get("tags", [])]
    tag_text = {t["name"]: t.get("description", "") for t in doc.get("tags", [])}
    by_tag = {t: [] for t in tags}
    for path, item in paths.items():
        for method in METHODS:
            if method in item:
                op = item[method]
                tag = (op.get("tags") or ["other"])[0]
                by_tag.setdefault(tag, []).append((path, method, op, item.get("parameters", [])))
    schemas = doc.get("components", {}).get("schemas", {})

    nav, body = [], []
    for tag, operations in by_tag.items():
        if not operations:
            continue
        nav.append('<h2><a href="#tag-%s">%s</a></h2><ul>' % (slug(tag), esc(tag)))
        body.append('<section id="tag-%s"><h2>%s</h2>%s' % (slug(tag), esc(tag), markdown(tag_text.get(tag, ""))))
        for path, method, op, path_parameters in operations:
            anchor, text = render_operation(doc, path, method, op, path_parameters)
            nav.append('<li><a href="#%s"><span class="method %s">%s</span> %s</a></li>' % (anchor, method, method.upper(), esc(path)))
            body.append(text)
        nav.append("</ul>")
        body.append("</section>")
    nav.append('<h2><a href="#schemas">schemas</a></h2><ul>')
    nav.extend('<li><a href="#schema-%s">%s</a></li>' % (slug(name), esc(name)) for name in schemas)
    nav.append("</ul>")
    body.append('<section id="schemas"><h2>Schemas</h2>')
    body.extend(render_schema(name, schema) for name, schema in schemas.items())
    body.append("</section>")

    title = "%s %s API reference" % (info.get("title", "API"), info.get("version", ""))
    digest = hashlib.sha256(source_bytes).hexdigest()
    head = ['<!DOCTYPE html>', '<html lang="en">', '<head>', '<meta charset="utf-8">',
            '<meta name="viewport" content="width=device-width, initial-scale=1">',
            '<link rel="icon" href="data:,">',
            '<meta name="openapi-sha256" content="%s">' % digest,
            '<title>%s</title>' % esc(title), '<style>%s</style>' % STYLE, '</head>', '<body>']
    intro = ['<header id="top"><h1>%s</h1>' % esc(title)]
    if info.get("summary"):
        intro.append('<p class="summary">%s</p>' % inline(info["summary"]))
    intro.append(markdown(info.get("description", "")))
    intro.append('<p>The contract itself: <a href="/openapi.yaml">/openapi.yaml</a>. The playground: <a href="/">/</a>.</p></header>')
    return "\n".join(head + ['<nav id="toc" aria-label="Contents"><p><a href="#top"><strong>%s</strong></a></p>' % esc(info.get("title", "API"))]
                     + nav + ["</nav>", "<main>"] + intro + body + ["</main>", "</body>", "</html>", ""])


def main(argv):
    source = open(argv[1], "rb").read()
    sys.stdout.write(render(yaml.safe_load(source), source))


if __name__ == "__main__":
    main(sys.argv)
