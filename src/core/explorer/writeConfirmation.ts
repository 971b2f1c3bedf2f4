import { ENGLISH, type Translator } from '../l10n';
import type { Environment } from './environments';

export interface WriteConfirmation {
  message: string;
  detail: string;
  /** The button that goes ahead; it names the environment, so a reflexive Enter reads it. */
  confirm: string;
  /** When no test environment exists: the button that offers to add one instead. */
  addTestEnvironment?: string;
}

/**
 * What a person confirms before a write to a protected environment (production by default):
 * the environment and its address, named in the question and on the button, and where to try
 * things out instead: the test environments that exist (not protected, with an address), or an
 * offer to add one when none does. Undefined when the environment is not protected.
 */
export function writeConfirmation(
  environment: Environment,
  action: string,
  l10n: Translator = ENGLISH,
  environments: readonly Environment[] = [],
): WriteConfirmation | undefined {
  if (!environment.protected) return undefined;
  const address = environment.baseUrl?.href ?? l10n.t('no address');
  const tests = testEnvironments(environments).map((test) => test.label);
  const where =
    tests.length === 0
      ? l10n.t('There is no test environment yet: add one to try things out.')
      : tests.length === 1
        ? l10n.t('Switch to {0} to try things out.', tests[0]!)
        : l10n.t(
            'Switch to {0} or {1} to try things out.',
            tests.slice(0, -1).join(', '),
            tests[tests.length - 1]!,
          );
  return {
    message: l10n.t('{0} in {1}?', action, environment.label),
    detail: l10n.t(
      '{0} ({1}) is a protected environment: this changes its data. {2}',
      environment.label,
      address,
      where,
    ),
    confirm: l10n.t('{0} in {1}', action, environment.label),
    ...(tests.length === 0 ? { addTestEnvironment: l10n.t('Add a Test Environment…') } : {}),
  };
}

/** Environments where writes are safe to try: not protected, and with a usable address. */
export function testEnvironments(environments: readonly Environment[]): Environment[] {
  return environments.filter(
    (environment) => !environment.protected && environment.baseUrl && !environment.problem,
  );
}
