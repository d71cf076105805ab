// What a cold start is made of, phase by phase (not part of `npm run bench`):
//   node bench/cold/breakdown.mjs [rounds]        (MOCKLIB_BENCH_DIST=<folder> for a private build)
//   MOCKLIB_BENCH_DIST_BEFORE=<folder>: also runs that build, interleaved, to compare two builds on a noisy machine
//   CPU totals of two builds and fetch-mock, interleaved: node bench/cold/cpu-compare.mjs 30 before=<folder> after=dist
//   --first-calls: instead, the first call of each interception mechanism after listen() (each loads its code then)
// Each round runs, in fresh processes and interleaved: mocklib and fetch-mock as
// the bench's cold-start row does, and both again with Node's bundled undici
// (the fetch globals) loaded before the clock starts, which splits off the cost
// both libraries pay for it. Wall times (ms) and, less sensitive to other
// processes on the machine, CPU times of the process; medians.
import { execFileSync } from 'node:child_process'
import { fileURLToPath } from 'node:url'

const child = process.argv[2] === '--child' ? process.argv[3] : undefined
if (child !== undefined) {
  if (process.env.PRELOAD_UNDICI) void [globalThis.Response, globalThis.Request, globalThis.Headers, globalThis.fetch]
  const phases = {}
  let wall = performance.now()
  let cpu = cpuNow()
  const lap = (name) => {
    const [nowWall, nowCpu] = [performance.now(), cpuNow()]
    phases[name] = { wall: nowWall - wall, cpu: nowCpu - cpu }
    ;[wall, cpu] = [nowWall, nowCpu]
  }
  if (child === 'first-calls') {
    await firstCalls(lap)
  } else if (child === 'mocklib') {
    const dist = distFolder()
    const { http, HttpResponse } = await import(new URL('index.js', dist).href)
    lap('import mocklib')
    const { setupServer } = await import(new URL('node.js', dist).href)
    lap('import mocklib/node')
    const server = setupServer(http.get('/api/r0/:id', () => HttpResponse.json({ id: 1 })))
    lap('setupServer')
    server.listen({ onUnhandledRequest: 'error' })
    lap('listen')
    server.close()
    lap('close')
  } else {
    const { default: fetchMock } = await import('fetch-mock')
    lap('import fetch-mock')
    fetchMock.get('express:/api/r0/:id', { id: 1 })
    fetchMock.mockGlobal()
    fetchMock.unmockGlobal()
    lap('route, mockGlobal, unmockGlobal')
  }
  process.stdout.write(JSON.stringify({ end: { wall: performance.now(), cpu: cpuNow() }, phases }))
} else {
  const rounds = Number(process.argv.slice(2).find((arg) => !arg.startsWith('--')) ?? 10)
  const self = fileURLToPath(import.meta.url)
  const bare = fileURLToPath(new URL('./bare.mjs', import.meta.url))
  const before = process.env.MOCKLIB_BENCH_DIST_BEFORE
  const runs = process.argv.includes('--first-calls')
    ? [['first-calls', {}], ...(before ? [['first-calls', { MOCKLIB_BENCH_DIST: before, LABEL: 'before' }]] : [])]
    : [
        ['mocklib', {}],
        ...(before ? [['mocklib', { MOCKLIB_BENCH_DIST: before, LABEL: 'before' }]] : []),
        ['fetch-mock', {}],
        ['mocklib', { PRELOAD_UNDICI: '1' }],
        ...(before ? [['mocklib', { PRELOAD_UNDICI: '1', MOCKLIB_BENCH_DIST: before, LABEL: 'before' }]] : []),
        ['fetch-mock', { PRELOAD_UNDICI: '1' }],
      ]
  const samples = runs.map(() => [])
  const run = (args, env = {}) => JSON.parse(execFileSync(process.execPath, args, { env: { ...process.env, ...env } }).toString())
  for (let round = 0; round < rounds; round++) {
    runs.forEach(([name, env], at) => {
      const before = run([bare]).value
      const result = run([self, '--child', name], env)
      samples[at].push({ total: result.end.wall - before, ...result.phases })
    })
  }
  const median = (values) => values.sort((a, b) => a - b)[values.length >> 1]
  runs.forEach(([name, env], at) => {
    const list = samples[at]
    const label = env.LABEL ? ` [${env.LABEL}: ${env.MOCKLIB_BENCH_DIST}]` : ''
    console.log(`${name}${label}${env.PRELOAD_UNDICI ? ' (undici loaded before the clock starts)' : ''}: ${median(list.map((s) => s.total)).toFixed(1)} ms over bare Node`)
    for (const phase of Object.keys(list[0]).filter((key) => key !== 'total')) {
      const wall = median(list.map((s) => s[phase].wall)).toFixed(1)
      const cpu = median(list.map((s) => s[phase].cpu)).toFixed(1)
      console.log(`  ${phase.padEnd(34)} ${wall.padStart(6)} ms wall ${cpu.padStart(6)} ms CPU`)
    }
  })
}

