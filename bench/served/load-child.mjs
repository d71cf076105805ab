// node load-child.mjs <anchors dir> <url> <seconds> <connections>: autocannon's load on one URL, from a
// process of its own (neither the server's nor the bench's). Prints one JSON line.
import { createRequire } from 'node:module'
import { join } from 'node:path'

const [dir, url, seconds, connections] = process.argv.slice(2)
const autocannon = createRequire(join(dir, 'package.json'))('autocannon')
let id = 0
const result = await autocannon({
  url,
  connections: Number(connections),
  duration: Number(seconds),
  // A new id per request: no contender answers from a cache.
  requests: [{ setupRequest: (request) => ({ ...request, path: `/users/${++id}` }) }],
})
const answered = result['2xx']
if (answered === 0 || result.non2xx > 0 || result.errors > 0) {
  console.log(JSON.stringify({ error: `${answered} 2xx, ${result.non2xx} other statuses, ${result.errors} errors` }))
} else {
  console.log(JSON.stringify({ rps: answered / result.duration, p99: result.latency.p99, p50: result.latency.p50 }))
}
