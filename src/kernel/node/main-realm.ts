// Jest (every environment) and Vitest's edge-runtime run a test file in a `vm`
// context whose global object is not Node's. The Fetch functions such a context
// gets from Node (Jest copies `fetch`, `Request`… into it; jest-fixed-jsdom does
// so on purpose) still belong to Node's main realm: Node's fetch looks its undici
// dispatcher up on the main global object, and Node's Request accepts only the
// main realm's AbortSignal. This module reaches that realm.

/** The Fetch names mocklib reads from Node's main realm. */
export interface MainRealm {
  readonly fetch?: typeof globalThis.fetch
  readonly Request?: typeof globalThis.Request
  readonly Headers?: typeof globalThis.Headers
  readonly AbortController?: typeof globalThis.AbortController
}

let mainGlobal: (MainRealm & object) | null | undefined

/**
 * Node's main-context global object (`vm.runInThisContext` runs there, not in
 * the test's context), or `undefined` outside Node.
 *
 * @example
 * nodeMainGlobal()?.Headers // Node's own Headers, whatever the test environment put on globalThis
 */
export function nodeMainGlobal(): (MainRealm & object) | undefined {
  if (mainGlobal === undefined) {
    // Node's own functions belong to the main realm: when their Function.prototype is this context's,
    // this is the main context, and no vm script is needed.
    const getBuiltinModule = globalThis.process?.getBuiltinModule as unknown
    if (typeof getBuiltinModule !== 'function') mainGlobal = null
    else if (Object.getPrototypeOf(getBuiltinModule) === Function.prototype) mainGlobal = globalThis as MainRealm & object
    else mainGlobal = (globalThis.process.getBuiltinModule('node:vm').runInThisContext('globalThis') as MainRealm & object | undefined) ?? null
  }
  return mainGlobal ?? undefined
}

/**
 * True when this code runs in a context of its own (Jest, Vitest's
 * edge-runtime), so that Node's main global object is another object.
 *
 * @example
 * if (inForeignContext()) loadMainUndici()
 */
export function inForeignContext(): boolean {
  const main = nodeMainGlobal()
  return main !== undefined && main !== (globalThis as object)
}

/**
 * Makes Node's own undici create its global dispatcher (it does on the first
 * use of a Fetch class of the main realm), so that a dispatcher source has one
 * to wrap even when the test environment's Fetch classes are not Node's
 * (happy-dom's, or none under Jest's jsdom).
 *
 * @example
 * loadMainUndici()
 */
export function loadMainUndici(): void {
  const Headers = nodeMainGlobal()?.Headers
  if (typeof Headers === 'function') void new Headers()
}

/**
 * Node's own AbortController class, even where a test environment replaced
 * the global (Vitest's jsdom before Vitest 4 put jsdom's there, in Node's very
 * context): `util.transferableAbortController()` makes one of Node's.
 *
 * @example
 * new (nodeAbortController()!)().signal // accepted by Node's Request
 */
export function nodeAbortController(): typeof AbortController | undefined {
  const util = globalThis.process?.getBuiltinModule?.('node:util') as { transferableAbortController?: () => AbortController } | undefined
  return util?.transferableAbortController?.().constructor as typeof AbortController | undefined
}
