/** A server-side JavaScript runtime other than Node that mocklib/node runs in. */
export type WebRuntime = 'bun' | 'deno'

/**
 * The runtime this process runs in when it is Bun or Deno, `undefined` under
 * Node. Both report themselves in `process.versions` (their Node
 * compatibility layer), which is what decides which sources `listen()` starts:
 * they have no undici dispatcher behind `fetch` and no socket layer under
 * `node:http`, so the Node sources cannot see their requests.
 *
 * @example
 * webRuntime() // 'bun' under `bun test`, 'deno' under `deno test`, undefined under node
 */
export function webRuntime(): WebRuntime | undefined {
  const versions = globalThis.process?.versions as Record<string, string | undefined> | undefined
  if (versions?.bun !== undefined) return 'bun'
  if (versions?.deno !== undefined) return 'deno'
  return undefined
}
