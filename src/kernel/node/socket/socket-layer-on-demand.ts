import nodeHttp from 'node:http'
import { Socket } from 'node:net'
import { message } from '../../errors.js'
import { onFirstUse } from '../../on-first-use.js'
import type { ClientRequestWithOnSocket, HttpSink } from '../http-layer.js'
import { closeZombieSockets } from './socket-pools.js'

const socketLayer = onFirstUse(() => import('./socket-adapter.js'))

type Phase = 'waiting' | 'loading' | 'open' | 'failed' | 'stopped'
type Resume = (outcome: 'open' | 'failed' | 'stopped') => void

interface Holder {
  readonly destroyed: boolean
  destroy(error?: Error): unknown
}

// Loaded by the first connection (its interceptor and WebAssembly parser are a large share of a cold start):
// `Socket#connect` and `Agent#addRequest` hold their calls until then, and replay them. Limits: an argument
// error arrives as an `error` event; TLS layered in the same tick over a held socket is not seen as TLS.
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
    socketLayer
      .load()
      .then(({ interceptSockets }) => {
        if (phase !== 'loading') return
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

  // A holder destroyed meanwhile is not replayed: `abandon` lets it finish its teardown instead.
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

  const restoreGates = [
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
      // A request destroyed before it has a socket ends only once given one: given none, Node fails it as it would.
      hold(request, () => agent.addRequest(...args), () => request.onSocket(undefined))
      return undefined
    }),
  ]

  return () => {
    // Held calls go on unintercepted, as connections whose interception had not begun by `close()`.
    settle('stopped')
    if (stopLayer !== undefined) {
      stopLayer()
      // Here: the lazily loaded layer importing this node-entry code would split it into a chunk of its own.
      closeZombieSockets()
    }
    for (const restore of restoreGates) restore()
  }
}

interface AgentWithAddRequest extends nodeHttp.Agent {
  addRequest(...args: unknown[]): void
}

type Method = (this: unknown, ...args: unknown[]) => unknown

/** The restore leaves the method alone if something else replaced it since. */
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
