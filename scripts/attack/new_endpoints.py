#!/usr/bin/env python3
"""Hostile input on the snapshot, list and picture endpoints (issue 33), as an attacker sends it.

usage: scripts/attack/new_endpoints.py PORT PID [CASE...] [--scale S]

Start a release build first, e.g.
    .build/release/layoutd --host 127.0.0.1 --port 9000 --access-log off &
    scripts/attack/new_endpoints.py 9000 $!

Each case prints one table row: status(es), wall time, answer bytes, the server's peak RSS during
the case (sampled every 20 ms from /proc/PID/status) and its CPU seconds. Cases (default: all):

  section-amp      /snapshot/section: two 1 MB identifiers, K snapshot(of:) operations (K = 300 x S)
  section-small    /snapshot/section: 10,000 integer children, 1,990 snapshot operations
  rotate-100k      list rotation, 100,000 plain rows with separators
  rotate-300k      the same with 300,000 rows
  selfsize-200k    one preferred size on a 200,000-row self-sizing list
  sections-300k    300,000 empty insetGrouped sections with header and footer, bounds change
  starve           two heavy invalidations in flight, then a 3-cell POST /layout (its latency)
  cancel           an invalidation whose client closes after 0.2 s: server CPU over the next 3 s
  cut-short        6 x S /snapshot/section (785 MB asked each), 3 x SVG and 4 slow readers of a large layout
  integers         exact integers across Int64, and beyond it
  nfc              composed and decomposed identifiers in /snapshot/apply and /batch/diff
  rounded          insetGrouped rows with spacing: minimal size, SVG size and elements, HEAD time
  minor            1,000,000 ids in one operation, zero bounds, duplicate Content-Length, 1e-300 rows

Standard library only; loopback only; every loop bounded; each request has a timeout (300 s).
Tools for reproducing, not the checks the server is judged by (those are the tests).
"""
import http.client
import json
import os
import socket
import sys
import threading
import time

ARGS = [a for a in sys.argv[1:] if not a.startswith("--")]
if len(ARGS) < 2:
    print(__doc__)
    sys.exit(2)
PORT, PID = int(ARGS[0]), int(ARGS[1])
CASES = ARGS[2:]
SCALE = 1.0
if "--scale" in sys.argv:
    SCALE = float(sys.argv[sys.argv.index("--scale") + 1])
    if str(sys.argv[sys.argv.index("--scale") + 1]) in CASES:
        CASES.remove(str(sys.argv[sys.argv.index("--scale") + 1]))
TIMEOUT = 300
JSONH = {"Content-Type": "application/json"}


def rss_mib():
    try:
        for line in open(f"/proc/{PID}/status"):
            if line.startswith("VmRSS"):
                return int(line.split()[1]) // 1024
    except OSError:
        return -1
    return -1


def cpu_seconds():
    try:
        fields = open(f"/proc/{PID}/stat").read().rsplit(")", 1)[1].split()
        return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")
    except OSError:
        return -1.0


class Sampler:
    """Peak RSS of the server while a case runs."""

    def __init__(self):
        self.peak = rss_mib()
        self.stop = False
        self.thread = threading.Thread(target=self.run, daemon=True)

    def run(self):
        for _ in range(100_000):  # bounded: 2,000 s at 20 ms
            if self.stop:
                return
            self.peak = max(self.peak, rss_mib())
            time.sleep(0.02)

    def __enter__(self):
        self.cpu = cpu_seconds()
        self.thread.start()
        return self

    def __exit__(self, *exc):
        self.stop = True
        self.thread.join()
        self.cpu = cpu_seconds() - self.cpu


def request(method, path, body=None, headers=None, read=True):
    """(status, body bytes, seconds, error) for one request on its own connection."""
    c = http.client.HTTPConnection("127.0.0.1", PORT, timeout=TIMEOUT)
    h = dict(JSONH if body is not None else {})
    h.update(headers or {})
    t = time.time()
    try:
        c.request(method, path, body, h)
        r = c.getresponse()
        data = r.read() if read else b""
        declared = r.getheader("Content-Length")
        status = r.status
        err = ""
        if declared is not None and method != "HEAD" and int(declared) != len(data):
            err = f"short: {len(data)} of {declared}"
    except Exception as e:  # a cut answer raises IncompleteRead; a dead server, a reset
        status, data, err = 0, b"", type(e).__name__ + " " + str(e)[:80]
    finally:
        c.close()
    return status, data, time.time() - t, err


