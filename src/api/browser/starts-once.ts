/**
 * `start()`/`stop()` for a runtime whose start waits (the Service Worker
 * registers): a second `start()` while one runs rejects with
 * `alreadyRunning()`; `stop()` waits for a start on its way, then stops what
 * it started; a failed start leaves nothing to stop. `stop()` twice is harmless.
 *
 * @example
 * const { start, stop } = startsOnce(async (options) => { await runtime.start(options); return result }, () => runtime.stop(), () => 'Already started.')
 */
export function startsOnce<Options, Result>(
  begin: (options: Options) => Promise<Result>,
  end: () => void | Promise<void>,
  alreadyRunning: () => string,
): { start(options?: Options): Promise<Result>; stop(): Promise<void> } {
  let running: Promise<unknown> | undefined
  return {
    async start(options = {} as Options) {
      if (running) throw new Error(alreadyRunning())
      const started = begin(options)
      running = started
      started.catch(() => undefined)
      try {
        return await started
      } catch (error) {
        running = undefined
        throw error
      }
    },
    async stop() {
      const current = running
      if (!current) return
      running = undefined
      try {
        await current
      } catch {
        return
      }
      await end()
    },
  }
}
