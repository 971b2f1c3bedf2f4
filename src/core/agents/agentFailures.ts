import { PetStoreError } from '../api/errors';
import { AccessProblem } from '../explorer/accessProblem';

/** A tool failure whose message is meant for the model (and the person reading the chat). */
export class AgentToolFailure extends Error {
  override readonly name = 'AgentToolFailure';
}

/**
 * Any failure of a tool as one clear line that says what to do. Messages of the client's errors
 * are already free of the key; nothing here adds anything but ids and statuses.
 */
export function describeAgentFailure(
  error: unknown,
  environmentId: string | undefined,
  keyRemedy: (environmentId: string) => string,
): string {
  const environment = environmentId ?? 'the environment';
  if (error instanceof AgentToolFailure) return error.message;
  if (error instanceof AccessProblem) {
    return error.kind === 'noKey' && environmentId
      ? `no API key is set for ${environmentId}: ${keyRemedy(environmentId)}`
      : error.message;
  }
  if (error instanceof PetStoreError) {
    switch (error.kind) {
      case 'missingKey':
        return `no API key is set for ${environment}: ${environmentId ? keyRemedy(environmentId) : ''}`.trim();
      case 'unauthorized':
        return `no valid API key for ${environment}: ${environmentId ? keyRemedy(environmentId) : 'set its key'} (the API answered 401)`;
      case 'validation':
        return `${environment} rejected the request (400): ${error.message}`;
      case 'rateLimited': {
        const wait = error.details.retryAfterSeconds;
        return `${environment} is rate limiting requests (429)${wait === undefined ? '' : `; retry in ${wait} s`}`;
      }
      case 'cancelled':
        return 'cancelled';
      default:
        return `${environment}: ${error.message}`;
    }
  }
  return error instanceof Error ? error.message : String(error);
}
