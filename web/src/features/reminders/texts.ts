/** Texts of the reminder unsubscribe page (ours: the spec has no reminders). */
export const reminderTexts = {
  unsubscribingTitle: 'Turning off reminders…',
  unsubscribing: 'Turning off reminders',
  unsubscribedTitle: 'Reminders turned off',
  unsubscribed:
    'You will get no more reminders about this order. Your photos stay available until their end date.',
  failedTitle: 'We could not turn off reminders',
  missingToken: 'This link is incomplete. Open the link from your latest reminder email.',
  fallback: 'Something went wrong. Please try again in a moment.',
  tryAgain: 'Try again',
  viewPhotos: 'View My Photos',
} as const;
