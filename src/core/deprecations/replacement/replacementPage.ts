/**
 * The page "Show the replacement" opens: what replaces GET /pets/{petId}, how far that reaches (the
 * list's only paging is its limit), and the replacement in the language of the call.
 */
import { REMOVAL_DATE_TEXT, REPLACEMENT_MARKDOWN } from '../rule';
import { isExampleLanguage, replacementExample, type ExampleLanguage } from './replacementExamples';

/** The page's path in the `petstore-docs` scheme, and the query that names the example's language. */
export const LANGUAGE_QUERY = 'language';

export function replacementPage(language: ExampleLanguage | undefined): string {
  const shown: ExampleLanguage = language ?? 'http';
  const example = replacementExample(shown);
  return `# Replace GET /pets/{petId} (getPet)

The Pet Store interface v1.0.0 marks \`GET /pets/{petId}\` (operation \`getPet\`) deprecated. It is
removed on **${REMOVAL_DATE_TEXT}**; calls to it fail after that day.

${REPLACEMENT_MARKDOWN}
## In ${example.title}

\`\`\`${example.fence}
${example.code}
\`\`\`
${example.note ? `\n${example.note}\n` : ''}
## Silencing a finding

Only where the call really must stay until the removal: put \`petstore-ignore-next-line\` in a
comment on the line above the call, or \`petstore-ignore-file\` in a comment anywhere in the file.
`;
}

/** The language a page address names (`?language=python`), if it names one this page knows. */
export function languageOfPageQuery(query: string): ExampleLanguage | undefined {
  const value = new URLSearchParams(query).get(LANGUAGE_QUERY) ?? undefined;
  return isExampleLanguage(value) ? value : undefined;
}
