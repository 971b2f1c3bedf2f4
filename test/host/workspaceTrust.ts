/**
 * How the editor host treats workspace trust. By default trust is off (every folder counts as
 * trusted, no prompt): the suites test features, not trust. `untrusted` turns it on and opens the
 * folder in Restricted Mode without the startup dialog, as a user who chose "Don't Trust" (or
 * never answered) sees it: what the manifest's `untrustedWorkspaces` promises can be tested.
 */
export type WorkspaceTrust = 'disabled' | 'untrusted';

/** The code-server flags for a trust mode (placed before the folder). */
export function workspaceTrustArguments(trust: WorkspaceTrust): string[] {
  return trust === 'disabled' ? ['--disable-workspace-trust'] : [];
}

/** The user settings for a trust mode, over the harness's own. */
export function workspaceTrustSettings(trust: WorkspaceTrust): Record<string, unknown> {
  if (trust === 'disabled') return { 'security.workspace.trust.enabled': false };
  return {
    'security.workspace.trust.enabled': true,
    // No modal "Do you trust the authors?" at startup: the folder simply opens untrusted.
    'security.workspace.trust.startupPrompt': 'never',
    'security.workspace.trust.emptyWindow': false,
  };
}