function distFolder() {
  return process.env.MOCKLIB_BENCH_DIST ? new URL(`file://${process.env.MOCKLIB_BENCH_DIST}/`) : new URL('../../dist/', import.meta.url)
}

/**
 * Cold start, then the first call of each mechanism right after listen(): each loads its code on first use
 * (ClientRequest answering, GraphQL request reading, the socket layer, the `ws` upgrade bridge, foreign fetch
 * arguments' adoption), so these laps carry that cost once. XHR needs a DOM environment: not measured here.
 * Every call is answered by a handler; nothing leaves the process.
 */
async function firstCalls(lap) {
  const dist = distFolder()
  // The clients of the laps below, loaded before the clock starts: their own cost is not mocklib's.
  const [{ default: WsPackageWebSocket }, { Request: NodeFetchRequest }] = await Promise.all([import('ws'), import('node-fetch')])
  lap('(clients: ws, node-fetch)')
  const { http, graphql, ws, HttpResponse } = await import(new URL('index.js', dist).href)
  const { setupServer } = await import(new URL('node.js', dist).href)
  lap('import mocklib + mocklib/node')
  const chat = ws.link('ws://chat.bench.test')
  const server = setupServer(
    http.get('http://api.bench.test/r/:id', ({ params }) => HttpResponse.json({ id: params.id })),
    graphql.query('Bench', () => HttpResponse.json({ data: { ok: true } })),
    chat.addEventListener('connection', ({ client }) => client.addEventListener('message', (event) => client.send(event.data))),
  )
  server.listen({ onUnhandledRequest: 'error' })
  lap('setupServer + listen')
  for (const round of ['first', 'second']) {
    await (await fetch('http://api.bench.test/r/1')).json()
    lap(`${round} fetch`)
    await nodeHttpGet('http://api.bench.test/r/2')
    lap(`${round} node:http request`)
    const query = JSON.stringify({ query: 'query Bench { ok }' })
    await (await fetch('http://api.bench.test/graphql', { method: 'POST', headers: { 'content-type': 'application/json' }, body: query })).json()
    lap(`${round} GraphQL request (fetch)`)
    await webSocketEcho('ws://chat.bench.test')
    lap(`${round} WebSocket echo`)
    await wsPackageEcho(WsPackageWebSocket, 'ws://chat.bench.test')
    lap(`${round} ws package echo (upgrade)`)
    await (await fetch(new NodeFetchRequest('http://api.bench.test/r/3'))).json()
    lap(`${round} fetch(node-fetch Request)`)
  }
  server.close()
  lap('close')
}

async function nodeHttpGet(url) {
  const { get } = await import('node:http')
  return new Promise((resolve, reject) => {
    get(url, (response) => {
      let body = ''
      response.on('data', (chunk) => (body += chunk))
      response.on('end', () => resolve(body))
    }).on('error', reject)
  })
}

function wsPackageEcho(WsPackageWebSocket, url) {
  return new Promise((resolve, reject) => {
    const socket = new WsPackageWebSocket(url)
    socket.on('open', () => socket.send('ping'))
    socket.on('message', (data) => {
      socket.close()
      resolve(String(data))
    })
    socket.on('error', reject)
  })
}

function webSocketEcho(url) {
  return new Promise((resolve, reject) => {
    const socket = new WebSocket(url)
    socket.onopen = () => socket.send('ping')
    socket.onmessage = (event) => {
      socket.close()
      resolve(event.data)
    }
    socket.onerror = reject
  })
}

function cpuNow() {
  const { user, system } = process.cpuUsage()
  return (user + system) / 1000
}
