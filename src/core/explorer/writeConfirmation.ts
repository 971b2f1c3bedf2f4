import { ENGLISH, type Translator } from '../l10n';
import type { Environment } from './environments';

export interface WriteConfirmation {
  message: string;
  detail: string;
  /** The button that goes ahead; it names the environment, so a reflexive Enter reads it. */
  confirm: string;
}

/**
 * What a person confirms before a write to a protected environment (production by default):
 * the environment and its address, named in the question and on the button. Undefined when the
 * environment is not protected.
 */
export function writeConfirmation(
  environment: Environment,
  action: string,
  l10n: Translator = ENGLISH,
): WriteConfirmation | undefined {
  if (!environment.protected) return undefined;
  const address = environment.baseUrl?.href ?? l10n.t('no address');
  return {
    message: l10n.t('{0} in {1}?', action, environment.label),
    detail: l10n.t(
      '{0} ({1}) is a protected environment: this changes its data. Switch to a test environment to try things out.',
      environment.label,
      address,
    ),
    confirm: l10n.t('{0} in {1}', action, environment.label),
  };
}
