import * as vscode from 'vscode';
import type { Dispatcher } from 'undici';
import type { PetStoreClient, PetStoreClientOptions } from '../../core/api/client';
import type { ClientFactory } from './petStoreAccess';
import type { ApiChunk } from '../chunks/loadChunk';
import type { Log } from '../common/log';

/** VS Code's network settings the API connection follows. */
export interface NetworkSettings {
  proxy?: string;
  noProxy: string[];
  proxyStrictSSL: boolean;
  proxyAuthorization?: string;
  systemCertificates: boolean;
}

export function readNetworkSettings(): NetworkSettings {
  const http = vscode.workspace.getConfiguration('http');
  const noProxy = http.get<unknown>('noProxy');
  return {
    proxy: http.get<string>('proxy')?.trim() || undefined,
    noProxy: Array.isArray(noProxy) ? noProxy.filter((host) => typeof host === 'string') : [],
    proxyStrictSSL: http.get<boolean>('proxyStrictSSL', true),
    proxyAuthorization: http.get<string>('proxyAuthorization')?.trim() || undefined,
    systemCertificates: http.get<boolean>('systemCertificates', true),
  };
}

/**
 * The connection to the Pet Store API, made on the first request: the API chunk (undici, zod) is
 * loaded and the connection pool created then, not at activation. It follows VS Code's network
 * settings (http.proxy, noProxy, proxyStrictSSL, proxyAuthorization, systemCertificates): a
 * change closes the pool and the next request builds one with the new settings. Closed on
 * deactivation.
 */
export class ApiConnection implements ClientFactory, vscode.Disposable {
  private current: { dispatcher: Dispatcher; settings: NetworkSettings } | undefined;
  private readonly subscription: vscode.Disposable;

  constructor(
    private readonly loadApi: () => ApiChunk,
    private readonly log: Log,
    private readonly readSettings: () => NetworkSettings = readNetworkSettings,
  ) {
    this.subscription = vscode.workspace.onDidChangeConfiguration((event) => {
      if (event.affectsConfiguration('http')) this.reset();
    });
  }

  client(
    options: Omit<PetStoreClientOptions, 'dispatcher' | 'http' | 'networkAdvice'>,
  ): PetStoreClient {
    const api = this.loadApi();
    const { dispatcher, settings } = (this.current ??= this.connect(api));
    return new api.PetStoreClient({
      ...options,
      dispatcher,
      networkAdvice: (error, origin) =>
        api.networkAdvice(error, origin, settings.proxy, api.VSCODE_VOCABULARY),
    });
  }

  /** The settings changed: the next request connects with the new ones. */
  reset(): void {
    void this.current?.dispatcher.close();
    this.current = undefined;
  }

  private connect(api: ApiChunk): { dispatcher: Dispatcher; settings: NetworkSettings } {
    const settings = this.readSettings();
    const trust = api.trustedCertificates(settings.systemCertificates);
    // Never the proxy's credentials: only whether there are some.
    const proxy = settings.proxy
      ? `proxy ${redactUserInfo(settings.proxy)}${settings.noProxy.length ? ` except ${settings.noProxy.join(', ')}` : ''}${settings.proxyAuthorization ? ', with credentials' : ''}${settings.proxyStrictSSL ? '' : ', certificates not verified through it'}`
      : 'no proxy setting (HTTP(S)_PROXY honoured)';
    this.log.info(`Network: ${proxy}; trusting ${trust.sources.join(', ')}`);
    return {
      settings,
      dispatcher: api.createDispatcher({
        proxyUrl: settings.proxy,
        noProxy: settings.noProxy,
        proxyStrictSSL: settings.proxyStrictSSL,
        proxyAuthorization: settings.proxyAuthorization,
        ca: trust.ca,
      }),
    };
  }

  dispose(): void {
    this.subscription.dispose();
    void this.current?.dispatcher.close();
  }
}

function redactUserInfo(url: string): string {
  try {
    const parsed = new URL(url);
    if (parsed.username || parsed.password) {
      parsed.username = '…';
      parsed.password = '';
    }
    return parsed.href;
  } catch {
    return '(not a URL)';
  }
}
