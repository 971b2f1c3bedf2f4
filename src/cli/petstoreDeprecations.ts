#!/usr/bin/env node
import { resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { DeprecationEngine } from '../core/deprecations/engine';
import {
  CONFIDENCE_LEVELS,
  DEFAULT_MINIMUM_CONFIDENCE,
  meetsConfidence,
  type Confidence,
} from '../core/deprecations/model/confidence';
import {
  githubReport,
  jsonReport,
  sarifReport,
  textReport,
  type FileFindings,
  type ReportFormat,
} from '../core/deprecations/reports/report';
import {
  CandidateReader,
  DEFAULT_MAX_FILE_BYTES,
  listFiles,
  type SkipNote,
} from '../core/deprecations/workspace/workspaceWalker';

const VERSION = '0.1.0';
const USAGE = `Usage: petstore-deprecations scan [PATH...] [options]

Finds calls to the deprecated GET /pets/{petId} (getPet), removed on 5 December 2030.

Options:
  --format FORMAT            text (default), json, sarif (code scanning), or github
                             (annotations in a GitHub Actions run)
  --confidence LEVEL         report findings at least this sure: certain, likely (default)
                             or possible (all, also strings whose use is not seen)
  --names getPet,get_pet     operation names of generated clients (default getPet,get_pet,GetPet)
  --max-file-size BYTES      skip larger files, with a note (default ${DEFAULT_MAX_FILE_BYTES})
  --no-gitignore             also scan files that .gitignore excludes
  -h, --help                 show this help

Exit status: 0 nothing found, 1 calls found, 2 usage or I/O error.`;

const NOTE_TEXT: Record<SkipNote['reason'], string> = {
  binary: 'skipped binary file',
  tooLarge: 'skipped file over the size limit',
  unreadable: 'could not read',
  symlinkLoop: 'skipped symlink loop',
  notRegularFile: 'skipped what is not a regular file (FIFO, socket or device)',
  missing: 'no such file or folder',
};

function usageError(message: string): never {
  process.stderr.write(`petstore-deprecations: ${message}\n\n${USAGE}\n`);
  process.exit(2);
}

function main(): number {
  let parsed;
  try {
    parsed = parseArgs({
      allowPositionals: true,
      options: {
        format: { type: 'string', default: 'text' },
        confidence: { type: 'string', default: DEFAULT_MINIMUM_CONFIDENCE },
        names: { type: 'string' },
        'max-file-size': { type: 'string' },
        'no-gitignore': { type: 'boolean', default: false },
        help: { type: 'boolean', short: 'h', default: false },
      },
    });
  } catch (error) {
    usageError((error as Error).message);
  }
  const { values, positionals } = parsed;
  if (values.help) {
    process.stdout.write(`${USAGE}\n`);
    return 0;
  }
  const [command, ...paths] = positionals;
  if (command !== 'scan')
    usageError(command ? `unknown command "${command}"` : 'missing command "scan"');
  const format = values.format as ReportFormat;
  if (!['text', 'json', 'sarif', 'github'].includes(format))
    usageError(`--format must be text, json, sarif or github, not "${format}"`);
  const minimum = values.confidence as Confidence;
  if (!CONFIDENCE_LEVELS.includes(minimum))
    usageError(`--confidence must be ${CONFIDENCE_LEVELS.join(', ')}, not "${minimum}"`);
  const maxFileBytes =
    values['max-file-size'] === undefined
      ? DEFAULT_MAX_FILE_BYTES
      : Number(values['max-file-size']);
  if (!Number.isInteger(maxFileBytes) || maxFileBytes <= 0)
    usageError('--max-file-size must be a positive whole number');
  const names = values.names
    ?.split(',')
    .map((name) => name.trim())
    .filter(Boolean);
  if (names && names.some((name) => !/^[A-Za-z_$][\w$]*$/.test(name)))
    usageError('--names must be identifiers separated by commas');

  const roots = (paths.length ? paths : ['.']).map((path) => resolve(path));
  let ioError = false;
  const onSkip = (note: SkipNote) => {
    if (note.reason === 'unreadable' || note.reason === 'missing') ioError = true;
    process.stderr.write(
      `petstore-deprecations: note: ${NOTE_TEXT[note.reason]}: ${note.path}${note.detail ? ` (${note.detail})` : ''}\n`,
    );
  };
  // One thread: measured here, reads do not run faster on two (the file system serializes them).
  const engine = new DeprecationEngine({ operationNames: names });
  const reader = new CandidateReader(
    (bytes) => engine.mightContainBytes(bytes),
    onSkip,
    maxFileBytes,
  );
  const results: FileFindings[] = [];
  const files = listFiles(roots, onSkip, { gitignore: !values['no-gitignore'] });
  const scanned = files.length;
  for (const file of files) {
    const candidate = reader.read(file);
    if (!candidate) continue;
    const findings = engine
      .scan(candidate.text, candidate.language)
      .filter((finding) => meetsConfidence(finding.confidence, minimum));
    if (findings.length) results.push({ path: candidate.path, findings });
  }
  results.sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0));
  const context = { base: process.cwd(), toolVersion: VERSION };
  const reports = { text: textReport, json: jsonReport, sarif: sarifReport, github: githubReport };
  process.stdout.write(reports[format](results, context));
  process.stderr.write(`petstore-deprecations: ${summary(results, scanned)}\n`);
  if (results.length > 0) return 1;
  return ioError ? 2 : 0;
}

/** One line for the log (stderr, so stdout stays a clean report): how many calls, where. */
function summary(results: readonly FileFindings[], scanned: number): string {
  const calls = results.reduce((total, file) => total + file.findings.length, 0);
  const files = `${scanned} file${scanned === 1 ? '' : 's'} scanned`;
  if (!calls) return `no calls to the deprecated GET /pets/{petId} (${files})`;
  const where = `${results.length} file${results.length === 1 ? '' : 's'}`;
  return `${calls} call${calls === 1 ? '' : 's'} to the deprecated GET /pets/{petId} in ${where} (${files})`;
}

try {
  process.exitCode = main();
} catch (error) {
  process.stderr.write(
    `petstore-deprecations: ${error instanceof Error ? error.message : String(error)}\n`,
  );
  process.exitCode = 2;
}
