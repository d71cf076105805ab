import type { MockHandler } from './mock-handler.js'

// Every mock ever made, so that history can tell mocks from other handlers without importing
// MockHandler: an `instanceof` there made every browser app carry the class (history is in the
// page's lazy chunks, whose imports from the core join the app's initial bundle).
const mocks = new WeakSet<object>()

/**
 * Records `mock` as one (MockHandler's constructor calls it). @internal
 *
 * @example
 * rememberMock(this)
 */
export function rememberMock(mock: MockHandler<any>): void {
  mocks.add(mock)
}

/**
 * True for a handler made by `mock.*` (a `MockHandler`, subclasses included).
 *
 * @example
 * if (isMock(handler)) handler.isDone()
 */
export function isMock(handler: unknown): handler is MockHandler {
  return typeof handler === 'object' && handler !== null && mocks.has(handler)
}
