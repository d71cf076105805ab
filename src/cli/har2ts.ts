import { readFileSync, writeFileSync } from 'node:fs'
import { message, NULL_BODY_STATUSES } from '../kernel/index.js'
import { parseHar, type HarEntry } from '../dsl/index.js'
import { parseArguments } from './arguments.js'

export const HAR2TS_USAGE = `Usage: npx mocklib har2ts <file.har> [--out handlers.ts]

  Writes typed http.* / graphql.* handlers that answer the requests recorded in
  <file.har> (to handlers.ts with --out, else to the standard output).`

interface Answer {
  readonly status: number
  readonly statusText: string
  readonly headers: Array<[string, string]>
  readonly body: { kind: 'json'; value: unknown } | { kind: 'text'; value: string } | { kind: 'base64'; value: string } | { kind: 'none' }
}

interface RestCall {
  readonly origin: string
  /** Method and path pattern (`GET /users/:id`): one handler each. */
  readonly endpoint: string
  /** `pathname + search`, the generated table's key. */
  readonly path: string
  readonly requestBody: string
  readonly answer: Answer
}

interface GraphQLCall {
  readonly origin: string
  readonly path: string
  readonly type: 'query' | 'mutation'
  readonly name: string
  readonly variables: string
  readonly answer: Answer
}

// Headers that describe the wire or that recording redacted: not part of the answer.
const SKIPPED_HEADERS = new Set(['content-encoding', 'content-length', 'transfer-encoding', 'connection', 'keep-alive', 'date'])

function answerOf(entry: HarEntry): Answer {
  const { response } = entry
  const headers = response.headers
    .filter(({ name, value }) => !SKIPPED_HEADERS.has(name.toLowerCase()) && value !== '[redacted]')
    .map(({ name, value }): [string, string] => [name.toLowerCase(), value])
  const { text, encoding, mimeType } = response.content
  let body: Answer['body'] = { kind: 'none' }
  if (text !== undefined && text !== '' && !NULL_BODY_STATUSES.has(response.status) && entry.request.method !== 'HEAD') {
    if (encoding === 'base64') body = { kind: 'base64', value: text }
    else if (/[/+]json\b/i.test(mimeType)) body = parseJson(text) ?? { kind: 'text', value: text }
    else body = { kind: 'text', value: text }
  }
  return { status: response.status, statusText: response.statusText, headers, body }
}

function parseJson(text: string): Answer['body'] | undefined {
  try {
    return { kind: 'json', value: JSON.parse(text) as unknown }
  } catch {
    return undefined
  }
}

