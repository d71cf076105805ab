import { NativeRequest } from './http-layer.js'

// Jest and Vitest's edge-runtime run a test file in a `vm` context whose global is not Node's. The Fetch
// functions it gets from Node still belong to Node's main realm: Node's fetch looks its dispatcher up on
// the main global, and Node's Request accepts only the main realm's AbortSignal.

export interface MainRealm {
  readonly fetch?: typeof globalThis.fetch
  readonly Request?: typeof globalThis.Request
  readonly Headers?: typeof globalThis.Headers
  readonly AbortController?: typeof globalThis.AbortController
}

let mainGlobal: (MainRealm & object) | null | undefined

/** `vm.runInThisContext` runs in the main context, not the test's. */
export function nodeMainGlobal(): (MainRealm & object) | undefined {
  if (mainGlobal === undefined) {
    // When a Node function's Function.prototype is this context's, this is the main context.
    const getBuiltinModule = globalThis.process?.getBuiltinModule as unknown
    if (typeof getBuiltinModule !== 'function') mainGlobal = null
    else if (Object.getPrototypeOf(getBuiltinModule) === Function.prototype) mainGlobal = globalThis as MainRealm & object
    else mainGlobal = (globalThis.process.getBuiltinModule('node:vm').runInThisContext('globalThis') as MainRealm & object | undefined) ?? null
  }
  return mainGlobal ?? undefined
}

export function inForeignContext(): boolean {
  const main = nodeMainGlobal()
  return main !== undefined && main !== (globalThis as object)
}

/** Even where a test environment replaced the global (Vitest's jsdom before Vitest 4). */
export function nodeAbortController(): typeof AbortController | undefined {
  const util = globalThis.process?.getBuiltinModule?.('node:util') as { transferableAbortController?: () => AbortController } | undefined
  return util?.transferableAbortController?.().constructor as typeof AbortController | undefined
}

export function requestAcceptsSignalOf(Controller: typeof AbortController): boolean {
  try {
    void new NativeRequest('http://realm.invalid/', { signal: new Controller().signal })
    return true
  } catch {
    return false
  }
}
