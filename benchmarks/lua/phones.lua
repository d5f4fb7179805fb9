-- Phones reloading one page: each connection asks for it, then waits about `period` ms (drawn
-- at random between half and one and a half times it) before asking again, as a room of phones
-- on the live ranking does. wrk -s phones.lua <url> -- <period ms>
local period = 15000

function init(args)
  period = tonumber(args[1]) or period
  math.randomseed(os.time() + math.floor(os.clock() * 1000000))
end

function delay()
  return math.random(math.floor(period / 2), math.floor(period * 3 / 2))
end
