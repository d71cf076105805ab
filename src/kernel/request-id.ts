let nextRequestId = 0
const idPrefix = Math.random().toString(36).slice(2, 8)

/** An exchange id unique within this process (and, by its random prefix, across processes). */
export function createRequestId(): string {
  return `${idPrefix}-${(nextRequestId++).toString(36)}`
}
