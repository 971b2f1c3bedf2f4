import { isLoopbackHost, parseBaseUrl } from '../api/baseUrl';

/** One entry of the `petstore.environments` setting. */
export interface EnvironmentSetting {
  baseUrl?: string;
  label?: string;
  /** Writes ask for confirmation; production is protected unless this says false. */
  protected?: boolean;
}

export interface Environment {
  /** The key in the setting: "production", "staging", or one the user added ("local"). */
  id: string;
  label: string;
  /** Normalized base URL ending in /v1; undefined when not configured yet. */
  baseUrl?: URL;
  /** Why the configured base URL cannot be used. */
  problem?: string;
  /** Every write asks first, naming the environment and its address (production by default). */
  protected: boolean;
}

/** The spec's two environments (section 9); their addresses are set by the user. */
export const BUILT_IN_ENVIRONMENTS = ['production', 'staging'] as const;

/** The environment whose writes ask first unless its setting says `"protected": false`. */
const PROTECTED_BY_DEFAULT = 'production';

/**
 * Reads the setting into environments, the spec's two first, then the user's own in the order
 * written. Nothing here throws: a broken entry becomes an environment with a `problem`.
 */
export function readEnvironments(setting: unknown): Environment[] {
  const entries =
    typeof setting === 'object' && setting !== null && !Array.isArray(setting)
      ? (setting as Record<string, unknown>)
      : {};
  const ids = [
    ...BUILT_IN_ENVIRONMENTS,
    ...Object.keys(entries).filter(
      (id) => !(BUILT_IN_ENVIRONMENTS as readonly string[]).includes(id),
    ),
  ];
  return ids.map((id) => toEnvironment(id, entries[id]));
}

function toEnvironment(id: string, raw: unknown): Environment {
  const entry = (typeof raw === 'object' && raw !== null ? raw : {}) as EnvironmentSetting;
  const label =
    typeof entry.label === 'string' && entry.label.trim() ? entry.label.trim() : titleCase(id);
  const guarded =
    typeof entry.protected === 'boolean' ? entry.protected : id === PROTECTED_BY_DEFAULT;
  const text = typeof entry.baseUrl === 'string' ? entry.baseUrl.trim() : '';
  if (!text) return { id, label, protected: guarded };
  const parsed = parseBaseUrl(text);
  return 'error' in parsed
    ? { id, label, problem: parsed.error, protected: guarded }
    : { id, label, baseUrl: parsed.url, protected: guarded };
}

function titleCase(id: string): string {
  return id.charAt(0).toUpperCase() + id.slice(1);
}

/** Plain http to a host that is not this machine: the key would cross the network readable. */
export function sendsKeyInClear(baseUrl: URL): boolean {
  return baseUrl.protocol === 'http:' && !isLoopbackHost(baseUrl.hostname);
}

/**
 * The environment a workspace uses before anyone chose one: a test environment (not protected,
 * with an address) when there is one, so a first write never lands in production; else the first
 * with an address; else the first.
 */
export function defaultEnvironment(environments: readonly Environment[]): Environment {
  const usable = environments.filter((environment) => environment.baseUrl && !environment.problem);
  return usable.find((environment) => !environment.protected) ?? usable[0] ?? environments[0]!;
}