function graphQLOperation(entry: HarEntry): { type: 'query' | 'mutation'; name: string; variables: string } | undefined {
  const url = new URL(entry.request.url)
  let payload: { query?: unknown; operationName?: unknown; variables?: unknown } | undefined
  try {
    if (entry.request.method === 'GET' && url.searchParams.has('query')) {
      const variables = url.searchParams.get('variables')
      payload = {
        query: url.searchParams.get('query'),
        operationName: url.searchParams.get('operationName') ?? undefined,
        variables: variables ? (JSON.parse(variables) as unknown) : undefined,
      }
    } else if (entry.request.method === 'POST' && entry.request.postData?.text && /json/i.test(entry.request.postData.mimeType)) {
      payload = JSON.parse(entry.request.postData.text) as typeof payload
    }
  } catch {
    return undefined
  }
  if (typeof payload?.query !== 'string') return undefined
  const head = /^\s*(query|mutation|subscription)\s+([_A-Za-z][_0-9A-Za-z]*)/.exec(payload.query.replace(/#[^\n]*/g, ''))
  const name = typeof payload.operationName === 'string' ? payload.operationName : head?.[2]
  const type = head?.[1] ?? 'query'
  if (!name || (type !== 'query' && type !== 'mutation')) return undefined
  return { type, name, variables: JSON.stringify(sortKeys(payload.variables ?? {})) }
}

function sortKeys(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(sortKeys)
  if (value === null || typeof value !== 'object') return value
  return Object.fromEntries(
    Object.keys(value)
      .sort()
      .map((key) => [key, sortKeys((value as Record<string, unknown>)[key])]),
  )
}

function requestBodyKey(entry: HarEntry): string {
  const text = entry.request.postData?.text ?? ''
  try {
    return text === '' ? '' : JSON.stringify(sortKeys(JSON.parse(text)))
  } catch {
    return text
  }
}

const ID_SEGMENT = /^(\d+|[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}|[0-9a-f]{12,}|(?=[A-Za-z0-9_-]*\d)[A-Za-z0-9_-]{16,})$/i

/** `/users/1/posts` → `/users/:id/posts`; the second id is `:id2`, and so on. */
function patternOf(segments: readonly string[]): string {
  let ids = 0
  return segments
    .map((segment) => {
      if (!ID_SEGMENT.test(segment)) return segment
      ids++
      return ids === 1 ? ':id' : `:id${ids}`
    })
    .join('/')
}

/** The JSON values seen at one place. */
interface Shape {
  primitives: Set<'string' | 'number' | 'boolean' | 'null'>
  array?: { element?: Shape }
  object?: { samples: number; fields: Map<string, { shape: Shape; seen: number }> }
}

const emptyShape = (): Shape => ({ primitives: new Set() })

function addSample(shape: Shape, value: unknown): Shape {
  if (value === null) shape.primitives.add('null')
  else if (typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean') shape.primitives.add(typeof value as 'string')
  else if (Array.isArray(value)) {
    shape.array ??= {}
    for (const element of value) shape.array.element = addSample(shape.array.element ?? emptyShape(), element)
  } else if (typeof value === 'object') {
    shape.object ??= { samples: 0, fields: new Map() }
    shape.object.samples++
    for (const [key, field] of Object.entries(value as Record<string, unknown>)) {
      const known = shape.object.fields.get(key) ?? { shape: emptyShape(), seen: 0 }
      known.seen++
      known.shape = addSample(known.shape, field)
      shape.object.fields.set(key, known)
    }
  }
  return shape
}

function printShape(shape: Shape, indent: string): string {
  const parts: string[] = []
  if (shape.object) {
    const { samples, fields } = shape.object
    if (fields.size === 0) parts.push('Record<string, never>')
    else {
      const inner = `${indent}  `
      const lines = [...fields].map(([key, field]) => {
        const optional = field.seen < samples ? '?' : ''
        return `${inner}${propertyName(key)}${optional}: ${printShape(field.shape, inner)}`
      })
      parts.push(`{\n${lines.join('\n')}\n${indent}}`)
    }
  }
  if (shape.array) {
    const element = shape.array.element ? printShape(shape.array.element, indent) : 'unknown'
    parts.push(element.includes('|') ? `Array<${element}>` : `${element}[]`)
  }
  parts.push(...[...shape.primitives].sort())
  return parts.length === 0 ? 'unknown' : parts.join(' | ')
}

function propertyName(key: string): string {
  return /^[A-Za-z_$][\w$]*$/.test(key) ? key : JSON.stringify(key)
}

function pascal(text: string): string {
  const name = text
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .split(/[^A-Za-z0-9]+/)
    .filter((word) => word !== '')
    .map((word) => word.charAt(0).toUpperCase() + word.slice(1).toLowerCase())
    .join('')
  return /^\d/.test(name) ? `_${name}` : name || 'Root'
}

function camel(text: string): string {
  const name = pascal(text)
  return name.charAt(0).toLowerCase() + name.slice(1)
}

class UniqueNames {
  readonly #taken = new Set<string>(['http', 'graphql', 'HttpResponse', 'handlers', 'Recorded', 'answer', 'answerGraphQL', 'respond'])
  take(name: string): string {
    let candidate = name
    for (let index = 2; this.#taken.has(candidate); index++) candidate = `${name}${index}`
    this.#taken.add(candidate)
    return candidate
  }
}

function endpointName(method: string, pattern: string): string {
  const parts = pattern
    .split('/')
    .filter((segment) => segment !== '')
    .map((segment) => (segment.startsWith(':') ? `by ${segment.slice(1)}` : segment))
  return `${method.toLowerCase()} ${parts.join(' ') || 'root'}`
}

/** On one line when it fits in 80 characters, else one item a line. */
function literal(value: unknown, indent: string): string {
  if (value === null || typeof value !== 'object') return JSON.stringify(value)
  const inner = `${indent}  `
  const isArray = Array.isArray(value)
  const items = isArray ? value.map((item) => literal(item, inner)) : Object.entries(value).map(([key, item]) => `${propertyName(key)}: ${literal(item, inner)}`)
  if (items.length === 0) return isArray ? '[]' : '{}'
  const flat = isArray ? `[${items.join(', ')}]` : `{ ${items.join(', ')} }`
  if (flat.length <= 80 && !flat.includes('\n')) return flat
  return `${isArray ? '[' : '{'}\n${items.map((item) => `${inner}${item},`).join('\n')}\n${indent}${isArray ? ']' : '}'}`
}

function printAnswer(answer: Answer, indent: string): string {
  const inner = `${indent}  `
  const lines = [`${inner}status: ${answer.status},`]
  if (answer.statusText !== '') lines.push(`${inner}statusText: ${JSON.stringify(answer.statusText)},`)
  if (answer.headers.length > 0) lines.push(`${inner}headers: ${literal(answer.headers, inner)},`)
  const { body } = answer
  if (body.kind === 'json') lines.push(`${inner}json: ${literal(body.value, inner)},`)
  else if (body.kind !== 'none') lines.push(`${inner}${body.kind}: ${JSON.stringify(body.value)},`)
  return `{\n${lines.join('\n')}\n${indent}}`
}

/** Adds an endpoint's body type (from its JSON answers, `never` without any) and its table to `section`. */
function addTable(section: string[], names: UniqueNames, base: string, title: string, calls: readonly { answer: Answer }[], rows: Map<string, { answer: Answer }[]>): string {
  const samples = calls.filter(({ answer }) => answer.body.kind === 'json')
  const shape = emptyShape()
  for (const { answer } of samples) addSample(shape, (answer.body as { value: unknown }).value)
  const type = samples.length === 0 ? undefined : printShape(shape, '')
  const typeName = type ? names.take(`${pascal(base)}Body`) : 'never'
  const tableName = names.take(camel(base))
  const lines = [...rows].map(([key, recorded]) => `  ${JSON.stringify(key)}: [${recorded.map(({ answer }) => printAnswer(answer, '  ')).join(', ')}],`)
  section.push('', `/** ${title} */`)
  if (type) section.push(`export type ${typeName} = ${type}`)
  section.push(`const ${tableName}: Recorded<${typeName}> = {\n${lines.join('\n')}\n}`)
  return tableName
}

function groupBy<Item>(items: readonly Item[], keyOf: (item: Item) => string): Map<string, Item[]> {
  const groups = new Map<string, Item[]>()
  for (const item of items) {
    const key = keyOf(item)
    groups.set(key, [...(groups.get(key) ?? []), item])
  }
  return groups
}

const PRELUDE = `/** Recorded answers by request (path and query, then body when bodies differ), in recorded order. */
type Recorded<Body> = Record<string, Array<{
  status: number
  statusText?: string
  headers?: Array<[string, string]>
  json?: Body
  text?: string
  base64?: string
}>>

const served = new Map<object, Map<string, number>>()

/** The next recorded answer for \`key\` (the last one repeats), as a Response; undefined when none was recorded. */
function respond<Body>(table: Recorded<Body>, key: string): Response | undefined {
  const answers = table[key]
  if (!answers || answers.length === 0) return undefined
  const counts = served.get(table) ?? new Map<string, number>()
  served.set(table, counts)
  const count = counts.get(key) ?? 0
  counts.set(key, count + 1)
  const recorded = answers[Math.min(count, answers.length - 1)]!
  const init = { status: recorded.status, statusText: recorded.statusText, headers: recorded.headers }
  if (recorded.json !== undefined) return HttpResponse.json(recorded.json, init)
  if (recorded.base64 !== undefined) return new HttpResponse(Uint8Array.from(atob(recorded.base64), (char) => char.charCodeAt(0)), init)
  return new HttpResponse(recorded.text ?? null, init)
}

/** Answers a REST request from its table: by path and query, then with its body when bodies were told apart. */
async function answer<Body>(table: Recorded<Body>, request: Request): Promise<Response | undefined> {
  const url = new URL(request.url)
  const key = url.pathname + url.search
  const text = request.body === null ? '' : await request.clone().text()
  let body = text
  try {
    body = text === '' ? '' : JSON.stringify(sortKeys(JSON.parse(text)))
  } catch {
    // Not JSON: compared as text.
  }
  return respond(table, \`\${key} \${body}\`) ?? respond(table, key)
}

/** Answers a GraphQL operation from its table, by variables. */
function answerGraphQL<Body>(table: Recorded<Body>, variables: Record<string, unknown>): Response | undefined {
  return respond(table, JSON.stringify(sortKeys(variables)))
}

function sortKeys(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(sortKeys)
  if (value === null || typeof value !== 'object') return value
  return Object.fromEntries(Object.keys(value).sort().map((key) => [key, sortKeys((value as Record<string, unknown>)[key])]))
}
`

/** A HAR as the code of a module exporting `handlers`: an `http.*` handler per endpoint, a `graphql` one per operation. */
function harToTypeScript(harText: string, source: string): string {
  const har = parseHar(harText)
  const rest: RestCall[] = []
  const operations: GraphQLCall[] = []
  for (const entry of har.log.entries) {
    // Network errors and informational answers (a 101 upgrade) are not request handlers' business.
    if (entry.response.status < 200) continue
    const url = new URL(entry.request.url)
    const answer = answerOf(entry)
    const operation = graphQLOperation(entry)
    if (operation) {
      operations.push({ origin: url.origin, path: url.pathname, ...operation, answer })
      continue
    }
    rest.push({
      origin: url.origin,
      endpoint: `${entry.request.method.toUpperCase()} ${patternOf(url.pathname.split('/'))}`,
      path: url.pathname + url.search,
      requestBody: requestBodyKey(entry),
      answer,
    })
  }

  const names = new UniqueNames()
  const sections: string[] = []
  const handlerLines: string[] = []
  const origins = [...new Set([...rest, ...operations].map((call) => call.origin))]
  for (const origin of origins) {
    const originName = names.take(camel(new URL(origin).host.replace(/:/g, ' port ')))
    const section = [`// ${origin}`, `export const ${originName} = ${JSON.stringify(origin)}`]
    // Static paths first, so `/users/me` is not taken by `/users/:id`.
    const staticHandlers: string[] = []
    const patternHandlers: string[] = []

    for (const [endpoint, calls] of groupBy(rest.filter((call) => call.origin === origin), (call) => call.endpoint)) {
      const [method = 'GET', pattern = '/'] = endpoint.split(' ')
      // Requests to one URL with different bodies are told apart by body.
      const byBody = (call: RestCall) => calls.some((other) => other.path === call.path && other.requestBody !== call.requestBody)
      const rows = groupBy(calls, (call) => (byBody(call) ? `${call.path} ${call.requestBody}` : call.path))
      const tableName = addTable(section, names, endpointName(method, pattern), `${endpoint} (${calls.length} recorded)`, calls, rows)
      const factory = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE', 'HEAD', 'OPTIONS'].includes(method) ? method.toLowerCase() : 'all'
      const line = `  http.${factory}(\`\${${originName}}${pattern.replace(/`/g, '\\`')}\`, ({ request }) => answer(${tableName}, request)),`
      if (pattern.includes(':')) patternHandlers.push(line)
      else staticHandlers.push(line)
    }

    const byOperation = groupBy(operations.filter((call) => call.origin === origin), (call) => `${call.path} ${call.type} ${call.name}`)
    for (const calls of byOperation.values()) {
      const { path, type: operationType, name } = calls[0]!
      const title = `GraphQL ${operationType} ${name} at ${path} (${calls.length} recorded)`
      const tableName = addTable(section, names, `${name} ${operationType}`, title, calls, groupBy(calls, (call) => call.variables))
      staticHandlers.push(`  graphql.link(\`\${${originName}}${path}\`).${operationType}(${JSON.stringify(name)}, ({ variables }) => answerGraphQL(${tableName}, variables)),`)
    }
    sections.push(section.join('\n'))
    handlerLines.push(`  // ${origin}`, ...staticHandlers, ...patternHandlers)
  }

  const header = `// Generated by \`mocklib har2ts\` from ${source}. Edit freely: it is your code now.
import { graphql, http, HttpResponse } from 'mocklib'
`
  const footer = `
/** The recorded handlers: \`setupServer(...handlers)\` or \`setupWorker(...handlers)\`. */
export const handlers = [
${handlerLines.join('\n')}
]
`
  return [header, PRELUDE, ...sections, footer].join('\n')
}

export function runHar2ts(args: readonly string[], fail: (text: string) => never): void {
  const { positionals: [file], values } = parseArguments(args, { values: ['--out'] })
  const out = values.get('--out')
  if (values.has('--out') && !out) fail('har2ts: --out needs a file name.')
  if (!file) fail('har2ts needs the HAR file to read.')
  let text: string
  try {
    text = readFileSync(file, 'utf8')
  } catch (error) {
    fail(`har2ts could not read ${file} (${(error as Error).message}).`)
  }
  let code: string
  try {
    code = harToTypeScript(text, file)
  } catch (error) {
    fail((error as Error).message.replace(/^\[mocklib\] /, ''))
  }
  if (out) {
    writeFileSync(out, code)
    console.log(message(`Wrote the handlers recorded in ${file} to ${out}.`, 'Import `handlers` from it and pass them to setupServer() or setupWorker().'))
  } else process.stdout.write(code)
}
