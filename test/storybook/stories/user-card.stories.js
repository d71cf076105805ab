// A card that fetches the signed-in user from /api/user: each story shows it
// against other answers, given through `parameters.mocklib.handlers`.
import { http, HttpResponse } from 'mocklib'

/** Renders "Hello <name>" once /api/user answers, or "Failed: <reason>". */
function renderUserCard() {
  const card = document.createElement('p')
  card.id = 'user-card'
  card.textContent = 'loading'
  fetch('/api/user')
    .then((response) => (response.ok ? response.json() : Promise.reject(new Error(`HTTP ${response.status}`))))
    .then(
      (user) => (card.textContent = `Hello ${user.name}`),
      (error) => (card.textContent = `Failed: ${error.message}`),
    )
  return card
}

export default { title: 'UserCard', render: renderUserCard }

export const Ada = {
  parameters: { mocklib: { handlers: [http.get('/api/user', () => HttpResponse.json({ name: 'Ada' }))] } },
}

export const ServerError = {
  parameters: { mocklib: { handlers: [http.get('/api/user', () => new HttpResponse(null, { status: 500 }))] } },
}

export const WithAppDefaults = {}