def detail(data):
    if data[:1] != b"{":
        return ""
    try:
        j = json.loads(data)
        return (j.get("detail") or "")[:140] if isinstance(j, dict) else ""
    except ValueError:
        return "(json cut or invalid)"


def row(name, statuses, seconds, nbytes, sampler, note=""):
    print(f"| {name} | {statuses} | {seconds:.2f} s | {nbytes} | {sampler.peak} MiB | {sampler.cpu:.2f} s | {note} |", flush=True)


def post_layout(body, minimal=True):
    status, data, _, err = request("POST", "/layout?return=minimal" if minimal else "/layout", body.encode())
    if status != 200:
        raise SystemExit(f"could not create the layout: {status} {err} {detail(data)}")
    return json.loads(data)["id"]


def section_amp():
    k = max(1, int(300 * SCALE))
    big = "x" * 999_999
    body = json.dumps({"snapshot": {"items": [{"id": "r", "expanded": True,
                                               "children": [{"id": big + "1"}, {"id": big + "2"}]}]},
                       "operations": [{"op": "snapshot", "item": "r"}] * k}).encode()
    with Sampler() as s:
        st, data, t, err = request("POST", "/snapshot/section", body)
    row(f"section-amp ({len(body)} B body, {k} ops)", st, t, len(data), s, err or detail(data))


def section_small():
    ch = ",".join('{"id":%d}' % i for i in range(10000))
    body = ('{"snapshot":{"items":[{"id":"r","expanded":true,"children":[' + ch + ']}]},"operations":['
            + ",".join(['{"op":"snapshot","item":"r"}'] * 1990) + "]}").encode()
    with Sampler() as s:
        st, data, t, err = request("POST", "/snapshot/section", body)
    row(f"section-small ({len(body)} B body)", st, t, len(data), s, err or detail(data))


def list_body(rows, extra=""):
    return ('{"collectionView":{"device":"iPhone 16 Pro","orientation":"landscapeLeft"},"layout":{"type":"list",'
            '"list":{"appearance":"plain"},"listEnvironment":{"includeSeparators":true,'
            '"includeBackgroundDecorations":false}}%s,"sections":[{"numberOfItems":%d}]}' % (extra, rows))


def rotate(rows):
    def run():
        lid = post_layout(list_body(rows))
        with Sampler() as s:
            st, data, t, err = request("POST", f"/layout/{lid}/invalidate?return=minimal",
                                       b'{"bounds":{"x":0,"y":50000,"width":402,"height":874}}')
        row(f"rotate-{rows // 1000}k ({rows} rows)", st, t, len(data), s, err or detail(data))
    return run


def selfsize():
    lid = post_layout(list_body(200_000).replace(',"orientation":"landscapeLeft"', ""))
    with Sampler() as s:
        st, data, t, err = request("POST", f"/layout/{lid}/invalidate?return=minimal",
                                   b'{"preferredSizes":[{"indexPath":[0,0],"width":402,"height":60}]}')
    row("selfsize-200k (133 B body)", st, t, len(data), s, err or detail(data))


def sections_300k():
    n = int(300_000 * SCALE)
    body = ('{"collectionView":{"device":"iPad Air 11-inch (M2)","orientation":"landscapeLeft"},"layout":{"type":"list",'
            '"list":{"appearance":"insetGrouped","headerMode":"supplementary","footerMode":"supplementary"},'
            '"listEnvironment":{"generation":"ios26"}},"sections":[' + ",".join(['{"numberOfItems":0}'] * n) + "]}")
    lid = post_layout(body)
    with Sampler() as s:
        st, data, t, err = request("POST", f"/layout/{lid}/invalidate?return=minimal",
                                   b'{"bounds":{"x":0,"y":50000,"width":820,"height":1180}}')
    row(f"sections-{n // 1000}k", st, t, len(data), s, err or detail(data))


