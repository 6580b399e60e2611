/**
 * Leaves the app for a payment provider's cashier (WeChat Pay H5, Alipay wap, or the sandbox's page),
 * which returns the buyer to the success page when done.
 */
export function openProvider(url: string): void {
  window.location.assign(url);
}
