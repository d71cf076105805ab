/** A module loaded by the first call that needs it; later calls read `loaded` and stay synchronous. */
export interface OnFirstUse<Module> {
  readonly loaded: Module | undefined
  /** A failed load is tried again by the next call. */
  load(): Promise<Module>
  use<Result>(use: (module: Module) => Result): Result | Promise<Awaited<Result>>
}

// The `import()` stays literal at the call site so bundlers split it off. Free of side effects: an
// `onFirstUse(...)` nothing reads is dropped by bundlers, and with it the chunk it would load.
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
