/**
 * A part of mocklib that loads when the first call needs it rather than with
 * `import 'mocklib'`: a cold start that never reaches it does not compile it.
 * Once loaded, callers read `loaded` and stay on a synchronous path, so later
 * calls cost no promise of the loader's.
 * @internal
 */
export interface OnFirstUse<Module> {
  /** The module, once a load has finished. */
  readonly loaded: Module | undefined
  /** Starts the load, or joins the one in flight. A failed load is tried again by the next call. */
  load(): Promise<Module>
}

/**
 * Wraps one `import()` of a sibling module (kept literal at the call site, so
 * bundlers follow it into a chunk of its own).
 *
 * @example
 * const answering = onFirstUse(() => import('./xhr-answering.js'))
 * if (answering.loaded) answering.loaded.answerXhr(request)
 * else void answering.load().then((module) => module.answerXhr(request))
 * @internal
 */
// Marked free of side effects: a module-level `onFirstUse(...)` that nothing reads is
// dropped by bundlers, and with it the chunk it would load (a browser app that never uses
// GraphQL ships neither its request reader nor what that reader needs up front).
export /* @__NO_SIDE_EFFECTS__ */ function onFirstUse<Module>(importModule: () => Promise<Module>, explainFailure?: (error: unknown) => Error): OnFirstUse<Module> {
  let loaded: Module | undefined
  let loading: Promise<Module> | undefined
  return {
    get loaded() {
      return loaded
    },
    load() {
      return (loading ??= importModule().then(
        (module) => (loaded = module),
        (error: unknown) => {
          loading = undefined
          throw explainFailure === undefined ? error : explainFailure(error)
        },
      ))
    },
  }
}
