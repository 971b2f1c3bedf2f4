/**
 * A scan worker thread (dist/cli/scan-worker.js): reads and scans the batches of listed files it
 * is sent with its own engine, and sends back each file's notes and findings.
 */
import { parentPort, workerData } from 'node:worker_threads';
import { languageOfPath } from '../core/deprecations/lexers/languages';
import type { SkipNote } from '../core/deprecations/workspace/workspaceWalker';
import { FileScanner, type FileScanSettings } from './deprecations/fileScanner';
import type { FileResult, FileToScan } from './deprecations/scanPool';

const port = parentPort;
if (!port) throw new Error('scan-worker runs as a worker thread of petstore-deprecations');

let notes: SkipNote[] = [];
const scanner = new FileScanner(workerData as FileScanSettings, (skipped) => notes.push(skipped));

port.on('message', (batch: FileToScan[]) => {
  const results: FileResult[] = batch.map(({ index, path, bytes }) => {
    notes = [];
    const scanned = scanner.scan({
      path,
      bytes: bytes && Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength),
      // As the listing found it: by the name alone (a shebang is read with the file).
      language: languageOfPath(path),
    });
    return { index, notes, scanned };
  });
  port.postMessage(results);
});
