// Generates the type-check workload, shaped like a large app: ROUTES REST
// handlers over the whole path grammar (plain, `:id`, optional `:id?`,
// repeated `:path+`/`:path*`, wildcards, absolute URLs with ports and query
// strings, express-style `:name.:ext` and `:id(\\d+)`), OPERATIONS typed GraphQL
// operations, and builder chains of 4 to 6 steps. mocklib is written in three
// styles (`http.*` with params inferred, `http.*` with explicit generics, the
// `mock.*` builder); msw 2 and msw 3 with explicit generics, the typed way to
// write the same handlers there (msw infers no params and has no builder).
const METHODS = ['get', 'post', 'put', 'patch', 'delete']

/** The size of the workload the bench and the type-cost test check. */
export const WORKLOAD = { routes: 500, operations: 200 }

/** One route: its method, path, explicit params type, and an expression that uses the params. */
function route(i) {
  const shapes = [
    [`/api/r${i}`, '{}', "'none'"],
    [`/api/r${i}/:id`, '{ id: string }', '`${params.id}`'],
    [`/api/r${i}/:userId/posts/:postId`, '{ userId: string; postId: string }', '`${params.userId}/${params.postId}`'],
    [`/api/r${i}/:id/items/:itemId?`, '{ id: string; itemId?: string }', "`${params.id}/${params.itemId ?? ''}`"],
    [`/api/r${i}/files/:path+`, '{ path: string }', '`${params.path}`'],
    [`/api/r${i}/tree/:path*`, '{ path: string }', '`${params.path}`'],
    [`/api/r${i}/assets/*`, '{}', "'asset'"],
    [`https://api.example.test:8443/v1/r${i}/:id?expand=true`, '{ id: string }', '`${params.id}`'],
    [`/api/r${i}/export/:name.:ext`, '{ name: string; ext: string }', '`${params.name}.${params.ext}`'],
    [`http://localhost:3000/r${i}/:id(\\\\d+)/:slug`, '{ id: string; slug: string }', '`${params.id}/${params.slug}`'],
  ]
  const [path, params, use] = shapes[i % shapes.length]
  return { method: METHODS[i % METHODS.length], path, params, use }
}

/** The handlers file of one style. @param {{ routes: number, operations: number, module: string, style: 'inferred' | 'explicit' | 'builder' }} options */
function handlersFile({ routes, operations, module, style }) {
  const mocklib = module === 'mocklib'
  const lines = [`import { ${style === 'builder' ? 'mock' : 'http'}, HttpResponse } from '${module}'`, '']
  if (operations && style !== 'builder') {
    // msw 3 moved graphql to a subpath; msw 2 exports it from the main entry.
    lines.push(`import { graphql } from '${module === 'msw' ? 'msw/graphql' : module}'`)
  }
  if (operations) lines.push(...graphqlPreamble(operations))
  const api = mocklib ? 'graphql' : 'api'
  if (operations && !mocklib) lines.push("const api = graphql.link('http://localhost/graphql')", '')
  lines.push('export const handlers = [')
  for (let i = 0; i < routes; i++) {
    const { method, path, params, use } = route(i)
    const answer = `({ params }) => HttpResponse.json({ value: ${use}, n: ${i} })`
    if (style === 'builder') lines.push(`  ${builderChain(i, method, path, answer)},`)
    else if (style === 'explicit') lines.push(`  http.${method}<${params}, never, { value: string; n: number }>('${path}', ${answer}),`)
    else lines.push(`  http.${method}('${path}', ${answer}),`)
  }
  for (let i = 0; i < operations; i++) {
    if (style === 'builder') {
      const steps = i % 2 ? `.variables({ id: '${i}' }).headers({ authorization: /^Bearer / })` : `.variables({ id: /^\\d+$/ })`
      lines.push(`  mock.query(Op${i})${steps}.reply({ data: { item${i}: { id: '${i}', n: ${i} } } }).once(),`)
    } else {
      lines.push(`  ${api}.query(Op${i}, ({ variables }) => HttpResponse.json({ data: { item${i}: { id: variables.id, n: ${i} } } })),`)
    }
  }
  lines.push(']', '')
  return lines.join('\n')
}

/** A builder chain of 4 to 6 steps (predicate, matching steps, answer, modifiers). */
function builderChain(i, method, path, answer) {
  const start = `mock.${method}('${path}')`
  switch (i % 3) {
    case 0:
      return `${start}.query({ page: '1' }).reply(${answer}).once()`
    case 1:
      return `${start}.headers({ authorization: /^Bearer / }).body<{ title: string }>({ title: 'x' }).reply<{ id: string }>(201, { id: '${i}' }).times(2)`
    default:
      return `${start}.headers({ accept: 'application/json' }).cookies({ session: (value) => value.length > 0 }).reply(${answer}).delay(10).persist()`
  }
}

/** @returns {string} the mocklib file, params inferred from the path */
export function mocklibFile({ routes, operations }) {
  return handlersFile({ routes, operations, module: 'mocklib', style: 'inferred' })
}

/** @returns {string} the mocklib file with explicit generics on every handler */
export function mocklibExplicitFile({ routes, operations }) {
  return handlersFile({ routes, operations, module: 'mocklib', style: 'explicit' })
}

/** @returns {string} the mocklib file in the builder style: `mock.*` chains, params inferred */
export function mocklibBuilderFile({ routes, operations }) {
  return handlersFile({ routes, operations, module: 'mocklib', style: 'builder' })
}

/**
 * @param {{ routes: number, operations: number, module?: string }} options `module`: 'msw' (msw 3) or 'msw2'
 * @returns {string} the msw file, explicit generics on every handler
 */
export function mswFile({ routes, operations, module = 'msw' }) {
  return handlersFile({ routes, operations, module, style: 'explicit' })
}

/** The typed documents `Op0`…: one per operation, so that OPERATIONS can change. */
function graphqlPreamble(operations) {
  const lines = ["import type { TypedDocumentNode } from '@graphql-typed-document-node/core'", "import { parse } from 'graphql'", '']
  for (let i = 0; i < operations; i++) {
    lines.push(
      `const Op${i} = parse('query Op${i}($id: ID!) { item${i}(id: $id) { id n } }') as TypedDocumentNode<{ item${i}: { id: string; n: number } }, { id: string }>`,
    )
  }
  lines.push('')
  return lines
}
