import { DiagnosticSeverity } from 'vscode-languageserver';
import { DEFAULT_OPERATION_NAMES } from '../core/deprecations/recognisers/operationCalls';

/** What a client can set (initializationOptions, or the `petstore.deprecations` configuration section). */
export interface DeprecationSettings {
  enable: boolean;
  severity: 'error' | 'warning' | 'information' | 'hint';
  operationNames: string[];
  /** Gitignore-style patterns never scanned (VS Code sends files.exclude, search.exclude and its own). */
  exclude: string[];
  /** Scan the whole workspace at startup and on file changes (open documents are always diagnosed). */
  scanWorkspace: boolean;
  /** A baseline file (petstore-deprecations scan --write-baseline), relative to the first workspace folder; '' for none. */
  baseline: string;
  /** What becomes of the calls the baseline accepts: shown as hints, or hidden. */
  baselinedFindings: 'hint' | 'hide';
  /** Routes that serve the operation (mocks, the API itself) are diagnosed as calls, not hints. */
  countRoutes: boolean;
}

export const DEFAULT_SETTINGS: DeprecationSettings = {
  enable: true,
  severity: 'warning',
  operationNames: DEFAULT_OPERATION_NAMES,
  exclude: ['**/node_modules', '**/.git'],
  scanWorkspace: true,
  baseline: '',
  baselinedFindings: 'hint',
  countRoutes: false,
};

/** Reads untrusted client settings, keeping defaults for anything missing or malformed. */
export function normalizeSettings(raw: unknown): DeprecationSettings {
  const value = (typeof raw === 'object' && raw !== null ? raw : {}) as Partial<
    Record<keyof DeprecationSettings, unknown>
  >;
  const strings = (list: unknown, fallback: string[]) =>
    Array.isArray(list)
      ? list.filter((item): item is string => typeof item === 'string' && item.trim() !== '')
      : fallback;
  const severity = ['error', 'warning', 'information', 'hint'].includes(value.severity as string)
    ? (value.severity as DeprecationSettings['severity'])
    : DEFAULT_SETTINGS.severity;
  const names = strings(value.operationNames, DEFAULT_SETTINGS.operationNames).filter((name) =>
    /^[A-Za-z_$][\w$]*$/.test(name),
  );
  return {
    enable: typeof value.enable === 'boolean' ? value.enable : DEFAULT_SETTINGS.enable,
    severity,
    operationNames: names.length ? names : DEFAULT_SETTINGS.operationNames,
    exclude: strings(value.exclude, DEFAULT_SETTINGS.exclude),
    scanWorkspace:
      typeof value.scanWorkspace === 'boolean'
        ? value.scanWorkspace
        : DEFAULT_SETTINGS.scanWorkspace,
    baseline:
      typeof value.baseline === 'string' ? value.baseline.trim() : DEFAULT_SETTINGS.baseline,
    baselinedFindings: value.baselinedFindings === 'hide' ? 'hide' : 'hint',
    countRoutes: value.countRoutes === true,
  };
}

export function severityOf(settings: DeprecationSettings): DiagnosticSeverity {
  return {
    error: DiagnosticSeverity.Error,
    warning: DiagnosticSeverity.Warning,
    information: DiagnosticSeverity.Information,
    hint: DiagnosticSeverity.Hint,
  }[settings.severity];
}
