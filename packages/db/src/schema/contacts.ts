import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  index,
  date,
  jsonb,
  pgEnum,
  pgTable,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import type { ContactDate, PostalAddress, TypedValue } from './card';
import { timestamps } from './columns';
import { images } from './images';
import { users } from './users';

/**
 * A vCard property Kith keeps without a column of its own (RFC 6350 §6): an extra EMAIL, TEL,
 * URL, ADR, a NOTE, NICKNAME, or any other property, including `CUSTOM` (a labelled field from
 * a CSV). `label` is the property's TYPE list ("work", "cell,voice") or Apple's `X-ABLabel`;
 * `components` holds a structured value's parts (ADR: the seven of §6.3.1).
 */
export interface ContactExtraField {
  name: string;
  label: string;
  value: string;
  components?: string[];
}

/** How often a person means to be in touch with a contact ("Keep in touch"). */
export const keepInTouchInterval = pgEnum('keep_in_touch_interval', [
  'week',
  'month',
  'quarter',
  'half_year',
  'year',
]);

/**
 * A person's contacts (docs/product/contact.md#fields), shaped as an RFC 6350 vCard
 * (docs/decisions/0002-contact-fields-are-vcard-lists.md). Names are kept as N's parts; the
 * API combines given and family name into `name`. `trashedAt` set means the contact is in
 * the trash (docs/product/states.md#contact). `postCode` is text: real post codes carry letters and leading zeros.
 * `birthdayMonth` is 1..12; the API speaks lowercase month names.
 */
