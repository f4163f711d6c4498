// The specs' `test` and `expect`: Playwright's, with `baseURL` set to the server of the test's
// worker (support/servers.ts). Pages, the `request` fixture and any `browser.newContext()` of a
// test take it from there, so a spec never names a server itself.
import { test as base } from '@playwright/test';
import { serverURL } from './servers';

export { expect } from '@playwright/test';
export type { APIRequestContext, Browser, Locator, Page, WebSocket } from '@playwright/test';

export const test = base.extend({
  // eslint-disable-next-line no-empty-pattern -- a fixture that needs no other fixture
  baseURL: async ({}, use, testInfo) => {
    await use(serverURL(testInfo.parallelIndex));
  },
});
