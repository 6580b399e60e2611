import './antd-render';

/** antd-mobile's Dialog, with the React 19 render hook installed first. */
export { default as Dialog } from 'antd-mobile/es/components/dialog';
