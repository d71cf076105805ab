/** One event as it goes on the wire. */
export interface EncodedEvent {
  readonly id?: string | undefined
  readonly event?: string | undefined
  /** Already a string: objects were serialised as JSON before. */
  readonly data?: string | undefined
}

/**
 * The `text/event-stream` frame of one event: `id:`, `event:`, one `data:`
 * line per line of data (a client joins them back with "\n"), then a blank
 * line that makes the client dispatch it.
 */
export function encodeEvent(event: EncodedEvent): string {
  let frame = ''
  if (event.id !== undefined && event.id !== '') frame += `id:${event.id}\n`
  if (event.event !== undefined && event.event !== '') frame += `event:${event.event}\n`
  if (event.data !== undefined) {
    for (const line of event.data.split(/\r\n|\r|\n/)) frame += `data:${line}\n`
  }
  return `${frame}\n`
}

/** The frame that sets the client's reconnection time, in milliseconds. */
export function encodeRetry(milliseconds: number): string {
  return `retry:${milliseconds}\n\n`
}

/** Event data as text: strings as they are, everything else as JSON (as msw). */
export function dataToText(data: unknown): string | undefined {
  if (data === undefined) return undefined
  return typeof data === 'object' ? JSON.stringify(data) : String(data)
}
