/**
 * How core code says things a person reads, so the extension can translate them: it passes
 * `vscode.l10n`, everything else gets English. Messages use `{0}`-style placeholders, as
 * vscode.l10n does; strings are written as `l10n.t('…')` calls so the extractor
 * (`npm run l10n:export`) finds them in core as in the extension.
 */
export interface Translator {
  t(message: string, ...args: (string | number | boolean)[]): string;
}

export const ENGLISH: Translator = {
  t: (message, ...args) =>
    message.replace(/\{(\d+)\}/g, (placeholder, index: string) =>
      Number(index) < args.length ? String(args[Number(index)]) : placeholder,
    ),
};
