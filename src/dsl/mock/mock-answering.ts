import { isPassthrough, type RequestContext } from '../../kernel/index.js'
import { delay as wait } from '../response/delay.js'
import { MOCK_CALL_HISTORY_LIMIT, type CallRecord } from './mock-call.js'
import type { MockTarget } from './mock-handler.js'
import type { MockStep } from './mock-step.js'
import { requestBody, type RequestBody } from './request-body.js'

/*
 * What a mock does once a request reached it: run the builder's steps, answer
 * (after the body is read and the delay), and record the call. Loaded by the
 * first request that needs it (the gate is in mock-handler.ts), so that
 * `import 'mocklib'` does not compile it; what stays up front is what is
 * synchronous: building mocks and their steps, and the diagnostics of the
 * assertions (`diagnose`, `description`, `calls`).
 */

type Answer = Response | undefined

/**
 * The builder's steps, after the wrapped handler matched: `inner` if every
 * step passes, else `undefined`; a promise only while a step reads data.
 *
 * @example
 * const match = stepsPass(context, params, steps, 'GET /posts')
 */
export function stepsPass(context: RequestContext, inner: unknown, steps: readonly MockStep[], header: string): unknown {
  const passed = runSteps(context, steps, 0, header)
  if (passed === true) return inner
  if (passed === false) return undefined
  return passed.then((ok) => (ok ? inner : undefined))
}

/** Runs the steps from `from`; synchronous until a step needs data that is still being read. */
function runSteps(context: RequestContext, steps: readonly MockStep[], from: number, header: string): boolean | Promise<boolean> {
  for (let index = from; index < steps.length; index++) {
    const step = steps[index]!
    const loading = step.load?.(context)
    if (loading !== undefined) return loading.then(() => runSteps(context, steps, index, header))
    const reason = step.check(context)
    if (reason !== undefined) {
      context.addNote(`mock ${header}: ${step.name} ${reason}`)
      return false
    }
  }
  return true
}

/**
 * Answers a request the mock matched with the wrapped handler's answer, and
 * records the call: synchronously when the body is already read and there is
 * no delay. A resolver that throws still counts as a call.
 *
 * @example
 * const response = await answer(target, calls, 0, params, context)
 */
export function answer<Call>(target: MockTarget<unknown, Call>, calls: CallRecord<Call>, delayMs: number, match: unknown, context: RequestContext): Answer | Promise<Answer> {
  const body = requestBody(context)
  if (body.state !== 'pending' && delayMs === 0) {
    let response: Answer | Promise<Answer>
    try {
      response = target.handler.respond(match, context)
    } catch (error) {
      throw failed(target, calls, context, match, body, error)
    }
    if (!(response instanceof Promise)) return answered(target, calls, context, match, body, response)
    return response.then(
      (settled) => answered(target, calls, context, match, body, settled),
      (error: unknown) => Promise.reject(failed(target, calls, context, match, body, error)),
    )
  }
  return answerLater(target, calls, delayMs, match, context, body)
}

async function answerLater<Call>(target: MockTarget<unknown, Call>, calls: CallRecord<Call>, delayMs: number, match: unknown, context: RequestContext, body: RequestBody): Promise<Answer> {
  await body.ready
  if (delayMs > 0) await wait(delayMs)
  let response: Answer
  try {
    response = await target.handler.respond(match, context)
  } catch (error) {
    throw failed(target, calls, context, match, body, error)
  }
  return answered(target, calls, context, match, body, response)
}

function answered<Call>(target: MockTarget<unknown, Call>, calls: CallRecord<Call>, context: RequestContext, match: unknown, body: RequestBody, response: Answer): Answer {
  if (response === undefined) return undefined
  const status = response.type === 'error' ? 0 : isPassthrough(response) ? undefined : response.status
  recordCall(calls, target.toCall(context, match, body, status))
  return response
}

/** The client gets a 500, or the thrown Response: the call is recorded with that status. */
function failed<Call>(target: MockTarget<unknown, Call>, calls: CallRecord<Call>, context: RequestContext, match: unknown, body: RequestBody, error: unknown): unknown {
  recordCall(calls, target.toCall(context, match, body, error instanceof Response ? error.status : 500))
  return error
}

function recordCall<Call>(calls: CallRecord<Call>, call: Call): void {
  calls.count++
  calls.kept.push(call)
  if (calls.kept.length > MOCK_CALL_HISTORY_LIMIT) calls.kept.shift()
}
