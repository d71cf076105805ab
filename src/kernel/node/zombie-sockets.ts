import { Socket } from 'node:net'

interface Closable {
  close(callback?: () => void): void
}

/**
 * Closes the TCP handles of sockets that are destroyed but still hold one.
 *
 * Why: a socket the socket layer answered keeps the TCP handle it was created
 * with (never connected); when the client destroys it (undici's pool does on
 * close), @mswjs/interceptors leaves that handle open, so each mocked undici
 * connection used to stay in `process.getActiveResourcesInfo()` for good.
 * Only sockets already destroyed are touched.
 *
 * @example
 * closeZombieSockets()
 */
export function closeZombieSockets(): void {
  const handles = (process as unknown as { _getActiveHandles?: () => unknown[] })._getActiveHandles?.() ?? []
  for (const handle of handles) {
    if (!(handle instanceof Socket) || !handle.destroyed) continue
    const socket = handle as Socket & { _handle: Closable | null }
    const tcp = socket._handle
    if (tcp === null || typeof tcp.close !== 'function') continue
    socket._handle = null
    tcp.close()
  }
}
