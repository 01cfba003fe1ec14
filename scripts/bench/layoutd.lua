-- wrk script for layoutd (scripts/bench-http).
--   MODE=get  (default): plain GET of the URL on the command line (/healthz).
--   MODE=hit : the same POST /layout every time (ITEMS items, default 1000): served from the cache.
--   MODE=miss: the collection view's height changes on every request, so each one is computed.
--   MODE=hitmin: as hit, with Prefer: return=minimal (id, content size and counts only).
--   MODE=hitgzip: as hit, with Accept-Encoding: gzip (the cached gzip body, ~6 KB instead of ~100 KB).
--   MODE=getgzip: plain GET with Accept-Encoding: gzip (nginx's gzip_static file in scripts/bench-http).
--   MODE=query: rect queries of a screen-sized rect at moving offsets (path: /layout/<id>/elements).
--   MODE=comphit / compmiss: as hit / miss (compmiss varies the one section's interSectionSpacing,
--     which changes no frame) with a compositional layout, Apple's "Nested Groups"
--     sample (a 0.7-wide item beside a vertical group of 2, groups 0.4 of the height tall).
--   MODE=listhit / listmiss: as hit / miss with a plain list (UICollectionLayoutListConfiguration
--     .plain) of ITEMS rows on an iPhone 15 (393 wide @3x), separators reported (docs/lists.md).
-- Prints one machine-readable RESULT line at the end (same fields as the peer servers' bench/wrk.lua).
local mode = os.getenv("MODE") or "get"
local items = os.getenv("ITEMS") or "1000"
local prefix = '{"collectionView":{"width":1200,"height":'
local suffix = '},"layout":{"itemSize":{"width":37.5,"height":40},' ..
               '"minimumInteritemSpacing":8,"minimumLineSpacing":8},' ..
               '"sections":[{"numberOfItems":' .. items .. '}]}'

if mode == "comphit" or mode == "compmiss" then
  prefix = '{"collectionView":{"width":390,"scale":3,"height":'
  suffix = '},"layout":{"type":"compositional","sections":[{"group":{"orientation":"horizontal",' ..
    '"layoutSize":{"width":{"fractionalWidth":1},"height":{"fractionalHeight":0.4}},"subitems":[' ..
    '{"item":{"layoutSize":{"width":{"fractionalWidth":0.7},"height":{"fractionalHeight":1}},' ..
    '"contentInsets":{"top":10,"leading":10,"bottom":10,"trailing":10}}},' ..
    '{"group":{"orientation":"vertical","count":2,"layoutSize":{"width":{"fractionalWidth":0.3},' ..
    '"height":{"fractionalHeight":1}},"subitems":[{"item":{"layoutSize":{"width":{"fractionalWidth":1},' ..
    '"height":{"fractionalHeight":0.3}},"contentInsets":{"top":10,"leading":10,"bottom":10,"trailing":10}}}]}}]}}]},' ..
    '"sections":[{"numberOfItems":' .. items .. '}]}'
elseif mode == "listhit" or mode == "listmiss" then
  prefix = '{"collectionView":{"width":393,"scale":3,"height":'
  suffix = '},"layout":{"type":"list","list":{"appearance":"plain"},' ..
    '"listEnvironment":{"includeSeparators":true}},' ..
    '"sections":[{"numberOfItems":' .. items .. '}]}'
end

local threads = 0
function setup(thread)
  thread:set("tid", threads)   -- each wrk thread has its own Lua state; give each its own heights
  threads = threads + 1
end

if mode == "hit" or mode == "miss" or mode == "hitmin" or mode == "hitgzip" or mode == "comphit" or mode == "compmiss"
   or mode == "listhit" or mode == "listmiss" then
  wrk.method = "POST"
  wrk.headers["Content-Type"] = "application/json"
  wrk.body = prefix .. "800" .. suffix
end

if mode == "hitmin" then
  wrk.headers["Prefer"] = "return=minimal"
end

if mode == "hitgzip" or mode == "getgzip" then
  wrk.headers["Accept-Encoding"] = "gzip"
end

-- MODE=query: GET <path>?rect=0,y,375,667 with y moving through the 1M-element layout
-- (110x110 cells, 3 per row, rows 120 pt apart: 333,334 rows, about 40,000,000 pt; ~20 per rect).
if mode == "query" then
  local counter = 0
  request = function()
    counter = counter + 1
    local y = ((tid or 0) * 7919 + counter * 104729) % 39999000
    return wrk.format("GET", wrk.path .. "?rect=0," .. y .. ",375,667")
  end
end

-- The computed rows: each request differs from every other in one number, so each one is
-- computed. The request's bytes are made once with that number's place held by nine digits, and
-- each request() is three strings joined: the number always has nine digits, so Content-Length
-- never changes. (Building each request with wrk.format cost the client 13-16 us per request,
-- more than a third of the server's cost of a cache hit, on the same two cores.) Each run starts
-- from its own numbers (the clock's seconds, 100,000 apart) and each wrk thread from its own
-- range (tid * 300,000,000), so a repeated round or a second run against the same server never
-- finds the first one's layouts cached.
--   miss / listmiss: the collection view's height varies.
--   compmiss: the compositional groups are a fraction of the collection view's height, so a new
--   height would be a different (and longer) answer: the one section's interSectionSpacing
--   varies instead, which changes the id but no frame.
if mode == "compmiss" or mode == "miss" or mode == "listmiss" then
  local body
  if mode == "compmiss" then
    local head, tail = suffix:match('^(.-"type":"compositional",)(.*)$')
    body = prefix .. "800" .. head .. '"configuration":{"interSectionSpacing":' .. "999999999" .. '},' .. tail
  else
    body = prefix .. "999999999" .. suffix
  end
  local before, after
  local counter = 100000000 + (os.time() % 900) * 100000
  request = function()
    if not before then
      -- Made at the first request: wrk adds the Host header after the script is loaded.
      local template = wrk.format(nil, nil, nil, body)
      local at = template:find("999999999", template:find("\r\n\r\n", 1, true), true)
      before, after = template:sub(1, at - 1), template:sub(at + 9)
    end
    counter = counter + 1
    return before .. string.format("%d", (tid or 0) * 300000000 + counter) .. after
  end
end

done = function(summary, latency, requests)
  local e = summary.errors
  io.write(string.format(
    "RESULT rps=%.1f p50_us=%d p99_us=%d requests=%d sock_errors=%d non2xx=%d bytes=%d\n",
    summary.requests / (summary.duration / 1e6),
    latency:percentile(50), latency:percentile(99), summary.requests,
    e.connect + e.read + e.write + e.timeout, e.status, summary.bytes))
end
