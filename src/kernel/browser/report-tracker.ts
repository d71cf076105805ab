/**
 * Passthrough reports a page source has asked for and not yet handed to the
 * runtime.
 *
 * Why: in the browser the real response of a passthrough can reach the
 * runtime after the client has read it. Through the Service Worker it comes
 * in a message of its own, once the worker has read its copy; an in-page
 * XMLHttpRequest reports it from a `load` listener that runs after the
 * page's own. A recording's `settled()` called right after the client read
 * the body would miss the exchange. The source tracks each report from the
 * moment it lets the request through (before the client can see a response),
 * and `settled()` waits for the ones tracked so far.
 */
export interface ReportTracker {
  /** Counts `report` as pending until it settles (either way). Returns `report`. */
  track<T>(report: Promise<T>): Promise<T>
  /**
   * Resolves once every report pending now has been handed to the runtime (a
   * task later, so the runtime has recorded it), or after `boundMs`: a report
   * the worker lost (it was restarted mid-request) or a body that never ends
   * (an event stream) does not hang the caller. Reports still missing then
   * are given up on: later calls do not wait for them again (one that comes
   * after all is still handed on, and recorded if the recording runs).
   */
  arrived(boundMs?: number): Promise<void>
}

/** How long `arrived()` waits by default for reports still missing. */
export const REPORT_BOUND_MS = 2_000

/** Creates a tracker; a page's request sources share one. */
export function createReportTracker(): ReportTracker {
  const pending = new Set<Promise<unknown>>()
  return {
    track(report) {
      const entry = report.then(
        () => undefined,
        () => undefined,
      )
      pending.add(entry)
      void entry.then(() => pending.delete(entry))
      return report
    },
    arrived(boundMs = REPORT_BOUND_MS) {
      if (pending.size === 0) return Promise.resolve()
      const waited = [...pending]
      return new Promise<void>((resolve) => {
        const timer = setTimeout(() => {
          for (const entry of waited) pending.delete(entry)
          resolve()
        }, boundMs)
        void Promise.all(waited).then(() => {
          clearTimeout(timer)
          // A task later: the runtime hands a report on to its observers in the microtasks after it arrived.
          setTimeout(resolve, 0)
        })
      })
    },
  }
}
