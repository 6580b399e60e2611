import { addFeatureNamespace } from '../../lib/i18n';
import enCart from '../../locales/en-US/cart.json';
import zhCart from '../../locales/zh-CN/cart.json';

declare module '../../lib/i18n' {
  interface FeatureResources {
    cart: typeof zhCart;
  }
}

/** The cart namespace arrives with the cart page and the add-to-cart sheet, not in the start-up bundle. */
addFeatureNamespace('cart', { 'zh-CN': zhCart, 'en-US': enCart });
