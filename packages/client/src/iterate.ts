/** A list procedure that pages by cursor: `contacts.list`, `favorites.list`, `trash.list`, `labels.contacts`. */
export interface PagedList<TInput, TItem> {
  query(
    input: TInput,
    opts?: { signal?: AbortSignal },
  ): Promise<{ items: TItem[]; nextCursor?: string | null }>;
}

/** A list's input without the paging `iterate` does itself. */
export type IterateInput<TInput> = Omit<NonNullable<TInput>, 'cursor' | 'offset' | 'fromEnd'>;

/** What `iterate` takes besides the list: the caller's signal, which stops the walk. */
export interface IterateOptions {
  signal?: AbortSignal;
}

/**
 * Every item of a list, page after page, for `for await`: asks `list` for its first page with
 * `input` (its `limit` is the page size: 200 by default, at most 1000, docs/api.md#api), then
 * follows each `nextCursor` until there is none. Pages are fetched one at a time, when the
 * loop needs them; leaving the loop early fetches no more.
 *
 * ```ts
 * for await (const contact of iterate(kith.contacts.list, { limit: 500 })) console.log(contact.id);
 * for await (const c of iterate(kith.labels.contacts, { labelId })) ...
 * ```
 *
 * @throws ContactsApiError as the list's own call would (with code `ABORTED` once `signal` aborts).
 */
export async function* iterate<TInput, TItem>(
  list: PagedList<TInput, TItem>,
  ...[input, options]: undefined extends TInput
    ? [input?: IterateInput<TInput>, options?: IterateOptions]
    : [input: IterateInput<TInput>, options?: IterateOptions]
): AsyncGenerator<TItem, void, undefined> {
  let cursor: string | null | undefined;
  do {
    const page = await list.query((cursor ? { ...input, cursor } : { ...input }) as TInput, {
      signal: options?.signal,
    });
    yield* page.items;
    cursor = page.nextCursor;
  } while (cursor);
}
