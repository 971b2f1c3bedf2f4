/** What `WorkspaceConfiguration.inspect` says of a setting, at the levels that matter here. */
export interface InspectedSetting<T> {
  defaultValue?: T;
  globalValue?: T;
  workspaceValue?: T;
  workspaceFolderValue?: T;
}

/**
 * The value of a setting that decides where an API key is sent (the environments' base URLs) as
 * the extension may use it: in a trusted workspace what the editor resolved (`resolved`), in an
 * untrusted one only the user's own value or the default. VS Code already drops a workspace's
 * value of a setting the manifest lists in `restrictedConfigurations`; this says the same in code,
 * so no editor, version or host that does not can let a folder point production elsewhere.
 */
export function valueForTrust<T>(
  resolved: T | undefined,
  inspected: InspectedSetting<T> | undefined,
  trusted: boolean,
): T | undefined {
  if (trusted) return resolved;
  return inspected?.globalValue ?? inspected?.defaultValue;
}
