import { contract, ZNull } from '../contract';
import { ZEmptyRequest } from '../schemas/common';
import {
  ZAddressIdRequest,
  ZInvoiceTitle,
  ZInvoiceTitleList,
  ZInvoiceTitleSaveRequest,
  ZReceiptAddress,
  ZReceiptAddressList,
  ZReceiptAddressSaveRequest,
} from './schemas';

/** The `.htmls` calls of receipt addresses and invoice titles (see contract.ts); both belong to the company. */
export const addressesCalls = {
  receiptAddressList: contract({
    path: 'receipt_address/list',
    auth: 'user',
    permission: 'orders',
    feature: 'addresses',
    summary: "The company's receipt addresses, the default first, then the most recently changed",
    request: ZEmptyRequest,
    response: ZReceiptAddressList,
  }),
  receiptAddressSave: contract({
    path: 'receipt_address/save',
    auth: 'user',
    permission: 'orders',
    feature: 'addresses',
    summary:
      "Adds (no id) or edits one of the company's receipt addresses; the first one, or one saved with isDefault 1, becomes the default",
    request: ZReceiptAddressSaveRequest,
    response: ZReceiptAddress,
  }),
  receiptAddressDelete: contract({
    path: 'receipt_address/delete',
    auth: 'user',
    permission: 'orders',
    feature: 'addresses',
    summary: 'Deletes a receipt address; deleting the default makes the most recently changed one the default',
    request: ZAddressIdRequest,
    response: ZNull,
  }),
  receiptAddressSetDefault: contract({
    path: 'receipt_address/set_default',
    auth: 'user',
    permission: 'orders',
    feature: 'addresses',
    summary: "Makes one of the company's receipt addresses the default (the only one)",
    request: ZAddressIdRequest,
    response: ZNull,
  }),
  invoiceList: contract({
    path: 'invoice/list',
    auth: 'user',
    permission: 'orders',
    feature: 'addresses',
    summary: "The company's invoice titles, the most recently changed first",
    request: ZEmptyRequest,
    response: ZInvoiceTitleList,
  }),
  invoiceSave: contract({
    path: 'invoice/save',
    auth: 'user',
    permission: 'orders',
    feature: 'addresses',
    summary:
      'Adds (no id) or edits an invoice title: name and taxpayer ID (a unified social credit code) required; address, phone, bank and e-invoice contacts checked when given',
    request: ZInvoiceTitleSaveRequest,
    response: ZInvoiceTitle,
  }),
  invoiceDelete: contract({
    path: 'invoice/delete',
    auth: 'user',
    permission: 'orders',
    feature: 'addresses',
    summary: 'Deletes an invoice title (orders keep the copy they were made with)',
    request: ZAddressIdRequest,
    response: ZNull,
  }),
};
