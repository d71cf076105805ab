import nodeHttp from 'node:http'
import nodeHttps from 'node:https'
import { closeZombieSockets } from '../zombie-sockets.js'

const GLOBAL_DISPATCHER = Symbol.for('undici.globalDispatcher.1')

interface Dispatcher {
  dispatch(options: unknown, handler: unknown): boolean
  destroy?(): Promise<void> | void
}

/**
 * Gives the socket layer connection pools of its own while it listens: the
 * default node:http/https agents and undici's default global dispatcher are
 * replaced by fresh ones, and destroyed (with their sockets) on stop, when the
 * previous ones come back.
 *
 * Why: a keep-alive connection pooled before `listen()` is a real socket the
 * socket layer never saw; a request made while listening would reuse it and
 * reach the network, whatever the handlers or the unhandled-request policy say.
 * And sockets opened while listening must not outlive `close()`.
 * A dispatcher that is not undici's stock `Agent` (a ProxyAgent, a MockAgent)
 * is left alone: mocklib cannot make a fresh one.
 *
 * @example
 * const restore = isolatePools()
 * restore()
 */
export function isolatePools(): () => void {
  const restores = [swapAgent(nodeHttp), swapAgent(nodeHttps), swapUndiciAgent()]
  return () => {
    for (const restore of restores) restore()
  }
}

function swapAgent(module: typeof nodeHttp | typeof nodeHttps): () => void {
  const previous = module.globalAgent
  const fresh = new (previous.constructor as typeof nodeHttp.Agent)((previous as unknown as { options: nodeHttp.AgentOptions }).options)
  module.globalAgent = fresh
  return () => {
    if (module.globalAgent === fresh) module.globalAgent = previous
    fresh.destroy()
  }
}

function swapUndiciAgent(): () => void {
  // Node loads its bundled undici, which creates the default Agent, on first use of a fetch global.
  void new Headers()
  const slot = globalThis as unknown as Record<symbol, Dispatcher | undefined>
  const previous = slot[GLOBAL_DISPATCHER]
  if (previous === undefined || previous.constructor.name !== 'Agent') return () => {}
  const fresh = new (previous.constructor as new () => Dispatcher)()
  slot[GLOBAL_DISPATCHER] = fresh
  return () => {
    if (slot[GLOBAL_DISPATCHER] === fresh) slot[GLOBAL_DISPATCHER] = previous
    // Destroying the pool destroys its sockets; the ones the socket layer answered still hold a handle.
    void Promise.resolve(fresh.destroy?.()).then(closeZombieSockets, () => {})
  }
}
