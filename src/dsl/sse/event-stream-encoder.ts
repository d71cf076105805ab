/** One `data:` line per line of data (a client joins them back with "\n"), then the blank line that dispatches it. */
export function encodeEvent(event: { readonly id?: string | undefined; readonly event?: string | undefined; readonly data?: unknown }): string {
  let frame = ''
  if (event.id !== undefined && event.id !== '') frame += `id:${event.id}\n`
  // A client types an event without `event:` as `message`.
  if (event.event !== undefined && event.event !== '' && event.event !== 'message') frame += `event:${event.event}\n`
  const data = dataToText(event.data)
  if (data !== undefined) {
    for (const line of data.split(/\r\n|\r|\n/)) frame += `data:${line}\n`
  }
  return `${frame}\n`
}

/** Strings as they are, everything else as JSON (as msw). */
function dataToText(data: unknown): string | undefined {
  if (data === undefined) return undefined
  return typeof data === 'object' ? JSON.stringify(data) : String(data)
}
