import { FaqAccordion } from '../../components/faq-accordion';
import { i18nKey } from '../../lib/i18n';

const questions = [
  {
    q: i18nKey('Is Kith really free?'),
    a: i18nKey('Yes. Every feature is free, there is no paid tier, and there are no ads.'),
  },
  {
    q: i18nKey('Who can see my contacts?'),
    a: i18nKey(
      'Only you. Each address book belongs to one account, and we never sell or share your data.',
    ),
  },
  {
    q: i18nKey('Does it work on my phone?'),
    a: i18nKey('Yes. Kith works in any modern browser, on phones, tablets and desktops alike.'),
  },
  {
    q: i18nKey('What happens when I delete a contact?'),
    a: i18nKey(
      'It moves to the Trash, where you can recover it for 30 days. After that it is deleted forever.',
    ),
  },
  {
    q: i18nKey('Can I bring my contacts from another address book?'),
    a: i18nKey(
      'Yes. Import them from a CSV file, and export them to CSV whenever you want to take them elsewhere.',
    ),
  },
];

/**
 * The landing FAQ (docs/product/screens.md#landing-page): an accordion with one item open at a
 * time.
 */
export function LandingFaq() {
  return <FaqAccordion items={questions} />;
}
