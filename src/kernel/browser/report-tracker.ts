/**
 * In the browser a real response can reach the runtime after the client read it (the worker's own message, an
 * XMLHttpRequest `load` listener after the page's): a recording's `settled()` waits for the reports tracked here.
 */
export interface ReportTracker {
  /** Returns `report`, counted as pending until it settles. */
  track<T>(report: Promise<T>): Promise<T>
  /** Bounded: a report the worker lost (restarted mid-request) or a body that never ends must not hang. */
  arrived(boundMs?: number): Promise<void>
}

const REPORT_BOUND_MS = 2_000

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
