import { parseArgs } from 'node:util';
import { unifiedDiff } from '../../core/deprecations/fixes/unifiedDiff';
import { REACH } from '../../core/deprecations/fixes/replacement';
import { scanBoundary } from '../../core/deprecations/workspace/repositoryRoot';
import { createFileInside, replaceFileIfUnchanged } from '../../core/files/replaceFile';
import { note, plural, usageError, writeParts } from './cliOutput';
import { migrateSelection, shownPath, type FileOutcome } from './migrateFiles';
import { FINDER_OPTIONS, FINDER_USAGE, finderSettings } from './scanFiles';
import { SELECTION_OPTIONS, scanSelection } from './scanSelection';

export const FIX_USAGE = `Usage: petstore-deprecations fix [PATH...] [options]

Rewrites each request to the deprecated GET /pets/{petId} (getPet) to the replacement: GET /pets
with a status filter, one status at a time, taking the pet whose id matches and answering as the
old request did when none does (404, null, the same exception). ${REACH}
Calls of the functions that send the request are fixed with them: only the request changes.

Options:
  --dry-run                  print the changes as a unified diff, write nothing (the default)
  --write                    write the changes (each file whole, and only if it is unchanged since
                             it was read); new helper files are created where none is
  --format FORMAT            text (default: the diff, or the files written) or json (what was
                             rewritten, what was left and why, with a snippet for each)
${FINDER_USAGE}
  --changed-since REF        fix only the files changed since the git revision REF
  --only-changed-lines       with --changed-since: only requests on added or modified lines
  --baseline FILE            fix only requests that FILE does not accept
  -h, --help                 show this help

Exit status: 0 nothing left to change, 1 changes to make (--dry-run) or requests left for a
person to change, 2 usage or I/O error. A second run after --write changes nothing.`;

export async function runFix(args: string[]): Promise<number> {
  const usage: (message: string) => never = (message) => usageError(message, FIX_USAGE);
  let parsed;
  try {
    parsed = parseArgs({
      args,
      allowPositionals: true,
      options: {
        ...FINDER_OPTIONS,
        ...SELECTION_OPTIONS,
        'dry-run': { type: 'boolean', default: false },
        write: { type: 'boolean', default: false },
        format: { type: 'string', default: 'text' },
        help: { type: 'boolean', short: 'h', default: false },
      },
    });
  } catch (error) {
    usage((error as Error).message);
  }
  const { values, positionals: paths } = parsed;
  if (values.help) {
    process.stdout.write(`${FIX_USAGE}\n`);
    return 0;
  }
  if (values.write && values['dry-run']) usage('--write and --dry-run are used one at a time');
  if (values.format !== 'text' && values.format !== 'json')
    usage(`--format must be text or json, not "${values.format}"`);
  const settings = finderSettings(values);
  if (typeof settings === 'string') usage(settings);
  // What each file was scanned as: the migration reuses its findings while the file is unchanged.
  const selection = await scanSelection(paths, settings, values, usage, { scannedTexts: true });
  const boundary = scanBoundary(selection.roots);
  const { outcomes, ioError } = migrateSelection(selection, settings);
  if (values.write)
    for (const file of outcomes) {
      if (file.next) {
        const written = replaceFileIfUnchanged(file.path, file.read, file.next, boundary);
        if (!written.written) file.skipped = written.reason;
      }
      if (!file.skipped)
        for (const created of file.created) {
          const done = createFileInside(created.path, Buffer.from(created.text), boundary);
          if (!done.written && !/there already/.test(done.reason))
            file.skipped = `${shownPath(created.path)}: ${done.reason}`;
        }
    }
  if (values.format === 'json') writeParts([`${JSON.stringify(jsonOf(outcomes), null, 2)}\n`]);
  else if (!values.write) writeParts(outcomes.map(diffOf).filter((text) => text.length > 0));
  for (const file of outcomes) {
    for (const left of file.manual)
      note(`${file.shown}:${left.line}: left for a person to change: ${left.reason}`);
    if (file.skipped) note(`${file.shown}: not written: ${file.skipped}`);
  }
  const fixed = outcomes.reduce((sum, file) => sum + file.fixed.length, 0);
  const manual = outcomes.reduce((sum, file) => sum + file.manual.length, 0);
  const changed = outcomes.filter((file) => file.next && !file.skipped).length;
  const skipped = outcomes.filter((file) => file.skipped).length;
  note(
    `${plural(fixed, 'request')} ${values.write ? 'rewritten' : 'to rewrite'} in ${plural(changed, 'file')}` +
      (manual ? `; ${plural(manual, 'request')} left for a person (reasons above)` : '') +
      (skipped ? `; ${plural(skipped, 'file')} not written` : ''),
  );
  if (ioError || skipped) return 2;
  if (manual) return 1;
  return !values.write && fixed ? 1 : 0;
}

function diffOf(file: FileOutcome): string {
  const created = file.created.map((helper) =>
    unifiedDiff(shownPath(helper.path), '', [{ start: 0, end: 0, newText: helper.text }]).replace(
      /^--- a\/.*\n/,
      '--- /dev/null\n',
    ),
  );
  return file.diff + created.join('');
}

function jsonOf(outcomes: readonly FileOutcome[]) {
  return {
    files: outcomes.map((file) => ({
      path: file.shown,
      changed: !!file.next,
      ...(file.skipped ? { skipped: file.skipped } : {}),
      fixed: file.fixed,
      manual: file.manual,
      created: file.created.map((created) => shownPath(created.path)),
    })),
  };
}
