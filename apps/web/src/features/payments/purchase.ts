/**
 * What an order buys and where the buyer goes on from its success page, kept for the tab while the
 * buyer is away at the provider's cashier (which returns to the success page with the order number
 * only). An order opened from elsewhere has none: its success page shows the order's subject.
 */
export interface PurchaseNote {
  /** What was bought, in the buyer's words and language ("Certified supplier, 6 months"). */
  item: string;
  /** Where the buyer was going when they bought it (the visitors page), if anywhere. */
  next?: string;
  /** The label of that way on ("See your visitors"). */
  nextLabel?: string;
}

const key = (orderNo: string) => `metal.purchase.${orderNo}`;

export function rememberPurchase(orderNo: string, note: PurchaseNote): void {
  try {
    sessionStorage.setItem(key(orderNo), JSON.stringify(note));
  } catch {
    // Private modes may refuse storage: the success page then shows the order's own subject.
  }
}

export function purchaseNote(orderNo: string): PurchaseNote | null {
  try {
    const stored = sessionStorage.getItem(key(orderNo));
    const note = stored ? (JSON.parse(stored) as Partial<PurchaseNote>) : null;
    return note && typeof note.item === 'string' ? (note as PurchaseNote) : null;
  } catch {
    return null;
  }
}
