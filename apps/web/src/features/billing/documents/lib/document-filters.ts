import { type BillingDocumentType, DOCUMENT_TYPES } from '@fluxo/domain/billing/contracts';
import type { DocumentsQuery } from '../api/documents-keys.ts';

/** The list's filters as the URL keeps them (`?type=FT&state=issued&party=…&from=…&to=`). */
export interface DocumentFilters {
  type: BillingDocumentType | null;
  state: 'draft' | 'issued' | null;
  party: string | null;
  from: string | null;
  to: string | null;
}

const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** What the URL says, keeping only what reads: a hand-edited query never breaks the list call. */
export function filtersFromSearch(search: URLSearchParams): DocumentFilters {
  const type = search.get('type');
  const state = search.get('state');
  const party = search.get('party');
  const date = (name: string) => {
    const value = search.get(name);
    return value && ISO_DATE.test(value) ? value : null;
  };
  return {
    type: type && (DOCUMENT_TYPES as readonly string[]).includes(type) ? (type as BillingDocumentType) : null,
    state: state === 'draft' || state === 'issued' ? state : null,
    party: party && UUID.test(party) ? party : null,
    from: date('from'),
    to: date('to'),
  };
}

/** The filters written into the query, the other parameters (the tab) kept. */
export function filtersIntoSearch(current: URLSearchParams, filters: DocumentFilters): URLSearchParams {
  const next = new URLSearchParams(current);
  for (const [name, value] of Object.entries(filters)) {
    if (value) next.set(name, value);
    else next.delete(name);
  }
  return next;
}

export function filtersToQuery(filters: DocumentFilters): DocumentsQuery {
  return {
    ...(filters.type ? { documentType: filters.type } : {}),
    ...(filters.state ? { state: filters.state } : {}),
    ...(filters.party ? { partyId: filters.party } : {}),
    ...(filters.from ? { from: filters.from } : {}),
    ...(filters.to ? { to: filters.to } : {}),
  };
}

export function activeFilterCount(filters: DocumentFilters): number {
  return Object.values(filters).filter(Boolean).length;
}
