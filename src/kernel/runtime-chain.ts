import type { HttpExchange, WebSocketExchange } from './contracts.js'
import { message } from './errors.js'
import type { HttpVisit } from './http-flow.js'
import type { Runtime } from './runtime.js'
import type { ConnectionOffer } from './websocket-flow.js'

/**
 * Answers one HTTP exchange with several runtimes (several listening
 * servers), `runtimes` newest first. The exchange visits them in turn while
 * none of a runtime's handlers answers; the first runtime that answers
 * (a response, `passthrough()`, a resolver that threw) settles it exactly as
 * it would alone, and the older ones never see it.
 *
 * What each runtime reports (events, history, recording):
 * - every runtime the exchange visited emits `request:start`;
 * - a runtime that passed it on to an older one that answered ends its view
 *   with `request:end` (after `request:match` if its handlers matched and fell
 *   through): no `request:unhandled`, no response event, nothing in its history;
 * - when no runtime answered, each of them shares the ending: if some handler
 *   fell through, the exchange was handled (no policy) and goes to the
 *   network; else each reports it unhandled (`request:unhandled`, history) and
 *   the newest runtime's `onUnhandledRequest` decides, once. Each then emits
 *   `request:end` and, for a network answer, `response:bypass` with its own copy.
 *
 * Never rejects: a fault of mocklib itself fails this exchange only.
 *
 * @example
 * const sink = (exchange) => exchange.kind === 'http' ? answerInChain([newer, older], exchange) : newer.handle(exchange)
 */
export async function answerInChain(runtimes: readonly Runtime[], exchange: HttpExchange): Promise<void> {
  try {
    const visits: HttpVisit[] = []
    for (const runtime of runtimes) {
      // A server closed while the exchange was on its way hears nothing more of it.
      if (!runtime.running) continue
      const visiting = runtime.visit(exchange)
      const visit = visiting instanceof Promise ? await visiting : visiting
      if (visit.answered) {
        for (const newer of visits) newer.close()
        return await visit.conclude()
      }
      visits.push(visit)
    }
    if (visits.length === 0) return void (await exchange.passthrough(false))
    await settleUnanswered(visits, exchange)
  } catch (error) {
    console.error(message('An internal error stopped this request; please report it.'), error)
    exchange.errorWith(error instanceof Error ? error : new Error(String(error)))
  }
}

/** The shared ending of an exchange no runtime answered; `visits` newest first. */
async function settleUnanswered(visits: readonly HttpVisit[], exchange: HttpExchange): Promise<void> {
  if (visits.some((visit) => visit.fellThrough)) {
    // A handler matched and answered nothing: handled, as with one server (no policy), sent on as it is.
    for (const visit of visits) visit.close()
    return sendOn(visits, exchange, 'passthrough')
  }
  for (const visit of visits) visit.reportUnhandled()
  const [newest, ...older] = visits as [HttpVisit, ...HttpVisit[]]
  const verdict = newest.applyPolicy()
  for (const visit of older) visit.close()
  if (verdict.action === 'respond') {
    newest.fail(verdict.error)
    return newest.answer(verdict.response)
  }
  newest.close()
  if (verdict.action === 'fail') {
    exchange.errorWith(verdict.error)
    for (const visit of visits) visit.refused()
    return
  }
  return sendOn(visits, exchange, 'unhandled')
}

async function sendOn(visits: readonly HttpVisit[], exchange: HttpExchange, outcome: 'passthrough' | 'unhandled'): Promise<void> {
  const real = await exchange.passthrough(visits.some((visit) => visit.wantsResponse))
  // Each runtime reads its own copy (the last one takes the original).
  visits.forEach((visit, index) => visit.received(outcome, real !== undefined && index < visits.length - 1 ? real.clone() : real))
}

/**
 * Offers one WebSocket connection to several runtimes, newest first, until
 * the handlers of one take it (older runtimes then never see it). When none
 * does, each runtime's history records it unhandled and the newest runtime's
 * `onUnhandledRequest` decides, once.
 *
 * @example
 * const sink = (exchange) => exchange.kind === 'websocket' ? answerConnectionInChain([newer, older], exchange) : newer.handle(exchange)
 */
export async function answerConnectionInChain(runtimes: readonly Runtime[], exchange: WebSocketExchange): Promise<void> {
  try {
    const offers: ConnectionOffer[] = []
    for (const runtime of runtimes) {
      if (!runtime.running) continue
      const offer = await runtime.offer(exchange)
      if (offer.taken) {
        offer.tell()
        return exchange.accept()
      }
      offers.push(offer)
    }
    for (const offer of offers) offer.tell()
    if (offers[0] === undefined) exchange.passthrough()
    else offers[0].decline()
  } catch (error) {
    console.error(message('An internal error stopped this connection; please report it.'), error)
    exchange.errorWith(error instanceof Error ? error : new Error(String(error)))
  }
}
