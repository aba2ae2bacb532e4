/**
 * /orders/{orderId}: one address per order. The gallery's entry runs first (human check,
 * fulfilled order); any order that is not fulfilled goes on to the order-access steps with the order
 * already loaded. Composed here because features do not import each other.
 */
import { OrderAccessRoute, type OrderEntry } from '../features/order-access/order-access-route';
import { OrderGalleryGate } from '../features/order-gallery/order-gallery-gate';

const galleryFirst: OrderEntry = (orderId, renderSteps) => (
  <OrderGalleryGate orderId={orderId} fallback={renderSteps} />
);

export function OrderRoute() {
  return <OrderAccessRoute entry={galleryFirst} />;
}
