/**
 * The environment variable that holds an environment's key for petstore-mcp:
 * PETSTORE_API_KEY_STAGING for "staging", PETSTORE_API_KEY_EU_WEST for "eu-west". The extension
 * fills these from SecretStorage when VS Code starts the server; other MCP clients set them.
 */
export function keyVariableOf(environmentId: string): string {
  return `PETSTORE_API_KEY_${environmentId.toUpperCase().replace(/[^A-Z0-9]/g, '_')}`;
}
