import assert from 'node:assert/strict';
import { execFileSync, spawn } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { chromium } from 'playwright-core';
import { isInside } from '../../src/core/deprecations/workspace/pathInside';
import { DEMO_HISTORY } from '../../scripts/demo/demoHistory';

const ROOT = resolve(__dirname, '../..');

async function reachable(url: string): Promise<boolean> {
  try {
    await fetch(url);
    return true;
  } catch {
    return false;
  }
}

describe('npm start (the demo)', () => {
  it('serves demo pets, opens its own repository with the forecast, and Ctrl-C stops everything quietly', async () => {
    // Its own process group, as a shell runs it in a terminal: Ctrl-C is sent to the whole group.
    const demo = spawn(process.execPath, ['--import', 'tsx', 'scripts/demo.ts', '--browser'], {
      cwd: ROOT,
      stdio: ['ignore', 'pipe', 'pipe'],
      detached: true,
    });
    let output = '';
    demo.stderr.on('data', (chunk: Buffer) => (output += chunk.toString('utf8')));
    const ready = new Promise<void>((resolvePromise, reject) => {
      demo.stdout.on('data', (chunk: Buffer) => {
        output += chunk.toString('utf8');
        if (output.includes('Ctrl-C stops the demo')) resolvePromise();
      });
      demo.once('exit', (code) => reject(new Error(`demo exited with ${code}:\n${output}`)));
    });
    await ready;
    const apiBase = /demo pets: (\S+)/.exec(output)![1]!;
    const workbench = /Open:\s+(\S+)/.exec(output)![1]!;
    const key = /Demo API key \(environment "Test"\): (\S+)/.exec(output)![1]!;
    const workspace =
      /Demo project \(a git repository of \d+ commits over \d+ months\): (\S+)/.exec(output)![1]!;

    const pets = await fetch(`${apiBase}/pets?limit=100`, {
      headers: { authorization: `Bearer ${key}` },
    });
    assert.equal(pets.status, 200);
    assert.ok(((await pets.json()) as unknown[]).length >= 30);

    // A repository of its own, outside this checkout; its test environment is the local server.
    assert.ok(!isInside(workspace, [ROOT]), `${workspace} is outside ${ROOT}`);
    assert.ok(existsSync(join(workspace, '.git')));
    const commits = execFileSync('git', ['rev-list', '--count', 'HEAD'], {
      cwd: workspace,
      encoding: 'utf8',
    });
    assert.equal(Number(commits.trim()), DEMO_HISTORY.length);
    const settings = JSON.parse(readFileSync(join(workspace, '.vscode/settings.json'), 'utf8')) as {
      'petstore.environments': Record<string, { baseUrl: string; protected?: boolean }>;
    };
    assert.deepEqual(settings['petstore.environments'].test, {
      label: 'Test',
      baseUrl: apiBase,
      protected: false,
    });

    const browser = await chromium.launch({
      executablePath: '/usr/bin/chromium',
      args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking'],
    });
    try {
      const page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
      await page.goto(workbench);
      const petStore = page.locator('.activitybar a[aria-label^="Pet Store"]');
      await petStore.waitFor({ timeout: 60_000 });
      await petStore.click();
      // The Deprecated Calls view: the verdict of the project's history, and its calls.
      await page
        .locator('.pane-header:has-text("Deprecated Calls"):has-text("on track")')
        .waitFor({ timeout: 60_000 });
      await page
        .locator('.pane:has(.pane-header:has-text("Deprecated Calls")) .monaco-list-row')
        .first()
        .waitFor({ timeout: 60_000 });
      await page.locator('.statusbar-item:has-text("Pet Store: Test")').waitFor();
      await page.screenshot({ path: resolve(ROOT, 'test-results/screenshots/demo.png') });
    } finally {
      await browser.close();
    }

    const exited = new Promise<number | null>((resolvePromise) =>
      demo.once('exit', resolvePromise),
    );
    const before = output.length;
    process.kill(-demo.pid!, 'SIGINT');
    assert.equal(await exited, 0);
    const said = output.slice(before).trim();
    assert.equal(said, '[demo] Stopped.', 'Ctrl-C says nothing but that');
    assert.equal(await reachable(apiBase), false, 'petstore-server still running');
    assert.equal(await reachable(new URL(workbench).origin), false, 'code-server still running');
  });
});
