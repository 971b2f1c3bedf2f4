import assert from 'node:assert/strict';
import { PetStoreClient } from '../../../../src/core/api/client';
import { createDispatcher, type DispatcherOptions } from '../../../../src/core/api/dispatcher';
import { PetStoreError } from '../../../../src/core/api/errors';
import { networkAdvice, VSCODE_VOCABULARY } from '../../../../src/core/api/networkAdvice';
import { trustedCertificates, type CertificateRuntime } from '../../../../src/core/api/trustStore';
import { ensureSystemPackages } from '../../../host/systemPackages';
import { json, startScriptedServer, type ScriptedServer } from '../../../support/scriptedServer';
import {
  makeTestCertificates,
  startForwardProxy,
  startHttpsApi,
  type TestCertificates,
  type TestHttpsApi,
  type TestProxy,
} from '../../../support/networkFixtures';

const CREDENTIALS = `Basic ${Buffer.from('tester:s3cret').toString('base64')}`;

/** A runtime with no system store and no extra file, unless a test gives them. */
const bareRuntime = (overrides: Partial<CertificateRuntime> = {}): CertificateRuntime => ({
  rootCertificates: [],
  readFile: () => {
    throw new Error('no file');
  },
  ...overrides,
});

describe('corporate networks: proxies and certificates (real sockets)', function () {
  this.timeout(60_000);
  let certificates: TestCertificates;
  let httpsApi: TestHttpsApi;
  let httpApi: ScriptedServer;
  let proxy: TestProxy;
  let guardedProxy: TestProxy;

  before(async function () {
    this.timeout(600_000); // apt-get may install openssl on a fresh machine
    ensureSystemPackages((line) => console.log(line), ['openssl']);
    certificates = await makeTestCertificates();
    httpsApi = await startHttpsApi(certificates);
    httpApi = await startScriptedServer((_, res) => json(res, 200, '[]'));
    proxy = await startForwardProxy();
    guardedProxy = await startForwardProxy(CREDENTIALS);
  });
  after(async () => {
    await httpsApi?.close();
    await httpApi?.close();
    await proxy?.close();
    await guardedProxy?.close();
    certificates?.remove();
  });
  beforeEach(() => {
    proxy.seen.length = 0;
    guardedProxy.seen.length = 0;
  });

  const list = (baseUrl: string, options: DispatcherOptions) =>
    new PetStoreClient({
      baseUrl,
      apiKey: () => 'network-test-key',
      dispatcher: createDispatcher(options),
      networkAdvice: (error, origin) =>
        networkAdvice(error, origin, options.proxyUrl, VSCODE_VOCABULARY),
    }).listPets();
  const failure = async (promise: Promise<unknown>): Promise<string> => {
    const error = await promise.then(
      () => assert.fail('expected a failure'),
      (caught: unknown) => caught,
    );
    assert.ok(error instanceof PetStoreError && error.kind === 'network', String(error));
    return error.message;
  };

  it('forwards plain http through the proxy (absolute form, no tunnel)', async () => {
    await list(`${httpApi.origin}/v1`, { proxyUrl: proxy.url });
    assert.deepEqual(proxy.seen, [`GET ${httpApi.origin}/v1/pets`]);
  });

  it('tunnels https through the proxy with CONNECT, verifying the API certificate', async () => {
    await list(httpsApi.baseUrl, { proxyUrl: proxy.url, ca: [certificates.caPem] });
    assert.deepEqual(proxy.seen, [`CONNECT ${new URL(httpsApi.baseUrl).host}`]);
  });

  it('sends http.proxyAuthorization to a proxy that asks, for both kinds', async () => {
    await list(`${httpApi.origin}/v1`, {
      proxyUrl: guardedProxy.url,
      proxyAuthorization: CREDENTIALS,
    });
    await list(httpsApi.baseUrl, {
      proxyUrl: guardedProxy.url,
      proxyAuthorization: CREDENTIALS,
      ca: [certificates.caPem],
    });
    assert.equal(guardedProxy.seen.length, 2);
    assert.ok(guardedProxy.credentials.slice(-2).every((value) => value === CREDENTIALS));
  });

  it('without credentials, says which setting to set', async () => {
    const message = await failure(
      list(httpsApi.baseUrl, { proxyUrl: guardedProxy.url, ca: [certificates.caPem] }),
    );
    assert.equal(
      message,
      `The proxy ${new URL(guardedProxy.url).host} asks for credentials (407): set the setting http.proxyAuthorization`,
    );
  });

  it('reaches http.noProxy hosts directly', async () => {
    await list(`${httpApi.origin}/v1`, { proxyUrl: proxy.url, noProxy: ['127.0.0.1'] });
    assert.deepEqual(proxy.seen, []);
  });

  it('a proxy that is not there: names it and http.proxy', async () => {
    const closed = await startForwardProxy();
    await closed.close();
    const message = await failure(list(`${httpApi.origin}/v1`, { proxyUrl: closed.url }));
    assert.equal(
      message,
      `Could not reach the proxy ${new URL(closed.url).host} (ECONNREFUSED): check the setting http.proxy`,
    );
  });

  it('an untrusted certificate: one clear message naming where to trust it', async () => {
    const message = await failure(
      list(httpsApi.baseUrl, { ca: trustedCertificates(true, bareRuntime()).ca }),
    );
    assert.match(
      message,
      /^The certificate of https:\/\/127\.0\.0\.1:\d+ is not trusted \((UNABLE_TO_VERIFY_LEAF_SIGNATURE|SELF_SIGNED_CERT_IN_CHAIN|UNABLE_TO_GET_ISSUER_CERT_LOCALLY)\): trust its certificate authority through the operating system \(with the setting http\.systemCertificates on\) or NODE_EXTRA_CA_CERTS$/,
    );
  });

  it('trusts the test CA through NODE_EXTRA_CA_CERTS only when it is set', async () => {
    const trust = trustedCertificates(
      false,
      bareRuntime({
        extraCertificatesFile: certificates.caFile,
        readFile: () => certificates.caPem,
      }),
    );
    assert.deepEqual(trust.sources, [
      "Node's bundle (0)",
      'NODE_EXTRA_CA_CERTS (1)',
      'the system store: off (http.systemCertificates)',
    ]);
    await list(httpsApi.baseUrl, { ca: trust.ca });
  });

  it('trusts the system store only with http.systemCertificates on, where the runtime can read it', async () => {
    const runtime = bareRuntime({
      getCACertificates: (type) => (type === 'system' ? [certificates.caPem] : []),
    });
    const on = trustedCertificates(true, runtime);
    assert.deepEqual(on.sources, ["Node's bundle (0)", 'the system store (1)']);
    await list(httpsApi.baseUrl, { ca: on.ca });
    await failure(list(httpsApi.baseUrl, { ca: trustedCertificates(false, runtime).ca }));
    assert.deepEqual(trustedCertificates(true, bareRuntime()).sources, [
      "Node's bundle (0)",
      "the system store: this runtime cannot read it (Node's tls.getCACertificates)",
    ]);
  });

  it('http.proxyStrictSSL false accepts a certificate through the proxy that strict mode refuses', async () => {
    const message = await failure(list(httpsApi.baseUrl, { proxyUrl: proxy.url, ca: [] }));
    assert.match(
      message,
      /behind a proxy that inspects TLS, the setting http\.proxyStrictSSL set to false turns the check off$/,
    );
    await list(httpsApi.baseUrl, { proxyUrl: proxy.url, ca: [], proxyStrictSSL: false });
  });

  it('the proxy never receives the API key in the clear for https (only the tunnel)', async () => {
    await list(httpsApi.baseUrl, { proxyUrl: proxy.url, ca: [certificates.caPem] });
    assert.ok(proxy.seen.every((line) => line.startsWith('CONNECT ')));
  });
});

describe('network advice for other failures', () => {
  it('leaves failures no setting fixes to the plain message', () => {
    const refused = Object.assign(new Error('connect ECONNREFUSED 10.0.0.9:443'), {
      code: 'ECONNREFUSED',
      address: '10.0.0.9',
      port: 443,
    });
    assert.equal(
      networkAdvice(refused, 'https://api.example', undefined, VSCODE_VOCABULARY),
      undefined,
    );
    assert.equal(
      networkAdvice(refused, 'https://api.example', 'http://proxy.corp:3128', VSCODE_VOCABULARY),
      undefined,
      'the API host refused, not the proxy',
    );
  });
});