def heavy_list():
    secs = ",".join(['{"numberOfItems":20}'] * 10000)
    return ('{"collectionView":{"width":402,"height":874},"layout":{"type":"list","list":{"appearance":"plain",'
            '"headerMode":"supplementary","footerMode":"supplementary"},"listEnvironment":{"includeSeparators":true}},'
            '"sections":[' + secs + "]}")


def starve():
    lid = post_layout(heavy_list())
    small = b'{"collectionView":{"width":300,"height":500},"sections":[{"numberOfItems":3}]}'
    out = {}

    def heavy(k):
        out[k] = request("POST", f"/layout/{lid}/invalidate?return=minimal",
                         ('{"bounds":{"x":0,"y":%d,"width":%d,"height":874}}' % (k, 500 + k)).encode())
    with Sampler() as s:
        threads = [threading.Thread(target=heavy, args=(k,)) for k in (1, 2)]
        for t in threads:
            t.start()
        time.sleep(0.3)
        st, data, t_small, err = request("POST", "/layout?return=minimal", small)
        for t in threads:
            t.join()
    heavy_note = ", ".join(f"heavy {k}: {out[k][0]} in {out[k][2]:.2f} s" for k in (1, 2))
    row("starve (small POST /layout with 2 heavy in flight)", st, t_small, len(data), s, heavy_note)


def cancel():
    lid = post_layout(heavy_list().replace('"width":402', '"width":403'))
    body = b'{"bounds":{"x":0,"y":0,"width":700,"height":874}}'
    with Sampler() as s:
        c = socket.create_connection(("127.0.0.1", PORT))
        c.sendall(b"POST /layout/%s/invalidate?return=minimal HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\n"
                  b"Content-Length: %d\r\n\r\n%s" % (lid.encode(), len(body), body))
        time.sleep(0.2)
        c.close()
        start = cpu_seconds()
        time.sleep(3)
        spent = cpu_seconds() - start
    row("cancel (client gone after 0.2 s)", "-", 3.2, 0, s, f"server CPU in the 3 s after the close: {spent:.2f} s")


def cut_short():
    n, k = 10000, 1000
    ch = ",".join('{"id":%d}' % i for i in range(n))
    body = ('{"snapshot":{"items":[{"id":"r","expanded":true,"children":[' + ch + ']}]},"operations":['
            + ",".join(['{"op":"snapshot","item":"r","includingParent":true}'] * k) + "]}").encode()
    results = []

    def one(method, path, b=None, rate=None):
        if rate is None:
            st, data, t, err = request(method, path, b)
            results.append((st, len(data), err))
            return
        c = socket.create_connection(("127.0.0.1", PORT), timeout=TIMEOUT)
        c.sendall(f"{method} {path} HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n".encode())
        got, head = 0, b""
        t0 = time.time()
        try:
            for _ in range(1_000_000):  # bounded
                chunk = c.recv(1 << 20)
                if not chunk:
                    break
                if not head:
                    head = chunk[:200]
                got += len(chunk)
                want = (time.time() - t0) * rate
                if got > want:
                    time.sleep(min(1.0, (got - want) / rate))
        except OSError as e:
            results.append((head[9:12].decode(errors="replace"), got, type(e).__name__))
            return
        finally:
            c.close()
        results.append((head[9:12].decode(errors="replace"), got, ""))

    lid = post_layout('{"collectionView":{"device":"iPhone 16 Pro","orientation":"landscapeLeft","layoutDirection":"rightToLeft"},'
                      '"layout":{"type":"compositional","sections":[{"list":{"appearance":"insetGrouped"},"interGroupSpacing":4}]},'
                      '"sections":[{"numberOfItems":999990}]}')
    groups = [
        (f"{max(1, round(6 * SCALE))} x section snapshot", [lambda: one("POST", "/snapshot/section", body) for _ in range(max(1, round(6 * SCALE)))]),
        ("3 x SVG", [lambda: one("GET", f"/layout/{lid}.svg") for _ in range(3)]),
        ("4 x full layout at 30 MB/s", [lambda: one("GET", f"/layout/{lid}", rate=30e6) for _ in range(4)]),
    ]
    for name, calls in groups:
        results.clear()
        with Sampler() as s:
            t0 = time.time()
            threads = [threading.Thread(target=f) for f in calls]
            for t in threads:
                t.start()
            for t in threads:
                t.join()
        summary = "; ".join(f"{st} {nb} B{(' ' + err) if err else ''}" for st, nb, err in results)
        row(f"cut-short: {name}", "see note", time.time() - t0, sum(r[1] for r in results), s, summary)
    st, data, _, _ = request("GET", "/metrics")
    lines = [l for l in data.decode(errors="replace").splitlines() if "cut" in l and not l.startswith("#")]
    print("metrics:", "; ".join(lines))


