import { Calls } from '@metal/shared';
import type { FastifyInstance } from 'fastify';
import { registerCall } from '../../platform/protocol';
import {
  deleteInvoiceTitle,
  deleteReceiptAddress,
  listInvoiceTitles,
  listReceiptAddresses,
  saveInvoiceTitle,
  saveReceiptAddress,
  setDefaultReceiptAddress,
} from './addresses.service';

export function addressesRoutes(app: FastifyInstance) {
  const { db, clock } = app.deps;
  registerCall(app, Calls.receiptAddressList, ({ actor }) => listReceiptAddresses({ db, actor }));
  registerCall(app, Calls.receiptAddressSave, ({ actor, input }) => saveReceiptAddress({ db, clock, actor }, input));
  registerCall(app, Calls.receiptAddressDelete, ({ actor, input }) => deleteReceiptAddress({ db, actor }, input.id));
  registerCall(app, Calls.receiptAddressSetDefault, ({ actor, input }) =>
    setDefaultReceiptAddress({ db, actor }, input.id),
  );
  registerCall(app, Calls.invoiceList, ({ actor }) => listInvoiceTitles({ db, actor }));
  registerCall(app, Calls.invoiceSave, ({ actor, input }) => saveInvoiceTitle({ db, clock, actor }, input));
  registerCall(app, Calls.invoiceDelete, ({ actor, input }) => deleteInvoiceTitle({ db, actor }, input.id));
}
