import { contentLine, unescapeText, unfoldedLines } from '../vcard/lines';
import { child, childElements, DavError, isElement, NS, type XmlElement } from './xml';

/** RFC 6352 §10.5.4 `text-match`. */
interface TextMatch {
  text: string;
  collation: 'i;unicode-casemap' | 'i;ascii-casemap' | 'i;octet';
  matchType: 'equals' | 'contains' | 'starts-with' | 'ends-with';
  negate: boolean;
}

/** RFC 6352 §10.5.1 `prop-filter`: a property defined, undefined, or matching text. */
interface PropFilter {
  name: string;
  isNotDefined: boolean;
  anyOf: boolean;
  textMatches: TextMatch[];
}

/** RFC 6352 §10.5 `filter`: prop-filters joined by `anyof` (the default) or `allof`. */
export interface QueryFilter {
  anyOf: boolean;
  props: PropFilter[];
}

const COLLATIONS = ['i;unicode-casemap', 'i;ascii-casemap', 'i;octet'];
const MATCH_TYPES = ['equals', 'contains', 'starts-with', 'ends-with'];

/**
 * The filter of an `addressbook-query` REPORT.
 *
 * @throws DavError 403 `supported-collation` / 400 for a collation or match type RFC 6352
 *   does not define.
 */
export function readFilter(root: XmlElement): QueryFilter {
  const filter = child(root, NS.CARDDAV, 'filter');
  if (!filter) return { anyOf: true, props: [] };
  return {
    anyOf: filter.getAttribute('test') !== 'allof',
    props: childElements(filter)
      .filter((el) => isElement(el, NS.CARDDAV, 'prop-filter'))
      .map((el) => ({
        name: (el.getAttribute('name') ?? '').toUpperCase(),
        isNotDefined: !!child(el, NS.CARDDAV, 'is-not-defined'),
        anyOf: el.getAttribute('test') !== 'allof',
        textMatches: childElements(el)
          .filter((c) => isElement(c, NS.CARDDAV, 'text-match'))
          .map(readTextMatch),
      })),
  };
}

function readTextMatch(el: XmlElement): TextMatch {
  const collation = el.getAttribute('collation') || 'i;unicode-casemap';
  if (!COLLATIONS.includes(collation)) {
    throw new DavError(403, `The collation ${collation} is not supported.`, {
      ns: NS.CARDDAV,
      name: 'supported-collation',
    });
  }
  const matchType = el.getAttribute('match-type') || 'contains';
  if (!MATCH_TYPES.includes(matchType)) {
    throw new DavError(400, `The match type ${matchType} is not one of RFC 6352's.`);
  }
  return {
    text: el.textContent ?? '',
    collation: collation as TextMatch['collation'],
    matchType: matchType as TextMatch['matchType'],
    negate: el.getAttribute('negate-condition') === 'yes',
  };
}

/**
 * The values of each property of a vCard, by upper-case name (groups dropped), unfolded and
 * unescaped (RFC 6350 §3.4), as a filter compares them.
 */
function propertiesOf(card: string): Map<string, string[]> {
  const props = new Map<string, string[]>();
  for (const line of unfoldedLines(card)) {
    const parsed = contentLine(line);
    if (!parsed) continue;
    props.set(parsed.name, [...(props.get(parsed.name) ?? []), unescapeText(parsed.value)]);
  }
  return props;
}

function fold(text: string, collation: TextMatch['collation']): string {
  if (collation === 'i;octet') return text;
  return collation === 'i;ascii-casemap'
    ? text.replace(/[A-Z]/g, (c) => c.toLowerCase())
    : text.normalize('NFKC').toLowerCase();
}

function textMatches(value: string, match: TextMatch): boolean {
  const haystack = fold(value, match.collation);
  const needle = fold(match.text, match.collation);
  const found =
    match.matchType === 'equals'
      ? haystack === needle
      : match.matchType === 'starts-with'
        ? haystack.startsWith(needle)
        : match.matchType === 'ends-with'
          ? haystack.endsWith(needle)
          : haystack.includes(needle);
  return found !== match.negate;
}

function propMatches(filter: PropFilter, props: Map<string, string[]>): boolean {
  const values = props.get(filter.name);
  if (filter.isNotDefined) return !values;
  if (!values) return false;
  if (filter.textMatches.length === 0) return true;
  const results = filter.textMatches.map((match) => values.some((v) => textMatches(v, match)));
  return filter.anyOf ? results.some(Boolean) : results.every(Boolean);
}

/** Whether a card (vCard text) passes an `addressbook-query` filter (RFC 6352 §10.5). */
export function matchesFilter(filter: QueryFilter, card: string): boolean {
  if (filter.props.length === 0) return true;
  const props = propertiesOf(card);
  const results = filter.props.map((p) => propMatches(p, props));
  return filter.anyOf ? results.some(Boolean) : results.every(Boolean);
}
