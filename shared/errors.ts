/**
 * Every user-visible error text of both specification documents (section 8), letter for letter.
 * Texts with a placeholder are functions. Server messages of our own are at the end.
 */

/** Customer side: order access, checkout, gallery, downloads (public document). */
export const orderErrors = {
  validateCheckoutFailed: (status: number, message: string) =>
    `Failed to validate checkout: ${status} - ${message}`,
  completeCheckoutFailed: (status: number, message: string) =>
    `Failed to complete checkout: ${status} - ${message}`,
  fulfilledOrderFailed: (status: number, message: string) =>
    `Failed to get fulfilled order: ${status} - ${message}`,
  captchaFailed: 'Captcha verification failed. Please try again.',
  orderCheckFailed: 'Failed to check order. Please try again.',
  freeOrderFailed: 'Failed to process order. Please try again.',
  completeCheckoutRetry: 'Failed to complete checkout. Please try again.',
  genericProcessing: 'An error occurred while processing your request. Please try again later.',
  expired:
    'This order has expired and is no longer available for checkout. Orders are typically available for 30 days.',
  alreadyCompleted:
    "This order has already been completed and fulfilled. Please check your email for the download link. If you can't find the email, try checking your spam folder.",
  invalidEmail: 'Please enter a valid email address',
  noOrderId: 'No order ID provided',
} as const;

/** Substrings of complete-checkout errors that mean the order is already done (step 6). */
export const ALREADY_FULFILLED_MARKERS = [
  'already been fulfilled',
  'already been completed',
  'cannot be checked out again',
] as const;

export const galleryErrors = {
  noOrderId: 'No order ID provided',
  robotCheckFailed: "Failed to verify you're not a robot. Please try again.",
  loadFailed: 'Failed to load your photos. Please try again later.',
  notFoundTitle: 'Order Not Found',
  notFoundText: "We couldn't find the order you're looking for.",
  zipMissingOrderId: 'Order ID is missing.',
  zipPhotoFailed: (photoId: string) =>
    `Failed to download all images. Error occurred on photo ID: ${photoId}`,
  noImageSelected: 'No image selected',
  downloadFailed: 'There was an error downloading this image.',
  shareFailed: 'There was an error preparing this image for sharing.',
  invalidPhotoUrlData: 'Invalid photo URL data',
  imageNotFound: 'Image not found',
} as const;

export const apiErrors = {
  requestFailed: (status: number, statusText: string) => `API request failed: ${status} ${statusText}`,
  directFetchFailed: 'Direct fetch failed',
  apiFetchFailed: 'API fetch failed',
  imageFallbackFailed: 'Failed to load image, even with fallback method',
  blobConversionFailed: 'Failed to convert image to blob',
  canvasContextFailed: 'Failed to get canvas context',
  network: 'Network error occurred',
  unknown: 'An unknown error occurred',
} as const;

export const contentErrors = {
  fetchFaqs: 'Failed to fetch FAQs',
  fetchFaqsByCategory: 'Failed to fetch FAQs by category',
  loadFaqs: 'Failed to load FAQs.',
  loadFaqsLater: 'Failed to load FAQs. Please try again later.',
  loadArticles: 'Failed to load articles. Please try again later.',
  loadArticle: 'Failed to load article. Please try again later.',
  postNotFoundTitle: 'Blog post not found',
  postNotFoundText: "The article you're looking for doesn't exist or has been removed.",
  loadAuthorPosts: 'Failed to load author posts. Please try again later.',
  noArticles: 'No articles found',
  loadPage: 'Failed to load page.',
  pageNotFound: 'Page not found',
  notFound: 'Not found',
  renderFailed: 'Something went wrong. Please try again later.',
  linkCopied: 'Link copied to clipboard!',
} as const;

/** Seller side (account document). */
export const signUpErrors = {
  robotCheckFailed: 'Failed to verify that you are not a robot. Please try again.',
  createAccountFailed: 'Failed to create account',
  createUserFailed: 'Failed to create user',
  allRequired: 'All required fields must be filled out',
  nameTooShort: 'Name must be at least 2 characters long',
  passwordsMismatch: 'Passwords do not match',
  passwordTooShort: 'Password must be at least 8 characters long',
  invalidEmail: 'Please enter a valid email address',
} as const;

export const signInErrors = {
  failed: 'Failed to sign in',
  unexpected: 'An unexpected error occurred',
  incomplete: 'Sign in incomplete - additional steps required',
  signInFailed: 'Sign in failed',
} as const;

export const resetErrors = {
  sendFailed: 'Failed to send password reset email',
  requestError: 'An error occurred while requesting password reset',
  resetFailed: 'Failed to reset password',
  resetError: 'An error occurred while resetting your password',
  requestFailed: 'Password reset request failed',
  confirmFailed: 'Password reset confirmation failed',
  emailRequired: 'Please enter your email address',
  codeRequired: 'Please enter the reset code',
  modalPasswordTooShort: 'Password must be at least 8 characters',
  passwordTooShort: 'Password must be at least 8 characters long',
  passwordsMismatch: 'Passwords do not match',
  complete: 'Password reset complete! You can now sign in with your new password.',
} as const;

