// Generates the type-check workload: ROUTES REST handlers (and GraphQL
// operations when mocklib exports `graphql`) written for mocklib (params
// inferred from the path, `http.*` and `mock.*` builder styles) and for msw 2
// and msw 3 with explicit generics.
const METHODS = ['get', 'post', 'put', 'patch', 'delete']

function route(i) {
  const kind = i % 4
  const path =
    kind === 0 ? `/api/r${i}` : kind === 1 ? `/api/r${i}/:id` : kind === 2 ? `/api/r${i}/:userId/posts/:postId` : `/api/r${i}/:id/items/:itemId?`
  const params =
    kind === 0 ? '{}' : kind === 1 ? '{ id: string }' : kind === 2 ? '{ userId: string; postId: string }' : '{ id: string; itemId?: string }'
  const use = kind === 0 ? "'none'" : kind === 1 ? 'params.id' : kind === 2 ? 'params.userId + params.postId' : "params.id + (params.itemId ?? '')"
  return { method: METHODS[i % METHODS.length], path, params, use }
}

/** @returns {string} the mocklib file */
export function mocklibFile({ routes, operations }) {
  const lines = ["import { http, HttpResponse } from 'mocklib'", '']
  if (operations) lines.push(...graphqlPreamble("import { graphql } from 'mocklib'", operations))
  lines.push('export const handlers = [')
  for (let i = 0; i < routes; i++) {
    const { method, path, use } = route(i)
    lines.push(`  http.${method}('${path}', ({ params }) => HttpResponse.json({ value: ${use}, n: ${i} })),`)
  }
  for (let i = 0; i < (operations ?? 0); i++) {
    lines.push(`  graphql.query(Op${i}, ({ variables }) => HttpResponse.json({ data: { item${i}: { id: variables.id, n: ${i} } } })),`)
  }
  lines.push(']', '')
  return lines.join('\n')
}

/** @returns {string} the mocklib file in the builder style: `mock.*`, params inferred, GraphQL variables matched */
export function mocklibBuilderFile({ routes, operations }) {
  const lines = ["import { mock, HttpResponse } from 'mocklib'", '']
  if (operations) lines.push(...graphqlPreamble('', operations))
  lines.push('export const handlers = [')
  for (let i = 0; i < routes; i++) {
    const { method, path, use } = route(i)
    lines.push(`  mock.${method}('${path}').reply(({ params }) => HttpResponse.json({ value: ${use}, n: ${i} })),`)
  }
  for (let i = 0; i < (operations ?? 0); i++) {
    lines.push(`  mock.query(Op${i}).variables({ id: '${i}' }).reply({ data: { item${i}: { id: '${i}', n: ${i} } } }),`)
  }
  lines.push(']', '')
  return lines.join('\n')
}

/**
 * @param {{ routes: number, operations: number, module?: string }} options `module`: 'msw' (msw 3) or 'msw2'
 * @returns {string} the msw file, explicit generics on every handler
 */
export function mswFile({ routes, operations, module = 'msw' }) {
  const lines = [`import { http, HttpResponse } from '${module}'`, '']
  // msw 3 moved graphql to a subpath; msw 2 exports it from the main entry.
  if (operations) lines.push(...graphqlPreamble(`import { graphql } from '${module === 'msw' ? 'msw/graphql' : module}'`, operations), "const api = graphql.link('http://localhost/graphql')", '')
  lines.push('export const handlers = [')
  for (let i = 0; i < routes; i++) {
    const { method, path, params, use } = route(i)
    lines.push(
      `  http.${method}<${params}, never, { value: string; n: number }>('${path}', ({ params }) => HttpResponse.json({ value: ${use}, n: ${i} })),`,
    )
  }
  for (let i = 0; i < (operations ?? 0); i++) {
    lines.push(`  api.query(Op${i}, ({ variables }) => HttpResponse.json({ data: { item${i}: { id: variables.id, n: ${i} } } })),`)
  }
  lines.push(']', '')
  return lines.join('\n')
}

/** The typed documents `Op0`…: one per operation, so that OPERATIONS can change. */
function graphqlPreamble(importLine, operations) {
  const lines = [...(importLine ? [importLine] : []), "import type { TypedDocumentNode } from '@graphql-typed-document-node/core'", "import { parse } from 'graphql'", '']
  for (let i = 0; i < operations; i++) {
    lines.push(
      `const Op${i} = parse('query Op${i}($id: ID!) { item${i}(id: $id) { id n } }') as TypedDocumentNode<{ item${i}: { id: string; n: number } }, { id: string }>`,
    )
  }
  lines.push('')
  return lines
}
