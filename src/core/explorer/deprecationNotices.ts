import { ENGLISH, type Translator } from '../l10n';
import type { DeprecationSignals } from '../api/deprecationSignals';

/** An operation the API said is deprecated, and what it said. */
export interface OperationDeprecation {
  operation: string;
  signals: DeprecationSignals;
}

/**
 * The API's own deprecation signals, per environment and operation, so the user is told once
 * (a log line when first seen or changed) and the Pets view can keep showing them.
 */
export class DeprecationNotices {
  private readonly byEnvironment = new Map<string, Map<string, DeprecationSignals>>();

  /** Records what an operation's response said; true when it is new for this environment. */
  record(environmentId: string, operation: string, signals: DeprecationSignals): boolean {
    let operations = this.byEnvironment.get(environmentId);
    if (!operations)
      this.byEnvironment.set(environmentId, (operations = new Map<string, DeprecationSignals>()));
    const known = operations.get(operation);
    operations.set(operation, signals);
    return !known || JSON.stringify(known) !== JSON.stringify(signals);
  }

  of(environmentId: string): OperationDeprecation[] {
    return [...(this.byEnvironment.get(environmentId) ?? [])].map(([operation, signals]) => ({
      operation,
      signals,
    }));
  }
}

const DAY = { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' } as const;

/** "GET /pets is deprecated since 1 January 2025, removed on 5 December 2030" (a view's label). */
export function deprecationNoticeLabel(
  { operation, signals }: OperationDeprecation,
  l10n: Translator = ENGLISH,
): string {
  const since = signals.deprecatedSince?.toLocaleDateString('en-GB', DAY);
  const until = signals.sunset?.toLocaleDateString('en-GB', DAY);
  if (since && until)
    return l10n.t('{0} is deprecated since {1}, removed on {2}', operation, since, until);
  if (since) return l10n.t('{0} is deprecated since {1}', operation, since);
  if (until) return l10n.t('{0} is deprecated, removed on {1}', operation, until);
  return l10n.t('{0} is deprecated', operation);
}

/** The label as a sentence, with the successor when the API names one (a log line, a tooltip). */
export function deprecationNoticeText(
  deprecation: OperationDeprecation,
  l10n: Translator = ENGLISH,
): string {
  const successor = deprecation.signals.successor;
  const label = deprecationNoticeLabel(deprecation, l10n);
  return successor ? l10n.t('{0}. Its successor: {1}', label, successor) : `${label}.`;
}
