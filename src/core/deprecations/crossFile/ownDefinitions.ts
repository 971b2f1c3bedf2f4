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

/** One definition of an operation's name: the wrapper it reaches the request through, or null. */
export interface OwnDefinition {
  path: string;
  entry: WrapperEntry | null;
}

/**
 * By language family, the operation names the workspace defines itself, with each definition: the
 * wrapper it reaches the request through, or null when it no longer sends it.
 */
export type OwnNames = ReadonlyMap<string, ReadonlyMap<string, readonly OwnDefinition[]>>;

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
  const own = new Map<string, Map<string, OwnDefinition[]>>();
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
      if (!family) own.set(language.family, (family = new Map<string, OwnDefinition[]>()));
      const entry = index
        .entriesNamed(name)
        .find(
          (candidate) =>
            candidate.path === file.path && sameRuntime(candidate.family, language.family),
        );
      const definitions = family.get(name) ?? [];
      definitions.push({ path: file.path, entry: entry ?? null });
      family.set(name, definitions);
    }
  }
  return own;
}

/**
 * What an operation call in the file at `path` becomes where the workspace defines its name: null
 * (not a call: the definition no longer sends the request), a call through that wrapper, or itself
 * (undefined). Of several definitions, the nearest to the call decides (its own file, then the one
 * sharing most folders with it: its own project's in a tree of projects); of equally near ones,
 * one that still sends the request.
 */
export function decidedByOwn(
  finding: Finding,
  family: string,
  own: OwnNames,
  path: string,
): Finding | null | undefined {
  if (finding.kind !== 'operation') return undefined;
  for (const [defined, names] of own) {
    const definitions = names.get(finding.detail);
    if (!sameRuntime(defined, family) || !definitions?.length) continue;
    const entry = nearest(definitions, path).entry;
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

function nearest(definitions: readonly OwnDefinition[], path: string): OwnDefinition {
  const folders = path.split(/[/\\]/);
  const shared = (other: string) => {
    if (other === path) return Infinity;
    const segments = other.split(/[/\\]/);
    let count = 0;
    while (count < segments.length - 1 && segments[count] === folders[count]) count++;
    return count;
  };
  let best = definitions[0]!;
  for (const definition of definitions.slice(1)) {
    const nearer = shared(definition.path) - shared(best.path);
    if (nearer > 0 || (nearer === 0 && definition.entry && !best.entry)) best = definition;
  }
  return best;
}

/** The findings with every operation call the workspace's own definitions decide replaced or dropped. */
export function withOwnDecisions(
  findings: readonly Finding[],
  family: string | undefined,
  own: OwnNames,
  path: string,
): Finding[] {
  if (!family || own.size === 0) return [...findings];
  const decided: Finding[] = [];
  for (const finding of findings) {
    const replaced = decidedByOwn(finding, family, own, path);
    if (replaced === undefined) decided.push(finding);
    else if (replaced) decided.push(replaced);
  }
  return decided;
}

const JVM = new Set(['java', 'kotlin']);

function sameRuntime(a: string, b: string): boolean {
  return a === b || (JVM.has(a) && JVM.has(b));
}
