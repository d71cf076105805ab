// Connection code: loaded with the first connection a WebSocket handler takes (see ws-channel.ts).
import type { WebSocketEvent } from './ws-events.js'

/**
 * msw's event patching across handlers: several handlers (links) may listen to
 * the same connection, and `event.stopPropagation()` in one handler's listener
 * stops the listeners of every other handler (its own listeners still run;
 * `stopImmediatePropagation()` stops those too, natively). Every listener a
 * handler adds is wrapped, and the wrapper asks `enter` before running.
 */
interface PropagationState {
  /** The handler whose listener runs now. */
  current?: object
  stoppedBy?: object
}

const states = new WeakMap<WebSocketEvent, PropagationState>()

/** False when another handler stopped `event`'s propagation; otherwise marks `owner` as running. */
export function enter(event: WebSocketEvent, owner: object): boolean {
  let state = states.get(event)
  if (state === undefined) {
    const created: PropagationState = {}
    state = created
    states.set(event, created)
    const stop = event.stopPropagation
    event.stopPropagation = () => {
      created.stoppedBy ??= created.current
      stop.call(event)
    }
  }
  if (state.stoppedBy !== undefined && state.stoppedBy !== owner) return false
  state.current = owner
  return true
}
