import { Calls } from '@metal/shared';
import type { FastifyInstance } from 'fastify';
import { serviceContext } from '../../platform/context';
import { registerCall } from '../../platform/protocol';
import { addToCart, deleteCartLines, listCart, updateCartLine } from './cart.service';

export function cartRoutes(app: FastifyInstance) {
  registerCall(app, Calls.cartList, (call) => listCart(serviceContext(app.deps, call)));
  registerCall(app, Calls.cartAdd, (call) => addToCart(serviceContext(app.deps, call), call.input));
  registerCall(app, Calls.cartUpdate, (call) => updateCartLine(serviceContext(app.deps, call), call.input));
  registerCall(app, Calls.cartDelete, (call) => deleteCartLines(serviceContext(app.deps, call), call.input));
}
