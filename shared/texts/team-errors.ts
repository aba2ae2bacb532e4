/** What the team calls answer (our texts: the spec shows no team screens). */
export const teamErrors = {
  roleRefused: 'Your role in this business does not allow this',
  /** A removed member's call, on any device they are still signed in on (the app then signs out). */
  memberRemoved: 'You are no longer a member of this team. Ask its owner to invite you again.',
  memberNotFound: 'Member not found',
  alreadyHasAccount: 'This email address already has a Shutterlane account',
  noTeamOnPlan: 'Inviting team members needs a plan. Choose a plan on the Plans page.',
  teamFull: (limit: number) =>
    `Your plan allows ${limit} team ${limit === 1 ? 'member' : 'members'}. Upgrade to invite more.`,
  ownerIsFixed: "The owner's role cannot be changed",
  inviteFailed: 'The invitation could not be sent. Please try again.',
  notAMember: 'Only members of your team can be given a gallery',
} as const;
