import { readRegularText } from '../files/regularFile';
import * as tls from 'node:tls';

/** What the runtime offers (Node >= 22.15 has getCACertificates; older ones only the bundle). */
export interface CertificateRuntime {
  getCACertificates?: (type: 'default' | 'system' | 'bundled' | 'extra') => string[];
  rootCertificates: readonly string[];
  extraCertificatesFile?: string;
  readFile: (path: string) => string;
}

/** A file of certificate authorities is read up to this size (a system bundle is about 200 KB). */
export const MAX_CERTIFICATE_FILE_BYTES = 16 * 1024 * 1024;

export const NODE_RUNTIME: CertificateRuntime = {
  getCACertificates: (tls as { getCACertificates?: CertificateRuntime['getCACertificates'] })
    .getCACertificates,
  rootCertificates: tls.rootCertificates,
  extraCertificatesFile: process.env.NODE_EXTRA_CA_CERTS,
  readFile: (path) => readRegularText(path, { maxBytes: MAX_CERTIFICATE_FILE_BYTES }),
};

export interface TrustedCertificates {
  ca: string[];
  /** For the log: which sources were used and how many each gave, or why one was not. */
  sources: string[];
}

/**
 * The certificate authorities HTTPS requests trust, as VS Code trusts them: Node's bundle,
 * NODE_EXTRA_CA_CERTS, and the operating system's store when `systemCertificates` is on (read with
 * the runtime's tls.getCACertificates('system') where it exists).
 */
export function trustedCertificates(
  systemCertificates: boolean,
  runtime: CertificateRuntime = NODE_RUNTIME,
): TrustedCertificates {
  const sources: string[] = [];
  const ca = new Set<string>();
  const add = (label: string, certificates: readonly string[]) => {
    certificates.forEach((certificate) => ca.add(certificate));
    sources.push(`${label} (${certificates.length})`);
  };
  add("Node's bundle", runtime.getCACertificates?.('bundled') ?? runtime.rootCertificates);
  if (runtime.extraCertificatesFile) {
    try {
      add(
        'NODE_EXTRA_CA_CERTS',
        runtime.getCACertificates?.('extra') ??
          pemCertificates(runtime.readFile(runtime.extraCertificatesFile)),
      );
    } catch (error) {
      sources.push(`NODE_EXTRA_CA_CERTS unreadable: ${(error as Error).message}`);
    }
  }
  if (!systemCertificates) sources.push('the system store: off (http.systemCertificates)');
  else if (!runtime.getCACertificates)
    sources.push("the system store: this runtime cannot read it (Node's tls.getCACertificates)");
  else {
    try {
      add('the system store', runtime.getCACertificates('system'));
    } catch (error) {
      sources.push(`the system store unreadable: ${(error as Error).message}`);
    }
  }
  return { ca: [...ca], sources };
}

/** The PEM certificates in a file's text. */
export function pemCertificates(text: string): string[] {
  return text.match(/-----BEGIN CERTIFICATE-----[\s\S]+?-----END CERTIFICATE-----/g) ?? [];
}
