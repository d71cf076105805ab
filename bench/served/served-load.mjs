// node bench/served/served-load.mjs [--seconds 5] [--connections 50] [--bare]
// Requests per second and latency percentiles of mocklib/server for a JSON GET, with 50 keep-alive
// connections from another process (this one) than the server's. Not yet a row of `npm run bench`:
// @mswjs/http-middleware and Prism (the comparison) are not installed here. --bare loads a plain
// node:http server answering the same JSON instead: the ceiling on this machine.
import { fork } from 'node:child_process'
import { Agent, request } from 'node:http'
import { fileURLToPath } from 'node:url'

const argv = process.argv.slice(2)
const option = (name, fallback) => (argv.includes(name) ? Number(argv[argv.indexOf(name) + 1]) : fallback)
const seconds = option('--seconds', 5)
const connections = option('--connections', 50)

const child = fork(fileURLToPath(new URL(argv.includes('--bare') ? './bare-child.mjs' : './serve-child.mjs', import.meta.url)))
const url = await new Promise((resolve, reject) => {
  child.once('message', resolve)
  child.once('exit', (code) => reject(new Error(`the server process exited with ${code} (is dist/ built? npm run build)`)))
})
const agent = new Agent({ keepAlive: true, maxSockets: connections })

const get = (path) =>
  new Promise((resolve, reject) => {
    const started = process.hrtime.bigint()
    request(`${url}${path}`, { agent }, (response) => {
      response.resume()
      response.on('end', () => (response.statusCode === 200 ? resolve(Number(process.hrtime.bigint() - started) / 1e6) : reject(new Error(`status ${response.statusCode}`))))
    })
      .on('error', reject)
      .end()
  })

// Warm up the sockets and the handler.
await Promise.all(Array.from({ length: connections * 4 }, (_, index) => get(`/users/${index}`)))
const latencies = []
const deadline = Date.now() + seconds * 1000
await Promise.all(
  Array.from({ length: connections }, async (_, worker) => {
    let n = 0
    while (Date.now() < deadline) latencies.push(await get(`/users/${worker}-${n++}`))
  }),
)
latencies.sort((a, b) => a - b)
const at = (share) => latencies[Math.min(latencies.length - 1, Math.floor(latencies.length * share))].toFixed(2)
console.log(JSON.stringify({ server: argv.includes('--bare') ? 'bare node:http' : 'mocklib/server', connections, seconds, requests: latencies.length, requestsPerSecond: Math.round(latencies.length / seconds), p50ms: at(0.5), p99ms: at(0.99) }))
agent.destroy()
child.disconnect()
