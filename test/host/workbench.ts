import { chromium, type Browser, type Page } from 'playwright-core';
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
  testsPath: string;
  environment: Record<string, string>;
  onLog: (text: string) => void;
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
  const page = await context.newPage();
  let settle: (code: number) => void = () => undefined;
  const exitCode = new Promise<number>((resolve) => (settle = resolve));
  await page.exposeFunction('codeAutomationExit', (code: number) => settle(code));
  await page.exposeFunction('codeAutomationLog', (_type: string, args: unknown[]) =>
    options.onLog(format(...args)),
  );

  await page.goto(workbenchUrl(options));
  return { page, exitCode, close: () => browser.close() };
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
}): string {
  // The URIs' authority must equal the page's host:port.
  const remote = (path: string) => `vscode-remote://${new URL(options.origin).host}${path}`;
  const payload = [
    ['extensionDevelopmentPath', remote(options.extensionPath)],
    ['skipWelcome', 'true'],
  ];
  if (options.testsPath) payload.push(['extensionTestsPath', remote(options.testsPath)]);
  if (options.environment)
    payload.push(['extensionEnvironment', JSON.stringify(options.environment)]);
  return `${options.origin}/?folder=${encodeURIComponent(options.workspace)}&payload=${encodeURIComponent(JSON.stringify(payload))}`;
}
