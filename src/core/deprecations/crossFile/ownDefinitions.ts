/**
 * A call of a function named like the operation (`getPet(id)`, `api.get_pet(7)`) is taken for a
 * generated client's call. Where the workspace's own code defines that name, its definition
 * decides instead: while it sends GET /pets/{petId} (the wrapper index holds it), its calls are
 * calls through that wrapper (the fix is in its body, and they count towards it); once it no
 * longer does (migrated to the list), they are not calls at all. Generated files do not decide: a
 * generated client's definition is what the name stands for.
 */
import type { Finding } from '../engine';
import { ignoresFile } from '../engine';
import { nameUses } from '../recognisers/operationCalls';
import type { SourceText } from './callSites';
import { isGeneratedSource } from './generatedSource';
import { weaker, type WrapperEntry, type WrapperIndex } from './wrapperIndex';

/**
 * By language family, the operation names the workspace defines itself: the wrapper each reaches
 * the request through, or null when its definition no longer sends it.
 */
export type OwnNames = ReadonlyMap<string, ReadonlyMap<string, WrapperEntry | null>>;

/** The operation names among `findings` that the workspace's own files (from `mentioning`) define. */
export async function ownDefinitions(
  findings: readonly { family: string; finding: Finding }[],
  mentioning: (names: readonly string[]) => Iterable<SourceText> | AsyncIterable<SourceText>,
  index: WrapperIndex,
): Promise<OwnNames> {
  const names = new Set(
    findings
      .filter(({ finding }) => finding.kind === 'operation')
      .map(({ finding }) => finding.detail),
  );
  const own = new Map<string, Map<string, WrapperEntry | null>>();
  if (names.size === 0) return own;
  for await (const file of mentioning([...names])) {
    const { language } = file;
    if (!language.lex) continue;
    const { tokens, comments } = language.lex(file.text);
    if (ignoresFile(comments) || isGeneratedSource(comments)) continue;
    const { definedHere } = nameUses(tokens, names, {
      parenlessCalls: language.family === 'ruby',
      typeAnnotatedSignatures: language.family === 'javascript',
      resultTypeAfterParameters: language.family === 'go',
    });
    for (const name of definedHere) {
      let family = own.get(language.family);
      if (!family) own.set(language.family, (family = new Map<string, WrapperEntry | null>()));
      const entry = index
        .entriesNamed(name)
        .find(
          (candidate) =>
            candidate.path === file.path && sameRuntime(candidate.family, language.family),
        );
      // Defined in several files: one that still sends the request decides.
      if (entry || !family.has(name)) family.set(name, entry ?? family.get(name) ?? null);
    }
  }
  return own;
}

/**
 * What an operation call becomes where the workspace defines its name: null (not a call: the
 * definition no longer sends the request), a call through that wrapper, or itself (undefined).
 */
export function decidedByOwn(
  finding: Finding,
  family: string,
  own: OwnNames,
): Finding | null | undefined {
  if (finding.kind !== 'operation') return undefined;
  for (const [defined, names] of own) {
    if (!sameRuntime(defined, family) || !names.has(finding.detail)) continue;
    const entry = names.get(finding.detail);
    if (!entry) return null;
    return {
      ...finding,
      kind: 'wrapper',
      confidence: weaker(finding.confidence, entry.confidence),
      via: entry.chain,
    };
  }
  return undefined;
}

/** The findings with every operation call the workspace's own definitions decide replaced or dropped. */
export function withOwnDecisions(
  findings: readonly Finding[],
  family: string | undefined,
  own: OwnNames,
): Finding[] {
  if (!family || own.size === 0) return [...findings];
  const decided: Finding[] = [];
  for (const finding of findings) {
    const replaced = decidedByOwn(finding, family, own);
    if (replaced === undefined) decided.push(finding);
    else if (replaced) decided.push(replaced);
  }
  return decided;
}

const JVM = new Set(['java', 'kotlin']);

function sameRuntime(a: string, b: string): boolean {
  return a === b || (JVM.has(a) && JVM.has(b));
}
