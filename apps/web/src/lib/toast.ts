import './antd-render';

export { default } from 'antd-mobile/es/components/toast';