def integers():
    cases = [
        ("2^53+1 delete", '{"old":{"sections":[{"id":"A","items":[9007199254740992,5]}]},"operations":[{"op":"deleteItems","items":[9007199254740993]}]}'),
        ("big echo", '{"old":{"sections":[{"id":"A","items":[1234567890123456789]}]},"new":{"sections":[{"id":"A","items":[1234567890123456788]}]}}'),
        ("Int64.max", '{"old":{"sections":[{"id":"A","items":[9223372036854775807]}]},"operations":[]}'),
        ("Int64.min", '{"old":{"sections":[{"id":"A","items":[-9223372036854775808]}]},"operations":[]}'),
        ("below Int64.min", '{"old":{"sections":[{"id":"A","items":[-9223372036854775809]}]},"operations":[]}'),
        ("above Int64.max", '{"old":{"sections":[{"id":"A","items":[9223372036854775808]}]},"operations":[]}'),
    ]
    for name, body in cases:
        with Sampler() as s:
            st, data, t, err = request("POST", "/snapshot/apply", body.encode())
        text = data.decode(errors="replace")
        snap = text[text.find('"snapshot"'):][:90] if '"snapshot"' in text else detail(data)
        row(f"integers: {name}", st, t, len(data), s, snap.replace("|", "/"))


def nfc():
    cases = [
        ("/snapshot/apply duplicate", "/snapshot/apply", '{"old":{"sections":[{"id":"A","items":["\\u00e9","e\\u0301"]}]},"operations":[]}'),
        ("/snapshot/apply diff", "/snapshot/apply", '{"old":{"sections":[{"id":"A","items":["\\u00e9"]}]},"new":{"sections":[{"id":"A","items":["e\\u0301"]}]}}'),
        ("/snapshot/apply mixed", "/snapshot/apply", '{"old":{"sections":[{"id":"S2","items":[8,1,6,"e\\u0301",10]},{"id":5,"items":[0]},{"id":"S3","items":[]},{"id":4,"items":["b",3]}]},"new":{"sections":[{"id":"S3","items":[0,1,"c","\\u00e9"]},{"id":"S2","items":[5,3]}]}}'),
        ("/batch/diff", "/batch/diff", '{"old":[["\\u00e9"]],"new":[["e\\u0301"]]}'),
    ]
    for name, path, body in cases:
        with Sampler() as s:
            st, data, t, err = request("POST", path, body.encode())
        text = data.decode(errors="replace")
        u = text.find('"updates"')
        row(f"nfc: {name}", st, t, len(data), s, (text[u:u + 120] if u >= 0 else detail(data)).replace("|", "/"))


def rounded():
    body = ('{"collectionView":{"device":"iPhone 16 Pro","orientation":"landscapeLeft","layoutDirection":"rightToLeft"},'
            '"layout":{"type":"compositional","sections":[{"list":{"appearance":"insetGrouped"},"interGroupSpacing":4}]},'
            '"sections":[{"numberOfItems":%d}]}' % int(999_990 * SCALE))
    with Sampler() as s:
        st, data, t, err = request("POST", "/layout?return=minimal", body.encode())
    row(f"rounded: minimal ({len(body)} B body)", st, t, len(data), s, err or detail(data))
    lid = json.loads(data)["id"] if st == 200 else post_layout(body)
    for path in (f"/layout/{lid}.svg?rect=0,0,874,402", f"/layout/{lid}.svg"):
        with Sampler() as s:
            st, data, t, err = request("GET", path)
        shapes = data.count(b"<rect") + data.count(b"<path")
        row(f"rounded: GET {path[41:] or '.svg'}", st, t, len(data), s, f"{shapes} rect/path shapes {err}")
    with Sampler() as s:
        st, data, t, err = request("HEAD", f"/layout/{lid}.svg")
    row("rounded: HEAD .svg", st, t, len(data), s, err)


