import type { Handler } from '../../kernel/index.js'

/** Where a handler was written (`file:line`). A registry symbol: the command line is bundled apart from the server. */
const HANDLER_SOURCE = Symbol.for('mocklib.handlerSource')

type WithSource = Handler & { [HANDLER_SOURCE]?: string }

export function sourceOf(handler: Handler): string | undefined {
  return (handler as WithSource)[HANDLER_SOURCE]
}

/** A frozen handler keeps no source: the inspector shows it without. */
export function setSource(handler: Handler, site: string): void {
  if (Object.isExtensible(handler)) (handler as WithSource)[HANDLER_SOURCE] = site
}

/** Records on each handler without a source the `file:line` of the code that called `caller` (`createMockServer`, `use`). */
export function noteCallSite(handlers: readonly Handler[], caller: (...args: never[]) => unknown): void {
  const holder: { stack?: string } = {}
  Error.captureStackTrace(holder, caller)
  // "    at file:///app/server.ts:12:5" or "    at main (/app/server.ts:12:5)"
  const frame = /\(?((?:file:\/\/)?[^\s()]+):(\d+):\d+\)?\s*$/m.exec(holder.stack?.split('\n')[1] ?? '')
  if (frame === null) return
  const site = `${frame[1]!.replace(/^file:\/\//, '')}:${frame[2]}`
  for (const handler of handlers) if (sourceOf(handler) === undefined) setSource(handler, site)
}
