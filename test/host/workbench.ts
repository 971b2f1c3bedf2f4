import { existsSync, readFileSync } from 'node:fs';
import { extname, join } from 'node:path';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { format } from 'node:util';

export interface Workbench {
  page: Page;
  /** Resolves with the code the workbench reports when the test run settles. */
  exitCode: Promise<number>;
  close(): Promise<void>;
}

const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];

/**
 * Opens the workbench in headless Debian Chromium with the development payload, forwarding the
 * extension host's console (mocha's reporter) to `onLog`.
 */
export async function openWorkbench(options: {
  origin: string;
  workspace: string;
  extensionPath: string;
  /** The suite to run in the extension host; without it the workbench only loads the extension. */
  testsPath?: string;
  environment: Record<string, string>;
  onLog: (text: string) => void;
  /**
   * The page's console and its workers' (the web worker extension host logs there: the
   * extension's errors, the language client's), each line as `[page|worker] type: text`.
   */
  onConsole?: (text: string) => void;
  /** 'web': the extension under development runs in the browser's web worker extension host. */
  developmentKind?: 'web';
  /** The editor host's webview pages (`…/webview/browser/pre`), served in place of VS Code's CDN. */
  webviewPages?: string;
}): Promise<Workbench> {
  const browser: Browser = await chromium.launch({
    executablePath: '/usr/bin/chromium',
    args: CHROMIUM_ARGS,
  });
  // Clipboard permissions let the extension's copy commands work as on the desktop.
  const context = await browser.newContext({
    viewport: { width: 1280, height: 800 },
    permissions: ['clipboard-read', 'clipboard-write'],
  });
  if (options.webviewPages) await serveWebviewPages(context, options.webviewPages);
  const page = await context.newPage();
  const onConsole = options.onConsole;
  if (onConsole) {
    page.on('console', (message) => onConsole(`[page] ${message.type()}: ${message.text()}`));
    page.on('pageerror', (error) => onConsole(`[page] uncaught: ${error.stack ?? error.message}`));
    page.on('worker', (worker) => {
      onConsole(`[worker] started: ${worker.url()}`);
      worker.on('console', (message) => onConsole(`[worker] ${message.type()}: ${message.text()}`));
    });
  }
  let settle: (code: number) => void = () => undefined;
  const exitCode = new Promise<number>((resolve) => (settle = resolve));
  await page.exposeFunction('codeAutomationExit', (code: number) => settle(code));
  await page.exposeFunction('codeAutomationLog', (_type: string, args: unknown[]) =>
    options.onLog(format(...args)),
  );

  await page.goto(workbenchUrl(options));
  return { page, exitCode, close: () => browser.close() };
}

const WEBVIEW_HOST = /^https:\/\/[^/]+\.vscode-cdn\.net\/.*\/webview\/browser\/pre\/([\w.-]+)$/;
const CONTENT_TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
};

/**
 * Webviews (the Markdown preview among them) load their host page from VS Code's CDN, which this
 * machine cannot reach: the same files from the editor host's install are served for it, so they
 * render here as they do online.
 */
async function serveWebviewPages(context: BrowserContext, folder: string): Promise<void> {
  await context.route(WEBVIEW_HOST, async (route) => {
    const name = WEBVIEW_HOST.exec(
      new URL(route.request().url()).origin + new URL(route.request().url()).pathname,
    )?.[1];
    const file = name && join(folder, name);
    if (!file || !existsSync(file)) return route.fulfill({ status: 404 });
    await route.fulfill({
      status: 200,
      body: readFileSync(file),
      headers: {
        'content-type': CONTENT_TYPES[extname(file)] ?? 'application/octet-stream',
        // The service worker may control the whole webview origin.
        'service-worker-allowed': '/',
      },
    });
  });
}

/**
 * The workbench address that loads the extension under development (and, given testsPath, runs
 * its suite). Honoured only with code-server's `enable-smoke-test-driver` option.
 */
export function workbenchUrl(options: {
  origin: string;
  workspace: string;
  extensionPath: string;
  testsPath?: string;
  environment?: Record<string, string>;
  developmentKind?: 'web';
}): string {
  // The URIs' authority must equal the page's host:port.
  const remote = (path: string) => `vscode-remote://${new URL(options.origin).host}${path}`;
  const payload = [
    ['extensionDevelopmentPath', remote(options.extensionPath)],
    ['skipWelcome', 'true'],
  ];
  if (options.developmentKind) payload.push(['extensionDevelopmentKind', options.developmentKind]);
  if (options.testsPath) payload.push(['extensionTestsPath', remote(options.testsPath)]);
  if (options.environment)
    payload.push(['extensionEnvironment', JSON.stringify(options.environment)]);
  return `${options.origin}/?folder=${encodeURIComponent(options.workspace)}&payload=${encodeURIComponent(JSON.stringify(payload))}`;
}
