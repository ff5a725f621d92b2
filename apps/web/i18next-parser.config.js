/**
 * i18next-parser: `pnpm i18n:extract` writes every `t('…')` and `i18nKey('…')` text into
 * src/locales; `pnpm lint` fails when the catalogues are out of date with the code.
 * Keys are the English text: an empty English value shows the key; plural forms need one.
 */
export default {
  locales: ['en', 'es'],
  input: ['src/**/*.{ts,tsx}', '!src/**/*.test.{ts,tsx}', '!src/routeTree.gen.ts'],
  output: 'src/locales/$LOCALE.json',
  keySeparator: false,
  namespaceSeparator: false,
  pluralSeparator: '_',
  contextSeparator: '_',
  defaultNamespace: 'translation',
  lexers: {
    ts: [{ lexer: 'JavascriptLexer', functions: ['t', 'i18nKey'] }],
    tsx: [{ lexer: 'JsxLexer', functions: ['t', 'i18nKey'] }],
  },
  defaultValue: '',
  keepRemoved: false,
  createOldCatalogs: false,
  sort: true,
  indentation: 2,
  lineEnding: 'lf',
};
