import nodeHttp from 'node:http'
import { Socket } from 'node:net'
import { message } from '../../errors.js'
import type { HttpSink } from '../http-layer.js'
import { closeZombieSockets } from './socket-pools.js'

type Phase = 'waiting' | 'loading' | 'open' | 'failed' | 'stopped'
type Resume = (outcome: 'open' | 'failed' | 'stopped') => void

/** What a held call is made for: a socket, or the request an agent was given. */
interface Holder {
  readonly destroyed: boolean
  destroy(error?: Error): unknown
}

/**
 * The socket layer, loaded when the first connection or agent request needs
 * it rather than at `listen()` (its interceptor and WebAssembly HTTP parser
 * were a large share of a cold start that never opens a socket). Returns the
 * function that stops it.
 *
 * Until the layer is loaded, `net.Socket#connect` and `http.Agent#addRequest`
 * hold their calls (a held socket counts as connecting, so writes wait for
 * its `connect` as they would during a DNS lookup), and replay them once it
 * patches Node, so the first connection is intercepted like the next ones.
 * Limits of the held calls: an argument error (a bad port) arrives as the
 * socket's `error` event instead of a throw, and a TLS socket layered in the
 * same tick over a held socket (`tls.connect({ socket: net.connect(…) })`) is
 * not intercepted as one.
 *
 * @example
 * const stop = interceptSocketsOnDemand(runtime.handle)
 * stop()
 */
export function interceptSocketsOnDemand(sink: HttpSink): () => void {
  let phase: Phase = 'waiting'
  let failure: Error | undefined
  let stopLayer: (() => void) | undefined
  const held: Resume[] = []

  const settle = (next: 'open' | 'failed' | 'stopped') => {
    phase = next
    for (const resume of held.splice(0)) resume(next)
  }
  const load = () => {
    if (phase !== 'waiting') return
    phase = 'loading'
    loadSocketLayer()
      .then(({ interceptSockets }) => {
        if (phase !== 'loading') return
        // Patches over the gates, which from now on let every call through.
        stopLayer = interceptSockets(sink)
        settle('open')
      })
      .catch((error: unknown) => {
        if (phase !== 'loading') return
        failure = new Error(
          message(
            `The socket layer could not be loaded (${String(error)}), so a connection made while listening was refused rather than sent to the network unchecked.`,
            'If mocklib/node is bundled, keep the chunks it imports next to it.',
          ),
        )
        settle('failed')
      })
  }

  /**
   * Holds a call made for `holder` until the layer is loaded, then `replay`s it
   * (through the layer once open, to the network once stopped); refuses it if
   * the layer could not be loaded. A holder destroyed meanwhile is not
   * replayed: `abandon` lets it finish its teardown instead.
   */
  const hold = (holder: Holder, replay: () => void, abandon?: () => void) => {
    if (phase === 'failed') return void process.nextTick(() => holder.destroy(failure))
    held.push((outcome) => {
      if (holder.destroyed) return void abandon?.()
      if (outcome === 'failed') return void holder.destroy(failure)
      try {
        replay()
      } catch (thrown) {
        // The socket layer destroys a socket before rethrowing an argument error: report it.
        if (holder.destroyed) process.nextTick(() => (holder as Socket).emit('error', thrown))
        else holder.destroy(thrown as Error)
      }
    })
    load()
  }

  const restoreGates = gateAll([
    gate(Socket.prototype, 'connect', (socket: Socket, args, real) => {
      if (phase === 'open' || phase === 'stopped') return real.apply(socket, args)
      // Node types `connecting` read-only; net.Socket itself sets it while connecting.
      if (phase !== 'failed') (socket as { connecting: boolean }).connecting = true
      hold(socket, () => socket.connect(...(args as Parameters<Socket['connect']>)))
      return socket
    }),
    gate(nodeHttp.Agent.prototype as AgentWithAddRequest, 'addRequest', (agent: AgentWithAddRequest, args, real) => {
      if (phase === 'open' || phase === 'stopped') return real.apply(agent, args)
      const request = args[0] as ClientRequestWithOnSocket
      // A request destroyed before it has a socket reports its error and `close` only once it is given one:
      // given none, Node fails it as it would at that point ('socket hang up', or the abort reason), then closes it.
      hold(request, () => agent.addRequest(...args), () => request.onSocket(undefined))
      return undefined
    }),
  ])

  return () => {
    // Held calls go on unintercepted, as connections whose interception had not begun by `close()`.
    settle('stopped')
    if (stopLayer !== undefined) {
      stopLayer()
      // Here rather than in the layer: it is node-entry code, and the lazily loaded layer importing it would split it into a chunk of its own.
      closeZombieSockets()
    }
    restoreGates()
  }
}

let socketLayer: Promise<typeof import('./socket-adapter.js')> | undefined

// A plain `import()` of a sibling: bundlers follow it into a chunk of its own.
function loadSocketLayer(): Promise<typeof import('./socket-adapter.js')> {
  return (socketLayer ??= import('./socket-adapter.js'))
}

/** `onSocket` is how an agent hands a ClientRequest its socket (or, with none, lets a destroyed one end). */
interface ClientRequestWithOnSocket extends nodeHttp.ClientRequest {
  onSocket(socket: unknown, error?: Error): void
}

interface AgentWithAddRequest extends nodeHttp.Agent {
  addRequest(...args: unknown[]): void
}

type Method = (this: unknown, ...args: unknown[]) => unknown

/**
 * Replaces `target[key]` with a function that gives each call to `hold`
 * (with the original); returns the function that puts the original back,
 * unless something else has replaced the method since.
 */
function gate<Target extends object, Self>(
  target: Target,
  key: keyof Target & string,
  hold: (self: Self, args: unknown[], real: Method) => unknown,
): () => void {
  const slot = target as unknown as Record<string, Method>
  const real = slot[key]
  if (typeof real !== 'function') return () => {}
  const gated: Method = function (this: unknown, ...args: unknown[]) {
    return hold(this as Self, args, real)
  }
  slot[key] = gated
  return () => {
    if (slot[key] === gated) slot[key] = real
  }
}

function gateAll(restores: Array<() => void>): () => void {
  return () => {
    for (const restore of restores) restore()
  }
}
