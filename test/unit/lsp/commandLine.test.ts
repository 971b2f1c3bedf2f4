import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { runNodeToExit } from '../../support/runToExit';

const SERVER = resolve(__dirname, '../../../dist/lsp/server.js');
const VERSION = (
  JSON.parse(readFileSync(resolve(__dirname, '../../../package.json'), 'utf8')) as {
    version: string;
  }
).version;

describe('petstore-language-server on the command line', function () {
  this.timeout(20_000);

  it('prints its version and its help, as the other tools do', async () => {
    for (const flag of ['--version', '-V']) {
      const { code, stdout, stderr } = await runNodeToExit([SERVER, flag]);
      assert.equal(code, 0, stderr);
      assert.equal(stdout, `${VERSION}\n`);
    }
    const help = await runNodeToExit([SERVER, '--help']);
    assert.equal(help.code, 0);
    assert.match(help.stdout, /^Usage: petstore-language-server --stdio/);
  });

  it('without a way to talk to a client, says so with the usage (exit 2), no stack trace', async () => {
    const { code, stderr } = await runNodeToExit([SERVER]);
    assert.equal(code, 2);
    assert.match(stderr, /say how to talk to the client/);
    assert.doesNotMatch(stderr, /\n\s+at /);
  });
});
