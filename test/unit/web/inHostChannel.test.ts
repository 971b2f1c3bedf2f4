import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { join } from 'node:path';
import { promisify } from 'node:util';

/**
 * The transport the browser's finder uses in the extension host: the language server on one port
 * of a MessageChannel, the client on the other dressed as a Worker. Run in a process of its own
 * (inHostChannelProbe.ts), where only the browser's runtime of vscode-jsonrpc is loaded.
 */
describe('the browser finder over a MessageChannel in the extension host', function () {
  this.timeout(60_000);

  it('initializes, asks the client for the files, and publishes their calls', async () => {
    const { stdout } = await promisify(execFile)(
      process.execPath,
      // The packages' browser builds, as esbuild picks them for dist/web.
      ['--conditions=browser', '--import', 'tsx', join(__dirname, 'inHostChannelProbe.ts')],
      { timeout: 50_000 },
    );
    assert.deepEqual(JSON.parse(stdout), {
      codeActions: true,
      uri: 'vscode-vfs://github/owner/repo/src/petService.ts',
      lines: [0],
      read: ['/owner/repo/src/petService.ts'],
    });
  });
});
