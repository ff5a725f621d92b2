import { i18nKey } from '../../lib/i18n';

/** One question of the Help Center and its answer. */
export interface HelpQuestion {
  q: string;
  a: string;
  /** A page the answer leads to (signed-in pages ask to sign in first). */
  link?: { to: string; label: string };
}

/** A category of the Help Center FAQ. */
export interface HelpCategory {
  id: string;
  title: string;
  questions: HelpQuestion[];
}

/**
 * The Help Center FAQ: ten categories (docs/product/screens.md#what-kith-does). The last one
 * names the planned features (chat, notifications, cloud backup and contact sync) and those
 * since delivered:
 * dark mode, a second language, sync, and notifications as birthday reminders.
 */
export const helpCategories: HelpCategory[] = [
  {
    id: 'getting-started',
    title: i18nKey('Getting started'),
    questions: [
      {
        q: i18nKey('What is Kith?'),
        a: i18nKey(
          'A free, ad-free, privacy-first address book for the people in your life, on your phone and your desktop.',
        ),
      },
      {
        q: i18nKey('How do I create an account?'),
        a: i18nKey(
          'Choose Sign Up, enter your name, email and a password of at least 6 characters, then enter the 6-digit code we email you.',
        ),
      },
      {
        q: i18nKey('Does Kith cost anything?'),
        a: i18nKey('No. Kith is free, with no ads and no paid tier.'),
      },
    ],
  },
  {
    id: 'account',
    title: i18nKey('Account and sign-in'),
    questions: [
      {
        q: i18nKey('I did not get my verification code.'),
        a: i18nKey(
          'Check your spam folder. You can ask for a new code with Resend Otp; it becomes available again 2 minutes after the last one.',
        ),
      },
      {
        q: i18nKey('I forgot my password.'),
        a: i18nKey(
          'Choose Forgot Password on the login page, find your account by email, confirm it is yours, enter the code we send, and set a new password.',
        ),
      },
      {
        q: i18nKey('How do I sign out?'),
        a: i18nKey('Open the menu under your avatar at the top right and choose Sign Out.'),
      },
    ],
  },
  {
    id: 'contacts',
    title: i18nKey('Adding and editing contacts'),
    questions: [
      {
        q: i18nKey('How do I add a contact?'),
        a: i18nKey(
          'Choose Create Contact. First name, last name and phone number are required; everything else is optional.',
        ),
      },
      {
        q: i18nKey('Why does it ask for all the address fields?'),
        a: i18nKey(
          'An address is useful only when it is complete, so if you fill one of country, city, post code or street address, fill all four. The same goes for company and job title, and for the day, month and year of a birthday.',
        ),
      },
      {
        q: i18nKey('How do I change a contact?'),
        a: i18nKey(
          'Open the contact and choose the pencil icon. If you leave with unsaved changes, Kith asks before discarding them.',
        ),
      },
      {
        q: i18nKey('Can I see my Kith contacts on my phone?'),
        a: i18nKey(
          'Yes: Kith syncs with the Contacts app of iPhone, iPad and Mac, with Android through DAVx⁵, and with Thunderbird and Evolution. Choose Sync with your phone in the menu under your avatar for the steps and an app password.',
        ),
        link: { to: '/sync', label: i18nKey('Sync with your phone') },
      },
      {
        q: i18nKey('Can Kith remind me of birthdays?'),
        a: i18nKey(
          'Yes. On your Profile page, turn on reminders: Kith emails you on the day or up to two weeks before birthdays, anniversaries and other dates, or once a week with the week ahead. You can also add the birthdays to Google Calendar, Apple Calendar or Thunderbird with a calendar address. On a contact’s page, choose how often you want to keep in touch; Keep in touch in the sidebar shows who is due.',
        ),
        link: { to: '/me', label: i18nKey('Profile') },
      },
    ],
  },
  {
    id: 'favorites',
    title: i18nKey('Favorites'),
    questions: [
      {
        q: i18nKey('How do I mark a favorite?'),
        a: i18nKey(
          'Choose the star on a contact, in the list or on the contact page. Favorites are gathered under Favorite in the menu.',
        ),
      },
      {
        q: i18nKey('Does removing a favorite delete the contact?'),
        a: i18nKey('No. It only removes the star; the contact stays in your list.'),
      },
    ],
  },
  {
    id: 'trash',
    title: i18nKey('Trash and recovery'),
    questions: [
      {
        q: i18nKey('What happens when I delete a contact?'),
        a: i18nKey(
          'It moves to the Trash. You can recover it from there for 30 days; after that it is deleted forever.',
        ),
      },
      {
        q: i18nKey('Can I delete a contact right away?'),
        a: i18nKey(
          'Yes. In the Trash, choose Delete Forever on a contact, or Empty Trash now for all of them. This cannot be undone.',
        ),
      },
    ],
  },
  {
    id: 'search',
    title: i18nKey('Search'),
    questions: [
      {
        q: i18nKey('What does search look at?'),
        a: i18nKey(
          'Names, email addresses, phone numbers and companies. Results appear as you type.',
        ),
      },
      {
        q: i18nKey('Why is a contact missing from search?'),
        a: i18nKey('Contacts in the Trash are not searched. Recover the contact to find it again.'),
      },
    ],
  },
  {
    id: 'photos',
    title: i18nKey('Photos'),
    questions: [
      {
        q: i18nKey('Which photos can I add?'),
        a: i18nKey('Any common image file under 5 MB. Kith resizes it for you.'),
      },
      {
        q: i18nKey('Is the location in my photo kept?'),
        a: i18nKey(
          'No. Kith removes the metadata of every photo you upload, including location and camera details.',
        ),
      },
    ],
  },
  {
    id: 'privacy',
    title: i18nKey('Privacy and security'),
    questions: [
      {
        q: i18nKey('Do you sell my data?'),
        a: i18nKey(
          'Never. There are no ads and no trackers, and your browser makes no request to any other company while you use Kith.',
        ),
      },
      {
        q: i18nKey('Who can see my contacts?'),
        a: i18nKey('Only you. Each address book belongs to a single account.'),
      },
      {
        q: i18nKey('What happens when I delete my account?'),
        a: i18nKey(
          'Delete it from your Profile page with your password. You are signed out everywhere at once, and your account data is deleted within 30 days, or at once if you ask.',
        ),
      },
      {
        q: i18nKey('Can I take my data with me?'),
        a: i18nKey(
          'Yes. Download my data, on your Profile page, gives you one zip file with every contact as vCard and JSON, and all photos.',
        ),
      },
    ],
  },
  {
    id: 'troubleshooting',
    title: i18nKey('Troubleshooting'),
    questions: [
      {
        q: i18nKey('I was signed out unexpectedly.'),
        a: i18nKey(
          'Sessions end after a while for your safety, and changing your password signs out every device. Sign in again to continue.',
        ),
      },
      {
        q: i18nKey('A page says Something went wrong.'),
        a: i18nKey(
          'Choose Refresh Page. If it keeps happening, send us a bug report from the Contact Us page; we answer bug reports within 48 hours.',
        ),
      },
    ],
  },
  {
    id: 'planned',
    title: i18nKey('Planned features'),
    questions: [
      {
        q: i18nKey('What is coming next?'),
        a: i18nKey(
          'We are working on chat and cloud backup. Dark mode, Spanish, sync with your phone and birthday reminders are here: find them in the menu under your avatar.',
        ),
      },
      {
        q: i18nKey('Can I suggest a feature?'),
        a: i18nKey(
          'Please do: choose Feedback in the menu under your avatar, or pick "Feature" as the subject on the Contact Us page.',
        ),
      },
    ],
  },
];
