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
  /** Runs `use` with the module: synchronously once it is loaded, else once the load finished. */
  use<Result>(use: (module: Module) => Result): Result | Promise<Awaited<Result>>
}

/**
 * Wraps one `import()` of a sibling module (kept literal at the call site, so
 * bundlers follow it into a chunk of its own).
 *
 * @example
 * const answering = onFirstUse(() => import('./xhr-answering.js'))
 * return answering.use((module) => module.answerXhr(request)) // synchronous once loaded
 * @internal
 */
// Marked free of side effects: a module-level `onFirstUse(...)` that nothing reads is
// dropped by bundlers, and with it the chunk it would load (a browser app that never uses
// GraphQL ships neither its request reader nor what that reader needs up front).
export /* @__NO_SIDE_EFFECTS__ */ function onFirstUse<Module>(importModule: () => Promise<Module>, explainFailure?: (error: unknown) => Error): OnFirstUse<Module> {
  let loaded: Module | undefined
  let loading: Promise<Module> | undefined
  const load = (): Promise<Module> =>
    (loading ??= importModule().then(
      (module) => (loaded = module),
      (error: unknown) => {
        loading = undefined
        throw explainFailure === undefined ? error : explainFailure(error)
      },
    ))
  return {
    get loaded() {
      return loaded
    },
    load,
    use: <Result>(use: (module: Module) => Result) =>
      // `then` flattens a promise `use` returns: what the caller awaits is the same either way.
      loaded !== undefined ? use(loaded) : (load().then(use) as Promise<Awaited<Result>>),
  }
}
