/**
 * The axios helper for a client whose response interceptors change its answers (`response =>
 * response.data`, an envelope's check, errors mapped to the project's own). The lists go through
 * the client (its request interceptors: the key's header), their bodies taken as text before any
 * response interceptor sees them; then the answer is handed to the client's own interceptors, as
 * the removed request's was, by one more call whose adapter gives the pet's 200 response, or the
 * 404 (an error unless validateStatus accepts it) — no request is sent for it. So the caller gets
 * what the interceptors make of those answers, whatever they do; a list that fails (401, 5xx)
 * fails through them as the request did.
 */
import { LIST_LIMIT, PET_STATUSES } from '../replacement';
import { notFoundThrow } from './axiosNotFound';
import type { AxiosErrorKind } from './axiosVersions';
import { helperDoc } from './javascriptCode';
import { foundPet, listIdLines, petIndexLines } from './listIds';
import type { ApiDialect } from '../apiShape';
import { dialectDoc } from '../helperDoc';

/** The helper's name: the finder knows its words for a helper, not a call of the operation. */
export const INTERCEPTED_HELPER = 'getPetFromListThroughClient';

export function interceptedHelperLines(
  typed: boolean,
  axios: string,
  errorKind: AxiosErrorKind,
  dialect?: ApiDialect,
): string[] {
  const statuses = PET_STATUSES.map((status) => `'${status}'`).join(', ');
  const any = typed ? ': any' : '';
  const response = (data: string, status: number, text: string) =>
    `{ data: ${data}, status: ${status}, statusText: '${text}', headers: { 'content-type': 'application/json' }, config, request: undefined }`;
  return [
    ...helperDoc(
      'Answers as the client answered that request, through its own interceptors: what they make of',
      "a response whose data is the pet, or of the 404 (with the API's Error body) when no list",
      'holds it; a list request that fails (401, 5xx) fails through them as the request did.',
      ...dialectDoc(dialect),
    ),
    typed
      ? `async function ${INTERCEPTED_HELPER}(client: Pick<typeof ${axios}, 'get' | 'defaults'>, petsUrl: string, petId: string | number, config: NonNullable<Parameters<typeof ${axios}.get>[1]> = {}): Promise<any> {`
      : `async function ${INTERCEPTED_HELPER}(client, petsUrl, petId, config = {}) {`,
    "  const listUrl = petsUrl.replace(/\\/+$/, '');",
    `  const accepts${typed ? ': (code: number) => boolean' : ''} = config.validateStatus || client.defaults.validateStatus || ((code${typed ? ': number' : ''}) => code >= 200 && code < 300);`,
    `  for (const status of [${statuses}]) {`,
    `    let raw${typed ? ': string | undefined' : ''};`,
    `    let code${typed ? ': number | undefined' : ''};`,
    `    let listed${any};`,
    '    try {',
    '      listed = await client.get(listUrl, {',
    '        ...config,',
    typed
      ? `        params: { ...(config.params as Record<string, unknown> | undefined), status, limit: ${LIST_LIMIT} },`
      : `        params: { ...config.params, status, limit: ${LIST_LIMIT} },`,
    "        responseType: 'text',",
    "        // The body as sent, before the client's response interceptors.",
    `        transformResponse: [(text${typed ? ': string' : ''}) => (raw = text)],`,
    `        validateStatus: (answered${typed ? ': number' : ''}) => {`,
    '          code = answered;',
    '          return accepts(answered);',
    '        },',
    typed ? '      } as typeof config);' : '      });',
    '    } catch (failure) {',
    '      // A list that failed fails as the request did; one its interceptors refused is read.',
    '      if (code !== 200) throw failure;',
    '    }',
    '    if (code !== 200) return listed;',
    `    const body${typed ? ': string' : ''} = raw || '[]';`,
    ...listIdLines('    ', typed ? 'typed' : 'untyped', dialect),
    ...petIndexLines('    ', dialect),
    '    if (index >= 0) {',
    `      const pet = JSON.stringify(${foundPet(dialect)});`,
    '      return client.get(listUrl, {',
    '        ...config,',
    typed
      ? `        adapter: (async (config: any) => (${response('pet', 200, 'OK')})) as any,`
      : `        adapter: async (config) => (${response('pet', 200, 'OK')}),`,
    typed ? '      } as typeof config);' : '      });',
    '    }',
    '  }',
    "  const error = JSON.stringify({ code: 'not_found', message: `no pet ${petId} in the first 100 pets of any status`, status: 404 });",
    '  return client.get(listUrl, {',
    '    ...config,',
    typed ? '    adapter: (async (config: any) => {' : '    adapter: async (config) => {',
    `      const notFound = ${response('error', 404, 'Not Found')};`,
    '      if (!config.validateStatus || config.validateStatus(404)) return notFound;',
    ...notFoundThrow(typed, axios, errorKind).map((line) => `    ${line}`),
    typed ? '    }) as any,' : '    },',
    typed ? '  } as typeof config);' : '  });',
    '}',
  ];
}
