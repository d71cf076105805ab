import { readFileSync } from 'node:fs'
import { resolve } from 'node:path'
import type { Handler } from '../kernel/index.js'
import { setSource } from '../api/server/handler-source.js'

/**
 * For the inspector, `file:line` on each handler loaded from `file`: the line that quotes its path (or
 * operation name, WebSocket URL), preferably one that also names its method; in an OpenAPI document, the
 * operation's line under its path. A handler whose line is not found gets the file alone.
 */
export function markHandlerLines(file: string, handlers: readonly Handler[], kind: 'module' | 'openapi' | 'har'): void {
  const lines = kind === 'har' ? [] : readFileSync(resolve(file), 'utf8').split('\n')
  for (const handler of handlers) {
    const info = handler.info as { kind: string; header: string; method?: unknown; path?: unknown; operationName?: unknown }
    const method = typeof info.method === 'string' ? info.method.toLowerCase() : undefined
    const name = typeof info.path === 'string' ? info.path : typeof info.operationName === 'string' ? info.operationName : info.header.split(' ')[1]
    const index = name === undefined ? -1 : kind === 'openapi' ? operationLine(lines, name, method) : quotedLine(lines, name, method)
    setSource(handler, index === -1 ? file : `${file}:${index + 1}`)
  }
}

function quotedLine(lines: readonly string[], name: string, method: string | undefined): number {
  const quoted = new RegExp(`(['"\`])${escape(name)}\\1`)
  const named = lines.flatMap((line, index) => (quoted.test(line) ? [index] : []))
  return named.find((index) => method !== undefined && lines[index]!.includes(`.${method}(`)) ?? named[0] ?? -1
}

/** The `get:` line under the path's key; the served path may carry a base path (`/v1`) the keys do not. */
function operationLine(lines: readonly string[], path: string, method: string | undefined): number {
  const segments = path.replace(/:(\w+)/g, '{$1}').split('/').filter(Boolean)
  for (let from = 0; from < segments.length; from++) {
    const key = new RegExp(`^\\s*['"]?/${escape(segments.slice(from).join('/'))}['"]?\\s*:`)
    const at = lines.findIndex((line) => key.test(line))
    if (at === -1) continue
    // Before the next line as little indented as the path's (the next path).
    const indent = /^\s*/.exec(lines[at]!)![0].length
    const verb = new RegExp(`^\\s*${method}\\s*:`)
    for (let index = at + 1; index < lines.length && method !== undefined; index++) {
      const line = lines[index]!
      if (line.trim() !== '' && /^\s*/.exec(line)![0].length <= indent) break
      if (verb.test(line)) return index
    }
    return at
  }
  return -1
}

function escape(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')
}
