// The workload of the OpenAPI type-check row (openapi-msw.mjs): an OpenAPI 3.1
// document of N operations, and the same N handlers written three ways —
// mocklib's `openapi<paths>()` handlers, its contract-typed `mock` builder,
// and openapi-msw's `createOpenApiHttp<paths>()` — against the `paths`
// openapi-typescript writes for that document. Each operation has its own
// path and schemas, so that the compiler cannot reuse one operation's types
// for the next, as in a real description.
const KINDS = ['show', 'create', 'replace', 'remove', 'list']

function thing(i) {
  return {
    type: 'object',
    required: ['id', 'n', 'tags'],
    properties: { id: { type: 'string' }, n: { type: 'integer' }, name: { type: 'string' }, tags: { type: 'array', items: { type: 'string' } } },
  }
}

const json = (schema) => ({ content: { 'application/json': { schema } } })
const error = { description: 'not found', ...json({ $ref: '#/components/schemas/Error' }) }
const idParam = { name: 'id', in: 'path', required: true, schema: { type: 'string' } }

/** @returns {object} the document: operation i is of kind KINDS[i % 5] on its own path */
export function openApiDocument(operations) {
  const paths = {}
  const schemas = { Error: { type: 'object', required: ['code', 'message'], properties: { code: { type: 'integer' }, message: { type: 'string' } } } }
  for (let i = 0; i < operations; i++) {
    const kind = KINDS[i % KINDS.length]
    const ref = { $ref: `#/components/schemas/Thing${i}` }
    schemas[`Thing${i}`] = thing(i)
    if (kind === 'create' || kind === 'replace') {
      schemas[`NewThing${i}`] = { type: 'object', required: ['name'], properties: { name: { type: 'string' }, tags: { type: 'array', items: { type: 'string' } } } }
    }
    const body = { required: true, ...json({ $ref: `#/components/schemas/NewThing${i}` }) }
    if (kind === 'show') {
      paths[`/things${i}/{id}`] = {
        get: {
          operationId: `show${i}`,
          parameters: [idParam, { name: 'verbose', in: 'query', schema: { type: 'boolean' } }, { name: 'fields', in: 'query', schema: { type: 'array', items: { type: 'string' } } }],
          responses: { 200: { description: 'ok', ...json(ref) }, 404: error },
        },
      }
    } else if (kind === 'create') {
      paths[`/things${i}`] = {
        post: {
          operationId: `create${i}`,
          requestBody: body,
          responses: { 201: { description: 'created', headers: { location: { required: true, schema: { type: 'string' } } }, ...json(ref) }, '4XX': error },
        },
      }
    } else if (kind === 'replace') {
      paths[`/things${i}/{id}`] = { put: { operationId: `replace${i}`, parameters: [idParam], requestBody: body, responses: { 200: { description: 'ok', ...json(ref) }, 404: error } } }
    } else if (kind === 'remove') {
      paths[`/things${i}/{id}`] = { delete: { operationId: `remove${i}`, parameters: [idParam], responses: { 204: { description: 'gone' }, 404: error } } }
    } else {
      paths[`/things${i}`] = {
        get: {
          operationId: `list${i}`,
          parameters: [{ name: 'limit', in: 'query', schema: { type: 'integer' } }],
          responses: { 200: { description: 'ok', ...json({ type: 'array', items: ref }) }, default: error },
        },
      }
    }
  }
  return { openapi: '3.1.0', info: { title: 'type-check workload', version: '1' }, paths, components: { schemas } }
}

/**
 * The handlers, one per operation, in one of three styles. `query` is read
 * the way each library gives it (mocklib: an object; openapi-msw: `get()`).
 * @param {'mocklib' | 'builder' | 'openapi-msw'} style
 * @returns {string} the handlers file (an ES module importing `./paths.mjs`)
 */
export function openApiHandlersFile(style, operations) {
  const lines =
    style === 'openapi-msw'
      ? ["import { createOpenApiHttp } from 'openapi-msw'", "import type { paths } from './paths.mjs'", '', "const api = createOpenApiHttp<paths>({ baseUrl: 'https://api.example.test' })"]
      : ["import { openapi } from 'mocklib/openapi'", "import type { paths } from './paths.mjs'", '', "const api = openapi<paths>('https://api.example.test')"]
  lines.push('', 'export const handlers = [')
  for (let i = 0; i < operations; i++) lines.push(`  ${style === 'builder' ? builderHandler(i) : resolverHandler(style, i)},`)
  lines.push(']', '')
  return lines.join('\n')
}

