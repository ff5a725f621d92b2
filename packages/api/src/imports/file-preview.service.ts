import { schema } from '@kith/db';
import type { ImportColumnTarget, ImportedContact, ImportPreviewFileInput } from '@kith/validators';
import { IMPORT_LISTED_MAX } from '@kith/validators';
import { eq } from 'drizzle-orm';
import type { ApiDependencies } from '../trpc/context';
import { ConflictError, ValidationError } from '../shared/errors';
import { cooperative } from '../shared/event-loop';
import type { DateOrder, ImportProblem } from '../vcard/draft';
import { suggestMapping } from './csv-read';
import {
  csvContacts,
  csvDateOrder,
  csvHead,
  groupWarning,
  isVCardText,
  memberSet,
  vcardContacts,
  type FileChunk,
  type FileGroup,
} from './file-read';
import {
  bookMatcher,
  importMessages,
  repeatProblem,
  repeatTracker,
  type ImportDuplicate,
  type ImportFormat,
} from './preview.service';
import { ownImportRun, stagedText, stagingMessages, type ImportRun } from './staging';

const { importRuns } = schema;

/** New contacts named in the preview, before "and N more". */
const NAMED = 8;

/** A contact of the file as the preview names it. */
export type NamedContact = Pick<
  ImportedContact,
  'row' | 'formattedName' | 'honorificPrefixes' | 'givenName' | 'familyName' | 'honorificSuffixes'
>;

/** A duplicate as the preview lists it: with the name of the file's contact too. */
export interface ListedDuplicate extends ImportDuplicate {
  /** The file's contact, as `NamedContact`. */
  contact: NamedContact;
}

/**
 * What a staged file will do, for the person to check and decide, whatever the file's size:
 * how many contacts are new, already in the book and left out; the first new contacts' names;
 * the first `IMPORT_LISTED_MAX` duplicates (the rest follow "Skip all" or "Update all") and
 * problems (in row order); for a CSV of no known layout, `needsMapping` with a suggested
 * `mapping`; the date-order question.
 */
export interface FilePreview {
  importId: string;
  fileName: string;
  format: ImportFormat;
  columns: string[];
  /** Up to three data rows of a CSV, to show beside the mapping. */
  sample: string[][];
  mapping: ImportColumnTarget[];
  needsMapping: boolean;
  dateOrder: { order: DateOrder; ambiguous: boolean } | null;
  counts: {
    /** Contacts the file holds that can be imported. */
    contacts: number;
    /** Of those, not in the book. */
    new: number;
    duplicates: number;
    /** Rows left out. */
    errors: number;
    /** Rows that come in changed. */
    warnings: number;
  };
  /** The first new contacts, in file order. */
  added: NamedContact[];
  duplicates: ListedDuplicate[];
  problems: ImportProblem[];
}

/** What the preview keeps with the staged file, for `imports.start` and the job. */
export interface PreviewSettings {
  previewed: true;
  format: ImportFormat;
  mapping: ImportColumnTarget[];
  /** The order every `a/b/yyyy` birthday is read in. */
  dateOrder: DateOrder;
  /** The file's group cards (labels): name and member UIDs. */
  groups: { name: string; members: string[] }[];
  counts: FilePreview['counts'];
}

/** The parts of a contact the preview names it by. */
function named(contact: ImportedContact): NamedContact {
  const { row, formattedName, honorificPrefixes, givenName, familyName, honorificSuffixes } =
    contact;
  return { row, formattedName, honorificPrefixes, givenName, familyName, honorificSuffixes };
}

/**
 * Previews a staged file (`stageFile`) as `previewImport` previews a file's text, reading it as
 * a stream: the contacts are read, checked and matched against the book a few hundred at a
 * time (the event loop turning between), and only counts and the first of each list are kept.
 * A CSV is read twice, once for its birthdays' date order, then for its contacts. Nothing is
 * written to the book; what was found is kept with the staged file for `imports.start`.
 *
 * @throws NotFoundError when the account has no such staged file (another account's id
 *   included); ConflictError when that import has already started; ValidationError when the
 *   file is neither CSV nor vCard, holds no contacts, or `mapping` does not give one target per
 *   column.
 */
