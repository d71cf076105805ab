// The recipe: one worker for the whole Storybook, started once in the preview;
// before each story renders, a loader puts back the app's default handlers
// and adds the story's own from `parameters.mocklib.handlers`.
import { setupWorker } from 'mocklib/browser'
import { appHandlers } from '../stories/app-handlers.js'

const worker = setupWorker(...appHandlers)
// 'bypass': Storybook's own module and asset requests go through the worker too.
const started = worker.start({ onUnhandledRequest: 'bypass', quiet: true })

/** @type {import('@storybook/html-vite').Preview} */
export default {
  loaders: [
    async ({ parameters }) => {
      await started
      worker.resetHandlers()
      worker.use(...(parameters.mocklib?.handlers ?? []))
      return {}
    },
  ],
}