function resolverHandler(style, i) {
  const kind = KINDS[i % KINDS.length]
  const query = (name) => (style === 'openapi-msw' ? `query.get('${name}')` : `query.${name}`)
  const location = `{ headers: { location: '/things${i}/1' } }`
  switch (kind) {
    case 'show':
      return `api.get('/things${i}/{id}', ({ params, query, response }) => (${query('verbose')} ? response(200).json({ id: params.id, n: ${i}, tags: [] }) : response(404).json({ code: 404, message: 'no' })))`
    case 'create':
      return `api.post('/things${i}', async ({ request, response }) => { const body = await request.json(); return response(201).json({ id: '1', n: ${i}, name: body.name, tags: body.tags ?? [] }, ${location}) })`
    case 'replace':
      return `api.put('/things${i}/{id}', async ({ params, request, response }) => { const body = await request.json(); return response(200).json({ id: params.id, n: ${i}, name: body.name, tags: [] }) })`
    case 'remove':
      return `api.delete('/things${i}/{id}', ({ params, response }) => (params.id === '0' ? response(404).json({ code: 404, message: 'no' }) : response(204).empty()))`
    default:
      return `api.get('/things${i}', ({ query, response }) => response(200).json(${query('limit')} ? [] : [{ id: 'a', n: ${i}, tags: [] }]))`
  }
}

function builderHandler(i) {
  const kind = KINDS[i % KINDS.length]
  switch (kind) {
    case 'show':
      return `api.mock.get('/things${i}/{id}').query({ verbose: 'true' }).reply(200, { id: '1', n: ${i}, tags: [] })`
    case 'create':
      return `api.mock.post('/things${i}').body({ name: 'a' }).reply(201, { id: '1', n: ${i}, name: 'a', tags: [] }, { headers: { location: '/things${i}/1' } })`
    case 'replace':
      return `api.mock.put('/things${i}/{id}').body((body) => body.name.length > 0).reply(200, { id: '1', n: ${i}, name: 'a', tags: [] })`
    case 'remove':
      return `api.mock.delete('/things${i}/{id}').reply(204)`
    default:
      return `api.mock.get('/things${i}').reply(200, [{ id: 'a', n: ${i}, tags: [] }])`
  }
}

/**
 * N GET operations of GitHub's REST description that answer 404 with its
 * shared `not_found` response, spread evenly over the document.
 * @returns {string[]} their path templates
 */
export function githubTemplates(document, operations) {
  const all = Object.entries(document.paths)
    .filter(([, item]) => item.get?.responses?.['404']?.$ref === '#/components/responses/not_found')
    .map(([template]) => template)
  const step = all.length / operations
  return Array.from({ length: Math.min(operations, all.length) }, (_, index) => all[Math.floor(index * step)])
}

/**
 * Handlers for GitHub's description: each answers its 404 (`basic-error`), reading
 * its first path param, the same text for both libraries but the import; the
 * builder style replies with the same body.
 * @param {'mocklib' | 'builder' | 'openapi-msw'} style
 */
export function githubHandlersFile(style, templates) {
  const lines =
    style === 'openapi-msw'
      ? ["import { createOpenApiHttp } from 'openapi-msw'", "import type { paths } from './paths.mjs'", '', "const api = createOpenApiHttp<paths>({ baseUrl: 'https://api.github.com' })"]
      : ["import { openapi } from 'mocklib/openapi'", "import type { paths } from './paths.mjs'", '', "const api = openapi<paths>('https://api.github.com')"]
  lines.push('', 'export const handlers = [')
  for (const template of templates) {
    const param = /\{([^}]+)\}/.exec(template)?.[1]
    const message = param === undefined ? "'Not Found'" : `'Not Found: ' + params[${JSON.stringify(param)}]`
    if (style === 'builder') {
      lines.push(`  api.mock.get('${template}').reply(404, { message: 'Not Found', documentation_url: 'https://docs.github.com/rest' }),`)
    } else {
      lines.push(`  api.get('${template}', ({ params, response }) => response(404).json({ message: ${message}, documentation_url: 'https://docs.github.com/rest' })),`)
    }
  }
  lines.push(']', '')
  return lines.join('\n')
}
