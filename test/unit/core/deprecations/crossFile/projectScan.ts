import {
  DeprecationEngine,
  type EngineOptions,
  type Finding,
} from '../../../../../src/core/deprecations/engine';
import { followWrappers } from '../../../../../src/core/deprecations/crossFile/followWrappers';
import { languageOfPath } from '../../../../../src/core/deprecations/lexers/languages';
import {
  DEFAULT_MINIMUM_CONFIDENCE,
  meetsConfidence,
  type Confidence,
} from '../../../../../src/core/deprecations/model/confidence';

/** A project in memory: path -> text. */
export type Project = Record<string, string>;

/**
 * What a scan of the project reports by default (certain and likely; `minimum` to say otherwise):
 * the engine's findings in every file and the calls of the wrappers followed from them, as
 * `path:line kind detail` (lines 1-based), sorted.
 */
export async function reportedIn(
  project: Project,
  options: EngineOptions = {},
  minimum: Confidence = DEFAULT_MINIMUM_CONFIDENCE,
): Promise<string[]> {
  const engine = new DeprecationEngine(options);
  const direct = Object.entries(project).map(([path, text]) => ({
    path,
    findings: engine.scan(text, languageOfPath(path)!),
  }));
  const { calls } = await followWrappers(
    direct.filter((file) => file.findings.length > 0),
    function* (names) {
      for (const [path, text] of Object.entries(project))
        if (names.some((name) => text.includes(name)))
          yield { path, text, language: languageOfPath(path)! };
    },
    (path) => languageOfPath(path)?.family,
  );
  const lines: string[] = [];
  const add = (path: string, found: Iterable<Finding>) => {
    for (const finding of found)
      if (meetsConfidence(finding.confidence, minimum))
        lines.push(`${path}:${finding.start.line + 1} ${finding.kind} ${finding.detail}`);
  };
  for (const { path, findings } of direct) add(path, findings);
  for (const [path, found] of calls) add(path, found);
  return lines.sort();
}
