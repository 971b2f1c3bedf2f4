import { fetchPort } from '../../core/api/fetchPort';
import { PortablePetStoreClient, type PortableClientOptions } from '../../core/api/portableClient';
import type { HttpPort } from '../../core/api/httpPort';
import type { ClientFactory } from './petStoreAccess';

/**
 * The browser build's connection: the client over the global fetch. The browser owns proxies and
 * certificates there, so VS Code's http.* settings play no part.
 */
export class FetchConnection implements ClientFactory {
  constructor(private readonly http: HttpPort = fetchPort()) {}

  client(options: Omit<PortableClientOptions, 'http' | 'networkAdvice'>): PortablePetStoreClient {
    return new PortablePetStoreClient({ ...options, http: this.http });
  }
}
