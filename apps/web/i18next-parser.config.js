/**
 * i18next-parser: `pnpm i18n:extract` writes every `t('…')` and `i18nKey('…')` text into
 * src/locales; `pnpm lint` fails when the catalogues are out of date with the code.
 * Keys are the English text: an empty English value shows the key; plural forms need one.
 */
/** Calls whose first argument is a catalogue key. */
const FUNCTIONS = ['t', 'i18nKey', 'notifySuccess', 'progressToast', 'notifyUndoable'];

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
    ts: [{ lexer: 'JavascriptLexer', functions: FUNCTIONS }],
    tsx: [{ lexer: 'JsxLexer', functions: FUNCTIONS }],
  },
  defaultValue: '',
  keepRemoved: false,
  createOldCatalogs: false,
  sort: true,
  indentation: 2,
  lineEnding: 'lf',
};
