import { unstableSetRender } from 'antd-mobile/es/utils/unstable-render';
import { createRoot, type Root } from 'react-dom/client';

/**
 * antd-mobile 5 renders Toast and Dialog with ReactDOM.render, which React 19 removed; this hands it
 * React 19's root API (https://mobile.ant.design/guide/v5-for-19). Imported by ./toast and ./dialog
 * rather than at start-up, so its helpers load with the first toast or dialog.
 */
const roots = new WeakMap<Element | DocumentFragment, Root>();
unstableSetRender((node, container) => {
  let root = roots.get(container);
  if (!root) {
    root = createRoot(container);
    roots.set(container, root);
  }
  root.render(node);
  return async () => {
    await new Promise((resolve) => setTimeout(resolve, 0));
    root.unmount();
    roots.delete(container);
  };
});
