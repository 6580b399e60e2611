import { Paths } from '../../lib/navigation';

export const checkPriceDetailPath = (id: number) => `${Paths.checkPriceDetail}?id=${id}`;
