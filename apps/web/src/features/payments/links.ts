import { Paths } from '../../lib/navigation';

/** The cashier (SPEC §2 pay-desk), the payment page (pagesA/pay/pay) and the success page of one order. */
export const payDeskPath = (orderNo: string) => `${Paths.payDesk}?orderNo=${encodeURIComponent(orderNo)}`;
export const payPagePath = (orderNo: string) => `${Paths.payPage}?orderNo=${encodeURIComponent(orderNo)}`;
export const paySuccessPath = (orderNo: string) => `${Paths.paySuccess}?orderNo=${encodeURIComponent(orderNo)}`;
