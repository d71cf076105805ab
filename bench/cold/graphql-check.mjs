// Untimed: with the graphql-detecting hook preloaded, use mocklib for REST the
// way a test does (import, one handler, listen, fetch + node:http) and report
// whether the `graphql` package was loaded.
import nodeHttp from 'node:http'
const dist = process.env.MOCKLIB_BENCH_DIST ? new URL(`file://${process.env.MOCKLIB_BENCH_DIST}/`) : new URL('../../dist/', import.meta.url)
const { http, HttpResponse } = await import(new URL('index.js', dist).href)
const { setupServer } = await import(new URL('node.js', dist).href)
const server = setupServer(http.get('http://localhost/api/r0/:id', () => HttpResponse.json({ id: 1 })))
server.listen({ onUnhandledRequest: 'error' })
await (await fetch('http://localhost/api/r0/1')).json()
await new Promise((resolve, reject) => nodeHttp.get('http://localhost/api/r0/1', (res) => res.resume().on('end', resolve)).on('error', reject))
server.close()
process.stdout.write(JSON.stringify({ value: globalThis.__graphqlLoaded === true }))
