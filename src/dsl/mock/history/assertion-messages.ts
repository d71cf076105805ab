import { PREFIX } from '../../../kernel/index.js'
import type { WebSocketHandler } from '../../ws/index.js'
import type { MockHandler } from '../mock-handler.js'
import type { RecentConnection, RecentRequest, UnhandledRequestRecord } from './scope-traffic.js'

/** A pending mock and the recent request (or connection) that came closest to it. */
export type PendingReport =
  | { readonly mock: MockHandler; readonly nearest: RecentRequest | undefined }
  | { readonly mock: WebSocketHandler<any, any, any>; readonly nearestConnection: RecentConnection | undefined }

function plural(count: number, one: string, many: string): string {
  return `${count} ${count === 1 ? one : many}`
}

function connectionLines(nearest: RecentConnection | undefined): string[] {
  if (nearest === undefined) return ['    no WebSocket connection was made in this scope']
  const by = nearest.handlers.map((handler) => handler.info.header)
  return [`    nearest connection: ${nearest.url}`, `    ${by.length === 0 ? 'no handler took it' : `taken by ${by.join(', ')}`}`]
}

function nearestLines(report: PendingReport): string[] {
  if (!('nearest' in report)) return connectionLines(report.nearestConnection)
  const { mock, nearest } = report
  if (nearest === undefined) return ['    no other request was made in this scope']
  const { context, handler } = nearest
  const lines = [`    nearest request: ${context.method} ${context.request.url}`]
  const diagnosis = mock.diagnose(context)
  if (diagnosis.step !== undefined) lines.push(`    rejected at ${diagnosis.step}: ${diagnosis.reason}`)
  else if (handler !== undefined) lines.push(`    it matched every step, but ${handler.info.kind} ${handler.info.header} answered it first`)
  else lines.push('    it matched every step, but the mock was not in the handler list then')
  return lines
}

/** The text `assertDone()` throws: each pending mock, the nearest request and the step that rejected it. */
export function pendingMocksText(reports: readonly PendingReport[]): string {
  const blocks = reports.map((report) => [`  • ${report.mock.description} — ${report.mock.progress}`, ...nearestLines(report)].join('\n'))
  return (
    `${PREFIX} assertDone(): ${plural(reports.length, 'mock is', 'mocks are')} pending.\n\n${blocks.join('\n\n')}\n\n` +
    'Make the requests these mocks expect, or remove the mocks that are not needed (server.pendingMocks() lists them).'
  )
}

/** The text `assertNoUnhandledRequests()` throws. */
export function unhandledRequestsText(records: readonly UnhandledRequestRecord[], total: number): string {
  const lines = records.map((record) => `  • ${record.kind === 'websocket' ? 'WebSocket' : record.method} ${record.url}`)
  if (total > records.length) lines.push(`  … and ${total - records.length} more (only the last ${records.length} are kept)`)
  return (
    `${PREFIX} assertNoUnhandledRequests(): ${plural(total, 'request', 'requests')} reached no request handler.\n\n${lines.join('\n')}\n\n` +
    'Add a handler for each (for example mock.get(url).reply(200)), or answer them with passthrough() if they should reach the network.'
  )
}
