import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { resolve } from 'node:path';
import { chromium } from 'playwright-core';

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
  it('serves demo pets, opens the workbench with the extension, and Ctrl-C stops everything', async () => {
    const demo = spawn(process.execPath, ['--import', 'tsx', 'scripts/demo.ts', '--browser'], {
      cwd: ROOT,
      stdio: ['ignore', 'pipe', 'pipe'],
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
    const key = /Demo API key \(environment "production"\): (\S+)/.exec(output)![1]!;

    const pets = await fetch(`${apiBase}/pets?limit=100`, {
      headers: { authorization: `Bearer ${key}` },
    });
    assert.equal(pets.status, 200);
    assert.ok(((await pets.json()) as unknown[]).length >= 30);

    const browser = await chromium.launch({
      executablePath: '/usr/bin/chromium',
      args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking'],
    });
    try {
      const page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
      await page.goto(workbench);
      await page.locator('.activitybar a[aria-label^="Pet Store"]').waitFor({ timeout: 60_000 });
      await page.screenshot({ path: resolve(ROOT, 'test-results/screenshots/demo.png') });
    } finally {
      await browser.close();
    }

    const exited = new Promise<number | null>((resolvePromise) =>
      demo.once('exit', resolvePromise),
    );
    demo.kill('SIGINT');
    assert.equal(await exited, 0);
    assert.equal(await reachable(apiBase), false, 'petstore-server still running');
    assert.equal(await reachable(new URL(workbench).origin), false, 'code-server still running');
  });
});
