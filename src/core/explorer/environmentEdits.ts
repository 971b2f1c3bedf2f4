/**
 * Adding, editing and removing environments of the `petstore.environments` setting without
 * editing JSON: each draft is checked as the client checks it, and each change returns the new
 * value of one settings scope (the user's, a workspace's), keeping what else it holds.
 */
import { isLoopbackHost, parseBaseUrl } from '../api/baseUrl';
import { ENGLISH, type Translator } from '../l10n';
import { BUILT_IN_ENVIRONMENTS, type Environment, type EnvironmentSetting } from './environments';

export interface EnvironmentDraft {
  label: string;
  baseUrl: string;
  protected: boolean;
}

/** Ids the extension keeps for itself: a rehearsal's temporary environment. */
const RESERVED_IDS = new Set(['rehearsal']);
export const MAX_LABEL_LENGTH = 60;

export function isBuiltIn(id: string): boolean {
  return (BUILT_IN_ENVIRONMENTS as readonly string[]).includes(id);
}

/** Why a name cannot be used (empty, too long, another environment's), or undefined. */
export function nameProblem(
  label: string,
  environments: readonly Environment[],
  editingId?: string,
  l10n: Translator = ENGLISH,
): string | undefined {
  const name = label.trim();
  if (!name) return l10n.t('Enter a name, for example "Local" or "QA"');
  if (name.length > MAX_LABEL_LENGTH) return l10n.t('At most {0} characters', MAX_LABEL_LENGTH);
  const taken = environments.find(
    (environment) =>
      environment.id !== editingId &&
      (environment.label.toLowerCase() === name.toLowerCase() ||
        environment.id === name.toLowerCase()),
  );
  return taken ? l10n.t('{0} already exists', taken.label) : undefined;
}

/** Why an address cannot be used, in the client's own words (parseBaseUrl), or undefined. */
export function baseUrlProblem(text: string): string | undefined {
  if (!text.trim()) return 'Enter the base URL, ending in /v1 (http://127.0.0.1:8787/v1)';
  const parsed = parseBaseUrl(text);
  return 'error' in parsed ? parsed.error : undefined;
}

/** A warning that does not block: plain http to a host that is not this machine. */
export function baseUrlWarning(text: string, l10n: Translator = ENGLISH): string | undefined {
  const parsed = parseBaseUrl(text);
  if ('error' in parsed) return undefined;
  return parsed.url.protocol === 'http:' && !isLoopbackHost(parsed.url.hostname)
    ? l10n.t(
        'Plain http: the API key would cross the network unencrypted. Use https if the server offers it.',
      )
    : undefined;
}

/** The setting's key for a new environment: its name in lower case and dashes, never taken. */
export function newEnvironmentId(label: string, takenIds: readonly string[]): string {
  const base =
    label
      .trim()
      .toLowerCase()
      .normalize('NFKD')
      .replace(/[\u0300-\u036f]/g, '')
      .replace(/[^a-z0-9]+/g, '-')
      .replace(/^-+|-+$/g, '')
      .slice(0, 40) || 'environment';
  const taken = new Set([...takenIds, ...RESERVED_IDS]);
  if (!taken.has(base)) return base;
  for (let n = 2; ; n++) if (!taken.has(`${base}-${n}`)) return `${base}-${n}`;
}

/** The setting's entries as written in one scope (anything else is treated as none). */
export function entriesOf(scopeValue: unknown): Record<string, unknown> {
  return typeof scopeValue === 'object' && scopeValue !== null && !Array.isArray(scopeValue)
    ? { ...(scopeValue as Record<string, unknown>) }
    : {};
}

/**
 * A scope's value with the environment `id` set from the draft: its other fields (and every other
 * environment) kept, the base URL written normalized.
 */
export function withEnvironment(
  scopeValue: unknown,
  id: string,
  draft: EnvironmentDraft,
): Record<string, unknown> {
  const parsed = parseBaseUrl(draft.baseUrl);
  if ('error' in parsed) throw new RangeError(parsed.error);
  const entries = entriesOf(scopeValue);
  const before = entriesOf(entries[id]);
  const entry: EnvironmentSetting & Record<string, unknown> = {
    ...before,
    label: draft.label.trim(),
    baseUrl: parsed.url.href,
    protected: draft.protected,
  };
  return { ...entries, [id]: entry };
}

/** A scope's value without the environment `id`; undefined when nothing is left (the key goes). */
export function withoutEnvironment(
  scopeValue: unknown,
  id: string,
): Record<string, unknown> | undefined {
  const entries = entriesOf(scopeValue);
  delete entries[id];
  return Object.keys(entries).length ? entries : undefined;
}

/** The draft an edit starts from: the environment as it is now. */
export function draftOf(environment: Environment): EnvironmentDraft {
  return {
    label: environment.label,
    baseUrl: environment.baseUrl?.href ?? '',
    protected: environment.protected,
  };
}
