// npm start: the local Pet Store server with demo pets and a freshly generated key.
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';

const key = `demo-${randomBytes(12).toString('hex')}`;
const server = spawn(process.execPath, ['dist/cli/petstore-server.js', '--seed', '--port', '0'], {
  stdio: ['ignore', 'pipe', 'inherit'],
  env: { ...process.env, PETSTORE_SERVER_API_KEYS: key },
});
server.stdout.on('data', (chunk) => {
  process.stdout.write(chunk);
  const match = /listening on (\S+)/.exec(chunk.toString());
  if (match) {
    console.log(
      `\nDemo API key: ${key}\nTry: curl -H "Authorization: Bearer ${key}" "${match[1]}/pets?status=available"\nCtrl-C stops the server.\n`,
    );
  }
});
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.kill('SIGTERM'));
server.on('exit', (code) => process.exit(code ?? 0));
