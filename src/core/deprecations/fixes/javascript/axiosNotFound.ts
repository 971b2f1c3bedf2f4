/**
 * The error axios throws for a 404, made as the project's axios makes it: an AxiosError from 0.27,
 * before it an Error with enhanceError's fields. Lines of a function body where `config` is the
 * request's config and `notFound` the 404's response.
 */
import type { AxiosErrorKind } from './axiosVersions';

export function notFoundThrow(typed: boolean, axios: string, errorKind: AxiosErrorKind): string[] {
  const message = "'Request failed with status code 404'";
  const axiosError = (constructor: string) =>
    `new ${constructor}(${message}, 'ERR_BAD_REQUEST', config${typed && errorKind === 'class' ? ' as any' : ''}, undefined, notFound)`;
  // What axios 0.21 to 0.26 threw: enhanceError's fields on an Error (settle gave it no code).
  const enhanced = [
    `  const failure = new Error(${message});`,
    '  throw Object.assign(failure, {',
    '    config,',
    '    request: undefined,',
    '    response: notFound,',
    '    isAxiosError: true,',
    '    toJSON: () => ({ message: failure.message, name: failure.name, stack: failure.stack, config, status: 404 }),',
    '  });',
  ];
  if (errorKind === 'class') return [`  throw ${axiosError(`${axios}.AxiosError`)};`];
  if (errorKind === 'enhanced')
    return [
      '  // axios before 0.27 (as package.json allows) has no AxiosError class.',
      ...enhanced,
    ];
  return [
    '  // axios 0.27 and later throw an AxiosError; earlier ones an Error with the same fields.',
    ...(typed
      ? [
          `  const { AxiosError: AxiosErrorClass } = ${axios} as unknown as { AxiosError?: new (...args: unknown[]) => Error };`,
          `  if (AxiosErrorClass) throw ${axiosError('AxiosErrorClass')};`,
        ]
      : [`  if (${axios}.AxiosError) throw ${axiosError(`${axios}.AxiosError`)};`]),
    ...enhanced,
  ];
}
