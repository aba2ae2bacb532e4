/** Texts of the waiting-list page. Error texts live in shared/texts/errors.ts. */
/** /register-interest: the waiting list, by email (the spec does not show this screen: all ours). */
export const registerInterestTexts = {
  heading: 'Join the Waitlist', // ours
  description: 'Ask to join the Shutterlane waiting list and hear as soon as we can open your account.', // ours
  intro:
    'Shutterlane is opening to new photographers and photo businesses in stages. Send us a short email and we will let you know as soon as there is a place for you.', // ours
  askBusinessType:
    'Tell us what kind of photography business you run (for example weddings, tours, diving or events), so we can prepare the right setup for you.', // ours
  emailButton: 'Email us to join the waitlist', // ours
  emailFallbackPrefix: 'Or write to', // ours
  mailSubject: 'Shutterlane waiting list', // ours
  mailBody:
    'Hello Shutterlane team,\n\nPlease add me to the waiting list.\n\nMy name:\nMy business type (for example weddings, tours, diving, events):\nWhere I work:\n\nThank you!', // ours
} as const;
