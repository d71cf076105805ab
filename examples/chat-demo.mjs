// Real-time traffic: a chat over WebSocket (ws.link) with rooms, and a live feed
// over Server-Sent Events (sse), answered by handlers. The clients are Node's own
// WebSocket and fetch, as an application would use them.
import { sse, ws } from 'mocklib'
import { setupServer } from 'mocklib/node'

const chat = ws.link('wss://chat.example.test/rooms/:room')
// chat.clients are every client of the link (as in msw); rooms are the app's business.
const roomOf = new Map()
const server = setupServer(
  chat.addEventListener('connection', ({ client, params }) => {
    roomOf.set(client.id, params.room)
    client.send(`welcome to #${params.room}`)
    client.addEventListener('message', (event) => {
      // Everyone else in the room hears it (broadcastExcept); the sender gets an acknowledgement.
      const elsewhere = [...chat.clients].filter((other) => roomOf.get(other.id) !== params.room)
      chat.broadcastExcept([client, ...elsewhere], `#${params.room} ${event.data}`)
      client.send(`sent: ${event.data}`)
    })
    client.addEventListener('close', () => roomOf.delete(client.id))
  }),
  sse('https://feed.example.test/prices', ({ client }) => {
    client.send({ event: 'price', data: { symbol: 'MOCK', price: 100 } })
    client.send({ event: 'price', data: { symbol: 'MOCK', price: 101 } })
    client.close()
  }),
)
server.listen({ onUnhandledRequest: 'error' })

function join(name, room) {
  const socket = new WebSocket(`wss://chat.example.test/rooms/${room}`)
  const heard = []
  socket.addEventListener('message', (event) => heard.push(event.data))
  const open = new Promise((resolve) => socket.addEventListener('open', resolve, { once: true }))
  return { name, socket, heard, open }
}

const people = [join('ada', 'general'), join('bob', 'general'), join('cy', 'random')]
await Promise.all(people.map((person) => person.open))
people[0].socket.send('hello everyone')
await new Promise((resolve) => setTimeout(resolve, 50))
for (const person of people) {
  console.log(`  ${person.name.padEnd(4)} heard: ${person.heard.join(' | ')}`)
  person.socket.close()
}

const response = await fetch('https://feed.example.test/prices', { headers: { accept: 'text/event-stream' } })
const feed = await response.text()
console.log(`  price feed (${response.headers.get('content-type')}):`)
for (const line of feed.trim().split('\n').filter(Boolean)) console.log(`    ${line}`)
server.close()
