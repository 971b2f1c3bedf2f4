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
): WriteConfirmation | undefined {
  if (!environment.protected) return undefined;
  const address = environment.baseUrl?.href ?? 'no address';
  return {
    message: `${action} in ${environment.label}?`,
    detail: `${environment.label} (${address}) is a protected environment: this changes its data. Switch to a test environment to try things out.`,
    confirm: `${action} in ${environment.label}`,
  };
}
