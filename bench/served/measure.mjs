// The mock server rows of `npm run bench`: requests per second and p99 latency for a JSON GET
// (GET /users/:id) with 50 keep-alive connections, each contender in a process of its own and the load
// (autocannon) in another. Contenders: mocklib/server with an http handler and with the OpenAPI
// document's handlers (fromOpenApi), @mswjs/http-middleware on Express (msw 2 handlers), Prism serving
// the same OpenAPI document, and a bare node:http server answering the same JSON (the machine's ceiling).
import { fork, spawn } from 'node:child_process'
import { createServer } from 'node:net'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { installAnchors } from './anchors.mjs'
import { runNode } from '../lib/spawn.mjs'
import { fmt, median } from '../lib/stats.mjs'

const here = (path) => fileURLToPath(new URL(path, import.meta.url))

export const SERVED_LABELS = { mocklib: 'mocklib', mocklibOpenapi: 'mocklib (OpenAPI)', middleware: 'http-middleware (Express)', prism: 'Prism', bare: 'bare node:http' }

/** Starts a contender; resolves to its URL and the function that stops it. */
const starters = {
  mocklib: () => forked(here('./serve-child.mjs'), []),
  mocklibOpenapi: () => forked(here('./serve-child.mjs'), ['--openapi']),
  middleware: (anchors) => forked(here('./middleware-child.mjs'), [anchors]),
  bare: () => forked(here('./bare-child.mjs'), []),
  prism: async (anchors) => {
    const port = await freePort()
    const child = spawn(process.execPath, [join(anchors, 'node_modules/@stoplight/prism-cli/dist/index.js'), 'mock', '-h', '127.0.0.1', '-p', String(port), here('./users.yaml')], { stdio: 'ignore' })
    const url = `http://127.0.0.1:${port}`
    await until(async () => (await fetch(`${url}/users/1`)).ok, child)
    return { url, stop: () => stopped(child, () => child.kill()) }
  },
}

function forked(script, args) {
  const child = fork(script, args, { stdio: 'ignore' })
  return new Promise((resolve, reject) => {
    child.once('message', (url) => resolve({ url, stop: () => stopped(child, () => child.disconnect()) }))
    child.once('exit', (code) => reject(new Error(`${script} exited with ${code} (is dist/ built? npm run build)`)))
  })
}

function stopped(child, ask) {
  return new Promise((resolve) => {
    child.once('exit', resolve)
    ask()
    setTimeout(() => child.kill('SIGKILL'), 3000).unref()
  })
}

function freePort() {
  return new Promise((resolve) => {
    const probe = createServer().listen(0, '127.0.0.1', () => {
      const { port } = probe.address()
      probe.close(() => resolve(port))
    })
  })
}

async function until(ready, child) {
  const deadline = Date.now() + 30_000
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`exited with ${child.exitCode} before listening`)
    try {
      if (await ready()) return
    } catch {
      // Not listening yet.
    }
    await new Promise((resolve) => setTimeout(resolve, 100))
  }
  throw new Error('did not listen within 30 s')
}

/**
 * Runs every contender `rounds` times, interleaved; resolves to `{ rows, errors }` where
 * `rows['served-rps'][contender]` and `rows['served-p99'][contender]` are medians.
 */
export async function measureServed({ rounds = 3, seconds = 5, connections = 50, only = Object.keys(starters) } = {}) {
  const anchors = installAnchors()
  const samples = { 'served-rps': {}, 'served-p99': {} }
  const errors = []
  for (let round = 0; round < rounds; round++) {
    for (let i = 0; i < only.length; i++) {
      const name = only[(i + round) % only.length]
      let server
      try {
        server = await starters[name](anchors)
        // Warm-up: JIT, sockets, the handlers' first matches.
        await runNode([here('./load-child.mjs'), anchors, server.url, '1', String(connections)])
        const result = await runNode([here('./load-child.mjs'), anchors, server.url, String(seconds), String(connections)])
        if (result.error) throw new Error(result.error)
        ;(samples['served-rps'][name] ??= []).push(result.rps)
        ;(samples['served-p99'][name] ??= []).push(result.p99)
      } catch (error) {
        errors.push(`served / ${name}: ${error.message}`)
      } finally {
        await server?.stop()
      }
    }
    process.stderr.write(`served bench: round ${round + 1}/${rounds} done\n`)
  }
  const rows = Object.fromEntries(Object.entries(samples).map(([row, byName]) => [row, Object.fromEntries(Object.entries(byName).map(([name, values]) => [name, median(values)]))]))
  return { rows, errors }
}

/** The rows as a markdown table; in parentheses, how many times better mocklib does (above 1x: mocklib is ahead). */
export function servedTable(rows) {
  const names = Object.keys(SERVED_LABELS).filter((name) => rows['served-rps']?.[name] !== undefined || rows['served-p99']?.[name] !== undefined)
  const cell = (value, ratio, name) => (value === undefined ? '' : name === 'mocklib' ? `**${fmt(value)}**` : `${fmt(value)} (${fmt(ratio)}x)`)
  const ours = { rps: rows['served-rps']?.mocklib, p99: rows['served-p99']?.mocklib }
  return [
    `| mock server, JSON GET, 50 connections | ${names.map((name) => SERVED_LABELS[name]).join(' | ')} |`,
    `|---|${names.map(() => '---:').join('|')}|`,
    `| requests per second (higher is better) | ${names.map((name) => cell(rows['served-rps']?.[name], ours.rps / rows['served-rps']?.[name], name)).join(' | ')} |`,
    `| p99 latency (ms) | ${names.map((name) => cell(rows['served-p99']?.[name], rows['served-p99']?.[name] / ours.p99, name)).join(' | ')} |`,
  ]
}
