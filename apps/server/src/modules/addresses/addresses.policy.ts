import type { Ownership } from '../../platform/ownership';
import { invoiceTitles, receiptAddresses } from './addresses.table';

/** Addresses and invoice titles belong to the company: any of its staff may use and change them; another company's are refused. */
export const receiptAddressOwnership: Ownership<typeof receiptAddresses> = {
  table: receiptAddresses,
  id: receiptAddresses.id,
  mayChange: (actor, row) => row.rootId === actor.rootId,
};

export const invoiceTitleOwnership: Ownership<typeof invoiceTitles> = {
  table: invoiceTitles,
  id: invoiceTitles.id,
  mayChange: (actor, row) => row.rootId === actor.rootId,
};
