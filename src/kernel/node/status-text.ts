// Shared by the layers that play a Response to a Node client (the undici dispatcher, the
// ClientRequest layer's response writer, the fetch fast path), so none of them imports another's.

/**
 * The status text a client sees for `response`: the one it was given, else the
 * reason phrase a real Node server sends for its status (what undici reports).
 *
 * @example
 * statusTextOf(new Response(null, { status: 404 })) // 'Not Found'
 */
export function statusTextOf(response: Response): string {
  // node:http is loaded when a response is played, not when mocklib/node is imported.
  return response.statusText || process.getBuiltinModule('node:http').STATUS_CODES[response.status] || ''
}
