/**
 * The routes. Every page is its own lazily loaded chunk, so a customer opening an order link from a QR
 * code downloads the app shell plus the order screen and nothing else (seller pages, and Amplify with
 * them, will load only on seller routes).
 */
import { lazy } from 'react';
import { Route, Routes } from 'react-router';
import { RequireSeller, SignedOutOnly } from './auth-guards';
import { Layout } from './layout';
import * as seller from './seller-routes';
import { ACCOUNT_SETUP_PATH } from '../../../shared/constants';

const HomePage = lazy(() => import('../features/home/home-page').then((m) => ({ default: m.HomePage })));
const OrderRoute = lazy(() => import('./order-route').then((m) => ({ default: m.OrderRoute })));
const CheckoutSuccessPage = lazy(() =>
  import('../features/checkout-result/success-page').then((m) => ({ default: m.CheckoutSuccessPage })),
);
const CheckoutCancelPage = lazy(() =>
  import('../features/checkout-result/cancel-page').then((m) => ({ default: m.CheckoutCancelPage })),
);
const CheckoutOrderRedirect = lazy(() =>
  import('../features/checkout-result/checkout-order-redirect').then((m) => ({
    default: m.CheckoutOrderRedirect,
  })),
);
const NotFoundPage = lazy(() =>
  import('../features/not-found/not-found-page').then((m) => ({ default: m.NotFoundPage })),
);

export function AppRoutes() {
  return (
    <Routes>
      <Route element={<Layout />}>
        <Route index element={<HomePage />} />
        <Route path="orders" element={<OrderRoute />} />
        <Route path="orders/:orderId" element={<OrderRoute />} />
        <Route path="checkout/success/:orderId" element={<CheckoutSuccessPage />} />
        <Route path="checkout/cancel" element={<CheckoutCancelPage />} />
        <Route path="checkout/:orderId" element={<CheckoutOrderRedirect />} />
        <Route element={<SignedOutOnly />}>
          <Route path="signup" element={<seller.SignUpPage />} />
          <Route path="signin" element={<seller.SignInPage />} />
          <Route path="reset-password" element={<seller.ResetPasswordPage />} />
        </Route>
        <Route path="signup-confirmation" element={<seller.SignUpConfirmationPage />} />
        <Route path="verify" element={<seller.VerifyPage />} />
        <Route path={ACCOUNT_SETUP_PATH.slice(1)} element={<seller.AccountSetupPage />} />
        <Route path="auth-callback" element={<seller.CallbackPage />} />
        <Route path="callback" element={<seller.CallbackPage />} />
        <Route path="signout" element={<seller.SignOutPage />} />
        <Route element={<RequireSeller />}>
          <Route path="profile" element={<seller.ProfilePage />} />
          <Route path="dashboard" element={<seller.DashboardPage />} />
          <Route path="manage-account" element={<seller.ManageAccountPage />} />
        </Route>
        <Route path="*" element={<NotFoundPage />} />
      </Route>
    </Routes>
  );
}
