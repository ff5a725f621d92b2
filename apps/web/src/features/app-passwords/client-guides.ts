import { i18nKey } from '../../lib/i18n';

/** One client's setup: its name and its steps, which may name `{{server}}`, `{{davUrl}}`… */
export interface ClientGuide {
  id: string;
  name: string;
  steps: string[];
}

/**
 * Step-by-step setup for the stock CardDAV clients, as each one's own screens name
 * things. `{{server}}`, `{{davUrl}}`, `{{bookUrl}}` and `{{username}}` are filled in from
 * `appPasswords.connection`.
 */
export const clientGuides: ClientGuide[] = [
  {
    id: 'ios',
    name: i18nKey('iPhone and iPad'),
    steps: [
      i18nKey(
        'Quickest: create an app password above on the iPhone or iPad itself, tap Install on this iPhone, iPad or Mac, then open Settings, tap Profile Downloaded and Install.',
      ),
      i18nKey(
        'Or by hand: open Settings, then Apps, Contacts, Contacts Accounts, Add Account, Other, Add CardDAV Account.',
      ),
      i18nKey(
        'Server: {{server}}. User Name: {{username}}. Password: your app password. Description: Kith.',
      ),
      i18nKey('Tap Next. Your Kith contacts appear in Contacts and in the Phone app.'),
    ],
  },
  {
    id: 'macos',
    name: i18nKey('Mac (Contacts)'),
    steps: [
      i18nKey('Open Contacts, then Contacts › Settings › Accounts, and click +.'),
      i18nKey('Choose Other Contacts Account…, then CardDAV, with Account Type Manual.'),
      i18nKey('User Name: {{username}}. Password: your app password. Server Address: {{server}}.'),
      i18nKey('Click Sign In. Kith appears in the sidebar of Contacts.'),
    ],
  },
  {
    id: 'android',
    name: i18nKey('Android (DAVx⁵)'),
    steps: [
      i18nKey('Install DAVx⁵ from F-Droid or Google Play and open it.'),
      i18nKey('Tap +, then Login with URL and user name.'),
      i18nKey('Base URL: {{davUrl}}. User name: {{username}}. Password: your app password.'),
      i18nKey(
        'Tap Login, then Create account. Tick the Contacts address book: your Kith contacts appear in your phone’s Contacts app.',
      ),
    ],
  },
  {
    id: 'thunderbird',
    name: i18nKey('Thunderbird'),
    steps: [
      i18nKey('Open the Address Book, then New Address Book › Add CardDAV Address Book.'),
      i18nKey('Username: {{username}}. Location: {{davUrl}}. Click Continue.'),
      i18nKey('Enter your app password, tick Contacts and click Continue.'),
    ],
  },
  {
    id: 'gnome',
    name: i18nKey('GNOME and Evolution'),
    steps: [
      i18nKey('In Evolution, choose File › New › Address Book, and Type: CardDAV.'),
      i18nKey('URL: {{bookUrl}}. User: {{username}}.'),
      i18nKey(
        'Click Find Address Books…, enter your app password, choose Contacts and click OK. GNOME Contacts shows it too.',
      ),
    ],
  },
];
