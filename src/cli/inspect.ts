import { readFileSync } from 'node:fs'
import { createServer } from 'node:http'
import type { AddressInfo } from 'node:net'
import { basename } from 'node:path'
import { message } from '../kernel/index.js'
import { ADMIN_PREFIX, adminRoutes } from '../api/server/admin-routes.js'
import { Journal } from '../api/server/journal.js'
import { parseArguments } from './arguments.js'
import { ServeError } from './serve.js'

export const INSPECT_USAGE = `Usage: npx mocklib inspect <recording.har> [--port 0] [--host 127.0.0.1] [--admin-token <token>]

  Opens the HAR recording in the mocklib inspector: prints its URL as the first
  line, and serves it until stopped (Ctrl-C). Loopback clients only, unless
  --admin-token is given: then send it as a Bearer token or ?token=.`

export async function runInspect(args: readonly string[]): Promise<{ readonly url: string; close(): Promise<void> }> {
  const { positionals: [file], values } = parseArguments(args, { values: ['--port', '--host', '--admin-token'] })
  if (file === undefined) throw new ServeError(message('inspect needs the HAR file to open.', 'npx mocklib inspect <recording.har>'), 2)
  const port = Number(values.get('--port') ?? '0')
  if (!Number.isInteger(port) || port < 0 || port > 65535) throw new ServeError(message(`inspect: --port must be a port number, got "${values.get('--port')}".`), 2)
  const host = values.get('--host') ?? '127.0.0.1'
  let har: string
  try {
    har = readFileSync(file, 'utf8')
    const parsed = JSON.parse(har) as { log?: { entries?: unknown } }
    if (!Array.isArray(parsed.log?.entries)) throw new Error('it has no log.entries list')
  } catch (error) {
    throw new ServeError(message(`inspect: ${file} is no HAR recording: ${(error as Error).message}`, 'Give a .har file (HAR 1.2, as mocklib, browsers and proxies write them).'))
  }
  const token = values.get('--admin-token') ?? ''
  const routes = adminRoutes({ journal: new Journal(0), har, ...(token !== '' && { token }) })
  const page = `${ADMIN_PREFIX}?har=${encodeURIComponent(basename(file))}`
  const server = createServer((incoming, outgoing) => {
    if (!routes(incoming, outgoing)) outgoing.writeHead(302, { location: page }).end()
  })
  await new Promise<void>((resolve, reject) => {
    server.once('error', (error: NodeJS.ErrnoException) => reject(new ServeError(message(`inspect could not listen on ${host}:${port} (${error.code ?? error.message}).`, 'Choose another port (--port, or 0 for a free one).'))))
    server.listen(port, host, resolve)
  })
  const address = server.address() as AddressInfo
  const url = `http://${address.family === 'IPv6' ? `[${address.address}]` : address.address}:${address.port}${page}`
  console.log(`mocklib inspector for ${file}: ${url}`)
  return {
    url,
    close: () => new Promise<void>((resolve) => {
      server.close(() => resolve())
      server.closeAllConnections()
    }),
  }
}
