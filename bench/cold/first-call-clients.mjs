// The clients of the "cold start + first call" rows (bench/scenarios/cold-first-*.mjs), shared by
// every library's script in a row: each script imports this first, so the clients cost every
// library alike, and a script only writes what its library does.
import nodeHttp from 'node:http'

/** GET `url` with node:http (`http.get` read from the module at call time, as msw requires); the body as text. */
export function httpGetText(url) {
  return new Promise((resolve, reject) => {
    nodeHttp
      .get(url, (response) => {
        let text = ''
        response.setEncoding('utf8')
        response.on('data', (chunk) => (text += chunk))
        response.on('end', () => resolve(text))
        response.on('error', reject)
      })
      .on('error', reject)
  })
}

/** POSTs the GetUser query with global fetch; the user id it answered. */
export async function queryUserId(url) {
  const response = await fetch(url, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ query: 'query GetUser { user { id } }' }) })
  const body = await response.json()
  return body.data?.user?.id
}

/** Opens a global WebSocket to `url`; the data of its first message (the socket is closed then). */
export async function firstMessage(url) {
  const socket = new WebSocket(url)
  try {
    return await new Promise((resolve, reject) => {
      socket.addEventListener('message', (event) => resolve(event.data), { once: true })
      socket.addEventListener('error', () => reject(new Error('the socket failed')), { once: true })
    })
  } finally {
    socket.close()
  }
}

/** Ends the script: the time since the process started, and whether the mocked answer was the expected one. */
export function report(ok) {
  process.stdout.write(JSON.stringify({ value: performance.now(), ok }))
}
