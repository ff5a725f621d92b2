import { FaqAccordion } from '../../components/faq-accordion';

const questions = [
  {
    q: 'Is Kith really free?',
    a: 'Yes. Every feature is free, there is no paid tier, and there are no ads.',
  },
  {
    q: 'Who can see my contacts?',
    a: 'Only you. Each address book belongs to one account, and we never sell or share your data.',
  },
  {
    q: 'Does it work on my phone?',
    a: 'Yes. Kith works in any modern browser, on phones, tablets and desktops alike.',
  },
  {
    q: 'What happens when I delete a contact?',
    a: 'It moves to the Trash, where you can recover it for 30 days. After that it is deleted forever.',
  },
  {
    q: 'Can I bring my contacts from another address book?',
    a: 'Yes. Import them from a CSV file, and export them to CSV whenever you want to take them elsewhere.',
  },
];

/** The landing FAQ (SPEC §2): an accordion with one item open at a time. */
export function LandingFaq() {
  return <FaqAccordion items={questions} />;
}
