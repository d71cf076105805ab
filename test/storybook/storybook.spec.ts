// Issue 27: the Storybook recipe (worker started in .storybook/preview.js,
// per-story handlers through `parameters.mocklib.handlers`) in a real
// Storybook build, opened in Chromium.
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { chromium, type Browser, type Page } from 'playwright-core'
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { findChromium } from '../browser/harness.js'
import { buildStorybook } from './build-storybook.js'
import { serveDirectory, type StaticSite } from './static-site.js'

let workDir: string
let site: StaticSite
let browser: Browser
let page: Page
let pageErrors: string[]
/** Requests the page made to anything but the Storybook site (it must work offline). */
let foreignRequests: string[]

beforeAll(async () => {
  workDir = await mkdtemp(join(tmpdir(), 'mocklib-storybook-'))
  const [staticDir, chosen] = await Promise.all([buildStorybook(workDir), findChromium()])
  site = await serveDirectory(staticDir)
  browser = await chromium.launch({ executablePath: chosen.executablePath, args: [...chosen.args], headless: true })
})

afterAll(async () => {
  await browser?.close()
  await site?.close()
  if (workDir) await rm(workDir, { recursive: true, force: true })
})

beforeEach(async () => {
  site.misses.length = 0
  page = await browser.newPage()
  pageErrors = []
  foreignRequests = []
  page.on('request', (request) => void (!request.url().startsWith(`${site.origin}/`) && foreignRequests.push(request.url())))
  page.on('pageerror', (error) => pageErrors.push(error.message))
  page.on('console', (message) => void (message.type() === 'error' && pageErrors.push(message.text())))
})

afterEach(() => page.close())

// null while the story has not rendered the card (page.textContent would wait for it).
const card = (): Promise<string | null> => page.evaluate(() => document.querySelector('#user-card')?.textContent ?? null)

// The first story of a page waits for the worker to register and take control.
const STORY_RENDERED = { timeout: 15_000 }

async function expectCard(text: string): Promise<void> {
  try {
    await expect.poll(card, STORY_RENDERED).toBe(text)
  } catch (error) {
    const errors = pageErrors.length > 0 ? pageErrors.join('\n') : 'none'
    throw new Error(`The story's card shows ${JSON.stringify(await card())}, not ${JSON.stringify(text)}. Errors in the page: ${errors}`, { cause: error })
  }
}

async function openStory(id: string): Promise<void> {
  await page.goto(`${site.origin}/iframe.html?id=${id}&viewMode=story`)
}

// What Storybook's manager sends when you pick another story in the sidebar:
// the preview renders it in the same page, with the same worker.
async function switchStory(id: string): Promise<void> {
  await page.evaluate((storyId) => {
    const channel = (window as unknown as { __STORYBOOK_ADDONS_CHANNEL__: { emit(event: string, payload: unknown): void } }).__STORYBOOK_ADDONS_CHANNEL__
    channel.emit('setCurrentStory', { storyId, viewMode: 'story' })
  }, id)
}

describe('Storybook recipe', () => {
  it("renders a story with the answer of the story's own handler, from the worker at the site root", async () => {
    await openStory('usercard--ada')

    await expectCard('Hello Ada')
    const controller = await page.evaluate(() => navigator.serviceWorker.controller?.scriptURL)
    expect(controller).toBe(`${site.origin}/mocklib-worker.js`)
    expect(site.misses).not.toContain('/api/user')
    expect(foreignRequests).toEqual([])
  })

  it("uses the preview's app handlers for a story without its own", async () => {
    await openStory('usercard--with-app-defaults')

    await expectCard('Hello Default')
    expect(site.misses).not.toContain('/api/user')
  })

  it("answers a story's error response", async () => {
    await openStory('usercard--server-error')

    await expectCard('Failed: HTTP 500')
  })

  it('gives each story only its own handlers when switching stories in one page', async () => {
    await openStory('usercard--ada')
    await expectCard('Hello Ada')

    await switchStory('usercard--server-error')
    await expectCard('Failed: HTTP 500')

    // The previous story's 500 must not leak: the loader reset the handlers.
    await switchStory('usercard--with-app-defaults')
    await expectCard('Hello Default')

    await switchStory('usercard--ada')
    await expectCard('Hello Ada')
    expect(site.misses).not.toContain('/api/user')
  })
})
