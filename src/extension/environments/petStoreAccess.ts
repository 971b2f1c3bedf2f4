import * as vscode from 'vscode';
import type {
  FoundPet,
  ListPetsQuery,
  PortableClientOptions,
  PortablePetStoreClient,
} from '../../core/api/portableClient';
import type { NewPet, Pet } from '../../core/api/schemas';
import { AccessProblem } from '../../core/explorer/accessProblem';
import type { ApiKeyStore } from '../../core/explorer/apiKeyStore';
import {
  deprecationNoticeText,
  type DeprecationNotices,
} from '../../core/explorer/deprecationNotices';
import { sendsKeyInClear, type Environment } from '../../core/explorer/environments';
import type { ActiveEnvironment } from './activeEnvironment';
import type { Log } from '../common/log';
import { readSettings } from '../common/settings';

/**
 * Makes the API client for a request: over undici in the desktop build (ApiConnection), over fetch
 * in the browser build (FetchConnection).
 */
export interface ClientFactory {
  client(options: Omit<PortableClientOptions, 'http' | 'networkAdvice'>): PortablePetStoreClient;
}

const CLEAR_TEXT_ALLOWED_KEY = 'petstore.clearTextAllowedOrigins';

/**
 * Requests to the active environment: checks that it is configured, that its key exists and
 * belongs to its current address, and that plain http to a remote host was allowed, before any
 * key leaves the machine.
 */
export class PetStoreAccess {
  constructor(
    private readonly environments: ActiveEnvironment,
    private readonly keys: ApiKeyStore,
    private readonly globalState: vscode.Memento,
    private readonly connection: ClientFactory,
    private readonly log: Log,
    /** What the API said it deprecates, per environment (the Pets view shows it). */
    readonly deprecations: DeprecationNotices,
  ) {}

  get environment(): Environment {
    return this.environments.current;
  }

  listPets(query: ListPetsQuery, signal?: AbortSignal): Promise<Pet[]> {
    return this.listPetsIn(this.environment, query, signal);
  }

  createPet(newPet: NewPet, signal?: AbortSignal): Promise<Pet> {
    return this.createPetIn(this.environment, newPet, signal);
  }

  /** Finds a pet the supported way (its status's list, then the others), with each response. */
  findPet(pet: Pet, signal?: AbortSignal): Promise<FoundPet> {
    return this.withClient(this.environment, (client) =>
      client.findPet(pet.id, pet.status, { signal }),
    );
  }

  /** The same checks for an environment named by the caller (the agent tools), active or not. */
  listPetsIn(environment: Environment, query: ListPetsQuery, signal?: AbortSignal): Promise<Pet[]> {
    return this.withClient(environment, (client) => client.listPets(query, { signal }));
  }

  createPetIn(environment: Environment, newPet: NewPet, signal?: AbortSignal): Promise<Pet> {
    return this.withClient(environment, (client) => client.createPet(newPet, { signal }));
  }

  isClearTextAllowed(origin: string): boolean {
    return this.globalState.get<string[]>(CLEAR_TEXT_ALLOWED_KEY, []).includes(origin);
  }

  async allowClearText(origin: string): Promise<void> {
    const allowed = this.globalState.get<string[]>(CLEAR_TEXT_ALLOWED_KEY, []);
    if (!allowed.includes(origin))
      await this.globalState.update(CLEAR_TEXT_ALLOWED_KEY, [...allowed, origin]);
  }

  private async withClient<T>(
    environment: Environment,
    use: (client: PortablePetStoreClient) => Promise<T>,
  ): Promise<T> {
    if (environment.problem) {
      throw new AccessProblem('invalidEnvironment', `${environment.label}: ${environment.problem}`);
    }
    if (!environment.baseUrl) {
      throw new AccessProblem(
        'noEnvironment',
        vscode.l10n.t('No base URL is set for {0}', environment.label),
      );
    }
    const origin = environment.baseUrl.origin;
    if (sendsKeyInClear(environment.baseUrl) && !this.isClearTextAllowed(origin)) {
      throw new AccessProblem(
        'clearTextUnconfirmed',
        vscode.l10n.t(
          '{0} uses plain http to {1}: the API key would be readable on the network',
          environment.label,
          origin,
        ),
      );
    }
    const lookup = await this.keys.lookup(environment.id, origin);
    if (lookup.state === 'none')
      throw new AccessProblem(
        'noKey',
        vscode.l10n.t(
          'No API key is set for {0} in this editor (a key set in the desktop editor is not seen in vscode.dev or github.dev, nor the reverse)',
          environment.label,
        ),
      );
    if (lookup.state === 'otherOrigin') {
      throw new AccessProblem(
        'keyForOtherOrigin',
        vscode.l10n.t(
          'The {0} key was set for {1}, but the environment now points to {2}',
          environment.label,
          lookup.boundOrigin,
          origin,
        ),
      );
    }
    const client = this.connection.client({
      baseUrl: environment.baseUrl.href,
      apiKey: () => lookup.key,
      onDeprecation: (operation, signals) => {
        // Once per environment and operation (again if what the API says changes).
        if (this.deprecations.record(environment.id, operation, signals))
          this.log.warn(`${environment.label}: ${deprecationNoticeText({ operation, signals })}`);
      },
      onMalformedHeader: (message) =>
        this.log.warn(`${environment.label}: ignored a malformed deprecation header: ${message}`),
      timeoutMs: readSettings().timeoutMs,
      userAgent: 'pet-store-explorer-vscode',
      onExchange: (record) => {
        const outcome = record.status ?? record.error ?? 'failed';
        this.log.info(
          `${environment.label}: ${record.method} ${record.url} ${outcome} ${record.durationMs}ms`,
        );
      },
    });
    return use(client);
  }
}
