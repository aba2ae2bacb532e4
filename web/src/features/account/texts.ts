/** Texts of the profile, dashboard and manage-account screens ("ours" where the spec shows none). */
import { BRANDING_LIMITS } from '#shared/rules/branding';

export const accountTexts = {
  dashboard: 'Dashboard',
  signOut: 'Sign Out',
  signIn: 'Sign In',
  signUp: 'Sign Up',
  welcome: (name: string) => `Welcome, ${name}!`, // ours
  freeTrialActive: 'Free Trial Active',
  trialEnds: (date: string) => `Your trial ends on ${date}.`, // ours
  upgradeNow: 'Upgrade Now',
  subscriptionStatus: 'Subscription Status',
  plan: 'Plan', // ours
  status: 'Status', // ours
  started: 'Started', // ours
  ends: 'Ends', // ours
  noSubscription: 'No active subscription',
  viewPricingPlans: 'View Pricing Plans',
  accountDetails: 'Account Details',
  email: 'Email', // ours
  name: 'Name', // ours
  memberSince: 'Member since', // ours
  website: 'Website', // ours
  noWebsite: 'Not set', // ours
  paymentAcceptance: 'Payment Acceptance',
  paymentAcceptanceActive: 'Payment Acceptance Active',
  setUpPayments: 'Set Up Payments',
  usage: 'Usage & Entitlements',
  uploadsThisMonth: (used: number, limit: number) => `${used} of ${limit} photo uploads this month`, // ours
  totalPhotos: 'Photos', // ours
  totalOrders: 'Orders', // ours
  totalSales: 'Sales', // ours
  manageAccount: 'Manage Account',
  manageSubscription: 'Manage Subscription',
  profileTitle: 'Profile', // ours
  editProfile: 'Edit Profile',
  cancel: 'Cancel',
  saveChanges: 'Save Changes',
  saving: 'Saving…', // ours
  profileSaved: 'Profile saved.', // ours
  changePassword: 'Change Password', // ours
  currentPassword: 'Current password', // ours
  changing: 'Changing…', // ours
  loading: 'Loading your account…', // ours
  checkingSession: 'Checking your sign-in…', // ours
  // The seller's brand, all ours; the refusals are brandingErrors in shared/rules/branding.ts.
  businessName: 'Business name', // ours
  businessNameOptional: 'Business name (optional)', // ours
  noBusinessName: 'Not set', // ours
  businessNameHint: 'Customers see it on your public galleries, order pages and emails.', // ours
  logo: 'Logo', // ours
  logoHint: `PNG, JPEG or WebP, up to ${BRANDING_LIMITS.logoBytes / (1024 * 1024)} MB. Customers see it with your business name on your public galleries, order pages and emails, and you can use it as a public gallery's watermark.`, // ours
  currentLogoAlt: 'Your current logo', // ours
  noLogo: 'No logo yet.', // ours
  chooseLogo: 'Choose a logo', // ours
  replaceLogo: 'Choose a new logo', // ours
  uploadingLogo: 'Uploading your logo…', // ours
  uploadProgress: 'Logo upload', // ours: the progress bar's name
  processingLogo: 'Preparing your logo…', // ours
  logoSaved: 'Logo saved.', // ours
  logoUploadFailed: 'Your logo could not be uploaded. Please try again.', // ours
  removeLogo: 'Remove logo', // ours
  removingLogo: 'Removing…', // ours
  logoRemoved: 'Logo removed.', // ours
  logoRemoveFailed: 'Your logo could not be removed. Please try again.', // ours
  // The name of the dashboard's links to the seller tools
  sellerTools: 'Seller tools',
  backToDashboard: 'Back to Dashboard', // ours
  team: 'Your Team', // ours
  teamUploads: 'Uploads This Month by Member', // ours
  workingFor: (business: string, role: string) => `You work for ${business} as a ${role}.`, // ours
} as const;