export const verifyErrors = {
  failed: 'Verification failed. Please check your email for a new verification link.',
  invalidLink: 'Invalid verification link. Please check your email for the correct link.',
  emailVerificationFailed: 'Email verification failed',
  resendFailed: 'Failed to resend verification',
  verifyFailed: 'Failed to verify email',
  fallback: 'An unexpected error occurred. Please try again or contact support.',
  missingParams: 'Verification code or email is missing from the link.',
  title: 'Verification Failed',
} as const;

export const setupErrors = {
  failedRetry: 'Failed to set password. Please try again.',
  failed: 'Failed to set password',
  allFields: 'Please fill in all fields',
  passwordsMismatch: 'Passwords do not match',
  passwordTooShort: 'Password must be at least 8 characters long',
} as const;

export const callbackErrors = {
  noCode: 'No authorization code received',
  failed: 'Authentication failed',
  error: (message: string) => `Authentication error: ${message}`,
  noToken: 'No authentication token received',
} as const;

export const profileErrors = {
  loadFailed: 'Failed to load user data',
  updateFailed: 'Failed to update profile',
  signInRequired: 'Please sign in to view your profile',
} as const;

export const accountErrors = {
  userNotFound: 'User not found. Please sign in again.',
  preparingDashboard: 'Preparing your Stripe dashboard link... please try again in a few seconds.',
  passwordsMismatch: 'New passwords do not match.',
  passwordChanged: 'Password changed successfully.',
  changePasswordFailed: 'Error changing password.',
} as const;

export const connectErrors = {
  noToken: 'No authentication token available',
  onboardingFailed: 'Failed to initiate Connect onboarding',
  statusFailed: 'Failed to get Connect status',
} as const;

export const sellerGalleryErrors = {
  notAuthenticated: 'Not authenticated',
  userIdNotFound: 'User ID not found',
  fetchGalleries: (statusText: string) => `Failed to fetch galleries: ${statusText}`,
  fetchPhotos: (statusText: string) => `Failed to fetch photos: ${statusText}`,
  fetchThumbnails: (statusText: string) => `Failed to fetch thumbnails: ${statusText}`,
  fetchGalleryDetails: (statusText: string) => `Failed to fetch gallery details: ${statusText}`,
  noGalleryId: 'No gallery ID provided',
  loadFailed: 'Failed to load gallery',
  generic: 'Something went wrong. Please try again later.',
} as const;

/**
 * Messages the API itself answers with (the spec does not show them; we chose them).
 * Any message about the human check contains 'captcha', which the screens rely on.
 */
export const serverErrors = {
  captchaMissing: 'A captcha token is required',
  captchaFailed: 'captcha verification failed',
  orderNotFound: 'Order not found',
  invalidOrderId: 'Invalid order id',
  invalidBody: 'Request body must be valid JSON',
  notFound: 'Not found',
  unauthorized: 'Unauthorized',
  forbidden: 'Forbidden',
  internal: 'Internal server error',
  serviceUnavailable: 'Service temporarily unavailable, please try again',
  routeNotImplemented: 'This route is not available yet',
  sellerCannotAcceptPayments: 'This seller cannot accept card payments yet. Please contact the seller.',
  orderNotFulfilled: 'This order has not been fulfilled yet',
  photosNoLongerAvailable: 'The photos of this order are no longer available',
  // Checkout (free orders) and the Stripe webhook. 'already been fulfilled' is what the order screen maps to
  // step 6; the expiry text must not contain any of ALREADY_FULFILLED_MARKERS.
  orderAlreadyFulfilled: 'This order has already been fulfilled',
  orderExpired: 'This order has expired and is no longer available for checkout',
  orderNotFree: 'This order is paid by card: open the order link to pay',
  checkoutSessionInvalid: 'This checkout session is not valid or has expired. Please start again.',
  confirmationEmailFailed: 'The confirmation email could not be sent',
  noCustomerEmail: 'No email address is known for this order',
  stripeSignatureMissing: 'Missing Stripe-Signature header',
  stripeSignatureInvalid: 'Invalid Stripe signature',
  webhookEventInProgress: 'This event is being processed; please retry later',
} as const;

/** Messages of the users API (our own wording; the spec does not show them). */
export const userServerErrors = {
  inviteRefused: 'This invitation code is not valid or has already been used',
  accountExists: 'An account with the given email already exists.',
  signUpNotAllowed: 'Sign-up requires an invitation code',
  userNotFound: 'User not found',
  invalidCode: 'Invalid or expired code. Please request a new one.',
  invalidPassword: 'Password does not meet the requirements',
  tooManyAttempts: 'Too many attempts. Please wait a few minutes and try again.',
  alreadyVerified: 'This email address is already verified. Please sign in.',
  invalidSetupLink: 'This account setup link is not valid or has already been used',
  resetRequested: 'If an account exists for this email address, a password reset code has been sent.',
  verificationResent: 'If this email address is waiting for verification, a new link has been sent.',
  passwordReset: 'Your password has been reset.',
  signUpDone: 'Account created. Check your email to verify your address.',
} as const;
