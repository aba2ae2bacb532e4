/**
 * /checkout/{orderId}: the spec names the route but shows no screen. Landing there is most likely an old
 * or hand-typed link, so it goes to the order itself (history replaced, so Back does not bounce).
 */
import { Navigate, useParams } from 'react-router';

export function CheckoutOrderRedirect() {
  const { orderId = '' } = useParams();
  return <Navigate to={`/orders/${encodeURIComponent(orderId)}`} replace />;
}
