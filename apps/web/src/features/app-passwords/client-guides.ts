import { i18nKey } from '../../lib/i18n';

/** A value of the connection a guide asks to type: filled in from `appPasswords.connection`. */
export type ConnectionValue = 'server' | 'davUrl' | 'bookUrl' | 'username';

/**
 * One field a client's screen asks for: its label as that screen names it, and what goes in it
 * (a connection value, the word `Kith`, or the app password made on the page, which is shown
 * once above and so is not repeated here).
 */
export interface GuideField {
  label: string;
  value: ConnectionValue | 'kith' | 'appPassword';
}

/** One step: a sentence, and the fields it asks to fill in, each shown on its own. */
export interface GuideStep {
  text: string;
  fields?: GuideField[];
}

/** One client's setup: its name and its steps. */
export interface ClientGuide {
  id: string;
  name: string;
  steps: GuideStep[];
}

const appPassword: GuideField = { label: i18nKey('Password'), value: 'appPassword' };

/**
 * Step-by-step setup for the stock CardDAV clients, as each one's own screens name things
 * (docs/product/screens.md#sync-with-your-phone). Values to type are never inside a sentence:
 * a full stop after an address was typed with it.
 */
export const clientGuides: ClientGuide[] = [
  {
    id: 'ios',
    name: i18nKey('iPhone and iPad'),
    steps: [
      {
        text: i18nKey(
          'Quickest: create an app password above on the iPhone or iPad itself, tap Install on this iPhone, iPad or Mac, then open Settings, tap Profile Downloaded and Install.',
        ),
      },
      {
        text: i18nKey(
          'The profile shows as Not Signed or Not Verified: that is expected, Kith does not sign its profiles. It holds only your Kith account, and you can remove it in Settings › General › VPN & Device Management.',
        ),
      },
      {
        text: i18nKey(
          'Or by hand: open Settings, then Apps, Contacts, Contacts Accounts, Add Account, Other, Add CardDAV Account.',
        ),
      },
      {
        text: i18nKey('Fill in these fields, then tap Next:'),
        fields: [
          { label: i18nKey('Server'), value: 'server' },
          { label: i18nKey('User Name'), value: 'username' },
          appPassword,
          { label: i18nKey('Description'), value: 'kith' },
        ],
      },
      { text: i18nKey('Your Kith contacts appear in Contacts and in the Phone app.') },
    ],
  },
  {
    id: 'macos',
    name: i18nKey('Mac (Contacts)'),
    steps: [
      { text: i18nKey('Open Contacts, then Contacts › Settings › Accounts, and click +.') },
      { text: i18nKey('Choose Other Contacts Account…, then CardDAV, with Account Type Manual.') },
      {
        text: i18nKey('Fill in these fields, then click Sign In:'),
        fields: [
          { label: i18nKey('User Name'), value: 'username' },
          appPassword,
          { label: i18nKey('Server Address'), value: 'server' },
        ],
      },
      { text: i18nKey('Kith appears in the sidebar of Contacts.') },
    ],
  },
  {
    id: 'android',
    name: i18nKey('Android (DAVx⁵)'),
    steps: [
      {
        text: i18nKey(
          'Install DAVx⁵: it is free on F-Droid and paid on Google Play (the same app).',
        ),
      },
      { text: i18nKey('Open DAVx⁵, tap +, then Login with URL and user name.') },
      {
        text: i18nKey('Fill in these fields, then tap Login:'),
        fields: [
          { label: i18nKey('Base URL'), value: 'davUrl' },
          { label: i18nKey('User name'), value: 'username' },
          appPassword,
        ],
      },
      {
        text: i18nKey(
          'At Contact group method, choose “Groups are separate vCards”: Kith gives DAVx⁵ your labels as group cards, so they show as groups on your phone. Then tap Create account.',
        ),
      },
      {
        text: i18nKey(
          'Tick the Contacts address book: your Kith contacts appear in your phone’s Contacts app.',
        ),
      },
    ],
  },
  {
    id: 'thunderbird',
    name: i18nKey('Thunderbird'),
    steps: [
      { text: i18nKey('Open the Address Book, then New Address Book › Add CardDAV Address Book.') },
      {
        text: i18nKey('Fill in these fields, then click Continue:'),
        fields: [
          { label: i18nKey('Username'), value: 'username' },
          { label: i18nKey('Location'), value: 'davUrl' },
        ],
      },
      { text: i18nKey('Enter your app password, tick Contacts and click Continue.') },
    ],
  },
  {
    id: 'gnome',
    name: i18nKey('GNOME and Evolution'),
    steps: [
      { text: i18nKey('In Evolution, choose File › New › Address Book, and set Type to CardDAV.') },
      {
        text: i18nKey('Fill in these fields:'),
        fields: [
          { label: i18nKey('URL'), value: 'bookUrl' },
          { label: i18nKey('User'), value: 'username' },
        ],
      },
      {
        text: i18nKey(
          'Click Find Address Books…, enter your app password, choose Contacts and click OK. GNOME Contacts shows it too.',
        ),
      },
    ],
  },
];
