/**
 * The migration of the requests a scan selected, file by file, as \`fix\` writes it and \`plan\`
 * previews it: each file read again (a regular file within the size limit), its requests those of
 * what it holds now (the scan's while the text is the one scanned, else found again), and
 * rewritten (src/core/deprecations/fixes). The scan must be asked for `scannedTexts` to reuse its.
 */
import { existsSync } from 'node:fs';
import { dirname, isAbsolute, join, relative, resolve } from 'node:path';
import type { Finding } from '../../core/deprecations/engine';
import { isRequest, migrateText } from '../../core/deprecations/fixes/migrateText';
import { unifiedDiff } from '../../core/deprecations/fixes/unifiedDiff';
import { languageOfPath } from '../../core/deprecations/lexers/languages';
import { findingsIfUnchanged } from '../../core/deprecations/pipeline/scannedText';
import { meetsConfidence } from '../../core/deprecations/model/confidence';
import { utf8SourceOf } from '../../core/deprecations/workspace/sourceFile';
import { relativeModules } from '../../core/deprecations/workspace/moduleText';
import { scanBoundary } from '../../core/deprecations/workspace/repositoryRoot';
import { readFailure, readRegularFile } from '../../core/files/regularFile';
import { note } from './cliOutput';
import type { FinderSettings } from './scanFiles';
import type { Selection } from './scanSelection';

export interface FileOutcome {
  path: string;
  shown: string;
  /** The file's bytes as read, and the rewrite's. */
  read: Buffer;
  next?: Buffer;
  /** The rewrite as a unified diff of the file (empty when nothing changed). */
  diff: string;
  fixed: { line: number; library: string; description: string }[];
  manual: { line: number; reason: string; snippet?: string }[];
  created: { path: string; text: string }[];
  /** Why the file was not written (with --write). */
  skipped?: string;
}

export function migrateSelection(
  selection: Selection,
  settings: FinderSettings,
): { outcomes: FileOutcome[]; ioError: boolean } {
  const { outcome } = selection;
  const creating = new Set<string>();
  const boundary = scanBoundary(selection.roots);
  const wanted = new Map<string, Finding[]>();
  for (const file of selection.results) {
    const requests = file.findings.filter(isRequest);
    if (requests.length) wanted.set(file.path, requests);
  }
  let ioError = outcome.ioError;
  const outcomes: FileOutcome[] = [];
  for (const [path, selected] of [...wanted].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))) {
    const shown = shownPath(path);
    let read: Buffer;
    try {
      read = readRegularFile(path, { maxBytes: settings.maxFileBytes });
    } catch (error) {
      note(`note: cannot read ${shown}: ${readFailure(error)}`);
      ioError = true;
      continue;
    }
    const source = utf8SourceOf(read);
    const language = languageOfPath(path, source?.subarray(0, 200).toString('utf8').split('\n')[0]);
    if (!source || !language || read[0] === 0xff || read[0] === 0xfe) {
      outcomes.push({
        path,
        shown,
        read,
        diff: '',
        fixed: [],
        manual: selected.map((finding) => ({
          line: finding.start.line + 1,
          reason: 'not a UTF-8 source file: not rewritten',
        })),
        created: [],
      });
      continue;
    }
    const text = source.toString('utf8');
    // The requests as the file holds them now (the scan read it a moment ago): the ones asked for.
    // The scan's findings while the text is the one it scanned; else the text is scanned again.
    const at = new Set(
      selected.map((finding) => `${finding.start.line}:${finding.start.character}`),
    );
    const found =
      findingsIfUnchanged(outcome.scannedTexts.get(path), text, language) ??
      outcome.engine.scan(text, language);
    const requests = found.filter(
      (finding) =>
        isRequest(finding) &&
        meetsConfidence(finding.confidence, settings.minimum) &&
        at.has(`${finding.start.line}:${finding.start.character}`),
    );
    const migrated = migrateText(
      { path, text, language, moduleText: relativeModules(path, boundary) },
      requests,
    );
    const bom = read.length - source.length === 3 ? read.subarray(0, 3) : Buffer.alloc(0);
    // The diff is of the file as it is, its byte-order mark included.
    const marked = bom.length ? '\uFEFF' : '';
    outcomes.push({
      path,
      shown,
      read,
      diff: unifiedDiff(
        shown,
        marked + text,
        migrated.edits.map((edit) => ({
          ...edit,
          start: edit.start + marked.length,
          end: edit.end + marked.length,
        })),
      ),
      next:
        migrated.next === text
          ? undefined
          : Buffer.concat([bom, Buffer.from(migrated.next, 'utf8')]),
      fixed: migrated.fixed.map(({ finding, library, description }) => ({
        line: finding.start.line + 1,
        library,
        description,
      })),
      manual: migrated.manual.map(({ finding, reason, snippet }) => ({
        line: finding.start.line + 1,
        reason,
        ...(snippet ? { snippet } : {}),
      })),
      created: migrated.created
        .map((file) => ({
          path: isAbsolute(file.path) ? file.path : join(dirname(path), file.path),
          text: file.text,
        }))
        // One helper file per package, however many of its files are rewritten; never replaced.
        .filter((file) => !creating.has(file.path) && !existsSync(file.path))
        .map((file) => (creating.add(file.path), file)),
    });
  }
  return { outcomes, ioError };
}

/** A path as notes show it: relative to the working folder when inside it. */
export function shownPath(path: string): string {
  const shown = relative(process.cwd(), resolve(path));
  return shown.startsWith('..') || isAbsolute(shown) ? path : shown;
}