export const contacts = pgTable(
  'contacts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    givenName: text('given_name').notNull(),
    familyName: text('family_name').notNull().default(''),
    /** N's other parts (RFC 6350 §6.2.2): middle names, "Dr.", "Jr.". */
    additionalNames: text('additional_names').notNull().default(''),
    honorificPrefixes: text('honorific_prefixes').notNull().default(''),
    honorificSuffixes: text('honorific_suffixes').notNull().default(''),
    nickname: text('nickname').notNull().default(''),
    /**
     * FN (RFC 6350 §6.2.1) as a card or a file's "Display Name" column wrote it, when it is
     * not the name the parts above make ("Grandma" for Margaret Smith); '' otherwise. Cards
     * Kith writes carry it as FN; it is cleared when the name is edited in Kith.
     */
    formattedName: text('formatted_name').notNull().default(''),
    /**
     * The card named no one: the given name is a stand-in Kith made for the screen (its
     * company, email, note...), which the cards Kith writes never carry as FN or N
     * (docs/card-is-the-record.md). Cleared when the name is edited in Kith.
     */
    nameIsStandIn: boolean('name_is_stand_in').notNull().default(false),
    /** ORG's first part; `orgUnits` its units (department, team), RFC 6350 §6.6.4. */
    org: text('org'),
    orgUnits: jsonb('org_units').$type<string[]>().notNull().default([]),
    title: text('title'),
    emails: jsonb('emails').$type<TypedValue[]>().notNull().default([]),
    phones: jsonb('phones').$type<TypedValue[]>().notNull().default([]),
    addresses: jsonb('addresses').$type<PostalAddress[]>().notNull().default([]),
    urls: jsonb('urls').$type<TypedValue[]>().notNull().default([]),
    impps: jsonb('impps').$type<TypedValue[]>().notNull().default([]),
    related: jsonb('related').$type<TypedValue[]>().notNull().default([]),
    /** Anniversaries and labelled dates; the birthday has columns of its own. */
    dates: jsonb('dates').$type<ContactDate[]>().notNull().default([]),
    note: text('note').notNull().default(''),
    // The legacy single email, phone and location: the first (preferred) value of each list,
    // derived by the database so they can never disagree with the lists.
    email: text('email').generatedAlwaysAs(sql`emails -> 0 ->> 'value'`),
    phone: text('phone').generatedAlwaysAs(sql`phones -> 0 ->> 'value'`),
    streetAddress: text('street_address').generatedAlwaysAs(
      sql`nullif(addresses -> 0 ->> 'street', '')`,
    ),
    city: text('city').generatedAlwaysAs(sql`nullif(addresses -> 0 ->> 'locality', '')`),
    postCode: text('post_code').generatedAlwaysAs(sql`nullif(addresses -> 0 ->> 'postalCode', '')`),
    country: text('country').generatedAlwaysAs(sql`nullif(addresses -> 0 ->> 'country', '')`),
    birthdayDay: smallint('birthday_day'),
    birthdayMonth: smallint('birthday_month'),
    birthdayYear: smallint('birthday_year'),
    photoImageId: uuid('photo_image_id').references(() => images.id, { onDelete: 'set null' }),
    isFavorite: boolean('is_favorite').notNull().default(false),
    /**
     * Keep in touch: the interval, and the local date the clock last started, when
     * the interval was set or the person last marked "I talked to them today"; the contact is
     * due one interval after it. `lastContactedOn` is only the last "talked today".
     */
    keepInTouch: keepInTouchInterval('keep_in_touch'),
    keepInTouchFrom: date('keep_in_touch_from', { mode: 'string' }),
    lastContactedOn: date('last_contacted_on', { mode: 'string' }),
    /**
     * The vCard as a CardDAV client or a file sent it (3.0 or 4.0, its text untouched), served
     * back octet for octet; null for a contact made in Kith, whose card is written from the
     * columns. The columns are read from it; an edit made in Kith is written into it when the
     * card is served (`dav/stored-card.ts`, docs/card-is-the-record.md).
     */
    card: text('card'),
    /**
     * What the columns held when `card` was read: one fingerprint per group of fields
     * (`name`, `emails`, `note`...), so the properties of a group changed since are the only
     * ones written anew into the card.
     */
    cardBasis: jsonb('card_basis').$type<Record<string, string>>(),
    /** Imported properties the product has no field for, kept so export writes them again. */
    extra: jsonb('extra').$type<ContactExtraField[]>().notNull().default([]),
    /** The import that created this contact, so a failed or regretted import can be undone. */
    importId: uuid('import_id'),
    /**
     * The client's key for the request that created this contact, so a create sent twice (a
     * double click, a retry after a lost answer) makes one contact (IETF
     * draft-ietf-httpapi-idempotency-key-header;
     * docs/decisions/0007-idempotency-keys-for-create.md).
     */
    idempotencyKey: text('idempotency_key'),
    /**
     * SHA-256 (hex) of the create request that carried `idempotencyKey`, so the key sent
     * again with other data is refused rather than answered with this contact (IETF
     * draft-ietf-httpapi-idempotency-key-header §2.2). Null for rows made before it was kept.
     */
    idempotencyFingerprint: text('idempotency_fingerprint'),
    trashedAt: timestamp('trashed_at', { withTimezone: true }),
    /**
     * The card's UID (RFC 6350 §6.7.6) as a CardDAV client sent it; the database sets
     * `urn:uuid:<id>` for a contact made anywhere else (an insert leaves it ''). Unique among an account's active
     * contacts (RFC 6352 §6.3.2.1 `no-uid-conflict`, checked on PUT).
     */
    uid: text('uid').notNull().default(''),
    /**
     * The card's resource name in the CardDAV address book (`<name>.vcf`, RFC 6352 §5.1):
     * the one a client chose when it created the card, else `<id>.vcf` set by the database (an insert leaves it '').
     */
    davName: text('dav_name').notNull().default(''),
    /**
     * Bumped by the database on every change of the row or its labels, from the account's own
     * counter (`users.dav_revision`, migration 0016; counted per statement since 0030), while
     * the account's writers are serialised (migration 0012): the card's ETag and the
     * address book's sync token (RFC 6578) are made of it.
     */
    revision: bigint('revision', { mode: 'number' }).notNull().default(0),
    /**
     * Accent- and case-folded text searched by substring (pg_trgm indexes, per account): the
     * name, its middle names and nickname, the organisation and its units, and every email.
     * `kith_fold` is the immutable wrapper around unaccent created by the first migration.
     */
    searchText: text('search_text')
      .notNull()
      .generatedAlwaysAs(
        sql`kith_fold(given_name || ' ' || family_name || ' ' || additional_names || ' ' || nickname || ' ' || coalesce(org, '') || translate(jsonb_path_query_array(emails, '$[*].value')::text || org_units::text, '[]",', '    '))`,
      ),
    /**
     * The name as the lists sort it: folded, so 'Émile' sorts beside 'Emile'; trimmed, so a
     * family name alone ("Smith") sorts under S.
     */
    sortName: text('sort_name')
      .notNull()
      .generatedAlwaysAs(sql`kith_fold(trim(given_name || ' ' || family_name))`),
    /** The name as the last-name order sorts it: family name first, folded. */
    sortFamilyName: text('sort_family_name')
      .notNull()
      .generatedAlwaysAs(sql`kith_fold(trim(family_name || ' ' || given_name))`),
    /**
     * Every phone's digits alone, so '+44 20 7946' and '4420 7946' match each other; each
     * number starts after a comma (`,442079460,5550100`), so no match runs across two.
     */
    phoneDigits: text('phone_digits')
      .notNull()
      .generatedAlwaysAs(
        sql`regexp_replace(jsonb_path_query_array(phones, '$[*].value')::text, '[^0-9,]', '', 'g')`,
      ),
    ...timestamps,
  },
  (t) => [
    index('contacts_user_active_name_idx')
      .on(t.userId, t.sortName, t.id)
      .where(sql`${t.trashedAt} is null`),
    // Search's name-prefix matches (docs/performance.md#search-at-scale): byte-ordered, so a
    // prefix is one range of the account's names whatever the database's collation, read in
    // order and stopped at the results' limit.
    index('contacts_user_active_name_prefix_idx')
      .on(t.userId, sql`${t.sortName} collate "C"`, t.id)
      .where(sql`${t.trashedAt} is null`),
    index('contacts_user_active_family_name_idx')
      .on(t.userId, t.sortFamilyName, t.id)
      .where(sql`${t.trashedAt} is null`),
    index('contacts_user_active_created_idx')
      .on(t.userId, t.createdAt, t.id)
      .where(sql`${t.trashedAt} is null`),
    index('contacts_user_active_updated_idx')
      .on(t.userId, t.updatedAt, t.id)
      .where(sql`${t.trashedAt} is null`),
    index('contacts_user_favorite_idx')
      .on(t.userId, t.sortName, t.id)
      .where(sql`${t.trashedAt} is null and ${t.isFavorite}`),
    index('contacts_user_trashed_idx')
      .on(t.userId, t.trashedAt)
      .where(sql`${t.trashedAt} is not null`),
    index('contacts_trashed_at_idx')
      .on(t.trashedAt)
      .where(sql`${t.trashedAt} is not null`),
    index('contacts_photo_image_id_idx').on(t.photoImageId),
    // Reminders find a day's birthdays and dates across every account at once, then
    // keep the accounts that asked: one index probe per day, not one scan per account.
    index('contacts_active_birthday_idx')
      .on(t.birthdayMonth, t.birthdayDay)
      .where(sql`${t.trashedAt} is null and ${t.birthdayMonth} is not null`),
    index('contacts_active_dates_idx')
      .using('gin', t.dates.op('jsonb_path_ops'))
      .where(sql`${t.trashedAt} is null and ${t.dates} <> '[]'::jsonb`),
    index('contacts_user_keep_in_touch_idx')
      .on(t.userId)
      .where(sql`${t.trashedAt} is null and ${t.keepInTouch} is not null`),
    // CardDAV: a card by its name, by its UID, and the changes after a sync token.
    uniqueIndex('contacts_user_dav_name_key').on(t.userId, t.davName),
    index('contacts_user_uid_idx').on(t.userId, t.uid),
    index('contacts_user_revision_idx').on(t.userId, t.revision),
    // Only contacts created with a key: partial, so it is no stand-in index for the account.
    uniqueIndex('contacts_user_idempotency_key_key')
      .on(t.userId, t.idempotencyKey)
      .where(sql`${t.idempotencyKey} is not null`),
    index('contacts_import_id_idx')
      .on(t.importId)
      .where(sql`${t.importId} is not null`),
    // Per account (btree_gin puts the account in the trigram index), so a search reads only
    // the person's own contacts however large the table grows
    // (docs/decisions/0013-search-indexes-lead-with-the-account.md).
    index('contacts_user_search_text_trgm_idx')
      .using('gin', t.userId, t.searchText.op('gin_trgm_ops'))
      .where(sql`${t.trashedAt} is null`),
    index('contacts_user_phone_digits_trgm_idx')
      .using('gin', t.userId, t.phoneDigits.op('gin_trgm_ops'))
      .where(sql`${t.trashedAt} is null`),
  ],
);

export type Contact = typeof contacts.$inferSelect;
export type NewContact = typeof contacts.$inferInsert;
