import type { Dispatcher } from 'undici';
import { createDispatcher } from './dispatcher';
import { PortablePetStoreClient, type PortableClientOptions } from './portableClient';
import { undiciPort } from './undiciPort';

export {
  DEFAULT_MAX_RESPONSE_BYTES,
  DEFAULT_TIMEOUT_MS,
  type FoundPet,
  type ListPetsQuery,
  type ListResponse,
  type RequestOptions,
  type ResponseSummary,
} from './portableClient';

export interface PetStoreClientOptions extends Omit<PortableClientOptions, 'http'> {
  /** Connection pool; by default one that honours the proxy environment variables. */
  dispatcher?: Dispatcher;
  /** Another port than undici (the browser build passes fetch); wins over `dispatcher`. */
  http?: PortableClientOptions['http'];
}

/** The client in Node: requests go through undici (a dispatcher honouring the proxy settings). */
export class PetStoreClient extends PortablePetStoreClient {
  constructor(options: PetStoreClientOptions) {
    const { dispatcher, http, ...rest } = options;
    super({ ...rest, http: http ?? undiciPort(dispatcher ?? createDispatcher()) });
  }
}
