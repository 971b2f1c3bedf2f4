/**
 * A scan worker thread (dist/cli/scan-worker.js): reads and scans the batches of listed files it
 * is sent, with its own reader and engine, and sends back each file's notes and findings.
 */
import { parentPort, workerData } from 'node:worker_threads';
import { languageOfPath } from '../core/deprecations/lexers/languages';
import { CandidateReader, type SkipNote } from '../core/deprecations/workspace/workspaceWalker';
import {
  CandidateScanner,
  type FileScanSettings,
} from '../core/deprecations/pipeline/candidateScanner';
import type { FileResult, FileToScan } from './deprecations/scanPool';

const port = parentPort;
if (!port) throw new Error('scan-worker runs as a worker thread of petstore-deprecations');

const settings = workerData as FileScanSettings;
const scanner = new CandidateScanner(settings);
let notes: SkipNote[] = [];
const reader = new CandidateReader(
  (bytes) => scanner.engine.mightContainBytes(bytes),
  (skipped) => notes.push(skipped),
  settings.maxFileBytes,
);

port.on('message', (batch: FileToScan[]) => {
  const results: FileResult[] = batch.map(({ index, path, bytes }) => {
    notes = [];
    const candidate = reader.read({
      path,
      bytes: bytes && Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength),
      // As the listing found it: by the name alone (a shebang is read with the file).
      language: languageOfPath(path),
    });
    return { index, notes, scanned: candidate && scanner.scan(candidate) };
  });
  port.postMessage(results);
});
