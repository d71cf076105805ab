// What a cold start is made of, phase by phase (not part of `npm run bench`):
//   node bench/cold/breakdown.mjs [rounds]        (MOCKLIB_BENCH_DIST=<folder> for a private build)
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
  if (child === 'mocklib') {
    const dist = process.env.MOCKLIB_BENCH_DIST ? new URL(`file://${process.env.MOCKLIB_BENCH_DIST}/`) : new URL('../../dist/', import.meta.url)
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
  const rounds = Number(process.argv[2] ?? 10)
  const self = fileURLToPath(import.meta.url)
  const bare = fileURLToPath(new URL('./bare.mjs', import.meta.url))
  const runs = [
    ['mocklib', {}],
    ['fetch-mock', {}],
    ['mocklib', { PRELOAD_UNDICI: '1' }],
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
    console.log(`${name}${env.PRELOAD_UNDICI ? ' (undici loaded before the clock starts)' : ''}: ${median(list.map((s) => s.total)).toFixed(1)} ms over bare Node`)
    for (const phase of Object.keys(list[0]).filter((key) => key !== 'total')) {
      const wall = median(list.map((s) => s[phase].wall)).toFixed(1)
      const cpu = median(list.map((s) => s[phase].cpu)).toFixed(1)
      console.log(`  ${phase.padEnd(34)} ${wall.padStart(6)} ms wall ${cpu.padStart(6)} ms CPU`)
    }
  })
}

function cpuNow() {
  const { user, system } = process.cpuUsage()
  return (user + system) / 1000
}
