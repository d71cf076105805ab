import { message } from '../../kernel/index.js'

/** Why the page falls back to in-page interception. */
export function fallbackText(reason: string): string {
  return message(
    `${reason} Mocking fetch and XMLHttpRequest inside the page instead.`,
    'Requests the page does not make through fetch or XMLHttpRequest (images, styles, workers) reach the network.',
  )
}
