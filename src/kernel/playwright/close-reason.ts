/**
 * The close reason for a routed WebSocket refused with `error`: its message,
 * cut to the 123 UTF-8 bytes a close frame allows. (The kernel's
 * `closeReason` does the same for interceptor sockets; this copy keeps the
 * Playwright entry from sharing a build chunk with the Node entry.)
 *
 * @example
 * client.close(1011, routeCloseReason(new Error('No handler for this socket.')))
 */
export function routeCloseReason(error: Error): string {
  const bytes = new TextEncoder().encode(error.message)
  return bytes.length <= 123 ? error.message : `${new TextDecoder().decode(bytes.slice(0, 120)).replace(/\uFFFD$/, '')}...`
}