def minor():
    ids = list(range(1_000_000))
    body = json.dumps({"old": {"sections": [{"id": "A", "items": []}]}, "operations": [{"op": "appendItems", "items": ids}]}).encode()
    with Sampler() as s:
        st, data, t, err = request("POST", "/snapshot/apply", body)
    row("minor: 1,000,000 ids in one op", st, t, len(data), s, detail(data))
    lid = post_layout(list_body(3))
    with Sampler() as s:
        st, data, t, err = request("POST", f"/layout/{lid}/invalidate", b'{"bounds":{"x":0,"y":0,"width":0,"height":0}}')
    pointer = ""
    try:
        pointer = json.loads(data)["errors"][0]["pointer"]
    except (ValueError, KeyError, IndexError):
        pass
    row("minor: zero bounds", st, t, len(data), s, f"pointer {pointer}: {detail(data)}")
    raw = (b'POST /snapshot/apply HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 61\r\n'
           b'Content-Length: 61\r\nConnection: close\r\n\r\n{"old":{"sections":[{"id":"A","items":[1]}]},"operations":[]}')
    c = socket.create_connection(("127.0.0.1", PORT), timeout=10)
    c.sendall(raw)
    got = c.recv(4096)
    c.close()
    with Sampler() as s:
        pass
    row("minor: two identical Content-Length", got[9:12].decode(errors="replace"), 0, len(got), s, got.split(b"\r\n")[0].decode(errors="replace"))
    with Sampler() as s:
        st, data, t, err = request("POST", "/layout", b'{"collectionView":{"width":375,"height":667},"layout":{"type":"list","list":{"appearance":"insetGrouped","rowHeight":1e-300}},"sections":[{"numberOfItems":2}]}')
    row("minor: rowHeight 1e-300", st, t, len(data), s, detail(data) or data[data.find(b'"cell"'):][:110].decode(errors="replace"))
    lid = post_layout('{"collectionView":{"width":375,"height":667},"layout":{"type":"list","list":{"appearance":"insetGrouped","headerMode":"supplementary","footerMode":"supplementary"}},"sections":[{"numberOfItems":2},{"numberOfItems":1}]}')
    with Sampler() as s:
        st, data, t, err = request("GET", f"/layout/{lid}?return=minimal", headers={"Prefer": "return=minimal"})
    st2, data2, _, _ = request("POST", "/layout?return=minimal", b'{"collectionView":{"width":375,"height":667},"layout":{"type":"list","list":{"appearance":"insetGrouped","headerMode":"supplementary","footerMode":"supplementary"}},"sections":[{"numberOfItems":2},{"numberOfItems":1}]}')
    counts = json.loads(data2).get("counts") if st2 == 200 else None
    row("minor: list header/footer counts", st2, t, len(data2), s, json.dumps(counts))


ALL = {
    "section-amp": section_amp, "section-small": section_small, "rotate-100k": rotate(100_000),
    "rotate-300k": rotate(300_000), "selfsize-200k": selfsize, "sections-300k": sections_300k,
    "starve": starve, "cancel": cancel, "cut-short": cut_short, "integers": integers, "nfc": nfc,
    "rounded": rounded, "minor": minor,
}

if __name__ == "__main__":
    print("| case | status | time | answer bytes | peak RSS | server CPU | note |")
    print("|---|---|---|---|---|---|---|")
    for name in CASES or list(ALL):
        if name not in ALL:
            raise SystemExit(f"unknown case {name}; cases: {', '.join(ALL)}")
        if rss_mib() < 0:
            print(f"| {name} | server gone | | | | | |")
            break
        ALL[name]()
