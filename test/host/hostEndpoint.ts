import { mkdirSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import type { Page } from 'playwright-core';

/**
 * A loopback endpoint through which tests in the extension host ask the launcher for what only
 * the browser can do: a screenshot of the workbench now, reading or waiting for elements, and typing
 * or pressing keys as a user would.
 */
export async function startHostEndpoint(options: {
  screenshotFolder: string;
  page: () => Page | undefined;
  log: (line: string) => void;
  testKeys: readonly string[];
}): Promise<{ url: string; close(): Promise<void> }> {
  mkdirSync(options.screenshotFolder, { recursive: true });
  const server = createServer((request, response) => {
    const url = new URL(request.url ?? '/', 'http://localhost');
    const reply = (status: number, body: unknown) => {
      response.writeHead(status, { 'content-type': 'application/json' });
      response.end(JSON.stringify(body));
    };
    if (url.pathname === '/testKeys') return reply(200, { keys: options.testKeys });
    const page = options.page();
    if (!page) return reply(503, { error: 'no workbench page yet' });
    const work = async () => {
      if (url.pathname === '/screenshot') {
        const name = (url.searchParams.get('name') ?? 'screenshot').replace(/[^\w.-]/g, '_');
        const path = join(options.screenshotFolder, `${name}.png`);
        await page.screenshot({ path });
        options.log(`screenshot saved: ${path}`);
        return reply(200, { path });
      }
      if (url.pathname === '/count') {
        const selector = url.searchParams.get('selector') ?? '';
        return reply(200, { count: await page.locator(selector).count() });
      }
      if (url.pathname === '/text') {
        const selector = url.searchParams.get('selector') ?? '';
        return reply(200, { texts: await page.locator(selector).allInnerTexts() });
      }
      if (url.pathname === '/waitFor') {
        const selector = url.searchParams.get('selector') ?? '';
        const state = (url.searchParams.get('state') ?? 'visible') as
          'visible' | 'hidden' | 'attached' | 'detached';
        const timeout = Number(url.searchParams.get('timeout') ?? 20_000);
        await page.locator(selector).first().waitFor({ state, timeout });
        return reply(200, { ok: true });
      }
      if (url.pathname === '/waitForWebviewText') {
        // A webview's content is two frames down: VS Code's host page, then the content's frame.
        const timeout = Number(url.searchParams.get('timeout') ?? 20_000);
        await page
          .frameLocator('iframe.webview')
          .first()
          .frameLocator('iframe#active-frame')
          .getByText(url.searchParams.get('text') ?? '')
          .first()
          .waitFor({ state: 'visible', timeout });
        return reply(200, { ok: true });
      }
      if (url.pathname === '/value') {
        return reply(200, {
          value: await page
            .locator(url.searchParams.get('selector') ?? '')
            .first()
            .inputValue(),
        });
      }
      if (url.pathname === '/type') {
        const text = url.searchParams.get('text') ?? '';
        const selector = url.searchParams.get('selector');
        // Key by key, as a person types; into that element (focused first) when one is named.
        if (selector) await page.locator(selector).first().pressSequentially(text);
        else await page.keyboard.type(text);
        return reply(200, { ok: true });
      }
      if (url.pathname === '/fill') {
        // Focuses that element first: text typed before the widget took the focus would be lost.
        await page
          .locator(url.searchParams.get('selector') ?? '')
          .first()
          .fill(url.searchParams.get('text') ?? '');
        return reply(200, { ok: true });
      }
      if (url.pathname === '/click') {
        // Hovered first, as a pointer reaches it: a quick pick shows a row's buttons on hover.
        const target = page.locator(url.searchParams.get('selector') ?? '').first();
        await target.hover();
        await target.click({
          button: url.searchParams.get('button') === 'right' ? 'right' : 'left',
        });
        return reply(200, { ok: true });
      }
      if (url.pathname === '/press') {
        const key = url.searchParams.get('key') ?? 'Enter';
        const selector = url.searchParams.get('selector');
        // Into that element (focused first): focus VS Code hands back late, e.g. to the page a
        // closed quick pick was opened from, would otherwise take the key.
        if (selector) await page.locator(selector).first().press(key);
        else await page.keyboard.press(key);
        return reply(200, { ok: true });
      }
      reply(404, { error: 'unknown request' });
    };
    work().catch((error: unknown) => reply(500, { error: String(error) }));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
