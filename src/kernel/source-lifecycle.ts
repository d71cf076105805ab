import type { ExchangeSink, Source, StartingSource } from './contracts.js'

/** What stops one started source; a source that must wait to stop returns a promise. */
export type SourceStop = () => void | Promise<void>

/**
 * Starts `sources` in order, each once the one before it intercepts (the
 * page's WebSocket patch comes after its request interception, which may
 * wait for a Service Worker). Sources that start at once start within this
 * call, with no promise. When one fails, those already started are stopped,
 * newest first, and its failure is thrown (or rejects).
 *
 * @example
 * const starting = startSources(sources, runtime.handle)
 * const stops = starting instanceof Promise ? await starting : starting
 */
export function startSources(sources: readonly Source[], sink: ExchangeSink): (() => void)[]
export function startSources(sources: readonly (Source | StartingSource)[], sink: ExchangeSink): SourceStop[] | Promise<SourceStop[]>
export function startSources(sources: readonly (Source | StartingSource)[], sink: ExchangeSink): SourceStop[] | Promise<SourceStop[]> {
  const started: SourceStop[] = []
  try {
    for (let index = 0; index < sources.length; index++) {
      const starting = sources[index]!.start(sink)
      if (starting instanceof Promise) return startWaiting(sources, index, starting, sink, started)
      started.push(starting)
    }
  } catch (error) {
    // Only sources that start at once started so far: they stop at once.
    void stopSources(started)
    throw error
  }
  return started
}

async function startWaiting(sources: readonly (Source | StartingSource)[], index: number, starting: Promise<SourceStop>, sink: ExchangeSink, started: SourceStop[]): Promise<SourceStop[]> {
  try {
    started.push(await starting)
    for (const source of sources.slice(index + 1)) started.push(await source.start(sink))
  } catch (error) {
    await stopSources(started)
    throw error
  }
  return started
}

/**
 * Stops started sources, newest first, each once the one after it stopped.
 * Sources that stop at once stop within this call, with no promise.
 *
 * @example
 * await stopSources(stops)
 */
export function stopSources(stops: readonly SourceStop[]): void | Promise<void> {
  for (let index = stops.length - 1; index >= 0; index--) {
    const stopping = stops[index]!()
    if (stopping instanceof Promise) return stopping.then(() => stopSources(stops.slice(0, index)))
  }
}
