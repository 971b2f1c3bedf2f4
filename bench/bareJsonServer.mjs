// The reference point: a bare node:http handler that returns a fixed JSON body (read from stdin).
import { createServer } from 'node:http';

const chunks = [];
for await (const chunk of process.stdin) chunks.push(chunk);
const body = Buffer.concat(chunks);
const server = createServer((_, response) => {
  response.writeHead(200, {
    'content-type': 'application/json; charset=utf-8',
    'content-length': body.length,
  });
  response.end(body);
});
server.listen(0, '127.0.0.1', () =>
  console.log(`listening on http://127.0.0.1:${server.address().port}/v1`),
);
process.on('SIGTERM', () => server.close(() => process.exit(0)));