export async function previewStagedFile(
  deps: Pick<ApiDependencies, 'db'>,
  userId: string,
  input: ImportPreviewFileInput,
): Promise<FilePreview> {
  const run = await ownImportRun(deps.db, userId, input.importId);
  if (run.status !== 'staged') throw new ConflictError(startedMessage(run));
  const text = () => stagedText(deps.db, run.id);
  const start = await firstText(text());
  const base = {
    importId: run.id,
    fileName: run.fileName,
    columns: [] as string[],
    sample: [] as string[][],
    mapping: [] as ImportColumnTarget[],
    needsMapping: false,
    dateOrder: null as FilePreview['dateOrder'],
  };

  let format: ImportFormat;
  let chunks: AsyncIterable<FileChunk>;
  let order: DateOrder = 'month-first';
  const groups: FileGroup[] = [];
  if (isVCardText(start)) {
    format = 'vcard';
    chunks = vcardContacts(text(), (group) => groups.push(group));
  } else {
    const head = await csvHead(text());
    if (head.headers.length < 2 && head.sample.length === 0) {
      throw new ValidationError(importMessages.unreadable, {
        content: [importMessages.unreadable],
      });
    }
    format = head.layout === 'other' ? 'csv' : head.layout;
    Object.assign(base, { columns: head.headers, sample: head.sample });
    if (head.layout === 'other' && !input.mapping) {
      return {
        ...base,
        format,
        mapping: suggestMapping(head.headers),
        needsMapping: true,
        counts: { contacts: 0, new: 0, duplicates: 0, errors: 0, warnings: 0 },
        added: [],
        duplicates: [],
        problems: [],
      };
    }
    const mapping = head.layout === 'other' ? input.mapping! : [];
    if (head.layout === 'other' && mapping.length !== head.headers.length) {
      throw new ValidationError(importMessages.mappingLength, {
        mapping: [importMessages.mappingLength],
      });
    }
    base.mapping = mapping;
    const told = await csvDateOrder(text(), mapping);
    const ambiguous = told === 'ambiguous';
    order = told && !ambiguous ? told : (input.dateOrder ?? 'month-first');
    base.dateOrder = told ? { order, ambiguous } : null;
    chunks = csvContacts(text(), mapping, order);
  }

  const match = await bookMatcher(deps.db, userId);
  const repeated = repeatTracker();
  const counts = { contacts: 0, new: 0, duplicates: 0, errors: 0, warnings: 0 };
  const added: NamedContact[] = [];
  const duplicates: ListedDuplicate[] = [];
  let problems: ImportProblem[] = [];
  const fileUids = new Set<string>();
  const note = (found: ImportProblem[]) => {
    for (const problem of found) counts[problem.severity === 'error' ? 'errors' : 'warnings']++;
    problems = [...problems, ...found].sort((a, b) => a.row - b.row).slice(0, IMPORT_LISTED_MAX);
  };
  // Keying emails and phones (libphonenumber) costs tens of µs a contact: the loop yields.
  const pause = cooperative();
  for await (const chunk of chunks) {
    const found = [...chunk.problems];
    for (const contact of chunk.contacts) {
      await pause();
      counts.contacts++;
      if (repeated(contact)) found.push(repeatProblem(contact));
      const duplicate = match(contact);
      if (duplicate) {
        counts.duplicates++;
        if (duplicates.length < IMPORT_LISTED_MAX) {
          duplicates.push({ ...duplicate, contact: named(contact) });
        }
      } else {
        counts.new++;
        if (added.length < NAMED) added.push(named(contact));
      }
    }
    for (const uid of chunk.uids.values()) {
      fileUids.add(uid);
      fileUids.add(uid.replace(/^urn:uuid:/i, ''));
    }
    note(found);
  }
  // A group's warning needs every card's UID, so it is told once the file is read.
  note(
    groups.flatMap((group) => {
      const found = group.group.members.filter(
        (m) => fileUids.has(m) || fileUids.has(m.replace(/^urn:uuid:/i, '')),
      ).length;
      return groupWarning(group, found) ?? [];
    }),
  );
  if (counts.contacts === 0 && counts.errors + counts.warnings === 0) {
    throw new ValidationError(importMessages.noContacts, { content: [importMessages.noContacts] });
  }

  const settings: PreviewSettings = {
    previewed: true,
    format,
    mapping: base.mapping,
    dateOrder: order,
    groups: groups.map(({ group }) => ({ name: group.name, members: group.members })),
    counts,
  };
  await deps.db
    .update(importRuns)
    .set({ settings: settings as unknown as Record<string, unknown>, updatedAt: new Date() })
    .where(eq(importRuns.id, run.id));
  return { ...base, format, counts, added, duplicates, problems };
}

/** The first part of a file's text ('' for an empty file). */
async function firstText(text: AsyncGenerator<string>): Promise<string> {
  const { value } = await text.next();
  await text.return(undefined);
  return value ?? '';
}

/** Why a file cannot be previewed or started again: its import has begun or ended. */
export function startedMessage(run: ImportRun): string {
  return run.status === 'uploading' ? stagingMessages.notFound : importRunMessages.started;
}

export const importRunMessages = {
  started: 'This file is already imported or being imported. Choose it again to import it again.',
  notPreviewed: 'Preview this file before importing it.',
};

/** The vCard groups the preview found, as the job gives their labels (`labelMembers`). */
export function previewGroups(settings: PreviewSettings) {
  return settings.groups.map((g) => ({ name: g.name, members: memberSet(g.members) }));
}
