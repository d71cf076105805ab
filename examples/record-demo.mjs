// Record and replay: record real traffic to a HAR file with snapshot(), stop
// the real server, replay the file (snapshot replay mode, then fromHar mixed
// with a hand-written override), and show that secrets never reach the file.
import { createServer } from 'node:http'
import { mkdtempSync, readFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fromHar, http, HttpResponse } from 'mocklib'
import { setupServer, snapshot } from 'mocklib/node'

// A real API on 127.0.0.1.
let visits = 0
const real = createServer((request, response) => {
  response.setHeader('content-type', 'application/json')
  response.setHeader('set-cookie', 'session=REAL-SESSION-ID; HttpOnly')
  response.end(JSON.stringify({ path: request.url, visits: ++visits }))
})
await new Promise((resolve) => real.listen(0, '127.0.0.1', resolve))
const origin = `http://127.0.0.1:${real.address().port}`
const file = join(mkdtempSync(join(tmpdir(), 'mocklib-demo-')), 'api.har')

const show = (what, status, body) => console.log(`  ${what.padEnd(34)} → ${status} ${body}`)
async function call(what, path) {
  const response = await fetch(`${origin}${path}`, { headers: { authorization: 'Bearer SECRET-TOKEN' } })
  show(what, response.status, await response.text())
}

console.log('1. Record (mode "record"): every request reaches the real server')
let server = setupServer(snapshot(file, { mode: 'record' }))
server.listen({ onUnhandledRequest: 'error' })
await call('GET /users/1', '/users/1')
await call('GET /users/2', '/users/2')
server.close()

await new Promise((resolve) => real.close(resolve))
const text = readFileSync(file, 'utf8')
console.log(`   ${file}: ${JSON.parse(text).log.entries.length} entries; secrets in it: ${/SECRET-TOKEN|REAL-SESSION-ID/.test(text) ? 'YES' : 'none'}`)

console.log('2. Replay (mode "replay"), the real server stopped')
server = setupServer(snapshot(file, { mode: 'replay' }))
server.listen({ onUnhandledRequest: 'error' })
await call('GET /users/1', '/users/1')
await call('GET /users/2', '/users/2')
try {
  await fetch(`${origin}/users/3`)
} catch (error) {
  show('GET /users/3 (not recorded)', 'unhandled', `(${error.message})`)
}
server.close()

console.log('3. fromHar(), with a hand-written override first')
server = setupServer(http.get(`${origin}/users/2`, () => HttpResponse.json({ overridden: true })), ...fromHar(text))
server.listen({ onUnhandledRequest: 'error' })
await call('GET /users/1', '/users/1')
await call('GET /users/2', '/users/2')
server.close()
console.log('   Next: `npx mocklib har2ts api.har --out handlers.ts` turns the file into typed handlers.')
