/** Texts of the profile, dashboard and manage-account screens ("ours" where the spec shows none). */
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
} as const;
