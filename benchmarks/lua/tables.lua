-- Tables saving their lines: each wrk thread sends its share of a list of requests (one a line
-- of the file the benchmark writes: METHOD PATH BODY), in order, each connection waiting about
-- `spread` ms (half to one and a half times it) before each of its requests, and nothing more
-- once its share is sent (wrk runs to the end of its -d).
-- wrk -s tables.lua <url> -- <requests file> <spread ms>
local counter = 0

function setup(thread)
  counter = counter + 1
  thread:set("number", counter)
end

local queue, next_request, spread = {}, 1, 1000

function init(args)
  local mine, every = number, #args >= 3 and tonumber(args[3]) or 1
  spread = tonumber(args[2]) or spread
  local index = 0
  for line in io.lines(args[1]) do
    index = index + 1
    if (index - 1) % every == mine - 1 then
      local method, path, body = line:match("^(%S+) (%S+) ?(.*)$")
      table.insert(queue, wrk.format(method, path, {
        ["Content-Type"] = "application/x-www-form-urlencoded",
        ["Cookie"] = "csrftoken=" .. string.rep("b", 32),
        ["X-CSRFToken"] = string.rep("b", 32),
        ["Referer"] = "http://" .. wrk.host .. ":" .. wrk.port .. path,
      }, body))
    end
  end
  math.randomseed(os.time() + mine)
end

function delay()
  if next_request > #queue then
    -- All sent: wait for the answers (wrk asks for the delay before the request).
    return 600000
  end
  return math.random(math.floor(spread / 2), math.floor(spread * 3 / 2))
end

local primed = false

function request()
  -- wrk may ask a thread for one request that it never sends: the first is asked for twice
  -- (a line sent twice is one line, by its key), so that none is lost.
  if not primed then
    primed = true
    return queue[1]
  end
  -- Past the end (connections asking for one more while the last ones were sent): the share
  -- again from its start, as phones send a line again whose answer they missed (one line by
  -- its key), spread over the share's tables: one table's 200 at once would be rate-limited.
  local request = queue[((next_request - 1) % #queue) + 1]
  next_request = next_request + 1
  return request
end

function response(status, headers, body)
  if status >= 300 then
    io.stderr:write(status .. " " .. body:sub(1, 300) .. "\n")
  end
end
