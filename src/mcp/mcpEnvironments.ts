import { readFailure, readRegularText } from '../core/files/regularFile';
import { readEnvironments, sendsKeyInClear, type Environment } from '../core/explorer/environments';

/** A configuration file of environments is read up to this size. */
const MAX_CONFIG_BYTES = 1024 * 1024;

/**
 * The environments the MCP server serves: a JSON file shaped like VS Code's `petstore.environments`
 * setting (`{"environments": {"staging": {"baseUrl": "…"}}}`) and `--environment id=URL` flags,
 * the flags winning. Keys never come from here: one environment variable per environment.
 */
export function readMcpEnvironments(
  configFile: string | undefined,
  flags: readonly string[],
): Environment[] | { error: string } {
  const setting: Record<string, { baseUrl?: string; label?: string }> = {};
  if (configFile !== undefined) {
    let parsed: unknown;
    try {
      parsed = JSON.parse(readRegularText(configFile, { maxBytes: MAX_CONFIG_BYTES }));
    } catch (error) {
      return { error: `cannot read ${configFile}: ${readFailure(error)}` };
    }
    const environments = (parsed as { environments?: unknown } | null)?.environments;
    if (typeof environments !== 'object' || environments === null || Array.isArray(environments))
      return { error: `${configFile} must hold {"environments": {"<id>": {"baseUrl": "…"}}}` };
    Object.assign(setting, environments);
  }
  for (const flag of flags) {
    const equals = flag.indexOf('=');
    const id = flag.slice(0, equals);
    if (equals <= 0 || !/^[A-Za-z][\w-]*$/.test(id))
      return {
        error: `--environment takes ID=URL (an id of letters, digits, - and _), got "${flag}"`,
      };
    setting[id] = { ...setting[id], baseUrl: flag.slice(equals + 1) };
  }
  return readEnvironments(setting).map((environment) =>
    environment.baseUrl && sendsKeyInClear(environment.baseUrl)
      ? {
          id: environment.id,
          label: environment.label,
          protected: environment.protected,
          problem: `plain http to ${environment.baseUrl.host} would send the API key readable on the network: use https`,
        }
      : environment,
  );
}
