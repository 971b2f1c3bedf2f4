/** Why requests to the active environment cannot be made yet; the view shows a way out for each. */
export type AccessProblemKind =
  | 'noEnvironment' // base URL not set
  | 'invalidEnvironment' // base URL set but unusable
  | 'noKey'
  | 'keyForOtherOrigin' // the key was set for another address than the environment has now
  | 'clearTextUnconfirmed'; // http to a remote host, not yet allowed by the user

export class AccessProblem extends Error {
  override readonly name = 'AccessProblem';
  constructor(
    readonly kind: AccessProblemKind,
    message: string,
  ) {
    super(message);
  }
}
