import { formatOrderAmount } from '@contracts/orders';
import { intlLocale } from '../../lib/bundle-text';
import type { Order } from './api';

export function orderAmount(order: Order, lang: string): string {
  return formatOrderAmount(order.orderAmount, order.currency, intlLocale(lang));
}
