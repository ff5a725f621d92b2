/** One question of the Help Center and its answer. */
export interface HelpQuestion {
  q: string;
  a: string;
}

/** A category of the Help Center FAQ. */
export interface HelpCategory {
  id: string;
  title: string;
  questions: HelpQuestion[];
}

/**
 * The Help Center FAQ: ten categories (SPEC §1). The last one names the planned features
 * SPEC lists: chat, dark mode, multi-language, notifications, cloud backup and contact sync.
 */
export const helpCategories: HelpCategory[] = [
  {
    id: 'getting-started',
    title: 'Getting started',
    questions: [
      {
        q: 'What is Kith?',
        a: 'A free, ad-free, privacy-first address book for the people in your life, on your phone and your desktop.',
      },
      {
        q: 'How do I create an account?',
        a: 'Choose Sign Up, enter your name, email and a password of at least 6 characters, then enter the 6-digit code we email you.',
      },
      { q: 'Does Kith cost anything?', a: 'No. Kith is free, with no ads and no paid tier.' },
    ],
  },
  {
    id: 'account',
    title: 'Account and sign-in',
    questions: [
      {
        q: 'I did not get my verification code.',
        a: 'Check your spam folder. You can ask for a new code with Resend Otp; it becomes available again 2 minutes after the last one.',
      },
      {
        q: 'I forgot my password.',
        a: 'Choose Forgot Password on the login page, find your account by email, confirm it is yours, enter the code we send, and set a new password.',
      },
      {
        q: 'How do I sign out?',
        a: 'Open the menu under your avatar at the top right and choose Sign Out.',
      },
    ],
  },
  {
    id: 'contacts',
    title: 'Adding and editing contacts',
    questions: [
      {
        q: 'How do I add a contact?',
        a: 'Choose Create Contact. First name, last name and phone number are required; everything else is optional.',
      },
      {
        q: 'Why does it ask for all the address fields?',
        a: 'An address is useful only when it is complete, so if you fill one of country, city, post code or street address, fill all four. The same goes for company and job title, and for the day, month and year of a birthday.',
      },
      {
        q: 'How do I change a contact?',
        a: 'Open the contact and choose the pencil icon. If you leave with unsaved changes, Kith asks before discarding them.',
      },
    ],
  },
  {
    id: 'favorites',
    title: 'Favorites',
    questions: [
      {
        q: 'How do I mark a favourite?',
        a: 'Choose the star on a contact, in the list or on the contact page. Favorites are gathered under Favorite in the menu.',
      },
      {
        q: 'Does removing a favourite delete the contact?',
        a: 'No. It only removes the star; the contact stays in your list.',
      },
    ],
  },
  {
    id: 'trash',
    title: 'Trash and recovery',
    questions: [
      {
        q: 'What happens when I delete a contact?',
        a: 'It moves to the Trash. You can recover it from there for 30 days; after that it is deleted forever.',
      },
      {
        q: 'Can I delete a contact right away?',
        a: 'Yes. In the Trash, choose Delete Forever on a contact, or Empty Trash now for all of them. This cannot be undone.',
      },
    ],
  },
  {
    id: 'search',
    title: 'Search',
    questions: [
      {
        q: 'What does search look at?',
        a: 'Names, email addresses, phone numbers and companies. Results appear as you type.',
      },
      {
        q: 'Why is a contact missing from search?',
        a: 'Contacts in the Trash are not searched. Recover the contact to find it again.',
      },
    ],
  },
  {
    id: 'photos',
    title: 'Photos',
    questions: [
      {
        q: 'Which photos can I add?',
        a: 'Any common image file under 5 MB. Kith resizes it for you.',
      },
      {
        q: 'Is the location in my photo kept?',
        a: 'No. Kith removes the metadata of every photo you upload, including location and camera details.',
      },
    ],
  },
  {
    id: 'privacy',
    title: 'Privacy and security',
    questions: [
      {
        q: 'Do you sell my data?',
        a: 'Never. There are no ads and no trackers, and your browser makes no request to any other company while you use Kith.',
      },
      {
        q: 'Who can see my contacts?',
        a: 'Only you. Each address book belongs to a single account.',
      },
      {
        q: 'What happens when I delete my account?',
        a: 'Your account data is deleted within 30 days.',
      },
    ],
  },
  {
    id: 'troubleshooting',
    title: 'Troubleshooting',
    questions: [
      {
        q: 'I was signed out unexpectedly.',
        a: 'Sessions end after a while for your safety, and changing your password signs out every device. Sign in again to continue.',
      },
      {
        q: 'A page says Something went wrong.',
        a: 'Choose Refresh Page. If it keeps happening, send us a bug report from the Contact Us page; we answer bug reports within 48 hours.',
      },
    ],
  },
  {
    id: 'planned',
    title: 'Planned features',
    questions: [
      {
        q: 'What is coming next?',
        a: 'We are working on chat, dark mode, multi-language support, notifications, cloud backup and contact sync.',
      },
      {
        q: 'Can I suggest a feature?',
        a: 'Please do: choose Feedback in the menu under your avatar, or pick "Feature" as the subject on the Contact Us page.',
      },
    ],
  },
];
