// Handlers made by one build (CommonJS or ES module) answer through a server made
// by the other: a project may load `mocklib` through `require` (a CommonJS
// dependency, Jest) and `mocklib/node` through `import`, or the other way round.
// Handler identity is a Symbol.for brand, so both builds recognise each other's.
//
// Needs dist/ (npm run build). Run with `npm run test:pack`.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createPackedProject, type PackedProject } from './support/packed-project.js'

let project: PackedProject

const scenario = (label: string) => `
  const server = setupServer(
    http.get('https://api.example.test/who', () => HttpResponse.json({ answered: '${label}' })),
    graphql.query('Who', () => HttpResponse.json({ data: { who: '${label}' } })),
  )
  server.listen({ onUnhandledRequest: 'error' })
  try {
    const rest = await (await fetch('https://api.example.test/who')).json()
    const gql = await (
      await fetch('https://api.example.test/graphql', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ query: 'query Who { who }' }),
      })
    ).json()
    console.log(JSON.stringify({ rest, gql, handlers: server.listHandlers().length }))
  } finally {
    server.close()
  }
`

beforeAll(() => {
  project = createPackedProject({ link: ['graphql'] })
  project.write(
    'cjs-handlers-esm-server.mjs',
    `import { createRequire } from 'node:module'
     import { setupServer } from 'mocklib/node'
     const { http, graphql, HttpResponse } = createRequire(import.meta.url)('mocklib')
     ${scenario('cjs handlers, esm server')}`,
  )
  project.write(
    'esm-handlers-cjs-server.cjs',
    `;(async () => {
       const { http, graphql, HttpResponse } = await import('mocklib')
       const { setupServer } = require('mocklib/node')
       ${scenario('esm handlers, cjs server')}
     })()`,
  )
}, 120_000)

afterAll(() => project?.remove())

describe('handlers and servers from the CommonJS and ES module builds mix', () => {
  it('CommonJS handlers answer through the ES module setupServer', () => {
    expect(JSON.parse(project.run(process.execPath, ['cjs-handlers-esm-server.mjs']))).toEqual({
      rest: { answered: 'cjs handlers, esm server' },
      gql: { data: { who: 'cjs handlers, esm server' } },
      handlers: 2,
    })
  })

  it('ES module handlers answer through the CommonJS setupServer', () => {
    expect(JSON.parse(project.run(process.execPath, ['esm-handlers-cjs-server.cjs']))).toEqual({
      rest: { answered: 'esm handlers, cjs server' },
      gql: { data: { who: 'esm handlers, cjs server' } },
      handlers: 2,
    })
  })
})
