-- wrk script for bench/async-statuses.sh: POSTs, and counts the answers that are not 201 or have no Location.
wrk.method = "POST"
wrk.body = "{}"
wrk.headers["Content-Type"] = "application/json"
local threads = {}
function setup(thread) table.insert(threads, thread) end
function init(args) wrong = 0; unlocated = 0; answered = 0 end
function response(status, headers, body)
  answered = answered + 1
  if status ~= 201 then wrong = wrong + 1 end
  if headers["Location"] == nil then unlocated = unlocated + 1 end
end
function done(summary, latency, requests)
  local w, u, a = 0, 0, 0
  for _, thread in ipairs(threads) do w = w + thread:get("wrong"); u = u + thread:get("unlocated"); a = a + thread:get("answered") end
  print(string.format("answers %d, not 201: %d, without Location: %d", a, w, u))
end
